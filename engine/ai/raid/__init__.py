"""Raid computer players: the ``random`` sampler and ``scout`` (systematic explorer)."""

from engine.ai.policy import register_policy, register_sampler
from engine.ai.raid.sampler import fills, sample
from engine.ai.raid.scout import ScoutPolicy

register_sampler("raid", sample, fills)
register_policy("raid", "scout", ScoutPolicy)

__all__ = ["ScoutPolicy", "sample"]
