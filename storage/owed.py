"""What a stored move still owes the people at the table (``owed``, v15): one row per move,
written in the move's own transaction (``Repository.apply`` with ``owes``), holding the parts
of its follow-through not yet delivered, as JSON the caller wrote and reads back (storage names
no part). A row is gone once every part is delivered.

The process that stores a move holds its row from the start (an owner and a lease counted by
the database's clock, ``storage.claims``) and delivers it at once; it marks each part done as
it goes (``settle``). A part that fails puts the row back for later (``retry_later``): nobody
holds it, and it is due again after a pause that grows with each try. Any process's pass claims
the rows nobody holds that are due, and the rows whose holder's lease ran out (it died, or was
cut off), and delivers them: so a move's follow-through survives a crash, a deploy and an outage
longer than the retries. Every moment of a row is the database's clock, as for the turn clock
and computer turns (``storage.claims``): it is due from the database's now when it was written
or given back (plus its pause), compared with the database's now when claimed, and its lease
likewise; no caller passes a time, so a process whose clock is off neither retries early nor
late, nor takes a row over before its holder's lease has run out.

``Owed`` is the repository's door to them (``Repository.owed``): each call one transaction on
the repository's database, each claim made as its ``Claimant``."""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from storage.claims import Claimant, lapsed, lease_end
from storage.database import Connection, Database


@dataclass(frozen=True, slots=True)
class OwedMove:
    """A stored move's follow-through not yet delivered."""

    game_id: int
    version: int
    """The version the move made: the follow-through of that version."""
    parts: Any
    """What is still owed, as the caller wrote it (JSON), or the stored text itself when it is not
    JSON at all (a damaged row: the caller drops it)."""
    tries: int
    """Deliveries tried and failed so far."""


OWED_COLUMNS = "game_id, version, parts, tries"


def owed_from_row(row: Any) -> OwedMove:
    game_id, version, parts, tries = tuple(row)
    try:
        read = json.loads(parts)
    except (TypeError, ValueError):
        read = parts
    return OwedMove(int(game_id), int(version), read, int(tries))


def dump_parts(parts: Mapping[str, Any]) -> str:
    return json.dumps(parts, sort_keys=True, separators=(",", ":"))


async def owe(
    db: Connection, game_id: int, version: int, parts: Mapping[str, Any], claimant: Claimant
) -> None:
    """In a move's transaction: the move at ``version`` owes ``parts``, held by ``claimant``
    (the process that stored it delivers them at once), due from the database's now (what
    matters once it is given back at a stop)."""
    await db.execute(
        "INSERT INTO owed (game_id, version, parts, due_at, owner, lease_until)"
        f" VALUES (?, ?, ?, {db.now}, ?, {lease_end(db)})",
        (game_id, version, dump_parts(parts), claimant.owner, claimant.lease_seconds),
    )


async def claim_owed(db: Connection, claimant: Claimant) -> list[OwedMove]:
    """Every row nobody holds that is due, and every row whose holder's lease ran out, both by
    the database's clock, claimed by ``claimant`` in one statement; oldest move first."""
    rows = await db.fetch(
        f"UPDATE owed SET owner = ?, lease_until = {lease_end(db)}"
        f" WHERE (owner IS NULL AND {lapsed(db, 'due_at')}) OR {lapsed(db, 'lease_until')}"
        f" RETURNING {OWED_COLUMNS}",
        (claimant.owner, claimant.lease_seconds),
    )
    return sorted((owed_from_row(row) for row in rows), key=lambda o: (o.game_id, o.version))


async def settle_owed(
    db: Connection, game_id: int, version: int, parts: Mapping[str, Any] | None, claimant: Claimant
) -> bool:
    """What is still owed after a part was delivered (``None``: nothing, the row goes); ``False``
    when ``claimant`` no longer holds the row (another process took it over)."""
    key = (game_id, version, claimant.owner)
    if parts is None:
        return await db.execute("DELETE FROM owed WHERE game_id = ? AND version = ? AND owner = ?", key) == 1
    update = "UPDATE owed SET parts = ? WHERE game_id = ? AND version = ? AND owner = ?"
    return await db.execute(update, (dump_parts(parts), *key)) == 1


async def retry_owed(
    db: Connection,
    game_id: int,
    version: int,
    parts: Mapping[str, Any],
    pause_seconds: float,
    claimant: Claimant,
) -> bool:
    """A delivery failed: what is still owed is given back, due again ``pause_seconds`` after
    the database's now, one try more."""
    return (
        await db.execute(
            f"UPDATE owed SET parts = ?, due_at = {db.now} + ?, tries = tries + 1, owner = NULL,"
            " lease_until = NULL WHERE game_id = ? AND version = ? AND owner = ?",
            (dump_parts(parts), pause_seconds, game_id, version, claimant.owner),
        )
        == 1
    )


async def release_owed(db: Connection, claimant: Claimant) -> int:
    """Every row ``claimant`` holds given back as it is (the process stops): due at once for any
    other process's next pass. How many."""
    return await db.execute(
        "UPDATE owed SET owner = NULL, lease_until = NULL WHERE owner = ?", (claimant.owner,)
    )


class Owed:
    """The owed follow-through of one repository's moves (``Repository.owed``), claimed as its
    ``claimant``."""

    def __init__(self, database: Database, claimant: Claimant) -> None:
        self._database = database
        self._claimant = claimant

    async def claim_due(self) -> list[OwedMove]:
        """The rows due by the database's clock, and those whose holder's lease ran out, now
        claimed (``claim_owed``)."""
        return await self._database.run(lambda db: claim_owed(db, self._claimant), write=True, single=True)

    async def settle(self, game_id: int, version: int, parts: Mapping[str, Any] | None) -> bool:
        return await self._database.run(
            lambda db: settle_owed(db, game_id, version, parts, self._claimant), write=True, single=True
        )

    async def retry_later(
        self, game_id: int, version: int, parts: Mapping[str, Any], pause_seconds: float
    ) -> bool:
        """Given back, due again ``pause_seconds`` from now by the database's clock (``retry_owed``)."""
        return await self._database.run(
            lambda db: retry_owed(db, game_id, version, parts, pause_seconds, self._claimant),
            write=True,
            single=True,
        )

    async def release(self) -> int:
        return await self._database.run(lambda db: release_owed(db, self._claimant), write=True, single=True)

    async def pending(self) -> list[tuple[OwedMove, str | None]]:
        """Every row, with the owner holding it (``None``: nobody); oldest move first."""
        async with self._database.transaction(write=False, single=True) as db:
            rows = await db.fetch(f"SELECT {OWED_COLUMNS}, owner FROM owed ORDER BY game_id, version")
        return [(owed_from_row(row[:4]), row[4]) for row in rows]


__all__ = [
    "OWED_COLUMNS",
    "Owed",
    "OwedMove",
    "claim_owed",
    "owe",
    "release_owed",
    "retry_owed",
    "settle_owed",
]
