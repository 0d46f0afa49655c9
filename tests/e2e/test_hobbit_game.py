"""A whole Hobbit game through the real bot: two members and a computer from a fixed seed, a
one-round limit, every decision of the members taken where the bot offers it — the draws on
the board, the rest in the member's own message (Private) — until the team loses on the
round limit; then ``/history`` tells every event (the cards drawn in private too, now that it
is over), ``/export`` gives a file ``python -m engine.replay`` replays to the same end, and
``/stats`` counts the game for both members."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot import TavernBot
from bot.render.registry import renderer_for
from engine.replay import main as replay_main
from storage import GameStatus, Repository
from tests.e2e.berserk_helpers import seeded, selects
from tests.e2e.conftest import make_bot
from tests.e2e.helpers import Room, description_of, labels, make_room
from tests.e2e.hobbit_helpers import HOBBIT, open_hobbit, text_of

RENDERER = renderer_for("hobbit")
ANSWERS = ("End phase 2", "Pass", "Decline", "Fight with no cards", "Discard the card")
"""Buttons a member presses when his message offers them, first found first."""


@pytest.fixture
def simcord_bot(tmp_path: Path, repository: Repository) -> TavernBot:
    return make_bot(tmp_path, repository, ai_delay_seconds=0)


def first_pick(message: Any) -> tuple[str, list[str]] | None:
    """A tree menu of the message and its first choice (its first step when it narrows)."""
    for custom_id, options in selects(message).items():
        values = [value for _, value in options if value != "f:"]
        if custom_id.rsplit(":", 1)[1] in ("move", "attack") and values:
            return custom_id, values[:1]
    return None


async def act(room: Room, member: simcord.MemberActor, record: Any) -> None:
    """The member takes his pending decision: on the board when it is public, else in his
    own message, shown by Private."""
    board = room.message(record.message_id)
    seat = record.seat_of(member.id)
    decision = HOBBIT.pending(record.state)[0]
    if not RENDERER.decided_in_private(record.state, decision):
        offered = [label for label in labels(board) if label != "Private"]
        result = await member.click(board, label=offered[0])
        assert result.acknowledged and not result.ephemeral, result
        return
    shown = await member.click(board, label="Private")
    assert shown.ephemeral and shown.response is not None
    message = shown.response
    buttons = labels(message)
    for answer in ANSWERS:
        if answer in buttons:
            await member.click(message, label=answer)
            return
    if decision.kind in ("limit", "sorrow"):
        count = (
            len(record.state.hands[seat].cards) - 6 if decision.kind == "limit" else decision.count  # type: ignore[attr-defined]
        )
        ((custom_id, options),) = selects(message).items()
        await member.select(message, [value for _, value in options][:count], custom_id=custom_id)
        return
    picked = first_pick(message)
    if picked is not None:
        custom_id, values = picked
        result = await member.select(message, values, custom_id=custom_id)
        assert result.acknowledged, result
        return
    skips = [label for label in buttons if label.startswith(("Turn ", "Armour"))]
    assert skips, (decision.kind, buttons)
    await member.click(message, label=skips[0])


async def test_a_seeded_game_is_played_to_its_end_and_history_export_replay_and_stats_tell_it(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seeded(monkeypatch, 11)
    room = make_room(simcord_env, repository, names=("alice", "bob"))
    alice, bob = room.players
    record = await open_hobbit(room, computer=True, options="max_rounds=1")
    assert "Round 1 of 1" in text_of(room.message(record.message_id))
    for _ in range(300):
        record = await repository.get(record.id)
        if record.status is not GameStatus.ACTIVE:
            break
        (seat,) = HOBBIT.to_act(record.state)
        assert record.seats[seat].ai is None, "the computer moves by itself at once"
        await act(room, room.member(record.seats[seat].user_id), record)
    record = await repository.get(record.id)
    assert record.status is GameStatus.FINISHED and record.result is not None
    assert record.result.team == "lost" and record.result.reason == "round_limit"
    board = room.message(record.message_id)
    assert labels(board) == {} and "Everyone lost together." in text_of(board)
    assert "The last round ended without a win." in text_of(board)

    told = await bob.slash(room.channel, "history", game=record.id)
    assert told.response is not None
    history = description_of(told.response)
    assert f"🔴 {alice.mention} drew " in history or f"🟡 {bob.mention} drew " in history  # private, now told
    assert "The fellowship loses." in history

    exported = await alice.slash(room.channel, "export", game=record.id)
    assert exported.response is not None
    (attachment,) = exported.response.attachments
    data = json.loads(await attachment.read())
    assert data["game"] == "hobbit" and data["options"]["max_rounds"] == 1 and data["seats"] == 3
    assert len(data["moves"]) == record.version and data["result"]["team"] == "lost"
    path = tmp_path / "hobbit.json"
    path.write_bytes(await attachment.read())
    out = io.StringIO()
    assert replay_main([str(path)], out, io.StringIO()) == 0
    assert "round limit" in out.getvalue().splitlines()[-1]

    for member in (alice, bob):
        stats = await member.slash(room.channel, "stats")
        assert stats.response is not None
        assert "Hobbit" in text_of(stats.response) and "Played 1 game, won together 0" in text_of(
            stats.response
        )
