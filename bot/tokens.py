"""Calls to Discord made with an interaction's token, which its global limit does not count.

Discord lets a bot make 50 REST calls a second in all, across its processes and shards. An
interaction's response does not count, nor anything made with its token while the token lasts
(15 minutes): follow-ups posted in the interaction's channel, edits of its original response
and of its follow-ups, and their deletion. So a game remembers, in the process that answered
them, its latest interactions:

- the **board's** latest interaction whose original response is the board message (**Start**,
  a click on the board answered by editing it): the board of a move that has no interaction of
  its own (a computer's, a typed ``/move``'s) is edited through it;
- the **channel's** latest interaction in the game's channel: a turn ping is posted as its
  follow-up, and remembered with it, so that the ping is deleted through the same token.

What the token cannot do (it has run out, the process that holds it is not the one following
the move through, Discord refuses it) is done by the ordinary call, which counts: nothing a move
owes ever depends on a token. The tokens live in this process only; storing them would keep a
credential in the database for a quarter of an hour's saving.
"""

from __future__ import annotations

import time
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import discord

LIFETIME = 14 * 60.0
"""Seconds an interaction's token is used for after the bot received it: Discord's 15 minutes,
less a minute for the time the move took and the call will take."""
JUST_MOVED = 60.0
"""Seconds during which a person who moved is taken to be watching the board: a turn of his that
starts again within them (a computer seat answered him) needs no ping."""
KEPT = 4096
"""Games (and pings) remembered at most; the least recently used go first."""


@dataclass(frozen=True, slots=True)
class Token:
    interaction: discord.Interaction[Any]
    until: float
    """When it runs out, by ``Tokens.clock``."""


class Tokens:
    """The interactions of each game whose token still acts, in one bot process."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._board: OrderedDict[int, tuple[int, Token]] = OrderedDict()
        """Game → the board message and the latest interaction whose original response it is."""
        self._channel: OrderedDict[int, Token] = OrderedDict()
        """Game → its latest interaction in the game's channel."""
        self._pings: OrderedDict[int, Token] = OrderedDict()
        """A ping posted as a follow-up → the interaction it follows."""
        self._moved: OrderedDict[int, tuple[int, float]] = OrderedDict()
        """Game → the seat of the person who made its latest move through an interaction, and when."""

    def _token(self, interaction: discord.Interaction[Any]) -> Token:
        return Token(interaction, self.clock() + LIFETIME)

    def _fresh(self, token: Token | None) -> discord.Interaction[Any] | None:
        return token.interaction if token is not None and token.until > self.clock() else None

    def note_board(self, game_id: int, message_id: int, interaction: discord.Interaction[Any]) -> None:
        """``interaction``'s original response is the board message ``message_id``."""
        known = self._board.get(game_id)
        if known is not None and known[1].interaction is interaction:
            return
        _put(self._board, game_id, (message_id, self._token(interaction)))

    def board(self, game_id: int, message_id: int) -> discord.Interaction[Any] | None:
        """An interaction whose token still edits the board message ``message_id``."""
        known = self._board.get(game_id)
        if known is None or known[0] != message_id:
            return None
        return self._fresh(known[1])

    def note_channel(self, game_id: int, interaction: discord.Interaction[Any]) -> None:
        """``interaction``, made in the game's channel and answered (``may_follow``), may post
        follow-ups there."""
        known = self._channel.get(game_id)
        if known is not None and known.interaction is interaction:
            return
        _put(self._channel, game_id, self._token(interaction))

    def channel(self, game_id: int) -> discord.Interaction[Any] | None:
        """An interaction in the game's channel whose token still posts follow-ups."""
        return self._fresh(self._channel.get(game_id))

    def note_ping(self, message_id: int, interaction: discord.Interaction[Any]) -> None:
        """The ping ``message_id`` was posted as a follow-up of ``interaction``."""
        _put(self._pings, message_id, self._token(interaction))

    def ping(self, message_id: int) -> discord.Interaction[Any] | None:
        """The interaction whose token still deletes the ping ``message_id``."""
        return self._fresh(self._pings.get(message_id))

    def forget(self, interaction: discord.Interaction[Any]) -> None:
        """Discord refused ``interaction``'s token: it is not tried again."""
        for game, (_, token) in list(self._board.items()):
            if token.interaction is interaction:
                del self._board[game]
        for found in (self._channel, self._pings):
            for key, token in list(found.items()):
                if token.interaction is interaction:
                    del found[key]

    def note_moved(self, game_id: int, seat: int) -> None:
        """A person in ``seat`` moved through an interaction just now."""
        _put(self._moved, game_id, (seat, self.clock()))

    def just_moved(self, game_id: int) -> int | None:
        """The seat of the person who made the game's latest move through an interaction, if
        that was within ``JUST_MOVED`` seconds."""
        known = self._moved.get(game_id)
        if known is None or self.clock() - known[1] > JUST_MOVED:
            return None
        return known[0]

    def other_moved(self, game_id: int) -> None:
        """Someone else moved (a person without an interaction, a timeout): nobody is taken to
        be watching any more."""
        self._moved.pop(game_id, None)


def may_follow(interaction: discord.Interaction[Any]) -> bool:
    """Whether a follow-up of ``interaction`` is a new message: it was answered, and not with a
    deferred "thinking…" message, which its first follow-up would replace (ephemeral, maybe)."""
    deferred = interaction.response.type is discord.InteractionResponseType.deferred_channel_message
    return interaction.response.is_done() and not deferred


def _put(found: OrderedDict[int, Any], key: int, value: Any) -> None:
    found[key] = value
    found.move_to_end(key)
    while len(found) > KEPT:
        found.popitem(last=False)


_tokens: weakref.WeakKeyDictionary[Any, Tokens] = weakref.WeakKeyDictionary()
"""Per bot (tests run several in one process)."""


def tokens_of(host: Any) -> Tokens:
    """The tokens ``host``'s bot process holds."""
    found = _tokens.get(host)
    if found is None:
        found = _tokens[host] = Tokens()
    return found


__all__ = ["JUST_MOVED", "LIFETIME", "Token", "Tokens", "may_follow", "tokens_of"]
