"""Card instances: ``BH02#3`` is the third copy of card type BH02 (H1.7); ``MV-R-2`` is Red's
movement card of value 2 (H1.6). What the rules ask of a card — its type, whether it is a
fight card, its values, its highest value — is looked up here."""

from __future__ import annotations

from collections.abc import Iterable

from engine.games.hobbit.data import BOARD, CARDS, AnyCard, Colour, DeckName, FightCard, SmaugCard

INSTANCES: dict[str, AnyCard] = {
    f"{card.id}#{n}": card for card in CARDS.values() for n in range(1, card.count + 1)
}
"""Every card instance of the game, by instance id, deck by deck in file order."""

KEY = "KEY"
"""Thorin's Key in a trade (H3.4); it is never a hand card (H1.5)."""
NONE = "NONE"
"""Nothing, on one side of a trade for the Key."""


def card_of(instance: str) -> AnyCard:
    return INSTANCES[instance]


def instances_of(deck: DeckName, seats: int) -> list[str]:
    """The instances a deck starts with at a table of ``seats`` (H2.3: Smaug cards whose
    ``min_players`` is above it are boxed instead)."""
    return [i for i, c in INSTANCES.items() if c.deck == deck and c.min_players <= seats]


def boxed_at_setup(seats: int) -> list[str]:
    """H2.3: the cards put in the box before play."""
    return [i for i, c in INSTANCES.items() if c.min_players > seats]


def instance_key(instance: str) -> tuple[str, int]:
    """The order of "lowest instance id" (H6.6): by type, then copy number."""
    card_id, _, copy = instance.partition("#")
    return card_id, int(copy)


class _Keys(dict[str, tuple[str, int]]):
    """``instance_key`` of each instance, worked out once: hands are sorted on most actions."""

    def __missing__(self, instance: str) -> tuple[str, int]:
        key = self[instance] = instance_key(instance)
        return key


_KEYS = _Keys({i: instance_key(i) for i in INSTANCES})


def by_id(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=_KEYS.__getitem__)


FIGHTS: frozenset[str] = frozenset(i for i, c in INSTANCES.items() if isinstance(c, FightCard))
"""The fight card instances, asked of every card of a hand when moves are listed."""


def is_fight(instance: str) -> bool:
    return instance in FIGHTS


def values(instance: str) -> tuple[int, ...]:
    """A fight card's values (two for a dual card)."""
    card = INSTANCES[instance]
    assert isinstance(card, FightCard)
    return card.values


def highest(instance: str) -> int:
    """A fight card's value where "highest" matters: max(a, b) for a dual card (H0)."""
    return max(values(instance))


def is_red(instance: str) -> bool:
    card = INSTANCES[instance]
    return isinstance(card, SmaugCard) and card.red


def type_of(instance: str) -> str:
    return instance.partition("#")[0]


def name_of(instance: str) -> str:
    if instance.startswith("MV-"):
        return f"move {instance[-1]}"
    card = INSTANCES.get(instance)
    return card.name if card is not None else instance


# -- movement cards (H1.6) -----------------------------------------------------------------------
def move_card(colour: Colour, value: int) -> str:
    return f"MV-{colour}-{value}"


MOVE_CARDS: dict[str, tuple[Colour, int]] = {
    move_card(colour, value): (colour, value) for colour in BOARD.colours for value in BOARD.movement_values
}
"""Every movement card: its colour and value."""


def used_value(instance: str, value: int | None) -> int | None:
    """The value a fight card is used at: its only value (``value`` omitted or equal), or the
    stated one of a dual card's two; ``None`` when ``value`` does not fit the card."""
    choices = values(instance)
    if value is None:
        return choices[0] if len(choices) == 1 else None
    return value if value in choices else None
