"""Raid played from a seat's web page in headless Chromium, against the real bot under SimCord:
a whole game against the ``scout`` computer player from the page alone (in Russian), the
placement composed by clicking cells — a wrong one first, refused with every problem and kept
on the page to be mended — and paths traced by mouse and by keyboard; and a whole game with
one seat on Discord and the other on the web, the Discord board checked after every web move.
Every turn the page is checked to hold nothing of the other seat's secret map."""

from __future__ import annotations

import json
import os
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import simcord
from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import engine
from bot import TavernBot
from engine.games.raid.cells import ALL_CELLS, COLUMNS, coords
from storage import GameRecord, GameStatus, Repository
from tests.e2e.browser import (
    controls,
    notice_text,
    page_version,
    play_control,
    ready,
    run,
    text_of,
    until,
)
from tests.e2e.helpers import Room, dm_history, field_of, labels, make_room, open_game
from tests.e2e.helpers import text_of as words_of
from tests.e2e.raid_helpers import BOB_MAP
from tests.e2e.web_helpers import answer_links, serving, web_bot

RAID = engine.get_game("raid")
WHOLE = pytest.mark.simcord(settle_timeout=120.0)


@pytest.fixture
async def simcord_bot(tmp_path: Path, repository: Repository) -> AsyncIterator[TavernBot]:
    # a whole game sends more moves a minute than a person does
    async with serving(web_bot(tmp_path, repository, web_moves_per_minute=1200)) as bot:
        yield bot


# -- reading the page ---------------------------------------------------------------------------
@dataclass(frozen=True)
class Seen:
    """What the page offers, read from its elements."""

    version: int
    over: bool
    actions: list[dict[str, Any]]
    composes: list[str]
    start: str
    walked: set[str]
    pits: set[str]
    marks: dict[str, set[str]]
    """Per panel (``walk``, ``own``), the cells that show an object."""


READ = """
const board = document.getElementById('board');
const cells = (panel, selector) => Array.from(board.querySelectorAll(`[data-panel="${panel}"] ${selector}`));
const walk = board.querySelector('[data-compose="walk"]');
return JSON.stringify({
  version: Number(document.body.dataset.version ?? -1),
  over: document.body.dataset.over === '1',
  sending: document.body.dataset.sending === '1',
  actions: Array.from(board.querySelectorAll('[data-action]'), e => JSON.parse(e.dataset.action)),
  composes: Array.from(board.querySelectorAll('[data-composes]'), e => JSON.parse(e.dataset.composes).kind),
  start: walk ? walk.dataset.start : '',
  walked: cells('walk', '.cell.trail').map(e => e.dataset.cell),
  pits: cells('walk', '.mark.pit').map(e => e.closest('.cell').dataset.cell),
  marks: Object.fromEntries(['walk', 'own'].map(
    p => [p, cells(p, '.mark:not(.draft)').map(e => e.closest('.cell').dataset.cell)])),
});
"""


def seen(driver: webdriver.Chrome) -> Seen | None:
    data = json.loads(driver.execute_script(READ))
    if data["sending"]:
        return None
    return Seen(
        data["version"],
        data["over"],
        data["actions"],
        data["composes"],
        data["start"],
        set(data["walked"]),
        set(data["pits"]),
        marks={panel: set(cells) for panel, cells in data["marks"].items()},
    )


def drawn_at(driver: webdriver.Chrome, version: int) -> Seen | None:
    found = seen(driver)
    return found if found is not None and found.version == version else None


def cell_selector(panel: str, cell: str) -> str:
    return f'#board [data-panel="{panel}"] [data-cell="{cell}"]'


async def click(driver: webdriver.Chrome, selector: str) -> None:
    """Click the element, found again if the board was drawn anew (a move stored meanwhile)
    between finding it and clicking it, as a person's click lands on the board shown."""
    for _ in range(5):
        element = await run(driver.find_element, By.CSS_SELECTOR, selector)
        try:
            await run(element.click)
            return
        except StaleElementReferenceException:
            continue
    raise AssertionError(f"{selector} kept going stale")


async def press(driver: webdriver.Chrome, *keys: str) -> None:
    """Keys typed into whatever has the focus."""
    for key in keys:
        await run(lambda k=key: driver.switch_to.active_element.send_keys(k))


