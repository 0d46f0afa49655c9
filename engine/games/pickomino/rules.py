"""Pickomino's rules P1–P14 (``shared/rules/pickomino.md``) behind the engine contract.

The hot path (``to_act``, ``legal_actions``, ``apply``) is written for random playouts and
search: dice are counted per face in 6-tuples, actions are shared instances, and a new state
shares every tuple it does not change with the old one.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Mapping
from dataclasses import replace
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from engine.core.contract import Event, Game, Result, Step, ranks_from_keys
from engine.core.errors import IllegalAction
from engine.core.rng import word
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
from engine.games.pickomino.state import STATE_ADAPTER, PickominoState
from engine.games.pickomino.view import VIEW_ADAPTER, PickominoView, make_view

PickominoAction = Roll | Keep | Take | Stop

_NO_DICE = (0, 0, 0, 0, 0, 0)
_State = PickominoState
_POW6 = tuple(6**n for n in range(DICE + 1))


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


def _count_table(n: int) -> tuple[tuple[int, ...], ...]:
    """For every number ``v < 6**n``: its ``n`` base-6 digits (one die each), counted per face."""
    table = []
    for v in range(6**n):
        counts = [0] * 6
        for _ in range(n):
            v, face = divmod(v, 6)
            counts[face] += 1
        table.append(tuple(counts))
    return tuple(table)


_COUNTS = tuple(_count_table(n) for n in range(5))
"""Dice counts for up to four dice at a time, by the number they are read from."""


def roll_dice(seed: int, draw: int, n: int) -> tuple[int, ...]:
    """``n`` dice from word ``draw`` of the seeded stream, counted per face index: the
    word's low base-6 digits are the dice, read four at a time through ``_COUNTS``."""
    v = word(seed, draw)
    if n <= 4:
        return _COUNTS[n][v % _POW6[n]]
    low = _COUNTS[4][v % 1296]
    high = _COUNTS[n - 4][(v // 1296) % _POW6[n - 4]]
    return (
        low[0] + high[0],
        low[1] + high[1],
        low[2] + high[2],
        low[3] + high[3],
        low[4] + high[4],
        low[5] + high[5],
    )


class Pickomino(Game[PickominoState, PickominoAction, PickominoView]):
    key = "pickomino"
    title = "Pickomino"
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
            seed=seed,
            draws=0,
            grill=TILES,
            turned=(),
            stacks=((),) * seats,
            current=0,
            phase="roll",
            roll=_NO_DICE,
            kept=_NO_DICE,
        )

    def to_act(self, state: PickominoState) -> tuple[int, ...]:
        return () if state.phase == "over" else (state.current,)

    def legal_actions(self, state: PickominoState, seat: int) -> list[PickominoAction]:
        phase = state.phase
        if seat != state.current or phase == "over":
            return []
        if phase == "roll":
            return [ROLL]
        if phase == "keep":
            return list(_keepable(state.roll, state.kept))
        actions: list[PickominoAction] = [ROLL] if sum(state.kept) < DICE else []
        tiles = takeable_tiles(state)
        if tiles:
            actions.extend(TAKE[t] for t in tiles)
        else:
            actions.append(STOP)
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
        if kind == "roll":
            return self._roll(state)
        if kind == "keep":
            assert isinstance(action, Keep)
            return self._keep(state, action)
        if kind == "take":
            assert isinstance(action, Take)
            return self._take(state, action.tile)
        if kind == "stop":
            return self._stop(state)
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
            events.append(Event("game_over", {"scores": list(self._scores(left))}))
            return Step(left, tuple(events))
        if seat != state.current:
            return Step(left, tuple(events))
        return self._next_turn(left, events)

    def view(self, state: PickominoState, seat: int | None) -> PickominoView:
        return make_view(state, takeable_tiles(state) if state.phase == "decide" else ())

    def result(self, state: PickominoState) -> Result | None:
        if state.phase != "over":
            return None
        scores = self._scores(state)
        keys: list[tuple[int, ...]] = []
        for seat in range(state.seats):
            if seat in state.resigned:
                keys.append((0, -state.resigned.index(seat)))
            else:
                top = max(state.stacks[seat], default=0) if state.tiebreak == "highest_tile" else 0
                keys.append((1, scores[seat], top))
        return Result(ranks=ranks_from_keys(keys), scores=tuple(float(s) for s in scores))

    def parse_text(self, text: str) -> dict[str, Any]:
        return parse_text(text)

    # -- the turn ---------------------------------------------------------------------------
    def _roll(self, state: PickominoState) -> Step[PickominoState]:
        phase = state.phase
        kept = state.kept
        dice = DICE - sum(kept)
        if phase == "keep":
            raise IllegalAction("keep one face of the roll first", "must_keep")
        if phase == "decide" and not dice:
            raise IllegalAction("no dice are left to roll: take a tile or stop", "no_dice_left")
        seat = state.current
        roll = roll_dice(state.seed, state.draws, dice)
        rolled = Event("rolled", {"seat": seat, "dice": list(roll)})
        s = state
        rolled_state = _State(
            s.seats,
            s.tiebreak,
            s.seed,
            s.draws + 1,
            s.grill,
            s.turned,
            s.stacks,
            seat,
            "keep",
            roll,
            kept,
            s.turn,
            s.resigned,
        )  # positional on purpose: dataclasses.replace costs more than the whole rule
        for i in range(6):
            if roll[i] and not kept[i]:
                return Step(rolled_state, (rolled,))
        return self._fail(rolled_state, "no_new_face", [rolled])  # P6

    def _keep(self, state: PickominoState, action: Keep) -> Step[PickominoState]:
        if state.phase == "roll":
            raise IllegalAction("roll the dice first: there is nothing to keep yet", "must_roll")
        if state.phase != "keep":
            raise IllegalAction("you already kept a face from this roll", "already_kept_this_roll")
        i = FACE_INDEX[action.face]
        if not state.roll[i]:
            raise IllegalAction(f"no {action.face} in this roll", "face_not_rolled", face=action.face)
        if state.kept[i]:
            raise IllegalAction(
                f"{action.face} was already kept this turn", "face_already_kept", face=action.face
            )
        kept = list(state.kept)
        kept[i] = state.roll[i]
        new_kept = tuple(kept)
        event = Event(
            "kept",
            {
                "seat": state.current,
                "face": action.face,
                "count": state.roll[i],
                "total": kept_total(new_kept),
            },
        )
        s = state
        return Step(
            _State(
                s.seats,
                s.tiebreak,
                s.seed,
                s.draws,
                s.grill,
                s.turned,
                s.stacks,
                s.current,
                "decide",
                _NO_DICE,
                new_kept,
                s.turn,
                s.resigned,
            ),
            (event,),
        )

    def _take(self, state: PickominoState, tile: int) -> Step[PickominoState]:
        if state.phase != "decide":
            raise IllegalAction("you can take a tile only after keeping dice", "cannot_stop_now")
        if tile not in takeable_tiles(state):
            raise IllegalAction(self._why_not(state, tile), "tile_not_takeable", tile=tile)
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
        s = state
        taken = _State(
            s.seats,
            s.tiebreak,
            s.seed,
            s.draws,
            grill,
            s.turned,
            tuple(stacks),
            seat,
            s.phase,
            s.roll,
            s.kept,
            s.turn,
            s.resigned,
        )
        event = Event(
            "took", {"seat": seat, "tile": tile, "from_seat": source, "total": kept_total(state.kept)}
        )
        return self._next_turn(taken, [event])

    def _stop(self, state: PickominoState) -> Step[PickominoState]:
        if state.phase != "decide":
            raise IllegalAction("you can stop only after keeping dice", "cannot_stop_now")
        if takeable_tiles(state):
            raise IllegalAction(
                "a tile is available: take it (stopping without one is for failed turns)",
                "tile_available",
            )
        return self._fail(state, "no_worm" if not state.kept[WORM] else "no_tile", [])

    def _fail(self, state: PickominoState, reason: str, events: list[Event]) -> Step[PickominoState]:
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
                "turn_failed",
                {"seat": seat, "reason": reason, "returned": returned, "turned": turned_tile},
            )
        )
        s = state
        failed = _State(
            s.seats,
            s.tiebreak,
            s.seed,
            s.draws,
            tuple(grill),
            turned,
            stacks,
            seat,
            s.phase,
            s.roll,
            s.kept,
            s.turn,
            s.resigned,
        )
        return self._next_turn(failed, events)

    def _next_turn(self, state: PickominoState, events: list[Event]) -> Step[PickominoState]:
        if not state.grill:  # P13
            over = replace(state, phase="over", roll=_NO_DICE, kept=_NO_DICE)
            events.append(Event("game_over", {"scores": list(self._scores(over))}))
            return Step(over, tuple(events))
        s = state
        nxt = (s.current + 1) % s.seats  # P12
        while nxt in s.resigned:
            nxt = (nxt + 1) % s.seats
        events.append(Event("turn_started", {"seat": nxt}))
        return Step(
            _State(
                s.seats,
                s.tiebreak,
                s.seed,
                s.draws,
                s.grill,
                s.turned,
                s.stacks,
                nxt,
                "roll",
                _NO_DICE,
                _NO_DICE,
                s.turn + 1,
                s.resigned,
            ),
            tuple(events),
        )

    # -- helpers ----------------------------------------------------------------------------
    @staticmethod
    def _scores(state: PickominoState) -> tuple[int, ...]:
        return tuple(sum(TILE_WORMS[t] for t in stack) for stack in state.stacks)

    @staticmethod
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
