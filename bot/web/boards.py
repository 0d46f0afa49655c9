"""Each game's board on a web page: drawn from a ``Table`` (views only) by the game's own web
board, in its folder ``bot/games/<key>/web/`` beside its Discord renderer.

A web board draws one audience's board — everyone's (the live page, the replay, a spectator:
read-only) or one seat's (its private page: its secrets, and the controls of exactly the moves
it has now, ``Table.actions``). A control carries its action as data
(``data-action='{{ action|tojson }}'``, the macros of ``controls.html``); a control that
stands for a choice of the game's renderer rather than a listed action (a **Random** army)
carries the choice's name and value (``data-choice``/``data-value``), read back by
``Menus.choose`` exactly as the button on Discord is. A move put together from several clicks
(a path traced on a map, an army placed on the field) is the game's script's to assemble
(``WebBoard.script``), and goes out through the same move form. Whatever a page sends is
judged by the bot's one move path, as a click or a typed move on Discord is.

A game without a web folder gets ``GenericWebBoard``: its Discord embeds as HTML and a button
per legal action.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import discord
from markupsafe import Markup

from bot.render import Menus, Table
from bot.render.registry import from_folder, renderer_for
from bot.web.templating import GAMES as GAME_FOLDERS
from bot.web.templating import render

PictureUrl = Callable[[str], str]
"""A picture's file name → the address that serves it."""


@dataclass
class Pictures:
    """The pictures a page shows, collected while its board is drawn: each is served at
    ``url(name)`` for the version drawn. On a private page (``private``) a picture is fetched
    by the page's script with the seat's token, so its tag carries the address in
    ``data-private-src`` instead of ``src``."""

    url: PictureUrl
    private: bool = False
    files: dict[str, bytes] = field(default_factory=dict)

    def add(self, name: str, png: bytes) -> str:
        """Keep a picture; its address."""
        self.files[name] = png
        return self.url(name)

    def add_files(self, files: Sequence[discord.File], prefix: str = "") -> dict[str, str]:
        """Keep a renderer's attached files (``discord.File``); file name → address."""
        found: dict[str, str] = {}
        for file in files:
            file.fp.seek(0)
            found[file.filename] = self.add(prefix + file.filename, file.fp.read())
        return found

    @property
    def source(self) -> str:
        """The attribute an ``<img>`` names its address in."""
        return "data-private-src" if self.private else "src"


class WebBoard:
    """How a game is drawn on a web page. A game's ``bot/games/<key>/web/__init__.py`` exports
    ``WEB_BOARD``, an instance of a subclass."""

    key: str = ""
    script: str | None = None
    """The file name of the game's own script in its ``web/static/`` folder (served at
    ``/static/games/<key>/<script>``), loaded by its pages after the shared one: it puts
    together moves made of several clicks."""
    style: str | None = None
    """The file name of the game's own style sheet in ``web/static/``."""

    def board(self, table: Table, pictures: Pictures) -> Markup:
        """The board for ``table``'s audience: for everyone (``table.seat`` is ``None``)
        read-only; for a seat with what only it sees and the controls of its legal actions
        (``table.actions``) — nothing else. Pictures it shows go into ``pictures``."""
        raise NotImplementedError


def static_file(key: str, name: str) -> Path | None:
    """A file of the game's ``web/static/`` folder, if it has it."""
    path = GAME_FOLDERS / key / "web" / "static" / name
    return path if path.is_file() else None


def embed_parts(embed: discord.Embed, pictures: dict[str, str]) -> dict[str, Any]:
    """An embed as the ``embed.html`` template reads it; its image (``attachment://NAME``)
    from ``pictures`` (file name → address)."""
    image = embed.image.url if embed.image else None
    name = image.removeprefix("attachment://") if image and image.startswith("attachment://") else None
    return {
        "title": embed.title or "",
        "description": embed.description or "",
        "fields": [(f.name or "", f.value or "", bool(f.inline)) for f in embed.fields],
        "image": pictures.get(name) if name else None,
        "footer": embed.footer.text if embed.footer and embed.footer.text else "",
    }


class GenericWebBoard(WebBoard):
    """The game's Discord embeds as HTML, and for a seat a button per legal action (worded as
    on Discord) and per button of the renderer's own (``Menus.choices``)."""

    def board(self, table: Table, pictures: Pictures) -> Markup:
        renderer = renderer_for(table.game.key)
        embed, files = renderer.board_message(table)
        board = embed_parts(embed, pictures.add_files(files))
        own = None
        controls: list[dict[str, Any]] = []
        choices: list[dict[str, Any]] = []
        if table.seat is not None:
            mine, drawn = renderer.private_message(table, table.seat)
            own = embed_parts(mine, pictures.add_files(drawn, prefix="seat-"))
            if table.active:
                for action in table.actions:
                    controls.append({"action": action, "label": renderer.button_look(table, action).label})
                if isinstance(renderer, Menus):
                    for choice in renderer.choices(table, table.seat):
                        label = choice.look.label
                        choices.append({"name": choice.name, "value": choice.value, "label": label})
        return render(
            "generic_board.html",
            lang=table.lang,
            board=board,
            own=own,
            controls=controls,
            choices=choices,
            source=pictures.source,
        )


GENERIC_WEB = GenericWebBoard()


@cache
def web_board_for(key: str) -> WebBoard:
    """The game's web board, from its folder; the generic one for a game without."""
    return from_folder(key, "web", "WEB_BOARD", GENERIC_WEB)
