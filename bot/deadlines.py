"""What happens when a turn runs long: the reminder, and the timeout.

Both are handed out by storage exactly once (``Repository.claim_reminders`` /
``claim_timeouts``); this module only acts on a claim. A timed-out turn is played through the
same path as a person's move — ``Repository.apply`` against the version the claim saw, then
the board is redrawn — so a person who moves at the last second wins the race and the
computer's move is refused as stale, never stored twice.

Choosing the computer's action: the best policy ``engine.ai`` has for the game among
``TIMEOUT_POLICIES``. A policy whose choice the engine rejects (a game whose listed actions are
templates and that has no sampler yet) falls back to the first listed action the engine
accepts; when none is accepted the seat resigns, so a game never stalls on an absent player.
"""

from __future__ import annotations

import logging
from datetime import datetime
from typing import TYPE_CHECKING, Any

import discord

from bot.board import game_message, jump_url
from bot.i18n import FALLBACK, language_of, t
from bot.private import send_private_views
from bot.turns import newly_to_act, ping
from engine import RESIGN, Event, Game, get_game
from engine.ai import decide, policies
from engine.core.errors import EngineError
from storage.errors import NotPlaying, StaleVersion
from storage.living import DueTurn, TurnDeadline
from storage.models import GameRecord, GameStatus

if TYPE_CHECKING:
    from bot.app import TavernBot

log = logging.getLogger("tavern.deadlines")

TIMEOUT_POLICIES = ("greedy", "random")
"""The computer player for a timed-out turn: the first of these the game has. ``greedy`` is
quick and sensible; the strongest policies search too long for a background task."""
MAX_TIMEOUT_MOVES = 200
"""A timed-out turn is played to its end (every move while the seat is to act); a bound
guards against a game that never passes the turn."""


def timestamp(moment: datetime) -> str:
    """A Discord timestamp that each reader sees in their own time zone, relative (``in 2 hours``)."""
    return f"<t:{int(moment.timestamp())}:R>"


def guild_language(bot: TavernBot, guild_id: int | None) -> str:
    guild = bot.get_guild(guild_id) if guild_id is not None else None
    return (language_of(guild.preferred_locale) if guild is not None else None) or FALLBACK


def computer_action(game: Game[Any, Any, Any], state: Any, seat: int, seed: int) -> dict[str, Any] | None:
    """A legal action for ``seat`` as plain data, or ``None`` when the computer finds none."""
    known = policies(game.key)
    policy = next((p for p in TIMEOUT_POLICIES if p in known), "random")
    candidates: list[Any] = []
    try:
        candidates.append(decide(game, state, seat, policy, seed))
    except EngineError:
        log.warning("policy %s found no move for seat %s of %s", policy, seat, game.key)
    candidates.extend(game.legal_actions(state, seat))
    for action in candidates:
        try:
            game.apply(state, seat, action)  # pure: checks the engine accepts it
        except EngineError:
            continue
        data: dict[str, Any] = game.dump_action(action)
        return data
    return None


async def sync_after_move(
    bot: TavernBot, record: GameRecord, *, present_seat: int | None
) -> dict[int, TurnDeadline]:
    """Start or keep the clocks of the seats the game now waits for (after any stored move or
    the start); the board shows the returned deadlines."""
    return await bot.repository.sync_turns(record.id, now=bot.clock(), present_seat=present_seat)


async def send_reminder(bot: TavernBot, due: DueTurn) -> None:
    """One DM to the player to act; a ping in the game's channel when DMs are closed."""
    record = await bot.repository.get(due.game_id)
    if record.status is not GameStatus.ACTIVE or due.user_id is None:
        return
    deadline = (await bot.repository.turn_deadlines(record.id)).get(due.seat)
    if deadline is None:  # the turn ended between the claim and now
        return
    lang = guild_language(bot, record.guild_id)
    params = {
        "title": get_game(record.key).title,
        "id": record.id,
        "deadline": timestamp(deadline.deadline_at),
        "url": jump_url(record),
    }
    try:
        user = bot.get_user(due.user_id) or await bot.fetch_user(due.user_id)
        await user.send(t(lang, "living.reminder", **params))
        log.info("reminded seat %s", due.seat, extra=context(record))
    except discord.Forbidden:
        channel = bot.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
        await channel.send(
            t(lang, "living.reminder_channel", player=f"<@{due.user_id}>", **params),
            allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True),
        )
        log.info("reminded seat %s in the channel (DMs closed)", due.seat, extra=context(record))


