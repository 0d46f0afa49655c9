"""Berserk's secret setup between two members through the real bot: decks by DM buttons, the
seat roll on the board, recruitment by a menu of the deck's cards (every broken limit named,
nothing stored), placement by the Place form (every problem named), Random (the engine's own
action for a squad and a placement, stored as it is and replayed from the seed), and both
sides revealed together — with nothing of it in the channel before the Reveal."""

from __future__ import annotations

import pytest
import simcord

from engine import get_game
from engine.core.move_log import final_state
from engine.games.berserk.cards import DECKS
from storage import Repository
from tests.e2e.berserk_helpers import (
    board_of,
    choose_deck,
    make_alice_first,
    open_berserk,
    place,
    recruit,
    seeded,
    text_of,
)
from tests.e2e.helpers import click_in_dm, custom_id_of, dm_history, labels, last_dm, make_room, pictures_of
from tests.e2e.raid_helpers import channel_versions

ALICE_SQUAD = ["C19", "C10", "C07", "C07"]  # Hedd, Cursed Mage, two Nomads: 14 silver of Swamp Brood
HIDDEN_WORDS = ("Hedd", "Cursed Mage", "Nomad")
"""Cards of alice's squad whose names nothing public may show before the Reveal."""


async def test_two_members_set_up_in_private_and_both_sides_are_revealed_together(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded(monkeypatch)
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await open_berserk(room)
    board = board_of(room, record)
    assert labels(board) == {"Private": True}  # the deck choice is secret: its buttons come by DM
    assert "Both players choose a deck in secret" in text_of(board)
    for member in (alice, bob):
        assert labels(last_dm(member)) == {
            "D1 Mountain Hold": True,
            "D2 Forest Wardens": True,
            "D3 Swamp Brood": True,
            "D4 Dark Host": True,
            "Random": True,
        }

    # -- decks: each in his DM; the board says who has chosen, never what ----------------------
    await choose_deck(alice, "D3")
    board = room.message(board.id)
    assert f"✅ 🔵 {alice.mention} has sent it" in text_of(board) and "Swamp Brood" not in text_of(board)
    assert labels(last_dm(alice)) == {}  # her DM is redrawn in place: the choice is made
    assert "You chose **Swamp Brood**" in text_of(last_dm(alice))
    await click_in_dm(bob, "Random")
    record = await room.record()
    assert record.state.phase == "seat" and record.state.sides[1].deck in ("D1", "D2", "D3", "D4")
    board = room.message(board.id)
    assert "🃏 Decks: 🔵" in text_of(board) and "Swamp Brood" in text_of(board)
    assert set(labels(board)) == {"Go first", "Go second", "Private"}  # the roll winner chooses
    await make_alice_first(room)

    # -- recruitment: a menu of the deck's cards; every broken limit named, nothing stored -----
    message = last_dm(alice)
    gold, silver = DECKS["D3"].budget  # Swamp Brood's
    assert f"Your budget: **{gold} gold + {silver} silver**" in text_of(message)
    assert "**Venom**" in text_of(message)
    version = (await room.record()).version
    over = await recruit(alice, ["C18", "C18", "C22", "C22", "C20", "C23", "C23", "C19", "C19", "C10"])
    assert over.ephemeral and over.response is not None
    assert over.response.content.startswith("Your recruitment is rejected and nothing was stored.")
    problems = over.response.content.splitlines()[1:]
    assert problems == [
        f"• Elite cards cost 29 gold; your budget has {gold}.",
        f"• Ordinary cards cost 26; your {silver} silver and 0 spare gold pay for {silver} at most.",
    ]
    typed = await alice.slash(room.channel, "move", action="recruit C20 C20")
    assert typed.response is not None
    assert "• Undine: 2 copies chosen, your deck holds 1." in typed.response.content
    assert "• Undine is unique: one copy at most." in typed.response.content
    assert (await room.record()).version == version
    stored = await recruit(alice, ALICE_SQUAD)
    assert stored.acknowledged and not stored.ephemeral
    squad = next(m for m in dm_history(alice) if m.id == message.id)  # redrawn in place
    assert "Your recruitment is sent" in text_of(squad) and labels(squad) == {}
    random = custom_id_of(last_dm(bob), "Random")  # a move button: the engine's listed action
    assert random.startswith(f"tv:m:{record.id}:") and random.endswith(":recruit_random")
    await click_in_dm(bob, "Random")
    record = await room.record()
    assert record.state.phase == "place" and record.state.sides[1].recruits
    # the log holds the action, not the squad the game's generator drew for it
    last = (await repository.moves(record.id))[-1]
    assert (last.seat, last.action) == (1, {"kind": "recruit_random"})
    assert labels(last_dm(bob)) == {"Place": True, "Random": True}  # his squad is drawn: he places it

    # -- placement: the form holds the default placement; every problem named ------------------
    wrong, start = await place(alice, "reserve reserve reserve c5")
    assert start == "a3 b3 c3 d3"
    assert wrong.response is not None and wrong.response.content.startswith("Your placement is rejected")
    assert "• 3 cards in the reserve; it holds 2 at most." in wrong.response.content
    assert "• Nomad 2: c5 is not a cell of your rows." in wrong.response.content
    placed, _ = await place(alice, "c3, b3\nreserve d3")
    assert placed.response is not None and placed.response.content == "Your placement is stored."
    board = room.message(board.id)
    assert f"✅ 🔵 {alice.mention} has sent it" in text_of(board)

    # -- bob places at random: both sides turn face up together --------------------------------
    await click_in_dm(bob, "Random")
    record = await room.record()
    assert record.state.phase == "play"
    logged = [(m.seat, m.action) for m in await repository.moves(record.id)]
    assert logged[-1] == (1, {"kind": "place_random"})
    assert record.seed is not None  # the seed and the log alone give the stored position
    replayed = final_state(get_game("berserk"), 2, record.seed, record.options, logged)
    assert get_game("berserk").dump_state(replayed) == get_game("berserk").dump_state(record.state)
    board = room.message(board.id)
    text = text_of(board)
    field = len(record.state.creatures) - sum(1 for c in record.state.creatures if c.zone == "reserve")
    assert f"👁️ Both squads are revealed: {field} creatures on the field; in reserve 🔵 1, 🟠" in text
    # the Nomad on the field takes copy 1, so its number says nothing of the one in reserve (B18)
    assert "`c3` Hedd" in text and "`b3` Cursed Mage" in text and "`d3` Nomad ·" in text
    field_picture = [a.url for a in board.attachments if a.filename == "berserk-field.png"]
    assert field_picture and pictures_of(board)[:1] == field_picture  # the gallery shows the attached field
    assert "Your reserve" in text_of(last_dm(alice)) and "🔵 Nomad 2" in text_of(last_dm(alice))

    versions = channel_versions(simcord_env, room.channel.id)
    reveal = next(i for i, v in enumerate(versions) if "Both squads are revealed" in v.text)
    for version in versions[:reveal]:  # before the Reveal the channel named none of her cards
        assert not any(word in version.text for word in HIDDEN_WORDS), version.text
        assert version.pictures == []
    assert "🔵 Nomad 2" not in str([text_of(m) for m in dm_history(bob)])  # her reserve stays hers
