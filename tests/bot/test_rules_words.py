"""``/rules`` summaries and option words: every game has both in both languages, the numbers
a summary states are the game's own, and every example path a player is shown can be walked."""

from __future__ import annotations

import re

import pytest

import engine
from bot.i18n import t
from bot.options import option_words
from bot.render.registry import renderer_for
from engine.games.raid.cells import parse_path_text
from engine.games.raid.data import MAX_TURNS, MAX_WOUNDS
from engine.games.raid.paths import walk
from engine.games.raid.scenarios import SCENARIOS
from engine.games.raid.state import RaidOptions

LANGS = ("en", "ru")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("key", sorted(engine.game_keys()))
def test_every_game_has_a_summary_and_every_option_has_words(lang: str, key: str) -> None:
    game = engine.get_game(key)
    text = renderer_for(key).rules_text(lang, game)
    assert text and len(text) <= 4096  # an embed's description
    for name, field in game.options_model.model_fields.items():
        words = option_words(lang, key, name, field.default)
        assert words != t(lang, "lobby.option", name=name, value=field.default), (key, name)


@pytest.mark.parametrize("lang", LANGS)
def test_raid_rules_state_the_games_numbers(lang: str) -> None:
    text = renderer_for("raid").rules_text(lang, engine.get_game("raid"))
    assert text is not None
    defaults = RaidOptions()
    numbers = re.findall(r"\d+", text)
    for number in (defaults.pits, defaults.traps, defaults.terrorists, defaults.kit, defaults.artifacts):
        assert str(number) in numbers
    assert {str(defaults.zones), str(MAX_WOUNDS), str(MAX_TURNS), "10"} <= set(numbers)
    assert "A–J" in text and "/move" in text and "/place" in text


@pytest.mark.parametrize("lang", LANGS)
def test_every_example_path_shown_can_be_walked_from_the_entry(lang: str) -> None:
    """The old summary showed ``B1 B6 K6``: there is no column K. Every path a player is shown
    — in /rules and on the board — is read by the engine and stays on the map."""
    shown = renderer_for("raid").rules_text(lang, engine.get_game("raid")) or ""
    shown += t(lang, "raid.board.how_to_move")
    examples = [e for e in re.findall(r"`([^`]+)`", shown) if len(re.split(r"[\s,]+", e)) > 1]
    assert len(examples) >= 4
    entry = SCENARIOS[RaidOptions().scenario].entry
    for example in examples:
        assert walk(entry, parse_path_text(example)), example
        assert "K" not in example.upper().replace("К", "")


@pytest.mark.parametrize("lang", LANGS)
def test_pickomino_rules_state_the_games_numbers(lang: str) -> None:
    text = renderer_for("pickomino").rules_text(lang, engine.get_game("pickomino")) or ""
    numbers = set(re.findall(r"\d+", text))
    assert {"8", "5", "21", "36", "24", "25", "28", "29", "32", "33"} <= numbers
    assert "tiebreak=shared" in text
