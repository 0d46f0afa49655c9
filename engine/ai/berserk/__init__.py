"""Berserk computer players: the ``random`` sampler and ``baseline`` (weighs each legal action
once from its own view)."""

from engine.ai.berserk.baseline import BaselinePolicy
from engine.ai.berserk.sampler import fills, sample
from engine.ai.policy import register_policy, register_sampler

register_sampler("berserk", sample, fills)
register_policy("berserk", "baseline", BaselinePolicy)

__all__ = ["BaselinePolicy", "sample"]
