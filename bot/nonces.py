"""The nonces of the messages a stored move's follow-through posts (a turn ping, a DM, a board
posted again). discord.py sends a message's nonce with ``enforce_nonce``, and Discord then
returns the message first sent with that nonce, instead of creating a second one, for the same
nonce sent again by the same bot within a few minutes. A nonce made of the game, the version and
the seat is the same each time a part of one move is delivered, so a part delivered again
after a process died between sending it and marking it done (``bot.owed``) reaches nobody
twice — within those minutes."""

from __future__ import annotations

from enum import StrEnum

DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"
MAX_LENGTH = 25
"""Discord's limit on a nonce given as text."""


class Kind(StrEnum):
    PING = "p"
    DM = "d"
    BOARD = "b"


def nonce(kind: Kind, game_id: int, version: int, seat: int | None = None) -> str:
    """One letter for the kind, then the game, the version and the seat in base 36: at most 24
    characters for any game id a 64-bit integer holds."""
    numbers = (game_id, version) if seat is None else (game_id, version, seat)
    return kind.value + ".".join(base36(n) for n in numbers)


def base36(number: int) -> str:
    if number < 0:
        raise ValueError(f"a nonce numbers nothing below 0: {number}")
    text = ""
    while True:
        number, digit = divmod(number, 36)
        text = DIGITS[digit] + text
        if number == 0:
            return text


__all__ = ["MAX_LENGTH", "Kind", "base36", "nonce"]
