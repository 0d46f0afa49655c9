"""Raid's secret placement as players type it: the form (modal) the **Place** button opens,
the text it builds, and every problem of a rejected placement in the reader's words.

The form has one input per kind of object, each labelled with how many are due; the inputs are
joined into the engine's compact text form (``pits: C3 D7; traps: …; terrorists: B2=4; kit: J10;
artifacts: …``), which ``/place`` in a DM takes directly.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

import discord

from bot.i18n import t

FORM_FIELDS: tuple[tuple[str, str], ...] = (
    ("pits", "pits"),
    ("traps", "traps"),
    ("terrorists", "terrorists"),
    ("kit", "kit"),
    ("artifacts", "artifacts"),
)
"""(input custom_id, section name of the text form) in the form's order."""

FORM_ID = re.compile(r"tv:f:([0-9]+)")
"""The form's custom id, carrying the game id."""


def form_text(values: dict[str, str]) -> str:
    """The compact text form of the form's inputs (empty inputs give empty sections)."""
    return "; ".join(
        f"{section}: {' '.join(values.get(field, '').split())}" for field, section in FORM_FIELDS
    )


def normalise_text(text: str) -> str:
    """One section per line is accepted too: line breaks separate sections like ``;``."""
    return ";".join(line for line in text.splitlines() if line.strip())


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


class PlacementForm(discord.ui.Modal):
    """The Place button's form. Its submission is answered by the Placement cog from the raw
    interaction (see ``Placement.on_interaction``), not here: a form shown before a restart
    is still answered after it, and a form left open for hours is never dead."""

    def __init__(self, game_id: int, lang: str, counts: dict[str, int], zones: int) -> None:
        super().__init__(
            title=t(lang, "raid.form.title", id=game_id)[:45],
            custom_id=f"tv:f:{game_id}",
            timeout=None,
        )
        for field, _ in FORM_FIELDS:
            item: discord.ui.TextInput[Any] = discord.ui.TextInput(
                label=t(lang, f"raid.form.{field}", count=counts[field], zones=zones)[:45],
                placeholder=t(lang, f"raid.form.{field}.example")[:100],
                custom_id=field,
                required=False,
                max_length=200,
            )
            self.add_item(item)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        """Nothing here: the cog's listener has the submission already."""


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
