"""The one move path: accepting a move for a seat, and everything that follows a stored one.

Every way a move is made — a click on the board or in a private message, a typed ``/move``, a
submitted form, a computer's turn, a timeout, a resignation, the start of a game — goes
through here:

``store`` checks that the seat may act (per seat, not per game: a button drawn at an older
version still acts for a seat that has not moved since and whose action is still legal) and
applies the move against the game's current version, trying again when another seat's move
won the race. The version compare-and-swap in storage still guards every write.

``follow`` does what follows a stored step, in this order: the board (in the click's own
response when there is one, else an edit of the board message; posted again when that fails),
the turn pings, DMs of changed private views with the buttons of the seat's decision, notices
for players who could not be reached, and the computer seats' turns. Each part is tried on
its own: whatever Discord answers to one, the others still happen — a stored move is always
followed through, and a computer seat is always scheduled. What ``follow`` must deliver was
recorded with the move (``bot.owed``) and is marked done as it goes: what it could not deliver,
or never got to (the process died), any process delivers later (``bot.late``).
"""

from __future__ import annotations

import asyncio
import contextlib
import enum
import logging
import weakref
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Coroutine
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import discord

from bot.board import game_parts
from bot.host import Host, Send
from bot.i18n import t
from bot.nonces import Kind, nonce
from bot.owed import Ledger, Parts, owes
from bot.private import recipients, send_private_views, show_private, tell_unreachable
from bot.render import Menus
from bot.render.layout import as_layout, keep_held_pictures
from bot.render.painter import PAINTER, PictureFailed, deferring, drawn, drawn_if_free, pending
from bot.render.registry import renderer_for
from bot.reply import Reply, UserMistake
from bot.stored import dm_notices
from bot.tokens import may_follow, tokens_of
from bot.turns import turns_started
from engine import RESIGN, Event, IllegalAction, get_game
from engine.core.position import Position
from storage.errors import StaleVersion
from storage.models import Applied, GameRecord, GameStatus

log = logging.getLogger("tavern.bot")

RACES = 5
"""Times a move is tried again after another seat's move was stored first."""


# -- accepting a move ---------------------------------------------------------------------------
def require_active(record: GameRecord) -> None:
    if record.status is GameStatus.LOBBY:
        raise UserMistake("play.not_started")
    if record.status is not GameStatus.ACTIVE:
        raise UserMistake("play.over")


def running(record: GameRecord) -> Position[Any, Any]:
    """The position of a started game (over or not)."""
    position = record.position
    if position is None:
        raise UserMistake("play.not_started")
    return position


async def check_click(
    host: Host,
    record: GameRecord,
    seat: int,
    action: dict[str, Any],
    drawn_at: int,
    *,
    composed: bool = False,
) -> None:
    """A button drawn at version ``drawn_at`` acts for ``seat`` now if the action is legal
    for it now and — when the game has moved on since — the seat itself has not moved since
    (then the click is a double click, or was made on a position the seat has left). An
    action that fills in a template the seat may fill now (a recruitment picked in a menu) is
    left to the engine to judge, as typed input is. ``composed``: the action was put together
    on a web page drawn at ``drawn_at`` (a path traced on a map, a whole placement): past the
    same check of the version, it is judged as typed input is (``check_typed``)."""
    position = running(record)
    if drawn_at > record.version:
        raise UserMistake("play.stale")  # no such version: not a button we drew
    if drawn_at < record.version and await host.repository.seat_moved_since(record.id, seat, drawn_at):
        raise UserMistake("play.stale")
    legal = position.legal_data(seat)
    if action in legal:
        return
    renderer = renderer_for(record.key)
    if (
        isinstance(renderer, Menus)
        and renderer.fills_template(action)
        and any(a.get("kind") == action.get("kind") for a in legal)
    ):
        return
    if composed:
        check_typed(record, seat, action)
        return
    if drawn_at < record.version:
        raise UserMistake("play.stale")
    if seat not in position.to_act():
        raise UserMistake("play.not_your_turn")
    raise UserMistake("play.not_your_decision")


def check_typed(record: GameRecord, seat: int, action: dict[str, Any]) -> None:
    """A typed action (``/move``, a form): the seat must be one the game waits for, or have
    legal actions of its own (an optional action taken out of turn), and the action must not be
    one only an absent seat's default plays; the engine judges the rest."""
    if action.get("kind") == RESIGN:
        return  # always possible
    game, position = get_game(record.key), running(record)
    if seat not in position.to_act() and not position.legal_actions(seat):
        raise UserMistake("play.not_your_turn")
    if game.absent_only(game.parse_action(action)):
        raise IllegalAction("only played for a player who is away", "absent_only")


