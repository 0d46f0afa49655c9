"""What a player types for a move (``/move``): the words he sees on a button or in the
autocomplete list, in his language or English — or the game's own typed form (a move
spelled out, a path on a map) and plain JSON, which the engine reads.

The labels are drawn by the game's renderer; reading them back here, against the seat's legal
actions now, keeps what is shown and what is understood in one place: whatever a player can
see, he can type."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.i18n import FALLBACK
from bot.render import Table
from bot.render.registry import renderer_for

QUOTES = "`'\"«»“”"


def folded(text: str) -> str:
    """Text as compared: case, spacing and quotes around it do not matter."""
    return " ".join(text.strip().strip(QUOTES).split()).casefold()


def labels(table: Table, seat: int, action: dict[str, Any]) -> tuple[str, ...]:
    """The words the seat sees for ``action``: its button and its ``/move`` list entry."""
    renderer = renderer_for(table.game.key)
    return (renderer.button_look(table, action).label, renderer.action_text(table.lang, action))


def read_typed(table: Table, seat: int, text: str) -> dict[str, Any]:
    """The action ``text`` names for ``seat`` (``table`` is that seat's): one of its legal
    actions whose label it is, in the reader's language or in English; else what the game
    reads in it (``BadAction`` when nothing)."""
    wanted = folded(text)
    languages = (table.lang,) if table.lang == FALLBACK else (table.lang, FALLBACK)
    for lang in languages:
        shown = replace(table, lang=lang)
        for action in shown.actions:
            if any(folded(label) == wanted for label in labels(shown, seat, action)):
                return action
    data = table.game.dump_action(table.game.parse_action(text))
    assert isinstance(data, dict)
    return data
