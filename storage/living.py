"""Living games in storage: per-server settings, turn deadlines and missed turns.

A seat's clock starts when the game begins to wait for it, and starts again whenever that seat
moves (an active player is never timed out in the middle of a long turn). ``sync_turns`` brings
the ``turn_deadlines`` rows of one game up to date with its current version:

- seats no longer to act lose their row;
- the seat that made the last move, and every seat to act that has no row yet, get a fresh row
  (reminder and deadline from the server's settings, counted from ``now``);
- any other seat still to act keeps its row, so others' moves in a simultaneous phase do not
  give it more time.

Reminders, timeouts and computer turns are *claimed*: the claim writes its owner (the process,
``Claimant.owner``) and a lease (``Claimant.lease_seconds`` from ``now``) on the row, only if
nobody holds it or the holder's lease has run out, so of several processes scanning at the same
moment exactly one gets each. The owner then marks it done (``reminded`` / ``timed_out`` = 1;
a computer turn's row is deleted) or gives it back; a claim left by a process that died is
taken over by another once its lease has run out. A timeout counts its tries (a crash of its
handler included) and a missed turn only at its first claim. A timeout is claimed only for a
game whose deadlines are synced with its version: a move stored by another path first has to
be synced, so a claim never acts on an out-of-date turn.

``sync_turns`` also keeps ``computer_turns``: a game whose computer seats are to act has a row
with the version and the moment they became due; a process claims it, plays those seats until
a person is to act, and deletes the row (only if no newer move made them due again). Leases
compare the callers' clocks, so the hosts of the processes keep their clocks in step (NTP);
a few seconds apart are nothing next to a lease.

The "your turn" pings the bot posted and has not deleted yet are stored too (``turn_pings``),
one row per message with the people it names, so the pings of a game are still tidied after
a restart. A row that cannot be read is logged and left out; it goes when its game ends.
"""

from __future__ import annotations

import json
import logging
import os
import secrets
import socket
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
    tries: int = 1
    """For a timeout: how many times it has been claimed, this time included."""


DEFAULT_LEASE_SECONDS = 60.0


@dataclass(frozen=True, slots=True)
class Claimant:
    """Who claims: one bot process (``owner``), holding each claim for ``lease_seconds`` unless
    it renews it."""

    owner: str
    lease_seconds: float = DEFAULT_LEASE_SECONDS

    @classmethod
    def this_process(cls, lease_seconds: float = DEFAULT_LEASE_SECONDS) -> Claimant:
        """An owner naming this host and process, and unique to this call (a restarted bot in
        the same process is a new owner)."""
        return cls(f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}", lease_seconds)

    def until(self, now: datetime) -> float:
        """When a claim taken or renewed at ``now`` lapses, in Unix seconds."""
        return to_epoch(now) + self.lease_seconds


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
    start = to_epoch(now)
    if record.status is GameStatus.ACTIVE and record.state is not None:
        to_act = engine.get_game(record.key).to_act(record.state)
        people = {s.seat for s in record.seats if s.user_id is not None and not s.resigned}
        waiting = tuple(s for s in to_act if s in people)
        if any(record.seats[s].ai is not None and not record.seats[s].resigned for s in to_act):
            await due_computer_turn(db, game_id, record.version, start)
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
            " deadline_at = excluded.deadline_at, reminded = 0, timed_out = 0,"
            " reminder_owner = NULL, reminder_until = NULL, timeout_owner = NULL,"
            " timeout_until = NULL, timeout_tries = 0",
            (game_id, seat, record.version, reminder, deadline),
        )
        result[seat] = TurnDeadline(
            game_id,
            seat,
            record.version,
            None if reminder is None else from_epoch(reminder),
            from_epoch(deadline),
        )
    if record.status is GameStatus.ACTIVE:
        await db.execute(
            "INSERT INTO turn_sync (game_id, version) VALUES (?, ?)"
            " ON CONFLICT (game_id) DO UPDATE SET version = excluded.version",
            (game_id, record.version),
        )
    else:  # only running games are kept synced: ``turn_sync`` does not grow with history
        await forget_turn_sync(db, game_id)
    return result


