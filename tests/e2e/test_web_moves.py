"""Moves from a seat's web page, through the real bot under SimCord, over HTTP: a move goes
through the one move path (the Discord board edited, the next player pinged), and only with
the seat's valid token in a header, from the page's own origin, for the seat's own decision,
once; every refusal is a short JSON with a status."""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import simcord

from bot import TavernBot
from bot.web.server import MAX_BODY
from bot.web.tokens import Claims
from storage import Repository
from tests.bot.secret_game import SecretNumbers, secret_game_registered
from tests.e2e.helpers import Room, field_names, field_of, sent_pings
from tests.e2e.web_helpers import (
    Fetched,
    address,
    answer_links,
    fetch,
    secret_table,
    serving,
    token_of,
    web_bot,
    web_table,
)


@pytest.fixture
async def simcord_bot(
    tmp_path: Path, repository: Repository, request: pytest.FixtureRequest
) -> AsyncIterator[TavernBot]:
    """The bot with its web table; a test may set ``WEB_MOVES_PER_MINUTE`` (``indirect``)."""
    per_minute = getattr(request, "param", 120)
    async with serving(web_bot(tmp_path, repository, web_moves_per_minute=per_minute)) as bot:
        yield bot


@pytest.fixture
def secret_game() -> Iterator[SecretNumbers]:
    with secret_game_registered() as game:
        yield game


def bearer(url: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token_of(url)}"}


async def links(room: Room) -> tuple[str, str]:
    """alice's and bob's private links."""
    record = await room.record()
    alice, bob = room.players
    mine = answer_links(await alice.slash(room.channel, "web"))[f"Your page, game #{record.id}"]
    bobs = answer_links(await bob.slash(room.channel, "web"))[f"Your page, game #{record.id}"]
    return mine, bobs


async def post(base: str, game_id: int, seat: int, body: Any, headers: dict[str, str], **kw: Any) -> Fetched:
    data = body if isinstance(body, bytes) else json.dumps(body).encode()
    return await fetch(
        f"{base}/game/{address(game_id)}/seat/{seat}/move",
        method="POST",
        data=data,
        headers={"Content-Type": "application/json", **headers},
        **kw,
    )


async def test_a_move_from_the_page_goes_through_the_move_path(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, secret_game: SecretNumbers
) -> None:
    room, record, base = await secret_table(simcord_env, repository, simcord_bot, secret_game.key)
    mine, _ = await links(room)
    pings = len(sent_pings(simcord_env))
    answer = await post(base, record.id, 0, {"version": 0, "action": {"kind": "peek"}}, bearer(mine))
    assert answer.status == 200, answer.text
    told = json.loads(answer.text)
    assert told["ok"] is True and told["version"] == 1 and "peek" in told["message"]
    after = await repository.get(record.id)
    assert after.version == 1 and [m.action for m in await repository.moves(record.id)] == [{"kind": "peek"}]
    board = room.message(after.message_id)
    assert '"moves":1' in "".join(field_of(board, name) for name in field_names(board))
    assert len(sent_pings(simcord_env)) == pings + 1  # bob's turn begins: he is pinged
    seat = f"{base}/game/{address(record.id)}/seat/0"
    state = json.loads((await fetch(f"{seat}/state", headers=bearer(mine))).text)
    assert state["version"] == 1 and "&quot;mine&quot;:4" in state["board"]
    assert "alice" in state["history"] and "@" not in state["history"]  # named, not mentioned


