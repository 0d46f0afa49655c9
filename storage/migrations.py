"""The schema's forward migrations, for SQLite and for PostgreSQL side by side: frozen, each
step as it was released (the current schema's everyday statements are ``storage.schema``).

The database remembers how far it has been migrated (SQLite: ``PRAGMA user_version``;
PostgreSQL: the ``schema_version`` table). Opening it runs every step above that number, each
in its own transaction together with the bump of the version, so a crash during a migration
leaves the database at the previous version, never half-way. Steps are only ever appended: a
released step is never edited. Each step has the same meaning on both databases; only the
spelling of types differs (PostgreSQL's ``BIGINT`` for Discord ids and seeds, ``DOUBLE
PRECISION`` where SQLite's ``REAL`` is 8 bytes, an identity column for game ids, a trigger
function for the append-only log). A step's Python backfill runs on either.

v1  games, seats and the append-only move log
v2  results per seat (statistics, leaderboards), filled in for games finished under v1
v3  living games: per-server settings, turn deadlines, missed turns (``storage.turn_clock``)
v4  the turn pings posted and not yet deleted, so a restart still tidies them (``storage.turn_clock``)
v5  why each game ended and co-operative outcomes in ``results``; every snapshot rebuilt from
    its log, so positions stored by an earlier engine read with the current one
v6  ``standings``: each person's played, won and points per game and server, and over every
    server, kept up to date as games finish, so a leaderboard reads one row per player instead
    of every result
v7  SQLite: the move log rebuilt ``WITHOUT ROWID``, keyed by (game, seq) in one b-tree, so a
    move appends to one tree instead of a table and its index (PostgreSQL: nothing to change)
v8  several bot processes on one database: reminders and timeouts claimed with an owner and a
    lease (a claim left by a process that died is taken over once its lease runs out), a
    timeout's tries counted in storage; ``computer_turns``, the games whose computer seats are
    to play, claimed the same way (filled in for the running games); ``dm_notices``, the
    players to be told at their next interaction that a DM could not reach them
v9  reads that stay flat as history grows: ``standings`` indexed in leaderboard order (a
    leaderboard reads its first rows, nothing sorted) and by player over every server (a
    player's statistics read a row per game played, not every result); ``game_counts``, the
    games in each status, kept by triggers on ``games`` (filled in from the games stored);
    ``turn_sync`` keeps the running games only (the rows of games over are deleted)
v10 ``player_settings``: each person's own settings for one game (a standing choice the bot
    acts on for him), as JSON the game's bot side validates
v11 nothing (it once stamped one game's stored options with a new option's first value; each
    game's own upgrade does that now, v13)
v12 the turn clock written only where it changes: ``moves.turn_at`` (the turn clock's time of a
    move stored with it), the settings a deadline was counted with on its row, and the version
    the deadlines are synced with on the game's row (``games.turns_synced``, which replaces
    ``turn_sync``), so a move of a seat still to act writes no row of its own (``storage.turn_clock``)
v13 ``games.state_version``: the game's state version (``engine.Game.state_version``) its options
    and snapshot were written at; every game stored so far at 1, each game's first, since none
    was recorded before. Opening the database then upgrades every game stored at an older
    version than its rules' and rebuilds its snapshot from the log (``storage.rebuild``)
v14 ``seats.playing``: a player's seats in running games, marked by triggers and indexed
v15 ``owed``: what a stored move still owes the table (its board, pings, DMs), written in the
    move's transaction and claimed with an owner and a lease until delivered (``storage.owed``)
v16 ``ratings`` and ``rating_changes``: each player's skill rating per game and scope, and each
    rated game's changes in the order games ended (``storage.ratings``), filled in by rating
    every finished game stored so far without a computer seat, in the order they ended
"""

from __future__ import annotations

import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import engine
from engine.core.move_log import final_state, upgraded_options
from storage.database import Connection, Database, Row
from storage.errors import StorageError
from storage.rating_rows import change_row, scopes_of
from storage.ratings import Ledger, rated_game
from storage.schema import FIRST_STATE_VERSION, result_rows
from storage.snapshots import snapshot

log = logging.getLogger(__name__)

Backfill = Callable[[Connection], Awaitable[None]]


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    """The schema version once this step has run."""
    description: str
    sqlite: tuple[str, ...]
    postgresql: tuple[str, ...]
    backfill: Backfill | None = None
    """Python that moves existing rows into the new shape, in the step's transaction."""

    def statements(self, backend: str) -> tuple[str, ...]:
        return self.sqlite if backend == "sqlite" else self.postgresql


