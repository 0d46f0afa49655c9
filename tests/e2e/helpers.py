"""Arranging a channel with players, and reading the bot's messages back."""

from __future__ import annotations

import json
import random
import re
from dataclasses import dataclass
from typing import Any

import discord
import simcord
from simcord import interactions as sim_interactions
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType

import engine
from bot.buttons import encode_action
from bot.policies import ai_choices
from bot.scheduler import POLL_SECONDS
from storage import GameRecord, GameStatus, Repository
from tests.storage.helpers import time_passes


@dataclass
class Room:
    env: simcord.Env
    channel: simcord.ChannelHandle
    players: list[simcord.MemberActor]
    repository: Repository

    def member(self, user_id: int | None) -> simcord.MemberActor:
        return next(m for m in self.players if m.id == user_id)

    def message(self, message_id: int | None) -> discord.Message:
        return next(m for m in self.channel.history() if m.id == message_id)

    async def record(self) -> GameRecord:
        found = await self.repository.by_channel(self.channel.id)
        assert found is not None
        return found


async def let_time_pass(env: simcord.Env, repository: Repository, seconds: float) -> None:
    """``seconds`` pass for the bot and for its database together, a scheduler's period at a
    time: the moments the database stored move back (``time_passes``, the database's clock
    itself stays real) as SimCord's virtual clock moves on, so each pass of the scheduler finds
    due what the database's clock says is due then."""
    while seconds > 0:
        step = min(POLL_SECONDS, seconds)
        await time_passes(repository, step)
        await env.advance_time(step)
        seconds -= step


MOMENT = re.compile(r"<t:\d+:R>")
"""A Discord timestamp the bot shows: a turn's deadline."""


def shown_versions(env: simcord.Env, channel_id: int) -> list[str]:
    """Every version of every message the channel showed, created or edited, as its words, its
    embeds and its components (ids left out: they count messages), with the bytes of its
    pictures; for comparing two runs of a game. A deadline reads ``<t:…:R>``: it counts by the
    database's clock, which two runs read at different moments."""
    found = []
    for kind, name, payload in env.backend.transcript:
        if (
            kind != "GATEWAY"
            or name not in ("MESSAGE_CREATE", "MESSAGE_UPDATE")
            or not isinstance(payload, dict)
        ):
            continue
        if str(payload.get("channel_id")) != str(channel_id):
            continue
        pictures = [env.backend.cdn.get(a["url"]) for a in payload.get("attachments") or []]
        shown = {k: payload.get(k) for k in ("content", "embeds", "components")}
        words = json.dumps(shown, ensure_ascii=False, sort_keys=True)
        found.append(MOMENT.sub("<t:…:R>", words) + repr(pictures))
    return found


def make_room(env: simcord.Env, repository: Repository, names: tuple[str, ...] = ("alice", "bob")) -> Room:
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in names]
    return Room(env, channel, players, repository)


def sent_pings(env: simcord.Env) -> list[str]:
    """Every turn ping the bot has posted, also those it has deleted since."""
    return [
        entry.json["content"]
        for entry in env.http_requests
        if entry.method == "POST"
        and isinstance(entry.json, dict)
        and "your turn" in str(entry.json.get("content"))
    ]


def channel_pings(room: Room) -> list[str]:
    """The turn pings still in the channel."""
    return [m.content for m in room.channel.history() if "your turn" in m.content]


def components_of(message: Any) -> list[Any]:
    """Every component of a message (a ``discord.Message``'s objects or a response's plain
    data), nested ones included, in the order they show: containers, sections and their
    accessories, text displays, rows and their buttons and menus."""
    found: list[Any] = []

    def walk(item: Any) -> None:
        found.append(item)
        for child in children_of(item):
            walk(child)
        accessory = value_of(item, "accessory")
        if accessory is not None:
            walk(accessory)

    components = message.components
    for item in components if isinstance(components, list) else []:
        walk(item)
    return found


def children_of(item: Any) -> list[Any]:
    """The components right inside a container, a section or a row (objects or plain data)."""
    if isinstance(item, dict):
        return list(item.get("components") or [])
    return list(getattr(item, "children", None) or getattr(item, "components", None) or [])


def sections_of(message: Any) -> list[tuple[str, list[Any]]]:
    """Each thing a laid-out message shows with its buttons: a section's words, and its buttons
    — the one beside it, then those in the rows right under it — in order."""
    found: list[tuple[str, list[Any]]] = []
    for top in message.components or []:
        current: list[Any] | None = None
        for item in children_of(top) if kind_of(top) == 17 else []:
            if kind_of(item) == 9:
                text = "\n".join(str(value_of(c, "content")) for c in children_of(item) if kind_of(c) == 10)
                current = [value_of(item, "accessory")]
                found.append((text, current))
            elif kind_of(item) == 1 and current is not None:
                current.extend(children_of(item))
            else:
                current = None
    return found


def kind_of(item: Any) -> int:
    """A component's type number (a button 2, a section 9, a text display 10, a container 17)."""
    kind = item.get("type") if isinstance(item, dict) else getattr(item, "type", None)
    return int(getattr(kind, "value", kind) or 0)


