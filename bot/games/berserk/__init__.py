"""Berserk on Discord: its words (``en.ftl``, ``ru.ftl``) and its renderer."""

from bot.render import Renderer

RENDERER = Renderer()

__all__ = ["RENDERER"]
