"""Every worked example of the Hobbit rules (T1–T20) with its variants, dice fixed in advance.
Defaults as the examples state them: 3 players, Red (seat 0), Yellow (1), Blue (2)."""

from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.games.hobbit.moves import voluntary
from tests.engine.hobbit.helpers import (
    BLUE,
    GAME,
    RED,
    YELLOW,
    hand,
    kinds,
    play,
    played,
    pos,
    position,
    top_kind,
)


def refused(state: object, action: str, seat: int | None = None) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        play(state, action, seat=seat)
    return caught.value


def passes(state: object, n: int = 3) -> object:
    return play(state, *["pass"] * n)


# -- T1, T2: a fight, exact sum, Gandalf doubling ------------------------------------------------
T1_HAND = ["BH02", "BH03", "BH07", "BH11", "BH12"]  # Dori 2, Nori 2, Fili 4, Beorn 6, Bilbo 2


def t1_position(**changes: object) -> object:
    return position(at={"R1": 6}, hands={RED: T1_HAND}, tops={"mirkwood": ["MW05"]}, **changes)


def test_t1_spider_exact_sum_wins() -> None:
    s, events = played(t1_position(), ["move MV-R-2 R1 fwd"])
    assert pos(s, "R1") == 8 and top_kind(s) == "fight"
    fight = s.agenda[-1]
    assert fight.seats == (RED,) and fight.after == () and fight.card == "MW05#1"
    s, events = played(s, ["fight BH02#1 BH03#1 BH07#1 BH11#1"])
    assert "fight_won" in kinds(events)
    assert "MW05#1" in s.box.cards
    assert set(s.discard.cards) == {"BH02#1", "BH03#1", "BH07#1", "BH11#1"}
    assert pos(s, "R1") == 8 and hand(s, RED) == ["BH12#1"]
    assert top_kind(s) == "p2"


def test_t2_gandalf_at_mirkwood_doubles_one_card() -> None:
    s = play(t1_position(gandalf="G_MIRKWOOD"), "move MV-R-2 R1 fwd", "fight BH11#1 BH02#1 double BH11#1")
    assert "MW05#1" in s.box.cards
    assert hand(s, RED) == ["BH03#1", "BH07#1", "BH12#1"]


def test_t2_doubling_is_refused_away_from_the_stop_and_the_undoubled_total_loses() -> None:
    s = play(t1_position(gandalf="G_EREBOR", dice=[3]), "move MV-R-2 R1 fwd")
    error = refused(s, "fight BH11#1 BH02#1 double BH11#1")
    assert error.code == "no_gandalf" and top_kind(s) == "fight"
    s, events = played(s, ["fight BH11#1 BH02#1"])
    lost = next(e for e in events if e.kind == "fight_lost")
    assert lost.data["total"] == 8 and lost.data["die"] == 3
    assert pos(s, "R1") == 1  # back 10 − 3
    assert s.face_up[0] == "MW05#1"


# -- T3: a lost fight onto a full space; the face-up enemy is fought next ---------------------------
def test_t3_lost_fight_goes_to_the_next_free_space_and_the_enemy_waits_face_up() -> None:
    s = position(
        at={"R1": 13, "Y1": 9, "Y2": 9, "B1": 8},
        hands={RED: ["BH01", "BH02"]},
        tops={"mirkwood": ["MW06"], "beorn": ["BH04", "BH05"]},
        dice=[3],
    )
    s, events = played(s, ["move MV-R-3 R1 fwd", "fight none"])
    assert pos(s, "R1") == 8  # 16 − 7 = 9 is full
    assert "adventure" not in kinds(events[3:])  # a backward move draws nothing on 8
    assert s.face_up[0] == "MW06#1"
    assert hand(s, RED) == ["BH01#1", "BH02#1"]
    s = play(s, "end", "draw beorn", "draw beorn")  # Red's turn ends
    s, events = played(s, ["move MV-Y-1 Y1 fwd"])
    fight = s.agenda[-1]
    assert fight.kind == "fight" and fight.card == "MW06#1" and fight.seats == (YELLOW,)
    assert next(e for e in events if e.kind == "fight").data["strength"] == 16


