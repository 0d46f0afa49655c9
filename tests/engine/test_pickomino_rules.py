"""Pickomino rules P1–P14 and every example E1–E9 of the Pickomino rules."""

from __future__ import annotations

import pytest

import engine
from engine import IllegalAction
from engine.games.pickomino import Keep, Roll, Stop, Take
from engine.games.pickomino.data import TILE_WORMS, TILES
from tests.engine.pickomino_helpers import GAME, dice_fall, labels, position


def play(state, *actions):  # type: ignore[no-untyped-def]
    for action in actions:
        state = GAME.apply(state, state.current, action).state
    return state


def test_registry_and_newcomer_loop() -> None:
    g = engine.get_game("pickomino")
    assert "pickomino" in engine.game_keys()
    s = g.new(3, seed=1, options={})
    assert g.to_act(s) == (0,)
    while g.to_act(s):
        seat = g.to_act(s)[0]
        s = g.apply(s, seat, g.legal_actions(s, seat)[0]).state
        assert g.view(s, None).grill == s.grill
    result = g.result(s)
    assert result is not None and min(result.ranks) == 1


def test_p2_tiles_and_worms() -> None:
    assert TILES == tuple(range(21, 37))
    assert sum(TILE_WORMS.values()) == 40
    assert [TILE_WORMS[t] for t in (21, 24, 25, 28, 29, 32, 33, 36)] == [1, 1, 2, 2, 3, 3, 4, 4]


def test_p3_start() -> None:
    s = GAME.new(4, seed=3, options={})
    v = GAME.view(s, None)
    assert v.grill == TILES and v.stacks == ((),) * 4 and v.current == 0
    assert labels(GAME.legal_actions(s, 0)) == ["roll"]
    assert GAME.legal_actions(s, 1) == []


def test_p4_roll_uses_all_dice_not_kept() -> None:
    s = GAME.apply(GAME.new(2, seed=5, options={}), 0, Roll()).state
    assert sum(s.roll) == 8 or s.current == 1  # a first roll always has a new face
    s = position(kept=["worm", "worm", "3"])
    step = GAME.apply(s, 0, Roll())
    assert sum(step.events[0].data["dice"]) == 5


def test_e1_pete_keeps_whole_faces_and_takes_24() -> None:
    s = dice_fall(position(), ["worm", "worm", "1", "2", "3", "3", "4", "5"])
    s = play(s, Keep("worm"))
    assert GAME.view(s, None).total == 10
    assert labels(GAME.legal_actions(s, 0))[0] == "roll"
    s = dice_fall(s, ["4", "4", "1", "2", "3", "5"])
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, Keep("worm"))  # not in this roll
    s = play(s, Keep("4"))
    assert GAME.view(s, None).total == 18
    s = dice_fall(s, ["4", "4", "worm", "5"])
    assert labels(GAME.legal_actions(s, 0)) == ["keep 5"]
    with pytest.raises(IllegalAction, match="already kept"):
        GAME.apply(s, 0, Keep("worm"))
    s = play(s, Keep("5"))
    assert GAME.view(s, None).total == 23
    s = dice_fall(s, ["1", "2", "3"])
    assert labels(GAME.legal_actions(s, 0)) == ["keep 1", "keep 2", "keep 3"]
    s = play(s, Keep("1"))
    assert GAME.view(s, None).total == 24
    assert labels(GAME.legal_actions(s, 0)) == ["roll", "take 24"]
    s = play(s, Take(24))
    assert s.stacks[0] == (24,) and 24 not in s.grill and s.current == 1


def test_p5_keep_all_dice_of_one_face() -> None:
    s = dice_fall(position(), ["3", "3", "3", "1", "2", "4", "5", "5"])
    s = play(s, Keep("3"))
    assert s.kept[2] == 3
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, Keep("5"))  # two faces from one roll


def test_e1b_vasya_steals_masha_21() -> None:
    s = position(stacks=[(), (21,)], kept=["worm", "worm", "worm", "3", "3"])
    assert GAME.view(s, None).total == 21
    assert labels(GAME.legal_actions(s, 0)) == ["roll", "take 21"]
    s = play(s, Take(21))
    assert s.stacks == ((21,), ())


def test_e2_dasha_own_tile_and_protected_tile() -> None:
    # Dasha (seat 0) has 23 on top; 22 lies under seat 1's top tile 30.
    s = position(stacks=[(23,), (22, 30)], kept=["worm", "worm", "worm", "4", "4"])
    assert GAME.view(s, None).total == 23
    assert labels(GAME.legal_actions(s, 0)) == ["roll", "take 21"]
    with pytest.raises(IllegalAction, match="own stack"):
        GAME.apply(s, 0, Take(23))
    with pytest.raises(IllegalAction, match="protected"):
        GAME.apply(s, 0, Take(22))


