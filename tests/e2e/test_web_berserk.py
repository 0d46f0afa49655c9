"""Berserk played from a seat's web page in headless Chromium, against the real bot under
SimCord: a whole game from the page alone against a computer seat (deck, recruitment within
the budget, placement by clicking cells, then creatures picked on the field and their targets,
some moves by keyboard), and a game against a member playing on Discord, the Discord board
checked after every move made on the page, the page never showing the other side's army
before the Reveal nor his reserve after it; in Russian."""

from __future__ import annotations

import asyncio
import os
import random
import time
from collections.abc import AsyncIterator
from pathlib import Path
from types import SimpleNamespace

import pytest
import simcord
from selenium import webdriver
from selenium.webdriver.common.by import By

import engine
from bot import TavernBot
from bot.board import game_parts
from bot.i18n import t
from engine.games.berserk.cards import DECKS
from engine.games.berserk.setup import deck_budget, default_recruits
from storage import GameRecord, GameStatus, Repository
from tests.e2e.berserk_helpers import _default_of, dm_offering, open_berserk, recruit
from tests.e2e.berserk_web_helpers import button, cell, click, pick, picked, picks, play_from_page, read, sent
from tests.e2e.browser import notice_text, page_version, run, text_of, until
from tests.e2e.helpers import (
    Room,
    description_of,
    dm_history,
    field_names,
    field_of,
    labels,
    last_dm,
    make_room,
)
from tests.e2e.web_helpers import address, answer_links, serving, web_bot, web_table

BERSERK = engine.get_game("berserk")
ROUNDS = "round_cap=3"
"""A short game: three rounds, then the cost on the field decides."""
PLAYING = pytest.mark.simcord(settle_timeout=60.0)
"""A computer's decision, or the bot's answer to a click while one is thought over, may take
a while on a busy machine."""


@pytest.fixture
async def simcord_bot(tmp_path: Path, repository: Repository) -> AsyncIterator[TavernBot]:
    """The test's person clicks far faster than any person, on a quiet machine past the moves a
    link may send a minute (120 by default, 30 at once), so the limit is raised."""
    async with serving(web_bot(tmp_path, repository, web_moves_per_minute=6000)) as bot:
        yield bot


async def open_against_computer(room: Room) -> int:
    alice = room.players[0]
    opened = await alice.slash(room.channel, "play", game="berserk", options=ROUNDS)
    assert opened.response is not None
    lobby = room.message(opened.response.id)
    await alice.click(lobby, label="Add AI: baseline")
    started = await alice.click(room.message(opened.response.id), label="Start")
    assert started.acknowledged and not started.ephemeral, started
    return (await room.record()).id


async def screenshot(driver: webdriver.Chrome, path: Path) -> bool:
    """The README's picture, in the middle of a game: a creature of the seat's picked on the
    field, the cells it may move to and the enemies it may strike marked; whether taken."""
    units = [o for o in (await run(read, driver))["options"] if o["kind"] == "unit"]
    if not units:
        return False
    await run(click, driver, await run(cell, driver, units[-1]["step"]))
    await run(driver.execute_script, "window.scrollTo(0, 0)")
    await run(driver.save_screenshot, str(path))
    return True


