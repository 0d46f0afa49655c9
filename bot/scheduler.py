"""The one periodic task of the bot: reminders, timeouts, orphaned computer turns, and the
follow-through stored moves still owe.

Nothing is kept in memory: every pass asks storage what is due *now* by the database's clock
(``storage.claims``), never this process's, so a restart simply carries on, and so do several
processes sharing one database, whatever their clocks say. Storage hands each reminder, timeout,
computer turn and owed follow-through to exactly one process by a claim with an owner and a
lease (``storage.claims``): the process settles it once done, and when it dies first, another
takes it over once the lease has run out. A reminder that fell due while every bot was down fires at the
first pass. A timeout whose handling crashes is given back and tried again by the next pass of
any process, up to ``TIMEOUT_ATTEMPTS`` tries in all (counted in storage, a process that died
while handling it included), so a Discord outage at the wrong moment does not leave a game
waiting forever for an absent player. A game whose stored data cannot be loaded
(``GameUnavailable``) is skipped with a warning naming it, and the pass goes on with the others;
its timeout and reminder are settled, since nothing can be played or said for it.

Each pass: sync the deadlines of games moved by a path that did not
(``turn_clock.unsynced_games``), claim the computer turns nobody plays (``bot.ai_players`` plays
them in the background), deliver what stored moves still owe the table (``bot.late``: a
delivery that failed, or one a process that died never made), then timeouts (a timeout also
settles its reminder, so a player long overdue is not reminded after the computer played for
them), then reminders. Passes run every ``POLL_SECONDS`` in a ``discord.ext.tasks`` loop; a pass
with nothing due costs three indexed reads and two updates (of the few pending computer turns and
owed follow-throughs) that change nothing.

Why ``tasks.loop`` and not a bare ``asyncio.sleep``: both sleep on the event loop, but SimCord
knows a ``tasks.loop`` interval as a wait that only virtual time may end, whereas a bare sleep
also gets a wall-clock fallback that, in a long test or benchmark, fires by itself and
advances virtual time in the middle of other work. Under SimCord ``env.advance_time`` drives
the passes; what they find due is the database's business, so a test that makes turns fall due
moves the stored moments back (``tests/storage/helpers.time_passes``).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from discord.ext import tasks

from bot.deadlines import play_timed_out_turn, send_reminder
from bot.host import Host
from bot.late import deliver_owed
from storage.errors import GameUnavailable
from storage.turn_clock import DueTurn

log = logging.getLogger("tavern.scheduler")

POLL_SECONDS = 30.0
"""How late a reminder or timeout may fire at most."""

TIMEOUT_ATTEMPTS = 3
"""Claims of one timeout before it is given up (and logged as such)."""


class TurnScheduler:
    def __init__(self, host: Host) -> None:
        self.host = host
        self._loop: tasks.Loop[Any] = tasks.loop(seconds=POLL_SECONDS)(self._pass)
        self._stopping = False
        self._passing = False

    @property
    def running(self) -> bool:
        return self._loop.is_running()

    def start(self) -> None:
        if not self._loop.is_running():
            self._loop.start()

    async def stop(self, grace: float = 0.0) -> None:
        """No pass after this one; the pass under way claims nothing more, finishes what it
        holds (``grace`` seconds at most) and gives back what it could not."""
        self._stopping = True
        task = self._loop.get_task()
        if task is not None and not task.done() and self._passing and grace > 0:
            self._loop.stop()
            await asyncio.wait([task], timeout=grace)
        self._loop.cancel()  # at once when between passes: the next one is up to 30 s away
        if task is not None:
            await asyncio.gather(task, return_exceptions=True)

    async def _pass(self) -> None:
        self._passing = True
        try:
            await self.tick()
        except Exception:  # a damaged row or a Discord hiccup must not stop the clock
            log.exception("scheduler pass failed")
        finally:
            self._passing = False

    async def _timeout_failed(self, timeout: DueTurn) -> None:
        """A timeout whose handling crashed (Discord down, say) is given back, for the next
        pass of any process to claim again, up to ``TIMEOUT_ATTEMPTS`` claims."""
        repo = self.host.repository
        where = f"seat {timeout.seat} in game {timeout.game_id}"
        if timeout.tries >= TIMEOUT_ATTEMPTS:
            log.exception("timeout of %s failed %d times: given up", where, timeout.tries)
            await repo.turn_clock.complete_timeout(timeout)
        elif await repo.turn_clock.release_timeout(timeout):
            log.exception("timeout of %s failed (try %d): the next pass tries again", where, timeout.tries)
        else:
            log.exception("timeout of %s failed; the turn has moved on since", where)

    async def tick(self) -> None:
        """One pass over everything due now."""
        repo = self.host.repository
        for game_id in await repo.turn_clock.unsynced_games():
            try:
                await repo.turn_clock.sync(game_id)
            except GameUnavailable as exc:
                skipped(exc, "its deadlines are not synced")
            except Exception:  # one unreadable game must not hold up the others
                log.exception("cannot sync the deadlines of game %s", game_id)
        pause = self.host.settings.ai_delay_seconds
        if self._stopping:
            return
        for game_id in await repo.computer_turns.claim_due(pause_seconds=pause):
            log.info("playing the computer turn of game %s, which no process played", game_id)
            self.host.computer_turns.adopt(game_id)
        # What stored moves still owe the table: failed deliveries due again, and those a
        # process that died left (``bot.late``). Claimed ones left undelivered by a stop are
        # given back with the others this process holds (``TavernBot.shutdown``).
        for owed in await repo.owed.claim_due():
            if self._stopping:
                break
            await deliver_owed(self.host, owed)
        if self._stopping:
            return
        if not (await repo.turn_clock.next_due()).ready or self._stopping:
            return
        timeouts = await repo.turn_clock.claim_timeouts()
        try:
            while timeouts and not self._stopping:
                timeout = timeouts[0]
                try:
                    await play_timed_out_turn(self.host, timeout)
                except GameUnavailable as exc:  # no move can be made for it: settled as it is
                    skipped(exc, "its timeout is given up")
                    await repo.turn_clock.complete_timeout(timeout)
                except Exception:
                    await self._timeout_failed(timeout)
                else:
                    await repo.turn_clock.complete_timeout(timeout)
                timeouts.pop(0)
        finally:
            # Stopped (or cut off) before these were played: the next pass of any process
            # claims them again at once instead of after the lease.
            for timeout in timeouts:
                await repo.turn_clock.release_timeout(timeout)
        if self._stopping:
            return
        for reminder in await repo.turn_clock.claim_reminders():
            try:
                await send_reminder(self.host, reminder)
            except GameUnavailable as exc:
                skipped(exc, "no reminder is sent")
            except Exception:
                log.exception("reminder of seat %s in game %s failed", reminder.seat, reminder.game_id)
            # Sent or failed, it is settled: a reminder is worth one try, never two messages.
            await repo.turn_clock.complete_reminder(reminder)


def skipped(error: GameUnavailable, what: str) -> None:
    """A game whose stored data cannot be loaded is left for an operator; the pass goes on."""
    log.warning(
        "game %s is skipped, %s: its stored data cannot be loaded (%s)",
        error.params["game_id"],
        what,
        error.params["reason"],
    )
