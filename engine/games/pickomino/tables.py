"""What Pickomino's rules look up instead of working out again.

A random playout plays hundreds of thousands of actions a second, and nearly everything an
action works out has been worked out before: what the dice kept add up to, which faces a
roll lets the player keep, where a keep leads, and the events themselves. There are few
distinct answers — 3,003 ways up to eight dice can fall and as many sets of dice kept, seven
seats' worth of each event — so each is made once, the first time it is met, and handed out
from then on (a few megabytes once every game has been played).

Events are values (``engine.core.contract.Event``): nothing changes one once it is made, so
the same ``kept`` event of the same seat is the same object every time it happens.
"""

from __future__ import annotations

from typing import NamedTuple

from engine.core.contract import TURN_STARTED, Event
from engine.games.pickomino.actions import KEEP, ROLL, STOP, Keep, Roll, Stop
from engine.games.pickomino.data import DICE, FACES, TILES, WORM
from engine.games.pickomino.dice import COUNTS

SEATS = 7
"""The most seats a game has: tables per seat have this many places."""

FACE_VALUE = (1, 2, 3, 4, 5, 5)


class Kept(NamedTuple):
    """The dice kept so far in a turn (``PickominoState.kept``) and what follows from them."""

    total: int
    left: int
    """Dice still to roll."""
    worm: bool
    """A worm is among them: a tile may be taken (P8)."""
    may_take: bool
    """A worm, and points enough for the lowest tile: only then can a tile be there to take."""
    free: int
    """The faces not kept yet, bit ``face`` set for each: those a roll may add (P5)."""
    after: list[Keeping | None]
    """At ``face * 9 + count``: where keeping ``count`` dice showing ``face`` leads."""


class Keeping(NamedTuple):
    """A keep: the dice kept once it is made, their total, which ``kept`` event it makes
    (``KEPT_EVENTS``), and what the player may do next when that is known from the dice
    alone."""

    kept: tuple[int, ...]
    total: int
    event: int
    """``(face * 9 + count) * 64 + total``: the event says no more than that."""
    choices: tuple[Roll | Stop, ...] | None
    """When no tile can be taken (``Kept.may_take``): roll again while dice are left, or stop
    (P10). ``None`` otherwise: the tiles on the table decide."""
    events: list[tuple[Event] | None]
    """Its ``kept`` event per seat (``kept_event``), as a step's events."""


KEPT: dict[tuple[int, ...], Kept] = {}
"""Every set of dice kept met so far (at most 3,003: every way up to eight dice can fall)."""


def kept_info(kept: tuple[int, ...]) -> Kept:
    """``KEPT[kept]``, made when first met."""
    found = KEPT.get(kept)
    if found is None:
        total = sum(n * v for n, v in zip(kept, FACE_VALUE, strict=True))
        free = sum(1 << face for face in range(6) if not kept[face])
        worm = bool(kept[WORM])
        may_take = worm and total >= TILES[0]
        found = KEPT[kept] = Kept(total, DICE - sum(kept), worm, may_take, free, [None] * (6 * 9))
    return found


def keeping(info: Kept, kept: tuple[int, ...], face: int, count: int) -> Keeping:
    """Where keeping ``count`` dice showing ``face`` leads (``kept`` are kept, ``info`` is
    theirs); made when first met."""
    found = info.after[face * 9 + count]
    if found is None:
        after = (*kept[:face], count, *kept[face + 1 :])
        now = kept_info(after)
        choices = None if now.may_take else (ROLL, STOP) if now.left else (STOP,)
        event = (face * 9 + count) * 64 + now.total
        found = Keeping(after, now.total, event, choices, [None] * SEATS)
        info.after[face * 9 + count] = found
    return found


KEPT_EVENTS: tuple[dict[int, tuple[Event]], ...] = tuple({} for _ in range(SEATS))
"""Per seat, by ``Keeping.event``: the ``kept`` event, as a step's events."""


def kept_event(seat: int, made: Keeping) -> tuple[Event]:
    """``KEPT_EVENTS[seat][made.event]``, made when first met, and kept in ``made.events``."""
    found = KEPT_EVENTS[seat].get(made.event)
    if found is None:
        face, count = divmod(made.event // 64, 9)
        data = {"seat": seat, "face": FACES[face], "count": count, "total": made.total}
        found = KEPT_EVENTS[seat][made.event] = (Event("kept", data, None),)
    made.events[seat] = found
    return found


def shown(roll: tuple[int, ...]) -> int:
    """The faces a roll (counted per face) shows, bit ``face`` set for each."""
    return sum(1 << face for face in range(6) if roll[face])


ROLL_FACES: dict[tuple[int, ...], int] = {dice: shown(dice) for dice in COUNTS.values()}
"""``shown`` of every roll up to eight dice can make."""

KEEPS: tuple[tuple[Keep, ...], ...] = tuple(
    tuple(KEEP[f] for f in range(6) if faces >> f & 1) for faces in range(64)
)
"""For a set of faces (bit ``face`` set for each), the keep actions of those faces (P5: a
roll's faces not kept before, ``ROLL_FACES[roll] & Kept.free``)."""


class Rolled(NamedTuple):
    """A roll, by its code (``engine.games.pickomino.dice``): the dice counted per face, the
    faces shown, and its ``rolled`` event per seat."""

    dice: tuple[int, ...]
    faces: int
    """The faces shown, bit ``face`` set for each (``Kept.free``)."""
    events: list[tuple[Event] | None]


ROLLED: dict[int, Rolled] = {
    code: Rolled(dice, ROLL_FACES[dice], [None] * SEATS) for code, dice in COUNTS.items()
}


def rolled_event(rolled: Rolled, seat: int) -> tuple[Event]:
    """``rolled``'s event of ``seat``, as a step's events."""
    found = rolled.events[seat]
    if found is None:
        found = rolled.events[seat] = (Event("rolled", {"seat": seat, "dice": list(rolled.dice)}, None),)
    return found


TURN_STARTS: tuple[Event, ...] = tuple(Event(TURN_STARTED, {"seat": seat}, None) for seat in range(SEATS))
"""The ``turn_started`` event of each seat."""

FAIL_REASONS = {"no_new_face": 0, "no_worm": 1, "no_tile": 2}
"""Why a turn fails (P6, P10), numbered for ``FAILED``'s keys."""

FAILED: list[dict[int, tuple[Event, Event]]] = [{} for _ in range(SEATS * 8)]
"""At ``seat * 8 + next seat``, by ``(reason * 64 + tile returned) * 64 + tile turned`` (0 for
none): the ``turn_failed`` event of ``seat`` and the ``turn_started`` of the next seat."""


def turn_failed(seat: int, nxt: int, reason: str, returned: int, turned: int) -> tuple[Event, Event]:
    """P11's event — why the turn of ``seat`` failed, the tile that went back to the grill and
    the tile turned over (0: none) — and the start of the turn of ``nxt`` (P12)."""
    key = (FAIL_REASONS[reason] * 64 + returned) * 64 + turned
    found = FAILED[seat * 8 + nxt].get(key)
    if found is None:
        data = {"seat": seat, "reason": reason, "returned": returned or None, "turned": turned or None}
        found = FAILED[seat * 8 + nxt][key] = (Event("turn_failed", data, None), TURN_STARTS[nxt])
    return found
