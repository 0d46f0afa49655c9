"""Hobbit rules beyond the worked examples: setup (H2), the turn and its phases (H3), trades
(H3.4), the other adventures (H5.9), windows and Treasury cards (H6, H1.10), Dwarf Gold at any
time (H6.3), the defaults of absent players (H6.6), resigning, options and typed actions."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine import BadAction, BadOptions, DamagedState, IllegalAction
from engine.ai.playout import playout
from engine.core.contract import TURN_STARTED
from engine.games.hobbit.cards import INSTANCES, is_red
from engine.games.hobbit.data import SmaugCard
from engine.games.hobbit.typed import typed_text
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


def refused(state: Any, action: Any, seat: int | None = None) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        play(state, action, seat=seat)
    return caught.value


def actions(state: Any, seat: int) -> list[Any]:
    return [GAME.dump_action(a) for a in GAME.legal_actions(state, seat)]


# -- setup (H2) ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_h2_setup_deals_three_non_red_cards_each_and_resolves_red_ones(seats: int) -> None:
    started_on_track = 0
    for seed in range(30):
        s = GAME.new(seats, seed, {})
        assert all(len(h) == 3 and not any(is_red(c) for c in h.cards) for h in s.hands)
        assert s.key == 0 and s.ring == "bilbo" and s.gandalf == 0 and not s.door_open
        assert all(f.pos == 0 for f in s.figures) and s.active == 0 and s.round == 1
        reds = [INSTANCES[c] for c in s.discard.cards]
        assert all(isinstance(c, SmaugCard) and c.red for c in reds)  # only red cards were discarded
        extra = 1 if seats == 2 else 0  # board.toml's [smaug.red_extra]
        steps = sum(c.base + c.bonus + extra for c in reds if isinstance(c, SmaugCard))  # G_START: bonus
        assert s.smaug == (None if steps == 0 else 42 - steps + 1)
        started_on_track += s.smaug is not None
        assert top_kind(s) == "p1" and GAME.to_act(s) == (0,)
    assert started_on_track > 0


def test_h2_2_colours_are_an_option() -> None:
    s = GAME.new(3, 1, {"colours": "GBR"})
    assert s.colours == ("G", "B", "R")
    assert [(f.id, f.seat) for f in s.figures[:-1]] == [
        ("R1", 2),
        ("R2", 2),
        ("B1", 1),
        ("B2", 1),
        ("G1", 0),
        ("G2", 0),
    ]
    for bad in ({"colours": "RY"}, {"colours": "RRY"}, {"colours": "RYX"}, {"max_rounds": 0}, {"speed": 2}):
        with pytest.raises(BadOptions):
            GAME.new(3, 1, bad)
    assert GAME.new(2, 1, {"max_rounds": 5}).options.max_rounds == 5


def test_h8_10_the_round_limit_is_an_option() -> None:
    s = position(
        active=BLUE, phase="p3", round=5, options={"max_rounds": 5}, tops={"beorn": ["BH01", "BH02"]}
    )
    s = play(s, "draw beorn", "draw beorn")
    assert GAME.result(s).reason == "round_limit"


# -- the turn (H3) -------------------------------------------------------------------------------------
def test_turn_started_is_told_exactly_when_a_turn_begins() -> None:
    s = position(phase="p3", tops={"beorn": ["BH21", "BH01"]})
    s, events = played(s, ["draw beorn", "pass", "pass", "pass"])
    assert TURN_STARTED not in kinds(events)
    s, events = played(s, ["draw beorn"])
    started = [e for e in events if e.kind == TURN_STARTED]
    assert [e.data for e in started] == [{"seat": YELLOW, "round": 1}] and started[0].audience is None


def test_a_new_round_begins_with_seat_0() -> None:
    s = position(active=BLUE, phase="p3", round=7, tops={"beorn": ["BH01", "BH02"]})
    s = play(s, "draw beorn", "draw beorn")
    assert s.active == RED and s.round == 8


def test_h3_2_a_skip_only_when_no_move_is_legal_and_the_default_skips_anyway() -> None:
    s = position(at={"R1": 0, "R2": 0}, hands={})
    assert refused(s, "skip MV-R-1").code == "move_possible"
    default = GAME.default_action(s, RED)
    assert GAME.dump_action(default) == {"kind": "skip_move_card", "card": "MV-R-1", "absent": True}
    after = GAME.apply(s, RED, default).state
    assert after.move_cards[RED] == (False, True, True, True) and top_kind(after) == "p2"
    stuck = position(at={"R1": 14, "R2": None}, entangled=["R1"])
    assert [a["kind"] for a in actions(stuck, RED)] == ["skip_move_card"] * 4
    assert top_kind(play(stuck, "skip MV-R-3")) == "p2"


def test_h3_2_the_fourth_card_turned_down_turns_all_face_up() -> None:
    s, events = played(position(down={RED: [1, 2, 3]}), ["move MV-R-5 R1 fwd"])
    assert s.move_cards[RED] == (True, True, True, True) and "move_cards_refreshed" in kinds(events)


def test_h3_2_a_web_can_be_freed_before_the_movement_card() -> None:
    s = position(at={"R1": 14, "R2": None}, entangled=["R1"], hands={RED: ["BH11", "BH07", "BH09", "BH10"]})
    assert any(a["kind"] == "free_web" for a in actions(s, RED))
    s = play(s, "web R1 BH11#1 BH07#1 BH09#1 BH10#1")
    assert top_kind(s) == "p1" and any(a["kind"] == "play_move_card" for a in actions(s, RED))


def test_h3_3_a_card_whose_effect_cannot_be_carried_out_is_refused() -> None:
    s = position(phase="p2", gandalf="G_LAIR", hands={RED: ["BH20", "BH16"]}, at={"R1": 49, "R2": None})
    assert refused(s, "gandalf BH20#1 fwd").code == "path_end"
    assert refused(s, "eagle BH16#1 R1").code == "finished"
    assert refused(s, "fight BH20#1").code == "wrong_decision"


def test_h3_5_entitlements_are_optional_and_empty_decks_are_skipped() -> None:
    s = position(phase="p3", at={"R1": 18, "R2": 46}, door_open=True)
    assert [a["deck"] for a in actions(s, RED)] == ["BEORN", "ESGAROTH", "TREASURY"]
    no_beorn = position(phase="p3", at={"R1": 18}, empty=["beorn"], tops={"esgaroth": ["ES04"]})
    assert [a["deck"] for a in actions(no_beorn, RED)] == ["ESGAROTH"]
    s, events = played(no_beorn, ["draw esgaroth"])
    assert "draw_skipped" in kinds(events) and s.active == YELLOW  # the second draw had no deck


def test_h3_5_an_empty_beorns_house_is_the_shuffled_discard_pile() -> None:
    s = position(phase="p3", empty=["beorn"], discard=["BH01", "ES04", "TR02"])
    s, events = played(s, ["draw beorn"])
    assert next(e for e in events if e.kind == "reshuffled").data == {"cards": 3}
    assert len(s.beorn) == 2 and s.discard.cards == () and len(s.hands[RED]) == 1


def test_h3_6_the_limit_takes_exactly_the_cards_above_six() -> None:
    seven = ["BH01", "BH02", "BH03", "BH04", "BH05", "BH06", "BH07"]
    s = position(phase="limit", hands={RED: seven})
    assert refused(s, "limit BH01#1 BH02#1").code == "wrong_count"
    assert refused(s, "limit ES04#1").code == "not_in_hand"
    assert GAME.dump_action(GAME.default_action(s, RED)) == {"kind": "discard_to_limit", "cards": ["BH07#1"]}


# -- trades (H3.4) -----------------------------------------------------------------------------------
def trading(**changes: Any) -> Any:
    return position(
        phase="p2",
        hands={RED: ["BH01", "BH02", "BH03", "TR06"], YELLOW: ["BH11", "BH12"]},
        smaug=30,
        **changes,
    )


def test_h3_4_an_accepted_trade_pays_the_price_swaps_in_private_and_ends_trading() -> None:
    s, events = played(trading(), ["offer 2 BH02#1 BH01#1 BH03#1", "accept BH11#1"])
    assert hand(s, RED) == ["BH11#1", "TR06#1"] and hand(s, YELLOW) == ["BH02#1", "BH12#1"]
    assert {"BH01#1", "BH03#1"} <= set(s.discard.cards)
    offered = next(e for e in events if e.kind == "trade_offer")
    swapped = next(e for e in events if e.kind == "trade_swapped")
    assert offered.audience == swapped.audience == (RED, YELLOW)
    assert next(e for e in events if e.kind == "trade_accepted").audience is None
    assert not any(a["kind"] == "trade_offer" for a in actions(s, RED))
    assert refused(s, "offer 3 BH11#1 TR06#1 BH11#1").code == "bad_offer"


def test_h3_4_a_stored_offer_reads_back_only_as_one_the_offerer_can_pay() -> None:
    """Accepting an offer pays its price out of the offerer's hand: a stored offer whose price
    was tripled, names a card the offerer does not hold, or is one card short is refused when
    read back, where accepting it once raised ``ValueError`` removing a card from a hand."""
    data = GAME.dump_state(play(trading(), "offer 2 BH02#1 BH01#1 BH03#1"))
    assert GAME.load_state(data).agenda[-1].kind == "trade_reply"  # sound as stored
    *below, offer = data["agenda"]
    for price in (offer["price"] * 3, ["BH01#1", "BH11#1"], ["BH01#1"]):
        damaged = {**data, "agenda": [*below, {**offer, "price": price}]}
        with pytest.raises(DamagedState, match="trade_reply decision offers what cannot be traded"):
            GAME.load_state(damaged)


def test_h3_4_the_offer_is_seen_only_by_the_two_traders() -> None:
    s = play(trading(), "offer 2 BH02#1 BH01#1 BH03#1")
    offer = {"from": RED, "to": YELLOW, "give": "BH02#1", "price": ["BH01#1", "BH03#1"]}
    assert GAME.private_view(s, RED)["offer"] == offer and GAME.private_view(s, YELLOW)["offer"] == offer
    assert GAME.private_view(s, BLUE)["offer"] is None
    assert GAME.view(s, YELLOW).decision.give == "BH02#1"
    assert GAME.view(s, BLUE).decision.give is None and GAME.view(s, None).decision.price is None


def test_h3_4_cards_of_a_pending_offer_are_locked_dwarf_gold_included() -> None:
    s = play(trading(), "offer 2 TR06#1 BH01#1 BH03#1")
    assert actions(s, RED) == []
    assert refused(s, "play TR06#1", seat=RED).code == "not_playable"
    free = play(trading(), "offer 2 BH02#1 BH01#1 BH03#1")
    assert actions(free, RED) == [{"kind": "play_treasury", "card": "TR06#1"}]
    assert top_kind(play(free, "play TR06#1", seat=RED)) == "trade_reply"


def test_h3_4_offers_that_cannot_be_accepted_or_are_malformed_are_refused() -> None:
    s = trading(key=RED)
    assert refused(s, "offer 2 NONE BH01#1 BH03#1").code == "bad_offer"  # Yellow holds no Key
    assert refused(s, "offer 1 BH02#1 BH01#1 BH03#1").code == "bad_offer"  # oneself
    assert refused(s, "offer 2 BH02#1 BH02#1 BH03#1").code == "bad_offer"  # item in the price
    assert refused(s, "offer 2 BH02#1 BH01#1 ES04#1").code == "bad_offer"  # not in hand
    s = play(s, "offer 2 KEY BH01#1 BH03#1")
    assert {"kind": "trade_accept", "give": "NONE"} in actions(s, YELLOW)
    s = play(s, "accept NONE")
    assert s.key == YELLOW and hand(s, YELLOW) == ["BH11#1", "BH12#1"]


# -- adventures (H5.9) ------------------------------------------------------------------------------
def adventure(card: str, *, at: dict[str, Any] | None = None, **changes: Any) -> Any:
    deck = "mirkwood" if card.startswith("MW") else "erebor"
    space = 8 if deck == "mirkwood" else 23
    where = {"R1": space - 2} | (at or {})
    tops = {deck: [card, *changes.pop("more", [])]} | changes.pop("tops", {})
    return play(position(at=where, tops=tops, **changes), "move MV-R-2 R1 fwd")


def test_h5_9_the_enchanted_stream_and_the_rockfall_push_back() -> None:
    assert pos(adventure("MW15"), "R1") == 5
    assert pos(adventure("ER13"), "R1") == 19


def test_h5_9_the_hidden_passage_leads_on_and_to_a_new_adventure() -> None:
    s = adventure("ER14", more=["ER02"])
    assert pos(s, "R1") == 26 and "ER14#1" in s.box.cards and top_kind(s) == "p2"  # 26 is plain
    s = adventure("ER14", at={"R1": 31}, more=["ER02"])  # 33 + 3: the Erebor space 36
    assert pos(s, "R1") == 36 and top_kind(s) == "fight" and s.agenda[-1].card == "ER02#1"


def test_h5_9_the_thrush_gives_a_treasury_card_in_private() -> None:
    s, events = played(
        position(at={"R1": 21}, tops={"erebor": ["ER15"], "treasury": ["TR04"]}), ["move MV-R-2 R1 fwd"]
    )
    assert hand(s, RED) == ["TR04#1"]
    drawn = next(e for e in events if e.kind == "drew_card")
    assert drawn.audience == (RED,) and drawn.data["card"] == "TR04#1"
    assert next(e for e in events if e.kind == "drew").data == {"seat": RED, "deck": "treasury"}
    empty = play(
        position(at={"R1": 21}, tops={"erebor": ["ER15"], "beorn": ["BH09"]}, empty=["treasury"]),
        "move MV-R-2 R1 fwd",
    )
    assert hand(empty, RED) == ["BH09#1"]


def test_h5_9_an_erebor_smaug_event_opens_a_window_and_goes_to_the_box() -> None:
    s = adventure("ER10")
    window = s.agenda[-1]
    assert window.kind == "window" and window.pending == 4 and window.to_box
    s = play(s, "pass", "pass", "pass")
    assert s.smaug == 39 and "ER10#1" in s.box.cards and top_kind(s) == "p2"


def test_h5_8_an_exhausted_deck_draws_nothing() -> None:
    s, events = played(position(at={"R1": 6}, empty=["mirkwood"]), ["move MV-R-2 R1 fwd"])
    assert "adventure" not in kinds(events) and top_kind(s) == "p2"


def test_h5_3_fight_submissions_are_checked() -> None:
    s = adventure("MW05", hands={RED: ["ES01", "BH12", "BH11"]})
    assert refused(s, "fight ES01#1").code == "bad_value"  # Bard 4/5: say which
    assert refused(s, "fight BH12#1").code == "not_fight_card"
    assert refused(s, "fight BH11#2").code == "not_in_hand"
    assert refused(s, "fight BH11#1 BH11#1").code == "twice"
    assert refused(s, "fight ES01#1=6").code == "bad_value"
    s, events = played(s, ["fight ES01#1=5 BH11#1"])
    assert next(e for e in events if e.kind == "fight_lost").data["total"] == 11


def test_h5_7_a_won_chain_enemy_is_followed_by_the_next_card_on_its_space() -> None:
    s = adventure("MW01", more=["MW15"], hands={RED: ["BH11", "BH02"]})
    s, events = played(s, ["fight BH11#1 BH02#1"])
    assert kinds(events).count("adventure") == 1 and pos(s, "R1") == 5  # the stream follows on 8


# -- windows and the Treasury (H6.2, H1.10) -------------------------------------------------------------
def window(smaug: int | None, card: str, hands: dict[int, list[str]], **changes: Any) -> Any:
    return play(
        position(phase="p3", smaug=smaug, tops={"beorn": [card]}, hands=hands, **changes), "draw beorn"
    )


def test_h1_10_the_crown_takes_the_bonus_and_one_more() -> None:
    s = window(30, "BH25", {RED: ["TR03"]}, seats=4)  # 1 + 2
    s = play(s, "play TR03#1")
    assert s.agenda[-1].pending == 0


def test_h1_10_the_arkenstone_stops_smaug_and_the_window_needs_n_passes_again() -> None:
    s = window(30, "BH23", {YELLOW: ["TR04"]})
    s = play(s, "pass", "play TR04#1", "pass", "pass")
    assert top_kind(s) == "window" and s.agenda[-1].pending == 0
    s = play(s, "pass")
    assert s.smaug == 30 and top_kind(s) == "p3"


@pytest.mark.parametrize(("die", "won"), [(4, True), (3, False)])
def test_h1_10_bards_arrow_against_a_fatal_move(die: int, won: bool) -> None:
    s = window(23, "BH23", {RED: ["TR07"]}, dice=[die])
    assert {"kind": "play_treasury", "card": "TR07#1"} in actions(s, RED)
    s, events = played(s, ["play TR07#1"])
    arrow = next(e for e in events if e.kind == "arrow")
    assert arrow.data == {"seat": RED, "die": die, "hit": won}
    if won:
        assert GAME.result(s).reason == "smaug_slain" and GAME.result(s).team == "won"
    else:
        assert top_kind(s) == "window" and s.agenda[-1].seats == (YELLOW,) and "TR07#1" in s.discard.cards


def test_h1_10_bards_arrow_waits_for_a_fatal_move() -> None:
    s = window(30, "BH23", {RED: ["TR07"]})
    assert actions(s, RED) == [{"kind": "pass_window"}]
    assert refused(s, "play TR07#1").code == "not_playable"


# -- Dwarf Gold (H6.3) ------------------------------------------------------------------------------
def test_h6_3_dwarf_gold_during_a_fight_resumes_the_fight() -> None:
    s = adventure("MW05", smaug=30, hands={YELLOW: ["TR06"]})
    s = play(s, "play TR06#1", seat=YELLOW)
    assert s.smaug == 33 and top_kind(s) == "fight" and GAME.to_act(s) == (RED,)


def test_h6_3_dwarf_gold_is_refused_during_an_attack_a_window_and_with_smaug_at_home() -> None:
    attack = play(
        position(smaug=30, at={"R1": 27}, hands={RED: ["BH11", "BH07"], BLUE: ["TR06"]}), "move MV-R-3 R1 fwd"
    )
    assert top_kind(attack) == "attack" and actions(attack, BLUE) == []
    assert refused(attack, "play TR06#1", seat=BLUE).code == "not_playable"
    in_window = window(30, "BH23", {BLUE: ["TR06"]})
    assert actions(in_window, BLUE) == []
    assert refused(in_window, "play TR06#1", seat=BLUE).code == "not_your_move"
    at_home = position(phase="p2", hands={BLUE: ["TR06"]})
    assert actions(at_home, BLUE) == [] and refused(at_home, "play TR06#1", seat=BLUE).code == "not_playable"


def test_h6_3_the_interrupted_scouting_choice_is_judged_again() -> None:
    s = position(
        phase="p2", smaug=40, at={"R1": 37, "R2": None}, hands={RED: ["BH14"], BLUE: ["TR06"]}, dice=[4]
    )
    s = play(s, "scout BH14#1 die")
    assert actions(s, RED) == [{"kind": "scout_choose", "dwarf": "DISCARD"}]
    s = play(s, "play TR06#1", seat=BLUE)
    assert actions(s, RED)[0] == {"kind": "scout_choose", "dwarf": "R1"}


# -- H7.7: the rare shared space ----------------------------------------------------------------------
def test_h7_7_smaug_driven_back_onto_a_figure_leaves_it_alone() -> None:
    s = position(phase="p2", smaug=30, at={"Bilbo": 33}, ring=40, hands={RED: ["TR06"]})
    s = play(s, "play TR06#1")
    assert s.smaug == 33 and pos(s, "Bilbo") == 33 and s.end is None


# -- defaults (H6.6) ----------------------------------------------------------------------------------
def test_h6_6_hand_dependent_defaults() -> None:
    s = adventure("MW14", at={"Y1": 8}, hands={YELLOW: ["BH05", "BH01", "BH11", "ES04"]}, dice=[2])
    s = play(s, "target Y1")
    assert GAME.dump_action(GAME.default_action(s, YELLOW)) == {
        "kind": "sorrow_discard",
        "cards": ["BH01#1", "BH05#1"],
    }
    attack = play(
        position(smaug=30, at={"R1": 27}, hands={RED: ["BH02", "ES01", "BH11", "BH07"]}), "move MV-R-3 R1 fwd"
    )
    assert GAME.dump_action(GAME.default_action(attack, RED)) == {
        "kind": "smaug_attack",
        "armour": "BH11#1",
        "push": "ES01#1",
        "value": 5,
    }
    assert GAME.default_action(attack, YELLOW) is None


# -- resigning ----------------------------------------------------------------------------------------
def test_a_resignation_loses_the_game_for_the_whole_team() -> None:
    s = position(phase="p2")
    done = GAME.resign(s, BLUE)
    result = GAME.result(done.state)
    assert result.team == "lost" and result.reason == "resigned" and result.ranks == (1, 1, 1)
    assert kinds(done.events) == ["resigned", "game_over"]
    with pytest.raises(IllegalAction):
        GAME.resign(done.state, RED)
    with pytest.raises(IllegalAction):
        GAME.resign(s, 3)


# -- typed actions -----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "data"),
    [
        ("move MV-R-2 R1 fwd", {"kind": "play_move_card", "card": "MV-R-2", "figure": "R1", "dir": "FWD"}),
        ("Move mv-r-2 r1 Back", {"kind": "play_move_card", "card": "MV-R-2", "figure": "R1", "dir": "BACK"}),
        ("skip MV-Y-1", {"kind": "skip_move_card", "card": "MV-Y-1", "absent": False}),
        (
            "web R1 BH11#1 ES01#1=5 double BH11#1",
            {
                "kind": "free_web",
                "dwarf": "R1",
                "doubled": "BH11#1",
                "cards": [{"card": "BH11#1", "value": None}, {"card": "ES01#1", "value": 5}],
            },
        ),
        ("door", {"kind": "open_door"}),
        ("bilbo BH12#1 fwd", {"kind": "play_bilbo", "card": "BH12#1", "dir": "FWD"}),
        ("elf BH17#1 bilbo back", {"kind": "play_elf", "card": "BH17#1", "figure": "Bilbo", "dir": "BACK"}),
        ("eagle BH16#1 Y2", {"kind": "play_eagle", "card": "BH16#1", "dwarf": "Y2"}),
        ("run BH19#1 Y1 R1", {"kind": "play_dwarf_run", "card": "BH19#1", "dwarf": "Y1", "target": "R1"}),
        ("gandalf BH20#1 fwd", {"kind": "play_gandalf", "card": "BH20#1", "dir": "FWD"}),
        ("scout BH14#1 die", {"kind": "play_scout", "card": "BH14#1", "mode": "die", "dwarf": None}),
        ("scout BH14#1 fixed R2", {"kind": "play_scout", "card": "BH14#1", "mode": "fixed", "dwarf": "R2"}),
        ("scout R2", {"kind": "scout_choose", "dwarf": "R2"}),
        ("discard", {"kind": "scout_choose", "dwarf": "DISCARD"}),
        (
            "offer 2 BH02#1 BH01#1 BH03#1",
            {"kind": "trade_offer", "partner": 1, "give": "BH02#1", "price": ["BH01#1", "BH03#1"]},
        ),
        ("accept key", {"kind": "trade_accept", "give": "KEY"}),
        ("decline", {"kind": "trade_decline"}),
        ("end", {"kind": "end_phase2"}),
        ("draw beorn", {"kind": "draw", "deck": "BEORN"}),
        ("limit BH01#1 BH02#2", {"kind": "discard_to_limit", "cards": ["BH01#1", "BH02#2"]}),
        ("target Y1", {"kind": "choose_target", "figure": "Y1"}),
        ("sorrow BH01#1 BH03#2", {"kind": "sorrow_discard", "cards": ["BH01#1", "BH03#2"]}),
        (
            "fight BH02#1 BH11#2 double BH11#2",
            {
                "kind": "fight_submit",
                "doubled": "BH11#2",
                "cards": [{"card": "BH02#1", "value": None}, {"card": "BH11#2", "value": None}],
            },
        ),
        ("fight none", {"kind": "fight_submit", "cards": [], "doubled": None}),
        (
            "attack BH11#1 BH07#1 4",
            {"kind": "smaug_attack", "armour": "BH11#1", "push": "BH07#1", "value": 4},
        ),
        ("play TR01#1", {"kind": "play_treasury", "card": "TR01#1"}),
        ("pass", {"kind": "pass_window"}),
    ],
)
def test_typed_actions_read_as_data(text: str, data: dict[str, Any]) -> None:
    assert GAME.dump_action(GAME.parse_action(text)) == data


@pytest.mark.parametrize(
    "text",
    [
        "move MV-R-2 R1",
        "move MV-R-2 R1 sideways",
        "fly R1",
        "offer one BH02#1 BH01#1 BH03#1",
        "fight BH02#1 double",
        "fight double BH02#1 BH03#1",
        "attack BH11#1",
        "draw moria",
        "web R1",
        "scout BH14#1 sometimes",
        "",
        "limit " + "BH01#1 " * 30,
        "move " + "X" * 40 + " R1 fwd",
    ],
)
def test_unreadable_typed_actions_are_refused_briefly(text: str) -> None:
    with pytest.raises(BadAction):
        GAME.parse_action(text)


def test_every_listed_action_reads_back_from_its_typed_form() -> None:
    s = adventure("MW05", gandalf="G_MIRKWOOD", hands={RED: ["ES01", "BH11", "BH02", "TR06"]}, smaug=35)
    for action in GAME.legal_actions(s, RED):
        assert GAME.parse_action(typed_text(GAME.dump_action(action))) == action


HUGE = "9" * 5000


@pytest.mark.parametrize(
    "data",
    [
        f"offer {HUGE} BH02#1 BH01#1 BH03#1",
        "offer ٣ BH02#1 BH01#1 BH03#1",
        f"attack BH11#1 BH07#1 {HUGE}",
        "attack BH11#1 BH07#1 ²",
        f"fight ES01#1={HUGE}",
        "fight " + "BH01#1 " * 500,
        "web R1 " + "BH11#1 " * 500 + "double BH11#1",
        "limit " + "🪱" * 3000,
        "move " + "MV-R-1 " * 3 + "fwd",
        {"kind": "fight_submit", "cards": [{"card": "BH01#1", "value": 10**100}]},
        {"kind": "trade_offer", "partner": -1, "give": "KEY", "price": ["BH01#1"] * 300},
        {"kind": "draw", "deck": "x" * 10_000},
    ],
)
def test_hostile_hobbit_actions_end_in_the_engines_error(data: Any) -> None:
    from tests.engine.test_hostile_input import assert_refused_briefly

    assert_refused_briefly(GAME, data)


# -- the red extra at small tables (board.toml's [smaug.red_extra], card edition 2) ---------------
def _setup_flights(seats: int, edition: int) -> list[tuple[int | None, int]]:
    """Where setup left Smaug and how many red cards it resolved, for 30 seeds."""
    found = []
    for seed in range(30):
        s = GAME.new(seats, seed, {"edition": edition})
        found.append((s.smaug, len(s.discard.cards)))
    return found


def test_red_smaug_cards_fly_one_space_further_at_two_players() -> None:
    """The same deal in both editions: each red card of setup (H2.6) takes Smaug one space
    further in edition 2 at two players, and the same distance at three."""
    new, old = _setup_flights(2, 2), _setup_flights(2, 1)
    assert [reds for _, reds in new] == [reds for _, reds in old]
    flown = 0
    for (now, reds), (before, _) in zip(new, old, strict=True):
        before_steps = 0 if before is None else 43 - before
        now_steps = 0 if now is None else 43 - now
        assert now_steps == before_steps + reds
        flown += reds
    assert flown > 0
    assert _setup_flights(3, 2) == _setup_flights(3, 1)


def test_a_red_cards_window_states_the_extra_and_adventure_events_have_none() -> None:
    seen: dict[tuple[int, bool], set[int]] = {}
    for seed in range(40):
        seats = 2 + seed % 2
        state = GAME.new(seats, seed, {})
        for move in playout(GAME, state, random.Random(seed)):
            for event in move.step.events:
                if event.kind == "smaug_card":
                    card = INSTANCES[event.data["card"]]
                    assert isinstance(card, SmaugCard)
                    d = event.data
                    assert d["pending"] == card.base + d["bonus"] + d["extra"]
                    seen.setdefault((seats, card.red), set()).add(d["extra"])
    assert seen[(2, True)] == {1} and seen[(3, True)] == {0}
    assert all(extras == {0} for (_, red), extras in seen.items() if not red)


def test_the_edition_is_an_option_a_stored_game_keeps() -> None:
    assert GAME.options(2, {}).edition == 3
    assert GAME.options(2, {"edition": "1"}).edition == 1
    with pytest.raises(BadOptions):
        GAME.options(2, {"edition": 4})
    view = GAME.view(GAME.new(2, 1, {"edition": 1}), 0)
    assert view.red_extra == 0 and GAME.view(GAME.new(2, 1, {}), 0).red_extra == 1


# -- card edition 3 and the difficulty (board.toml's [smaug.red_extra] and [difficulty]) ------------
RED_EXTRA: dict[tuple[int, int, str], dict[str, int]] = {
    # (seats, edition, difficulty): the spaces each red card adds, as board.toml states them
    (2, 2, "normal"): {"BH21": 1, "BH23": 1, "ES13": 1},  # [smaug.red_extra] 2, from edition 2
    (2, 3, "normal"): {"BH21": 1, "BH23": 1, "ES13": 1},
    (3, 3, "normal"): {"BH21": 0, "BH23": 0, "ES13": 0},
    (4, 2, "normal"): {"BH21": 0, "BH23": 0, "ES13": 0},
    (4, 3, "normal"): {"BH21": 0, "BH23": 0, "ES13": -2},  # [smaug.red_extra] 4, from edition 3
    (2, 3, "easy"): {"BH21": 0, "BH23": 0, "ES13": 2},  # [difficulty] easy: beorn −1, esgaroth +1
    (3, 3, "easy"): {"BH21": -1, "BH23": -1, "ES13": 1},
    (4, 3, "easy"): {"BH21": -1, "BH23": -1, "ES13": 0},  # at 4: esgaroth +2
    (4, 2, "easy"): {"BH21": -1, "BH23": -1, "ES13": 2},  # on edition 2's table: no four-player change
    (2, 3, "hard"): {"BH21": 2, "BH23": 1, "ES13": 1},  # hard at 2: BH21 and BH22 +1
    (3, 3, "hard"): {"BH21": 1, "BH23": 1, "ES13": 0},  # at 3: BH21, BH22 and BH23
    (4, 3, "hard"): {"BH21": 1, "BH23": 1, "ES13": -2},  # at 4: the same as at 3
}
"""Smaug wakes (BH21, 1 +1), Smaug hunts (BH23, 2 +1) and Smaug's wrath (ES13, Esgaroth, 3 +1)."""


