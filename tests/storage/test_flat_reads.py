"""Reads that stay flat as history grows (v9), and moves that never wait for them.

Leaderboards read their first rows from an index already in their order, a player's statistics
his standings, the game counts rows the database keeps as games change status; a game over
leaves nothing for the turn clock to sync. Reads and writes take separate connections, so a read never waits
for a write in progress nor a move for a read; on SQLite a move's transaction takes its turn on
the writing connection, one hand-off to its thread a statement.
"""

from __future__ import annotations

import asyncio
import random
import sqlite3
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest

import engine
from bench.scale import handoffs as counted_handoffs
from storage import ConstraintViolation, GameStatus, Repository, open_repository
from storage.backends import open_database
from storage.database import Connection, Database
from storage.migrations import LATEST, MIGRATIONS, migrate
from storage.repository import LEADERBOARD, LEADERBOARD_MAX, PLAYER_RUNNING_GAMES, PLAYER_STANDINGS
from storage.schema import EVERYWHERE
from tests.storage.conftest import TickingClock
from tests.storage.helpers import play, random_move, started_game
from tests.storage.servers import Raw

HANG = 60
"""Seconds after which a read or a move that should not wait at all counts as stuck: with one
lock for every transaction it would wait for ever."""


async def counted_by_status(raw: Raw) -> dict[GameStatus, int]:
    counts = dict.fromkeys(GameStatus, 0)
    for status, games in await raw.fetch("SELECT status, COUNT(*) FROM games GROUP BY status"):
        counts[GameStatus(status)] = int(games)
    return counts


async def test_the_game_counts_follow_every_game_through_its_statuses(repo: Repository, raw: Raw) -> None:
    async def agree() -> dict[GameStatus, int]:
        counts = await repo.game_counts()
        assert counts == await counted_by_status(raw)
        assert await repo.count_games() == sum(counts.values())
        return counts

    assert set((await agree()).values()) == {0}
    played = await started_game(repo, channel_id=1)
    lobby = await repo.create_lobby(
        "pickomino", guild_id=1, channel_id=2, host_id=21, host_name="host", options={}
    )
    assert await agree() == {GameStatus.LOBBY: 1, GameStatus.ACTIVE: 1, **zero("finished", "abandoned")}
    await repo.leave(lobby.id, 21)  # the host leaving cancels the lobby
    await play(repo, played, random.Random(5))
    stopped = await started_game(repo, channel_id=3)
    await repo.abandon(stopped.id)
    await repo.abandon(stopped.id)  # abandoning an abandoned game changes nothing
    assert await agree() == {GameStatus.FINISHED: 1, GameStatus.ABANDONED: 2, **zero("lobby", "active")}


def zero(*statuses: str) -> dict[GameStatus, int]:
    return {GameStatus(status): 0 for status in statuses}


async def query_plan(database: Database, backend: str, sql: str, params: tuple[Any, ...]) -> str:
    """How the database reads ``sql``. PostgreSQL is told to avoid scans and sorts where it can,
    as it does once a table is large: a plan that still sorts has no index giving the order."""
    async with database.transaction(write=False) as db:
        if backend == "sqlite":
            return "\n".join(str(row[3]) for row in await db.fetch(f"EXPLAIN QUERY PLAN {sql}", params))
        await db.execute("SET LOCAL enable_seqscan = off")
        await db.execute("SET LOCAL enable_sort = off")
        return "\n".join(str(row[0]) for row in await db.fetch(f"EXPLAIN {sql}", params))


@pytest.mark.parametrize("guild_id", [1, EVERYWHERE])
async def test_a_leaderboard_reads_its_first_rows_from_an_index_in_its_order(
    repo: Repository, backend: str, guild_id: int
) -> None:
    plan = await query_plan(repo.database, backend, LEADERBOARD, ("pickomino", guild_id, 10))
    assert "standings_ranked" in plan
    assert "TEMP B-TREE" not in plan and "Sort" not in plan  # nothing sorted: the index is in order


