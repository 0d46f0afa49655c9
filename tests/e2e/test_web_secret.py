"""Non-interference through the real bot and its web table: the same Secret Numbers game in
two bots, each on a database of its own, alice's secret differing (seeds 3 and 10: alice 3
or 0, bob 3 in both). Everything the public and bob can fetch — the live page, its JSON and
event stream, bob's private page, JSON and stream — is byte for byte the same, before and
after alice's move made on Discord; alice's own panel differs (the check can see it)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import simcord

from bot.stored import open_repository
from tests.bot.secret_game import SecretNumbers, secret_game_registered
from tests.e2e.conftest import database_url
from tests.e2e.helpers import make_room, start_secret
from tests.e2e.web_helpers import (
    address,
    answer_links,
    fetch,
    stop_web,
    stream_events,
    token_of,
    web_bot,
    web_table,
)


@pytest.fixture
def secret_game() -> Iterator[SecretNumbers]:
    with secret_game_registered() as game:
        yield game


async def play(tmp_path: Path, game: SecretNumbers, seed: int) -> tuple[list[bytes], list[bytes]]:
    """What the public and bob, then alice, could fetch, before and after alice peeks."""
    tmp_path.mkdir()
    repository = await open_repository(database_url(tmp_path))
    bot = web_bot(tmp_path, repository)
    env = simcord.Env(bot)
    await env.start()
    try:
        room = make_room(env, repository)
        alice, bob = room.players
        await start_secret(room, game.key, seed)
        record = await room.record()
        base = web_table(bot).links.base
        links = {
            name: answer_links(await member.slash(room.channel, "web"))[f"Your page, game #{record.id}"]
            for name, member in (("alice", alice), ("bob", bob))
        }
        seen: list[bytes] = []
        hers: list[bytes] = []
        for _ in range(2):
            for path in ("", "/state", "/picture/0/board.png"):
                answer = await fetch(f"{base}/game/{address(record.id)}{path}")
                seen.append(f"{answer.status}".encode() + answer.body)
            public = await stream_events(f"{base}/game/{address(record.id)}/events", count=1)
            seen.append(repr(public).encode())
            for name, out in (("bob", seen), ("alice", hers)):
                seat = 0 if name == "alice" else 1
                headers = {"Authorization": f"Bearer {token_of(links[name])}"}
                page = f"{base}/game/{address(record.id)}/seat/{seat}"
                out.append((await fetch(page, headers=headers)).body)
                out.append((await fetch(f"{page}/state", headers=headers)).body)
                stream = f"{page}/events"
                out.append(repr(await stream_events(stream, headers=headers, count=1)).encode())
            await alice.click(room.message(record.message_id), label="peek")
        return seen, hers
    finally:
        await env.shutdown()
        await stop_web(bot)
        await repository.close()


async def test_the_public_and_bob_fetch_the_same_bytes_whatever_alice_holds(
    tmp_path: Path, secret_game: SecretNumbers
) -> None:
    seen_3, hers_3 = await play(tmp_path / "three", secret_game, seed=3)
    seen_10, hers_10 = await play(tmp_path / "ten", secret_game, seed=10)
    assert seen_3 == seen_10
    assert any(b"mine&quot;:3" in part for part in seen_3)  # bob's own panel was among them
    assert hers_3 != hers_10  # alice's own panel tells them apart
