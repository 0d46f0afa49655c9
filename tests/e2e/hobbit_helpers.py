"""Hobbit through the real bot: games started from a position built with the engine's test
helpers (``tests.engine.hobbit.helpers.position``) or from a fixed seed, three members (or two
and a computer), and the menus and buttons of the members' DMs."""

from __future__ import annotations

from collections.abc import Mapping
from types import SimpleNamespace
from typing import Any

import discord
import pytest
import simcord

import engine
from bot.policies import ai_choices
from engine.games.hobbit import Hobbit, HobbitState
from storage import GameRecord
from tests.e2e import helpers
from tests.e2e.berserk_helpers import selects
from tests.e2e.helpers import Room, dm_history, labels

HOBBIT = engine.get_game("hobbit")


def positioned(monkeypatch: pytest.MonkeyPatch, state: HobbitState) -> None:
    """Hobbit games start from ``state`` (built by the engine's test helpers) instead of a
    shuffled setup: the repository stores it as the game's first position."""

    def new(self: Hobbit, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> HobbitState:
        assert seats == state.seats, "the position is built for another number of seats"
        return state

    monkeypatch.setattr(Hobbit, "new", new)


async def open_hobbit(room: Room, *, computer: bool = False, options: str | None = None) -> GameRecord:
    """The first member opens the lobby, the others join (then a computer, if asked), the first
    starts."""
    host, *others = room.players
    extra = {"options": options} if options else {}
    opened = await host.slash(room.channel, "play", game="hobbit", **extra)
    assert opened.response is not None
    for member in others:
        await member.click(room.message(opened.response.id), label="Join")
    if computer:
        await host.click(room.message(opened.response.id), label=f"Add AI: {ai_choices('hobbit')[0]}")
    started = await host.click(room.message(opened.response.id), label="Start")
    assert started.acknowledged and not started.ephemeral, started
    return await room.record()


def menu_id(message: Any, name: str) -> str:
    """The custom id of the message's select menu ``name``."""
    (found,) = [custom_id for custom_id in selects(message) if custom_id.endswith(f":{name}")]
    return found


def options_of(message: Any, name: str) -> list[tuple[str, str]]:
    """The (label, value) options of the message's select menu ``name``."""
    return selects(message)[menu_id(message, name)]


def dm_with_menu(member: simcord.MemberActor, name: str) -> discord.Message:
    """The member's newest DM with the select menu ``name``."""
    for message in reversed(dm_history(member)):
        if any(custom_id.endswith(f":{name}") for custom_id in selects(message)):
            return message
    raise LookupError(f"no DM of {member.name} has the menu {name!r}")


def dm_with(member: simcord.MemberActor, label: str) -> discord.Message:
    """The member's newest DM with a button labelled ``label``."""
    for message in reversed(dm_history(member)):
        if label in labels(message):
            return message
    raise LookupError(f"no DM of {member.name} offers {label!r}")


async def pick_in_dm(
    member: simcord.MemberActor, message: discord.Message, name: str, values: list[str]
) -> simcord.InteractionResult:
    """Pick ``values`` in the DM's select menu ``name``; the DM is redrawn in place."""
    result: simcord.InteractionResult = await member.user.select(
        message, values, custom_id=menu_id(message, name)
    )
    assert result.acknowledged and not result.ephemeral, result
    return result


def fresh(env: simcord.Env, message: discord.Message) -> Any:
    """The message as it stands now (a DM redrawn in place)."""
    return env.backend.get_message(message.channel.id, message.id)


def text_of(message: Any) -> str:
    """Every word a message shows: its content and its text displays (objects, or a message's
    raw data)."""
    if isinstance(message, dict):
        message = SimpleNamespace(content=message.get("content"), components=message.get("components"))
    return helpers.text_of(message)
