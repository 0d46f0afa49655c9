"""Private information: each seat's own view, by DM when it changes, and behind Private.

The engine says what is private (``Game.private_view``) and which decisions are taken in
private (``Decision.secret``; a game's renderer may add decisions taken out of turn,
``Renderer.decided_in_private``). A seat is written to exactly when its private view changed
with the move, when it newly has a decision to take in private (unless the bot takes it for
him by his own settings, ``bot.standing``), or when it newly may act without being waited for
(a card playable at any time became playable); the DM shows its private view as the game
draws it, with the buttons of its pending decision. **Private** and ``/hand`` show
the same, ephemerally. A player whose DM cannot go out (DMs closed: 403; or Discord failing)
is told in an ephemeral message — at once if he made the move, else at his next interaction
(the notice is stored, so any bot process can deliver it).
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

import discord

from bot.board import private_parts
from bot.host import Host
from bot.i18n import t
from bot.nonces import Kind, nonce
from bot.render.painter import drawn
from bot.render.registry import renderer_for
from bot.reply import Reply
from bot.standing import standing_action
from bot.stored import dm_notices
from engine import Decision
from engine.core.position import Position
from storage.models import GameRecord

log = logging.getLogger("tavern.bot")


def private_decision(position: Position[Any, Any], seat: int) -> Decision | None:
    """The seat's pending decision if it is taken in private."""
    decision = position.decision(seat)
    if decision is None or not renderer_for(position.key).decided_in_private(position.view(None), decision):
        return None
    return decision


def _same_decision(a: Decision | None, b: Decision | None) -> bool:
    """Whether two pending decisions are the same one: a decision shared by several seats
    stays the same while the others decide (its ``seats`` shrink)."""
    if a is None or b is None:
        return a is b
    return replace(a, seats=()) == replace(b, seats=())


def acts_unasked(position: Position[Any, Any], seat: int) -> bool:
    """Whether the seat has legal actions although the game does not wait for it (a card it
    may play at any time)."""
    return seat not in position.to_act() and bool(position.legal_actions(seat))


def seats_to_write(
    before: Position[Any, Any] | None,
    after: Position[Any, Any],
    seats: list[int],
    *,
    mover: int | None = None,
) -> list[int]:
    """The seats to send a DM: those whose private view changed in something they can read
    nowhere else (``Renderer.private_news``; ``before`` is ``None`` at the start: every private
    view is new), those that newly have a decision to take in private — a new one, or any after
    the seat's own move (the buttons it had are spent) — and those that newly may act unasked
    (an optional card became playable), whose last DM lacks it."""
    renderer = renderer_for(after.key)
    chosen = []
    for seat in seats:
        mine = after.private_view(seat)
        changed = mine is not None and (
            before is None or renderer.private_news(before.private_view(seat), mine)
        )
        decision = private_decision(after, seat)
        new_decision = decision is not None and (
            before is None or seat == mover or not _same_decision(private_decision(before, seat), decision)
        )
        unasked = acts_unasked(after, seat) and (before is None or not acts_unasked(before, seat))
        if changed or new_decision or unasked:
            chosen.append(seat)
    return chosen


@dataclass(frozen=True, slots=True)
class Delivery:
    sent: frozenset[int] = frozenset()
    """Users written to."""
    unreachable: frozenset[int] = frozenset()
    """Users whose DMs are closed (403)."""
    failed: frozenset[int] = frozenset()
    """Users whose DM failed otherwise (Discord erring, rate limits): logged."""


async def recipients(
    host: Host,
    before: GameRecord | None,
    record: GameRecord,
    *,
    mover: int | None = None,
    skip: int | None = None,
) -> list[int]:
    """The seats ``send_private_views`` writes to: ``seats_to_write`` but ``skip``'s, less
    those whose only news is a decision the bot takes for them by their own settings."""
    position = record.position
    if position is None:
        return []
    people = [s.seat for s in record.seats if s.user_id is not None and not s.resigned and s.user_id != skip]
    previous = before.position if before is not None else None
    chosen = seats_to_write(previous, position, people, mover=mover)
    quiet = [
        seat
        for seat in chosen
        if position.private_view(seat) == (None if previous is None else previous.private_view(seat))
    ]
    return await unless_standing(host, record, chosen, quiet)


