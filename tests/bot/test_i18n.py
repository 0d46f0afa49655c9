"""The message catalogues (Project Fluent): complete English, Russian with the same keys and no
placeholder English lacks, real plural rules, ungrouped numbers, fallback to English key by key,
the reader's language, errors translated by code, and user text echoed short and harmless."""

from __future__ import annotations

import re
from pathlib import Path

import discord
import pytest

from bot.i18n import (
    FALLBACK,
    Catalogue,
    CatalogueTranslator,
    MessageError,
    catalogue,
    catalogue_files,
    choose_language,
    echo,
    explain,
    message_id,
    players,
    t,
)
from bot.i18n.catalogue import Part
from engine import BadAction, BadOptions, IllegalAction
from storage.errors import LobbyError

BOT = Path(__file__).resolve().parents[2] / "bot"
RUSSIAN_PLURALS = {
    1: "1 плитка",
    2: "2 плитки",
    5: "5 плиток",
    11: "11 плиток",
    21: "21 плитка",
    22: "22 плитки",
    25: "25 плиток",
}


def test_every_key_the_bot_names_is_in_english() -> None:
    named: set[str] = set()
    for path in BOT.rglob("*.py"):
        named |= set(
            re.findall(
                r'"((?:board|lobby|play|private|turn|rules|stats|leaderboard|cmd|button|seats|option|'
                r'living|ai|raid|pickomino|berserk|hobbit|error|web)\.[a-z_.]+)"',
                path.read_text(encoding="utf-8"),
            )
        )
    assert len(named) > 100
    missing = sorted(k for k in named if not catalogue().has(k) and not k.endswith("."))
    assert missing == []


def test_russian_has_every_english_key_and_no_placeholder_english_lacks() -> None:
    cat = catalogue()
    english, russian = cat.ids("en"), cat.ids("ru")
    assert english - russian == set()
    for key in russian:
        if key not in english:
            # English shows the engine's own, more detailed message for this code
            assert key.startswith("error-"), f"{key} is Russian only"
            continue
        assert cat.placeholders("ru", key) <= cat.placeholders(FALLBACK, key), key


def test_each_catalogue_file_is_fluent_and_named_by_language() -> None:
    files = catalogue_files()
    assert {path.name for path in files} >= {"en.ftl", "ru.ftl", "en.living.ftl", "ru.living.ftl"}
    assert all(path.suffix == ".ftl" for path in files)
    assert not list(BOT.rglob("*.json")), "catalogues are Fluent files now"
    with pytest.raises(ValueError, match="cannot be read"):
        Catalogue([Part("en", "broken.ftl", "good = fine\nbad = { $unclosed\n")])
    with pytest.raises(ValueError, match="defines again: a-b"):
        Catalogue([Part("en", "one.ftl", "a-b = 1"), Part("en", "two.ftl", "a-b = 2")])


def test_keys_are_dotted_in_code_and_hyphenated_in_files() -> None:
    assert message_id("raid.board.fight") == "raid-board-fight"
    assert message_id("error.engine.off_map.alt") == "error-engine-off_map-alt"
    assert catalogue().has("raid.board.fight") and "raid-board-fight" in catalogue().ids("en")


def test_russian_plural_forms() -> None:
    for count, words in RUSSIAN_PLURALS.items():
        line = t("ru", "pickomino.player", marker="·", player="A", top="21", tiles=count, score=3)
        assert f"· {words} ·" in line, line
    assert [players("ru", n, n) for n in (1, 2, 5, 11, 21, 22, 25)] == [
        "1 игрок",
        "2 игрока",
        "5 игроков",
        "11 игроков",
        "21 игрок",
        "22 игрока",
        "25 игроков",
    ]
    skips = [t("ru", "raid.scout.skip", count=n) for n in (1, 2, 5, 11, 21, 22, 25)]
    assert skips == [
        "· ⏸️ пропускает следующий ход",
        "· ⏸️ пропускает 2 хода",
        "· ⏸️ пропускает 5 ходов",
        "· ⏸️ пропускает 11 ходов",
        "· ⏸️ пропускает 21 ход",
        "· ⏸️ пропускает 22 хода",
        "· ⏸️ пропускает 25 ходов",
    ]


