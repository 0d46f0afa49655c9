"""The hand: which deck to draw from (H3.5) and which cards to let go (the hand limit H3.6,
Sorrow H5.9).

- Draws: a Treasury entitlement is always taken — that deck holds no Smaug card. An Esgaroth
  entitlement is taken when its better cards are worth more than the chance of one of its red
  Smaug cards (the larger ones, H1.9) times what that move would cost the table now; Beorn's
  House otherwise.
- Letting go: the cards least worth keeping, except that a second fight card of a value the
  hand already holds is worth less (it adds no new sum), and the fight cards that together
  make the strength of the face-up enemies are worth more (a fight the hand can win next);
  so is every fight card while an own dwarf is entangled where only 20 in fight cards can
  free it (H5.10c) — else Treasury cards fill the hand and the seat never gathers them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from engine.ai.hobbit.smaug_move import smaug_moves
from engine.ai.hobbit.sums import exact
from engine.ai.hobbit.table import Table
from engine.ai.hobbit.value import evaluate
from engine.ai.hobbit.worth import keep
from engine.games.hobbit.actions import Draw
from engine.games.hobbit.cards import INSTANCES, by_id, card_of, highest, is_fight, type_of
from engine.games.hobbit.data import SmaugCard

ESGAROTH_EXTRA = 3.0
"""How much more an Esgaroth card is worth than a Beorn's House card, on average."""
SAME_VALUE = 2.0
"""Less for each further fight card of a value already held."""
READY = 3.0
"""More for a card of a set that beats a face-up enemy."""
FREEING = 8.0
"""More for a fight card while an own dwarf waits in a web that only 20 in fight cards can
free (H5.10c): the hand must gather them, ahead of most Treasury cards."""


def draw_choice(t: Table, legal: Sequence[object]) -> object:
    decks = {a.deck: a for a in legal if isinstance(a, Draw)}
    if "TREASURY" in decks:
        return decks["TREASURY"]
    if "ESGAROTH" in decks and "BEORN" in decks:
        now = evaluate(t)
        beorn = _red_risk(t, "beorn", now)
        esgaroth = _red_risk(t, "esgaroth", now)
        return decks["ESGAROTH"] if ESGAROTH_EXTRA > esgaroth - beorn else decks["BEORN"]
    return next(iter(decks.values()))


def _red_risk(t: Table, deck: str, now: float) -> float:
    """The chance of a red card from ``deck`` times the average cost of its move."""
    left = t.supply_counts.get(deck, 0)
    reds = _red_types(deck)
    unseen = t.unseen_red.get(deck, 0)
    if not left or not unseen or not reds:
        return 0.0
    costs = []
    for card in reds:
        bonus = 0 if t.gandalf == "G_LAIR" else card.bonus
        costs.append(max(0.0, now - smaug_moves(t, max(0, card.base + bonus + t.red_extra[card.id])).value))
    return min(1.0, unseen / left) * sum(costs) / len(costs)


def _red_types(deck: str) -> list[SmaugCard]:
    return [
        c
        for i, c in INSTANCES.items()
        if isinstance(c, SmaugCard) and c.red and c.deck == deck and i.endswith("#1")
    ]


def letting_go(t: Table, count: int) -> list[str]:
    """The ``count`` cards of the hand to discard."""
    hand = list(t.hand)
    ready = _ready(t)
    freeing = _freeing(t)
    worth = {}
    seen: Counter[int] = Counter()
    at_lair = t.gandalf == "G_LAIR"
    for card in sorted(hand, key=lambda c: -keep(c, at_lair)):
        w = keep(card, at_lair)
        if is_fight(card):
            w -= SAME_VALUE * seen[highest(card)]
            seen[highest(card)] += 1
            w += FREEING if freeing else 0.0
        worth[card] = w + (READY if card in ready else 0.0)
    return sorted(hand, key=lambda c: (worth[c], c))[:count]


def _freeing(t: Table) -> bool:
    """An own dwarf is entangled and only fight cards can free it."""
    return t.webs_need_cards and any(p.entangled and p.pos is not None for p in t.own())


def _ready(t: Table) -> set[str]:
    """The cards of the cheapest sets that beat each face-up enemy."""
    found: set[str] = set()
    for card in t.face_up.values():
        if card is None:
            continue
        strength = getattr(card_of(card), "strength", None)
        if strength is None:
            continue
        pick = exact(t.fight_hand(), strength, keep)
        if pick is not None:
            found |= {c for c, _ in pick.cards}
    return found


def discard_choice(t: Table, legal: Sequence[object], count: int) -> object:
    """A discard of ``count`` cards (hand limit or Sorrow) in the form the legal actions list."""
    chosen = letting_go(t, count)
    canonical = _lowest_copies(t.hand, chosen)
    for action in legal:
        if tuple(getattr(action, "cards", ())) == canonical:
            return action
    return legal[0]


def _lowest_copies(hand: Sequence[str], chosen: Sequence[str]) -> tuple[str, ...]:
    """The same card types as ``chosen``, the lowest copies of each, in id order (H6.6's
    listing of a choice of cards)."""
    want = Counter(type_of(c) for c in chosen)
    out: list[str] = []
    for card in by_id(hand):
        if want[type_of(card)]:
            want[type_of(card)] -= 1
            out.append(card)
    return tuple(out)
