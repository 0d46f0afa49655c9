"""Clicks while the bot stops (``TavernBot.shutdown``, what SIGTERM and SIGINT run): a move under
way when the stop begins is finished, stored and answered; a click arriving after it began is
left unanswered and changes nothing; a move still under way when the grace runs out is cut
off, and leaves the game either as it was or with the move stored, whole, so the next process
takes the game up from the database (and shows the stored move on the board: what it owed the
table was given back at the stop).

A move is held "under way" by an ``asyncio.Event``: ``Hold`` wraps one awaited step of the real
move path, tells the test when the click has reached it, and lets it go on only when released.
The shutdown is then begun while the click's task is parked there, so what happens before and
after the stop began is fixed by the test, not by timing."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord

import engine
from bot import TavernBot
from bot.reply import Reply
from bot.stored import open_repository
from storage import Applied, GameRecord, Repository
from tests.e2e.conftest import database_url, make_bot
from tests.e2e.helpers import (
    Room,
    click_move,
    components_of,
    custom_id_of,
    emit_click,
    emit_slash,
    make_room,
    open_game,
)

STALE = "That move is no longer current: use the latest board."
HANG = 60.0
"""Seconds after which a stop that should be over at once is taken to wait forever."""


class Hold:
    """Parks the first click that reaches it until ``release`` is set; later ones pass."""

    def __init__(self) -> None:
        self.reached = asyncio.Event()
        self.release = asyncio.Event()
        self.cut = False
        """Whether the held click was cancelled while parked here."""

    async def __call__(self) -> None:
        if self.reached.is_set():
            return
        self.reached.set()
        try:
            await self.release.wait()
        except asyncio.CancelledError:
            self.cut = True
            raise


def hold_before_the_store(monkeypatch: pytest.MonkeyPatch, repository: Repository, hold: Hold) -> None:
    """In ``Repository.apply``, before anything is written: the one call every move makes to be
    stored, so a click held here has changed nothing yet and has everything left to do."""
    apply = repository.apply

    async def held(game_id: int, /, **move: Any) -> Applied:
        await hold()
        return await apply(game_id, **move)

    monkeypatch.setattr(repository, "apply", held)


def hold_after_the_commit(monkeypatch: pytest.MonkeyPatch, repository: Repository, hold: Hold) -> None:
    """In the database's ``run``, once the move's transaction has committed and before its
    result is back with the repository: where a click is when it is cancelled while its write
    is in the connection's thread (the thread commits all the same; the caller never hears)."""
    run = repository.database.run

    async def held(work: Any, *, write: bool, single: bool = False, aside: bool = False) -> Any:
        done = await run(work, write=write, single=single, aside=aside)
        if write:  # the first write of a click is its move
            await hold()
        return done

    monkeypatch.setattr(repository.database, "run", held)


def hold_in_the_answer(monkeypatch: pytest.MonkeyPatch, repository: Repository, hold: Hold) -> None:
    """In ``Reply.update_message``, which answers a click on the board with the board redrawn:
    the move is stored, and neither the player nor the channel has seen it yet."""
    update = Reply.update_message

    async def held(self: Reply, **parts: Any) -> None:
        await hold()
        await update(self, **parts)

    monkeypatch.setattr(Reply, "update_message", held)


Holding = Callable[[pytest.MonkeyPatch, Repository, Hold], None]


def click(
    env: simcord.Env, member: simcord.MemberActor, message: discord.Message, custom_id: str
) -> simcord.InteractionResult:
    """Deliver a click without waiting for the bot (``member.click`` waits until it is done,
    and SimCord runs one such operation at a time); what the bot answered is read later."""
    emit_click(env, member.id, message, custom_id)
    return newest(env)


def newest(env: simcord.Env) -> simcord.InteractionResult:
    """The interaction delivered last, and what the bot has answered to it so far."""
    interactions = env.backend.interactions
    return simcord.InteractionResult(env, interactions[max(interactions)])


