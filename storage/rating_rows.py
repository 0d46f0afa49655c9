"""Ratings in storage: written in the transaction that stores a game's last move, read for
leaderboards, statistics and a game's final board.

``ratings`` holds each player's rating per game and scope (``storage.ratings``); each rated
game writes, per scope and seat, a ``rating_changes`` row with the rating before and after and
the game's place in the rating order (``seq``). Games are rated in the order they end: the
transaction locks the players' rating rows (always in one order, so two never wait for each
other) before it reads them and takes the next place in the order, so of two games that share a
player, the one that commits later reads the other's ratings and comes after it, and two games
that share none change disjoint ratings in either order. Rebuilt in ``seq`` order from the
games' results, the ratings come out the same (``storage.rating_check``).
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass

import engine
from storage.database import Connection, Row
from storage.ratings import (
    NEW,
    PROVISIONAL_GAMES,
    TREND_GAMES,
    Change,
    RatedGame,
    Rating,
    RatingKey,
    Standing,
    changes_of,
    rated_game,
)
from storage.schema import EVERYWHERE, NO_SERVER

RatingPolicyReader = Callable[[Connection, int | None], Awaitable[bool]]
"""Whether a server rates games with computer seats (its setting, read in the transaction that
ends the game; storage keeps no server settings itself)."""


async def computers_unrated(db: Connection, guild_id: int | None) -> bool:
    """The default: games with a computer seat are not rated."""
    return False


def scopes_of(guild_id: int | None) -> tuple[int, ...]:
    """The ratings a game on ``guild_id`` changes: its server's and every server's."""
    return (guild_id or NO_SERVER, EVERYWHERE)


def match_of(
    game_id: int,
    key: str,
    guild_id: int | None,
    options: dict[str, object],
    result: engine.Result,
    seats: Sequence[tuple[int | None, str | None]],
    *,
    rate_computers: bool,
) -> RatedGame | None:
    """A finished game as ``storage.ratings`` rates it, or ``None`` when it is not rated."""
    return rated_game(
        game_id,
        key,
        scopes_of(guild_id),
        options,
        result.ranks,
        result.team,
        seats,
        rate_computers=rate_computers,
    )


INSERT_NEW = (
    "INSERT INTO ratings (key, guild_id, player, mu, sigma, games, conservative) VALUES (?, ?, ?, ?, ?, 0, ?)"
    " ON CONFLICT (key, guild_id, player) DO NOTHING"
)
UPDATE_RATING = (
    "UPDATE ratings SET mu = ?, sigma = ?, games = games + 1, conservative = ?"
    " WHERE key = ? AND guild_id = ? AND player = ?"
)
INSERT_CHANGE = (
    "INSERT INTO rating_changes (game_id, guild_id, seat, seq, key, player,"
    " mu_before, sigma_before, mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)


async def rate_in(db: Connection, game: RatedGame) -> list[Change]:
    """Rate the finished ``game`` in the transaction storing its last move: its changes."""
    keys = sorted({(game.key, scope, player) for scope in game.scopes for player in game.players})
    await db.execute_many(INSERT_NEW, [(*k, NEW.mu, NEW.sigma, NEW.conservative) for k in keys])
    standings: dict[RatingKey, Standing] = {}
    for key in keys:  # one at a time, in one order: every process locks in that order
        row = await db.fetch_one(
            "SELECT mu, sigma, games FROM ratings WHERE key = ? AND guild_id = ? AND player = ?"
            + db.for_update,
            key,
        )
        assert row is not None  # inserted above when missing
        standings[key] = Standing(Rating(float(row[0]), float(row[1])), int(row[2]))
    last = await db.fetch_one("SELECT MAX(seq) FROM rating_changes")
    seq = 1 + (0 if last is None or last[0] is None else int(last[0]))
    changes = changes_of(game, standings)
    await db.execute_many(INSERT_CHANGE, [change_row(c, seq) for c in changes])
    await db.execute_many(
        UPDATE_RATING,
        [(c.after.mu, c.after.sigma, c.after.conservative, c.key, c.scope, c.player) for c in changes],
    )
    return changes


def change_row(change: Change, seq: int) -> tuple[object, ...]:
    return (
        change.game_id,
        change.scope,
        change.seat,
        seq,
        change.key,
        change.player,
        change.before.mu,
        change.before.sigma,
        change.after.mu,
        change.after.sigma,
    )


def change_of(row: Row) -> Change:
    """A ``rating_changes`` row read with ``CHANGE_COLUMNS``."""
    return Change(
        game_id=int(row[0]),
        scope=int(row[1]),
        seat=int(row[2]),
        key=row[3],
        player=row[4],
        before=Rating(float(row[5]), float(row[6])),
        after=Rating(float(row[7]), float(row[8])),
    )


CHANGE_COLUMNS = "game_id, guild_id, seat, key, player, mu_before, sigma_before, mu, sigma"


async def game_changes(db: Connection, game_id: int, guild_id: int | None) -> tuple[Change, ...]:
    """A finished game's changes in its own server's ratings, by seat (none when unrated)."""
    rows = await db.fetch(
        f"SELECT {CHANGE_COLUMNS} FROM rating_changes WHERE game_id = ? AND guild_id = ? ORDER BY seat",
        (game_id, guild_id or NO_SERVER),
    )
    return tuple(change_of(row) for row in rows)


@dataclass(frozen=True, slots=True)
class RatingRow:
    player: str
    rating: Rating
    games: int


@dataclass(frozen=True, slots=True)
class RatingBoard:
    """A game's leaderboard in one scope: players with ``PROVISIONAL_GAMES`` rated games or
    more by conservative rating, and apart, those with fewer."""

    rated: list[RatingRow]
    provisional: list[RatingRow]


RATED = (
    "SELECT player, mu, sigma, games FROM ratings WHERE key = ? AND guild_id = ?"
    f" AND games >= {PROVISIONAL_GAMES} ORDER BY conservative DESC, player LIMIT ?"
)
"""A leaderboard's ranked players: the first rows of ``ratings_ranked`` (the games are written
into the statement, as the partial index's condition is, so that the planner can match them)."""
PROVISIONAL = (
    "SELECT player, mu, sigma, games FROM ratings WHERE key = ? AND guild_id = ?"
    f" AND games > 0 AND games < {PROVISIONAL_GAMES} ORDER BY conservative DESC, player LIMIT ?"
)
"""A leaderboard's provisional players: the first rows of ``ratings_provisional``."""


