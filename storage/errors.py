"""Errors the repository raises. Each has a stable ``code`` the bot translates for players."""

from __future__ import annotations

from typing import Any


class StorageError(Exception):
    code = "storage_error"

    def __init__(self, message: str, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        self.params = params

    def __str__(self) -> str:
        return self.message


class UnsupportedDatabaseURL(StorageError):
    """``DATABASE_URL`` names neither ``sqlite:///`` nor ``postgresql://``."""

    code = "unsupported_database_url"


class DatabaseUnavailable(StorageError):
    """The database cannot be used at all: a file that is not a database or cannot be
    written, a folder that cannot be created, a server that cannot be reached or refuses the
    login. The message names the database (any password masked) and what to do.

    Every operation raises it, too, when the database goes away while it runs (the server
    stops, a connection is cut, the pool is closing): whatever the driver raised is its cause.
    A move whose commit may have happened is first looked up again: returned as played when it
    was stored, else ``MoveNotStored``, or ``CommitUnknown`` when even that cannot be asked."""

    code = "database_unavailable"


class MoveNotStored(DatabaseUnavailable):
    """The database went away during a move, and asked again says the move is not in the game's
    log: nothing of it was stored, and it may be made again."""

    code = "move_not_stored"


class CommitUnknown(DatabaseUnavailable):
    """The database went away while a move was being committed, and could not be asked
    afterwards whether the move was stored: it may have been. The game's board tells."""

    code = "commit_unknown"


class ConstraintViolation(StorageError):
    """A write the schema refuses (a foreign key, a unique key, the append-only move log),
    whichever backend refused it."""

    code = "constraint_violation"


class GameNotFound(StorageError):
    code = "game_not_found"


class GameUnavailable(StorageError):
    """The game's stored row cannot be read (corrupt JSON, unknown game key …). Only that game
    is affected; the reason is logged."""

    code = "game_unavailable"


class StaleVersion(StorageError):
    """The move was made against an older version of the game (a stale or double click)."""

    code = "stale"


class ChannelBusy(StorageError):
    """The channel already has a lobby or an active game (``params['game_id']``)."""

    code = "channel_busy"


class LobbyError(StorageError):
    """A lobby operation that the lobby's state forbids. ``code`` says which:
    ``not_in_lobby``, ``already_seated``, ``game_full``, ``not_seated``, ``too_few_players``."""

    def __init__(self, code: str, message: str, **params: Any) -> None:
        super().__init__(message, **params)
        self.code = code


class NotPlaying(StorageError):
    """The game is not active (still a lobby, finished or abandoned)."""

    code = "not_playing"