def roll_by_click(room: Room, record: GameRecord) -> simcord.InteractionResult:
    """The first player presses Roll on the board."""
    board = room.message(record.message_id)
    return click(room.env, room.players[0], board, custom_id_of(board, "Roll"))


def roll_by_typing(room: Room, record: GameRecord) -> simcord.InteractionResult:
    """The first player types ``/move roll``."""
    emit_slash(room.env, room.players[0].id, room.channel, "move", action="roll")
    return newest(room.env)


async def begin_shutdown(bot: TavernBot, grace: float) -> asyncio.Task[int]:
    """The stop begun: from the first step of ``shutdown`` on, which sets ``stopping`` and takes
    the interactions under way, to wait for them."""
    stopping = asyncio.create_task(bot.shutdown(grace=grace))
    while not bot.stopping:
        await asyncio.sleep(0)
    return stopping


def answered_when_the_stop_went_on(
    monkeypatch: pytest.MonkeyPatch, bot: TavernBot, interaction: simcord.InteractionResult
) -> list[bool]:
    """Whether ``interaction`` was answered at the moment the stop went on past its wait for
    the interactions under way: when it stops the turn clock's scheduler, its first step after
    that wait. Read there, not once ``shutdown`` has returned: a stop that did not wait would
    still close with the move racing it, and might lose the race only now and then."""
    seen: list[bool] = []
    stop = bot.scheduler.stop

    async def stopping(grace: float = 0.0) -> None:
        seen.append(interaction.acknowledged)
        await stop(grace)

    monkeypatch.setattr(bot.scheduler, "stop", stopping)
    return seen


@pytest.mark.parametrize("roll", [roll_by_click, roll_by_typing], ids=["clicked", "typed"])
async def test_a_move_under_way_when_the_stop_begins_is_stored_and_answered(
    simcord_env: simcord.Env,
    simcord_bot: TavernBot,
    repository: Repository,
    monkeypatch: pytest.MonkeyPatch,
    roll: Callable[[Room, GameRecord], simcord.InteractionResult],
) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room)
    board = room.message(record.message_id)
    hold = Hold()
    hold_before_the_store(monkeypatch, repository, hold)

    rolled = roll(room, record)
    answered = answered_when_the_stop_went_on(monkeypatch, simcord_bot, rolled)
    await hold.reached.wait()
    stopping = await begin_shutdown(simcord_bot, grace=60)  # far more than a move takes
    assert not stopping.done()  # it waits for the move
    hold.release.set()
    assert await stopping == 0

    assert [(m.seat, m.action) for m in await repository.moves(record.id)] == [(0, {"kind": "roll"})]
    assert (await repository.get(record.id)).version == 1
    assert not hold.cut
    assert rolled.acknowledged and rolled.response is not None  # answered; the board shows the roll
    assert answered[0]  # before the stop went on
    redrawn = move_ids(room.message(board.id))
    assert redrawn and all(b.startswith(f"tv:m:{record.id}:1:") for b in redrawn)


