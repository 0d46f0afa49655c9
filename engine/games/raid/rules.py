"""Raid's rules R1–R19 (``shared/rules/raid.md``) behind the engine contract.

Turn flow: both seats place at once (R7); then seat 0 moves (R8). A move walks the path on the
*opponent's* hazard map and stops on the first cell with a live object (R10); the objects there
are met in the order of R11. A fight (R13) or a first-aid kit (R16) pauses the turn: the same
seat acts again (``guess`` / ``use_kit`` / ``leave_kit``) until the turn ends.

A turn (R19) is one seat's move with everything it meets, or one missed turn. When the turn
passes to a scout who must miss turns (R14), the engine consumes one missed turn at once — a
``turn_skipped`` event, the turn counter advances — and passes on; a player never has to act
to miss a turn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, ClassVar

from pydantic import TypeAdapter

from engine.core.contract import Event, Game, Result, Step
from engine.core.errors import IllegalAction
from engine.games.raid.actions import (
    ACTION_ADAPTER,
    GUESS,
    LEAVE_KIT,
    MOVE_TEMPLATE,
    PLACE_RANDOM,
    PLACE_TEMPLATE,
    USE_KIT,
    Guess,
    Move,
    Place,
    RaidAction,
    parse_text,
)
from engine.games.raid.data import MAX_TURNS, MAX_WOUNDS, MEET_RANK, SEATS, EndReason
from engine.games.raid.paths import walk
from engine.games.raid.placement import check_placement, hazard_map, random_placement
from engine.games.raid.scenarios import SCENARIOS
from engine.games.raid.state import (
    STATE_ADAPTER,
    Encounter,
    Fight,
    Hazard,
    Outcome,
    RaidOptions,
    RaidState,
    Scout,
)
from engine.games.raid.view import VIEW_ADAPTER, RaidView, make_view

_MAP_ADAPTER: TypeAdapter[tuple[Hazard, ...]] = TypeAdapter(tuple[Hazard, ...])
_AFTER_TERRORIST = MEET_RANK["terrorist"] + 1

_Handler = Callable[[RaidState, int, Any], Step[RaidState]]


def dump_map(objects: tuple[Hazard, ...] | None) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = _MAP_ADAPTER.dump_python(objects or (), mode="json")
    return data


class Raid(Game[RaidState, RaidAction, RaidView]):
    key = "raid"
    title = "Raid"
    min_seats = SEATS
    max_seats = SEATS
    options_model = RaidOptions
    state_adapter = STATE_ADAPTER
    action_adapter = ACTION_ADAPTER
    view_adapter = VIEW_ADAPTER

    # -- contract -----------------------------------------------------------------------------
    def new(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> RaidState:
        opts: RaidOptions = self.options(seats, options)
        entry = SCENARIOS[opts.scenario].entry
        scout = Scout(entry, (entry,))
        return RaidState(
            seed=seed,
            draws=0,
            options=opts,
            phase="placement",
            maps=(None,) * SEATS,
            scouts=(scout,) * SEATS,
        )

    def to_act(self, state: RaidState) -> tuple[int, ...]:
        if state.phase == "placement":
            return tuple(seat for seat, m in enumerate(state.maps) if m is None)
        return (state.current,) if state.phase == "play" else ()

    def legal_actions(self, state: RaidState, seat: int) -> list[RaidAction]:
        """Placement: the ``place`` template (all fields empty) and ``place_random``. Play, for
        the seat to act: the ``move`` template (empty path) — or, in a fight, one ``guess`` per
        zone not yet named; at a kit, ``use_kit`` and ``leave_kit``. The templates stand for
        'give a placement / a path'; ``apply`` explains what is wrong with a concrete one."""
        if state.phase == "placement":
            return [PLACE_TEMPLATE, PLACE_RANDOM] if state.maps[seat] is None else []
        if state.phase != "play" or seat != state.current:
            return []
        if state.fight is not None:
            named = state.fight.named
            return [GUESS[z] for z in range(1, state.options.zones + 1) if z not in named]
        if state.kit_pending is not None:
            return [USE_KIT, LEAVE_KIT]
        return [MOVE_TEMPLATE]

    def apply(self, state: RaidState, seat: int, action: RaidAction) -> Step[RaidState]:
        self._check_seat(seat)
        kind = action.kind
        if state.phase == "over":
            raise IllegalAction("the game is over", "game_over")
        if state.phase == "placement":
            if kind not in ("place", "place_random"):
                raise IllegalAction("both players must place their objects first", "placement_phase")
            if state.maps[seat] is not None:
                raise IllegalAction("you have already placed your objects", "already_placed")
        else:
            self._check_play_action(state, seat, kind)
        handler: _Handler = getattr(self, self._HANDLERS[kind])
        return handler(state, seat, action)

    def resign(self, state: RaidState, seat: int) -> Step[RaidState]:
        """The seat leaves, in placement or play: the other seat wins."""
        self._check_seat(seat)
        if state.phase == "over":
            raise IllegalAction("the game is over", "game_over")
        return self._finish(state, 1 - seat, "resigned", [Event("resigned", {"seat": seat})])

    def view(self, state: RaidState, seat: int | None) -> RaidView:
        return make_view(state, seat)

    def result(self, state: RaidState) -> Result | None:
        if state.phase != "over":
            return None
        scores = tuple(float(s.artifacts) for s in state.scouts)
        if state.winner == "draw" or state.winner is None:
            return Result(ranks=(1, 1), scores=scores, draw=True)
        return Result(ranks=tuple(1 if s == state.winner else 2 for s in range(SEATS)), scores=scores)

    def parse_text(self, text: str) -> dict[str, Any]:
        return parse_text(text)

    # -- checks -------------------------------------------------------------------------------
    @staticmethod
    def _check_seat(seat: int) -> None:
        if seat not in range(SEATS):
            raise IllegalAction(
                f"seat {seat} is not playing: Raid has seats 0 and 1", "not_playing", seat=seat
            )

    @staticmethod
    def _check_play_action(state: RaidState, seat: int, kind: str) -> None:
        if kind in ("place", "place_random"):
            raise IllegalAction("the placement is over", "placement_over")
        if seat != state.current:
            raise IllegalAction(
                f"it is seat {state.current}'s turn, not seat {seat}'s",
                "not_your_turn",
                current=state.current,
            )
        if state.fight is not None:
            if kind != "guess":
                raise IllegalAction(
                    f"you are fighting the terrorist on {state.fight.cell}: name a zone", "in_fight"
                )
        elif state.kit_pending is not None:
            if kind not in ("use_kit", "leave_kit"):
                raise IllegalAction(
                    f"use the first-aid kit on {state.kit_pending} or leave it", "kit_decision"
                )
        elif kind == "guess":
            raise IllegalAction("there is no fight now", "no_fight")
        elif kind in ("use_kit", "leave_kit"):
            raise IllegalAction("there is no first-aid kit here to decide about", "no_kit")

    # -- placement (R4–R7) ----------------------------------------------------------------------
    def _place(self, state: RaidState, seat: int, action: Place) -> Step[RaidState]:
        place = ACTION_ADAPTER.validate_python(ACTION_ADAPTER.dump_python(action))  # canonical cells
        assert isinstance(place, Place)
        problems = check_placement(place, state.options)
        if problems:
            raise IllegalAction(
                "the placement is rejected: " + "; ".join(p.message for p in problems),
                "bad_placement",
                problems=[p.as_data() for p in problems],
            )
        return self._store_map(state, seat, place, random=False)

    def _place_random(self, state: RaidState, seat: int, action: object) -> Step[RaidState]:
        place, draws = random_placement(state.options, state.seed, state.draws)
        return self._store_map(replace(state, draws=draws), seat, place, random=True)

    def _store_map(self, state: RaidState, seat: int, place: Place, *, random: bool) -> Step[RaidState]:
        objects = hazard_map(place)
        maps = tuple(objects if s == seat else m for s, m in enumerate(state.maps))
        events = [
            Event("placement", {"seat": seat, "random": random, "map": dump_map(objects)}, audience=(seat,)),
            Event("placed", {"seat": seat}),
        ]
        placed = replace(state, maps=maps)
        if any(m is None for m in maps):
            return Step(placed, tuple(events))
        events.append(Event("play_started", {"first": 0}))  # R8
        events.append(Event("turn_started", {"seat": 0, "turn": 0}))
        return Step(replace(placed, phase="play", current=0), tuple(events))

    # -- moving (R9–R11) ----------------------------------------------------------------------
    def _move(self, state: RaidState, seat: int, action: Move) -> Step[RaidState]:
        move = ACTION_ADAPTER.validate_python(ACTION_ADAPTER.dump_python(action))  # canonical waypoints
        assert isinstance(move, Move)
        scout = state.scouts[seat]
        walked = walk(scout.cell, move.path)
        hazards = state.maps[1 - seat] or ()
        live = {h.cell for h in hazards if h.live}
        stop = next((i for i, cell in enumerate(walked) if cell in live), None)
        taken = walked if stop is None else walked[: stop + 1]
        moved = _with_scout(state, seat, replace(scout, cell=taken[-1], trail=scout.trail + tuple(taken)))
        events = [
            Event(
                "moved",
                {
                    "seat": seat,
                    "from": scout.cell,
                    "to": taken[-1],
                    "walked": taken,
                    "stopped": stop is not None,
                },
            )
        ]
        if stop is None:
            return self._end_turn(moved, events)
        return self._meet(moved, seat, taken[-1], 0, events)

    def _meet(
        self, state: RaidState, seat: int, cell: str, from_rank: int, events: list[Event]
    ) -> Step[RaidState]:
        """Meet the live objects on ``cell`` whose rank in R11 is ``from_rank`` or later."""
        owner = 1 - seat
        hazards = state.maps[owner] or ()
        due = sorted(
            (
                i
                for i, h in enumerate(hazards)
                if h.cell == cell and h.live and MEET_RANK[h.kind] >= from_rank
            ),
            key=lambda i: MEET_RANK[hazards[i].kind],
        )
        for index in due:
            hazard = hazards[index]
            scout = state.scouts[seat]
            if hazard.kind == "artifact":  # R12
                state = _with_hazard(state, owner, index, replace(hazard, live=False, found=True))
                scout = replace(scout, artifacts=scout.artifacts + 1)
                state = self._record(state, seat, scout, hazard, "collected", events)
                if scout.artifacts >= state.options.artifacts:  # R18
                    return self._finish(state, seat, "mission", events)
            elif hazard.kind == "terrorist":  # R13: the fight pauses the turn
                state = _with_hazard(state, owner, index, replace(hazard, found=True))
                state = self._record(state, seat, scout, hazard, "fight", events)
                return Step(replace(state, fight=Fight(seat, cell, index)), tuple(events))
            elif hazard.kind == "pit":  # R14
                state = _with_hazard(state, owner, index, replace(hazard, found=True))
                state = self._record(state, seat, replace(scout, skip=scout.skip + 1), hazard, "fell", events)
            elif hazard.kind == "trap":  # R15
                state = _with_hazard(state, owner, index, replace(hazard, found=True))
                scout = replace(scout, wounds=scout.wounds + 1)
                state = self._record(state, seat, scout, hazard, "wounded", events)
                if scout.wounds >= MAX_WOUNDS:  # R17
                    return self._finish(state, owner, "beaten", events)
            else:  # R16: the kit waits for the finder's decision
                state = _with_hazard(state, owner, index, replace(hazard, found=True))
                state = self._record(state, seat, scout, hazard, "found", events)
                return Step(replace(state, kit_pending=cell), tuple(events))
        return self._end_turn(state, events)

    # -- fights (R13) ---------------------------------------------------------------------------
    def _guess(self, state: RaidState, seat: int, action: Guess) -> Step[RaidState]:
        fight = state.fight
        assert fight is not None
        zone, zones = action.zone, state.options.zones
        if not 1 <= zone <= zones:
            raise IllegalAction(f"zone {zone} is not a zone 1–{zones}", "bad_zone", zone=zone, zones=zones)
        if zone in fight.named:
            raise IllegalAction(
                f"zone {zone} was already named against this terrorist", "zone_named", zone=zone
            )
        owner = 1 - seat
        terrorist = (state.maps[owner] or ())[fight.target]
        scout = state.scouts[seat]
        events: list[Event] = []
        if zone == terrorist.zone:
            state = _with_hazard(state, owner, fight.target, replace(terrorist, live=False))
            state = self._record(state, seat, scout, terrorist, "killed", events, zone=zone)
            return self._meet(replace(state, fight=None), seat, fight.cell, _AFTER_TERRORIST, events)
        scout = replace(scout, wounds=scout.wounds + 1)
        state = self._record(state, seat, scout, terrorist, "miss", events, zone=zone)
        if scout.wounds >= MAX_WOUNDS:  # R17, even in the middle of a fight
            return self._finish(state, owner, "beaten", events)
        return Step(replace(state, fight=replace(fight, named=(*fight.named, zone))), tuple(events))

    # -- the first-aid kit (R16) --------------------------------------------------------------
    def _use_kit(self, state: RaidState, seat: int, action: object) -> Step[RaidState]:
        owner = 1 - seat
        hazards = state.maps[owner] or ()
        index = next(
            i for i, h in enumerate(hazards) if h.kind == "kit" and h.live and h.cell == state.kit_pending
        )
        kit = hazards[index]
        state = _with_hazard(state, owner, index, replace(kit, live=False))
        scout = replace(state.scouts[seat], wounds=0, kit_used=True)
        events: list[Event] = []
        state = self._record(state, seat, scout, kit, "used", events)
        return self._end_turn(state, events)

    def _leave_kit(self, state: RaidState, seat: int, action: object) -> Step[RaidState]:
        cell = state.kit_pending
        assert cell is not None
        events: list[Event] = []
        kit = Hazard("kit", cell)
        state = self._record(state, seat, state.scouts[seat], kit, "left", events)
        return self._end_turn(state, events)

    # -- turns and the end (R8, R14, R17–R19) ---------------------------------------------------
    def _end_turn(self, state: RaidState, events: list[Event]) -> Step[RaidState]:
        turn = state.turn + 1
        state = replace(state, turn=turn, fight=None, kit_pending=None)
        if turn >= MAX_TURNS:  # R19
            return self._finish(state, "draw", "turn_limit", events)
        nxt = 1 - state.current
        while state.scouts[nxt].skip > 0:  # R14: a missed turn is consumed at once
            scout = state.scouts[nxt]
            state = _with_scout(state, nxt, replace(scout, skip=scout.skip - 1))
            turn += 1
            state = replace(state, turn=turn)
            events.append(Event("turn_skipped", {"seat": nxt, "skip_left": scout.skip - 1, "turn": turn}))
            if turn >= MAX_TURNS:
                return self._finish(state, "draw", "turn_limit", events)
            nxt = 1 - nxt
        events.append(Event("turn_started", {"seat": nxt, "turn": turn}))
        return Step(replace(state, current=nxt), tuple(events))

    def _finish(
        self, state: RaidState, winner: int | str, reason: EndReason, events: list[Event]
    ) -> Step[RaidState]:
        over = replace(
            state,
            phase="over",
            fight=None,
            kit_pending=None,
            winner="draw" if winner == "draw" else int(winner),
            end=reason,
        )
        events.append(
            Event(
                "game_over",
                {"winner": over.winner, "reason": reason, "maps": [dump_map(m) for m in over.maps]},
            )
        )
        return Step(over, tuple(events))

    @staticmethod
    def _record(
        state: RaidState,
        seat: int,
        scout: Scout,
        hazard: Hazard,
        outcome: Outcome,
        events: list[Event],
        zone: int | None = None,
    ) -> RaidState:
        """Store the scout and the public encounter line; emit it as a public event."""
        encounter = Encounter(seat, hazard.cell, hazard.kind, outcome, scout.wounds, zone)
        events.append(
            Event(
                "encounter",
                {
                    "seat": seat,
                    "cell": hazard.cell,
                    "kind": hazard.kind,
                    "outcome": outcome,
                    "wounds": scout.wounds,
                    "zone": zone,
                    "artifacts": scout.artifacts,
                    "skip": scout.skip,
                },
            )
        )
        state = _with_scout(state, seat, scout)
        return replace(state, encounters=(*state.encounters, encounter))

    _HANDLERS: ClassVar[dict[str, str]] = {
        "place": "_place",
        "place_random": "_place_random",
        "move": "_move",
        "guess": "_guess",
        "use_kit": "_use_kit",
        "leave_kit": "_leave_kit",
    }
    """The method that applies each action kind."""


def _with_scout(state: RaidState, seat: int, scout: Scout) -> RaidState:
    return replace(state, scouts=tuple(scout if s == seat else old for s, old in enumerate(state.scouts)))


def _with_hazard(state: RaidState, owner: int, index: int, hazard: Hazard) -> RaidState:
    objects = state.maps[owner] or ()
    changed = (*objects[:index], hazard, *objects[index + 1 :])
    return replace(state, maps=tuple(changed if s == owner else m for s, m in enumerate(state.maps)))


RAID = Raid()
