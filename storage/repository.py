"""The game repository: lobbies, seats, moves against a version, results and statistics.

One aiosqlite connection is shared by every coroutine. Each operation runs inside
``_transaction``, which holds an ``asyncio.Lock`` for the whole transaction, so coroutines never
interleave inside one; write transactions start with ``BEGIN IMMEDIATE`` so that a second
process on the same file (``python -m storage verify``, a second bot) is serialised too.

The database is the truth. Decoded states are cached by ``(game id, version)`` together with
their stored text, and a cached state is used only when the text read in the same transaction
is identical, so the cache saves the decoding but can never serve something the database does
not hold.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import sqlite3
from collections import OrderedDict, defaultdict
from collections.abc import AsyncIterator, Callable, Collection, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import aiosqlite
from pydantic import BaseModel

import engine
from engine.core import dump_json
from engine.core.replay import play_logged
from storage.errors import (
    ChannelBusy,
    GameNotFound,
    GameUnavailable,
    LobbyError,
    NotPlaying,
    StaleVersion,
)
from storage.integrity import game_problems
from storage.living import NEXT_DUE as _NEXT_DUE
from storage.living import UNSYNCED as _UNSYNCED
from storage.living import (
    DueTurn,
    GuildSettings,
    TurnDeadline,
    TurnPing,
    claim_reminders,
    claim_timeouts,
    deadline_from_row,
    forget_game_pings,
    forget_pings,
    last_mover,
    read_pings,
    read_settings,
    record_ping,
    release_timeout,
    sync_turns,
    write_settings,
)
from storage.models import (
    Applied,
    GameRecord,
    GameStatus,
    LeaderRow,
    Mismatch,
    MoveRecord,
    SeatRecord,
    UserStats,
)
from storage.replay import snapshot
from storage.schema import INSERT_RESULT, migrate, result_rows
from storage.url import parse_database_url

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]

OPEN_STATUSES = (GameStatus.LOBBY, GameStatus.ACTIVE)
SEED_BITS = 63
"""Seeds fit SQLite's signed 64-bit integers."""
STATE_CACHE_SIZE = 512
BUSY_TIMEOUT_MS = 5000
"""How long a write waits for another process's write to finish before failing."""

# Durability. WAL with synchronous=NORMAL: a commit appends to the write-ahead log without an
# fsync; the log is synced at checkpoints. A killed bot process (crash, OOM, SIGKILL) loses
# nothing that was committed, because the bytes are already in the OS; only a power cut or
# kernel crash can lose the last few moves, and even then the database stays consistent
# (each move is whole or absent). FULL would fsync on every move — one disk flush per click,
# the bottleneck for many concurrent games — to protect against power loss only, which
# a chat game can afford: the players see the board message and redo a move.
PRAGMAS = (
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS:d}",
    "PRAGMA journal_mode = WAL",
    "PRAGMA synchronous = NORMAL",
    "PRAGMA foreign_keys = ON",
)
WAL_SWITCH_TRIES = 50
WAL_SWITCH_PAUSE = 0.05
"""Switching a file to WAL needs it to itself and SQLite answers "locked" at once, without
waiting out busy_timeout, when another program opens the same new file at that moment."""


def utc_now() -> datetime:
    return datetime.now(UTC)


async def open_repository(url: str, *, clock: Clock | None = None) -> Repository:
    """Open (creating if needed) the database ``url`` names, migrated to the latest schema."""
    location = parse_database_url(url)
    location.ensure_folder()
    # isolation_level=None: the repository issues BEGIN/COMMIT itself.
    db = await aiosqlite.connect(location.path, isolation_level=None)
    try:
        db.row_factory = sqlite3.Row
        for pragma in PRAGMAS:
            await _run_pragma(db, pragma)
        await migrate(db)
    except BaseException:
        await db.close()
        raise
    return Repository(db, clock=clock or utc_now)


async def _run_pragma(db: aiosqlite.Connection, pragma: str) -> None:
    for attempt in range(WAL_SWITCH_TRIES):
        try:
            # Close the cursor at once: journal_mode answers with a row, and a cursor left
            # open would make the first migration's COMMIT fail ("SQL statements in progress").
            async with db.execute(pragma):
                return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or attempt == WAL_SWITCH_TRIES - 1:
                raise
            await asyncio.sleep(WAL_SWITCH_PAUSE)


