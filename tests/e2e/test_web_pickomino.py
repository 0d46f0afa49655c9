"""Pickomino played from a seat's web page in headless Chromium, against the real bot under
SimCord: a person plays a whole game against two computer seats from the page alone — reading
its dice and tiles, clicking them, and making some moves with the keyboard only (Tab, the arrow
keys in the roll and on the grill, Enter) — and every move goes through the bot's move path,
the Discord board following it. A second game is played by one seat on Discord and one on a
page in Russian, the Discord board checked after every move from the page. With
``TAVERN_SCREENSHOTS`` set, the first game saves the README's picture of the board."""

from __future__ import annotations

import json
import os
import random
from collections.abc import AsyncIterator, Iterable
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import discord
import pytest
import simcord
from selenium import webdriver
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys

import engine
from bot import TavernBot
from bot.board import game_parts
from bot.buttons import decode_action
from storage import GameRecord, GameStatus, Repository
from tests.e2e.browser import controls, page_version, ready, run, text_of, until
from tests.e2e.helpers import Room, components_of, description_of, field_names, field_of, labels, make_room
from tests.e2e.web_helpers import answer_links, serving, web_bot

GAME = engine.get_game("pickomino")
WHOLE_GAMES = pytest.mark.simcord(settle_timeout=120.0)
"""A click settles once every computer move it set off is played."""
PATIENCE = 60.0
"""How long to wait for the bot's work (a move's answer, the boards following it, computer
turns) before failing: the machine may be busy with much else."""


@pytest.fixture
async def simcord_bot(tmp_path: Path, repository: Repository) -> AsyncIterator[TavernBot]:
    """Computers move without a pause; the test's person clicks far faster than any person, past
    the moves a link may send a minute (120 by default, 30 at once), so the limit is raised."""
    async with serving(web_bot(tmp_path, repository, web_moves_per_minute=6000)) as bot:
        yield bot


# -- the page as a person reads it ---------------------------------------------------------------
READ_PAGE = """
const board = document.getElementById('board');
const over = document.body.dataset.over === '1';
const moves = Array.from(board.querySelectorAll('[data-action]'), e => ({
  action: JSON.parse(e.dataset.action),
  label: e.getAttribute('aria-label') || e.textContent.trim(),
  dice: e.querySelectorAll('svg.die').length,
}));
const total = board.querySelector('.pk-total');
return {
  over: over,
  version: Number(document.body.dataset.version),
  moves: moves,
  total: total ? Number(total.textContent.replace('=', '')) : 0,
  worm: board.querySelector('.pk-kept .face-worm') !== null,
  kept: board.querySelectorAll('.pk-kept svg.die').length,
  blocked: board.querySelectorAll('.dice.blocked').length,
  taken: board.querySelectorAll('.pk-tiles .tile.taken').length,
};
"""


def read_page(driver: webdriver.Chrome) -> dict[str, Any]:
    found: dict[str, Any] = driver.execute_script(READ_PAGE)
    return found


FACE_VALUE = {"1": 1, "2": 2, "3": 3, "4": 4, "5": 5, "worm": 5}


def choose(page: dict[str, Any], chooser: random.Random) -> dict[str, Any]:
    """What a careful person picks from what the page offers: worms first, then the face
    worth most (its dice counted on the page); a tile once the total is good or few dice are
    left, the best tile offered; else roll on, and stop only when nothing else is offered."""
    moves = page["moves"]
    keeps = [m for m in moves if m["action"]["kind"] == "keep"]
    if keeps:
        worm = [m for m in keeps if m["action"]["face"] == "worm"]
        if worm and not page["worm"]:
            return dict(worm[0]["action"])
        best = max(keeps, key=lambda m: (m["dice"] * FACE_VALUE[m["action"]["face"]], chooser.random()))
        return dict(best["action"])
    takes = sorted((m["action"] for m in moves if m["action"]["kind"] == "take"), key=lambda a: a["tile"])
    rolls = [m["action"] for m in moves if m["action"]["kind"] == "roll"]
    left = 8 - page["kept"]
    if takes and (not rolls or page["total"] >= 27 or left <= 2):
        return dict(takes[-1])
    if rolls:
        return dict(rolls[0])
    return dict(moves[0]["action"])  # Stop: the only move left


