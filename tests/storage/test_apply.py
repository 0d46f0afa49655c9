"""Moves: one transaction against an expected version; whole games through to results."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

import engine
from storage import GameStatus, NotPlaying, Repository, StaleVersion, open_repository
from tests.storage.conftest import TickingClock
from tests.storage.helpers import PICKOMINO, play, started_game
from tests.storage.servers import Raw


async def test_apply_stores_the_move_the_snapshot_and_the_version(
    repo: Repository, clock: TickingClock
) -> None:
    game = await started_game(repo)
    applied = await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})
    expected = PICKOMINO.apply(game.state, 0, PICKOMINO.parse_action({"kind": "roll"}))
    assert applied.events == expected.events
    assert PICKOMINO.dump_state(applied.game.state) == PICKOMINO.dump_state(expected.state)
    assert applied.game.version == 1 and applied.game.updated_at == clock.now
    assert await repo.get(game.id) == applied.game
    [move] = await repo.moves(game.id)
    assert (move.game_id, move.seq, move.seat, move.action, move.created_at) == (
        game.id,
        1,
        0,
        {"kind": "roll"},
        clock.now,
    )


async def test_the_log_holds_the_games_own_spelling_of_an_action(repo: Repository) -> None:
    game = await started_game(repo)
    game = (await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})).game
    face = next(a for a in PICKOMINO.legal_actions(game.state, 0)).face
    typed = {"kind": "keep", "face": int(face) if face != "worm" else "w"}
    await repo.apply(game.id, expected_version=1, seat=0, action=typed)
    assert (await repo.moves(game.id))[1].action == {"kind": "keep", "face": face}


async def test_a_stale_version_is_refused_and_changes_nothing(repo: Repository) -> None:
    game = await started_game(repo)
    after = (await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})).game
    with pytest.raises(StaleVersion) as stale:
        await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})
    assert stale.value.params == {"version": 1, "expected": 0}
    with pytest.raises(StaleVersion):
        await repo.apply(game.id, expected_version=5, seat=0, action={"kind": "roll"})
    assert await repo.get(game.id) == after
    assert len(await repo.moves(game.id)) == 1


@pytest.mark.parametrize(
    ("seat", "action", "error"),
    [
        (1, {"kind": "roll"}, engine.IllegalAction),  # not seat 1's turn
        (0, {"kind": "take", "tile": 21}, engine.IllegalAction),  # nothing kept yet
        (0, {"kind": "fly"}, engine.BadAction),
        (0, {"face": 3}, engine.BadAction),
    ],
)
async def test_a_refused_move_stores_nothing(
    repo: Repository, seat: int, action: dict[str, object], error: type[Exception]
) -> None:
    game = await started_game(repo)
    with pytest.raises(error):
        await repo.apply(game.id, expected_version=0, seat=seat, action=action)
    assert await repo.get(game.id) == game
    assert await repo.moves(game.id) == []


async def test_moves_need_a_running_game(repo: Repository) -> None:
    lobby = await repo.create_lobby(
        "pickomino", guild_id=1, channel_id=9, host_id=1, host_name="A", options={}
    )
    with pytest.raises(NotPlaying):
        await repo.apply(lobby.id, expected_version=0, seat=0, action={"kind": "roll"})
    finished = await play(repo, await started_game(repo), random.Random(3))
    assert finished.status == GameStatus.FINISHED
    with pytest.raises(NotPlaying):
        await repo.apply(finished.id, expected_version=finished.version, seat=0, action={"kind": "roll"})


async def test_two_concurrent_applies_at_one_version_store_one_move(repo: Repository) -> None:
    game = await started_game(repo)
    outcomes = await asyncio.gather(
        *(repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"}) for _ in range(2)),
        return_exceptions=True,
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["Applied", "StaleVersion"]
    assert len(await repo.moves(game.id)) == 1
    assert (await repo.get(game.id)).version == 1


async def test_a_burst_of_double_clicks_on_many_games_stores_one_move_each(repo: Repository) -> None:
    games = [await started_game(repo, channel_id=n) for n in range(5)]
    outcomes = await asyncio.gather(
        *(
            repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})
            for _ in range(4)
            for game in games
        ),
        return_exceptions=True,
    )
    assert sorted(type(o).__name__ for o in outcomes) == ["Applied"] * 5 + ["StaleVersion"] * 15
    for game in games:
        assert len(await repo.moves(game.id)) == 1


async def test_two_connections_racing_on_one_file_store_one_move(repo: Repository, db_url: str) -> None:
    """Two repositories (two connections, as two processes would have) on the same file."""
    game = await started_game(repo)
    other = await open_repository(db_url)
    try:
        outcomes = await asyncio.gather(
            repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"}),
            other.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"}),
            return_exceptions=True,
        )
        assert sorted(type(o).__name__ for o in outcomes) == ["Applied", "StaleVersion"]
        assert len(await other.moves(game.id)) == 1
    finally:
        await other.close()


async def test_resign_is_logged_and_marks_the_seat(repo: Repository) -> None:
    game = await started_game(repo, humans=(11, 12, 13))
    applied = await repo.apply(game.id, expected_version=0, seat=1, action={"kind": engine.RESIGN})
    assert [e.kind for e in applied.events] == ["resigned"]
    assert [s.resigned for s in applied.game.seats] == [False, True, False]
    assert applied.game.status == GameStatus.ACTIVE
    assert (await repo.moves(game.id))[0].action == {"kind": "resign"}
    assert await repo.get(game.id) == applied.game
    with pytest.raises(engine.IllegalAction):  # resigned seats cannot resign again
        await repo.apply(game.id, expected_version=1, seat=1, action={"kind": engine.RESIGN})
    assert await repo.verify() == []


async def test_resigning_a_two_player_game_finishes_it_with_results(repo: Repository) -> None:
    game = await started_game(repo, humans=(11, 12))
    applied = await repo.apply(game.id, expected_version=0, seat=0, action={"kind": engine.RESIGN})
    assert applied.game.status == GameStatus.FINISHED
    assert applied.game.result is not None and applied.game.result.winners == (1,)
    assert (await repo.user_stats(12)).won == 1
    assert (await repo.user_stats(11)).won == 0 and (await repo.user_stats(11)).played == 1
    assert await repo.by_channel(100) is None


async def test_whole_games_played_through_apply_reach_results(repo: Repository) -> None:
    rng = random.Random(2024)
    finished = []
    for n in range(4):
        game = await started_game(repo, channel_id=n, guild_id=1 + n % 2, humans=(11, 12), ais=1, seed=n)
        done = await play(repo, game, rng)
        assert done.status == GameStatus.FINISHED and done.result is not None
        assert done.version == len(await repo.moves(game.id))
        assert done == await repo.get(game.id)
        finished.append(done)

    wins = {11: 0, 12: 0}
    points = {11: 0.0, 12: 0.0}
    for done in finished:
        assert done.result is not None
        for seat, user in ((0, 11), (1, 12)):
            wins[user] += seat in done.result.winners
            points[user] += done.result.scores[seat]
    for user in (11, 12):
        stats = await repo.user_stats(user)
        assert (stats.played, stats.won, stats.per_game) == (4, wins[user], {"pickomino": (4, wins[user])})
        assert await repo.user_stats(user, "pickomino") == stats
        assert (await repo.user_stats(user, "raid")).played == 0

    board = await repo.leaderboard("pickomino")
    assert {row.user_id for row in board} == {11, 12}  # the computer player is not listed
    assert [(r.won, r.points) for r in board] == sorted(((r.won, r.points) for r in board), reverse=True)
    assert {r.user_id: (r.played, r.won, r.points) for r in board} == {
        u: (4, wins[u], points[u]) for u in (11, 12)
    }
    in_guild = await repo.leaderboard("pickomino", guild_id=1)
    assert all(r.played == 2 for r in in_guild)
    assert len(await repo.leaderboard("pickomino", limit=1)) == 1
    assert await repo.verify() == []


async def test_leaderboard_orders_by_wins_then_points(repo: Repository) -> None:
    # Resignations make the outcome exact: the seat that resigns in a 2-player game loses.
    async def duel(channel: int, winner: int, loser: int) -> None:
        game = await started_game(repo, channel_id=channel, humans=(winner, loser))
        await repo.apply(game.id, expected_version=0, seat=1, action={"kind": engine.RESIGN})

    await duel(1, 21, 22)
    await duel(2, 21, 23)
    await duel(3, 23, 22)
    await duel(4, 24, 25)
    board = await repo.leaderboard("pickomino")
    assert [(r.user_id, r.played, r.won) for r in board] == [
        (21, 2, 2),
        (23, 2, 1),
        (24, 1, 1),
        (22, 2, 0),
        (25, 1, 0),
    ]


async def test_leaderboard_breaks_equal_wins_by_points(repo: Repository) -> None:
    played_out = await play(repo, await started_game(repo, channel_id=1, humans=(31, 32)), random.Random(1))
    assert played_out.result is not None
    [winner_seat] = played_out.result.winners
    winner = played_out.seats[winner_seat].user_id
    assert played_out.result.scores[winner_seat] > 0
    # User 3 wins a game by resignation with no points; a lower id, so only points put the
    # other winner first.
    quick = await started_game(repo, channel_id=2, humans=(3, 4))
    await repo.apply(quick.id, expected_version=0, seat=1, action={"kind": engine.RESIGN})
    board = await repo.leaderboard("pickomino")
    assert [r.user_id for r in board[:2]] == [winner, 3]
    assert board[0].points == played_out.result.scores[winner_seat] and board[1].points == 0


# -- a move from the record the repository last read or stored (one round trip) --------------
async def test_a_move_from_a_record_another_process_made_out_of_date_is_refused_stale(
    repo: Repository, db_url: str
) -> None:
    game = await started_game(repo)  # this repository's last record: version 0
    other = await open_repository(db_url)
    try:
        await other.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})
        with pytest.raises(StaleVersion) as stale:  # a click on the board drawn at version 0
            await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})
        assert stale.value.params["version"] == 1
        rolled = await other.get(game.id)
        keep = PICKOMINO.dump_action(PICKOMINO.legal_actions(rolled.state, 0)[0])
        moved = await repo.apply(game.id, expected_version=1, seat=0, action=keep)  # the new board
        assert moved.game.version == 2 and len(await repo.moves(game.id)) == 2
    finally:
        await other.close()


async def test_a_move_from_the_last_record_brings_back_a_board_message_posted_by_another_process(
    repo: Repository, db_url: str
) -> None:
    game = await started_game(repo)
    other = await open_repository(db_url)
    try:
        await other.set_message(game.id, 4242)  # the board was posted again, without a move
    finally:
        await other.close()
    applied = await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})
    assert applied.game.message_id == 4242 and applied.game == await repo.get(game.id)


async def test_a_game_another_process_stopped_refuses_a_move_from_the_last_record(
    repo: Repository, db_url: str
) -> None:
    game = await started_game(repo)
    other = await open_repository(db_url)
    try:
        await other.abandon(game.id)
    finally:
        await other.close()
    with pytest.raises(NotPlaying):
        await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})
    assert await repo.moves(game.id) == []


async def test_a_snapshot_rewritten_behind_the_repository_s_back_is_moved_on_from_as_stored(
    repo: Repository, raw: Raw
) -> None:
    """The compare-and-swap covers the stored snapshot itself, not only the version: a snapshot
    changed without a move (here: the same position spelt with spaces) is read again first."""
    game = await started_game(repo)
    spelt = json.dumps(PICKOMINO.dump_state(game.state), indent=1)
    await raw.execute("UPDATE games SET state = ? WHERE id = ?", spelt, game.id)
    applied = await repo.apply(game.id, expected_version=0, seat=0, action={"kind": "roll"})
    assert applied.game.version == 1 and len(await repo.moves(game.id)) == 1
    assert await repo.verify() == []