async def open_page(driver: webdriver.Chrome, room: Room, member: simcord.MemberActor, lang: str) -> str:
    record = await room.record()
    link = answer_links(await member.slash(room.channel, "web"))[f"Your page, game #{record.id}"]
    await run(driver.get, link.replace("#", f"?lang={lang}#"))
    await until(lambda: page_version(driver) >= 0, what="the page")
    return link


# -- playing as a person would --------------------------------------------------------------
def crossed(start: str, path: list[str]) -> list[str]:
    """The cells a path walks, its start left out."""
    cells, here = [], start
    for point in path:
        (c0, r0), (c1, r1) = coords(here), coords(point)
        steps = max(abs(c1 - c0), abs(r1 - r0))
        for step in range(1, steps + 1):
            col = c0 + (c1 > c0) * step - (c1 < c0) * step
            row = r0 + (r1 > r0) * step - (r1 < r0) * step
            cells.append(f"{COLUMNS[col]}{row + 1}")
        here = point
    return cells


def next_path(start: str, walked: set[str], pits: set[str]) -> list[str]:
    """A person's next path: to the first cell not yet walked, row by row — along a row and a
    column, whichever way crosses fewer known pits — and on to the end of that row while it
    has cells not walked."""
    todo = [cell for cell in ALL_CELLS if cell not in walked]
    target = todo[0] if todo else ("J10" if start != "J10" else "A1")
    (col, row), (to_col, to_row) = coords(start), coords(target)
    options = []
    for corner in (f"{COLUMNS[to_col]}{row + 1}", f"{COLUMNS[col]}{to_row + 1}"):
        options.append([point for point in dict.fromkeys((corner, target)) if point != start])
    path = min(options, key=lambda p: sum(cell in pits for cell in crossed(start, p)))
    covered = walked | set(crossed(start, path))
    rest = [cell for cell in ALL_CELLS if coords(cell)[1] == to_row and cell not in covered]
    if rest:
        end = f"J{to_row + 1}" if any(coords(c)[0] > to_col for c in rest) else f"A{to_row + 1}"
        if end != target:
            path.append(end)
    return path


async def trace(driver: webdriver.Chrome, start: str, path: list[str], *, keyboard: bool) -> None:
    """Trace ``path`` on the map walked: each waypoint clicked, or reached with the arrow keys
    from the scout's cell and added with Enter."""
    if not keyboard:
        for point in path:
            await click(driver, cell_selector("walk", point))
        return
    element = await run(driver.find_element, By.CSS_SELECTOR, cell_selector("walk", start))
    await run(driver.execute_script, "arguments[0].focus()", element)
    here = start
    for point in path:
        (c0, r0), (c1, r1) = coords(here), coords(point)
        steps = [Keys.ARROW_RIGHT if c1 > c0 else Keys.ARROW_LEFT] * abs(c1 - c0)
        steps += [Keys.ARROW_DOWN if r1 > r0 else Keys.ARROW_UP] * abs(r1 - r0)
        await press(driver, *steps, Keys.ENTER)
        here = point


def no_secret_shown(found: Seen, hazards: Any, own: Any) -> None:
    """The map walked shows only what the scout met on it; the own map only its own objects."""
    met = {h.cell for h in hazards or () if h.found}
    assert found.marks["walk"] <= met, f"unmet objects shown: {sorted(found.marks['walk'] - met)}"
    assert found.marks["own"] <= {h.cell for h in own or ()}


async def my_decision(driver: webdriver.Chrome, after: int) -> Seen:
    """The page once it shows a position after version ``after`` where this seat has a move,
    or the end."""

    def check() -> Seen | None:
        found = seen(driver)
        if found is None or found.version <= after:
            return None
        return found if found.over or found.actions or found.composes else None

    return await until(check, timeout=30, what="the seat's next decision")


async def play_turn(driver: webdriver.Chrome, found: Seen, turn: int, shot: Path | None = None) -> bool:
    """One decision from the page: a zone, the kit, or a path (the page saved to ``shot``
    with the path traced, before it is sent). Whether a picture was taken."""
    guesses = [a for a in found.actions if a["kind"] == "guess"]
    if guesses:
        await play_control(driver, guesses[turn % len(guesses)], keyboard=turn % 2 == 0)
        return False
    if {"kind": "use_kit"} in found.actions:
        await play_control(driver, {"kind": "use_kit"})
        return False
    assert found.composes == ["move"], found
    path = next_path(found.start, found.walked, found.pits)
    await trace(driver, found.start, path, keyboard=turn % 3 == 0)
    shown = await run(text_of, driver, "board")
    assert " → ".join([found.start, *path]) in shown
    if shot is not None:  # wide enough for both maps side by side
        await run(driver.set_window_size, 1280, 1000)
        await run(driver.save_screenshot, str(shot))
        await run(driver.set_window_size, 1000, 900)
    await click(driver, '#board [data-compose="walk"] [data-submit]')
    await until(lambda: ready(driver), what="the move's answer")
    return shot is not None


