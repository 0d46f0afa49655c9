"""Every stored field, in one place: the schema and its forward migrations.

The database remembers how far it has been migrated in ``PRAGMA user_version``. Opening it runs
every step above that number, each in its own transaction together with the bump of
``user_version``, so a crash during a migration leaves the database at the previous version,
never half-way. Steps are only ever appended: a released step is never edited.

v1  games, seats and the append-only move log
v2  results per seat (statistics, leaderboards), filled in for games finished under v1
v3  living games: per-server settings, turn deadlines, missed turns (``storage.living``)
v4  the turn pings posted and not yet deleted, so a restart still tidies them (``storage.living``)
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import aiosqlite

import engine
from storage.errors import StorageError

log = logging.getLogger(__name__)

Backfill = Callable[[aiosqlite.Connection], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    """``user_version`` once this step has run."""
    description: str
    statements: tuple[str, ...]
    backfill: Backfill | None = None
    """Python that moves existing rows into the new shape, in the step's transaction."""


V1_STATEMENTS = (
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        key         TEXT    NOT NULL,              -- engine game key: 'pickomino' ...
        guild_id    INTEGER,                       -- NULL in a DM channel
        channel_id  INTEGER NOT NULL,
        message_id  INTEGER,                       -- the board message, once posted
        host_id     INTEGER NOT NULL,
        options     TEXT    NOT NULL,              -- JSON, validated by the game
        seed        INTEGER,                       -- NULL while in the lobby
        status      TEXT    NOT NULL
                    CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        version     INTEGER NOT NULL DEFAULT 0,    -- = number of moves in the log
        state       TEXT,                          -- canonical JSON snapshot; NULL in the lobby
        created_at  TEXT    NOT NULL,
        updated_at  TEXT    NOT NULL
    )
    """,
    """
    CREATE TABLE seats (
        game_id   INTEGER NOT NULL REFERENCES games (id),
        seat      INTEGER NOT NULL,                -- 0 .. n-1 in join order
        user_id   INTEGER,                         -- NULL for a computer player
        name      TEXT    NOT NULL,
        ai        TEXT,                            -- AI policy; NULL for a person
        resigned  INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat),
        CHECK ((user_id IS NULL) = (ai IS NOT NULL))
    )
    """,
    """
    CREATE TABLE moves (
        game_id     INTEGER NOT NULL REFERENCES games (id),
        seq         INTEGER NOT NULL,              -- 1, 2, ...: the game's version after it
        seat        INTEGER NOT NULL,
        action      TEXT    NOT NULL,              -- canonical JSON of the action
        created_at  TEXT    NOT NULL,
        UNIQUE (game_id, seq)
    )
    """,
    # The log is the truth the snapshot is rebuilt from: refuse to rewrite history.
    """
    CREATE TRIGGER moves_are_append_only_update BEFORE UPDATE ON moves
    BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END
    """,
    """
    CREATE TRIGGER moves_are_append_only_delete BEFORE DELETE ON moves
    BEGIN SELECT RAISE(ABORT, 'the move log is append-only'); END
    """,
    # One lobby or running game per channel, enforced by the database itself; it also serves
    # by_channel.
    """
    CREATE UNIQUE INDEX games_open_in_channel ON games (channel_id)
    WHERE status IN ('lobby', 'active')
    """,
    "CREATE INDEX games_by_message ON games (message_id) WHERE message_id IS NOT NULL",
    "CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL",
)

V2_STATEMENTS = (
    """
    CREATE TABLE results (
        game_id      INTEGER NOT NULL REFERENCES games (id),
        seat         INTEGER NOT NULL,
        user_id      INTEGER,                      -- NULL for a computer player
        key          TEXT    NOT NULL,
        rank         INTEGER NOT NULL,             -- 1 = winner; ties share a rank
        score        REAL    NOT NULL,
        won          INTEGER NOT NULL,
        finished_at  TEXT    NOT NULL,
        PRIMARY KEY (game_id, seat)
    )
    """,
    "CREATE INDEX results_by_user ON results (user_id, key) WHERE user_id IS NOT NULL",
    "CREATE INDEX results_by_key ON results (key, user_id) WHERE user_id IS NOT NULL",
    """
    CREATE INDEX games_active ON games (guild_id, id)
    WHERE status IN ('lobby', 'active')
    """,
)


V3_STATEMENTS = (
    """
    CREATE TABLE guild_settings (
        guild_id    INTEGER PRIMARY KEY,
        settings    TEXT    NOT NULL,              -- JSON of storage.living.GuildSettings
        updated_at  TEXT    NOT NULL
    )
    """,
    # One row per seat whose input the game waits for; replaced when that seat's clock starts
    # again (it moved, or it became to act). Times are Unix seconds (REAL) so they compare as
    # numbers whatever the clock's formatting.
    """
    CREATE TABLE turn_deadlines (
        game_id      INTEGER NOT NULL REFERENCES games (id),
        seat         INTEGER NOT NULL,
        version      INTEGER NOT NULL,             -- the game version the clock started at
        reminder_at  REAL,                         -- NULL: this server sends no reminders
        deadline_at  REAL    NOT NULL,
        reminded     INTEGER NOT NULL DEFAULT 0,   -- claimed (and so sent) at most once
        timed_out    INTEGER NOT NULL DEFAULT 0,   -- claimed (and so played) at most once
        PRIMARY KEY (game_id, seat)
    )
    """,
    "CREATE INDEX turn_deadlines_reminders ON turn_deadlines (reminder_at) WHERE reminded = 0",
    "CREATE INDEX turn_deadlines_timeouts ON turn_deadlines (deadline_at) WHERE timed_out = 0",
    # The game version the deadlines were last brought up to date with: a game whose version
    # differs moved by some path that did not sync, and the scheduler syncs it.
    """
    CREATE TABLE turn_sync (
        game_id  INTEGER PRIMARY KEY REFERENCES games (id),
        version  INTEGER NOT NULL
    )
    """,
    """
    CREATE TABLE missed_turns (
        game_id  INTEGER NOT NULL REFERENCES games (id),
        seat     INTEGER NOT NULL,
        missed   INTEGER NOT NULL,                 -- timeouts in a row, reset by a move of one's own
        PRIMARY KEY (game_id, seat)
    )
    """,
)


V4_STATEMENTS = (
    # One row per "your turn" message the bot posted and has not deleted yet; deleted (and its
    # row forgotten) once no player it names is still to act.
    """
    CREATE TABLE turn_pings (
        message_id  INTEGER PRIMARY KEY,           -- the Discord message
        game_id     INTEGER NOT NULL REFERENCES games (id),
        channel_id  INTEGER NOT NULL,
        users       TEXT    NOT NULL,              -- JSON list of the user ids it names
        version     INTEGER NOT NULL               -- the game version it was posted at
    )
    """,
    "CREATE INDEX turn_pings_by_game ON turn_pings (game_id)",
)


def result_rows(
    game_id: int, key: str, result: engine.Result, user_ids: list[int | None], finished_at: str
) -> list[tuple[object, ...]]:
    """The ``results`` rows of one finished game, one per seat."""
    winners = set(result.winners)
    return [
        (game_id, seat, user_ids[seat], key, rank, result.scores[seat], seat in winners, finished_at)
        for seat, rank in enumerate(result.ranks)
    ]


INSERT_RESULT = (
    "INSERT INTO results (game_id, seat, user_id, key, rank, score, won, finished_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)


async def _backfill_results(db: aiosqlite.Connection) -> None:
    """Games finished before v2 get their results rows from their final snapshot. A game whose
    row cannot be read is left without results (and logged) rather than blocking the upgrade."""
    async with db.execute("SELECT id, key, state, updated_at FROM games WHERE status = 'finished'") as cursor:
        finished = list(await cursor.fetchall())
    for game_id, key, state_text, updated_at in finished:
        try:
            game = engine.get_game(key)
            result = game.result(game.load_state(json.loads(state_text)))
        except Exception as exc:  # any unreadable row: skip it, keep migrating the others
            log.warning("migration v2: no results for game %s: %s", game_id, exc)
            continue
        if result is None:
            log.warning("migration v2: game %s is finished but its state is not over", game_id)
            continue
        async with db.execute(
            "SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
        ) as cursor:
            user_ids = [row[0] for row in await cursor.fetchall()]
        await db.executemany(INSERT_RESULT, result_rows(game_id, key, result, user_ids, updated_at))


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "games, seats and the move log", V1_STATEMENTS),
    Migration(2, "results per seat for statistics", V2_STATEMENTS, _backfill_results),
    Migration(3, "server settings, turn deadlines and missed turns", V3_STATEMENTS),
    Migration(4, "turn pings still to be deleted", V4_STATEMENTS),
)
LATEST = MIGRATIONS[-1].version


async def schema_version(db: aiosqlite.Connection) -> int:
    async with db.execute("PRAGMA user_version") as cursor:
        row = await cursor.fetchone()
    assert row is not None
    return int(row[0])


async def migrate(db: aiosqlite.Connection, *, target: int = LATEST) -> int:
    """Run every step above the database's ``user_version`` up to ``target``; returns the
    version reached. The connection must be in autocommit mode (``isolation_level=None``)."""
    current = await schema_version(db)
    if current > LATEST:
        raise StorageError(
            f"the database is at schema version {current}, newer than this program knows "
            f"({LATEST}); upgrade the program instead of opening it with an old one",
            version=current,
            latest=LATEST,
        )
    for step in MIGRATIONS:
        if not current < step.version <= target:
            continue
        await db.execute("BEGIN IMMEDIATE")
        try:
            # Read again under the write lock: another process opening the same file at the
            # same moment may have run this step already.
            if await schema_version(db) >= step.version:
                await db.rollback()
                current = step.version
                continue
            for statement in step.statements:
                await db.execute(statement)
            if step.backfill is not None:
                await step.backfill(db)
            # PRAGMA user_version is transactional: it commits with the step or not at all.
            await db.execute(f"PRAGMA user_version = {step.version:d}")
        except BaseException:
            await db.rollback()
            raise
        await db.commit()
        log.info("database migrated to v%d: %s", step.version, step.description)
        current = step.version
    return current


__all__ = ["INSERT_RESULT", "LATEST", "MIGRATIONS", "Migration", "migrate", "result_rows", "schema_version"]
