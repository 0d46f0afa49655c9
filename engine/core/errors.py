"""Errors the engine raises. Each carries a stable ``code`` and parameters so the bot can
translate it, plus an English ``message`` for logs, tests and the terminal.

Errors often quote what a player typed, and a player may type anything: the message and every
text parameter are cut to a bounded length (with ``…``) and lists to a bounded number of items,
so an error is always short enough to show."""

from __future__ import annotations

from typing import Any

MAX_MESSAGE = 300
"""Characters in an error's message."""
MAX_TEXT = 80
"""Characters in a text parameter (a quoted cell, a typed action)."""
MAX_ITEMS = 20
"""Items of a list parameter (a placement's problems); ``<name>_more`` counts the rest."""
MAX_NUMBER = 10**18
"""The largest integer parameter shown as it is; a larger one (a number a player sent, of
thousands of digits) is shown as ``…``: Python refuses to write an integer of more than 4,300
digits as text, and a message would have no room for it."""


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, the cut shown by ``…``."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _bounded(params: dict[str, Any]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, value in params.items():
        if isinstance(value, str):
            value = clip(value, MAX_TEXT)
        elif isinstance(value, int) and not -MAX_NUMBER <= value <= MAX_NUMBER:
            value = "…"
        elif isinstance(value, list) and len(value) > MAX_ITEMS:
            out[f"{name}_more"] = len(value) - MAX_ITEMS
            value = value[:MAX_ITEMS]
        out[name] = value
    return out


class EngineError(Exception):
    """Base of every error the engine raises on purpose."""

    code: str = "engine_error"

    def __init__(self, message: str, code: str | None = None, **params: Any) -> None:
        message = clip(message, MAX_MESSAGE)
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code
        self.params = _bounded(params)

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


class DamagedState(EngineError):
    """A stored position or stored options that no game of these rules can be in: a value of
    the wrong type or out of the bounds the game's data sets, a key missing or unknown, counts
    that do not add up, an index off the board. The message says what is wrong and where."""

    code = "damaged_state"


class UnknownGame(EngineError):
    code = "unknown_game"
