"""Structured logs: every line carries the guild, channel and game it is about.

Where they come from: ``log_context`` (a ``contextvars.ContextVar``) is set by ``Reply`` for
the interaction being handled — each interaction runs in its own task, so concurrent games
never mix their fields — and a call may pass them itself with ``extra=`` (the scheduler does,
per game). ``ContextFilter`` puts them on every record.

Two formats, chosen by ``LOG_FORMAT``: ``plain`` (one readable line) or ``json`` (one JSON
object per line, for log collectors). What never goes to a log: the token (``SecretFilter``
replaces it should any library print it) and private views — the bot logs ids and event
kinds, never a seat's view.
"""

from __future__ import annotations

import contextvars
import json
import logging
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

FIELDS = ("guild_id", "channel_id", "game_id")
log_context: contextvars.ContextVar[dict[str, int | None]] = contextvars.ContextVar("tavern_log_context")
REDACTED = "[redacted]"


def bind(**fields: int | None) -> contextvars.Token[dict[str, int | None]]:
    """Add fields to the current task's log context; returns the token to ``reset`` it."""
    return log_context.set({**log_context.get({}), **fields})


@contextmanager
def bound(**fields: int | None) -> Iterator[None]:
    token = bind(**fields)
    try:
        yield
    finally:
        log_context.reset(token)


class ContextFilter(logging.Filter):
    """Every record gets ``guild_id``, ``channel_id`` and ``game_id`` (``None`` when unknown):
    from ``extra=`` if given, else from ``log_context``."""

    def filter(self, record: logging.LogRecord) -> bool:
        context = log_context.get({})
        for name in FIELDS:
            if getattr(record, name, None) is None:
                setattr(record, name, context.get(name))
        return True


class SecretFilter(logging.Filter):
    """Blank out secrets (the bot token) wherever they would appear in a message."""

    def __init__(self, secrets: tuple[str, ...]) -> None:
        super().__init__()
        self.secrets = tuple(s for s in secrets if s)

    def filter(self, record: logging.LogRecord) -> bool:
        if not self.secrets:
            return True
        message = record.getMessage()
        cleaned = message
        for secret in self.secrets:
            cleaned = cleaned.replace(secret, REDACTED)
        if cleaned != message:
            record.msg, record.args = cleaned, None
        return True


NOISE: frozenset[tuple[str, str]] = frozenset(
    {
        ("discord.client", "PyNaCl is not installed, voice will NOT be supported"),
        ("discord.client", "davey is not installed, voice will NOT be supported"),
        ("discord.client", "logging in using static token"),
    }
)
"""discord.py's lines at every start that tell an operator nothing: Tavern uses no voice, and
logs in no other way. Without them a token Discord refuses is told in Tavern's one line."""


class NoiseFilter(logging.Filter):
    """Drop the lines of ``NOISE`` (by logger and message as written, before any argument)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return (record.name, str(record.msg)) not in NOISE


class PlainFormatter(logging.Formatter):
    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s [%(where)s] %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        parts = [
            f"{name.split('_')[0]}={getattr(record, name)}" for name in FIELDS if getattr(record, name, None)
        ]
        record.where = " ".join(parts) or "-"
        return super().format(record)


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in FIELDS:
            line[name] = getattr(record, name, None)
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False)


FORMATTERS: dict[str, type[logging.Formatter]] = {"plain": PlainFormatter, "json": JsonFormatter}


def setup_logging(level: str, log_format: str, *, secrets: tuple[str, ...] = ()) -> logging.Handler:
    """Route every logger (the bot's and discord.py's) to stderr in ``log_format``."""
    handler = logging.StreamHandler()
    handler.setFormatter(FORMATTERS[log_format]())
    handler.addFilter(NoiseFilter())
    handler.addFilter(ContextFilter())
    handler.addFilter(SecretFilter(secrets))
    root = logging.getLogger()
    for old in list(root.handlers):
        root.removeHandler(old)
    root.addHandler(handler)
    root.setLevel(level)
    return handler
