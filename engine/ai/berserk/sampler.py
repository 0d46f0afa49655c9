"""The ``random`` policy for Berserk: how its templates become concrete actions.

``legal_actions`` lists a template for the two free-form submissions — ``recruit`` with no
cards ('choose your cards') and ``place`` with no cells ('place your cards'). The sampler fills
them from the seat's own view: a random selection that fits the deck and the budget, and a
random placement on the seat's half with up to two cards in reserve. Every other listed action
is concrete and returned as it is.
"""

from __future__ import annotations

import random
from typing import Any

from engine.games.berserk import board
from engine.games.berserk.actions import Place, Recruit
from engine.games.berserk.cards import DECKS
from engine.games.berserk.setup import RESERVE, RESERVE_SIZE, recruit_problems
from engine.games.berserk.view import BerserkView


def fills(item: Any) -> bool:
    """Whether ``sample`` fills ``item`` in: only the two templates; every other item is
    returned as it is, so the driver need not build a view for it."""
    return (isinstance(item, Recruit) and not item.cards) or (isinstance(item, Place) and not item.cells)


def sample(view: BerserkView, item: Any, rng: random.Random) -> Any:
    if isinstance(item, Recruit) and not item.cards:
        return random_recruit(view, rng)
    if isinstance(item, Place) and not item.cells:
        return random_place(view, rng)
    return item


def _own_side(view: BerserkView) -> tuple[str, tuple[int, int], int]:
    """The viewer's deck, budget and role index."""
    assert view.seat is not None and view.own is not None and view.own.deck is not None
    side = view.sides[view.seat]
    assert side.budget is not None and side.role is not None
    return view.own.deck, side.budget, 0 if side.role == "P1" else 1


def random_recruit(view: BerserkView, rng: random.Random) -> Recruit:
    """A random legal selection: the deck in random order, each card kept while the selection
    stays legal, stopping at a random size."""
    deck_id, (gold, silver), _ = _own_side(view)
    deck = DECKS[deck_id]
    order = list(deck.cards)
    rng.shuffle(order)
    want = rng.randint(1, len(order))
    chosen: list[str] = []
    for card_id in order:
        if len(chosen) == want:
            break
        if not recruit_problems(deck, [*chosen, card_id], gold, silver):
            chosen.append(card_id)
    return Recruit(tuple(chosen))


def random_place(view: BerserkView, rng: random.Random) -> Place:
    """Each recruited card to a random cell of the seat's half, up to two in reserve, at least
    one on the field."""
    _, _, role = _own_side(view)
    assert view.own is not None
    uids = list(view.own.uids)
    cells = list(board.half(role))
    rng.shuffle(cells)
    reserve = rng.randint(0, min(RESERVE_SIZE, len(uids) - 1))
    places = [RESERVE] * reserve + cells[: len(uids) - reserve]
    rng.shuffle(places)
    return Place(dict(zip(uids, places, strict=True)))
