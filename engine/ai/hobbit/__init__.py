"""Hobbit computer players: ``random``, uniform over the legal actions, and ``heuristic``
(``policy``), the default computer player, which weighs every choice against its reading of
the table from its own view. Hobbit lists every action concretely (no templates to fill in),
so it needs no sampler."""

from engine.ai.hobbit.policy import HeuristicPolicy
from engine.ai.policy import RandomPolicy, register_policy

register_policy("hobbit", "random", lambda: RandomPolicy("hobbit"))
register_policy("hobbit", "heuristic", HeuristicPolicy)

__all__ = ["HeuristicPolicy"]
