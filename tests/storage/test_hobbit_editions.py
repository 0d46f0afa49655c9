"""Hobbit games stored before the card editions keep the first edition: the v11 step writes it
into their options and snapshots, so they replay, verify and play on as they were played, while
a new game takes the latest edition."""

from __future__ import annotations

import json
import random

import engine
from storage import GameStatus, Repository, open_repository
from storage.backends import open_database
from storage.repository import utc_now
from storage.schema import LATEST, migrate
from tests.storage.servers import Raw

HOBBIT = engine.get_game("hobbit")
SEED = 1
"""A deal whose setup resolves a red card, so the editions part at once (Smaug on 41 or 40)."""


async def _hobbit_game(url: str, options: dict[str, object], *, schema: int = LATEST) -> int:
    """A Hobbit game played 30 moves into a database at ``schema`` (driven by today's code)."""
    database = await open_database(url)
    assert await migrate(database, target=schema) == schema
    repo = Repository(database, clock=utc_now)
    try:
        lobby = await repo.create_lobby(
            "hobbit", guild_id=1, channel_id=5, host_id=11, host_name="user11", options=options
        )
        await repo.join(lobby.id, 12, "user12")
        record = await repo.start(lobby.id, seed=SEED)
        rng = random.Random(3)
        for _ in range(30):
            if record.status is not GameStatus.ACTIVE:
                break
            seat = HOBBIT.to_act(record.state)[0]
            action = HOBBIT.dump_action(rng.choice(HOBBIT.legal_actions(record.state, seat)))
            record = (
                await repo.apply(record.id, expected_version=record.version, seat=seat, action=action)
            ).game
        return record.id
    finally:
        await repo.close()


async def _as_stored_before_editions(raw: Raw, game_id: int) -> None:
    """The rows as the program before editions wrote them: no edition anywhere."""
    options_text, state_text = (await raw.fetch("SELECT options, state FROM games WHERE id = ?", game_id))[0]
    options, state = json.loads(options_text), json.loads(state_text)
    del options["edition"], state["options"]["edition"]
    await raw.execute(
        "UPDATE games SET options = ?, state = ? WHERE id = ?",
        json.dumps(options),
        json.dumps(state),
        game_id,
    )


async def test_a_game_stored_before_editions_replays_as_it_was_played(db_url: str, raw: Raw) -> None:
    game_id = await _hobbit_game(db_url, {"edition": 1}, schema=10)
    await _as_stored_before_editions(raw, game_id)
    repo = await open_repository(db_url)  # migrates v10 → latest
    try:
        assert await raw.version() == LATEST
        record = await repo.get(game_id)
        assert record.options["edition"] == 1 and record.state.options.edition == 1
        assert record.state.smaug is not None
        assert await repo.verify() == []
    finally:
        await repo.close()


async def test_without_its_edition_such_a_game_would_not_verify(db_url: str, raw: Raw) -> None:
    """The check above can fail: the same game stored under today's edition differs."""
    game_id = await _hobbit_game(db_url, {"edition": 1})
    options_text = (await raw.fetch("SELECT options FROM games WHERE id = ?", game_id))[0][0]
    options = json.loads(options_text) | {"edition": 2}
    await raw.execute("UPDATE games SET options = ? WHERE id = ?", json.dumps(options), game_id)
    repo = await open_repository(db_url)
    try:
        assert [m.game_id for m in await repo.verify()] == [game_id]
    finally:
        await repo.close()


async def test_a_new_game_takes_the_latest_edition(db_url: str) -> None:
    game_id = await _hobbit_game(db_url, {})
    repo = await open_repository(db_url)
    try:
        record = await repo.get(game_id)
        assert record.options["edition"] == 2 and record.state.options.edition == 2
        assert await repo.verify() == []
    finally:
        await repo.close()
