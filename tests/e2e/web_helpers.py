"""The bot with its web table on, on 127.0.0.1 and a free port, and ways to read its pages."""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import aiohttp
import simcord

from bot import TavernBot
from bot.web.server import WebTable
from bot.web.tokens import Signer
from storage import GameRecord, Repository
from tests.e2e.conftest import make_bot
from tests.e2e.helpers import Room, make_room, start_secret

SECRET = "a test key that is long enough to sign links"


def web_bot(tmp_path: Path, repository: Repository, **settings: Any) -> TavernBot:
    return make_bot(
        tmp_path, repository, web_enabled=True, web_port=0, web_secret=SECRET, ai_delay_seconds=0, **settings
    )


async def stop_web(bot: TavernBot) -> None:
    """Stop the bot's web table as closing the bot would (SimCord's shutdown does not close the
    bot): its server ends and boards no longer link to it, so the next test's bot starts clean."""
    await bot.remove_cog("Web")


@asynccontextmanager
async def serving(bot: TavernBot) -> AsyncIterator[TavernBot]:
    try:
        yield bot
    finally:
        await stop_web(bot)


def web_table(bot: TavernBot) -> WebTable:
    # discord.py imports an extension afresh, so its cog is not an instance of the Web class
    # this module imports: ask for the table it holds
    table = getattr(bot.get_cog("Web"), "table", None)
    assert isinstance(table, WebTable)
    return table


@dataclass
class Fetched:
    status: int
    text: str
    body: bytes
    headers: dict[str, str]


async def fetch(
    url: str, *, method: str = "GET", headers: dict[str, str] | None = None, **kw: Any
) -> Fetched:
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, url, headers=headers, **kw) as response,
    ):
        body = await response.read()
        return Fetched(response.status, body.decode("utf-8", "replace"), body, dict(response.headers))


async def stream_events(
    url: str, *, headers: dict[str, str] | None = None, count: int, timeout: float = 10
) -> list[tuple[str, str]]:
    """The first ``count`` events of a live stream, as (name, data)."""
    found: list[tuple[str, str]] = []
    async with aiohttp.ClientSession() as session, session.get(url, headers=headers) as response:
        assert response.status == 200, response.status
        buffer = ""
        async with asyncio.timeout(timeout):
            async for chunk in response.content.iter_any():
                buffer += chunk.decode()
                while "\n\n" in buffer:
                    block, buffer = buffer.split("\n\n", 1)
                    name = re.search(r"^event: (.*)$", block, re.M)
                    data = re.search(r"^data: (.*)$", block, re.M)
                    if name and data:
                        found.append((name.group(1), data.group(1)))
                if len(found) >= count:
                    return found
    return found


def token_of(url: str) -> str:
    return url.split("#", 1)[1]


def link_buttons(*messages: Any) -> dict[str, str]:
    """Label → address of every link button on ``messages`` (responses, follow-ups, messages)."""
    found: dict[str, str] = {}
    for message in messages:
        if message is None:
            continue
        rows = message.components if isinstance(message.components, list) else []
        for row in rows:
            children = row.get("components", []) if isinstance(row, dict) else getattr(row, "children", [])
            for item in children:
                url = item.get("url") if isinstance(item, dict) else getattr(item, "url", None)
                label = item.get("label") if isinstance(item, dict) else getattr(item, "label", None)
                if url:
                    found[str(label)] = str(url)
    return found


def answer_links(result: Any) -> dict[str, str]:
    """The link buttons of an interaction's answer (its response and follow-ups)."""
    return link_buttons(result.response, *result.followups)


def address(game_id: int) -> str:
    """Where the web table of a test bot serves a game's pages (``<game>-<key>``)."""
    return Signer(SECRET.encode("utf-8")).address(game_id)


async def secret_table(
    env: simcord.Env, repository: Repository, bot: TavernBot, key: str, seed: int = 13
) -> tuple[Room, GameRecord, str]:
    """alice and bob at a started game of a test-only game (``seed`` 13: Secret Numbers gives
    alice 3 and bob 6), its board posted; with the game's record and the web table's address."""
    room = make_room(env, repository)
    await start_secret(room, key, seed=seed)
    return room, await room.record(), web_table(bot).links.base
