"""Berserk's play between two members through the real bot: a strike clicked beside the
creature on the board, the defender chosen beside his creature by the struck member in his DM,
his passes in response windows by DM; a menu of moves narrowed step by step; a restart while a
trigger declaration waits; a short game played to its end, then ``/history``, ``/export``,
``python -m engine.replay`` and ``/stats``; a game played to its end by the buttons beside the
things they act on."""

from __future__ import annotations

import io
import json
import random
from collections import Counter
from pathlib import Path

import pytest
import simcord

from bot.buttons import decode_action, encode_action
from bot.stored import open_repository
from engine.core import dump_json
from engine.core.decisions import for_seat
from engine.replay import main as replay_main
from storage import GameStatus, Repository
from tests.e2e.berserk_helpers import (
    BERSERK,
    beside,
    board_of,
    click_beside,
    dm_offering,
    pick,
    sections,
    seeded,
    selects,
    set_up,
    text_of,
)
from tests.e2e.conftest import database_url, make_bot
from tests.e2e.helpers import dm_history, labels, last_dm, make_room, move_custom_id


async def test_a_strike_waits_for_the_defender_the_struck_member_chooses_in_his_dm(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded(monkeypatch)
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await set_up(
        room,
        decks=("D3", "D2"),
        squads=(["C07"], ["C13", "C16", "C08"]),  # bob: Lekken, Bjorn, Ingri
        cells=(["c3"], ["c4", "b4", "d5"]),
    )
    board = board_of(room, record)
    strike, other = (
        move_custom_id(record, {"kind": "strike", "attacker": "c3", "target": target})
        for target in ("c4", "b4")
    )
    assert beside(simcord_env, board, "`c3` Nomad") == [other, strike]  # her strikes, beside her Nomad
    assert set(labels(board)) == {
        "Strike 🟠 Bjorn (b4)",  # beside her Nomad, whom its line names
        "Strike 🟠 Lekken (c4)",
        "End turn",
        "Private",
    }
    menu = dict((value, text) for text, value in next(iter(selects(board).values())))
    assert menu["a:move c3 c2"] == "Nomad (c3) · Move · to c2" and "a:strike c3 c4" not in menu

    # -- alice strikes beside her Nomad on the board: bob is asked for a defender in his DM ----
    dms = len(dm_history(bob))
    struck = await click_beside(simcord_env, alice, board, "`c3` Nomad", strike)
    assert struck.acknowledged and not struck.ephemeral
    board = room.message(board.id)
    assert f"🛡️ 🟠 {bob.mention} chooses a defender for this strike, by direct message." in text_of(board)
    assert labels(board) == {"Private": True}  # his choice is not on the board
    assert len(dm_history(bob)) == dms + 1
    asked = last_dm(bob)
    assert "🔵 Nomad (c3) strikes your 🟠 Lekken (c4)" in text_of(asked)
    assert labels(asked) == {"No defender": True, "Defend": True}  # beside Bjorn, whom its line names
    seen = await alice.click(board, label="Private")
    assert seen.response is not None and labels(seen.response) == {}  # nothing for alice to decide
    assert "Waiting for 🟠" in text_of(seen.response)

    record = await room.record()
    defend = move_custom_id(record, {"kind": "assign_defender", "unit": "b4"})
    defended = await click_beside(simcord_env, bob, asked, "`b4` Bjorn", defend)
    assert defended.acknowledged and not defended.ephemeral
    record = await room.record()
    assert record.state.agenda[0].kind == "respond" and record.state.agenda[0].seats == (1,)

    # -- bob's Ingri could answer: each window comes to his DM, and he passes -----------------
    passes = 0
    while BERSERK.pending((record := await room.record()).state)[0].kind == "respond":
        window = dm_offering(bob, "Pass")
        assert "Pass" in labels(window) and any(  # beside Ingri, whom its line names
            label.startswith("Battle cry → ") for label in labels(window)
        )
        assert beside(simcord_env, window, "`d5` Ingri"), "her Battle cry stands beside her"
        assert "You may answer with an instant, or pass." in text_of(window)
        await bob.user.click(window, label="Pass")
        passes += 1
    assert passes >= 2  # before Bjorn's trigger resolves, and before the strike does
    assert BERSERK.pending(record.state)[0].kind == "main" and record.state.active == 0
    bjorn = next(c for c in record.state.creatures if c.card == "C16")
    assert bjorn.closed and bjorn.defended == 1  # the defender closes once the strike resolves
    moves = [(m.seat, m.action) for m in await repository.moves(record.id)]
    assert (1, {"kind": "assign_defender", "unit": "b4"}) in moves
    assert moves.count((1, {"kind": "pass"})) == passes

    told = await alice.slash(room.channel, "history")
    assert told.response is not None
    history = text_of(told.response)
    assert "⚔️ 🔵 Nomad strikes 🟠 Lekken." in history and "🛡️ 🟠 Bjorn defends 🟠 Lekken." in history
    assert f"🟠 {bob.mention} passes." in history and "🎲 🔵 Nomad rolls" in history
    assert f"📜 🟠 {bob.mention} queues Mend (🟠 Bjorn)." in history  # one choice: declared for him


async def test_a_long_menu_narrows_to_one_creature_in_an_ephemeral_message(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded(monkeypatch)
    room = make_room(simcord_env, repository)
    alice, _ = room.players
    record = await set_up(
        room,
        decks=("D1", "D1"),
        squads=(["C07", "C07", "C05", "C05", "C09", "C04", "C04"], ["C05"]),
        cells=(["a3", "c3", "e3", "b2", "d1", "a1", "e1"], ["c6"]),
    )
    moves = [a for a in BERSERK.legal_actions(record.state, 0) if BERSERK.dump_action(a)["kind"] == "move"]
    assert len(moves) > 25  # too many for one menu (her ability is a button beside its creature)
    board = board_of(room, record)
    (options,) = selects(board).values()
    assert ("Nomad (a3) …", "f:a3") in options  # a creature: its actions come next
    assert ("Forge Warden 2 (e1) · Move · to e2", "a:move e1 e2") in options  # its only action, at once

    narrowed = await pick(alice, board, "f:a3")
    assert narrowed.ephemeral and narrowed.response is not None
    (steps,) = selects(narrowed.response).values()
    assert steps[0] == ("Back", "f:")
    assert ("Move · to a4", "a:move a3 a4") in steps and ("Move · to a5", "a:move a3 a5") in steps
    assert (await room.record()).version == record.version  # narrowing stores nothing

    moved = await pick(alice, narrowed.response, "a:move a3 a5")
    assert moved.acknowledged
    record = await room.record()
    assert next(c for c in record.state.creatures if c.cell == "a5").card == "C07"
    redrawn = simcord_env.backend.get_message(narrowed.response.channel_id, narrowed.response.id)
    values = [
        o["value"]
        for row in redrawn.components
        for item in row["components"]
        for o in item.get("options", [])
    ]
    assert values and "f:" not in values  # redrawn in place, from the top: no way back
    assert not any(v.startswith(("a:move a3", "f:a3")) for v in values)  # the Nomad has left a3
    board = room.message(board.id)
    assert "🔵 Nomad moves a3 → a5." in text_of(board)


async def test_a_trigger_declaration_waiting_in_a_dm_is_answered_after_a_restart(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """X8 through the bot: Charon accumulates, both of bob's Cursed Mages echo, and bob orders
    them in his DM — after the bot restarted on the same database."""
    seeded(monkeypatch)
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await set_up(
        room,
        decks=("D4", "D4"),
        squads=(["C27", "C10"], ["C10", "C10"]),
        cells=(["a2", "e2"], ["b5", "d5"]),
    )
    accumulate = move_custom_id(
        record, {"kind": "activate", "unit": "a2", "ability": "accumulate", "targets": [], "x": None}
    )
    await click_beside(simcord_env, alice, board_of(room, record), "`a2` Charon", accumulate)
    record = await room.record()
    (waiting,) = BERSERK.pending(record.state)
    assert waiting.kind == "order_triggers" and waiting.seats == (1,)
    asked = last_dm(bob)
    orders = [label for label in labels(asked) if label.startswith("Queue")]
    assert orders == [
        "Queue Echo (🟠 Cursed Mage) → Echo (🟠 Cursed Mage 2)",
        "Queue Echo (🟠 Cursed Mage 2) → Echo (🟠 Cursed Mage)",
    ]
    board = board_of(room, record)
    assert f"📜 🟠 {bob.mention} declares triggered abilities in queue order, by direct message." in text_of(
        board
    )

    reopened = await open_repository(database_url(tmp_path))
    try:
        await simcord_env.restart_bot(make_bot(tmp_path, reopened))
        room.repository = reopened
        declared = await bob.user.click(asked, label=orders[0])
        assert declared.acknowledged and not declared.ephemeral
        record = await reopened.get(record.id)
        counters = {c.uid: c.counters for c in record.state.creatures}
        assert counters == {
            "P1.charon.1": 1,
            "P1.cursed_mage.1": 2,
            "P2.cursed_mage.1": 2,
            "P2.cursed_mage.2": 2,
        }
        assert BERSERK.pending(record.state)[0].kind == "main"
        assert "📜 🟠" in text_of(room.message(record.message_id))
    finally:
        await reopened.close()


async def test_a_short_game_is_played_to_its_end_and_its_history_export_and_stats_tell_it(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    seeded(monkeypatch)
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await set_up(
        room,
        decks=("D1", "D1"),
        squads=(["C07", "C09"], ["C05"]),  # 6 in cost against 3
        cells=(["c3", "d2"], ["c6"]),
        options="round_cap=1",
    )
    assert "Round 1 of 1" in text_of(board_of(room, record))

    before_end = await bob.slash(room.channel, "history")
    assert before_end.response is not None
    shown = text_of(before_end.response)
    assert f"🔵 {alice.mention} has recruited." in shown and "recruited: " not in shown
    refused = await bob.slash(room.channel, "export")
    assert refused.response is not None and "still running" in refused.response.content

    typed = await alice.slash(room.channel, "move", action="end")
    assert typed.response is not None and typed.response.content == "Done: End turn."
    ended = await bob.click(room.message(record.message_id), label="End turn")
    assert ended.acknowledged and not ended.ephemeral
    record = await repository.get(record.id)
    assert (
        record.status is GameStatus.FINISHED and record.result is not None and record.result.ranks == (1, 2)
    )
    board = room.message(record.message_id)
    assert labels(board) == {}
    assert f"The last round is over: 🔵 {alice.mention} wins on the cost of the creatures on the field." in (
        text_of(board)
    )
    assert "🏁 The last round is over. Cost on the field: 🔵" in text_of(board)

    told = await bob.slash(room.channel, "history", game=record.id)
    assert told.response is not None
    history = text_of(told.response)
    assert f"🔵 {alice.mention} recruited: Nomad, Monk of Targ." in history  # once over, everything
    assert f"🟠 {bob.mention} placed: 🟠 Ravine Gnome c6." in history

    exported = await alice.slash(room.channel, "export", game=record.id)
    assert exported.response is not None
    (attachment,) = exported.response.attachments
    data = json.loads(await attachment.read())
    assert (
        data["game"] == "berserk"
        and data["options"] == {"round_cap": 1, "edition": 2}  # a new game: the budgets by deck
        and len(data["moves"]) == record.version
    )
    path = tmp_path / "berserk.json"
    path.write_bytes(await attachment.read())
    out = io.StringIO()
    assert replay_main([str(path)], out, io.StringIO()) == 0
    assert (
        out.getvalue().splitlines()[-1]
        == "Result (round cap): ranks seat 1 1, seat 2 2; scores seat 1 6, seat 2 3"
    )

    stats = await alice.slash(room.channel, "stats")
    assert stats.response is not None
    assert "Berserk" in text_of(stats.response) and "Played 1 game, won 1" in text_of(stats.response)


async def test_a_muster_is_chosen_in_each_dm_and_revealed_together(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded(monkeypatch)
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await set_up(
        room,
        decks=("D3", "D1"),
        squads=(["C07", "C07"], ["C05", "C07"]),
        cells=(["c3", "reserve"], ["c5", "reserve"]),
    )
    for member in (alice, bob):  # round 1: both end their turns on the board
        ended = await member.click(room.message(record.message_id), label="End turn")
        assert ended.acknowledged and not ended.ephemeral
    record = await room.record()
    assert {d.kind for d in BERSERK.pending(record.state)} == {"muster"}
    board = board_of(room, record)
    assert labels(board) == {"Private": True}  # secret: the choices come by DM
    assert "🔔 The Muster of round 2" in text_of(board)
    offered = labels(last_dm(alice))
    assert list(offered) == [*(f"To {c}1" for c in "abcde"), "Bring nothing"]  # beside Nomad 2
    assert "To a6" in labels(last_dm(bob))
    bring = move_custom_id(record, {"kind": "muster", "card": "P1.nomad.2", "cell": "b1"})
    assert len(beside(simcord_env, last_dm(alice), "Nomad 2")) == 5  # a cell a button, beside it

    await click_beside(simcord_env, alice, last_dm(alice), "Nomad 2", bring)
    board = room.message(board.id)
    assert f"✅ 🔵 {alice.mention} has sent it" in text_of(board) and "b1" not in text_of(board)
    assert "Nomad 2" not in str([text_of(m) for m in dm_history(bob)])
    await bob.user.click(last_dm(bob), label="Bring nothing")
    record = await room.record()
    assert BERSERK.pending(record.state)[0].kind == "main" and record.state.round == 2
    board = room.message(board.id)
    assert "🔔 Muster: 🔵 Nomad 2 enters on b1." in text_of(board) and "`b1` Nomad 2" in text_of(board)


async def test_a_game_is_played_to_its_end_by_the_buttons_beside_the_things_they_act_on(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whenever the member to act sees a button beside a thing (a creature on the board or in his
    DM, a card of his reserve), he clicks one there, by its custom id in the section naming the
    thing, and that move is the one stored; else he types the decision's default. Strikes,
    defences, an instant in a window and a Muster are all made beside their creatures."""
    seeded(monkeypatch)
    room = make_room(simcord_env, repository)
    record = await set_up(
        room,
        decks=("D3", "D2"),
        squads=(["C07", "C19", "C07"], ["C13", "C16", "C08"]),  # Nomads, Hedd; Lekken, Bjorn, Ingri
        cells=(["c3", "a2", "reserve"], ["c4", "b4", "d5"]),  # Hedd out of reach: the game lasts
        options="round_cap=2",
    )
    chooser = random.Random(5)
    clicked: Counter[str] = Counter()
    for _ in range(200):
        record = await repository.get(record.id)
        if record.status is not GameStatus.ACTIVE:
            break
        seat = BERSERK.to_act(record.state)[0]
        member = room.member(record.seats[seat].user_id)
        prefix = f"tv:m:{record.id}:{record.version}:"
        legal = {encode_action(a) for a in record.position.legal_data(seat)}
        offered = [
            (message, text, custom_id)
            for message in (board_of(room, record), *reversed(dm_history(member)))
            for text, ids in sections(simcord_env, message)
            for custom_id in ids
            if custom_id.startswith(prefix) and custom_id[len(prefix) :] in legal
        ]
        if not offered:
            decision = for_seat(BERSERK.pending(record.state), seat)
            assert decision is not None and decision.default is not None
            typed = await member.slash(room.channel, "move", action=dump_json(decision.default))
            assert typed.acknowledged, typed
            continue
        message, text, custom_id = chooser.choice(offered)
        result = await click_beside(simcord_env, member, message, text, custom_id)
        assert result.acknowledged, result
        action = decode_action(custom_id[len(prefix) :])
        made = (await repository.moves(record.id))[record.version]
        assert (made.seat, made.action) == (seat, action)
        clicked[str(action["kind"])] += 1
    assert record.status is GameStatus.FINISHED
    assert {"strike", "assign_defender", "activate", "muster"} <= set(clicked), clicked
