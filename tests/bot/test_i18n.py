"""The message catalogues: complete English, Russian with the same placeholders, choice of
language, errors translated by code."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

from bot.i18n import FALLBACK, catalogue, choose_language, explain, t
from engine import IllegalAction
from storage.errors import LobbyError

BOT = Path(__file__).resolve().parents[2] / "bot"


def test_every_key_the_bot_names_is_in_english() -> None:
    named: set[str] = set()
    for path in BOT.rglob("*.py"):
        named |= set(
            re.findall(
                r'"((?:board|lobby|play|private|turn|rules|stats|leaderboard|cmd|button|'
                r'pickomino|error)\.[a-z_.]+)"',
                path.read_text(encoding="utf-8"),
            )
        )
    missing = sorted(k for k in named if not catalogue().has(k) and not k.endswith("."))
    assert missing == []


def test_russian_covers_the_common_messages_with_the_same_placeholders() -> None:
    cat = catalogue()
    ru = cat.tables["ru"]
    for key in (
        "play.not_your_turn",
        "play.stale",
        "play.not_in_game",
        "lobby.busy",
        "turn.ping",
        "error.unexpected",
    ):
        assert key in ru
    for key in ru:
        if not cat.has(key):
            # English shows the engine's own, more detailed message for this code
            assert key.startswith("error."), f"{key} is Russian only"
            continue
        assert cat.placeholders("ru", key) == cat.placeholders(FALLBACK, key), key


def test_a_missing_translation_falls_back_to_english() -> None:
    assert "ru" in catalogue().languages
    assert t("ru", "board.rank_line", medal="🥇", player="A", score=3) == "🥇 A — 3"
    assert t("ru", "play.not_your_turn") == "Сейчас не ваш ход."


@pytest.mark.parametrize(
    ("user", "guild", "expected"),
    [
        (discord.Locale.russian, discord.Locale.american_english, "ru"),
        (discord.Locale.german, discord.Locale.russian, "ru"),
        (discord.Locale.british_english, discord.Locale.russian, "en"),
        (discord.Locale.german, None, "en"),
        (None, None, "en"),
    ],
)
def test_the_readers_language(
    user: discord.Locale | None, guild: discord.Locale | None, expected: str
) -> None:
    assert choose_language(user, guild) == expected


def test_errors_are_translated_by_code_with_the_english_message_as_fallback() -> None:
    error = IllegalAction("no 5 in this roll", "face_not_rolled", face="5")
    assert explain("en", error) == "There is no 5 in this roll."
    assert explain("ru", error) == "В этом броске нет 5."
    unknown = IllegalAction(
        "you may steal only a top tile equal to your total 25", "tile_not_takeable", tile=26
    )
    assert explain("en", unknown) == "you may steal only a top tile equal to your total 25"
    assert explain("ru", unknown) == "Плитку 26 сейчас взять нельзя."
    novel = IllegalAction("something new", "brand_new_code")
    assert explain("ru", novel) == "something new"
    full = LobbyError("game_full", "Pickomino seats at most 7 players", max=7)
    assert explain("en", full) == "The game is full (7 players at most)."
