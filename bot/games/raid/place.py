"""Raid's secret placement as players type it: the form (modal) the **Place** button of a
player's DM or private message opens, the placement it stands for, and every problem of a
rejected placement in the reader's words.

The form has one input per kind of object, each labelled with how many are due. The placement
is built from each input on its own (``form_placement``), never by joining them into text: a
``;`` or ``traps:`` typed into the pits input stays a (bad) cell of the pits. ``/place`` in a
DM takes the engine's compact text form instead (``pits: C3 D7; traps: …; kit: J10``).
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.buttons import form_id
from bot.i18n import echo, t
from engine.core.errors import MAX_MESSAGE

FORM_FIELDS: tuple[str, ...] = ("pits", "traps", "terrorists", "kit", "artifacts")
"""The form's inputs in order; each input's custom id is the ``place`` action's field."""

FORM = "place"
"""The placement form's name in its custom id (``bot.buttons.form_id``), and the subject its
mistakes are told in (``error.engine.<code>.place``)."""

_SEPARATORS = re.compile(r"[\s,;]+")
"""Between the cells of one input: spaces, commas, semicolons."""


def form_placement(values: dict[str, str]) -> dict[str, Any]:
    """The ``place`` action of a submitted form, each field from its own input (an empty input
    places nothing of that kind; the kit input holds one cell)."""
    data: dict[str, Any] = {"kind": "place"}
    for field in FORM_FIELDS:
        cells = [cell for cell in _SEPARATORS.split(values.get(field, "")) if cell]
        data[field] = (" ".join(cells) or None) if field == "kit" else cells
    return data


def normalise_text(text: str) -> str:
    """One section per line is accepted too: line breaks separate sections like ``;``."""
    return ";".join(line for line in text.splitlines() if line.strip())


class PlacementForm(discord.ui.Modal):
    """The Place button's form. Its submission is answered by the bot's generic form route
    from the raw interaction (``bot.cogs.forms``), not here: a form shown before a restart is
    still answered after it, and a form left open for hours is never dead."""

    def __init__(self, game_id: int, lang: str, counts: dict[str, int], zones: int) -> None:
        super().__init__(
            title=t(lang, "raid.form.title", id=game_id)[:45],
            custom_id=form_id(game_id, FORM),
            timeout=None,
        )
        for field in FORM_FIELDS:
            item: discord.ui.TextInput[Any] = discord.ui.TextInput(
                label=t(lang, f"raid.form.{field}", count=counts[field], zones=zones)[:45],
                placeholder=t(lang, f"raid.form.{field}.example")[:100],
                custom_id=field,
                required=False,
                max_length=200,
            )
            self.add_item(item)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        """Nothing here: the form route has the submission already."""


def problem_lines(lang: str, problems: list[dict[str, Any]]) -> list[str]:
    """Each problem of a rejected placement (the engine's ``problems``), translated by code;
    the engine's English message where the catalogue has no words for it. A cell is repeated
    as typed, so it is cut short (``echo``)."""
    lines = []
    for problem in problems:
        params = {name: echo(v) if isinstance(v, str) else v for name, v in problem.items()}
        field = params.get("field")
        if isinstance(field, str):
            params["what"] = t(lang, f"raid.field.{field}")
        try:
            lines.append(t(lang, f"raid.problem.{problem['code']}", **params))
        except (KeyError, ValueError):
            lines.append(echo(str(problem.get("message", problem.get("code"))), MAX_MESSAGE))
    return lines
