"""Every user-facing word, looked up by key in one Project Fluent catalogue per language.

``bot/i18n/en.ftl`` and its parts ``en.<part>.ftl`` (one per concern), with every game
folder's ``bot/games/<key>/en.ftl``, make up the English catalogue; likewise for every language.
English is complete; another language may miss keys and then falls back to English, key by key
(``bot.i18n.catalogue``). The reader's language is the interaction's user locale when we have a
catalogue for it, else the server's, else English. Public messages (the board, pings) use the
server's language so that a board does not switch language with every click.

Whatever a user typed and the bot repeats goes through ``echo``: one line, cut short, no
mention that could ping.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from bot.i18n.catalogue import FALLBACK, Catalogue, MessageError, Part, message_id
from engine import EngineError
from engine.core.errors import MAX_TEXT, clip
from storage.errors import StorageError

__all__ = [
    "FALLBACK",
    "Catalogue",
    "CatalogueTranslator",
    "MessageError",
    "catalogue",
    "catalogue_files",
    "choose_language",
    "command_text",
    "echo",
    "explain",
    "guild_language",
    "language_of",
    "message_id",
    "players",
    "public_language",
    "reader_language",
    "t",
]

_HERE = Path(__file__).resolve().parent
GAME_PARTS = _HERE.parent / "games"
"""Each game's bot folder holds its own part of the catalogue: ``games/<key>/en.ftl`` …"""

ECHO_LIMIT = MAX_TEXT
"""Characters of user text the bot repeats, like the engine's own error parameters."""


def catalogue_files() -> list[Path]:
    """``en.ftl``, its parts ``en.<part>.ftl``, every game folder's ``en.ftl`` and its web
    board's (``<key>/web/en.ftl``) make up the English catalogue; likewise for every language."""
    games = sorted(GAME_PARTS.glob("*/*.ftl")) + sorted(GAME_PARTS.glob("*/web/*.ftl"))
    return sorted(_HERE.glob("*.ftl")) + games


@cache
def catalogue() -> Catalogue:
    """Every file of ``catalogue_files``, by language. A key defined twice is a bug."""
    return Catalogue(Part.read(path) for path in catalogue_files())


def t(lang: str, key: str, /, **params: Any) -> str:
    """The message ``key`` in ``lang`` (English when that language lacks it). ``lang`` and
    ``key`` are positional-only, so a message may take parameters of those names (an unknown
    game's ``key``)."""
    return catalogue().text(lang, key, **params)


def echo(text: str, limit: int = ECHO_LIMIT) -> str:
    """What a user typed, as the bot may repeat it: one line, at most ``limit`` characters (the
    cut shown by ``…``), and no ``@everyone`` or ``<@id>`` that could ping."""
    return discord.utils.escape_mentions(clip(" ".join(text.split()), limit))


def players(lang: str, low: int, high: int) -> str:
    """A number of players in words: ``2 players`` when it is fixed, ``2–7 players`` else."""
    if low == high:
        return t(lang, "seats.exact", count=low)
    return t(lang, "seats.range", min=low, max=high)


def language_of(locale: discord.Locale | str | None) -> str | None:
    """Our language for a Discord locale (``ru`` → ``ru``, ``en-GB`` → ``en``), or ``None``."""
    if locale is None:
        return None
    code = str(locale.value if isinstance(locale, discord.Locale) else locale).split("-")[0].lower()
    return code if code in catalogue().languages else None


def choose_language(
    user_locale: discord.Locale | str | None, guild_locale: discord.Locale | str | None
) -> str:
    return language_of(user_locale) or language_of(guild_locale) or FALLBACK


def reader_language(interaction: discord.Interaction[Any]) -> str:
    """The language of the person who made the interaction (for ephemeral replies)."""
    return choose_language(interaction.locale, interaction.guild_locale)


def public_language(interaction: discord.Interaction[Any]) -> str:
    """The language of a channel message everyone reads: the server's, else English."""
    if interaction.guild_locale is not None:
        return language_of(interaction.guild_locale) or FALLBACK
    return language_of(interaction.locale) or FALLBACK


def guild_language(client: discord.Client, guild_id: int | None) -> str:
    """The language of public messages sent without an interaction (a computer's move, a
    timeout): the server's, else English."""
    guild = client.get_guild(guild_id) if guild_id is not None else None
    return (language_of(guild.preferred_locale) if guild is not None else None) or FALLBACK


_DERIVED: dict[str, Callable[[str, dict[str, Any]], dict[str, Any]]] = {
    "seats": lambda lang, p: {"players": players(lang, int(p["min"]), int(p["max"]))},
}
"""Words an error's message needs that its parameters hold only as numbers, by error code."""


def explain(lang: str, error: EngineError | StorageError, subject: str | None = None) -> str:
    """A player-readable explanation of an engine or storage error, by its code.

    ``subject`` names what the player gave (``place`` for a placement, ``options`` for game
    options): ``error.<source>.<code>.<subject>`` is tried first, so one code reads right
    wherever it comes from. One code may also come with different parameters from different
    places (a cell off the map, a path leaving it): ``<key>.alt`` is then tried with them.
    Text parameters are echoed safely (``echo``); a list the engine cut has ``<name>_more``.
    The English ``message`` the error carries is the fallback for codes the catalogue lacks."""
    source = "engine" if isinstance(error, EngineError) else "storage"
    key = f"error.{source}.{error.code}"
    params = {name: echo(v) if isinstance(v, str) else v for name, v in error.params.items()}
    derive = _DERIVED.get(error.code)
    if derive is not None:
        with contextlib.suppress(KeyError, TypeError, ValueError):  # then tried without them
            params |= derive(lang, params)
    candidates = ([f"{key}.{subject}"] if subject else []) + [key, f"{key}.alt"]
    cat = catalogue()
    for candidate in candidates:
        if not (cat.defines(lang, candidate) or cat.has(candidate)):
            continue
        try:
            return cat.text(lang, candidate, **params)
        except (KeyError, MessageError):
            continue
    return echo(error.message, 2 * ECHO_LIMIT)


def command_text(key: str) -> app_commands.locale_str:
    """A command name/description/choice in English, carrying its catalogue key so the
    ``CatalogueTranslator`` can offer Discord every other language we have."""
    return app_commands.locale_str(t(FALLBACK, key), key=key)


class CatalogueTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        key = string.extras.get("key")
        lang = language_of(locale)
        if key is None or lang is None or lang == FALLBACK or not catalogue().defines(lang, key):
            return None
        return catalogue().text(lang, key)
