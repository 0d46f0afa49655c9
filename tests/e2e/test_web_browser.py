"""The web table in a real browser (headless Chromium) against the real bot under SimCord:
the live board appears and follows a move made on Discord, then says the game is over; the
replay steps with the arrow keys, the buttons and a link to a move; a private page shows that
seat's secret and no other's, live, and a tampered link shows the refusal. A Hobbit game's
pages draw the README's screenshots (into ``TAVERN_SCREENSHOTS``, when set)."""

from __future__ import annotations

import os
import random
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import simcord
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from bot import TavernBot
from storage import Repository
from tests.bot.secret_game import SecretNumbers, secret_game_registered
from tests.e2e.browser import (
    controls,
    notice_text,
    page_version,
    play_control,
    run,
    text_of,
    until,
)
from tests.e2e.helpers import field_names, field_of, make_room, open_game, play_by_buttons, start_secret
from tests.e2e.hobbit_helpers import open_hobbit
from tests.e2e.web_helpers import address, answer_links, serving, web_bot, web_table


@pytest.fixture
async def simcord_bot(tmp_path: Path, repository: Repository) -> AsyncIterator[TavernBot]:
    async with serving(web_bot(tmp_path, repository)) as bot:
        yield bot


async def test_the_board_follows_the_game_and_the_replay_steps_through_it(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, browser: webdriver.Chrome
) -> None:
    room = make_room(simcord_env, repository)
    alice, _ = room.players
    record = await open_game(room)
    base = web_table(simcord_bot).links.base
    await run(browser.get, f"{base}/game/{address(record.id)}?lang=en")
    await until(lambda: "To play: alice" in text_of(browser, "turn"), what="the board")
    assert "Grill" in text_of(browser, "board")
    await alice.click(room.message(record.message_id), label="Roll")  # a move made on Discord
    await until(lambda: browser.find_element(By.TAG_NAME, "body").get_attribute("data-version") == "1")
    await until(lambda: "rolled" in text_of(browser, "history").lower(), what="the history")
    await play_by_buttons(room, record.id, random.Random(5), limit=8)  # a few moves more to replay
    await alice.slash(room.channel, "resign")
    await until(lambda: "The game is over." in text_of(browser, "turn"), what="the end")
    moves = len(await repository.moves(record.id))

    def counter() -> str:
        return text_of(browser, "counter")

    await run(browser.get, f"{base}/game/{address(record.id)}/replay?lang=en")
    await until(lambda: counter() == f"Move 0 of {moves}")
    body = await run(browser.find_element, By.TAG_NAME, "body")
    await run(body.send_keys, Keys.ARROW_RIGHT)
    await until(lambda: counter() == f"Move 1 of {moves}", what="→")
    assert "move=1" in browser.current_url
    await run(body.send_keys, Keys.ARROW_LEFT)
    await until(lambda: counter() == f"Move 0 of {moves}", what="←")
    await run(browser.find_element(By.ID, "last").click)
    await until(lambda: counter() == f"Move {moves} of {moves}", what="⏭")
    await until(lambda: "Revealed at the end" in text_of(browser, "reveal"))
    if os.environ.get("TAVERN_SCREENSHOTS"):
        await run(browser.save_screenshot, str(Path(os.environ["TAVERN_SCREENSHOTS"]) / "web-replay.png"))
    await run(browser.find_element(By.ID, "previous").click)
    await until(lambda: counter() == f"Move {moves - 1} of {moves}", what="◀")
    assert text_of(browser, "reveal") == ""
    await run(browser.find_element(By.ID, "first").click)
    await until(lambda: counter() == f"Move 0 of {moves}", what="⏮")
    await run(browser.find_element(By.ID, "next").click)
    await until(lambda: counter() == f"Move 1 of {moves}", what="▶")
    await run(browser.get, f"{base}/game/{address(record.id)}/replay?lang=en&move={moves}")
    await until(lambda: counter() == f"Move {moves} of {moves}", what="?move=")
    await run(browser.get, f"{base}/game/{address(record.id)}/replay?lang=ru#1")
    await until(lambda: counter() == f"Ход 1 из {moves}", what="#1")


async def test_a_private_page_shows_its_seats_secret_and_no_other(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, browser: webdriver.Chrome
) -> None:
    with secret_game_registered() as game:
        await private_page(simcord_env, repository, simcord_bot, browser, game)


