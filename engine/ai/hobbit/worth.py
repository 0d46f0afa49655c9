"""What a card in hand is worth keeping, in the policy's one unit (a space of progress), so
that spending, discarding and paying compare with moving. The numbers are rules of thumb:

- Treasury cards are the team's only answer to Smaug's moves (H1.10): worth the most, the
  Arkenstone and Bard's Arrow above the rest;
- a fight card is worth about its value: it makes sums (H5.3) and breaks or pushes in an
  attack (H7.5); small cards are worth a little more than their value, since exact sums need
  them to close the gap;
- Bilbo's cards and the elves carry Bilbo, whom every win needs on FINISH (H8.7);
- a Gandalf card is worth little once Gandalf is at his lair stop (nothing left to gain there).
"""

from __future__ import annotations

from engine.games.hobbit.cards import card_of, highest, is_fight
from engine.games.hobbit.data import (
    Arkenstone,
    Arrow,
    Crown,
    DwarfGold,
    DwarfRun,
    GandalfCard,
    Mithril,
    Reduce,
    StepCard,
)

TREASURY_WORTH: dict[type, float] = {
    Reduce: 9.0,
    Crown: 9.0,
    Mithril: 7.0,
    DwarfGold: 10.0,
    Arkenstone: 14.0,
    Arrow: 12.0,
}
STEP_WORTH: dict[str, float] = {"bilbo": 1.6, "elf": 1.5, "eagle": 1.0, "scout": 0.9}
"""Per step a hand movement card moves."""


def keep(card: str, gandalf_at_lair: bool = False) -> float:
    """How much ``card`` is worth keeping in hand."""
    if is_fight(card):
        v = highest(card)
        return 1.5 + v
    found = card_of(card)
    for kind, worth in TREASURY_WORTH.items():
        if isinstance(found, kind):
            return worth
    if isinstance(found, StepCard):
        return STEP_WORTH[found.kind] * found.steps
    if isinstance(found, DwarfRun):
        return 3.0
    if isinstance(found, GandalfCard):
        return 0.5 if gandalf_at_lair else 4.0
    return 0.0


def cheapest(cards: list[str], count: int, gandalf_at_lair: bool = False) -> list[str]:
    """The ``count`` cards least worth keeping."""
    return sorted(cards, key=lambda c: (keep(c, gandalf_at_lair), c))[:count]
