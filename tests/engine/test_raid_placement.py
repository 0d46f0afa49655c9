"""Secret placement R3–R8 and E7: scenarios, options, whole-or-nothing placement, random."""

from __future__ import annotations

import pytest

import engine
from engine import BadAction, BadOptions, IllegalAction
from engine.games.raid import RAID, SCENARIOS, Place
from engine.games.raid.placement import check_placement
from engine.games.raid.scenarios import ScenarioError, parse_grid
from tests.engine.raid_helpers import GAME, kinds, random_valid_place

VALID = {
    "kind": "place",
    "pits": ["C3", "D7", "F2", "H9"],
    "traps": ["C1", "E4", "J1", "A10"],
    "terrorists": ["B2=4", "G3=1", "E5=6", "I7=2"],
    "kit": "J10",
    "artifacts": ["J2", "D8", "H5"],
}


def test_registered_with_two_seats_only() -> None:
    assert "raid" in engine.game_keys() and engine.get_game("raid") is RAID
    for seats in (1, 3):
        with pytest.raises(BadOptions, match="2–2"):
            GAME.new(seats, seed=1)


def test_r2_old_town_exactly_as_in_the_rules() -> None:
    town = SCENARIOS["old-town"]
    assert town.entry == "A1"
    rows = {
        2: "BCGHI",
        3: "BCGHI",
        4: "E",
        5: "DEF",
        6: "BEHI",
        7: "BHI",
        8: "BCF",
        9: "FG",
    }
    assert town.buildings == {f"{col}{row}" for row, cols in rows.items() for col in cols}


def test_r2_three_scenarios_are_valid() -> None:
    assert list(SCENARIOS) == ["old-town", "harbour", "crossroads"]
    for scenario in SCENARIOS.values():
        assert 20 <= len(scenario.buildings) <= 30
        assert scenario.entry not in scenario.buildings
    assert GAME.view(GAME.new(2, seed=1, options={"scenario": "harbour"}), None).entry == "J10"


def test_r2_a_malformed_grid_is_refused() -> None:
    grid = "    A B C D E F G H I J\n" + "\n".join(f"{r} " + ". " * 10 for r in range(1, 11))
    with pytest.raises(ScenarioError, match="0 entry"):
        parse_grid("empty", "artifacts", grid)
    with pytest.raises(ScenarioError, match="rows"):
        parse_grid("short", "artifacts", grid.rsplit("\n", 1)[0])


def test_r4_options_defaults_and_bounds() -> None:
    opts = GAME.new(2, seed=1).options
    counts = (opts.pits, opts.traps, opts.terrorists, opts.kit, opts.artifacts, opts.zones)
    assert counts == (4, 4, 4, 1, 3, 6)
    assert opts.scenario == "old-town"
    for bad, words in [
        ({"kit": 2}, "kit"),
        ({"artifacts": 0}, "artifacts"),
        ({"zones": 1}, "zones"),
        ({"zones": 13}, "zones"),
        ({"scenario": "moon"}, "unknown scenario 'moon'"),
        ({"hostages": 3}, "hostages"),
    ]:
        with pytest.raises(BadOptions, match=words):
            GAME.new(2, seed=1, options=bad)


def test_r7_placement_is_simultaneous_and_play_starts_with_seat_0() -> None:
    s = GAME.new(2, seed=3)
    assert GAME.to_act(s) == (0, 1)
    assert GAME.legal_actions(s, 1) == [Place(), GAME.parse_action("random")]
    step = GAME.apply(s, 1, GAME.parse_action(VALID))
    assert GAME.to_act(step.state) == (0,)
    assert kinds(step.events) == ["placement", "placed"]
    private, public = step.events
    assert private.audience == (1,) and public.audience is None
    assert public.data == {"seat": 1}
    assert {o["cell"] for o in private.data["map"]} >= {"C3", "J10", "B2"}
    with pytest.raises(IllegalAction, match="already placed"):
        GAME.apply(step.state, 1, GAME.parse_action("random"))
    with pytest.raises(IllegalAction, match="place their objects first"):
        GAME.apply(step.state, 1, GAME.parse_action("B1"))
    step = GAME.apply(step.state, 0, GAME.parse_action("random"))
    assert kinds(step.events) == ["placement", "placed", "play_started", "turn_started"]
    assert step.state.phase == "play" and GAME.to_act(step.state) == (0,)  # R8
    with pytest.raises(IllegalAction, match="placement is over"):
        GAME.apply(step.state, 1, GAME.parse_action(VALID))


