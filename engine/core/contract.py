"""The contract every game speaks (see ``shared/design/architecture.md``).

A game is a stateless object; a position is a plain dataclass the game creates and never
mutates. Everything that crosses the engine boundary — states, actions, views, events,
results — is plain data with a pydantic ``TypeAdapter``, so it round-trips through JSON.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from engine.core.errors import BadAction, BadOptions

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")

JSON = Any
"""A value made of dicts, lists, strings, numbers, booleans and None."""

RESIGN = "resign"
"""The action kind a seat uses to leave a game. It is stored in the move log like any move
but is not listed by ``legal_actions``: resigning is always possible and never a strategy."""


@dataclass(slots=True)
class Event:
    """Something that happened. ``audience`` is ``None`` for everyone (channel, spectators,
    every seat) or the seats allowed to learn it."""

    kind: str
    data: dict[str, JSON] = field(default_factory=dict)
    audience: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)


@dataclass(slots=True)
class Step(Generic[S]):
    """What ``apply`` returns: the new state and the events, in the order they happened."""

    state: S
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome once a game is over. ``ranks[seat]`` is 1 for the winners; tied seats share
    a rank. ``scores`` are the game's own points (worms, artifacts …)."""

    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    draw: bool = False

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(s for s, r in enumerate(self.ranks) if r == 1) if not self.draw else ()


EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)
RESULT_ADAPTER: TypeAdapter[Result] = TypeAdapter(Result)


def ranks_from_keys(keys: list[tuple[Any, ...]]) -> tuple[int, ...]:
    """Competition ranking (1, 1, 3 …) of seats by descending sort key; equal keys share."""
    order = sorted(range(len(keys)), key=lambda s: keys[s], reverse=True)
    ranks = [0] * len(keys)
    for pos, seat in enumerate(order):
        if pos and keys[seat] == keys[order[pos - 1]]:
            ranks[seat] = ranks[order[pos - 1]]
        else:
            ranks[seat] = pos + 1
    return tuple(ranks)


class Game(ABC, Generic[S, A, V]):
    """One game's rules. Subclasses fill in the class attributes and the abstract methods."""

    key: ClassVar[str]
    title: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    options_model: ClassVar[type[BaseModel]]
    state_adapter: ClassVar[TypeAdapter[Any]]
    action_adapter: ClassVar[TypeAdapter[Any]]
    view_adapter: ClassVar[TypeAdapter[Any]]

    # -- the contract -------------------------------------------------------------------
    @abstractmethod
    def new(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> S: ...

    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]: ...

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[A]: ...

    @abstractmethod
    def apply(self, state: S, seat: int, action: A) -> Step[S]: ...

    @abstractmethod
    def resign(self, state: S, seat: int) -> Step[S]:
        """The seat leaves. The game goes on for the others if its rules allow, else ends."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> V: ...

    @abstractmethod
    def result(self, state: S) -> Result | None: ...

    def parse_text(self, text: str) -> JSON:
        """Turn a player's typed action (``keep 5``) into plain data. Games override this;
        the default accepts only JSON."""
        raise BadAction(f"cannot read the action {text!r}", "unreadable", text=text)

    # -- shared machinery ---------------------------------------------------------------
    def options(self, seats: int, options: Mapping[str, Any] | BaseModel | None) -> Any:
        """Validate the seat count and the options; a clear ``BadOptions`` otherwise."""
        if not self.min_seats <= seats <= self.max_seats:
            raise BadOptions(
                f"{self.title} is played by {self.min_seats}–{self.max_seats} seats, not {seats}",
                "seats",
                min=self.min_seats,
                max=self.max_seats,
                seats=seats,
            )
        if isinstance(options, self.options_model):
            return options
        try:
            return self.options_model.model_validate(dict(options or {}))
        except ValidationError as exc:
            raise BadOptions(_explain(exc), "options", detail=_explain(exc)) from None

    def parse_action(self, data: JSON) -> A:
        """An action from plain data, a JSON string or a typed text form."""
        if isinstance(data, str):
            text = data.strip()
            if text.startswith("{"):
                try:
                    data = json.loads(text)
                except json.JSONDecodeError:
                    raise BadAction(f"cannot read the action {text!r}", "unreadable", text=text) from None
            else:
                data = self.parse_text(text)
        try:
            action: A = self.action_adapter.validate_python(data)
        except ValidationError as exc:
            raise BadAction(_explain(exc), "malformed", detail=_explain(exc)) from None
        return action

    def dump_action(self, action: A) -> JSON:
        return self.action_adapter.dump_python(action, mode="json")

    def dump_state(self, state: S) -> JSON:
        return self.state_adapter.dump_python(state, mode="json")

    def load_state(self, data: JSON) -> S:
        state: S = self.state_adapter.validate_python(data)
        return state

    def dump_view(self, view: V) -> JSON:
        return self.view_adapter.dump_python(view, mode="json")

    def load_view(self, data: JSON) -> V:
        view: V = self.view_adapter.validate_python(data)
        return view

    def is_over(self, state: S) -> bool:
        return not self.to_act(state)


def dump_event(event: Event) -> JSON:
    return EVENT_ADAPTER.dump_python(event, mode="json")


def load_event(data: JSON) -> Event:
    return EVENT_ADAPTER.validate_python(data)


def dump_json(data: JSON) -> str:
    """The one canonical JSON text of plain data (sorted keys, no spaces)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def _explain(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors():
        where = ".".join(str(p) for p in err["loc"])
        parts.append(f"{where}: {err['msg']}" if where else err["msg"])
    return "; ".join(parts)