async def forget_turn_sync(db: Connection, game_id: int) -> None:
    """The game is over: nothing of it is to be synced again."""
    await db.execute("DELETE FROM turn_sync WHERE game_id = ?", (game_id,))


# The scheduler's idle pass reads the open games only, however many have finished: "status IN
# ('lobby', 'active')" repeats the predicate of the partial indexes on open games, ``turn_sync``
# and ``turn_deadlines`` hold rows of running games only (and of games just over, until synced),
# and the second half asks of each deadline whether its game is running, not of each game that
# is not whether it has deadlines.
UNSYNCED = (
    "SELECT g.id FROM games g LEFT JOIN turn_sync s ON s.game_id = g.id"
    " WHERE g.status IN ('lobby', 'active') AND g.status = 'active'"
    " AND (s.version IS NULL OR s.version != g.version)"
    " UNION SELECT d.game_id FROM turn_deadlines d WHERE NOT EXISTS"
    " (SELECT 1 FROM games g WHERE g.id = d.game_id AND g.status = 'active')"
)
"""Games whose deadlines lag behind: moved without a sync, or over with rows left."""

NEXT_DUE = (
    "SELECT MIN(t) FROM ("
    " SELECT MIN(reminder_at) AS t FROM turn_deadlines"
    " WHERE reminded = 0 AND reminder_at IS NOT NULL AND reminder_owner IS NULL"
    " UNION ALL SELECT MIN(reminder_until) FROM turn_deadlines"
    " WHERE reminded = 0 AND reminder_owner IS NOT NULL"
    " UNION ALL SELECT MIN(deadline_at) FROM turn_deadlines WHERE timed_out = 0 AND timeout_owner IS NULL"
    " UNION ALL SELECT MIN(timeout_until) FROM turn_deadlines"
    " WHERE timed_out = 0 AND timeout_owner IS NOT NULL"
    ") AS due"
)
"""The earliest moment a reminder or timeout can be claimed: its own time while nobody holds
it, the end of its lease while somebody does."""

SYNCED_ACTIVE = (
    " JOIN games g ON g.id = d.game_id JOIN turn_sync s ON s.game_id = g.id AND s.version = g.version"
    " JOIN seats p ON p.game_id = d.game_id AND p.seat = d.seat"
    " WHERE g.status = 'active'"
)


def _free(kind: str) -> str:
    """The condition under which a reminder's or timeout's claim may be taken: nobody holds it,
    or the holder's lease has run out (the parameter is now)."""
    return f"({kind}_owner IS NULL OR {kind}_until <= ?)"


async def claim_reminders(db: Connection, now: datetime, claimant: Claimant) -> list[DueTurn]:
    """Due reminders nobody holds, each claimed by ``claimant`` (``complete_reminder`` once sent)."""
    at = to_epoch(now)
    rows = await db.fetch(
        "SELECT d.game_id, d.seat, d.version, p.user_id FROM turn_deadlines d"
        + SYNCED_ACTIVE
        + " AND d.reminded = 0 AND d.reminder_at IS NOT NULL AND d.reminder_at <= ?"
        " AND (d.reminder_owner IS NULL OR d.reminder_until <= ?)"
        " ORDER BY d.reminder_at, d.game_id, d.seat",
        (at, at),
    )
    claimed = []
    for game_id, seat, version, user_id in rows:
        # Of two processes claiming at once, the second waits for the first's row lock (or, on
        # SQLite, its write lock), then finds the claim held and changes nothing.
        changed = await db.execute(
            "UPDATE turn_deadlines SET reminder_owner = ?, reminder_until = ?"
            " WHERE game_id = ? AND seat = ? AND version = ? AND reminded = 0 AND " + _free("reminder"),
            (claimant.owner, claimant.until(now), game_id, seat, version, at),
        )
        if changed == 1:
            claimed.append(DueTurn(game_id, seat, version, user_id))
    return claimed


