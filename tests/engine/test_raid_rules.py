"""Raid rules R8–R19 in play and every example E1–E6 (E7 is in test_raid_placement.py).

Seat 0 is player A, seat 1 player B. ``maps[s]`` is the hazard map seat ``s`` drew; the
*other* seat's scout walks it.
"""

from __future__ import annotations

import pytest

from engine import IllegalAction
from engine.games.raid import Guess, LeaveKit, Move, UseKit
from tests.engine.raid_helpers import GAME, kinds, objects, play, position


def encounters(state):  # type: ignore[no-untyped-def]
    return [(e.seat, e.cell, e.kind, e.outcome) for e in state.encounters]


# -- the examples ---------------------------------------------------------------------------------
def test_e1_trap_stops_wounds_and_ends_the_turn() -> None:
    s = position((objects(traps=["C1"]), ()), current=1)  # A's map; B's scout walks it
    step = GAME.apply(s, 1, GAME.parse_action("A1 E1"))
    t = step.state
    assert t.scouts[1].cell == "C1" and t.scouts[1].wounds == 1
    assert t.scouts[1].trail == ("A1", "B1", "C1")
    assert encounters(t) == [(1, "C1", "trap", "wounded")]
    assert kinds(step.events) == ["moved", "encounter", "turn_started"]
    assert step.events[0].data["walked"] == ["B1", "C1"] and step.events[0].data["stopped"] is True
    assert t.current == 0 and t.turn == 1


def test_e2_artifact_first_then_fight_two_misses_then_kill() -> None:
    b_map = objects(artifacts=["B2", "J9", "J10"], terrorists=["B2=4"])
    s = position(((), b_map), scouts={0: {"cell": "B1"}})
    s = play(s, "B2")
    assert s.scouts[0].artifacts == 1
    assert s.fight is not None and s.fight.cell == "B2"
    assert GAME.to_act(s) == (0,)
    assert [a.zone for a in GAME.legal_actions(s, 0)] == [1, 2, 3, 4, 5, 6]
    s = play(s, "guess 2")
    assert s.scouts[0].wounds == 1 and GAME.to_act(s) == (0,)
    s = play(s, "guess 5")
    assert [a.zone for a in GAME.legal_actions(s, 0)] == [1, 3, 4, 6]
    step = GAME.apply(s, 0, Guess(4))
    s = step.state
    assert s.scouts[0].wounds == 2 and s.fight is None
    assert s.current == 1 and s.turn == 1  # turn over
    assert encounters(s) == [
        (0, "B2", "artifact", "collected"),
        (0, "B2", "terrorist", "fight"),
        (0, "B2", "terrorist", "miss"),
        (0, "B2", "terrorist", "miss"),
        (0, "B2", "terrorist", "killed"),
    ]
    assert [e.zone for e in s.encounters[2:]] == [2, 5, 4]
    assert s.maps[1] is not None and not any(h.live for h in s.maps[1] if h.cell == "B2")


def test_e3_pit_costs_the_next_turn_and_again_on_a_later_crossing() -> None:
    s = position(((), objects(pits=["D4"], traps=["J10"])), scouts={0: {"cell": "D1"}})
    step = GAME.apply(s, 0, GAME.parse_action("D6"))
    s = step.state
    assert s.scouts[0].cell == "D4" and s.scouts[0].skip == 1
    assert GAME.to_act(s) == (1,)
    # B moves; A's turn is skipped at once and B moves again.
    step = GAME.apply(s, 1, GAME.parse_action("A3"))
    assert kinds(step.events) == ["moved", "turn_skipped", "turn_started"]
    assert step.events[1].data == {"seat": 0, "skip_left": 0, "turn": 3}
    s = step.state
    assert s.current == 1 and s.turn == 3 and s.scouts[0].skip == 0
    s = play(s, "A1")
    assert s.current == 0
    s = play(s, "D1")  # leaves the pit upwards: the start cell is not met again
    assert s.scouts[0].cell == "D1" and s.scouts[0].skip == 0
    s = play(s, "A4", "D1 D9")  # B moves, then A crosses D4 again
    assert s.scouts[0].cell == "D4" and s.scouts[0].skip == 1
    assert [e.outcome for e in s.encounters] == ["fell", "fell"]


