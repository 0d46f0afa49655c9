"""Computer players. They see only their own seat's view (``engine.ai.policy``).

from engine.ai import decide, policies
policies("pickomino")                       # ('random', 'greedy', 'strong')
action = decide(game, state, seat, "strong", seed=42)
"""

from engine.ai.policy import (
    Policy,
    RandomPolicy,
    Sampler,
    UnknownPolicy,
    decide,
    fill,
    get_policy,
    policies,
    register_policy,
    register_sampler,
    sample,
)

__all__ = [
    "Policy",
    "RandomPolicy",
    "Sampler",
    "UnknownPolicy",
    "decide",
    "fill",
    "get_policy",
    "policies",
    "register_policy",
    "register_sampler",
    "sample",
]