# -- T4: a joint fight ------------------------------------------------------------------------------
def t4_position(**changes: object) -> object:
    return position(
        active=YELLOW,
        at={"R1": 10, "Y1": 7},
        face_up={"mirkwood": "MW04"},
        hands={RED: ["BH11"], YELLOW: ["BH07", "BH02"]},
        **changes,
    )


def test_t4_joint_fight_red_then_yellow_wins() -> None:
    s = play(t4_position(), "move MV-Y-3 Y1 fwd")
    fight = s.agenda[-1]
    assert fight.seats == (RED,) and fight.after == (YELLOW,)
    s = play(s, "fight BH11#1")
    assert s.agenda[-1].seats == (YELLOW,)
    s, events = played(s, ["fight BH07#1 BH02#1"])
    assert "fight_won" in kinds(events) and "MW04#1" in s.box.cards


def test_t4_joint_fight_lost_pushes_the_trigger_first() -> None:
    s, events = played(t4_position(dice=[5]), ["move MV-Y-3 Y1 fwd", "fight BH11#1", "fight BH07#1"])
    pushes = [(e.data["figure"], e.data["from"], e.data["to"]) for e in events if e.kind == "moved"][1:]
    assert pushes == [("Y1", 10, 5), ("R1", 10, 5)]
    assert s.face_up[0] == "MW04#1"
    assert {"BH11#1", "BH07#1"} <= set(s.discard.cards) and hand(s, YELLOW) == ["BH02#1"]


def test_t4_joint_fight_the_active_player_doubles_another_players_card() -> None:
    s = play(t4_position(gandalf="G_MIRKWOOD"), "move MV-Y-3 Y1 fwd", "fight BH11#1")
    assert refused(s, "fight BH11#1 double BH11#1", seat=RED).code == "not_your_move"
    s, events = played(s, ["fight none double BH11#1"])
    assert "fight_won" in kinds(events)


def test_t4_only_the_active_player_names_the_doubled_card() -> None:
    s = play(t4_position(gandalf="G_MIRKWOOD"), "move MV-Y-3 Y1 fwd")
    assert refused(s, "fight BH11#1 double BH11#1").code == "not_yours"


# -- T5: webs ---------------------------------------------------------------------------------------
def test_t5_the_only_eligible_dwarf_is_entangled() -> None:
    s = play(position(at={"R1": 12, "Bilbo": 11}, tops={"mirkwood": ["MW07"]}), "move MV-R-2 R1 fwd")
    assert s.figure("R1").entangled and "MW07#1" in s.box.cards


def test_t5a_an_entangled_dwarf_cannot_be_moved() -> None:
    s = position(at={"R1": 14, "Bilbo": 11}, entangled=["R1"])
    moves = [a for a in GAME.legal_actions(s, RED) if a.kind == "play_move_card"]
    assert moves and all(a.figure == "R2" for a in moves)
    assert refused(s, "move MV-R-1 R1 fwd").code == "entangled"


@pytest.mark.parametrize("r2_there", [False, True])
def test_t5b_ring_bilbo_ending_on_the_web_frees_at_once(r2_there: bool) -> None:
    at = {"R1": 14, "Bilbo": 11} | ({"R2": 14} if r2_there else {})
    s = position(active=YELLOW, phase="p2", at=at, entangled=["R1"], hands={YELLOW: ["BH13"]})
    s = play(s, "bilbo BH13#1 fwd")
    assert pos(s, "Bilbo") == 14 and not s.figure("R1").entangled


def test_t5c_free_web_with_cards_totalling_20() -> None:
    s = position(at={"R1": 14}, entangled=["R1"], hands={RED: ["BH11", "BH07", "BH09", "BH10"]})
    s = play(s, "web R1 BH11#1 BH07#1 BH09#1 BH10#1")
    assert not s.figure("R1").entangled and hand(s, RED) == []