async def store(
    host: Host,
    record: GameRecord,
    seat: int,
    action: dict[str, Any],
    *,
    drawn_at: int | None = None,
    composed: bool = False,
    present: bool = True,
) -> Applied:
    """Store ``seat``'s move against the game's current version. ``drawn_at``: the version a
    clicked button (or a web page) was drawn at (``None`` for typed input); ``composed``: a
    move put together on a web page (``check_click``). When another move is stored between
    reading and writing, the game is read again and the move checked again."""
    for _ in range(RACES):
        require_active(record)
        if drawn_at is not None:
            await check_click(host, record, seat, action, drawn_at, composed=composed)
        else:
            check_typed(record, seat, action)
        try:
            return await host.repository.apply(
                record.id,
                expected_version=record.version,
                seat=seat,
                action=action,
                clocked=True,  # turn deadlines follow in the same transaction
                present=present,
                owes=owes(mover=seat),  # and what the move owes the table (``bot.owed``)
            )
        except StaleVersion:
            record = await host.repository.get(record.id)
    raise UserMistake("play.stale")


def seat_of(record: GameRecord, user_id: int) -> int:
    seat = record.seat_of(user_id)
    if seat is None:
        raise UserMistake("play.not_in_game")
    return seat


async def refused(reply: Reply, record: GameRecord, error: IllegalAction) -> bool:
    """Answer a refused action in the game's own words when it has them (every problem of a
    placement); ``False`` when the generic explanation is due."""
    text = renderer_for(record.key).refusal(reply.lang, error)
    if text is None:
        return False
    await reply.say(text)
    return True


async def act(host: Host, reply: Reply, record: GameRecord, seat: int, action: dict[str, Any]) -> None:
    """A typed action or a submitted form, for ``seat``: stored through the move path, followed
    through; the player is answered first, saying whether his private view goes out by DM
    (a DM that then fails is told to him)."""
    try:
        applied = await store(host, record, seat, action)
    except IllegalAction as error:
        if await refused(reply, record, error):
            return
        raise
    renderer = renderer_for(record.key)

    def answer(dm_sent: frozenset[int]) -> str:
        return renderer.done_text(reply.lang, action, dm_sent=reply.interaction.user.id in dm_sent)

    await follow(host, record, applied, reply.public_lang, reply=reply, mover=seat, answer=answer)


# -- following a stored move --------------------------------------------------------------------
class Board(enum.Enum):
    """How the board came to show a stored move."""

    SHOWN = "shown"
    """In place: in the click's response, or by an edit of the board message."""
    REPOSTED = "reposted"
    """The update failed, and the board was posted again as a new message (now the board)."""
    FAILED = "failed"
    """Neither worked: ``/status`` posts it again."""


@dataclass(frozen=True, slots=True)
class Followed:
    board: Board
    dm_sent: frozenset[int] = field(default_factory=frozenset)
    """The users whose private view went out by DM."""


async def attempt(what: str, game_id: int, work: Callable[[], Awaitable[None]]) -> bool:
    """Run one part of the follow-through; a failure is logged and the others go on."""
    try:
        await work()
    except Exception:
        log.exception("%s failed after a move in game %s", what, game_id)
        return False
    return True


