"""The generic form route: every submitted game form (modal), whichever game drew it.

A renderer may answer an action's button with a form whose custom id carries the game and
the form's name (``bot.buttons.form_id``). Submissions are taken here from the raw interaction,
not by the form object, so a form shown before a restart is still answered after it and a form
left open for hours never dies: the game's renderer turns the submitted values back into an
action (``Renderer.form_action``), which is played through the move path like a typed
``/move`` — answered in private, and stored only if valid.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

import discord
from discord.ext import commands

from bot.buttons import FORM_ID
from bot.host import Host
from bot.moves import act, require_active, seat_of
from bot.render import Forms
from bot.render.registry import renderer_for
from bot.reply import Reply, UserMistake
from engine import get_game


def submitted_values(data: Mapping[str, Any]) -> dict[str, str]:
    """Input custom id → typed text, from a submitted form's raw payload (inputs sit in rows,
    or in labels on newer clients, so every nesting is searched)."""
    found: dict[str, str] = {}
    stack: list[Any] = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, Mapping):
            if isinstance(item.get("value"), str) and isinstance(item.get("custom_id"), str):
                found[item["custom_id"]] = item["value"]
            stack.extend(v for k, v in item.items() if k in ("components", "component"))
        elif isinstance(item, list):
            stack.extend(item)
    return found


class FormSubmissions(commands.Cog):
    def __init__(self, host: Host) -> None:
        self.host = host

    @commands.Cog.listener()
    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type is not discord.InteractionType.modal_submit or interaction.data is None:
            return
        found = FORM_ID.fullmatch(str(interaction.data.get("custom_id", "")))
        if found is None:
            return
        values = submitted_values(cast(Mapping[str, Any], interaction.data))
        await self.on_form(interaction, int(found["game"]), found["form"] or "", values)

    async def on_form(
        self, interaction: discord.Interaction[Any], game_id: int, form: str, values: dict[str, str]
    ) -> None:
        async with Reply(interaction) as reply:
            reply.game_id = game_id
            reply.subject = (
                form or None
            )  # a form's mistakes in its own words (``error.engine.<code>.<form>``)
            record = await self.host.repository.get(game_id)
            seat = seat_of(record, interaction.user.id)
            require_active(record)
            renderer = renderer_for(record.key)
            typed = renderer.form_action(reply.lang, form, values) if isinstance(renderer, Forms) else None
            if typed is None:
                raise UserMistake("play.unknown_form")
            game = get_game(record.key)
            data = game.dump_action(game.parse_action(typed))  # unreadable → explained
            await act(self.host, reply, record, seat, data)


async def setup(bot: commands.Bot) -> None:
    await bot.add_cog(FormSubmissions(cast(Host, bot)))
