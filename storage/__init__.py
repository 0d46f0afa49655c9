"""Durable, replayable game records in SQLite (aiosqlite, the default) or PostgreSQL
(asyncpg): lobbies, seats, the move log, snapshots and results. ``open_repository(url)`` is
the way in."""

from storage.errors import (
    ChannelBusy,
    CommitUnknown,
    ConstraintViolation,
    DatabaseUnavailable,
    GameNotFound,
    GameUnavailable,
    LobbyError,
    MoveNotStored,
    NotPlaying,
    StaleVersion,
    StorageError,
    UnsupportedDatabaseURL,
)
from storage.models import (
    Applied,
    GameRecord,
    GameStatus,
    LeaderRow,
    Mismatch,
    MoveRecord,
    SeatRecord,
    UserStats,
)
from storage.repository import Repository, open_repository
from storage.url import DEFAULT_URL, DatabaseLocation, PostgresLocation, SqliteLocation, parse_database_url

__all__ = [
    "DEFAULT_URL",
    "Applied",
    "ChannelBusy",
    "CommitUnknown",
    "ConstraintViolation",
    "DatabaseLocation",
    "DatabaseUnavailable",
    "GameNotFound",
    "GameRecord",
    "GameStatus",
    "GameUnavailable",
    "LeaderRow",
    "LobbyError",
    "Mismatch",
    "MoveNotStored",
    "MoveRecord",
    "NotPlaying",
    "PostgresLocation",
    "Repository",
    "SeatRecord",
    "SqliteLocation",
    "StaleVersion",
    "StorageError",
    "UnsupportedDatabaseURL",
    "UserStats",
    "open_repository",
    "parse_database_url",
]
