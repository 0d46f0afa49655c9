"""The shortcuts the rules take for speed answer exactly as the long way round.

Pickomino reads dice through tables, reads the generator's word in ``apply`` itself, remembers
where a keep leads and hands out an event met before again; Raid makes its frozen values
without their ``__init__``, remembers where a map's live objects are, takes a placement whose
cells are already canonical as it is, and takes a move whose
waypoints are already canonical as it is, and remembers the legs it has walked. Each shortcut
must give what the definition gives, and must never swallow an error.
"""

from __future__ import annotations

import json
import random
from dataclasses import FrozenInstanceError, fields

import pytest

from engine import BadAction, DamagedState, IllegalAction
from engine.core.rng import Rng, word
from engine.games.pickomino import PickominoState, Roll, Stop
from engine.games.pickomino.dice import COUNTS, roll_dice
from engine.games.raid import Move, Place
from engine.games.raid.actions import CANONICAL_WAYPOINTS, TerroristSpot, canonical, canonical_place
from engine.games.raid.paths import walk
from engine.games.raid.state import Encounter, Fight, Hazard, Scout
from engine.kits.build import builder
from tests.engine.pickomino_helpers import GAME as PICKOMINO
from tests.engine.pickomino_helpers import dice_fall, position
from tests.engine.raid_helpers import GAME as RAID
from tests.engine.raid_helpers import kinds, objects, random_valid_place
from tests.engine.raid_helpers import position as raid_position


def dice_by_definition(seed: int, draws: int, n: int) -> tuple[int, ...]:
    """P4 as ``engine.games.pickomino.dice`` states it: the word's low base-6 digits."""
    v, counts = word(seed, draws), [0] * 6
    for _ in range(n):
        v, face = divmod(v, 6)
        counts[face] += 1
    return tuple(counts)


def test_dice_read_through_tables_are_the_words_base_6_digits() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        seed, draws, n = rng.getrandbits(64), rng.randrange(200), rng.randint(1, 8)
        assert roll_dice(seed, draws, n) == dice_by_definition(seed, draws, n)
    assert len(COUNTS) == 3003  # every way 0–8 dice can fall, counted per face


def test_a_keep_met_again_gives_the_same_dice_total_and_event() -> None:
    state = dice_fall(position(kept=["worm", "5"]), ["4", "4", "4", "1", "2", "3"])
    first = PICKOMINO.apply(state, 0, PICKOMINO.parse_action("keep 4"))
    again = PICKOMINO.apply(state, 0, PICKOMINO.parse_action("keep 4"))
    assert first.state.kept == again.state.kept == (0, 0, 0, 3, 1, 1)
    assert first.events[0].data == {"seat": 0, "face": "4", "count": 3, "total": 22}
    assert first.events == again.events
    assert first.events[0] is again.events[0]  # an event is a value: made once, handed out again
    other_seat = PICKOMINO.apply(state._replace(current=1), 1, PICKOMINO.parse_action("keep 4"))
    assert other_seat.events[0].data == {"seat": 1, "face": "4", "count": 3, "total": 22}


def test_a_roll_reads_the_dice_of_the_generators_word_as_p4_says() -> None:
    """``apply`` reads the word and the dice itself (no calls); it must read what the
    definition reads, for any generator position and any number of dice left."""
    rng = random.Random(5)
    kept_sets = [[], ["worm"], ["worm", "worm", "3"], ["1", "2", "2", "2", "5", "5"], ["4"] * 7]
    for _ in range(2000):
        kept = rng.choice(kept_sets)
        seed, draws = rng.getrandbits(64), rng.randrange(500)
        state = position(kept=kept)._replace(rng=Rng(seed, draws))
        step = PICKOMINO.apply(state, 0, Roll())
        assert tuple(step.events[0].data["dice"]) == dice_by_definition(seed, draws, 8 - len(kept))
        assert step.state.rng == Rng(seed, draws + 1)


