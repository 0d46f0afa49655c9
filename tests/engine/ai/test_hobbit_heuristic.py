"""Hobbit's ``heuristic`` computer player: only legal actions over whole games at every table
size, choices from its own view alone, and its sense — exact fight sums (H5.3) with Gandalf's
doubling, Treasury cards against a fatal Smaug move (H6.2, H1.10), the Key passed toward the
door and the door opened (H3.4, H4.8), attacks on Smaug (H7.5)."""

from __future__ import annotations

import random
from itertools import islice, product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.ai import decide, policies
from engine.ai.arena import run_arena
from engine.ai.hobbit.sums import exact
from engine.ai.hobbit.worth import keep
from engine.ai.playout import PolicyChoice, playout
from engine.games.hobbit.actions import (
    NO_FIGHT,
    PASS_WINDOW,
    FightSubmit,
    OpenDoor,
    PlayTreasury,
    SmaugAttack,
    TradeAccept,
    TradeOffer,
)
from engine.games.hobbit.cards import INSTANCES, KEY, NONE, is_fight, values
from tests.engine.ai.view_only import assert_sees_only_its_view
from tests.engine.hobbit.helpers import BLUE, GAME, RED, YELLOW, kinds, play, played, position, top_kind


def heuristic(state: Any, seat: int | None = None, seed: int = 1) -> Any:
    who = GAME.to_act(state)[0] if seat is None else seat
    return decide(GAME, state, who, "heuristic", seed)


def test_the_policies_are_random_then_heuristic() -> None:
    assert policies("hobbit") == ("random", "heuristic")


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_it_plays_only_legal_actions_to_the_end(seats: int) -> None:
    for seed in range(3):
        # all heuristic, then heuristic beside random players, who reach positions it would not
        lineup = ["heuristic"] * seats if seed < 2 else ["heuristic", "random"] * 2
        state = GAME.new(seats, 7 * seats + seed, {"max_rounds": 40})
        choose = PolicyChoice(lineup[:seats], seed * 1000)
        for move in playout(GAME, state, random.Random(seed), choose=choose):
            assert move.action in GAME.legal_actions(move.before, move.seat)
            state = move.step.state
        assert GAME.result(state) is not None


def test_it_decides_from_its_own_view_only() -> None:
    checked = 0
    for seats, seed in ((3, 11), (4, 12)):
        state = GAME.new(seats, seed, {})
        moves = playout(GAME, state, random.Random(seed), choose=PolicyChoice(["heuristic"] * seats, seed))
        for n, move in enumerate(islice(moves, 1500)):
            if n % 4 == 0:
                before, seat = move.before, move.seat
                # other seats' hands, the decks' orders and the dice to come dealt again
                altered = GAME.redeal(before, seat, n)
                assert_sees_only_its_view(GAME, before, altered, seat, "heuristic", n)
                checked += 1
    assert checked > 150


def test_the_arena_plays_it() -> None:
    report = run_arena("hobbit", 3, 2, ["heuristic"], seed=3)
    assert report.games == 2 and all(slot.seconds for slot in report.slots)


# -- fights (H5.3) ---------------------------------------------------------------------------------
T1_HAND = ["BH02", "BH03", "BH07", "BH11", "BH12", "BH01"]  # Dori 2, Nori 2, Fili 4, Beorn 6, Bilbo 2, Ori 1


def spider(hand: list[str], **changes: Any) -> Any:
    """T1: R1 moves from 6 onto 8 and meets the Giant spider (14) alone."""
    s = position(at={"R1": 6}, hands={RED: hand}, tops={"mirkwood": ["MW05"]}, **changes)
    return play(s, "move MV-R-2 R1 fwd")


def total(action: FightSubmit) -> int:
    values = {u.card: u.value or 0 for u in action.cards}
    return sum(values.values()) + (values.get(action.doubled, 0) if action.doubled else 0)