V1_STATEMENTS = (
    """
    CREATE TABLE games (
        id          INTEGER PRIMARY KEY,
        key         TEXT    NOT NULL,              -- the engine's game key
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
        settings    TEXT    NOT NULL,              -- JSON of storage.guild_settings.GuildSettings
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


V5_STATEMENTS = (
    "ALTER TABLE results ADD COLUMN reason TEXT",  # why the game ended, as the game names it
    "ALTER TABLE results ADD COLUMN team TEXT",  # co-operative games: 'won' or 'lost' together
)

BACKFILL_STANDINGS = (
    "INSERT INTO standings (key, guild_id, user_id, played, won, points)"
    " SELECT r.key, COALESCE(g.guild_id, 0), r.user_id, COUNT(*), SUM(r.won), SUM(r.score)"
    " FROM results r JOIN games g ON g.id = r.game_id WHERE r.user_id IS NOT NULL"
    " GROUP BY r.key, COALESCE(g.guild_id, 0), r.user_id",
    "INSERT INTO standings (key, guild_id, user_id, played, won, points)"
    " SELECT key, -1, user_id, COUNT(*), SUM(won), SUM(score) FROM results WHERE user_id IS NOT NULL"
    " GROUP BY key, user_id",
)
"""The standings of the games finished before v6, from their results: per server, then over all."""

V6_STATEMENTS = (
    """
    CREATE TABLE standings (
        key       TEXT    NOT NULL,
        guild_id  INTEGER NOT NULL,                -- 0: outside any server; -1: every game
        user_id   INTEGER NOT NULL,
        played    INTEGER NOT NULL,
        won       INTEGER NOT NULL,
        points    REAL    NOT NULL,                -- sum of the game's own scores
        PRIMARY KEY (key, guild_id, user_id)
    )
    """,
    *BACKFILL_STANDINGS,
)

V7_STATEMENTS = (
    """
    CREATE TABLE moves_keyed (
        game_id     INTEGER NOT NULL REFERENCES games (id),
        seq         INTEGER NOT NULL,              -- 1, 2, ...: the game's version after it
        seat        INTEGER NOT NULL,
        action      TEXT    NOT NULL,              -- canonical JSON of the action
        created_at  TEXT    NOT NULL,
        PRIMARY KEY (game_id, seq)
    ) WITHOUT ROWID
    """,
    "INSERT INTO moves_keyed (game_id, seq, seat, action, created_at)"
    " SELECT game_id, seq, seat, action, created_at FROM moves ORDER BY game_id, seq",
    "DROP TABLE moves",  # its triggers go with it; dropping fires none
    "ALTER TABLE moves_keyed RENAME TO moves",
    *V1_STATEMENTS[3:5],  # the log stays append-only
)

V8_STATEMENTS = (
    # A claim: the process that handles the reminder or timeout (``storage.claims.Claimant``) and
    # when its lease runs out (Unix seconds). ``reminded`` / ``timed_out`` = 1 still mean done.
    "ALTER TABLE turn_deadlines ADD COLUMN reminder_owner TEXT",
    "ALTER TABLE turn_deadlines ADD COLUMN reminder_until REAL",
    "ALTER TABLE turn_deadlines ADD COLUMN timeout_owner TEXT",
    "ALTER TABLE turn_deadlines ADD COLUMN timeout_until REAL",
    "ALTER TABLE turn_deadlines ADD COLUMN timeout_tries INTEGER NOT NULL DEFAULT 0",
    # When a claim is due again if its owner does not finish it: few rows, read by next_due.
    "CREATE INDEX turn_deadlines_reminder_leases ON turn_deadlines (reminder_until)"
    " WHERE reminded = 0 AND reminder_owner IS NOT NULL",
    "CREATE INDEX turn_deadlines_timeout_leases ON turn_deadlines (timeout_until)"
    " WHERE timed_out = 0 AND timeout_owner IS NOT NULL",
    # One row per game whose computer seats are to play; gone once none is.
    """
    CREATE TABLE computer_turns (
        game_id      INTEGER PRIMARY KEY REFERENCES games (id),
        version      INTEGER NOT NULL,             -- the latest version they were to act at
        due_at       REAL    NOT NULL,             -- since when (Unix seconds)
        owner        TEXT,                         -- the process playing them, while claimed
        lease_until  REAL                          -- when that claim lapses unless renewed
    )
    """,
    # A player whose DM could not go out, to be told at his next interaction with the game.
    """
    CREATE TABLE dm_notices (
        game_id  INTEGER NOT NULL REFERENCES games (id),
        user_id  INTEGER NOT NULL,
        PRIMARY KEY (game_id, user_id)
    )
    """,
)

STATUSES = ("lobby", "active", "finished", "abandoned")
"""Every ``games.status`` (its CHECK), each with its rows in ``game_counts``."""
COUNT_PARTS = 16
"""``game_counts`` keeps each status's count in this many rows, a game in row ``id % 16``, so
games of different processes starting or ending at the same moment seldom wait for the same
row's lock (on PostgreSQL one row would make every game's end wait for the one before to
commit). The v9 triggers spell the 16 out: it is part of the released step."""

FLAT_READ_INDEXES = (
    # A leaderboard is the first rows of this index in a server (or over every game, -1).
    "CREATE INDEX standings_ranked ON standings (key, guild_id, won DESC, points DESC, user_id)",
    # A player's statistics: his totals over every server (-1), one row per game played. Not a
    # partial index on guild_id = -1: SQLite prepares a statement again whenever the value bound
    # to a column a partial index's condition names may change its plan, and the leaderboard
    # binds guild_id.
    "CREATE INDEX standings_of_player ON standings (user_id, guild_id, key)",
)

# The counting triggers come before the rows are filled in: on PostgreSQL creating a trigger
# locks the table against writes until the step commits, so no game is counted twice or missed.
FILL_GAME_COUNTS = (
    "INSERT INTO game_counts (status, part, games) VALUES "
    + ", ".join(f"('{status}', {part:d}, 0)" for status in STATUSES for part in range(COUNT_PARTS)),
    f"INSERT INTO game_counts (status, part, games) SELECT status, id % {COUNT_PARTS:d}, COUNT(*)"
    f" FROM games WHERE true GROUP BY status, id % {COUNT_PARTS:d}"  # (SQLite's upsert wants a WHERE)
    " ON CONFLICT (status, part) DO UPDATE SET games = excluded.games",
)

FORGET_OVER_TURN_SYNC = (
    "DELETE FROM turn_sync WHERE game_id IN (SELECT id FROM games WHERE status IN ('finished', 'abandoned'))"
)
"""From v9 ``turn_sync`` holds the running games only: a game is forgotten there when it ends."""

V9_STATEMENTS = (
    *FLAT_READ_INDEXES,
    """
    CREATE TABLE game_counts (
        status  TEXT    NOT NULL,                  -- a games.status
        part    INTEGER NOT NULL,                  -- the games whose id % 16 is this
        games   INTEGER NOT NULL,                  -- how many of them are in that status
        PRIMARY KEY (status, part)
    )
    """,
    """
    CREATE TRIGGER games_counted_insert AFTER INSERT ON games
    BEGIN UPDATE game_counts SET games = games + 1 WHERE status = NEW.status AND part = NEW.id % 16; END
    """,
    """
    CREATE TRIGGER games_counted_delete AFTER DELETE ON games
    BEGIN UPDATE game_counts SET games = games - 1 WHERE status = OLD.status AND part = OLD.id % 16; END
    """,
    # A move leaves ``status`` out of its UPDATE, so this fires only when a game changes status.
    """
    CREATE TRIGGER games_counted_status AFTER UPDATE OF status ON games
    WHEN OLD.status != NEW.status
    BEGIN
        UPDATE game_counts SET games = games - 1 WHERE status = OLD.status AND part = OLD.id % 16;
        UPDATE game_counts SET games = games + 1 WHERE status = NEW.status AND part = NEW.id % 16;
    END
    """,
    *FILL_GAME_COUNTS,
    FORGET_OVER_TURN_SYNC,
)

# PostgreSQL: the same tables, columns, keys, checks and indexes, spelt in its types.
PG_V1_STATEMENTS = (
    """
    CREATE TABLE games (
        id          BIGINT  GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
        key         TEXT    NOT NULL,
        guild_id    BIGINT,
        channel_id  BIGINT  NOT NULL,
        message_id  BIGINT,
        host_id     BIGINT  NOT NULL,
        options     TEXT    NOT NULL,
        seed        BIGINT,
        status      TEXT    NOT NULL
                    CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
        version     INTEGER NOT NULL DEFAULT 0,
        state       TEXT,
        created_at  TEXT    NOT NULL,
        updated_at  TEXT    NOT NULL
    )
    """,
    """
    CREATE TABLE seats (
        game_id   BIGINT  NOT NULL REFERENCES games (id),
        seat      INTEGER NOT NULL,
        user_id   BIGINT,
        name      TEXT    NOT NULL,
        ai        TEXT,
        resigned  INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat),
        CHECK ((user_id IS NULL) = (ai IS NOT NULL))
    )
    """,
    """
    CREATE TABLE moves (
        game_id     BIGINT  NOT NULL REFERENCES games (id),
        seq         INTEGER NOT NULL,
        seat        INTEGER NOT NULL,
        action      TEXT    NOT NULL,
        created_at  TEXT    NOT NULL,
        UNIQUE (game_id, seq)
    )
    """,
    # SQLSTATE 23000 (integrity_constraint_violation): refused like any other constraint.
    """
    CREATE FUNCTION moves_are_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'the move log is append-only' USING ERRCODE = '23000'; END $$
    """,
    """
    CREATE TRIGGER moves_are_append_only_update BEFORE UPDATE ON moves
    FOR EACH ROW EXECUTE FUNCTION moves_are_append_only()
    """,
    """
    CREATE TRIGGER moves_are_append_only_delete BEFORE DELETE ON moves
    FOR EACH ROW EXECUTE FUNCTION moves_are_append_only()
    """,
    """
    CREATE UNIQUE INDEX games_open_in_channel ON games (channel_id)
    WHERE status IN ('lobby', 'active')
    """,
    "CREATE INDEX games_by_message ON games (message_id) WHERE message_id IS NOT NULL",
    "CREATE INDEX seats_by_user ON seats (user_id) WHERE user_id IS NOT NULL",
)

PG_V2_STATEMENTS = (
    """
    CREATE TABLE results (
        game_id      BIGINT  NOT NULL REFERENCES games (id),
        seat         INTEGER NOT NULL,
        user_id      BIGINT,
        key          TEXT    NOT NULL,
        rank         INTEGER NOT NULL,
        score        DOUBLE PRECISION NOT NULL,
        won          INTEGER NOT NULL,
        finished_at  TEXT    NOT NULL,
        PRIMARY KEY (game_id, seat)
    )
    """,
    *V2_STATEMENTS[1:],
)

PG_V3_STATEMENTS = (
    """
    CREATE TABLE guild_settings (
        guild_id    BIGINT  PRIMARY KEY,
        settings    TEXT    NOT NULL,
        updated_at  TEXT    NOT NULL
    )
    """,
    """
    CREATE TABLE turn_deadlines (
        game_id      BIGINT  NOT NULL REFERENCES games (id),
        seat         INTEGER NOT NULL,
        version      INTEGER NOT NULL,
        reminder_at  DOUBLE PRECISION,
        deadline_at  DOUBLE PRECISION NOT NULL,
        reminded     INTEGER NOT NULL DEFAULT 0,
        timed_out    INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (game_id, seat)
    )
    """,
    *V3_STATEMENTS[2:4],
    """
    CREATE TABLE turn_sync (
        game_id  BIGINT  PRIMARY KEY REFERENCES games (id),
        version  INTEGER NOT NULL
    )
    """,
    """
    CREATE TABLE missed_turns (
        game_id  BIGINT  NOT NULL REFERENCES games (id),
        seat     INTEGER NOT NULL,
        missed   INTEGER NOT NULL,
        PRIMARY KEY (game_id, seat)
    )
    """,
)

PG_V4_STATEMENTS = (
    """
    CREATE TABLE turn_pings (
        message_id  BIGINT  PRIMARY KEY,
        game_id     BIGINT  NOT NULL REFERENCES games (id),
        channel_id  BIGINT  NOT NULL,
        users       TEXT    NOT NULL,
        version     INTEGER NOT NULL
    )
    """,
    *V4_STATEMENTS[1:],
)

PG_V6_STATEMENTS = (
    """
    CREATE TABLE standings (
        key       TEXT    NOT NULL,
        guild_id  BIGINT  NOT NULL,
        user_id   BIGINT  NOT NULL,
        played    INTEGER NOT NULL,
        won       INTEGER NOT NULL,
        points    DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (key, guild_id, user_id)
    )
    """,
    *BACKFILL_STANDINGS,
)

PG_V8_STATEMENTS = (
    "ALTER TABLE turn_deadlines ADD COLUMN reminder_owner TEXT",
    "ALTER TABLE turn_deadlines ADD COLUMN reminder_until DOUBLE PRECISION",
    "ALTER TABLE turn_deadlines ADD COLUMN timeout_owner TEXT",
    "ALTER TABLE turn_deadlines ADD COLUMN timeout_until DOUBLE PRECISION",
    *V8_STATEMENTS[4:7],
    """
    CREATE TABLE computer_turns (
        game_id      BIGINT  PRIMARY KEY REFERENCES games (id),
        version      INTEGER NOT NULL,
        due_at       DOUBLE PRECISION NOT NULL,
        owner        TEXT,
        lease_until  DOUBLE PRECISION
    )
    """,
    """
    CREATE TABLE dm_notices (
        game_id  BIGINT  NOT NULL REFERENCES games (id),
        user_id  BIGINT  NOT NULL,
        PRIMARY KEY (game_id, user_id)
    )
    """,
)

PG_V9_STATEMENTS = (
    *FLAT_READ_INDEXES,
    """
    CREATE TABLE game_counts (
        status  TEXT    NOT NULL,
        part    INTEGER NOT NULL,
        games   BIGINT  NOT NULL,
        PRIMARY KEY (status, part)
    )
    """,
    """
    CREATE FUNCTION games_counted() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_OP IN ('UPDATE', 'DELETE') THEN
            UPDATE game_counts SET games = games - 1 WHERE status = OLD.status AND part = OLD.id % 16;
        END IF;
        IF TG_OP IN ('INSERT', 'UPDATE') THEN
            UPDATE game_counts SET games = games + 1 WHERE status = NEW.status AND part = NEW.id % 16;
        END IF;
        RETURN NULL;
    END $$
    """,
    """
    CREATE TRIGGER games_counted_insert_delete AFTER INSERT OR DELETE ON games
    FOR EACH ROW EXECUTE FUNCTION games_counted()
    """,
    """
    CREATE TRIGGER games_counted_status AFTER UPDATE OF status ON games
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION games_counted()
    """,
    *FILL_GAME_COUNTS,
    FORGET_OVER_TURN_SYNC,
)

V10_STATEMENTS = (
    """
    CREATE TABLE player_settings (
        user_id     INTEGER NOT NULL,
        key         TEXT    NOT NULL,              -- the game the settings are for
        settings    TEXT    NOT NULL,              -- JSON, validated by the game's bot side
        updated_at  TEXT    NOT NULL,
        PRIMARY KEY (user_id, key)
    )
    """,
)

PG_V10_STATEMENTS = (
    """
    CREATE TABLE player_settings (
        user_id     BIGINT  NOT NULL,
        key         TEXT    NOT NULL,
        settings    TEXT    NOT NULL,
        updated_at  TEXT    NOT NULL,
        PRIMARY KEY (user_id, key)
    )
    """,
)

# v12: a move writes the turn clock only where it changes. A move of a seat still to act
# restarts its clock without writing its deadline row: the row's times become the earliest the
# seat can be due, and the move's row in the log says when the clock started again. The earliest
# moment anything of a game can be due is on the game's row, which every move writes anyway, and
# it is indexed there, so a turn that passes writes the deadlines' b-tree and no index.
TURN_AT = "ALTER TABLE moves ADD COLUMN turn_at REAL"
"""The turn clock's time of a move stored with it (Unix seconds); NULL for one stored without."""

