"""H5 adventures: drawing the card of an adventure space (H5.1, a face-up enemy first), the
party and the fighting players (H5.2), fights (H5.3) with their follow-ups (H5.7), and the
other cards of H5.9 on the figure the active player picks (H5.6).

A revealed card lies ``in_play`` until it is resolved; then it goes to the box, except a lost
enemy, which goes back face up on its deck (H5.5)."""

from __future__ import annotations

from dataclasses import replace

from engine.core.contract import Event
from engine.core.decisions import pop, push, replace_top
from engine.core.errors import IllegalAction
from engine.core.plain import JSON
from engine.games.hobbit import smaug, supply
from engine.games.hobbit.actions import FightSubmit, UsedCard
from engine.games.hobbit.board import FIGHT_STOP, FIGURE_ORDER, NUMBERS, adventure_deck, colour_of
from engine.games.hobbit.cards import card_of, is_fight, used_value
from engine.games.hobbit.data import (
    Backward,
    Barrel,
    DeckName,
    Enemy,
    Passage,
    RingSlips,
    SmaugCard,
    Sorrow,
    Thrush,
    Web,
)
from engine.games.hobbit.figures import affected_seat, owner, party, set_figure
from engine.games.hobbit.moves import forced_back, forced_forward
from engine.games.hobbit.piles import check_own, discard, set_deck
from engine.games.hobbit.state import (
    CardUse,
    FightDecision,
    HobbitState,
    SorrowDecision,
    Submission,
    TargetChoice,
)

FIGHT_DEFAULT: dict[str, JSON] = {"kind": "fight_submit", "cards": [], "doubled": None}
"""An absent player's fight: no cards submitted (H6.6)."""


def trigger(work: HobbitState, space: int, figure: str, events: list[Event]) -> None:
    """H5.1: reveal the next card of the space's deck (a face-up enemy is that card) and
    resolve it with ``figure`` as the triggering figure; nothing once the deck is exhausted,
    face down and face up (H5.8)."""
    deck = adventure_deck(space)
    assert deck is not None
    up = work.up(deck)
    if up is not None:
        card = up
        work.face_up = (None, work.face_up[1]) if deck == "mirkwood" else (work.face_up[0], None)
    elif work.deck(deck).cards:
        card, rest = work.deck(deck).draw()
        set_deck(work, deck, rest)
    else:
        return
    work.in_play = work.in_play.add(card)
    members = party(work, space, first=figure)
    events.append(
        Event(
            "adventure",
            {"deck": deck, "card": card, "space": space, "figure": figure, "party": list(members)},
        )
    )
    _resolve(work, card, space, figure, events)


def _resolve(work: HobbitState, card: str, space: int, figure: str, events: list[Event]) -> None:
    found = card_of(card)
    if isinstance(found, Enemy):
        _start_fight(work, card, found, space, figure, events)
        return
    if isinstance(found, SmaugCard):  # an Erebor event: a window, then the box
        work.in_play = work.in_play.remove(card)
        smaug.reveal(work, card, events, to_box=True)
        return
    if isinstance(found, RingSlips):
        _ring_slips(work, space, events)
        _to_box(work, card)
        return
    if isinstance(found, Web):
        eligible = tuple(
            f.id
            for f in work.figures
            if f.seat is not None and f.pos == space and not f.entangled and colour_of(f.id) in found.colours
        )
    else:
        eligible = party(work, space)
    if not eligible:
        events.append(Event("no_effect", {"card": card, "space": space}))
        _to_box(work, card)
        return
    if len(eligible) == 1:  # H5.6: chosen automatically
        affect(work, card, space, eligible[0], events)
        return
    ordered = tuple(sorted(eligible, key=FIGURE_ORDER.__getitem__))
    choice = TargetChoice(
        seats=(work.active,),
        options=ordered,
        default={"kind": "choose_target", "figure": ordered[0]},
        card=card,
        space=space,
    )
    work.agenda = push(work.agenda, choice)


