"""The message catalogue: Project Fluent files (``.ftl``) read into one bundle per language.

Code names a message by a dotted key (``board.rank_line``); Fluent ids cannot hold dots, so
the file spells the same key with hyphens (``board-rank_line``). ``message_id`` is the one
place that maps one to the other.

Parameters are passed as Python values: integers become Fluent numbers *without* digit
grouping, so a game id reads ``#1234`` (not ``#1,234``) while ``{ $count -> [one] … }`` still
selects the plural form of the reader's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

from fluent.runtime import FluentBundle
from fluent.runtime.types import FluentNone, fluent_number
from fluent.syntax import FluentParser
from fluent.syntax import ast as ftl
from fluent.syntax.visitor import Visitor

from engine.core.errors import MAX_TEXT, clip

FALLBACK = "en"
"""The complete language; every other one falls back to it key by key."""


def message_id(key: str) -> str:
    """The Fluent id of a dotted key: ``board.rank_line`` → ``board-rank_line``."""
    return key.replace(".", "-")


class MessageError(ValueError):
    """A message could not be formatted: it names a parameter that was not passed."""


@dataclass(frozen=True, slots=True)
class Part:
    """One ``.ftl`` file: its language (the file name up to the first dot) and its text."""

    lang: str
    name: str
    text: str

    @classmethod
    def read(cls, path: Path) -> Part:
        return cls(path.name.split(".")[0], str(path), path.read_text(encoding="utf-8"))


class _Variables(Visitor):
    """The names of the variables (``$name``) a message uses anywhere, selectors included."""

    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: ftl.VariableReference) -> None:
        self.names.add(node.id.name)


NUMBER_LIMIT = 10**15
"""Numbers from here on are passed to a message as text: Fluent formats a number through
``decimal`` at 28 digits of precision, and fails (``InvalidOperation``) on a longer one — a number
a player typed, say. Nothing a game counts comes near."""


def fluent_args(params: Mapping[str, Any]) -> dict[str, Any]:
    """Python values as Fluent arguments: numbers ungrouped, everything else as text (a number
    too long to be meant as one too, cut short like any echoed text)."""
    args: dict[str, Any] = {}
    for name, value in params.items():
        if isinstance(value, bool) or value is None:
            args[name] = "" if value is None else str(value).lower()
        elif isinstance(value, int | float | Decimal) and not -NUMBER_LIMIT < value < NUMBER_LIMIT:
            args[name] = clip(str(value), MAX_TEXT)  # a NaN or an infinity too
        elif isinstance(value, int | float | Decimal):
            args[name] = fluent_number(value, useGrouping=False)
        else:
            args[name] = str(value)
    return args


class Catalogue:
    """Messages by language. ``text`` formats a message; a language without the message, or
    whose translation cannot be formatted with the parameters given, gives English."""

    def __init__(self, parts: Iterable[Part]) -> None:
        messages: dict[str, dict[str, ftl.Message]] = {}
        bundles: dict[str, FluentBundle] = {}
        parser = FluentParser()
        for part in parts:
            resource = parser.parse(part.text)
            junk = [entry for entry in resource.body if isinstance(entry, ftl.Junk)]
            if junk:
                problems = "; ".join(str(a.message) for entry in junk for a in entry.annotations)
                raise ValueError(f"{part.name} cannot be read: {problems}: {str(junk[0].content)[:80]!r}")
            table = messages.setdefault(part.lang, {})
            found = [entry for entry in resource.body if isinstance(entry, ftl.Message)]
            twice = sorted({m.id.name for m in found} & table.keys())
            if twice:
                raise ValueError(f"{part.name} defines again: {', '.join(twice)}")
            table.update((m.id.name, m) for m in found)
            bundle = bundles.get(part.lang)
            if bundle is None:
                bundle = bundles[part.lang] = FluentBundle([part.lang], use_isolating=False)
            bundle.add_resource(resource)
        if FALLBACK not in messages:
            raise ValueError("the English catalogue is required")
        self._messages = messages
        self._bundles = bundles

    @property
    def languages(self) -> tuple[str, ...]:
        return tuple(self._messages)

    def ids(self, lang: str) -> frozenset[str]:
        """The Fluent ids ``lang`` defines."""
        return frozenset(self._messages.get(lang, {}))

    def has(self, key: str) -> bool:
        """Whether English has the message (every message the bot shows must)."""
        return self.defines(FALLBACK, key)

    def defines(self, lang: str, key: str) -> bool:
        return message_id(key) in self._messages.get(lang, {})

    def text(self, lang: str, key: str, /, **params: Any) -> str:
        """The message in ``lang``, else in English. A key English lacks is a bug (``KeyError``);
        an English message missing a parameter raises ``MessageError``."""
        if lang != FALLBACK and self.defines(lang, key):
            try:
                return self._format(lang, key, params)
            except MessageError:
                pass  # a translation that names a parameter English does not pass: use English
        if not self.has(key):
            raise KeyError(key)
        return self._format(FALLBACK, key, params)

    def placeholders(self, lang: str, key: str) -> set[str]:
        """The parameters the message of ``lang`` uses (``$name``), in text and in selectors."""
        finder = _Variables()
        finder.visit(self._messages[lang][message_id(key)])
        return finder.names

    def _format(self, lang: str, key: str, params: Mapping[str, Any]) -> str:
        bundle = self._bundles[lang]
        message = bundle.get_message(message_id(key))
        if message.value is None:
            raise MessageError(f"{key} has no value in {lang}")
        text, errors = bundle.format_pattern(message.value, fluent_args(params))
        if errors or isinstance(text, FluentNone):
            raise MessageError(f"{key} in {lang}: {'; '.join(map(str, errors)) or 'no text'}")
        return text