def test_e4_fifteenth_wound_from_a_trap_beats_the_scout() -> None:
    s = position(((), objects(traps=["A2"])), scouts={0: {"wounds": 14}})
    step = GAME.apply(s, 0, GAME.parse_action("A5"))
    s = step.state
    assert s.scouts[0].wounds == 15
    assert s.phase == "over" and s.winner == 1 and s.end == "beaten"
    assert GAME.to_act(s) == ()
    result = GAME.result(s)
    assert result is not None and result.ranks == (2, 1) and result.winners == (1,)
    assert kinds(step.events) == ["moved", "encounter", "game_over"]


def test_e5_kit_heals_all_wounds_and_is_gone() -> None:
    s = position(((), objects(kit="A3")), scouts={0: {"wounds": 9}})
    s = play(s, "A6")
    assert s.scouts[0].cell == "A3" and s.kit_pending == "A3"
    assert GAME.legal_actions(s, 0) == [UseKit(), LeaveKit()]
    step = GAME.apply(s, 0, UseKit())
    s = step.state
    assert s.scouts[0].wounds == 0 and s.scouts[0].kit_used and s.current == 1
    assert s.maps[1] is not None and not s.maps[1][0].live
    s = play(s, "A2", "A1", "A1", "A6")  # B, A back to the entry, B, then A crosses A3
    assert s.scouts[0].cell == "A6"
    assert encounters(s) == [(0, "A3", "kit", "found"), (0, "A3", "kit", "used")]


def test_e6_path_stops_at_the_first_object_rest_dropped() -> None:
    s = position(((), objects(pits=["A3"], traps=["D5"])))
    step = GAME.apply(s, 0, GAME.parse_action("A1 A5 D5"))
    assert step.state.scouts[0].cell == "A3"
    assert step.state.scouts[0].trail == ("A1", "A2", "A3")
    assert step.events[0].data["walked"] == ["A2", "A3"]
    assert encounters(step.state) == [(0, "A3", "pit", "fell")]


# -- walking (R10, R11) ---------------------------------------------------------------------------
def test_r10_a_path_without_objects_ends_where_it_ends() -> None:
    s = position((objects(traps=["B1"]), objects(traps=["J1"])))
    step = GAME.apply(s, 0, GAME.parse_action("down 5, right 8"))
    assert step.state.scouts[0].cell == "I6" and step.state.encounters == ()
    assert kinds(step.events) == ["moved", "turn_started"]
    assert step.events[0].data["stopped"] is False


def test_r3_a_scout_walks_the_opponents_map_not_his_own() -> None:
    s = position((objects(traps=["A2"]), ()))  # A's own trap does not touch A's scout
    assert play(s, "A5").scouts[0].cell == "A5"


def test_r10_dead_and_collected_objects_do_not_stop_but_pits_and_traps_do() -> None:
    b_map = objects(artifacts=["A2", "J9"], terrorists=["B2=1"], traps=["A4"])
    s = position(((), b_map))
    s = play(s, "A5")  # artifact at A2
    assert s.scouts[0].cell == "A2"
    s = play(s, "B1", "A5")  # B; A passes A2 (collected) and stops on the trap A4
    assert s.scouts[0].cell == "A4" and s.scouts[0].wounds == 1
    s = play(s, "A1", "A1")  # B; A goes back up through A2, A3 and reaches A1 freely
    assert s.scouts[0].cell == "A1"
    s = play(s, "B1", "A5")  # the trap stays (R15)
    assert s.scouts[0].cell == "A4" and s.scouts[0].wounds == 2


def test_r11_meeting_order_on_one_cell() -> None:
    b_map = objects(artifacts=["B2", "J9"], terrorists=["B2=3"], pits=["B2"], traps=["B2"], kit="B2")
    s = position(((), b_map), scouts={0: {"cell": "B1"}})
    s = play(s, "B5")
    assert s.scouts[0].cell == "B2" and s.fight is not None
    s = play(s, "guess 3")
    assert s.kit_pending == "B2" and s.current == 0
    assert encounters(s) == [
        (0, "B2", "artifact", "collected"),
        (0, "B2", "terrorist", "fight"),
        (0, "B2", "terrorist", "killed"),
        (0, "B2", "pit", "fell"),
        (0, "B2", "trap", "wounded"),
        (0, "B2", "kit", "found"),
    ]
    s = play(s, "use")
    assert s.scouts[0].wounds == 0 and s.scouts[0].skip == 1


