"""Hobbit games stored before the card editions keep the first edition: stored at Hobbit's state
version 1, they are upgraded by Hobbit's own hook (the edition they were played with written
into their options) and their snapshots rebuilt from the log when the database is opened, so they
replay, verify and play on as they were played, while a new game takes the latest edition. So do
games stored before the difficulty levels (state version 2): they keep their edition and are
played at the normal difficulty."""

from __future__ import annotations

import json
import random

import engine
from engine.core.move_log import play_logged
from engine.games.hobbit.state import CURRENT_EDITION
from storage import GameStatus, Repository, open_repository
from storage.backends import open_database
from storage.migrations import LATEST, migrate
from storage.repository import utc_now
from tests.storage.servers import Raw

HOBBIT = engine.get_game("hobbit")
SEED = 1
"""A deal whose setup resolves a red card, so the editions part at once (Smaug on 41 or 40)."""
VERSION = "SELECT state_version FROM games WHERE id = ?"


async def _hobbit_game(url: str, options: dict[str, object]) -> int:
    """A Hobbit game played 30 moves into a database at the latest schema."""
    database = await open_database(url)
    assert await migrate(database) == LATEST
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


async def _stored_by_an_earlier_program(
    url: str, schema: int, *, edition: int | None, seats: int = 2, state_version: int | None = None
) -> int:
    """The same game as the program at ``schema`` stored it, in a database at ``schema`` (its
    rows written as that program wrote them): before the editions (``edition`` None) no edition
    anywhere; after them, the edition it was played with in its options and snapshot; before the
    difficulty levels, no difficulty anywhere. ``state_version``: the one that program wrote
    (none before schema v13)."""
    options = HOBBIT.options(seats, {"edition": edition or 1}).model_dump(mode="json")
    del options["difficulty"]
    state = HOBBIT.new(seats, SEED, options)
    logged = []
    rng = random.Random(3)
    for _ in range(30):
        seat = HOBBIT.to_act(state)[0]
        step, move = play_logged(
            HOBBIT, state, seat, HOBBIT.dump_action(rng.choice(HOBBIT.legal_actions(state, seat)))
        )
        logged.append((seat, move))
        state = step.state
    assert HOBBIT.result(state) is None
    snapshot = HOBBIT.dump_state(state)
    assert "difficulty" not in snapshot["options"]  # type: ignore[call-overload,index]  # normal
    if edition is None:
        del options["edition"], snapshot["options"]["edition"]  # type: ignore[call-overload,index]
    database = await open_database(url)
    try:
        assert await migrate(database, target=schema) == schema
        now = utc_now().isoformat()
        versioned = ("", "", ()) if state_version is None else (", state_version", ", ?", (state_version,))
        async with database.transaction(write=True) as db:
            row = await db.fetch_one(
                "INSERT INTO games (key, guild_id, channel_id, host_id, options, seed, status, version,"
                f" state, created_at, updated_at{versioned[0]}) VALUES"
                f" ('hobbit', 1, 5, 11, ?, ?, 'active', ?, ?, ?, ?{versioned[1]}) RETURNING id",
                (json.dumps(options), SEED, len(logged), json.dumps(snapshot), now, now, *versioned[2]),
            )
            assert row is not None
            game_id = int(row[0])
            await db.execute_many(
                "INSERT INTO seats (game_id, seat, user_id, name) VALUES (?, ?, ?, ?)",
                [(game_id, seat, 11 + seat, f"user{11 + seat}") for seat in range(seats)],
            )
            await db.execute_many(
                "INSERT INTO moves (game_id, seq, seat, action, created_at) VALUES (?, ?, ?, ?, ?)",
                [(game_id, seq, seat, json.dumps(move), now) for seq, (seat, move) in enumerate(logged, 1)],
            )
        return game_id
    finally:
        await database.close()


async def test_a_game_stored_before_editions_replays_as_it_was_played(db_url: str, raw: Raw) -> None:
    game_id = await _stored_by_an_earlier_program(db_url, 10, edition=None)
    repo = await open_repository(db_url)  # migrates v10 → latest, then upgrades the game
    try:
        assert await raw.version() == LATEST
        record = await repo.get(game_id)
        assert record.options["edition"] == 1 and record.state.options.edition == 1
        assert record.state.smaug is not None
        assert await raw.value(VERSION, game_id) == HOBBIT.state_version
        assert await repo.verify() == []
    finally:
        await repo.close()


async def test_a_game_stored_after_editions_keeps_its_own(db_url: str, raw: Raw) -> None:
    """A database the editions' program wrote (schema 12) records no state version: its games are
    taken to be at Hobbit's first, and the upgrade keeps the edition their options name."""
    game_id = await _stored_by_an_earlier_program(db_url, 12, edition=2)
    stored = await raw.value("SELECT state FROM games WHERE id = ?", game_id)
    repo = await open_repository(db_url)
    try:
        record = await repo.get(game_id)
        assert record.options["edition"] == 2 and record.state.options.edition == 2
        assert json.loads(await raw.value("SELECT state FROM games WHERE id = ?", game_id)) == json.loads(
            stored
        )
        assert await raw.value(VERSION, game_id) == HOBBIT.state_version
        assert await repo.verify() == []
    finally:
        await repo.close()


async def test_a_game_stored_before_difficulty_levels_is_a_normal_game_of_its_edition(
    db_url: str, raw: Raw
) -> None:
    """A four-player game of edition 2 stored at state version 2 names no difficulty: it is
    upgraded to a normal game of edition 2 (not of edition 3, which new four-player games take),
    and its snapshot, rebuilt from the log, is the one it was stored with."""
    game_id = await _stored_by_an_earlier_program(db_url, LATEST, edition=2, seats=4, state_version=2)
    stored = await raw.value("SELECT state FROM games WHERE id = ?", game_id)
    repo = await open_repository(db_url)
    try:
        record = await repo.get(game_id)
        assert record.options["difficulty"] == "normal" and record.state.options.difficulty == "normal"
        assert record.options["edition"] == 2 and record.state.options.edition == 2
        assert json.loads(await raw.value("SELECT state FROM games WHERE id = ?", game_id)) == json.loads(
            stored
        )
        assert await raw.value(VERSION, game_id) == HOBBIT.state_version
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
        assert record.options["edition"] == record.state.options.edition == CURRENT_EDITION
        assert record.options["difficulty"] == "normal"
        assert await repo.verify() == []
    finally:
        await repo.close()
