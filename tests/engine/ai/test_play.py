"""Terminal play: a whole game driven through stdin, to the end."""

from __future__ import annotations

import io
import subprocess
import sys

import pytest

import engine
from engine.core.text import text_renderer
from engine.play import help_text, main
from tests.engine.pickomino_helpers import GAME, position


def run(argv: list[str], lines: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = main(argv, io.StringIO("".join(f"{line}\n" for line in lines)), out)
    return code, out.getvalue()


def test_a_game_against_two_computers_reaches_the_end() -> None:
    code, out = run(["pickomino", "--ai", "2", "--policy", "greedy", "--seed", "4"], ["1"] * 3000)
    assert code == 0
    assert "Game over. Worms:" in out and "Ranks: you" in out
    assert "seat 2 (greedy): rolled" in out and "seat 3 (greedy): rolled" in out


def test_typed_actions_and_mistakes_are_explained() -> None:
    code, out = run(["pickomino", "--seed", "3", "--policy", "random"], ["1", "keep 3", "jump", "9", "quit"])
    assert code == 1
    assert "you: rolled 1 2 2 4 5 5 worm worm" in out
    assert "no 3 in this roll" in out  # typed, parsed, refused by the rules
    assert "cannot read 'jump'" in out and "Choose 1–5, or type an action." in out
    assert out.endswith("You leave the game.\n")


def test_pickomino_board_shows_grill_stacks_roll_and_kept() -> None:
    state = position(stacks=[[22], [25, 26]], kept=["worm", "4"], grill=[21, 23, 30])
    text = text_renderer("pickomino").board(GAME.view(state, 0), 0)
    assert "Grill:   21w 23w 30www" in text
    assert "you       1 worms, top 22" in text and "seat 2    4 worms, top 26   [25 26]" in text
    assert "kept 4×1 worm×1 = 9 (with a worm), 6 dice left" in text


def test_unknown_games_get_a_plain_renderer() -> None:
    assert text_renderer("no_such_game").board({"a": 1}, 0) == '{"a":1}'


def test_runs_as_a_module() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "engine.play", "pickomino", "--ai", "1", "--seed", "2"],
        input="1\n" * 3000,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0 and "Game over" in done.stdout


def test_help_quit_and_the_seed_are_shown_and_stop_says_the_turn_fails() -> None:
    code, out = run(["pickomino", "--seed", "3", "--policy", "random"], ["help", "1", "quit"])
    assert code == 1
    assert "Seed 3 (replay this game with --seed 3)" in out and "Type help for help." in out
    assert "help            this help" in out and "(a number or an action; help, quit)" in out
    from engine.games.pickomino.text import TEXT

    assert TEXT.action({"kind": "stop"}) == "stop — no tile can be taken: the turn fails"


def test_without_a_seed_each_game_is_new_and_its_seed_is_printed() -> None:
    seeds = set()
    for _ in range(3):
        _code, out = run(["pickomino", "--policy", "random"], ["quit"])
        seeds.add(out.split("Seed ", 1)[1].split(" ", 1)[0])
    assert len(seeds) > 1


def test_ctrl_c_leaves_without_a_traceback() -> None:
    class Interrupted(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    out = io.StringIO()
    assert main(["pickomino", "--seed", "1"], Interrupted(), out) == 1
    assert out.getvalue().endswith("\nYou leave the game.\n")


def test_validation_errors_read_as_sentences() -> None:
    _code, out = run(
        ["pickomino", "--seed", "3", "--policy", "random"], ['{"kind": "keep", "face": "7"}', "quit"]
    )
    assert "The face of keep should be '1', '2', '3', '4', '5' or 'worm'." in out
    assert "keep.face" not in out


@pytest.mark.parametrize("key", engine.game_keys())
def test_the_help_gives_the_games_own_typed_examples_and_each_reads_as_its_action(key: str) -> None:
    game = engine.get_game(key)
    assert game.typed_examples, f"{key} reads typed actions but shows no example"
    text = help_text(game)
    for example in game.typed_examples:
        assert f"'{example}'" in text
        game.parse_action(example)  # an example the game cannot read would be a lie
    others = [e for k in engine.game_keys() if k != key for e in engine.get_game(k).typed_examples]
    assert not [e for e in others if f"'{e}'" in text and e not in game.typed_examples]


def test_a_game_without_typed_examples_is_told_to_type_json() -> None:
    class Bare:
        typed_examples: tuple[str, ...] = ()

    text = help_text(Bare())  # type: ignore[arg-type]
    assert "an action       typed as JSON" in text and "e.g." not in text


def test_help_in_play_shows_the_examples_of_the_game_played() -> None:
    _code, out = run(["pickomino", "--seed", "3", "--policy", "random"], ["help", "quit"])
    examples = "'roll', 'keep 5', 'keep worm', 'take 24', 'stop'"
    assert f"typed as the game reads it (e.g. {examples}), or JSON" in out
    assert "B1 B6 F6" not in out


@pytest.mark.parametrize("key", engine.game_keys())
def test_a_huge_number_typed_at_the_prompt_is_refused_and_asked_again(key: str) -> None:
    """Typed alone, as a move's number, inside JSON: each is refused in one short line and the
    game asks again; where a number has 5,000 digits, Python cannot even write it as text."""
    huge = "9" * 5000
    lines = [
        huge,
        f"take {huge}",
        f"guess {huge[:4000]}",
        '{"kind": "guess", "zone": ' + huge[:3900] + "}",
        "quit",
    ]
    code, out = run([key, "--seed", "1"], lines)
    assert code == 1 and out.endswith("You leave the game.\n")
    assert "Traceback" not in out and max(len(line) for line in out.splitlines()) < 400


def test_a_seed_past_the_generators_64_bits_is_refused() -> None:
    with pytest.raises(SystemExit):
        main(["pickomino", "--seed", "9" * 4000], io.StringIO(""), io.StringIO())
