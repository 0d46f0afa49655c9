"""Each person's own settings for a game: none until stored, the whole object replaced when
stored again, kept per person and per game, over a reopening of the database; a stored value
that is not an object reads as none."""

from __future__ import annotations

from bot.stored import player_settings
from storage import Repository, open_repository
from tests.storage.servers import Raw


async def test_settings_are_kept_per_person_and_game_and_replaced_whole(repo: Repository) -> None:
    assert await player_settings.read(repo, 11, "chess") == {}
    await player_settings.write(repo, 11, "chess", {"autopass": True, "colour": "R"})
    await player_settings.write(repo, 12, "chess", {"autopass": False})
    await player_settings.write(repo, 11, "go", {"fast": True})
    assert await player_settings.read(repo, 11, "chess") == {"autopass": True, "colour": "R"}
    assert await player_settings.read(repo, 12, "chess") == {"autopass": False}
    assert await player_settings.read(repo, 11, "go") == {"fast": True}
    await player_settings.write(repo, 11, "chess", {"autopass": False})
    assert await player_settings.read(repo, 11, "chess") == {"autopass": False}


async def test_settings_outlive_a_reopening(db_url: str) -> None:
    repo = await open_repository(db_url)
    try:
        await player_settings.write(repo, 2**62, "chess", {"autopass": True})  # a Discord-sized id
    finally:
        await repo.close()
    again = await open_repository(db_url)
    try:
        assert await player_settings.read(again, 2**62, "chess") == {"autopass": True}
    finally:
        await again.close()


async def test_a_stored_value_that_is_not_an_object_reads_as_none(repo: Repository, raw: Raw) -> None:
    await player_settings.write(repo, 11, "chess", {"autopass": True})
    await raw.execute("UPDATE player_settings SET settings = '[1, 2]' WHERE user_id = 11")
    assert await player_settings.read(repo, 11, "chess") == {}
    await raw.execute("UPDATE player_settings SET settings = '{' WHERE user_id = 11")
    assert await player_settings.read(repo, 11, "chess") == {}