PENDING = (
    "CASE WHEN reminded = 0 AND reminder_owner IS NULL AND reminder_at IS NOT NULL THEN reminder_at"
    " WHEN timed_out = 0 AND timeout_owner IS NULL THEN deadline_at END"
)
"""The earliest moment a ``turn_deadlines`` row's reminder or timeout can be claimed while nobody
holds it (a row's reminder comes before its deadline); NULL when neither can."""

GAME_CLOCK = (
    # The game version the deadlines were last brought up to date with (``turn_sync`` was one
    # more page per move). Only a running game's is ever read.
    "ALTER TABLE games ADD COLUMN turns_synced INTEGER",
    "UPDATE games SET turns_synced = (SELECT s.version FROM turn_sync s WHERE s.game_id = games.id)"
    " WHERE status = 'active'",
    "DROP TABLE turn_sync",
    # At most the earliest moment one of the game's reminders or timeouts can be claimed while
    # nobody holds it: kept low rather than exact, so that moves seldom change it.
    "ALTER TABLE games ADD COLUMN turns_due REAL",
    f"UPDATE games SET turns_due = (SELECT MIN({PENDING}) FROM turn_deadlines d WHERE d.game_id = games.id)"
    " WHERE status = 'active'",
    "CREATE INDEX games_turns_due ON games (turns_due) WHERE status = 'active'",
)

