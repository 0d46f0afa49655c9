"""Hobbit computer players: ``random`` for now, uniform over the legal actions. Hobbit lists
every action concretely (no templates to fill in), so it needs no sampler; a policy reads the
seat's ``HobbitView`` (the pending decision with its public context, the own hand)."""

from engine.ai.policy import RandomPolicy, register_policy

register_policy("hobbit", "random", lambda: RandomPolicy("hobbit"))
