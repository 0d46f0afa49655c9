"""The one background task of the bot: reminders and timeouts of turns.

Nothing is kept in memory: every pass asks storage what is due *now* (by the bot's clock), so
a restart simply carries on — a reminder or timeout that fell due while the bot was down
fires at the first pass, and one already handed out is never handed out again (storage
claims it in the same transaction that marks it fired). A timeout whose handling crashes is
given back and tried again by the next pass, up to ``TIMEOUT_ATTEMPTS`` times, so a Discord
outage at the wrong moment does not leave a game waiting forever for an absent player.

Each pass: sync the deadlines of games moved by a path that did not (``unsynced_games``),
then timeouts (a timeout also marks its reminder, so a player long overdue is not reminded
after the computer played for them), then reminders. Passes run every ``POLL_SECONDS`` in a
``discord.ext.tasks`` loop; a pass with nothing due costs one indexed read.

Why ``tasks.loop`` and not a bare ``asyncio.sleep``: both sleep on the event loop, but SimCord
knows a ``tasks.loop`` interval as a wait that only virtual time may end, whereas a bare sleep
also gets a wall-clock fallback that, in a long test or benchmark, fires by itself and
advances virtual time in the middle of other work. Under SimCord ``env.advance_time`` drives
the loop, and the bot's clock (``discord.utils.utcnow``, which ``tasks`` uses too) reads the
same virtual time.
"""

from __future__ import annotations

import logging
from typing import Any

from discord.ext import tasks

from bot.deadlines import play_timed_out_turn, send_reminder
from bot.host import Host
from storage.living import DueTurn

log = logging.getLogger("tavern.scheduler")

POLL_SECONDS = 30.0
"""How late a reminder or timeout may fire at most."""

TIMEOUT_ATTEMPTS = 3
"""Passes that may try one timeout before it is given up (and logged as such)."""


class TurnScheduler:
    def __init__(self, host: Host) -> None:
        self.host = host
        self._loop: tasks.Loop[Any] = tasks.loop(seconds=POLL_SECONDS)(self._pass)
        self._failures: dict[DueTurn, int] = {}
        """Failed attempts per timeout. In memory on purpose: a restart gives each a new try."""

    @property
    def running(self) -> bool:
        return self._loop.is_running()

    def start(self) -> None:
        if not self._loop.is_running():
            self._loop.start()

    async def stop(self) -> None:
        self._loop.cancel()

    async def _pass(self) -> None:
        try:
            await self.tick()
        except Exception:  # a damaged row or a Discord hiccup must not stop the clock
            log.exception("scheduler pass failed")

    async def _timeout_failed(self, timeout: DueTurn) -> None:
        """A timeout whose handling crashed (Discord down, say) is claimed again by the next
        pass, so the game does not stall on it, up to ``TIMEOUT_ATTEMPTS`` tries."""
        # a given-back timeout is claimed again as an equal DueTurn (its missed count restored)
        tries = self._failures[timeout] = self._failures.get(timeout, 0) + 1
        where = f"seat {timeout.seat} in game {timeout.game_id}"
        if tries >= TIMEOUT_ATTEMPTS:
            log.exception("timeout of %s failed %d times: given up", where, tries)
            del self._failures[timeout]
        elif await self.host.repository.release_timeout(timeout):
            log.exception("timeout of %s failed (try %d): the next pass tries again", where, tries)
        else:
            log.exception("timeout of %s failed; the turn has moved on since", where)

    async def tick(self) -> None:
        """One pass over everything due now."""
        repo = self.host.repository
        now = self.host.clock()
        for game_id in await repo.unsynced_games():
            try:
                await repo.sync_turns(game_id, now=now)
            except Exception:  # one unreadable game must not hold up the others
                log.exception("cannot sync the deadlines of game %s", game_id)
        due = await repo.next_due()
        if due is None or due > now:
            return
        for timeout in await repo.claim_timeouts(now):
            try:
                await play_timed_out_turn(self.host, timeout)
            except Exception:
                await self._timeout_failed(timeout)
            else:
                self._failures.pop(timeout, None)
        for reminder in await repo.claim_reminders(now):
            try:
                await send_reminder(self.host, reminder)
            except Exception:
                log.exception("reminder of seat %s in game %s failed", reminder.seat, reminder.game_id)
