"""Raid through the real bot: placements we control, and a record of every version of every
channel message the bot made, to prove no secret reached the channel before the end."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

import simcord

import engine
from bot.games.raid.pictures import render_board
from bot.games.raid.render import board_words
from engine.core.move_log import replay
from storage import GameRecord, Repository
from tests.e2e.helpers import components_of

RAID = engine.get_game("raid")
EPHEMERAL = 1 << 6

# Old-town buildings: B2 C2 G2 H2 I2 B3 C3 G3 H3 I3 E4 D5 E5 F5 B6 E6 H6 I6 B7 H7 I7 B8 C8 F8 F9 G9.
ALICE_MAP = {  # seat 0's map: bob's scout walks it
    "pits": "J5 J6 J7 J8",
    "traps": "C1 H9 H10 I10",
    "terrorists": "G3=1 H2=2 I3=3 E5=4",
    "kit": "D1",
    "artifacts": "J9 G10 A10",
}
BOB_MAP = {  # seat 1's map: alice's scout walks it
    "pits": "J1 J2 J3 J4",
    "traps": "F1 F2 F3 F4",
    "terrorists": "B3=4 G2=1 H3=2 I6=3",
    "kit": "J10",
    "artifacts": "A3 A5 A7",
}
SECRET_ONLY = {
    0: {"J5", "J6", "J7", "J8", "H9", "H10", "I10", "G3", "H2", "I3", "E5", "J9", "G10", "A10"},
    1: {"J1", "J2", "J3", "J4", "F1", "F2", "F3", "F4", "G2", "H3", "I6", "J10"},
}
"""Per owner, the hazard cells no scout ever walks or names in the scripted game: nothing in the
channel may mention them before the end."""


def place_text(objects: dict[str, str]) -> str:
    return "; ".join(f"{kind}: {cells}" for kind, cells in objects.items())


@dataclass
class ChannelVersion:
    """One version of one channel message: as created, or after an edit."""

    message_id: int
    text: str
    """Content and the words of its components as JSON: every word shown."""
    pictures: list[bytes]


def channel_versions(env: simcord.Env, channel_id: int) -> list[ChannelVersion]:
    """Every non-ephemeral message the channel showed, in every version, from the gateway
    record (creates and updates), with its attachments' bytes from the CDN."""
    found = []
    for kind, name, payload in env.backend.transcript:
        if kind != "GATEWAY" or name not in ("MESSAGE_CREATE", "MESSAGE_UPDATE"):
            continue
        if not isinstance(payload, dict) or str(payload.get("channel_id")) != str(channel_id):
            continue
        if int(payload.get("flags") or 0) & EPHEMERAL:
            continue
        text = json.dumps({"content": payload.get("content"), "words": words_of(payload)}, ensure_ascii=False)
        pictures = []
        for attachment in payload.get("attachments") or []:
            blob = env.backend.cdn.get(attachment["url"])
            assert blob is not None, attachment
            pictures.append(blob)
        found.append(ChannelVersion(int(payload["id"]), text, pictures))
    return found


WORDS = ("content", "label", "placeholder", "description")
"""The keys of a component's payload that hold words shown: a text display's, a button's, a
select menu's and its options'."""


def words_of(payload: dict[str, Any]) -> list[str]:
    """The words of a message's components (its text displays, and the labels of its buttons
    and menus) wherever they stand, in the order they show."""
    found = []
    for item in components_of(SimpleNamespace(components=payload.get("components") or [])):
        for entry in [item, *item.get("options", [])]:
            found += [str(entry[key]) for key in WORDS if entry.get(key)]
    return found


def mentioned(text: str, cells: set[str]) -> set[str]:
    return {c for c in cells if re.search(rf"(?<![A-Za-z0-9]){c}(?![0-9])", text)}


async def public_pictures(repository: Repository, record: GameRecord) -> list[bytes]:
    """The spectator picture of every position the game went through (the engine tests prove
    these leak nothing), with the captions the bot uses."""
    assert record.seed is not None
    moves = [(m.seat, m.action) for m in await repository.moves(record.id)]
    captions = board_words("en", (record.seats[0].name, record.seats[1].name))
    state = RAID.new(2, record.seed, record.options)
    pictures = [render_board(RAID.view(state, None), captions)]
    for _, _, step in replay(RAID, 2, record.seed, record.options, moves):
        pictures.append(render_board(RAID.view(step.state, None), captions))
    return pictures


def assert_no_secret_in_channel(
    versions: list[ChannelVersion], allowed_pictures: list[bytes], *, until: int | None = None
) -> None:
    """No version (before index ``until``) names a secret-only cell, and every picture is the
    spectator picture of some position of the game."""
    secret = SECRET_ONLY[0] | SECRET_ONLY[1]
    allowed = set(allowed_pictures)
    for index, version in enumerate(versions[:until]):
        leaked = mentioned(version.text, secret)
        assert not leaked, f"message {version.message_id} (version {index}) names {sorted(leaked)}"
        for picture in version.pictures:
            assert picture in allowed, f"message {version.message_id} (version {index}) shows a picture"