DEADLINE_COLUMNS = (
    "game_id, seat, version, reminder_at, deadline_at, reminded, timed_out,"
    " reminder_owner, reminder_until, timeout_owner, timeout_until, timeout_tries"
)

V12_STATEMENTS = (
    TURN_AT,
    *GAME_CLOCK,
    # The deadlines rebuilt WITHOUT ROWID, keyed by (game, seat) in one b-tree (a turn that passes
    # deletes and inserts in one tree, not a table and its key's index), with the settings their
    # times were counted with, and without the indexes by time (the game's row has its own).
    """
    CREATE TABLE turn_deadlines_keyed (
        game_id           INTEGER NOT NULL REFERENCES games (id),
        seat              INTEGER NOT NULL,
        version           INTEGER NOT NULL,        -- the game version the clock started at
        reminder_at       REAL,                    -- NULL: this server sends no reminders
        deadline_at       REAL    NOT NULL,
        reminded          INTEGER NOT NULL DEFAULT 0,
        timed_out         INTEGER NOT NULL DEFAULT 0,
        reminder_owner    TEXT,
        reminder_until    REAL,
        timeout_owner     TEXT,
        timeout_until     REAL,
        timeout_tries     INTEGER NOT NULL DEFAULT 0,
        reminder_minutes  INTEGER,                 -- the settings the times were counted with;
        limit_minutes     INTEGER,                 -- NULL on a row written before v12
        PRIMARY KEY (game_id, seat)
    ) WITHOUT ROWID
    """,
    f"INSERT INTO turn_deadlines_keyed ({DEADLINE_COLUMNS}) SELECT {DEADLINE_COLUMNS} FROM turn_deadlines",
    "DROP TABLE turn_deadlines",  # its indexes go with it
    "ALTER TABLE turn_deadlines_keyed RENAME TO turn_deadlines",
    *V8_STATEMENTS[5:7],  # the claims' leases, indexed as before
)