def test_t5c_free_web_with_gandalf_doubling() -> None:
    s = position(
        at={"R1": 14}, entangled=["R1"], gandalf="G_MIRKWOOD", hands={RED: ["BH11", "BH07", "BH02", "BH03"]}
    )
    s = play(s, "web R1 BH11#1 BH07#1 BH02#1 BH03#1 double BH11#1")
    assert not s.figure("R1").entangled


def test_t5d_free_web_on_another_players_turn_or_short_of_20_is_refused() -> None:
    cards = {RED: ["BH11", "BH07", "BH09", "BH10", "BH08"]}
    yellows_turn = position(active=YELLOW, phase="p2", at={"R1": 14}, entangled=["R1"], hands=cards)
    assert refused(yellows_turn, "web R1 BH11#1 BH07#1 BH09#1 BH10#1", seat=RED).code == "not_your_move"
    reds_turn = position(at={"R1": 14}, entangled=["R1"], hands=cards)
    assert refused(reds_turn, "web R1 BH11#1 BH07#1 BH09#1 BH08#1").code == "too_little"  # 19


def test_t5e_bare_bilbo_frees_nobody_and_draws_an_adventure() -> None:
    s = position(
        active=YELLOW,
        phase="p2",
        at={"R1": 14, "Bilbo": 11},
        ring=25,
        entangled=["R1"],
        hands={YELLOW: ["BH13"]},
        tops={"mirkwood": ["MW05"]},
    )
    s = play(s, "bilbo BH13#1 fwd")
    assert s.figure("R1").entangled
    assert top_kind(s) == "fight" and s.agenda[-1].card == "MW05#1"


def test_t5f_of_two_red_dwarves_one_is_entangled_and_red_picks() -> None:
    s = play(position(at={"R1": 12, "R2": 14}, tops={"mirkwood": ["MW07"]}), "move MV-R-2 R1 fwd")
    assert top_kind(s) == "target" and s.agenda[-1].options == ("R1", "R2")
    s = play(s, "target R2")
    assert s.figure("R2").entangled and not s.figure("R1").entangled


def test_t5g_a_web_under_ring_bilbo_is_freed_at_the_next_turn_start() -> None:
    s = position(at={"R1": 12, "Bilbo": 14}, tops={"mirkwood": ["MW07"], "beorn": ["BH01", "BH02"]})
    s = play(s, "move MV-R-2 R1 fwd")
    assert s.figure("R1").entangled
    s, events = played(s, ["end", "draw beorn", "draw beorn"])
    assert s.active == YELLOW and not s.figure("R1").entangled
    assert kinds(events)[-2:] == ["turn_started", "freed"]


def test_t5h_a_web_of_other_colours_has_no_effect() -> None:
    s = position(active=BLUE, at={"B1": 12}, tops={"mirkwood": ["MW07"]})
    s, events = played(s, ["move MV-B-2 B1 fwd"])
    assert not s.figure("B1").entangled and "no_effect" in kinds(events) and "MW07#1" in s.box.cards


# -- T6: the barrel ride and a follow-up -------------------------------------------------------------
def test_t6_barrel_ride_then_a_chain_enemy_and_its_follow_up() -> None:
    s = position(
        active=YELLOW,
        at={"Y1": 6},
        hands={YELLOW: ["BH11", "BH02"]},
        tops={"mirkwood": ["MW13", "MW01", "MW03"]},
        dice=[3],
    )
    s = play(s, "move MV-Y-2 Y1 fwd")
    assert pos(s, "Y1") == 11 and "MW13#1" in s.box.cards
    fight = s.agenda[-1]
    assert fight.kind == "fight" and fight.card == "MW01#1" and fight.space == 11
    s = play(s, "fight BH11#1 BH02#1")
    follow = s.agenda[-1]
    assert follow.kind == "fight" and follow.card == "MW03#1" and follow.space == 11


# -- T7: Sorrow -------------------------------------------------------------------------------------
YELLOW_FIVE = ["BH01", "BH02", "BH03", "BH04", "BH05"]


