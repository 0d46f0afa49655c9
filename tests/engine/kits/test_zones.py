"""Zones and decks (``engine.kits.zones``): who sees what, and the redeal the non-interference
tests rely on, with plain cards (no game's)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from engine.core.rng import Rng
from engine.kits.zones import Deck, Visibility, Zone, ZoneView, redeal_hidden


def test_a_public_zone_shows_its_cards_to_everyone() -> None:
    pile = Zone(("a", "b"))
    assert pile.seen_by(None) == ZoneView(2, ("a", "b")) == pile.seen_by(3)


def test_an_owner_zone_shows_its_cards_to_the_owner_and_only_its_size_to_others() -> None:
    hand = Zone(("a", "b", "c"), Visibility.OWNER, owner=1)
    assert hand.seen_by(1) == ZoneView(3, ("a", "b", "c"))
    assert hand.seen_by(0) == ZoneView(3, None)
    assert hand.seen_by(None) == ZoneView(3, None)  # a spectator is nobody's owner


def test_a_deck_shows_only_its_size_and_draws_from_its_top() -> None:
    deck: Deck[str] = Deck(("bottom", "middle", "top"))
    assert deck.visibility is Visibility.COUNT and deck.seen_by(0) == ZoneView(3, None)
    card, rest = deck.draw()
    assert (card, rest.cards, rest.top) == ("top", ("bottom", "middle"), "middle")
    assert deck.cards == ("bottom", "middle", "top")  # zones are values: the old one is unchanged
    assert rest.put_on_top("x").top == "x"
    empty: Deck[str] = Deck()
    with pytest.raises(IndexError):
        empty.draw()


def test_add_and_remove_take_one_copy_each_and_a_missing_card_is_a_bug() -> None:
    pile = Zone(("a", "b", "a"))
    assert pile.add("c").cards == ("a", "b", "a", "c")
    assert pile.remove("a").cards == ("b", "a")
    assert "b" in pile and "z" not in pile and len(pile) == 3
    with pytest.raises(ValueError, match="'z' is not in this zone"):
        pile.remove("z")


def test_a_shuffle_keeps_the_cards_and_follows_the_generator() -> None:
    deck = Deck(tuple(range(20)))
    once, after = deck.shuffled(Rng(7))
    again, _ = deck.shuffled(Rng(7))
    assert once == again and sorted(once.cards) == list(range(20)) and once.cards != deck.cards
    assert after.draws > 0  # the generator moved on


def test_zones_round_trip_through_json() -> None:
    adapter: TypeAdapter[tuple[Zone[str], Deck[str]]] = TypeAdapter(tuple[Zone[str], Deck[str]])
    zones = (Zone(("a",), Visibility.OWNER, owner=0), Deck(("b", "c")))
    assert adapter.validate_json(adapter.dump_json(zones)) == zones


@settings(max_examples=80, deadline=None)
@given(
    hands=st.lists(st.lists(st.integers(0, 99), max_size=6), min_size=2, max_size=4),
    deck=st.lists(st.integers(100, 199), max_size=12),
    pile=st.lists(st.integers(200, 299), max_size=5),
    seat=st.one_of(st.none(), st.integers(0, 3)),
    seed=st.integers(0, 2**32),
)
def test_a_redeal_changes_nothing_the_seat_sees_and_keeps_every_card(
    hands: list[list[int]], deck: list[int], pile: list[int], seat: int | None, seed: int
) -> None:
    zones: list[Zone[int]] = [Zone(tuple(h), Visibility.OWNER, owner=s) for s, h in enumerate(hands)]
    zones += [Deck(tuple(deck)), Zone(tuple(pile))]
    dealt, _ = redeal_hidden(zones, seat, Rng(seed))
    assert [z.seen_by(seat) for z in dealt] == [z.seen_by(seat) for z in zones]
    assert [len(z) for z in dealt] == [len(z) for z in zones]
    assert sorted(c for z in dealt for c in z.cards) == sorted(c for z in zones for c in z.cards)
    for before, after in zip(zones, dealt, strict=True):
        if before.visible_to(seat):
            assert after.cards == before.cards


def test_a_redeal_really_moves_hidden_cards_between_zones() -> None:
    """Cards the seat cannot see travel between the zones it cannot see (so a test built on the
    redeal can notice a view that leaks them)."""
    zones: list[Zone[int]] = [
        Zone((1, 2, 3), Visibility.OWNER, owner=0),
        Zone((4, 5, 6), Visibility.OWNER, owner=1),
        Deck((7, 8, 9, 10)),
    ]
    moved = set()
    for seed in range(20):
        dealt, _ = redeal_hidden(zones, 0, Rng(seed))
        assert dealt[0].cards == (1, 2, 3)
        moved |= set(dealt[1].cards) - {4, 5, 6}
    assert moved == {7, 8, 9, 10}


def test_a_changed_zone_equals_one_made_with_init() -> None:
    """``add``, ``remove`` and ``draw`` make their zone without the frozen ``__init__``."""
    hand = Zone(("a", "b"), Visibility.OWNER, owner=1)
    assert hand.add("c") == Zone(("a", "b", "c"), Visibility.OWNER, owner=1)
    assert hand.remove("a") == Zone(("b",), Visibility.OWNER, owner=1)
    top, rest = Deck(("x", "y")).draw()
    assert (top, rest, type(rest)) == ("y", Deck(("x",)), Deck)
