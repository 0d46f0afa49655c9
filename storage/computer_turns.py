"""Computer turns in storage (``computer_turns``, v8): a game whose computer seats are to act has
a row with the version and the moment they became due (by the database's clock), written by the
turn clock's sync (``storage.turn_clock.sync_turns``) in the transaction of the move that made
them due. A process *claims* it (an owner and a lease counted by the database's clock,
``storage.claims``), plays those seats until a person is to act, and deletes the row, only if no
newer move made them due again; a claim left by a process that died is taken over once its
lease has run out.

``ComputerTurns`` is the repository's door to them (``Repository.computer_turns``): each call
one transaction on the repository's database, each claim made as its ``Claimant``."""

from __future__ import annotations

from storage.claims import Claimant, lapsed, lease_end
from storage.database import Connection, Database


async def due_computer_turn(db: Connection, game_id: int, version: int, since: float) -> None:
    """The game's computer seats are to act at ``version`` (since ``since``, the database's Unix
    seconds). A claim on the row is kept: its holder sees the newer version before it lets go."""
    await db.execute(
        "INSERT INTO computer_turns (game_id, version, due_at) VALUES (?, ?, ?)"
        " ON CONFLICT (game_id) DO UPDATE SET version = excluded.version, due_at = excluded.due_at"
        " WHERE computer_turns.version <= excluded.version",
        (game_id, version, since),
    )


async def claim_computer_turns(db: Connection, claimant: Claimant, *, pause_seconds: float) -> list[int]:
    """Every computer turn nobody holds that has been due for ``pause_seconds`` (the pause a
    computer player makes before it moves), and every one whose holder's lease ran out, both by
    the database's clock, claimed by ``claimant`` in one statement; their game ids."""
    rows = await db.fetch(
        f"UPDATE computer_turns SET owner = ?, lease_until = {lease_end(db)}"
        f" WHERE (owner IS NULL AND due_at <= {db.now} - ?) OR {lapsed(db, 'lease_until')} RETURNING game_id",
        (claimant.owner, claimant.lease_seconds, pause_seconds),
    )
    return sorted(int(row[0]) for row in rows)


async def claim_computer_turn(db: Connection, game_id: int, claimant: Claimant) -> bool:
    """Claim the game's computer turn (the process that stored the move, after its pause):
    whether ``claimant`` holds it now (it may hold it already)."""
    return (
        await db.execute(
            f"UPDATE computer_turns SET owner = ?, lease_until = {lease_end(db)}"
            f" WHERE game_id = ? AND (owner IS NULL OR owner = ? OR {lapsed(db, 'lease_until')})",
            (claimant.owner, claimant.lease_seconds, game_id, claimant.owner),
        )
        == 1
    )


async def renew_computer_turn(db: Connection, game_id: int, claimant: Claimant) -> bool:
    """A new lease for a computer turn ``claimant`` holds; ``False`` if it is no longer its own
    (another process took it over, or it is done)."""
    return (
        await db.execute(
            f"UPDATE computer_turns SET lease_until = {lease_end(db)} WHERE game_id = ? AND owner = ?",
            (claimant.lease_seconds, game_id, claimant.owner),
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


class ComputerTurns:
    """The computer turns of one repository (``Repository.computer_turns``), claimed as its
    ``claimant``."""

    def __init__(self, database: Database, claimant: Claimant) -> None:
        self._database = database
        self._claimant = claimant

    async def claim_due(self, *, pause_seconds: float) -> list[int]:
        """The games whose computer turn nobody plays (due for ``pause_seconds``, or left by a
        process whose lease ran out), now claimed (``claim_computer_turns``)."""
        return await self._database.run(
            lambda db: claim_computer_turns(db, self._claimant, pause_seconds=pause_seconds),
            write=True,
            single=True,
        )

    async def claim(self, game_id: int) -> bool:
        """Whether the game's computer turn is held by this repository's claimant now."""
        return await self._database.run(
            lambda db: claim_computer_turn(db, game_id, self._claimant), write=True, single=True
        )

    async def renew(self, game_id: int) -> bool:
        """A new lease, from the database's now, for a computer turn this repository's claimant
        holds (``renew_computer_turn``)."""
        return await self._database.run(
            lambda db: renew_computer_turn(db, game_id, self._claimant), write=True, single=True
        )

    async def finish(self, game_id: int, version: int) -> bool:
        return await self._database.run(
            lambda db: finish_computer_turn(db, game_id, version, self._claimant), write=True, single=True
        )

    async def release(self, game_id: int) -> bool:
        return await self._database.run(
            lambda db: release_computer_turn(db, game_id, self._claimant), write=True, single=True
        )

    async def pending(self) -> dict[int, str | None]:
        """Every pending computer turn: game id → the owner holding it (``None``: nobody)."""
        async with self._database.transaction(write=False, single=True) as db:
            rows = await db.fetch("SELECT game_id, owner FROM computer_turns ORDER BY game_id")
        return {int(row[0]): row[1] for row in rows}


__all__ = [
    "ComputerTurns",
    "claim_computer_turn",
    "claim_computer_turns",
    "due_computer_turn",
    "finish_computer_turn",
    "release_computer_turn",
    "renew_computer_turn",
]