def test_t7_sorrow_of_4_discards_the_whole_hand() -> None:
    s = position(
        at={"Y1": 5, "R1": 3},
        hands={RED: ["BH11"], YELLOW: YELLOW_FIVE},
        tops={"mirkwood": ["MW14"]},
        dice=[4],
    )
    s = play(s, "move MV-R-2 R1 fwd")
    assert top_kind(s) == "target"
    s, events = played(s, ["target Y1"])
    assert hand(s, YELLOW) == [] and hand(s, RED) == ["BH11#1"]
    told = next(e for e in events if e.kind == "discarded")
    assert told.audience is None and len(told.data["cards"]) == 5
    assert "MW14#1" in s.box.cards


def test_t7_sorrow_of_2_lets_yellow_choose_two() -> None:
    s = position(at={"Y1": 5, "R1": 3}, hands={YELLOW: YELLOW_FIVE}, tops={"mirkwood": ["MW14"]}, dice=[2])
    s = play(s, "move MV-R-2 R1 fwd", "target Y1")
    assert top_kind(s) == "sorrow" and s.agenda[-1].seats == (YELLOW,)
    assert refused(s, "sorrow BH01#1").code == "wrong_count"
    s = play(s, "sorrow BH01#1 BH05#1")
    assert hand(s, YELLOW) == ["BH02#1", "BH03#1", "BH04#1"] and top_kind(s) == "p2"


# -- T8: Smaug's bonus -------------------------------------------------------------------------------
@pytest.mark.parametrize(("gandalf", "smaug_ends"), [("G_EREBOR", 32), ("G_LAIR", 33)])
def test_t8_smaugs_bonus_counts_unless_gandalf_is_at_the_lair(gandalf: str, smaug_ends: int) -> None:
    s = position(phase="p3", smaug=35, gandalf=gandalf, tops={"beorn": ["BH23", "BH01"]})
    s = play(s, "draw beorn")
    assert top_kind(s) == "window" and s.agenda[-1].seats == (RED,)
    s = passes(s)
    assert s.smaug == smaug_ends and "BH23#1" in s.discard.cards and hand(s, RED) == []
    assert s.agenda[-1].draws_left == 1  # not replaced


# -- T9: the attack on Smaug --------------------------------------------------------------------------
T9_HAND = ["BH11", "BH07", "BH02", "BH12"]  # Beorn 6, Fili 4, Dori 2, Bilbo 2


def test_t9_attack_breaks_the_armour_and_pushes_smaug_back() -> None:
    s = play(position(active=BLUE, smaug=30, at={"B1": 27}, hands={BLUE: T9_HAND}), "move MV-B-3 B1 fwd")
    assert top_kind(s) == "attack"
    assert refused(s, "attack BH07#1 BH11#1").code == "not_highest"
    s, events = played(s, ["attack BH11#1 BH07#1 4"])
    assert s.smaug == 34 and pos(s, "B1") == 30 and "adventure" not in kinds(events)
    assert {"BH11#1", "BH07#1"} <= set(s.discard.cards)


def test_t9_gandalf_at_erebor_doubles_the_push() -> None:
    s = position(active=BLUE, smaug=30, at={"B1": 27}, hands={BLUE: T9_HAND}, gandalf="G_EREBOR")
    s = play(s, "move MV-B-3 B1 fwd", "attack BH11#1 BH07#1")
    assert s.smaug == 38


def test_t9_steps_beyond_the_lair_are_lost() -> None:
    s = position(active=BLUE, smaug=38, at={"B1": 35}, hands={BLUE: T9_HAND}, gandalf="G_EREBOR")
    s, events = played(s, ["move MV-B-3 B1 fwd", "attack BH11#1 BH07#1"])
    back = next(e for e in events if e.kind == "smaug_driven_back")
    assert s.smaug is None and back.data["steps"] == 5 and back.data["lost"] == 3


