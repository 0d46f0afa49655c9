"""``redeal``: a position a seat (or a spectator) cannot tell from the real one (H9).

Dealt again: every card the seat cannot see — the other hands and the order and contents of
the face-down decks — among the places it cannot see, each card only to a place that holds a
card of its own deck (a Beorn's House card never lands in the Mirkwood deck, an Esgaroth card
may trade places with one in a hand); the generator's future; and, for a seat outside a pending
trade, that offer's cards. The cards of an offer the seat is the partner of stay where they are.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.rng import Rng
from engine.games.hobbit.cards import KEY, NONE
from engine.games.hobbit.state import HobbitState, TradeReply
from engine.kits.zones import Zone


def redeal(state: HobbitState, seat: int | None, seed: int) -> HobbitState:
    rng = Rng(seed)
    offer = state.agenda[-1] if state.agenda and isinstance(state.agenda[-1], TradeReply) else None
    known: set[str] = set()
    if offer is not None and seat == offer.seats[0]:
        known = {c for c in (offer.give, *offer.price) if c not in (KEY, NONE)}
    zones: list[Zone[str]] = [*state.hands, *(deck for _, deck in state.decks())]
    cards = [list(z.cards) for z in zones]
    slots: dict[str, list[tuple[int, int]]] = {}
    for z, zone in enumerate(zones):
        if zone.visible_to(seat):
            continue
        for i, card in enumerate(zone.cards):
            if card not in known:
                slots.setdefault(card[:2], []).append((z, i))
    for family in sorted(slots):
        places = slots[family]
        dealt, rng = rng.shuffled([cards[z][i] for z, i in places])
        for (z, i), card in zip(places, dealt, strict=True):
            cards[z][i] = card
    seats = state.seats
    hands = tuple(zone.with_cards(c) for zone, c in zip(zones[:seats], cards[:seats], strict=True))
    decks = [zone.with_cards(c) for zone, c in zip(zones[seats:], cards[seats:], strict=True)]
    out = replace(
        state,
        hands=hands,
        beorn=decks[0],  # type: ignore[arg-type]
        esgaroth=decks[1],  # type: ignore[arg-type]
        treasury=decks[2],  # type: ignore[arg-type]
        mirkwood=decks[3],  # type: ignore[arg-type]
        erebor=decks[4],  # type: ignore[arg-type]
        rng=state.rng.reseeded(seed),
    )
    if offer is not None and seat not in (offer.offerer, offer.seats[0]):
        out = replace(out, agenda=(*out.agenda[:-1], _other_offer(out, offer, rng)))
    return out


def _other_offer(state: HobbitState, offer: TradeReply, rng: Rng) -> TradeReply:
    """The offer made with other cards of the (redealt) offerer's hand, of the same shape."""
    hand, rng = rng.shuffled(state.hands[offer.offerer].cards)
    give = offer.give
    if give not in (KEY, NONE):
        give = hand.pop()
    price = tuple(hand[: len(offer.price)])
    return replace(offer, give=give, price=price)
