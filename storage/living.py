"""Living games in storage: per-server settings, turn deadlines and missed turns.

A seat's clock starts when the game begins to wait for it, and starts again whenever that seat
moves (an active player is never timed out in the middle of a long turn). ``sync_turns`` brings
the ``turn_deadlines`` rows of one game up to date with its current version:

- seats no longer to act lose their row;
- the seat that made the last move, and every seat to act that has no row yet, get a fresh row
  (reminder and deadline from the server's settings, counted from ``now``);
- any other seat still to act keeps its row, so others' moves in a simultaneous phase do not
  give it more time.

Reminders and timeouts are *claimed* by flipping ``reminded`` / ``timed_out`` from 0 to 1 in
the transaction that hands them out, so each fires at most once, whatever restarts happen. A
timeout is claimed only for a game whose deadlines are synced with its version: a move stored
by another path first has to be synced, so a claim never acts on an out-of-date turn.

The "your turn" pings the bot posted and has not deleted yet are stored too (``turn_pings``),
one row per message with the people it names, so the pings of a game are still tidied after
a restart. A row that cannot be read is logged and left out; it goes when its game ends.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Collection
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt, TypeAdapter, model_validator

import engine
from storage.database import Connection
from storage.models import GameRecord, GameStatus

log = logging.getLogger(__name__)

MAX_TURN_MINUTES = 60 * 24 * 30
"""A turn limit of at most 30 days."""


class GuildSettings(BaseModel):
    """One server's settings for its games (``/config``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    turn_limit_minutes: int = Field(default=24 * 60, ge=1, le=MAX_TURN_MINUTES)
    reminder_minutes: int = Field(default=120, ge=0, le=MAX_TURN_MINUTES)
    """Minutes into a turn before the player is reminded; 0 turns reminders off."""
    on_timeout: Literal["ai", "remove"] = "ai"
    """``ai``: a computer plays the timed-out turn. ``remove``: the same, and after
    ``remove_after`` missed turns in a row the seat resigns."""
    remove_after: int = Field(default=3, ge=1, le=100)
    channels: tuple[int, ...] = ()
    """Channels where ``/play`` may open games; empty means every channel."""
    pictures: bool = True
    """Boards and private views with pictures (Raid maps); ``False``: text grids instead, for
    servers whose members read with images turned off."""

    @model_validator(mode="after")
    def _reminder_before_limit(self) -> GuildSettings:
        if self.reminder_minutes >= self.turn_limit_minutes:
            raise ValueError(
                f"the reminder ({self.reminder_minutes} min) must come before the turn limit "
                f"({self.turn_limit_minutes} min); use 0 for no reminder"
            )
        return self

    def allows_channel(self, channel_id: int) -> bool:
        return not self.channels or channel_id in self.channels


DEFAULT_SETTINGS = GuildSettings()


@dataclass(frozen=True, slots=True)
class TurnDeadline:
    game_id: int
    seat: int
    version: int
    """The game version the seat's clock started at."""
    reminder_at: datetime | None
    deadline_at: datetime


@dataclass(frozen=True, slots=True)
class DueTurn:
    """A claimed reminder or timeout. ``version`` is the version the seat's clock started at:
    when the seat's deadline no longer has it, the turn moved on and the claim is void."""

    game_id: int
    seat: int
    version: int
    user_id: int | None
    missed: int = 0
    """For a timeout: the seat's missed turns in a row, this one included."""


@dataclass(frozen=True, slots=True)
class TurnPing:
    """A posted "your turn" message, kept until no player it names is still to act."""

    game_id: int
    channel_id: int
    message_id: int
    users: frozenset[int]
    """The people it names."""
    version: int
    """The game version it was posted at."""


def to_epoch(moment: datetime) -> float:
    if moment.tzinfo is None:  # a naive clock is taken as UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def from_epoch(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


async def read_settings(db: Connection, guild_id: int | None) -> GuildSettings:
    if guild_id is None:
        return DEFAULT_SETTINGS
    row = await db.fetch_one("SELECT settings FROM guild_settings WHERE guild_id = ?", (guild_id,))
    if row is None:
        return DEFAULT_SETTINGS
    return GuildSettings.model_validate(json.loads(row[0]))


async def write_settings(db: Connection, guild_id: int, settings: GuildSettings, now: str) -> None:
    await db.execute(
        "INSERT INTO guild_settings (guild_id, settings, updated_at) VALUES (?, ?, ?)"
        " ON CONFLICT (guild_id) DO UPDATE"
        " SET settings = excluded.settings, updated_at = excluded.updated_at",
        (guild_id, settings.model_dump_json(), now),
    )


async def last_mover(db: Connection, game_id: int, version: int) -> int | None:
    row = await db.fetch_one("SELECT seat FROM moves WHERE game_id = ? AND seq = ?", (game_id, version))
    return None if row is None else int(row[0])


