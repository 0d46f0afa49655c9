"""The turn clock in storage: turn deadlines, reminders and timeouts and their claims, missed
turns.

A seat's clock starts when the game begins to wait for it, and starts again whenever that seat
moves (an active player is never timed out in the middle of a long turn). ``sync_turns`` brings
the ``turn_deadlines`` rows of one game up to date with its current version:

- seats no longer to act lose their row;
- the seat that made the last move, and every seat to act that has no row yet, get a fresh
  clock (reminder and deadline from the game's ``TurnPolicy``, counted from the database's now);
- any other seat still to act keeps its row, so others' moves in a simultaneous phase do not
  give it more time.

Every moment of the clock is the database's (``storage.claims.database_now``): when a seat's
clock started, and the now its reminder and timeout are compared with, each read once by the
transaction that stores or claims. A process's own clock never enters, so processes whose clocks
disagree by minutes still remind and time out each turn at its moment; the board's deadline is
drawn from the stored times.

A move writes the clock only where it changes (on SQLite each b-tree a move writes is one more
page of the write-ahead log). A move stored with the turn clock (``Repository.apply(clocked=True)``)
logs the clock's time with it (``moves.turn_at``) and marks the game's row synced with it
(``games.turns_synced``). A mover still to act whose row nothing has claimed yet keeps that row
as it is: its times become the earliest the seat can be due, and the seat's last move in the
log since the row's ``version`` says when its clock started again (``restarts``; the policy
it counts with is on the row). Every reader counts that restart in (``read_deadlines``, the
deadlines ``sync_turns`` returns); a reminder or timeout that comes due by the stored times
first brings the row up to date with it, and is claimed only if still due. The game's row keeps
``turns_due``, at most the earliest moment any of its reminders or timeouts can be claimed while
nobody holds it, indexed for the scheduler; it is lowered when a row is written earlier than
it and made exact by the claims, so a turn that passes to the next player writes the deadline
rows and no index.

Reminders, timeouts and computer turns are *claimed*: the claim writes its owner (the process,
``Claimant.owner``) and a lease (``Claimant.lease_seconds`` from the database's now) on the row,
only if nobody holds it or the holder's lease has run out by the database's clock, so of several
processes scanning at the same moment exactly one gets each, whatever their own clocks say
(``storage.claims``); a reminder or timeout is claimed once due by the same clock. The owner
then marks it done (``reminded`` / ``timed_out`` = 1; a computer turn's row is deleted) or gives
it back; a claim left by a process that died is taken over by another once its lease has run
out. A timeout counts its tries (a crash of its handler included) and a missed turn only at its
first claim. A timeout is claimed only for a game whose deadlines are synced with its version: a
move stored by another path first has to be synced, so a claim never acts on an out-of-date
turn. A claim takes the game's row first (on PostgreSQL its lock, which every move of the game
takes too), so it sees every move committed before it and a move sees the claim.

``sync_turns`` also marks a game whose computer seats are to act (``storage.computer_turns``).

A game's ``TurnPolicy`` (its turn limit and reminder) is all the clock asks of the server it is
played on. Storage keeps no server settings: whoever makes the repository supplies a reader of
the policy (``TurnPolicyReader``; the bot's reads its ``/config``, ``bot.stored.guild_settings``),
which the clock calls on the connection of the transaction that syncs, so a move, its policy
and its deadlines are one transaction. Without a reader every game counts with
``DEFAULT_TURN_POLICY``.

``TurnClock`` is the repository's door to all this (``Repository.turn_clock``): each call one
transaction on the repository's database, each claim made as its ``Claimant``.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any, Literal

import engine
from storage.claims import Claimant, database_now, from_epoch, lapsed, lease_end
from storage.computer_turns import due_computer_turn
from storage.database import Connection, Database
from storage.models import GameRecord, GameStatus
from storage.schema import PENDING

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class TurnPolicy:
    """How long a seat has for its turn and when it is reminded: what the turn clock counts
    with, and all it asks of the server a game is played on."""

    limit_minutes: int = 24 * 60
    reminder_minutes: int = 120
    """Minutes into a turn before the player is reminded; 0: no reminder."""

    def __post_init__(self) -> None:
        # A reminder at or after the deadline would be claimed after the timeout settled it:
        # never sent, yet counted in the game's earliest moment.
        if self.limit_minutes < 1 or not 0 <= self.reminder_minutes < self.limit_minutes:
            raise ValueError(
                f"a turn policy needs a limit of a minute or more and a reminder before it,"
                f" not {self.limit_minutes} and {self.reminder_minutes}"
            )


DEFAULT_TURN_POLICY = TurnPolicy()

TurnPolicyReader = Callable[[Connection, "int | None"], Awaitable[TurnPolicy]]
"""The policy of a game on a server (``None``: outside any server), read on the connection of the
transaction that syncs its clock."""


async def default_turn_policy(db: Connection, guild_id: int | None) -> TurnPolicy:
    """The reader of a repository made without one: every game counts with the default."""
    return DEFAULT_TURN_POLICY


@dataclass(frozen=True, slots=True)
class TurnDeadline:
    game_id: int
    seat: int
    version: int
    """The game version the seat's clock started at."""
    reminder_at: datetime | None
    deadline_at: datetime
    """When the reminder and the timeout fall due, by the database's clock."""


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


