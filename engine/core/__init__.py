"""The engine core: the contract, the seeded generator, errors and the registry."""

from engine.core.contract import (
    JSON,
    RESIGN,
    Event,
    Game,
    Result,
    Step,
    dump_event,
    dump_json,
    load_event,
    ranks_from_keys,
)
from engine.core.errors import BadAction, BadOptions, EngineError, IllegalAction, UnknownGame
from engine.core.registry import games, get_game, register

__all__ = [
    "JSON",
    "RESIGN",
    "BadAction",
    "BadOptions",
    "EngineError",
    "Event",
    "Game",
    "IllegalAction",
    "Result",
    "Step",
    "UnknownGame",
    "dump_event",
    "dump_json",
    "games",
    "get_game",
    "load_event",
    "ranks_from_keys",
    "register",
]
