"""What the bot keeps in storage besides the games: Discord message ids of its turn pings, DM
notices, each person's own settings and each server's settings. Each module uses storage's
transactions (``Repository.database``); the tables are in the schema (``storage.schema``), like
every table.

``open_repository`` opens storage as the bot uses it: its turn clock counting each game with
its server's turn limit and reminder (``guild_settings.policy_of_server``), and a game with a
computer seat rated where its server says so (``guild_settings.rates_computers``)."""

from __future__ import annotations

from bot.stored.guild_settings import policy_of_server, rates_computers
from storage import Repository
from storage import open_repository as open_storage
from storage.claims import Claimant
from storage.database import POOL_SIZE
from storage.repository import Clock


async def open_repository(
    url: str, *, clock: Clock | None = None, pool_size: int = POOL_SIZE, claimant: Claimant | None = None
) -> Repository:
    """``storage.open_repository`` with the servers' settings as the turn clock's policy and
    the ratings'."""
    return await open_storage(
        url,
        clock=clock,
        pool_size=pool_size,
        claimant=claimant,
        turn_policy=policy_of_server,
        rating_policy=rates_computers,
    )


def counts_with_server_settings(repository: Repository) -> bool:
    """Whether ``repository`` was opened as the bot's (its clock reads the servers' settings)."""
    return repository.turn_clock.policy_reader is policy_of_server


__all__ = ["counts_with_server_settings", "open_repository"]
