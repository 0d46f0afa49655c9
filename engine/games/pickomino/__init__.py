"""Pickomino (Heckmeck): dice and worm tiles for 2–7 players."""

from engine.core.registry import register
from engine.games.pickomino.actions import Keep, Roll, Stop, Take
from engine.games.pickomino.rules import PICKOMINO, Pickomino, PickominoOptions, takeable_tiles
from engine.games.pickomino.state import PickominoState
from engine.games.pickomino.view import PickominoView

register(PICKOMINO)

__all__ = [
    "PICKOMINO",
    "Keep",
    "Pickomino",
    "PickominoOptions",
    "PickominoState",
    "PickominoView",
    "Roll",
    "Stop",
    "Take",
    "takeable_tiles",
]