async def last_mover(db: Connection, game_id: int, version: int) -> int | None:
    row = await db.fetch_one("SELECT seat FROM moves WHERE game_id = ? AND seq = ?", (game_id, version))
    return None if row is None else int(row[0])


@dataclass(frozen=True, slots=True)
class StoredClock:
    """A seat's ``turn_deadlines`` row as stored. Its times are the earliest the seat can be
    due: the seat's moves after ``version`` stored with the turn clock restarted its clock
    without writing the row (``restarts``)."""

    game_id: int
    seat: int
    version: int
    reminder_at: float | None
    deadline_at: float
    untouched: bool
    """Nothing claimed, done or tried on it yet."""
    reminder_minutes: int | None
    limit_minutes: int | None
    """The policy its times were counted with; ``None`` on a row written before v12, which
    the seat's next move rewrites."""

    def restarts_in_place(self, policy: TurnPolicy, reminder: float | None, deadline: float) -> bool:
        """Whether a move of the seat may restart this clock at ``reminder`` / ``deadline`` by
        the log's word alone: counted with the same policy, nothing claimed or done yet (the
        holder of a claim must see the clock start again), its times no later than the new."""
        return (
            self.untouched
            and self.reminder_minutes == policy.reminder_minutes
            and self.limit_minutes == policy.limit_minutes
            and (self.reminder_at is None or reminder is None or self.reminder_at <= reminder)
            and self.deadline_at <= deadline
        )

    def restarted(self, restart: Restart | None) -> tuple[int, float | None, float]:
        """Version, reminder and deadline of the clock once its last restart is counted in."""
        if restart is None or self.limit_minutes is None:
            return self.version, self.reminder_at, self.deadline_at
        version, at = restart
        reminder = at + self.reminder_minutes * 60 if self.reminder_minutes else None
        return version, reminder, at + self.limit_minutes * 60

    def deadline(self, restart: Restart | None) -> TurnDeadline:
        version, reminder, deadline = self.restarted(restart)
        return TurnDeadline(
            self.game_id,
            self.seat,
            version,
            None if reminder is None else from_epoch(reminder),
            from_epoch(deadline),
        )


Restart = tuple[int, float]
"""A move that restarted a seat's clock: its version and its turn clock time (the database's Unix
seconds)."""


def clock_columns(table: str = "") -> str:
    """The columns of a ``StoredClock``, of ``table`` (an alias and a dot) in a join."""
    t = table
    return (
        f"{t}game_id, {t}seat, {t}version, {t}reminder_at, {t}deadline_at, {t}reminded = 0"
        f" AND {t}timed_out = 0 AND {t}reminder_owner IS NULL AND {t}timeout_owner IS NULL"
        f" AND {t}timeout_tries = 0, {t}reminder_minutes, {t}limit_minutes"
    )


