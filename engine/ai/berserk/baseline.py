"""``baseline``: a Berserk player that weighs each legal action once, from its own view.

- Setup: a random deck; goes first; recruits the most worth its budget buys; fighters in
  front, helpers behind, Hire cards kept in reserve for a Muster.
- Main phase: every move, strike and activation gets a score in worth (``combat``): a strike
  by its expected exchange against the defender the other side would choose; a move by the
  best strike it makes possible this turn, or by how much closer it brings a fighter to the
  enemy; an activation by what its effects do minus what its cost gives up. The best action
  is played while its score is positive; then it ends the turn.
- Out of turn: a defender when one takes the strike better than its target; optional Hire
  triggers only on worthwhile targets; an instant only when a strike on the stack gains by it.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.ai.berserk.combat import exchange, harm, paid, strike_score, strike_scores
from engine.ai.berserk.reading import WORTH, position
from engine.ai.berserk.setup import CENTRE_OUT, best_recruits, placement
from engine.games.berserk import board
from engine.games.berserk.actions import (
    Activate,
    AssignDefender,
    ChooseDeck,
    ChooseSeat,
    EndTurn,
    Move,
    Muster,
    OrderTriggers,
    Pass,
    Place,
    Recruit,
    Strike,
)
from engine.games.berserk.attacks import fixed_value, shelter
from engine.games.berserk.cards import ACTIVATED, CARDS, DECKS, Effect
from engine.games.berserk.creatures import at_cells, by_uid, card, get, updated
from engine.games.berserk.state import BerserkState, Creature, changed_creature
from engine.games.berserk.turns import destinations
from engine.games.berserk.view import BerserkView

CLOSING = 0.4
"""What closing costs a creature that the enemy can reach: no counter-strike, no defence."""
APPROACH = 0.3
"""The worth of one step closer to the nearest enemy, for a fighter that cannot strike yet."""
POISON_TURNS = 2.5
"""How many wounds a poison is expected to deal before it is cured or its carrier dies."""
COUNTER_WORTH = 0.6
"""A counter on a creature that spends counters."""
SURE_GAIN = 0.05
"""A main-phase action must be worth more than this, or the turn ends."""


class BaselinePolicy:
    def choose(self, view: BerserkView, legal: Sequence[Any], rng: random.Random) -> Any:
        kind = view.decision
        if kind == "choose_deck":
            return rng.choice([a for a in legal if isinstance(a, ChooseDeck)])
        if kind == "choose_seat":
            return ChooseSeat("first")
        if kind == "recruit":
            return _recruit(view)
        if kind == "place":
            return _place(view)
        assert view.seat is not None
        return play_decision(position(view), view.seat, kind, legal)


def play_decision(state: BerserkState, seat: int, kind: str | None, legal: Sequence[Any]) -> Any:
    """The baseline's choice in the play phase, weighed on a whole position: its own view's
    (``reading.position``), or a position a searching player plays on."""
    return weighed(state, seat, kind, legal)[0]


def weighed(
    state: BerserkState, seat: int, kind: str | None, legal: Sequence[Any]
) -> tuple[Any, list[float] | None]:
    """``play_decision``, with the score of each legal action where the choice is made by
    scores (a main phase, a response window), else ``None``."""
    if kind == "muster":
        return _muster(state, seat, legal), None
    if kind == "assign_defender":
        return _defend(state, seat, legal), None
    if kind == "order_triggers":
        return _declare(state, seat, legal), None
    _WEIGHED[0] = _Weighing(state)
    scores = [action_score(state, seat, a) for a in legal]
    best = max(range(len(legal)), key=lambda n: (scores[n], -n))
    action = legal[best]
    if kind == "respond":
        return (action if scores[best] > 0 and not isinstance(action, Pass) else _first(legal, Pass)), scores
    return (action if scores[best] > SURE_GAIN else _first(legal, EndTurn)), scores


def _first(legal: Sequence[Any], kind: type) -> Any:
    return next(a for a in legal if isinstance(a, kind))


# -- setup ---------------------------------------------------------------------------------------
def _recruit(view: BerserkView) -> Recruit:
    assert view.seat is not None and view.own is not None and view.own.deck is not None
    gold, silver = view.sides[view.seat].budget or (0, 0)
    return Recruit(best_recruits(DECKS[view.own.deck], gold, silver))


def _place(view: BerserkView) -> Place:
    assert view.seat is not None and view.own is not None and view.own.recruits is not None
    role = 0 if view.sides[view.seat].role == "P1" else 1
    return Place(placement(view.own.uids, view.own.recruits, role))


def _muster(state: BerserkState, seat: int, legal: Sequence[Any]) -> Any:
    """Plague Reaper when an enemy is poisoned, the Herbalist when a friend is; otherwise the
    card of most worth; to the most central cell offered."""
    reserve = {c.uid: c.card for c in state.creatures if c.owner == seat and c.zone == "reserve"}
    poisoned = {c.owner == seat for c in state.creatures if c.zone == "field" and c.poison}

    def value(action: Muster) -> tuple[float, int]:
        if action.card is None or action.cell is None:
            return (0.0, 0)
        c = CARDS[reserve[action.card]]
        bonus = 0.0
        if c.slug == "plague_reaper" and False in poisoned:
            bonus = 10.0
        if c.slug == "herbalist" and True in poisoned:
            bonus = 3.0
        return (WORTH[c.id] + bonus, -CENTRE_OUT.index(board.COLUMNS.index(action.cell[0])))

    return max((a for a in legal if isinstance(a, Muster)), key=value)


# -- the main phase and windows ----------------------------------------------------------------
def action_score(state: BerserkState, seat: int, action: Any) -> float:
    if isinstance(action, Strike):
        cells = _weighing(state).cells
        return _strike_score(state, cells[action.attacker], cells[action.target])
    if isinstance(action, Move):
        return _move_score(state, seat, action)
    if isinstance(action, Activate):
        return _activation_score(state, seat, action)
    return 0.0


@dataclass(slots=True)
class _Weighing:
    """What a position being weighed is asked again and again, worked out once: a main phase
    scores every move of every creature, and each move asks the creature's best strike from
    where it stands, the enemies near, the cells it reaches."""

    state: BerserkState | None
    known_cells: dict[str, Creature] | None = None
    strikes: dict[tuple[str, str], float] = field(default_factory=dict)
    enemies: dict[int, list[Creature]] = field(default_factory=dict)
    reach: dict[str, dict[str, int]] = field(default_factory=dict)
    near: dict[tuple[int, str], int] = field(default_factory=dict)

    @property
    def cells(self) -> dict[str, Creature]:
        """The creature on each occupied cell (``at_cells``), worked out when first asked."""
        if self.known_cells is None:
            assert self.state is not None
            self.known_cells = at_cells(self.state)
        return self.known_cells


_WEIGHED: list[_Weighing] = [_Weighing(None)]
"""The position being weighed (``weighed``). It is read and replaced whole and serves only its
own position, so threads weighing at once never mix two."""


def _weighing(state: BerserkState) -> _Weighing:
    """The position's ``_Weighing`` if it is the one being weighed, else a fresh one that keeps
    nothing past the question asked (a position reached by a move being scored)."""
    kept = _WEIGHED[0]
    return kept if kept.state is state else _Weighing(state)


def _enemies(state: BerserkState, seat: int) -> list[Creature]:
    kept = _weighing(state).enemies
    enemies = kept.get(seat)
    if enemies is None:
        enemies = kept[seat] = [c for c in state.creatures if c.zone == "field" and c.owner != seat]
    return enemies


def _near(state: BerserkState, seat: int, cell: str) -> int:
    """The distance from ``cell`` to the nearest enemy on the field."""
    kept = _weighing(state).near
    near = kept.get((seat, cell))
    if near is None:
        enemies = _enemies(state, seat)
        near = kept[seat, cell] = min((board.distance(cell, e.cell or cell) for e in enemies), default=0)
    return near


def _strike_score(state: BerserkState, attacker: Creature, target: Creature) -> float:
    """``strike_score``, kept for the position being weighed."""
    scores = _weighing(state).strikes
    key = (attacker.uid, target.uid)
    score = scores.get(key)
    if score is None:
        score = scores[key] = strike_score(state, attacker, target)
    return score


def best_strike(state: BerserkState, creature: Creature) -> float:
    """The best strike ``creature`` could make now (0 when it cannot strike)."""
    if creature.closed or creature.struck or creature.cell is None:
        return 0.0
    around = board.AROUND[creature.cell]
    targets = [e for e in _enemies(state, creature.owner) if e.cell in around]
    if not targets:
        return 0.0
    scores = _weighing(state).strikes
    missing = [t for t in targets if (creature.uid, t.uid) not in scores]
    for t, score in zip(missing, strike_scores(state, creature, missing), strict=True):
        scores[creature.uid, t.uid] = score
    return max(scores[creature.uid, t.uid] for t in targets)


def _move_score(state: BerserkState, seat: int, action: Move) -> float:
    # the mover is the seat's own, so the enemies, and how near they are, are the same once it
    # has moved: asked of the position before the move
    weighing = _weighing(state)
    mover = weighing.cells[action.unit]
    if ACTIVATED[mover.card]:  # a helper keeps out of reach and near its friends
        return -0.5 if _near(state, seat, action.to) <= 1 < _near(state, seat, mover.cell or "") else -0.01
    now, then = best_strike(state, mover), 0.0
    around = board.AROUND[action.to]
    if not (mover.closed or mover.struck) and any(e.cell in around for e in _enemies(state, seat)):
        reach = weighing.reach.get(mover.uid)
        if reach is None:
            reach = weighing.reach[mover.uid] = destinations(state, mover)
        moved = changed_creature(mover, cell=action.to, moves=mover.moves - reach[action.to])
        then = best_strike(updated(state, moved), moved)
    if then > 0:
        return then - max(now, 0.0) - 0.01
    return (_near(state, seat, mover.cell or "") - _near(state, seat, action.to)) * APPROACH - 0.01


def _activation_score(state: BerserkState, seat: int, action: Activate) -> float:
    source = at_cells(state)[action.unit]
    ability = card(source).activated(action.ability)
    assert ability is not None
    everyone = by_uid(state)
    cells = at_cells(state)
    targets = [cells[t] if t in cells else everyone[t] for t in action.targets]
    if ability.target.kind == "self":
        targets = [source]
    x = action.x or 0
    value = sum(_effect_value(state, seat, source, effect, targets, x) for effect in ability.effects)
    cost = ability.cost
    if cost.close and _near(state, seat, source.cell or "") <= 2:
        value -= CLOSING + best_strike(state, source)
    value -= (cost.counters + x) * COUNTER_WORTH + harm(source, cost.wounds - shelter(state, source))
    if cost.wounds and shelter(state, source):  # B36a: a sheltered payment does not execute
        return -1.0
    return value


def _striking_soon(state: BerserkState, creature: Creature) -> float:
    """How much a strike bonus helps ``creature`` now: it strikes on the stack or is about to,
    or it is the target of an enemy strike it may answer."""
    for item in state.resolution.stack:
        if item.kind == "strike" and item.source == creature.uid:
            return 1.0
        if item.kind == "strike" and item.targets and item.targets[0] == creature.uid and not creature.closed:
            return 0.4
    return 0.8 if best_strike(state, creature) > 0 else 0.1


def _effect_value(
    state: BerserkState, seat: int, source: Creature, effect: Effect, targets: list[Creature], x: int
) -> float:
    """What one effect is worth to ``seat`` (positive: good for it)."""
    op = effect.op
    if effect.on == "poisoned_enemies":
        victims = [c for c in _enemies(state, seat) if c.poison]
    elif effect.on == "self_and_target":
        victims = [source, *(t for t in targets if t.uid != source.uid)]
    else:
        victims = targets
    total = 0.0
    for v in victims:
        sign = 1.0 if v.owner != seat else -1.0
        per_wound = WORTH[v.card] / card(v).life
        if op in ("shot", "bolt"):
            dealt = fixed_value(state, op, source, v, effect.amount + effect.per_x * x).value - shelter(
                state, v
            )
            total += sign * harm(v, dealt)
        elif op == "wound":
            total += sign * harm(v, effect.amount - shelter(state, v))
        elif op == "destroy":
            total += sign * (WORTH[v.card] * 2 - v.wounds * per_wound)
        elif op == "heal":
            total -= sign * min(effect.amount, v.wounds) * per_wound
        elif op == "poison":
            total += sign * max(0, effect.amount - v.poison) * POISON_TURNS * per_wound
        elif op == "remove_poison":
            total -= sign * v.poison * POISON_TURNS * per_wound
        elif op == "gain_counters":
            room = card(v).max_counters - v.counters
            total -= sign * min(room, effect.amount) * COUNTER_WORTH
        elif op == "strike_mod":
            total -= sign * effect.amount * _striking_soon(state, v)
    return total


# -- decisions out of the main phase -------------------------------------------------------------
def _defend(state: BerserkState, seat: int, legal: Sequence[Any]) -> Any:
    """The option that leaves the attacker the least: its exchange against each final target,
    a defender's closing and its own triggers counted."""
    strike = state.resolution.stack[-1]
    everyone = by_uid(state)
    attacker, target = everyone[strike.source], everyone[strike.targets[0]]
    state, attacker = paid(state, attacker)
    cells = at_cells(state)

    def cost(action: AssignDefender) -> float:
        final = target if action.unit is None else cells[action.unit]
        value = exchange(state, attacker, final)
        if action.unit is not None:
            slug = card(final).slug
            value += 0.0 if slug == "lekken" else CLOSING
            if slug == "bjorn":
                value -= min(2, target.wounds) * WORTH[target.card] / card(target).life
            if slug == "claer":
                value -= 1.0
        return value

    return min((a for a in legal if isinstance(a, AssignDefender)), key=cost)


def _declare(state: BerserkState, seat: int, legal: Sequence[Any]) -> Any:
    """The declaration whose optional triggers do the most good (a decline costs nothing)."""
    everyone = by_uid(state)
    cells = at_cells(state)

    def value(action: OrderTriggers) -> float:
        total = 0.0
        for entry in action.entries:
            trigger = next(t for t in state.resolution.raised if t.ref == entry.ref)
            part = card(get(state, trigger.source)).triggered(trigger.ability)
            if part is None or not part.optional:
                continue
            for ref in entry.targets:
                target = cells.get(ref) or everyone[ref]
                total += sum(_effect_value(state, seat, target, e, [target], 0) for e in part.effects) - 0.01
        return total

    return max((a for a in legal if isinstance(a, OrderTriggers)), key=value)
