"""The HTML of the web table's pages, with their style sheet and script.

Pages are drawn on the server with the snapshot of the moment, so a page is whole before any
script runs; the script (``web.js``) then keeps it live from the event stream, putting each
new snapshot's HTML parts in place. Everything shown is escaped where it is made
(``bot.web.markup``); the page's own words come from the catalogue (``web.*``). The private
page is sent without anything private: its script reads the token from the address's
fragment and fetches the seat's panel with it.
"""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

from bot.i18n import catalogue, t

STATIC = Path(__file__).resolve().parent / "static"
SCRIPT_WORDS = ("refused", "over", "offline", "first", "previous", "next", "last", "move_of")
"""The words the script itself writes (a refused link, a lost connection, the replay's counter)."""


def _words(lang: str) -> str:
    # move_of keeps its placeholders for the script to fill in as the replay steps
    words = {name: t(lang, f"web.{name}", move="{move}", last="{last}") for name in SCRIPT_WORDS}
    # JSON in a non-executed script element; "<" escaped so no text can close the element
    return json.dumps(words, ensure_ascii=False).replace("<", "\\u003c")


def _languages(path: str, lang: str, query: str = "") -> str:
    links = []
    for code in sorted(catalogue().languages):
        if code == lang:
            links.append(f'<b lang="{code}">{code}</b>')
        else:
            links.append(f'<a lang="{code}" href="{html.escape(path)}?lang={code}{query}">{code}</a>')
    return " · ".join(links)


def page(
    lang: str,
    heading: str,
    body: str,
    *,
    kind: str,
    data: dict[str, Any] | None = None,
    path: str = "",
    query: str = "",
) -> str:
    attributes = " ".join(
        f'data-{name}="{html.escape(str(value))}"'
        for name, value in {"page": kind, "lang": lang, **(data or {})}.items()
    )
    switch = f'<nav class="langs">{_languages(path, lang, query)}</nav>' if path else ""
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="{lang}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{html.escape(heading)}</title>"
        '<link rel="stylesheet" href="/static/web.css">'
        '<script src="/static/web.js" defer></script></head>'
        f"<body {attributes}>"
        f'<script type="application/json" id="words">{_words(lang)}</script>'
        f"<header><h1>{html.escape(heading)}</h1>{switch}</header>"
        f"<main>{body}</main></body></html>"
    )


def board_page(lang: str, snapshot: dict[str, Any]) -> str:
    game = snapshot["game"]
    watch_again = ""
    if snapshot["over"] and snapshot["status"] == "finished":
        words = html.escape(t(lang, "web.replay"))
        watch_again = f'<p><a class="button" href="/game/{game}/replay?lang={lang}">{words}</a></p>'
    body = (
        f'<p id="turn" class="turn">{snapshot["turn"]}</p>{watch_again}'
        '<div class="table">'
        f'<div id="board" class="board">{snapshot["board"]}</div>'
        f"<aside><h2>{html.escape(t(lang, 'web.history'))}</h2>"
        f'<div id="history">{snapshot["history"]}</div></aside>'
        "</div>"
    )
    data = {"game": game, "version": snapshot["version"], "over": int(snapshot["over"])}
    return page(lang, snapshot["title"], body, kind="board", data=data, path=f"/game/{game}")


def private_page(lang: str, game: str, seat: int, heading: str) -> str:
    body = (
        '<p id="turn" class="turn"></p>'
        f'<p id="refused" class="refused" hidden>{html.escape(t(lang, "web.refused"))}</p>'
        '<div class="table">'
        f'<div><h2>{html.escape(t(lang, "web.yours"))}</h2><div id="private" class="private"></div></div>'
        '<div id="board" class="board"></div>'
        f'<aside><h2>{html.escape(t(lang, "web.history"))}</h2><div id="history"></div></aside>'
        "</div>"
    )
    return page(lang, heading, body, kind="private", data={"game": game, "seat": seat, "version": -1})


def replay_page(lang: str, snapshot: dict[str, Any]) -> str:
    game, move, last = snapshot["game"], snapshot["move"], snapshot["last"]
    buttons = "".join(
        f'<a class="button" id="{name}" href="?lang={lang}&amp;move={target}"'
        f' title="{html.escape(t(lang, f"web.{name}"))}">{face}</a>'
        for name, face, target in (
            ("first", "⏮", 0),
            ("previous", "◀", max(move - 1, 0)),
            ("next", "▶", min(move + 1, last)),
            ("last", "⏭", last),
        )
    )
    counter = html.escape(t(lang, "web.move_of", move=move, last=last))
    body = (
        f'<nav class="steps">{buttons}<span id="counter">{counter}</span></nav>'
        f'<p class="hint">{html.escape(t(lang, "web.keys"))}</p>'
        f'<p id="turn" class="turn">{snapshot["turn"]}</p>'
        '<div class="table">'
        f'<div id="board" class="board">{snapshot["board"]}</div>'
        f"<aside><h2>{html.escape(t(lang, 'web.this_move'))}</h2>"
        f'<div id="events">{snapshot["events"]}</div></aside>'
        "</div>"
        f'<div id="reveal">{snapshot["reveal"]}</div>'
    )
    data = {"game": game, "move": move, "last": last}
    return page(
        lang,
        snapshot["title"],
        body,
        kind="replay",
        data=data,
        path=f"/game/{game}/replay",
        query=f"&move={move}",
    )


def message_page(lang: str, heading_key: str, text_key: str) -> str:
    """A short page for a refusal or an error: no detail of what went wrong inside."""
    body = f'<p class="refused">{html.escape(t(lang, text_key))}</p>'
    return page(lang, t(lang, heading_key), body, kind="message")


def static_file(name: str) -> bytes:
    return (STATIC / name).read_bytes()