def clock_from_row(row: Any) -> StoredClock:
    game_id, seat, version, reminder_at, deadline_at, untouched, reminder_minutes, limit_minutes = tuple(row)
    return StoredClock(
        int(game_id),
        int(seat),
        int(version),
        reminder_at,
        deadline_at,
        bool(untouched),
        reminder_minutes,
        limit_minutes,
    )


async def stored_clocks(db: Connection, game_id: int) -> dict[int, StoredClock]:
    rows = await db.fetch(
        f"SELECT {clock_columns()} FROM turn_deadlines WHERE game_id = ? ORDER BY seat", (game_id,)
    )
    return {clock.seat: clock for clock in map(clock_from_row, rows)}


async def restarts(db: Connection, game_id: int, clocks: Collection[StoredClock]) -> dict[int, Restart]:
    """The last move with the turn clock of each of these seats after its clock's version: the
    moment its clock last started again. One range of the log's (game, seq) key, from the
    oldest of the clocks on: the moves of the turn under way."""
    since = {c.seat: c.version for c in clocks if c.limit_minutes is not None}
    if not since:
        return {}
    rows = await db.fetch(
        "SELECT seat, seq, turn_at FROM moves WHERE game_id = ? AND seq > ? AND turn_at IS NOT NULL"
        " ORDER BY seq",
        (game_id, min(since.values())),
    )
    found: dict[int, Restart] = {}
    for seat, seq, turn_at in rows:
        if seat in since and seq > since[seat]:
            found[int(seat)] = (int(seq), float(turn_at))
    return found


async def read_deadlines(db: Connection, game_id: int) -> dict[int, TurnDeadline]:
    """The deadline of every seat the game waits for, as ``sync_turns`` last returned them."""
    clocks = await stored_clocks(db, game_id)
    found = await restarts(db, game_id, clocks.values())
    return {seat: clock.deadline(found.get(seat)) for seat, clock in clocks.items()}


async def sync_turns(
    db: Connection,
    record: GameRecord,
    policy: TurnPolicy,
    start: float,
    *,
    present_seat: int | None,
    mover: int | None,
    clocked: bool = False,
) -> dict[int, TurnDeadline]:
    """Bring the game's deadlines up to date (see the module docstring); returns the deadline of
    every seat the game now waits for. ``start``: the database's now, read in this transaction
    (``database_now``), which every clock started here counts from. ``mover`` made the game's
    last move (``None`` at the start); ``present_seat`` made it by their own hand: their missed
    turns go back to zero. ``clocked``: this transaction stored that move with the turn clock
    (its log row's ``turn_at`` is ``start``, the game's row is marked synced with it), so a
    mover still to act whose clock can restart in place keeps his row as it is."""
    game_id = record.id
    if present_seat is not None:
        await db.execute("DELETE FROM missed_turns WHERE game_id = ? AND seat = ?", (game_id, present_seat))
    waiting: tuple[int, ...] = ()
    if record.status is GameStatus.ACTIVE and record.state is not None:
        to_act = engine.get_game(record.key).to_act(record.state)
        people = {s.seat for s in record.seats if s.user_id is not None and not s.resigned}
        waiting = tuple(s for s in to_act if s in people)
        if any(record.seats[s].ai is not None and not record.seats[s].resigned for s in to_act):
            await due_computer_turn(db, game_id, record.version, start)
    clocks = await stored_clocks(db, game_id)
    gone = [seat for seat in clocks if seat not in waiting]
    if gone:
        await db.execute_many(
            "DELETE FROM turn_deadlines WHERE game_id = ? AND seat = ?", [(game_id, s) for s in gone]
        )
    kept = [clocks[seat] for seat in waiting if seat in clocks and seat != mover]
    found = await restarts(db, game_id, kept) if kept else {}
    reminder = start + policy.reminder_minutes * 60 if policy.reminder_minutes else None
    deadline = start + policy.limit_minutes * 60
    result: dict[int, TurnDeadline] = {}
    written = False
    for seat in waiting:
        old = clocks.get(seat)
        if old is not None and seat != mover:
            result[seat] = old.deadline(found.get(seat))
            continue
        if not (clocked and old is not None and old.restarts_in_place(policy, reminder, deadline)):
            written = True
            await db.execute(
                "INSERT INTO turn_deadlines (game_id, seat, version, reminder_at, deadline_at, reminded,"
                " timed_out, reminder_minutes, limit_minutes) VALUES (?, ?, ?, ?, ?, 0, 0, ?, ?)"
                " ON CONFLICT (game_id, seat) DO UPDATE SET"
                " version = excluded.version, reminder_at = excluded.reminder_at,"
                " deadline_at = excluded.deadline_at, reminded = 0, timed_out = 0,"
                " reminder_owner = NULL, reminder_until = NULL, timeout_owner = NULL,"
                " timeout_until = NULL, timeout_tries = 0, reminder_minutes = excluded.reminder_minutes,"
                " limit_minutes = excluded.limit_minutes",
                (
                    game_id,
                    seat,
                    record.version,
                    reminder,
                    deadline,
                    policy.reminder_minutes,
                    policy.limit_minutes,
                ),
            )
        result[seat] = TurnDeadline(
            game_id,
            seat,
            record.version,
            None if reminder is None else from_epoch(reminder),
            from_epoch(deadline),
        )
    if written:  # the game's earliest moment is only ever lowered here; a claim makes it exact
        await lower_due(db, game_id, deadline if reminder is None else reminder)
    # Only a running game's synced version is ever read; a move with the clock marked it itself.
    if record.status is GameStatus.ACTIVE and not clocked:
        await db.execute("UPDATE games SET turns_synced = ? WHERE id = ?", (record.version, game_id))
    return result