# -- making a move ---------------------------------------------------------------------------------
WHERE = """
const target = document.querySelectorAll('#board [data-action]')[arguments[0]];
const e = document.activeElement;
const cell = x => x && x.dataset && x.dataset.row !== undefined
  ? [Number(x.dataset.row), Number(x.dataset.col)] : null;
const grid = e && e.closest ? e.closest('[data-grid]') : null;
const shown = e ? getComputedStyle(e, '::after').content : 'none';
return {on: e === target, near: grid !== null && grid.contains(target), at: cell(e), to: cell(target),
        piece: e !== null && e.matches('.tile, .dice'), label: e && e.getAttribute('aria-label'),
        shown: shown};
"""
"""Where the keyboard's focus is, against the control of the move (its index among them), and
what a focused piece says under it."""

ARROWS = {(1, 0): Keys.ARROW_DOWN, (-1, 0): Keys.ARROW_UP, (0, 1): Keys.ARROW_RIGHT, (0, -1): Keys.ARROW_LEFT}


def press(driver: webdriver.Chrome, key: str) -> None:
    ActionChains(driver).send_keys(key).perform()


def by_keyboard(driver: webdriver.Chrome, action: dict[str, Any]) -> int:
    """The move made with the keyboard alone, as a person without a mouse makes it: Tab from
    the page's header into the board until the move, or the grid holding it, has the focus;
    the arrow keys to the move inside the grid (the roll, the grill); Enter. Every piece the
    focus lands on says what it is. The number of arrow keys pressed."""
    index = controls(driver).index(action)
    driver.execute_script("document.querySelector('nav.langs a').focus()")
    tabs = arrows = 0
    where: dict[str, Any] = {}
    while not (where.get("on") or where.get("near")):
        press(driver, Keys.TAB)
        tabs += 1
        where = driver.execute_script(WHERE, index)
        assert tabs < 40, f"Tab never reached {action}"
    while True:
        if where["piece"]:  # its meaning under it, as a screen reader hears it
            assert where["shown"] == json.dumps(where["label"], ensure_ascii=False), where
        if where["on"]:
            break
        (row, col), (to_row, to_col) = where["at"], where["to"]
        down, right = (to_row > row) - (to_row < row), (to_col > col) - (to_col < col)
        press(driver, ARROWS[(down, 0) if down else (0, right)])
        arrows += 1
        where = driver.execute_script(WHERE, index)
        assert arrows < 40, f"the arrow keys never reached {action}"
    press(driver, Keys.ENTER)
    return arrows


def click(driver: webdriver.Chrome, action: dict[str, Any]) -> None:
    found = driver.find_elements("css selector", "#board [data-action]")[controls(driver).index(action)]
    found.click()


async def make_move(driver: webdriver.Chrome, action: dict[str, Any], keyboard: bool) -> int:
    """The move made on the page; waits for the page's answer, which must say it was played.
    The number of arrow keys pressed."""
    arrows = 0
    if keyboard:
        arrows = await run(by_keyboard, driver, action)
    else:
        await run(click, driver, action)
    await until(lambda: ready(driver), timeout=PATIENCE, what="the move's answer")
    kind = await run(driver.execute_script, "return document.getElementById('notice').dataset.kind")
    assert kind == "done", text_of(driver, "notice")
    return arrows


# -- Discord ---------------------------------------------------------------------------------------
async def private_link(room: Room, member: simcord.MemberActor, record: GameRecord, lang: str) -> str:
    link = answer_links(await member.slash(room.channel, "web"))[f"Your page, game #{record.id}"]
    return link.replace("#", f"?lang={lang}#")


