"""Berserk through the real bot: a game opened in the lobby with a seed we choose, and each
member's secret setup made where a player makes it — the buttons and menus of his DMs and the
placement form."""

from __future__ import annotations

from typing import Any

import discord
import pytest
import simcord

import engine
import storage
from storage import GameRecord
from storage.repository import Owes
from tests.e2e import helpers
from tests.e2e.helpers import Room, dm_history, labels, last_dm

BERSERK = engine.get_game("berserk")
SEED = 7
"""Any seed: the tests make whichever member wins the seat roll choose so that alice is P1."""


def seeded(monkeypatch: pytest.MonkeyPatch, seed: int = SEED) -> None:
    """Games start with ``seed`` (the same dice in every run) — the lobby's Start included,
    which gives the repository no seed of its own."""
    real, fixed = storage.Repository.start, seed

    async def start(
        self: storage.Repository, game_id: int, *, seed: int | None = None, owes: Owes | None = None
    ) -> GameRecord:
        return await real(self, game_id, seed=fixed if seed is None else seed, owes=owes)

    monkeypatch.setattr(storage.Repository, "start", start)


async def open_berserk(room: Room, options: str | None = None) -> GameRecord:
    """Alice opens the lobby, bob joins, alice starts."""
    alice, bob = room.players
    extra = {"options": options} if options else {}
    opened = await alice.slash(room.channel, "play", game="berserk", **extra)
    assert opened.response is not None
    await bob.click(opened.response, label="Join")
    started = await alice.click(room.message(opened.response.id), label="Start")
    assert started.acknowledged and not started.ephemeral, started
    return await room.record()


def selects(message: Any) -> dict[str, list[tuple[str, str]]]:
    """Each select menu of a message (objects, or raw data in a response): custom id → its
    options' (label, value)."""
    found: dict[str, list[tuple[str, str]]] = {}
    for item in helpers.components_of(message):
        custom_id = str(
            (item.get("custom_id") if isinstance(item, dict) else getattr(item, "custom_id", "")) or ""
        )
        if custom_id.startswith("tv:s:"):
            raw = item["options"] if isinstance(item, dict) else item.options
            found[custom_id] = [
                (o["label"], o["value"]) if isinstance(o, dict) else (o.label, o.value) for o in raw
            ]
    return found


def dm_offering(member: simcord.MemberActor, label: str) -> discord.Message:
    """The member's newest DM with a button labelled ``label``."""
    for message in reversed(dm_history(member)):
        if label in labels(message):
            return message
    raise LookupError(f"no DM of {member.name} offers {label!r}")


async def choose_deck(member: simcord.MemberActor, deck: str) -> simcord.InteractionResult:
    message = last_dm(member)
    (label,) = [name for name in labels(message) if name.startswith(f"{deck} ")]
    result: simcord.InteractionResult = await member.user.click(message, label=label)
    return result


async def make_alice_first(room: Room) -> GameRecord:
    """The winner of the seat roll chooses so that alice is P1, on the board."""
    record = await room.record()
    (winner,) = BERSERK.to_act(record.state)
    member = room.member(record.seats[winner].user_id)
    choice = "Go first" if winner == 0 else "Go second"
    chosen = await member.click(room.message(record.message_id), label=choice)
    assert chosen.acknowledged and not chosen.ephemeral, chosen
    record = await room.record()
    assert record.state.first == 0
    return record


async def recruit(member: simcord.MemberActor, cards: list[str]) -> simcord.InteractionResult:
    """Pick ``cards`` (ids, a copy each time an id comes again) in the recruitment menu of the
    member's newest DM."""
    message = last_dm(member)
    ((custom_id, options),) = [(c, o) for c, o in selects(message).items() if c.endswith(":recruit")]
    values = [value for _, value in options]
    picked = []
    for card_id in cards:
        value = next(v for v in values if v.startswith(f"{card_id}.") and v not in picked)
        picked.append(value)
    result: simcord.InteractionResult = await member.user.select(message, picked, custom_id=custom_id)
    return result


