"""Turning games into embeds and button looks. The bot core is generic; what is special about
a game lives in one module per game (``bot/render/<key>.py``) registered here. A game
without its own renderer still plays, with the plain ``GenericRenderer``."""

from __future__ import annotations

from bot.render.base import ButtonLook, GenericRenderer, Renderer, Table, ranking_lines
from bot.render.pickomino import PickominoRenderer
from bot.render.raid import RaidRenderer

_RENDERERS: dict[str, Renderer] = {}


def register(renderer: Renderer) -> Renderer:
    _RENDERERS[renderer.key] = renderer
    return renderer


def renderer_for(key: str) -> Renderer:
    return _RENDERERS.get(key, GENERIC)


GENERIC = GenericRenderer()
register(PickominoRenderer())
register(RaidRenderer())

__all__ = [
    "GENERIC",
    "ButtonLook",
    "GenericRenderer",
    "Renderer",
    "Table",
    "ranking_lines",
    "register",
    "renderer_for",
]