async def follow(
    host: Host,
    before: GameRecord | None,
    applied: Applied,
    lang: str,
    *,
    reply: Reply | None = None,
    board_in_response: bool = False,
    mover: int | None = None,
    refreshed: int | None = None,
    answer: Callable[[frozenset[int]], str] | None = None,
) -> Followed:
    """Everything that follows a stored step (``before`` is ``None`` at the start of a game).

    ``lang``: the channel's language. ``reply``: the interaction that made the move, if any —
    its response carries the board when ``board_in_response`` (a click on the board, the
    Start button), and its user is told in private what concerns only him. ``mover``: the
    seat that moved. ``refreshed``: a user whose private message was already redrawn as the
    click's response (a click in his DM): no second DM. ``answer``: what ``reply`` says first,
    given the users to be written to (a confirmation may say "sent by DM" only if one goes
    out; one that fails is told after)."""
    after = applied.game
    board = Board.FAILED
    dm_sent: frozenset[int] = frozenset()
    owed = None if applied.owed is None else Parts.model_validate(applied.owed)
    ledger = Ledger(host, after.id, after.version, owed)
    try:
        writing: list[int] | None = None
        in_answer: int | None = None
        if reply is not None and answer is not None:
            # Answered first, saying what the DMs will bring: they wait for their pictures in
            # a worker, and the player must not. A DM that then fails is told to him below.
            writing = await recipients(host, before, after, mover=mover, skip=refreshed)
            in_answer = decision_in_answer(reply, before, after, mover, writing)
            planned = frozenset(
                u for s in writing if s != in_answer and (u := after.seats[s].user_id) is not None
            )
            text = answer(planned)
            await attempt("the answer", after.id, lambda: reply.say(text))
        pictures = await host.pictures(after.guild_id)
        board = await deliver_board(host, applied, lang, pictures, reply if board_in_response else None)
        if board is not Board.FAILED:
            ledger.board_done()
        channel = host.client.get_partial_messageable(after.channel_id, guild_id=after.guild_id)
        tokens = tokens_of(host)
        if (
            reply is not None
            and reply.interaction.channel_id == after.channel_id
            and may_follow(reply.interaction)
        ):
            tokens.note_channel(after.id, reply.interaction)
        send = ping_sender(host, after, channel)
        seats = pinged(host, before, after, applied.events, mover, by_interaction=reply is not None)

        async def ping() -> None:
            await host.turn_pings.after_move(before, after, applied.events, lang, send, seats=seats)

        if await attempt("the turn ping", after.id, ping):
            await ledger.ping_done()
        if in_answer is not None and reply is not None and writing is not None:
            mine = in_answer

            async def privately() -> None:
                await show_private(reply, after, mine, pictures=pictures)

            # Not counted against Discord's global limit, as a DM is; a DM when it fails.
            if await attempt("the mover's next decision", after.id, privately):
                writing = [s for s in writing if s != mine]
        delivery = await send_private_views(
            host, before, after, lang, pictures=pictures, mover=mover, skip=refreshed, seats=writing
        )
        dm_sent = delivery.sent
        ledger.dms_done_but(failed_seats(after, delivery.failed))
        await ledger.close()
        if reply is not None:
            unreachable, failed = delivery.unreachable, delivery.failed
            await attempt(
                "telling the player",
                after.id,
                lambda: tell_player(host, reply, after, unreachable, failed, board, pictures),
            )
            if not reply.answered:
                # Discord took no answer to the interaction (a 5xx, a 429 past the retries):
                # the player saw "interaction failed" although his move was stored. Without a
                # response there can be no followup, so he is told in the channel, which
                # discord.py's own retries reach once Discord answers again.
                player = f"<@{reply.interaction.user.id}>"
                await attempt(
                    "telling the player in the channel",
                    after.id,
                    lambda: send_quietly(channel, t(reply.lang, "play.answer_lost", player=player)),
                )
        else:
            missed = delivery.unreachable | delivery.failed
            await attempt(
                "leaving DM notices", after.id, lambda: dm_notices.leave(host.repository, after.id, missed)
            )
    finally:
        host.computer_turns.schedule(after)
        # Listeners (the web table's live pages and its links at a game's start) hear of it.
        host.client.dispatch("tavern_game_stored", before, after)
    return Followed(board, dm_sent)


def decision_in_answer(
    reply: Reply, before: GameRecord | None, after: GameRecord, mover: int | None, writing: list[int]
) -> int | None:
    """The seat of the person who typed the move in the game's channel, when the DM his move
    would bring him holds no news but his next decision (the buttons of his last DM are spent):
    its buttons come as an ephemeral follow-up of his interaction instead, right under the
    answer he is reading, which Discord's global limit does not count. ``None`` otherwise."""
    interaction = reply.interaction
    if mover is None or mover not in writing or interaction.channel_id != after.channel_id:
        return None
    if after.seats[mover].user_id != interaction.user.id:
        return None
    position, previous = after.position, None if before is None else before.position
    if position is None or previous is None:
        return None
    news = renderer_for(after.key).private_news(previous.private_view(mover), position.private_view(mover))
    return None if news else mover


def pinged(
    host: Host,
    before: GameRecord | None,
    after: GameRecord,
    events: tuple[Event, ...],
    mover: int | None,
    *,
    by_interaction: bool,
) -> tuple[int, ...]:
    """The seats whose turn starts with the move, less a person who has just moved himself and
    whose turn starts again because only computer seats answered (``Tokens.just_moved``): he is
    looking at the board that shows it."""
    tokens = tokens_of(host)
    person = mover is not None and 0 <= mover < len(after.seats) and after.seats[mover].ai is None
    if by_interaction and mover is not None and person:
        tokens.note_moved(after.id, mover)
    elif person:
        tokens.other_moved(after.id)  # a person moved without an interaction: a timeout, the web
    started = turns_started(before, after, events)
    watching = None if by_interaction or before is None else tokens.just_moved(after.id)
    return tuple(s for s in started if s != watching)