async def place(member: simcord.MemberActor, cells: str) -> tuple[simcord.InteractionResult, str]:
    """Press Place in the member's DM and submit ``cells``; returns the result and what the form
    held to start from."""
    shown = await member.user.click(dm_offering(member, "Place"), label="Place")
    assert shown.modal is not None, shown
    start = _default_of(shown.modal)
    result: simcord.InteractionResult = await member.user.submit_modal(shown, {"cells": cells})
    return result, start


def _default_of(modal: dict[str, Any]) -> str:
    stack: list[Any] = [modal]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("custom_id") == "cells":
                return str(item.get("value", ""))
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return ""


async def set_up(
    room: Room,
    *,
    decks: tuple[str, str],
    squads: tuple[list[str], list[str]],
    cells: tuple[list[str], list[str]],
    options: str | None = None,
) -> GameRecord:
    """The game opened (with ``options``), both members choose their decks, alice is made P1,
    both recruit ``squads`` (card ids) and place them: ``cells`` in the order of each squad.
    The Reveal follows."""
    alice, bob = room.players
    await open_berserk(room, options)
    for member, deck in zip((alice, bob), decks, strict=True):
        await choose_deck(member, deck)
    await make_alice_first(room)
    for member, squad in zip((alice, bob), squads, strict=True):
        result = await recruit(member, squad)
        assert result.acknowledged and not result.ephemeral, result
    for seat, (member, where) in enumerate(zip((alice, bob), cells, strict=True)):
        recruited = (await room.record()).state.sides[seat].recruits
        assert list(recruited) == squads[seat]  # the menu keeps the order the cards were picked in
        placed, _ = await place(member, " ".join(where))
        assert placed.response is not None and placed.response.content == "Your placement is stored.", placed
    record = await room.record()
    assert record.state.phase == "play"
    return record


async def pick(
    member: simcord.MemberActor, message: Any, value: str, *, dm: bool = False
) -> simcord.InteractionResult:
    """Pick the option ``value`` in the message's tree menu (on the board, or in a DM)."""
    ((custom_id, options),) = [(c, o) for c, o in selects(message).items() if c.endswith(":menu")]
    assert value in [v for _, v in options], (value, options)
    actor = member.user if dm else member
    result: simcord.InteractionResult = await actor.select(message, [value], custom_id=custom_id)
    return result


def board_of(room: Room, record: GameRecord) -> discord.Message:
    return room.message(record.message_id)


def text_of(message: Any) -> str:
    """Every word a message shows: its content and its text displays, sections' included."""
    return helpers.text_of(message)


def sections(env: simcord.Env, message: Any) -> list[tuple[str, list[str]]]:
    """Each section of a message as SimCord stores it: its text, and the custom ids of the
    buttons beside the thing it names — its accessory, then the rows right under it."""
    stored = env.backend.get_message(message.channel.id, message.id)
    return [
        (text, [str(helpers.value_of(b, "custom_id")) for b in buttons])
        for text, buttons in helpers.sections_of(stored)
    ]


def beside(env: simcord.Env, message: Any, thing: str) -> list[str]:
    """The custom ids of the buttons in the one section whose text names ``thing``."""
    (ids,) = [ids for text, ids in sections(env, message) if thing in text]
    return ids


async def click_beside(
    env: simcord.Env, member: simcord.MemberActor, message: Any, thing: str, custom_id: str
) -> simcord.InteractionResult:
    """The member clicks the button ``custom_id`` in the section naming ``thing`` (on the board,
    or in one of his DMs)."""
    assert custom_id in beside(env, message, thing), (thing, custom_id, sections(env, message))
    actor = member.user if message.guild is None else member
    result: simcord.InteractionResult = await actor.click(message, custom_id=custom_id)
    return result