PG_V12_STATEMENTS = (
    "ALTER TABLE moves ADD COLUMN turn_at DOUBLE PRECISION",
    *GAME_CLOCK[:3],
    "ALTER TABLE games ADD COLUMN turns_due DOUBLE PRECISION",
    *GAME_CLOCK[4:],
    "ALTER TABLE turn_deadlines ADD COLUMN reminder_minutes INTEGER",
    "ALTER TABLE turn_deadlines ADD COLUMN limit_minutes INTEGER",
    "DROP INDEX turn_deadlines_reminders",
    "DROP INDEX turn_deadlines_timeouts",
)

V13_STATEMENTS = (
    f"ALTER TABLE games ADD COLUMN state_version INTEGER NOT NULL DEFAULT {FIRST_STATE_VERSION:d}",
    # Opening the database looks up, per game, the rows stored at an older version: a seek each.
    "CREATE INDEX games_by_state_version ON games (key, state_version)",
)

PLAYING_SEATS_INDEX = "CREATE INDEX seats_playing ON seats (user_id, game_id) WHERE playing = 1"
"""A player's running games, found among his seats in running games only: a regular has a seat
in every game he ever played, and reading those to find the few still running grows with his
history."""
FILL_PLAYING_SEATS = (
    "UPDATE seats SET playing = 1 WHERE game_id IN (SELECT id FROM games WHERE status = 'active')"
)

