"""A database written before the engine kept decisions, a generator and end reasons in its
states (``data/v4_games.sql``, the dump of an SQLite file: Pickomino and Raid games at schema
v4, finished ones and running ones — in placement, in a fight, at a kit, mid-walk — a lobby and
a cancelled one) opens with today's code: every game replays to its stored position, reads, and
plays on. On PostgreSQL its rows are loaded into a database at v4, so the v5 step (which
rebuilds every snapshot in Python) runs there too."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path

import engine
from engine.ai import decide
from storage import GameStatus, open_repository
from storage.backends import open_database
from storage.copy import copy_table
from storage.migrations import LATEST, migrate
from storage.schema import TABLES
from tests.storage.servers import Raw

STORED = Path(__file__).parent / "data" / "v4_games.sql"


async def stored_v4_database(db_url: str, backend: str, tmp_path: Path) -> None:
    """The stored v4 games in the (empty) database ``db_url``."""
    path = tmp_path / "v4.db"
    with sqlite3.connect(path) as plain:
        plain.executescript(STORED.read_text(encoding="utf-8"))
    if backend == "sqlite":
        path.replace(Path(db_url.removeprefix("sqlite:///")))
        return
    source, target = await open_database(f"sqlite:///{path}"), await open_database(db_url)
    try:
        assert await migrate(target, target=4) == 4
        async with source.transaction(write=False) as reader, target.transaction(write=True) as writer:
            for table, key in TABLES.items():
                if table not in (
                    "standings",
                    "computer_turns",
                    "dm_notices",
                    "player_settings",
                    "owed",
                    "ratings",
                    "rating_changes",
                ):  # (came with v6, v8, v10, v15 and v16)
                    await copy_table(reader, writer, table, key)
            await target.after_copy(writer)
    finally:
        await source.close()
        await target.close()


async def test_games_stored_by_the_earlier_engine_replay_read_and_play_on(
    db_url: str, backend: str, raw: Raw, db_path: Path, tmp_path: Path
) -> None:
    db_path.parent.mkdir(parents=True)
    await stored_v4_database(db_url, backend, tmp_path)
    assert await raw.version() == 4
    old_states = {row[0]: row[1] for row in await raw.fetch("SELECT id, state FROM games")}
    assert len(old_states) == 26
    repo = await open_repository(db_url)
    try:
        assert await repo.verify() == []
        records = [await repo.get(game_id) for game_id in sorted(old_states)]
        kinds = {(r.key, r.status) for r in records if r.state is not None}
        statuses = (GameStatus.ACTIVE, GameStatus.FINISHED)
        assert kinds == {(key, status) for key in ("pickomino", "raid") for status in statuses}
        assert {r.status for r in records if r.state is None} == {GameStatus.LOBBY, GameStatus.ABANDONED}
        raids = [r for r in records if r.key == "raid" and r.status is GameStatus.ACTIVE]
        waiting = {r.state.agenda[-1].kind for r in raids}
        assert waiting == {"place", "walk", "fight", "kit"}
        for record in records:
            if record.status is GameStatus.FINISHED:
                assert record.result is not None and record.result.reason is not None
        rng = random.Random(1)
        for record in records:
            game = engine.get_game(record.key)
            while record.status is GameStatus.ACTIVE:
                seat = game.to_act(record.state)[0]
                action = decide(game, record.state, seat, "random", rng.randrange(1 << 30))
                applied = await repo.apply(
                    record.id, expected_version=record.version, seat=seat, action=game.dump_action(action)
                )
                record = applied.game
        assert await repo.verify() == []
    finally:
        await repo.close()
    assert await raw.version() == LATEST
    reasons = {row[0] for row in await raw.fetch("SELECT DISTINCT reason FROM results")}
    assert None not in reasons and {"grill_empty", "resigned"} <= reasons


def _as_stored_before(key: str, state: object) -> dict[str, object]:
    """Today's position in the form the earlier engine stored it: the generator as ``seed`` and
    ``draws``, and Raid's fight and kit read off the top of the agenda."""
    game = engine.get_game(key)
    plain = game.dump_state(state)
    assert isinstance(plain, dict)
    rng = plain.pop("rng")
    plain["seed"], plain["draws"] = rng[0], rng[1]
    if key == "raid":
        del plain["agenda"]
        fight = state.fight  # type: ignore[attr-defined]
        plain["fight"] = None
        if fight is not None:
            plain["fight"] = {
                "cell": fight.cell,
                "named": list(fight.named),
                "seat": fight.seats[0],
                "target": fight.target,
            }
        plain["kit_pending"] = state.kit_pending  # type: ignore[attr-defined]
    return plain


async def test_every_stored_position_is_reached_again_field_for_field(
    db_url: str, backend: str, raw: Raw, db_path: Path, tmp_path: Path
) -> None:
    """The log replayed by today's engine reaches the very position the earlier engine stored:
    every field of every stored snapshot, not only a clean verify."""
    db_path.parent.mkdir(parents=True)
    await stored_v4_database(db_url, backend, tmp_path)
    stored = {
        row[0]: (row[1], json.loads(row[2]))
        for row in await raw.fetch("SELECT id, key, state FROM games WHERE state IS NOT NULL")
    }
    assert len(stored) == 24
    repo = await open_repository(db_url)
    try:
        for game_id, (key, before) in sorted(stored.items()):
            record = await repo.get(game_id)
            assert _as_stored_before(key, record.state) == before, f"game {game_id} ({key})"
    finally:
        await repo.close()