async def current_clock(db: Connection, clock: StoredClock) -> StoredClock | None:
    """A reminder or timeout of ``clock`` came due by its stored times: if the seat has moved
    since, its row is brought up to date with its last restart (one write, seldom: only a turn
    that outlasts its reminder or deadline while the seat keeps moving). The clock as it now
    stands, or ``None`` when another process changed the row first."""
    found = (await restarts(db, clock.game_id, (clock,))).get(clock.seat)
    if found is None:
        return clock
    version, reminder, deadline = clock.restarted(found)
    changed = await db.execute(
        "UPDATE turn_deadlines SET version = ?, reminder_at = ?, deadline_at = ?"
        " WHERE game_id = ? AND seat = ? AND version = ?",
        (version, reminder, deadline, clock.game_id, clock.seat, clock.version),
    )
    if changed != 1:
        return None
    return replace(clock, version=version, reminder_at=reminder, deadline_at=deadline)


# The scheduler's idle pass reads the open games only, however many have finished: "status IN
# ('lobby', 'active')" repeats the predicate of the partial indexes on open games,
# ``turn_deadlines`` holds rows of running games only (and of games just over, until synced),
# and the second half asks of each deadline whether its game is running, not of each game that
# is not whether it has deadlines.
UNSYNCED = (
    "SELECT g.id FROM games g WHERE g.status IN ('lobby', 'active') AND g.status = 'active'"
    " AND (g.turns_synced IS NULL OR g.turns_synced != g.version)"
    " UNION SELECT d.game_id FROM turn_deadlines d WHERE NOT EXISTS"
    " (SELECT 1 FROM games g WHERE g.id = d.game_id AND g.status = 'active')"
)
"""Games whose deadlines lag behind: moved without a sync, or over with rows left."""


def next_due_sql(db: Connection) -> str:
    """The earliest moment a reminder or timeout can be claimed — at most its own time while
    nobody holds it (``games.turns_due``), the end of its lease while somebody does — and the
    database's now: both by the database's clock."""
    return (
        f"SELECT MIN(t), {db.now} FROM ("
        " SELECT MIN(turns_due) AS t FROM games WHERE status = 'active'"
        " UNION ALL SELECT MIN(reminder_until) FROM turn_deadlines"
        " WHERE reminded = 0 AND reminder_owner IS NOT NULL"
        " UNION ALL SELECT MIN(timeout_until) FROM turn_deadlines"
        " WHERE timed_out = 0 AND timeout_owner IS NOT NULL"
        ") AS due"
    )


