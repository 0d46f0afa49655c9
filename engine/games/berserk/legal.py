"""The legal actions of a seat, by the kind of its pending decision (B64), in a stable order.
Creatures and targets on the field are named by their cells."""

from __future__ import annotations

from collections.abc import Callable

from engine.core.decisions import for_seat
from engine.games.berserk import board
from engine.games.berserk.abilities import Offer, offers
from engine.games.berserk.actions import (
    END_TURN,
    NO_DEFENDER,
    PASS,
    PLACE_RANDOM,
    PLACE_TEMPLATE,
    RECRUIT_RANDOM,
    RECRUIT_TEMPLATE,
    Activate,
    AssignDefender,
    BerserkAction,
    ChooseDeck,
    ChooseSeat,
    Move,
    Muster,
    OrderTriggers,
    Strike,
    TriggerEntry,
)
from engine.games.berserk.cards import DECKS
from engine.games.berserk.creatures import cell_key, get, on_field
from engine.games.berserk.loop import declarable
from engine.games.berserk.setup import muster_choices
from engine.games.berserk.state import BerserkState
from engine.kits.build import builder
from engine.kits.resolution import menu


def cell_of(state: BerserkState, uid: str) -> str:
    c = get(state, uid)
    return c.cell if c.zone == "field" and c.cell else uid


def as_action(state: BerserkState, offer: Offer) -> Activate:
    targets = (
        ()
        if offer.ability.target.kind in ("none", "self")
        else tuple(cell_of(state, t) for t in offer.targets)
    )
    return Activate(offer.source.cell or offer.source.uid, offer.ability.id, targets, offer.x)


MOVES: dict[tuple[str, str], Move] = {(a, b): Move(a, b) for a in board.CELLS for b in board.CELLS}
"""Every move and strike between two cells, made once: actions are values, and a main phase
lists dozens of them."""
STRIKES: dict[tuple[str, str], Strike] = {
    (a, b): Strike(a, b) for a in board.CELLS for b in board.AROUND[a]
}
STEP_MOVES: dict[str, tuple[tuple[str, Move], ...]] = {
    a: tuple((b, MOVES[a, b]) for b in sorted(board.STEPS[a], key=board.CELL_INDEX.__getitem__))
    for a in board.CELLS
}
"""The moves of one step from each cell, in the order of the field: most creatures move one
cell a turn, and one step needs no walk (``board.reachable``) and no sort."""


_activate = builder(Activate)
"""``Activate(unit, ability, targets, x, kind)`` without the frozen ``__init__``."""
ACTIVATE = "activate"


def _activations(state: BerserkState, found: list[Offer]) -> list[BerserkAction]:
    """``as_action`` of each offer, with the cells of the creatures looked up in one table."""
    if not found:
        return []
    cells = {c.uid: c.cell for c in state.creatures if c.zone == "field" and c.cell}
    out: list[BerserkAction] = []
    for offer in found:
        targets = (
            ()
            if offer.ability.target.kind in ("none", "self")
            else tuple(cells.get(t, t) for t in offer.targets)
        )
        unit = offer.source.cell or offer.source.uid
        out.append(_activate(unit, offer.ability.id, targets, offer.x, ACTIVATE))
    return out


def _main_actions(state: BerserkState, seat: int) -> list[BerserkAction]:
    found: list[BerserkAction] = []
    standing = on_field(state)
    mine = sorted([c for c in standing if c.owner == seat], key=cell_key)  # only these in order
    # ``destinations`` of each creature, with the occupied cells found once for all of them
    taken = {c.cell for c in standing if c.cell is not None}
    index = board.CELL_INDEX.__getitem__
    for c in mine:
        cell = c.cell
        if cell is None or c.closed or c.moves < 1:
            continue
        if c.moves == 1:
            found.extend(move for to, move in STEP_MOVES[cell] if to not in taken)
        else:
            found.extend(MOVES[cell, to] for to in sorted(board.reachable(cell, c.moves, taken), key=index))
    # the enemies around each creature in the order of the field: ``AROUND`` lists each cell's
    # neighbours in that order, and a cell holds one creature
    held = {e.cell for e in standing if e.owner != seat}
    for c in mine:
        cell = c.cell
        if c.closed or c.struck or cell is None:
            continue
        found.extend(STRIKES[cell, e] for e in board.AROUND[cell] if e in held)
    found.extend(_activations(state, offers(state, seat, instants_only=False)))
    found.append(END_TURN)
    return found


def _declarations(state: BerserkState, seat: int) -> list[BerserkAction]:
    found = declarable(state, seat)
    return [
        OrderTriggers(
            tuple(TriggerEntry(d.ref, tuple(cell_of(state, t) for t in d.targets)) for d in entries)
        )
        for entries in menu(found)
    ]


def _defenders(state: BerserkState, seat: int) -> list[BerserkAction]:
    """No defender, or one of the eligible creatures the defender step lists (B28)."""
    step = for_seat(state.agenda, seat)
    assert step is not None
    return [NO_DEFENDER, *(AssignDefender(cell_of(state, str(u))) for u in step.options if u)]


def _musters(state: BerserkState, seat: int) -> list[BerserkAction]:
    return [Muster(c.card, c.cell) for c in muster_choices(state, seat)]


LEGAL: dict[str, Callable[[BerserkState, int], list[BerserkAction]]] = {
    "choose_deck": lambda state, seat: [ChooseDeck(d) for d in DECKS],
    "choose_seat": lambda state, seat: [ChooseSeat("first"), ChooseSeat("second")],
    "recruit": lambda state, seat: [RECRUIT_TEMPLATE, RECRUIT_RANDOM],
    "place": lambda state, seat: [PLACE_TEMPLATE, PLACE_RANDOM],
    "muster": _musters,
    "main": _main_actions,
    "assign_defender": lambda state, seat: [
        NO_DEFENDER,
        *(
            AssignDefender(cell_of(state, str(u)))
            for u in next(d for d in state.agenda if seat in d.seats).options
            if u
        ),
    ],
    "order_triggers": _declarations,
    "respond": lambda state, seat: [
        PASS,
        *_activations(state, offers(state, seat, instants_only=True)),
    ],
}
"""The legal actions of a seat, by the kind of its pending decision."""