def test_r7_placement_text_form() -> None:
    text = (
        "pits: C3 D7 F2 H9; traps: C1 E4 J1 A10; terrorists: B2=4 G3=1 E5=6 I7=2; "
        "kit: J10; artifacts: J2 D8 H5"
    )
    assert GAME.parse_action(text) == GAME.parse_action(VALID)
    russian = (
        "ямы: в3 Г7 Е2 З9; ловушки: в1 д4 к1 а10; террористы: б2=4 ж3=1 д5=6 и7=2; "
        "аптечка: К10; артефакты: к2 г8 з5"
    )
    assert GAME.parse_action(russian) == GAME.parse_action(VALID)
    for bad in ("pits C3; traps: D4", "monsters: C3", "kit: A2 A3", "pits: C3; pits: D4", "terrorists: B2=x"):
        with pytest.raises(BadAction):
            GAME.parse_action(bad)


def test_e7_terrorist_off_building_and_five_pits_both_named_nothing_stored() -> None:
    bad = {**VALID, "pits": ["C3", "D7", "F2", "H9", "A5"], "terrorists": ["C1=4", "G3=1", "E5=6", "I7=2"]}
    s = GAME.new(2, seed=3)
    before = GAME.dump_state(s)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(s, 0, GAME.parse_action(bad))
    assert err.value.code == "bad_placement"
    codes = [p["code"] for p in err.value.params["problems"]]
    assert codes == ["wrong_count", "not_in_building"]
    assert "pits: 5 placed, 4 required" in err.value.message
    assert "terrorist at C1: terrorists go only on building cells" in err.value.message
    assert GAME.dump_state(s) == before
    assert GAME.to_act(s) == (0, 1)


def test_r5_r6_every_placement_problem_at_once() -> None:
    bad = {
        "kind": "place",
        "pits": ["A1", "Z9", "c3", "C3"],
        "traps": ["b12", "Б1", "E4"],
        "terrorists": ["B2=7", "B3=0", "E5=6", "I7=2"],
        "kit": None,
        "artifacts": ["J2", "D8", "H5", "oops"],
    }
    opts = GAME.options(2, {})
    problems = check_placement(GAME.parse_action(bad), opts)
    assert [(p.code, p.params.get("cell")) for p in problems] == [
        ("on_entry", "A1"),
        ("off_map", "Z9"),
        ("wrong_count", None),
        ("off_map", "b12"),
        ("bad_zone", "B2"),
        ("bad_zone", "B3"),
        ("wrong_count", None),
        ("wrong_count", None),
        ("bad_cell", "oops"),
    ]
    assert "weak spot 7 is not a zone 1–6" in problems[4].message
    assert problems[6].message == "kit: 0 placed, 1 required"


def test_r5_different_kinds_may_share_a_cell() -> None:
    shared = {**VALID, "traps": ["B2", "E4", "J1", "A10"], "artifacts": ["B2", "D8", "C3"], "kit": "B2"}
    s = GAME.apply(GAME.new(2, seed=3), 0, GAME.parse_action(shared)).state
    own = GAME.view(s, 0).own_map
    assert own is not None
    assert sorted(h.kind for h in own if h.cell == "B2") == ["artifact", "kit", "terrorist", "trap"]


def test_r4_counts_follow_the_options() -> None:
    opts = {"pits": 1, "traps": 0, "terrorists": 1, "kit": 0, "artifacts": 1, "zones": 3}
    place = {"kind": "place", "pits": ["C3"], "terrorists": ["B2=3"], "artifacts": ["J2"]}
    s = GAME.apply(GAME.new(2, seed=3, options=opts), 0, GAME.parse_action(place)).state
    assert s.maps[0] is not None and len(s.maps[0]) == 3
    with pytest.raises(IllegalAction, match="kit: 1 placed, 0 required"):
        GAME.apply(GAME.new(2, seed=3, options=opts), 0, GAME.parse_action({**place, "kit": "D4"}))


@pytest.mark.parametrize("scenario", list(SCENARIOS))
@pytest.mark.parametrize("seed", [0, 1, 2, 99])
def test_r7_random_placement_is_valid_and_seeded(scenario: str, seed: int) -> None:
    s = GAME.new(2, seed=seed, options={"scenario": scenario, "terrorists": 12, "pits": 12})
    a = GAME.apply(s, 0, GAME.parse_action("random")).state
    b = GAME.apply(s, 0, GAME.parse_action("random")).state
    assert GAME.dump_state(a) == GAME.dump_state(b)
    from engine.games.raid.placement import placement_of

    assert a.maps[0] is not None
    assert check_placement(placement_of(a.maps[0]), s.options) == []
    c = GAME.apply(a, 1, GAME.parse_action("random")).state
    assert c.maps[1] != c.maps[0]  # the generator moved on


def test_explicit_random_valid_placements_are_accepted() -> None:
    import random

    rng = random.Random(5)
    for _ in range(30):
        options = {"scenario": rng.choice(list(SCENARIOS)), "zones": rng.randint(2, 12)}
        data = random_valid_place(rng, options)
        assert check_placement(GAME.parse_action(data), GAME.options(2, options)) == []
        s = GAME.apply(GAME.new(2, seed=1, options=options), 1, GAME.parse_action(data)).state
        assert s.maps[1] is not None and len(s.maps[1]) == 16
