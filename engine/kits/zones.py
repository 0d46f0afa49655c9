"""Zones and decks: where cards lie, and who may see them.

A ``Zone`` is an ordered tuple of cards with a ``Visibility``:

- ``PUBLIC``: everyone sees the cards (a discard pile, the box, a row of face-up cards);
- ``OWNER``: the owner sees the cards, everyone else only how many (a hand);
- ``COUNT``: nobody sees the cards, everyone sees how many (a face-down deck).

Views show a zone through ``Zone.seen_by(seat)``, so what a seat may know of a zone is decided
in this one place; the non-interference tests rely on it through ``redeal_hidden``, which
deals the cards a seat cannot see again. A ``Deck`` is a zone whose top is its last card.
Cards are whatever the game uses as card identities (usually instance ids such as ``BH02#3``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Annotated, Any, Generic, TypeVar

from pydantic import Field

from engine.core.rng import Rng
from engine.core.stored import SMALL, Small
from engine.kits.build import builder

T = TypeVar("T")
Z = TypeVar("Z", bound="Zone")  # type: ignore[type-arg]


class Visibility(StrEnum):
    PUBLIC = "public"
    OWNER = "owner"
    COUNT = "count"


@dataclass(frozen=True, slots=True)
class ZoneView(Generic[T]):
    """A zone as one seat sees it: always the count, the cards only when visible to it."""

    count: int
    cards: tuple[T, ...] | None


@dataclass(frozen=True, slots=True)
class Zone(Generic[T]):
    cards: Annotated[tuple[T, ...], Field(max_length=SMALL)] = ()
    visibility: Visibility = Visibility.PUBLIC
    owner: Small | None = None
    """The seat that sees an ``OWNER`` zone."""

    def __len__(self) -> int:
        return len(self.cards)

    def __contains__(self, card: object) -> bool:
        return card in self.cards

    def visible_to(self, seat: int | None) -> bool:
        """Whether ``seat`` (``None``: a spectator) may see the cards themselves."""
        if self.visibility is Visibility.PUBLIC:
            return True
        return self.visibility is Visibility.OWNER and seat is not None and seat == self.owner

    def seen_by(self, seat: int | None) -> ZoneView[T]:
        return ZoneView(len(self.cards), self.cards if self.visible_to(seat) else None)

    def _but(self: Z, cards: tuple[T, ...]) -> Z:
        """The zone holding ``cards`` instead. A zone and a deck are made field by field,
        without the frozen ``__init__`` (a game makes one on almost every action, and
        ``dataclasses.replace`` walks and checks every field first); a subclass with fields of
        its own goes through ``replace``."""
        make = _MAKE.get(type(self))
        if make is not None:
            made: Z = make(cards, self.visibility, self.owner)
            return made
        return replace(self, cards=cards)

    def with_cards(self: Z, cards: Iterable[T]) -> Z:
        return self._but(tuple(cards))

    def add(self: Z, *cards: T) -> Z:
        """``cards`` put on the end (the top of a deck)."""
        return self._but((*self.cards, *cards))

    def remove(self: Z, *cards: T) -> Z:
        """The zone without ``cards`` (one copy each); a card that is not there is a bug."""
        left = list(self.cards)
        for card in cards:
            try:
                left.remove(card)
            except ValueError:
                raise ValueError(f"{card!r} is not in this zone") from None
        return self._but(tuple(left))


@dataclass(frozen=True, slots=True)
class Deck(Zone[T]):
    """A face-down pile: nobody sees the cards; the last card is the top."""

    visibility: Visibility = Visibility.COUNT

    @property
    def top(self) -> T | None:
        return self.cards[-1] if self.cards else None

    def draw(self) -> tuple[T, Deck[T]]:
        """The top card and the deck without it."""
        if not self.cards:
            raise IndexError("the deck is empty")
        return self.cards[-1], self._but(self.cards[:-1])

    def put_on_top(self, card: T) -> Deck[T]:
        return self._but((*self.cards, card))

    def shuffled(self, rng: Rng) -> tuple[Deck[T], Rng]:
        cards, rng = rng.shuffled(self.cards)
        return self._but(tuple(cards)), rng


_MAKE: dict[type, Callable[..., Any]] = {Zone: builder(Zone), Deck: builder(Deck)}
"""``Zone(cards, visibility, owner)`` and the same for ``Deck``, by class (``engine.kits.build``)."""


def redeal_hidden(zones: Sequence[Z], seat: int | None, rng: Rng) -> tuple[list[Z], Rng]:
    """The zones with every card ``seat`` cannot see dealt again at random among the places
    it cannot see, each zone keeping its size: a position ``seat`` cannot tell from this one
    (other players' hands and deck orders change; its own hand and public piles do not)."""
    slots: list[tuple[int, int]] = []
    pool: list[object] = []
    for z, zone in enumerate(zones):
        if zone.visible_to(seat):
            continue
        for i in range(len(zone.cards)):
            slots.append((z, i))
            pool.append(zone.cards[i])
    dealt, rng = rng.shuffled(pool)
    cards = [list(zone.cards) for zone in zones]
    for (z, i), card in zip(slots, dealt, strict=True):
        cards[z][i] = card
    return [zone.with_cards(c) for zone, c in zip(zones, cards, strict=True)], rng
