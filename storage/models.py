"""What the repository hands out: plain, immutable records of stored games."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime
from enum import StrEnum
from typing import Any

from engine import Event, Result, get_game
from engine.core.position import Position
from storage.ratings import Change


class GameStatus(StrEnum):
    LOBBY = "lobby"
    ACTIVE = "active"
    FINISHED = "finished"
    ABANDONED = "abandoned"


@dataclass(frozen=True, slots=True)
class SeatRecord:
    seat: int
    user_id: int | None
    """The Discord user in this seat; ``None`` for a computer player."""
    name: str
    ai: str | None = None
    """The computer player's policy name (``greedy``, ``random`` …); ``None`` for a person."""
    resigned: bool = False

    @property
    def is_ai(self) -> bool:
        return self.user_id is None


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    key: str
    guild_id: int | None
    channel_id: int
    message_id: int | None
    host_id: int
    options: dict[str, Any]
    seed: int | None
    status: GameStatus
    version: int
    """Bumped by every stored move; buttons carry it so a stale click is refused."""
    state: Any | None
    """The engine state (``None`` while in the lobby)."""
    seats: tuple[SeatRecord, ...]
    created_at: datetime
    updated_at: datetime
    result: Result | None = None
    ratings: tuple[Change, ...] = ()
    """A finished game's rating changes in its own server's ratings, by seat (none when the
    game was not rated, or is not over)."""

    @property
    def position(self) -> Position[Any, Any] | None:
        """The game as the bot may ask about it (views, legal actions, decisions, result),
        never its state; ``None`` while in the lobby."""
        return None if self.state is None else Position(get_game(self.key), self.state)

    def seat_of(self, user_id: int) -> int | None:
        for seat in self.seats:
            if seat.user_id == user_id:
                return seat.seat
        return None


@dataclass(frozen=True, slots=True)
class Applied:
    """A stored move: the game after it and the events it produced (the bot renders them)."""

    game: GameRecord
    events: tuple[Event, ...]
    deadlines: Mapping[int, Any] = field(default_factory=dict)
    """Seat → ``storage.turn_clock.TurnDeadline`` of the seats now to act, when the move was
    applied with ``clocked`` (empty otherwise)."""
    owed: Mapping[str, Any] | None = None
    """What the move owes the table, as written in its transaction (``storage.owed``): the
    follow-through still to deliver, held by the process that stored it; ``None`` when no row
    was written."""


@dataclass(frozen=True, slots=True)
class MoveRecord:
    game_id: int
    seq: int
    seat: int
    action: dict[str, Any]
    created_at: datetime


@dataclass(frozen=True, slots=True)
class UserStats:
    user_id: int
    played: int
    won: int
    per_game: dict[str, tuple[int, int]] = field(default_factory=dict)
    """game key → (played, won)."""


@dataclass(frozen=True, slots=True)
class LeaderRow:
    user_id: int
    played: int
    won: int
    points: float
    """Sum of the game's own scores over finished games."""


@dataclass(frozen=True, slots=True)
class Mismatch:
    """``python -m storage verify``: a game whose replayed log differs from its snapshot or
    that cannot be replayed at all."""

    game_id: int
    reason: str
