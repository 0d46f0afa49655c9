"""Commands are synced at start-up: globally, or to DEV_GUILD_ID; descriptions carry Russian."""

from __future__ import annotations

from pathlib import Path

import pytest
import simcord

import engine
from bot import create_bot
from bot.settings import Settings
from storage import Repository
from tests.e2e.conftest import database_url

PUBLIC_COMMANDS = {
    *("play", "move", "hand", "status", "resign", "hint", "rules", "stats", "leaderboard"),
    *("games", "history", "export"),  # /config is for Manage Server only
    "hobbit autopass",  # a game's own command (Raid's /place is for DMs only)
}


async def test_commands_are_synced_globally_with_russian_descriptions(simcord_env: simcord.Env) -> None:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("games")
    member = guild.add_member(simcord_env.create_user("alice"))

    assert set(member.available_commands(channel)) == PUBLIC_COMMANDS
    play = simcord_env.backend.find_command("play", None)
    assert play is not None
    assert play["description"] == "Open a game lobby in this channel"
    assert play["description_localizations"]["ru"] == "Открыть лобби игры в этом канале"
    assert [c["value"] for c in play["options"][0]["choices"]] == list(engine.game_keys())


async def test_with_a_dev_guild_commands_go_to_that_guild_only(
    tmp_path: Path, repository: Repository
) -> None:
    dev_guild_id = 1_400_000_000_000_000_000
    settings = Settings(_env_file=None, database_url=database_url(tmp_path), dev_guild_id=dev_guild_id)  # type: ignore[call-arg]
    async with simcord.run(create_bot(settings, repository)) as env:
        dev = env.create_guild("dev", id=dev_guild_id)
        other = env.create_guild("other")
        dev_member = dev.add_member(env.create_user("dev"))
        other_member = other.add_member(env.create_user("someone"))

        assert set(dev_member.available_commands(dev.create_text_channel("games"))) == PUBLIC_COMMANDS
        assert other_member.available_commands(other.create_text_channel("games")) == ()
        assert env.backend.find_command("play", None) is None


async def test_without_a_repository_the_bot_opens_its_database_at_start(tmp_path: Path) -> None:
    """No database file yet: the bot creates and migrates it in setup_hook."""
    url = f"sqlite:///{tmp_path / 'own' / 'tavern.db'}"
    bot = create_bot(Settings(_env_file=None, database_url=url))  # type: ignore[call-arg]
    try:
        async with simcord.run(bot) as env:
            guild = env.create_guild()
            channel = guild.create_text_channel("games")
            alice = guild.add_member(env.create_user("alice"))
            result = await alice.slash(channel, "play", game="pickomino")
            assert result.response is not None and not result.ephemeral
            found = await bot.repository.by_channel(channel.id)
            assert found is not None and found.message_id == result.response.id
    finally:
        await bot.close()
    assert (tmp_path / "own" / "tavern.db").exists()
    with pytest.raises(RuntimeError, match="storage is opened in setup_hook"):
        _ = bot.repository  # closed with the bot that opened it