def discord_moves(message: discord.Message, game_id: int) -> list[tuple[str, dict[str, Any], int]]:
    """The Discord board's move buttons: label, action and the version each was drawn at."""
    found = []
    prefix = f"tv:m:{game_id}:"
    for item in components_of(message):  # in a row, or beside what it acts on
        custom_id = str(getattr(item, "custom_id", "") or "")
        if custom_id.startswith(prefix):
            version, code = custom_id.removeprefix(prefix).split(":", 1)
            found.append((str(item.label), decode_action(code), int(version)))
    return found


async def moves_on_discord(room: Room, record: GameRecord) -> list[tuple[str, dict[str, Any], int]]:
    """The board message's move buttons, once the board shows ``record``'s version (its edit
    follows the move as the page's stream does)."""

    def drawn() -> list[tuple[str, dict[str, Any], int]] | None:
        found = discord_moves(room.message(record.message_id), record.id)
        return found if {version for _, _, version in found} == {record.version} else None

    return await until(drawn, timeout=PATIENCE, what=f"the Discord board at version {record.version}")


def canonical(actions: Iterable[dict[str, Any]]) -> list[str]:
    return sorted(json.dumps(action, sort_keys=True) for action in actions)


FIELDS = ("Grill", "Players", "Roll", "Kept", "Final ranking")
"""The Discord board's fields that show the position (its last move is told in words)."""


def position_fields(message: Any) -> dict[str, str]:
    return {name: field_of(message, name) for name in field_names(message) if name in FIELDS}


async def board_showing(room: Room, record: GameRecord) -> discord.Message:
    """The board message once it shows ``record``'s position as the bot draws it."""
    view, _ = game_parts(record, "en")
    wanted = position_fields(SimpleNamespace(components=view.to_components()))

    def shown() -> discord.Message | None:
        message = room.message(record.message_id)
        return message if position_fields(message) == wanted else None

    return await until(shown, timeout=PATIENCE, what=f"the Discord board at version {record.version}")


def choose_on_discord(moves: list[tuple[str, dict[str, Any], int]], chooser: random.Random) -> str:
    """A label among the board's buttons: mostly the best tile once one may be taken, else any."""
    takes = sorted((action["tile"], label) for label, action, _ in moves if action["kind"] == "take")
    if takes and chooser.random() < 0.7:
        return str(takes[-1][1])
    return chooser.choice([label for label, _, _ in moves])


def to_act(record: GameRecord) -> int:
    (seat,) = GAME.to_act(record.state)
    return int(seat)


# -- the games -------------------------------------------------------------------------------------
@WHOLE_GAMES
async def test_a_person_plays_a_whole_game_from_the_page_against_two_computers(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, browser: webdriver.Chrome
) -> None:
    room = make_room(simcord_env, repository, names=("alice",))
    alice = room.players[0]
    opened = await alice.slash(room.channel, "play", game="pickomino")
    assert opened.response is not None
    for _ in range(2):
        await alice.click(room.message(opened.response.id), label="Add AI: strong")
    await alice.click(room.message(opened.response.id), label="Start")
    record = await room.record()
    await run(browser.get, await private_link(room, alice, record, "en"))

    chooser = random.Random(3)
    shots = os.environ.get("TAVERN_SCREENSHOTS")
    shot = False
    made: dict[str, int] = {}
    by_keys = arrows = 0
    while True:
        page = await until(
            lambda: (p := read_page(browser)) and (p["over"] or p["moves"]) and p,
            timeout=PATIENCE,
            what="alice's moves or the end",
        )
        if page["over"]:
            break
        stored = await repository.get(record.id)
        assert page["version"] == stored.version  # only alice may move now: the page is current
        # the Discord board offers the same moves at the same version: one move path
        offered = await moves_on_discord(room, stored)
        assert canonical(a for _, a, _ in offered) == canonical(m["action"] for m in page["moves"])
        for move in page["moves"]:  # a keep says how many dice it keeps, and they are drawn in it
            if move["action"]["kind"] == "keep":
                assert move["label"].startswith("Keep the") and move["dice"] >= 1, move
        if shots and not shot and page["blocked"] and page["kept"] and page["taken"] >= 2:
            await run(browser.set_window_size, 1000, 1150)  # the whole board, as a mouse left it
            await run(browser.execute_script, "document.activeElement.blur()")
            await run(browser.save_screenshot, str(Path(shots) / "web-pickomino.png"))
            await run(browser.set_window_size, 1000, 900)
            shot = True
        action = choose(page, chooser)
        keyboard = sum(made.values()) % 3 == 1
        by_keys += keyboard
        arrows += await make_move(browser, action, keyboard)
        made[action["kind"]] = made.get(action["kind"], 0) + 1
        assert (await repository.get(record.id)).version > page["version"]  # stored

    record = await repository.get(record.id)
    assert record.status is GameStatus.FINISHED and record.result is not None
    moves = await repository.moves(record.id)
    assert sum(m.seat == 0 for m in moves) == sum(made.values()) and {m.seat for m in moves} == {0, 1, 2}
    assert made.keys() >= {"roll", "keep", "take"} and by_keys >= 10 and arrows > 0
    assert "Final ranking" in text_of(browser, "board") and await run(controls, browser) == []
    board = room.message(record.message_id)
    assert description_of(board) == "Game over. The grill is empty." and "Roll" not in labels(board)
    assert shot or not shots


