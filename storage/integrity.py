"""What ``verify`` checks about one stored game, given its raw rows: the game must be stored at
its rules' state version, the snapshot must be what replaying the log from the seed produces
(with the options as the rules read them), and the other stored facts must agree with it.

Works on raw rows (not decoded records) because its job is to describe a broken row, not to
trip over it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import engine
from engine.core.move_log import final_state, upgraded_options
from storage.database import Row
from storage.snapshots import snapshot


@dataclass(frozen=True, slots=True)
class Checked:
    """What checking one game found: its problems, and for a game that replays, the result the
    replay reached with the options the rules read (what its rating is rebuilt from)."""

    problems: list[str]
    result: engine.Result | None = None
    options: dict[str, Any] = field(default_factory=dict)


def game_problems(
    game_row: Row,
    seat_rows: Sequence[Row],
    move_rows: Sequence[Row],
    result_rows: Sequence[Row],
) -> list[str]:
    """Every way the game's rows disagree with each other; empty when the game is sound."""
    return checked_game(game_row, seat_rows, move_rows, result_rows).problems


def checked_game(
    game_row: Row,
    seat_rows: Sequence[Row],
    move_rows: Sequence[Row],
    result_rows: Sequence[Row],
) -> Checked:
    """``game_problems``, and the replayed result."""
    status, stored, stored_version = game_row["status"], game_row["state"], game_row["state_version"]
    try:
        game = engine.get_game(game_row["key"])
        options = json.loads(game_row["options"])
        if not isinstance(options, dict):
            return Checked(["the options are not a JSON object"])
        if stored_version > game.state_version:
            return Checked(
                [f"stored at state version {stored_version}, newer than the rules ({game.state_version})"]
            )
        options = upgraded_options(game, options, stored_version)
        actions = [(m["seat"], json.loads(m["action"])) for m in move_rows]
        if not all(isinstance(action, dict) for _, action in actions):
            return Checked(["a logged action is not a JSON object"])
    except engine.UnknownGame as exc:
        return Checked([f"unknown game key: {exc}"])
    except json.JSONDecodeError as exc:
        return Checked([f"unreadable JSON: {exc}"])

    problems: list[str] = []
    if stored_version != game.state_version:
        problems.append(f"stored at state version {stored_version}, not upgraded to {game.state_version}")
    seqs = [m["seq"] for m in move_rows]
    if seqs != list(range(1, len(seqs) + 1)):
        problems.append(f"the move log is not numbered 1..{len(seqs)}: {seqs}")
    if game_row["version"] != len(move_rows):
        problems.append(f"version {game_row['version']} but {len(move_rows)} moves in the log")
    try:
        game.load_options(options)
    except engine.DamagedState as exc:
        return Checked([*problems, exc.message])  # nothing replays from options the game refuses

    if stored is None:
        # A lobby, or a lobby cancelled before it started: nothing was played.
        if status not in ("lobby", "abandoned"):
            problems.append(f"the game is {status} but has no snapshot")
        if move_rows:
            problems.append("moves are logged but the game has no snapshot")
        return Checked(problems, options=options)
    if status == "lobby":
        problems.append("a lobby has a snapshot")

    try:
        state = final_state(game, len(seat_rows), game_row["seed"], options, actions)
    except engine.EngineError as exc:
        return Checked([*problems, f"the log cannot be replayed: {exc}"])
    except (TypeError, ValueError) as exc:  # a seed or seat count the engine cannot start from
        return Checked([*problems, f"the game cannot be set up again: {exc}"])
    replayed = snapshot(game, state)
    if replayed != stored:
        problems.append(_snapshot_damage(game, stored) or "the snapshot differs from the replayed log")
    problems.extend(_result_problems(game, state, status, seat_rows, result_rows))
    return Checked(problems, game.result(state), options)


def _snapshot_damage(game: engine.Game[Any, Any, Any], stored: str) -> str | None:
    """Why a stored snapshot cannot be loaded at all (unreadable, or a state the game refuses
    as damaged), or ``None`` when it is a sound position, only not the one the log leads to."""
    try:
        game.load_state(json.loads(stored))
    except json.JSONDecodeError as exc:
        return f"the snapshot is unreadable JSON: {exc}"
    except engine.DamagedState as exc:
        return exc.message
    return None


def _result_problems(
    game: engine.Game[Any, Any, Any],
    state: Any,
    status: str,
    seat_rows: Sequence[Row],
    result_rows: Sequence[Row],
) -> list[str]:
    result = game.result(state)
    if status == "finished" and result is None:
        return ["finished, but the replayed game is not over"]
    if status == "active" and result is not None:
        return ["active, but the replayed game is over"]
    if status != "finished" or result is None:
        return [] if not result_rows else [f"results are stored, but the game is {status}"]
    expected = [
        (seat, seat_rows[seat]["user_id"], rank, result.scores[seat], seat in result.winners)
        for seat, rank in enumerate(result.ranks)
    ]
    stored = [(r["seat"], r["user_id"], r["rank"], r["score"], bool(r["won"])) for r in result_rows]
    return [] if stored == expected else ["the results rows differ from the replayed result"]
