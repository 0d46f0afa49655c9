"""Pickomino's rules P1–P14 (told in ``docs/rules/pickomino.md``) behind the engine contract.

The hot path (``to_act``, ``legal_actions``, ``apply``) is written for random playouts and
search: dice are counted per face in 6-tuples, actions are shared instances, every action
builds one new state (a tuple), a new state shares every tuple it does not change with the old
one, and what has been worked out once is looked up (``engine.games.pickomino.tables``).
"""

from __future__ import annotations

from bisect import bisect, insort
from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from engine.core.contract import Event, Game, Result, Step, ranks_from_keys
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.core.rng import Rng
from engine.games.pickomino.actions import (
    ACTION_ADAPTER,
    ROLL,
    STOP,
    TAKE,
    Keep,
    Roll,
    Stop,
    Take,
    parse_text,
    typed_text,
)
from engine.games.pickomino.checks import state_problem
from engine.games.pickomino.data import (
    FACE_INDEX,
    HIGHEST_TILE,
    TILE_WORMS,
    TILES,
    WORM,
)
from engine.games.pickomino.dice import AHEAD, CODES, POW6, ahead, word_ahead
from engine.games.pickomino.state import STATE_ADAPTER, PickominoState
from engine.games.pickomino.tables import (
    FAIL_REASONS,
    FAILED,
    KEEPS,
    KEPT,
    ROLL_FACES,
    ROLLED,
    TURN_STARTS,
    keeping,
    kept_event,
    kept_info,
    rolled_event,
    shown,
    turn_failed,
)
from engine.games.pickomino.view import VIEW_ADAPTER, PickominoView, make_view

PickominoAction = Roll | Keep | Take | Stop

_NO_DICE = (0, 0, 0, 0, 0, 0)
_TURN_START = kept_info(_NO_DICE)
"""What no dice kept add up to: a turn's first roll, looked up by identity."""
_State = PickominoState
_ALONE = tuple((seat,) for seat in range(7))
"""``to_act`` of each seat (2–7 seats), made once."""
_new_tuple = tuple.__new__


class PickominoOptions(BaseModel):
    model_config = ConfigDict(extra="forbid")

    tiebreak: Literal["highest_tile", "shared"] = "highest_tile"
    """P14: ``highest_tile`` — among tied players the one with the highest tile wins;
    ``shared`` — tied players share the win."""


_DEFAULT_OPTIONS = PickominoOptions()


_made: tuple[PickominoState | None, tuple[PickominoAction, ...]] = (None, ())
"""The position ``apply`` made last, when it knew that position's legal actions in passing (a
roll's keeps; after a keep without a worm, roll again or stop), with those actions: whoever
plays asks for them next. Only that very object is answered so, and it is replaced in one
step, so whichever position comes asking gets its own actions."""


def _takeable(
    grill: tuple[int, ...], stacks: tuple[tuple[int, ...], ...], current: int, total: int
) -> tuple[int, ...]:
    """With a worm kept and ``total`` points: the highest grill tile up to ``total`` (P8), and
    another player's top tile equal to it (P8b); ascending."""
    at = bisect(grill, total)  # the grill is ascending, and no tile is above the highest
    found = (grill[at - 1],) if at else ()
    if stacks.count(()) < len(stacks):  # most stacks are empty: one pass in C for all of them
        for seat, stack in enumerate(stacks):
            if seat != current and stack and stack[-1] == total:
                return (*found, total)
    return found


def takeable_tiles(state: PickominoState) -> tuple[int, ...]:
    """Tiles the current player may take if he stops now, ascending (P8, P8a, P8b)."""
    info = kept_info(state.kept)
    if not info.may_take:
        return ()
    return _takeable(state.grill, state.stacks, state.current, info.total)


