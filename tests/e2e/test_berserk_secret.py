"""Non-interference through the real bot: the same Berserk game played twice — the same seed,
the same public moves — with alice recruiting and placing differently gives bob and the channel
the very same messages, word for word, button for button, until the Reveal. Then the boards
differ, as they must (the check can see a difference)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
import simcord

from bot.stored import open_repository
from tests.e2e.berserk_helpers import choose_deck, make_alice_first, open_berserk, place, recruit, seeded
from tests.e2e.conftest import database_url, make_bot
from tests.e2e.helpers import make_room, shown_versions


@dataclass(frozen=True)
class Squad:
    cards: list[str]
    cells: str


FIRST = Squad(["C19", "C10", "C07", "C07"], "c3 b3 reserve d3")  # Hedd, Cursed Mage, two Nomads
SECOND = Squad(["C18", "C21"], "a1 e2")  # Murk and Plague Reaper: two cards, no reserve
BOB = ["C13", "C16"]  # Lekken, Bjorn


@dataclass(frozen=True)
class Seen:
    """Every version of every message one place showed, and its pictures."""

    before: list[str]
    """Until alice has placed (the Reveal waits for bob)."""
    after: list[str]
    """Once bob has placed too: the Reveal."""


async def play(tmp_path: Path, squad: Squad) -> tuple[Seen, Seen]:
    """A whole setup in a bot of its own, on a database of its own; what the channel and bob's
    DMs showed."""
    tmp_path.mkdir()
    repository = await open_repository(database_url(tmp_path))
    env = simcord.Env(make_bot(tmp_path, repository))
    await env.start()
    try:
        room = make_room(env, repository)
        alice, bob = room.players
        await open_berserk(room)
        await choose_deck(alice, "D3")
        await choose_deck(bob, "D2")
        await make_alice_first(room)
        await recruit(alice, squad.cards)
        await recruit(bob, BOB)
        placed, _ = await place(alice, squad.cells)
        assert placed.response is not None and placed.response.content == "Your placement is stored."
        channel, dms = shown_versions(env, room.channel.id), shown_versions(env, bob.user.dm_channel.id)
        placed, _ = await place(bob, "c4 b4")
        assert (await room.record()).state.phase == "play"
        revealed = shown_versions(env, room.channel.id)[len(channel) :]
        return Seen(channel, revealed), Seen(dms, shown_versions(env, bob.user.dm_channel.id)[len(dms) :])
    finally:
        await env.shutdown()
        await repository.close()


async def test_bob_and_the_channel_see_the_same_game_whatever_alice_recruits_and_places(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    seeded(monkeypatch)
    channel_one, bob_one = await play(tmp_path / "one", FIRST)
    channel_two, bob_two = await play(tmp_path / "two", SECOND)
    assert len(channel_one.before) >= 8 and len(bob_one.before) >= 4
    assert channel_one.before == channel_two.before
    assert bob_one.before == bob_two.before
    assert channel_one.after != channel_two.after  # the Reveal shows two different squads
