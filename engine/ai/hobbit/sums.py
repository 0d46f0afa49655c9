"""Sums of fight cards (H5.3, H5.10c): which totals a hand can make, and the cheapest set of
cards that makes one exactly — each dual card at either of its values, and with Gandalf at the
right stop one card counted twice.

Hands are small (at most a dozen fight cards), so the reachable totals are a bit set built card
by card, and the exact set is a depth-first search over the cards from the highest down that
keeps the cheapest set found (cost: what the cards are worth keeping, ``worth.keep``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.games.hobbit.cards import values


def reachable(cards: Sequence[str], *, doubling: bool = False) -> int:
    """A bit set of the totals some subset of ``cards`` makes (bit ``t`` set: total ``t``); with
    ``doubling``, one card of the subset may count twice."""
    plain, doubled = 1, 0
    for card in cards:
        add_plain = add_doubled = 0
        for v in values(card):
            add_plain |= plain << v
            add_doubled |= (doubled << v) | (plain << (2 * v))
        plain |= add_plain
        doubled |= add_doubled
    return plain | doubled if doubling else plain


def makes(bits: int, total: int) -> bool:
    return total >= 0 and bool(bits >> total & 1)


@dataclass(frozen=True, slots=True)
class Pick:
    """Cards with the values used, and the card counted twice (if any)."""

    cards: tuple[tuple[str, int], ...]
    doubled: str | None = None

    @property
    def total(self) -> int:
        base = sum(v for _, v in self.cards)
        return base + next((v for c, v in self.cards if c == self.doubled), 0)


def exact(
    cards: Sequence[str],
    target: int,
    cost: Callable[[str], float],
    *,
    doubling: bool = False,
    extra: Sequence[tuple[str, int]] = (),
) -> Pick | None:
    """The cheapest subset of ``cards`` totalling ``target`` exactly, or ``None``. With
    ``doubling`` one card may count twice: one of the subset, or one of ``extra`` (cards
    already submitted by others, worth nothing to this hand)."""
    if target < 0:
        return None
    if not makes(reachable(cards, doubling=doubling) | (_extra_bits(extra) if doubling else 0), target):
        return None
    order = sorted(cards, key=lambda c: -max(values(c)))
    best: list[tuple[float, Pick]] = []

    def walk(i: int, total: int, chosen: list[tuple[str, int]], spent: float) -> None:
        if best and spent >= best[0][0]:
            return  # every card costs something: this branch cannot get cheaper
        if total == target:
            best[:] = [(spent, Pick(tuple(chosen)))]
            return
        if doubling:  # one chosen card, or one submitted earlier, counted twice closes the gap
            for card, v in (*chosen, *extra):
                if total + v == target:
                    best[:] = [(spent, Pick(tuple(chosen), card))]
                    return
        if i == len(order):
            return
        card = order[i]
        for v in sorted(set(values(card)), reverse=True):
            if total + v <= target:
                chosen.append((card, v))
                walk(i + 1, total + v, chosen, spent + cost(card))
                chosen.pop()
        walk(i + 1, total, chosen, spent)

    walk(0, 0, [], 0.0)
    return best[0][1] if best else None


def _extra_bits(extra: Sequence[tuple[str, int]]) -> int:
    """Totals reachable by doubling one already submitted card (its value added once more)."""
    bits = 0
    for _, v in extra:
        bits |= 1 << v
    return bits