def test_e3_misha_31_takes_28() -> None:
    s = position(stacks=[(), (29,)], turned=[30, 31], kept=["worm"] * 5 + ["3", "3"])
    assert GAME.view(s, None).total == 31
    assert labels(GAME.legal_actions(s, 0)) == ["roll", "take 28"]


def test_e4_masha_steal_or_grill() -> None:
    s = position(stacks=[(), (26,)], kept=["worm", "worm", "worm", "worm", "3", "3"])
    assert GAME.view(s, None).total == 26
    assert labels(GAME.legal_actions(s, 0)) == ["roll", "take 25", "take 26"]
    assert play(s, Take(25)).stacks == ((25,), (26,))
    assert play(s, Take(26)).stacks == ((26,), ())


def test_e5_masha_fails_on_already_kept_faces() -> None:
    s = position(stacks=[(22,), ()], kept=["worm", "worm", "5", "5", "4", "4"])
    rolled = GAME.apply(s, 0, Roll())
    # Replace the random roll by the rulebook's: both dice show a kept face.
    s = dice_fall(s, ["5", "worm"])
    assert GAME.legal_actions(s, 0) == []
    assert rolled.state is not s
    # The engine resolves a roll with no new face at once (P6): the same outcome.
    for seed in range(200):
        t = position(stacks=[(22,), ()], kept=["worm", "worm", "5", "5", "4", "4"])
        t = GAME.redeal(t, None, seed)
        step = GAME.apply(t, 0, Roll())
        dice = step.events[0].data["dice"]
        if dice[3] + dice[4] + dice[5] == 2:
            kinds = [e.kind for e in step.events]
            assert kinds == ["rolled", "turn_failed", "turn_started"]
            assert step.events[1].data["reason"] == "no_new_face"
            assert step.state.stacks[0] == () and step.state.current == 1
            break
    else:
        pytest.fail("no seed rolled two kept faces")


def test_p8_no_worm_no_tile() -> None:
    s = position(kept=["5", "5", "5", "5", "5", "4"])
    assert labels(GAME.legal_actions(s, 0)) == ["roll", "stop"]
    with pytest.raises(IllegalAction, match="no worm"):
        GAME.apply(s, 0, Take(28))
    step = GAME.apply(s, 0, Stop())
    assert step.events[0].data["reason"] == "no_worm"


def test_p8b_total_above_36_counts_as_36() -> None:
    s = position(kept=["worm"] * 8)
    assert GAME.view(s, None).total == 40
    assert labels(GAME.legal_actions(s, 0)) == ["take 36"]


def test_e6_kolya_own_top_no_lower_tile_fails() -> None:
    s = position(stacks=[(25,), ()], grill=[26, 27, 30], kept=["worm", "worm", "worm", "4", "4", "2"])
    assert GAME.view(s, None).total == 25
    assert labels(GAME.legal_actions(s, 0)) == ["roll", "stop"]
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, Take(25))
    step = GAME.apply(s, 0, Stop())
    failed = step.events[0]
    assert failed.kind == "turn_failed" and failed.data["reason"] == "no_tile"
    assert step.state.grill == (25, 26, 27) and step.state.turned == (30,)


def test_e7_natasha_28_protects_everything_under_it() -> None:
    s = position(stacks=[(22, 24), ()], grill=[21, 23, 28, 30], kept=["worm"] * 4 + ["4", "4"])
    s = play(s, Take(28))
    assert s.stacks[0] == (22, 24, 28) and s.current == 1
    # Seat 1 now stops at exactly 24: 24 lies under 28, so only the grill's 23 is takeable.
    s = s._replace(kept=(0, 0, 0, 1, 0, 4), phase="decide")
    assert GAME.view(s, None).total == 24
    assert labels(GAME.legal_actions(s, 1)) == ["roll", "take 23"]
    with pytest.raises(IllegalAction, match="protected"):
        GAME.apply(s, 1, Take(24))


def test_e8_failed_turn_returns_top_and_turns_highest() -> None:
    s = position(stacks=[(22, 27), ()], grill=[21, 23, 30, 34], kept=["1", "1"])
    step = GAME.apply(s, 0, Stop())
    assert step.state.grill == (21, 23, 27, 30)
    assert step.state.stacks[0] == (22,)
    assert 34 in step.state.turned
    assert step.events[0].data == {"seat": 0, "reason": "no_worm", "returned": 27, "turned": 34}


def test_e9_returned_tile_highest_nothing_turned() -> None:
    s = position(stacks=[(36,), ()], grill=[21, 30], kept=["1", "1"])
    step = GAME.apply(s, 0, Stop())
    assert step.state.grill == (21, 30, 36)
    assert step.state.turned == ()
    assert step.events[0].data["turned"] is None


def test_p11_no_tile_still_turns_highest() -> None:
    s = position(grill=[21, 30, 33], kept=["1", "1"])
    step = GAME.apply(s, 0, Stop())
    assert step.state.grill == (21, 30) and step.state.turned == (33,)


