"""Computer players in the bot: the one place where a computer seat's move is chosen and played.

Which games have computer seats to act is in storage, not in a process's memory: every move
stored with the turn clock (and the start of a game) leaves a ``computer_turns`` row when
computer seats are to act (``storage.turn_clock.sync_turns``). A computer turn is *claimed* before
it is played, so of several bot processes exactly one plays it:

- the process that stored the move ``schedule``s the game: a background task waits
  ``AI_DELAY_SECONDS`` (so people can follow), claims the turn and plays it;
- every process's scheduler pass (``bot.scheduler``) claims the turns nobody plays: due for
  longer than the pause (the process that stored the move died before it claimed), or held by a
  process whose lease ran out (it died while playing) — and ``adopt``s them.

The holder plays one move for each computer seat the game waits for, pausing before each round,
renews its lease every round, and repeats until a person must act or the game is over; then it
lets the turn go (``Repository.computer_turns.finish``), unless a newer move made computer seats due again.
On shutdown (after the move under way) or a failure it gives the claim back, so another
process takes over at once.

Each move is chosen by ``engine.ai.decide`` from the seat's own view only, with a seed derived
from the game id, version and seat (the same position always gets the same move, whichever
process plays it), in a worker process (``bot.thinking``) so that a deep decision does not hold
up other games' clicks, by a policy object the worker keeps per seat (a cache: a fresh one
decides the same), stored through
``Repository.apply`` against the version it was chosen at — a ``StaleVersion`` means somebody
else moved first — and followed through exactly as a person's move is (``bot.moves.follow``).

The same task plays the moves a person's own settings ask the bot to make for him
(``bot.standing``: a Smaug window passed for him), at once and before any computer move: by the
process that stored the move, and by the holder of a computer turn after each of its moves.
Such a move is stored against the version it was chosen at like any other, so of two processes
trying it only one succeeds; if the process dies first, the seat's own deadline still applies.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import uuid

from bot.host import Host
from bot.i18n import guild_language
from bot.moves import follow
from bot.policies import default_policy
from bot.standing import standing_orders, switched_on
from bot.thinking import Thinker
from engine import get_game
from storage.errors import NotPlaying, StaleVersion, StorageError
from storage.models import GameRecord, GameStatus

log = logging.getLogger("tavern.bot")


def decision_seed(game_id: int, version: int, seat: int) -> int:
    """The policy's seed for one decision: reproducible from the stored game alone."""
    digest = hashlib.blake2b(f"{game_id}:{version}:{seat}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def ai_seats_to_act(record: GameRecord) -> tuple[int, ...]:
    """The computer seats the game waits for now."""
    position = record.position
    if record.status is not GameStatus.ACTIVE or position is None:
        return ()
    return tuple(
        s for s in position.to_act() if record.seats[s].ai is not None and not record.seats[s].resigned
    )


async def play_for_seat(
    host: Host, players: AIPlayers, game_id: int, seat: int, policy: str | None = None
) -> bool:
    """Play one move for ``seat`` with ``policy`` (default: the seat's own computer policy) and
    follow it through. ``False`` when there was nothing to play: the game is not running, the
    seat is not to act, or someone else moved first. Usable for a person's seat too (a
    timed-out turn played by the computer)."""
    record = await host.repository.get(game_id)
    game, position = get_game(record.key), record.position
    if record.status is not GameStatus.ACTIVE or position is None or seat not in position.to_act():
        return False
    name = policy or record.seats[seat].ai or default_policy(record.key)
    seed = decision_seed(game_id, record.version, seat)
    action = await players.thinker.decide(position, seat, name, players.kept(game_id, seat, name), seed)
    try:
        applied = await host.repository.apply(
            game_id,
            expected_version=record.version,
            seat=seat,
            action=game.dump_action(action),
            clocked=True,  # turn deadlines follow in the same transaction
            present=False,  # a computer's move never counts as the seat's own
        )
    except (StaleVersion, NotPlaying):
        return False
    await follow(host, record, applied, guild_language(host.client, record.guild_id), mover=seat)
    return True


async def play_standing(host: Host, record: GameRecord) -> bool:
    """Play one move a person's own settings ask for now, if any (``bot.standing``), and
    follow it through; ``False`` when there was none (or someone else moved first)."""
    game = get_game(record.key)
    for seat, switch, action in standing_orders(record):
        if not await switched_on(host, record, seat, switch):
            continue
        try:
            applied = await host.repository.apply(
                record.id,
                expected_version=record.version,
                seat=seat,
                action=game.dump_action(game.parse_action(action)),
                clocked=True,
                present=False,  # his standing choice, not his hand: his missed turns stay
            )
        except (StaleVersion, NotPlaying):
            return False
        await follow(host, record, applied, guild_language(host.client, record.guild_id), mover=seat)
        return True
    return False


class AIPlayers:
    """This process's background tasks playing claimed computer turns, one per game at most."""

    def __init__(self, host: Host) -> None:
        self.host = host
        self._tasks: dict[int, asyncio.Task[None]] = {}
        self._again: set[int] = set()
        """Games scheduled while their task was running: it claims once more before ending."""
        self._closing = False
        self._pausing: set[asyncio.Task[None]] = set()
        """Tasks in the pause before a move: nothing under way, ``stop`` may cut them at once."""
        self._given_back = 0
        """Computer turns given back by tasks cut off or stopped, for the shutdown's log line."""
        self.thinker = Thinker(host.settings.ai_processes)
        """Where the decisions are taken: a worker process."""
        self._token = uuid.uuid4().hex
        """This bot's part of the keys of its policy objects in a worker that other bots of this
        process (a test suite's), whose games have the same ids, use too."""

    def kept(self, game_id: int, seat: int, name: str) -> tuple[str, int, int, str]:
        """The key of the seat's policy object, kept in the worker between its decisions, so
        what a policy works out once in a turn (a plan for the whole turn) serves its later
        decisions too. Policies decide from the view alone, so a fresh one (after a restart, in
        another process) makes the same moves, only more slowly."""
        return (self._token, game_id, seat, name)

    async def play_for_seat(self, game_id: int, seat: int, policy: str | None = None) -> bool:
        """One computer move for ``seat`` (``play_for_seat``)."""
        return await play_for_seat(self.host, self, game_id, seat, policy)

    def schedule(self, record: GameRecord) -> None:
        """After a move this process stored: the moves people's settings ask for at once, then
        the game's computer turn after the pause, if computer seats are to act and no other
        process plays it first."""
        if ai_seats_to_act(record) or standing_orders(record):
            self._start(record.id, claimed=False)

    def adopt(self, game_id: int) -> None:
        """Play a computer turn this process has just claimed (the scheduler's pass)."""
        self._start(game_id, claimed=True)

    def _start(self, game_id: int, *, claimed: bool) -> None:
        if self._closing:  # left in storage: a claim is given back by ``close``
            return
        running = self._tasks.get(game_id)
        if running is not None and not running.done():
            if running is not asyncio.current_task():  # not a move of its own: it looks again
                self._again.add(game_id)  # (claiming what it holds already is allowed)
            return
        self._tasks[game_id] = asyncio.get_running_loop().create_task(
            self._run(game_id, claimed=claimed), name=f"ai-game-{game_id}"
        )

    def stop(self) -> None:
        """Start no more moves: each task finishes the move it is making (stored and followed
        through), then gives its turn back; turns scheduled from now on are left in storage,
        for the next pass of any process."""
        self._closing = True
        for task in self._pausing:  # no move under way: cut at once (a claim is given back)
            task.cancel()

    async def close(self, grace: float = 0.0) -> int:
        """Stop playing (``stop``), wait ``grace`` seconds at most for the moves under way, cut
        off the rest, and give back every computer turn this process holds, for another
        process to take over at once. Returns how many were given back."""
        self.stop()
        tasks = [t for t in self._tasks.values() if not t.done()]
        if tasks and grace > 0:
            await asyncio.wait(tasks, timeout=grace)
        for task in tasks:
            task.cancel()  # a task cut off gives its turn back itself (``_run``)
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
        # Held without a task to give it back: a claim whose answer a cancellation cut off, a
        # turn the scheduler claimed for a task that was never started. Each is given back
        # only if this process holds it.
        repo = self.host.repository
        turns = await repo.computer_turns.pending()
        held = [game_id for game_id, owner in turns.items() if owner == repo.claimant.owner]
        for game_id in held:
            await self._give_back(game_id)
        return self._given_back + len(held)

    async def _run(self, game_id: int, *, claimed: bool) -> None:
        repo = self.host.repository
        try:
            while True:
                self._again.discard(game_id)
                if not claimed:
                    while not self._closing and await play_standing(self.host, await repo.get(game_id)):
                        pass  # each may make another due (a window passed, the next player's)
                    if not ai_seats_to_act(await repo.get(game_id)):
                        if game_id in self._again:
                            continue
                        return
                    if not await self._pause():
                        return
                    claimed = await repo.computer_turns.claim(game_id)
                if claimed:  # else another process plays it, or it is done
                    claimed = await self._play_claimed(game_id)
                if self._closing or game_id not in self._again:
                    return
        except asyncio.CancelledError:
            raise
        except StorageError as exc:
            log.warning("computer players of game %s stopped: %s", game_id, exc)
        except Exception:
            log.exception("computer players of game %s failed", game_id)
        finally:
            if claimed:  # stopped while holding it: any process's next pass takes it over
                await self._give_back(game_id)
            if self._tasks.get(game_id) is asyncio.current_task():
                del self._tasks[game_id]

    async def _pause(self) -> bool:
        """The pause before a computer's move, so people can follow; ``False`` when the bot is
        stopping (then no move is started). A plain sleep, which SimCord's virtual clock drives
        in tests; ``stop`` cancels it."""
        if self._closing:
            return False
        task = asyncio.current_task()
        assert task is not None
        self._pausing.add(task)
        try:
            await asyncio.sleep(self.host.settings.ai_delay_seconds)
        finally:
            self._pausing.discard(task)
        return not self._closing

    async def _give_back(self, game_id: int) -> None:
        try:
            if await self.host.repository.computer_turns.release(game_id):
                self._given_back += 1
        except Exception:  # the lease runs out by itself
            log.exception("could not give back the computer turn of game %s", game_id)

    async def _play_claimed(self, game_id: int) -> bool:
        """Play the claimed turn until no computer seat is to act, then let it go; return early
        if the claim is lost (its lease ran out and another process took it over). ``True``
        when stopped while still holding it (the bot is stopping): for the caller to give back."""
        repo = self.host.repository
        pause = False
        while True:
            if self._closing:
                return True
            record = await repo.get(game_id)
            if await play_standing(self.host, record):
                continue
            seats = ai_seats_to_act(record)
            if not seats:
                if await repo.computer_turns.finish(game_id, record.version):
                    return False
                if not await repo.computer_turns.renew(game_id):
                    return False  # not ours any more
                continue  # a newer move made computer seats due again
            if pause and not await self._pause():
                return True
            if not await repo.computer_turns.renew(game_id):
                return False
            pause = True
            for seat in seats:
                if self._closing or not await self.play_for_seat(game_id, seat):
                    break  # stopping, or someone moved first: read the game again