RUSSIAN = {
    "keep": ("Отложить: ",),
    "take": ("Взять плитку ", "Забрать плитку "),  # from the grill, or from alice's stack
    "roll": ("Бросить",),
    "stop": ("Стоп",),
}
"""How bob's page words each kind of move."""


@WHOLE_GAMES
async def test_a_seat_on_discord_and_one_on_a_russian_page_play_a_whole_game(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, browser: webdriver.Chrome
) -> None:
    """alice plays on Discord (the board's buttons), bob from his page in Russian; after each
    of bob's moves the Discord board shows the position his move made, tells it in words, and
    offers the next moves at the new version."""
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    opened = await alice.slash(room.channel, "play", game="pickomino")
    assert opened.response is not None
    await bob.click(room.message(opened.response.id), label="Join")
    await alice.click(room.message(opened.response.id), label="Start")
    record = await room.record()
    await run(browser.get, await private_link(room, bob, record, "ru"))
    await until(lambda: page_version(browser) == 0, timeout=PATIENCE, what="bob's page")
    words = text_of(browser, "board")
    assert "Гриль" in words and "Игроки" in words and "Кубики: alice" in words and "Grill" not in words

    chooser = random.Random(8)
    web_moves = 0
    while (record := await repository.get(record.id)).status is GameStatus.ACTIVE:
        if to_act(record) == 0:  # alice, on Discord: she clicks what the board offers
            pick = choose_on_discord(await moves_on_discord(room, record), chooser)
            result = await alice.click(room.message(record.message_id), label=pick)
            assert result.acknowledged and not result.ephemeral, result
            continue
        page = await until(
            lambda: (p := read_page(browser))["version"] == record.version and p, timeout=PATIENCE, what="bob"
        )
        for move in page["moves"]:  # his moves, worded in Russian
            assert move["label"].startswith(RUSSIAN[move["action"]["kind"]]), move
        await make_move(browser, choose(page, chooser), keyboard=web_moves % 4 == 2)
        web_moves += 1
        after = await repository.get(record.id)
        assert after.version == record.version + 1 and text_of(browser, "notice").startswith("Сделано:")
        # the Discord board, edited by the move from the page: the position it made, and the
        # next moves drawn at the new version
        board = await board_showing(room, after)
        if after.status is GameStatus.ACTIVE:
            await moves_on_discord(room, after)
        last = field_of(board, "Last move")
        assert last.startswith(bob.mention), last
    assert web_moves > 10
    await until(lambda: "Игра окончена." in text_of(browser, "turn"), timeout=PATIENCE, what="the end")
    assert "Итоги" in text_of(browser, "board") and await run(controls, browser) == []
