"""What a stored move owes the table, and its delivery by whichever process runs the game.

A move stored through the move path records, in its own transaction (``storage.owed``), the
parts of its follow-through: the board, the ping of the people whose turn starts, and the DMs
of the seats whose private view or private decision is new. They are worked out from the
positions before and after the move (``owes``), as the follow-through itself works them out, so
what a move owes is fixed with the move and never recomputed from a later position.

The process that stored the move delivers them at once (``bot.moves.follow``) and marks them
done as it goes (``Ledger``). A part that fails is given back, due again after ``RETRY_SECONDS``
counted by the database's clock, never this process's; a process that died leaves its parts to
the others once its lease runs out (by the same clock). The scheduler's passes claim both and
deliver them (``bot.late``): at a bot's start, after a failed delivery, and when a process took
a game over from one that died.

Each part is delivered once: see ``bot.late`` and ``bot.nonces``.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, StrictBool, StrictInt, ValidationError

from bot.host import Host
from bot.private import seats_to_write
from bot.turns import turns_started
from engine import Event
from storage.models import GameRecord
from storage.owed import OwedMove

log = logging.getLogger("tavern.bot")

RETRY_SECONDS = (30, 60, 120, 300, 600, 1800)
"""The pause before a failed delivery is tried again, by the tries it has failed; the last
repeats."""
GIVE_UP_TRIES = 60
"""Failed tries after which a part is given up (and logged): past a day of retries."""


class Parts(BaseModel):
    """The parts of a move's follow-through still owed (stored as JSON, read back strictly)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    board: StrictBool = False
    """The board message shows the move (an edit, else posted again)."""
    ping: tuple[StrictInt, ...] = ()
    """The seats of the people whose turn starts, pinged in one message."""
    dm: tuple[StrictInt, ...] = ()
    """The seats written to by DM."""
    quiet: tuple[StrictInt, ...] = ()
    """Of ``dm``, the seats whose private view did not change (only a decision is new): the bot
    writes no DM to one whose own settings take that decision for him (``bot.standing``)."""

    def dump(self) -> dict[str, Any] | None:
        """As stored; ``None`` when nothing is owed."""
        if not (self.board or self.ping or self.dm):
            return None
        return self.model_dump(mode="json", exclude_defaults=True)


def owes(
    *, mover: int | None
) -> Callable[[GameRecord, GameRecord, tuple[Event, ...]], Mapping[str, Any] | None]:
    """What a move of ``mover`` owes the table (``Repository.apply``'s ``owes``)."""

    def work_out(
        before: GameRecord, after: GameRecord, events: tuple[Event, ...]
    ) -> Mapping[str, Any] | None:
        return owed_parts(before, after, events, mover=mover).dump()

    return work_out


def owed_parts(
    before: GameRecord | None, after: GameRecord, events: tuple[Event, ...], *, mover: int | None
) -> Parts:
    """The parts the step from ``before`` to ``after`` owes (at the start ``before`` is ``None``,
    or the lobby)."""
    position = after.position
    if position is None:
        return Parts(board=True)
    if before is not None and before.position is None:
        before = None  # the start: the lobby had no position
    people = [s.seat for s in after.seats if s.user_id is not None and not s.resigned]
    previous = before.position if before is not None else None
    dm = seats_to_write(previous, position, people, mover=mover)
    quiet = tuple(
        seat
        for seat in dm
        if previous is not None and position.private_view(seat) == previous.private_view(seat)
    )
    ping = tuple(s for s in turns_started(before, after, events) if after.seats[s].user_id is not None)
    return Parts(board=True, ping=ping, dm=tuple(dm), quiet=quiet)


def read_parts(owed: OwedMove) -> Parts | None:
    """The parts a stored row owes; ``None`` (logged) for a row that cannot be read."""
    try:
        return Parts.model_validate(owed.parts)
    except ValidationError as exc:
        log.error(
            "the follow-through of game %s's move %s is unreadable, dropped: %s",
            owed.game_id,
            owed.version,
            exc,
        )
        return None


def retry_after(tries: int) -> float:
    """The pause in seconds before a delivery that has failed ``tries`` times (this one included)
    is tried again; storage counts it from the database's now (``Owed.retry_later``)."""
    return float(RETRY_SECONDS[min(tries, len(RETRY_SECONDS)) - 1])


class Ledger:
    """The parts of one move's follow-through still owed, marked in storage as they are
    delivered: one write after the ping (a message that must not go out twice), and at the close
    either the row's deletion or the parts left, given back for a later try. A move without a
    row (``parts`` is ``None``) writes nothing. A write that fails is logged: the row stays with this process
    until its lease runs out, and the parts are delivered again, under the same nonces."""

    def __init__(
        self, host: Host, game_id: int, version: int, parts: Parts | None, *, tries: int = 0
    ) -> None:
        self.host = host
        self.game_id = game_id
        self.version = version
        self.left = parts or Parts()
        self._stored = parts
        self._tries = tries

    def board_done(self) -> None:
        """The board shows the move: an edit, so it is written with the next mark."""
        self.left = self.left.model_copy(update={"board": False})

    async def ping_done(self) -> None:
        self.left = self.left.model_copy(update={"ping": ()})
        await self._mark()

    def dms_done_but(self, seats: frozenset[int]) -> None:
        """Every DM is delivered but those to ``seats`` (they failed, and are owed still):
        written with the close."""
        dm = tuple(s for s in self.left.dm if s in seats)
        self.left = self.left.model_copy(
            update={"dm": dm, "quiet": tuple(s for s in self.left.quiet if s in dm)}
        )

    async def close(self) -> None:
        """Settled: the row goes if nothing is left, else it is given back for a later try."""
        if self._stored is None:
            return
        left = self.left.dump()
        if left is None:
            await self._mark()
            return
        tries = self._tries + 1
        owed = self.host.repository.owed
        where = f"game {self.game_id}'s move {self.version}"
        try:
            if tries >= GIVE_UP_TRIES:
                log.error("the follow-through of %s failed %d times, given up: %s", where, tries, left)
                await owed.settle(self.game_id, self.version, None)
            else:
                pause = retry_after(tries)
                await owed.retry_later(self.game_id, self.version, left, pause)
                log.warning(
                    "the follow-through of %s is owed still (try %d), again in %g s: %s",
                    where,
                    tries,
                    pause,
                    left,
                )
        except Exception:
            log.exception("could not give back the follow-through of %s", where)
        self._stored = None

    async def _mark(self) -> None:
        if self._stored is None or self.left == self._stored:
            return
        left = self.left.dump()
        try:
            await self.host.repository.owed.settle(self.game_id, self.version, left)
        except Exception:
            log.exception(
                "could not mark the follow-through of game %s's move %s", self.game_id, self.version
            )
            return
        self._stored = None if left is None else self.left


__all__ = [
    "GIVE_UP_TRIES",
    "RETRY_SECONDS",
    "Ledger",
    "Parts",
    "owed_parts",
    "owes",
    "read_parts",
    "retry_after",
]