def choose_target(work: HobbitState, figure: str, events: list[Event]) -> None:
    choice = work.agenda[-1]
    assert isinstance(choice, TargetChoice)
    if figure not in choice.options:
        raise IllegalAction(
            f"{figure} cannot be chosen; choose one of {', '.join(map(str, choice.options))}",
            "not_eligible",
            figure=figure,
        )
    work.agenda = pop(work.agenda)
    events.append(Event("target_chosen", {"seat": work.active, "figure": figure, "card": choice.card}))
    affect(work, choice.card, choice.space, figure, events)


def affect(work: HobbitState, card: str, space: int, figure: str, events: list[Event]) -> None:
    """H5.9 on the chosen figure."""
    found = card_of(card)
    if isinstance(found, Web):
        set_figure(work, replace(work.figure(figure), entangled=True))
        events.append(Event("entangled", {"dwarf": figure, "space": space}))
        _to_box(work, card)
    elif isinstance(found, Barrel | Passage):
        if isinstance(found, Barrel):
            steps, work.rng = work.rng.die()
            events.append(Event("die", {"card": card, "die": steps}))
        else:
            steps = found.forward
        moved = forced_forward(work, figure, steps, found.kind, events)
        _to_box(work, card)
        place = work.figure(figure).pos
        if moved and place is not None and adventure_deck(place) is not None:  # H4.5 step 4
            trigger(work, place, figure, events)
    elif isinstance(found, Backward):
        forced_back(work, figure, found.back, found.kind, events)
        _to_box(work, card)
    elif isinstance(found, Sorrow):
        _sorrow(work, card, found, figure, events)
    elif isinstance(found, Thrush):
        seat = affected_seat(work, figure)
        _to_box(work, card)
        deck: DeckName = "treasury" if work.treasury.cards else "beorn"
        supply.draw(work, seat, deck, events)
    else:  # pragma: no cover - every other kind resolves in _resolve
        raise AssertionError(f"{card} has no figure effect")


def _sorrow(work: HobbitState, card: str, found: Sorrow, figure: str, events: list[Event]) -> None:
    seat = affected_seat(work, figure)
    die, work.rng = work.rng.die()
    events.append(Event("sorrow", {"figure": figure, "seat": seat, "die": die}))
    _to_box(work, card)
    hand = work.hands[seat].cards
    if die >= found.whole_hand_from or len(hand) <= found.discards:
        if hand:
            discard(work, seat, *hand)
            events.append(Event("discarded", {"seat": seat, "cards": list(hand), "why": "sorrow"}))
        return
    decision = SorrowDecision(seats=(seat,), card=card, count=found.discards)
    work.agenda = push(work.agenda, decision)


def sorrow_discard(work: HobbitState, seat: int, cards: tuple[str, ...], events: list[Event]) -> None:
    decision = work.agenda[-1]
    assert isinstance(decision, SorrowDecision)
    check_own(work, seat, cards)
    if len(cards) != decision.count:
        raise IllegalAction(
            f"discard exactly {decision.count} cards, not {len(cards)}", "wrong_count", count=decision.count
        )
    discard(work, seat, *cards)
    work.agenda = pop(work.agenda)
    events.append(Event("discarded", {"seat": seat, "cards": list(cards), "why": "sorrow"}))


def _ring_slips(work: HobbitState, space: int, events: list[Event]) -> None:
    """ER11: the ring drops on this space and Bilbo, where he stands, is bare."""
    if work.ring == "bilbo" and work.bilbo.pos != space:
        work.ring = space
        events.append(Event("ring_slipped", {"space": space, "bilbo": work.bilbo.pos}))
    else:
        events.append(Event("no_effect", {"card": "ring_slips", "space": space}))


# -- fights (H5.3) ----------------------------------------------------------------------------
def _start_fight(
    work: HobbitState, card: str, enemy: Enemy, space: int, figure: str, events: list[Event]
) -> None:
    members = party(work, space, first=figure)
    owners = {owner(work, f) for f in members} - {None}
    n, active = work.seats, work.active
    order = [s for s in ((active + k) % n for k in range(1, n)) if s in owners] + [active]
    events.append(Event("fight", {"card": card, "strength": enemy.strength, "space": space, "seats": order}))
    fight = FightDecision(
        seats=(order[0],),
        default=FIGHT_DEFAULT,
        card=card,
        space=space,
        party=members,
        trigger=figure,
        after=tuple(order[1:]),
    )
    work.agenda = push(work.agenda, fight)


