"""``python -m engine.replay FILE``: replay a game exported with ``/export`` and tell it step by
step.

The file holds the game key, its state version and options, number of seats, seed and move log
(and, for a finished game, its result); options of an older state version are upgraded by the
game's own hook first. Each move is replayed with the engine from the seed and printed with the
events it produced, one line each (the game's text renderer, ``engine.core.text``). Events
addressed to some seats only are printed only when the replayed game is over, so replaying a
running game shows what a spectator saw. When the file states a result, the replay must reach
the same one. A malformed file, an unknown game or a move the engine refuses ends with exit
status 1 and one clear line on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, Literal, TextIO

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from engine.core.contract import RESIGN, RESULT_ADAPTER, Event, Game, Result
from engine.core.errors import EngineError
from engine.core.move_log import play_logged, replay, upgraded_options
from engine.core.plain import JSON
from engine.core.registry import get_game
from engine.core.rng import MASK64
from engine.core.stored import MAX_COUNTER
from engine.core.text import seat_names, text_renderer

FORMAT = "tavern-replay"
FORMAT_VERSION = 3
"""The format ``/export`` writes: 3 states the game's state version."""
FIRST_STATE_VERSION = 1
"""What a file of format 1 or 2 is read at: written before state versions, each game's first."""
MAX_SEATS = 99
"""More seats than any game is played by: a file's larger count, or seat, is no game's."""
MAX_KEY = 40
"""Longer than any game's key."""


class LoggedMove(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, lt=MAX_SEATS)
    action: dict[str, Any]


class ReplayFile(BaseModel):
    """``version`` is the file's format. Version 3 states the game's state version
    (``Game.state_version``) its options were written at; files of versions 1 and 2 were
    written before state versions, and are read at each game's first: the game's own upgrade
    (``Game.upgrade_options``) fills in what their options lack."""

    model_config = ConfigDict(extra="ignore")
    format: Literal["tavern-replay"]
    version: Literal[1, 2, 3]
    game: str = Field(max_length=MAX_KEY)
    state_version: int = Field(FIRST_STATE_VERSION, ge=1, le=MAX_COUNTER)
    options: dict[str, Any] = Field(default_factory=dict)
    seats: int = Field(ge=1, le=MAX_SEATS)
    seed: int = Field(ge=0, le=MASK64)
    """A game's seed, as its generator takes it (64 bits)."""
    moves: list[LoggedMove]
    result: dict[str, Any] | None = None

    @model_validator(mode="before")
    @classmethod
    def _states_its_state_version(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("version") == FORMAT_VERSION and "state_version" not in data:
            raise ValueError(f"a version {FORMAT_VERSION} file states its state_version")
        return data


def replay_data(
    game: Game[Any, Any, Any],
    seats: int,
    seed: int | None,
    options: BaseModel | Mapping[str, Any],
    moves: Sequence[tuple[int, JSON]],
    result: Result | None,
) -> dict[str, Any]:
    """A game as a replay file: what ``/export`` writes (the bot adds its game id and status)
    and terminal play's ``--export``. ``seed`` is ``None`` only for a game never started,
    which has nothing to replay."""
    data: dict[str, Any] = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "game": game.key,
        "state_version": game.state_version,
        "options": options.model_dump(mode="json") if isinstance(options, BaseModel) else dict(options),
        "seats": seats,
        "seed": seed,
        "moves": [{"seat": seat, "action": action} for seat, action in moves],
    }
    if result is not None:
        data["result"] = RESULT_ADAPTER.dump_python(result, mode="json")
    return data


class ReplayError(Exception):
    """The file cannot be replayed; the message says why."""


