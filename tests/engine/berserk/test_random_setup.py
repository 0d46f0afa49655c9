"""**Random** recruitment and placement as the engine's own actions (``recruit random``,
``place random``): drawn from the position's generator when applied, so the log holds the
action and a replay from the seed draws the same squad; legal like a chosen submission, and as
secret."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from engine import IllegalAction
from engine.core.move_log import final_state
from engine.core.rng import Rng
from engine.games.berserk import board
from engine.games.berserk.actions import PLACE_RANDOM, PLACE_TEMPLATE, RECRUIT_RANDOM, RECRUIT_TEMPLATE
from engine.games.berserk.cards import DECKS
from engine.games.berserk.setup import (
    RESERVE,
    placement_problems,
    random_placement,
    random_recruits,
    recruit_problems,
)
from engine.games.berserk.state import BerserkState
from tests.engine.berserk.helpers import GAME, play, step


def recruiting(deck: str, seed: int) -> BerserkState:
    """Both seats hold ``deck``; seat 0 or 1 (whoever won the roll) chose to go first."""
    state = play(GAME.new(2, seed), f"deck {deck}", f"deck {deck}")
    return play(state, "first")


def log_of(seed: int) -> list[tuple[int, dict[str, Any]]]:
    """A setup taken entirely at random, as the move log stores it."""
    first = GAME.to_act(play(GAME.new(2, seed), "deck D2", "deck D4"))[0]
    return [
        (0, {"kind": "choose_deck", "deck": "D2"}),
        (1, {"kind": "choose_deck", "deck": "D4"}),
        (first, {"kind": "choose_seat", "choice": "second"}),
        (1, {"kind": "recruit_random"}),
        (0, {"kind": "recruit_random"}),
        (0, {"kind": "place_random"}),
        (1, {"kind": "place_random"}),
    ]


def played(seed: int, log: list[tuple[int, dict[str, Any]]]) -> BerserkState:
    state = GAME.new(2, seed)
    for seat, data in log:
        state = GAME.apply(state, seat, GAME.parse_action(data)).state
    return state


# -- offered beside the templates, typed, refused out of place --------------------------------------
def test_random_is_offered_beside_each_template_and_typed_back() -> None:
    s = recruiting("D1", 1)
    assert GAME.legal_actions(s, 0) == [RECRUIT_TEMPLATE, RECRUIT_RANDOM]
    s = play(s, "recruit random", "recruit random", seat=None)
    assert GAME.legal_actions(s, 1) == [PLACE_TEMPLATE, PLACE_RANDOM]
    for action, text in ((RECRUIT_RANDOM, "recruit random"), (PLACE_RANDOM, "place random")):
        assert GAME.typed(action) == text
        assert GAME.parse_action(text) == GAME.parse_action(f"  {text.title()} ") == action


def test_a_random_submission_answers_only_its_own_decision() -> None:
    s = recruiting("D1", 1)
    with pytest.raises(IllegalAction) as early:
        GAME.apply(s, 0, PLACE_RANDOM)
    assert early.value.code == "wrong_decision"
    s = play(s, "recruit random", seat=0)
    with pytest.raises(IllegalAction) as again:
        GAME.apply(s, 0, RECRUIT_RANDOM)
    assert again.value.code == "already_sent"


# -- recruitment --------------------------------------------------------------------------------------
@pytest.mark.parametrize("deck", sorted(DECKS))
def test_a_random_recruitment_is_legal_and_leaves_room_for_no_other_card(deck: str) -> None:
    squads = set()
    for seed in range(12):
        s = play(recruiting(deck, seed), "recruit random", seat=1)
        cards = s.sides[1].recruits
        assert cards is not None
        gold, silver = DECKS[deck].budget
        assert recruit_problems(DECKS[deck], cards, gold, silver) == []
        left = list(DECKS[deck].cards)
        for card_id in cards:
            left.remove(card_id)
        assert all(recruit_problems(DECKS[deck], [*cards, c], gold, silver) for c in left)
        assert list(cards) == sorted(cards, key=DECKS[deck].cards.index)  # in the deck's order
        squads.add(cards)
    assert len(squads) > 6  # drawn, not one fixed squad


def test_every_squad_no_card_could_join_can_come_out() -> None:
    """With a budget of 10 gold and no silver, the squads of Mountain Hold that no card of it
    could join, found by trying every selection, are exactly the squads 400 draws give."""
    deck = DECKS["D1"]
    gold, silver = 10, 0
    selections = {
        tuple(c for c, keep in zip(deck.cards, mask, strict=True) if keep)
        for mask in _masks(len(deck.cards))
    }
    legal = {s for s in selections if s and not recruit_problems(deck, s, gold, silver)}
    full = {
        s for s in legal if all(recruit_problems(deck, [*s, c], gold, silver) for c in _left(deck.cards, s))
    }
    drawn: Counter[tuple[str, ...]] = Counter()
    rng = Rng(3)
    for _ in range(400):
        squad, rng = random_recruits(deck, gold, silver, rng)
        drawn[squad] += 1
    assert set(drawn) == full and len(full) > 2


def _masks(n: int) -> list[tuple[bool, ...]]:
    return [tuple(bool(m >> i & 1) for i in range(n)) for m in range(1 << n)]


def _left(cards: tuple[str, ...], chosen: tuple[str, ...]) -> list[str]:
    left = list(cards)
    for card_id in chosen:
        left.remove(card_id)
    return left


# -- placement ----------------------------------------------------------------------------------------
def test_every_legal_placement_of_two_cards_is_equally_likely() -> None:
    """Two cards: 15 × 14 placements on the field and 2 × 15 with one card in reserve, 240 in
    all; 24,000 draws give each about 100 (a standard deviation of 10)."""
    uids = ["P1.nomad.1", "P1.nomad.2"]
    drawn: Counter[tuple[str, str]] = Counter()
    rng = Rng(11)
    for _ in range(24_000):
        placed, rng = random_placement(uids, 0, rng)
        assert placement_problems(uids, placed, 0) == []
        drawn[placed[uids[0]], placed[uids[1]]] += 1
    assert len(drawn) == 240
    assert 55 < min(drawn.values()) and max(drawn.values()) < 145


def test_a_random_placement_puts_cards_in_reserve_as_often_as_placements_do() -> None:
    """Nine cards: P(15, 9), 9 × P(15, 8) and 36 × P(15, 7) placements with 0, 1 and 2 cards in
    reserve — 34%, 44% and 22% of them; so many of the draws."""
    uids = [f"P2.nomad.{n}" for n in range(1, 10)]
    reserves: Counter[int] = Counter()
    rng = Rng(5)
    for _ in range(6000):
        placed, rng = random_placement(uids, 1, rng)
        assert placement_problems(uids, placed, 1) == []
        reserves[sum(1 for cell in placed.values() if cell == RESERVE)] += 1
    shares = [reserves[n] / 6000 for n in range(3)]
    assert shares == pytest.approx([0.341, 0.439, 0.220], abs=0.03)


def test_a_lone_card_goes_on_the_field() -> None:
    rng = Rng(2)
    for _ in range(50):
        placed, rng = random_placement(["P1.nomad.1"], 0, rng)
        assert placed["P1.nomad.1"] != RESERVE


# -- replay ---------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_a_random_setup_replays_from_the_seed_and_its_log(seed: int) -> None:
    log = log_of(seed)
    state = played(seed, log)
    assert state.phase == "play"
    replayed = final_state(GAME, 2, seed, {}, log)
    assert GAME.dump_state(replayed) == GAME.dump_state(state)
    for seat in (0, 1):
        assert GAME.dump_view(GAME.view(replayed, seat)) == GAME.dump_view(GAME.view(state, seat))


def test_another_seed_draws_another_squad() -> None:
    squads = {played(seed, log_of(seed)).sides[0].recruits for seed in range(5)}
    assert len(squads) > 1


# -- secrecy --------------------------------------------------------------------------------------------
def seen_by(state: BerserkState, seat: int | None) -> Any:
    """Everything ``seat`` is shown of ``state``: its view, its private view, its actions."""
    private = GAME.private_view(state, seat) if seat is not None else None
    legal = [GAME.dump_action(a) for a in GAME.legal_actions(state, seat)] if seat is not None else []
    return GAME.dump_view(GAME.view(state, seat)), private, legal


def test_a_random_submission_is_told_and_hidden_as_a_chosen_one() -> None:
    """Seat 0 recruits and places at random; seat 1 and a spectator see exactly what they see
    when he chooses another squad and placement himself, and the public events are the same."""
    start = recruiting("D1", 4)
    drawn, drawn_events = step(start, "recruit random", seat=0)
    chosen, chosen_events = step(start, "recruit C08", seat=0)
    assert drawn.sides[0].recruits != chosen.sides[0].recruits
    assert [(e.kind, e.audience) for e in drawn_events] == [("recruited", None), ("your_recruits", (0,))]
    public = [(e.kind, e.data) for e in drawn_events if e.audience is None]
    assert public == [(e.kind, e.data) for e in chosen_events if e.audience is None]
    for seat in (1, None):
        assert seen_by(drawn, seat) == seen_by(chosen, seat)

    drawn = play(drawn, "recruit C08", seat=1)
    chosen = play(chosen, "recruit C08", seat=1)
    drawn, drawn_events = step(drawn, "place random", seat=0)
    front = board.half(0 if chosen.first == 0 else 1)[0]
    chosen, chosen_events = step(chosen, f"place {front}", seat=0)
    assert [(e.kind, e.audience) for e in drawn_events] == [("placed", None), ("your_placement", (0,))]
    public = [(e.kind, e.data) for e in drawn_events if e.audience is None]
    assert public == [(e.kind, e.data) for e in chosen_events if e.audience is None]
    for seat in (1, None):
        assert seen_by(drawn, seat) == seen_by(chosen, seat)


def test_the_other_seat_cannot_tell_a_random_squad_from_a_redealt_one() -> None:
    """``redeal`` for seat 1 draws seat 0's squad again: seat 1 is shown the same, whatever it
    is."""
    state = play(recruiting("D3", 6), "recruit random", seat=0)
    squads = set()
    for seed in range(8):
        redealt = GAME.redeal(state, 1, seed)
        assert seen_by(redealt, 1) == seen_by(state, 1)
        squads.add(redealt.sides[0].recruits)
    assert len(squads) > 1
