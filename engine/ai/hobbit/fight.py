"""Fight submissions (H5.3): a fight is won only by the exact strength.

- A player who submits before the active one (a joint fight) cannot see the hands still to
  come, so it submits a set that makes the strength on its own, or nothing — a part-sum could
  spoil a total the active player would have made alone.
- The active player, last, needs the strength less what was submitted: the cheapest exact
  set of its own cards (``sums.exact``), with Gandalf at this area's stop one card — its own
  or a submitted one — counted twice. Without an exact set it submits nothing: a defeat that
  keeps its cards.

The set is given as the legal actions list it: copies of a card type by their lowest ids,
a dual card's values in the card's order, the doubled card the first submitted one of its
value."""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.hobbit.sums import Pick, exact
from engine.ai.hobbit.table import Table
from engine.ai.hobbit.worth import keep
from engine.games.hobbit.actions import NO_FIGHT, FightSubmit, UsedCard
from engine.games.hobbit.cards import by_id, type_of, values
from engine.games.hobbit.view import DecisionView


def fight_choice(t: Table, decision: DecisionView, legal: Sequence[object]) -> object:
    strength = decision.strength or 0
    earlier = [(u.card, u.value) for s in decision.submitted for u in s.cards]
    last = not decision.after
    need = strength - sum(v for _, v in earlier)
    if last and need == 0:
        return NO_FIGHT
    doubling = last and decision.doubling
    pick = exact(t.fight_hand(), need, keep, doubling=doubling, extra=earlier if doubling else ())
    if pick is None:
        return NO_FIGHT
    action = as_listed(pick, t.fight_hand(), earlier)
    if action in legal:
        return action
    return _same_sum(pick, legal)


def as_listed(pick: Pick, hand: Sequence[str], earlier: Sequence[tuple[str, int]]) -> FightSubmit:
    """``pick`` in the form the legal actions give it."""
    wanted: dict[str, list[int]] = {}
    for card, v in pick.cards:
        wanted.setdefault(type_of(card), []).append(v)
    used: list[UsedCard] = []
    for card_type in sorted(wanted, key=lambda k: (k, 0)):
        copies = [c for c in by_id(hand) if type_of(c) == card_type]
        order = values(copies[0])
        chosen = sorted(wanted[card_type], key=order.index)
        used += [UsedCard(c, v) for c, v in zip(copies, chosen, strict=False)]
    used_sorted = tuple(sorted(used, key=lambda u: by_id(hand).index(u.card)))
    doubled = None
    if pick.doubled is not None:
        value = next(v for c, v in (*pick.cards, *earlier) if c == pick.doubled)
        doubled = next(c for c, v in (*earlier, *((u.card, u.value) for u in used_sorted)) if v == value)
    return FightSubmit(used_sorted, doubled)


def _same_sum(pick: Pick, legal: Sequence[object]) -> object:
    """A listed submission of the same cards (by type and value) and doubled value, else none."""

    def signature(cards: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
        return sorted((type_of(c), v) for c, v in cards)

    wanted = signature(pick.cards)
    for action in legal:
        if isinstance(action, FightSubmit):
            mine = [(u.card, u.value or 0) for u in action.cards]
            if signature(mine) == wanted and (action.doubled is None) == (pick.doubled is None):
                return action
    return NO_FIGHT