async def test_a_player_s_statistics_read_his_standings_not_his_results(
    repo: Repository, backend: str
) -> None:
    plan = await query_plan(repo.database, backend, PLAYER_STANDINGS, (11,))
    assert "standings_of_player" in plan and "results" not in plan


async def test_a_player_s_running_games_read_his_seats_in_running_games_only(
    repo: Repository, backend: str
) -> None:
    plan = await query_plan(repo.database, backend, PLAYER_RUNNING_GAMES, (11,))
    assert "seats_playing" in plan and "seats_by_user" not in plan
    assert "TEMP B-TREE" not in plan and "Sort" not in plan


async def test_a_player_s_running_games_follow_every_game_through_its_statuses(
    repo: Repository, raw: Raw
) -> None:
    async def running_of(user: int) -> list[int]:
        return [game.id for game in await repo.seated_games(user)]

    lobby = await repo.create_lobby(
        "pickomino", guild_id=1, channel_id=1, host_id=11, host_name="h", options={}
    )
    await repo.join(lobby.id, 12, "guest")
    assert await running_of(11) == []  # a lobby is not running yet
    first = await repo.start(lobby.id, seed=1)
    second = await started_game(repo, channel_id=2, humans=(12, 11))
    stopped = await started_game(repo, channel_id=3, humans=(11, 13))
    assert await running_of(11) == [stopped.id, second.id, first.id]  # newest first
    await repo.abandon(stopped.id)
    await play(repo, first, random.Random(3))
    assert await running_of(11) == await running_of(12) == [second.id]
    assert await running_of(13) == []
    await repo.apply(second.id, expected_version=0, seat=1, action={"kind": engine.RESIGN})
    assert await running_of(11) == []  # resigned: the game goes on without him
    # Only seats of running games are marked, whatever wrote the status.
    marked = await raw.fetch("SELECT game_id FROM seats WHERE playing = 1")
    running = await raw.fetch("SELECT id FROM games WHERE status = 'active'")
    assert sorted(r[0] for r in marked) == sorted(r[0] for r in running for _ in range(2))


async def test_statistics_add_up_every_server_and_the_games_outside_any(repo: Repository, raw: Raw) -> None:
    rng = random.Random(8)
    for channel, guild in ((1, 1), (2, 2), (3, None)):
        await play(repo, await started_game(repo, channel_id=channel, guild_id=guild, humans=(11, 12)), rng)
    resigned = await started_game(repo, channel_id=4, guild_id=2, humans=(11, 12))
    await repo.apply(resigned.id, expected_version=0, seat=0, action={"kind": engine.RESIGN})
    for user in (11, 12):
        played, won = (await raw.fetch("SELECT COUNT(*), SUM(won) FROM results WHERE user_id = ?", user))[0]
        stats = await repo.user_stats(user)
        assert (stats.played, stats.won) == (played, won) and played == 4
        assert stats.per_game == {"pickomino": (played, won)}
        assert await repo.user_stats(user, "pickomino") == stats
        assert (await repo.user_stats(user, "raid")).played == 0


async def test_a_leaderboard_shows_at_most_its_cap(repo: Repository) -> None:
    assert await repo.leaderboard("pickomino", limit=LEADERBOARD_MAX) == []
    for limit in (0, LEADERBOARD_MAX + 1):
        with pytest.raises(ValueError, match=f"1 to {LEADERBOARD_MAX} players"):
            await repo.leaderboard("pickomino", limit=limit)


