"""H3.4 trade: in phase 2 the active player offers another seat one item (a hand card, the Key,
or nothing for the Key) for exactly 2 other hand cards; the partner declines, or accepts with
an item of their own. At most 3 offers a turn and one acceptance. The contents of an offer are
told only to the two traders; the price, once paid, and a Key transfer are public."""

from __future__ import annotations

from engine.core.contract import Event
from engine.core.decisions import pop, push
from engine.core.errors import IllegalAction
from engine.games.hobbit.board import NUMBERS
from engine.games.hobbit.cards import KEY, NONE
from engine.games.hobbit.piles import discard, give, take
from engine.games.hobbit.state import HobbitState, TradeReply

DECLINE = {"kind": "trade_decline"}


def offer_problem(
    state: HobbitState, seat: int, partner: int, item: str, price: tuple[str, ...]
) -> str | None:
    """Why the offer cannot be made, or ``None``."""
    if state.trade_done:
        return "you have already traded this turn"
    if state.trade_offers >= NUMBERS.trade_offers:
        return f"you have made {NUMBERS.trade_offers} offers this turn"
    return goods_problem(state, seat, partner, item, price)


def goods_problem(
    state: HobbitState, seat: int, partner: int, item: str, price: tuple[str, ...]
) -> str | None:
    """Why ``seat`` cannot offer ``partner`` ``item`` for ``price`` with what the two hold, or
    ``None``: checked when an offer is made, and again on an offer read back while it waits for
    its reply, since accepting it pays the price out of the offerer's hand."""
    if partner == seat or not 0 <= partner < state.seats:
        return f"seat {partner} is not another player at this table"
    hand = state.hands[seat].cards
    if item == KEY:
        if state.key != seat:
            return "you do not hold Thorin's Key"
    elif item == NONE:
        if state.key != partner:
            return f"an offer of nothing asks for the Key, which seat {partner} does not hold"
    elif item not in hand:
        return f"{item} is not in your hand"
    if len(price) != NUMBERS.trade_price or len(set(price)) != len(price):
        return f"the price is exactly {NUMBERS.trade_price} different cards"
    if item in price:
        return "the item given cannot also be part of the price"
    missing = [c for c in price if c not in hand]
    if missing:
        return f"{missing[0]} is not in your hand"
    return None


def offer(
    work: HobbitState, seat: int, partner: int, item: str, price: tuple[str, ...], events: list[Event]
) -> None:
    problem = offer_problem(work, seat, partner, item, price)
    if problem is not None:
        raise IllegalAction(problem, "bad_offer")
    work.trade_offers += 1
    reply = TradeReply(seats=(partner,), default=DECLINE, offerer=seat, give=item, price=price)
    work.agenda = push(work.agenda, reply)
    events.append(Event("trade_offered", {"seat": seat, "partner": partner, "offers": work.trade_offers}))
    events.append(
        Event(
            "trade_offer",
            {"seat": seat, "partner": partner, "give": item, "price": list(price)},
            audience=tuple(sorted((seat, partner))),
        )
    )


def reply_problem(state: HobbitState, seat: int, reply: TradeReply, back: str) -> str | None:
    """Why ``seat`` cannot accept ``reply`` giving ``back``, or ``None``."""
    if back == KEY:
        if state.key != seat:
            return "you do not hold Thorin's Key"
        return None
    if back == NONE:
        return None if reply.give == KEY else "nothing may be given back only for the Key"
    if reply.give == NONE:
        return "this offer asks for the Key"
    if back not in state.hands[seat].cards:
        return f"{back} is not in your hand"
    return None


def accept(work: HobbitState, seat: int, back: str, events: list[Event]) -> None:
    reply = work.agenda[-1]
    assert isinstance(reply, TradeReply)
    problem = reply_problem(work, seat, reply, back)
    if problem is not None:
        raise IllegalAction(problem, "bad_reply")
    offerer = reply.offerer
    work.agenda = pop(work.agenda)
    work.trade_done = True
    discard(work, offerer, *reply.price)
    key_from = offerer if reply.give == KEY else seat if back == KEY else None
    events.append(
        Event(
            "trade_accepted",
            {"seat": seat, "partner": offerer, "price": list(reply.price), "key_from": key_from},
        )
    )
    if reply.give not in (KEY, NONE):
        take(work, offerer, reply.give)
        give(work, seat, reply.give)
    if back not in (KEY, NONE):
        take(work, seat, back)
        give(work, offerer, back)
    if key_from is not None:
        work.key = seat if key_from == offerer else offerer
    events.append(
        Event(
            "trade_swapped",
            {"seat": offerer, "partner": seat, "gave": reply.give, "got": back},
            audience=tuple(sorted((offerer, seat))),
        )
    )


def decline(work: HobbitState, seat: int, events: list[Event]) -> None:
    reply = work.agenda[-1]
    assert isinstance(reply, TradeReply)
    work.agenda = pop(work.agenda)
    events.append(Event("trade_declined", {"seat": seat, "partner": reply.offerer}))
