"""A tiny test-only game with secrets, to test what Pickomino cannot: private views.

Two seats each hold a secret number. On his turn a seat may ``peek`` (his own number goes up)
or ``poke`` (the other seat's number goes up). Four moves and it is over.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, TypeAdapter

from engine import Event, Game, IllegalAction, Result, Step
from engine.core import registry
from engine.core.contract import ranks_from_keys

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

    def to_act(self, state: SecretState) -> tuple[int, ...]:
        return () if state.moves >= MOVES else (state.turn,)

    def legal_actions(self, state: SecretState, seat: int) -> list[Peek | Poke]:
        return [Peek(), Poke()] if seat in self.to_act(state) else []

    def apply(self, state: SecretState, seat: int, action: Peek | Poke) -> Step[SecretState]:
        if seat not in self.to_act(state):
            raise IllegalAction("not your turn", "not_your_turn")
        target = seat if action.kind == "peek" else 1 - seat
        secrets = list(state.secrets)
        secrets[target] += 1
        after = SecretState(turn=1 - seat, secrets=(secrets[0], secrets[1]), moves=state.moves + 1)
        return Step(after, (Event(action.kind, {"seat": seat}),))

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


SECRET = SecretNumbers()


@contextmanager
def secret_game_registered() -> Iterator[SecretNumbers]:
    """Register the game for one test; ``engine.games()`` (the /play choices) never lists it."""
    registry.register(SECRET)
    try:
        yield SECRET
    finally:
        registry._registry.pop(SECRET.key, None)
