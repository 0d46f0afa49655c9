"""Setup (B13–B18), the Muster (B19), turns (B20–B24), the end of the game (B57–B59) and the
defaults of B25a."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import BadOptions, IllegalAction
from engine.ai.berserk.setup import best_recruits
from engine.core.contract import TURN_STARTED
from engine.core.rng import Rng
from engine.games.berserk.cards import DECKS
from engine.games.berserk.setup import recruit_problems
from engine.games.berserk.state import BerserkState
from tests.engine.berserk.helpers import GAME, U, at, kinds, of_kind, play, position, step, unit, waiting


def decks_chosen(first: str = "D1", second: str = "D3", rolls: tuple[int, ...] = (5, 2)) -> BerserkState:
    """Both decks chosen; the seat roll gave ``rolls`` (seat 0 wins with the default)."""
    s = GAME.new(2, seed=1)
    s = play(s, f"deck {first}", seat=0)
    s = replace(s, rng=Rng.scripted(*rolls))
    return play(s, f"deck {second}", seat=1)


def recruiting(choice: str = "first") -> BerserkState:
    """Seat 0 (D1) won the roll and chose ``choice``; seat 1 has D3."""
    return play(decks_chosen(), choice, seat=0)


# -- deck choice and seats (B13, B14) --------------------------------------------------------------
def test_a_deck_choice_stays_secret_until_both_are_in() -> None:
    s, events = step(GAME.new(2, seed=1), "deck D2", seat=0)
    assert kinds(events) == ["deck_chosen", "your_deck"] and events[1].audience == (0,)
    for seat in (1, None):
        view = GAME.view(s, seat)
        assert view.sides[0].deck is None and view.sides[0].sent is True and view.sides[1].sent is False
    assert GAME.view(s, 0).own is not None and GAME.view(s, 0).own.deck == "D2"  # type: ignore[union-attr]
    assert GAME.to_act(s) == (1,) and waiting(s) == ["choose_deck"]
    with pytest.raises(IllegalAction) as again:
        GAME.apply(s, 0, GAME.parse_action("deck D1"))
    assert again.value.code == "already_sent"


def test_the_seat_roll_rerolls_ties_and_the_winner_chooses() -> None:
    s, events = step(
        replace(play(GAME.new(2, seed=1), "deck D1", seat=0), rng=Rng.scripted(3, 3, 2, 5)), "deck D4", seat=1
    )
    assert of_kind(events, "decks_revealed") == [{"decks": ["D1", "D4"]}]
    assert of_kind(events, "seat_roll") == [{"rolls": [[3, 3], [2, 5]], "winner": 1}]
    assert waiting(s) == ["choose_seat"] and GAME.to_act(s) == (1,)
    s = play(s, "second")
    assert s.first == 0 and GAME.view(s, None).sides[0].budget == DECKS["D1"].budget
    assert GAME.view(s, None).sides[1].budget == DECKS["D4"].budget  # each deck's own (ours, tuned)


def test_after_ten_tied_pairs_seat_0_counts_as_the_higher_roller() -> None:
    s = replace(play(GAME.new(2, seed=1), "deck D1", seat=0), rng=Rng.scripted(*[4] * 20))
    _, events = step(s, "deck D1", seat=1)
    roll = of_kind(events, "seat_roll")[0]
    assert len(roll["rolls"]) == 10 and roll["winner"] == 0


# -- recruitment (B16) ------------------------------------------------------------------------------
def test_every_broken_limit_is_named_at_once() -> None:
    s = recruiting()
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, GAME.parse_action("recruit C01 C01 C13 C03 C03 C08"))
    codes = [p["code"] for p in refused.value.params["problems"]]
    assert codes == ["too_many_copies", "unique_twice", "not_in_deck", "gold"]
    assert refused.value.code == "bad_recruitment" and "C13 is not in Mountain Hold" in refused.value.message
    with pytest.raises(IllegalAction) as empty:
        GAME.apply(s, 0, GAME.parse_action({"kind": "recruit", "cards": []}))
    assert [p["code"] for p in empty.value.params["problems"]] == ["empty"]


def test_gold_covers_silver_but_silver_never_covers_gold() -> None:
    s = recruiting()
    play(s, "recruit C01 C03 C03 C02 C02 C04 C04", seat=0)  # 20 gold; 24 silver ≤ 22 + 4 spare gold
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, GAME.parse_action("recruit C01 C03 C03 C08 C02 C02 C04 C04"))  # 24 gold, no spare
    assert [p["code"] for p in refused.value.params["problems"]] == ["silver"]


def test_the_default_recruitment_walks_the_deck_list() -> None:
    s = recruiting()
    assert GAME.default_action(s, 0) == GAME.parse_action("recruit C01 C02 C02 C03 C03 C04 C04")


def test_a_recruitment_is_private() -> None:
    s, events = step(recruiting(), "recruit C07 C07 C05", seat=0)
    assert [(e.kind, e.audience) for e in events] == [("recruited", None), ("your_recruits", (0,))]
    own = GAME.view(s, 0).own
    assert own is not None and own.uids == ("P1.nomad.1", "P1.nomad.2", "P1.ravine_gnome.1")
    assert GAME.view(s, 1).own is not None and GAME.view(s, 1).own.recruits is None  # type: ignore[union-attr]
    assert "C05" not in str(GAME.dump_view(GAME.view(s, 1))) and GAME.view(s, None).own is None


# -- placement and the Reveal (B17, B18) --------------------------------------------------------------
def placing(cards: str = "C07 C07 C05 C09") -> BerserkState:
    return play(recruiting(), f"recruit {cards}", "recruit C07", seat=None)


def test_every_placement_problem_is_named_at_once() -> None:
    s = placing()
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, GAME.parse_action("place 1=a4 2=b3 3=b3 9=c3"))
    codes = [p["code"] for p in refused.value.params["problems"]]
    assert codes == ["not_recruited", "not_placed", "not_your_half", "cell_taken"]
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, GAME.parse_action("place reserve reserve reserve b3"))
    assert [p["code"] for p in refused.value.params["problems"]] == ["reserve_full"]
    two = play(recruiting(), "recruit C07 C05", "recruit C07", seat=None)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(two, 0, GAME.parse_action("place reserve reserve"))
    assert [p["code"] for p in refused.value.params["problems"]] == ["empty_field"]


def test_the_default_placement_fills_the_front_row_first() -> None:
    s = placing("C01 C02 C02 C03 C03 C04 C04")
    cells = GAME.default_action(s, 0).cells  # type: ignore[union-attr]
    assert list(cells.values()) == ["a3", "b3", "c3", "d3", "e3", "a2", "b2"]


def test_the_reveal_gives_the_field_the_lowest_copy_numbers() -> None:
    s = placing("C07 C07")
    s = play(s, "place P1.nomad.1=reserve P1.nomad.2=b3", seat=0)
    s, events = step(s, "place e4", seat=1)
    assert unit(s, "P1.nomad.1").cell == "b3" and unit(s, "P1.nomad.2").zone == "reserve"
    assert of_kind(events, "revealed")[0]["reserves"] == [1, 0]
    assert of_kind(events, TURN_STARTED) == [{"seat": 0, "round": 1, "turn": 1}]
    assert GAME.view(s, 1).sides[0].reserve == 1 and "P1.nomad.2" not in str(GAME.dump_view(GAME.view(s, 1)))


# -- the Muster (B19) ---------------------------------------------------------------------------------------
def test_a_mustered_card_takes_the_lowest_copy_number_left_in_reserve() -> None:
    s = position(p1=[U("nomad", "a3"), U("nomad"), U("nomad")], p2=[U("nomad", "a5")], active=1)
    s = play(s, "end")
    assert waiting(s) == ["muster"] and GAME.to_act(s) == (0,)  # P2 has no reserve: none is his
    s, events = step(s, "muster P1.nomad.3 c1")
    assert at(s, "c1").uid == "P1.nomad.2" and unit(s, "P1.nomad.3").zone == "reserve"
    assert of_kind(events, "mustered")[0]["entries"][0] == {"seat": 0, "unit": "P1.nomad.2", "cell": "c1"}
    assert not at(s, "c1").closed and at(s, "c1").moves == 2


def test_a_full_home_row_opens_the_rest_of_the_half_and_a_full_half_nothing() -> None:
    home = [U("nomad", f"{c}1") for c in "abcde"]
    s = play(position(p1=[*home, U("nomad")], p2=[U("nomad", "a5")], active=1), "end")
    cells = {a.cell for a in GAME.legal_actions(s, 0) if a.card is not None}  # type: ignore[union-attr]
    assert cells == {f"{c}{r}" for c in "abcde" for r in (2, 3)}
    half = [U("nomad", f"{c}{r}") for c in "abcde" for r in (1, 2, 3)]
    s = play(position(p1=[*half, U("nomad")], p2=[U("nomad", "a5")], active=1), "end")
    assert waiting(s) == ["main"] and s.round == 2 and GAME.to_act(s) == (0,)


def test_a_muster_choice_is_secret_until_both_have_chosen() -> None:
    s = position(p1=[U("nomad", "a3"), U("nomad")], p2=[U("nomad", "a5"), U("vampire")], active=1)
    s = play(s, "end")
    s, events = step(s, "muster P1.nomad.2 b1", seat=0)
    assert [(e.kind, e.audience) for e in events] == [("muster_chosen", None), ("your_muster", (0,))]
    other = GAME.view(s, 1)
    assert other.sides[0].sent is True and "b1" not in str(GAME.dump_view(other))
    s = play(s, "muster none", seat=1)
    assert at(s, "b1").uid == "P1.nomad.2" and unit(s, "P2.vampire.1").zone == "reserve"


# -- turns and modifiers (B21–B24) -------------------------------------------------------------------------
def test_turns_alternate_and_rounds_open_with_p1() -> None:
    s = position(p1=[U("nomad", "a3", closed=True, struck=True)], p2=[U("nomad", "e5", defended=1)])
    s, events = step(s, "end")
    assert of_kind(events, TURN_STARTED) == [{"seat": 1, "round": 1, "turn": 2}]
    assert at(s, "a3").closed and not at(s, "a3").struck and not at(s, "e5").defended  # B22: only P2 opens
    s, events = step(s, "end")
    assert of_kind(events, TURN_STARTED) == [{"seat": 0, "round": 2, "turn": 3}] and not at(s, "a3").closed


def test_a_pass_in_a_window_starts_no_turn() -> None:
    s = position(p1=[U("ingri", "b2"), U("nomad", "c3")], p2=[U("nomad", "c4")], dice=[1, 1])
    s = play(s, "strike c3 c4")
    assert waiting(s) == ["respond"]
    _, events = step(s, "pass")
    assert TURN_STARTED not in kinds(events)


def test_strike_bonuses_expire_when_their_turn_ends() -> None:
    s = position(
        p1=[U("ingri", "b2"), U("claer", "c3")], p2=[U("bjorn", "c4"), U("nomad", "d4")], dice=[1, 1]
    )
    s = play(s, "activate b2 battle_cry c3")
    assert [m.expires for m in at(s, "c3").mods] == [1]
    s = play(s, "end")
    assert at(s, "c3").mods == ()  # until the end of this turn (B24)
    s = position(p1=[U("nomad", "b3")], p2=[U("claer", "c4"), U("nomad", "b4")], dice=[1, 1])
    s = play(s, "strike b3 b4", "defend c4")
    assert [m.expires for m in at(s, "c4").mods] == [2]  # Claer's owner's next turn: P2's turn 2
    s = play(s, "end")
    assert [m.expires for m in at(s, "c4").mods] == [2]
    s = play(s, "end")
    assert at(s, "c4").mods == ()


# -- the end (B57–B59) ---------------------------------------------------------------------------------
def test_the_last_creature_dying_loses_and_both_at_once_is_a_draw() -> None:
    s = play(position(p1=[U("nomad", "c3")], p2=[U("nomad", "c4", wounds=7)], dice=[6, 1]), "strike c3 c4")
    result = GAME.result(s)
    assert (
        result is not None and result.winners == (0,) and result.reason == "defeat" and GAME.to_act(s) == ()
    )
    both = position(p1=[U("nomad", "c3", wounds=7)], p2=[U("nomad", "c4", wounds=5)], dice=[6, 2])  # d = +4
    s = play(both, "strike c3 c4")
    result = GAME.result(s)
    assert result is not None and result.draw and result.reason == "defeat"
    assert s.resolution.stack == () and s.resolution.queue == ()


def test_the_round_cap_scores_the_cost_on_the_field() -> None:
    s = position(p1=[U("troll", "a3")], p2=[U("nomad", "a5"), U("nomad", "b5")], active=1, round_cap=1)
    s, events = step(s, "end")
    result = GAME.result(s)
    assert result is not None and result.reason == "round_cap" and result.winners == (1,)
    assert result.scores == (5.0, 6.0)
    assert of_kind(events, "round_cap") == [{"scores": [5, 6]}]


def test_resigning_is_possible_at_any_time_even_out_of_turn() -> None:
    s = GAME.new(2, seed=3)
    done = GAME.resign(s, 1)
    result = GAME.result(done.state)
    assert result is not None and result.winners == (0,) and result.reason == "resigned"
    with pytest.raises(IllegalAction):
        GAME.resign(done.state, 0)


def recruiting_with(edition: int, deck: str) -> BerserkState:
    """A game of the budgets' ``edition``: both seats on ``deck``, seat 0 first, recruiting."""
    s = GAME.new(2, seed=1, options={"edition": edition})
    s = play(replace(play(s, f"deck {deck}", seat=0), rng=Rng.scripted(5, 2)), f"deck {deck}", seat=1)
    return play(s, "first")