async def unless_standing(
    host: Host, record: GameRecord, seats: Sequence[int], quiet: Sequence[int]
) -> list[int]:
    """``seats`` less those of ``quiet`` (whose only news is a decision) that the bot takes for
    them by their own settings."""
    chosen = []
    for seat in seats:
        if seat in quiet and await standing_action(host, record, seat) is not None:
            continue  # only his decision is new, and the bot takes it for him by his settings
        chosen.append(seat)
    return chosen


async def send_private_views(
    host: Host,
    before: GameRecord | None,
    record: GameRecord,
    lang: str,
    *,
    pictures: bool = True,
    mover: int | None = None,
    skip: int | None = None,
    seats: Sequence[int] | None = None,
) -> Delivery:
    """DM every person to be written to (``recipients``: ``seats_to_write`` but ``skip``), or
    the ``seats`` the caller found so already. Never raises: a DM that cannot go out is
    reported in the ``Delivery``, and the player can press Private. Each DM carries the nonce of
    its game, version and seat (``bot.nonces``): sent again for the same move, it is not sent twice."""
    if record.position is None:
        return Delivery()
    sent: set[int] = set()
    unreachable: set[int] = set()
    failed: set[int] = set()
    if seats is None:
        seats = await recipients(host, before, record, mover=mover, skip=skip)
    for seat in seats:
        user_id = record.seats[seat].user_id
        assert user_id is not None
        try:
            # Its picture drawn in a worker: the loop serves other games meanwhile.
            view, files = await drawn(partial(private_parts, record, seat, lang, pictures=pictures))
            # The DM channel is cached after the first DM: no user lookup per message.
            channel = await host.client.create_dm(discord.Object(id=user_id))
            await channel.send(view=view, files=files, nonce=nonce(Kind.DM, record.id, record.version, seat))
        except discord.Forbidden:
            unreachable.add(user_id)
        except Exception:
            log.exception("could not DM seat %s of game %s", seat, record.id)
            failed.add(user_id)
        else:
            sent.add(user_id)
    return Delivery(frozenset(sent), frozenset(unreachable), frozenset(failed))


async def show_private(
    reply: Reply, record: GameRecord, seat: int, *, pictures: bool, content: str | None = None
) -> None:
    """The seat's private message as an ephemeral one, with its decision's buttons."""
    view, files = await drawn(
        lambda: private_parts(record, seat, reply.lang, pictures=pictures, note=content or "")
    )
    await reply.send_ephemeral(view=view, files=files)


async def tell_unreachable(
    host: Host,
    reply: Reply,
    record: GameRecord,
    unreachable: frozenset[int],
    failed: frozenset[int],
    *,
    pictures: bool = True,
) -> None:
    """Tell each player whose DM did not go out: the one who made this interaction right away,
    with the private message that could not be sent; anyone else at his next interaction with
    this game (an ephemeral message can only go to the person interacting). Then a notice
    left for the one interacting by an earlier move."""
    actor = reply.interaction.user.id
    # Stored, so the notice waits for the player whichever bot process his next interaction reaches.
    await dm_notices.leave(host.repository, record.id, (unreachable | failed) - {actor})
    for user_id in unreachable | failed:
        if user_id != actor:
            continue
        notice = t(reply.lang, "private.dm_closed" if user_id in unreachable else "private.dm_failed")
        seat = record.seat_of(user_id)
        if seat is None or record.position is None:
            await reply.send_ephemeral(content=notice)
        else:
            await show_private(reply, record, seat, pictures=pictures, content=notice)
    await deliver_pending_notice(host, reply, record.id)


async def deliver_pending_notice(host: Host, reply: Reply, game_id: int) -> None:
    if await dm_notices.take(host.repository, game_id, reply.interaction.user.id):
        await reply.send_ephemeral(content=t(reply.lang, "private.dm_closed"))
