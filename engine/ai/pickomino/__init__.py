"""Pickomino computer players: ``greedy`` (the reference opponent) and ``strong``."""

from engine.ai.pickomino.greedy import Greedy
from engine.ai.pickomino.strong import Strong
from engine.ai.policy import register_policy

register_policy("pickomino", "greedy", Greedy)
register_policy("pickomino", "strong", Strong)

__all__ = ["Greedy", "Strong"]