@pytest.mark.parametrize("deck", ["D1", "D2", "D3", "D4"])
def test_new_games_give_each_deck_its_budget_and_games_stored_before_the_classic_one(deck: str) -> None:
    """B15: the budgets' edition 2 (new games) gives each deck its own budget; a game stored
    before decks had budgets (state version 1) is read as edition 1, 24 gold + 22 silver for
    every deck, and a recruitment that spends them all is legal there whatever the deck's own."""
    assert GAME.options(2, {}).edition == 2
    assert GAME.upgrade_options({"round_cap": 20}, 1) == {"round_cap": 20, "edition": 1}
    assert GAME.upgrade_options({"edition": 2}, 1) == {"edition": 2}  # only what is absent
    new, old = recruiting_with(2, deck), recruiting_with(1, deck)
    for seat in (0, 1):
        assert GAME.view(new, seat).sides[seat].budget == DECKS[deck].budget
        assert GAME.view(old, None).sides[seat].budget == (24, 22)
    assert GAME.view(new, None).edition == 2 and GAME.view(old, None).edition == 1
    classic = best_recruits(DECKS[deck], 24, 22)
    assert play(old, f"recruit {' '.join(classic)}", seat=0).sides[0].recruits == classic
    fits = not recruit_problems(DECKS[deck], classic, *DECKS[deck].budget)
    if fits:
        assert play(new, f"recruit {' '.join(classic)}", seat=0).sides[0].recruits == classic
    else:
        with pytest.raises(IllegalAction):
            play(new, f"recruit {' '.join(classic)}", seat=0)


def test_the_budgets_edition_is_checked() -> None:
    for wrong in (0, 3, "deck"):
        with pytest.raises(BadOptions):
            GAME.options(2, {"edition": wrong})