def value_of(item: Any, key: str) -> Any:
    """A component's ``key`` (objects or plain data)."""
    return item.get(key) if isinstance(item, dict) else getattr(item, key, None)


def labels(message: discord.Message | simcord.ResponseMessage) -> dict[str, bool]:
    """Button label → enabled, in order, wherever a button stands (a row, beside a thing in a
    section); select menus have no label: they are left out."""
    found: dict[str, bool] = {}
    for item in components_of(message):
        label = value_of(item, "label")
        if kind_of(item) != 2 or label is None:
            continue
        found[str(label)] = not value_of(item, "disabled")
    return found


def text_of(message: discord.Message | simcord.ResponseMessage) -> str:
    """All the words a message shows: its content and its text displays, in order."""
    texts = [str(message.content)] if message.content else []
    texts += [str(value_of(item, "content")) for item in components_of(message) if kind_of(item) == 10]
    return "\n".join(texts)


def title_of(message: discord.Message | simcord.ResponseMessage) -> str:
    """A laid-out message's heading (its ``### `` line)."""
    for line in text_of(message).splitlines():
        if line.startswith("### "):
            return line[4:]
    raise LookupError("no heading")


def description_of(message: discord.Message | simcord.ResponseMessage) -> str:
    """The words under a laid-out message's heading, in the same text display (a board's
    status: whose turn, or how the game ended)."""
    for item in components_of(message):
        lines = str(value_of(item, "content")).splitlines() if kind_of(item) == 10 else []
        if lines and lines[0].startswith("### "):
            return "\n".join(lines[1:])
    raise LookupError("no heading")


def footer_of(message: discord.Message | simcord.ResponseMessage) -> str:
    """A laid-out message's footer: its last text display, a ``-# `` line."""
    texts = [str(value_of(item, "content")) for item in components_of(message) if kind_of(item) == 10]
    if not texts or not texts[-1].startswith("-# "):
        raise LookupError("no footer")
    return texts[-1][3:]


def note_of(message: discord.Message | simcord.ResponseMessage) -> str:
    """The line a laid-out message shows above its container (why it is shown: a spectator's
    view, a setting saved)."""
    components = message.components if isinstance(message.components, list) else []
    if not components or kind_of(components[0]) != 10:
        raise LookupError("no note")
    return str(value_of(components[0], "content"))


HEADING = re.compile(r"^\*\*(?P<name>[^*]+)\*\*$")
"""A field's name on a line of its own, as a laid-out message shows it."""


def field_of(message: discord.Message | simcord.ResponseMessage, name: str) -> str:
    """The lines under the heading ``**name**`` in a laid-out message, up to the next heading
    or the end of its text display."""
    for item in components_of(message):
        if kind_of(item) != 10:
            continue
        lines = str(value_of(item, "content")).splitlines()
        if f"**{name}**" not in lines:
            continue
        under = lines[lines.index(f"**{name}**") + 1 :]
        ends = [n for n, line in enumerate(under) if HEADING.match(line)]
        return "\n".join(under[: ends[0]] if ends else under)
    raise LookupError(name)


def field_names(message: discord.Message | simcord.ResponseMessage) -> list[str]:
    """The headings of the fields a laid-out message shows, in order."""
    return [
        match["name"]
        for item in components_of(message)
        if kind_of(item) == 10
        for line in str(value_of(item, "content")).splitlines()
        if (match := HEADING.match(line))
    ]


def pictures_of(message: discord.Message | simcord.ResponseMessage) -> list[str]:
    """The addresses of the pictures a laid-out message shows in its galleries."""
    found = []
    for item in components_of(message):
        if kind_of(item) != 12:
            continue
        for entry in value_of(item, "items") or []:
            media = value_of(entry, "media")
            found.append(str(value_of(media, "url")))
    return found


def move_custom_id(record: GameRecord, action: dict[str, Any]) -> str:
    return f"tv:m:{record.id}:{record.version}:{encode_action(action)}"


async def open_game(room: Room, *, start: bool = True, game: str = "pickomino") -> GameRecord:
    """The first player opens a lobby, the others join, the host starts."""
    host, *others = room.players
    result = await host.slash(room.channel, "play", game=game)
    assert result.response is not None and not result.ephemeral
    lobby = result.response
    for member in others:
        await member.click(lobby, label="Join")
    if start:
        await host.click(lobby, label="Start")
    return await room.record()


async def seat_computers(room: Room, key: str) -> tuple[GameRecord, int]:
    """A lobby of ``key`` opened by the room's one member and filled with as many of the game's
    first computer players as it needs, the member leaving once the lobby is not empty so that
    he watches: the lobby's record and its message id, to click **Start** on."""
    game = engine.get_game(key)
    host = room.players[0]
    lobby = (await host.slash(room.channel, "play", game=key)).response
    assert lobby is not None
    add = f"Add AI: {ai_choices(key)[0]}"
    assert labels(lobby)[add] is True
    for seated in range(game.min_seats):
        added = await host.click(room.message(lobby.id), label=add)
        assert added.acknowledged and not added.ephemeral, added
        if seated == 0:
            await host.click(room.message(lobby.id), label="Leave")
    return await room.record(), lobby.id


