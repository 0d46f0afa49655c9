"""The one driver that plays a game through the contract, for tests, the arena and benchmarks.

``playout`` plays from a position until the game is over, asking a chooser for every move and
yielding each move as it is played. The default chooser is uniform over the legal actions,
with templates (a path, a placement) filled in by the game's sampler. Several seats to act at
once (a simultaneous phase) are served in a random order, and the driver may also let a seat
that is not waited for play an optional action, or resign, so random games reach every path a
real table can take.

Games of computer players use ``PolicyChoice``: each seat's policy decides through ``decide``
with a seed made from one number and the count of decisions so far, so such a game is
reproducible from the game's seed, that number and the driver's generator (which only orders
seats deciding at once).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any, NamedTuple

from engine.ai.policy import Fills, Policy, Sampler, decide, fill, fills_of, get_policy, sampler_of
from engine.core.contract import RESIGN, Game, Step
from engine.core.move_log import play_logged

Chooser = Callable[[Game[Any, Any, Any], Any, int, random.Random], Any]
"""``(game, state, seat, rng) -> action``: one move for ``seat``."""


def random_choice(game: Game[Any, Any, Any], state: Any, seat: int, rng: random.Random) -> Any:
    """A uniformly random legal action (a template filled in by the game's sampler)."""
    legal = game.legal_actions(state, seat)
    return fill(game, state, seat, legal[rng.randrange(len(legal))], rng)


class PolicyChoice:
    """The chooser of a game of computer players: ``policies[seat]`` (a policy or its name)
    makes that seat's moves through ``decide``, the game's ``n``-th decision (counted from 0
    over all seats) with seed ``seed + n``. It never draws from the driver's generator: a
    policy's randomness is its decision's seed alone.

    One per game, since it counts that game's decisions. A name is looked up once, at the
    seat's first decision, and that policy object makes all of the seat's moves."""

    def __init__(self, policies: Sequence[str | Policy], seed: int) -> None:
        self.policies: list[str | Policy] = list(policies)
        self.seed = seed
        self.decisions = 0
        """Decisions made so far."""

    def __call__(self, game: Game[Any, Any, Any], state: Any, seat: int, rng: random.Random) -> Any:
        if not 0 <= seat < len(self.policies):
            raise IndexError(f"no policy for seat {seat}: {len(self.policies)} given")
        policy = self.policies[seat]
        if isinstance(policy, str):
            policy = self.policies[seat] = get_policy(game.key, policy)
        action = decide(game, state, seat, policy, seed=self.seed + self.decisions)
        self.decisions += 1
        return action


class Preferring:
    """A policy that plays ``action`` whenever it is legal and leaves every other decision to
    ``policy``: one choice fixed (a seat's deck), a computer player for the rest."""

    def __init__(self, action: Any, policy: Policy) -> None:
        self.action, self.policy = action, policy

    def choose(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return self.action if self.action in legal else self.policy.choose(view, legal, rng)


class Played(NamedTuple):
    """One move of a playout: who played what, the position before it, and its step. (A named
    tuple: one is made per move, and benchmarks count moves.)"""

    seat: int
    action: Any
    """The action, or ``None`` for a resignation."""
    before: Any
    step: Step[Any]


class TooLong(AssertionError):
    """A playout that did not end within its bound: the game may never end."""


def playout(
    game: Game[Any, Any, Any],
    state: Any,
    rng: random.Random,
    *,
    choose: Chooser = random_choice,
    max_moves: int = 100_000,
    off_turn: float = 0.0,
    resign: float = 0.0,
) -> Iterator[Played]:
    """Play ``state`` to the end. ``off_turn``: the chance, at each move, that a seat not waited
    for but with something it may do (an optional card) acts instead; ``resign``: the chance
    that the acting seat resigns. Raises ``TooLong`` past ``max_moves``."""
    if choose is random_choice and not (off_turn or resign):
        sampler = sampler_of(game.key)
        if sampler is None:
            return _random_playout(game, state, rng, max_moves)
        fills = fills_of(game.key)
        if fills is not None:  # the sampler is asked only for its templates, as ``fill`` asks it
            return _random_playout(game, state, rng, max_moves, (sampler, fills))
    return _playout(game, state, rng, choose, max_moves, off_turn, resign)


def _playout(
    game: Game[Any, Any, Any],
    state: Any,
    rng: random.Random,
    choose: Chooser,
    max_moves: int,
    off_turn: float,
    resign: float,
) -> Iterator[Played]:
    to_act_of, legal_of, apply, new_played = game.to_act, game.legal_actions, game.apply, tuple.__new__
    seats = game.seats(state)
    for _ in range(max_moves):
        to_act = to_act_of(state)
        if not to_act:
            return
        seat = to_act[0] if len(to_act) == 1 else to_act[rng.randrange(len(to_act))]
        if off_turn and rng.random() < off_turn:
            idle = [s for s in range(seats) if s not in to_act and legal_of(state, s)]
            if idle:
                seat = idle[rng.randrange(len(idle))]
        if resign and rng.random() < resign:
            step = play_logged(game, state, seat, {"kind": RESIGN})[0]
            yield new_played(Played, (seat, None, state, step))
        else:
            action = choose(game, state, seat, rng)
            step = apply(state, seat, action)
            yield new_played(Played, (seat, action, state, step))
        state = step.state
    raise TooLong(f"{game.key}: still running after {max_moves} moves")


_DRAWS_BELOW = getattr(random.Random, "_randbelow_with_getrandbits", None)
"""How ``random.Random`` draws an index below ``n`` (``randrange``, ``choice``): words of
``n.bit_length()`` bits until one is below ``n``. ``_random_playout`` draws the same way."""


def _random_playout(
    game: Game[Any, Any, Any],
    state: Any,
    rng: random.Random,
    max_moves: int,
    filling: tuple[Sampler, Fills] | None = None,
) -> Iterator[Played]:
    """``playout`` of uniform choices over listed actions, nothing else: the hot path of
    benchmarks and searches, with nothing between the contract's calls but the draw. Every
    index is drawn as ``legal[rng.randrange(len(legal))]`` draws it, from the same words, so
    the games are the same as through ``random_choice``; the draw is written out here (a
    Python frame or two less per move), and a ``Played`` is made as the plain tuple it is,
    skipping ``NamedTuple.__new__``. ``filling``: the game's sampler and what it fills in; a
    template drawn is filled in from the seat's view, with the same generator, as ``fill``
    does."""
    to_act_of, legal_of, apply, new_played = game.to_act, game.legal_actions, game.apply, tuple.__new__
    if _DRAWS_BELOW is None or getattr(type(rng), "_randbelow", None) is not _DRAWS_BELOW:
        choice = rng.choice  # a generator that draws otherwise (it redefines ``random``): ask it
        for _ in range(max_moves):
            to_act = to_act_of(state)
            if not to_act:
                return
            seat = to_act[0] if len(to_act) == 1 else to_act[rng.randrange(len(to_act))]
            action = choice(legal_of(state, seat))
            if filling is not None and filling[1](action):
                action = filling[0](game.view(state, seat), action, rng)
            step = apply(state, seat, action)
            yield new_played(Played, (seat, action, state, step))
            state = step.state
        raise TooLong(f"{game.key}: still running after {max_moves} moves")
    bits = rng.getrandbits
    for _ in range(max_moves):
        to_act = to_act_of(state)
        if len(to_act) == 1:  # the common case first: one test where there were two
            seat = to_act[0]
        elif not to_act:
            return
        else:
            seat = to_act[rng.randrange(len(to_act))]
        legal = legal_of(state, seat)
        n = len(legal)
        if not n:
            raise IndexError("Cannot choose from an empty sequence")  # as ``rng.choice`` refuses
        k = n.bit_length()
        i = bits(k)
        while i >= n:
            i = bits(k)
        action = legal[i]
        if filling is not None and filling[1](action):
            action = filling[0](game.view(state, seat), action, rng)
        step = apply(state, seat, action)
        yield new_played(Played, (seat, action, state, step))
        state = step.state
    raise TooLong(f"{game.key}: still running after {max_moves} moves")


def play_to_end(game: Game[Any, Any, Any], state: Any, rng: random.Random, **options: Any) -> Any:
    """The final position of a ``playout``."""
    for played in playout(game, state, rng, **options):
        state = played.step.state
    return state