def _smaug_window(seats: int, card: str, options: dict[str, Any]) -> Any:
    """The window of ``card`` drawn by Red in phase 3, R1 in Esgaroth, Smaug on 30."""
    deck = "esgaroth" if card.startswith("ES") else "beorn"
    s = position(seats, phase="p3", at={"R1": 18}, smaug=30, tops={deck: [card]}, options=options)
    return play(s, f"draw {deck}")


@pytest.mark.parametrize(("seats", "edition", "difficulty"), sorted(RED_EXTRA))
def test_each_edition_and_difficulty_moves_smaug_as_the_data_says(
    seats: int, edition: int, difficulty: str
) -> None:
    options = {"edition": edition, "difficulty": difficulty}
    for card, extra in RED_EXTRA[(seats, edition, difficulty)].items():
        smaug = INSTANCES[f"{card}#1"]
        assert isinstance(smaug, SmaugCard)
        s, events = played(_smaug_window(seats, card, options), ["pass"] * seats)
        (shown,) = [e.data for e in events if e.kind == "window_closed"]
        assert shown["pending"] == smaug.base + smaug.bonus + extra, card
        assert s.smaug == 30 - shown["pending"], card
        view = GAME.view(s, 0)
        assert (view.red_cards or {}).get(card, view.red_extra) == extra, card