def test_t9_an_attack_needs_two_fight_cards() -> None:
    s = position(active=BLUE, smaug=30, at={"B1": 27}, hands={BLUE: ["BH11", "BH12"]})
    assert refused(s, "move MV-B-3 B1 fwd").code == "attack_needs_cards"


# -- T10: Smaug kills and pushes ----------------------------------------------------------------------
def t10(**changes: object) -> object:
    at = {"Y1": 34, "Bilbo": 33, "R1": 32, "B1": 18} | changes.pop("at", {})
    s = position(
        active=BLUE, phase="p3", smaug=36, gandalf="G_EREBOR", at=at, tops={"esgaroth": ["ES13"]}, **changes
    )
    s = play(s, "draw esgaroth")
    assert s.agenda[-1].pending == 4
    return passes(s)


def test_t10_smaug_pushes_the_passed_and_kills_the_landed_on() -> None:
    s = t10()
    assert s.smaug == 32 and pos(s, "Y1") == 24 and pos(s, "Bilbo") == 33
    assert pos(s, "R1") is None and s.end is None


def test_t10_with_r2_already_dead_the_team_loses() -> None:
    s = t10(at={"R2": None})
    assert GAME.result(s).reason == "dwarves_lost" and GAME.result(s).team == "lost"


def test_t10_bare_bilbo_passed_is_pushed_and_landed_on_is_killed() -> None:
    pushed = t10(ring=40)
    assert pos(pushed, "Bilbo") == 23 and pushed.end is None and top_kind(pushed) == "p3"  # no adventure
    killed = t10(ring=40, at={"Bilbo": 32})
    assert GAME.result(killed).reason == "bilbo_killed"


# -- T11: the lost ring goes to the Treasury -----------------------------------------------------------
def test_t11_smaug_takes_a_lost_ring_to_the_treasury() -> None:
    s = position(
        phase="p3",
        ring=31,
        smaug=33,
        gandalf="G_LAIR",
        at={"Bilbo": 27, "R2": 19, "R1": 29},
        tops={"esgaroth": ["ES15"]},
    )
    s = play(s, "draw esgaroth")
    assert s.agenda[-1].pending == 4
    s = passes(s)
    assert s.smaug == 29 and s.ring == "treasury" and pos(s, "R1") is None and pos(s, "Bilbo") == 27


def test_t11_bare_bilbo_on_a_treasury_space_puts_the_ring_back_on() -> None:
    s = position(
        phase="p2", ring="treasury", door_open=True, key=None, at={"Bilbo": 42}, hands={RED: ["BH13"]}
    )
    s = play(s, "bilbo BH13#1 fwd")
    assert pos(s, "Bilbo") == 45 and s.ring == "bilbo"


# -- T13: the end -------------------------------------------------------------------------------------
def test_t13a_bilbo_reaching_finish_last_wins() -> None:
    s = position(
        seats=2,
        phase="p2",
        at={"R1": 49, "Y2": 49, "Bilbo": 46},
        ring=23,
        door_open=True,
        hands={RED: ["BH13"]},
    )
    s = play(s, "bilbo BH13#1 fwd")
    result = GAME.result(s)
    assert result is not None and result.team == "won" and result.reason == "erebor_reached"
    assert GAME.to_act(s) == ()


def test_t13b_smaug_entering_21_loses_at_once() -> None:
    s = position(phase="p3", smaug=23, tops={"esgaroth": ["ES15"]}, at={"R1": 19})
    s = passes(play(s, "draw esgaroth"))
    assert s.smaug == 21 and GAME.result(s).reason == "smaug_reached_esgaroth"


def test_t13c_smaug_landing_on_the_last_dwarf_of_a_colour_loses() -> None:
    s = position(phase="p3", smaug=35, at={"R1": None, "R2": 33}, tops={"beorn": ["BH23"]}, gandalf="G_LAIR")
    s = passes(play(s, "draw beorn"))
    assert GAME.result(s).reason == "dwarves_lost"