def test_r11_a_fight_hides_the_rest_of_the_cell_until_it_ends() -> None:
    b_map = objects(artifacts=["J9"], terrorists=["B2=3"], pits=["B2"])
    s = position(((), b_map), scouts={0: {"cell": "B1"}})
    s = play(s, "B2")
    view = GAME.view(s, 0)
    assert [e.kind for e in view.encounters] == ["terrorist"]
    assert view.fight is not None and view.fight.cell == "B2" and view.fight.named == ()


# -- fights (R13) ---------------------------------------------------------------------------------
def test_r13_zones_named_once_and_in_range() -> None:
    s = position(((), objects(terrorists=["B2=6"], artifacts=["J9"])), scouts={0: {"cell": "B1"}})
    s = play(s, "B2", "guess 1")
    before = GAME.dump_state(s)
    with pytest.raises(IllegalAction, match="already named") as err:
        GAME.apply(s, 0, Guess(1))
    assert err.value.code == "zone_named"
    with pytest.raises(IllegalAction, match="not a zone 1–6"):
        GAME.apply(s, 0, Guess(7))
    with pytest.raises(IllegalAction, match="fighting the terrorist on B2"):
        GAME.apply(s, 0, Move(("B5",)))
    with pytest.raises(IllegalAction, match="turn"):
        GAME.apply(s, 1, Guess(2))
    assert GAME.dump_state(s) == before
    s = play(s, "2", "3", "4", "5")
    assert s.scouts[0].wounds == 5 and GAME.legal_actions(s, 0) == [Guess(6)]
    s = play(s, "6")
    assert s.fight is None and s.current == 1


def test_r13_r17_beaten_in_the_middle_of_a_fight() -> None:
    s = position(
        ((), objects(terrorists=["B2=6"], artifacts=["J9"])), scouts={0: {"cell": "B1", "wounds": 13}}
    )
    s = play(s, "B2", "guess 1")
    assert s.phase == "play" and s.scouts[0].wounds == 14
    step = GAME.apply(s, 0, Guess(2))
    assert step.state.phase == "over" and step.state.winner == 1 and step.state.end == "beaten"
    assert step.state.fight is None


def test_r13_zones_option() -> None:
    s = position(
        ((), objects(terrorists=["B2=2"], artifacts=["J9"])), scouts={0: {"cell": "B1"}}, options={"zones": 3}
    )
    s = play(s, "B2")
    assert [g.zone for g in GAME.legal_actions(s, 0)] == [1, 2, 3]


# -- pits, kits, the end --------------------------------------------------------------------------
def test_r14_both_scouts_in_pits_each_miss_their_next_turn() -> None:
    s = position((objects(pits=["A2"]), objects(pits=["A3"])))
    s = play(s, "A5")  # A falls at A3
    step = GAME.apply(s, 1, GAME.parse_action("A5"))  # B falls at A2
    assert kinds(step.events) == ["moved", "encounter", "turn_skipped", "turn_skipped", "turn_started"]
    assert [e.data["seat"] for e in step.events[2:]] == [0, 1, 0]
    s = step.state
    assert s.current == 0 and s.turn == 4
    assert s.scouts[0].skip == 0 and s.scouts[1].skip == 0


def test_r16_leave_the_kit_and_come_back_later() -> None:
    s = position(((), objects(kit="A3")), scouts={0: {"wounds": 4}})
    s = play(s, "A5")
    with pytest.raises(IllegalAction, match="use the first-aid kit on A3 or leave it"):
        GAME.apply(s, 0, Move(("A5",)))
    s = play(s, "leave")
    assert s.scouts[0].wounds == 4 and s.current == 1 and s.maps[1] is not None and s.maps[1][0].live
    s = play(s, "B1", "A5", "A1")  # B; A leaves the kit cell (not met again); B
    assert s.scouts[0].cell == "A5"
    s = play(s, "A1")  # A walks back over A3: the kit stops him again
    assert s.scouts[0].cell == "A3" and s.kit_pending == "A3"
    s = play(s, "use")
    assert s.scouts[0].wounds == 0 and s.scouts[0].kit_used