@dataclass(frozen=True, slots=True)
class NextDue:
    """When a reminder or timeout can next be claimed, and the database's now when asked."""

    at: datetime | None
    """``None``: nothing is waiting."""
    now: datetime

    @property
    def ready(self) -> bool:
        """Whether something can be claimed now."""
        return self.at is not None and self.at <= self.now


async def lower_due(db: Connection, game_id: int, moment: float) -> None:
    """Something of the game can be claimed from ``moment`` on: its earliest moment is kept at
    most that. Written only when it was later (seldom: moves only make times later)."""
    await db.execute(
        "UPDATE games SET turns_due = ? WHERE id = ? AND (turns_due IS NULL OR turns_due > ?)",
        (moment, game_id, moment),
    )


async def settle_due(db: Connection, game_id: int) -> None:
    """The game's earliest moment made exact again from its rows, after claims and restarts
    (which only make it later); written only when it changes."""
    row = await db.fetch_one(
        f"SELECT g.turns_due, (SELECT MIN({PENDING}) FROM turn_deadlines d WHERE d.game_id = g.id)"
        " FROM games g WHERE g.id = ?",
        (game_id,),
    )
    if row is not None and row[0] != row[1]:
        await db.execute("UPDATE games SET turns_due = ? WHERE id = ?", (row[1], game_id))


async def lock_synced(db: Connection, game_id: int) -> bool:
    """Whether the game still runs synced with its version, its row taken for the claim (on
    PostgreSQL locked: a move of the game commits before this reads on, or waits for the claim to
    commit, so a claim sees every restart of a clock and a move sees every claim)."""
    row = await db.fetch_one(
        "SELECT 1 FROM games WHERE id = ? AND status = 'active' AND turns_synced = version" + db.for_update,
        (game_id,),
    )
    return row is not None


Kind = Literal["reminder", "timeout"]


async def due_games(db: Connection, at: float, kind: Kind) -> list[int]:
    """The running games, synced with their version, whose reminders (or timeouts) may be due
    at ``at`` (the database's now): by the game's earliest moment, or by a holder's lease that
    ran out; earliest first."""
    done = "reminded" if kind == "reminder" else "timed_out"
    rows = await db.fetch(
        "SELECT g.id, g.turns_due FROM games g WHERE g.status = 'active' AND g.turns_due <= ?"
        " AND g.turns_synced = g.version"
        f" UNION SELECT d.game_id, d.{kind}_until FROM turn_deadlines d"
        " JOIN games g ON g.id = d.game_id AND g.turns_synced = g.version"
        f" WHERE g.status = 'active' AND d.{done} = 0 AND d.{kind}_owner IS NOT NULL"
        f" AND {lapsed(db, f'd.{kind}_until')}",
        (at,),
    )
    first: dict[int, float] = {}
    for game_id, moment in rows:
        first[int(game_id)] = min(moment, first.get(int(game_id), moment))
    return sorted(first, key=lambda game_id: (first[game_id], game_id))


async def due_clocks(
    db: Connection, game_id: int, at: float, kind: Kind
) -> list[tuple[int | None, StoredClock]]:
    """The game's clocks whose reminder (or timeout) is due at ``at`` (the database's now) by
    their stored times and free to claim, with their players' user ids, earliest first."""
    time, done = ("reminder_at", "reminded") if kind == "reminder" else ("deadline_at", "timed_out")
    rows = await db.fetch(
        f"SELECT p.user_id, {clock_columns('d.')} FROM turn_deadlines d"
        " JOIN seats p ON p.game_id = d.game_id AND p.seat = d.seat"
        f" WHERE d.game_id = ? AND d.{done} = 0 AND d.{time} <= ? AND "
        + _free(db, f"d.{kind}")
        + f" ORDER BY d.{time}, d.seat",
        (game_id, at),
    )
    return [(user_id, clock_from_row(stored)) for user_id, *stored in rows]


