"""Pickomino on Discord: the grill, the stacks and the dice kept in words; each face of the roll
and each tile to take beside its button; Roll and Stop under them."""

from bot.games.pickomino.render import PickominoRenderer

RENDERER = PickominoRenderer()

__all__ = ["RENDERER"]
