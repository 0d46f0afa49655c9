"""A server's leaderboard page on the web table, through the real bot under SimCord: found at
the signed address ``/leaderboard`` links to (a guessed or a game's address is a page that does
not exist), listing each game's players by rating with their games, the provisional ones
apart, named as they sat at a table (escaped), in English and Russian, over HTTP and in
headless Chromium."""

from __future__ import annotations

import re
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import simcord
from selenium import webdriver
from selenium.webdriver.common.by import By

from bot import TavernBot
from bot.web.tokens import Signer
from storage import Repository
from tests.e2e.browser import run, until
from tests.e2e.helpers import Room, title_of
from tests.e2e.test_ratings import bob_resigns
from tests.e2e.web_helpers import SECRET, address, fetch, serving, web_bot, web_table


@pytest.fixture
async def simcord_bot(tmp_path: Path, repository: Repository) -> AsyncIterator[TavernBot]:
    async with serving(web_bot(tmp_path, repository)) as bot:
        yield bot


def server_address(guild_id: int) -> str:
    return Signer(SECRET.encode("utf-8")).server_address(guild_id)


async def test_the_leaderboard_page_is_found_through_the_bot_s_link_and_lists_the_server_s_ratings(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, browser: webdriver.Chrome
) -> None:
    guild = simcord_env.create_guild()
    members = [guild.add_member(simcord_env.create_user(name)) for name in ("<i>alice</i>", "bob")]
    room = Room(simcord_env, guild.create_text_channel("games"), members, repository)
    game_id = await bob_resigns(room)
    base = web_table(simcord_bot).links.base

    answer = await members[1].slash(room.channel, "leaderboard", game="pickomino")
    assert answer.response is not None
    url = f"{base}/server/{server_address(guild.id)}"
    linked = re.fullmatch(r"\[(?P<title>.+)\]\((?P<url>.+)\)", title_of(answer.response))  # the heading
    assert linked is not None and linked["url"] == url

    page = await fetch(url)
    assert page.status == 200 and page.headers["Content-Security-Policy"].startswith("default-src 'none'")
    pickomino = page.text.split('id="game-pickomino"')[1].split("</section>")[0]
    assert "Provisional (fewer than 5 rated games)" in pickomino
    rows = [row.split("</tr>")[0] for row in pickomino.split("<tr>")[2:]]
    assert rows == [
        "<td>&lt;i&gt;alice&lt;/i&gt;</td><td>3.4</td><td>1</td>",
        "<td>bob</td><td>-1.8</td><td>1</td>",
    ]
    raid = page.text.split('id="game-raid"')[1].split("</section>")[0]
    assert "No rated games yet." in raid
    russian = await fetch(f"{url}?lang=ru")
    assert "Предварительно (меньше 5 рейтинговых игр)" in russian.text and "<td>3,4</td>" in russian.text

    for guessed in (
        f"/server/{guild.id}",
        f"/server/{guild.id}-{'A' * 16}",
        f"/server/{address(game_id)}",  # a game's address opens no server's page
        f"/server/{server_address(guild.id + 1)}".replace(str(guild.id + 1), str(guild.id), 1),
    ):
        refused = await fetch(base + guessed)
        assert refused.status == 404 and "Traceback" not in refused.text, guessed
    assert (await fetch(f"{base}/game/{server_address(guild.id)}")).status == 404

    await run(browser.get, f"{url}?lang=en")
    table = await until(
        lambda: browser.find_element(By.CSS_SELECTOR, "#game-pickomino table.provisional").text,
        what="the provisional players",
    )
    assert table.splitlines() == ["Player Rating Games", "<i>alice</i> 3.4 1", "bob -1.8 1"]