def _free(db: Connection, kind: str) -> str:
    """The condition under which a reminder's or timeout's claim may be taken: nobody holds it,
    or the holder's lease has run out by the database's clock."""
    return f"({kind}_owner IS NULL OR {lapsed(db, f'{kind}_until')})"


async def claim_reminders(db: Connection, claimant: Claimant) -> list[DueTurn]:
    """Reminders due by the database's now that nobody holds, each claimed by ``claimant``
    (``complete_reminder`` once sent)."""
    at = await database_now(db)
    claimed = []
    for game_id in await due_games(db, at, "reminder"):
        if not await lock_synced(db, game_id):
            continue  # moved without a sync, or over, since
        for user_id, stored in await due_clocks(db, game_id, at, "reminder"):
            clock = await current_clock(db, stored)
            if clock is None or clock.reminder_at is None or clock.reminder_at > at:
                continue  # the seat moved since: its reminder is not due yet
            # Of two processes claiming at once, the second waits for the first's row lock (or,
            # on SQLite, its write lock), then finds the claim held and changes nothing.
            changed = await db.execute(
                f"UPDATE turn_deadlines SET reminder_owner = ?, reminder_until = {lease_end(db)}"
                " WHERE game_id = ? AND seat = ? AND version = ? AND reminded = 0 AND "
                + _free(db, "reminder"),
                (claimant.owner, claimant.lease_seconds, game_id, clock.seat, clock.version),
            )
            if changed == 1:
                claimed.append(DueTurn(game_id, clock.seat, clock.version, user_id))
        await settle_due(db, game_id)
    return claimed