async def turn_of(repository: Repository, game_id: int, seat: int, timeout: float = 30) -> GameRecord:
    """The game once it waits for ``seat``, or is over."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        record = await repository.get(game_id)
        if record.status is not GameStatus.ACTIVE or seat in BERSERK.to_act(record.state):
            return record
        await asyncio.sleep(0.05)
    raise AssertionError(f"game {game_id} never waited for seat {seat}")


@PLAYING
async def test_a_whole_game_from_the_page_against_the_computer(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, browser: webdriver.Chrome
) -> None:
    room = make_room(simcord_env, repository, names=("alice",))
    alice = room.players[0]
    game_id = await open_against_computer(room)
    mine = answer_links(await alice.slash(room.channel, "web"))[f"Your page, game #{game_id}"]
    await run(browser.get, mine.replace("#", "?lang=en#"))
    chooser = random.Random(4)
    done: list[str] = []
    shot = False
    for _ in range(400):
        record = await turn_of(repository, game_id, 0)
        if record.status is not GameStatus.ACTIVE:
            break
        version = record.version
        await until(lambda at=version: page_version(browser) == at, what="the page at the position")
        if (
            not shot
            and sum(d in ("move", "strike") for d in done) >= 6
            and os.environ.get("TAVERN_SCREENSHOTS")
        ):
            shot = await screenshot(browser, Path(os.environ["TAVERN_SCREENSHOTS"]) / "web-berserk.png")
        done.append(await play_from_page(browser, chooser, keyboard=len(done) % 5 == 1))
    record = await repository.get(game_id)
    assert record.status is GameStatus.FINISHED, done
    assert "strike" in done and "move" in done and any(d.endswith("by keys") for d in done), done
    await read_only_afterwards(browser, base=web_table(simcord_bot).links.base, game_id=game_id)


async def refused_while_overspent(driver: webdriver.Chrome, repository: Repository, game_id: int) -> None:
    """Every card of the deck picked at once is over both budgets: Recruit is refused with
    every problem named, and nothing is kept; the cards are taken back."""
    version = (await repository.get(game_id)).version
    values = await run(picks, driver)
    for value in values:
        await run(pick, driver, value)
    assert await run(button_text, driver, '[data-left="gold"]') < 0
    await run(click, driver, await run(button, driver, '[data-send="recruit"]'))
    await sent(driver)
    told = await run(notice_text, driver)
    assert told.count("•") >= 2, told  # the gold and the silver, at once
    assert (await repository.get(game_id)).version == version
    for value in values:
        await run(pick, driver, value)


def button_text(driver: webdriver.Chrome, selector: str) -> int:
    return int(button(driver, selector).text)


async def read_only_afterwards(driver: webdriver.Chrome, *, base: str, game_id: int) -> None:
    """The spectators' page and the replay draw the same board, with no move to make."""
    for path in (f"/game/{address(game_id)}?lang=en", f"/game/{address(game_id)}/replay?lang=en&move=9"):
        await run(driver.get, base + path)
        await until(lambda: driver.find_elements(By.CSS_SELECTOR, "#board .bz-field"), what=path)
        shown = await run(driver.execute_script, "return document.body.innerHTML")
        assert "data-action" not in shown and "data-composer" not in shown and "bz-controls" not in shown


# -- one seat on Discord, the other on the web ----------------------------------------------------
async def bob_on_discord(room: Room, record: GameRecord) -> None:
    """Bob's decision made where he makes it on Discord: his DMs' buttons, menus and the
    placement form, or the board's buttons. He plays D2, recruits the deck's default squad,
    keeps its last card in reserve, and ends each turn at once."""
    bob = room.players[1]
    mine = next(d for d in BERSERK.pending(record.state) if 1 in d.seats)
    kind = mine.kind
    board = room.message(record.message_id)
    if kind == "choose_deck":
        message = next(m for m in reversed(dm_history(bob)) if any(n.startswith("D2 ") for n in labels(m)))
        (deck,) = [name for name in labels(message) if name.startswith("D2 ")]
        result = await bob.user.click(message, label=deck)
    elif kind == "choose_seat":
        result = await bob.click(board, label="Go second")
    elif kind == "recruit":
        gold, silver = deck_budget(DECKS["D2"], record.state.options.edition)
        result = await recruit(bob, list(default_recruits(DECKS["D2"], gold, silver)))
    elif kind == "place":
        shown = await bob.user.click(dm_offering(bob, "Place"), label="Place")
        assert shown.modal is not None
        cells = _default_of(shown.modal).split()
        result = await bob.user.submit_modal(shown, {"cells": " ".join([*cells[:-1], "reserve"])})
    elif kind == "main":
        result = await bob.click(board, label="End turn")
    else:
        label = {"muster": "Bring nothing", "respond": "Pass", "assign_defender": "No defender"}.get(kind)
        if label is None:  # triggers to declare: the first declaration offered
            message = last_dm(bob)
            label = next(name for name in labels(message) if name.startswith("Queue"))
        result = await bob.user.click(dm_offering(bob, label), label=label)
    assert result.acknowledged, result


