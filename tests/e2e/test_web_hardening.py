"""The web table never answers 500 and is not tied up by slow or many clients: numbers in
addresses and tokens are ASCII digits only (any other digit is refused as a forged address or
token would be), live streams carry the security headers every answer carries, the access log
writes no query string, revoked links stay revoked, and a client whose headers dawdle or one
connection too many is cut off."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from urllib.parse import quote

import aiohttp
import pytest
import simcord

from bot import TavernBot
from bot.render.web_links import bumped, generations
from storage import Repository
from tests.bot.secret_game import SecretNumbers, secret_game_registered
from tests.e2e.web_helpers import (
    address,
    answer_links,
    fetch,
    secret_table,
    serving,
    token_of,
    web_bot,
    web_table,
)

ARABIC_ONE = "\u0661"  # ١
FULLWIDTH_ONE = "\uff11"  # １


@pytest.fixture
async def simcord_bot(
    tmp_path: Path, repository: Repository, request: pytest.FixtureRequest
) -> AsyncIterator[TavernBot]:
    settings = getattr(request, "param", {})
    async with serving(web_bot(tmp_path, repository, **settings)) as bot:
        yield bot


@pytest.fixture
def secret_game() -> Iterator[SecretNumbers]:
    with secret_game_registered() as game:
        yield game


async def test_unicode_digits_are_refused_like_forged_numbers(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, secret_game: SecretNumbers
) -> None:
    room, record, base = await secret_table(simcord_env, repository, simcord_bot, secret_game.key)
    game = address(record.id)
    key = game.split("-", 1)[1]
    for digit in (ARABIC_ONE, FULLWIDTH_ONE):
        for path in (
            f"/game/{quote(digit)}-AAAAAAAAAAAAAAAA",
            f"/game/{quote(digit)}-{key}",
            f"/game/{game}/seat/{quote(digit)}",
            f"/game/{game}/seat/{quote(digit)}/state",
            f"/game/{game}/picture/{quote(digit)}/board.png",
            f"/game/{game}/replay/{quote(digit)}",
        ):
            answer = await fetch(base + path)
            assert answer.status == 404, (path, answer.status)
        assert (await fetch(f"{base}/game/{game}/replay?move={quote(digit)}")).status == 400
        odd_weight = {"Accept-Language": f"ru;q=0.{digit}"}
        assert (await fetch(f"{base}/game/{game}", headers=odd_weight)).status == 200

    mine = answer_links(await room.players[0].slash(room.channel, "web"))[f"Your page, game #{record.id}"]
    token = token_of(mine)
    parts = token.split(".")
    for field in range(1, 5):
        for digit in (ARABIC_ONE, FULLWIDTH_ONE):
            odd = ".".join(digit * len(p) if n == field else p for n, p in enumerate(parts))
            for path in ("state", "events"):
                answer = await fetch(
                    f"{base}/game/{game}/seat/0/{path}", headers={"Authorization": f"Bearer {odd}"}
                )
                assert answer.status == 403, (field, path, answer.status)
            moved = await fetch(
                f"{base}/game/{game}/seat/0/move",
                method="POST",
                json={"version": 0, "action": {"kind": "peek"}},
                headers={"Authorization": f"Bearer {odd}"},
            )
            assert moved.status == 403
    assert (await repository.get(record.id)).version == 0


async def test_streams_carry_the_security_headers_and_the_log_no_query(
    simcord_env: simcord.Env,
    repository: Repository,
    simcord_bot: TavernBot,
    secret_game: SecretNumbers,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO, logger="tavern.web.access")
    _room, record, base = await secret_table(simcord_env, repository, simcord_bot, secret_game.key)

    async with (
        aiohttp.ClientSession() as session,
        session.get(f"{base}/game/{address(record.id)}/events?lang=ru&secret=abc") as stream,
    ):
        assert stream.status == 200
        headers = stream.headers
        assert headers["Content-Security-Policy"].startswith("default-src 'none'")
        assert headers["X-Content-Type-Options"] == "nosniff" and headers["X-Frame-Options"] == "DENY"
        assert headers["Referrer-Policy"] == "no-referrer"
    page = await fetch(f"{base}/game/{address(record.id)}?lang=ru&secret=abc")
    assert page.status == 200
    for _ in range(50):  # the access log line is written once the answer is sent
        lines = [r.getMessage() for r in caplog.records if r.name == "tavern.web.access"]
        if any(f"/game/{address(record.id)}" in line for line in lines):
            break
        await asyncio.sleep(0.05)
    assert any(f'"GET /game/{address(record.id)}"' in line for line in lines), lines
    assert not any("secret=abc" in line or "lang=ru" in line for line in lines)


def test_a_revoked_link_stays_revoked_however_many_games_follow() -> None:
    settings = bumped({}, 1)
    for game in range(2, 402):
        settings = bumped(settings, game)
    assert generations(settings)["1"] == 1 and len(generations(settings)) == 401


@pytest.mark.parametrize("simcord_bot", [{"web_header_seconds": 1.0}], indirect=True)
async def test_a_client_whose_headers_dawdle_is_cut_off(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot
) -> None:
    table = web_table(simcord_bot)
    reader, writer = await asyncio.open_connection("127.0.0.1", table.port)
    writer.write(b"GET / HTTP/1.1\r\nHost: x\r\n")  # and never the rest
    await writer.drain()
    started = time.monotonic()
    assert await asyncio.wait_for(reader.read(), timeout=30) == b""  # closed, nothing answered
    assert time.monotonic() - started < 20
    writer.close()
    whole = await fetch(f"{table.links.base}/")  # a whole request is still served
    assert whole.status == 200


@pytest.mark.parametrize(
    "simcord_bot", [{"web_max_connections": 16, "web_header_seconds": 60.0}], indirect=True
)
async def test_one_connection_too_many_is_answered_busy(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot
) -> None:
    table = web_table(simcord_bot)
    idle = [await asyncio.open_connection("127.0.0.1", table.port) for _ in range(16)]
    await asyncio.sleep(0.2)
    reader, writer = await asyncio.open_connection("127.0.0.1", table.port)
    answer = await asyncio.wait_for(reader.read(), timeout=10)
    assert answer.startswith(b"HTTP/1.1 503")
    writer.close()
    for _, held in idle[:1]:
        held.close()
        await held.wait_closed()
    await asyncio.sleep(0.2)
    assert (await fetch(f"{table.links.base}/")).status == 200
    for _, held in idle[1:]:
        held.close()