def test_p10_stop_only_when_no_tile_available() -> None:
    s = position(kept=["worm", "worm", "worm", "worm", "1"])
    assert labels(GAME.legal_actions(s, 0)) == ["roll", "take 21"]
    with pytest.raises(IllegalAction, match="take it"):
        GAME.apply(s, 0, Stop())


def test_p12_play_passes_on_and_wraps() -> None:
    s = position(seats=3, current=2, kept=["worm"] * 4 + ["1"])
    s = play(s, Take(21))
    assert s.current == 0 and s.phase == "roll"


def test_p13_game_ends_when_grill_empty_and_p14_scores() -> None:
    s = position(
        stacks=[(21, 25), (33,)],
        grill=[22],
        turned=[t for t in TILES if t not in (21, 22, 25, 33)],
        kept=["worm"] * 4 + ["1", "1"],
    )
    step = GAME.apply(s, 0, Take(22))
    assert step.state.phase == "over"
    assert GAME.to_act(step.state) == ()
    assert step.events[-1].kind == "game_over"
    result = GAME.result(step.state)
    assert result is not None
    assert result.scores == (4.0, 4.0)  # 21+22+25 = 1+1+2; 33 = 4
    assert result.ranks == (2, 1)  # tied: seat 1 holds the highest tile, 33


def test_p14_shared_tiebreak() -> None:
    s = position(
        stacks=[(21, 25), (33,)],
        grill=[22],
        turned=[t for t in TILES if t not in (21, 22, 25, 33)],
        kept=["worm"] * 4 + ["1", "1"],
        tiebreak="shared",
    )
    end = GAME.apply(s, 0, Take(22)).state
    result = GAME.result(end)
    assert result is not None and result.ranks == (1, 1) and result.winners == (0, 1)
    assert GAME.view(end, 0).tiebreak == "shared"  # the option is public


def test_result_none_while_running() -> None:
    assert GAME.result(GAME.new(2, seed=1, options={})) is None


def test_options_validated() -> None:
    with pytest.raises(engine.BadOptions, match="2–7"):
        GAME.new(1, seed=1, options={})
    with pytest.raises(engine.BadOptions, match="2–7"):
        GAME.new(8, seed=1, options={})
    with pytest.raises(engine.BadOptions, match="tiebreak"):
        GAME.new(2, seed=1, options={"tiebreak": "coin"})
    with pytest.raises(engine.BadOptions, match="colour"):
        GAME.new(2, seed=1, options={"colour": "red"})


def test_unknown_game() -> None:
    with pytest.raises(engine.UnknownGame, match="pickomino"):
        engine.get_game("chess")


def test_parse_action_forms() -> None:
    assert GAME.parse_action({"kind": "keep", "face": 5}) == Keep("5")
    assert GAME.parse_action("keep worm") == Keep("worm")
    assert GAME.parse_action("KEEP w") == Keep("worm")
    assert GAME.parse_action("take 24") == Take(24)
    assert GAME.parse_action('{"kind": "roll"}') == Roll()
    assert GAME.parse_action("stop") == Stop()
    for bad in ("", "jump", "keep", "keep 7", "take 40", {"kind": "take"}, {"kind": "fly"}, "{oops"):
        with pytest.raises(engine.BadAction):
            GAME.parse_action(bad)


def test_illegal_action_reasons() -> None:
    s = GAME.new(2, seed=1, options={})
    with pytest.raises(IllegalAction, match="turn") as err:
        GAME.apply(s, 1, Roll())
    assert err.value.code == "not_your_turn"
    with pytest.raises(IllegalAction, match="roll the dice first"):
        GAME.apply(s, 0, Keep("5"))
    with pytest.raises(IllegalAction):
        GAME.apply(s, 0, Take(21))
    full = position(kept=["1", "1", "2", "2", "3", "3", "5", "5"])
    with pytest.raises(IllegalAction, match="no dice"):
        GAME.apply(full, 0, Roll())


def test_resign_continues_then_ends() -> None:
    s = position(seats=3, stacks=[(21,), (25,), ()], current=1, kept=["worm"])
    step = GAME.resign(s, 1)
    assert step.state.stacks[1] == () and 25 in step.state.grill
    assert step.state.current == 2 and step.state.phase == "roll"
    s2 = GAME.resign(step.state, 0).state
    assert GAME.to_act(s2) == ()
    result = GAME.result(s2)
    assert result is not None and result.ranks == (3, 2, 1)
    with pytest.raises(IllegalAction):
        GAME.resign(s2, 2)


def test_resign_out_of_turn_keeps_turn() -> None:
    s = position(seats=3, current=0, kept=["worm"])
    step = GAME.resign(s, 2)
    assert step.state.current == 0 and step.state.phase == "decide"
    with pytest.raises(IllegalAction):
        GAME.resign(step.state, 2)
    # the resigned seat is skipped when play passes on
    s3 = GAME.resign(position(seats=3, current=1, kept=["1"]), 2).state
    assert play(s3, Stop()).current == 0
