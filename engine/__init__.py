"""Tavern's rules engine: pure game logic, no I/O, no clock, no global randomness.

g = engine.get_game("pickomino")
s = g.new(3, seed=1, options={})
while g.to_act(s):
    seat = g.to_act(s)[0]
    s = g.apply(s, seat, g.legal_actions(s, seat)[0]).state
g.result(s)
"""

import sys
import types

from engine.core import (
    RESIGN,
    BadAction,
    BadOptions,
    EngineError,
    Event,
    Game,
    IllegalAction,
    Result,
    Step,
    UnknownGame,
    games,
    get_game,
)

__all__ = [
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
    "games",
    "get_game",
]


class _EngineModule(types.ModuleType):
    """``engine.games()`` lists the games while ``engine/games/`` holds their packages. Python
    binds a subpackage to its parent's attribute when it is imported, which would hide the
    function; this keeps the function and leaves the packages reachable by ``import``."""

    def __setattr__(self, name: str, value: object) -> None:
        if name == "games" and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _EngineModule
