"""Hobbit through the real bot with every move clicked on the button beside its thing: the
section whose words name the card, the offer or the deck, its accessory clicked by custom id.
Two members and a computer play a game to its end so (Dwarf Gold out of turn, a trade answered
beside the offer, a hand card's Play opening the menu narrowed to it), and a draw is made beside
its deck on the board."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import simcord

from bot import TavernBot
from storage import GameStatus, Repository
from tests.e2e.conftest import make_bot
from tests.e2e.helpers import labels, make_room, sections_of, value_of
from tests.e2e.hobbit_helpers import (
    HOBBIT,
    dm_with,
    dm_with_menu,
    menu_id,
    open_hobbit,
    options_of,
    positioned,
)
from tests.engine.hobbit.helpers import BLUE, RED, YELLOW, hand, position


@pytest.fixture
def simcord_bot(tmp_path: Path, repository: Repository) -> TavernBot:
    return make_bot(tmp_path, repository, ai_delay_seconds=0)


async def pick_in_dm(member: simcord.MemberActor, message: Any, name: str, values: list[str]) -> None:
    """Pick ``values`` in the DM's select menu ``name``; the DM is redrawn in place."""
    result = await member.user.select(message, values, custom_id=menu_id(message, name))
    assert result.acknowledged and not result.ephemeral, result


def beside(message: Any, words: str) -> str:
    """The custom id of the button beside the thing whose words hold ``words`` (a section's
    accessory); fails when no section names it."""
    for text, buttons in sections_of(message):
        if words in text:
            return str(value_of(buttons[0], "custom_id"))
    raise LookupError(f"no thing in the message is named {words!r}")


async def test_a_game_is_played_to_its_end_with_the_buttons_beside_the_cards_and_the_offer(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Alice's phase 2 with Smaug on 36: bob plays Dwarf Gold beside the card in his DM (Smaug to
    39); alice offers bob Fili from her menu and bob accepts beside the offer, giving Bifur;
    alice presses Play beside Legolas, picks R1 forward in the menu narrowed to that card, and
    R1 reaches the goal where every other player's dwarf and Bilbo stand: everyone wins."""
    positioned(
        monkeypatch,
        position(
            3,
            phase="p2",
            smaug=36,
            at={"R1": 46, "R2": 30, "Y1": 49, "B1": 49, "Bilbo": 49},
            door_open=True,
            key=None,
            hands={RED: ["BH17", "BH01", "BH02", "BH07"], YELLOW: ["TR06", "BH04"], BLUE: ["BH05"]},
        ),
    )
    room = make_room(simcord_env, repository, names=("alice", "bob"))
    alice, bob = room.players
    record = await open_hobbit(room, computer=True)

    gold = dm_with(bob, "Play Dwarf Gold")
    played = await bob.user.click(gold, custom_id=beside(gold, "**Dwarf Gold**"))
    assert played.acknowledged and not played.ephemeral
    record = await room.record()
    assert record.state.smaug == 39 and hand(record.state, YELLOW) == ["BH04#1"]

    menu = dm_with_menu(alice, "trade")
    await pick_in_dm(alice, menu, "trade", ["a:offer 2 BH07#1 BH01#1 BH02#1"])  # 24 offers: one menu
    asked = dm_with(bob, "Decline")
    accept = beside(asked, "offers you **Fili 4**")
    assert accept.endswith('trade_accept{"give":"BH04#1"}')
    answered = await bob.user.click(asked, custom_id=accept)
    assert answered.acknowledged and not answered.ephemeral
    record = await room.record()
    assert hand(record.state, RED) == ["BH04#1", "BH17#1"] and hand(record.state, YELLOW) == ["BH07#1"]

    mine = dm_with_menu(alice, "play")
    play = beside(mine, "**Legolas 3**")
    assert play.endswith(":card:bh17.1")
    narrowed = await alice.user.click(mine, custom_id=play)
    assert narrowed.acknowledged and not narrowed.ephemeral
    assert (await room.record()).version == record.version  # a step of the choice: nothing stored
    shown = dm_with_menu(alice, "play")  # her DM, redrawn narrowed to Legolas
    assert shown.id == mine.id
    choices = dict((value, text) for text, value in options_of(shown, "play"))
    assert set(choices) == {"f:", *(f"a:elf BH17#1 {f} {d}" for f, d in elf_moves(record))}
    await pick_in_dm(alice, shown, "play", ["a:elf BH17#1 R1 fwd"])
    record = await repository.get(record.id)
    assert record.status is GameStatus.FINISHED and record.result is not None
    assert record.result.team == "won" and record.state.figure("R1").pos == 49
    moves = [(m.seat, m.action["kind"]) for m in await repository.moves(record.id)]
    assert moves[-4:] == [
        (YELLOW, "play_treasury"),
        (RED, "trade_offer"),
        (YELLOW, "trade_accept"),
        (RED, "play_elf"),
    ]


def elf_moves(record: Any) -> list[tuple[str, str]]:
    """The figures and ways Legolas may move now, as the engine lists them for alice."""
    found = []
    for action in HOBBIT.legal_actions(record.state, RED):
        data = HOBBIT.dump_action(action)
        if data["kind"] == "play_elf":
            found.append((str(data["figure"]), str(data["dir"]).lower()))
    return found


async def test_a_draw_is_made_beside_its_deck_on_the_board(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    positioned(monkeypatch, position(3, phase="p3", tops={"beorn": ["BH01"]}, hands={BLUE: ["BH05"]}))
    room = make_room(simcord_env, repository, names=("alice", "bob"))
    alice, _ = room.players
    record = await open_hobbit(room, computer=True)
    board = room.message(record.message_id)
    draw = beside(board, "🐻 Beorn's House")
    assert draw.endswith('draw{"deck":"BEORN"}') and set(labels(board)) == {
        "Draw from Beorn's House",
        "Private",
    }
    drew = await alice.click(board, custom_id=draw)
    assert drew.acknowledged and not drew.ephemeral
    record = await room.record()
    assert "BH01#1" in hand(record.state, RED)
    assert [(m.seat, m.action) for m in await repository.moves(record.id)][-1] == (
        RED,
        {"kind": "draw", "deck": "BEORN"},
    )
