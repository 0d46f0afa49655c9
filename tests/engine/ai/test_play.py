"""Terminal play: a whole game driven through stdin, to the end."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

import engine
from engine.core.contract import Event
from engine.core.text import text_renderer
from engine.play import help_text, main
from engine.replay import main as replay_main
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
    assert "you        1 worm, top 22" in text and "seat 2    4 worms, top 26   [25 26]" in text
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


SEATS = {"pickomino": 2, "raid": 1, "hobbit": 1, "berserk": 1}
"""Computer players for each game's choice-1 game: small tables, so each ends quickly."""


class FirstChoice(io.StringIO):
    """A newcomer at the keyboard who always takes the first choice on screen: ``1`` where
    the choices are numbered, else the first one's words (a Raid fight's ``zone 2``, where a
    typed number names a zone). Asked the same menu ``limit`` times running, he gives up."""

    def __init__(self, out: io.StringIO, limit: int = 3) -> None:
        super().__init__()
        self.out, self.limit, self.again, self.last = out, limit, 0, ""

    def readline(self, size: int | None = -1) -> str:
        screen = self.out.getvalue()
        menu = screen[screen.rfind("your move", 0, screen.rfind("your move")) + 1 :]
        self.again = self.again + 1 if menu == self.last else 0
        self.last = menu
        if self.again >= self.limit:
            return ""
        first = re.search(r"^  (?:1\.|-) (.+)$", menu, re.MULTILINE)
        assert first is not None, menu
        return "1\n" if first.group(0).startswith("  1.") else first.group(1) + "\n"


@pytest.mark.parametrize("key", engine.game_keys())
def test_always_picking_choice_1_plays_every_game_to_its_end(key: str) -> None:
    """A newcomer who answers 1 to everything reaches the end: every numbered choice is a move
    the game takes (a template picked as it is would be refused, and asked again for ever)."""
    argv = [key, "--ai", str(SEATS[key]), "--policy", "random", "--seed", "11"]
    out = io.StringIO()
    code = main(argv, FirstChoice(out), out)
    out = out.getvalue()
    assert code == 0, out[-2000:]
    verdicts = ("You win!", "You lose.", "A draw.", "You share the win.", "You all win", "You all lose")
    assert out.rstrip().splitlines()[-1].startswith(verdicts)
    assert "rejected" not in out and "is empty" not in out and "Choose 1–" not in out


def menus(out: str) -> list[list[str]]:
    """Each menu the player was shown: its lines, up to the prompt."""
    found: list[list[str]] = []
    lines = out.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("  1. "):
            end = next(j for j in range(i, len(lines)) if lines[j].startswith("your move"))
            found.append(lines[i:end])
    return found


def test_a_template_is_typed_in_words_and_its_random_form_is_choice_1() -> None:
    _code, out = run(["raid", "--seed", "5", "--policy", "random"], ["1", "1", "quit"])
    placement, walk = menus(out)[:2]
    assert placement[0] == "  1. place objects at random"
    assert placement[1].startswith("  or type your own placement: 'pits: C3 D7 …;")
    assert re.fullmatch(r"  1\. walk( [A-J]\d{1,2})+ \(drawn at random\)", walk[0]), walk[0]
    assert walk[1] == "  or type your own path, e.g. 'B1 B6 F6' or 'down 5, right 3'"
    _code, out = run(["berserk", "--seed", "5", "--policy", "random"], ["1", "1", "1", "quit"])
    deck, recruit, place = menus(out)[:3]
    assert deck[:4] == [
        "  1. Mountain Hold (deck D1)",
        "  2. Forest Wardens (deck D2)",
        "  3. Swamp Brood (deck D3)",
        "  4. Dark Host (deck D4)",
    ]
    assert recruit[:2] == [
        "  1. recruit at random",
        "  or type your own recruits: 'recruit' and a card id for each copy, e.g. 'recruit C01 C02 C02'",
    ]
    assert place[0] == "  1. place at random" and place[1].startswith("  or type your own placement: 'place'")


def test_a_typed_template_is_still_read() -> None:
    _code, out = run(["raid", "--seed", "5", "--policy", "random"], ["1", "down 1", "quit"])
    assert "you: walked A1 → A2" in out


INTERNAL = re.compile(r"\b(?:[A-Z]{2}\d\d#\d|MV-[RYBG]-\d|G_[A-Z]+|NONE|KEY)\b")
"""Hobbit's internal ids: card instances, movement cards, Gandalf's stops, a trade's nothing."""


