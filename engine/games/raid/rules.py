"""Raid's rules R1–R19 (told in ``docs/rules/raid.md``) behind the engine contract.

Turn flow: both seats place at once (R7); then seat 0 moves (R8). A move walks the path on the
*opponent's* hazard map and stops on the first cell with a live object (R10); the objects there
are met in the order of R11. What the game waits for is its agenda (``engine.core.decisions``):
the placement, then the walk of the seat whose turn it is. A fight (R13) or a first-aid kit (R16)
is pushed on top of the walk and pauses it: the same seat decides (``guess`` / ``use_kit`` /
``leave_kit``); a fight remembers the cell's objects still to meet once the terrorist is dead.

A turn (R19) is one seat's move with everything it meets, or one missed turn. When the turn
passes to a scout who must miss turns (R14), the engine consumes one missed turn at once — a
``turn_skipped`` event, the turn counter advances — and passes on; a player never has to act
to miss a turn.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, ClassVar, Literal

from pydantic import TypeAdapter

from engine.core.contract import TURN_STARTED, Event, Game, Result, Step
from engine.core.decisions import Decision, decided, pop, push, replace_top, top
from engine.core.errors import IllegalAction
from engine.core.plain import JSON
from engine.core.rng import Rng
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
    canonical,
    canonical_place,
    parse_text,
    typed_text,
)
from engine.games.raid.checks import state_problem
from engine.games.raid.data import MAX_TURNS, MAX_WOUNDS, MEET_RANK, SEATS, EndReason, Phase
from engine.games.raid.memo import ByIdentity
from engine.games.raid.paths import walk
from engine.games.raid.placement import check_placement, hazard_map, random_placement, redeal_map
from engine.games.raid.scenarios import SCENARIOS
from engine.games.raid.state import (
    STATE_ADAPTER,
    Encounter,
    Fight,
    Hazard,
    Kit,
    Outcome,
    PlaceObjects,
    RaidDecision,
    RaidOptions,
    RaidState,
    Scout,
    Walk,
    new_encounter,
)
from engine.games.raid.view import VIEW_ADAPTER, RaidView, make_view

_MAP_ADAPTER: TypeAdapter[tuple[Hazard, ...]] = TypeAdapter(tuple[Hazard, ...])


_ANSWERS: dict[str, frozenset[str]] = {
    "place": frozenset({"place", "place_random"}),
    "walk": frozenset({"move"}),
    "fight": frozenset({"guess"}),
    "kit": frozenset({"use_kit", "leave_kit"}),
}
"""The action kinds that answer each kind of decision."""

_NOT_NOW: dict[str, tuple[str, str]] = {
    "guess": ("there is no fight now", "no_fight"),
    "use_kit": ("there is no first-aid kit here to decide about", "no_kit"),
    "leave_kit": ("there is no first-aid kit here to decide about", "no_kit"),
}
"""Why an action that answers an interruption is refused while the scout is simply walking."""


def dump_map(objects: tuple[Hazard, ...] | None) -> list[dict[str, Any]]:
    data: list[dict[str, Any]] = _MAP_ADAPTER.dump_python(objects or (), mode="json")
    return data


class Raid(Game[RaidState, RaidAction, RaidView]):
    key = "raid"
    title = "Raid"
    order = 20
    min_seats = SEATS
    max_seats = SEATS
    information = "imperfect"
    """Each seat's map of hazards is hidden from the other until its objects are met."""
    chance = True
    typed_examples = ("random", "B1 B6 F6", "move down 5, right 9", "guess 3", "use", "leave")
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
            rng=Rng(seed),
            options=opts,
            phase="placement",
            maps=(None,) * SEATS,
            scouts=(scout,) * SEATS,
            agenda=(PlaceObjects(seats=tuple(range(SEATS))),),
        )

    def seats(self, state: RaidState) -> int:
        return SEATS

    def state_problem(self, state: RaidState) -> str | None:
        return state_problem(state)

    def pending(self, state: RaidState) -> tuple[Decision, ...]:
        decision = top(state.agenda)
        return () if decision is None else (decision,)

    def to_act(self, state: RaidState) -> tuple[int, ...]:
        """The seats of the decision on top (``pending``), without building the list: one
        seat, or both while they place."""
        agenda = state.agenda
        return agenda[-1].seats if agenda else ()

    def legal_actions(self, state: RaidState, seat: int) -> list[RaidAction]:
        """Placement: the ``place`` template (all fields empty) and ``place_random``. Play, for
        the seat to act: the ``move`` template (empty path) — or, in a fight, one ``guess`` per
        zone not yet named; at a kit, ``use_kit`` and ``leave_kit``. The templates stand for
        'give a placement / a path'; ``apply`` explains what is wrong with a concrete one."""
        agenda = state.agenda
        if not agenda or seat not in (decision := agenda[-1]).seats:
            return []
        return [MOVE_TEMPLATE] if decision.kind == "walk" else _LEGAL[decision.kind](decision)

    def apply(self, state: RaidState, seat: int, action: RaidAction) -> Step[RaidState]:
        kind = action.kind
        agenda = state.agenda
        decision = agenda[-1] if agenda else None
        # what ``_check_seat`` and ``_check_answers`` let through, asked in one go: they are
        # asked only to say why not
        if decision is None or seat not in decision.seats or kind not in _ANSWERS[decision.kind]:
            self._check_seat(seat)
            self._check_answers(state, seat, kind)
        return _APPLY[kind](self, state, seat, action)

    def resign(self, state: RaidState, seat: int) -> Step[RaidState]:
        """The seat leaves, in placement or play: the other seat wins."""
        self._check_seat(seat)
        if state.phase == "over":
            raise IllegalAction("the game is over", "game_over")
        return self._finish(state, 1 - seat, "resigned", [Event("resigned", {"seat": seat})])

    def view(self, state: RaidState, seat: int | None) -> RaidView:
        return make_view(state, seat)

    def private_view(self, state: RaidState, seat: int) -> JSON | None:
        """A seat's own hazard map, once placed (R3): what only its owner sees."""
        own = state.maps[seat] if 0 <= seat < SEATS else None
        return None if own is None else {"own_map": dump_map(own)}

    def redeal(self, state: RaidState, seat: int | None, seed: int) -> RaidState:
        """Every object ``seat`` has not met on a map it does not own, moved to another cell
        its walking scout has not crossed (terrorists with another weak spot); the placements
        to come drawn from another seed. Once the game is over both maps are public."""
        rng = state.rng.reseeded(seed)
        maps = list(state.maps)
        for owner, objects in enumerate(state.maps):
            if objects is None or owner == seat or state.phase == "over":
                continue
            maps[owner], rng = redeal_map(objects, state.options, state.scouts[1 - owner].trail, rng)
        return _evolve(state, maps=tuple(maps), rng=state.rng.reseeded(seed))

    def result(self, state: RaidState) -> Result | None:
        if state.phase != "over":
            return None
        scores = tuple(float(s.artifacts) for s in state.scouts)
        if state.winner == "draw" or state.winner is None:
            return Result(ranks=(1, 1), scores=scores, draw=True, reason=state.end)
        ranks = tuple(1 if s == state.winner else 2 for s in range(SEATS))
        return Result(ranks=ranks, scores=scores, reason=state.end)

    def parse_text(self, text: str) -> dict[str, Any]:
        return parse_text(text)

    def typed(self, action: RaidAction) -> str:
        data = self.dump_action(action)
        assert isinstance(data, dict)
        return typed_text(data)

    # -- checks -------------------------------------------------------------------------------
    @staticmethod
    def _check_seat(seat: int) -> None:
        if seat not in range(SEATS):
            raise IllegalAction(
                f"seat {seat} is not playing: Raid has seats 0 and 1", "not_playing", seat=seat
            )

    @staticmethod
    def _check_answers(state: RaidState, seat: int, kind: str) -> None:
        """That ``kind`` answers what the game waits for from ``seat``; else why not."""
        decision = top(state.agenda)
        if decision is None:
            raise IllegalAction("the game is over", "game_over")
        if isinstance(decision, PlaceObjects):
            if kind not in _ANSWERS["place"]:
                raise IllegalAction("both players must place their objects first", "placement_phase")
            if seat not in decision.seats:
                raise IllegalAction("you have already placed your objects", "already_placed")
            return
        if kind in _ANSWERS["place"]:
            raise IllegalAction("the placement is over", "placement_over")
        if seat not in decision.seats:
            raise IllegalAction(
                f"it is seat {state.current}'s turn, not seat {seat}'s",
                "not_your_turn",
                current=state.current,
            )
        if kind in _ANSWERS[decision.kind]:
            return
        if isinstance(decision, Fight):
            raise IllegalAction(f"you are fighting the terrorist on {decision.cell}: name a zone", "in_fight")
        if isinstance(decision, Kit):
            raise IllegalAction(f"use the first-aid kit on {decision.cell} or leave it", "kit_decision")
        message, code = _NOT_NOW[kind]
        raise IllegalAction(message, code)

    # -- placement (R4–R7) ----------------------------------------------------------------------
    def _place(self, state: RaidState, seat: int, action: Place) -> Step[RaidState]:
        place = canonical_place(action)
        problems = check_placement(place, state.options)
        if problems:
            raise IllegalAction(
                "the placement is rejected: " + "; ".join(p.message for p in problems),
                "bad_placement",
                problems=[p.as_data() for p in problems],
            )
        return self._store_map(state, seat, place, random=False)

    def _place_random(self, state: RaidState, seat: int, action: object) -> Step[RaidState]:
        place, rng = random_placement(state.options, state.rng)
        return self._store_map(_evolve(state, rng=rng), seat, place, random=True)

    def _store_map(self, state: RaidState, seat: int, place: Place, *, random: bool) -> Step[RaidState]:
        objects = hazard_map(place)
        maps = tuple(objects if s == seat else m for s, m in enumerate(state.maps))
        events = [
            Event("placement", {"seat": seat, "random": random, "map": dump_map(objects)}, audience=(seat,)),
            Event("placed", {"seat": seat}),
        ]
        agenda = decided(state.agenda, seat)
        placed = _evolve(state, maps=maps, agenda=agenda)
        if agenda:
            return Step(placed, tuple(events))
        events.append(Event("play_started", {"first": 0}))  # R8
        events.append(_TURN_STARTED[0][0])
        return Step(_evolve(placed, phase="play", current=0, agenda=_WALKING[0]), tuple(events))

    # -- moving (R9–R11) ----------------------------------------------------------------------
    def _move(self, state: RaidState, seat: int, action: Move) -> Step[RaidState]:
        move = canonical(action)
        scout = state.scouts[seat]
        walked = walk(scout.cell, move.path)
        hazards = state.maps[1 - seat] or ()
        live = _live_objects(hazards)
        stop: int | None = None
        for i, cell in enumerate(walked):
            if cell in live:
                stop = i
                break
        taken = walked if stop is None else walked[: stop + 1]
        walker = scout.walked(taken)
        scouts = (walker, state.scouts[1]) if seat == 0 else (state.scouts[0], walker)
        moved_data: dict[str, JSON] = {
            "seat": seat,
            "from": scout.cell,
            "to": taken[-1],
            "walked": taken,
            "stopped": stop is not None,
        }
        events = [Event("moved", moved_data, None)]
        if stop is None:
            return self._end_turn(state, events, scouts)
        cell = taken[-1]
        return self._meet(state, seat, cell, live[cell], events, walker)

    def _meet(
        self, state: RaidState, seat: int, cell: str, due: tuple[int, ...], events: list[Event], scout: Scout
    ) -> Step[RaidState]:
        """Meet the objects ``due`` on ``cell`` (indices on the opponent's map, in R11 order).
        ``scout`` is the walking scout as it is now (``state`` may hold it as it was): what the
        encounters change is gathered, and the position made once, when the turn stops."""
        owner = 1 - seat
        objects = state.maps[owner] or ()
        met: list[Encounter] = []
        for n, index in enumerate(due):
            hazard = objects[index]
            kind = hazard.kind
            objects = (
                *objects[:index],
                hazard.spent() if kind == "artifact" else hazard.met(),
                *objects[index + 1 :],
            )
            if kind == "artifact":  # R12
                scout = scout.collected()
                met.append(_encounter(seat, scout, hazard, "collected", events))
                if scout.artifacts >= state.options.artifacts:  # R18
                    return self._finish(
                        _changed(state, seat, scout, owner, objects, met), seat, "mission", events
                    )
            elif kind == "terrorist":  # R13: the fight pauses the turn
                met.append(_encounter(seat, scout, hazard, "fight", events))
                zones = tuple(range(1, state.options.zones + 1))
                fight = Fight(seats=(seat,), options=zones, cell=cell, target=index, then=due[n + 1 :])
                fighting = _changed(state, seat, scout, owner, objects, met, push(state.agenda, fight))
                return Step(fighting, tuple(events))
            elif kind == "pit":  # R14
                scout = scout.missing(1)
                met.append(_encounter(seat, scout, hazard, "fell", events))
            elif kind == "trap":  # R15
                scout = scout.wounded()
                met.append(_encounter(seat, scout, hazard, "wounded", events))
                if scout.wounds >= MAX_WOUNDS:  # R17
                    return self._finish(
                        _changed(state, seat, scout, owner, objects, met), owner, "beaten", events
                    )
            else:  # R16: the kit waits for the finder's decision
                met.append(_encounter(seat, scout, hazard, "found", events))
                kit = Kit(seats=(seat,), cell=cell)
                return Step(
                    _changed(state, seat, scout, owner, objects, met, push(state.agenda, kit)), tuple(events)
                )
        if not any(m.outcome == "collected" for m in met):  # met objects stay live: the same cells
            _live_objects.remember(objects, _live_objects(state.maps[owner] or ()))
        scouts = (scout, state.scouts[1]) if seat == 0 else (state.scouts[0], scout)
        maps = (objects, state.maps[1]) if owner == 0 else (state.maps[0], objects)
        return self._end_turn(state, events, scouts, maps, (*state.encounters, *met))

    # -- fights (R13) ---------------------------------------------------------------------------
    def _guess(self, state: RaidState, seat: int, action: Guess) -> Step[RaidState]:
        fight = top(state.agenda)
        assert isinstance(fight, Fight)
        zone, zones = action.zone, state.options.zones
        if not 1 <= zone <= zones:
            raise IllegalAction(f"zone {zone} is not a zone 1–{zones}", "bad_zone", zone=zone, zones=zones)
        if zone in fight.named:
            raise IllegalAction(
                f"zone {zone} was already named against this terrorist", "zone_named", zone=zone
            )
        owner = 1 - seat
        objects = state.maps[owner] or ()
        terrorist = objects[fight.target]
        scout = state.scouts[seat]
        events: list[Event] = []
        if zone == terrorist.zone:
            objects = (*objects[: fight.target], terrorist.spent(), *objects[fight.target + 1 :])
            killed = [_encounter(seat, scout, terrorist, "killed", events, zone)]
            after = _changed(state, seat, scout, owner, objects, killed, pop(state.agenda))
            return self._meet(after, seat, fight.cell, fight.then, events, scout)
        scout = scout.wounded()
        missed = _encounter(seat, scout, terrorist, "miss", events, zone)
        if scout.wounds >= MAX_WOUNDS:  # R17, even in the middle of a fight
            return self._finish(
                _changed(state, seat, scout, owner, objects, [missed]), owner, "beaten", events
            )
        fought = replace_top(state.agenda, fight.named_also(zone))
        return Step(_changed(state, seat, scout, owner, objects, [missed], fought), tuple(events))

    # -- the first-aid kit (R16) --------------------------------------------------------------
    def _use_kit(self, state: RaidState, seat: int, action: object) -> Step[RaidState]:
        owner = 1 - seat
        hazards = state.maps[owner] or ()
        cell = state.kit_pending
        index = next(i for i, h in enumerate(hazards) if h.kind == "kit" and h.live and h.cell == cell)
        kit = hazards[index]
        state = _with_hazard(state, owner, index, kit.spent())
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
    def _end_turn(
        self,
        state: RaidState,
        events: list[Event],
        scouts: tuple[Scout, ...] | None = None,
        maps: tuple[tuple[Hazard, ...] | None, ...] | None = None,
        encounters: tuple[Encounter, ...] | None = None,
    ) -> Step[RaidState]:
        """The turn is over (``scouts``, ``maps``, ``encounters``: as they are now, if they changed
        since ``state``)."""
        s = state
        scouts = s.scouts if scouts is None else scouts
        maps = s.maps if maps is None else maps
        encounters = s.encounters if encounters is None else encounters
        turn = s.turn + 1
        if turn >= MAX_TURNS:  # R19
            over = _evolve(s, scouts=scouts, maps=maps, encounters=encounters, turn=turn, agenda=())
            return self._finish(over, "draw", "turn_limit", events)
        nxt = 1 - s.current
        while scouts[nxt].skip > 0:  # R14: a missed turn is consumed at once
            scout = scouts[nxt]
            skipped = scout.missing(-1)
            scouts = (skipped, scouts[1]) if nxt == 0 else (scouts[0], skipped)
            turn += 1
            events.append(Event("turn_skipped", {"seat": nxt, "skip_left": scout.skip - 1, "turn": turn}))
            if turn >= MAX_TURNS:
                over = _evolve(s, scouts=scouts, maps=maps, encounters=encounters, turn=turn, agenda=())
                return self._finish(over, "draw", "turn_limit", events)
            nxt = 1 - nxt
        events.append(_TURN_STARTED[nxt][turn])
        walking = _WALKING[nxt]
        after = RaidState(
            s.rng, s.options, s.phase, maps, scouts, nxt, turn, walking, encounters, s.winner, s.end
        )
        return Step(after, tuple(events))

    def _finish(
        self, state: RaidState, winner: int | str, reason: EndReason, events: list[Event]
    ) -> Step[RaidState]:
        over = _evolve(
            state,
            phase="over",
            agenda=(),
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
        encounter = _encounter(seat, scout, hazard, outcome, events, zone)
        return _with_scout(state, seat, scout, encounters=(*state.encounters, encounter))

    _HANDLERS: ClassVar[dict[str, str]] = {
        "place": "_place",
        "place_random": "_place_random",
        "move": "_move",
        "guess": "_guess",
        "use_kit": "_use_kit",
        "leave_kit": "_leave_kit",
    }
    """The method that applies each action kind."""


_APPLY: dict[str, Callable[[Raid, RaidState, int, Any], Step[RaidState]]] = {
    kind: getattr(Raid, method) for kind, method in Raid._HANDLERS.items()
}
"""``Raid._HANDLERS`` as the functions themselves, looked up once."""

_LEGAL: dict[str, Callable[[Any], list[RaidAction]]] = {
    "place": lambda decision: [PLACE_TEMPLATE, PLACE_RANDOM],
    "walk": lambda decision: [MOVE_TEMPLATE],
    "fight": lambda decision: [GUESS[z] for z in decision.options],
    "kit": lambda decision: [USE_KIT, LEAVE_KIT],
}
"""The legal actions of the seat a decision waits for, by its kind (``legal_actions``)."""


def _live_at(hazards: tuple[Hazard, ...]) -> dict[str, tuple[int, ...]]:
    """The cells of a hazard map's live objects, each with the objects' indices in the order
    they are met (R11)."""
    at: dict[str, tuple[int, ...]] = {}
    shared = []
    for i, h in enumerate(hazards):
        if h.live:
            there = at.get(h.cell)
            if there is None:
                at[h.cell] = (i,)
            else:
                at[h.cell] = (*there, i)
                shared.append(h.cell)
    for cell in shared:  # a map is stored in meeting order, but one made by hand may not be
        at[cell] = tuple(sorted(at[cell], key=lambda i: MEET_RANK[hazards[i].kind]))
    return at


_live_objects = ByIdentity(_live_at)
"""``_live_at`` of a map, remembered: a map changes only when an object on it is met, and a
scout walks on the same map turn after turn."""


def _encounter(
    seat: int, scout: Scout, hazard: Hazard, outcome: Outcome, events: list[Event], zone: int | None = None
) -> Encounter:
    """The public record line of ``seat``'s scout (as it is after it) meeting ``hazard``; its
    event is added to ``events``."""
    data: dict[str, JSON] = {
        "seat": seat,
        "cell": hazard.cell,
        "kind": hazard.kind,
        "outcome": outcome,
        "wounds": scout.wounds,
        "zone": zone,
        "artifacts": scout.artifacts,
        "skip": scout.skip,
    }
    events.append(Event("encounter", data, None))
    return new_encounter(seat, hazard.cell, hazard.kind, outcome, scout.wounds, zone)


def _changed(
    state: RaidState,
    seat: int,
    scout: Scout,
    owner: int,
    objects: tuple[Hazard, ...],
    met: list[Encounter],
    agenda: tuple[RaidDecision, ...] | None = None,
) -> RaidState:
    """``state`` with ``seat``'s scout, ``owner``'s map and the encounters ``met`` since (and
    the agenda) as they are now."""
    s = state
    scouts = (scout, s.scouts[1]) if seat == 0 else (s.scouts[0], scout)
    maps = (objects, s.maps[1]) if owner == 0 else (s.maps[0], objects)
    encounters = (*s.encounters, *met)
    agenda = s.agenda if agenda is None else agenda
    return RaidState(
        s.rng, s.options, s.phase, maps, scouts, s.current, s.turn, agenda, encounters, s.winner, s.end
    )


_TURN_STARTED: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event(TURN_STARTED, {"seat": seat, "turn": turn}, None) for turn in range(MAX_TURNS))
    for seat in range(SEATS)
)
"""The start of each seat's turn ``turn`` (R19 bounds the turns), made once: an event is a value
(``engine.core.contract.Event``), and every move ends with one."""