async def private_page(
    env: simcord.Env, repository: Repository, bot: TavernBot, browser: webdriver.Chrome, game: SecretNumbers
) -> None:
    room = make_room(env, repository)
    alice, bob = room.players
    await start_secret(room, game.key, seed=13)  # alice 3, bob 6
    record = await room.record()
    mine = answer_links(await alice.slash(room.channel, "web"))[f"Your page, game #{record.id}"]
    await run(browser.get, mine)
    await until(lambda: '"mine":3' in text_of(browser, "board"), what="alice's secret")
    page = browser.find_element(By.TAG_NAME, "html").get_attribute("innerHTML") or ""
    assert '"mine":6' not in page and "To play: alice" in text_of(browser, "turn")
    await alice.click(room.message(record.message_id), label="peek")  # her number goes up, live
    await until(lambda: '"mine":4' in text_of(browser, "board"), what="the update")
    await bob.click(room.message(record.message_id), label="poke")  # bob raises hers again
    await until(lambda: '"mine":5' in text_of(browser, "board"), what="bob's poke")
    assert '"mine":6' not in (browser.find_element(By.TAG_NAME, "html").get_attribute("innerHTML") or "")
    await run(browser.get, "about:blank")
    await run(browser.get, mine[:-3] + ("AAA" if not mine.endswith("AAA") else "BBB"))
    await until(lambda: "does not open this page" in text_of(browser, "refused"), what="the refusal")
    assert text_of(browser, "board") == ""


async def test_hobbit_pages_show_the_track_and_the_hand(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, browser: webdriver.Chrome
) -> None:
    """The board's track (every space, every figure on it) and the seat's hand as cards; the
    README's picture of a page on a phone is taken here."""
    room = make_room(simcord_env, repository)
    alice, _ = room.players
    record = await open_hobbit(room)
    base = web_table(simcord_bot).links.base
    shots = os.environ.get("TAVERN_SCREENSHOTS")

    def count(selector: str) -> int:
        return int(browser.execute_script(f"return document.querySelectorAll({selector!r}).length"))

    figures = 2 * len(record.seats) + 1  # every dwarf and Bilbo, on the start space
    await run(browser.get, f"{base}/game/{address(record.id)}?lang=en")
    await until(lambda: count("#board .track [data-cell^='space']") == 50, what="the track")
    assert count("#board .track [data-cell='space0'] .fig") == figures
    assert count("#board .own") == 0
    mine = answer_links(await alice.slash(room.channel, "web"))[f"Your page, game #{record.id}"]
    await run(browser.get, mine.replace("#", "?lang=en#"))
    await until(lambda: count("#board .own .hand .card:not(.k-key)") == 3, what="the hand's cards")
    if shots:
        await run(browser.set_window_size, 420, 860)  # a phone
        await run(browser.get, f"{base}/game/{address(record.id)}?lang=ru")
        await until(lambda: count("#board .track [data-cell^='space']") == 50)
        await run(browser.save_screenshot, str(Path(shots) / "web-phone.png"))
        await run(browser.set_window_size, 1000, 900)


async def test_a_seat_plays_from_its_page_beside_a_player_on_discord(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, browser: webdriver.Chrome
) -> None:
    """alice plays from her page (by keyboard, then by mouse) while bob plays on Discord: each
    page move edits the Discord board, a stale page is told so and shows the new position."""
    with secret_game_registered() as game:
        room = make_room(simcord_env, repository)
        alice, bob = room.players
        await start_secret(room, game.key, seed=13)  # alice 3, bob 6
        record = await room.record()
        mine = answer_links(await alice.slash(room.channel, "web"))[f"Your page, game #{record.id}"]
        await run(browser.get, mine.replace("#", "?lang=en#"))
        await until(lambda: page_version(browser) == 0, what="the page")
        assert await run(controls, browser) == [{"kind": "peek"}, {"kind": "poke"}]
        await play_control(browser, {"kind": "peek"}, keyboard=True)
        assert (await room.record()).version == 1
        board = room.message(record.message_id)  # the Discord board
        assert '"moves":1' in field_of(board, field_names(board)[0])
        await until(lambda: page_version(browser) == 1, what="the new version")
        assert await run(controls, browser) == []  # bob's turn: nothing to play
        await bob.click(room.message(record.message_id), label="poke")  # on Discord
        await until(lambda: '"mine":5' in text_of(browser, "board"), what="bob's move, live")
        # a page drawn before alice's own last move: refused as out of date, the page catches up
        await run(browser.execute_script, "document.body.dataset.version = '0'")
        await play_control(browser, {"kind": "poke"})
        assert "moved on" in notice_text(browser) and (await room.record()).version == 2
        await until(lambda: page_version(browser) == 2, what="the position again")
        await play_control(browser, {"kind": "poke"})
        assert "poke" in notice_text(browser).lower() and (await room.record()).version == 3
        await bob.click(room.message(record.message_id), label="peek")
        await until(lambda: "The game is over." in text_of(browser, "turn"), what="the end")
        assert await run(controls, browser) == []
        assert (await repository.get(record.id)).status.value == "finished"
