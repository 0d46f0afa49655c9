"""What a stored Hobbit position must hold beyond its fields' bounds (``Game.state_problem``):
a table of the seats' colours with a hand and movement cards each, every card of the game in
exactly one place, the figures of those colours, a game going on only while it is neither won
nor lost (H8.9), and an agenda with the active player's phase at the bottom."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engine.core.stored import first_problem
from engine.games.hobbit.board import BILBO, SMAUG_PATH
from engine.games.hobbit.cards import INSTANCES, KEY, NONE
from engine.games.hobbit.data import BOARD
from engine.games.hobbit.ending import loss, won
from engine.games.hobbit.state import (
    AttackDecision,
    DrawPhase,
    FightDecision,
    HandLimit,
    HobbitDecision,
    HobbitState,
    MoveCardPhase,
    PlayPhase,
    ScoutChoice,
    SmaugWindow,
    SorrowDecision,
    TargetChoice,
    TradeReply,
)
from engine.games.hobbit.turns import END_PHASE2, face_up_cards
from engine.kits.zones import Visibility

Check = Callable[[HobbitState], str | None]

_DWARVES_PER_COLOUR = 2
_EVERY_CARD: Counter[str] = Counter(INSTANCES.keys())


def _table(state: HobbitState) -> str | None:
    """H2.2: the seats' colours, each seat's hand seen by it alone and its movement cards; the
    Key with a seat until the door opens (H1.5); the round within the limit (H8.10)."""
    seats = state.seats
    chosen = state.options.colours or BOARD.colours[:seats]
    if state.colours != chosen or len(set(state.colours)) != seats:
        return f"the colours {''.join(state.colours)}, where the options give {''.join(chosen)}"
    if len(state.hands) != seats or len(state.move_cards) != seats:
        return f"{len(state.hands)} hands and {len(state.move_cards)} movement card sets for {seats} seats"
    for seat, hand in enumerate(state.hands):
        if (hand.visibility, hand.owner) != (Visibility.OWNER, seat):
            return f"seat {seat}'s hand is not its own"
    for seat, flags in enumerate(state.move_cards):
        if len(flags) != len(BOARD.movement_values) or not any(flags):
            return f"seat {seat}'s movement cards"
    piles = [*(deck for _, deck in state.decks()), state.discard, state.box, state.in_play]
    shown = [Visibility.COUNT] * 5 + [Visibility.PUBLIC] * 3
    if any((pile.visibility, pile.owner) != (seen, None) for pile, seen in zip(piles, shown, strict=True)):
        return "a deck or pile is seen by the wrong seats"
    if state.active >= seats or (state.key is not None and state.key >= seats):
        return f"seat {max(state.active, state.key or 0)} at {seats} seats"
    if (state.key is None) != state.door_open:
        return "the Key is held with the door open, or lost with the door shut"
    if state.round > state.options.max_rounds:
        return f"round {state.round} past the limit of {state.options.max_rounds}"
    return None


def _cards(state: HobbitState) -> str | None:
    """H1.7: every card instance lies in one deck, pile or hand, or face up on its deck."""
    found: Counter[str] = Counter(c for c in state.face_up if c is not None)
    for _, deck in state.decks():
        found.update(deck.cards)
    for zone in (state.discard, state.box, state.in_play, *state.hands):
        found.update(zone.cards)
    if found != _EVERY_CARD:
        return "the cards in the decks, piles and hands are not each card once"
    return None


def _figures(state: HobbitState) -> str | None:
    """The dwarves of the colours in play in id order, each its colour's seat's, then Bilbo;
    Smaug on his path or in his lair (H1.2)."""
    colours = state.colours
    expected: list[tuple[str, int | None]] = [
        (f"{c}{n}", colours.index(c))
        for c in BOARD.colours
        if c in colours
        for n in range(1, _DWARVES_PER_COLOUR + 1)
    ]
    expected.append((BILBO, None))
    if [(f.id, f.seat) for f in state.figures] != expected:
        return "the figures are not the dwarves of the colours in play and Bilbo"
    if state.smaug is not None and state.smaug not in SMAUG_PATH:
        return f"Smaug on space {state.smaug}, off his path"
    return None


def _end(state: HobbitState) -> str | None:
    """A game waits for a decision exactly until it ends, and ends as soon as it is lost or won
    (H8.9)."""
    if (state.end is None) != bool(state.agenda):
        return f"the end {state.end!r} with {len(state.agenda)} decisions pending"
    if state.end is None and (loss(state) is not None or won(state)):
        return "the game goes on although it is over"
    return None


def _agenda(state: HobbitState) -> str | None:
    """The active player's phase at the bottom (H3), as the rules make it; interruptions on
    top (H6), each about cards, figures and seats of this game."""
    if not state.agenda:
        return None
    phase, *interruptions = state.agenda
    if phase != _PHASES.get(phase.kind, _never)(state, phase):
        return f"the {phase.kind} decision at the bottom of the agenda"
    for decision in interruptions:
        if decision.kind in _PHASES or decision.data or not _interruption_fits(state, decision):
            return f"a {decision.kind} decision the rules do not make here"
    return None


def _move_card_phase(state: HobbitState, phase: HobbitDecision) -> HobbitDecision:
    first = face_up_cards(state, state.active)[0]
    default = {"kind": "skip_move_card", "card": first, "absent": True}
    return MoveCardPhase(seats=(state.active,), default=default)


def _draw_phase(state: HobbitState, phase: HobbitDecision) -> HobbitDecision | None:
    assert isinstance(phase, DrawPhase)
    if max(phase.esgaroth, phase.treasury) > _DWARVES_PER_COLOUR:
        return None
    return DrawPhase(
        seats=(state.active,), draws_left=phase.draws_left, esgaroth=phase.esgaroth, treasury=phase.treasury
    )


def _never(state: HobbitState, phase: HobbitDecision) -> None:
    return None


_PHASES: dict[str, Callable[[HobbitState, HobbitDecision], HobbitDecision | None]] = {
    "p1": _move_card_phase,
    "p2": lambda state, phase: PlayPhase(seats=(state.active,), default=END_PHASE2),
    "p3": _draw_phase,
    "limit": lambda state, phase: HandLimit(seats=(state.active,)),
}
"""Each phase decision as the rules make it for the active player (H3.2–H3.6)."""


def _interruption_fits(state: HobbitState, decision: HobbitDecision) -> bool:
    """Whether the cards, figures and seats an interruption names are of this game: the card
    it resolves in play, figures on the board, seats at the table."""
    figures = {f.id for f in state.figures}
    seats = range(state.seats)
    if isinstance(decision, TargetChoice | SmaugWindow):
        return decision.card in state.in_play
    if isinstance(decision, FightDecision):
        return (
            decision.card in state.in_play
            and decision.trigger in figures
            and set(decision.party) <= figures
            and all(s in seats for s in decision.after)
            and all(sub.seat in seats for sub in decision.submitted)
            and all(use.card in INSTANCES for sub in decision.submitted for use in sub.cards)
        )
    if isinstance(decision, ScoutChoice | SorrowDecision):
        return decision.card in INSTANCES
    if isinstance(decision, AttackDecision):
        return decision.figure in figures
    if isinstance(decision, TradeReply):
        tradable = {*INSTANCES, KEY, NONE}
        return (
            decision.offerer in seats
            and decision.offerer not in decision.seats
            and decision.give in tradable
            and set(decision.price) <= tradable
        )
    return False


CHECKS: tuple[Check, ...] = (_table, _cards, _figures, _end, _agenda)


def state_problem(state: HobbitState) -> str | None:
    return first_problem(state, CHECKS)