def context(record: GameRecord) -> dict[str, Any]:
    """Log fields of a game (see ``bot.logging_setup``)."""
    return {"guild_id": record.guild_id, "channel_id": record.channel_id, "game_id": record.id}


async def play_timed_out_turn(bot: TavernBot, due: DueTurn) -> GameRecord | None:
    """The seat's time ran out: a computer plays its turn, or — under the ``remove`` setting,
    after enough missed turns in a row — the seat resigns. Returns the game after it (``None``
    when someone moved first and nothing was done)."""
    repo = bot.repository
    record = await repo.get(due.game_id)
    if record.status is not GameStatus.ACTIVE or record.version != due.version:
        return None
    settings = await repo.guild_settings(record.guild_id)
    game = get_game(record.key)
    before = record
    events: list[Event] = []
    remove = settings.on_timeout == "remove" and due.missed >= settings.remove_after
    try:
        if not remove:
            for _ in range(MAX_TIMEOUT_MOVES):
                if record.status is not GameStatus.ACTIVE or due.seat not in game.to_act(record.state):
                    break
                seed = ((record.seed or 0) + 7919 * record.version + due.seat) % (1 << 63)
                action = computer_action(game, record.state, due.seat, seed)
                if action is None:
                    remove = True  # the computer cannot play this game's turn: do not stall
                    break
                applied = await repo.apply(
                    record.id,
                    expected_version=record.version,
                    seat=due.seat,
                    action=action,
                    turn_now=bot.clock(),
                    present=False,
                )
                record = applied.game
                events.extend(applied.events)
        if remove and record.status is GameStatus.ACTIVE:
            applied = await repo.apply(
                record.id,
                expected_version=record.version,
                seat=due.seat,
                action={"kind": RESIGN},
                turn_now=bot.clock(),
                present=False,
            )
            record = applied.game
            events.extend(applied.events)
    except (StaleVersion, NotPlaying):
        log.info("seat %s moved before its timeout was played", due.seat, extra=context(record))
        if record is before:
            return None
    if record is before:
        return None
    log.info(
        "timeout of seat %s: %s after %d missed turn(s)",
        due.seat,
        "removed" if remove else "played by the computer",
        due.missed,
        extra=context(record),
    )
    deadlines = await repo.turn_deadlines(record.id)
    await publish_timeout(bot, before, record, tuple(events), deadlines, due, removed=remove)
    return record


async def publish_timeout(
    bot: TavernBot,
    before: GameRecord,
    after: GameRecord,
    events: tuple[Event, ...],
    deadlines: dict[int, TurnDeadline],
    due: DueTurn,
    *,
    removed: bool,
) -> None:
    """Redraw the board, say what happened in the channel, ping whoever acts next, and DM new
    private views — as after a person's move."""
    lang = guild_language(bot, after.guild_id)
    embed, view = game_message(after, lang, events, deadlines=deadlines)
    channel = bot.get_partial_messageable(after.channel_id, guild_id=after.guild_id)
    if after.message_id is not None:
        try:
            await channel.get_partial_message(after.message_id).edit(embed=embed, view=view)
        except discord.NotFound:
            log.warning("the board message is gone; /status posts a new one", extra=context(after))
    seat = after.seats[due.seat]
    who = f"<@{seat.user_id}>" if seat.user_id is not None else seat.name
    key = "living.timeout_removed" if removed else "living.timeout_played"
    notice = t(lang, key, player=who, missed=due.missed)
    turn = ping(after, newly_to_act(before, after), lang)
    content = notice if turn is None else f"{notice}\n{turn['content']}"
    await channel.send(
        content, allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True)
    )
    unreachable = await send_private_views(bot, before.state, after, lang)
    for user_id in unreachable:
        bot.dm_notices.add((after.id, user_id))