@WHOLE
async def test_a_whole_raid_from_the_page_against_the_scout_in_russian(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, browser: webdriver.Chrome
) -> None:
    room = make_room(simcord_env, repository, names=("alice",))
    alice = room.players[0]
    lobby = (await alice.slash(room.channel, "play", game="raid")).response
    assert lobby is not None
    await alice.click(room.message(lobby.id), label="Add AI: scout")
    await alice.click(room.message(lobby.id), label="Start")
    record = await room.record()
    link = await open_page(browser, room, alice, "ru")
    found = await until(lambda: seen(browser), what="the placement")
    assert found.composes == ["place"] and found.actions == [{"kind": "place_random"}]
    board = await run(text_of, browser, "board")
    assert "Расставить" in board and "Случайно" in board and "Ваши ходы" in board and "ямы" in board
    assert "Place" not in board and "Random" not in board and "pits" not in board

    # a wrong placement: five pits and a terrorist in the open, every problem named at once
    wrong = dict(BOB_MAP, pits="J1 J2 J3 J4 J5", terrorists="A2=4 G2=1 H3=2 I6=3")
    await compose_placement(browser, wrong)
    before = await room.record()
    await click(browser, '#board [data-compose="place"] [data-submit]')
    await until(lambda: ready(browser) and "ничего не сохранено" in notice_text(browser), what="the refusal")
    told = notice_text(browser)
    assert "ямы: поставлено 5, нужно 4" in told and "A2 — не здание" in told, told
    assert (await room.record()).version == before.version  # nothing stored
    # the wrong placement is still on the page, to be mended
    assert "J5" in await run(text_of, browser, "board")
    await click(browser, '#board [data-kind="pits"]')
    await click(browser, cell_selector("own", "J5"))
    await click(browser, '#board [data-kind="terrorists"]')
    await click(browser, cell_selector("own", "A2"))  # taken away
    await click(browser, '#board [data-zone="4"]')
    await click(browser, cell_selector("own", "B3"))
    await click(browser, '#board [data-compose="place"] [data-submit]')
    await until(lambda: ready(browser), what="the placement's answer")
    placed = await room.record()
    assert placed.state.maps[0] is not None and placed.state.phase == "play"
    assert {(h.kind, h.cell, h.zone) for h in placed.state.maps[0]} == expected_map(BOB_MAP)

    turn = 0
    found = await my_decision(browser, placed.version - 1)
    while not found.over:
        if found.composes == ["move"] and turn < 3:
            words = await run(text_of, browser, "board")
            assert "Путь:" in words and "Идти" in words and "Карта, по которой идёте вы" in words
        state = (await room.record()).state
        no_secret_shown(found, state.maps[1], state.maps[0])
        await play_turn(browser, found, turn)
        turn += 1
        found = await my_decision(browser, found.version)
    final = await repository.get(record.id)
    assert final.status is GameStatus.FINISHED and turn > 5
    moves = await repository.moves(record.id)
    assert sum(m.seat == 0 for m in moves) == turn + 1  # every move of hers was made on the page
    assert "Игра окончена." in await run(text_of, browser, "turn")
    assert await run(controls, browser) == [] and found.composes == []

    # the replay's last move reveals both hidden maps, on the same boards, with no control
    base = link.split("/game/", 1)[0]
    address = link.split("/game/", 1)[1].split("/", 1)[0]
    await run(browser.get, f"{base}/game/{address}/replay?lang=en&move={len(moves)}")
    await until(lambda: "Revealed at the end" in text_of(browser, "reveal"), what="the reveal")
    revealed = await run(text_of, browser, "reveal")
    assert "alice" in revealed and await run(controls, browser) == []
    if shots := os.environ.get("TAVERN_SCREENSHOTS"):
        size = await run(browser.get_window_size)
        await run(browser.set_window_size, 1400, 1700)  # the boards and the reveal under them
        await run(browser.save_screenshot, str(Path(shots) / "web-replay.png"))
        await run(browser.set_window_size, size["width"], size["height"])


