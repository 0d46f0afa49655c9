"""The web table's pages, from the templates of ``bot/web/templates/``.

Pages are drawn on the server with the snapshot of the moment, so a page is whole before any
script runs; the script (``web.js``, and a game's own) then keeps it live from the event
stream, putting each new snapshot's HTML parts in place, and on a private page sends the
seat's moves. Every snapshot part was drawn by a template, escaped; the page's own words come
from the catalogue (``web.*``). The private page is sent without anything private: its
script reads the token from the address's fragment and fetches the seat's board with it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from markupsafe import Markup

from bot.i18n import catalogue, t
from bot.rating_words import provisional_heading
from bot.web.boards import web_board_for
from bot.web.leaderboards import ShownBoard
from bot.web.templating import render

STATIC = Path(__file__).resolve().parent / "static"
SCRIPT_WORDS = (
    "refused",
    "over",
    "offline",
    "first",
    "previous",
    "next",
    "last",
    "move_of",
    "sending",
    "send_failed",
    "busy_moves",
)
"""The words the scripts themselves write (a refused link, a lost connection, the replay's
counter, a move on its way or lost)."""


def _words(lang: str) -> dict[str, str]:
    # move_of keeps its placeholders for the script to fill in as the replay steps
    return {name: t(lang, f"web.{name}", move="{move}", last="{last}") for name in SCRIPT_WORDS}


def _page(
    template: str,
    lang: str,
    heading: str,
    *,
    kind: str,
    data: dict[str, Any] | None = None,
    path: str = "",
    query: str = "",
    key: str = "",
    **context: Any,
) -> str:
    board = web_board_for(key) if key else None
    return str(
        render(
            template,
            lang=lang,
            heading=heading,
            kind=kind,
            data=data or {},
            path=path,
            query=query,
            languages=sorted(catalogue().languages),
            words=_words(lang),
            key=key,
            game_script=board.script if board is not None else None,
            game_style=board.style if board is not None else None,
            **context,
        )
    )


def _safe(snapshot: dict[str, Any], *names: str) -> dict[str, Any]:
    """The snapshot with its HTML parts (drawn by templates, escaped there) marked as such."""
    return {**snapshot, **{name: Markup(snapshot[name]) for name in names}}  # drawn by templates


def board_page(lang: str, key: str, snapshot: dict[str, Any]) -> str:
    game = snapshot["game"]
    return _page(
        "board_page.html",
        lang,
        snapshot["title"],
        kind="board",
        data={"game": game, "version": snapshot["version"], "over": int(snapshot["over"])},
        path=f"/game/{game}",
        key=key,
        snapshot=_safe(snapshot, "board", "history"),
        replay=snapshot["over"] and snapshot["status"] == "finished",
    )


def private_page(lang: str, key: str, game: str, seat: int, heading: str) -> str:
    return _page(
        "private_page.html",
        lang,
        heading,
        kind="private",
        data={"game": game, "seat": seat, "version": -1},
        path=f"/game/{game}/seat/{seat}",
        key=key,
    )


def replay_page(lang: str, key: str, snapshot: dict[str, Any]) -> str:
    game, move, last = snapshot["game"], snapshot["move"], snapshot["last"]
    steps = (
        ("first", "⏮", 0),
        ("previous", "◀", max(move - 1, 0)),
        ("next", "▶", min(move + 1, last)),
        ("last", "⏭", last),
    )
    return _page(
        "replay_page.html",
        lang,
        snapshot["title"],
        kind="replay",
        data={"game": game, "move": move, "last": last},
        path=f"/game/{game}/replay",
        query=f"&move={move}",
        key=key,
        snapshot=_safe(snapshot, "board", "events", "reveal"),
        steps=steps,
    )


def leaderboard_page(lang: str, address: str, boards: list[ShownBoard]) -> str:
    """A server's leaderboards (``bot.web.leaderboards``)."""
    return _page(
        "leaderboard_page.html",
        lang,
        t(lang, "web.leaderboard_title"),
        kind="leaderboard",
        path=f"/server/{address}",
        intro=t(lang, "web.leaderboard_intro"),
        boards=boards,
        provisional=provisional_heading(lang),
        words_player=t(lang, "web.leaderboard_player"),
        words_rating=t(lang, "web.leaderboard_rating"),
        words_games=t(lang, "web.leaderboard_games"),
    )


def message_page(lang: str, heading_key: str, text_key: str) -> str:
    """A short page for a refusal or an error: no detail of what went wrong inside."""
    return _page("message_page.html", lang, t(lang, heading_key), kind="message", text=t(lang, text_key))


def static_file(name: str) -> bytes:
    return (STATIC / name).read_bytes()
