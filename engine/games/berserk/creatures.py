"""Questions about the creatures of a position, and the one way to change them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Generic, TypeVar

from engine.core.errors import IllegalAction
from engine.games.berserk import board
from engine.games.berserk.cards import CARDS, Card
from engine.games.berserk.state import BerserkState, Creature, with_creatures

ROLE_NAMES = ("P1", "P2")
T = TypeVar("T")


class KeptForLast(Generic[T]):
    """Something worked out from a position's creatures, kept for the last creatures asked about:
    a strike asks of the same creatures several times, and a computer player weighing a strike
    again for the strike back of every defender. The creatures are held, so no other tuple can
    take their identity; the pair is read and replaced whole, so threads asking at once never
    mix two pairs. What it gives is shared by every caller: read it, never change it."""

    def __init__(self, make: Callable[[tuple[Creature, ...]], T]) -> None:
        self._make = make
        self._last: tuple[tuple[Creature, ...], T] | None = None

    def __call__(self, creatures: tuple[Creature, ...]) -> T:
        last = self._last
        if last is not None and last[0] is creatures:
            return last[1]
        value = self._make(creatures)
        self._last = (creatures, value)
        return value

    def holds(self, creatures: tuple[Creature, ...]) -> bool:
        last = self._last
        return last is not None and last[0] is creatures

    def carry(self, before: tuple[Creature, ...], after: tuple[Creature, ...]) -> None:
        """``after`` gives what ``before`` gives: keep that for ``after`` if it is kept."""
        last = self._last
        if last is not None and last[0] is before:
            self._last = (after, last[1])


def card(creature: Creature) -> Card:
    return CARDS[creature.card]


def by_uid(state: BerserkState) -> dict[str, Creature]:
    return {c.uid: c for c in state.creatures}


def get(state: BerserkState, uid: str) -> Creature:
    for c in state.creatures:
        if c.uid == uid:
            return c
    raise KeyError(uid)


def on_field(state: BerserkState) -> list[Creature]:
    return [c for c in state.creatures if c.zone == "field"]


def at_cells(state: BerserkState) -> dict[str, Creature]:
    """The creature on each occupied cell."""
    return {c.cell: c for c in state.creatures if c.zone == "field" and c.cell is not None}


def in_zone(state: BerserkState, seat: int, zone: str) -> list[Creature]:
    return [c for c in state.creatures if c.owner == seat and c.zone == zone]


def role(state: BerserkState, seat: int) -> int:
    """0 for P1, 1 for P2 (B14); seat 0 is P1 until the seats are chosen."""
    return 0 if seat == (state.first if state.first is not None else 0) else 1


def seat_of_role(state: BerserkState, role_index: int) -> int:
    first = state.first if state.first is not None else 0
    return first if role_index == 0 else 1 - first


def turn_number(state: BerserkState) -> int:
    """The number of the current turn, from 1: P1's turn of round r is 2r − 1 and P2's 2r. During
    the Reveal and a Muster it is the P1 turn that follows (B24)."""
    return 2 * max(state.round - 1, 0) + 1 + role(state, state.active)


def updated(state: BerserkState, *changed: Creature) -> BerserkState:
    """The position with ``changed`` creatures replaced (matched by uid)."""
    if len(changed) == 1:  # most changes are to one creature: no table to build
        (one,) = changed
        uid = one.uid
        after = with_creatures(state, tuple([one if c.uid == uid else c for c in state.creatures]))
    else:
        new = {c.uid: c for c in changed}
        after = with_creatures(state, tuple([new.get(c.uid, c) for c in state.creatures]))
    if _LINES.holds(state.creatures) and all(_in_place(state.creatures, c) for c in changed):
        _LINES.carry(state.creatures, after.creatures)  # nobody moved: the same formation lines
    return after


def _in_place(creatures: tuple[Creature, ...], changed: Creature) -> bool:
    """Whether ``changed`` stands where its earlier self in ``creatures`` stood, as the same card
    of the same side (so the formation lines, which only these decide, are the same)."""
    before = next((c for c in creatures if c.uid == changed.uid), None)
    if before is None:
        return False
    return (before.cell, before.zone, before.owner, before.card) == (
        changed.cell,
        changed.zone,
        changed.owner,
        changed.card,
    )


_ORDER_KEYS: dict[str, tuple[str, int, str]] = {}


def order_key(creature: Creature) -> tuple[str, int, str]:
    """The order of B25a: card id, then copy number (then the role, for a full order)."""
    key = _ORDER_KEYS.get(creature.uid)
    if key is None:
        key = _ORDER_KEYS[creature.uid] = (creature.card, creature.copy, creature.uid)
    return key


def cell_key(creature: Creature) -> int:
    """The order of the field, row by row from row 1 (creatures off the field last)."""
    return board.CELL_INDEX[creature.cell] if creature.cell is not None else len(board.CELLS)


def formation_lines(state: BerserkState) -> Mapping[str, tuple[str, ...]]:
    """B55a: the formation line (uids, left to right) of every creature on the field with the
    formation keyword; a creature in formation with nobody has a line of one. The mapping is
    shared by every caller asking of the same creatures: read it, never change it."""
    return _LINES(state.creatures)


def _formation_lines(creatures: tuple[Creature, ...]) -> Mapping[str, tuple[str, ...]]:
    found = [c for c in creatures if c.zone == "field" and c.cell is not None and card(c).formation]
    out: dict[str, tuple[str, ...]] = {}
    for seat in (0, 1):
        fml = {c.cell: c.uid for c in found if c.owner == seat and c.cell is not None}
        for run in board.lines(fml):
            uids = tuple(fml[cell] for cell in run)
            for uid in uids:
                out[uid] = uids
    return out


_LINES: KeptForLast[Mapping[str, tuple[str, ...]]] = KeptForLast(_formation_lines)


def unit(state: BerserkState, ref: str) -> Creature:
    """The creature a player names: by its cell on the field (``c3``) or its uid."""
    if board.is_cell(ref):
        for c in state.creatures:  # ``at_cells`` without making the whole table
            if c.cell == ref and c.zone == "field":
                return c
        raise IllegalAction(f"there is no creature on {ref}", "no_creature", cell=ref)
    for c in state.creatures:
        if c.uid == ref:
            return c
    raise IllegalAction(f"there is no creature {ref!r}", "unknown_creature", unit=ref)


def own_unit(state: BerserkState, seat: int, ref: str) -> Creature:
    """One of ``seat``'s creatures on the field, as the player names it."""
    c = unit(state, ref)
    if c.owner != seat or c.zone != "field":
        raise IllegalAction(f"{ref} is not one of your creatures on the field", "not_yours", unit=ref)
    return c


def uid_of(state: BerserkState, ref: str) -> str:
    """The uid a player's reference names (a cell on the field, or a uid as it is)."""
    found = at_cells(state).get(ref) if board.is_cell(ref) else None
    return ref if found is None else found.uid


def label(creature: Creature) -> str:
    """How events and errors name a creature: its cell on the field, else its uid."""
    return creature.cell if creature.zone == "field" and creature.cell else creature.uid


def field_cost(state: BerserkState, seat: int) -> int:
    """B58: the printed costs of ``seat``'s creatures on the field, gold and silver alike."""
    return sum(card(c).cost for c in state.creatures if c.owner == seat and c.zone == "field")


def uid_for(role_index: int, card_id: str, copy: int) -> str:
    return f"{ROLE_NAMES[role_index]}.{CARDS[card_id].slug}.{copy}"
