"""The buttons on lobby and board messages, as ``DynamicItem``s.

All state a click needs is in its custom_id — the game id, and for moves the game version
and the action — so buttons keep working after a restart, and a click made against an older
version is recognised and refused. The callbacks only parse and hand over to a cog.
"""

from __future__ import annotations

import json
import re
from typing import Any

import discord
from discord.ext import commands

from engine.core import dump_json

CUSTOM_ID_LIMIT = 100
BUTTON_LABEL_LIMIT = 80
"""Characters of a button's label (Discord's limit)."""
LOBBY_OPS = ("join", "leave", "ai", "start", "cancel")

FORM_ID = re.compile(r"tv:f:(?P<game>[0-9]+)(?::(?P<form>[a-z_]+))?")
"""A form's custom id: the game and the form's name (forms shown before forms had names carry
only the game; they are the game's form named ``""``)."""


def form_id(game_id: int, form: str) -> str:
    """The custom id of a game's form, answered by the generic form route even after a
    restart (``bot.cogs.forms``)."""
    return f"tv:f:{game_id}:{form}"


def encode_action(action: dict[str, Any]) -> str:
    """``{"kind": "keep", "face": "5"}`` → ``keep{"face":"5"}``; a bare kind stays bare."""
    rest = {k: v for k, v in action.items() if k != "kind"}
    return str(action["kind"]) + (dump_json(rest) if rest else "")


def move_custom_id(game_id: int, version: int, action: dict[str, Any]) -> str:
    """A move button's custom id (at most ``CUSTOM_ID_LIMIT`` characters, or no button)."""
    return f"tv:m:{game_id}:{version}:{encode_action(action)}"


def decode_action(code: str) -> dict[str, Any]:
    kind, brace, rest = code.partition("{")
    data: dict[str, Any] = json.loads(brace + rest) if brace else {}
    data["kind"] = kind
    return data


def _handler(interaction: discord.Interaction[Any], cog: str) -> Any:
    """The cog that handles a click. Looked up by name so this module imports no cog."""
    client = interaction.client
    found = client.get_cog(cog) if isinstance(client, commands.Bot | commands.AutoShardedBot) else None
    if found is None:
        raise RuntimeError(f"the {cog} cog is not loaded")
    return found


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tv:l:(?P<game>[0-9]+):(?P<op>join|leave|ai(?:\.[a-z_]+)?|start|cancel)",
):
    def __init__(
        self, game_id: int, op: str, *, label: str, style: discord.ButtonStyle, disabled: bool = False
    ):
        super().__init__(
            discord.ui.Button(label=label, style=style, disabled=disabled, custom_id=f"tv:l:{game_id}:{op}")
        )
        self.game_id = game_id
        self.op = op

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["game"]), match["op"], label="", style=discord.ButtonStyle.secondary)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handler(interaction, "Lobby").on_lobby_click(interaction, self.game_id, self.op)


class MoveButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tv:m:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<action>.+)",
):
    def __init__(
        self,
        game_id: int,
        version: int,
        action: dict[str, Any],
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
    ) -> None:
        custom_id = move_custom_id(game_id, version, action)
        if len(custom_id) > CUSTOM_ID_LIMIT:
            raise ValueError(f"action too long for a button: {custom_id!r}")
        super().__init__(discord.ui.Button(label=label, style=style, emoji=emoji, custom_id=custom_id))
        self.game_id = game_id
        self.version = version
        self.action = action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoveButton:
        try:
            action = decode_action(match["action"])
        except (json.JSONDecodeError, TypeError):
            action = {"kind": match["action"]}  # a malformed action is refused by the engine, readably
        return cls(int(match["game"]), int(match["version"]), action)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handler(interaction, "Play").on_move_click(
            interaction, self.game_id, self.version, self.action
        )


class MoveSelect(
    discord.ui.DynamicItem[discord.ui.Select[Any]],
    template=r"tv:s:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<name>[a-z0-9_]+)",
):
    """A select menu of a seat's decision: its custom id carries the game, the version it was
    drawn at and the menu's name; the picked values come with the interaction, and the game's
    renderer reads them back into an action (``Renderer.select_action``)."""

    def __init__(
        self,
        game_id: int,
        version: int,
        name: str,
        *,
        placeholder: str | None = None,
        options: list[discord.SelectOption] | None = None,
        min_values: int = 1,
        max_values: int = 1,
    ) -> None:
        super().__init__(
            discord.ui.Select(
                custom_id=f"tv:s:{game_id}:{version}:{name}",
                placeholder=placeholder,
                options=options or [discord.SelectOption(label="-")],
                min_values=min_values,
                max_values=max_values,
            )
        )
        self.game_id = game_id
        self.version = version
        self.name = name

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MoveSelect:
        return cls(int(match["game"]), int(match["version"]), match["name"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        raw: Any = interaction.data or {}
        values = [str(v) for v in raw.get("values", [])]
        await _handler(interaction, "Play").on_move_select(
            interaction, self.game_id, self.version, self.name, values
        )


class ChoiceButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tv:c:(?P<game>[0-9]+):(?P<version>[0-9]+):(?P<name>[a-z0-9_]+):(?P<value>[a-z0-9_.=-]*)",
):
    """A button of a game's own in a seat's message (``Renderer.choices``): no listed action,
    but a choice the game's renderer reads back, like a pick in a select menu
    (``Renderer.choose``) — a **Random** deck, drawn when it is clicked."""

    def __init__(
        self,
        game_id: int,
        version: int,
        name: str,
        value: str,
        *,
        label: str = "",
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        emoji: str | None = None,
    ) -> None:
        custom_id = f"tv:c:{game_id}:{version}:{name}:{value}"
        if len(custom_id) > CUSTOM_ID_LIMIT:
            raise ValueError(f"choice too long for a button: {custom_id!r}")
        super().__init__(discord.ui.Button(label=label, style=style, emoji=emoji, custom_id=custom_id))
        self.game_id = game_id
        self.version = version
        self.name = name
        self.value = value

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ChoiceButton:
        return cls(int(match["game"]), int(match["version"]), match["name"], match["value"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handler(interaction, "Play").on_move_select(
            interaction, self.game_id, self.version, self.name, [self.value]
        )


class PrivateButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tv:p:(?P<game>[0-9]+)"):
    def __init__(self, game_id: int, *, label: str = "") -> None:
        super().__init__(
            discord.ui.Button(
                label=label, style=discord.ButtonStyle.secondary, emoji="🔒", custom_id=f"tv:p:{game_id}"
            )
        )
        self.game_id = game_id

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PrivateButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _handler(interaction, "Play").on_private_click(interaction, self.game_id)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    LobbyButton,
    MoveButton,
    MoveSelect,
    ChoiceButton,
    PrivateButton,
)