def test_r17_beaten_after_using_the_kit_too() -> None:
    s = position(((), objects(traps=["A2"])), scouts={0: {"wounds": 14, "kit_used": True}})
    assert play(s, "A3").winner == 1


def test_r18_the_last_artifact_wins_at_once_even_before_a_fight() -> None:
    b_map = objects(artifacts=["A3", "B2"], terrorists=["B2=1"])
    s = position(((), b_map), options={"artifacts": 2})
    s = play(s, "A5")
    assert s.scouts[0].artifacts == 1 and s.phase == "play"
    s = play(s, "B1", "A1", "A1", "B1", "B1", "B2")
    assert s.phase == "over" and s.winner == 0 and s.end == "mission" and s.fight is None
    result = GAME.result(s)
    assert result is not None and result.ranks == (1, 2) and result.scores == (2.0, 0.0)


def test_r19_two_hundred_turns_are_a_draw() -> None:
    s = position(turn=199, current=1)
    step = GAME.apply(s, 1, GAME.parse_action("A2"))
    assert step.state.phase == "over" and step.state.winner == "draw" and step.state.end == "turn_limit"
    result = GAME.result(step.state)
    assert result is not None and result.draw and result.ranks == (1, 1) and result.winners == ()
    assert play(position(turn=198), "A2").phase == "play"


def test_r19_a_skipped_turn_counts_as_a_turn() -> None:
    s = position((objects(), objects(pits=["A2"])), turn=197)
    s = play(s, "A3")  # turn 198 ends; A will miss his next turn
    step = GAME.apply(s, 1, GAME.parse_action("A2"))  # turn 199; A's skipped turn is the 200th
    assert kinds(step.events)[-2:] == ["turn_skipped", "game_over"]
    assert step.state.winner == "draw"


def test_resign_in_placement_and_in_play() -> None:
    s = GAME.new(2, seed=1)
    step = GAME.resign(s, 0)
    assert step.state.winner == 1 and step.state.end == "resigned"
    assert kinds(step.events) == ["resigned", "game_over"]
    s = position(((), objects(terrorists=["B2=1"])), scouts={0: {"cell": "B1"}})
    s = play(s, "B2")
    over = GAME.resign(s, 1).state  # the opponent resigns in the middle of A's fight
    assert over.winner == 0 and GAME.to_act(over) == () and over.fight is None
    with pytest.raises(IllegalAction, match="over"):
        GAME.resign(over, 0)
    with pytest.raises(IllegalAction, match="over"):
        GAME.apply(over, 0, Move(("A2",)))
    with pytest.raises(IllegalAction, match="not playing"):
        GAME.resign(s, 2)


def test_wrong_action_for_the_moment() -> None:
    s = position()
    for action, code in [(Guess(1), "no_fight"), (UseKit(), "no_kit"), (LeaveKit(), "no_kit")]:
        with pytest.raises(IllegalAction) as err:
            GAME.apply(s, 0, action)
        assert err.value.code == code
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, 1, Move(("A2",)))
    assert err.value.code == "not_your_turn"


def test_legal_actions_templates_round_trip() -> None:
    s = GAME.new(2, seed=1)
    for state, seat in [(s, 0), (position(), 0)]:
        for action in GAME.legal_actions(state, seat):
            assert GAME.parse_action(GAME.dump_action(action)) == action
    assert GAME.legal_actions(position(), 0) == [Move()]
    assert GAME.legal_actions(position(), 1) == []
    with pytest.raises(IllegalAction, match="the path is empty"):
        GAME.apply(position(), 0, Move())


