"""A server's leaderboard page on the web table: every game's players by skill rating in the
server's ratings, provisional players apart, as ``/leaderboard`` shows them on Discord.

The page is public like a game's live board: found only at the signed address ``/leaderboard``
links to (``tokens.Signer.server_address``), never by counting server ids. A person is named as
he last sat at a table (a mention means nothing on a web page); a computer level as its seats.
"""

from __future__ import annotations

from dataclasses import dataclass

import engine
from bot.i18n import t
from bot.rating_words import computer_name, rating_value
from storage import Repository
from storage.rating_rows import RatingBoard, RatingRow
from storage.ratings import user_of

ROWS = 25
"""Players shown per list and game (the page is a glance, as the command is)."""


@dataclass(frozen=True, slots=True)
class ShownRow:
    name: str
    rating: str
    games: int


@dataclass(frozen=True, slots=True)
class ShownBoard:
    key: str
    title: str
    rated: list[ShownRow]
    provisional: list[ShownRow]
    empty: str


async def server_boards(repo: Repository, guild_id: int) -> dict[str, RatingBoard]:
    """Every game's board in the server's ratings, by game key."""
    return {key: await repo.rating_board(key, guild_id=guild_id, limit=ROWS) for key in engine.game_keys()}


async def names_of(repo: Repository, boards: dict[str, RatingBoard]) -> dict[int, str]:
    users = {
        user
        for board in boards.values()
        for row in (*board.rated, *board.provisional)
        if (user := user_of(row.player)) is not None
    }
    return await repo.seat_names(sorted(users))


def shown_boards(lang: str, boards: dict[str, RatingBoard], names: dict[int, str]) -> list[ShownBoard]:
    def shown(row: RatingRow) -> ShownRow:
        user = user_of(row.player)
        name = computer_name(lang, row.player) if user is None else names.get(user, t(lang, "web.someone"))
        rating = t(lang, "leaderboard.rating_value", rating=rating_value(row.rating))
        return ShownRow(name, rating, row.games)

    return [
        ShownBoard(
            key,
            engine.get_game(key).title,
            [shown(r) for r in board.rated],
            [shown(r) for r in board.provisional],
            t(lang, "leaderboard.no_rated" if board.provisional else "leaderboard.empty"),
        )
        for key, board in boards.items()
    ]


__all__ = ["ROWS", "ShownBoard", "ShownRow", "names_of", "server_boards", "shown_boards"]