async def complete_reminder(db: Connection, due: DueTurn, claimant: Claimant) -> bool:
    """The reminder went out (or will never): done, if ``claimant`` still holds it."""
    return (
        await db.execute(
            "UPDATE turn_deadlines SET reminded = 1, reminder_owner = NULL, reminder_until = NULL"
            " WHERE game_id = ? AND seat = ? AND version = ? AND reminder_owner = ?",
            (due.game_id, due.seat, due.version, claimant.owner),
        )
        == 1
    )


async def claim_timeouts(db: Connection, now: datetime, claimant: Claimant) -> list[DueTurn]:
    """Due timeouts nobody holds, each claimed by ``claimant``; a timeout also settles its
    reminder (a player timed out is not reminded afterwards). Its first claim counts a missed
    turn; a claim taken again (given back, or left by a process that died) counts a try."""
    at = to_epoch(now)
    rows = await db.fetch(
        "SELECT d.game_id, d.seat, d.version, p.user_id FROM turn_deadlines d"
        + SYNCED_ACTIVE
        + " AND d.timed_out = 0 AND d.deadline_at <= ? AND (d.timeout_owner IS NULL OR d.timeout_until <= ?)"
        " ORDER BY d.deadline_at, d.game_id, d.seat",
        (at, at),
    )
    claimed = []
    for game_id, seat, version, user_id in rows:
        tries = await db.fetch_one(
            "UPDATE turn_deadlines SET timeout_owner = ?, timeout_until = ?,"
            " timeout_tries = timeout_tries + 1, reminded = 1, reminder_owner = NULL, reminder_until = NULL"
            " WHERE game_id = ? AND seat = ? AND version = ? AND timed_out = 0 AND "
            + _free("timeout")
            + " RETURNING timeout_tries",
            (claimant.owner, claimant.until(now), game_id, seat, version, at),
        )
        if tries is None:
            continue
        if tries[0] == 1:
            count = await db.fetch_one(
                "INSERT INTO missed_turns (game_id, seat, missed) VALUES (?, ?, 1)"
                " ON CONFLICT (game_id, seat) DO UPDATE SET missed = missed_turns.missed + 1"
                " RETURNING missed",
                (game_id, seat),
            )
        else:
            count = await db.fetch_one(
                "SELECT missed FROM missed_turns WHERE game_id = ? AND seat = ?", (game_id, seat)
            )
        missed = 1 if count is None else int(count[0])
        claimed.append(DueTurn(game_id, seat, version, user_id, missed=missed, tries=int(tries[0])))
    return claimed


async def complete_timeout(db: Connection, due: DueTurn, claimant: Claimant) -> bool:
    """The timeout was handled (or is given up): done, if ``claimant`` still holds it. A turn
    played by the computer has a fresh clock already, which this leaves alone."""
    return (
        await db.execute(
            "UPDATE turn_deadlines SET timed_out = 1, timeout_owner = NULL, timeout_until = NULL"
            " WHERE game_id = ? AND seat = ? AND version = ? AND timeout_owner = ?",
            (due.game_id, due.seat, due.version, claimant.owner),
        )
        == 1
    )


async def release_timeout(db: Connection, due: DueTurn, claimant: Claimant) -> bool:
    """Give back a timeout claim whose handling failed, so the next pass (of any process) tries
    again: only while ``claimant`` holds it and the seat's clock is still the one claimed (a
    turn that moved on has a fresh deadline)."""
    return (
        await db.execute(
            "UPDATE turn_deadlines SET timeout_owner = NULL, timeout_until = NULL"
            " WHERE game_id = ? AND seat = ? AND version = ? AND timed_out = 0 AND timeout_owner = ?",
            (due.game_id, due.seat, due.version, claimant.owner),
        )
        == 1
    )


# -- computer turns ----------------------------------------------------------------------------
async def due_computer_turn(db: Connection, game_id: int, version: int, since: float) -> None:
    """The game's computer seats are to act at ``version`` (since ``since``, Unix seconds). A
    claim on the row is kept: its holder sees the newer version before it lets go."""
    await db.execute(
        "INSERT INTO computer_turns (game_id, version, due_at) VALUES (?, ?, ?)"
        " ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, due_at = excluded.due_at"
        " WHERE computer_turns.version <= excluded.version",
        (game_id, version, since),
    )