async def test_a_game_over_leaves_nothing_for_the_turn_clock_to_sync(repo: Repository, raw: Raw) -> None:
    async def synced(channel_id: int) -> Any:
        game = await started_game(repo, channel_id=channel_id)
        await repo.turn_clock.sync(game.id)
        return game

    rng = random.Random(4)
    with_clock = await synced(1)
    while with_clock.status is GameStatus.ACTIVE:  # as the bot moves: the clock synced with each
        seat, action = random_move(with_clock, rng)
        with_clock = (
            await repo.apply(
                with_clock.id, expected_version=with_clock.version, seat=seat, action=action, clocked=True
            )
        ).game
    without_clock = await play(repo, await synced(2), rng)  # the last move included
    stopped = await synced(3)
    await repo.abandon(stopped.id)
    running = await synced(4)
    # Their deadlines are left for the scheduler, which syncs them away.
    assert sorted(await repo.turn_clock.unsynced_games()) == [without_clock.id, stopped.id]
    for game_id in await repo.turn_clock.unsynced_games():
        await repo.turn_clock.sync(game_id)
    assert await repo.turn_clock.unsynced_games() == []
    assert {row[0] for row in await raw.fetch("SELECT game_id FROM turn_deadlines")} == {running.id}


async def test_a_v8_database_is_upgraded_with_its_games_counted_and_its_games_over_unsynced(
    db_url: str, raw: Raw
) -> None:
    database = await open_database(db_url)
    assert await migrate(database, target=8) == 8
    v8 = Repository(database, clock=TickingClock())  # the v8 schema driven by today's code
    try:
        await v8.create_lobby("pickomino", guild_id=1, channel_id=1, host_id=31, host_name="host", options={})
        running = await started_game(v8, channel_id=2)
        # Today's code rates a game as it ends, into the tables v16 adds: here for the while, and
        # dropped with what was written into them, as a v8 database never had them.
        async with database.transaction(write=True) as db:
            for statement in MIGRATIONS[15].statements(database.backend):
                await db.execute(statement)
        finished = await play(v8, await started_game(v8, channel_id=3, humans=(11, 13)), random.Random(2))
        async with database.transaction(write=True) as db:
            await db.execute("DROP TABLE rating_changes")
            await db.execute("DROP TABLE ratings")
        stopped = await started_game(v8, channel_id=4)
        await v8.abandon(stopped.id)
        async with database.transaction(write=True) as db:  # v8 synced games over too
            for game in (running, finished, stopped):
                await db.execute(
                    "INSERT INTO turn_sync (game_id, version) VALUES (?, ?) ON CONFLICT DO NOTHING",
                    (game.id, game.version),
                )
        board = await v8.leaderboard("pickomino")
    finally:
        await v8.close()
    assert await raw.version() == 8

    repo = await open_repository(db_url)
    try:
        assert await raw.version() == LATEST
        assert await repo.game_counts() == {
            GameStatus.LOBBY: 1,
            GameStatus.ACTIVE: 1,
            GameStatus.FINISHED: 1,
            GameStatus.ABANDONED: 1,
        }
        # The running game synced, the games over forgotten.
        assert await repo.turn_clock.unsynced_games() == []
        assert await repo.leaderboard("pickomino") == board and len(board) == 2
        assert finished.result is not None
        for seat, user in enumerate((11, 13)):
            assert (await repo.user_stats(user)).per_game == {
                "pickomino": (1, int(seat in finished.result.winners))
            }
        # The game finished before the upgrade is rated from its results (v16), as a rebuild has it.
        assert [c.player for c in (await repo.get(finished.id)).ratings] == ["11", "13"]
        assert await repo.verify() == []
        # The seats of the game running before the upgrade are marked as playing (v14).
        assert [game.id for game in await repo.seated_games(11)] == [running.id]
        await started_game(repo, channel_id=5)  # counted from now on by the triggers
        assert await repo.game_counts() == await counted_by_status(raw)
    finally:
        await repo.close()


async def test_a_read_aside_goes_on_while_a_write_is_open_and_sees_only_what_is_committed(
    repo: Repository,
) -> None:
    game = await started_game(repo)
    later = "2030-01-01T00:00:00+00:00"
    async with repo.database.transaction(write=True) as db:
        await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (later, game.id))
        async with repo.database.transaction(write=False, aside=True) as reader:
            seen = await asyncio.wait_for(
                reader.fetch_one("SELECT updated_at FROM games WHERE id = ?", (game.id,)), HANG
            )
        assert seen is not None and seen[0] != later  # not yet committed
        assert await asyncio.wait_for(repo.leaderboard("pickomino"), HANG) == []
        assert [m.seq for m in await asyncio.wait_for(repo.moves(game.id), HANG)] == []
    assert (await repo.get(game.id)).updated_at == datetime.fromisoformat(later)