def ping_sender(host: Host, record: GameRecord, channel: discord.PartialMessageable) -> Send:
    """How the move's turn ping goes out: as a follow-up of the game's latest interaction in its
    channel while its token lasts (``bot.tokens``), which Discord's global limit does not count;
    else, or when Discord refuses the token, posted in the channel under the move's nonce."""
    tokens = tokens_of(host)
    posted = partial(channel.send, nonce=nonce(Kind.PING, record.id, record.version))

    async def send(**message: Any) -> discord.Message:
        interaction = tokens.channel(record.id)
        if interaction is not None:
            try:
                sent = await interaction.followup.send(wait=True, **message)
            except Exception as exc:  # any failure of the token: the ordinary call does it
                log.info("a turn ping of game %s could not follow an interaction (%r)", record.id, exc)
                tokens.forget(interaction)
            else:
                tokens.note_ping(sent.id, interaction)
                return sent
        return await posted(**message)

    return send


def failed_seats(record: GameRecord, users: frozenset[int]) -> frozenset[int]:
    """The seats of the users whose DM failed (not those whose DMs are closed: they are told)."""
    return frozenset(seat for user in users if (seat := record.seat_of(user)) is not None)


async def send_quietly(channel: discord.PartialMessageable, text: str) -> None:
    """A message to the channel that pings the users it names and nobody else."""
    await channel.send(
        text, allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=True)
    )


async def deliver_board(
    host: Host, applied: Applied, lang: str, pictures: bool, reply: Reply | None
) -> Board:
    """Show the stored move on the board: in ``reply``'s response, else by editing the board
    message. When Discord refuses (a 5xx, a 429 past discord.py's retries, a 403, a deleted
    message), the board is posted again once and the new message becomes the board.

    Pictures are drawn off the loop (``bot.render.painter``). A click's answer waits for its
    picture only when a drawing thread is free (one drawing, one call); when they are busy it
    is answered at once with the new words, the picture it had staying until the new one
    follows by an edit of the response (``picture_later``). An edit of the board (no click to
    answer) waits for its pictures in a worker and sends all in one call."""
    record = applied.game

    def parts() -> tuple[discord.ui.LayoutView, list[discord.File]]:
        return game_parts(record, lang, applied.events, deadlines=applied.deadlines, pictures=pictures)

    channel = host.client.get_partial_messageable(record.channel_id, guild_id=record.guild_id)
    try:
        if reply is not None:
            with deferring():
                built = parts()
            view, files = await drawn_if_free(parts, built)
            if pending(files):
                # The drawing threads are busy: the words go first. Without ``attachments`` the
                # response keeps the message's picture (the new layout names it by the same
                # file name) until ``picture_later`` replaces it.
                await reply.update_message(view=keep_held_pictures(view, reply.attached()))
                shown(host, record)
                later(picture_later(host, reply, record, parts, files))
            else:
                await reply.update_message(view=view, attachments=files)
                shown(host, record)
            clicked = reply.interaction.message
            if clicked is not None and clicked.id == record.message_id:
                tokens_of(host).note_board(record.id, clicked.id, reply.interaction)
        elif record.message_id is not None:
            with deferring():
                built = parts()
            view, files = built
            if pending(files):
                view, files = await drawn(parts, built)
                if await superseded(host, record):
                    # A later move was stored while this board's picture was drawn (a
                    # computer's, answering at once): its own edit shows more, and this one
                    # would be seen for an instant at most. One edit instead of two.
                    return Board.SHOWN
            if not shown(host, record):
                return Board.SHOWN  # a newer move's board went out meanwhile: it shows more
            await edit_board(host, record, record.message_id, channel, view=view, attachments=files)
        else:
            return Board.SHOWN  # no board posted yet (``/status`` posts one)
        return Board.SHOWN
    except discord.HTTPException as exc:
        log.warning("could not update the board of game %s (%s): posting it again", record.id, exc.status)
    try:
        view, files = await drawn(parts)  # the files of the failed call are spent
        # Posted again for the same move (a crash, a retry), Discord returns this message.
        again = nonce(Kind.BOARD, record.id, record.version)
        message = await channel.send(view=view, files=files, nonce=again)
        await host.repository.set_message(record.id, message.id)
    except Exception:
        log.exception("could not post the board of game %s again", record.id)
        return Board.FAILED
    return Board.REPOSTED


