"""A running game as the surface may ask about it: the views, legal actions, pending
decisions and result the engine hands out for one audience at a time — never the state.

Everything that draws or words a game (the bot's embeds, buttons, pictures, words) reads a
``Position``; what it never receives it cannot print. The state stays inside, reachable only
through ``state_of``, which storage (and nothing that draws) uses to store and apply moves.
"""

from __future__ import annotations

from typing import Any, Generic, TypeVar

from engine.core.contract import Event, Game, Result
from engine.core.decisions import Decision, for_seat
from engine.core.plain import JSON

A = TypeVar("A")
V = TypeVar("V")


class Position(Generic[A, V]):
    """One position of ``game``. Its answers depend only on what the asked audience may know:
    ``view(seat)``, ``private_view(seat)``, ``legal_actions(seat)`` and ``decision(seat)``
    are that seat's own; ``to_act`` and ``result`` are public facts."""

    __slots__ = ("__state", "game")

    def __init__(self, game: Game[Any, A, V], state: Any) -> None:
        self.game = game
        self.__state = state

    @property
    def key(self) -> str:
        return self.game.key

    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.__state)

    def result(self) -> Result | None:
        return self.game.result(self.__state)

    def view(self, seat: int | None) -> V:
        """What ``seat`` may know (``None``: anyone, a spectator)."""
        return self.game.view(self.__state, seat)

    def private_view(self, seat: int) -> JSON | None:
        """The part of the seat's view only it sees (``Game.private_view``)."""
        return self.game.private_view(self.__state, seat)

    def legal_actions(self, seat: int) -> list[A]:
        return self.game.legal_actions(self.__state, seat)

    def legal_data(self, seat: int) -> list[dict[str, Any]]:
        """The seat's legal actions as plain data, as buttons and menus carry them."""
        found: list[dict[str, Any]] = []
        for action in self.game.legal_actions(self.__state, seat):
            data = self.game.dump_action(action)
            assert isinstance(data, dict)
            found.append(data)
        return found

    def decision(self, seat: int) -> Decision | None:
        """The seat's own pending decision, if the game waits for it."""
        return for_seat(self.game.pending(self.__state), seat)

    def pending(self, seat: int | None) -> tuple[Decision, ...]:
        """Every pending decision as ``seat`` (``None``: anyone) may see it: its own whole, and
        of another seat's secret one only who decides what kind of thing (its options, default
        and context are that seat's alone)."""
        return tuple(
            d if not d.secret or (seat is not None and seat in d.seats) else _bare(d)
            for d in self.game.pending(self.__state)
        )

    def default_action(self, seat: int) -> A | None:
        """What an absent seat takes (``Game.default_action``)."""
        return self.game.default_action(self.__state, seat)

    @staticmethod
    def events_for(events: tuple[Event, ...], seat: int | None) -> tuple[Event, ...]:
        """The events ``seat`` may learn (``None``: the public ones)."""
        return tuple(event for event in events if event.visible_to(seat))


def _bare(decision: Decision) -> Decision:
    return Decision(kind=decision.kind, seats=decision.seats, secret=True)


def state_of(position: Position[Any, Any]) -> Any:
    """The state inside a position, for the engine's own computer players (which hand on only
    the seat's view). Nothing under ``bot/`` calls it (``tests/bot/test_views_only.py``)."""
    return position._Position__state  # type: ignore[attr-defined]
