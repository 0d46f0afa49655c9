"""Arranging a channel with players, and reading the bot's messages back."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import discord
import simcord

import engine
from bot.buttons import encode_action
from storage import GameRecord, GameStatus, Repository


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


def labels(message: discord.Message | simcord.ResponseMessage) -> dict[str, bool]:
    """Button label → enabled, in order."""
    found: dict[str, bool] = {}
    components = message.components
    rows = components if isinstance(components, list) else []
    for row in rows:
        children = row.get("components", []) if isinstance(row, dict) else getattr(row, "children", [])
        for item in children:
            label = item.get("label") if isinstance(item, dict) else item.label
            disabled = item.get("disabled", False) if isinstance(item, dict) else item.disabled
            found[str(label)] = not disabled
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
