"""The current schema's everyday statements: every table and its key, the rows a finished game
writes (results and standings), and what the turn clock asks of its rows. The migrations that
made the schema are frozen in ``storage.migrations``.
"""

from __future__ import annotations

import engine

FIRST_STATE_VERSION = 1
"""Every game's first state version: what a game stored before v13 recorded them is taken to be
at (its rules' upgrade fills in only what its options lack, so a game stored later and already
in a later version's form is upgraded to itself)."""

TABLES: dict[str, tuple[str, ...]] = {
    "games": ("id",),
    "seats": ("game_id", "seat"),
    "moves": ("game_id", "seq"),
    "results": ("game_id", "seat"),
    "guild_settings": ("guild_id",),
    "turn_deadlines": ("game_id", "seat"),
    "missed_turns": ("game_id", "seat"),
    "turn_pings": ("message_id",),
    "standings": ("key", "guild_id", "user_id"),
    "computer_turns": ("game_id",),
    "dm_notices": ("game_id", "user_id"),
    "player_settings": ("user_id", "key"),
    "owed": ("game_id", "version"),
    "ratings": ("key", "guild_id", "player"),
    "rating_changes": ("game_id", "guild_id", "seat"),
}
"""Every table and its key, each after the tables it refers to (the order a copy fills them in)."""

COUNTED_TABLES = ("game_counts",)
"""Tables the database keeps by itself from the others (triggers): never copied, since the copy's
own inserts count themselves, but written with every game, so the bot's user must be let write
them."""


def result_rows(
    game_id: int, key: str, result: engine.Result, user_ids: list[int | None], finished_at: str
) -> list[tuple[object, ...]]:
    """The ``results`` rows of one finished game, one per seat."""
    winners = set(result.winners)
    return [
        (
            game_id,
            seat,
            user_ids[seat],
            key,
            rank,
            result.scores[seat],
            int(seat in winners),
            finished_at,
            result.reason,
            result.team,
        )
        for seat, rank in enumerate(result.ranks)
    ]


ADD_STANDING = (
    "INSERT INTO standings (key, guild_id, user_id, played, won, points) VALUES (?, ?, ?, 1, ?, ?)"
    " ON CONFLICT (key, guild_id, user_id) DO UPDATE SET played = standings.played + 1,"
    " won = standings.won + excluded.won, points = standings.points + excluded.points"
)
"""One finished game added to a person's standing (``standing_rows``)."""


NO_SERVER, EVERYWHERE = 0, -1
"""``standings.guild_id`` of a game outside any server, and of the totals over every game."""


def standing_rows(
    key: str, guild_id: int | None, result: engine.Result, user_ids: list[int | None]
) -> list[tuple[object, ...]]:
    """The ``ADD_STANDING`` rows of one finished game: for each person (not computer players),
    one in the game's server and one in the totals."""
    winners = set(result.winners)
    return [
        (key, server, user, int(seat in winners), result.scores[seat])
        for seat, user in enumerate(user_ids)
        if user is not None
        for server in (guild_id or NO_SERVER, EVERYWHERE)
    ]


INSERT_RESULT = (
    "INSERT INTO results (game_id, seat, user_id, key, rank, score, won, finished_at, reason, team)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
PENDING = (
    "CASE WHEN reminded = 0 AND reminder_owner IS NULL AND reminder_at IS NOT NULL THEN reminder_at"
    " WHEN timed_out = 0 AND timeout_owner IS NULL THEN deadline_at END"
)
"""The earliest moment a ``turn_deadlines`` row's reminder or timeout can be claimed while nobody
holds it (a row's reminder comes before its deadline); NULL when neither can."""


__all__ = [
    "ADD_STANDING",
    "COUNTED_TABLES",
    "EVERYWHERE",
    "FIRST_STATE_VERSION",
    "INSERT_RESULT",
    "NO_SERVER",
    "PENDING",
    "TABLES",
    "result_rows",
    "standing_rows",
]