async def kept_across_a_redraw(room: Room, driver: webdriver.Chrome, record: GameRecord) -> None:
    """Two cards picked on alice's page stay picked, the budget spent, when bob's recruitment
    on Discord draws her page again."""
    await until(lambda: page_version(driver) == record.version, what="the recruitment")
    first, second = (await run(picks, driver))[:2]
    await run(pick, driver, first)
    await run(pick, driver, second)
    budget = await run(lambda: button(driver, ".bz-budget").text)
    await bob_on_discord(room, record)
    await until(lambda: page_version(driver) > record.version, what="bob's recruitment, live")
    assert await run(picked, driver, first) and await run(picked, driver, second)
    assert await run(lambda: button(driver, ".bz-budget").text) == budget


def discord_board_shows(room: Room, record: GameRecord) -> bool:
    """Whether the Discord board shows the position ``record`` holds: every line of its
    headline and every field but the last move's, as the board of that position is drawn."""
    view, _ = game_parts(record, "en")
    drawn = SimpleNamespace(components=view.to_components(), content="")
    shown = room.message(record.message_id)
    fields = {name: field_of(shown, name) for name in field_names(shown)}
    last = t("en", "board.last_move")
    lines = description_of(drawn).splitlines()
    return all(line in description_of(shown) for line in lines) and all(
        fields.get(name) == field_of(drawn, name) for name in field_names(drawn) if name != last
    )


async def hidden_from_alice(driver: webdriver.Chrome, record: GameRecord) -> None:
    """Alice's page shows nothing of bob's army before the Reveal, nor his reserve after it."""
    html: str = await run(driver.execute_script, "return document.getElementById('board').innerHTML")
    state = record.state
    bob = state.sides[1]
    if state.phase in ("recruit", "place"):
        for card in bob.recruits or ():
            assert t("ru", f"berserk.card.{card}") not in html, card
        role = "P1" if state.first == 1 else "P2"
        assert f'data-uid="{role}.' not in html
    elif state.phase == "play":
        shown = {c.card for c in state.creatures if c.owner == 1 and c.zone != "reserve"}
        for hidden in (c for c in state.creatures if c.owner == 1 and c.zone == "reserve"):
            assert hidden.uid not in html
            if hidden.card not in shown:
                assert t("ru", f"berserk.card.{hidden.card}") not in html, hidden.card


@PLAYING
async def test_a_seat_on_the_web_against_a_member_on_discord_in_russian(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, browser: webdriver.Chrome
) -> None:
    room = make_room(simcord_env, repository)
    alice, _ = room.players
    record = await open_berserk(room, "round_cap=2")
    game_id = record.id
    mine = answer_links(await alice.slash(room.channel, "web"))[f"Your page, game #{game_id}"]
    await run(browser.get, mine.replace("#", "?lang=ru#"))
    chooser = random.Random(8)
    web_moves = 0
    for _ in range(300):
        record = await repository.get(game_id)
        if record.status is not GameStatus.ACTIVE:
            break
        waiting = BERSERK.to_act(record.state)
        if record.state.phase == "recruit" and waiting == (0, 1):
            await kept_across_a_redraw(room, browser, record)
            continue
        if 1 in waiting and (0 not in waiting or chooser.random() < 0.5):
            await bob_on_discord(room, record)
            continue
        version = record.version
        await until(lambda at=version: page_version(browser) >= at, what="the page at the position")
        await hidden_from_alice(browser, record)
        await play_from_page(browser, chooser, keyboard=web_moves % 4 == 1)
        web_moves += 1
        after = await repository.get(game_id)
        assert after.version > version  # the move went through the bot's one move path
        assert discord_board_shows(room, after), after.version
    assert (await repository.get(game_id)).status is GameStatus.FINISHED and web_moves >= 10
    await until(lambda: "Игра окончена." in text_of(browser, "turn"), what="the end, in Russian")
    text = await run(lambda: browser.find_element(By.TAG_NAME, "body").text)
    assert "Your moves" not in text and "Round" not in text
