"""What a computer player is, which ones exist per game, and how one makes a move.

A policy sees exactly what a human in its seat would see: the seat's own view
(``game.view(state, seat)``) and the legal actions, plus a seeded ``random.Random`` for
its own choices. It never receives the state, so it cannot peek at hidden information.

Games whose ``legal_actions`` hold free-form *templates* (a kind of action whose parameters
the player fills in) register a **sampler** with ``register_sampler``: a function
``sample(view, template, rng) -> action`` that turns a listed item into one concrete legal
action (returning the item unchanged when it is already concrete). ``sample`` calls it, and
the generic ``random`` policy does so for every move; without a sampler a listed item is
returned as it is.

Each game's own policies live in ``engine.ai.<game key>`` (a package importing it registers
them); ``random`` exists for every game.
"""

from __future__ import annotations

import importlib
import importlib.util
import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from engine.core.contract import Game
from engine.core.errors import EngineError, IllegalAction
from engine.core.position import Position, state_of


class Policy(Protocol):
    """A computer player: picks one action from what its seat sees."""

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """One of ``legal`` (or a concrete action made from a listed template)."""
        ...


PolicyFactory = Callable[[], Policy]
Sampler = Callable[[Any, Any, random.Random], Any]
Fills = Callable[[Any], bool]
"""Whether a listed item is a template the game's sampler fills in (``False``: the sampler
returns it as it is, drawing nothing)."""


class UnknownPolicy(EngineError):
    code = "unknown_policy"


_factories: dict[str, dict[str, PolicyFactory]] = {}
_samplers: dict[str, Sampler] = {}
_fills: dict[str, Fills] = {}
_loaded: set[str] = set()


def register_policy(game_key: str, name: str, factory: PolicyFactory) -> None:
    _factories.setdefault(game_key, {})[name] = factory


def register_sampler(game_key: str, sampler: Sampler, fills: Fills | None = None) -> None:
    """``fills``, if given, tells the templates from concrete items, so that ``fill`` builds the
    seat's view only for a template: a view can cost more than the move itself, and in most
    decisions of a game with templates every listed item is concrete."""
    _samplers[game_key] = sampler
    if fills is None:
        _fills.pop(game_key, None)
    else:
        _fills[game_key] = fills


def _load(game_key: str) -> None:
    """Import ``engine.ai.<game_key>`` once, if it exists: it registers the game's policies."""
    if game_key in _loaded:
        return
    _loaded.add(game_key)
    module = f"engine.ai.{game_key}"
    if game_key.isidentifier() and importlib.util.find_spec(module) is not None:
        importlib.import_module(module)


def sample(game_key: str, view: Any, item: Any, rng: random.Random) -> Any:
    """A concrete action made from a listed item by the game's sampler (or the item itself)."""
    _load(game_key)
    sampler = _samplers.get(game_key)
    return item if sampler is None else sampler(view, item, rng)


def sampler_of(game_key: str) -> Sampler | None:
    """The game's sampler, if it registered one."""
    _load(game_key)
    return _samplers.get(game_key)


def fills_of(game_key: str) -> Fills | None:
    """What the game's sampler said it fills in (``register_sampler``), if it said."""
    _load(game_key)
    return _fills.get(game_key)


def fill(game: Game[Any, Any, Any], state: Any, seat: int, item: Any, rng: random.Random) -> Any:
    """``sample`` for a seat of a position; the seat's view is built only for a game that has
    a sampler (most have none, and a playout step should not pay for a view), and only for a
    template when the sampler said which items are (``register_sampler``'s ``fills``)."""
    sampler = sampler_of(game.key)
    if sampler is None:
        return item
    fills = _fills.get(game.key)
    if fills is not None and not fills(item):
        return item
    return sampler(game.view(state, seat), item, rng)


class RandomPolicy:
    """Uniform over the listed actions; templates are filled in by the game's sampler."""

    def __init__(self, game_key: str) -> None:
        self.game_key = game_key

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        if not legal:
            raise IllegalAction("there is nothing to choose from", "no_legal_action")
        return sample(self.game_key, view, legal[rng.randrange(len(legal))], rng)


def policies(game_key: str) -> tuple[str, ...]:
    """The policy names for a game: ``random`` first, then the game's own in registration order."""
    _load(game_key)
    return ("random", *(n for n in _factories.get(game_key, {}) if n != "random"))


def get_policy(game_key: str, name: str) -> Policy:
    """A fresh policy object. An unknown name raises ``UnknownPolicy`` listing the known ones."""
    _load(game_key)
    if name == "random":
        return RandomPolicy(game_key)
    factory = _factories.get(game_key, {}).get(name)
    if factory is None:
        known = ", ".join(policies(game_key))
        raise UnknownPolicy(
            f"no policy {name!r} for {game_key}; known: {known}", game=game_key, name=name, known=known
        )
    return factory()


def decide(game: Game[Any, Any, Any], state: Any, seat: int, policy: str | Policy, seed: int) -> Any:
    """The move ``policy`` makes for ``seat``: it is given ``game.view(state, seat)`` — never
    the state — the seat's legal actions and ``random.Random(seed)``. This is what the bot and
    the terminal player call; the same seed gives the same move."""
    legal = game.legal_actions(state, seat)
    if not legal:
        raise IllegalAction(f"seat {seat} has nothing to do now", "not_your_turn", seat=seat)
    chooser = get_policy(game.key, policy) if isinstance(policy, str) else policy
    return chooser.choose(game.view(state, seat), legal, random.Random(seed))


def decide_at(position: Position[Any, Any], seat: int, policy: str | Policy, seed: int) -> Any:
    """``decide`` for a running game as the bot holds it: a ``Position``, whose state only the
    engine opens."""
    return decide(position.game, state_of(position), seat, policy, seed)