def test_it_finds_the_exact_sum_and_wins() -> None:
    s = spider(T1_HAND)
    choice = heuristic(s)
    assert isinstance(choice, FightSubmit) and total(choice) == 14
    s, events = played(s, [choice])
    assert "fight_won" in kinds(events)


def test_it_doubles_with_gandalf_when_only_that_makes_the_sum() -> None:
    s = spider(["BH11", "BH02", "BH12"], gandalf="G_MIRKWOOD")  # 6 doubled + 2
    choice = heuristic(s)
    assert choice == FightSubmit(choice.cards, "BH11#1") and total(choice) == 14
    assert "fight_won" in kinds(played(s, [choice])[1])


def test_a_dual_card_is_used_at_the_value_that_fits() -> None:
    s = spider(["ES03", "BH11"])  # Bard the Bowman 3/8 + Beorn 6
    choice = heuristic(s)
    assert {(u.card, u.value) for u in choice.cards} == {("ES03#1", 8), ("BH11#1", 6)}


def test_without_an_exact_sum_it_keeps_its_cards() -> None:
    s = spider(["BH11", "BH07", "BH09"])  # 6, 4, 5: no subset makes 14
    assert heuristic(s) == NO_FIGHT


def test_in_a_joint_fight_the_last_player_makes_up_the_rest() -> None:
    """T4: Red has submitted Beorn 6; Yellow, active and last, completes 12 with Fili and Dori
    — the other player's hand unseen, what it submitted known."""
    s = position(
        active=YELLOW,
        at={"R1": 10, "Y1": 7},
        face_up={"mirkwood": "MW04"},
        hands={RED: ["BH11"], YELLOW: ["BH07", "BH02", "BH04", "BH01"]},
    )
    s = play(s, "move MV-Y-3 Y1 fwd", "fight BH11#1")
    choice = heuristic(s)
    assert total(choice) == 6 and {u.card for u in choice.cards} == {"BH07#1", "BH02#1"}
    assert "fight_won" in kinds(played(s, [choice])[1])


def test_an_earlier_player_submits_only_a_sum_that_wins_alone() -> None:
    s = position(
        active=YELLOW,
        at={"R1": 10, "Y1": 7},
        face_up={"mirkwood": "MW04"},
        hands={RED: ["BH11", "BH07"], YELLOW: ["BH07"]},
    )
    s = play(s, "move MV-Y-3 Y1 fwd")
    assert heuristic(s) == NO_FIGHT  # 6 + 4 = 10 is not 12: it leaves the fight to Yellow
    s = position(
        active=YELLOW,
        at={"R1": 10, "Y1": 7},
        face_up={"mirkwood": "MW04"},
        hands={RED: ["BH11", "BH07", "BH03"], YELLOW: ["BH07"]},
    )
    s = play(s, "move MV-Y-3 Y1 fwd")
    choice = heuristic(s)
    assert total(choice) == 12
    s = play(s, choice)
    assert heuristic(s) == NO_FIGHT  # Yellow adds nothing to a total already made


# -- Smaug windows (H6.2, H1.10) ----------------------------------------------------------------------
def window(smaug: int | None, card: str, hands: dict[int, list[str]], **changes: Any) -> Any:
    """Red draws ``card`` in phase 3 and the window opens with Red."""
    s = position(phase="p3", smaug=smaug, tops={"beorn": [card]}, hands=hands, **changes)
    return play(s, "draw beorn")


def test_it_plays_a_treasury_card_against_a_fatal_move() -> None:
    s = window(23, "BH23", {RED: ["TR01", "BH01"]})  # 2 + 1 from 23 reaches 21
    assert top_kind(s) == "window" and s.agenda[-1].pending == 3
    assert heuristic(s) == PlayTreasury("TR01#1")


