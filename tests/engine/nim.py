"""Nim, a tiny test-only game with neither secrets nor chance, to hold the contract suite to what
a game declares: it has no ``Rng``, every seat sees everything, and its seed changes nothing.

Stones lie in piles. On his turn a seat takes one or more stones from one pile; whoever takes
the last stone wins. A seat that resigns leaves; the last seat left wins. Typed: ``take 1 2``
(from pile 1, counted from 0, take 2). An absent seat takes one stone from the first pile that
has any. It is registered only while a test needs it (``nim_registered``), so the games players
see never list it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter

from engine import TURN_STARTED, BadAction, Decision, Event, Game, IllegalAction, Result, Step
from engine.core import registry
from engine.core.inputs import WHOLE

MAX_STONES = 50
"""Stones in a pile at most: ``legal_actions`` lists a move per stone."""
MAX_PILES = 6
Stones = Annotated[int, Field(ge=0, le=MAX_STONES)]
Seat = Annotated[int, Field(ge=0, le=2)]


class NimOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")
    piles: tuple[Stones, ...] = Field((3, 4, 5), min_length=1, max_length=6)


@dataclass(frozen=True, slots=True)
class NimState:
    piles: Annotated[tuple[Stones, ...], Field(min_length=1, max_length=MAX_PILES)]
    turn: Seat
    left: Annotated[tuple[bool, ...], Field(min_length=2, max_length=3)]
    """Per seat: resigned."""
    winner: Seat | None = None


@dataclass(frozen=True, slots=True)
class Take:
    pile: Annotated[int, Field(ge=0, lt=MAX_PILES), WHOLE]
    count: Annotated[int, Field(ge=1, le=MAX_STONES), WHOLE]
    kind: Literal["take"] = "take"


@dataclass(frozen=True, slots=True)
class NimView:
    piles: tuple[int, ...]
    turn: int | None
    left: tuple[bool, ...]
    winner: int | None


class Nim(Game[NimState, Take, NimView]):
    key = "nim"
    title = "Nim"
    min_seats = 2
    max_seats = 3
    information = "perfect"
    chance = False
    typed_examples = ("take 1 2",)
    options_model = NimOptions
    state_adapter = TypeAdapter(NimState)
    action_adapter = TypeAdapter(Take)
    view_adapter = TypeAdapter(NimView)

    def new(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> NimState:
        opts: NimOptions = self.options(seats, options)
        return NimState(piles=opts.piles, turn=0, left=(False,) * seats)

    def seats(self, state: NimState) -> int:
        return len(state.left)

    def state_problem(self, state: NimState) -> str | None:
        seats = len(state.left)
        if state.winner is not None:
            playing = state.winner < seats and not state.left[state.winner]
            return None if playing else "the winner is not playing"
        if not any(state.piles):
            return "no stones are left, yet nobody has won"
        if not state.turn < seats or state.left[state.turn] or sum(not gone for gone in state.left) < 2:
            return f"seat {state.turn} is to move, among seats {state.left}"
        return None

    def pending(self, state: NimState) -> tuple[Decision, ...]:
        if state.winner is not None:
            return ()
        first = next(p for p, stones in enumerate(state.piles) if stones)
        default: dict[str, Any] = {"kind": "take", "pile": first, "count": 1}
        return (Decision(kind="take", seats=(state.turn,), default=default),)

    def legal_actions(self, state: NimState, seat: int) -> list[Take]:
        if seat not in self.to_act(state):
            return []
        return [Take(p, n) for p, stones in enumerate(state.piles) for n in range(1, stones + 1)]

    def apply(self, state: NimState, seat: int, action: Take) -> Step[NimState]:
        if seat not in self.to_act(state):
            raise IllegalAction("not your turn", "not_your_turn")
        if not 0 <= action.pile < len(state.piles) or not 1 <= action.count <= state.piles[action.pile]:
            raise IllegalAction("there are not so many stones there", "too_many")
        piles = list(state.piles)
        piles[action.pile] -= action.count
        events = [Event("took", {"seat": seat, "pile": action.pile, "count": action.count})]
        if not any(piles):
            return Step(replace(state, piles=tuple(piles), winner=seat), tuple(events))
        after = replace(state, piles=tuple(piles), turn=self._next(state.left, seat))
        events.append(Event(TURN_STARTED, {"seat": after.turn}))
        return Step(after, tuple(events))

    def resign(self, state: NimState, seat: int) -> Step[NimState]:
        if state.winner is not None or state.left[seat]:
            raise IllegalAction("you are not playing", "not_playing")
        left = tuple(gone or s == seat for s, gone in enumerate(state.left))
        events = [Event("resigned", {"seat": seat})]
        staying = [s for s, gone in enumerate(left) if not gone]
        if len(staying) == 1:
            return Step(replace(state, left=left, winner=staying[0]), tuple(events))
        turn = self._next(left, seat) if seat == state.turn else state.turn
        if turn != state.turn:
            events.append(Event(TURN_STARTED, {"seat": turn}))
        return Step(replace(state, left=left, turn=turn), tuple(events))

    @staticmethod
    def _next(left: tuple[bool, ...], seat: int) -> int:
        return next(s % len(left) for s in range(seat + 1, seat + len(left) + 1) if not left[s % len(left)])

    def view(self, state: NimState, seat: int | None) -> NimView:
        turn = None if state.winner is not None else state.turn
        return NimView(state.piles, turn, state.left, state.winner)

    def result(self, state: NimState) -> Result | None:
        if state.winner is None:
            return None
        ranks = tuple(1 if s == state.winner else 2 for s in range(len(state.left)))
        scores = tuple(1.0 if s == state.winner else 0.0 for s in range(len(state.left)))
        return Result(ranks=ranks, scores=scores, reason="last_stone" if not any(state.piles) else "resigned")

    def parse_text(self, text: str) -> dict[str, Any]:
        found = re.fullmatch(r"take ([0-9]{1,3}) ([0-9]{1,3})", " ".join(text.lower().split()))
        if found is None:
            raise BadAction(f"cannot read {text!r}: write take <pile> <stones>", "unreadable", text=text)
        return {"kind": "take", "pile": int(found.group(1)), "count": int(found.group(2))}


NIM = Nim()


@contextmanager
def nim_registered() -> Iterator[Nim]:
    """Nim registered for as long as the block runs (``engine.get_game("nim")`` finds it), and
    gone again afterwards."""
    registry.register(NIM)
    try:
        yield NIM
    finally:
        registry._registry.pop(NIM.key, None)