# -- what is seen ---------------------------------------------------------------------------------
def test_views_hold_own_map_only_and_reveal_both_at_the_end() -> None:
    a_map, b_map = objects(pits=["C3"]), objects(traps=["A2"], artifacts=["J9"])
    s = position((a_map, b_map))
    assert GAME.view(s, 0).own_map == a_map
    assert GAME.view(s, 1).own_map == b_map
    assert GAME.view(s, None).own_map is None
    assert GAME.view(s, None).revealed_maps is None
    step = GAME.apply(s, 0, GAME.parse_action("A3"))
    assert all(e.audience is None for e in step.events)  # encounters are public
    view = GAME.view(step.state, 0)
    assert view.scouts[0].wounds == 1 and view.encounters[0].cell == "A2"
    end = GAME.resign(step.state, 1).state
    for seat in (0, 1, None):
        assert GAME.view(end, seat).revealed_maps == end.maps
    assert GAME.view(end, None).winner == 0


def test_view_fields() -> None:
    v = GAME.view(GAME.new(2, seed=1, options={"scenario": "crossroads"}), None)
    assert v.phase == "placement" and v.scenario == "crossroads" and v.entry == "E5"
    assert v.artifact_name == "hostages" and len(v.buildings) == 28
    assert v.counts == {"pits": 4, "traps": 4, "terrorists": 4, "kit": 1, "artifacts": 3}
    assert v.current is None and v.placed == (False, False) and v.winner is None
    assert [s.cell for s in v.scouts] == ["E5", "E5"]


def test_r5_two_traps_on_one_cell_wound_twice_in_one_stop() -> None:
    b_map = objects(traps=["C1", "C1"])
    s = play(position(((), b_map)), "A1 E1")
    assert s.scouts[0].cell == "C1" and s.scouts[0].wounds == 2
    assert encounters(s) == [(0, "C1", "trap", "wounded"), (0, "C1", "trap", "wounded")]
    assert s.current == 1


def test_r5_two_pits_on_one_cell_cost_two_turns() -> None:
    b_map = objects(pits=["A3", "A3"])
    s = play(position(((), b_map)), "A1 A5")
    assert s.scouts[0].cell == "A3" and s.scouts[0].skip == 2
    assert encounters(s) == [(0, "A3", "pit", "fell"), (0, "A3", "pit", "fell")]
    s = play(s, "B1")  # seat 1 moves; seat 0 misses two turns, so seat 1 moves again
    assert s.current == 1 and s.scouts[0].skip == 1
    s = play(s, "C1")
    assert s.current == 1 and s.scouts[0].skip == 0
    s = play(s, "D1")
    assert s.current == 0


def test_r5_r11_after_a_kill_the_next_terrorist_on_the_cell_is_met() -> None:
    b_map = objects(terrorists=["B2=4", "B2=1"], traps=["B2"], artifacts=["J9", "J10", "H9"])
    s = play(position(((), b_map), scouts={0: {"cell": "B1"}}), "B2")
    first, second = (i for i, h in enumerate(b_map) if h.kind == "terrorist")
    assert s.fight is not None and s.fight.target == first
    s = play(s, "guess 4")  # the first dies; the second one stands on the same cell
    assert s.fight is not None and s.fight.target == second and s.current == 0
    assert [a.zone for a in GAME.legal_actions(s, 0)] == [1, 2, 3, 4, 5, 6]
    s = play(s, "guess 1")  # the second dies too; then the trap
    assert s.fight is None and s.current == 1 and s.scouts[0].wounds == 1
    assert [(kind, outcome) for _, _, kind, outcome in encounters(s)] == [
        ("terrorist", "fight"),
        ("terrorist", "killed"),
        ("terrorist", "fight"),
        ("terrorist", "killed"),
        ("trap", "wounded"),
    ]


def test_r5_a_placement_may_put_two_objects_of_one_kind_on_a_cell() -> None:
    place = {
        "kind": "place",
        "pits": ["C3", "C3", "D7", "F2"],
        "traps": ["E4", "E4", "E4", "E4"],
        "terrorists": ["B2=1", "B2=2", "B3=3", "G2=4"],
        "kit": "J10",
        "artifacts": ["J2", "J2", "H5"],
    }
    s = GAME.apply(GAME.new(2, seed=3), 0, GAME.parse_action(place)).state
    own = s.maps[0]
    assert own is not None and sum(1 for h in own if h.cell == "E4") == 4
