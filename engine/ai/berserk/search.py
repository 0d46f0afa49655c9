"""``search``: a Berserk player that tries its best few actions in sampled worlds and plays on.

At each main-phase decision and each Muster with a choice:

1. **Candidates.** The baseline weighs every legal action (``baseline.weighed``); the search
   tries its choice, its best-scored others, and ending the turn.
2. **Worlds.** What the seat does not know — the other side's reserve cards, a Muster choice it
   has sent, every die to come — is drawn again by the game's own ``redeal`` of the seat's
   information set, from a position rebuilt out of the seat's view alone (``world``). Every
   candidate is tried in the same worlds.
3. **Playouts.** In each world the candidate is played, then both sides play as the baseline
   does until ``turns`` turns have ended, counted from the decision (by default the rest of
   this turn), and the position reached is valued (``evaluate``): what each side has left in
   worth, and what the strikes lined up by the side whose turn begins are worth to it, or the
   result when the game ended.
4. The candidate of best mean value is played if it beats the baseline's choice by ``margin``
   (a few playouts are noisy); otherwise the baseline's choice is.

Its army is drawn from the decision's randomness among every army within ``RECRUIT_SLACK``
worth of the most its budget buys: one fixed army is one an opponent can answer.

Other decisions are the baseline's: a defender, a trigger declaration, a response window, and
its placement; when the seat roll gives it the choice it takes the
second seat (striking first leaves the striker closed to strikes with no counter-strike, so
P1 wins less: ``docs/berserk-balance.md``, ``docs/berserk-ai.md``).

Its randomness is the seed of its decision alone (``random.Random(seed)`` from ``decide``): it
draws its worlds' seeds from it, so a decision is the same for the same view and seed.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.ai.berserk.baseline import BaselinePolicy, play_decision, weighed
from engine.ai.berserk.combat import strike_scores
from engine.ai.berserk.reading import WORTH
from engine.ai.berserk.setup import near_best_recruits
from engine.ai.berserk.world import rebuilt
from engine.core.decisions import for_seat
from engine.core.errors import IllegalAction
from engine.games.berserk import board
from engine.games.berserk.actions import END_TURN, ChooseDeck, ChooseSeat, Recruit
from engine.games.berserk.cards import CARDS, DECKS
from engine.games.berserk.creatures import field_cost, turn_number
from engine.games.berserk.rules import BERSERK
from engine.games.berserk.state import BerserkState, Creature
from engine.games.berserk.view import BerserkView

WIN = 1000.0
"""What the end of the game is worth against any material (a won game beats any position)."""
POISON_TURNS = 2.5
"""How many wounds a poison is expected to deal (the baseline's estimate)."""
COUNTER_WORTH = 0.6
"""A counter on a creature that spends counters (the baseline's estimate)."""
CAP_WEIGHT = 0.5
"""Per point of field cost ahead, in the last ``CAP_ROUNDS`` rounds: the round cap (B58) gives
the game to the higher field cost."""
CAP_ROUNDS = 2
THREAT = 0.7
"""``Budget.threat``'s default."""
RECRUIT_SLACK = 2.0
"""The army is drawn at random among every army within this much worth of the most the budget
buys, not fixed. Between two decks one card can decide a game (Undine's poison against Dark
Host, which cures none; the Crypt Master against Mountain Hold), so a player who always fields
the same army is beaten by an opponent who knows it, and its deck's results hang on which
card that army happens to hold (``docs/berserk-balance.md``). A few worth points are a card
swapped for a like one."""
SETUP = frozenset({"choose_deck", "choose_seat", "recruit", "place"})
DECK = "D1"
"""The deck chosen when the seat chooses its own: Mountain Hold, the deck that won most often
in the baseline's balance table (``docs/berserk-balance.md``)."""


@dataclass(frozen=True, slots=True)
class Budget:
    """How hard the player searches. The defaults are what ``docs/berserk-ai.md`` measured."""

    worlds: int = 4
    """Worlds drawn per decision; every candidate is played once in each."""
    candidates: int = 4
    """Actions tried per decision, ending the turn included."""
    turns: int = 1
    """Turn ends a playout goes through: 1 is the rest of this turn, 2 the other side's reply
    too."""
    margin: float = 2.0
    """How much better than the baseline's choice (in worth, the mean over the worlds) another
    candidate must come out to be played: a few playouts are noisy, and a choice made by noise
    is worse than the baseline's."""
    threat: float = THREAT
    """How much of the strikes the side whose turn begins when a playout stops can make at once
    counts in the value (``threat``): they are lined up, on closed creatures above all, but a
    defender or a death on the way may spoil some."""
    moves: int = 60
    """A playout is valued after this many moves whatever the turn (a bound, rarely reached)."""
    recruit_slack: float = RECRUIT_SLACK
    """``RECRUIT_SLACK``'s default: how far below the most worth an army may fall and still be
    drawn at recruitment (0: the baseline's one army, for each budget always the same)."""
    kinds: frozenset[str] = frozenset({"main", "muster"})
    """The decisions searched; the others are the baseline's (a defender, a trigger declaration
    and a response window are weighed well by its expected exchanges, and come often enough
    out of turn to cost as much again)."""


class SearchPolicy:
    def __init__(self, budget: Budget | None = None) -> None:
        self.budget = budget or Budget()
        self.baseline = BaselinePolicy()

    def choose(self, view: BerserkView, legal: Sequence[Any], rng: random.Random) -> Any:
        kind = view.decision
        if kind == "choose_deck":
            return ChooseDeck(DECK) if ChooseDeck(DECK) in legal else legal[0]
        if kind == "choose_seat":
            return ChooseSeat("second")
        if kind == "recruit":
            return self.recruit(view, rng)
        if kind in SETUP or kind not in self.budget.kinds:
            return self.baseline.choose(view, legal, rng)
        if len(legal) == 1:
            return legal[0]
        assert view.seat is not None
        seat = view.seat
        known = rebuilt(view)
        tried = candidates(known, seat, kind, legal, self.budget.candidates)
        if len(tried) == 1:
            return tried[0]
        worlds = [BERSERK.redeal(known, seat, rng.getrandbits(62)) for _ in range(self.budget.worlds)]
        means = [sum(self.playout(world, seat, action) for world in worlds) / len(worlds) for action in tried]
        best = max(range(len(tried)), key=lambda n: (means[n], -n))
        return tried[best] if means[best] > means[0] + self.budget.margin else tried[0]

    def recruit(self, view: BerserkView, rng: random.Random) -> Recruit:
        """An army drawn from those within ``recruit_slack`` of the most worth the budget buys."""
        assert view.seat is not None and view.own is not None and view.own.deck is not None
        gold, silver = view.sides[view.seat].budget or (0, 0)
        armies = near_best_recruits(DECKS[view.own.deck], gold, silver, self.budget.recruit_slack)
        return Recruit(rng.choice(armies))

    def playout(self, state: BerserkState, seat: int, action: Any) -> float:
        """``action`` played in ``state``, then both sides as the baseline until ``turns`` turns
        have ended; the value of where that leads, for ``seat``."""
        start = turn_number(state)  # counted before the action: ending the turn is one turn end
        try:
            state = BERSERK.apply(state, seat, action).state
        except IllegalAction:  # a world keeps all the seat knows, so its actions stay legal;
            # should a rule read something the view leaves out, one playout is lost, not the game
            return evaluate(state, seat, self.budget.threat)
        for _ in range(self.budget.moves):
            if state.phase != "play" or turn_number(state) - start >= self.budget.turns:
                break
            mover = BERSERK.to_act(state)[0]  # a Muster: one side, then the other
            decision = for_seat(state.agenda, mover)
            assert decision is not None
            chosen = play_decision(state, mover, decision.kind, BERSERK.legal_actions(state, mover))
            state = BERSERK.apply(state, mover, chosen).state
        return evaluate(state, seat, self.budget.threat)


def candidates(
    state: BerserkState, seat: int, kind: str | None, legal: Sequence[Any], count: int
) -> list[Any]:
    """The actions worth trying: the baseline's choice first, then the best others by its
    score (a main phase keeps ending the turn among them), ``count`` at most."""
    chosen, scores = weighed(state, seat, kind, legal)
    order = list(legal)
    if scores is not None:
        order = [legal[n] for n in sorted(range(len(legal)), key=lambda n: (-scores[n], n))]
    tried = [chosen]
    for action in order:
        if len(tried) >= count:
            break
        if action not in tried:
            tried.append(action)
    if kind == "main" and END_TURN not in tried:
        tried[-1] = END_TURN
    return tried


def evaluate(state: BerserkState, seat: int, threat_weight: float = THREAT) -> float:
    """What ``seat`` has left against the other side: each creature its worth, once more for
    being alive and once in proportion to the life it has left (the baseline's measure of
    harm), less the wounds its poison will deal, plus counters for cards that spend them; near
    the round cap, the field cost that decides it; a finished game its result."""
    if state.phase == "over":
        if state.winner == seat:
            return WIN
        return 0.0 if state.winner in ("draw", None) else -WIN
    total = 0.0
    for c in state.creatures:
        if c.zone != "graveyard":
            total += _value(c) if c.owner == seat else -_value(c)
    if state.stage == "main":
        side = state.active
        total += threat_weight * (threat(state, side) if side == seat else -threat(state, side))
    if state.options.round_cap - state.round < CAP_ROUNDS:
        total += CAP_WEIGHT * (field_cost(state, seat) - field_cost(state, 1 - seat))
    return total


def _value(c: Creature) -> float:
    data = CARDS[c.card]
    worth = WORTH[c.card]
    left = max(0.0, data.life - c.wounds - c.poison * POISON_TURNS)
    return worth + worth * left / data.life + c.counters * COUNTER_WORTH


def threat(state: BerserkState, side: int) -> float:
    """What the strikes ``side`` can make at once are worth to it: each of its creatures that
    may strike takes its best strike (``combat.strike_scores``: the defender the other side would
    choose, the counter-strike), the best first, one strike per creature, and what strikes on
    one target take from it is at most what it has left (a creature dies once)."""
    field = [c for c in state.creatures if c.zone == "field" and c.cell is not None]
    cells = {c.cell: c for c in field}
    options: list[tuple[float, str, Creature]] = []
    for c in field:
        if c.owner != side or c.closed or c.struck or c.cell is None:
            continue
        around = (cells.get(cell) for cell in board.AROUND[c.cell])
        targets = [t for t in around if t is not None and t.owner != side]
        for target, score in zip(targets, strike_scores(state, c, targets), strict=True):
            if score > 0:
                options.append((score, c.uid, target))
    options.sort(key=lambda o: -o[0])
    used: set[str] = set()
    taken: dict[str, float] = {}
    total = 0.0
    for score, uid, target in options:
        if uid in used:
            continue
        room = _value(target) - taken.get(target.uid, 0.0)
        gain = min(score, room)
        if gain <= 0:
            continue
        used.add(uid)
        taken[target.uid] = taken.get(target.uid, 0.0) + gain
        total += gain
    return total