def load(path: Path) -> ReplayFile:
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise ReplayError(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReplayError(f"{path} is not JSON: {exc.msg} at line {exc.lineno}") from None
    except (ValueError, RecursionError):  # a number past int's limit, nesting past Python's
        raise ReplayError(
            f"{path} is not a Tavern replay: it holds a number or nesting no replay has"
        ) from None
    try:
        return ReplayFile.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "the file"
        raise ReplayError(f"{path} is not a Tavern replay: {where}: {first['msg']}") from None


def tell(replay_file: ReplayFile, out: TextIO) -> Result | None:
    """Print the game move by move; returns the replayed result (``None`` if unfinished)."""
    try:
        game = get_game(replay_file.game)
        options = upgraded_options(game, replay_file.options, replay_file.state_version)
    except (EngineError, ValueError, TypeError) as exc:  # an unknown game, bad options
        raise ReplayError(_engine_problem(replay_file, exc)) from None
    logged = [(m.seat, m.action) for m in replay_file.moves]
    over = game.result(_final_state(replay_file, game, options, logged))
    names = seat_names(replay_file.seats, None)
    text = text_renderer(game.key)
    print(f"{game.title}: {replay_file.seats} seats, seed {replay_file.seed}, {len(logged)} moves", file=out)
    for number, (seat, action, step) in enumerate(
        replay(game, replay_file.seats, replay_file.seed, options, logged), start=1
    ):
        told_action = "resigns" if action.get("kind") == RESIGN else text.action(dict(action))
        if action.get("kind") != RESIGN and over is None and _hides(step.events, seat):
            told_action = "a secret move"  # its content shows only once the game is over
        print(f"{number:>4}. {names[seat]}: {told_action}", file=out)
        for event in step.events:
            if event.audience is None or over is not None:
                told = text.event(event, names)
                if told:  # an event a game tells elsewhere (whose turn it is) has no line
                    print(f"      {told}", file=out)
    if over is None:
        print("The game is not over (events only some seats saw are not shown).", file=out)
    else:
        why = f" ({text.reason(over.reason)})" if over.reason else ""
        if over.team is not None:
            print(f"Result{why}: the team {over.team}.", file=out)
        else:
            ranks = ", ".join(f"{names[s]} {r}" for s, r in enumerate(over.ranks))
            scores = ", ".join(f"{names[s]} {_number(v)}" for s, v in enumerate(over.scores))
            print(f"Result{why}: ranks {ranks}; scores {scores}", file=out)
    return over


def _hides(events: tuple[Event, ...], seat: int) -> bool:
    """Whether a move told others only part of itself (a secret placement): some of its
    events went to the mover alone."""
    return any(e.audience is not None for e in events)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else str(value)


def _final_state(
    replay_file: ReplayFile, game: Game[Any, Any, Any], options: dict[str, Any], logged: list[tuple[int, Any]]
) -> Any:
    """Where the logged moves lead. A move the engine refuses is named by its number, as the
    replay numbers its lines, and its seat, counted from 1."""
    try:
        state = game.new(replay_file.seats, replay_file.seed, options)
    except (EngineError, ValueError, TypeError) as exc:  # a seat count the game is not played by
        raise ReplayError(_engine_problem(replay_file, exc)) from None
    for number, (seat, action) in enumerate(logged, start=1):
        try:
            state = play_logged(game, state, seat, action)[0].state
        except (EngineError, ValueError, TypeError) as exc:
            where = f"move {number} (seat {seat + 1})"
            raise ReplayError(_engine_problem(replay_file, exc, where)) from None
    return state


def _engine_problem(replay_file: ReplayFile, exc: Exception, where: str = "") -> str:
    at = f" at {where}" if where else ""
    return f"the {replay_file.game!r} game cannot be replayed{at}: {exc}"


def check_result(replay_file: ReplayFile, replayed: Result | None) -> None:
    if replay_file.result is None:
        return
    try:
        stated = RESULT_ADAPTER.validate_python(replay_file.result)
    except ValidationError as exc:
        raise ReplayError(f"the file's result is malformed: {exc.errors()[0]['msg']}") from None
    if replayed != stated:
        raise ReplayError(f"the file states the result {stated}, but the moves give {replayed}")


def main(argv: list[str] | None = None, out: TextIO | None = None, err: TextIO | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.replay",
        description="Replay a game exported with /export (or with python -m engine.play --export) and"
        " tell it step by step.",
    )
    parser.add_argument("file", type=Path, help="a replay file from /export")
    args = parser.parse_args(argv)
    out = out or sys.stdout
    err = err or sys.stderr
    try:
        replay_file = load(args.file)
        check_result(replay_file, tell(replay_file, out))
    except ReplayError as exc:
        print(f"engine.replay: {exc}", file=err)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
