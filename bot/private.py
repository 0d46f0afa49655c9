"""Private information: each seat's own view, sent by DM when it changes.

Which seats to write to is decided from the engine's views alone (the engine decides what is
secret): a seat is written to when the part of its view that spectators do not see has changed
with the move. When a DM is refused (the user closed DMs: HTTP 403) the caller tells
the player, in an ephemeral message, to use the Private button instead.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

import discord

from bot.i18n import t
from bot.render import Table, renderer_for
from bot.reply import Reply
from engine import Game, get_game
from engine.core import dump_json
from storage.models import GameRecord

log = logging.getLogger("tavern.bot")


def _private_part(game: Game[Any, Any, Any], state: Any, seat: int) -> str:
    """What this seat sees that a spectator does not, as canonical JSON: the top-level view
    fields that differ from the public view (the whole view when it is not a mapping). An
    empty mapping means the seat has no secrets. Comparing only this part keeps public moves
    (a die roll, a card played) from sending everyone a DM."""
    mine = game.dump_view(game.view(state, seat))
    public = game.dump_view(game.view(state, None))
    if isinstance(mine, dict) and isinstance(public, dict):
        return dump_json({k: v for k, v in mine.items() if public.get(k) != v})
    return dump_json(mine) if mine != public else dump_json({})


_NOTHING = dump_json({})


def changed_private_views(
    game: Game[Any, Any, Any], before: Any | None, after: Any, seats: Iterable[int]
) -> list[int]:
    """Seats that have something private after the move that is new since before it
    (``before`` is ``None`` at the start of a game: every secret is new)."""
    changed = []
    for seat in seats:
        now = _private_part(game, after, seat)
        if now == _NOTHING:
            continue
        if before is not None and _private_part(game, before, seat) == now:
            continue
        changed.append(seat)
    return changed


async def send_private_views(
    client: discord.Client, before: Any | None, record: GameRecord, lang: str, *, pictures: bool = True
) -> list[int]:
    """DM every human seat whose private view changed; returns the user ids that could not
    be reached (DMs closed). Other delivery failures are logged and skipped: the player can
    always press Private."""
    if record.state is None:
        return []
    game = get_game(record.key)
    renderer = renderer_for(record.key)
    unreachable = []
    humans = [s.seat for s in record.seats if s.user_id is not None and not s.resigned]
    for seat in changed_private_views(game, before, record.state, humans):
        user_id = record.seats[seat].user_id
        assert user_id is not None
        embed, files = renderer.private_message(Table(record, game, lang, pictures=pictures), seat)
        try:
            # The DM channel is cached after the first DM: no user lookup per message.
            channel = await client.create_dm(discord.Object(id=user_id))
            await channel.send(embed=embed, files=files)
        except discord.Forbidden:
            unreachable.append(user_id)
        except discord.HTTPException:
            log.exception("could not DM seat %s of game %s", seat, record.id)
    return unreachable


async def report_unreachable(
    reply: Reply,
    pending: set[tuple[int, int]],
    game_id: int,
    unreachable: list[int],
    *,
    record: GameRecord | None = None,
    pictures: bool = True,
) -> None:
    """Tell each unreachable player to use Private: the one who made this interaction right
    away (ephemeral, with the private view that could not be sent when ``record`` is given),
    anyone else at their next interaction with this game (an ephemeral message can only go
    to the person interacting)."""
    actor = reply.interaction.user.id
    for user_id in unreachable:
        if user_id != actor:
            pending.add((game_id, user_id))
            continue
        notice = t(reply.lang, "private.dm_closed")
        seat = record.seat_of(user_id) if record is not None else None
        if record is None or seat is None or record.state is None:
            await reply.send_ephemeral(content=notice)
            continue
        embed, files = renderer_for(record.key).private_message(
            Table(record, get_game(record.key), reply.lang, pictures=pictures), seat
        )
        await reply.send_ephemeral(content=notice, embed=embed, files=files)


async def deliver_pending_notice(reply: Reply, pending: set[tuple[int, int]], game_id: int) -> None:
    key = (game_id, reply.interaction.user.id)
    if key in pending:
        pending.discard(key)
        await reply.send_ephemeral(content=t(reply.lang, "private.dm_closed"))