def test_bards_arrow_flies_first_against_a_fatal_move_and_the_cup_after_a_miss() -> None:
    s = window(23, "BH23", {RED: ["TR01", "TR07"]}, dice=[2])
    assert heuristic(s) == PlayTreasury("TR07#1")
    s = play(s, "play TR07#1", "pass", "pass")  # a miss; Yellow and Blue pass
    assert top_kind(s) == "window" and GAME.to_act(s) == (RED,)
    assert heuristic(s) == PlayTreasury("TR01#1")


def test_it_keeps_its_treasury_card_when_the_move_is_harmless() -> None:
    s = window(None, "BH21", {RED: ["TR01"]})  # 2 steps out of the lair, nobody on the slopes
    assert heuristic(s) == PASS_WINDOW


def test_the_mithril_shirt_saves_a_last_dwarf() -> None:
    # R2 is dead; R1 stands where the move ends: a kill would lose the game
    s = window(30, "BH21", {RED: ["TR05"]}, at={"R1": 28, "R2": None})
    assert heuristic(s) == PlayTreasury("TR05#1")


# -- Smaug attacks (H7.5) ---------------------------------------------------------------------------------
def test_it_attacks_smaug_with_the_push_that_reaches_his_lair_at_least_cost() -> None:
    s = position(active=BLUE, smaug=40, at={"B1": 37}, hands={BLUE: ["ES04", "BH11", "BH04", "BH01"]})
    s = play(s, "move MV-B-3 B1 fwd")
    assert top_kind(s) == "attack"
    choice = heuristic(s)
    assert isinstance(choice, SmaugAttack) and choice.armour == "ES04#1"
    assert choice.push == "BH04#1"  # Bifur's 3 steps send him home from 40; Beorn would waste 3


def test_it_moves_onto_smaug_to_drive_him_back_from_esgaroth() -> None:
    s = position(smaug=26, at={"R1": 23, "R2": 1}, hands={RED: ["BH11", "BH10", "BH08"]})
    choice = heuristic(s)
    assert GAME.dump_action(choice) == {
        "kind": "play_move_card",
        "card": "MV-R-3",
        "figure": "R1",
        "dir": "FWD",
    }


# -- the Key and the door (H3.4, H4.8) --------------------------------------------------------------------
def test_the_player_nearest_the_door_asks_for_the_key() -> None:
    s = position(phase="p2", key=YELLOW, at={"R1": 40}, hands={RED: ["BH01", "BH02", "BH11"]})
    choice = heuristic(s)
    assert isinstance(choice, TradeOffer) and (choice.partner, choice.give) == (YELLOW, NONE)
    assert set(choice.price) == {"BH01#1", "BH02#1"}  # the two cards it misses least
    s = play(s, choice)
    assert heuristic(s) == TradeAccept(KEY)  # Yellow's dwarves are still at the start
    s = play(s, TradeAccept(KEY))
    assert s.key == RED


def test_the_holder_hands_the_key_to_the_player_nearest_the_door() -> None:
    s = position(phase="p2", key=RED, at={"Y1": 41, "R1": 5}, hands={RED: ["BH01", "BH02", "BH11"]})
    choice = heuristic(s)
    assert isinstance(choice, TradeOffer) and (choice.partner, choice.give) == (YELLOW, KEY)
    s = play(s, choice)
    assert heuristic(s) == TradeAccept(NONE)


def test_a_holder_ahead_keeps_the_key() -> None:
    s = position(
        active=YELLOW, phase="p2", key=RED, at={"R1": 42, "Y1": 38}, hands={YELLOW: ["BH01", "BH02"]}
    )
    s = play(s, "offer 1 NONE BH01#1 BH02#1")
    assert heuristic(s) == GAME.parse_action("decline")


def test_it_opens_the_door() -> None:
    s = position(at={"R1": 44}, key=RED, hands={RED: ["BH01"]})
    assert heuristic(s) == OpenDoor()


