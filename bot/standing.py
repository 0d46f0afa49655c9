"""Moves the bot makes for a person by his own standing choice: a game's renderer names, for a
seat the game waits for, an action and the switch of the person's settings that asks for it
(``Renderer.standing_action``, ``Renderer.player_settings``) — a window he asked to pass
whenever he has nothing to play in it. When his switch is on, the bot plays the action for him
through the move path, as it plays a computer seat's (``bot.ai_players``), and sends him no DM
asking for it; it never counts as his own move (his turn clock and missed turns stay as they
are).
"""

from __future__ import annotations

import logging
from typing import Any

from pydantic import ValidationError

from bot.board import table_of
from bot.host import Host
from bot.i18n import FALLBACK
from bot.render import StandingChoices
from bot.render.registry import renderer_for
from bot.stored import player_settings
from storage.models import GameRecord, GameStatus

log = logging.getLogger("tavern.bot")


def standing_orders(record: GameRecord) -> list[tuple[int, str, Any]]:
    """The people the game waits for whose settings may ask the bot to act for them now: each
    seat with the switch that asks and the action."""
    renderer = renderer_for(record.key)
    position = record.position
    if not isinstance(renderer, StandingChoices) or renderer.player_settings is None:
        return []
    if record.status is not GameStatus.ACTIVE or position is None:
        return []
    found = []
    for seat in position.to_act():
        person = record.seats[seat]
        if person.user_id is None or person.resigned:
            continue
        order = renderer.standing_action(table_of(record, FALLBACK, seat=seat), seat)
        if order is not None:
            found.append((seat, *order))
    return found


async def switched_on(host: Host, record: GameRecord, seat: int, switch: str) -> bool:
    """Whether the person at ``seat`` turned ``switch`` of his settings for this game on."""
    renderer = renderer_for(record.key)
    model = renderer.player_settings if isinstance(renderer, StandingChoices) else None
    user_id = record.seats[seat].user_id
    if model is None or user_id is None:
        return False
    stored = await player_settings.read(host.repository, user_id, record.key)
    try:
        settings = model.model_validate(stored)
    except ValidationError:
        log.warning("the %s settings of user %s are not valid; using the defaults", record.key, user_id)
        settings = model()
    return getattr(settings, switch, False) is True


async def standing_action(host: Host, record: GameRecord, seat: int) -> Any | None:
    """The action the bot plays for the person at ``seat`` now by his own settings, or
    ``None``."""
    for found, switch, action in standing_orders(record):
        if found == seat and await switched_on(host, record, seat, switch):
            return action
    return None