async def sync_turns(
    db: Connection,
    record: GameRecord,
    settings: GuildSettings,
    now: datetime,
    *,
    present_seat: int | None,
    mover: int | None,
) -> dict[int, TurnDeadline]:
    """Bring the game's deadlines up to date (see the module docstring); returns the deadline
    of every seat the game now waits for. ``mover`` made the game's last move (``None`` at the
    start); ``present_seat`` made it by their own hand: their missed turns go back to zero."""
    game_id = record.id
    if present_seat is not None:
        await db.execute("DELETE FROM missed_turns WHERE game_id = ? AND seat = ?", (game_id, present_seat))
    waiting: tuple[int, ...] = ()
    if record.status is GameStatus.ACTIVE and record.state is not None:
        to_act = engine.get_game(record.key).to_act(record.state)
        people = {s.seat for s in record.seats if s.user_id is not None and not s.resigned}
        waiting = tuple(s for s in to_act if s in people)
    rows = {
        int(r[0]): r
        for r in await db.fetch(
            "SELECT seat, version, reminder_at, deadline_at FROM turn_deadlines WHERE game_id = ?", (game_id,)
        )
    }
    gone = [seat for seat in rows if seat not in waiting]
    if gone:
        await db.execute_many(
            "DELETE FROM turn_deadlines WHERE game_id = ? AND seat = ?", [(game_id, s) for s in gone]
        )
    start = to_epoch(now)
    reminder = start + settings.reminder_minutes * 60 if settings.reminder_minutes else None
    deadline = start + settings.turn_limit_minutes * 60
    result: dict[int, TurnDeadline] = {}
    for seat in waiting:
        old = rows.get(seat)
        if old is not None and seat != mover:
            result[seat] = TurnDeadline(
                game_id,
                seat,
                int(old[1]),
                None if old[2] is None else from_epoch(old[2]),
                from_epoch(old[3]),
            )
            continue
        await db.execute(
            "INSERT INTO turn_deadlines"
            " (game_id, seat, version, reminder_at, deadline_at, reminded, timed_out)"
            " VALUES (?, ?, ?, ?, ?, 0, 0) ON CONFLICT (game_id, seat) DO UPDATE SET"
            " version = excluded.version, reminder_at = excluded.reminder_at,"
            " deadline_at = excluded.deadline_at, reminded = 0, timed_out = 0",
            (game_id, seat, record.version, reminder, deadline),
        )
        result[seat] = TurnDeadline(
            game_id,
            seat,
            record.version,
            None if reminder is None else from_epoch(reminder),
            from_epoch(deadline),
        )
    await db.execute(
        "INSERT INTO turn_sync (game_id, version) VALUES (?, ?)"
        " ON CONFLICT (game_id) DO UPDATE SET version = excluded.version",
        (game_id, record.version),
    )
    return result


# "status IN ('lobby', 'active')" repeats the predicate of the partial index on open games, so
# the scheduler's idle pass reads the open games only, however many have finished.
UNSYNCED = (
    "SELECT g.id FROM games g LEFT JOIN turn_sync s ON s.game_id = g.id"
    " WHERE g.status IN ('lobby', 'active') AND g.status = 'active'"
    " AND (s.version IS NULL OR s.version != g.version)"
    " UNION SELECT DISTINCT d.game_id FROM turn_deadlines d JOIN games g ON g.id = d.game_id"
    " WHERE g.status != 'active'"
)
"""Games whose deadlines lag behind: moved without a sync, or over with rows left."""

NEXT_DUE = (
    "SELECT MIN(t) FROM ("
    " SELECT MIN(reminder_at) AS t FROM turn_deadlines WHERE reminded = 0 AND reminder_at IS NOT NULL"
    " UNION ALL SELECT MIN(deadline_at) FROM turn_deadlines WHERE timed_out = 0) AS due"
)

SYNCED_ACTIVE = (
    " JOIN games g ON g.id = d.game_id JOIN turn_sync s ON s.game_id = g.id AND s.version = g.version"
    " JOIN seats p ON p.game_id = d.game_id AND p.seat = d.seat"
    " WHERE g.status = 'active'"
)


async def claim_reminders(db: Connection, now: datetime) -> list[DueTurn]:
    rows = await db.fetch(
        "SELECT d.game_id, d.seat, d.version, p.user_id FROM turn_deadlines d"
        + SYNCED_ACTIVE
        + " AND d.reminded = 0 AND d.reminder_at IS NOT NULL AND d.reminder_at <= ?"
        " ORDER BY d.reminder_at, d.game_id, d.seat",
        (to_epoch(now),),
    )
    claimed = []
    for game_id, seat, version, user_id in rows:
        changed = await db.execute(
            "UPDATE turn_deadlines SET reminded = 1 WHERE game_id = ? AND seat = ? AND reminded = 0",
            (game_id, seat),
        )
        if changed == 1:
            claimed.append(DueTurn(game_id, seat, version, user_id))
    return claimed