async def click_move(room: Room, record: GameRecord, action: dict[str, Any]) -> simcord.InteractionResult:
    """The seat to act clicks the board button for ``action``."""
    game = engine.get_game(record.key)
    seat = game.to_act(record.state)[0]
    board = room.message(record.message_id)
    return await room.member(record.seats[seat].user_id).click(
        board, custom_id=move_custom_id(record, action)
    )


async def play_by_buttons(room: Room, game_id: int, chooser: random.Random, *, limit: int = 1000) -> int:
    """Random legal clicks by the right members until the game ends or ``limit`` moves are
    made; returns the number of moves made."""
    for made in range(limit):
        record = await room.repository.get(game_id)
        if record.status is not GameStatus.ACTIVE:
            return made
        game = engine.get_game(record.key)
        seat = game.to_act(record.state)[0]
        action = game.dump_action(chooser.choice(game.legal_actions(record.state, seat)))
        result = await click_move(room, record, action)
        assert result.acknowledged and not result.ephemeral, result
    return limit


def dm_history(member: simcord.MemberActor) -> list[discord.Message]:
    """The member's DMs from the bot, oldest first."""
    return member.user.dm_channel.history()


def last_dm(member: simcord.MemberActor) -> discord.Message:
    """The member's newest DM from the bot."""
    return dm_history(member)[-1]


async def click_in_dm(member: simcord.MemberActor, label: str) -> simcord.InteractionResult:
    """The member presses ``label`` on the newest DM the bot sent him."""
    result: simcord.InteractionResult = await member.user.click(last_dm(member), label=label)
    return result


def emit_click(env: simcord.Env, user_id: int, message: discord.Message, custom_id: str) -> None:
    """Deliver a button click to the bot without waiting for it (``member.click`` waits until
    the bot is done), so several clicks can be in flight at once; ``await env.settle()`` then
    lets the bot handle them together. Works in a guild channel and in a DM."""
    backend = env.backend
    stored = backend.get_message(message.channel.id, message.id)
    guild_id = message.guild.id if message.guild is not None else None
    record, payload = sim_interactions.base_payload(
        backend,
        type=InteractionType.MESSAGE_COMPONENT,
        channel_id=message.channel.id,
        guild_id=guild_id,
        user_id=user_id,
        data={"custom_id": custom_id, "component_type": ComponentType.BUTTON},
    )
    payload["message"] = dict(serializers.message_payload(backend, stored))
    record.source_message_id = stored.id
    backend.emit("INTERACTION_CREATE", payload)


def emit_slash(
    env: simcord.Env, user_id: int, channel: simcord.ChannelHandle, name: str, **options: str
) -> None:
    """Deliver ``/name`` with ``options`` as given, unchecked: what a forged interaction may
    carry (a value outside the command's choices, say), which SimCord's ``slash`` refuses to
    send. ``await env.settle()`` then lets the bot answer; ``answers`` reads what it said."""
    command = env.backend.find_command(name, channel.guild.id, type=1)
    _, payload = sim_interactions.base_payload(
        env.backend,
        type=InteractionType.APPLICATION_COMMAND,
        channel_id=channel.id,
        guild_id=channel.guild.id,
        user_id=user_id,
        data={
            "id": str(command["id"]),
            "name": name,
            "type": 1,
            "options": [{"name": key, "type": 3, "value": value} for key, value in options.items()],
        },
    )
    env.backend.emit("INTERACTION_CREATE", payload)


def custom_id_of(message: discord.Message, label: str) -> str:
    """The custom id of the button labelled ``label`` on ``message``."""
    for item in components_of(message):
        if kind_of(item) == 2 and value_of(item, "label") == label:
            return str(value_of(item, "custom_id"))
    raise LookupError(label)


def answers(env: simcord.Env, since: int = 0) -> list[str]:
    """The text of every interaction response and follow-up the bot sent after REST call
    number ``since`` (for clicks delivered with ``emit_click``, whose results nobody awaits)."""
    found = []
    for entry in env.http_requests[since:]:
        if entry.method != "POST" or ("/interactions/" not in entry.path and "/webhooks/" not in entry.path):
            continue
        body = entry.json if isinstance(entry.json, dict) else {}
        content = (body.get("data") or body).get("content") if isinstance(body, dict) else None
        if isinstance(content, str):
            found.append(content)
    return found


async def start_secret(room: Room, key: str, seed: int = 3) -> int:
    """A started game of a test-only game (not among /play's choices): made in storage, its
    board posted by /status."""
    alice, bob = room.players
    lobby = await room.repository.create_lobby(
        key, guild_id=room.channel.guild.id, channel_id=room.channel.id,
        host_id=alice.id, host_name="alice", options={},
    )  # fmt: skip
    await room.repository.join(lobby.id, bob.id, "bob")
    await room.repository.start(lobby.id, seed=seed)
    shown = await alice.slash(room.channel, "status")
    assert shown.response is not None
    return lobby.id
