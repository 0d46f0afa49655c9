"""Who claims work in storage: a bot process (``Claimant``), holding each claim (a reminder, a
timeout, a computer turn, a move's owed follow-through) for a lease unless it renews it; the
database's clock every moment of the game is counted by; and the Unix seconds times are stored
in.

A lease is counted by the database's clock alone (``Connection.now``): the statement that
claims or renews writes the lease's end as the database's now plus ``lease_seconds``, and one
that asks whether a holder's lease has run out compares it with the database's now. So is
every moment the game keeps: when a seat's clock started and when a reminder, a timeout, the
end of a computer player's pause or a failed follow-through's next try is due are the database's
now when they were stored (``database_now``, or ``Connection.now`` in the storing statement),
compared with the database's now when asked. A process's own clock never enters, so a process
whose clock runs ahead neither takes a claim another still holds nor times a turn out early, and
one whose clock lags neither waits past a lease that has run out nor misses a turn's end."""

from __future__ import annotations

import os
import secrets
import socket
from dataclasses import dataclass
from datetime import UTC, datetime

from storage.database import Connection

DEFAULT_LEASE_SECONDS = 60.0


@dataclass(frozen=True, slots=True)
class Claimant:
    """Who claims: one bot process (``owner``), holding each claim for ``lease_seconds`` (by the
    database's clock) unless it renews it."""

    owner: str
    lease_seconds: float = DEFAULT_LEASE_SECONDS

    @classmethod
    def this_process(cls, lease_seconds: float = DEFAULT_LEASE_SECONDS) -> Claimant:
        """An owner naming this host and process, and unique to this call (a restarted bot in
        the same process is a new owner)."""
        return cls(f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(3)}", lease_seconds)


def lease_end(db: Connection) -> str:
    """SQL for the end of a lease taken or renewed by this statement: the database's now plus
    the lease, whose length is the one parameter (``Claimant.lease_seconds``)."""
    return f"({db.now} + ?)"


def lapsed(db: Connection, until: str) -> str:
    """SQL: the lease ending at ``until`` (a column) has run out by the database's clock."""
    return f"{until} <= {db.now}"


async def database_now(db: Connection) -> float:
    """The database's clock now, in Unix seconds (one statement): read once by a transaction
    that stores or compares moments of the game, so that all of them are one reading."""
    row = await db.fetch_one(f"SELECT {db.now}")
    assert row is not None, "a SELECT without FROM returns one row"
    return float(row[0])


def from_epoch(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


__all__ = [
    "DEFAULT_LEASE_SECONDS",
    "Claimant",
    "database_now",
    "from_epoch",
    "lapsed",
    "lease_end",
]
