"""Pickomino on Discord: the grill, the stacks and the dice as an embed; one button per action."""

from bot.games.pickomino.render import PickominoRenderer

RENDERER = PickominoRenderer()

__all__ = ["RENDERER"]