class Pickomino(Game[PickominoState, PickominoAction, PickominoView]):
    key = "pickomino"
    title = "Pickomino"
    order = 10
    min_seats = 2
    max_seats = 7
    information = "perfect"
    """Dice, grill and every stack lie open on the table."""
    chance = True
    typed_examples = ("roll", "keep 5", "keep worm", "take 24", "stop")
    options_model = PickominoOptions
    state_adapter = STATE_ADAPTER
    action_adapter = ACTION_ADAPTER
    view_adapter = VIEW_ADAPTER

    # -- contract ---------------------------------------------------------------------------
    def new(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> PickominoState:
        opts: PickominoOptions = self.options(
            seats, options or _DEFAULT_OPTIONS
        )  # none given: nothing to read
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

    def state_problem(self, state: PickominoState) -> str | None:
        return state_problem(state)

    def pending(self, state: PickominoState) -> tuple[Decision, ...]:
        """One decision at a time, the current player's, named after the phase of his turn.
        No default: a turn left to run out is played by a computer player."""
        if state.phase == "over":
            return ()
        return (Decision(kind=state.phase, seats=(state.current,)),)

    def to_act(self, state: PickominoState) -> tuple[int, ...]:
        return () if state.phase == "over" else _ALONE[state.current]  # ``pending``, without building it

    def legal_actions(self, state: PickominoState, seat: int) -> list[PickominoAction]:
        # Fields are read one by one: unpacking a named tuple walks it as an iterator, and
        # costs more than the few fields each phase needs.
        made = _made
        if made[0] is state:
            return list(made[1]) if seat == state.current else []
        phase = state.phase
        if seat != state.current or phase == "over":
            return []
        if phase == "roll":
            return [ROLL]
        kept = state.kept
        info = KEPT.get(kept) or kept_info(kept)
        if phase == "keep":
            roll = state.roll
            faces = ROLL_FACES.get(roll)
            return list(KEEPS[(shown(roll) if faces is None else faces) & info.free])
        if info.may_take and (tiles := _takeable(state.grill, state.stacks, seat, info.total)):
            takes: list[PickominoAction] = list(map(TAKE.__getitem__, tiles))
            return [ROLL, *takes] if info.left else takes
        return [ROLL, STOP] if info.left else [STOP]  # nothing to take: stopping fails the turn (P10)

    def apply(self, state: PickominoState, seat: int, action: PickominoAction) -> Step[PickominoState]:
        # Rolls and keeps are four actions in five, so they are played here rather than in a
        # function of their own; every rule checked is the same as for any other action.
        global _made
        fields = state[:]  # a plain tuple: unpacked in one step, where a named tuple is iterated
        seats, tiebreak, rng, grill, turned, stacks, current, phase, roll, kept, turn, resigned = fields
        if phase == "over":
            raise IllegalAction("the game is over", "game_over")
        if seat != current:
            turn_of = f"it is seat {current}'s turn, not seat {seat}'s"
            raise IllegalAction(turn_of, "not_your_turn", current=current)
        kind = action.kind
        if kind == "roll":
            if phase == "keep":
                raise IllegalAction("keep one face of the roll first", "must_keep")
            info = _TURN_START if kept is _NO_DICE else KEPT.get(kept) or kept_info(kept)
            left = info.left
            if not left and phase == "decide":
                raise IllegalAction("no dice are left to roll: take a tile or stop", "no_dice_left")
            # P4: the dice are word ``draws`` of the generator (``word`` and ``roll_code``,
            # written out: two calls less in every roll), most often made ahead (``dice.ahead``)
            seed, draws = rng[0], rng[1]
            ahead_seed, first, block = ahead
            at = draws - first
            drawn = block[at] if ahead_seed == seed and 0 <= at < AHEAD else word_ahead(seed, draws)
            value = drawn % POW6[left]
            code = CODES[4][value % 1296] + CODES[left - 4][value // 1296] if left > 4 else CODES[left][value]
            rolled = ROLLED[code]
            rng = _new_tuple(Rng, (seed, draws + 1, ()))  # ``Rng(seed, draws + 1)``, a third of the cost
            events = rolled.events[seat] or rolled_event(rolled, seat)
            faces = rolled.faces & info.free
            if not faces:
                return _fail(fields, rng, "no_new_face", events)  # P6
            dice = rolled.dice
            after = (seats, tiebreak, rng, grill, turned, stacks, seat, "keep", dice, kept, turn, resigned)
            new = _new_tuple(_State, after)
            _made = (new, KEEPS[faces])
            return Step(new, events)
        if kind == "keep":
            if phase != "keep":
                if phase == "roll":
                    raise IllegalAction("roll the dice first: there is nothing to keep yet", "must_roll")
                raise IllegalAction("you already kept a face from this roll", "already_kept_this_roll")
            assert isinstance(action, Keep)
            face = action.face
            i = FACE_INDEX[face]
            count = roll[i]
            if not count:
                raise IllegalAction(f"no {face} in this roll", "face_not_rolled", face=face)
            if kept[i]:
                raise IllegalAction(f"{face} was already kept this turn", "face_already_kept", face=face)
            info = KEPT.get(kept) or kept_info(kept)
            made = info.after[i * 9 + count] or keeping(info, kept, i, count)
            said = made.events[seat] or kept_event(seat, made)
            now = made.kept
            none = _NO_DICE
            after = (seats, tiebreak, rng, grill, turned, stacks, seat, "decide", none, now, turn, resigned)
            new = _new_tuple(_State, after)
            if made.choices is not None:
                _made = (new, made.choices)
            return Step(new, said)
        if kind == "stop":
            if phase != "decide":
                raise IllegalAction("you can stop only after keeping dice", "cannot_stop_now")
            info = KEPT.get(kept) or kept_info(kept)
            if info.may_take and _takeable(grill, stacks, seat, info.total):
                raise IllegalAction(
                    "a tile is available: take it (stopping without one is for failed turns)",
                    "tile_available",
                )
            return _fail(fields, rng, "no_tile" if info.worm else "no_worm", ())  # P10
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
        left = state._replace(grill=tuple(grill), stacks=tuple(stacks), resigned=(*state.resigned, seat))
        events = (Event("resigned", {"seat": seat, "returned": list(state.stacks[seat])}),)
        if state.seats - len(left.resigned) < 2:
            left = left._replace(phase="over", roll=_NO_DICE, kept=_NO_DICE)
            return Step(left, (*events, Event("game_over", {"scores": list(_scores(left))})))
        if seat != state.current:
            return Step(left, events)
        return _next_turn(left, left.rng, left.grill, left.turned, left.stacks, events)

    def view(self, state: PickominoState, seat: int | None) -> PickominoView:
        return make_view(state, takeable_tiles(state) if state.phase == "decide" else ())

    def redeal(self, state: PickominoState, seat: int | None, seed: int) -> PickominoState:
        """Only the dice to come are hidden in Pickomino."""
        return state._replace(rng=state.rng.reseeded(seed))

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

    def typed(self, action: PickominoAction) -> str:
        data = self.dump_action(action)
        assert isinstance(data, dict)
        return typed_text(data)


# -- the turn -----------------------------------------------------------------------------------
# Every action builds exactly one new state, a tuple made in one step from the fields of the
# old one, and shares every tuple it does not change with it. An action that ends the turn goes
# straight to the first state of the next one. What an action works out again and again —
# where a keep leads, which faces a roll shows, the events — is looked up (``tables``).


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
    total = kept_info(state.kept).total
    event = Event("took", {"seat": seat, "tile": tile, "from_seat": source, "total": total}, None)
    return _next_turn(state, state.rng, grill, state.turned, tuple(stacks), (event,))


def _fail(fields: tuple[Any, ...], rng: Rng, reason: str, events: tuple[Event, ...]) -> Step[PickominoState]:
    """P11: the top tile returns to the grill, then the highest grill tile is turned
    unless it is the one just returned; then the next seat's turn (``_next_turn``).
    ``fields``: the position's, as a plain tuple."""
    seats, tiebreak, _, grill, turned, stacks, seat, _, _, _, turn, resigned = fields
    stack = stacks[seat]
    returned = 0  # no tile
    if stack:
        returned = stack[-1]
        at = bisect(grill, returned)
        grill = (*grill[:at], returned, *grill[at:])
        stacks = (*stacks[:seat], stack[:-1], *stacks[seat + 1 :])
    turned_tile = 0
    if grill and grill[-1] != returned:
        turned_tile = grill[-1]
        grill = grill[:-1]
        turned = (*turned, turned_tile)
    nxt = (seat + 1) % seats  # P12
    if not grill or resigned:  # the game ends, or seats are skipped: the long way
        failed = turn_failed(seat, nxt, reason, returned, turned_tile)[0]
        return _next_turn(fields, rng, grill, turned, stacks, (*events, failed))
    after = (seats, tiebreak, rng, grill, turned, stacks, nxt, "roll", _NO_DICE, _NO_DICE, turn + 1, resigned)
    key = (FAIL_REASONS[reason] * 64 + returned) * 64 + turned_tile
    ended = FAILED[seat * 8 + nxt].get(key) or turn_failed(seat, nxt, reason, returned, turned_tile)
    return Step(_new_tuple(_State, after), events + ended if events else ended)


def _next_turn(
    fields: tuple[Any, ...],
    rng: Rng,
    grill: tuple[int, ...],
    turned: tuple[int, ...],
    stacks: tuple[tuple[int, ...], ...],
    events: tuple[Event, ...],
) -> Step[PickominoState]:
    """The turn of the position's current seat (``fields``, as a plain tuple or the position)
    is over with these tiles: the next seat's turn starts (P12), or the game ends with the
    grill (P13)."""
    seats, tiebreak, _, _, _, _, seat, _, _, _, turn, resigned = fields
    if not grill:  # P13
        none = _NO_DICE
        over = _State(seats, tiebreak, rng, grill, turned, stacks, seat, "over", none, none, turn, resigned)
        return Step(over, (*events, Event("game_over", {"scores": list(_scores(over))}, None)))
    nxt = (seat + 1) % seats  # P12
    while nxt in resigned:
        nxt = (nxt + 1) % seats
    after = (seats, tiebreak, rng, grill, turned, stacks, nxt, "roll", _NO_DICE, _NO_DICE, turn + 1, resigned)
    return Step(_new_tuple(_State, after), (*events, TURN_STARTS[nxt]))


def _scores(state: PickominoState) -> tuple[int, ...]:
    return tuple(sum(TILE_WORMS[t] for t in stack) for stack in state.stacks)


def _why_not(state: PickominoState, tile: int) -> str:
    if not state.kept[WORM]:
        return "no worm is kept: you cannot take any tile"
    total = kept_info(state.kept).total
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
