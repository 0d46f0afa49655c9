"""Pictures are drawn off the event loop: a click's answer brings its picture when a drawing
thread is free, else the new words go at once and the picture follows by an edit; a picture
that cannot be drawn is logged, the text form takes its place and the game goes on; a picture
already drawn is not drawn again."""

from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any

import pytest
import simcord

import bot.games.raid.render as raid_render
from bot.render.painter import PAINTER
from storage import Repository
from tests.e2e.helpers import field_names, labels, last_dm, make_room, open_game, pictures_of


@pytest.fixture(autouse=True)
def empty_painter() -> None:
    PAINTER.clear()  # pictures of an earlier test would be found drawn already


def calls_since(env: simcord.Env, start: int) -> list[Any]:
    return list(env.http_requests)[start:]


def picture_edits(calls: list[Any], filename: str) -> list[int]:
    """Where among ``calls`` an edit of an answer brings the picture ``filename``."""
    return [
        i
        for i, c in enumerate(calls)
        if c.method == "PATCH"
        and c.path.endswith("/messages/@original")
        and [a["filename"] for a in (c.json or {}).get("attachments", [])] == [filename]
    ]


async def test_with_a_drawing_thread_free_the_answer_brings_its_picture(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice = room.players[0]
    await open_game(room, game="raid")
    dm = last_dm(alice)
    start = len(simcord_env.http_requests)
    clicked = await alice.user.click(dm, label="Random")  # her secret placement, in her DM
    assert clicked.acknowledged

    calls = calls_since(simcord_env, start)
    answer = next(c for c in calls if c.path.endswith("/callback"))
    assert [a["filename"] for a in answer.json["data"]["attachments"]] == ["raid-map.png"]
    assert picture_edits(calls, "raid-map.png") == [], "one call: no edit follows"
    redrawn = last_dm(alice)
    assert redrawn.id == dm.id and [a.filename for a in redrawn.attachments] == ["raid-map.png"]


async def test_with_the_drawing_threads_busy_the_words_go_first_and_the_picture_follows(
    simcord_env: simcord.Env, repository: Repository, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(PAINTER, "free", lambda: False)  # as under load: every thread drawing
    room = make_room(simcord_env, repository)
    alice = room.players[0]
    record = await open_game(room, game="raid")
    dm = last_dm(alice)
    start = len(simcord_env.http_requests)
    clicked = await alice.user.click(dm, label="Random")  # her secret placement, in her DM
    assert clicked.acknowledged
    assert (await room.record()).version > record.version

    calls = calls_since(simcord_env, start)
    answer = next(i for i, c in enumerate(calls) if c.path.endswith("/callback"))
    response = calls[answer].json["data"]
    held = {a.filename for a in dm.attachments}
    named = pictures_of(SimpleNamespace(components=response["components"]))
    # a gallery naming a file the message lacks is refused whole: the words name none
    assert all(url.removeprefix("attachment://") in held for url in named), (named, held)
    assert "attachments" not in response, "the answer waits for no picture"
    pictured = picture_edits(calls, "raid-map.png")
    assert pictured and pictured[0] > answer, "the picture follows by an edit of the answer"
    redrawn = last_dm(alice)
    assert redrawn.id == dm.id and [a.filename for a in redrawn.attachments] == ["raid-map.png"]
    assert pictures_of(redrawn) == [redrawn.attachments[0].url], "the gallery shows the new picture"


async def test_a_picture_that_cannot_be_drawn_is_logged_and_the_game_goes_on(
    simcord_env: simcord.Env,
    repository: Repository,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken(*args: Any) -> bytes:
        raise RuntimeError("no ink")

    monkeypatch.setattr(raid_render, "render_board", broken)
    monkeypatch.setattr(raid_render, "render_map", broken)
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    with caplog.at_level(logging.ERROR, logger="tavern.bot"):
        record = await open_game(room, game="raid")
        await alice.user.click(last_dm(alice), label="Random")
        await bob.user.click(last_dm(bob), label="Random")
    assert any("could not draw a picture" in r.getMessage() for r in caplog.records)
    moved = await room.record()
    assert moved.version == record.version + 2, "both placements stored and followed through"
    board = room.message(moved.message_id)
    assert board.attachments == []
    assert "Maps" in field_names(board), "the text grids instead"
    mine = last_dm(alice)
    assert mine.attachments == [] and "Maps" in field_names(mine)
    assert labels(board), "the board offers the first scouting moves"


async def test_a_picture_drawn_once_is_not_drawn_again(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice = room.players[0]
    await open_game(room, game="raid")
    await alice.user.click(last_dm(alice), label="Random")
    drawings = PAINTER.drawings
    for _ in range(2):  # her map as her DM shows it, asked for again: nothing is drawn
        shown = await alice.slash(room.channel, "hand")
        assert shown.response is not None
        assert [a.filename for a in shown.response.attachments] == ["raid-map.png"]
    assert PAINTER.drawings == drawings