V14_STATEMENTS = (
    "ALTER TABLE seats ADD COLUMN playing INTEGER NOT NULL DEFAULT 0",
    FILL_PLAYING_SEATS,
    # Every way a game starts or ends changes its status; the seats follow, whatever wrote it.
    """
    CREATE TRIGGER seats_playing_status AFTER UPDATE OF status ON games
    WHEN OLD.status != NEW.status
    BEGIN UPDATE seats SET playing = (NEW.status = 'active') WHERE game_id = NEW.id; END
    """,
    """
    CREATE TRIGGER seats_playing_insert AFTER INSERT ON seats
    WHEN (SELECT status FROM games WHERE id = NEW.game_id) = 'active'
    BEGIN UPDATE seats SET playing = 1 WHERE game_id = NEW.game_id AND seat = NEW.seat; END
    """,
    PLAYING_SEATS_INDEX,
)

PG_V14_STATEMENTS = (
    "ALTER TABLE seats ADD COLUMN playing INTEGER NOT NULL DEFAULT 0",
    FILL_PLAYING_SEATS,
    """
    CREATE FUNCTION seats_playing() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        IF TG_TABLE_NAME = 'games' THEN
            UPDATE seats SET playing = CASE WHEN NEW.status = 'active' THEN 1 ELSE 0 END
            WHERE game_id = NEW.id;
        ELSIF (SELECT status FROM games WHERE id = NEW.game_id) = 'active' THEN
            UPDATE seats SET playing = 1 WHERE game_id = NEW.game_id AND seat = NEW.seat;
        END IF;
        RETURN NULL;
    END $$
    """,
    """
    CREATE TRIGGER seats_playing_status AFTER UPDATE OF status ON games
    FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION seats_playing()
    """,
    """
    CREATE TRIGGER seats_playing_insert AFTER INSERT ON seats
    FOR EACH ROW EXECUTE FUNCTION seats_playing()
    """,
    PLAYING_SEATS_INDEX,
)

V15_STATEMENTS = (
    # One row per stored move whose follow-through is not all delivered; gone once it is.
    """
    CREATE TABLE owed (
        game_id      INTEGER NOT NULL REFERENCES games (id),
        version      INTEGER NOT NULL,             -- the version the move made
        parts        TEXT    NOT NULL,             -- JSON: what is still owed, as the bot wrote it
        due_at       REAL    NOT NULL,             -- when it may be tried (again), Unix seconds
        tries        INTEGER NOT NULL DEFAULT 0,   -- deliveries tried and failed
        owner        TEXT,                         -- the process delivering it, while claimed
        lease_until  REAL,                         -- when that claim lapses unless renewed
        PRIMARY KEY (game_id, version)
    )
    """,
)

PG_V15_STATEMENTS = (
    """
    CREATE TABLE owed (
        game_id      BIGINT  NOT NULL REFERENCES games (id),
        version      INTEGER NOT NULL,
        parts        TEXT    NOT NULL,
        due_at       DOUBLE PRECISION NOT NULL,
        tries        INTEGER NOT NULL DEFAULT 0,
        owner        TEXT,
        lease_until  DOUBLE PRECISION,
        PRIMARY KEY (game_id, version)
    )
    """,
)

V16_STATEMENTS = (
    """
    CREATE TABLE ratings (
        key           TEXT    NOT NULL,
        guild_id      INTEGER NOT NULL,            -- the server, 0 outside any, -1 every server
        player        TEXT    NOT NULL,            -- a user id, or ai:<policy> for a computer level
        mu            REAL    NOT NULL,
        sigma         REAL    NOT NULL,
        games         INTEGER NOT NULL,            -- rated games that made it
        conservative  REAL    NOT NULL,            -- mu - 3 sigma: what leaderboards order by
        PRIMARY KEY (key, guild_id, player)
    )
    """,
    # A leaderboard's two lists, each the first rows of its own index in board order: with one
    # index for both, each list read past every row of the other (most of a server's players
    # are provisional, most of every server's are not). 5 is storage.ratings.PROVISIONAL_GAMES.
    "CREATE INDEX ratings_ranked ON ratings (key, guild_id, conservative DESC, player) WHERE games >= 5",
    "CREATE INDEX ratings_provisional ON ratings (key, guild_id, conservative DESC, player)"
    " WHERE games > 0 AND games < 5",
    "CREATE INDEX ratings_of_player ON ratings (player, guild_id, key)",
    """
    CREATE TABLE rating_changes (
        game_id       INTEGER NOT NULL REFERENCES games (id),
        guild_id      INTEGER NOT NULL,            -- the scope, as in ratings
        seat          INTEGER NOT NULL,
        seq           INTEGER NOT NULL,            -- the game's place in the order games are rated
        key           TEXT    NOT NULL,
        player        TEXT    NOT NULL,
        mu_before     REAL    NOT NULL,
        sigma_before  REAL    NOT NULL,
        mu            REAL    NOT NULL,
        sigma         REAL    NOT NULL,
        PRIMARY KEY (game_id, guild_id, seat)
    )
    """,
    "CREATE INDEX rating_changes_order ON rating_changes (seq)",
    "CREATE INDEX rating_changes_of_player ON rating_changes (key, guild_id, player, seq)",
)

