"""A move sent from a seat's web page, played through the bot's one move path.

The web server (on its own thread) has already checked the seat's token, the request's origin
and size and the token's rate; what the page sent is a ``MoveRequest``: the version the page
was drawn at and either an action (a control's data, or a move put together of several
clicks) or a choice of the game's renderer (a **Random** army), read back by ``Menus.choose``
as the same button on Discord is. From here on it is a click: ``bot.moves.store`` checks the
seat and the version (a page drawn before the seat's last move is refused as out of date, so
a double submission stores one move) and applies it; ``bot.moves.follow`` edits the Discord
board, pings the next player, sends the DMs, schedules computer seats and nudges the live
pages. Every answer is a status and a sentence in the reader's language.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, JsonValue, model_validator

from bot.board import more_action, table_of
from bot.host import Host
from bot.i18n import explain, guild_language, t
from bot.moves import follow, require_active, store
from bot.render import Focus, Menus
from bot.render.registry import renderer_for
from bot.reply import UserMistake
from engine import EngineError, IllegalAction, get_game
from storage.errors import DatabaseUnavailable, StorageError

log = logging.getLogger("tavern.web")

FOLLOW_SECONDS = 8.0
"""How long the answer waits for the follow-through (the Discord board, pings, DMs) before it
says the move was played anyway; the follow-through goes on."""


class Chosen(BaseModel):
    """A pick of the game's own (a select menu's or a button's name and values), as a Discord
    select menu or a ``ChoiceButton`` hands it over."""

    model_config = ConfigDict(extra="forbid", strict=True)
    name: str = Field(pattern=r"^[a-z0-9_]{1,40}$")
    values: list[Annotated[str, Field(max_length=100)]] = Field(max_length=25)


class MoveRequest(BaseModel):
    """What a page sends: the version it was drawn at, and an action or a choice."""

    model_config = ConfigDict(extra="forbid", strict=True)
    version: int = Field(ge=0, le=10**9)
    action: dict[str, JsonValue] | None = None
    choice: Chosen | None = None

    @model_validator(mode="after")
    def _one(self) -> MoveRequest:
        if (self.action is None) == (self.choice is None):
            raise ValueError("send an action or a choice")
        return self


@dataclass(frozen=True, slots=True)
class MoveAnswer:
    status: int
    """200: stored; 409: the page is out of date; 422: refused by the rules; 503: storage."""
    message: str
    """What to tell the player, in Discord's markdown (the page shows it as HTML)."""
    version: int | None = None
    """The game's version after the move."""


_following: set[asyncio.Task[Any]] = set()
"""Follow-throughs still under way after their answer went out (held so none is collected)."""


async def play(host: Host, game_id: int, seat: int, request: MoveRequest, lang: str) -> MoveAnswer:
    """Play ``request`` for ``seat`` of the game; every refusal is an answer, never raised."""
    try:
        record = await host.repository.get(game_id)
        require_active(record)
        table = table_of(record, lang, seat=seat)
        renderer = renderer_for(record.key)
        picked: Any = request.action
        if request.choice is not None:
            chosen = request.choice
            picked = more_action(chosen.name, chosen.values)
            if picked is None and isinstance(renderer, Menus):
                picked = renderer.choose(table, seat, chosen.name, chosen.values)
            if picked is None or isinstance(picked, Focus):
                raise UserMistake("web.not_a_move")
        game = get_game(record.key)
        action = game.dump_action(game.parse_action(picked))  # BadAction → explained
        assert isinstance(action, dict)
        applied = await store(host, record, seat, action, drawn_at=request.version, composed=True)
    except UserMistake as mistake:
        if mistake.key == "play.stale":  # the page shows the position now, not a board to find
            return MoveAnswer(409, t(lang, "web.stale"))
        return MoveAnswer(422, t(lang, mistake.key, **mistake.params))
    except IllegalAction as error:
        told = renderer_for(record.key).refusal(lang, error)  # every problem of a placement
        return MoveAnswer(422, told if told is not None else explain(lang, error))
    except EngineError as error:
        return MoveAnswer(422, explain(lang, error))
    except DatabaseUnavailable as error:
        return MoveAnswer(503, explain(lang, error))
    except StorageError as error:
        return MoveAnswer(409, explain(lang, error))
    public = guild_language(host.client, record.guild_id)
    following = asyncio.ensure_future(follow(host, record, applied, public, mover=seat))
    _following.add(following)
    following.add_done_callback(_following.discard)
    # the follow-through is never cut short by the page: it waits a while, then answers anyway
    await asyncio.wait({following}, timeout=FOLLOW_SECONDS)
    done = renderer_for(record.key).done_text(lang, action, dm_sent=False)
    return MoveAnswer(200, done, applied.game.version)