async def claim_computer_turns(
    db: Connection, now: datetime, claimant: Claimant, *, pause_seconds: float
) -> list[int]:
    """Every computer turn nobody holds that has been due for ``pause_seconds`` (the pause a
    computer player makes before it moves), and every one whose holder's lease ran out, claimed
    by ``claimant`` in one statement; their game ids."""
    at = to_epoch(now)
    rows = await db.fetch(
        "UPDATE computer_turns SET owner = ?, lease_until = ?"
        " WHERE (owner IS NULL AND due_at <= ?) OR lease_until <= ? RETURNING game_id",
        (claimant.owner, claimant.until(now), at - pause_seconds, at),
    )
    return sorted(int(row[0]) for row in rows)


async def claim_computer_turn(db: Connection, game_id: int, now: datetime, claimant: Claimant) -> bool:
    """Claim the game's computer turn (the process that stored the move, after its pause):
    whether ``claimant`` holds it now (it may hold it already)."""
    at = to_epoch(now)
    return (
        await db.execute(
            "UPDATE computer_turns SET owner = ?, lease_until = ?"
            " WHERE game_id = ? AND (owner IS NULL OR owner = ? OR lease_until <= ?)",
            (claimant.owner, claimant.until(now), game_id, claimant.owner, at),
        )
        == 1
    )


async def renew_computer_turn(db: Connection, game_id: int, now: datetime, claimant: Claimant) -> bool:
    """A new lease for a computer turn ``claimant`` holds; ``False`` if it is no longer its own
    (another process took it over, or it is done)."""
    return (
        await db.execute(
            "UPDATE computer_turns SET lease_until = ? WHERE game_id = ? AND owner = ?",
            (claimant.until(now), game_id, claimant.owner),
        )
        == 1
    )


async def finish_computer_turn(db: Connection, game_id: int, version: int, claimant: Claimant) -> bool:
    """No computer seat is to act at ``version``: the row goes, unless a newer move made them
    due again (then ``False``, and the holder plays on) or ``claimant`` no longer holds it."""
    return (
        await db.execute(
            "DELETE FROM computer_turns WHERE game_id = ? AND owner = ? AND version <= ?",
            (game_id, claimant.owner, version),
        )
        == 1
    )


async def release_computer_turn(db: Connection, game_id: int, claimant: Claimant) -> bool:
    """Give a computer turn back (its holder stops: shutting down, or its play failed): any
    process's next pass claims it."""
    return (
        await db.execute(
            "UPDATE computer_turns SET owner = NULL, lease_until = NULL WHERE game_id = ? AND owner = ?",
            (game_id, claimant.owner),
        )
        == 1
    )


# -- DM notices --------------------------------------------------------------------------------
async def leave_dm_notices(db: Connection, game_id: int, user_ids: Collection[int]) -> None:
    await db.execute_many(
        "INSERT INTO dm_notices (game_id, user_id) VALUES (?, ?) ON CONFLICT DO NOTHING",
        [(game_id, user) for user in sorted(user_ids)],
    )


async def take_dm_notice(db: Connection, game_id: int, user_id: int) -> bool:
    """Whether a notice was waiting for the user (it is gone now)."""
    return (
        await db.execute("DELETE FROM dm_notices WHERE game_id = ? AND user_id = ?", (game_id, user_id)) == 1
    )


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
    "DEFAULT_LEASE_SECONDS",
    "DEFAULT_SETTINGS",
    "Claimant",
    "DueTurn",
    "GuildSettings",
    "TurnDeadline",
    "TurnPing",
    "claim_computer_turn",
    "claim_computer_turns",
    "claim_reminders",
    "claim_timeouts",
    "complete_reminder",
    "complete_timeout",
    "due_computer_turn",
    "finish_computer_turn",
    "forget_game_pings",
    "forget_pings",
    "forget_turn_sync",
    "from_epoch",
    "leave_dm_notices",
    "ping_from_row",
    "read_pings",
    "read_settings",
    "record_ping",
    "release_computer_turn",
    "release_timeout",
    "renew_computer_turn",
    "sync_turns",
    "take_dm_notice",
    "to_epoch",
    "write_settings",
]
