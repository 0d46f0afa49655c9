"""What each page of the web table shows, for one audience at one version of a game.

Everything here is drawn by the game's web board (``bot.web.boards``) from a ``Table`` built
by ``bot.board.table_of`` — for everyone (the live page, the replay) or for one seat (its
private page, with the controls of its moves) — and the history in the game's own sentences
(``Renderer.event_text``), seats named rather than mentioned. A public snapshot is built from
a table for everyone and from public events only, so it cannot hold what only a seat may see;
a private one only from that seat's table and the events it may learn. Snapshots are plain
data (HTML text, PNG bytes): pages, JSON and event streams all send the same.

Building one replays and draws, which takes CPU: the server builds them on a worker thread
and keeps them by version (they never change once built).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from bot.board import table_of
from bot.i18n import t
from bot.render import Table
from bot.render.registry import renderer_for
from bot.web.boards import Pictures, PictureUrl, web_board_for
from bot.web.templating import render
from engine import Event, get_game
from engine.core.move_log import replay_positions
from engine.core.position import Position
from storage.models import GameRecord, GameStatus, MoveRecord

__all__ = [
    "PictureUrl",
    "Snapshot",
    "Steps",
    "Told",
    "private_snapshot",
    "public_snapshot",
    "replay_snapshot",
    "replay_steps",
    "title",
    "told_moves",
]

Told = list[tuple[int, tuple[Event, ...]]]
"""Each stored move's number with the events it produced."""


@dataclass(frozen=True, slots=True)
class Snapshot:
    data: dict[str, Any]
    """What the page shows, as JSON: HTML parts and a few plain facts."""
    files: dict[str, bytes] = field(default_factory=dict)
    """Pictures by file name, PNG bytes."""


Steps = list[tuple[Position[Any, Any], tuple[Event, ...]]]
"""Every position of a finished game with the events of the move that led to it."""


def title(record: GameRecord) -> str:
    return f"{get_game(record.key).title} #{record.id}"


def status_line(record: GameRecord, table: Table, lang: str) -> str:
    """Whose turn it is, or that the game is over, in plain words."""
    if record.status is GameStatus.LOBBY:
        return t(lang, "web.lobby")
    if record.status is GameStatus.ABANDONED:
        return t(lang, "web.abandoned")
    if record.status is GameStatus.FINISHED:
        return t(lang, "web.over")
    waiting = ", ".join(table.name(seat) for seat in table.waiting)
    return t(lang, "web.to_play", players=waiting) if waiting else ""


def history_html(record: GameRecord, table: Table, told: Told) -> str:
    """The history the table's audience may know: every move's events it may learn, in the
    game's sentences, newest first, each numbered by the move that made it."""
    renderer = renderer_for(record.key)
    lines: list[tuple[int, str]] = []
    for seq, events in reversed(told):
        for event in reversed(Position.events_for(events, table.seat)):
            text = renderer.event_text(table, event)
            if text:
                lines.append((seq, text))
    return str(render("history.html", lines=lines))


def _board(record: GameRecord, table: Table, pictures: Pictures) -> str:
    if record.position is None:
        names = [seat.name for seat in record.seats]
        return str(render("lobby_board.html", title=title(record), names=names))
    return str(web_board_for(record.key).board(table, pictures))


def public_snapshot(record: GameRecord, told: Told, lang: str, url: PictureUrl, address: str) -> Snapshot:
    """The live page for everyone. ``told``: each stored move's number and events (public
    ones are picked here), from ``told_moves``; ``address``: where the game's pages are."""
    over = record.status in (GameStatus.FINISHED, GameStatus.ABANDONED)
    table = table_of(record, lang, plain_names=True)
    pictures = Pictures(url)
    board = _board(record, table, pictures)
    return Snapshot(
        {
            "game": address,
            "version": record.version,
            "status": str(record.status),
            "over": over,
            "title": title(record),
            "turn": status_line(record, table, lang),
            "board": board,
            "history": history_html(record, table, told),
        },
        pictures.files,
    )


def private_snapshot(
    record: GameRecord, seat: int, told: Told, lang: str, url: PictureUrl, address: str
) -> Snapshot:
    """The seat's own page: its board as the game draws it for that seat alone — what only it
    sees, and the controls of its moves — whose turn it is, and the history it may know."""
    over = record.status in (GameStatus.FINISHED, GameStatus.ABANDONED)
    table = table_of(record, lang, seat=seat, plain_names=True)
    pictures = Pictures(url, private=True)
    board = _board(record, table, pictures)
    return Snapshot(
        {
            "game": address,
            "seat": seat,
            "version": record.version,
            "status": str(record.status),
            "over": over,
            "turn": status_line(record, table, lang),
            "board": board,
            "history": history_html(record, table, told),
        },
        pictures.files,
    )


def _prefixed(url: PictureUrl, prefix: str) -> PictureUrl:
    def prefixed(name: str) -> str:
        return url(prefix + name)

    return prefixed


def told_moves(record: GameRecord, moves: Sequence[MoveRecord], steps: Steps | None = None) -> Told:
    """Each logged move's number with the events it produced, replayed from the seed."""
    if record.seed is None:
        return []
    found = steps if steps is not None else replay_steps(record, moves)
    return [(move.seq, events) for move, (_, events) in zip(moves, found[1:], strict=True)]


def replay_steps(record: GameRecord, moves: Sequence[MoveRecord]) -> Steps:
    """Every position of a started game, from the start to its last move."""
    if record.seed is None:
        return []
    game = get_game(record.key)
    logged = [(m.seat, m.action) for m in moves]
    return list(replay_positions(game, len(record.seats), record.seed, record.options, logged))


def replay_snapshot(
    record: GameRecord, steps: Steps, move: int, lang: str, url: PictureUrl, address: str
) -> Snapshot:
    """The replay at ``move`` (0: the start): the public board as it stood then, the public
    events of that move, and at the last move what the rules reveal at the end — every seat's
    own board of the final position."""
    last = len(steps) - 1
    position, events = steps[move]
    # before the end, the game as it stood then: running, no result yet
    at = replace(record, status=GameStatus.ACTIVE, version=move, result=None) if move < last else record
    table = table_of(at, lang, events, at=position, plain_names=True)
    renderer = renderer_for(record.key)
    board = web_board_for(record.key)
    pictures = Pictures(url)
    drawn = str(board.board(table, pictures))
    shown = [renderer.event_text(table, event) for event in Position.events_for(events, None)]
    reveal = ""
    if move == last and record.status is not GameStatus.ACTIVE:
        boards = []
        for seat in record.seats:
            mine = table_of(at, lang, seat=seat.seat, at=position, plain_names=True)
            prefix = f"seat{seat.seat}-"
            own = Pictures(_prefixed(url, prefix))
            boards.append((seat.name, board.board(mine, own)))
            pictures.files.update({prefix + name: png for name, png in own.files.items()})
        reveal = str(render("reveal.html", lang=lang, boards=boards))
    return Snapshot(
        {
            "game": address,
            "move": move,
            "last": last,
            "title": title(record),
            "turn": status_line(at, table, lang),
            "board": drawn,
            "events": str(render("events.html", lines=[text for text in shown if text])),
            "reveal": reveal,
        },
        pictures.files,
    )
