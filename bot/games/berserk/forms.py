"""Berserk's secret submissions as players make them in private: the recruitment menu of the
deck's cards (several picked at once), the placement form (modal) holding a placement to
start from, and **Random** for the deck.

Whatever is picked or typed becomes the engine's own typed text (``recruit C01 C02 C02``,
``place c3 b3 reserve``), so the engine judges it and names every limit it breaks; nothing is
stored until it is valid. A random deck is drawn here, when the button is clicked, and stored
as the deck it drew. **Random** for the recruitment and the placement are the engine's own
actions (``recruit random``, ``place random``), listed beside the templates: the game's
generator draws them when they are applied, so the move log holds the action and a replay
from the seed draws the same squad and placement.
"""

from __future__ import annotations

import random
import re
from typing import Any

import discord

from bot.buttons import form_id
from bot.games.berserk.words import CURRENCY_MARKS, ability_ids, ability_name, card_name, cost_text
from bot.i18n import t
from bot.render.base import SelectLook, SelectOption
from engine.games.berserk.cards import CARDS, DECKS
from engine.games.berserk.view import BerserkView

FORM = "place"
"""The placement form's name in its custom id, and the subject its mistakes are told in."""
RECRUIT_MENU = "recruit"
RANDOM = "random"
"""The name of the deck's Random button; its value is the decision it answers."""
CELLS_INPUT = "cells"
_SEPARATORS = re.compile(r"[\s,;]+")

_draw = random.SystemRandom()
"""A random deck is the player's choice, drawn when he clicks and stored as that deck: nothing
to replay."""


# -- recruitment ----------------------------------------------------------------------------------
def recruit_menu(lang: str, view: BerserkView) -> SelectLook | None:
    """Every card of the seat's deck, a copy an option, several picked at once."""
    own = view.own
    if own is None or own.deck is None:
        return None
    deck = DECKS[own.deck]
    options = []
    seen: dict[str, int] = {}
    for card_id in deck.cards:
        seen[card_id] = seen.get(card_id, 0) + 1
        card = CARDS[card_id]
        abilities = ", ".join(ability_name(lang, a) for a in ability_ids(card))
        stats = f"❤️{card.life} ⚔️{'-'.join(map(str, card.strike))} 👣{card.moves}"
        options.append(
            SelectOption(
                label=f"{card_name(lang, card_id)}{' ★' if card.unique else ''} · {cost_text(lang, card)}",
                value=f"{card_id}.{seen[card_id]}",
                description=(stats + (f" · {abilities}" if abilities else ""))[:100],
                emoji=CURRENCY_MARKS[card.currency],
            )
        )
    return SelectLook(
        name=RECRUIT_MENU,
        placeholder=t(lang, "berserk.menu.recruit"),
        options=tuple(options),
        min_values=1,
        max_values=len(options),
    )


def picked_recruits(values: list[str]) -> str:
    """The recruitment the picked options stand for, as typed text (``recruit C02 C02``)."""
    return "recruit " + " ".join(value.split(".")[0] for value in values)


# -- placement ------------------------------------------------------------------------------------
class PlacementForm(discord.ui.Modal):
    """The **Place** button's form: one input, the cells of the cards in recruitment order
    (``reserve`` for the reserve), holding ``start`` to begin from. Its submission is answered
    by the bot's generic form route (``bot.cogs.forms``), not here, so a form shown before a
    restart is still answered after it."""

    def __init__(self, game_id: int, lang: str, start: str) -> None:
        super().__init__(
            title=t(lang, "berserk.form.title", id=game_id)[:45],
            custom_id=form_id(game_id, FORM),
            timeout=None,
        )
        item: discord.ui.TextInput[Any] = discord.ui.TextInput(
            label=t(lang, "berserk.form.cells")[:45],
            placeholder=t(lang, "berserk.form.cells.example")[:100],
            default=start[:400],
            custom_id=CELLS_INPUT,
            style=discord.TextStyle.paragraph,
            required=True,
            max_length=400,
        )
        self.add_item(item)

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        """Nothing here: the form route has the submission already."""


def placement_text(cells: list[str]) -> str:
    """A placement as the form holds it: the cells in recruitment order."""
    return " ".join(cells)


def form_placement(values: dict[str, str]) -> str:
    """The placement a submitted form stands for, as typed text: ``place`` and the cells, one
    line or several, separated by spaces, commas or semicolons."""
    words = [w for w in _SEPARATORS.split(values.get(CELLS_INPUT, "")) if w]
    return "place " + " ".join(words)


def random_deck(rng: random.Random = _draw) -> dict[str, Any]:
    return {"kind": "choose_deck", "deck": rng.choice(sorted(DECKS))}