def expected_map(objects: dict[str, str]) -> set[tuple[str, str, int | None]]:
    kinds = {"pits": "pit", "traps": "trap", "terrorists": "terrorist", "kit": "kit", "artifacts": "artifact"}
    found: set[tuple[str, str, int | None]] = set()
    for field, cells in objects.items():
        for item in cells.split():
            cell, _, zone = item.partition("=")
            found.add((kinds[field], cell, int(zone) if zone else None))
    return found


async def compose_placement(driver: webdriver.Chrome, objects: dict[str, str]) -> None:
    """Put ``objects`` (``BOB_MAP``'s form) on the own map: a kind picked, then its cells
    clicked; a terrorist's weak spot picked before its cell."""
    for field, cells in objects.items():
        await click(driver, f'#board [data-kind="{field}"]')
        for item in cells.split():
            cell, _, zone = item.partition("=")
            if zone:
                await click(driver, f'#board [data-zone="{zone}"]')
            await click(driver, cell_selector("own", cell))


async def discord_turn(room: Room, member: simcord.MemberActor, record: GameRecord, step: int) -> None:
    """A Discord player's decision: a zone button, the kit button, or a path typed with /move."""
    state = record.state
    seat = 0
    board = room.message(record.message_id)
    if state.agenda and state.agenda[-1].kind == "fight":
        zone = [label for label in labels(board) if label.startswith("Zone")][step % 2 - 1]
        await member.click(board, label=zone)
    elif state.agenda and state.agenda[-1].kind == "kit":
        await member.click(board, label="Use the kit")
    else:
        scout = state.scouts[seat]
        met = {e.cell for e in state.encounters if e.seat == seat and e.kind == "pit"}
        path = next_path(scout.cell, set(scout.trail), met)
        result = await member.slash(room.channel, "move", action=" ".join(path))
        assert result.response is not None and result.response.content.startswith("Done"), result.response


@WHOLE
async def test_a_raid_with_one_seat_on_discord_and_the_other_on_its_page(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, browser: webdriver.Chrome
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await open_game(room, game="raid")
    await open_page(browser, room, bob, "en")
    found = await until(lambda: seen(browser), what="the placement")
    assert found.composes == ["place"]
    # bob composes half his placement; alice places on Discord (with her DM's Random) and the
    # page is drawn anew; what bob had composed is still there, and he goes on
    fields = list(BOB_MAP)
    await compose_placement(browser, {field: BOB_MAP[field] for field in fields[:2]})
    placing = next(m for m in reversed(dm_history(alice)) if "Random" in labels(m))
    await alice.user.click(placing, label="Random")
    await until(lambda: page_version(browser) == 1, what="alice's placement on the page")
    assert "alice has placed." in await run(text_of, browser, "board")
    await compose_placement(browser, {field: BOB_MAP[field] for field in fields[2:]})
    await click(browser, '#board [data-compose="place"] [data-submit]')
    await until(lambda: ready(browser), what="the placement's answer")
    record = await room.record()
    assert record.state.phase == "play" and record.state.maps[1] is not None
    assert {(h.kind, h.cell, h.zone) for h in record.state.maps[1]} == expected_map(BOB_MAP)
    assert "has placed." in words_of(room.message(record.message_id))
    shots = os.environ.get("TAVERN_SCREENSHOTS")
    shot = Path(shots) / "web-raid.png" if shots else None

    step = 0
    while record.status is GameStatus.ACTIVE:
        (seat,) = RAID.to_act(record.state)
        if seat == 0:
            await discord_turn(room, alice, record, step)
        else:
            found = await until(lambda v=record.version: drawn_at(browser, v), what="the page")
            no_secret_shown(found, record.state.maps[0], record.state.maps[1])
            if await play_turn(browser, found, step, shot if step >= 12 else None):
                shot = None  # the middle of the game: taken once
            after = await repository.get(record.id)
            assert after.version == record.version + 1, notice_text(browser)
            discord = words_of(room.message(after.message_id))
            scout = after.state.scouts[1]
            assert f"{bob.mention} — on {scout.cell}" in discord
            last = field_of(room.message(after.message_id), "Last move")
            assert bob.mention in last  # his move's own lines
            assert f"wounds {scout.wounds}" in discord.lower() or f"{scout.wounds}/15" in discord
        step += 1
        record = await repository.get(record.id)
    assert record.status is GameStatus.FINISHED
    await until(lambda: "The game is over." in text_of(browser, "turn"), what="the end")
