"""Which computer players a game offers: the policies each game's AI package registers."""

from __future__ import annotations

from engine.ai import policies


def default_policy(game_key: str) -> str:
    """The policy a new computer seat plays: the game's strongest, which each game's AI package
    registers last; ``random`` for a game without policies of its own."""
    return policies(game_key)[-1]


def ai_choices(game_key: str) -> tuple[str, ...]:
    """The policies a host may seat, strongest first."""
    return tuple(reversed(policies(game_key)))
