"""The web table through the real bot under SimCord, over HTTP: the live board and its event
stream follow the moves made on Discord, private pages open only with their seat's valid
token (forged, expired, revoked, another game's or seat's, a resigned seat's: 403), replays
step through finished games, and odd requests get short 4xx answers, never a traceback."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest
import simcord

from bot import TavernBot
from bot.web.server import MAX_BODY
from bot.web.tokens import Claims
from storage import Repository
from tests.bot.secret_game import SecretNumbers, secret_game_registered
from tests.e2e.helpers import Room, labels, make_room, open_game, start_secret
from tests.e2e.web_helpers import (
    address,
    answer_links,
    fetch,
    link_buttons,
    serving,
    stream_events,
    token_of,
    web_bot,
    web_table,
)


@pytest.fixture
async def simcord_bot(tmp_path: Path, repository: Repository) -> AsyncIterator[TavernBot]:
    async with serving(web_bot(tmp_path, repository, web_streams_per_client=3)) as bot:
        yield bot


@pytest.fixture
def secret_game() -> Iterator[SecretNumbers]:
    with secret_game_registered() as game:
        yield game


async def secret_room(env: simcord.Env, repository: Repository, game: SecretNumbers, seed: int = 3) -> Room:
    """alice and bob at a started Secret Numbers game (alice 3, bob 3 with seed 3), its board posted."""
    room = make_room(env, repository)
    await start_secret(room, game.key, seed)
    return room


def bearer(url: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token_of(url)}"}


async def test_the_board_links_to_its_page_which_follows_every_move(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, secret_game: SecretNumbers
) -> None:
    room = await secret_room(simcord_env, repository, secret_game)
    alice, _bob = room.players
    record = await room.record()
    base = web_table(simcord_bot).links.base
    board = room.message(record.message_id)
    assert link_buttons(board) == {"Web page": f"{base}/game/{address(record.id)}"}
    assert labels(board) == {"peek": True, "poke": True, "Private": True, "Web page": True}

    page = await fetch(f"{base}/game/{address(record.id)}")
    assert page.status == 200 and 'name="viewport"' in page.text and "To play: alice" in page.text
    assert page.headers["Content-Security-Policy"].startswith("default-src 'none'")
    assert '"mine": 3' not in page.text and "mine" in page.text  # the public view: mine is null

    stream = asyncio.ensure_future(stream_events(f"{base}/game/{address(record.id)}/events", count=2))
    await asyncio.sleep(0.3)  # the stream sent the board as it stands
    started = time.monotonic()
    await alice.click(room.message(board.id), label="peek")
    events = await stream
    assert time.monotonic() - started < 1.5  # within a second of the move (plus drawing)
    first, second = (json.loads(data) for _, data in events)
    assert [name for name, _ in events] == ["snapshot", "snapshot"]
    assert (first["version"], second["version"]) == (0, 1)
    assert "To play: bob" in second["turn"] and "peek" in second["history"]

    russian = {"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.5"}
    ru = await fetch(f"{base}/game/{address(record.id)}", headers=russian)
    assert "Ходит: bob" in ru.text and '<html lang="ru">' in ru.text
    assert (
        "To play: bob"
        in (await fetch(f"{base}/game/{address(record.id)}?lang=en", headers={"Accept-Language": "ru"})).text
    )

    for _ in range(3):  # the game ends: the stream says so and closes
        current = await room.record()
        mover = room.member(current.seats[current.position.to_act()[0]].user_id)  # type: ignore[union-attr]
        await mover.click(room.message(board.id), label="peek")
    over = await stream_events(f"{base}/game/{address(record.id)}/events", count=2)
    assert [name for name, _ in over] == ["snapshot", "over"]
    assert json.loads(over[0][1])["turn"] == "The game is over."
    finished = room.message((await repository.get(record.id)).message_id)
    assert link_buttons(finished) == {"Replay": f"{base}/game/{address(record.id)}/replay"}


async def test_private_pages_open_only_with_their_seats_valid_token(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, secret_game: SecretNumbers
) -> None:
    room = await secret_room(simcord_env, repository, secret_game, seed=13)  # alice 3, bob 6
    alice, bob = room.players
    record = await room.record()
    table = web_table(simcord_bot)
    base = table.links.base

    asked = await alice.slash(room.channel, "web")
    assert asked.ephemeral
    links = answer_links(asked)
    assert links[f"Game #{record.id} on the web"] == f"{base}/game/{address(record.id)}"
    mine = links[f"Your page, game #{record.id}"]
    assert mine.startswith(f"{base}/game/{address(record.id)}/seat/0#v1.{record.id}.0.0.")
    bobs = answer_links(await bob.slash(room.channel, "web"))[f"Your page, game #{record.id}"]

    page = await fetch(mine.split("#")[0])
    assert page.status == 200 and "mine" not in page.text  # the page itself holds nothing private
    state = await fetch(f"{base}/game/{address(record.id)}/seat/0/state", headers=bearer(mine))
    assert state.status == 200 and "no-store" in state.headers["Cache-Control"]
    assert "&quot;mine&quot;:3" in json.loads(state.text)["board"]
    assert (
        "&quot;mine&quot;:6"
        in (await fetch(f"{base}/game/{address(record.id)}/seat/1/state", headers=bearer(bobs))).text
    )

    def refused(seat: int, headers: dict[str, str]) -> object:
        return fetch(f"{base}/game/{address(record.id)}/seat/{seat}/state", headers=headers)

    token = token_of(mine)
    forged = token[:-2] + ("AA" if not token.endswith("AA") else "BB")
    claims = table.signer.read(token)
    expired = table.signer.issue(Claims(record.id, 0, 0, int(time.time()) - 1))
    other_game = table.signer.issue(Claims(record.id + 1, 0, 0, claims.expires))
    unsigned = token.replace(f"v1.{record.id}.0.", f"v1.{record.id}.1.")
    for seat, headers in [
        (0, {}),
        (0, {"Authorization": "Bearer"}),
        (0, {"Authorization": f"Bearer {forged}"}),
        (0, {"Authorization": f"Bearer {expired}"}),
        (0, {"Authorization": f"Bearer {other_game}"}),
        (1, bearer(mine)),  # alice's token on bob's seat
        (1, {"Authorization": f"Bearer {unsigned}"}),  # her token altered to name bob's seat
        (0, {"Authorization": f"Basic {token}"}),
    ]:
        answer = await refused(seat, headers)  # type: ignore[misc]
        assert answer.status == 403, (seat, headers)  # type: ignore[attr-defined]
        assert "mine" not in answer.text  # type: ignore[attr-defined]
    refused = await fetch(f"{base}/game/{address(record.id)}/seat/1/events", headers=bearer(mine))
    assert refused.status == 403

    # revoked: /web revoke:True gives a new link; the old one is refused, an open page closed
    stream = asyncio.ensure_future(
        stream_events(f"{base}/game/{address(record.id)}/seat/0/events", headers=bearer(mine), count=2)
    )
    await asyncio.sleep(0.3)
    revoked = await alice.slash(room.channel, "web", revoke=True)
    assert "no longer open your page" in str(revoked.response.content if revoked.response else "")
    fresh = answer_links(revoked)[f"Your page, game #{record.id}"]
    assert token_of(fresh) != token and ".0.1." in fresh
    assert [name for name, _ in await stream] == ["snapshot", "refused"]
    seats = f"{base}/game/{address(record.id)}/seat"
    assert (await fetch(f"{seats}/0/state", headers=bearer(mine))).status == 403
    assert (await fetch(f"{seats}/0/state", headers=bearer(fresh))).status == 200
    assert (await fetch(f"{seats}/1/state", headers=bearer(bobs))).status == 200

    # the seat left: its link no longer opens anything
    await bob.slash(room.channel, "resign")
    assert (await fetch(f"{base}/game/{address(record.id)}/seat/1/state", headers=bearer(bobs))).status == 403


async def test_each_player_gets_his_link_by_dm_at_the_start_and_the_replay_steps_through(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot
) -> None:
    room = make_room(simcord_env, repository)
    alice, _bob = room.players
    record = await open_game(room)
    base = web_table(simcord_bot).links.base
    for seat, member in enumerate(room.players):
        dm = next(m for m in member.user.dm_channel.history() if "private page on the web" in m.content)
        (url,) = link_buttons(dm).values()
        assert url.startswith(f"{base}/game/{address(record.id)}/seat/{seat}#v1.")
    assert (await fetch(f"{base}/game/{address(record.id)}/replay")).status == 404  # not while it runs
    await alice.slash(room.channel, "resign")
    moves = len(await repository.moves(record.id))
    page = await fetch(f"{base}/game/{address(record.id)}/replay?move=0")
    assert page.status == 200 and f"Move 0 of {moves}" in page.text
    replay = f"{base}/game/{address(record.id)}/replay"
    steps = [json.loads((await fetch(f"{replay}/{n}")).text) for n in range(moves + 1)]
    assert [s["move"] for s in steps] == list(range(moves + 1))
    assert all(s["reveal"] == "" for s in steps[:-1]) and "Revealed at the end" in steps[-1]["reveal"]
    assert "resigned" in steps[-1]["events"].lower() or steps[-1]["events"]
    assert (await fetch(f"{base}/game/{address(record.id)}/replay/{moves + 1}")).status == 404


async def test_odd_requests_get_short_refusals(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, secret_game: SecretNumbers
) -> None:
    room = await secret_room(simcord_env, repository, secret_game)
    record = await room.record()
    base = web_table(simcord_bot).links.base
    for path, status in [
        ("/game/abc", 404),
        ("/game/0", 404),
        ("/game/99999999999999999999", 404),
        ("/game/424242", 404),
        (f"/game/{record.id}", 404),  # a game is found only at the address the bot gave
        (f"/game/{record.id}-{'A' * 16}", 404),
        (f"/game/{address(record.id + 1)}".replace(str(record.id + 1), str(record.id), 1), 404),
        (f"/game/{record.id}/events", 404),
        (f"/game/{address(record.id)}/seat/99", 404),
        (f"/game/{address(record.id)}/seat/-1", 404),
        (f"/game/{address(record.id)}/picture/0/..%2F..%2Fetc%2Fpasswd", 404),
        (f"/game/{address(record.id)}/picture/7/board.png", 404),
        ("/static/../settings.py", 404),
        ("/../../etc/passwd", 404),
        (f"/game/{address(record.id)}?lang=" + "x" * 50, 400),
        (f"/game/{address(record.id)}/replay?move=-3", 400),
        (f"/game/{address(record.id)}/replay", 404),  # a running game has no replay
        ("/" + "a" * 6000, 400),
    ]:
        answer = await fetch(base + path)
        assert answer.status == status, path
        assert "Traceback" not in answer.text and len(answer.text) < 4000, path
    assert (await fetch(f"{base}/game/{address(record.id)}", method="POST", data=b"x")).status == 405
    huge = await fetch(f"{base}/game/{address(record.id)}/state", data=b"x" * (MAX_BODY * 64))
    assert huge.status == 413
    assert (await fetch(f"{base}/game/{address(record.id)}", headers={"X-Long": "y" * 9000})).status == 400

    streams = [
        asyncio.ensure_future(stream_events(f"{base}/game/{address(record.id)}/events", count=99, timeout=3))
        for _ in range(3)
    ]
    await asyncio.sleep(0.5)
    assert (await fetch(f"{base}/game/{address(record.id)}/events")).status == 429
    for stream in streams:
        stream.cancel()
    await asyncio.gather(*streams, return_exceptions=True)
    await asyncio.sleep(0.3)
    assert (await fetch(f"{base}/game/{address(record.id)}/state")).status == 200
