"""How good a strike is for the attacker: the expected harm it does minus the harm it takes,
over every roll of the dice, with the values the rules' own pipeline gives (modifiers, levels,
Shelter), and the defender the other side would choose.

Harm is measured in worth (``reading.WORTH``): each wound costs a creature its worth divided
by its life, and a death costs its whole worth once more.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache

from engine.ai.berserk.reading import WORTH
from engine.games.berserk.attacks import (
    attack_modifiers,
    closed_outcome,
    closes_to_strike,
    eligible_defenders,
    experience,
    open_outcome,
    shelter,
    unanswerable,
    unblockable,
)
from engine.games.berserk.cards import AttackKind
from engine.games.berserk.creatures import card, updated
from engine.games.berserk.modifiers import values_by_level
from engine.games.berserk.state import BerserkState, Creature, changed_creature

DIE = range(1, 7)


def harm(creature: Creature, wounds: int) -> float:
    """What ``wounds`` more wounds cost ``creature``'s side."""
    if wounds <= 0:
        return 0.0
    life = card(creature).life
    left = life - creature.wounds
    value = WORTH[creature.card]
    return min(wounds, left) * value / life + (value if wounds >= left else 0.0)


def level_values(state: BerserkState, kind: AttackKind, source: Creature, target: Creature) -> list[int]:
    """The wounds a simple strike of ``source`` at ``target`` deals when the dice give each
    level (weak, medium, strong), after every modifier and the target's Shelter."""
    mods = attack_modifiers(state, kind, source, target)
    cover = shelter(state, target)
    return [max(0, value - cover) for value in values_by_level(card(source).strike, mods)]


@cache
def rolls(ae: int, de: int) -> tuple[tuple[int | None, int | None, int], ...]:
    """How often each (strike level, counter-strike level) comes out of the 36 rolls against an
    open creature, given the experience on each side."""
    counted = Counter(open_outcome(a + ae, d + de) for a in DIE for d in DIE)
    return tuple((level, counter, n) for (level, counter), n in counted.items())


def exchange(state: BerserkState, attacker: Creature, target: Creature) -> float:
    """The expected harm a strike of ``attacker`` does to ``target`` (its final target) minus
    the harm the counter-strike does back, the attacker having paid for the strike."""
    hit = [harm(target, v) for v in level_values(state, "strike", attacker, target)]
    ae = experience(state, attacker, "attack")
    if target.closed:
        return sum(hit[closed_outcome(a + ae)] for a in DIE) / 6
    back = [0.0] * 3
    if not unanswerable(attacker):
        back = [harm(attacker, v) for v in level_values(state, "counter", target, attacker)]
    total = 0.0
    for level, counter, n in rolls(ae, experience(state, target, "defence")):
        total += n * (
            (hit[level] if level is not None else 0.0) - (back[counter] if counter is not None else 0.0)
        )
    return total / 36


def paid(state: BerserkState, attacker: Creature) -> tuple[BerserkState, Creature]:
    """The position once ``attacker`` has declared a strike (closed, unless its card says not)."""
    after = changed_creature(attacker, struck=True, closed=attacker.closed or closes_to_strike(attacker))
    return updated(state, after), after


def strike_score(state: BerserkState, attacker: Creature, target: Creature) -> float:
    """A strike's worth to the attacker: its exchange against the final target the other side
    would pick (the declared target, or the eligible defender that suits it best)."""
    return strike_scores(state, attacker, [target])[0]


def strike_scores(state: BerserkState, attacker: Creature, targets: Sequence[Creature]) -> list[float]:
    """``strike_score`` of ``attacker`` at each of ``targets``, the strike paid for once (and
    not at all for no target)."""
    if not targets:
        return []
    state, attacker = paid(state, attacker)
    scores = []
    for target in targets:
        if unblockable(state, attacker, target):
            scores.append(exchange(state, attacker, target))
            continue
        options = [target, *eligible_defenders(state, attacker, target)]
        scores.append(min(exchange(state, attacker, final) for final in options))
    return scores
