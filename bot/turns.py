"""Who must be told that it is their turn: the seats that act now and did not before."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from engine import get_game
from storage.models import GameRecord


def newly_to_act(record_before: GameRecord | None, record_after: GameRecord) -> tuple[int, ...]:
    """Seats in ``to_act`` after the move that were not before it (all of them at the start).
    Pinging only these keeps to one ping per turn, not one per move."""
    game = get_game(record_after.key)
    if record_after.state is None:
        return ()
    after = game.to_act(record_after.state)
    before: tuple[int, ...] = ()
    if record_before is not None and record_before.state is not None:
        before = game.to_act(record_before.state)
    return tuple(s for s in after if s not in before)


def ping(record: GameRecord, seats: tuple[int, ...], lang: str) -> dict[str, Any] | None:
    """The short turn message for the people among ``seats`` (computer players need none),
    as keyword arguments for ``send``; ``None`` when nobody is to be pinged."""
    users = [record.seats[s].user_id for s in seats if record.seats[s].user_id is not None]
    if not users:
        return None
    mentions = " ".join(f"<@{u}>" for u in users)
    title = get_game(record.key).title
    return {
        "content": t(lang, "turn.ping", players=mentions, title=title, id=record.id),
        "allowed_mentions": discord.AllowedMentions(everyone=False, roles=False, users=True),
    }
