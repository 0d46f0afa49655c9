"""Turning games into embeds and button looks. The bot core is generic; what is special about
a game lives in its own folder (``bot/games/<key>/``, found by ``bot.render.registry.renderer_for``). A
game without one still plays, with the plain ``GenericRenderer``."""

from __future__ import annotations

from bot.render.base import (
    ButtonLook,
    ChoiceLook,
    Focus,
    Forms,
    GenericRenderer,
    Menus,
    Renderer,
    SelectLook,
    SelectOption,
    StandingChoices,
    Table,
    end_lines,
    ranking_lines,
)
from bot.render.layout import Subject

GENERIC = GenericRenderer()

__all__ = [
    "GENERIC",
    "ButtonLook",
    "ChoiceLook",
    "Focus",
    "Forms",
    "GenericRenderer",
    "Menus",
    "Renderer",
    "SelectLook",
    "SelectOption",
    "StandingChoices",
    "Subject",
    "Table",
    "end_lines",
    "ranking_lines",
]
