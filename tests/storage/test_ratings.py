"""Skill ratings: worked by hand through the library for a duel, a four-player game with a shared
place and a team against the game, then stored with each game's last move, on both databases,
and rebuilt from the move logs by ``verify`` to the same numbers."""

from __future__ import annotations

import random

import pytest
from openskill.models import PlackettLuce

import engine
from bot.stored import guild_settings
from bot.stored.guild_settings import GuildSettings
from storage import GameStatus, Repository
from storage.rating_rows import PROVISIONAL, RATED
from storage.ratings import NEW, RatedGame, Rating, computer, person, rate, rated_game
from storage.schema import EVERYWHERE
from tests.storage.helpers import play, started_game
from tests.storage.servers import Raw
from tests.storage.test_flat_reads import query_plan
from tests.storage.test_integrity import run_verify

LIBRARY = PlackettLuce()
DEFAULT = (25.0, 25.0 / 3.0)


def match(ranks: tuple[int, ...], team: str | None = None, difficulty: str = "normal") -> RatedGame:
    players = tuple(str(n) for n in range(len(ranks)))
    return RatedGame(1, "any", (1,), players, ranks, team, difficulty)  # type: ignore[arg-type]


def test_a_duel_moves_both_ratings_by_the_library_s_numbers() -> None:
    winner, loser = rate(match((1, 2)), [NEW, NEW])
    # PlackettLuce defaults, two new players, the first wins (worked with the library itself):
    assert winner == Rating(27.635389493140497, 8.06590141354368)
    assert loser == Rating(22.364610506859503, 8.06590141354368)
    drawn = rate(match((1, 1)), [NEW, NEW])
    assert drawn[0] == drawn[1] and drawn[0].mu == 25.0 and drawn[0].sigma < NEW.sigma


def test_four_players_with_a_shared_second_place() -> None:
    after = rate(match((1, 2, 2, 4)), [NEW] * 4)
    assert [round(r.mu, 6) for r in after] == [27.795253, 24.689416, 24.689416, 22.825915]
    expected = LIBRARY.rate([[LIBRARY.rating()] for _ in range(4)], ranks=[1, 2, 2, 4])
    assert after == [Rating(team[0].mu, team[0].sigma) for team in expected]


def test_a_team_plays_the_game_and_a_harder_game_counts_more() -> None:
    won = rate(match((1, 1, 1), team="won"), [NEW] * 3)
    game = [LIBRARY.rating(mu=25.0, sigma=DEFAULT[1]) for _ in range(3)]
    expected = LIBRARY.rate([[LIBRARY.rating() for _ in range(3)], game], ranks=[1, 2])[0]
    assert won == [Rating(r.mu, r.sigma) for r in expected]
    gains = {
        d: rate(match((1, 1), team="won", difficulty=d), [NEW] * 2)[0].mu - 25.0
        for d in ("easy", "normal", "hard")
    }
    assert 0 < gains["easy"] < gains["normal"] < gains["hard"]
    losses = {
        d: 25.0 - rate(match((1, 1), team="lost", difficulty=d), [NEW] * 2)[0].mu for d in ("easy", "hard")
    }
    assert losses["easy"] > losses["hard"] > 0  # losing an easy game costs more


def test_a_co_operative_game_is_played_at_the_difficulty_its_options_name() -> None:
    def table(options: dict[str, object]) -> RatedGame:
        found = rated_game(
            1, "any", (1,), options, (1, 1), "won", [(5, None), (6, None)], rate_computers=False
        )
        assert found is not None
        return found

    assert table({"difficulty": "hard"}).difficulty == "hard"
    assert table({}).difficulty == table({"difficulty": "unheard-of"}).difficulty == "normal"
    hard, normal = (rate(table(o), [NEW, NEW])[0].mu for o in ({"difficulty": "hard"}, {}))
    assert hard > normal > NEW.mu


def test_a_computer_level_sitting_twice_plays_at_its_rating_but_is_not_moved() -> None:
    game = RatedGame(
        1, "any", (1,), (person(5), computer("random"), computer("random")), (1, 2, 3), None, "normal"
    )
    assert game.changing == (0,)
    after = rate(game, [NEW, NEW, NEW])
    assert after[1] == after[2] == NEW and after[0].mu > 25.0


