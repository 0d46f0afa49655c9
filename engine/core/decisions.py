"""Pending decisions: what a game waits for, as data in its state.

A ``Decision`` names the seats that decide, its ``kind``, the ``options`` when they can be
listed as data, whether it is ``secret`` (decided in private: its choices show only in the
deciding player's DM or ephemeral messages), and the ``default`` action an absent seat takes
when its time runs out (usually a pass; ``None``: a computer player decides instead).

A game keeps its decisions on an *agenda*: a tuple used as a stack, bottom first. The top is
what the game waits on now. An interruption pushes a decision on top of the one it interrupts
(a fight in the middle of a walk, a window to answer inside a draw) and pops it when
it is decided, which uncovers the interrupted one again. Several seats deciding at once (a
secret placement, a joint fight) share one decision; each seat leaves it as it decides
(``Decision.without``).

Games subclass ``Decision`` for the context a kind needs (the fight's cell, the cards on
offer) with ``kind`` narrowed to a ``Literal``, and list their subclasses in one
discriminated union so the agenda round-trips through JSON like the rest of the state.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TypeVar

from engine.core.plain import JSON

D = TypeVar("D", bound="Decision")


@dataclass(frozen=True, slots=True, kw_only=True)
class Decision:
    kind: str
    seats: tuple[int, ...]
    """Who decides: one seat, or several at once (each leaves the decision as it decides)."""
    options: tuple[JSON, ...] = ()
    """The choices, where the game lists them as data (zones still to name, cards on offer).
    Free-form decisions (a path, a placement) leave it empty; ``legal_actions`` always tells."""
    secret: bool = False
    """Decided in private: the choices reveal what only the deciding seat may know (its hand),
    so they are offered in its DM or an ephemeral message, never on the public board."""
    default: dict[str, JSON] | None = None
    """The action (plain data) taken for an absent seat when its time runs out; ``None``: the
    seat's turn is played by a computer player instead."""
    data: dict[str, JSON] = field(default_factory=dict)
    """Context for generic decisions that have no subclass of their own."""

    def decided_by(self, seat: int) -> bool:
        return seat in self.seats

    def without(self: D, seat: int) -> D | None:
        """The decision once ``seat`` has decided: the other seats still decide; ``None`` when
        nobody is left."""
        left = tuple(s for s in self.seats if s != seat)
        return replace(self, seats=left) if left else None


Agenda = tuple[D, ...]
"""Pending decisions, bottom first: the last one is what the game waits on."""


def top(agenda: tuple[D, ...]) -> D | None:
    return agenda[-1] if agenda else None


def push(agenda: tuple[D, ...], *decisions: D) -> tuple[D, ...]:
    """``decisions`` on top, the last one given on the very top."""
    return (*agenda, *decisions)


def pop(agenda: tuple[D, ...]) -> tuple[D, ...]:
    if not agenda:
        raise IndexError("no decision is pending")
    return agenda[:-1]


def replace_top(agenda: tuple[D, ...], decision: D | None) -> tuple[D, ...]:
    """The top replaced (``None``: removed), e.g. by ``Decision.without`` once a seat decided."""
    rest = pop(agenda)
    return rest if decision is None else (*rest, decision)


def decided(agenda: tuple[D, ...], seat: int) -> tuple[D, ...]:
    """``seat`` has decided the top decision: the others on it still decide; popped when none
    is left."""
    current = top(agenda)
    if current is None or seat not in current.seats:
        raise ValueError(f"seat {seat} has no decision on top of the agenda")
    return replace_top(agenda, current.without(seat))


def seats_of(decisions: Iterable[Decision]) -> tuple[int, ...]:
    """Every seat named by ``decisions``, ascending, each once."""
    return tuple(sorted({seat for d in decisions for seat in d.seats}))


def for_seat(decisions: Iterable[D], seat: int) -> D | None:
    """The first of ``decisions`` that ``seat`` must decide."""
    return next((d for d in decisions if seat in d.seats), None)
