"""Terminal play: a whole game driven through stdin, to the end."""

from __future__ import annotations

import io
import subprocess
import sys

from engine.play import main, renderer
from tests.engine.pickomino_helpers import GAME, position


def run(argv: list[str], lines: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, io.StringIO("".join(f"{line}\n" for line in lines)), out)
    return code, out.getvalue()


def test_a_game_against_two_computers_reaches_the_end() -> None:
    code, out = run(["pickomino", "--ai", "2", "--policy", "greedy", "--seed", "4"], ["1"] * 3000)
    assert code == 0
    assert "Game over. Worms:" in out and "Ranks: you" in out
    assert "seat 1 (greedy): rolled" in out and "seat 2 (greedy): rolled" in out


def test_typed_actions_and_mistakes_are_explained() -> None:
    code, out = run(["pickomino", "--seed", "3", "--policy", "random"], ["1", "keep 3", "jump", "9", "quit"])
    assert code == 1
    assert "you: rolled 1 2 2 4 5 5 worm worm" in out
    assert "no 3 in this roll" in out  # typed, parsed, refused by the rules
    assert "cannot read 'jump'" in out and "choose 1–5, or type an action" in out
    assert out.endswith("You leave the game.\n")


def test_pickomino_board_shows_grill_stacks_roll_and_kept() -> None:
    state = position(stacks=[[22], [25, 26]], kept=["worm", "4"], grill=[21, 23, 30])
    text = renderer("pickomino").board(GAME.view(state, 0), 0)
    assert "Grill:   21w 23w 30www" in text
    assert "you       1 worms, top 22" in text and "seat 1    4 worms, top 26   [25 26]" in text
    assert "kept 4×1 worm×1 = 9 (with a worm), 6 dice left" in text


def test_unknown_games_get_a_plain_renderer() -> None:
    assert renderer("no_such_game").board({"a": 1}, 0) == '{"a":1}'


def test_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine.play", "pickomino", "--ai", "1", "--seed", "2"],
        input="1\n" * 3000,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and "Game over" in done.stdout