async def claim_timeouts(db: Connection, now: datetime) -> list[DueTurn]:
    """Due timeouts, each claimed once; a timeout also claims its reminder (a player timed out
    is not reminded afterwards) and counts a missed turn."""
    rows = await db.fetch(
        "SELECT d.game_id, d.seat, d.version, p.user_id FROM turn_deadlines d"
        + SYNCED_ACTIVE
        + " AND d.timed_out = 0 AND d.deadline_at <= ? ORDER BY d.deadline_at, d.game_id, d.seat",
        (to_epoch(now),),
    )
    claimed = []
    for game_id, seat, version, user_id in rows:
        changed = await db.execute(
            "UPDATE turn_deadlines SET timed_out = 1, reminded = 1"
            " WHERE game_id = ? AND seat = ? AND timed_out = 0",
            (game_id, seat),
        )
        if changed != 1:
            continue
        count = await db.fetch_one(
            "INSERT INTO missed_turns (game_id, seat, missed) VALUES (?, ?, 1)"
            " ON CONFLICT (game_id, seat) DO UPDATE SET missed = missed_turns.missed + 1"
            " RETURNING missed",
            (game_id, seat),
        )
        assert count is not None
        missed = count[0]
        claimed.append(DueTurn(game_id, seat, version, user_id, missed=int(missed)))
    return claimed


async def release_timeout(db: Connection, due: DueTurn) -> bool:
    """Undo a timeout claim whose handling failed, so the next pass tries again: only while
    the seat's clock is still the one claimed (a turn that moved on has a fresh deadline)."""
    changed = await db.execute(
        "UPDATE turn_deadlines SET timed_out = 0"
        " WHERE game_id = ? AND seat = ? AND version = ? AND timed_out = 1",
        (due.game_id, due.seat, due.version),
    )
    if changed != 1:
        return False
    await db.execute(
        "UPDATE missed_turns SET missed = missed - 1 WHERE game_id = ? AND seat = ? AND missed > 0",
        (due.game_id, due.seat),
    )
    return True


def deadline_from_row(row: Any) -> TurnDeadline:
    return TurnDeadline(
        int(row[0]),
        int(row[1]),
        int(row[2]),
        None if row[3] is None else from_epoch(row[3]),
        from_epoch(row[4]),
    )


USER_IDS: TypeAdapter[list[int]] = TypeAdapter(list[StrictInt])

PING_COLUMNS = "game_id, channel_id, message_id, users, version"


def ping_from_row(row: Any) -> TurnPing:
    """The ping a ``turn_pings`` row (``PING_COLUMNS``) holds; ``ValueError`` if it cannot be read."""
    game_id, channel_id, message_id, users, version = tuple(row)
    for name, value in (("game_id", game_id), ("channel_id", channel_id), ("version", version)):
        if type(value) is not int:
            raise ValueError(f"{name} is not an integer: {value!r}")
    if not isinstance(users, str):
        raise ValueError(f"users is not JSON text: {users!r}")
    return TurnPing(game_id, channel_id, message_id, frozenset(USER_IDS.validate_json(users)), version)


async def record_ping(db: Connection, ping: TurnPing) -> None:
    await db.execute(
        f"INSERT INTO turn_pings ({PING_COLUMNS}) VALUES (?, ?, ?, ?, ?) ON CONFLICT (message_id)"
        " DO UPDATE SET game_id = excluded.game_id, channel_id = excluded.channel_id,"
        " users = excluded.users, version = excluded.version",
        (ping.game_id, ping.channel_id, ping.message_id, json.dumps(sorted(ping.users)), ping.version),
    )


async def read_pings(db: Connection, game_id: int) -> list[TurnPing]:
    """The game's stored pings, oldest first. A row that cannot be read is logged and skipped."""
    rows = await db.fetch(
        f"SELECT {PING_COLUMNS} FROM turn_pings WHERE game_id = ? ORDER BY message_id", (game_id,)
    )
    pings = []
    for row in rows:
        try:
            pings.append(ping_from_row(row))
        except (TypeError, ValueError) as exc:  # pydantic's ValidationError is a ValueError
            log.warning("turn ping %s of game %s is unreadable, skipped: %s", row[2], game_id, exc)
    return pings


async def forget_pings(db: Connection, message_ids: Collection[int]) -> None:
    await db.execute_many("DELETE FROM turn_pings WHERE message_id = ?", [(m,) for m in message_ids])


async def forget_game_pings(db: Connection, game_id: int) -> None:
    await db.execute("DELETE FROM turn_pings WHERE game_id = ?", (game_id,))


__all__ = [
    "DEFAULT_SETTINGS",
    "DueTurn",
    "GuildSettings",
    "TurnDeadline",
    "TurnPing",
    "claim_reminders",
    "claim_timeouts",
    "forget_game_pings",
    "forget_pings",
    "from_epoch",
    "ping_from_row",
    "read_pings",
    "read_settings",
    "record_ping",
    "release_timeout",
    "sync_turns",
    "to_epoch",
    "write_settings",
]
