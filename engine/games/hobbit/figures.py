"""Questions about the figures (H1.4, H5.2) and the one way a figure's place changes.

Rule code works on a *working copy* of a state (``HobbitState`` shallow-copied by ``apply``):
it replaces the copy's fields, never the tuples and zones they hold, so the state ``apply`` was
given stays as it was."""

from __future__ import annotations

from engine.core.contract import Event
from engine.games.hobbit.board import BILBO, CAPACITY, FINISH, RUNE, START, other_dwarf
from engine.games.hobbit.cards import FIGHTS
from engine.games.hobbit.state import Figure, HobbitState
from engine.kits.build import builder

_figure = builder(Figure)
"""``Figure(id, seat, pos, entangled)`` without the frozen ``__init__``: every move places one."""
UNLIMITED = frozenset({START, FINISH})
"""The spaces that hold any number of figures (H1.4, ``board.unlimited``)."""


def counts(state: HobbitState, figure: Figure) -> bool:
    """A counting figure (H0): a living dwarf, or bare Bilbo."""
    return figure.pos is not None and (figure.id != BILBO or state.ring != "bilbo")


def counting_on(state: HobbitState, space: int, but: str | None = None) -> int:
    # ``counts`` written out: listing the moves of a turn asks this a hundred times
    ring_on = state.ring == "bilbo"
    n = 0
    for f in state.figures:
        if f.pos == space and f.id != but and not (ring_on and f.id == BILBO):
            n += 1
    return n


def occupancy(state: HobbitState) -> dict[int, int]:
    """The number of counting figures on each space that has some (``counting_on`` of every
    space at once, for a listing that asks it of many moves)."""
    ring_on = state.ring == "bilbo"
    found: dict[int, int] = {}
    for f in state.figures:
        if f.pos is not None and not (ring_on and f.id == BILBO):
            found[f.pos] = found.get(f.pos, 0) + 1
    return found


def full(state: HobbitState, space: int, but: str | None = None) -> bool:
    """H1.4: the space holds its 2 counting figures (``but`` one not counted: the mover)."""
    return space not in UNLIMITED and counting_on(state, space, but) >= CAPACITY


def party(state: HobbitState, space: int, first: str | None = None) -> tuple[str, ...]:
    """H5.2: the counting figures on ``space`` in id order (``first`` put first: the
    triggering figure)."""
    found = [f.id for f in state.figures if f.pos == space and counts(state, f)]
    if first in found:
        found.remove(first)
        found.insert(0, first)
    return tuple(found)


def owner(state: HobbitState, figure_id: str) -> int | None:
    return state.figure(figure_id).seat


def affected_seat(state: HobbitState, figure_id: str) -> int:
    """H5.6: the owner of the figure; the active player for Bilbo."""
    seat = owner(state, figure_id)
    return state.active if seat is None else seat


def own_dwarves(state: HobbitState, seat: int) -> tuple[Figure, ...]:
    # (a list made first: a generator into ``tuple`` costs a resumption per figure)
    return tuple([f for f in state.figures if f.seat == seat])


def dwarves(state: HobbitState) -> tuple[Figure, ...]:
    return state.figures[:-1]


def rune_holds(state: HobbitState, dwarf: str) -> bool:
    """H8.5: the owner's other dwarf is dead or stands on the rune space or beyond."""
    other = state.figure(other_dwarf(dwarf))
    return other.pos is None or other.pos >= RUNE


def fight_cards(state: HobbitState, seat: int) -> list[str]:
    return [c for c in state.hands[seat].cards if c in FIGHTS]


def set_figure(work: HobbitState, figure: Figure) -> None:
    work.figures = tuple([figure if f.id == figure.id else f for f in work.figures])


def place(work: HobbitState, figure_id: str, space: int | None, cause: str, events: list[Event]) -> None:
    """``figure_id`` to ``space`` (``None``: killed), with its public event."""
    figure = work.figure(figure_id)
    set_figure(work, _figure(figure.id, figure.seat, space, figure.entangled))
    if space is None:
        events.append(Event("killed", {"figure": figure_id, "space": figure.pos}))
    else:
        events.append(Event("moved", {"figure": figure_id, "from": figure.pos, "to": space, "cause": cause}))


def on_finish(figure: Figure) -> bool:
    return figure.pos == FINISH
