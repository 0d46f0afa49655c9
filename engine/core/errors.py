"""Errors the engine raises. Each carries a stable ``code`` and parameters so the bot can
translate it, plus an English ``message`` for logs, tests and the terminal."""

from __future__ import annotations

from typing import Any


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""

    code: str = "engine_error"

    def __init__(self, message: str, code: str | None = None, **params: Any) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.params = params

    def __str__(self) -> str:
        return self.message


class IllegalAction(EngineError):
    """The action is well formed but not allowed now (wrong seat, wrong phase, not in the rules)."""

    code = "illegal"


class BadAction(EngineError):
    """The action could not even be read: unknown kind, missing or malformed fields."""

    code = "bad_action"


class BadOptions(EngineError):
    """``new`` got options or a seat count the game does not accept."""

    code = "bad_options"


class UnknownGame(EngineError):
    code = "unknown_game"
