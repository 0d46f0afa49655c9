"""The turn (H3): its start (H3.1), the phases as the decision at the bottom of the agenda,
phase 3's draws (H3.5), the hand limit (H3.6), the passing of the turn and the round limit
(H3.7, H8.10), and the deal of setup (H2.6).

``settle`` runs after every action: it takes the steps the rules take on their own (a phase 3
with no draw left or none possible, a hand within the limit) until a player must decide."""

from __future__ import annotations

from itertools import product

from engine.core.contract import TURN_STARTED, Event
from engine.core.decisions import replace_top
from engine.core.errors import IllegalAction
from engine.games.hobbit import ending, supply
from engine.games.hobbit.board import NUMBERS, kind
from engine.games.hobbit.cards import MOVE_CARDS, move_card
from engine.games.hobbit.data import BOARD, Colour, DeckName
from engine.games.hobbit.moves import free_on
from engine.games.hobbit.piles import check_own, discard
from engine.games.hobbit.state import DrawPhase, HandLimit, HobbitState, MoveCardPhase, PlayPhase
from engine.kits.build import builder

END_PHASE2 = {"kind": "end_phase2"}
_new_phase1, _new_phase2, _new_phase3 = builder(MoveCardPhase), builder(PlayPhase), builder(DrawPhase)
"""The phases made field by field (kind, seats, options, secret, default, data, …)."""


def _phase3(seats: tuple[int, ...], draws_left: int, esgaroth: int, treasury: int) -> DrawPhase:
    """``DrawPhase(seats=…, draws_left=…, esgaroth=…, treasury=…)``, the other fields at their
    defaults, without the frozen ``__init__``: every draw makes one."""
    return _new_phase3("p3", seats, (), False, None, {}, draws_left, esgaroth, treasury)


def start_turn(work: HobbitState, seat: int, events: list[Event]) -> None:
    """H3.1; a new round begins when seat 0 begins a turn (H2.7)."""
    if seat == 0:
        work.round += 1
    work.active = seat
    work.trade_offers = 0
    work.trade_done = False
    events.append(Event(TURN_STARTED, {"seat": seat, "round": work.round}))
    bilbo = work.bilbo
    if work.ring == "bilbo" and bilbo.pos is not None:  # H5.10b
        free_on(work, bilbo.pos, "turn_start", events)
    work.agenda = (move_card_phase(work, seat),)


def move_card_phase(state: HobbitState, seat: int) -> MoveCardPhase:
    """Phase 1, whose default (H6.6) turns the lowest face-up movement card down."""
    up = face_up_cards(state, seat)
    # ``MoveCardPhase(seats=…, default=…)`` without the frozen ``__init__``: every turn makes one
    return _new_phase1("p1", (seat,), (), True, {"kind": "skip_move_card", "card": up[0], "absent": True}, {})


def _face_up(colour: Colour, flags: tuple[bool, ...]) -> tuple[str, ...]:
    values = zip(BOARD.movement_values, flags, strict=True)
    return tuple(move_card(colour, value) for value, up in values if up)


_FACE_UP: dict[tuple[Colour, tuple[bool, ...]], tuple[str, ...]] = {
    (colour, flags): _face_up(colour, flags)
    for colour in BOARD.colours
    for flags in product((True, False), repeat=len(BOARD.movement_values))
}
"""``face_up_cards`` of every colour and every set of face-up flags, named once: each turn
asks it three times."""


def face_up_cards(state: HobbitState, seat: int) -> tuple[str, ...]:
    colour, flags = state.colours[seat], state.move_cards[seat]
    found = _FACE_UP.get((colour, flags))
    return _face_up(colour, flags) if found is None else found


