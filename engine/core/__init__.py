"""The engine core: the contract, pending decisions, the seeded generator, zones and decks,
errors and the registry."""

from engine.core.contract import (
    RESIGN,
    TURN_STARTED,
    Event,
    Game,
    Result,
    Step,
    dump_event,
    load_event,
    ranks_from_keys,
)
from engine.core.decisions import Decision
from engine.core.errors import BadAction, BadOptions, EngineError, IllegalAction, UnknownGame
from engine.core.plain import JSON, dump_json
from engine.core.registry import game_keys, get_game, register
from engine.core.rng import Rng
from engine.core.zones import Deck, Visibility, Zone, ZoneView

__all__ = [
    "JSON",
    "RESIGN",
    "TURN_STARTED",
    "BadAction",
    "BadOptions",
    "Decision",
    "Deck",
    "EngineError",
    "Event",
    "Game",
    "IllegalAction",
    "Result",
    "Rng",
    "Step",
    "UnknownGame",
    "Visibility",
    "Zone",
    "ZoneView",
    "dump_event",
    "dump_json",
    "game_keys",
    "get_game",
    "load_event",
    "ranks_from_keys",
    "register",
]
