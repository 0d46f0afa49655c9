"""Attacks on Smaug (H7.5): the highest fight card breaks the armour, the push card drives him
back its value (twice that with Gandalf at the Erebor stop). The push is the cheapest card
that sends him as far as the best card would — steps beyond his lair are lost, so a bigger
card than needed is wasted."""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.hobbit.adventure import SPEND
from engine.ai.hobbit.table import Table
from engine.ai.hobbit.value import evaluate
from engine.ai.hobbit.worth import keep
from engine.games.hobbit.actions import SmaugAttack
from engine.games.hobbit.board import ATTACK_STOP, toward_lair
from engine.games.hobbit.cards import highest, values


def pushed_back(smaug: int | None, steps: int) -> int | None:
    """Smaug after ``steps`` toward his lair (H7.5 step 3)."""
    for _ in range(steps):
        if smaug is None:
            break
        smaug = toward_lair(smaug)
    return smaug


def push_steps(t: Table, value: int) -> int:
    return 2 * value if t.gandalf_stop == ATTACK_STOP else value


def attack_value(t: Table, armour: str, push: str, value: int) -> float:
    """The table after the attack, less what its two cards were worth."""
    after = t.with_smaug(pushed_back(t.smaug, push_steps(t, value)))
    return evaluate(after) - SPEND * (keep(armour) + keep(push))


def best_attack(t: Table, fight_cards: Sequence[str]) -> tuple[float, str, str, int] | None:
    """The best (value, armour, push, push value) with these cards, or ``None`` with fewer than
    two."""
    if len(fight_cards) < 2:
        return None
    armour = max(fight_cards, key=highest)
    rest = list(fight_cards)
    rest.remove(armour)
    options = [(attack_value(t, armour, c, v), armour, c, v) for c in rest for v in values(c)]
    return max(options, key=lambda o: o[0])


def choose_attack(t: Table, legal: Sequence[object]) -> SmaugAttack:
    attacks = [a for a in legal if isinstance(a, SmaugAttack)]
    return max(attacks, key=lambda a: attack_value(t, a.armour, a.push, a.value or values(a.push)[0]))
