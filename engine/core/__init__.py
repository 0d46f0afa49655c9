"""The engine core: what every game uses — the contract, pending decisions, the seeded
generator, errors and the registry. Parts only some games need are opt-in kits
(``engine/kits/``) or live in the game's own package."""

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
from engine.core.errors import BadAction, BadOptions, DamagedState, EngineError, IllegalAction, UnknownGame
from engine.core.plain import JSON, dump_json
from engine.core.registry import game_keys, get_game, register
from engine.core.rng import Rng

__all__ = [
    "JSON",
    "RESIGN",
    "TURN_STARTED",
    "BadAction",
    "BadOptions",
    "DamagedState",
    "Decision",
    "EngineError",
    "Event",
    "Game",
    "IllegalAction",
    "Result",
    "Rng",
    "Step",
    "UnknownGame",
    "dump_event",
    "dump_json",
    "game_keys",
    "get_game",
    "load_event",
    "ranks_from_keys",
    "register",
]
