"""The painter: a picture is known by what it is drawn from, drawn once, and drawn in the
worker inside ``deferring()``; a failing drawing is remembered and gives ``None``."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass

import pytest

from bot.render.painter import PAINTER, WORKERS, PendingPicture, PictureFailed, deferring, painted


@dataclass(frozen=True)
class View:
    cells: tuple[str, ...]


drawn: list[View] = []


def draw(view: View, lang: str) -> bytes:
    drawn.append(view)
    return f"{lang}:{','.join(view.cells)}".encode()


def broken(view: View) -> bytes:
    raise RuntimeError("no ink")


@pytest.fixture(autouse=True)
def fresh() -> None:
    PAINTER.clear()
    drawn.clear()


def test_the_same_view_and_words_are_drawn_once() -> None:
    first = painted("a.png", draw, View(("A1",)), "en")
    again = painted("a.png", draw, View(("A1",)), "en")
    assert first is not None and again is not None
    assert first.fp.read() == again.fp.read() == b"en:A1"
    assert drawn == [View(("A1",))]
    painted("a.png", draw, View(("A1",)), "ru")  # other words: another picture
    painted("a.png", draw, View(("B2",)), "en")  # another view: another picture
    assert len(drawn) == 3


async def test_deferred_pictures_are_drawn_in_the_worker_once_for_all_who_ask() -> None:
    with deferring():
        one = painted("a.png", draw, View(("C3",)), "en")
        two = painted("b.png", draw, View(("C3",)), "en")
    assert isinstance(one, PendingPicture) and isinstance(two, PendingPicture)
    assert drawn == []
    first, second = await asyncio.gather(PAINTER.finish([one]), PAINTER.finish([two]))
    assert first[0].fp.read() == second[0].fp.read() == b"en:C3"
    assert second[0].filename == "b.png"
    assert drawn == [View(("C3",))]
    with deferring():  # drawn now: from the cache, no longer pending
        assert not isinstance(painted("a.png", draw, View(("C3",)), "en"), PendingPicture)


async def test_a_failing_picture_is_remembered_and_gives_none() -> None:
    with deferring():
        pending = painted("x.png", broken, View(("D4",)))
    assert isinstance(pending, PendingPicture)
    with pytest.raises(PictureFailed):
        await PAINTER.finish([pending])
    assert painted("x.png", broken, View(("D4",))) is None


@dataclass(frozen=True)
class Seen:
    """A view whose printed form leaves out what it holds: two such views print alike."""

    hand: tuple[str, ...]

    def __repr__(self) -> str:
        return "Seen(…)"


hands: list[Seen] = []


def draw_hand(view: Seen) -> bytes:
    hands.append(view)
    return ",".join(view.hand).encode()


def test_a_picture_goes_only_to_the_very_arguments_it_was_drawn_from() -> None:
    hands.clear()
    mine = painted("a.png", draw_hand, Seen(("ace",)))
    theirs = painted("a.png", draw_hand, Seen(("two",)))  # the same digest, another view
    assert mine is not None and theirs is not None
    assert (mine.fp.read(), theirs.fp.read()) == (b"ace", b"two")
    again = painted("a.png", draw_hand, Seen(("ace",)))
    assert again is not None and again.fp.read() == b"ace"
    assert hands == [Seen(("ace",)), Seen(("two",)), Seen(("ace",))]  # never the other's picture


async def test_a_thread_is_free_while_fewer_drawings_are_under_way_than_threads() -> None:
    release = threading.Event()

    def slow(view: View) -> bytes:
        release.wait()
        return b"drawn"

    assert PAINTER.free()
    with deferring():
        pictures = [painted(f"{n}.png", slow, View((str(n),))) for n in range(WORKERS)]
    under_way = asyncio.gather(*(PAINTER.finish([p]) for p in pictures if p is not None))
    await asyncio.sleep(0)  # the drawings are handed to the threads
    assert not PAINTER.free()
    release.set()
    await under_way
    assert PAINTER.free()
