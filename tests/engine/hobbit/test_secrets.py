"""Hobbit's secrets (H9): hands, deck orders and a trade offer's contents. ``redeal`` really
deals the other hands and the decks again (the contract suite then checks that no view,
private view or legal action changes), keeps each deck to its own cards and keeps what the
seat knows; and no event everyone sees names a card that lies in a hand."""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import Any

from engine.ai.playout import playout
from engine.core.plain import dump_json
from engine.games.hobbit.cards import INSTANCES
from engine.games.hobbit.state import HobbitState
from tests.engine.hobbit.helpers import BLUE, GAME, RED, YELLOW, every_card, play, position

CARD = re.compile(r"\b(?:BH|ES|TR|MW|ER)\d\d#\d+\b")


def random_positions(games: int = 12) -> list[HobbitState]:
    found = []
    for seed in range(games):
        state = GAME.new(2 + seed % 3, seed, {})
        moves = list(playout(GAME, state, random.Random(seed), off_turn=0.05))
        found += [m.step.state for m in moves[:: max(1, len(moves) // 15)] if m.step.state.end is None]
    return found


def test_redeal_deals_other_hands_and_decks_again_and_keeps_the_seats_own() -> None:
    hands_changed = decks_changed = 0
    for n, state in enumerate(random_positions()):
        for seat in (None, *range(state.seats)):
            other = GAME.redeal(state, seat, 100 + n)
            assert Counter(every_card(other)) == Counter(every_card(state))
            for s in range(state.seats):
                same = other.hands[s].cards == state.hands[s].cards
                if s == seat:
                    assert same
                hands_changed += not same
            for name, deck in other.decks():
                assert len(deck) == len(state.deck(name))
                assert all(INSTANCES[c].deck == name or name == "beorn" for c in deck.cards), name
                decks_changed += deck.cards != state.deck(name).cards
            assert dump_json(GAME.dump_view(GAME.view(other, seat))) == dump_json(
                GAME.dump_view(GAME.view(state, seat))
            )
            if seat is not None:
                assert GAME.private_view(other, seat) == GAME.private_view(state, seat)
                assert GAME.legal_actions(other, seat) == GAME.legal_actions(state, seat)
    assert hands_changed > 50 and decks_changed > 50


def offering() -> HobbitState:
    state = position(
        phase="p2",
        hands={
            RED: ["BH01", "BH02", "BH03", "BH04"],
            YELLOW: ["BH11", "BH12"],
            BLUE: ["BH05", "BH06", "ES04"],
        },
    )
    return play(state, "offer 2 BH02#1 BH01#1 BH03#1")


def test_redeal_keeps_an_offer_the_partner_has_seen_and_redraws_it_for_the_others() -> None:
    state = offering()
    for seed in range(20):
        partner = GAME.redeal(state, YELLOW, seed)
        assert {"BH02#1", "BH01#1", "BH03#1"} <= set(partner.hands[RED].cards)
        assert partner.agenda[-1] == state.agenda[-1]
        third = GAME.redeal(state, BLUE, seed)
        offer = third.agenda[-1]
        assert {offer.give, *offer.price} <= set(third.hands[RED].cards)  # type: ignore[union-attr]
        assert GAME.view(third, BLUE) == GAME.view(state, BLUE)
        assert GAME.legal_actions(third, BLUE) == GAME.legal_actions(state, BLUE)


def mentioned(data: Any) -> set[str]:
    return set(CARD.findall(dump_json(data)))


def test_no_public_event_names_a_card_in_a_hand() -> None:
    told = 0
    for seed in range(20):
        state = GAME.new(2 + seed % 3, seed, {})
        for move in playout(GAME, state, random.Random(seed), off_turn=0.05):
            after = move.step.state
            held = {c for h in after.hands for c in h.cards}
            for event in move.step.events:
                cards = mentioned(event.data)
                if event.audience is None:
                    assert not cards & held, (event.kind, cards & held)
                elif cards & held:
                    told += 1
                    assert event.kind in ("drew_card", "trade_offer", "trade_swapped")
    assert told > 100  # private events did name hand cards: the check had something to catch


def test_a_drawn_card_is_told_to_its_drawer_only() -> None:
    state = position(phase="p3", tops={"beorn": ["BH09", "BH10"]})
    done = GAME.apply(state, RED, GAME.parse_action("draw beorn"))
    public = [e for e in done.events if e.audience is None]
    private = [e for e in done.events if e.audience is not None]
    assert [e.kind for e in public] == ["drew"] and not mentioned(public[0].data)
    assert [(e.kind, e.audience, e.data["card"]) for e in private] == [("drew_card", (RED,), "BH09#1")]
    assert GAME.view(done.state, YELLOW).seats[RED].hand.cards is None
    assert GAME.view(done.state, RED).seats[RED].hand.cards == ("BH09#1",)
    assert GAME.view(done.state, None).seats[RED].hand.count == 1