async def test_a_move_needs_the_seats_valid_token_its_origin_and_its_turn(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, secret_game: SecretNumbers
) -> None:
    room, record, base = await secret_table(simcord_env, repository, simcord_bot, secret_game.key)
    table = web_table(simcord_bot)
    mine, bobs = await links(room)
    token = token_of(mine)
    claims = table.signer.read(token)
    peek = {"version": 0, "action": {"kind": "peek"}}
    forged = f"{token[:-2]}{'AA' if not token.endswith('AA') else 'BB'}"
    expired = table.signer.issue(Claims(record.id, 0, 0, int(time.time()) - 1))
    other_game = table.signer.issue(Claims(record.id + 1, 0, 0, claims.expires))
    refusals: list[tuple[int, dict[str, str], int]] = [
        (0, {}, 403),  # no token
        (0, {"Authorization": f"Bearer {forged}"}, 403),
        (0, {"Authorization": f"Bearer {expired}"}, 403),
        (0, {"Authorization": f"Bearer {other_game}"}, 403),
        (1, bearer(mine), 403),  # alice's token on bob's seat
        (0, bearer(bobs), 403),  # bob's token on alice's seat
        (0, {**bearer(mine), "Origin": "https://evil.example"}, 403),
        (0, {**bearer(mine), "Sec-Fetch-Site": "cross-site"}, 403),
        (1, bearer(bobs), 422),  # bob's own token, but it is not his turn
    ]
    for seat, headers, status in refusals:
        answer = await post(base, record.id, seat, peek, headers)
        assert answer.status == status, (seat, headers, answer.text)
        refusal = json.loads(answer.text)
        assert refusal["error"] == status and refusal["message"] and "Traceback" not in answer.text
    assert (await repository.get(record.id)).version == 0  # nothing was played

    same_origin = {**bearer(mine), "Origin": base, "Sec-Fetch-Site": "same-origin"}
    assert (await post(base, record.id, 0, peek, same_origin)).status == 200
    again = await post(base, record.id, 0, peek, same_origin)  # the same page, sent twice
    assert again.status == 409 and json.loads(again.text)["error"] == 409
    assert len(await repository.moves(record.id)) == 1

    # revoked: the old link plays nothing, the fresh one does
    bob = room.players[1]
    fresh = answer_links(await bob.slash(room.channel, "web", revoke=True))[f"Your page, game #{record.id}"]
    poke = {"version": 1, "action": {"kind": "poke"}}
    assert (await post(base, record.id, 1, poke, bearer(bobs))).status == 403
    assert (await post(base, record.id, 1, poke, bearer(fresh))).status == 200
    # resigned: alice's link plays nothing more
    await room.players[0].slash(room.channel, "resign")
    late = {"version": 3, "action": {"kind": "peek"}}
    assert (await post(base, record.id, 0, late, bearer(mine))).status == 403


async def test_two_submissions_at_once_store_one_move(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, secret_game: SecretNumbers
) -> None:
    room, record, base = await secret_table(simcord_env, repository, simcord_bot, secret_game.key)
    mine, _ = await links(room)
    body = {"version": 0, "action": {"kind": "poke"}}
    answers = await asyncio.gather(*(post(base, record.id, 0, body, bearer(mine)) for _ in range(4)))
    assert sorted(a.status for a in answers) == [200, 409, 409, 409]
    assert len(await repository.moves(record.id)) == 1


async def test_bad_bodies_get_short_json_refusals_and_change_nothing(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, secret_game: SecretNumbers
) -> None:
    room, record, base = await secret_table(simcord_env, repository, simcord_bot, secret_game.key)
    mine, _ = await links(room)
    for body, headers, status in [
        (b"not json", {}, 400),
        (b"[]", {}, 400),
        ({"version": 0}, {}, 400),  # neither an action nor a choice
        ({"version": 0, "action": {"kind": "peek"}, "choice": {"name": "x", "values": []}}, {}, 400),
        ({"version": "0", "action": {"kind": "peek"}}, {}, 400),  # strict: a number is a number
        ({"version": 10**30, "action": {"kind": "peek"}}, {}, 400),
        ({"version": 0, "action": {"kind": "peek"}, "extra": 1}, {}, 400),
        ({"version": 0, "action": {"kind": "dance"}}, {}, 422),  # read by the game: not a move
        (b'{"version": 0, "action": {"kind": "peek", "n": ' + b"9" * 5000 + b"}}", {}, 400),
        ({"version": 0, "choice": {"name": "random", "values": ["x"]}}, {}, 422),  # no such choice
        ({"version": 0, "choice": {"name": "Bad Name!", "values": []}}, {}, 400),
        ({"version": 7, "action": {"kind": "peek"}}, {}, 409),  # a version the game never had
        (b"x" * (MAX_BODY + 1), {}, 413),
        (b'{"version": 0, "action": {"kind": "peek"}}', {"Content-Type": "text/plain"}, 415),
    ]:
        answer = await post(base, record.id, 0, body, {**bearer(mine), **headers})
        assert answer.status == status, (str(body)[:80], answer.text)
        assert json.loads(answer.text)["error"] == status and len(answer.text) < 2000
    assert (await repository.get(record.id)).version == 0


@pytest.mark.parametrize("simcord_bot", [40], indirect=True)
async def test_each_link_has_a_rate_of_moves(
    simcord_env: simcord.Env, repository: Repository, simcord_bot: TavernBot, secret_game: SecretNumbers
) -> None:
    """40 moves a minute: 10 at once, then refused (429) before any is read; another seat's
    link keeps its own."""
    room, record, base = await secret_table(simcord_env, repository, simcord_bot, secret_game.key)
    mine, bobs = await links(room)
    wrong = {"version": 0, "action": {"kind": "dance"}}  # refused by the rules: costs nothing
    statuses = [(await post(base, record.id, 0, wrong, bearer(mine))).status for _ in range(12)]
    assert statuses == [422] * 10 + [429] * 2
    busy = json.loads((await post(base, record.id, 0, wrong, bearer(mine))).text)
    assert busy["error"] == 429 and "Too many moves" in busy["html"]  # the page shows why
    assert (await post(base, record.id, 1, wrong, bearer(bobs))).status == 422