# -- no stalls before the round limit (H8.10) --------------------------------------------------------
def last_dwarves(at_round: int) -> Any:
    """Two players, each with one dwarf left on 32 below Smaug on 37 (Gandalf at his lair), ring-
    Bilbo on 43 before the locked door: the table that repeated for 50 rounds in the two-player
    game of seed 6. Red's 1 and 5 are face down; its 2 and 3 lead within Smaug's reach."""
    return position(
        2,
        at={"R1": 32, "R2": None, "Y1": 32, "Y2": None, "Bilbo": 43},
        smaug=37,
        gandalf="G_LAIR",
        key=YELLOW,
        hands={RED: ["BH02", "BH05", "BH08", "BH13", "BH14", "BH18"]},  # Scouting 2, Tauriel
        down={RED: [1, 5]},
        round=at_round,
    )


def test_a_last_dwarf_keeps_out_of_smaugs_reach_while_there_are_rounds_to_wait() -> None:
    choice = GAME.dump_action(heuristic(last_dwarves(at_round=60)))
    assert (choice["card"], choice["dir"]) == ("MV-R-2", "BACK")


def test_in_the_last_rounds_a_last_dwarf_steps_in_front_of_smaug_and_attacks() -> None:
    s = last_dwarves(at_round=95)
    choice = heuristic(s)
    move = GAME.dump_action(choice)
    assert (move["card"], move["figure"], move["dir"]) == ("MV-R-3", "R1", "FWD")
    s = play(s, choice)
    s = play(s, heuristic(s))  # Scouting 2 carries R1 onto Smaug
    assert top_kind(s) == "attack"
    s = play(s, heuristic(s))
    assert s.smaug == 40


def stuck_web(bilbo: int) -> Any:
    """Blue must let two cards go; B1 is entangled on 14 (the three-player game of seed 1981)."""
    at = {"R1": 49, "R2": 30, "Y1": 49, "Y2": 49, "B1": 14, "B2": 42, "Bilbo": bilbo}
    hand = ["BH05", "BH11", "BH17", "ES04", "ES08", "TR02", "TR03", "TR07"]
    return position(
        active=BLUE,
        phase="limit",
        at=at,
        entangled=["B1"],
        smaug=35,
        key=None,
        door_open=True,
        hands={BLUE: hand},
    )


def test_a_dwarf_only_fight_cards_can_free_makes_the_hand_keep_them() -> None:
    # ring-Bilbo on his way may still free B1: a small fight card goes with Legolas
    assert set(heuristic(stuck_web(bilbo=20)).cards) == {"BH05#1", "BH17#1"}
    # Bilbo home: only 20 in fight cards free B1, so Legolas and the Great Eagle go instead
    assert set(heuristic(stuck_web(bilbo=49)).cards) == {"BH17#1", "ES08#1"}


# -- the subset sum itself -----------------------------------------------------------------------------
FIGHT_CARDS = sorted(i for i, c in INSTANCES.items() if is_fight(i))


def brute_force(cards: list[str], target: int, doubling: bool) -> bool:
    """Whether some subset of ``cards`` (each dual card at either value, one card doubled when
    ``doubling``) totals ``target``: every choice tried."""
    for chosen in product(*[(0, *values(c)) for c in cards]):
        used = [v for v in chosen if v]
        if sum(used) == target or (doubling and any(sum(used) + v == target for v in used)):
            return True
    return False


@settings(max_examples=300, deadline=None)
@given(
    cards=st.lists(st.sampled_from(FIGHT_CARDS), min_size=0, max_size=7, unique=True),
    target=st.integers(1, 30),
    doubling=st.booleans(),
)
def test_the_exact_sum_is_found_whenever_one_exists(cards: list[str], target: int, doubling: bool) -> None:
    pick = exact(cards, target, keep, doubling=doubling)
    assert (pick is not None) == brute_force(cards, target, doubling)
    if pick is not None:
        assert pick.total == target and {c for c, _ in pick.cards} <= set(cards)
        assert all(v in values(c) for c, v in pick.cards)
        assert pick.doubled is None or (doubling and pick.doubled in {c for c, _ in pick.cards})
