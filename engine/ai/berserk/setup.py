"""The baseline's setup: the most worth a budget can recruit, a placement that puts fighters in
front and helpers behind, and what to bring at a Muster."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from functools import cache

from engine.ai.berserk.reading import WORTH
from engine.games.berserk import board
from engine.games.berserk.cards import CARDS, Activated, Card, DeckList, Triggered
from engine.games.berserk.setup import RESERVE, RESERVE_SIZE, recruit_problems

CENTRE_OUT = (2, 1, 3, 0, 4)
"""Columns from the centre outwards (c, b, d, a, e): filled in this order a row stays one
unbroken line, which keeps formation cards together."""


def best_recruits(deck: DeckList, gold: int, silver: int) -> tuple[str, ...]:
    """The selection of most total worth (B16: elite cost within the gold, everything within
    gold and silver together), by dynamic programming over (gold spent, crystals spent)."""
    budget = gold + silver
    best: dict[tuple[int, int], tuple[float, tuple[str, ...]]] = {(0, 0): (0.0, ())}
    for card_id in deck.cards:
        c = CARDS[card_id]
        for (spent_gold, spent), (value, chosen) in list(best.items()):
            if c.unique and card_id in chosen:
                continue
            new_gold = spent_gold + (c.cost if c.elite else 0)
            new_spent = spent + c.cost
            if new_gold > gold or new_spent > budget:
                continue
            key = (new_gold, new_spent)
            candidate = (value + WORTH[card_id], (*chosen, card_id))
            if key not in best or candidate[0] > best[key][0]:
                best[key] = candidate
    value, chosen = max(best.values(), key=lambda v: (v[0], len(v[1])))
    picked = in_deck_order(deck, Counter(chosen))
    assert not recruit_problems(deck, picked, gold, silver)
    return picked


def in_deck_order(deck: DeckList, copies: Mapping[str, int]) -> tuple[str, ...]:
    """A selection of ``copies`` of each card, listed as the deck lists them."""
    picked: list[str] = []
    for card_id in deck.cards:
        if picked.count(card_id) < copies.get(card_id, 0):
            picked.append(card_id)
    return tuple(picked)


@cache  # a few thousand selections at most (15 cards, two copies of most), walked once a budget
def near_best_recruits(deck: DeckList, gold: int, silver: int, slack: float) -> tuple[tuple[str, ...], ...]:
    """Every selection within the budget (B16) whose total worth is within ``slack`` of the
    most the budget buys, the most worth first, each selection in deck order."""
    kinds = list(dict.fromkeys(deck.cards))
    most = [1 if CARDS[c].unique else deck.copies(c) for c in kinds]
    found: list[tuple[float, tuple[int, ...]]] = []

    def walk(at: int, counts: tuple[int, ...], elite: int, total: int, value: float) -> None:
        # elite cost within the gold and everything within gold and silver together is all of
        # B16's budget rule: spare gold pays for ordinary cards
        if at == len(kinds):
            if total:
                found.append((value, counts))
            return
        c = CARDS[kinds[at]]
        for n in range(most[at] + 1):
            spent_gold, spent = elite + (c.cost * n if c.elite else 0), total + c.cost * n
            if spent_gold > gold or spent > gold + silver:
                break
            walk(at + 1, (*counts, n), spent_gold, spent, value + WORTH[kinds[at]] * n)

    walk(0, (), 0, 0, 0.0)
    top = max(value for value, _ in found)
    armies = []
    for value, counts in sorted(found, key=lambda f: (-f[0], f[1])):  # ties: fewer of the first cards first
        if value < top - slack - 1e-9:
            break
        picked = in_deck_order(deck, dict(zip(kinds, counts, strict=True)))
        assert not recruit_problems(deck, picked, gold, silver)
        armies.append(picked)
    return tuple(armies)


def helper(c: Card) -> bool:
    """A card that works from behind: it has an activated ability."""
    return bool(c.parts(Activated))


def hired(c: Card) -> bool:
    """A card whose worth is its Hire trigger, best kept for a Muster: one that destroys (a
    cure on entering is not worth keeping a fighter out of the fight)."""
    return any(t.event == "enters" and any(e.op == "destroy" for e in t.effects) for t in c.parts(Triggered))


def placement(uids: Sequence[str], cards: Sequence[str], role: int) -> dict[str, str]:
    """Fighters in the front row (formation cards first, then by worth), helpers in the row
    behind, Hire cards in reserve (two at most, one card at least on the field)."""
    rows = [[f"{board.COLUMNS[col]}{row}" for col in CENTRE_OUT] for row in board.ROLE_ROWS[role]]
    pairs = list(zip(uids, cards, strict=True))
    reserve = [uid for uid, card_id in pairs if hired(CARDS[card_id])][:RESERVE_SIZE]
    if len(reserve) == len(pairs):
        reserve = reserve[:-1]
    rest = [(uid, card_id) for uid, card_id in pairs if uid not in reserve]
    fighters = sorted(
        (p for p in rest if not helper(CARDS[p[1]])),
        key=lambda p: (not CARDS[p[1]].formation, -WORTH[p[1]]),
    )
    helpers = sorted((p for p in rest if helper(CARDS[p[1]])), key=lambda p: -WORTH[p[1]])
    free = [cell for row in rows for cell in row]
    out: dict[str, str] = dict.fromkeys(reserve, RESERVE)
    front = rows[0]
    for uid, _ in fighters:
        cell = next(c for c in front + free if c in free)
        out[uid] = cell
        free.remove(cell)
    for uid, _ in helpers:
        behind = [c for c in rows[1] + rows[2] if c in free]
        cell = (behind or free)[0]
        out[uid] = cell
        free.remove(cell)
    return out
