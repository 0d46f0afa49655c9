"""Who claims work in storage: a bot process (``Claimant``), holding each claim (a reminder, a
timeout, a computer turn) for a lease unless it renews it; and the Unix seconds leases are
counted in. Leases compare the callers' clocks, so the hosts of the processes keep their clocks
in step (NTP); a few seconds apart are nothing next to a lease."""

from __future__ import annotations

import os
import secrets
import socket
from dataclasses import dataclass
from datetime import UTC, datetime

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



def to_epoch(moment: datetime) -> float:
    if moment.tzinfo is None:  # a naive clock is taken as UTC
        moment = moment.replace(tzinfo=UTC)
    return moment.timestamp()


def from_epoch(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)



__all__ = ["DEFAULT_LEASE_SECONDS", "Claimant", "from_epoch", "to_epoch"]
