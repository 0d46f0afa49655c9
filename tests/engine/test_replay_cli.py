"""``python -m engine.replay FILE``: a replay file told step by step, its result checked, and
malformed files refused with exit status 1 and one clear line."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import engine
from engine.ai.playout import playout
from engine.core.contract import RESULT_ADAPTER
from engine.core.move_log import play_logged
from engine.replay import main

ROOT = Path(__file__).resolve().parents[2]


def played(key: str, seed: int, *, to_end: bool, limit: int = 2000) -> dict[str, Any]:
    """A replay file of random legal moves (Raid: random placements, then resignation)."""
    game = engine.get_game(key)
    state = game.new(2, seed, {})
    rng = random.Random(seed)
    moves: list[dict[str, Any]] = []
    for _ in range(limit):
        to_act = game.to_act(state)
        if not to_act:
            break
        seat = to_act[0]
        if key == "raid":
            action: dict[str, Any] = {"kind": "place_random"}
            if state.phase != "placement":
                if not to_end:
                    break
                action = {"kind": "resign"}
        else:
            action = game.dump_action(rng.choice(game.legal_actions(state, seat)))
        step, logged = play_logged(game, state, seat, action)
        moves.append({"seat": seat, "action": logged})
        state = step.state
        if not to_end and len(moves) >= 6:
            break
    data: dict[str, Any] = {"format": "tavern-replay", "version": 1, "game": key, "options": {},
                            "seats": 2, "seed": seed, "moves": moves}  # fmt: skip
    result = game.result(state)
    if result is not None:
        data["result"] = RESULT_ADAPTER.dump_python(result, mode="json")
    return data


def run(tmp_path: Path, data: Any) -> tuple[int, str, str]:
    path = tmp_path / "replay.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    code = main([str(path)], out, err)
    return code, out.getvalue(), err.getvalue()


def test_a_finished_game_replays_to_its_result(tmp_path: Path) -> None:
    data = played("pickomino", 5, to_end=True)
    code, out, err = run(tmp_path, data)
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == f"Pickomino: 2 seats, seed 5, {len(data['moves'])} moves"
    ranks, scores = data["result"]["ranks"], data["result"]["scores"]
    assert lines[-1] == (
        f"Result (grill empty): ranks seat 1 {ranks[0]}, seat 2 {ranks[1]}; "
        f"scores seat 1 {int(scores[0])}, seat 2 {int(scores[1])}"
    )
    told = r" *\d+\. seat [12]: (roll|keep (1|2|3|4|5|worm)|take \d\d|stop — .*|resigns)"
    assert sum(bool(re.fullmatch(told, line)) for line in lines) == len(data["moves"])
    assert "{" not in out


def test_as_a_subprocess(tmp_path: Path) -> None:
    path = tmp_path / "replay.json"
    data = played("pickomino", 9, to_end=True)
    path.write_text(json.dumps(data), encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "engine.replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1].startswith("Result (grill empty): ranks seat 1 ")
    broken = subprocess.run(
        [sys.executable, "-m", "engine.replay", str(tmp_path / "missing.json")],
        cwd=ROOT, capture_output=True, text=True, check=False,
    )  # fmt: skip
    assert broken.returncode == 1 and broken.stderr.startswith("engine.replay: cannot read")


def test_hidden_events_show_only_once_the_game_is_over(tmp_path: Path) -> None:
    running = played("raid", 3, to_end=False)
    code, out, _ = run(tmp_path, running)
    assert code == 0
    assert "placement" not in out and '"map"' not in out and "artifact" not in out
    assert out.splitlines()[-1].startswith("The game is not over")
    assert "a secret move" in out  # a placement, told only once the game is over
    finished = played("raid", 3, to_end=True)
    code, out, _ = run(tmp_path, finished)
    assert code == 0 and re.search(r"seat 1: placed (by hand|at random): pits [A-J]\d", out)
    assert "seat 1: resigns" in out and "{" not in out and "a secret move" not in out


def test_a_raid_is_told_in_words(tmp_path: Path) -> None:
    game = engine.get_game("raid")
    moves = [
        {"seat": m.seat, "action": game.dump_action(m.action)}
        for m in playout(game, game.new(2, 8, {}), random.Random(8))
    ]
    data = {"format": "tavern-replay", "version": 1, "game": "raid", "seats": 2, "seed": 8, "moves": moves}
    code, out, _ = run(tmp_path, data)
    assert code == 0 and "{" not in out
    assert re.search(r"\d+\. seat 1: walk [A-J]\d", out) and "Both maps are placed" in out
    assert re.search(r"seat [01]: (trap|pit|terrorist|artifact|kit) on [A-J]\d+", out)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: "{not json", "is not JSON"),
        (lambda d: {**d, "format": "chess-pgn"}, "is not a Tavern replay: format"),
        (lambda d: {k: v for k, v in d.items() if k != "seed"}, "is not a Tavern replay: seed"),
        (lambda d: {**d, "game": "chess"}, "cannot be replayed"),
        (lambda d: {**d, "moves": [{"seat": 1, "action": {"kind": "roll"}}]}, "cannot be replayed"),
        (lambda d: {**d, "moves": [{"seat": 0, "action": {"kind": "fly"}}]}, "cannot be replayed"),
        (lambda d: {**d, "result": {"ranks": [2, 1], "scores": [0.0, 99.0]}}, "but the moves give"),
    ],
)
def test_a_malformed_file_exits_1_with_a_clear_line(tmp_path: Path, change: Any, message: str) -> None:
    code, _, err = run(tmp_path, change(played("pickomino", 5, to_end=True)))
    assert code == 1
    assert err.startswith("engine.replay: ") and message in err and len(err.splitlines()) == 1


NUMBER = "9" * 5000
"""An integer of 5,000 digits, past Python's limit on converting integers to text."""


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda text: text.replace('"seed": 5', f'"seed": {NUMBER}'),
            "holds a number or nesting no replay has",
        ),
        (lambda text: text.replace('"seed": 5', f'"seed": {NUMBER[:4000]}'), "is not a Tavern replay: seed"),
        (
            lambda text: text.replace('"seats": 2', f'"seats": {NUMBER[:4000]}'),
            "is not a Tavern replay: seats",
        ),
        (
            lambda text: text.replace('"seat": 0', f'"seat": {NUMBER[:4000]}', 1),
            "is not a Tavern replay: moves",
        ),
        (lambda text: text.replace('"pickomino"', json.dumps("x" * 5000)), "is not a Tavern replay: game"),
        (lambda text: text.replace('"options": {}', '"options": ' + "[" * 5000 + "]" * 5000), "nesting"),
        (
            lambda text: text.replace(
                '{"kind": "roll"}', '{"kind": "take", "tile": ' + NUMBER[:4000] + "}", 1
            ),
            "larger than any move takes",
        ),
    ],
    ids=["seed", "seed of 4000 digits", "seats", "a move's seat", "game", "deep options", "a move's number"],
)
def test_a_huge_number_in_a_file_exits_1_with_a_short_clear_line(
    tmp_path: Path, change: Any, message: str
) -> None:
    """A number of thousands of digits anywhere in a file, where one once ended the replay in a
    traceback (reading it) or a line of thousands of digits (an unbounded seat count quoted)."""
    text = json.dumps(played("pickomino", 5, to_end=False))
    code, _, err = run(tmp_path, change(text))
    assert code == 1
    assert err.startswith("engine.replay: ") and message in err and len(err.splitlines()) == 1
    assert len(err) < 400


def test_a_refused_move_is_named_by_its_number_and_seat(tmp_path: Path) -> None:
    data = played("pickomino", 5, to_end=True)
    data["moves"][3] = {"seat": data["moves"][3]["seat"], "action": {"kind": "take", "tile": 99}}
    code, _, err = run(tmp_path, data)
    seat = data["moves"][3]["seat"] + 1
    assert code == 1 and f"cannot be replayed at move 4 (seat {seat}): " in err


def test_the_help_says_what_the_tool_does_in_whole_sentences() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine.replay", "--help"], capture_output=True, text=True, timeout=60
    )
    words = " ".join(done.stdout.split())
    assert done.returncode == 0 and "and tell it step by step." in words and "``" not in words
