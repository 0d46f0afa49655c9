"""Cards moving between the hands, the decks, the discard pile and the box, on a working copy
(``engine.games.hobbit.figures`` explains working copies)."""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.games.hobbit.cards import by_id
from engine.games.hobbit.data import DeckName
from engine.games.hobbit.state import HobbitState
from engine.kits.zones import Deck


def take(work: HobbitState, seat: int, *cards: str) -> None:
    """``cards`` out of the seat's hand."""
    hands = list(work.hands)
    hands[seat] = hands[seat].remove(*cards)
    work.hands = tuple(hands)


def give(work: HobbitState, seat: int, *cards: str) -> None:
    """``cards`` into the seat's hand."""
    hands = list(work.hands)
    hands[seat] = hands[seat].add(*cards)
    work.hands = tuple(hands)


def discard(work: HobbitState, seat: int | None, *cards: str) -> None:
    """``cards`` face up on the discard pile, from the seat's hand (``None``: from elsewhere)."""
    if seat is not None:
        take(work, seat, *cards)
    work.discard = work.discard.add(*cards)


def set_deck(work: HobbitState, name: DeckName, deck: Deck[str]) -> None:
    setattr(work, name, deck)


def check_own(state: HobbitState, seat: int, cards: tuple[str, ...]) -> None:
    """That ``cards`` are distinct cards of the seat's hand; else why not."""
    if len(set(cards)) != len(cards):
        raise IllegalAction("a card is named twice", "twice")
    missing = [c for c in cards if c not in state.hands[seat].cards]
    if missing:
        raise IllegalAction(f"{', '.join(by_id(missing))}: not in your hand", "not_in_hand", card=missing[0])