def test_t13d_bilbo_on_finish_never_moves_again() -> None:
    s = position(phase="p2", at={"Bilbo": 49}, door_open=True, hands={RED: ["BH17"]})
    assert refused(s, "elf BH17#1 Bilbo back").code == "finished"


@pytest.mark.parametrize(("rounds", "over"), [(100, True), (99, False)])
def test_t13e_the_round_limit_ends_with_seat_2s_hand_limit(rounds: int, over: bool) -> None:
    seven = ["BH01", "BH02", "BH03", "BH04", "BH05", "BH06", "BH07"]
    s = position(active=BLUE, phase="limit", round=rounds, hands={BLUE: seven})
    s = play(s, "limit BH07#1")
    if over:
        assert GAME.result(s).reason == "round_limit" and GAME.result(s).team == "lost"
    else:
        assert s.end is None and s.active == RED and s.round == 100


# -- T14: pushing Smaug home; the window; Dwarf Gold --------------------------------------------------
def test_t14_smaug_driven_home_and_a_window_with_golden_cup() -> None:
    s = position(
        active=YELLOW,
        smaug=40,
        gandalf="G_LAIR",
        at={"Y1": 37},
        hands={YELLOW: ["ES04", "BH11", "BH02"], BLUE: ["TR01"]},
        tops={"beorn": ["BH22", "BH01"]},
    )
    s = play(s, "move MV-Y-3 Y1 fwd")
    assert refused(s, "attack BH11#1 BH02#1").code == "not_highest"
    s = play(s, "attack ES04#1 BH11#1", "end", "draw beorn")
    window = s.agenda[-1]
    assert s.smaug is None and window.kind == "window" and window.pending == 1
    s = play(s, "pass")
    assert s.agenda[-1].seats == (BLUE,)
    s = play(s, "play TR01#1")
    assert s.agenda[-1].pending == 0 and s.agenda[-1].seats == (RED,)
    s = play(s, "pass", "pass")
    assert top_kind(s) == "window"  # two passes in a row: not yet
    s = play(s, "pass")
    assert top_kind(s) == "p3" and s.smaug is None
    assert {"TR01#1", "BH22#1"} <= set(s.discard.cards)


def test_t14_dwarf_gold_played_out_of_turn_resumes_the_interrupted_phase() -> None:
    s = position(phase="p2", smaug=36, hands={BLUE: ["TR06"]})
    assert BLUE not in GAME.to_act(s)
    assert [a.kind for a in GAME.legal_actions(s, BLUE)] == ["play_treasury"]
    s = play(s, "play TR06#1", seat=BLUE)
    assert s.smaug == 39 and top_kind(s) == "p2" and s.agenda[-1].seats == (RED,)


# -- T15: the key space and trading the Key ------------------------------------------------------------
def t15(**changes: object) -> object:
    at = {"R1": 43} | changes.pop("at", {})
    return position(
        key=YELLOW,
        at=at,
        hands={RED: ["BH01", "BH03", "BH02", "BH16"]},
        tops={"treasury": ["TR01"], "beorn": ["BH04"]},
        **changes,
    )


def test_t15_the_key_is_traded_the_door_opened_and_the_eagle_flies_in() -> None:
    s = t15()
    assert refused(s, "move MV-R-3 R1 fwd").code == "door_locked"
    s = play(s, "move MV-R-1 R1 fwd", "offer 2 BH02#1 BH01#1 BH03#1")
    assert top_kind(s) == "trade_reply" and s.agenda[-1].seats == (YELLOW,)
    s = play(s, "accept KEY", "door", "eagle BH16#1 R1")
    assert {"BH01#1", "BH03#1"} <= set(s.discard.cards) and hand(s, YELLOW) == ["BH02#1"]
    assert s.door_open and s.key is None and pos(s, "R1") == 47
    s = play(s, "end")
    assert s.agenda[-1].treasury == 1
    assert sorted(a.deck for a in GAME.legal_actions(s, RED)) == ["BEORN", "TREASURY"]


