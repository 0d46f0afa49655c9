"""Delivering late what a stored move still owes the table (``bot.owed``): the parts its own
follow-through did not deliver, because Discord failed past its retries or the process that
stored the move died first. The scheduler's passes claim those rows (``Repository.owed``) and
hand each here.

What is delivered late shows the game as the move left it, replayed from the log
(``Repository.at_version``), and is delivered once:

- the board is drawn only if no later move was stored since (a later move's board shows more,
  and its own follow-through, or this one's successor, edits it); it is an edit, so an edit made
  twice shows the same;
- the ping names only those of its players the game still waits for (a player who has moved
  since needs no ping), under the nonce of its move, and is not posted when the channel's latest
  messages already hold it: a ping that followed an interaction carries no nonce (Discord's
  webhooks take none), so a process killed after it went out and before it was marked would
  otherwise ping the player twice;
- each DM goes out as the move left the seat's private view, under the nonce of its move and
  seat; a seat whose DMs are closed is told at its next interaction, as after any move.
"""

from __future__ import annotations

import logging
from functools import partial
from typing import Any

import discord

from bot.host import Host, Send
from bot.i18n import guild_language
from bot.moves import Board, attempt, deliver_board, failed_seats
from bot.nonces import Kind, nonce
from bot.owed import Ledger, read_parts
from bot.private import send_private_views, unless_standing
from bot.stored import dm_notices
from bot.turns import users_to_act
from engine import Event
from storage.errors import GameUnavailable
from storage.models import Applied, GameRecord
from storage.owed import OwedMove

log = logging.getLogger("tavern.bot")


async def deliver_owed(host: Host, owed: OwedMove) -> None:
    """Deliver a claimed row, marking each part done; what fails is given back for later. A
    row that cannot be read, or whose game cannot be replayed, is dropped (and logged): nothing
    can be drawn for it."""
    repository = host.repository
    parts = read_parts(owed)
    if parts is None:
        await repository.owed.settle(owed.game_id, owed.version, None)
        return
    try:
        record, events = await repository.at_version(owed.game_id, owed.version)
    except GameUnavailable as exc:
        log.warning(
            "the follow-through of game %s's move %s is dropped: %s",
            owed.game_id,
            owed.version,
            exc.params["reason"],
        )
        await repository.owed.settle(owed.game_id, owed.version, None)
        return
    log.info("delivering what game %s's move %s still owes: %s", owed.game_id, owed.version, parts.dump())
    ledger = Ledger(host, owed.game_id, owed.version, parts, tries=owed.tries)
    try:
        await deliver(host, record, events, ledger)
    except Exception:  # logged; what is left is given back below
        log.exception("delivering what game %s's move %s owes failed", owed.game_id, owed.version)
    await ledger.close()


async def deliver(host: Host, record: GameRecord, events: tuple[Event, ...], ledger: Ledger) -> None:
    """The parts ``ledger`` has left of the move that made ``record`` (with ``events``)."""
    repository = host.repository
    latest = await repository.get(record.id)
    lang = guild_language(host.client, record.guild_id)
    pictures = await host.pictures(record.guild_id)
    if ledger.left.board:
        if latest.version > record.version:
            ledger.board_done()  # a later move's board shows more
        else:
            deadlines = await repository.turn_clock.deadlines(record.id)
            applied = Applied(game=record, events=events, deadlines=deadlines)
            if await deliver_board(host, applied, lang, pictures, None) is not Board.FAILED:
                ledger.board_done()
    if ledger.left.ping:
        acting = users_to_act(latest)
        to_ping = tuple(s for s in ledger.left.ping if record.seats[s].user_id in acting)
        channel = host.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        send = unless_posted(
            host, channel, partial(channel.send, nonce=nonce(Kind.PING, record.id, record.version))
        )

        async def ping() -> None:
            await host.turn_pings.after_move(None, record, events, lang, send, seats=to_ping)

        if await attempt("the turn ping", record.id, ping):
            await ledger.ping_done()
    if ledger.left.dm:
        seats = await unless_standing(host, record, ledger.left.dm, ledger.left.quiet)
        delivery = await send_private_views(host, None, record, lang, pictures=pictures, seats=seats)
        ledger.dms_done_but(failed_seats(record, delivery.failed))
        await attempt(
            "leaving DM notices",
            record.id,
            lambda: dm_notices.leave(repository, record.id, delivery.unreachable),
        )


RECENT = 25
"""The channel's latest messages read for a ping that may already be there: a ping posted for
this move came right after it, and a busy channel has a few messages more since."""


def unless_posted(host: Host, channel: discord.PartialMessageable, send: Send) -> Send:
    """``send``, unless the channel's latest messages hold the bot's message with the same text:
    that ping went out before the process that sent it could mark it (the message is then
    recorded as this move's ping, and tidied as one). A ping to the same players in the same game
    that is still there was not answered yet, so it still asks what this one would. Reading the
    history needs the Read Message History permission; without it the ping is posted."""

    async def send_once(**message: Any) -> discord.Message:
        me = host.client.user
        try:
            async for earlier in channel.history(limit=RECENT):
                if me is not None and earlier.author.id == me.id and earlier.content == message["content"]:
                    return earlier
        except discord.HTTPException as exc:
            log.info("channel %s's latest messages could not be read for a ping: %s", channel.id, exc)
        return await send(**message)

    return send_once


__all__ = ["RECENT", "deliver", "deliver_owed", "unless_posted"]