def test_a_red_card_never_moves_smaug_back() -> None:
    """Smaug's shadow (0 +1) on the easy level at four players (−1), with Gandalf at his lair
    stop (no bonus): no move at all, not one step back."""
    easy = {"difficulty": "easy"}
    s = position(4, phase="p3", smaug=30, tops={"beorn": ["BH25"]}, gandalf="G_LAIR", options=easy)
    s, events = played(play(s, "draw beorn"), ["pass"] * 4)
    card = next(e.data for e in events if e.kind == "window_closed")
    assert card["pending"] == 0 and s.smaug == 30


def test_the_difficulty_is_an_option_normal_unless_chosen() -> None:
    assert GAME.options(2, {}).difficulty == "normal"
    assert GAME.options(4, {"difficulty": "hard"}).difficulty == "hard"
    for wrong in ("brutal", "", 2):
        with pytest.raises(BadOptions):
            GAME.options(3, {"difficulty": wrong})


def test_a_normal_games_snapshot_names_no_difficulty_and_reads_back_as_normal() -> None:
    """Stored options name the difficulty (the lobby shows them); a position's snapshot only
    when it is not normal, so a normal game's snapshots are those written before difficulties."""
    normal, hard = GAME.new(3, 1, {}), GAME.new(3, 1, {"difficulty": "hard"})
    assert GAME.options(3, {}).model_dump()["difficulty"] == "normal"
    assert "difficulty" not in GAME.dump_state(normal)["options"]
    assert GAME.dump_state(hard)["options"]["difficulty"] == "hard"
    assert GAME.load_state(GAME.dump_state(normal)) == normal
    assert GAME.load_state(GAME.dump_state(hard)).options.difficulty == "hard"


def test_a_game_stored_before_difficulties_is_normal_and_keeps_its_edition() -> None:
    """State version 3 brought the difficulty and edition 3: options stored at 2 name no
    difficulty (normal), and their edition (2, the default then, if they name none)."""
    stored = {"colours": [], "max_rounds": 100, "edition": 2}
    assert GAME.upgrade_options(stored, 2) == stored | {"difficulty": "normal"}
    assert GAME.upgrade_options({"colours": [], "max_rounds": 100}, 2)["edition"] == 2
    assert GAME.upgrade_options({"colours": [], "max_rounds": 100}, 1)["edition"] == 1
    assert GAME.upgrade_options(stored | {"difficulty": "hard"}, 2)["difficulty"] == "hard"