PG_V16_STATEMENTS = (
    """
    CREATE TABLE ratings (
        key           TEXT    NOT NULL,
        guild_id      BIGINT  NOT NULL,
        player        TEXT    NOT NULL,
        mu            DOUBLE PRECISION NOT NULL,
        sigma         DOUBLE PRECISION NOT NULL,
        games         INTEGER NOT NULL,
        conservative  DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (key, guild_id, player)
    )
    """,
    *V16_STATEMENTS[1:4],
    """
    CREATE TABLE rating_changes (
        game_id       BIGINT  NOT NULL REFERENCES games (id),
        guild_id      BIGINT  NOT NULL,
        seat          INTEGER NOT NULL,
        seq           INTEGER NOT NULL,
        key           TEXT    NOT NULL,
        player        TEXT    NOT NULL,
        mu_before     DOUBLE PRECISION NOT NULL,
        sigma_before  DOUBLE PRECISION NOT NULL,
        mu            DOUBLE PRECISION NOT NULL,
        sigma         DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (game_id, guild_id, seat)
    )
    """,
    *V16_STATEMENTS[5:],
)

V5_INSERT_RESULT = (
    "INSERT INTO results (game_id, seat, user_id, key, rank, score, won, finished_at, reason, team)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
"""The v5 step's insert, as the results table stood then."""
V2_INSERT_RESULT = (
    "INSERT INTO results (game_id, seat, user_id, key, rank, score, won, finished_at)"
    " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
)
"""The v2 step's insert, written before ``reason`` and ``team`` existed."""


async def _backfill_results(db: Connection) -> None:
    """Games finished before v2 get their results rows from their final snapshot. A game whose
    row cannot be read is left without results (and logged) rather than blocking the upgrade."""
    finished = await db.fetch("SELECT id, key, state, updated_at FROM games WHERE status = 'finished'")
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
        user_ids = [
            row[0]
            for row in await db.fetch("SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (game_id,))
        ]
        await db.execute_many(
            V2_INSERT_RESULT, [row[:8] for row in result_rows(game_id, key, result, user_ids, updated_at)]
        )


async def _rebuild_snapshots(db: Connection) -> None:
    """Every stored position rebuilt by replaying its game's log with the current engine (the
    log is the truth; a snapshot is its cache), and each finished game's results rewritten
    with why it ended. A game whose log does not replay keeps its rows as they were (and is
    logged): ``python -m storage verify`` then names it."""
    games = await db.fetch(
        "SELECT id, key, options, seed, updated_at, status FROM games WHERE state IS NOT NULL"
    )
    for game_id, key, options, seed, updated_at, status in games:
        try:
            game = engine.get_game(key)
            moves = [
                (seat, json.loads(action))
                for seat, action in await db.fetch(
                    "SELECT seat, action FROM moves WHERE game_id = ? ORDER BY seq", (game_id,)
                )
            ]
            user_ids = [
                row[0]
                for row in await db.fetch(
                    "SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (game_id,)
                )
            ]
            # Stored before state versions were recorded: at each game's first.
            upgraded = upgraded_options(game, json.loads(options), FIRST_STATE_VERSION)
            state = final_state(game, len(user_ids), seed, upgraded, moves)
        except Exception as exc:  # any game that cannot be replayed: leave it to verify
            log.warning("migration v5: game %s keeps its old snapshot: %s", game_id, exc)
            continue
        await db.execute("UPDATE games SET state = ? WHERE id = ?", (snapshot(game, state), game_id))
        result = game.result(state)
        if status == "finished" and result is not None:
            row = await db.fetch_one("SELECT finished_at FROM results WHERE game_id = ? LIMIT 1", (game_id,))
            finished_at = updated_at if row is None else row[0]
            await db.execute("DELETE FROM results WHERE game_id = ?", (game_id,))
            await db.execute_many(V5_INSERT_RESULT, result_rows(game_id, key, result, user_ids, finished_at))


async def _backfill_computer_turns(db: Connection) -> None:
    """The running games whose computer seats are to play get their row, due at once: before
    v8 each bot process looked for them in memory when it started."""
    games = await db.fetch("SELECT id, key, state FROM games WHERE status = 'active' AND state IS NOT NULL")
    for game_id, key, state_text in games:
        try:
            game = engine.get_game(key)
            to_act = game.to_act(game.load_state(json.loads(state_text)))
        except Exception as exc:  # an unreadable game has no computer turn to play
            log.warning("migration v8: no computer turn for game %s: %s", game_id, exc)
            continue
        computers = {
            int(row[0])
            for row in await db.fetch(
                "SELECT seat FROM seats WHERE game_id = ? AND ai IS NOT NULL AND resigned = 0", (game_id,)
            )
        }
        if computers & set(to_act):
            await db.execute(
                "INSERT INTO computer_turns (game_id, version, due_at)"
                " SELECT id, version, 0 FROM games WHERE id = ?",
                (game_id,),
            )


V16_INSERT_CHANGE = (
    "INSERT INTO rating_changes (game_id, guild_id, seat, seq, key, player,"
    " mu_before, sigma_before, mu, sigma) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
)
"""The v16 step's insert of a game's changes (``storage.rating_rows.change_row``'s columns)."""


async def _backfill_ratings(db: Connection) -> None:
    """Every finished game stored so far rated from its results, in the order the games ended
    (ties by game id); a game with a computer seat stays unrated, as the default has it."""
    rows = await db.fetch(
        "SELECT r.game_id, r.seat, r.user_id, r.rank, r.team, g.key, g.guild_id, g.options"
        " FROM results r JOIN games g ON g.id = r.game_id WHERE g.status = 'finished'"
        " ORDER BY r.finished_at, r.game_id, r.seat"
    )
    games: dict[int, list[Row]] = {}
    for row in rows:
        games.setdefault(int(row[0]), []).append(row)
    ledger = Ledger()
    for seq, (game_id, seats) in enumerate(games.items(), start=1):
        first = seats[0]
        try:
            options = json.loads(first[7])
        except ValueError:
            options = {}
        team = first[4] if first[4] in ("won", "lost") else None
        rated = rated_game(
            game_id,
            first[5],
            scopes_of(first[6]),
            options if isinstance(options, dict) else {},
            [int(s[3]) for s in seats],
            team,
            [(s[2], None) for s in seats],
            rate_computers=False,
        )
        if rated is None:
            continue
        await db.execute_many(V16_INSERT_CHANGE, [change_row(c, seq) for c in ledger.play(rated)])
    await db.execute_many(
        "INSERT INTO ratings (key, guild_id, player, mu, sigma, games, conservative)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            (*k, s.rating.mu, s.rating.sigma, s.games, s.rating.conservative)
            for k, s in ledger.standings.items()
        ],
    )


MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "games, seats and the move log", V1_STATEMENTS, PG_V1_STATEMENTS),
    Migration(2, "results per seat for statistics", V2_STATEMENTS, PG_V2_STATEMENTS, _backfill_results),
    Migration(3, "server settings, turn deadlines and missed turns", V3_STATEMENTS, PG_V3_STATEMENTS),
    Migration(4, "turn pings still to be deleted", V4_STATEMENTS, PG_V4_STATEMENTS),
    Migration(
        5,
        "end reasons and team outcomes; snapshots rebuilt from the log",
        V5_STATEMENTS,
        V5_STATEMENTS,
        _rebuild_snapshots,
    ),
    Migration(6, "standings per game, server and player", V6_STATEMENTS, PG_V6_STATEMENTS),
    Migration(7, "the move log in one b-tree keyed by game and seq", V7_STATEMENTS, ()),
    Migration(
        8,
        "claims with leases; computer turns and DM notices in storage",
        V8_STATEMENTS,
        PG_V8_STATEMENTS,
        _backfill_computer_turns,
    ),
    Migration(
        9,
        "standings indexed for leaderboards and statistics; games counted by status",
        V9_STATEMENTS,
        PG_V9_STATEMENTS,
    ),
    Migration(10, "each person's own settings per game", V10_STATEMENTS, PG_V10_STATEMENTS),
    Migration(11, "nothing: each game upgrades its own stored options (v13)", (), ()),
    Migration(
        12,
        "the turn clock written only where it changes; the synced version on the game's row",
        V12_STATEMENTS,
        PG_V12_STATEMENTS,
    ),
    Migration(13, "the state version each game was stored at", V13_STATEMENTS, V13_STATEMENTS),
    Migration(14, "a player's seats in running games marked and indexed", V14_STATEMENTS, PG_V14_STATEMENTS),
    Migration(15, "what a stored move still owes the table", V15_STATEMENTS, PG_V15_STATEMENTS),
    Migration(
        16,
        "skill ratings per game and scope, and each rated game's changes",
        V16_STATEMENTS,
        PG_V16_STATEMENTS,
        _backfill_ratings,
    ),
)
LATEST = MIGRATIONS[-1].version


async def schema_version(database: Database) -> int:
    async with database.transaction(write=False) as conn:
        return await database.schema_version(conn)


async def migrate(database: Database, *, target: int = LATEST) -> int:
    """Run every step above the database's schema version up to ``target``; returns the
    version reached."""
    current = await schema_version(database)
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
        async with database.migration_step() as conn:
            # Read again inside the step: another process opening the same database at the
            # same moment may have run this step already.
            if await database.schema_version(conn) < step.version:
                for statement in step.statements(database.backend):
                    await conn.execute(statement)
                if step.backfill is not None:
                    await step.backfill(conn)
                await database.set_schema_version(conn, step.version)
                log.info("database migrated to v%d: %s", step.version, step.description)
        current = step.version
    return current


__all__ = [
    "LATEST",
    "MIGRATIONS",
    "Migration",
    "migrate",
    "schema_version",
]