def test_t15_before_the_door_opens_ring_bilbo_cannot_pass_it() -> None:
    s = t15(at={"R1": 43, "Bilbo": 43})
    assert voluntary(s, s.bilbo, 2, True, RED) == "door_locked"


def test_t15_an_offer_of_nothing_can_only_be_answered_with_the_key() -> None:
    s = play(t15(), "move MV-R-1 R1 fwd", "offer 2 NONE BH01#1 BH03#1")
    assert [GAME.dump_action(a) for a in GAME.legal_actions(s, YELLOW)] == [
        {"kind": "trade_decline"},
        {"kind": "trade_accept", "give": "KEY"},
    ]
    s = play(s, "accept KEY")
    assert s.key == RED and hand(s, RED) == ["BH02#1", "BH16#1"] and hand(s, YELLOW) == []


def test_t15_three_declined_offers_close_trading_for_the_turn() -> None:
    s = play(t15(), "move MV-R-1 R1 fwd", *["offer 2 BH02#1 BH01#1 BH03#1", "decline"] * 3)
    assert s.trade_offers == 3
    assert refused(s, "offer 2 BH02#1 BH01#1 BH03#1").code == "bad_offer"


# -- T16: the dwarf-rune finish rule -------------------------------------------------------------------
def t16(**changes: object) -> object:
    at = {"R1": 46, "R2": 27} | changes.pop("at", {})
    return position(door_open=True, key=None, at=at, hands={RED: ["BH16"]}, **changes)


def test_t16_a_dwarf_enters_finish_once_the_other_has_reached_the_rune() -> None:
    s = t16()
    assert refused(s, "move MV-R-3 R1 fwd").code == "rune"
    s = play(s, "move MV-R-2 R2 fwd", "eagle BH16#1 R1")
    assert pos(s, "R2") == 29 and pos(s, "R1") == 49


@pytest.mark.parametrize("r2", [None, 33])
def test_t16_the_rune_holds_with_the_other_dwarf_dead_or_beyond(r2: int | None) -> None:
    s = play(t16(at={"R2": r2}), "move MV-R-3 R1 fwd")
    assert pos(s, "R1") == 49


def test_t16_a_dwarf_on_finish_stays_when_the_other_is_pushed_back() -> None:
    s = t16(at={"R1": 49, "R2": 33}, phase="p3", smaug=35, tops={"beorn": ["BH23"]})
    s = passes(play(s, "draw beorn"))  # 2 + 1: Smaug enters 34, 33, 32 and pushes R2 from 33
    assert s.smaug == 32 and pos(s, "R2") == 23 and pos(s, "R1") == 49 and s.end is None


# -- T17: the ring slips --------------------------------------------------------------------------------
def t17(**changes: object) -> object:
    hands = changes.pop("hands", {})
    return position(
        smaug=33,
        gandalf="G_LAIR",
        at={"Bilbo": 31, "R1": 24},
        tops={"erebor": ["ER11"], "beorn": ["BH21", "BH01", "BH22"]},
        hands=hands,
        **changes,
    )


def test_t17_the_ring_slips_and_smaug_kills_bare_bilbo() -> None:
    s = play(t17(), "move MV-R-1 R1 fwd")
    assert s.ring == 25 and pos(s, "Bilbo") == 31 and "ER11#1" in s.box.cards
    s = passes(play(s, "end", "draw beorn"))
    assert s.smaug == 32
    s = play(s, "draw beorn")
    assert s.active == YELLOW
    s = passes(play(s, "move MV-Y-1 Y1 fwd", "end", "draw beorn"))
    assert s.smaug == 31 and GAME.result(s).reason == "bilbo_killed"


def test_t17_the_mithril_shirt_pushes_bilbo_instead() -> None:
    s = play(t17(hands={BLUE: ["TR05"]}), "move MV-R-1 R1 fwd", "end", "draw beorn", "pass", "pass", "pass")
    s = play(s, "draw beorn", "move MV-Y-1 Y1 fwd", "end", "draw beorn", "pass", "play TR05#1")
    s = passes(s)
    assert pos(s, "Bilbo") == 21 and s.end is None


