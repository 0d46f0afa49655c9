"""Skill ratings in words, the same on Discord and on the web table's leaderboard page: a
player's name, his rating (the conservative one, what boards order by), a change and a trend.

A rating is shown to one decimal; a change or trend with its sign, so that a fall reads as one.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from bot.i18n import t
from storage.rating_rows import RatingRow
from storage.ratings import PROVISIONAL_GAMES, Change, Rating, policy_of, user_of

Name = Callable[[str], str]
"""A player's name as an audience reads it (a mention on Discord, a name on a web page)."""


def shown(value: float) -> float:
    """A rating as shown: one decimal (and never ``-0.0``)."""
    return round(value, 1) + 0.0


def signed(lang: str, change: float) -> str:
    """``+2.6`` or ``−1.3`` (``±0`` when it rounds to nothing)."""
    value = shown(change)
    sign = "plus" if value > 0 else "minus" if value < 0 else "none"
    return t(lang, f"stats.rating_{sign}", change=abs(value))


def mention(lang: str, player: str) -> str:
    """A player on Discord: a person's mention, a computer level's name."""
    user = user_of(player)
    return f"<@{user}>" if user is not None else computer_name(lang, player)


def computer_name(lang: str, player: str) -> str:
    """A computer level as its seats are named (``🤖 greedy``)."""
    return t(lang, "ai.seat_name", policy=policy_of(player))


def rating_value(rating: Rating) -> float:
    return shown(rating.conservative)


def board_lines(lang: str, rows: Sequence[RatingRow], name: Name, *, numbered: bool) -> list[str]:
    """One line per player in the board's order: place (when ``numbered``), name, rating and
    games played."""
    key = "leaderboard.rating_line" if numbered else "leaderboard.provisional_line"
    return [
        t(lang, key, rank=place, player=name(row.player), rating=rating_value(row.rating), played=row.games)
        for place, row in enumerate(rows, start=1)
    ]


def provisional_heading(lang: str) -> str:
    return t(lang, "leaderboard.provisional", games=PROVISIONAL_GAMES)


def change_text(lang: str, change: Change) -> str:
    """``rating 3.4 (+3.4)``: the rating after a game and what the game changed."""
    after, before = change.after.conservative, change.before.conservative
    return t(lang, "board.rating_change", rating=shown(after), change=signed(lang, after - before))


__all__ = [
    "Name",
    "board_lines",
    "change_text",
    "computer_name",
    "mention",
    "provisional_heading",
    "rating_value",
    "shown",
    "signed",
]
