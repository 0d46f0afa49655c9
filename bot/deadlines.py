"""What happens when a turn runs long: the reminder, and the timeout.

Both fall due by the database's clock, never this process's, and are claimed in storage by
exactly one bot process (``Repository.turn_clock``'s ``claim_reminders`` / ``claim_timeouts``,
with an owner and a lease); this module only acts on a claim, and the scheduler settles or gives
it back. A timed-out turn is played through the same path as a person's move —
``Repository.apply`` against the version the claim saw, then the board is redrawn — so a person
who moves at the last second wins the race and the computer's move is refused as stale, never
stored twice.

A pending decision with a default (``Decision.default``, usually a pass) is answered with it
(``Game.default_action``); otherwise the computer's moves are made by the computer seats' own
path (``Host.computer_turns.play_for_seat``) with the game's strongest policy. Each is stored
with the turn clock and followed through like any move (``bot.moves``). When the computer
finds no move the seat resigns, so a game never stalls on an absent player.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any

import discord

from bot.board import jump_url
from bot.host import Host
from bot.i18n import guild_language, t
from bot.moves import follow
from bot.policies import default_policy
from bot.stored import guild_settings
from bot.turns import waits_for
from engine import RESIGN, get_game
from engine.core.errors import EngineError
from storage.errors import NotPlaying, StaleVersion
from storage.models import GameRecord, GameStatus
from storage.turn_clock import DueTurn, TurnDeadline

log = logging.getLogger("tavern.deadlines")

MAX_TIMEOUT_MOVES = 200
"""A timed-out turn is played to its end (every move while the seat is to act); a bound
guards against a game that never passes the turn."""


def timestamp(moment: datetime) -> str:
    """A Discord timestamp that each reader sees in their own time zone, relative (``in 2 hours``)."""
    return f"<t:{int(moment.timestamp())}:R>"


async def sync_after_move(
    host: Host, record: GameRecord, *, present_seat: int | None
) -> dict[int, TurnDeadline]:
    """Start or keep the clocks of the seats the game now waits for (after any stored move or
    the start), by the database's clock; the board shows the returned deadlines."""
    return await host.repository.turn_clock.sync(record.id, present_seat=present_seat)


async def send_reminder(host: Host, due: DueTurn) -> None:
    """One DM to the player to act; a ping in the game's channel when DMs are closed."""
    record = await host.repository.get(due.game_id)
    if record.status is not GameStatus.ACTIVE or due.user_id is None:
        return
    deadline = (await host.repository.turn_clock.deadlines(record.id)).get(due.seat)
    if deadline is None:  # the turn ended between the claim and now
        return
    lang = guild_language(host.client, record.guild_id)
    params = {
        "title": get_game(record.key).title,
        "id": record.id,
        "deadline": timestamp(deadline.deadline_at),
        "url": jump_url(record),
    }
    try:
        user = host.client.get_user(due.user_id) or await host.client.fetch_user(due.user_id)
        await user.send(t(lang, "living.reminder", **params))
        log.info("reminded seat %s", due.seat, extra=context(record))
    except discord.Forbidden:
        channel = host.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        await channel.send(
            t(lang, "living.reminder_channel", player=f"<@{due.user_id}>", **params),
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        log.info("reminded seat %s in the channel (DMs closed)", due.seat, extra=context(record))


def context(record: GameRecord) -> dict[str, Any]:
    """Log fields of a game (see ``bot.logging_setup``)."""
    return {"guild_id": record.guild_id, "channel_id": record.channel_id, "game_id": record.id}


async def play_timed_out_turn(host: Host, due: DueTurn) -> bool:
    """The seat's time ran out: the channel is told, then a computer plays the seat's turn to
    its end (``Host.computer_turns.play_for_seat``, the computer seats' own path, one followed
    move at a time), or — under the ``remove`` setting after enough missed turns in a row, or
    when the computer finds no move — the seat resigns through the normal resign path. Returns
    whether anything was done (``False`` when the seat moved first)."""
    repo = host.repository
    record = await repo.get(due.game_id)
    if not waits_for(record, due.seat):
        return False
    clock = (await repo.turn_clock.deadlines(record.id)).get(due.seat)
    if clock is None or clock.version != due.version:  # the seat moved since: its clock restarted
        return False
    settings = await guild_settings.read(repo, record.guild_id)
    lang = guild_language(host.client, record.guild_id)
    remove = settings.on_timeout == "remove" and due.missed >= settings.remove_after
    await tell_timeout(host, record, due, lang, removed=remove)
    log.info(
        "timeout of seat %s after %d missed turn(s): %s",
        due.seat,
        due.missed,
        "removed" if remove else "played by the computer",
        extra=context(record),
    )
    expected = record.version
    if not remove:
        policy = default_policy(record.key)
        for _ in range(MAX_TIMEOUT_MOVES):
            current = await repo.get(due.game_id)
            position = current.position
            if current.version != expected or position is None or not waits_for(current, due.seat):
                return True  # the turn is over, or the player came back and moved
            try:
                if position.default_action(due.seat) is not None:
                    played = await play_default(host, current, due.seat)
                else:
                    played = await host.computer_turns.play_for_seat(due.game_id, due.seat, policy)
            except EngineError:
                log.warning("the computer found no move for seat %s", due.seat, extra=context(current))
                remove = True  # do not let the game stall on an absent player
                break
            if not played:
                return True
            expected += 1
    if remove:
        await resign_seat(host, due, expected, lang)
    return True


async def play_default(host: Host, record: GameRecord, seat: int) -> bool:
    """Answer the seat's pending decision with its default (a pass, say); ``False`` when
    someone moved first."""
    game, position = get_game(record.key), record.position
    action = None if position is None else position.default_action(seat)
    assert action is not None, "only for a decision with a default"
    try:
        applied = await host.repository.apply(
            record.id,
            expected_version=record.version,
            seat=seat,
            action=game.dump_action(action),
            clocked=True,
            present=False,
        )
    except (StaleVersion, NotPlaying):
        return False
    await follow(host, record, applied, guild_language(host.client, record.guild_id), mover=seat)
    return True


async def resign_seat(host: Host, due: DueTurn, expected_version: int, lang: str) -> None:
    """The seat leaves the game as if its player had used ``/resign``."""
    before = await host.repository.get(due.game_id)
    if before.status is not GameStatus.ACTIVE or before.version != expected_version:
        return
    try:
        applied = await host.repository.apply(
            due.game_id,
            expected_version=expected_version,
            seat=due.seat,
            action={"kind": RESIGN},
            clocked=True,
            present=False,
        )
    except (StaleVersion, NotPlaying):
        return
    await follow(host, before, applied, lang, mover=due.seat)


async def tell_timeout(host: Host, record: GameRecord, due: DueTurn, lang: str, *, removed: bool) -> None:
    seat = record.seats[due.seat]
    who = f"<@{seat.user_id}>" if seat.user_id is not None else seat.name
    key = "living.timeout_removed" if removed else "living.timeout_played"
    channel = host.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
    await channel.send(
        t(lang, key, player=who, missed=due.missed),
        allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
    )
