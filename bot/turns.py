"""Who must be told that it is their turn, and the tidying of those pings once answered.

A ping goes out when a seat's turn starts — the engine's ``TURN_STARTED`` event — and at the
start of a game for every person the game waits for; never for other changes of who is to act
(a pass in a window, a reply to an offer), so a player gets one ping per turn, not one per
move. Pings are posted in the game's channel, whatever the move came from.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.host import Host, Send
from bot.i18n import t
from bot.stored import turn_pings
from bot.stored.turn_pings import TurnPing
from bot.tokens import tokens_of
from engine import TURN_STARTED, Event, get_game
from storage.models import GameRecord, GameStatus

log = logging.getLogger("tavern.bot")

UNKNOWN_MESSAGE = 10008
"""Discord's error code for a message that is gone (not for a token that is: 10015)."""


def turns_started(
    record_before: GameRecord | None, record_after: GameRecord, events: tuple[Event, ...] = ()
) -> tuple[int, ...]:
    """Seats whose turn begins with this step: every seat to act at the start of a game
    (``record_before`` is ``None``), else the seats a public ``TURN_STARTED`` event names that
    the game now waits for — a seat may start a new turn while it was to act already (the
    opponent had to miss a turn)."""
    position = record_after.position
    if position is None:
        return ()
    after = position.to_act()
    if record_before is None:
        return after
    started = {e.data.get("seat") for e in events if e.kind == TURN_STARTED and e.audience is None}
    return tuple(s for s in after if s in started)


def ping(record: GameRecord, seats: tuple[int, ...], lang: str) -> dict[str, Any] | None:
    """The short turn message for the people among ``seats`` (computer players need none),
    as keyword arguments for ``send``; ``None`` when nobody is to be pinged."""
    users = people(record, seats)
    if not users:
        return None
    mentions = " ".join(f"<@{u}>" for u in users)
    title = get_game(record.key).title
    return {
        "content": t(lang, "turn.ping", players=mentions, title=title, id=record.id),
        "allowed_mentions": discord.AllowedMentions(everyone=False, roles=False, users=True),
    }


def people(record: GameRecord, seats: tuple[int, ...]) -> list[int]:
    """The user ids of the people among ``seats``, in seat order (computer seats have none)."""
    return [u for s in seats if (u := record.seats[s].user_id) is not None]


def waits_for(record: GameRecord, seat: int) -> bool:
    """Whether a running game waits for ``seat`` now."""
    position = record.position
    return record.status is GameStatus.ACTIVE and position is not None and seat in position.to_act()


def users_to_act(record: GameRecord) -> frozenset[int]:
    """The people a running game waits for."""
    position = record.position
    if record.status is not GameStatus.ACTIVE or position is None:
        return frozenset()
    return frozenset(people(record, position.to_act()))


class TurnPings:
    """The turn pings of each game, each deleted once nobody it named is still to act, so a long
    game leaves only its current ping in the channel rather than one per turn. A ping is never
    deleted while a player it names still has to move: deleting a mention also deletes its
    unread notification. The posted pings are stored (``Repository.turn_pings``), so those
    posted before a restart, or by another bot process, are tidied too."""

    def __init__(self, host: Host) -> None:
        self.host = host

    async def after_move(
        self,
        before: GameRecord | None,
        after: GameRecord,
        events: tuple[Event, ...],
        lang: str,
        send: Send,
        *,
        seats: tuple[int, ...] | None = None,
    ) -> None:
        """Ping the players whose turn begins (``before`` is ``None`` at the start; ``seats``, when
        given, are those seats), then delete the pings every named player has answered. Raises
        only when the ping could not be posted or recorded: the tidying is tried again by a
        later move."""
        repository = self.host.repository
        if seats is None:
            seats = turns_started(before, after, events)
        message = ping(after, seats, lang)
        if message is not None:
            sent = await send(**message)
            users = frozenset(people(after, seats))
            await turn_pings.record(
                repository, TurnPing(after.id, sent.channel.id, sent.id, users, after.version)
            )
        try:
            await self._tidy(before, after)
        except Exception:
            log.exception("could not tidy the turn pings of game %s", after.id)

    async def _tidy(self, before: GameRecord | None, after: GameRecord) -> None:
        repository = self.host.repository
        # A ping left waiting by the last move is answered only once one of its players is no
        # longer to act: a move that leaves every waiting player still to act (most moves, within
        # a turn) has nothing to tidy, and spares the reads.
        still_waiting = before is not None and users_to_act(before) <= users_to_act(after)
        if after.status is GameStatus.ACTIVE and still_waiting:
            return
        # Judged by the game as stored now, not by this move's position: a move announced late
        # (a newer one was stored meanwhile, by this process or another) must not delete a ping
        # whose player is to act again.
        latest = await repository.get(after.id)
        over = latest.status is not GameStatus.ACTIVE
        acting = users_to_act(latest)
        # Only pings posted at that position or before: a newer move may have stored one while
        # this call was reading, naming a player that position does not wait for.
        posted = [p for p in await turn_pings.of_game(repository, after.id) if p.version <= latest.version]
        answered = [p for p in posted if not p.users & acting]
        # Deleted first, forgotten after: a crash in between leaves a row whose deletion is
        # tried again later (Discord then answers 404, and the row is forgotten).
        for stale in answered:
            await self._delete(stale)
        if over:  # every ping is answered now; this also drops rows that could not be read
            await turn_pings.forget_game(repository, after.id)
        else:
            await turn_pings.forget(repository, [p.message_id for p in answered])

    async def _delete(self, posted: TurnPing) -> None:
        """Through the token of the interaction the ping followed while it lasts (not counted
        against Discord's global limit, ``bot.tokens``), else by the ordinary deletion."""
        tokens = tokens_of(self.host)
        interaction = tokens.ping(posted.message_id)
        if interaction is not None:
            try:
                await interaction.followup.delete_message(posted.message_id)
                return
            except discord.NotFound as exc:
                if exc.code == UNKNOWN_MESSAGE:
                    return  # already gone
                log.info("turn ping %s could not be deleted through its token: %r", posted.message_id, exc)
                tokens.forget(interaction)  # the token is unknown now (it ran out)
            except Exception as exc:  # any other failure of the token: the ordinary call does it
                log.info("turn ping %s could not be deleted through its token: %r", posted.message_id, exc)
                tokens.forget(interaction)
        channel = self.host.client.get_partial_messageable(posted.channel_id)
        try:
            await channel.get_partial_message(posted.message_id).delete()
        except discord.HTTPException as exc:  # already gone, or no access any more: forget it
            log.info("could not delete turn ping %s: %s", posted.message_id, exc)
