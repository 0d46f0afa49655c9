"""Raid on Discord: the public picture of both walks, each seat's hazard map by DM, the
placement form and ``/place`` in a DM (``commands.py``), path suggestions for ``/move``."""

from bot.games.raid.render import RaidRenderer

RENDERER = RaidRenderer()

__all__ = ["RENDERER"]