async def test_a_move_goes_on_while_a_read_aside_is_open(repo: Repository) -> None:
    game = await started_game(repo)
    seat, action = random_move(game, random.Random(1))
    async with repo.database.transaction(write=False, aside=True) as db:
        before = await db.fetch_one("SELECT version FROM games WHERE id = ?", (game.id,))
        applied = await asyncio.wait_for(
            repo.apply(game.id, expected_version=0, seat=seat, action=action), HANG
        )
        after = await db.fetch_one("SELECT version FROM games WHERE id = ?", (game.id,))
        assert before is not None and after is not None
        assert before[0] == after[0] == 0  # the read keeps the snapshot it started with
    assert applied.game.version == 1 and (await repo.get(game.id)).version == 1


async def test_a_transaction_s_work_that_breaks_a_key_changes_nothing(repo: Repository, raw: Raw) -> None:
    game = await started_game(repo)

    async def notice_twice(db: Connection) -> None:
        for _ in range(2):
            await db.execute("INSERT INTO dm_notices (game_id, user_id) VALUES (?, ?)", (game.id, 11))

    with pytest.raises(ConstraintViolation):
        await repo.database.run(notice_twice, write=True)
    assert await raw.value("SELECT COUNT(*) FROM dm_notices") == 0


# -- SQLite: its threads -----------------------------------------------------------------------
@pytest.fixture
def handoffs() -> Iterator[list[tuple[object, str]]]:
    """Every call handed to an aiosqlite connection's thread: the connection it went to, and
    the method."""
    with counted_handoffs() as calls:
        yield calls


def committed_version(path: Path, game_id: int) -> int:
    """The game's version as another program reading the file sees it."""
    with sqlite3.connect(path) as other:
        return int(other.execute("SELECT version FROM games WHERE id = ?", (game_id,)).fetchone()[0])


PLAIN_MOVE = ["execute", "execute_fetchall", "execute", "commit"]
"""A plain move's hand-offs: BEGIN IMMEDIATE, the compare-and-swap (its row returned), the log
entry, COMMIT."""
CLOCKED_MOVE_BEGINS = ["execute", "execute_fetchall", "execute_fetchall", "execute"]
"""How a move that syncs the turn clock begins: BEGIN IMMEDIATE, the database's now read (its
deadlines count from it), then the compare-and-swap and the log entry; its deadlines follow."""


async def test_a_move_s_transaction_is_a_hand_off_a_statement_on_the_writing_connection(
    sqlite_url: str, db_path: Path, clock: TickingClock, handoffs: list[tuple[object, str]]
) -> None:
    repo = await open_repository(sqlite_url, clock=clock)
    try:
        game = await started_game(repo, humans=(11, 12, 13))
        rng = random.Random(6)
        kinds = set()
        writers = set()
        while game.status is GameStatus.ACTIVE:
            # Plain moves, moves that sync the turn clock, a resignation, and the last move.
            if game.version == 5:
                seat, action = 2, {"kind": engine.RESIGN}
            else:
                seat, action = random_move(game, rng)
            clocked = game.version % 3 == 0
            handoffs.clear()
            game = (
                await repo.apply(
                    game.id, expected_version=game.version, seat=seat, action=action, clocked=clocked
                )
            ).game
            methods = [method for _, method in handoffs]
            plain = not clocked and action["kind"] != engine.RESIGN and game.status is GameStatus.ACTIVE
            if plain:
                assert methods == PLAIN_MOVE, f"move {game.version}"
            elif clocked:  # the database's now first, then more statements than a plain move's
                assert methods[:4] == CLOCKED_MOVE_BEGINS and len(methods) > 5 and methods[-1] == "commit"
            else:  # BEGIN IMMEDIATE, then more statements than a plain move's, then COMMIT
                assert methods[:3] == PLAIN_MOVE[:3] and len(methods) > 4 and methods[-1] == "commit"
            writers.update(owner for owner, _ in handoffs)
            assert committed_version(db_path, game.id) == game.version  # committed when apply returns
            kinds.add((clocked, action["kind"] == engine.RESIGN, game.status))
        assert len(writers) == 1  # every move on the one writing connection
        assert {(False, True, GameStatus.ACTIVE), (True, False, GameStatus.ACTIVE)} <= kinds
        assert any(status is GameStatus.FINISHED for _, _, status in kinds)
        assert await repo.verify() == []
    finally:
        await repo.close()