def test_english_plural_forms() -> None:
    line = t("en", "pickomino.player", marker="·", player="A", top="21", tiles=1, score=3)
    assert "· 1 tile ·" in line and "tiles" not in line
    assert "· 2 tiles ·" in t("en", "pickomino.player", marker="·", player="A", top="21", tiles=2, score=3)
    assert t("en", "pickomino.kept_none", dice=1) == "Nothing kept yet; 1 die to roll."
    assert t("en", "pickomino.kept_none", dice=8) == "Nothing kept yet; 8 dice to roll."
    assert t("en", "stats.total", played=1, won=0) == "Played 1 game, won 0"
    assert t("en", "stats.total", played=21, won=3) == "Played 21 games, won 3"
    assert players("en", 2, 2) == "2 players" and players("en", 2, 7) == "2–7 players"
    assert players("en", 1, 1) == "1 player"


def test_numbers_are_not_grouped() -> None:
    """A game id 1234 reads #1234 in both languages, not #1,234 or #1 234; plural selection
    on an ungrouped number still works."""
    assert t("en", "turn.ping", players="@a", title="Raid", id=1234) == "@a, your turn in Raid #1234."
    assert t("ru", "turn.ping", players="@a", title="Raid", id=1234) == "@a, ваш ход в игре Raid №1234."
    assert t("en", "living.games_line.active", title="Raid", id=10000, players=2, url="u") == (
        "Raid #10000 — playing, 2 players — u"
    )
    assert "12345 игр" in t("ru", "stats.total", played=12345, won=0)


def test_a_missing_translation_falls_back_to_english_key_by_key() -> None:
    cat = Catalogue(
        [
            Part("en", "en.ftl", "greet = Hello, { $name }!\nbye = Bye.\nodd = { $count } left"),
            Part("de", "de.ftl", "greet = Hallo, { $name }!\nodd = { $missing } übrig"),
        ]
    )
    assert cat.text("de", "greet", name="Ann") == "Hallo, Ann!"
    assert cat.text("de", "bye") == "Bye."  # German lacks it
    assert cat.text("de", "odd", count=3) == "3 left"  # German names a parameter English does not pass
    with pytest.raises(KeyError):
        cat.text("de", "nowhere")
    with pytest.raises(MessageError):
        cat.text("en", "greet")  # English itself lacks its parameter: a bug, said loudly
    assert t("ru", "board.rank_line", medal="🥇", player="A", score=3) == "🥇 A — 3"
    assert t("ru", "play.not_your_turn") == "Сейчас не ваш ход."


def test_no_unicode_isolation_marks() -> None:
    text = t("en", "play.resigned", player="<@1>")
    assert text == "<@1> resigned." and "\u2068" not in text and "\u2069" not in text


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


async def test_the_translator_offers_discord_every_russian_command_text() -> None:
    translator = CatalogueTranslator()
    string = discord.app_commands.locale_str("Which game", key="cmd.rules.game")
    context = discord.app_commands.TranslationContext(
        discord.app_commands.TranslationContextLocation.other, None
    )
    assert await translator.translate(string, discord.Locale.russian, context) == "Какая игра"
    assert await translator.translate(string, discord.Locale.german, context) is None
    assert await translator.translate(string, discord.Locale.american_english, context) is None


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
    assert explain("en", full) == "The game is full: 7 players at most."
    assert explain("ru", full) == "Мест нет: не больше 7 игроков."
    seats = BadOptions("Raid is played by 2–2 seats, not 3", "seats", min=2, max=2, seats=3)
    assert explain("en", seats) == "This game is for 2 players."
    assert explain("ru", seats) == "В эту игру играют 2 игрока."


def test_an_error_reads_in_the_words_of_what_was_given() -> None:
    unreadable = BadAction("cannot read", "unreadable", text="pots: A1")
    assert explain("en", unreadable) == "I cannot read the move “pots: A1”."
    assert explain("en", unreadable, "place").startswith(
        "I cannot read this part of the placement: “pots: A1”."
    )
    assert explain("ru", unreadable, "place").startswith(
        "Не могу прочитать эту часть расстановки: «pots: A1»."
    )
    assert explain("en", unreadable, "options") == "I cannot read the move “pots: A1”."  # no words of its own


def test_echoed_user_text_is_short_one_line_and_pings_nobody() -> None:
    assert echo("a\n  b\tc") == "a b c"
    long = echo("x" * 6000)
    assert len(long) == 80 and long.endswith("…")
    user, role = "<@123456789012345678>", "<@&123456789012345678>"
    assert "@everyone" not in echo("hi @everyone") and user not in echo(user) and role not in echo(role)
    error = BadAction("cannot read", "unreadable", text=f"@everyone {role} " + "y" * 200)
    text = explain("en", error)
    assert len(text) < 140 and "@everyone" not in text and role not in text