def test_hobbit_choices_and_events_name_what_people_read() -> None:
    _code, out = run(["hobbit", "--seed", "5", "--policy", "random"], ["1", "1", "7", "quit"])
    offered = [line for menu in menus(out) for line in menu]
    assert "  1. Move 1: R1 forward" in offered and "  1. Bilbo 3: Bilbo forward" in offered
    assert "  7. offer seat 2: Thorin's Key, for Bombur 3 + Tauriel 3" in offered
    assert not [line for line in offered if INTERNAL.search(line)]
    assert "Gandalf at the start" in out and "you: plays Move 1" in out
    assert "Offer you → seat 2 (random): Thorin's Key for Bombur 3, Tauriel 3" in out
    # the hand alone keeps the ids that typed forms use
    assert "hand 3: BH06#2 Bombur 3, BH13#2 Bilbo 3, BH18#1 Tauriel 3" in out


def test_a_hobbit_offer_is_typed_to_the_seat_number_shown() -> None:
    game = engine.get_game("hobbit")
    offer = game.parse_action("offer 2 KEY BH01#1 BH03#1")
    assert game.dump_action(offer)["partner"] == 1  # seat 2, whose index is 1
    assert game.typed(offer) == "offer 2 KEY BH01#1 BH03#1"
    with pytest.raises(engine.BadAction):
        game.parse_action("offer 0 KEY BH01#1 BH03#1")


def test_an_accepted_trade_of_yours_is_said_in_english() -> None:
    accepted = Event("trade_accepted", {"seat": 1, "partner": 0, "price": ["BH01#1"], "key_from": None})
    told = text_renderer("hobbit").event(accepted, ["you", "seat 2"])
    assert told == "seat 2: accepts your trade; price Ori 1"
    told = text_renderer("hobbit").event(accepted, ["seat 1", "you"])
    assert told == "you: accepts seat 1's trade; price Ori 1"


def test_default_is_in_the_help_only_where_the_decision_has_one() -> None:
    _code, out = run(["pickomino", "--seed", "3", "--policy", "random"], ["help", "quit"])
    assert "default" not in out
    _code, out = run(["berserk", "--seed", "3", "--policy", "random"], ["help", "default", "quit"])
    assert "  default         what the game would play for you if you were away" in out
    assert "you: deck Mountain Hold (D1)" in out


def test_the_pickomino_board_has_a_legend() -> None:
    _code, out = run(["pickomino", "--seed", "3", "--policy", "random"], ["quit"])
    assert "Legend: 25ww a tile: its number, a w for each worm on it" in out


def test_several_raid_objects_on_a_cell_are_all_shown() -> None:
    _code, out = run(["raid", "--seed", "5", "--policy", "random"], ["1", "quit"])
    lines = out.splitlines()
    assert "Several on your map: A4 pit + trap; E5 terrorist + trap" in lines
    board = lines[: lines.index("Several on your map: A4 pit + trap; E5 terrorist + trap")]
    row = next(line for line in reversed(board) if line.startswith(" 4  "))
    assert row.split("   ")[-1] == " 4  & . . . # . . . . ."


def test_berserk_tags_name_one_card_each_and_the_field_has_a_legend() -> None:
    from engine.games.berserk.cards import CARDS
    from engine.games.berserk.text import TAGS

    assert len(set(TAGS.values())) == len({card.name for card in CARDS.values()})
    assert TAGS["Gnome King"] != TAGS["Gnome-Basaarg"]
    _code, out = run(["berserk", "--seed", "5", "--policy", "random"], ["1", "1", "1", "quit"])
    assert "Legend: UPPER CASE your creatures, lower case the other's, * closed, . empty" in out
    assert "GNKI Gnome King" in out and "GNBA Gnome-Basaarg" in out


def test_a_finished_game_is_exported_for_the_replay_tool(tmp_path: Path) -> None:
    exported = tmp_path / "game.json"
    argv = ["pickomino", "--seed", "4", "--policy", "greedy", "--export", str(exported)]
    code, out = run(argv, ["1"] * 3000)
    assert code == 0 and f"Replay written to {exported}: python -m engine.replay {exported}" in out
    data = json.loads(exported.read_text())
    assert data["format"] == "tavern-replay" and data["seed"] == 4 and data["seats"] == 2
    told, errors = io.StringIO(), io.StringIO()
    assert replay_main([str(exported)], told, errors) == 0, errors.getvalue()
    last = out.rstrip().splitlines()[-2]  # the verdict, before the line about the file
    assert ("you 1" in last) == ("you 1" in told.getvalue().splitlines()[-1])


def test_a_game_left_before_its_end_is_not_exported(tmp_path: Path) -> None:
    exported = tmp_path / "game.json"
    code, out = run(["pickomino", "--seed", "4", "--export", str(exported)], ["quit"])
    assert code == 1 and "No replay is written: the game is not over." in out and not exported.exists()
