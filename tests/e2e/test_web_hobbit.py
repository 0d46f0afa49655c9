"""Hobbit played from a seat's web page in headless Chromium, against the real bot under
SimCord with two computer seats: a whole game from the page alone, every move of the person
made by clicking what the page shows — a card and then the figure on the track, the steps of a
trade or an attack, the cards of a fight or a discard toggled and confirmed, buttons by mouse
and by keyboard — while the page never holds another seat's hand. The person decides as the
strongest computer player would in his seat (what ``/hint`` tells him), from his own view.

The game starts in Russian on a phone's width and goes on in English on a wide screen; the
README's screenshot (``docs/images/web-hobbit.png``) is saved in the middle of it when
``TAVERN_SCREENSHOTS`` names a folder."""

from __future__ import annotations

import asyncio
import io
import json
import os
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
from PIL import Image
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

import engine
from bot import TavernBot
from engine.ai.policy import get_policy
from storage import GameRecord, GameStatus, Repository
from tests.e2e.browser import (
    controls,
    notice_text,
    page_version,
    play_control,
    ready,
    run,
    until,
)
from tests.e2e.helpers import Room
from tests.e2e.web_helpers import answer_links, serving, web_bot

HOBBIT = engine.get_game("hobbit")
COMPOSED = frozenset({"fight_submit", "free_web", "discard_to_limit", "sorrow_discard"})
"""Actions the page puts together from cards picked in a composer (a fight with no card is a
button)."""
CARD_MOVES = frozenset(
    {"play_move_card", "play_bilbo", "play_elf", "play_eagle", "play_dwarf_run", "play_gandalf", "play_scout"}
)
MOST_MOVES = 600
"""More moves than any of the person's games takes: a page that stopped offering a move fails
the test rather than hang it."""
SEED = 63
"""A game of about 130 moves of the person's that meets a fight, a trade offered, attacks on
Smaug, Scouting and discards to the hand limit (the team loses it in round 21). The computers'
seeds come from the stored game, so it is the same game every time."""
PHONE = (420, 860)
RUSSIAN_MOVES = 10
"""The first moves are made in Russian on a phone's width, the rest in English on a wide screen."""
SHOT_AFTER = 16
SHOT_SIZE = (1100, 1500)


@pytest.fixture
async def simcord_bot(tmp_path: Path, repository: Repository) -> AsyncIterator[TavernBot]:
    """The test's person clicks far faster than any person, on a quiet machine past the moves a
    link may send a minute (120 by default, 30 at once), so the limit is raised."""
    async with serving(web_bot(tmp_path, repository, web_moves_per_minute=6000)) as bot:
        yield bot


def alice_manages(env: simcord.Env, repository: Repository) -> Room:
    """A server whose one member, alice, may change its settings."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    managers = guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    return Room(env, channel, [guild.add_member(env.create_user("alice"), roles=[managers])], repository)


async def open_with_computers(
    room: Room, computers: int, monkeypatch: pytest.MonkeyPatch, seed: int
) -> GameRecord:
    """alice turns the server's pictures off (the web page draws none; the Discord boards are
    then text, which spares the machine a picture per move), opens a Hobbit lobby, adds
    ``computers`` computer seats and starts; the game is dealt from ``seed`` (so the test
    plays the same game every time)."""
    dealt = HOBBIT.new(computers + 1, seed, {})
    monkeypatch.setattr(type(HOBBIT), "new", lambda self, seats, _seed, options=None: dealt)
    alice = room.players[0]
    configured = await alice.slash(room.channel, "config", pictures=False)
    assert configured.ephemeral and configured.response is not None
    lobby = (await alice.slash(room.channel, "play", game="hobbit")).response
    assert lobby is not None
    for _ in range(computers):
        await alice.click(room.message(lobby.id), label="Add AI: heuristic")
    started = await alice.click(room.message(lobby.id), label="Start")
    assert started.acknowledged, started
    return await room.record()


def notice_kind(driver: webdriver.Chrome) -> str:
    return str(driver.execute_script("return document.getElementById('notice').dataset.kind || ''"))


def board_html(driver: webdriver.Chrome) -> str:
    return str(driver.execute_script("return document.getElementById('board').innerHTML"))


def others_hands(record: GameRecord, seat: int) -> set[str]:
    """The cards in every other seat's hand (read from each one's own view)."""
    position = record.position
    assert position is not None
    found: set[str] = set()
    for other in range(len(record.seats)):
        if other != seat:
            found |= set(position.view(other).seats[other].hand.cards or ())
    return found


async def click(driver: webdriver.Chrome, selector: str, *, keyboard: bool = False) -> None:
    element = await run(driver.find_element, By.CSS_SELECTOR, selector)
    if keyboard:
        await run(driver.execute_script, "arguments[0].focus()", element)
        await run(element.send_keys, Keys.ENTER)
    else:
        await run(element.click)


def css_value(value: str) -> str:
    return json.dumps(value)


async def open_panels(driver: webdriver.Chrome, action: dict[str, Any]) -> None:
    """Open the steps (a trade's partner and item, an attack's armour) the control of
    ``action`` lies under, outermost first, as a person clicks down to it."""
    shown = await run(controls, driver)
    index = shown.index(action)
    script = """
      const control = document.querySelectorAll('#board [data-action]')[arguments[0]];
      const ids = [];
      for (let p = control.closest('.panel'); p; p = p.parentElement.closest('.panel')) ids.unshift(p.id);
      return ids;"""
    for panel in await run(driver.execute_script, script, index):
        if await run(driver.execute_script, "return document.getElementById(arguments[0]).hidden", panel):
            await click(driver, f"[data-open={css_value(panel)}]")


def pressed(driver: webdriver.Chrome) -> list[str]:
    """The cards toggled on in the page's composers."""
    script = "return Array.from(document.querySelectorAll('#board [aria-pressed=true]'), e => e.dataset.key)"
    return list(driver.execute_script(script))