def test_words_made_ahead_are_the_words_whatever_order_rolls_read_them_in() -> None:
    """A roll reads its word from the sixteen made with the last one missed; rolls of other
    games in between, rolls going back, rolls past the words made must each read their own."""
    seeds = (3, 2**64 - 1, 3 + 2**32)
    order = [0, 1, 2, 15, 16, 17, 5, 4, 40, 39, 0, 300, 301, 284, 285]
    for draws in order:
        for seed in seeds:  # each seed's words replace the others' before its next roll
            state = position()._replace(rng=Rng(seed, draws))
            step = PICKOMINO.apply(state, 0, Roll())
            assert tuple(step.events[0].data["dice"]) == dice_by_definition(seed, draws, 8)
    for draws in order:  # and one seed alone, read back and forth
        state = position()._replace(rng=Rng(seeds[0], draws))
        step = PICKOMINO.apply(state, 0, Roll())
        assert tuple(step.events[0].data["dice"]) == dice_by_definition(seeds[0], draws, 8)


def test_the_actions_apply_hands_on_are_those_of_the_position_worked_out_anew() -> None:
    """After a roll, and after a keep that leaves no tile to take, ``apply`` hands the new
    position's legal actions to ``legal_actions``; they must be what an equal position, a
    different object, is given the long way, for every seat, and no other position may get
    them."""
    chooser = random.Random(11)
    handed = 0
    for seed in range(40):
        state = PICKOMINO.new(3, seed=seed)
        while PICKOMINO.to_act(state):
            seat = state.current
            legal = PICKOMINO.legal_actions(state, seat)
            action = chooser.choice(legal)
            after = PICKOMINO.apply(state, seat, action).state
            copy = PickominoState(*after)
            assert copy is not after
            for other in range(3):
                assert PICKOMINO.legal_actions(after, other) == PICKOMINO.legal_actions(copy, other)
            assert PICKOMINO.legal_actions(state, seat) == legal  # the position before keeps its own
            handed += after.phase in ("keep", "decide")
            state = after
    assert handed > 1000


def test_a_turn_failed_met_again_is_the_same_event_and_says_what_happened() -> None:
    state = position(seats=3, stacks=[(25,), (), ()], kept=["1"], current=0)
    first = PICKOMINO.apply(state, 0, Stop())
    again = PICKOMINO.apply(state, 0, Stop())
    assert [e.kind for e in first.events] == ["turn_failed", "turn_started"]
    assert first.events[0].data == {"seat": 0, "reason": "no_worm", "returned": 25, "turned": 36}
    assert first.events[1].data == {"seat": 1}
    assert first.events[0] is again.events[0]
    nothing = PICKOMINO.apply(position(seats=3, kept=["1"], current=2), 2, Stop())
    assert nothing.events[0].data == {"seat": 2, "reason": "no_worm", "returned": None, "turned": 36}
    assert nothing.events[1].data == {"seat": 0}


def test_a_position_is_an_immutable_value_stored_field_by_field() -> None:
    state = dice_fall(position(kept=["worm"]), ["1", "2", "3", "3", "4", "5", "5"])
    with pytest.raises(AttributeError):
        state.phase = "decide"  # type: ignore[misc]
    data = PICKOMINO.dump_state(state)
    assert list(data) == list(PickominoState._fields)
    assert data["rng"] == [7, 0, []] and data["roll"] == [1, 1, 2, 1, 2, 0]
    assert PICKOMINO.load_state(json.loads(json.dumps(data))) == state
    assert PICKOMINO.state_adapter.validate_python(state) is state
    with pytest.raises(DamagedState, match="phase"):
        PICKOMINO.load_state({**data, "phase": "dance"})


def test_a_move_given_with_canonical_waypoints_is_taken_as_it_is() -> None:
    move = Move(path=("B1", "down 5"))
    assert canonical(move) is move
    assert {"A1", "J10", "down 1", "right 9"} <= CANONICAL_WAYPOINTS


@pytest.mark.parametrize("path", [("b1", "вниз 5"), ("B1", "DOWN5"), ("b1", "down 5")])
def test_a_move_given_otherwise_is_read_again_and_walks_the_same(path: tuple[str, ...]) -> None:
    move = Move(path=path)  # as a caller might build it by hand
    assert canonical(move).path == ("B1", "down 5")
    s = raid_position(((), objects(traps=["J10"])))
    assert RAID.apply(s, 0, move).state == RAID.apply(s, 0, Move(path=("B1", "down 5"))).state


