"""Every user-facing word, looked up by key in one catalogue per language.

``en.json`` (with its parts ``en.<part>.json``) is complete; other languages may miss keys
and then fall back to English. The reader's language is the interaction's user locale when we
have a catalogue for it, else the server's, else English. Public messages (the board, pings)
use the server's language so that a board does not switch language with every click.
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import discord
from discord import app_commands

from engine import EngineError
from storage.errors import StorageError

FALLBACK = "en"
_HERE = Path(__file__).resolve().parent


class Catalogue:
    """Message tables by language; ``text`` formats a message with named parameters."""

    def __init__(self, tables: Mapping[str, Mapping[str, str]]) -> None:
        if FALLBACK not in tables:
            raise ValueError("the English catalogue is required")
        self.tables = {lang: dict(table) for lang, table in tables.items()}

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self.tables)

    def has(self, key: str) -> bool:
        return key in self.tables[FALLBACK]

    def raw(self, lang: str, key: str) -> str:
        table = self.tables.get(lang, {})
        if key in table:
            return table[key]
        return self.tables[FALLBACK][key]  # a missing English key is a bug: KeyError

    def text(self, lang: str, key: str, **params: Any) -> str:
        template = self.raw(lang, key)
        if not params:
            return template
        try:
            return template.format(**params)
        except (KeyError, IndexError, ValueError):
            # A translation that names a parameter English does not pass: use English.
            return self.tables[FALLBACK][key].format(**params)

    def placeholders(self, lang: str, key: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(self.raw(lang, key)) if name}


@cache
def catalogue() -> Catalogue:
    """``en.json`` and ``en.<part>.json`` (one part per concern, e.g. ``en.raid.json``) make up
    the English table; likewise for every language. A key defined twice is a bug."""
    tables: dict[str, dict[str, str]] = {}
    for path in sorted(_HERE.glob("*.json")):
        table = tables.setdefault(path.stem.split(".")[0], {})
        part = json.loads(path.read_text(encoding="utf-8"))
        twice = table.keys() & part.keys()
        if twice:
            raise ValueError(f"{path.name} defines again: {', '.join(sorted(twice))}")
        table.update(part)
    return Catalogue(tables)


def t(lang: str, key: str, **params: Any) -> str:
    """The message ``key`` in ``lang`` (English when that language lacks it)."""
    return catalogue().text(lang, key, **params)


def language_of(locale: discord.Locale | str | None) -> str | None:
    """Our language for a Discord locale (``ru`` → ``ru``, ``en-GB`` → ``en``), or ``None``."""
    if locale is None:
        return None
    code = str(locale.value if isinstance(locale, discord.Locale) else locale).split("-")[0].lower()
    return code if code in catalogue().tables else None


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


def explain(lang: str, error: EngineError | StorageError) -> str:
    """A player-readable explanation of an engine or storage error, by its code. The
    English ``message`` the error carries is the fallback for codes the catalogue lacks."""
    source = "engine" if isinstance(error, EngineError) else "storage"
    key = f"error.{source}.{error.code}"
    table = catalogue().tables.get(lang, {})
    template = table.get(key) or catalogue().tables[FALLBACK].get(key)
    if template is None:
        return error.message
    try:
        return template.format(**error.params)
    except (KeyError, IndexError, ValueError):
        return error.message


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
        if key is None or lang is None or lang == FALLBACK:
            return None
        return catalogue().tables[lang].get(key)