async def test_a_click_after_the_stop_began_is_unanswered_and_changes_nothing(
    simcord_env: simcord.Env,
    simcord_bot: TavernBot,
    repository: Repository,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """Two games: a move held in the first keeps the stop waiting while a click that would move
    the second arrives. It is left for the next process, where the same click then plays."""
    first = make_room(simcord_env, repository)
    second = make_room(simcord_env, repository, ("carol", "dave"))
    held_game = await open_game(first)
    late_game = await open_game(second)
    hold = Hold()
    hold_before_the_store(monkeypatch, repository, hold)
    held_board = first.message(held_game.message_id)
    click(simcord_env, first.players[0], held_board, custom_id_of(held_board, "Roll"))
    await hold.reached.wait()
    stopping = await begin_shutdown(simcord_bot, grace=60)

    carol = second.players[0]
    late_board = second.message(late_game.message_id)
    late = click(simcord_env, carol, late_board, custom_id_of(late_board, "Roll"))
    hold.release.set()
    await stopping
    monkeypatch.undo()

    assert not late.acknowledged and late.response is None  # Discord tells carol it failed
    assert await repository.moves(late_game.id) == []
    assert (await repository.get(late_game.id)).version == 0
    assert (await repository.get(held_game.id)).version == 1  # the move under way was finished

    reopened = await open_repository(database_url(tmp_path))
    try:
        await simcord_env.restart_bot(make_bot(tmp_path, reopened))
        again = await carol.click(second.message(late_board.id), label="Roll")
        assert again.acknowledged and not again.ephemeral
        assert [(m.seat, m.action) for m in await reopened.moves(late_game.id)] == [(0, {"kind": "roll"})]
    finally:
        await reopened.close()


@pytest.mark.parametrize(
    ("holding", "stored"),
    [(hold_before_the_store, False), (hold_after_the_commit, True), (hold_in_the_answer, True)],
    ids=["before the store", "after the commit", "in the answer"],
)
async def test_a_move_past_the_grace_is_cut_off_and_the_next_process_goes_on(
    simcord_env: simcord.Env,
    simcord_bot: TavernBot,
    repository: Repository,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
    holding: Holding,
    stored: bool,
) -> None:
    room = make_room(simcord_env, repository)
    alice = room.players[0]
    record = await open_game(room)
    board = room.message(record.message_id)
    roll = custom_id_of(board, "Roll")
    hold = Hold()
    holding(monkeypatch, repository, hold)

    cut = click(simcord_env, alice, board, roll)
    await hold.reached.wait()
    with caplog.at_level(logging.WARNING, logger="tavern"):
        stopping = await begin_shutdown(simcord_bot, grace=0.05)
        async with asyncio.timeout(HANG):
            assert await stopping == 0  # returns although the held move never would
    monkeypatch.undo()

    assert hold.cut
    assert not cut.acknowledged
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
    reopened = await open_repository(database_url(tmp_path))  # the next process
    try:
        after = await reopened.get(record.id)
        moves = await reopened.moves(record.id)
        assert after.version == len(moves) == (1 if stored else 0)  # the move whole, or not at all
        assert [(m.seat, m.action) for m in moves] == ([(0, {"kind": "roll"})] if stored else [])
        assert await reopened.verify() == []

        await simcord_env.restart_bot(make_bot(tmp_path, reopened))
        room.repository = reopened
        if stored:
            # What the cut-off move owed the table was given back at the stop, and the next
            # process delivered it as it started: the board shows the move, Roll is gone.
            assert await reopened.owed.pending() == []
            moves = move_ids(room.message(board.id))
            assert moves and all(m.startswith(f"tv:m:{record.id}:1:") for m in moves), moves
        else:
            retry = await alice.click(room.message(board.id), custom_id=roll)  # "interaction failed": again
            assert retry.acknowledged and not retry.ephemeral
        assert len(await reopened.moves(record.id)) == 1

        shown = await alice.slash(room.channel, "status")  # the board as stored
        assert shown.response is not None
        await play_one(room, await reopened.get(record.id))
        assert len(await reopened.moves(record.id)) == 2
        assert await reopened.verify() == []
    finally:
        await reopened.close()


def move_ids(message: discord.Message) -> list[str]:
    """The custom ids of the move buttons on a message, wherever they stand (a row, beside a
    thing in a section)."""
    ids = [getattr(item, "custom_id", None) for item in components_of(message)]
    return [i for i in ids if isinstance(i, str) and i.startswith("tv:m:")]


async def play_one(room: Room, record: GameRecord) -> None:
    """The seat to act plays its first legal action from the board."""
    game = engine.get_game(record.key)
    seat = game.to_act(record.state)[0]
    result = await click_move(room, record, game.dump_action(game.legal_actions(record.state, seat)[0]))
    assert result.acknowledged and not result.ephemeral, result