async def claim_timeouts(db: Connection, claimant: Claimant) -> list[DueTurn]:
    """Timeouts due by the database's now that nobody holds, each claimed by ``claimant``; a
    timeout also settles its reminder (a player timed out is not reminded afterwards). Its first
    claim counts a missed turn; a claim taken again (given back, or left by a process that died)
    counts a try."""
    at = await database_now(db)
    claimed = []
    for game_id in await due_games(db, at, "timeout"):
        if not await lock_synced(db, game_id):
            continue  # moved without a sync, or over, since
        for user_id, stored in await due_clocks(db, game_id, at, "timeout"):
            clock = await current_clock(db, stored)
            if clock is None or clock.deadline_at > at:
                continue  # the seat moved since: its time has not run out
            seat, version = clock.seat, clock.version
            tries = await db.fetch_one(
                f"UPDATE turn_deadlines SET timeout_owner = ?, timeout_until = {lease_end(db)},"
                " timeout_tries = timeout_tries + 1, reminded = 1, reminder_owner = NULL,"
                " reminder_until = NULL"
                " WHERE game_id = ? AND seat = ? AND version = ? AND timed_out = 0 AND "
                + _free(db, "timeout")
                + " RETURNING timeout_tries",
                (claimant.owner, claimant.lease_seconds, game_id, seat, version),
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
        await settle_due(db, game_id)
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
    # The game's row first, as every writer of the clock takes it (two rows locked in one order).
    await db.fetch_one("SELECT 1 FROM games WHERE id = ?" + db.for_update, (due.game_id,))
    released = await db.fetch_one(
        "UPDATE turn_deadlines SET timeout_owner = NULL, timeout_until = NULL"
        " WHERE game_id = ? AND seat = ? AND version = ? AND timed_out = 0 AND timeout_owner = ?"
        " RETURNING deadline_at",
        (due.game_id, due.seat, due.version, claimant.owner),
    )
    if released is None:
        return False
    await lower_due(db, due.game_id, released[0])  # claimable again from its deadline on
    return True


Loader = Callable[[Connection, int], Awaitable[GameRecord]]
"""A game's record read inside a write transaction, its row locked (``Repository``'s own read, so
the clock sees the game as the repository decodes it)."""


class TurnClock:
    """The turn clock of one repository (``Repository.turn_clock``): each call one transaction on
    the repository's database, each claim made as the repository's ``claimant``, each sync counted
    with the policy its reader gives."""

    def __init__(
        self, database: Database, claimant: Claimant, *, load: Loader, policy: TurnPolicyReader
    ) -> None:
        self._database = database
        self._claimant = claimant
        self._load = load
        self.policy_reader = policy
        """How this clock learns a game's turn policy."""

    async def sync(self, game_id: int, *, present_seat: int | None = None) -> dict[int, TurnDeadline]:
        """The deadlines of the seats the game waits for, brought up to date with its version
        (``sync_turns``) at the database's now, for a game stored or started without the clock."""
        async with self._database.transaction(write=True) as db:
            record = await self._load(db, game_id)
            mover = await last_mover(db, game_id, record.version) if record.version else None
            now = await database_now(db)
            return await self.sync_in(db, record, now, present_seat=present_seat, mover=mover)

    async def sync_in(
        self,
        db: Connection,
        record: GameRecord,
        now: float,
        *,
        present_seat: int | None,
        mover: int | None,
        clocked: bool = False,
    ) -> dict[int, TurnDeadline]:
        """``sync_turns`` inside the caller's write transaction (a move's, which stores the move
        and its deadlines as one) at ``now``, the database's now it read, with the policy of the
        game's server read on the same connection."""
        policy = await self.policy_reader(db, record.guild_id)
        return await sync_turns(
            db, record, policy, now, present_seat=present_seat, mover=mover, clocked=clocked
        )

    async def deadlines(self, game_id: int) -> dict[int, TurnDeadline]:
        """The deadline of every seat the game waits for (``read_deadlines``)."""
        return await self._database.run(lambda db: read_deadlines(db, game_id), write=False)

    async def unsynced_games(self) -> list[int]:
        """The games whose deadlines lag behind their version (``UNSYNCED``)."""
        async with self._database.transaction(write=False, single=True) as db:
            return [int(row[0]) for row in await db.fetch(UNSYNCED)]

    async def next_due(self) -> NextDue:
        """The earliest moment a reminder or timeout can be claimed, and the database's now
        (``next_due_sql``)."""
        async with self._database.transaction(write=False, single=True) as db:
            row = await db.fetch_one(next_due_sql(db))
        assert row is not None, "an aggregate returns one row"
        return NextDue(None if row[0] is None else from_epoch(row[0]), from_epoch(row[1]))

    async def claim_reminders(self) -> list[DueTurn]:
        """Due reminders, each claimed by the repository's claimant."""
        return await self._database.run(lambda db: claim_reminders(db, self._claimant), write=True)

    async def complete_reminder(self, due: DueTurn) -> bool:
        return await self._database.run(
            lambda db: complete_reminder(db, due, self._claimant), write=True, single=True
        )

    async def claim_timeouts(self) -> list[DueTurn]:
        """Due timeouts, each claimed by the repository's claimant."""
        return await self._database.run(lambda db: claim_timeouts(db, self._claimant), write=True)

    async def complete_timeout(self, due: DueTurn) -> bool:
        return await self._database.run(
            lambda db: complete_timeout(db, due, self._claimant), write=True, single=True
        )

    async def release_timeout(self, due: DueTurn) -> bool:
        """Give a claimed timeout back (its handling failed): it is due again at once."""
        return await self._database.run(lambda db: release_timeout(db, due, self._claimant), write=True)


__all__ = [
    "DEFAULT_TURN_POLICY",
    "UNSYNCED",
    "DueTurn",
    "NextDue",
    "TurnClock",
    "TurnDeadline",
    "TurnPolicy",
    "TurnPolicyReader",
    "claim_reminders",
    "claim_timeouts",
    "complete_reminder",
    "complete_timeout",
    "default_turn_policy",
    "last_mover",
    "next_due_sql",
    "read_deadlines",
    "release_timeout",
    "sync_turns",
]