async def compose(driver: webdriver.Chrome, action: dict[str, Any], *, stale_first: bool = False) -> None:
    """Toggle the action's cards in its composer (and the card Gandalf doubles), then confirm.
    ``stale_first``: confirm first from a page that claims a version before the seat's last
    move — refused as out of date, the page is drawn again and keeps what was picked."""
    kind = action["kind"]
    where = f"[data-compose={css_value(kind)}]"
    if kind == "free_web":
        where += f"[data-key={css_value('compose/web-' + action['dwarf'])}]"
    for used in action.get("cards") or []:
        if isinstance(used, dict):
            card, value = css_value(used["card"]), css_value(str(used["value"]))
            pick = f"{where} .pickable[data-card={card}][data-value={value}]"
        else:
            pick = f"{where} .pickable[data-card={css_value(used)}]"
        await click(driver, pick)
    if action.get("doubled") and kind == "fight_submit":
        await click(driver, f"{where} .double[data-double={css_value(action['doubled'])}]")
    if stale_first:
        picked, version = await run(pressed, driver), await run(page_version, driver)
        await run(driver.execute_script, "document.body.dataset.version = '0'")
        await click(driver, f"{where} [data-submit]")
        await until(lambda: ready(driver) and page_version(driver) == version, what="the page drawn again")
        assert await run(notice_kind, driver) == "refusal" and await run(pressed, driver) == picked
    await click(driver, f"{where} [data-submit]")
    await until(lambda: ready(driver), what="the move's answer")


async def card_then_figure(
    driver: webdriver.Chrome, action: dict[str, Any], *, keyboard: bool, shot: str | None = None
) -> None:
    """A card's move: the card first, then its figure on the track when that names one move,
    else the move beside the card. ``shot``: a screenshot saved there once the card is picked."""
    await click(driver, f"[data-open={css_value('then-' + action['card'])}]", keyboard=keyboard)
    if shot:
        await screenshot(driver, shot)
    figure = action.get("figure") or action.get("dwarf")
    options = [a for a in await run(controls, driver) if a.get("card") == action["card"]]
    same = [a for a in options if (a.get("figure") or a.get("dwarf")) == figure]
    if figure and len(same) == 1:
        await click(driver, f".track .fig.target[data-figure={css_value(figure)}]")
        await until(lambda: ready(driver), what="the move's answer")
    else:
        await play_control(driver, action, keyboard=keyboard)


async def play_on_page(
    driver: webdriver.Chrome,
    action: dict[str, Any],
    *,
    keyboard: bool,
    shot: str | None = None,
    stale_first: bool = False,
) -> None:
    kind = action["kind"]
    shown = await run(controls, driver)
    if kind in CARD_MOVES:
        await card_then_figure(driver, action, keyboard=keyboard, shot=shot)
    elif action in shown:
        await open_panels(driver, action)
        await play_control(driver, action, keyboard=keyboard)
    else:
        assert kind in COMPOSED, f"the page offers no way to {action}"
        await compose(driver, action, stale_first=stale_first)


async def switch_language(driver: webdriver.Chrome, lang: str) -> None:
    """Switch the page's language with its own link, as a person would (the link keeps the
    page's token)."""
    await click(driver, f"nav.langs a[lang={css_value(lang)}]")
    await until(lambda: page_version(driver) >= 0 and f"lang={lang}" in driver.current_url, what=lang)


