"""Who must be told that it is their turn: the seats that act now and did not before."""

from __future__ import annotations

from typing import Any

import discord

from bot.i18n import t
from engine import Event, get_game
from storage.models import GameRecord


def newly_to_act(
    record_before: GameRecord | None, record_after: GameRecord, events: tuple[Event, ...] = ()
) -> tuple[int, ...]:
    """Seats whose turn begins with this move: those in ``to_act`` after it that were not
    before (all of them at the start), and those a ``turn_started`` event names — a seat may
    be to act before and after a move and still start a new turn (Raid: the opponent fell
    into a pit; the first move after placement). Pinging only these keeps to one ping per
    turn, not one per move."""
    game = get_game(record_after.key)
    if record_after.state is None:
        return ()
    after = game.to_act(record_after.state)
    before: tuple[int, ...] = ()
    if record_before is not None and record_before.state is not None:
        before = game.to_act(record_before.state)
    started = {e.data.get("seat") for e in events if e.kind == "turn_started" and e.audience is None}
    return tuple(s for s in after if s not in before or s in started)


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
