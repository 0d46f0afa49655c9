"""The game repository: lobbies, seats, moves against a version, results and statistics.

The same code runs on SQLite and on PostgreSQL (``storage.database``). Each operation is one
transaction; an operation that changes a game first reads its row ``for_update``, so on
PostgreSQL two processes changing the same game take turns (SQLite's write transactions
already do).

The database is the truth. Decoded states are cached by ``(game id, version)`` together with
their stored text, and a cached state is used only when the text read in the same transaction
is identical, so the cache saves the decoding but can never serve something the database does
not hold. A move may also start from the game's record this repository last read or stored,
without reading it again, when that record is at the version the move was made at: the
compare-and-swap that stores the move proves the database still holds that version of a running
game, and what a version fixes never changes (its position is its log replayed, the log is
append-only, and seats change after the start only by a resignation, which is a move); the board
message, which can change without a move, is read back by the same statement. Of several
processes, the one whose cached record is out of date finds the version moved on and is told so,
exactly as if it had read.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections import OrderedDict, defaultdict
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from dataclasses import replace
from datetime import UTC, datetime
from functools import partial
from typing import Any

from pydantic import BaseModel

import engine
from engine.core import dump_json
from engine.core.move_log import play_logged
from storage.backends import open_database
from storage.claims import Claimant, database_now
from storage.computer_turns import ComputerTurns
from storage.database import POOL_SIZE, Connection, Database, Row
from storage.errors import (
    ChannelBusy,
    CommitUnknown,
    DatabaseUnavailable,
    GameNotFound,
    GameUnavailable,
    LobbyError,
    MoveNotStored,
    NotPlaying,
    StaleVersion,
)
from storage.integrity import checked_game
from storage.migrations import migrate
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
from storage.owed import Owed, owe
from storage.rating_check import Finished, rating_problems
from storage.rating_rows import (
    CHANGE_COLUMNS,
    PlayerRating,
    RatingBoard,
    RatingPolicyReader,
    computers_unrated,
    game_changes,
    match_of,
    player_ratings,
    rate_in,
    rating_board,
    scopes_of,
)
from storage.ratings import Change, person
from storage.schema import (
    ADD_STANDING,
    EVERYWHERE,
    FIRST_STATE_VERSION,
    INSERT_RESULT,
    result_rows,
    standing_rows,
)
from storage.snapshots import snapshot
from storage.state_versions import upgrade_games
from storage.turn_clock import TurnClock, TurnDeadline, TurnPolicyReader, default_turn_policy

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
Owes = Callable[[GameRecord, GameRecord, tuple[engine.Event, ...]], Mapping[str, Any] | None]
"""What a move owes the table, given the game before it, after it and its events: the parts of
its follow-through, as JSON its caller reads back (``storage.owed``); ``None`` when nothing."""

OPEN_STATUSES = (GameStatus.LOBBY, GameStatus.ACTIVE)
SEED_BITS = 63
"""Seeds fit a signed 64-bit integer (SQLite's INTEGER, PostgreSQL's BIGINT)."""
STATE_CACHE_SIZE = 512
RECORD_CACHE_SIZE = 1024
"""Games whose latest record read or stored is kept for the next move."""
LEADERBOARD_MAX = 25
"""Rows a leaderboard shows at most."""
RECHECK_PAUSES = (0.0, 0.5, 2.0)
"""Seconds before each try to learn whether a move whose answer was lost was stored: at once
(a cut connection: the pool opens another), then twice more for a server restarting."""


def utc_now() -> datetime:
    return datetime.now(UTC)


async def open_repository(
    url: str,
    *,
    clock: Clock | None = None,
    pool_size: int = POOL_SIZE,
    claimant: Claimant | None = None,
    turn_policy: TurnPolicyReader | None = None,
    rating_policy: RatingPolicyReader | None = None,
) -> Repository:
    """Open (creating an SQLite file if needed) the database ``url`` names, migrated to the
    latest schema. ``DatabaseUnavailable`` names the database and what to do when it cannot be
    used. Games stored at an older state version than their rules' are upgraded and their
    snapshots rebuilt from the log (``storage.state_versions``). ``clock``: this process's clock,
    for what rows record of when they were written (``created_at``, ``updated_at``); the turn
    clock counts by the database's alone (``storage.claims``). ``claimant``: who this
    process's claims are made as (a new owner by default). ``turn_policy``: how the turn clock
    learns a game's turn limit and reminder (``storage.turn_clock``; the default policy for
    every game when not given). ``rating_policy``: whether a game's server rates games with
    computer seats (``storage.rating_rows``; never, when not given)."""
    database = await open_database(url, pool_size=pool_size)
    try:
        with database.explained():
            await migrate(database)
            await upgrade_games(database)
    except BaseException:
        await database.close()
        raise
    return Repository(
        database,
        clock=clock or utc_now,
        claimant=claimant,
        turn_policy=turn_policy,
        rating_policy=rating_policy,
    )


class Repository:
    """The games. Beside them, on the same database and as the same claimant: ``turn_clock``
    (deadlines, reminders, timeouts), ``computer_turns`` and ``owed`` (what stored moves still
    owe the table)."""

    def __init__(
        self,
        database: Database,
        *,
        clock: Clock,
        claimant: Claimant | None = None,
        turn_policy: TurnPolicyReader | None = None,
        rating_policy: RatingPolicyReader | None = None,
    ) -> None:
        self.database = database
        self.rating_policy = rating_policy or computers_unrated
        """Whether a server rates games with computer seats, asked as a game with one ends."""
        self._clock = clock
        self.claimant = claimant or Claimant.this_process()
        """The owner and lease of every claim this repository makes: one per process."""
        # The clock reads a game through this repository (its decoding and caches) and syncs
        # inside this repository's move transactions (``_store_move``), so it shares the database.
        # A game it cannot load is the caller's to report (the scheduler skips it with a warning).
        self.turn_clock = TurnClock(
            database,
            self.claimant,
            load=lambda db, game_id: self._read(db, game_id, lock=True),
            policy=turn_policy or default_turn_policy,
        )
        self.computer_turns = ComputerTurns(database, self.claimant)
        self.owed = Owed(database, self.claimant)
        self._states: OrderedDict[tuple[int, int], tuple[str, Any]] = OrderedDict()
        self._records: OrderedDict[int, tuple[GameRecord, str | None]] = OrderedDict()
        """Each game's latest record read or stored here, with its snapshot as stored (see the
        module docstring)."""

    async def close(self) -> None:
        await self.database.close()

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
            # The channel's unique index decides, also between processes: a second lobby in a
            # busy channel inserts nothing.
            # The options are written at the game's state version; a game still at its first
            # leaves it to the column's default, which is every game's first.
            first = game.state_version == FIRST_STATE_VERSION
            version, versioned = ("", ()) if first else (", state_version", (game.state_version,))
            inserted = await db.fetch_one(
                f"INSERT INTO games (key, guild_id, channel_id, host_id, options, status, version{version},"
                f" created_at, updated_at) VALUES (?, ?, ?, ?, ?, 'lobby', 0{', ?' * len(versioned)}, ?, ?)"
                " ON CONFLICT DO NOTHING RETURNING id",
                (key, guild_id, channel_id, host_id, dump_json(stored), *versioned, now, now),
            )
            if inserted is None:
                busy = await self._open_game_id(db, channel_id)
                raise ChannelBusy(f"channel {channel_id} already has game {busy}", game_id=busy)
            game_id = int(inserted[0])
            await db.execute(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, 0, ?, ?)",
                (game_id, host_id, host_name),
            )
            return await self._load(db, game_id)

    async def set_message(self, game_id: int, message_id: int) -> GameRecord:
        async with self._transaction(write=True) as db:
            await self._game_row(db, game_id, lock=True)
            await db.execute(
                "UPDATE games SET message_id = ?, updated_at = ? WHERE id = ?",
                (message_id, self._now(), game_id),
            )
            return await self._load(db, game_id)

    async def join(self, game_id: int, user_id: int, name: str) -> GameRecord:
        async with self._transaction(write=True) as db:
            lobby = self._require_lobby(await self._load(db, game_id, lock=True))
            if lobby.seat_of(user_id) is not None:
                raise LobbyError("already_seated", f"user {user_id} is already seated", user_id=user_id)
            await self._add_seat(db, lobby, user_id=user_id, name=name, ai=None)
            return await self._load(db, game_id)

    async def add_ai(self, game_id: int, policy: str, name: str) -> GameRecord:
        async with self._transaction(write=True) as db:
            lobby = self._require_lobby(await self._load(db, game_id, lock=True))
            await self._add_seat(db, lobby, user_id=None, name=name, ai=policy)
            return await self._load(db, game_id)

    async def leave(self, game_id: int, user_id: int) -> GameRecord:
        """A person leaves the lobby; the later seats move up. The host leaving cancels it —
        unless every other seat is a computer player (there is at least one): then the host
        stays host without a seat and may start a demonstration game of computers only."""
        async with self._transaction(write=True) as db:
            lobby = self._require_lobby(await self._load(db, game_id, lock=True))
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

    async def start(self, game_id: int, *, seed: int | None = None, owes: Owes | None = None) -> GameRecord:
        """Start the lobby's game. ``owes``: what the start owes the table (given the lobby, the
        started game and no events), written in the same transaction (``storage.owed``)."""
        if seed is None:
            seed = secrets.randbits(SEED_BITS)
        elif not 0 <= seed < 1 << SEED_BITS:
            raise ValueError(f"a seed must be in 0 .. 2**{SEED_BITS}-1, not {seed}")
        async with self._transaction(write=True) as db:
            lobby = self._require_lobby(await self._load(db, game_id, lock=True))
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
            started = await self._load(db, game_id)
            parts = None if owes is None else owes(lobby, started, ())
            if parts is not None:
                await owe(db, game_id, 0, parts, self.claimant)
            return started

    async def abandon(self, game_id: int) -> GameRecord:
        """Cancel a lobby or stop a running game (no results). Abandoning an abandoned game
        changes nothing; a finished game stays finished (``NotPlaying``). A game whose row is
        unreadable can still be abandoned, which frees its channel: its record then carries
        no state."""
        async with self._transaction(write=True) as db:
            row = await self._game_row(db, game_id, lock=True)
            if row["status"] == GameStatus.FINISHED:
                raise NotPlaying(f"game {game_id} is already finished", game_id=game_id)
            if row["status"] != GameStatus.ABANDONED:
                await db.execute(
                    "UPDATE games SET status = 'abandoned', updated_at = ? WHERE id = ?",
                    (self._now(), game_id),
                )
            row = await self._game_row(db, game_id)
            seats = _seats(await self._seat_rows(db, game_id))
            try:
                return self._decode(row, seats)
            except GameUnavailable:
                return _husk(row, seats, fallback_time=self._clock())

    # -- loading -------------------------------------------------------------------------
    async def get(self, game_id: int) -> GameRecord:
        async with self._transaction(write=False, single=True) as db:
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
            row = await db.fetch_one(
                "SELECT id FROM games WHERE message_id = ? ORDER BY id DESC LIMIT 1", (message_id,)
            )
            return None if row is None else await self._load(db, row["id"])

    async def active_games(self, guild_id: int | None = None) -> list[GameRecord]:
        """Lobbies and running games, newest first (in one guild, or everywhere when None).
        A game whose row is unreadable is left out; the reason is logged."""
        where = "status IN ('lobby', 'active')" + ("" if guild_id is None else " AND guild_id = ?")
        params: tuple[Any, ...] = () if guild_id is None else (guild_id,)

        async def read(db: Connection) -> tuple[list[Row], list[Row]]:
            rows = await db.fetch(f"SELECT * FROM games WHERE {where} ORDER BY id DESC", params)
            seat_rows = await db.fetch(
                f"SELECT * FROM seats WHERE game_id IN (SELECT id FROM games WHERE {where})"
                " ORDER BY game_id, seat",
                params,
            )
            return rows, seat_rows

        rows, seat_rows = await self.database.run(read, write=False, aside=True)
        seats: dict[int, list[Row]] = defaultdict(list)
        for seat in seat_rows:
            seats[seat["game_id"]].append(seat)
        records = []
        for row in rows:
            try:
                records.append(self._decode(row, _seats(seats[row["id"]])))
            except GameUnavailable as exc:
                _left_out(exc, "the open games")  # the other games go on
        return records

    async def seated_games(self, user_id: int) -> list[GameRecord]:
        """Running games in which the user holds a seat and has not resigned, newest first
        (wherever they are: a player acting from a DM finds his games by this). A game whose
        stored data cannot be loaded is left out, with a warning naming it."""
        async with self._transaction(write=False, aside=True) as db:
            rows = await db.fetch(PLAYER_RUNNING_GAMES, (user_id,))
            records = []
            for row in rows:
                try:
                    records.append(await self._read(db, row["id"]))
                except GameUnavailable as exc:
                    _left_out(exc, f"the games of player {user_id}")  # the other games go on
            return records

    async def moves(self, game_id: int) -> list[MoveRecord]:
        """The game's move log, every action one the game can read (or a resignation);
        ``GameUnavailable`` (logged) if any entry cannot be."""
        async with self._transaction(write=False, aside=True) as db:
            game_row = await self._game_row(db, game_id)
            rows = await db.fetch("SELECT * FROM moves WHERE game_id = ? ORDER BY seq", (game_id,))
        try:
            game = engine.get_game(game_row["key"])
            records = [
                MoveRecord(
                    game_id=game_id,
                    seq=row["seq"],
                    seat=row["seat"],
                    action=json.loads(row["action"]),
                    created_at=datetime.fromisoformat(row["created_at"]),
                )
                for row in rows
            ]
            for move in records:
                _check_logged(game, move)
        except (ValueError, engine.EngineError) as exc:
            raise _logged(_unavailable(game_id, f"the move log is damaged: {exc}")) from exc
        return records

    async def at_version(self, game_id: int, version: int) -> tuple[GameRecord, tuple[engine.Event, ...]]:
        """The game as it stood at ``version`` and the events of the move that made it (none for
        the start), replayed from its seed and log: what a move's follow-through delivered
        late shows (``storage.owed``). ``GameUnavailable`` (logged) if it cannot be replayed."""
        latest = await self.get(game_id)
        moves = [m for m in await self.moves(game_id) if m.seq <= version]
        try:
            if latest.seed is None or len(moves) != version:
                raise ValueError(f"the log does not reach version {version}")
            game = engine.get_game(latest.key)
            state = game.new(len(latest.seats), latest.seed, latest.options)
            events: tuple[engine.Event, ...] = ()
            for move in moves:
                step, _ = play_logged(game, state, move.seat, move.action)
                state, events = step.state, step.events
        except (ValueError, engine.EngineError) as exc:
            raise _logged(_unavailable(game_id, f"version {version} cannot be replayed: {exc}")) from exc
        if latest.version == version:
            return latest, events
        status = GameStatus.ACTIVE if game.result(state) is None else GameStatus.FINISHED
        return replace(latest, state=state, version=version, status=status, result=game.result(state)), events

    async def seat_moved_since(self, game_id: int, seat: int, version: int) -> bool:
        """Whether ``seat`` has a move in the log after ``version`` (its own, or one played for
        it). A button drawn at ``version`` still acts for a seat that has not moved since, even
        if other seats have. One seek of the log's ``(game_id, seq)`` key: only the moves after
        ``version`` are read."""
        async with self._transaction(write=False, single=True) as db:
            row = await db.fetch_one(
                "SELECT 1 FROM moves WHERE game_id = ? AND seq > ? AND seat = ? LIMIT 1",
                (game_id, version, seat),
            )
        return row is not None

    # -- playing -------------------------------------------------------------------------
    async def apply(
        self,
        game_id: int,
        *,
        expected_version: int,
        seat: int,
        action: dict[str, Any],
        clocked: bool = False,
        present: bool = True,
        owes: Owes | None = None,
    ) -> Applied:
        """Play one move, atomically: check the game is running and still at
        ``expected_version``, let the engine apply it, append it to the log, store the new
        snapshot and bump the version; on the last move also the results. Any error leaves
        the game exactly as it was.

        ``clocked``: the turn deadlines are brought up to date in the same transaction, at the
        database's now read in it (``TurnClock.sync_in``, counting with the game's turn policy
        read in it too; ``present``: the seat moved by its own hand) and returned in
        ``Applied.deadlines``; otherwise the scheduler syncs them later.

        ``owes``: what the move owes the table (``storage.owed``), written in the same
        transaction and held by this repository's claimant, so that whichever process runs the
        game delivers it even if this one never does; returned in ``Applied.owed``."""
        # From the record this repository last read or stored, if it is at the move's version:
        # the compare-and-swap below proves the database still holds it, and when it does not
        # (another process moved), the move is tried once more from what is stored.
        known = self._known(game_id, expected_version)
        if known is not None:
            applied = await self._store_move(
                *known, seat, action, clocked=clocked, present=present, owes=owes
            )
            if applied is not None:
                return applied
        # The game and its seats in one statement: a snapshot of its own, no lock, no transaction.
        async with self._transaction(write=False, single=True) as db:
            record = await self._load(db, game_id)
        if record.status != GameStatus.ACTIVE:
            raise NotPlaying(f"game {game_id} is {record.status}, not active", status=record.status)
        if record.version != expected_version:
            raise StaleVersion(
                f"game {game_id} is at version {record.version}, the move was made at {expected_version}",
                version=record.version,
                expected=expected_version,
            )
        read = self._known(game_id, expected_version)  # the record just read, and its snapshot
        assert read is not None
        applied = await self._store_move(*read, seat, action, clocked=clocked, present=present, owes=owes)
        if applied is None:  # another process moved first, between the read and now
            raise StaleVersion(
                f"game {game_id} changed during the move at {expected_version}", expected=expected_version
            )
        return applied

    async def _store_move(
        self,
        record: GameRecord,
        stored_text: str,
        seat: int,
        action: dict[str, Any],
        *,
        clocked: bool,
        present: bool,
        owes: Owes | None = None,
    ) -> Applied | None:
        """The move applied to ``record`` (its snapshot ``stored_text``) and stored, or ``None``
        when the database no longer holds that record: the compare-and-swap matched no row."""
        game_id = record.id
        game = engine.get_game(record.key)
        step, logged = play_logged(game, record.state, seat, action)
        version = record.version + 1
        now = self._now()
        text = snapshot(game, step.state)
        result = game.result(step.state)
        status = GameStatus.ACTIVE if result is None else GameStatus.FINISHED
        resigned = logged.get("kind") == engine.RESIGN
        # Most moves are one statement on PostgreSQL (below), atomic by itself; the last move, a
        # resignation, a move that syncs the turn clock and one that owes the table write more,
        # in one transaction. On SQLite every move is BEGIN IMMEDIATE … COMMIT, each statement a
        # hand-off to the writing connection's thread. What the move owes the table is worked
        # out before the transaction (plain computation, from the positions before and after),
        # so the write holds no lock for it.
        parts = None
        if owes is not None:
            provisional = replace(
                record,
                state=step.state,
                version=version,
                status=status,
                seats=tuple(
                    replace(s, resigned=True) if resigned and s.seat == seat else s for s in record.seats
                ),
                result=result,
            )
            parts = owes(record, provisional, step.events)
        single = result is None and not resigned and not clocked and parts is None
        finishing = ", status = 'finished'" if status is GameStatus.FINISHED else ""
        user_ids = [s.user_id for s in record.seats]
        # A move with the turn clock marks the game synced with it on the row it writes anyway,
        # and logs the clock's time: the mover's deadline row then need not change (storage.turn_clock).
        synced, synced_params = (", turns_synced = ?", (version,)) if clocked else ("", ())

        async def store(db: Connection) -> tuple[GameRecord, dict[int, TurnDeadline]] | None:
            # The turn clock's time is the database's now, read once: the log, the deadlines and
            # the board count from the same reading, whatever this process's clock says.
            turn_at = await database_now(db) if clocked else None
            clock, clock_params = ("", ()) if turn_at is None else (", turn_at", (turn_at,))
            # Of two processes moving at the same version, the second waits for the first's row
            # lock, then matches no row and stores nothing. The status is written only when it
            # changes, so the indexes on it are left alone.
            stored = await db.update_then_insert(
                f"UPDATE games SET state = ?, version = ?, updated_at = ?{synced}{finishing}"
                " WHERE id = ? AND version = ? AND status = 'active' AND state = ? RETURNING message_id",
                (text, version, now, *synced_params, game_id, record.version, stored_text),
                f"INSERT INTO moves (game_id, seq, seat, action, created_at{clock})"
                f" SELECT ?, ?, ?, ?, ?{', ?' * len(clock_params)}",
                (game_id, version, seat, dump_json(logged), now, *clock_params),
            )
            if stored is None:
                return None
            seats = record.seats
            if resigned:
                await db.execute(
                    "UPDATE seats SET resigned = 1 WHERE game_id = ? AND seat = ?", (game_id, seat)
                )
                seats = tuple(replace(s, resigned=True) if s.seat == seat else s for s in seats)
            ratings: tuple[Change, ...] = ()
            if result is not None:
                await db.execute_many(INSERT_RESULT, result_rows(game_id, record.key, result, user_ids, now))
                await db.execute_many(
                    ADD_STANDING, standing_rows(record.key, record.guild_id, result, user_ids)
                )
                ratings = await self._rate(db, record, result)
            game_after: GameRecord = replace(
                record,
                message_id=stored["message_id"],
                state=step.state,
                version=version,
                status=status,
                seats=seats,
                updated_at=datetime.fromisoformat(now),
                result=result,
                ratings=ratings,
            )
            deadlines: dict[int, TurnDeadline] = {}
            if turn_at is not None:
                deadlines = await self.turn_clock.sync_in(
                    db,
                    game_after,
                    turn_at,
                    present_seat=seat if present else None,
                    mover=seat,
                    clocked=True,
                )
            if parts is not None:
                await owe(db, game_id, version, parts, self.claimant)
            return game_after, deadlines

        try:
            stored = await self.database.run(store, write=True, single=single)
        except DatabaseUnavailable as exc:
            # Gone during the write: the COMMIT (or the one statement) may have been done
            # before the answer was lost. Ask again, so a stored move is never reported as
            # nothing changed, nor a lost one as played.
            message_id = await self._stored_move(game_id, version, seat, logged)
            if message_id is None:
                raise MoveNotStored(
                    f"{exc.message}; game {game_id}'s move {version} was not stored",
                    game_id=game_id,
                    version=version,
                ) from exc
            game_after = replace(
                record,
                message_id=message_id[0],
                state=step.state,
                version=version,
                status=status,
                seats=tuple(
                    replace(s, resigned=True) if resigned and s.seat == seat else s for s in record.seats
                ),
                updated_at=datetime.fromisoformat(now),
                result=result,
            )
            if result is not None:
                async with self._transaction(write=False, single=True) as db:
                    game_after = replace(game_after, ratings=await game_changes(db, game_id, record.guild_id))
            deadlines = await self.turn_clock.deadlines(game_id) if clocked else {}
            stored = game_after, deadlines
        if stored is None:
            return None
        game_after, deadlines = stored
        self._remember(game_id, version, text, step.state)
        self._keep(game_after, text)
        return Applied(game=game_after, events=step.events, deadlines=deadlines, owed=parts)

    async def _rate(self, db: Connection, record: GameRecord, result: engine.Result) -> tuple[Change, ...]:
        """Rate the game ``record`` ends with ``result`` (in the transaction storing its last
        move): its changes in its own server's ratings, none when it is not rated."""
        computers = any(s.is_ai for s in record.seats)
        rate_computers = computers and await self.rating_policy(db, record.guild_id)
        seats = [(s.user_id, s.ai) for s in record.seats]
        match = match_of(
            record.id,
            record.key,
            record.guild_id,
            record.options,
            result,
            seats,
            rate_computers=rate_computers,
        )
        if match is None:
            return ()
        scope = scopes_of(record.guild_id)[0]
        return tuple(c for c in await rate_in(db, match) if c.scope == scope)

    async def _stored_move(
        self, game_id: int, version: int, seat: int, logged: dict[str, Any]
    ) -> tuple[int | None] | None:
        """After a write whose answer was lost: whether the game's log holds this move (its
        version, its seat, its action), and then the board message read with it. ``None``: it
        does not, so nothing was stored. ``CommitUnknown`` when the database cannot be asked."""
        last: DatabaseUnavailable | None = None
        for pause in RECHECK_PAUSES:
            await asyncio.sleep(pause)
            try:
                async with self._transaction(write=False, single=True) as db:
                    row = await db.fetch_one(
                        "SELECT g.message_id, m.seat, m.action FROM games g JOIN moves m"
                        " ON m.game_id = g.id AND m.seq = ? WHERE g.id = ?",
                        (version, game_id),
                    )
            except DatabaseUnavailable as exc:
                last = exc
                continue
            if row is None or row[1] != seat or json.loads(row[2]) != json.loads(dump_json(logged)):
                return None
            return (row[0],)
        raise CommitUnknown(
            f"the database went away while game {game_id}'s move {version} was committed, and"
            " cannot be asked whether it was stored: look at the game's board",
            game_id=game_id,
            version=version,
        ) from last

    # -- statistics ----------------------------------------------------------------------
    async def user_stats(self, user_id: int, key: str | None = None) -> UserStats:
        """Finished games the user sat in (resigned ones included), overall or for one game: the
        user's standings over every server (``standings``), one row per game played."""
        sql, params = (PLAYER_STANDINGS, (user_id,)) if key is None else (PLAYER_STANDING, (user_id, key))
        async with self._transaction(write=False, single=True, aside=True) as db:
            rows = await db.fetch(sql, params)
        per_game = {row[0]: (int(row[1]), int(row[2])) for row in rows}
        return UserStats(
            user_id=user_id,
            played=sum(p for p, _ in per_game.values()),
            won=sum(w for _, w in per_game.values()),
            per_game=per_game,
        )

    async def leaderboard(self, key: str, *, guild_id: int | None = None, limit: int = 10) -> list[LeaderRow]:
        """People (not computer players) by wins, then points; ties by user id, so the order is
        stable. At most ``LEADERBOARD_MAX`` rows."""
        if not 1 <= limit <= LEADERBOARD_MAX:
            raise ValueError(f"a leaderboard shows 1 to {LEADERBOARD_MAX} players, not {limit}")
        params = (key, EVERYWHERE if guild_id is None else guild_id, limit)
        async with self._transaction(write=False, single=True, aside=True) as db:
            rows = await db.fetch(LEADERBOARD, params)
        return [LeaderRow(user_id=r[0], played=r[1], won=r[2], points=float(r[3])) for r in rows]

    # -- integrity -----------------------------------------------------------------------
    async def game_counts(self) -> dict[GameStatus, int]:
        """How many games are in each status: the rows the database keeps counting as games
        are created and change status (``game_counts``, v9), not a count of the games."""
        async with self._transaction(write=False, single=True) as db:
            rows = await db.fetch("SELECT status, SUM(games) FROM game_counts GROUP BY status")
        counts = dict.fromkeys(GameStatus, 0)
        counts.update({GameStatus(row[0]): int(row[1]) for row in rows})
        return counts

    async def count_games(self) -> int:
        return sum((await self.game_counts()).values())

    async def verify(self) -> list[Mismatch]:
        """Replay every game from its seed and log and compare with what is stored. Each game
        is read in its own short transaction so a running bot is not held up."""
        async with self._transaction(write=False, aside=True) as db:
            ids = [row[0] for row in await db.fetch("SELECT id FROM games ORDER BY id")]
        mismatches: list[Mismatch] = []
        finished: dict[int, Finished] = {}
        for game_id in ids:
            row, seats, moves, results = await self.database.run(
                partial(self._stored_game, game_id=game_id), write=False, aside=True
            )
            checked = checked_game(row, seats, moves, results)
            mismatches.extend(Mismatch(game_id, p) for p in checked.problems)
            if row["status"] == GameStatus.FINISHED and checked.result is not None:
                players = tuple((s["user_id"], s["ai"]) for s in seats)
                finished[game_id] = Finished(
                    row["key"], row["guild_id"], checked.options, players, checked.result
                )
        async with self._transaction(write=False, aside=True) as db:
            changes = await db.fetch(f"SELECT {CHANGE_COLUMNS}, seq FROM rating_changes ORDER BY seq")
            ratings = await db.fetch("SELECT key, guild_id, player, mu, sigma, games FROM ratings")
        mismatches.extend(Mismatch(g, p) for g, p in rating_problems(finished, changes, ratings))
        return mismatches

    # -- ratings -------------------------------------------------------------------------
    async def rating_board(self, key: str, *, guild_id: int | None, limit: int = 10) -> RatingBoard:
        """The game's leaderboard by conservative rating in one server's ratings (``None``: over
        every server), provisional players apart; at most ``limit`` rows each."""
        if not 1 <= limit <= LEADERBOARD_MAX:
            raise ValueError(f"a leaderboard shows 1 to {LEADERBOARD_MAX} players, not {limit}")
        scope = EVERYWHERE if guild_id is None else guild_id
        async with self._transaction(write=False, aside=True) as db:
            return await rating_board(db, key, scope, limit)

    async def player_ratings(self, user_id: int, *, guild_id: int | None = None) -> list[PlayerRating]:
        """A person's ratings, one per game he is rated in, with their trends: in one server's
        ratings, or (``None``) over every server."""
        scope = EVERYWHERE if guild_id is None else guild_id
        async with self._transaction(write=False, aside=True) as db:
            return await player_ratings(db, person(user_id), scope)

    async def seat_names(self, user_ids: Sequence[int]) -> dict[int, str]:
        """The name each person last sat at a table under (for a page where a mention means
        nothing: the web table's leaderboard); a person never seated is left out."""
        if not user_ids:
            return {}
        marks = ", ".join("?" for _ in user_ids)
        async with self._transaction(write=False, single=True, aside=True) as db:
            rows = await db.fetch(
                f"SELECT user_id, name FROM seats WHERE user_id IN ({marks}) ORDER BY game_id, seat",
                tuple(user_ids),
            )
        return {int(row[0]): row[1] for row in rows}  # the last game's name wins

    # -- inside a transaction --------------------------------------------------------------
    async def _stored_game(
        self, db: Connection, *, game_id: int
    ) -> tuple[Row, list[Row], list[Row], list[Row]]:
        """Everything stored of one game: its row, seats, log and results."""
        row = await self._game_row(db, game_id)
        seats = await self._seat_rows(db, game_id)
        moves = await db.fetch("SELECT * FROM moves WHERE game_id = ? ORDER BY seq", (game_id,))
        results = await db.fetch("SELECT * FROM results WHERE game_id = ? ORDER BY seat", (game_id,))
        return row, seats, moves, results

    def _transaction(
        self, *, write: bool, single: bool = False, aside: bool = False
    ) -> AbstractAsyncContextManager[Connection]:
        return self.database.transaction(write=write, single=single, aside=aside)

    async def _game_row(self, db: Connection, game_id: int, *, lock: bool = False) -> Row:
        """The game's row; ``lock`` for a write transaction about to change the game."""
        row = await db.fetch_one(
            "SELECT * FROM games WHERE id = ?" + (db.for_update if lock else ""), (game_id,)
        )
        if row is None:
            raise GameNotFound(f"there is no game {game_id}", game_id=game_id)
        return row

    async def _seat_rows(self, db: Connection, game_id: int) -> list[Row]:
        return await db.fetch("SELECT * FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))

    async def _load(self, db: Connection, game_id: int, *, lock: bool = False) -> GameRecord:
        """The game's record (``_read``); a game that cannot be loaded is logged as such."""
        try:
            return await self._read(db, game_id, lock=lock)
        except GameUnavailable as exc:
            _logged(exc)
            raise

    async def _read(self, db: Connection, game_id: int, *, lock: bool = False) -> GameRecord:
        if lock:
            row = await self._game_row(db, game_id, lock=True)
            record = self._decode(row, _seats(await self._seat_rows(db, game_id)))
        else:
            # The game and its seats in one query (one row per seat), one round trip less per move.
            rows = await db.fetch(GAME_WITH_SEATS, (game_id,))
            if not rows:
                raise GameNotFound(f"there is no game {game_id}", game_id=game_id)
            record = self._decode(
                rows[0], _seats([r for r in rows if r["seat_seat"] is not None], prefix="seat_")
            )
        if record.status is GameStatus.FINISHED:  # its final board shows its rating changes
            record = replace(record, ratings=await game_changes(db, game_id, record.guild_id))
        return record

    async def _open_game_id(self, db: Connection, channel_id: int) -> int | None:
        row = await db.fetch_one(
            "SELECT id FROM games WHERE channel_id = ? AND status IN ('lobby', 'active')", (channel_id,)
        )
        return None if row is None else int(row["id"])

    async def _add_seat(
        self, db: Connection, lobby: GameRecord, *, user_id: int | None, name: str, ai: str | None
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
    def _decode(self, row: Row, seats: tuple[SeatRecord, ...]) -> GameRecord:
        """The record of a stored game, or ``GameUnavailable`` if any part of the row cannot be
        read: an unknown game key, JSON that does not parse, options or a state the game
        refuses as damaged (``Game.load_options``, ``Game.load_state``)."""
        game_id = int(row["id"])
        try:
            game = engine.get_game(row["key"])
            stored_version = _state_version(row)
            if stored_version != game.state_version:
                raise ValueError(
                    f"stored at state version {stored_version}, the rules are at {game.state_version}"
                    " and the game could not be upgraded"
                )
            options = json.loads(row["options"])
            if not isinstance(options, dict):
                raise ValueError("the options are not a JSON object")
            game.load_options(options)
            state = None
            if row["state"] is not None:
                state = self._state(game, game_id, row["version"], row["state"])
            result = None if state is None else game.result(state)
            record = GameRecord(
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
                seats=seats,
                created_at=datetime.fromisoformat(row["created_at"]),
                updated_at=datetime.fromisoformat(row["updated_at"]),
                result=result,
            )
        except Exception as exc:  # anything a damaged row can raise: isolate this one game
            self._records.pop(game_id, None)
            raise _unavailable(game_id, _why(exc)) from exc
        self._keep(record, row["state"])
        return record

    def _state(self, game: engine.Game[Any, Any, Any], game_id: int, version: int, text: str) -> Any:
        cached = self._states.get((game_id, version))
        if cached is not None and cached[0] == text:
            self._states.move_to_end((game_id, version))
            return cached[1]
        state = game.load_state(json.loads(text))
        self._remember(game_id, version, text, state)
        return state

    def _known(self, game_id: int, version: int) -> tuple[GameRecord, str] | None:
        """The game's latest record read or stored here and its stored snapshot, if it is a
        running game at ``version``."""
        found = self._records.get(game_id)
        if found is None:
            return None
        record, text = found
        if text is None or record.version != version or record.status is not GameStatus.ACTIVE:
            return None
        return record, text

    def _keep(self, record: GameRecord, text: str | None) -> None:
        self._records[record.id] = (record, text)
        self._records.move_to_end(record.id)
        while len(self._records) > RECORD_CACHE_SIZE:
            self._records.popitem(last=False)

    def _remember(self, game_id: int, version: int, text: str, state: Any) -> None:
        self._states[(game_id, version)] = (text, state)
        self._states.move_to_end((game_id, version))
        while len(self._states) > STATE_CACHE_SIZE:
            self._states.popitem(last=False)

    def now(self) -> str:
        """The repository's clock as stored in rows (ISO 8601)."""
        return self._clock().isoformat()

    def _now(self) -> str:
        return self._clock().isoformat()


LEADERBOARD = (
    "SELECT user_id, played, won, points FROM standings WHERE key = ? AND guild_id = ?"
    " ORDER BY won DESC, points DESC, user_id LIMIT ?"
)
"""A leaderboard (game, server or ``EVERYWHERE``, rows): the first entries of the
``standings_ranked`` index (v9), already in this order, so however many people have played
nothing is sorted."""

PLAYER_RUNNING_GAMES = (
    "SELECT game_id AS id FROM seats WHERE user_id = ? AND playing = 1 AND resigned = 0 ORDER BY game_id DESC"
)
"""A player's running games, from his seats in running games only (``seats_playing``): however
many games he has played, only the running ones are read."""
PLAYER_STANDINGS = (
    f"SELECT key, played, won FROM standings WHERE user_id = ? AND guild_id = {EVERYWHERE:d} ORDER BY key"
)
"""A player's totals over every server, one row per game played (``standings_of_player``, v9)."""
PLAYER_STANDING = PLAYER_STANDINGS.replace(" ORDER BY key", " AND key = ?")
"""The same, of one game."""

GAME_WITH_SEATS = (
    "SELECT g.*, s.seat AS seat_seat, s.user_id AS seat_user_id, s.name AS seat_name, s.ai AS seat_ai,"
    " s.resigned AS seat_resigned FROM games g LEFT JOIN seats s ON s.game_id = g.id"
    " WHERE g.id = ? ORDER BY s.seat"
)
"""A game's row once per seat, the seat's columns named ``seat_…``."""


def _seats(rows: Sequence[Row], *, prefix: str = "") -> tuple[SeatRecord, ...]:
    return tuple(
        SeatRecord(
            seat=r[f"{prefix}seat"],
            user_id=r[f"{prefix}user_id"],
            name=r[f"{prefix}name"],
            ai=r[f"{prefix}ai"],
            resigned=bool(r[f"{prefix}resigned"]),
        )
        for r in rows
    )


def _state_version(row: Row) -> int:
    """The state version a game's row was stored at. A row of a database before v13, which only
    a repository made on an unmigrated database reads (``open_repository`` migrates), has none:
    it was stored at every game's first."""
    try:
        return int(row["state_version"])
    except (IndexError, KeyError):
        return FIRST_STATE_VERSION


def _unavailable(game_id: int, reason: str) -> GameUnavailable:
    return GameUnavailable(f"game {game_id} cannot be loaded ({reason})", game_id=game_id, reason=reason)


def _why(exc: Exception) -> str:
    """What a damaged row's error says: the engine's own words, else the error and its text."""
    return exc.message if isinstance(exc, engine.EngineError) else f"{type(exc).__name__}: {exc}"


def _logged(error: GameUnavailable) -> GameUnavailable:
    """A game asked for by itself that cannot be loaded: an error in the log."""
    log.error("game %s is unavailable: %s", error.params["game_id"], error.params["reason"])
    return error


def _left_out(error: GameUnavailable, read: str) -> None:
    """A game that cannot be loaded is left out of a read of many, which goes on without it."""
    log.warning(
        "game %s is left out of %s: its stored data cannot be loaded (%s)",
        error.params["game_id"],
        read,
        error.params["reason"],
    )


def _check_logged(game: engine.Game[Any, Any, Any], move: MoveRecord) -> None:
    """A logged move is a resignation or an action the game reads; ``ValueError`` else."""
    action = move.action
    if not isinstance(action, dict):
        raise ValueError(f"move {move.seq} is not a JSON object")
    if action.get("kind") == engine.RESIGN:
        return
    try:
        game.parse_action(action)
    except engine.BadAction as exc:
        raise ValueError(f"move {move.seq}: {exc.message}") from None


def _husk(row: Row, seats: tuple[SeatRecord, ...], *, fallback_time: datetime) -> GameRecord:
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
        seats=seats,
        created_at=_timestamp(row["created_at"], now),
        updated_at=_timestamp(row["updated_at"], now),
    )


def _timestamp(text: str, fallback: datetime) -> datetime:
    try:
        return datetime.fromisoformat(text)
    except (TypeError, ValueError):
        return fallback