async def edit_board(
    host: Host, record: GameRecord, message_id: int, channel: discord.PartialMessageable, **parts: Any
) -> None:
    """Edit the board message: through the token of an interaction whose original response it
    is while the token lasts (``bot.tokens``: not counted against Discord's global limit), else,
    or when Discord refuses the token, by the ordinary edit."""
    parts = as_layout(parts)
    tokens = tokens_of(host)
    interaction = tokens.board(record.id, message_id)
    if interaction is not None:
        try:
            await interaction.edit_original_response(**parts)
            return
        except Exception as exc:  # any failure of the token: the ordinary call does it
            log.info("game %s's board could not be edited through an interaction (%r)", record.id, exc)
            tokens.forget(interaction)
            for file in parts.get("attachments") or ():
                if isinstance(file, discord.File):
                    file.reset()  # read to its end by the refused call: sent again from its start
    await channel.get_partial_message(message_id).edit(**parts)


SHOWN_KEPT = 4096
"""Games whose last board version a bot remembers (the least recently moved go first)."""
_shown: weakref.WeakKeyDictionary[Host, OrderedDict[int, int]] = weakref.WeakKeyDictionary()
"""Per bot (tests run several in one process): game id → the version its board shows."""


def shown_version(host: Host, game_id: int) -> int:
    boards = _shown.get(host)
    return -1 if boards is None else boards.get(game_id, -1)


def shown(host: Host, record: GameRecord) -> bool:
    """Note that the board of ``record``'s version goes out now; ``False`` (nothing noted) when
    a newer version's board went out already: pictures are drawn in the order asked, but a
    board waiting for its picture must not overwrite the board of a later move."""
    boards = _shown.setdefault(host, OrderedDict())
    if record.version < boards.get(record.id, -1):
        return False
    boards[record.id] = record.version
    boards.move_to_end(record.id)
    while len(boards) > SHOWN_KEPT:
        boards.popitem(last=False)
    return True


async def superseded(host: Host, record: GameRecord) -> bool:
    """Whether a move later than ``record``'s is stored (by any process): its follow-through
    edits the board with its own picture."""
    if shown_version(host, record.id) > record.version:
        return True
    return (await host.repository.get(record.id)).version > record.version


_later: set[asyncio.Task[None]] = set()
"""The pictures under way after their click was answered (held so none is collected)."""


def later(work: Coroutine[Any, Any, None]) -> None:
    task = asyncio.get_running_loop().create_task(work)
    _later.add(task)
    task.add_done_callback(_later.discard)


async def picture_later(
    host: Host,
    reply: Reply,
    record: GameRecord,
    parts: Callable[[], tuple[discord.ui.LayoutView, list[discord.File]]],
    files: list[discord.File],
    *,
    board: bool = True,
) -> None:
    """The pictures of an answered click, drawn in a worker, then put into the response by an
    edit — on the ``board``, unless a later move's board went out meanwhile. A picture that
    cannot be drawn is logged, and the message shows its text form instead (the game goes on
    either way)."""
    try:
        with contextlib.suppress(PictureFailed):
            await PAINTER.finish(files)  # drawn into the painter's cache, or known as failed
        # Built again: the pictures come from the cache, a failed one as its text form, and the
        # gallery the words went without is back.
        view, files = await drawn(parts)
        if board and await superseded(host, record):
            # A later move is stored (a computer's, often, answering at once): its board edit
            # brings its own picture, so this one would be shown for an instant at most.
            return
        await reply.interaction.edit_original_response(**as_layout({"view": view, "attachments": files}))
    except Exception:
        log.exception("could not put the picture into a message of game %s", record.id)


async def tell_player(
    host: Host,
    reply: Reply,
    record: GameRecord,
    unreachable: frozenset[int],
    failed: frozenset[int],
    board: Board,
    pictures: bool,
) -> None:
    """What the player who moved must know: that the board could not be updated in place;
    that a DM to him could not go out (with what it held); then the players who could not be
    reached are told at their next interaction."""
    if board is Board.FAILED:
        await reply.say(t(reply.lang, "play.board_failed"))
    elif board is Board.REPOSTED:
        await reply.say(t(reply.lang, "play.board_reposted"))
    await tell_unreachable(host, reply, record, unreachable, failed, pictures=pictures)
