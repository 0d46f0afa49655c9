"""A tiny test-only game with secrets, to test what Pickomino cannot: private views.

Two seats each hold a secret number. On his turn a seat may ``peek`` (his own number goes up)
or ``poke`` (the other seat's number goes up); an absent seat peeks (the decision's default).
Four moves and it is over. ``Together`` is its co-operative twin: both seats win or lose
together.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, TypeAdapter

from engine import TURN_STARTED, Decision, Event, Game, IllegalAction, Result, Step
from engine.core import registry
from engine.core.contract import ranks_from_keys
from engine.core.plain import JSON

MOVES = 4


@dataclass(frozen=True, slots=True)
class SecretState:
    turn: int
    secrets: tuple[int, int]
    moves: int = 0


@dataclass(frozen=True, slots=True)
class Peek:
    kind: Literal["peek"] = "peek"


@dataclass(frozen=True, slots=True)
class Poke:
    kind: Literal["poke"] = "poke"


@dataclass(frozen=True, slots=True)
class SecretView:
    turn: int | None
    moves: int
    mine: int | None


class NoOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SecretNumbers(Game[SecretState, Peek | Poke, SecretView]):
    key = "secret_numbers"
    title = "Secret Numbers"
    min_seats = 2
    max_seats = 2
    options_model = NoOptions
    state_adapter = TypeAdapter(SecretState)
    action_adapter: TypeAdapter[Peek | Poke] = TypeAdapter(Peek | Poke)  # type: ignore[assignment]
    view_adapter = TypeAdapter(SecretView)

    def new(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> SecretState:
        self.options(seats, options)
        return SecretState(turn=0, secrets=(seed % 10, seed % 7))

    def seats(self, state: SecretState) -> int:
        return 2

    def pending(self, state: SecretState) -> tuple[Decision, ...]:
        if state.moves >= MOVES:
            return ()
        return (Decision(kind="turn", seats=(state.turn,), default={"kind": "peek"}),)

    def private_view(self, state: SecretState, seat: int) -> JSON | None:
        return {"mine": state.secrets[seat]}

    def redeal(self, state: SecretState, seat: int | None, seed: int) -> SecretState:
        secrets = [seed % 10 + n for n in range(2)]
        if seat is not None:
            secrets[seat] = state.secrets[seat]
        return replace(state, secrets=(secrets[0], secrets[1]))

    def legal_actions(self, state: SecretState, seat: int) -> list[Peek | Poke]:
        return [Peek(), Poke()] if seat in self.to_act(state) else []

    def apply(self, state: SecretState, seat: int, action: Peek | Poke) -> Step[SecretState]:
        if seat not in self.to_act(state):
            raise IllegalAction("not your turn", "not_your_turn")
        target = seat if action.kind == "peek" else 1 - seat
        secrets = list(state.secrets)
        secrets[target] += 1
        after = SecretState(turn=1 - seat, secrets=(secrets[0], secrets[1]), moves=state.moves + 1)
        events = [Event(action.kind, {"seat": seat})]
        if after.moves < MOVES:
            events.append(Event(TURN_STARTED, {"seat": after.turn}))
        return Step(after, tuple(events))

    def resign(self, state: SecretState, seat: int) -> Step[SecretState]:
        return Step(replace(state, moves=MOVES), (Event("resigned", {"seat": seat}),))

    def view(self, state: SecretState, seat: int | None) -> SecretView:
        turn = None if state.moves >= MOVES else state.turn
        return SecretView(turn=turn, moves=state.moves, mine=None if seat is None else state.secrets[seat])

    def result(self, state: SecretState) -> Result | None:
        if state.moves < MOVES:
            return None
        keys: list[tuple[Any, ...]] = [(s,) for s in state.secrets]
        return Result(ranks=ranks_from_keys(keys), scores=tuple(float(s) for s in state.secrets))


class Together(SecretNumbers):
    """Co-operative: the seats win together when their numbers add up to an even sum."""

    key = "secret_together"
    title = "Secret Together"
    cooperative = True

    def result(self, state: SecretState) -> Result | None:
        if state.moves < MOVES:
            return None
        won = sum(state.secrets) % 2 == 0
        return Result.together(2, won=won, reason="even" if won else "odd")


class Duet(SecretNumbers):
    """Both seats decide at once, in public, with different choices: seat 0 may only peek,
    seat 1 only poke. ``moves`` holds who has decided (bit per seat); over when both have."""

    key = "secret_duet"
    title = "Secret Duet"
    CHOICE: tuple[Peek | Poke, ...] = (Peek(), Poke())

    def pending(self, state: SecretState) -> tuple[Decision, ...]:
        left = tuple(s for s in (0, 1) if not state.moves >> s & 1)
        return (Decision(kind="duet", seats=left),) if left else ()

    def legal_actions(self, state: SecretState, seat: int) -> list[Peek | Poke]:
        return [self.CHOICE[seat]] if seat in self.to_act(state) else []

    def apply(self, state: SecretState, seat: int, action: Peek | Poke) -> Step[SecretState]:
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("not your choice", "not_your_turn")
        secrets = list(state.secrets)
        secrets[1 - seat] += 1
        after = replace(state, secrets=(secrets[0], secrets[1]), moves=state.moves | 1 << seat)
        return Step(after, (Event(action.kind, {"seat": seat}),))

    def result(self, state: SecretState) -> Result | None:
        if self.to_act(state):
            return None
        return Result(ranks=(1, 1), scores=(0.0, 0.0), draw=True, reason="both")


@dataclass(frozen=True, slots=True)
class Count:
    n: int
    kind: Literal["count"] = "count"


CROWD = 70
"""Choices each turn of ``Crowd``: more than a message holds as buttons (25)."""


class Crowd(SecretNumbers):
    """More choices than buttons: on his turn a seat adds any number below ``CROWD`` to his own
    secret."""

    key = "secret_crowd"
    title = "Secret Crowd"
    action_adapter: TypeAdapter[Count] = TypeAdapter(Count)  # type: ignore[assignment]

    def legal_actions(self, state: SecretState, seat: int) -> list[Count]:  # type: ignore[override]
        return [Count(n) for n in range(CROWD)] if seat in self.to_act(state) else []

    def apply(self, state: SecretState, seat: int, action: Count) -> Step[SecretState]:  # type: ignore[override]
        if action not in self.legal_actions(state, seat):
            raise IllegalAction("not a choice now", "not_your_turn")
        secrets = list(state.secrets)
        secrets[seat] += action.n
        after = SecretState(turn=1 - seat, secrets=(secrets[0], secrets[1]), moves=state.moves + 1)
        events = [Event("counted", {"seat": seat, "n": action.n})]
        if after.moves < MOVES:
            events.append(Event(TURN_STARTED, {"seat": after.turn}))
        return Step(after, tuple(events))


SECRET = SecretNumbers()
TOGETHER = Together()
DUET = Duet()
CROWDED = Crowd()


@contextmanager
def secret_game_registered(game: SecretNumbers = SECRET) -> Iterator[SecretNumbers]:
    """Register the game for one test; ``engine.game_keys()`` (the /play choices) never lists it."""
    registry.register(game)
    try:
        yield game
    finally:
        registry._registry.pop(game.key, None)
