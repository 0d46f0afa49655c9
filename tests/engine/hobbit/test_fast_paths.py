"""The shortcuts Hobbit's rules take for speed answer exactly as the long way round: the
working copy ``apply`` changes holds every field of the state, trade prices listed pair by
pair are the general choice of two cards, trade offers listed from a hand's kept menu are
every offer listed item by item, and decisions made without their frozen ``__init__`` equal
the ones made with it."""

from __future__ import annotations

import random
from dataclasses import fields, replace

from engine.games.hobbit.actions import FightSubmit, HobbitAction, TradeOffer, UsedCard
from engine.games.hobbit.cards import INSTANCES, KEY, NONE
from engine.games.hobbit.legal import FIGHT_SUBMIT, _groups, _offers, _pairs, _submit, _used, choices
from engine.games.hobbit.smaug import _changed_window
from engine.games.hobbit.state import DrawPhase, HobbitState, MoveCardPhase, PlayPhase, SmaugWindow
from engine.games.hobbit.turns import END_PHASE2, _phase3, face_up_cards, move_card_phase, to_phase2
from engine.kits.zones import Zone
from tests.engine.hobbit.helpers import GAME


def test_the_working_copy_holds_every_field_and_shares_nothing_it_changes() -> None:
    state = GAME.new(4, 3, {})
    copy = state.working_copy()
    assert copy is not state
    assert all(getattr(copy, f.name) is getattr(state, f.name) for f in fields(HobbitState))


def test_trade_prices_pair_by_pair_are_every_choice_of_two() -> None:
    supply = [i for i, c in INSTANCES.items() if c.deck in ("beorn", "esgaroth", "treasury")]
    rng = random.Random(1)
    for _ in range(2000):
        hand = rng.sample(supply, rng.randint(0, 9))
        groups = _groups(hand)
        for without in (None, *(g[0] for g in groups)):
            rest = list(hand)
            if without is not None:
                rest.remove(without)
            assert sorted(_pairs(groups, without)) == sorted(choices(rest, 2)), (hand, without)


def _offers_item_by_item(hand: list[str], seat: int, seats: int, key: int | None) -> list[HobbitAction]:
    """H3.4 spelled out: to each partner, each item (a hand card of each type, the Key if the
    seat holds it, nothing if the partner does) at each price of two other hand cards."""
    groups = _groups(hand)
    items = [g[0] for g in groups] + ([KEY] if key == seat else [])
    found: list[HobbitAction] = []
    for partner in range(seats):
        if partner != seat:
            for item in items + ([NONE] if key == partner else []):
                for price in _pairs(groups, None if item in (KEY, NONE) else item):
                    found.append(TradeOffer(partner, item, price))
    return found


def test_trade_offers_from_the_kept_menu_are_every_offer_item_by_item() -> None:
    supply = [i for i, c in INSTANCES.items() if c.deck in ("beorn", "esgaroth", "treasury")]
    rng = random.Random(2)
    state = GAME.new(4, 5, {})
    for _ in range(500):
        hand = rng.sample(supply, rng.randint(0, 7))
        seat, key = rng.randrange(4), rng.choice((None, 0, 1, 2, 3))
        hands = list(state.hands)
        hands[seat] = Zone(tuple(hand))
        state.hands, state.key = tuple(hands), key
        for _ in range(2):  # listed, then listed again from the kept menu
            assert _offers(state, seat) == _offers_item_by_item(hand, seat, 4, key), (hand, seat, key)


def test_decisions_made_without_init_equal_those_made_with_it() -> None:
    state = GAME.new(4, 3, {})
    first = face_up_cards(state, 1)[0]
    expected = MoveCardPhase(seats=(1,), default={"kind": "skip_move_card", "card": first, "absent": True})
    assert move_card_phase(state, 1) == expected
    work = state.working_copy()
    to_phase2(work)
    assert work.agenda[-1] == PlayPhase(seats=(state.active,), default=END_PHASE2)
    assert _phase3((2,), 1, 1, 0) == DrawPhase(seats=(2,), draws_left=1, esgaroth=1, treasury=0)
    window = SmaugWindow(seats=(1,), card="SM01#1", pending=3, bonus=1, passes=1, mithril=True)
    changed = _changed_window(window, seats=(2,), passes=2)
    assert changed == replace(window, seats=(2,), passes=2)
    assert type(changed) is SmaugWindow


def test_fight_cards_listed_without_init_equal_those_made_with_it() -> None:
    used = _used("BH02#1", 3)
    assert (used, type(used)) == (UsedCard("BH02#1", 3), UsedCard)
    submitted = _submit((used,), "BH02#1", FIGHT_SUBMIT)
    assert (submitted, type(submitted)) == (FightSubmit((used,), "BH02#1"), FightSubmit)