async def test_moves_and_short_reads_share_the_writing_connection_and_reads_aside_do_not(
    sqlite_url: str, clock: TickingClock, handoffs: list[tuple[object, str]]
) -> None:
    repo = await open_repository(sqlite_url, clock=clock)
    try:
        game = await started_game(repo)
        seat, action = random_move(game, random.Random(2))
        handoffs.clear()
        await repo.apply(game.id, expected_version=0, seat=seat, action=action)
        (writer,) = {owner for owner, _ in handoffs}
        handoffs.clear()
        await repo.get(game.id)
        await repo.count_games()
        # a move's follow-up reads: no thread switch, one hand-off each (one statement, no BEGIN)
        assert handoffs == [(writer, "execute_fetchall")] * 2
        handoffs.clear()
        await repo.leaderboard("pickomino")
        await repo.user_stats(11)
        await repo.moves(game.id)
        owners = {owner for owner, _ in handoffs}
        assert owners and writer not in owners  # reads that grow with history: beside the moves
    finally:
        await repo.close()


async def test_work_that_waits_on_anything_but_its_connection_is_refused_and_rolled_back(
    sqlite_url: str,
) -> None:
    database = await open_database(sqlite_url)
    try:
        await migrate(database)

        async def waits(db: Connection) -> None:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (1, '{}', 'now')"
            )
            await asyncio.sleep(0)

        with pytest.raises(RuntimeError, match="awaited something other than its connection"):
            await database.run(waits, write=True)
        async with database.transaction(write=False) as db:
            assert await db.fetch("SELECT * FROM guild_settings") == []
    finally:
        await database.close()


@pytest.mark.parametrize("where", ["at BEGIN", "between statements"])
async def test_a_write_cancelled_between_its_hand_offs_is_rolled_back_and_the_next_one_begins(
    sqlite_url: str, where: str
) -> None:
    """A task cancelled (the bot stopping, a timeout) while its transaction waits on the writing
    connection's thread: what it wrote is rolled back, and the connection is free for the next
    transaction, not left inside this one."""
    database = await open_database(sqlite_url)
    try:
        await migrate(database)
        first_written = asyncio.Event()

        async def two_settings(db: Connection) -> None:
            for guild_id in (1, 2):
                await db.execute(
                    "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, '{}', 'now')",
                    (guild_id,),
                )
                first_written.set()  # the task next waits on the second statement's hand-off

        task = asyncio.create_task(database.run(two_settings, write=True))
        task.add_done_callback(lambda _: first_written.set())  # never waited for in vain
        if where == "at BEGIN":
            await asyncio.sleep(0)  # the task runs up to its first hand-off, BEGIN IMMEDIATE
        else:
            # Woken before the second statement's answer can come back from the thread: the
            # wake-up is queued on the event loop first.
            await first_written.wait()
        assert not task.done()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

        async def third(db: Connection) -> None:
            await db.execute(
                "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (3, '{}', 'now')"
            )

        await asyncio.wait_for(database.run(third, write=True), HANG)
        async with database.transaction(write=False) as db:
            assert [row[0] for row in await db.fetch("SELECT guild_id FROM guild_settings")] == [3]
    finally:
        await database.close()
