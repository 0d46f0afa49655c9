"""Tavern's rules engine: pure game logic, no I/O, no clock, no global randomness.

g = engine.get_game("pickomino")
s = g.new(3, seed=1, options={})
while g.to_act(s):
    seat = g.to_act(s)[0]
    s = g.apply(s, seat, g.legal_actions(s, seat)[0]).state
g.result(s)
"""

from engine.core import (
    RESIGN,
    TURN_STARTED,
    BadAction,
    BadOptions,
    DamagedState,
    Decision,
    EngineError,
    Event,
    Game,
    IllegalAction,
    Result,
    Rng,
    Step,
    UnknownGame,
    game_keys,
    get_game,
)

__all__ = [
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
    "game_keys",
    "get_game",
]