def test_a_move_with_a_bad_waypoint_is_still_refused_when_read() -> None:
    with pytest.raises(BadAction) as refused:
        canonical(Move(path=("B1", "sideways 2")))
    assert refused.value.code == "bad_waypoint"


def test_legs_walked_before_give_the_same_cells_and_bad_legs_are_refused_every_time() -> None:
    assert walk("A1", ["A4", "C4"]) == walk("A1", ["A4", "C4"]) == ["A2", "A3", "A4", "B4", "C4"]
    for _ in range(2):
        with pytest.raises(IllegalAction) as diagonal:
            walk("A1", ["A4", "C6"])
        assert diagonal.value.code == "diagonal" and diagonal.value.params["leg"] == 2
        with pytest.raises(IllegalAction) as off:
            walk("A1", ["A4", "left 2"])
        assert off.value.code == "off_map" and off.value.params["leg"] == 2


@pytest.mark.parametrize(
    ("cls", "values"),
    [
        (Hazard, ("terrorist", "C3", 4, True, False)),
        (Scout, ("B6", ("B1", "B6"), 3, 1, 2, True)),
        (Encounter, (1, "C3", "pit", "fell", 0, None)),
        (Fight, ("fight", (0,), (1, 2, 3), False, None, {}, "C3", 4, (5,), (6, 7))),
    ],
)
def test_a_frozen_value_made_without_its_init_is_the_value_init_makes(
    cls: type, values: tuple[object, ...]
) -> None:
    made = builder(cls)(*values)
    expected = cls(**{f.name: v for f, v in zip(fields(cls), values, strict=True)})
    assert type(made) is cls and made == expected and repr(made) == repr(expected)
    with pytest.raises(FrozenInstanceError):
        made.cell = "A1"


def test_a_placement_with_canonical_cells_is_taken_as_it_is_and_any_other_is_read_again() -> None:
    place = RAID.parse_action(random_valid_place(random.Random(4)))
    assert isinstance(place, Place) and canonical_place(place) is place
    lower = Place(
        pits=tuple(c.lower() for c in place.pits),
        traps=tuple(f" {c.lower()} " for c in place.traps),  # as a caller might build it by hand
        terrorists=tuple(TerroristSpot(t.cell.lower(), t.zone) for t in place.terrorists),
        kit=place.kit,
        artifacts=place.artifacts,
    )
    read = canonical_place(lower)
    assert read is not lower and read == place
    state = RAID.new(2, seed=3, options={})
    assert RAID.apply(state, 0, lower).state == RAID.apply(state, 0, place).state


def test_a_placement_with_a_bad_cell_is_still_refused_when_read() -> None:
    data = random_valid_place(random.Random(5))
    data["pits"] = ["Z99", *data["pits"][1:]]
    with pytest.raises(IllegalAction) as refused:
        RAID.apply(RAID.new(2, seed=3, options={}), 0, RAID.parse_action(data))
    assert refused.value.code == "bad_placement"


def test_objects_sharing_a_cell_are_met_in_r11_order_even_on_a_map_made_out_of_order() -> None:
    trap, artifact = Hazard("trap", "B4"), Hazard("artifact", "B4")
    s = raid_position(((), (trap, artifact)))  # seat 0 walks seat 1's map: trap listed first
    step = RAID.apply(s, 0, Move(path=("B1", "B6")))
    met = [e.data["kind"] for e in step.events if e.kind == "encounter"]
    assert met == ["artifact", "trap"]
    again = RAID.apply(s, 0, Move(path=("B1", "B6")))  # the map's live cells, remembered
    assert again.state == step.state


def test_the_start_of_a_turn_is_the_same_event_each_time() -> None:
    s = raid_position(((), objects(traps=["J10"])))
    first = RAID.apply(s, 0, Move(path=("B1", "down 3")))
    again = RAID.apply(s, 0, Move(path=("B1", "down 5")))
    assert kinds(first.events)[-1] == "turn_started"
    assert first.events[-1] is again.events[-1] and first.events[-1].data == {"seat": 1, "turn": 1}
