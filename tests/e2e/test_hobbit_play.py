"""Hobbit through the real bot, two members and a computer at the table: a joint fight with
cards submitted by both members from their DMs (T4); trades offered from the offerer's DM
menu, one declined and one accepted from the partner's DM (H3.4, T15); a Smaug window passed
by DM, by a computer and by the bot for a member who turned auto-pass on, across a restart
(H6.2, H6.5); Dwarf Gold played out of turn from the holder's DM (H6.3, T14); a win counted
for every member in ``/stats`` and ``/leaderboard``."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from bot import TavernBot
from bot.policies import ai_choices
from bot.stored import open_repository
from storage import GameStatus, Repository
from tests.e2e.conftest import database_url, make_bot
from tests.e2e.helpers import Room, channel_pings, description_of, dm_history, labels, last_dm, make_room
from tests.e2e.hobbit_helpers import (
    HOBBIT,
    dm_with,
    dm_with_menu,
    fresh,
    menu_id,
    open_hobbit,
    options_of,
    pick_in_dm,
    positioned,
    text_of,
)
from tests.e2e.raid_helpers import words_of
from tests.engine.hobbit.helpers import BLUE, RED, YELLOW, hand, position

NAMES = ("alice", "bob")


@pytest.fixture
def simcord_bot(tmp_path: Path, repository: Repository) -> TavernBot:
    # The computer moves at once, so a click settles only once its moves are made too.
    return make_bot(tmp_path, repository, ai_delay_seconds=0)


def room_of(env: simcord.Env, repository: Repository) -> Room:
    return make_room(env, repository, names=NAMES)


def channel_texts(env: simcord.Env, channel_id: int) -> list[str]:
    """Every version of every message the channel showed, as its words."""
    return [
        str(payload.get("content")) + str(words_of(payload))
        for kind, name, payload in env.backend.transcript
        if kind == "GATEWAY"
        and name in ("MESSAGE_CREATE", "MESSAGE_UPDATE")
        and isinstance(payload, dict)
        and str(payload.get("channel_id")) == str(channel_id)
        and not int(payload.get("flags") or 0) & 64
    ]


async def test_a_joint_fight_is_fought_with_cards_both_members_submit_from_their_dms(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    """T4: bob's Y1 moves onto 10, where alice's R1 stands and the Warg pack lies face up; alice
    submits Beorn from her DM, then bob (the active player, last) Fili and Dori: 12, won."""
    positioned(
        monkeypatch,
        position(
            3,
            active=YELLOW,
            at={"R1": 10, "Y1": 7},
            face_up={"mirkwood": "MW04"},
            hands={RED: ["BH11"], YELLOW: ["BH07", "BH02"], BLUE: ["BH01"]},
        ),
    )
    room = room_of(simcord_env, repository)
    alice, bob = room.players
    record = await open_hobbit(room, computer=True)
    board = room.message(record.message_id)
    assert "Warg pack 12" in text_of(board) and labels(board) == {"Private": True}
    assert channel_pings(room) == [f"{bob.mention}, your turn in Hobbit #{record.id}."]

    moves = dm_with_menu(bob, "move")
    assert ("Move 3 · 🟡Y1 forward: 7 → 10", "a:move MV-Y-3 Y1 fwd") in options_of(moves, "move")
    await pick_in_dm(bob, moves, "move", ["a:move MV-Y-3 Y1 fwd"])
    record = await room.record()
    (fight,) = HOBBIT.pending(record.state)
    assert fight.kind == "fight" and fight.seats == (RED,)  # clockwise after bob: alice first
    board = room.message(record.message_id)
    shown = text_of(board)
    assert f"⏳ 🔴 {alice.mention} submits fight cards (in direct messages)." in shown
    assert f"Still to submit, in order: 🔴 {alice.mention}, 🟡 {bob.mention}." in shown
    assert labels(board) == {"Private": True}  # a fight is decided in private

    asked = dm_with_menu(alice, "fight")
    assert "**Fight against Warg pack 12 (strength 12).**" in text_of(asked)
    assert options_of(asked, "fight") == [("Beorn 6", "BH11#1=6")]
    assert "Fight with no cards" in labels(asked)
    await pick_in_dm(alice, asked, "fight", ["BH11#1=6"])
    record = await room.record()
    assert HOBBIT.pending(record.state)[0].seats == (YELLOW,)
    assert f"🔴 {alice.mention} submitted Beorn 6." in text_of(room.message(record.message_id))

    asked = dm_with_menu(bob, "fight")
    assert options_of(asked, "fight") == [("Dori 2", "BH02#1=2"), ("Fili 4", "BH07#1=4")]
    await pick_in_dm(bob, asked, "fight", ["BH02#1=2", "BH07#1=4"])
    record = await room.record()
    assert "MW04#1" in record.state.box.cards and hand(record.state, RED) == hand(record.state, YELLOW) == []
    assert record.state.agenda[-1].kind == "p2" and record.state.figure("Y1").pos == 10
    last = text_of(room.message(record.message_id))
    assert "Won: 12 = 12; Warg pack 12 goes to the box." in last
    assert "Phase 2." in text_of(fresh(simcord_env, asked))  # bob's DM, redrawn in place

    told = await alice.slash(room.channel, "history")
    assert told.response is not None
    history = description_of(told.response)
    assert f"🔴 {alice.mention} submits Beorn 6." in history
    assert f"🟡 {bob.mention} submits Dori 2, Fili 4." in history


async def test_a_refused_pick_or_typed_move_is_explained_and_changes_nothing(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice picks both values of her Bard in a fight: refused in her words, nothing stored;
    bob types a move out of turn, or one nobody can read: explained, nothing stored."""
    positioned(
        monkeypatch,
        position(3, at={"R1": 6}, hands={RED: ["ES01"], BLUE: ["BH01"]}, tops={"mirkwood": ["MW05"]}),
    )
    room = room_of(simcord_env, repository)
    alice, bob = room.players
    await open_hobbit(room, computer=True)
    await pick_in_dm(alice, dm_with_menu(alice, "move"), "move", ["a:move MV-R-2 R1 fwd"])
    asked = dm_with_menu(alice, "fight")
    version = (await room.record()).version
    refused = await alice.user.select(asked, ["ES01#1=4", "ES01#1=5"], custom_id=menu_id(asked, "fight"))
    assert refused.response is not None and refused.response.content == "Bard 4/5 is named twice."
    assert (await room.record()).version == version
    typed = await bob.slash(room.channel, "move", action="pass")
    assert typed.response is not None and typed.response.content == "It is not your turn."
    garbled = await alice.slash(room.channel, "move", action="fly R1 home")
    assert garbled.response is not None and "cannot read" in garbled.response.content
    assert (await room.record()).version == version
    done = await alice.slash(room.channel, "move", action="fight ES01#1=5")
    assert done.response is not None and done.response.content.startswith("Done: Fight with Bard 4/5 (5)")
    assert (await room.record()).version == version + 1