class Repository:
    def __init__(self, db: aiosqlite.Connection, *, clock: Clock) -> None:
        self._db = db
        self._clock = clock
        self._lock = asyncio.Lock()
        self._states: OrderedDict[tuple[int, int], tuple[str, Any]] = OrderedDict()

    async def close(self) -> None:
        async with self._lock:
            await self._db.close()

    # -- lobby ---------------------------------------------------------------------------
    async def create_lobby(
        self,
        key: str,
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        host_name: str,
        options: dict[str, Any],
    ) -> GameRecord:
        game = engine.get_game(key)
        checked = game.options(game.min_seats, options)
        # Store the options as the game understood them (defaults filled in), so a replay
        # never depends on how a later version of the game fills in a missing option.
        stored = checked.model_dump(mode="json") if isinstance(checked, BaseModel) else dict(options)
        now = self._now()
        async with self._transaction(write=True) as db:
            busy = await self._open_game_id(db, channel_id)
            if busy is not None:
                raise ChannelBusy(f"channel {channel_id} already has game {busy}", game_id=busy)
            cursor = await db.execute(
                "INSERT INTO games (key, guild_id, channel_id, host_id, options, status, version,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', 0, ?, ?)",
                (key, guild_id, channel_id, host_id, dump_json(stored), now, now),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                (game_id, host_id, host_name),
            )
            return await self._load(db, game_id)

    async def set_message(self, game_id: int, message_id: int) -> GameRecord:
        async with self._transaction(write=True) as db:
            await self._game_row(db, game_id)
            await db.execute(
                "UPDATE games SET message_id = ?, updated_at = ? WHERE id = ?",
                (message_id, self._now(), game_id),
            )
            return await self._load(db, game_id)

    async def join(self, game_id: int, user_id: int, name: str) -> GameRecord:
        async with self._transaction(write=True) as db:
            lobby = self._require_lobby(await self._load(db, game_id))
            if lobby.seat_of(user_id) is not None:
                raise LobbyError("already_seated", f"user {user_id} is already seated", user_id=user_id)
            await self._add_seat(db, lobby, user_id=user_id, name=name, ai=None)
            return await self._load(db, game_id)

    async def add_ai(self, game_id: int, policy: str, name: str) -> GameRecord:
        async with self._transaction(write=True) as db:
            lobby = self._require_lobby(await self._load(db, game_id))
            await self._add_seat(db, lobby, user_id=None, name=name, ai=policy)
            return await self._load(db, game_id)

    async def leave(self, game_id: int, user_id: int) -> GameRecord:
        """A person leaves the lobby; the later seats move up. The host leaving cancels it —
        unless every other seat is a computer player (there is at least one): then the host
        stays host without a seat and may start a demonstration game of computers only."""
        async with self._transaction(write=True) as db:
            lobby = self._require_lobby(await self._load(db, game_id))
            seat = lobby.seat_of(user_id)
            if seat is None:
                raise LobbyError("not_seated", f"user {user_id} is not seated", user_id=user_id)
            now = self._now()
            others = [s for s in lobby.seats if s.seat != seat]
            demonstration = bool(others) and all(s.is_ai for s in others)
            if user_id == lobby.host_id and not demonstration:
                await db.execute(
                    "UPDATE games SET status = 'abandoned', updated_at = ? WHERE id = ?", (now, game_id)
                )
            else:
                await db.execute("DELETE FROM seats WHERE game_id = ? AND seat = ?", (game_id, seat))
                # One row at a time, upwards, so (game_id, seat) stays unique at every step.
                for later in range(seat + 1, len(lobby.seats)):
                    await db.execute(
                        "UPDATE seats SET seat = ? WHERE game_id = ? AND seat = ?",
                        (later - 1, game_id, later),
                    )
                await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            return await self._load(db, game_id)

    async def start(self, game_id: int, *, seed: int | None = None) -> GameRecord:
        if seed is None:
            seed = secrets.randbits(SEED_BITS)
        elif not 0 <= seed < 1 << SEED_BITS:
            raise ValueError(f"a seed must be in 0 .. 2**{SEED_BITS}-1, not {seed}")
        async with self._transaction(write=True) as db:
            lobby = self._require_lobby(await self._load(db, game_id))
            game = engine.get_game(lobby.key)
            if len(lobby.seats) < game.min_seats:
                raise LobbyError(
                    "too_few_players",
                    f"{game.title} needs at least {game.min_seats} players, the lobby has {len(lobby.seats)}",
                    min=game.min_seats,
                    seats=len(lobby.seats),
                )
            state = game.new(len(lobby.seats), seed, lobby.options)
            text = snapshot(game, state)
            await db.execute(
                "UPDATE games SET status = 'active', seed = ?, version = 0, state = ?, updated_at = ?"
                " WHERE id = ?",
                (seed, text, self._now(), game_id),
            )
            self._remember(game_id, 0, text, state)
            return await self._load(db, game_id)

    async def abandon(self, game_id: int) -> GameRecord:
        """Cancel a lobby or stop a running game (no results). Abandoning an abandoned game
        changes nothing; a finished game stays finished (``NotPlaying``). A game whose row is
        unreadable can still be abandoned, which frees its channel: its record then carries
        no state."""
        async with self._transaction(write=True) as db:
            row = await self._game_row(db, game_id)
            if row["status"] == GameStatus.FINISHED:
                raise NotPlaying(f"game {game_id} is already finished", game_id=game_id)
            if row["status"] != GameStatus.ABANDONED:
                await db.execute(
                    "UPDATE games SET status = 'abandoned', updated_at = ? WHERE id = ?",
                    (self._now(), game_id),
                )
            row = await self._game_row(db, game_id)
            seats = await self._seat_rows(db, game_id)
            try:
                return self._decode(row, seats)
            except GameUnavailable:
                return _husk(row, seats, fallback_time=self._clock())

    # -- loading -------------------------------------------------------------------------
    async def get(self, game_id: int) -> GameRecord:
        async with self._transaction(write=False) as db:
            return await self._load(db, game_id)

    async def by_channel(self, channel_id: int) -> GameRecord | None:
        """The lobby or running game in the channel. ``GameUnavailable`` if its row is
        unreadable (``abandon`` it to free the channel)."""
        async with self._transaction(write=False) as db:
            game_id = await self._open_game_id(db, channel_id)
            return None if game_id is None else await self._load(db, game_id)

    async def by_message(self, message_id: int) -> GameRecord | None:
        """The game whose board is that message, whatever its status."""
        async with self._transaction(write=False) as db:
            row = await _one(
                db, "SELECT id FROM games WHERE message_id = ? ORDER BY id DESC LIMIT 1", (message_id,)
            )
            return None if row is None else await self._load(db, row["id"])

    async def active_games(self, guild_id: int | None = None) -> list[GameRecord]:
        """Lobbies and running games, newest first (in one guild, or everywhere when None).
        A game whose row is unreadable is left out; the reason is logged."""
        where = "status IN ('lobby', 'active')" + ("" if guild_id is None else " AND guild_id = ?")
        params: tuple[Any, ...] = () if guild_id is None else (guild_id,)
        async with self._transaction(write=False) as db:
            rows = await _all(db, f"SELECT * FROM games WHERE {where} ORDER BY id DESC", params)
            seat_rows = await _all(
                db,
                f"SELECT * FROM seats WHERE game_id IN (SELECT id FROM games WHERE {where})"
                " ORDER BY game_id, seat",
                params,
            )
        seats: dict[int, list[sqlite3.Row]] = defaultdict(list)
        for seat in seat_rows:
            seats[seat["game_id"]].append(seat)
        records = []
        for row in rows:
            try:
                records.append(self._decode(row, seats[row["id"]]))
            except GameUnavailable:
                continue  # logged by _decode; the other games go on
        return records

    async def seated_games(self, user_id: int) -> list[GameRecord]:
        """Running games in which the user holds a seat and has not resigned, newest first
        (wherever they are: a player acting from a DM finds his games by this)."""
        async with self._transaction(write=False) as db:
            rows = await _all(
                db,
                "SELECT id FROM games WHERE status = 'active' AND id IN"
                " (SELECT game_id FROM seats WHERE user_id = ? AND resigned = 0) ORDER BY id DESC",
                (user_id,),
            )
            records = []
            for row in rows:
                try:
                    records.append(await self._load(db, row["id"]))
                except GameUnavailable:
                    continue  # logged when decoded; the other games go on
            return records

    async def moves(self, game_id: int) -> list[MoveRecord]:
        async with self._transaction(write=False) as db:
            await self._game_row(db, game_id)
            rows = await _all(db, "SELECT * FROM moves WHERE game_id = ? ORDER BY seq", (game_id,))
        try:
            return [
                MoveRecord(
                    game_id=game_id,
                    seq=row["seq"],
                    seat=row["seat"],
                    action=json.loads(row["action"]),
                    created_at=datetime.fromisoformat(row["created_at"]),
                )
                for row in rows
            ]
        except ValueError as exc:
            raise _unavailable(game_id, f"unreadable move log: {exc}") from exc

    # -- playing -------------------------------------------------------------------------
    async def apply(
        self,
        game_id: int,
        *,
        expected_version: int,
        seat: int,
        action: dict[str, Any],
        turn_now: datetime | None = None,
        present: bool = True,
    ) -> Applied:
        """Play one move, in one transaction: check the game is running and still at
        ``expected_version``, let the engine apply it, append it to the log, store the new
        snapshot and bump the version; on the last move also the results. Any error leaves
        the game exactly as it was.

        With ``turn_now`` the turn deadlines are brought up to date in the same transaction
        (``storage.living.sync_turns``; ``present``: the seat moved by its own hand) and
        returned in ``Applied.deadlines``; without it the scheduler syncs them later."""
        async with self._transaction(write=True) as db:
            record = await self._load(db, game_id)
            if record.status != GameStatus.ACTIVE:
                raise NotPlaying(f"game {game_id} is {record.status}, not active", status=record.status)
            if record.version != expected_version:
                raise StaleVersion(
                    f"game {game_id} is at version {record.version}, the move was made at {expected_version}",
                    version=record.version,
                    expected=expected_version,
                )
            game = engine.get_game(record.key)
            step, logged = play_logged(game, record.state, seat, action)
            version = record.version + 1
            now = self._now()
            text = snapshot(game, step.state)
            result = game.result(step.state)
            status = GameStatus.ACTIVE if result is None else GameStatus.FINISHED
            await db.execute(
                "INSERT INTO moves (game_id, seq, seat, action, created_at) VALUES (?, ?, ?, ?, ?)",
                (game_id, version, seat, dump_json(logged), now),
            )
            cursor = await db.execute(
                "UPDATE games SET state = ?, version = ?, status = ?, updated_at = ?"
                " WHERE id = ? AND version = ?",
                (text, version, status, now, game_id, record.version),
            )
            if cursor.rowcount != 1:  # cannot happen under BEGIN IMMEDIATE; never store twice
                raise StaleVersion(f"game {game_id} changed during the move", expected=expected_version)
            seats = record.seats
            if logged.get("kind") == engine.RESIGN:
                await db.execute(
                    "UPDATE seats SET resigned = 1 WHERE game_id = ? AND seat = ?", (game_id, seat)
                )
                seats = tuple(replace(s, resigned=True) if s.seat == seat else s for s in seats)
            if result is not None:
                user_ids = [s.user_id for s in record.seats]
                await db.executemany(INSERT_RESULT, result_rows(game_id, record.key, result, user_ids, now))
            self._remember(game_id, version, text, step.state)
            game_after: GameRecord = replace(
                record,
                state=step.state,
                version=version,
                status=status,
                seats=seats,
                updated_at=datetime.fromisoformat(now),
                result=result,
            )
            deadlines: dict[int, TurnDeadline] = {}
            if turn_now is not None:
                settings = await read_settings(db, record.guild_id)
                deadlines = await sync_turns(
                    db, game_after, settings, turn_now, present_seat=seat if present else None, mover=seat
                )
            return Applied(game=game_after, events=step.events, deadlines=deadlines)

    # -- statistics ----------------------------------------------------------------------
    async def user_stats(self, user_id: int, key: str | None = None) -> UserStats:
        """Finished games the user sat in (resigned ones included), overall or for one game."""
        sql = "SELECT key, COUNT(*), SUM(won) FROM results WHERE user_id = ?"
        params: tuple[Any, ...] = (user_id,)
        if key is not None:
            sql += " AND key = ?"
            params += (key,)
        async with self._transaction(write=False) as db:
            rows = await _all(db, sql + " GROUP BY key ORDER BY key", params)
        per_game = {row[0]: (int(row[1]), int(row[2])) for row in rows}
        return UserStats(
            user_id=user_id,
            played=sum(p for p, _ in per_game.values()),
            won=sum(w for _, w in per_game.values()),
            per_game=per_game,
        )

    async def leaderboard(self, key: str, *, guild_id: int | None = None, limit: int = 10) -> list[LeaderRow]:
        """People (not computer players) by wins, then points; ties by user id, so the order is
        stable."""
        if limit < 1:
            raise ValueError(f"limit must be at least 1, not {limit}")
        sql = (
            "SELECT r.user_id, COUNT(*) AS played, SUM(r.won) AS won, SUM(r.score) AS points"
            " FROM results r JOIN games g ON g.id = r.game_id"
            " WHERE r.key = ? AND r.user_id IS NOT NULL"
        )
        params: tuple[Any, ...] = (key,)
        if guild_id is not None:
            sql += " AND g.guild_id = ?"
            params += (guild_id,)
        sql += " GROUP BY r.user_id ORDER BY won DESC, points DESC, r.user_id LIMIT ?"
        async with self._transaction(write=False) as db:
            rows = await _all(db, sql, (*params, limit))
        return [LeaderRow(user_id=r[0], played=r[1], won=r[2], points=float(r[3])) for r in rows]

    # -- living games: server settings and turn deadlines (storage.living) ------------------
    async def guild_settings(self, guild_id: int | None) -> GuildSettings:
        async with self._transaction(write=False) as db:
            return await read_settings(db, guild_id)

    async def set_guild_settings(self, guild_id: int, settings: GuildSettings) -> GuildSettings:
        async with self._transaction(write=True) as db:
            await write_settings(db, guild_id, settings, self._now())
            return await read_settings(db, guild_id)

    async def sync_turns(
        self, game_id: int, *, now: datetime, present_seat: int | None = None
    ) -> dict[int, TurnDeadline]:
        """The deadlines of the seats the game waits for, brought up to date with its version
        (``storage.living.sync_turns``)."""
        async with self._transaction(write=True) as db:
            record = await self._load(db, game_id)
            settings = await read_settings(db, record.guild_id)
            mover = await last_mover(db, game_id, record.version) if record.version else None
            return await sync_turns(db, record, settings, now, present_seat=present_seat, mover=mover)

    async def turn_deadlines(self, game_id: int) -> dict[int, TurnDeadline]:
        async with self._transaction(write=False) as db:
            rows = await _all(
                db,
                "SELECT game_id, seat, version, reminder_at, deadline_at FROM turn_deadlines"
                " WHERE game_id = ? ORDER BY seat",
                (game_id,),
            )
        return {int(row[1]): deadline_from_row(row) for row in rows}

    async def unsynced_games(self) -> list[int]:
        async with self._transaction(write=False) as db:
            return [int(row[0]) for row in await _all(db, _UNSYNCED)]

    async def next_due(self) -> datetime | None:
        """The earliest reminder or timeout not yet claimed."""
        async with self._transaction(write=False) as db:
            row = await _one(db, _NEXT_DUE)
        return None if row is None or row[0] is None else datetime.fromtimestamp(row[0], UTC)

    async def claim_reminders(self, now: datetime) -> list[DueTurn]:
        async with self._transaction(write=True) as db:
            return await claim_reminders(db, now)

    async def claim_timeouts(self, now: datetime) -> list[DueTurn]:
        async with self._transaction(write=True) as db:
            return await claim_timeouts(db, now)

    async def release_timeout(self, due: DueTurn) -> bool:
        """Give a claimed timeout back (its handling failed): it is due again at once."""
        async with self._transaction(write=True) as db:
            return await release_timeout(db, due)

    # -- turn pings still to be deleted (storage.living) ------------------------------------
    async def record_turn_ping(self, ping: TurnPing) -> None:
        async with self._transaction(write=True) as db:
            await record_ping(db, ping)

    async def turn_pings(self, game_id: int) -> list[TurnPing]:
        """The game's pings not yet forgotten, oldest first; an unreadable row is logged and
        left out."""
        async with self._transaction(write=False) as db:
            return await read_pings(db, game_id)

    async def forget_turn_pings(self, message_ids: Collection[int]) -> None:
        if not message_ids:
            return
        async with self._transaction(write=True) as db:
            await forget_pings(db, message_ids)

    async def forget_game_pings(self, game_id: int) -> None:
        """Every ping of the game, unreadable rows included: for a game that is over."""
        async with self._transaction(write=True) as db:
            await forget_game_pings(db, game_id)

    # -- integrity -----------------------------------------------------------------------
    async def count_games(self) -> int:
        async with self._transaction(write=False) as db:
            row = await _one(db, "SELECT COUNT(*) FROM games")
        assert row is not None
        return int(row[0])

    async def verify(self) -> list[Mismatch]:
        """Replay every game from its seed and log and compare with what is stored. Each game
        is read in its own short transaction so a running bot is not held up."""
        async with self._transaction(write=False) as db:
            ids = [row[0] for row in await _all(db, "SELECT id FROM games ORDER BY id")]
        mismatches: list[Mismatch] = []
        for game_id in ids:
            async with self._transaction(write=False) as db:
                row = await self._game_row(db, game_id)
                seats = await self._seat_rows(db, game_id)
                moves = await _all(db, "SELECT * FROM moves WHERE game_id = ? ORDER BY seq", (game_id,))
                results = await _all(db, "SELECT * FROM results WHERE game_id = ? ORDER BY seat", (game_id,))
            mismatches.extend(Mismatch(game_id, p) for p in game_problems(row, seats, moves, results))
        return mismatches

    # -- inside a transaction --------------------------------------------------------------
    @asynccontextmanager
    async def _transaction(self, *, write: bool) -> AsyncIterator[aiosqlite.Connection]:
        """The connection, inside one transaction that commits when the block ends and rolls
        back when it raises. Reads take a transaction too, for a consistent view of a game
        and its seats."""
        async with self._lock:
            await self._db.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            try:
                yield self._db
            except BaseException:
                await self._db.rollback()
                raise
            await self._db.commit()

    async def _game_row(self, db: aiosqlite.Connection, game_id: int) -> sqlite3.Row:
        row = await _one(db, "SELECT * FROM games WHERE id = ?", (game_id,))
        if row is None:
            raise GameNotFound(f"there is no game {game_id}", game_id=game_id)
        return row

    async def _seat_rows(self, db: aiosqlite.Connection, game_id: int) -> list[sqlite3.Row]:
        return await _all(db, "SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))

    async def _load(self, db: aiosqlite.Connection, game_id: int) -> GameRecord:
        row = await self._game_row(db, game_id)
        return self._decode(row, await self._seat_rows(db, game_id))

    async def _open_game_id(self, db: aiosqlite.Connection, channel_id: int) -> int | None:
        row = await _one(
            db, "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        )
        return None if row is None else int(row["id"])

    async def _add_seat(
        self, db: aiosqlite.Connection, lobby: GameRecord, *, user_id: int | None, name: str, ai: str | None
    ) -> None:
        game = engine.get_game(lobby.key)
        if len(lobby.seats) >= game.max_seats:
            raise LobbyError(
                "game_full", f"{game.title} seats at most {game.max_seats} players", max=game.max_seats
            )
        await db.execute(
            "INSERT INTO seats (game_id, seat, user_id, name, ai) VALUES (?, ?, ?, ?, ?)",
            (lobby.id, len(lobby.seats), user_id, name, ai),
        )
        await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (self._now(), lobby.id))

    @staticmethod
    def _require_lobby(record: GameRecord) -> GameRecord:
        if record.status != GameStatus.LOBBY:
            raise LobbyError(
                "not_in_lobby", f"game {record.id} is {record.status}, not a lobby", status=record.status
            )
        return record

    # -- decoding ------------------------------------------------------------------------
    def _decode(self, row: sqlite3.Row, seat_rows: Sequence[sqlite3.Row]) -> GameRecord:
        """The record of a stored game, or ``GameUnavailable`` (logged) if any part of the row
        cannot be read: an unknown game key, JSON that does not parse, a state the game rejects."""
        game_id = int(row["id"])
        try:
            game = engine.get_game(row["key"])
            options = json.loads(row["options"])
            if not isinstance(options, dict):
                raise ValueError("the options are not a JSON object")
            state = None
            if row["state"] is not None:
                state = self._state(game, game_id, row["version"], row["state"])
            result = None if state is None else game.result(state)
            return GameRecord(
                id=game_id,
                key=row["key"],
                guild_id=row["guild_id"],
                channel_id=row["channel_id"],
                message_id=row["message_id"],
                host_id=row["host_id"],
                options=options,
                seed=row["seed"],
                status=GameStatus(row["status"]),
                version=row["version"],
                state=state,
                seats=_seats(seat_rows),
                created_at=datetime.fromisoformat(row["created_at"]),
                updated_at=datetime.fromisoformat(row["updated_at"]),
                result=result,
            )
        except Exception as exc:  # anything a damaged row can raise: isolate this one game
            raise _unavailable(game_id, f"{type(exc).__name__}: {exc}") from exc

    def _state(self, game: engine.Game[Any, Any, Any], game_id: int, version: int, text: str) -> Any:
        cached = self._states.get((game_id, version))
        if cached is not None and cached[0] == text:
            self._states.move_to_end((game_id, version))
            return cached[1]
        state = game.load_state(json.loads(text))
        self._remember(game_id, version, text, state)
        return state

    def _remember(self, game_id: int, version: int, text: str, state: Any) -> None:
        self._states[(game_id, version)] = (text, state)
        self._states.move_to_end((game_id, version))
        while len(self._states) > STATE_CACHE_SIZE:
            self._states.popitem(last=False)

    def _now(self) -> str:
        return self._clock().isoformat()


# Each await on the connection is a hop to its thread and back; execute_fetchall makes a query
# one hop instead of three (execute, fetch, close), which is most of the cost of a move.
async def _all(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
    return list(await db.execute_fetchall(sql, params))


async def _one(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> sqlite3.Row | None:
    rows = await _all(db, sql, params)
    return rows[0] if rows else None


def _seats(rows: Sequence[sqlite3.Row]) -> tuple[SeatRecord, ...]:
    return tuple(
        SeatRecord(
            seat=r["seat"], user_id=r["user_id"], name=r["name"], ai=r["ai"], resigned=bool(r["resigned"])
        )
        for r in rows
    )


def _unavailable(game_id: int, reason: str) -> GameUnavailable:
    log.error("game %s is unavailable: %s", game_id, reason)
    return GameUnavailable(f"game {game_id} cannot be loaded ({reason})", game_id=game_id, reason=reason)


def _husk(row: sqlite3.Row, seat_rows: Sequence[sqlite3.Row], *, fallback_time: datetime) -> GameRecord:
    """What can be said of a game whose row is unreadable: its plain columns, no options and
    no state. Only ``abandon`` hands this out, so a damaged game can free its channel."""
    now = fallback_time
    return GameRecord(
        id=row["id"],
        key=row["key"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        message_id=row["message_id"],
        host_id=row["host_id"],
        options={},
        seed=row["seed"],
        status=GameStatus(row["status"]),
        version=row["version"],
        state=None,
        seats=_seats(seat_rows),
        created_at=_timestamp(row["created_at"], now),
        updated_at=_timestamp(row["updated_at"], now),
    )


def _timestamp(text: str, fallback: datetime) -> datetime:
    try:
        return datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return fallback