async def rating_board(db: Connection, key: str, scope: int, limit: int) -> RatingBoard:
    rated = await db.fetch(RATED, (key, scope, limit))
    provisional = await db.fetch(PROVISIONAL, (key, scope, limit))
    return RatingBoard([_rating_row(r) for r in rated], [_rating_row(r) for r in provisional])


def _rating_row(row: Row) -> RatingRow:
    return RatingRow(row[0], Rating(float(row[1]), float(row[2])), int(row[3]))


@dataclass(frozen=True, slots=True)
class PlayerRating:
    """A player's rating in one game and scope, and how it moved over his last games."""

    key: str
    rating: Rating
    games: int
    trend: float
    """The conservative rating's change over the last ``TREND_GAMES`` rated games (or fewer)."""


async def player_ratings(db: Connection, player: str, scope: int) -> list[PlayerRating]:
    """Every game a player is rated in, in one scope, by game key."""
    rows = await db.fetch(
        "SELECT key, mu, sigma, games FROM ratings"
        " WHERE player = ? AND guild_id = ? AND games > 0 ORDER BY key",
        (player, scope),
    )
    found = []
    for key, mu, sigma, games in rows:
        recent = await db.fetch(
            "SELECT mu_before, sigma_before FROM rating_changes WHERE key = ? AND guild_id = ? AND player = ?"
            " ORDER BY seq DESC LIMIT ?",
            (key, scope, player, TREND_GAMES),
        )
        rating = Rating(float(mu), float(sigma))
        start = Rating(float(recent[-1][0]), float(recent[-1][1])) if recent else rating
        found.append(PlayerRating(key, rating, int(games), rating.conservative - start.conservative))
    return found


__all__ = [
    "CHANGE_COLUMNS",
    "PROVISIONAL",
    "RATED",
    "PlayerRating",
    "RatingBoard",
    "RatingPolicyReader",
    "RatingRow",
    "change_of",
    "change_row",
    "computers_unrated",
    "game_changes",
    "match_of",
    "player_ratings",
    "rate_in",
    "rating_board",
    "scopes_of",
]
