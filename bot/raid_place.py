"""Raid's secret placement as players type it: the form (modal) the **Place** button opens,
the text it builds, and every problem of a rejected placement in the reader's words.

The form has one input per kind of object, each labelled with how many are due; the inputs are
joined into the engine's compact text form (``pits: C3 D7; traps: …; terrorists: B2=4; kit: J10;
artifacts: …``), which ``/place`` in a DM takes directly.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.buttons import _handler
from bot.i18n import t

FORM_FIELDS: tuple[tuple[str, str], ...] = (
    ("pits", "pits"),
    ("traps", "traps"),
    ("terrorists", "terrorists"),
    ("kit", "kit"),
    ("artifacts", "artifacts"),
)
"""(input custom_id, section name of the text form) in the form's order."""

FORM_TIMEOUT = 30 * 60
"""Seconds a shown form stays answerable (forms are not persistent across restarts)."""


def form_text(values: dict[str, str]) -> str:
    """The compact text form of the form's inputs (empty inputs give empty sections)."""
    return "; ".join(
        f"{section}: {' '.join(values.get(field, '').split())}" for field, section in FORM_FIELDS
    )


def normalise_text(text: str) -> str:
    """One section per line is accepted too: line breaks separate sections like ``;``."""
    return ";".join(line for line in text.splitlines() if line.strip())


class PlacementForm(discord.ui.Modal):
    """The Place button's form. Its submission goes to the Placement cog."""

    def __init__(self, game_id: int, lang: str, counts: dict[str, int], zones: int) -> None:
        super().__init__(
            title=t(lang, "raid.form.title", id=game_id)[:45],
            custom_id=f"tv:f:{game_id}",
            timeout=FORM_TIMEOUT,
        )
        self.game_id = game_id
        self.inputs: dict[str, discord.ui.TextInput[Any]] = {}
        for field, _ in FORM_FIELDS:
            item: discord.ui.TextInput[Any] = discord.ui.TextInput(
                label=t(lang, f"raid.form.{field}", count=counts[field], zones=zones)[:45],
                placeholder=t(lang, f"raid.form.{field}.example")[:100],
                custom_id=field,
                required=False,
                max_length=200,
            )
            self.inputs[field] = item
            self.add_item(item)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        values = {field: item.value for field, item in self.inputs.items()}
        await _handler(interaction, "Placement").on_form(interaction, self.game_id, form_text(values))


def problem_lines(lang: str, problems: list[dict[str, Any]]) -> list[str]:
    """Each problem of a rejected placement (the engine's ``problems``), translated by code;
    the engine's English message where the catalogue has no words for it."""
    lines = []
    for problem in problems:
        params = dict(problem)
        field = params.get("field")
        if isinstance(field, str):
            params["what"] = t(lang, f"raid.field.{field}")
        try:
            lines.append(t(lang, f"raid.problem.{problem['code']}", **params))
        except KeyError:
            lines.append(str(problem.get("message", problem.get("code"))))
    return lines
