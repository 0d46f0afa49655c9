"""Pickomino's rules P1–P14 (told in ``docs/rules/pickomino.md``) behind the engine contract.

The hot path (``to_act``, ``legal_actions``, ``apply``) is written for random playouts and
search: dice are counted per face in 6-tuples, actions are shared instances, every action
builds one new state, and a new state shares every tuple it does not change with the old one.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from engine.core.contract import TURN_STARTED, Event, Game, Result, Step, ranks_from_keys
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.games.pickomino.actions import (
    ACTION_ADAPTER,
    KEEP,
    ROLL,
    STOP,
    TAKE,
    Keep,
    Roll,
    Stop,
    Take,
    parse_text,
)
from engine.games.pickomino.data import (
    DICE,
    FACE_INDEX,
    HIGHEST_TILE,
    TILE_WORMS,
    TILES,
    WORM,
)
from engine.games.pickomino.dice import SHOWN, roll_dice
from engine.games.pickomino.state import STATE_ADAPTER, PickominoState
from engine.games.pickomino.view import VIEW_ADAPTER, PickominoView, make_view

PickominoAction = Roll | Keep | Take | Stop

_NO_DICE = (0, 0, 0, 0, 0, 0)
_State = PickominoState
_ALONE = tuple((seat,) for seat in range(7))
"""``to_act`` of each seat (2–7 seats), made once."""
_new_tuple = tuple.__new__


@lru_cache(maxsize=8192)
def _keepable(roll: tuple[int, ...], kept: tuple[int, ...]) -> tuple[Keep, ...]:
    """Keep actions for a roll: faces rolled and not kept before (P5). There are few
    (roll, kept) pairs, so they are worked out once each."""
    return tuple(KEEP[i] for i in range(6) if roll[i] and not kept[i])


class PickominoOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tiebreak: Literal["highest_tile", "shared"] = "highest_tile"
    """P14: ``highest_tile`` — among tied players the one with the highest tile wins;
    ``shared`` — tied players share the win."""


def kept_total(kept: tuple[int, ...]) -> int:
    return kept[0] + 2 * kept[1] + 3 * kept[2] + 4 * kept[3] + 5 * kept[4] + 5 * kept[5]


_AFTER_KEEP: dict[tuple[int, ...], list[tuple[tuple[int, ...], int] | None]] = {}
"""For the dice kept so far, at ``face * 9 + count``: the dice kept once ``count`` dice showing
``face`` are kept too, and their total, as met. A keep is a third of all actions, and building
the tuple and adding it up cost more than the rest of the rule. A few thousand dice kept and a
few faces each are all there are."""


def _after_keep(kept: tuple[int, ...], face: int, count: int) -> tuple[tuple[int, ...], int]:
    row = _AFTER_KEEP.get(kept)
    if row is None:
        row = _AFTER_KEEP[kept] = [None] * (6 * 9)
    found = row[face * 9 + count]
    if found is None:
        after = (*kept[:face], count, *kept[face + 1 :])
        found = row[face * 9 + count] = (after, kept_total(after))
    return found


def takeable_tiles(state: PickominoState) -> tuple[int, ...]:
    """Tiles the current player may take if he stops now, ascending (P8, P8a, P8b)."""
    kept = state.kept
    if not kept[WORM]:
        return ()
    total = kept_total(kept)
    found: list[int] = []
    grill = state.grill
    cap = total if total < HIGHEST_TILE else HIGHEST_TILE
    for tile in reversed(grill):
        if tile <= cap:
            found.append(tile)
            break
    current = state.current
    for seat, stack in enumerate(state.stacks):
        if seat != current and stack and stack[-1] == total:
            found.append(total)
            break
    return tuple(found)


class Pickomino(Game[PickominoState, PickominoAction, PickominoView]):
    key = "pickomino"
    title = "Pickomino"
    order = 10
    min_seats = 2
    max_seats = 7
    options_model = PickominoOptions
    state_adapter = STATE_ADAPTER
    action_adapter = ACTION_ADAPTER
    view_adapter = VIEW_ADAPTER

    # -- contract ---------------------------------------------------------------------------
    def new(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> PickominoState:
        opts: PickominoOptions = self.options(seats, options)
        return PickominoState(
            seats=seats,
            tiebreak=opts.tiebreak,
            rng=Rng(seed),
            grill=TILES,
            turned=(),
            stacks=((),) * seats,
            current=0,
            phase="roll",
            roll=_NO_DICE,
            kept=_NO_DICE,
        )

    def seats(self, state: PickominoState) -> int:
        return state.seats

    def pending(self, state: PickominoState) -> tuple[Decision, ...]:
        """One decision at a time, the current player's, named after the phase of his turn.
        No default: a turn left to run out is played by a computer player."""
        if state.phase == "over":
            return ()
        return (Decision(kind=state.phase, seats=(state.current,)),)

    def to_act(self, state: PickominoState) -> tuple[int, ...]:
        return () if state.phase == "over" else _ALONE[state.current]  # ``pending``, without building it

    def legal_actions(self, state: PickominoState, seat: int) -> list[PickominoAction]:
        phase = state.phase
        if seat != state.current or phase == "over":
            return []
        if phase == "keep":
            return list(_keepable(state.roll, state.kept))
        if phase == "roll":
            return [ROLL]
        actions: list[PickominoAction] = [ROLL] if sum(state.kept) < DICE else []
        tiles = takeable_tiles(state)
        if tiles:
            actions += [TAKE[t] for t in tiles]
        else:
            actions.append(STOP)  # nothing to take: stopping fails the turn (P10)
        return actions

    def apply(self, state: PickominoState, seat: int, action: PickominoAction) -> Step[PickominoState]:
        phase = state.phase
        if phase == "over":
            raise IllegalAction("the game is over", "game_over")
        if seat != state.current:
            raise IllegalAction(
                f"it is seat {state.current}'s turn, not seat {seat}'s",
                "not_your_turn",
                current=state.current,
            )
        kind = action.kind
        if kind == "keep":
            assert isinstance(action, Keep)
            return _keep(state, action)
        if kind == "roll":
            return _roll(state)
        if kind == "stop":
            return _stop(state)
        if kind == "take":
            assert isinstance(action, Take)
            return _take(state, action.tile)
        raise IllegalAction(f"unknown action {kind!r}", "unknown_action", kind=kind)

    def resign(self, state: PickominoState, seat: int) -> Step[PickominoState]:
        """The seat leaves: its tiles go back to the grill (ours), it ranks last, and the game
        goes on while two or more seats remain."""
        if state.phase == "over":
            raise IllegalAction("the game is over", "game_over")
        if not 0 <= seat < state.seats or seat in state.resigned:
            raise IllegalAction(f"seat {seat} is not playing", "not_playing", seat=seat)
        grill = list(state.grill)
        for tile in state.stacks[seat]:
            insort(grill, tile)
        stacks = list(state.stacks)
        stacks[seat] = ()
        left = replace(state, grill=tuple(grill), stacks=tuple(stacks), resigned=(*state.resigned, seat))
        events = [Event("resigned", {"seat": seat, "returned": list(state.stacks[seat])})]
        if state.seats - len(left.resigned) < 2:
            left = replace(left, phase="over", roll=_NO_DICE, kept=_NO_DICE)
            events.append(Event("game_over", {"scores": list(_scores(left))}))
            return Step(left, tuple(events))
        if seat != state.current:
            return Step(left, tuple(events))
        return _next_turn(left, left.rng, left.grill, left.turned, left.stacks, events)

    def view(self, state: PickominoState, seat: int | None) -> PickominoView:
        return make_view(state, takeable_tiles(state) if state.phase == "decide" else ())

    def redeal(self, state: PickominoState, seat: int | None, seed: int) -> PickominoState:
        """Only the dice to come are hidden in Pickomino."""
        return replace(state, rng=state.rng.reseeded(seed))

    def result(self, state: PickominoState) -> Result | None:
        if state.phase != "over":
            return None
        scores = _scores(state)
        keys: list[tuple[int, ...]] = []
        for seat in range(state.seats):
            if seat in state.resigned:
                keys.append((0, -state.resigned.index(seat)))
            else:
                top = max(state.stacks[seat], default=0) if state.tiebreak == "highest_tile" else 0
                keys.append((1, scores[seat], top))
        reason = "grill_empty" if not state.grill else "resigned"  # P13, or too few players left
        return Result(ranks=ranks_from_keys(keys), scores=tuple(float(s) for s in scores), reason=reason)

    def parse_text(self, text: str) -> dict[str, Any]:
        return parse_text(text)


# -- the turn -----------------------------------------------------------------------------------
# Every action builds exactly one new state, with the positional constructor (keywords and
# ``dataclasses.replace`` cost more than the whole rule), and shares every tuple it does not
# change with the old state. An action that ends the turn goes straight to the first state of
# the next one.


def _roll(state: PickominoState) -> Step[PickominoState]:
    phase = state.phase
    kept = state.kept
    dice = DICE - sum(kept)
    if phase == "keep":
        raise IllegalAction("keep one face of the roll first", "must_keep")
    if phase == "decide" and not dice:
        raise IllegalAction("no dice are left to roll: take a tile or stop", "no_dice_left")
    seat = state.current
    seed, draws = state.rng[0], state.rng[1]
    roll = roll_dice(seed, draws, dice)
    rng = _new_tuple(Rng, (seed, draws + 1, ()))  # ``Rng(seed, draws + 1)``, a third of the cost
    rolled = Event("rolled", {"seat": seat, "dice": list(roll)}, None)
    for face in SHOWN[roll]:
        if not kept[face]:
            s = state
            return Step(
                _State(
                    s.seats,
                    s.tiebreak,
                    rng,
                    s.grill,
                    s.turned,
                    s.stacks,
                    seat,
                    "keep",
                    roll,
                    kept,
                    s.turn,
                    s.resigned,
                ),
                (rolled,),
            )
    return _fail(state, rng, "no_new_face", [rolled])  # P6


def _keep(state: PickominoState, action: Keep) -> Step[PickominoState]:
    phase = state.phase
    if phase != "keep":
        if phase == "roll":
            raise IllegalAction("roll the dice first: there is nothing to keep yet", "must_roll")
        raise IllegalAction("you already kept a face from this roll", "already_kept_this_roll")
    face = action.face
    i = FACE_INDEX[face]
    count = state.roll[i]
    kept = state.kept
    if not count:
        raise IllegalAction(f"no {face} in this roll", "face_not_rolled", face=face)
    if kept[i]:
        raise IllegalAction(f"{face} was already kept this turn", "face_already_kept", face=face)
    new_kept, total = _after_keep(kept, i, count)
    s = state
    seat = s.current
    return Step(
        _State(
            s.seats,
            s.tiebreak,
            s.rng,
            s.grill,
            s.turned,
            s.stacks,
            seat,
            "decide",
            _NO_DICE,
            new_kept,
            s.turn,
            s.resigned,
        ),
        (Event("kept", {"seat": seat, "face": face, "count": count, "total": total}, None),),
    )


def _take(state: PickominoState, tile: int) -> Step[PickominoState]:
    if state.phase != "decide":
        raise IllegalAction("you can take a tile only after keeping dice", "cannot_stop_now")
    if tile not in takeable_tiles(state):
        raise IllegalAction(_why_not(state, tile), "tile_not_takeable", tile=tile)
    seat = state.current
    stacks = list(state.stacks)
    grill = state.grill
    source: int | None = None
    if tile in grill:
        grill = tuple(t for t in grill if t != tile)
    else:
        source = next(s for s, st in enumerate(stacks) if s != seat and st and st[-1] == tile)
        stacks[source] = stacks[source][:-1]
    stacks[seat] = (*stacks[seat], tile)  # P9
    event = Event(
        "took", {"seat": seat, "tile": tile, "from_seat": source, "total": kept_total(state.kept)}, None
    )
    return _next_turn(state, state.rng, grill, state.turned, tuple(stacks), [event])


def _stop(state: PickominoState) -> Step[PickominoState]:
    if state.phase != "decide":
        raise IllegalAction("you can stop only after keeping dice", "cannot_stop_now")
    if takeable_tiles(state):
        raise IllegalAction(
            "a tile is available: take it (stopping without one is for failed turns)",
            "tile_available",
        )
    return _fail(state, state.rng, "no_worm" if not state.kept[WORM] else "no_tile", [])


def _fail(state: PickominoState, rng: Rng, reason: str, events: list[Event]) -> Step[PickominoState]:
    """P11: the top tile returns to the grill, then the highest grill tile is turned
    unless it is the one just returned."""
    seat = state.current
    stack = state.stacks[seat]
    grill = list(state.grill)
    returned: int | None = None
    stacks = state.stacks
    if stack:
        returned = stack[-1]
        insort(grill, returned)
        stacks = (*stacks[:seat], stack[:-1], *stacks[seat + 1 :])
    turned_tile: int | None = None
    turned = state.turned
    if grill and grill[-1] != returned:
        turned_tile = grill.pop()
        turned = (*turned, turned_tile)
    events.append(
        Event(
            "turn_failed", {"seat": seat, "reason": reason, "returned": returned, "turned": turned_tile}, None
        )
    )
    return _next_turn(state, rng, tuple(grill), turned, stacks, events)


def _next_turn(
    state: PickominoState,
    rng: Rng,
    grill: tuple[int, ...],
    turned: tuple[int, ...],
    stacks: tuple[tuple[int, ...], ...],
    events: list[Event],
) -> Step[PickominoState]:
    """The turn of ``state.current`` is over with these tiles: the next seat's turn starts
    (P12), or the game ends with the grill (P13)."""
    s = state
    seat = s.current
    if not grill:  # P13
        over = _State(
            s.seats,
            s.tiebreak,
            rng,
            grill,
            turned,
            stacks,
            seat,
            "over",
            _NO_DICE,
            _NO_DICE,
            s.turn,
            s.resigned,
        )
        events.append(Event("game_over", {"scores": list(_scores(over))}, None))
        return Step(over, tuple(events))
    nxt = (seat + 1) % s.seats  # P12
    while nxt in s.resigned:
        nxt = (nxt + 1) % s.seats
    events.append(Event(TURN_STARTED, {"seat": nxt}, None))
    return Step(
        _State(
            s.seats,
            s.tiebreak,
            rng,
            grill,
            turned,
            stacks,
            nxt,
            "roll",
            _NO_DICE,
            _NO_DICE,
            s.turn + 1,
            s.resigned,
        ),
        tuple(events),
    )


def _scores(state: PickominoState) -> tuple[int, ...]:
    return tuple(sum(TILE_WORMS[t] for t in stack) for stack in state.stacks)


def _why_not(state: PickominoState, tile: int) -> str:
    if not state.kept[WORM]:
        return "no worm is kept: you cannot take any tile"
    total = kept_total(state.kept)
    if tile in state.stacks[state.current]:
        return f"{tile} is in your own stack"
    if any(tile in stack[:-1] for stack in state.stacks):
        return f"{tile} is protected under another player's top tile"
    if tile in state.turned:
        return f"{tile} has been turned face down"
    if tile in state.grill:
        return f"with {total} you may take only the highest grill tile up to {min(total, HIGHEST_TILE)}"
    return f"you may steal only a top tile equal to your total {total}"


PICKOMINO = Pickomino()
