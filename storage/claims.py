"""Who claims work in storage: a bot process (``Claimant``), holding each claim (a reminder, a
timeout, a computer turn) for a lease unless it renews it; and the Unix seconds times are
stored in.

A lease is counted by the database's clock alone (``Connection.now``): the statement that
claims or renews writes the lease's end as the database's now plus ``lease_seconds``, and one
that asks whether a holder's lease has run out compares it with the database's now. A
caller's clock never enters, so a process whose clock runs ahead cannot take a claim another
still holds, nor does one whose clock lags wait past a lease that has run out. (When work is
*due* — a reminder, a timeout, the end of a computer player's pause — is the game's time,
counted by the callers' clock, the ``now`` they pass.)"""

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


def to_epoch(moment: datetime) -> float:
    if moment.tzinfo is None:  # a naive clock is taken as UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def from_epoch(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


__all__ = ["DEFAULT_LEASE_SECONDS", "Claimant", "from_epoch", "lapsed", "lease_end", "to_epoch"]
