"""The one background task of the bot: reminders and timeouts of turns.

Nothing is kept in memory: every pass asks storage what is due *now* (by the bot's clock), so
a restart simply carries on — a reminder or timeout that fell due while the bot was down
fires at the first pass, and one already handed out is never handed out again (storage
claims it in the same transaction that marks it fired).

Each pass: sync the deadlines of games moved by a path that did not (``unsynced_games``),
then timeouts (a timeout also marks its reminder, so a player long overdue is not reminded
after the computer played for them), then reminders. Between passes the task sleeps with
``asyncio.sleep`` until the next due time, at most ``MAX_SLEEP`` seconds, so a deadline stored
meanwhile is picked up within that time. Under SimCord those sleeps run on virtual time:
``env.advance_time`` drives the scheduler, and the bot's clock (``discord.utils.utcnow``)
reads the same virtual time.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from bot.deadlines import play_timed_out_turn, send_reminder

if TYPE_CHECKING:
    from bot.app import TavernBot

log = logging.getLogger("tavern.scheduler")

MAX_SLEEP = 60.0
MIN_SLEEP = 1.0


class TurnScheduler:
    def __init__(self, bot: TavernBot) -> None:
        self.bot = bot
        self._task: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        return self._task is not None and not self._task.done()

    def start(self) -> None:
        if not self.running:
            self._task = asyncio.get_running_loop().create_task(self._run(), name="tavern-turn-scheduler")

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    async def _run(self) -> None:
        while True:
            try:
                await self.tick()
                delay = await self._delay()
            except asyncio.CancelledError:
                raise
            except Exception:  # a damaged row or a Discord hiccup must not stop the clock
                log.exception("scheduler pass failed")
                delay = MAX_SLEEP
            await asyncio.sleep(delay)

    async def _delay(self) -> float:
        due = await self.bot.repository.next_due()
        if due is None:
            return MAX_SLEEP
        seconds = (due - self.bot.clock()).total_seconds()
        return min(max(seconds, MIN_SLEEP), MAX_SLEEP)

    async def tick(self) -> None:
        """One pass over everything due now."""
        repo = self.bot.repository
        now = self.bot.clock()
        for game_id in await repo.unsynced_games():
            try:
                await repo.sync_turns(game_id, now=now)
            except Exception:  # one unreadable game must not hold up the others
                log.exception("cannot sync the deadlines of game %s", game_id)
        for due in await repo.claim_timeouts(now):
            try:
                await play_timed_out_turn(self.bot, due)
            except Exception:
                log.exception("timeout of seat %s in game %s failed", due.seat, due.game_id)
        for due in await repo.claim_reminders(now):
            try:
                await send_reminder(self.bot, due)
            except Exception:
                log.exception("reminder of seat %s in game %s failed", due.seat, due.game_id)