def turn_down(work: HobbitState, seat: int, card: str, events: list[Event]) -> None:
    """H3.2 step 2: the card turns face down; when all are down, all turn face up."""
    index = BOARD.movement_values.index(MOVE_CARDS[card][1])
    flags = list(work.move_cards[seat])
    flags[index] = False
    if not any(flags):
        flags = [True] * len(flags)
        events.append(Event("move_cards_refreshed", {"seat": seat}))
    cards = list(work.move_cards)
    cards[seat] = tuple(flags)
    work.move_cards = tuple(cards)


def to_phase2(work: HobbitState) -> None:
    # ``PlayPhase(seats=…, default=END_PHASE2)`` without the frozen ``__init__``: every turn makes one
    work.agenda = replace_top(work.agenda, _new_phase2("p2", (work.active,), (), True, END_PHASE2, {}))


def end_phase2(work: HobbitState, events: list[Event]) -> None:
    """H3.5 step 2: each living own dwarf on an Esgaroth or Treasury space grants a draw there."""
    seat = work.active
    places = [kind(f.pos) for f in work.figures if f.seat == seat and f.pos is not None]
    phase = _phase3((seat,), NUMBERS.draws, places.count("ESGAROTH"), places.count("TREASURY"))
    work.agenda = replace_top(work.agenda, phase)
    events.append(Event("phase3", {"seat": seat, "esgaroth": phase.esgaroth, "treasury": phase.treasury}))


def draw(work: HobbitState, seat: int, deck: DeckName, events: list[Event]) -> None:
    phase = work.agenda[-1]
    assert isinstance(phase, DrawPhase)
    if deck not in supply.options(work, phase):
        raise IllegalAction(f"you cannot draw from {deck} now", "cannot_draw", deck=deck)
    left = _phase3(
        phase.seats,
        phase.draws_left - 1,
        phase.esgaroth - (deck == "esgaroth"),
        phase.treasury - (deck == "treasury"),
    )
    work.agenda = replace_top(work.agenda, left)
    supply.draw(work, seat, deck, events)  # a red card's window goes on top of phase 3


def discard_to_limit(work: HobbitState, seat: int, cards: tuple[str, ...], events: list[Event]) -> None:
    check_own(work, seat, cards)
    over = len(work.hands[seat]) - NUMBERS.hand_limit
    if len(cards) != over:
        raise IllegalAction(f"discard exactly {over} card(s), not {len(cards)}", "wrong_count", count=over)
    discard(work, seat, *cards)
    events.append(Event("discarded", {"seat": seat, "cards": list(cards), "why": "limit"}))
    end_turn(work, events)


def settle(work: HobbitState, events: list[Event]) -> None:
    while work.agenda:
        top = work.agenda[-1]
        if isinstance(top, DrawPhase):
            if top.draws_left == 0:
                after_draws(work, events)
                continue
            if not supply.options(work, top):  # H3.5 step 6
                events.append(Event("draw_skipped", {"seat": work.active, "deck": None}))
                work.agenda = replace_top(
                    work.agenda,
                    _phase3(top.seats, top.draws_left - 1, 0, 0),
                )
                continue
        return


def after_draws(work: HobbitState, events: list[Event]) -> None:
    """H3.6: above the limit, the player discards; else the turn passes."""
    if len(work.hands[work.active]) > NUMBERS.hand_limit:
        work.agenda = replace_top(work.agenda, HandLimit(seats=(work.active,)))
    else:
        end_turn(work, events)


def end_turn(work: HobbitState, events: list[Event]) -> None:
    """H3.7; H8.10: round ``max_rounds`` ends with seat n−1's turn, and the game with it."""
    if work.active == work.seats - 1 and work.round >= work.options.max_rounds:
        ending.finish(work, "round_limit", events)
    start_turn(work, (work.active + 1) % work.seats, events)


def deal(work: HobbitState, events: list[Event]) -> None:
    """H2.6: each seat draws until it holds 3 non-red cards; a red one resolves at once,
    without a window, and is replaced."""
    for seat in range(work.seats):
        while len(work.hands[seat]) < NUMBERS.setup_hand:
            supply.draw(work, seat, "beorn", events, window=False)