def test_t17_bilbo_walks_back_onto_the_ring_and_puts_it_on() -> None:
    s = position(
        active=YELLOW, phase="p2", smaug=33, ring=25, at={"Bilbo": 31}, hands={YELLOW: ["BH17", "BH13"]}
    )
    s = play(s, "elf BH17#1 Bilbo back", "bilbo BH13#1 back")
    assert pos(s, "Bilbo") == 25 and s.ring == "bilbo"


def test_t17_smaug_entering_the_rings_space_sends_it_to_the_treasury() -> None:
    s = position(phase="p3", smaug=26, ring=25, at={"Bilbo": 10}, tops={"beorn": ["BH21"]})
    s = passes(play(s, "draw beorn"))
    assert s.smaug == 24 and s.ring == "treasury"


# -- T18: the hand limit with a red card ----------------------------------------------------------------
def test_t18_a_red_card_is_not_replaced_and_the_key_does_not_count() -> None:
    six = ["BH01", "BH02", "BH03", "BH04", "BH05", "BH06"]
    s = position(active=BLUE, phase="p2", key=BLUE, hands={BLUE: six}, tops={"beorn": ["BH21", "BH07"]})
    s = passes(play(s, "end", "draw beorn"))
    assert "BH21#1" in s.discard.cards and len(s.hands[BLUE]) == 6
    s = play(s, "draw beorn")
    assert top_kind(s) == "limit" and len(s.hands[BLUE]) == 7
    s = play(s, "limit BH07#1")
    assert len(s.hands[BLUE]) == 6 and s.key == BLUE and s.active == RED


# -- T19: Scouting -----------------------------------------------------------------------------------
def test_t19_the_scouting_die_offers_only_dwarves_it_can_move() -> None:
    s = position(
        phase="p2",
        smaug=40,
        at={"R1": 37, "R2": 12},
        hands={RED: ["BH14"]},
        tops={"mirkwood": ["MW05"]},
        dice=[4],
    )
    s = play(s, "scout BH14#1 die")
    assert [GAME.dump_action(a) for a in GAME.legal_actions(s, RED)] == [
        {"kind": "scout_choose", "dwarf": "R2"},
        {"kind": "scout_choose", "dwarf": "DISCARD"},
    ]
    assert refused(s, "scout R1").code == "smaug_blocks"
    moved = play(s, "scout R2")
    assert pos(moved, "R2") == 16 and top_kind(moved) == "fight"
    assert top_kind(play(s, "discard")) == "p2" and "BH14#1" in s.discard.cards


def test_t19_a_fixed_scouting_onto_smaug_is_an_attack_needing_two_fight_cards() -> None:
    armed = position(phase="p2", smaug=40, at={"R1": 38}, hands={RED: ["BH14", "BH11", "BH07"]})
    assert top_kind(play(armed, "scout BH14#1 fixed R1")) == "attack"
    bare = position(phase="p2", smaug=40, at={"R1": 38}, hands={RED: ["BH14", "BH11"]})
    assert refused(bare, "scout BH14#1 fixed R1").code == "attack_needs_cards"


# -- T20: the dwarf run ------------------------------------------------------------------------------
def test_t20_a_dwarf_run_joins_a_lone_dwarf_and_they_fight_together() -> None:
    s = position(
        active=YELLOW,
        phase="p2",
        at={"Y1": 7, "R1": 11, "B1": 14, "B2": 14},
        hands={YELLOW: ["BH19"]},
        tops={"mirkwood": ["MW04"]},
    )
    assert refused(s, "run BH19#1 Y1 B1").code == "bad_run"
    s, events = played(s, ["run BH19#1 Y1 R1"])
    assert pos(s, "Y1") == 11
    assert next(e for e in events if e.kind == "adventure").data["party"] == ["Y1", "R1"]
    fight = s.agenda[-1]
    assert fight.seats == (RED,) and fight.after == (YELLOW,)
