"""Berserk computer players: the ``random`` sampler, ``baseline`` (weighs each legal action
once from its own view) and ``search`` (tries its best actions in worlds drawn from its view
and plays on; the strongest, so registered last)."""

from engine.ai.berserk.baseline import BaselinePolicy
from engine.ai.berserk.sampler import fills, sample
from engine.ai.berserk.search import SearchPolicy
from engine.ai.policy import register_policy, register_sampler

register_sampler("berserk", sample, fills)
register_policy("berserk", "baseline", BaselinePolicy)
register_policy("berserk", "search", SearchPolicy)

__all__ = ["BaselinePolicy", "SearchPolicy", "sample"]