async def test_trades_are_offered_from_the_dm_menu_one_declined_and_one_accepted(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    """H3.4: alice offers bob Fili for Ori and Dori; he declines, then accepts the same offer
    giving Bifur back. The contents reach only the two of them; the price becomes public."""
    positioned(
        monkeypatch,
        position(
            3,
            phase="p2",
            hands={RED: ["BH01", "BH02", "BH03", "BH07"], YELLOW: ["BH11", "BH04"], BLUE: ["BH05"]},
        ),
    )
    room = room_of(simcord_env, repository)
    alice, bob = room.players
    record = await open_hobbit(room, computer=True)
    offer = "a:offer 2 BH07#1 BH01#1 BH02#1"
    for answer in ("Decline", "Accept, giving Bifur 3"):
        menu = dm_with_menu(alice, "trade")
        computer = f"🤖 {ai_choices('hobbit')[0]}"
        assert options_of(menu, "trade") == [("With 🟡 bob …", "f:p1"), (f"With 🔵 {computer} …", "f:p2")]
        await pick_in_dm(alice, menu, "trade", ["f:p1"])
        narrowed = dm_with_menu(alice, "trade")  # the same DM, redrawn narrowed to bob
        assert narrowed.id == menu.id
        choices = dict((value, text) for text, value in options_of(narrowed, "trade"))
        assert choices[offer] == "Give Fili 4 · Pay Ori 1 + Dori 2"
        await pick_in_dm(alice, narrowed, "trade", [offer])
        record = await room.record()
        assert HOBBIT.pending(record.state)[0].kind == "trade_reply"
        asked = dm_with(bob, "Decline")
        assert f"🔴 {alice.mention} offers you **Fili 4** and pays **Ori 1, Dori 2**" in text_of(asked)
        assert set(labels(asked)) == {"Decline", "Accept, giving Beorn 6", "Accept, giving Bifur 3"}
        board = text_of(room.message(record.message_id))
        assert f"🔴 {alice.mention} made 🟡 {bob.mention} an offer, seen only by the two of them." in board
        replied = await bob.user.click(asked, label=answer)
        assert replied.acknowledged and not replied.ephemeral

    record = await room.record()
    assert hand(record.state, RED) == ["BH03#1", "BH04#1"] and hand(record.state, YELLOW) == [
        "BH07#1",
        "BH11#1",
    ]
    assert {"BH01#1", "BH02#1"} <= set(record.state.discard.cards)
    board = text_of(room.message(record.message_id))
    assert (
        f"🟡 {bob.mention} accepts 🔴 {alice.mention}'s offer; 🔴 {alice.mention} pays Ori 1, Dori 2."
        in board
    )
    assert "2 offers of 3 made; a trade was made." in board
    shown = channel_texts(simcord_env, room.channel.id)
    assert not any("Fili" in text or "Bifur" in text for text in shown)  # the items never reach it
    assert "Bifur 3" in text_of(last_dm(alice))  # alice's hand, by DM
    moves = [(m.seat, m.action) for m in await repository.moves(record.id)]
    assert (1, {"kind": "trade_decline"}) in moves and (
        1,
        {"kind": "trade_accept", "give": "BH04#1"},
    ) in moves


async def test_a_smaug_window_is_passed_by_dm_by_a_computer_and_by_auto_pass_across_a_restart(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Alice draws Smaug hunts (2 +1) with Smaug on 36: the window opens with her; the bot
    restarts; her Pass from the DM sent before works. Bob, with auto-pass on, holds a Golden
    Cup, so he is asked and plays it; the computer passes; alice passes; now bob holds nothing
    to play, and the bot passes for him without a DM. Smaug flies 1, to 35."""
    positioned(
        monkeypatch,
        position(
            3,
            phase="p3",
            smaug=36,
            tops={"beorn": ["BH23", "BH09"]},
            hands={YELLOW: ["TR01"], BLUE: ["BH01"]},
        ),
    )
    room = room_of(simcord_env, repository)
    alice, bob = room.players
    turned = await bob.slash(room.channel, "hobbit autopass", switch="on")
    assert turned.response is not None and "Auto-pass is **on**" in turned.response.content
    record = await open_hobbit(room, computer=True)
    board = room.message(record.message_id)
    assert set(labels(board)) == {"Draw from Beorn's House", "Private"}
    drew = await alice.click(board, label="Draw from Beorn's House")
    assert drew.acknowledged and not drew.ephemeral
    record = await room.record()
    (window,) = HOBBIT.pending(record.state)
    assert window.kind == "window" and window.seats == (RED,)
    shown = text_of(room.message(record.message_id))
    assert (
        "Smaug window for **Smaug hunts 2 +1**: he will fly **3** steps (bonus 1), entering 35, 34, 33."
        in shown
    )
    asked = dm_with(alice, "Pass")
    assert "**Smaug window for Smaug hunts 2 +1:** he will fly 3 steps." in text_of(asked)

    reopened = await open_repository(database_url(tmp_path))
    try:
        await simcord_env.restart_bot(make_bot(tmp_path, reopened, ai_delay_seconds=0))
        room.repository = reopened
        bob_dms = len(dm_history(bob))
        passed = await alice.user.click(asked, label="Pass")
        assert passed.acknowledged and not passed.ephemeral
        record = await reopened.get(record.id)
        assert HOBBIT.pending(record.state)[0].seats == (YELLOW,)  # he holds a card to play
        cup = dm_with(bob, "Play Golden Cup")
        assert set(labels(cup)) == {"Pass", "Play Golden Cup"} and len(dm_history(bob)) == bob_dms + 1
        played = await bob.user.click(cup, label="Play Golden Cup")
        assert played.acknowledged
        record = await reopened.get(record.id)
        assert HOBBIT.pending(record.state)[0].seats == (RED,)  # the computer has passed
        again = dm_with(alice, "Pass")
        dms = len(dm_history(bob))
        await alice.user.click(again, label="Pass")
        record = await reopened.get(record.id)
        assert record.state.smaug == 35 and HOBBIT.pending(record.state)[0].kind == "p3"
        assert len(dm_history(bob)) == dms  # passed for him: nothing to ask
        moves = [(m.seat, m.action["kind"]) for m in await reopened.moves(record.id)]
        assert moves[-5:] == [
            (RED, "pass_window"),
            (YELLOW, "play_treasury"),
            (BLUE, "pass_window"),
            (RED, "pass_window"),
            (YELLOW, "pass_window"),
        ]
        last = text_of(room.message(record.message_id))
        assert f"🟡 {bob.mention} passes." in last and "The window closes: Smaug flies 1." in last
        assert "Smaug flies 1 step, to 35." in last
    finally:
        await reopened.close()


async def test_dwarf_gold_is_played_out_of_turn_from_the_holders_dm(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    """T14's end: with Smaug on 36, bob plays Dwarf Gold during alice's phase 2; Smaug ends on
    39. Bob's DM offers it although the game does not wait for him; the board never does."""
    positioned(monkeypatch, position(3, phase="p2", smaug=36, hands={YELLOW: ["TR06"], BLUE: ["BH01"]}))
    room = room_of(simcord_env, repository)
    _, bob = room.players
    record = await open_hobbit(room, computer=True)
    assert "Play Dwarf Gold" not in labels(room.message(record.message_id))
    offered = dm_with(bob, "Play Dwarf Gold")
    assert "You may play **Dwarf Gold** now" in text_of(offered)
    played = await bob.user.click(offered, label="Play Dwarf Gold")
    assert played.acknowledged and not played.ephemeral
    record = await room.record()
    assert record.state.smaug == 39 and HOBBIT.to_act(record.state) == (RED,)
    assert "Dwarf Gold drives Smaug back to 39." in text_of(room.message(record.message_id))


async def test_a_win_is_counted_for_every_member_in_stats_and_the_leaderboard(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    """T16's end, at three: alice's R1 enters the goal from 46 with her movement card 3 while
    every other player has a dwarf there and Bilbo too: everyone wins together."""
    positioned(
        monkeypatch,
        position(
            3,
            at={"R1": 46, "R2": 30, "Y1": 49, "B1": 49, "Bilbo": 49},
            door_open=True,
            key=None,
            hands={BLUE: ["BH01"]},
        ),
    )
    room = room_of(simcord_env, repository)
    alice, bob = room.players
    record = await open_hobbit(room, computer=True)
    moves = dm_with_menu(alice, "move")
    await pick_in_dm(alice, moves, "move", ["a:move MV-R-3 R1 fwd"])
    record = await repository.get(record.id)
    assert record.status is GameStatus.FINISHED and record.result is not None
    assert record.result.team == "won" and record.result.reason == "erebor_reached"
    board = room.message(record.message_id)
    assert labels(board) == {}
    shown = text_of(board)
    assert "Everyone won together!" in shown
    assert "Every player has a dwarf on the goal, and Bilbo is there too." in shown
    for member in (alice, bob):
        stats = await member.slash(room.channel, "stats")
        assert stats.response is not None
        assert "Hobbit" in text_of(stats.response) and "Played 1 game, won together 1" in text_of(
            stats.response
        )
    wins = await repository.leaderboard("hobbit", guild_id=room.channel.guild.id)
    assert sorted((row.user_id, row.won, row.played) for row in wins) == sorted(
        (m.id, 1, 1) for m in (alice, bob)
    )  # the computer seat has no row
    # A game with a computer seat is not rated (a server may say otherwise, /config).
    assert record.ratings == ()
    board_of_leaders = await bob.slash(room.channel, "leaderboard", game="hobbit")
    assert board_of_leaders.response is not None
    assert description_of(board_of_leaders.response) == "No rated games yet."


async def test_a_typed_skip_as_if_away_is_refused_while_a_move_is_possible(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Only the default of a player who is away skips a movement card while a move is possible
    (H6.6); typed by the player himself (H3.2) it is refused and nothing is stored."""
    positioned(monkeypatch, position(3, at={"R1": 6}, hands={RED: ["ES01"]}))
    room = room_of(simcord_env, repository)
    alice, _ = room.players
    await open_hobbit(room, computer=True)
    version = (await room.record()).version
    skip = '{"kind": "skip_move_card", "card": "MV-R-1", "absent": true}'
    typed = await alice.slash(room.channel, "move", action=skip)
    assert typed.response is not None
    assert typed.response.content.startswith("Only the bot plays that, for a player who is away")
    assert (await room.record()).version == version
    plain = await alice.slash(room.channel, "move", action=skip.replace("true", "false"))
    assert plain.response is not None and "must move" in plain.response.content
    assert (await room.record()).version == version
