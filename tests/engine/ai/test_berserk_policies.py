"""Berserk's computer players: only legal actions over whole games, choices from the seat's
own view, and the baseline's sense — recruiting within its budget, fighters in front, strikes
the table favours, defenders that take a strike better, abilities used."""

from __future__ import annotations

import random
from itertools import combinations, islice

import pytest

from engine.ai import decide, get_policy, policies
from engine.ai.berserk.reading import WORTH
from engine.ai.berserk.setup import best_recruits, near_best_recruits, placement
from engine.ai.playout import PolicyChoice, Preferring, playout
from engine.games.berserk.actions import ChooseDeck
from engine.games.berserk.cards import DECKS
from engine.games.berserk.setup import default_recruits, recruit_problems
from tests.engine.ai.view_only import assert_sees_only_its_view
from tests.engine.berserk.helpers import GAME, U, play, position, waiting


def test_the_policies_are_random_baseline_and_search() -> None:
    assert policies("berserk") == ("random", "baseline", "search")


@pytest.mark.parametrize("decks", [("D1", "D2"), ("D3", "D4")])
def test_baseline_plays_only_legal_actions_to_the_end(decks: tuple[str, str]) -> None:
    for seed in range(2):
        names = ["baseline" if seat == seed % 2 else "random" for seat in range(2)]
        # each seat plays its deck, its policy the rest; decision n is seeded seed + n
        lineup = [Preferring(ChooseDeck(decks[s]), get_policy("berserk", names[s])) for s in range(2)]
        state = GAME.new(2, seed=seed)
        for played in playout(GAME, state, random.Random(seed), choose=PolicyChoice(lineup, seed)):
            templates = GAME.pending(played.before)[0].kind in ("recruit", "place")
            assert templates or played.action in GAME.legal_actions(played.before, played.seat)
            state = played.step.state  # a filled-in template was accepted
        assert GAME.result(state) is not None


def test_baseline_decides_from_its_own_view_only() -> None:
    checked = 0
    moves = playout(GAME, GAME.new(2, seed=5), random.Random(5), choose=PolicyChoice(["baseline"] * 2, 5))
    for move, played in enumerate(islice(moves, 400)):
        if move % 7 == 0:
            state, seat = played.before, played.seat
            assert_sees_only_its_view(GAME, state, GAME.redeal(state, seat, move), seat, "baseline", move)
            checked += 1
    assert checked > 10


# -- setup ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("deck", sorted(DECKS))
@pytest.mark.parametrize("budget", sorted({(22, 20), (26, 24), *(d.budget for d in DECKS.values())}))
def test_the_recruitment_fits_the_budget_and_beats_the_default(deck: str, budget: tuple[int, int]) -> None:
    chosen = best_recruits(DECKS[deck], *budget)
    assert not recruit_problems(DECKS[deck], chosen, *budget)
    default = default_recruits(DECKS[deck], *budget)
    assert sum(WORTH[c] for c in chosen) >= sum(WORTH[c] for c in default)


def _worth(army: tuple[str, ...]) -> float:
    return sum(WORTH[c] for c in army)


@pytest.mark.parametrize("deck", sorted(DECKS))
def test_the_near_best_armies_are_every_legal_army_within_the_slack(deck: str) -> None:
    """Against every selection of the deck's cards (its 2^15 subsets, copies told apart)."""
    gold, silver = DECKS[deck].budget
    cards = DECKS[deck].cards
    legal = {
        tuple(sorted(chosen))
        for size in range(1, len(cards) + 1)
        for chosen in combinations(cards, size)
        if not recruit_problems(DECKS[deck], chosen, gold, silver)
    }
    top = _worth(best_recruits(DECKS[deck], gold, silver))
    assert top == max(map(_worth, legal))
    for slack in (0.0, 2.0):
        near = near_best_recruits(DECKS[deck], gold, silver, slack)
        assert sorted(tuple(sorted(army)) for army in near) == sorted(
            army for army in legal if _worth(army) >= top - slack
        )
        assert [_worth(army) for army in near] == sorted((_worth(army) for army in near), reverse=True)
        assert all(list(army) == sorted(army, key=cards.index) for army in near)  # in deck order


def test_fighters_go_in_front_helpers_behind_reapers_in_reserve() -> None:
    cards = ["C17", "C21", "C11", "C16", "C14", "C12"]
    uids = [f"P1.x.{n}" for n in range(len(cards))]
    cells = placement(uids, cards, 0)
    assert [cells[f"P1.x.{n}"] for n in (0, 3, 4)] == ["c3", "b3", "d3"]  # Hobgoblin, Bjorn, Herbalist
    assert cells["P1.x.1"] == "reserve"  # the Plague Reaper waits for a Muster
    assert {cells["P1.x.2"], cells["P1.x.5"]} == {"c2", "b2"}  # Tree Keeper and Druid behind


# -- play --------------------------------------------------------------------------------------------
def baseline(state):  # type: ignore[no-untyped-def]
    seat = GAME.to_act(state)[0]
    return decide(GAME, state, seat, "baseline", 1)


def test_it_strikes_a_closed_enemy_and_not_a_losing_exchange() -> None:
    s = position(p1=[U("troll", "c3")], p2=[U("nomad", "c4", closed=True)])
    assert GAME.dump_action(baseline(s)) == {"kind": "strike", "attacker": "c3", "target": "c4"}
    s = position(p1=[U("monk_of_targ", "c3")], p2=[U("hobgoblin", "c4")])
    assert baseline(s).kind == "end_turn"


def test_it_defends_with_a_spare_creature_that_takes_the_strike_better() -> None:
    s = position(
        p1=[U("troll", "c3")],
        p2=[U("herbalist", "c4", wounds=4), U("lekken", "b4")],
    )
    s = play(s, "strike c3 c4")
    assert waiting(s) == ["assign_defender"]
    assert GAME.dump_action(baseline(s)) == {"kind": "assign_defender", "unit": "b4"}


def test_it_uses_abilities() -> None:
    witch = position(p1=[U("blood_witch", "c2")], p2=[U("nomad", "c4", wounds=6)])
    assert GAME.dump_action(baseline(witch))["ability"] == "blood_bolt"
    druid = position(p1=[U("druid", "b1"), U("nomad", "c2", poison=1, wounds=3)], p2=[U("nomad", "e6")])
    chosen = GAME.dump_action(baseline(druid))
    assert (chosen["ability"], chosen["targets"]) == ("forest_breath", ["c2"])
    reaper = position(
        p1=[U("nomad", "a3"), U("plague_reaper")], p2=[U("hobgoblin", "c4", poison=1)], active=1
    )
    s = play(reaper, "end")
    s = play(s, baseline(s))  # the Muster: the Reaper comes for the poisoned Hobgoblin
    assert GAME.dump_action(baseline(s))["entries"][0]["targets"] == ["c4"]