_WALKING: tuple[tuple[Walk], ...] = tuple((Walk(seats=(seat,)),) for seat in range(SEATS))
"""The agenda while seat ``s`` walks, made once: decisions are immutable values."""

_SAME: Any = object()
"""A keyword not given (``_evolve``, ``_with_scout``)."""


def _with_scout(
    state: RaidState, seat: int, scout: Scout, encounters: tuple[Encounter, ...] = _SAME
) -> RaidState:
    scouts = (scout, state.scouts[1]) if seat == 0 else (state.scouts[0], scout)
    return _evolve(state, scouts=scouts, encounters=encounters)


def _with_hazard(state: RaidState, owner: int, index: int, hazard: Hazard) -> RaidState:
    objects = state.maps[owner] or ()
    changed = (*objects[:index], hazard, *objects[index + 1 :])
    maps = (changed, state.maps[1]) if owner == 0 else (state.maps[0], changed)
    return _evolve(state, maps=maps)


def _evolve(
    s: RaidState,
    *,
    rng: Rng = _SAME,
    phase: Phase = _SAME,
    maps: tuple[tuple[Hazard, ...] | None, ...] = _SAME,
    scouts: tuple[Scout, ...] = _SAME,
    current: int = _SAME,
    turn: int = _SAME,
    agenda: tuple[RaidDecision, ...] = _SAME,
    encounters: tuple[Encounter, ...] = _SAME,
    winner: int | Literal["draw"] | None = _SAME,
    end: EndReason | None = _SAME,
) -> RaidState:
    """``dataclasses.replace`` for a state, built positionally: a move makes several new states,
    and the general ``replace`` (which walks the fields and checks each one every time) cost
    more than the rules themselves."""
    return RaidState(
        s.rng if rng is _SAME else rng,
        s.options,
        s.phase if phase is _SAME else phase,
        s.maps if maps is _SAME else maps,
        s.scouts if scouts is _SAME else scouts,
        s.current if current is _SAME else current,
        s.turn if turn is _SAME else turn,
        s.agenda if agenda is _SAME else agenda,
        s.encounters if encounters is _SAME else encounters,
        s.winner if winner is _SAME else winner,
        s.end if end is _SAME else end,
    )


RAID = Raid()
