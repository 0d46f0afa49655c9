"""What ``verify`` checks about the ratings: rebuilt from the games' replayed results, in the
order the games were rated, they must equal the stored ones — every rated game's changes and
every player's rating — and every finished game without a computer seat must be rated.

A game with a computer seat is rated only where its server said so when it ended (a setting
storage does not keep), so for such a game the stored changes say whether it was rated; how it
was rated is rebuilt and checked like any other's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import engine
from storage.database import Row
from storage.rating_rows import change_of, match_of
from storage.ratings import Change, Ledger, Rating, RatingKey


@dataclass(frozen=True, slots=True)
class Finished:
    """A finished game as its log replays: what rating it needs."""

    key: str
    guild_id: int | None
    options: dict[str, Any]
    seats: tuple[tuple[int | None, str | None], ...]
    """Each seat's user id, or ``None`` and its computer policy."""
    result: engine.Result


def rating_problems(
    finished: Mapping[int, Finished],
    change_rows: Sequence[Row],
    rating_rows: Sequence[Row],
) -> list[tuple[int, str]]:
    """(game id, problem) for each way the stored ratings differ from the rebuilt ones.
    ``change_rows``: every ``rating_changes`` row (``CHANGE_COLUMNS`` then ``seq``);
    ``rating_rows``: every ``ratings`` row (key, guild_id, player, mu, sigma, games)."""
    stored: dict[int, set[Change]] = {}
    order: dict[int, int] = {}
    for row in change_rows:
        change = change_of(row)
        stored.setdefault(change.game_id, set()).add(change)
        order[change.game_id] = min(order.get(change.game_id, int(row[9])), int(row[9]))
    problems: list[tuple[int, str]] = []
    for game_id, game in sorted(finished.items()):
        if game_id not in stored and all(user is not None for user, _ in game.seats):
            problems.append((game_id, "finished without a computer seat, but not rated"))
    ledger = Ledger()
    last_game: dict[RatingKey, int] = {}
    for game_id in sorted(stored, key=lambda g: (order[g], g)):
        over = finished.get(game_id)
        if over is None:
            problems.append((game_id, "rated, but not a finished game whose log replays"))
            continue
        match = match_of(
            game_id, over.key, over.guild_id, over.options, over.result, over.seats, rate_computers=True
        )
        assert match is not None  # computers rated: every seat has a player
        rebuilt = ledger.play(match)
        if set(rebuilt) != stored[game_id]:
            problems.append((game_id, "the rating changes differ from the ones rebuilt from the log"))
        for change in rebuilt:
            last_game[(change.key, change.scope, change.player)] = game_id
    found = {
        (row[0], int(row[1]), row[2]): (Rating(float(row[3]), float(row[4])), int(row[5]))
        for row in rating_rows
        if int(row[5]) > 0  # a row locked for a game that did not change it
    }
    expected = {key: (s.rating, s.games) for key, s in ledger.standings.items()}
    for key in sorted(found.keys() | expected.keys()):
        if found.get(key) != expected.get(key):
            game_id = last_game.get(key, 0)
            rating = f"the {key[0]} rating of {key[2]} in scope {key[1]}"
            problems.append((game_id, f"{rating} differs from the one rebuilt from the logs"))
    return problems


__all__ = ["Finished", "rating_problems"]