def overflows(driver: webdriver.Chrome) -> bool:
    """Whether the page is wider than the window (a phone would scroll sideways)."""
    return bool(driver.execute_script("return document.documentElement.scrollWidth > window.innerWidth"))


async def screenshot(driver: webdriver.Chrome, path: str, size: tuple[int, int] = SHOT_SIZE) -> None:
    """The page from its top, tall enough for the decision, the hand and the track; saved in
    256 colours (a third of the bytes, the same picture to the eye)."""
    before = await run(driver.get_window_size)
    await run(driver.set_window_size, *size)
    await run(driver.execute_script, "window.scrollTo(0, 0)")
    png = await run(driver.get_screenshot_as_png)
    Image.open(io.BytesIO(png)).convert("RGB").quantize(colors=256).save(path, optimize=True)
    await run(driver.set_window_size, before["width"], before["height"])


async def play_whole_game(
    room: Room, record: GameRecord, browser: webdriver.Chrome, *, shot: str | None = None
) -> list[str]:
    """alice plays every one of her moves from her page until the game ends: the first ones
    in Russian on a phone's width, the rest in English on a wide screen (switched with the
    page's own language link). Returns the kinds of move she made."""
    alice = room.players[0]
    mine = answer_links(await alice.slash(room.channel, "web"))[f"Your page, game #{record.id}"]
    await run(browser.set_window_size, PHONE[0], PHONE[1])
    await run(browser.get, mine.replace("#", "?lang=ru#"))
    policy = get_policy("hobbit", "heuristic")
    chooser = random.Random(3)
    made: list[str] = []
    while True:
        record = await room.repository.get(record.id)
        if record.status is not GameStatus.ACTIVE:
            break
        assert len(made) < MOST_MOVES, "the game does not end"
        position = record.position
        assert position is not None
        if 0 not in position.to_act():
            await asyncio.sleep(0.1)  # the computer seats play on the bot's loop
            continue
        version = record.version
        await until(lambda at=version: page_version(browser) == at, what=f"the page at version {version}")
        html = await run(board_html, browser)
        assert not [card for card in others_hands(record, 0) if card in html], "another seat's hand is shown"
        if len(made) < RUSSIAN_MOVES:
            assert "Ваше решение" in html and "Your decision" not in html
            assert not await run(overflows, browser), "the page is wider than a phone"
            if shot and len(made) == RUSSIAN_MOVES - 1:
                await screenshot(browser, str(Path(shot).with_name("web-hobbit-phone.png")), PHONE)
        elif len(made) == RUSSIAN_MOVES:
            await run(browser.set_window_size, 1000, 900)
            await switch_language(browser, "en")
            await until(lambda at=version: page_version(browser) == at, what="the page in English")
            assert "Your decision" in await run(board_html, browser)
        legal = HOBBIT.legal_actions(record.state, 0)
        chosen = HOBBIT.dump_action(policy.choose(position.view(0), legal, chooser))
        snap = shot if shot and len(made) >= SHOT_AFTER and chosen["kind"] in CARD_MOVES else None
        stale = chosen["kind"] in COMPOSED and chosen["kind"] not in made  # once for each kind
        await play_on_page(browser, chosen, keyboard=len(made) % 3 == 1, shot=snap, stale_first=stale)
        shot = None if snap else shot
        assert await run(notice_kind, browser) == "done", notice_text(browser)
        made.append(chosen["kind"])
        after = await room.repository.get(record.id)
        assert after.version > version, f"{chosen} was not played: {notice_text(browser)}"
    return made


@pytest.mark.simcord(settle_timeout=60.0)
async def test_a_whole_game_from_the_page_against_two_computers(
    simcord_env: simcord.Env,
    repository: Repository,
    simcord_bot: TavernBot,
    browser: webdriver.Chrome,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    room = alice_manages(simcord_env, repository)
    record = await open_with_computers(room, 2, monkeypatch, seed=SEED)
    shots = os.environ.get("TAVERN_SCREENSHOTS")
    try:
        made = await play_whole_game(
            room, record, browser, shot=str(Path(shots) / "web-hobbit.png") if shots else None
        )
    finally:
        await run(browser.set_window_size, 1000, 900)
    finished = await repository.get(record.id)
    assert finished.status is GameStatus.FINISHED and finished.result is not None
    # the moves of every kind a turn has, and the ones put together from several clicks
    assert {
        "play_move_card", "end_phase2", "draw", "pass_window", "discard_to_limit", "fight_submit",
        "trade_offer", "smaug_attack", "scout_choose",
    } <= set(made), made  # fmt: skip
    await until(lambda: "The game is over." in browser.find_element(By.ID, "turn").text, what="the end")
    assert await run(controls, browser) == []
