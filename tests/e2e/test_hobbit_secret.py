"""Non-interference through the real bot: the same Hobbit game played twice — the same public
moves — with alice holding other cards gives bob and the channel the very same messages, word
for word, button for button, picture for picture. Alice's turn goes through her hidden hand:
a fight she gives up from her DM, a trade she offers carol from her DM menu (carol declines),
her draws. Carol, who saw the offer, is shown different words (the check can see a
difference)."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

from bot.render.painter import PAINTER
from bot.stored import open_repository
from tests.e2e.conftest import database_url, make_bot
from tests.e2e.helpers import labels, make_room, shown_versions
from tests.e2e.hobbit_helpers import HOBBIT, dm_with, dm_with_menu, open_hobbit, pick_in_dm, positioned
from tests.engine.hobbit.helpers import BLUE, RED, YELLOW, position

HANDS = {
    "nori": ["BH01", "BH02", "BH03", "BH16"],  # Ori, Dori, Nori, Eagle 3
    "fili": ["BH01", "BH02", "BH07", "BH20"],  # Ori, Dori, Fili, Gandalf
}
"""Alice's two hands: the same size, the same two price cards."""
GIVES = {"nori": "BH03#1", "fili": "BH07#1"}


async def play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, hand: str
) -> tuple[list[str], list[str], list[str]]:
    """Alice's turn in a bot of its own, on a database of its own; what the channel, bob's DMs
    and carol's DMs showed."""
    tmp_path.mkdir()
    # Each bot draws its pictures afresh: with the first bot's pictures at hand, the second
    # would attach them to its answers at once instead of by a later edit.
    PAINTER.clear()
    positioned(
        monkeypatch,
        position(
            3,
            at={"R1": 6},
            hands={RED: HANDS[hand], YELLOW: ["BH05", "BH06"], BLUE: ["BH04"]},
            tops={"mirkwood": ["MW05"], "beorn": ["BH09", "BH10"]},
            dice=(3,),
        ),
    )
    repository = await open_repository(database_url(tmp_path))
    env = simcord.Env(make_bot(tmp_path, repository))
    await env.start()
    try:
        room = make_room(env, repository, names=("alice", "bob", "carol"))
        alice, bob, carol = room.players
        record = await open_hobbit(room)
        await pick_in_dm(alice, dm_with_menu(alice, "move"), "move", ["a:move MV-R-2 R1 fwd"])  # onto 8
        fight = dm_with(alice, "Fight with no cards")
        await alice.user.click(fight, label="Fight with no cards")  # the spider wins: R1 goes back 7
        await pick_in_dm(alice, dm_with_menu(alice, "trade"), "trade", ["f:p2"])
        offer = f"a:offer 3 {GIVES[hand]} BH01#1 BH02#1"
        await pick_in_dm(alice, dm_with_menu(alice, "trade"), "trade", [offer])
        await carol.user.click(dm_with(carol, "Decline"), label="Decline")
        await alice.user.click(dm_with(alice, "End phase 2"), label="End phase 2")
        for _ in range(2):
            board = room.message(record.message_id)
            await alice.click(board, label="Draw from Beorn's House")
        record = await room.record()
        assert HOBBIT.to_act(record.state) == (YELLOW,) and record.state.figure("R1").pos == 1
        assert labels(room.message(record.message_id)) == {"Private": True}
        return (
            shown_versions(env, room.channel.id),
            shown_versions(env, bob.user.dm_channel.id),
            shown_versions(env, carol.user.dm_channel.id),
        )
    finally:
        await env.shutdown()
        await repository.close()


async def test_bob_and_the_channel_see_the_same_game_whatever_alice_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    channel_one, bob_one, carol_one = await play(tmp_path / "one", monkeypatch, "nori")
    channel_two, bob_two, carol_two = await play(tmp_path / "two", monkeypatch, "fili")
    assert len(channel_one) >= 8 and len(bob_one) >= 2
    assert channel_one == channel_two
    assert bob_one == bob_two
    assert carol_one != carol_two  # carol saw the offer: Nori once, Fili the other time
    assert "Nori" in str(carol_one) and "Fili" in str(carol_two)
