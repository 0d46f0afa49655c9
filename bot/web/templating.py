"""The web table's templates: one Jinja2 environment that escapes every value by default.

Shared templates (the page shell, the history, the generic board, the controls' macros) live
in ``bot/web/templates/``; each game's web board has its own in
``bot/games/<key>/web/templates/``, reached as ``<key>/<name>``. Nothing on a page is HTML put
together in Python: a value reaches a page through a template, escaped, or as ``Markup`` made
by ``bot.web.markup`` (Discord's markdown turned into tags after every character was escaped).

Filters every template has:
- ``md``: a text in Discord's markdown (an event line, a renderer's words) as safe HTML;
- ``tojson`` (Jinja's own): a value as JSON that is safe inside a single-quoted attribute,
  which is how a control carries its action (``data-action='{{ action|tojson }}'``).
Globals: ``t(lang, key, **params)``, the catalogue.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import ChoiceLoader, Environment, FileSystemLoader, PrefixLoader, StrictUndefined
from markupsafe import Markup

from bot.i18n import t
from bot.web.markup import to_html

SHARED = Path(__file__).resolve().parent / "templates"
GAMES = Path(__file__).resolve().parent.parent / "games"
"""Each game's bot folder; its web board's templates are in ``<key>/web/templates/``."""


def game_template_folders() -> dict[str, Path]:
    """Game key → the folder of its web board's templates, for every game that has one."""
    return {
        folder.parent.parent.name: folder
        for folder in sorted(GAMES.glob("*/web/templates"))
        if folder.is_dir()
    }


def markdown(text: str | None) -> Markup:
    """Discord's markdown as HTML (``bot.web.markup.to_html``: escaped first). Web tables name
    seats rather than mention them, so no mention is expected; one left is shown as ``@?``."""
    return Markup(to_html(text, {}))  # to_html escapes every character first


@cache
def environment() -> Environment:
    games = {key: FileSystemLoader(folder) for key, folder in game_template_folders().items()}
    env = Environment(
        loader=ChoiceLoader([FileSystemLoader(SHARED), PrefixLoader(games)]),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        auto_reload=False,
    )
    env.filters["md"] = markdown
    env.globals["t"] = t
    return env


def render(name: str, /, **context: Any) -> Markup:
    """The template ``name`` filled with ``context`` (every value escaped unless it is
    ``Markup``)."""
    return Markup(environment().get_template(name).render(**context))  # autoescaped