def doubling_allowed(state: HobbitState, fight: FightDecision) -> bool:
    """H5.3 step 3: Gandalf at this deck's stop lets the active player double one card."""
    deck = adventure_deck(fight.space)
    return deck is not None and state.gandalf == FIGHT_STOP[deck]


def submit(work: HobbitState, seat: int, action: FightSubmit, events: list[Event]) -> None:
    fight = work.agenda[-1]
    assert isinstance(fight, FightDecision)
    uses = read_cards(work, seat, action.cards)
    last = not fight.after
    submitted = (*fight.submitted, Submission(seat, uses))
    doubled = None
    if action.doubled is not None:
        if not last:
            raise IllegalAction(
                "only the active player, who submits last, names the doubled card", "not_yours"
            )
        if not doubling_allowed(work, fight):
            raise IllegalAction("Gandalf is not at this area's stop: no card is doubled", "no_gandalf")
        doubled = next((u for s in submitted for u in s.cards if u.card == action.doubled), None)
        if doubled is None:
            raise IllegalAction(
                f"{action.doubled} is not among the submitted cards", "not_submitted", card=action.doubled
            )
    if uses:
        discard(work, seat, *(u.card for u in uses))
    events.append(
        Event(
            "fight_submitted",
            {
                "seat": seat,
                "cards": [{"card": u.card, "value": u.value} for u in uses],
                "doubled": None if doubled is None else doubled.card,
            },
        )
    )
    if not last:
        nxt = replace(fight, seats=(fight.after[0],), after=fight.after[1:], submitted=submitted)
        work.agenda = replace_top(work.agenda, nxt)
        return
    work.agenda = pop(work.agenda)
    total = sum(u.value for s in submitted for u in s.cards) + (0 if doubled is None else doubled.value)
    _fight_result(work, fight, total, events)


def _fight_result(work: HobbitState, fight: FightDecision, total: int, events: list[Event]) -> None:
    enemy = card_of(fight.card)
    assert isinstance(enemy, Enemy)
    work.in_play = work.in_play.remove(fight.card)
    deck = adventure_deck(fight.space)
    assert deck is not None
    if total == enemy.strength:  # H5.3 step 6
        events.append(Event("fight_won", {"card": fight.card, "total": total, "strength": enemy.strength}))
        work.box = work.box.add(fight.card)
        if enemy.chain and work.deck(deck).cards and party(work, fight.space):  # H5.7
            trigger(work, fight.space, fight.trigger, events)
        return
    die, work.rng = work.rng.die()  # H5.3 step 7
    events.append(
        Event("fight_lost", {"card": fight.card, "total": total, "strength": enemy.strength, "die": die})
    )
    for figure in fight.party:
        forced_back(work, figure, NUMBERS.fight_loss - die, "fight", events)
    work.face_up = (fight.card, work.face_up[1]) if deck == "mirkwood" else (work.face_up[0], fight.card)


def read_cards(state: HobbitState, seat: int, given: tuple[UsedCard, ...]) -> tuple[CardUse, ...]:
    """Fight cards from the seat's hand with the values used (H5.3 step 2, H5.10c, H7.5):
    each in hand, a fight card, given once, at one of its values."""
    uses: list[CardUse] = []
    seen: set[str] = set()
    for item in given:
        card, value = item.card, item.value
        if card in seen:
            raise IllegalAction(f"{card} is given twice", "twice", card=card)
        seen.add(card)
        if card not in state.hands[seat].cards:
            raise IllegalAction(f"{card} is not in your hand", "not_in_hand", card=card)
        if not is_fight(card):
            raise IllegalAction(
                f"{card} ({card_of(card).name}) is not a fight card", "not_fight_card", card=card
            )
        used = used_value(card, value)
        if used is None:
            raise IllegalAction(
                f"say which value {card} is used at: one of its values", "bad_value", card=card
            )
        uses.append(CardUse(card, used))
    return tuple(uses)


def _to_box(work: HobbitState, card: str) -> None:
    work.in_play = work.in_play.remove(card)
    work.box = work.box.add(card)