async def raid_resigned(repo: Repository, channel_id: int, resigner: int, users: tuple[int, int]) -> int:
    lobby = await repo.create_lobby(
        "raid", guild_id=1, channel_id=channel_id, host_id=users[0], host_name="a", options={}
    )
    await repo.join(lobby.id, users[1], "b")
    game = await repo.start(lobby.id, seed=3)
    done = await repo.apply(game.id, expected_version=0, seat=resigner, action={"kind": engine.RESIGN})
    assert done.game.status is GameStatus.FINISHED
    return game.id


async def test_a_resigned_duel_is_rated_as_ranked_and_shown_with_the_game(repo: Repository) -> None:
    game_id = await raid_resigned(repo, 1, resigner=0, users=(21, 22))
    record = await repo.get(game_id)
    assert record.result is not None and record.result.ranks == (2, 1)
    loser, winner = rate(match((2, 1)), [NEW, NEW])
    assert [(c.seat, c.player, c.after) for c in record.ratings] == [(0, "21", loser), (1, "22", winner)]
    board = await repo.rating_board("raid", guild_id=1)
    assert board.rated == [] and [r.player for r in board.provisional] == ["22", "21"]
    everywhere = await repo.rating_board("raid", guild_id=None)
    assert [r.rating for r in everywhere.provisional] == [winner, loser]
    # A second duel starts from the first one's ratings, and the trend follows both games.
    await raid_resigned(repo, 2, resigner=0, users=(21, 22))
    mine = await repo.player_ratings(22, guild_id=1)
    assert len(mine) == 1 and mine[0].games == 2
    second = rate(match((2, 1)), [loser, winner])[1]
    assert mine[0].rating == second
    assert mine[0].trend == pytest.approx(second.conservative - NEW.conservative)


async def test_a_rebuild_from_the_logs_equals_what_was_stored(
    repo: Repository, raw: Raw, db_url: str
) -> None:
    rng = random.Random(4)
    for channel in range(6):
        humans = ((11, 12, 13, 14), (11, 12), (12, 13, 14))[channel % 3]
        game = await started_game(
            repo, channel_id=channel, guild_id=1 + channel % 2, humans=humans, seed=channel
        )
        await play(repo, game, rng)
    await raid_resigned(repo, 50, resigner=1, users=(11, 13))
    assert await repo.verify() == []
    counted = await raw.fetch("SELECT COUNT(DISTINCT game_id) FROM rating_changes")
    assert counted[0][0] == 7
    # Any stored number that the logs do not give is named, with the game it came from.
    await raw.execute(
        f"UPDATE ratings SET mu = mu + 1 WHERE player = '13' AND guild_id = {EVERYWHERE} AND key = 'raid'"
    )
    await raw.execute("UPDATE rating_changes SET mu = mu - 1 WHERE game_id = 2 AND seat = 0")
    problems = {(m.game_id, m.reason) for m in await repo.verify()}
    assert (2, "the rating changes differ from the ones rebuilt from the log") in problems
    assert any(reason.startswith(f"the raid rating of 13 in scope {EVERYWHERE}") for _, reason in problems)
    done = run_verify("--database-url", db_url)  # python -m storage verify says the same
    assert done.returncode == 1
    assert "MISMATCH game 2: the rating changes differ from the ones rebuilt from the log" in done.stdout


async def test_computer_seats_are_unrated_unless_the_server_rates_them(repo: Repository) -> None:
    rng = random.Random(2)
    unrated = await play(repo, await started_game(repo, channel_id=1, humans=(11,), ais=1), rng)
    assert unrated.status is GameStatus.FINISHED and unrated.ratings == ()
    await guild_settings.write(repo, 1, GuildSettings(rate_computers=True))
    rated = await play(repo, await started_game(repo, channel_id=2, humans=(11,), ais=1), rng)
    assert [c.player for c in rated.ratings] == ["11", "ai:random"]
    board = await repo.rating_board("pickomino", guild_id=1)
    assert {r.player for r in board.provisional} == {"11", "ai:random"}
    assert await repo.verify() == []


@pytest.mark.parametrize("guild_id", [1, EVERYWHERE])
async def test_a_rating_board_reads_each_list_from_its_own_index_in_its_order(
    repo: Repository, backend: str, guild_id: int
) -> None:
    for sql, index in ((RATED, "ratings_ranked"), (PROVISIONAL, "ratings_provisional")):
        plan = await query_plan(repo.database, backend, sql, ("pickomino", guild_id, 10))
        assert index in plan
        assert "TEMP B-TREE" not in plan and "Sort" not in plan  # nothing sorted: the index is in order
