"""The contract every game speaks (described in ``docs/architecture.md``).

A game is a stateless object; a position is a plain dataclass the game creates and never
mutates. Everything that crosses the engine boundary — states, actions, views, events,
results — is plain data with a pydantic ``TypeAdapter``, so it round-trips through JSON.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Literal, TypeVar

from pydantic import BaseModel, TypeAdapter, ValidationError

from engine.core.decisions import Decision, for_seat, seats_of
from engine.core.errors import MAX_NUMBER, BadAction, BadOptions, DamagedState, EngineError, clip
from engine.core.plain import JSON, dump_json
from engine.core.stored import damaged, difference, explain_invalid

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")

MAX_INPUT_CHARS = 4000
"""The longest action a player may type or send as JSON (Discord's own limits are lower)."""
MAX_INPUT_DEPTH = 6
"""The deepest nesting of an action given as plain data (a placement's terrorists: 3)."""
MAX_INPUT_VALUES = 400
"""The most values (keys, items, leaves) in an action given as plain data."""

RESIGN = "resign"
"""The action kind a seat uses to leave a game. It is stored in the move log like any move
but is not listed by ``legal_actions``: resigning is always possible and never a strategy."""

TURN_STARTED = "turn_started"
"""The public event a game emits when a seat's turn begins (``{"seat": s}``): the bot pings
that player. A decision taken out of turn (a pass in a window, a reply to an offer) starts no
turn, so it pings nobody."""


@dataclass(slots=True)
class Event:
    """Something that happened. ``audience`` is ``None`` for everyone (channel, spectators,
    every seat) or the seats allowed to learn it.

    An event is a value like a state: nothing changes one, or its ``data``, once it is made,
    so a game may hand out the same event object whenever the same thing happens again
    (a game with a hot path may keep such events ready-made)."""

    kind: str
    data: dict[str, JSON] = field(default_factory=dict)
    audience: tuple[int, ...] | None = None

    def visible_to(self, seat: int | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)


@dataclass(slots=True)
class Step(Generic[S]):
    """What ``apply`` returns: the new state and the events, in the order they happened."""

    state: S
    events: tuple[Event, ...]


@dataclass(frozen=True, slots=True)
class Result:
    """The outcome once a game is over. ``ranks[seat]`` is 1 for the winners; tied seats share
    a rank. ``scores`` are the game's own points (worms, artifacts …)."""

    ranks: tuple[int, ...]
    scores: tuple[float, ...]
    draw: bool = False
    reason: str | None = None
    """Why the game ended, as the game names it (``grill_empty``, ``mission``, ``resigned`` …)."""
    team: Literal["won", "lost"] | None = None
    """A co-operative game's outcome: every seat won together, or every seat lost together.
    ``None`` for a game played against each other."""

    @classmethod
    def together(cls, seats: int, *, won: bool, reason: str, scores: tuple[float, ...] = ()) -> Result:
        """The result of a co-operative game: all seats share rank 1 and the outcome."""
        return cls(
            ranks=(1,) * seats,
            scores=scores or (0.0,) * seats,
            reason=reason,
            team="won" if won else "lost",
        )

    @property
    def winners(self) -> tuple[int, ...]:
        if self.draw or self.team == "lost":
            return ()
        return tuple(s for s, r in enumerate(self.ranks) if r == 1)


EVENT_ADAPTER: TypeAdapter[Event] = TypeAdapter(Event)
RESULT_ADAPTER: TypeAdapter[Result] = TypeAdapter(Result)


def ranks_from_keys(keys: list[tuple[Any, ...]]) -> tuple[int, ...]:
    """Competition ranking (1, 1, 3 …) of seats by descending sort key; equal keys share."""
    order = sorted(range(len(keys)), key=lambda s: keys[s], reverse=True)
    ranks = [0] * len(keys)
    for pos, seat in enumerate(order):
        if pos and keys[seat] == keys[order[pos - 1]]:
            ranks[seat] = ranks[order[pos - 1]]
        else:
            ranks[seat] = pos + 1
    return tuple(ranks)


class Game(ABC, Generic[S, A, V]):
    """One game's rules. Subclasses fill in the class attributes and the abstract methods."""

    key: ClassVar[str]
    title: ClassVar[str]
    order: ClassVar[int] = 100
    """Where the game stands in lists shown to players (``/play``), smallest first."""
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    cooperative: ClassVar[bool] = False
    """All seats win or lose together (``Result.team``)."""
    information: ClassVar[Literal["perfect", "imperfect"]] = "imperfect"
    """What the seats may know, as game theory (and OpenSpiel) classes games. ``"perfect"``: the
    whole position is public, so every seat and a spectator get the same view (the generator's
    future is not part of the position). ``"imperfect"``: some seat cannot see something — a
    hand, a deck's order, a hidden map, a choice not yet revealed. The contract tests hold a
    game to what it declares; the default assumes secrets, the safe side."""
    chance: ClassVar[bool] = True
    """Whether anything in the game is left to chance (dice, shuffles, a random deal), so that
    the seed matters. ``False``: a deterministic game, the same for every seed, which the
    contract tests check. The default assumes chance, the safe side."""
    typed_examples: ClassVar[tuple[str, ...]] = ()
    """A few actions as a player would type them (``parse_text``), shown by terminal play's
    help; empty for a game that reads only JSON."""
    options_model: ClassVar[type[BaseModel]]
    state_adapter: ClassVar[TypeAdapter[Any]]
    action_adapter: ClassVar[TypeAdapter[Any]]
    view_adapter: ClassVar[TypeAdapter[Any]]
    state_version: ClassVar[int] = 1
    """The version of what a stored game means to these rules: raised when the rules change
    so that a game stored before would replay differently (an option it never named now
    defaults to something else, a state takes another shape). Storage records it with each
    game's snapshot and, when a stored game's version is older, upgrades its options
    (``upgrade_options``) and rebuilds the snapshot from the move log; a replay file states it
    too."""

    def upgrade_options(self, options: dict[str, Any], from_version: int) -> dict[str, Any]:
        """The options of a game stored at ``from_version`` (older than ``state_version``), as
        this version of the rules reads them so that the game replays as it was played: an
        option added since is filled in with the value the game was played with. Fill in only
        what is absent: a game stored before state versions were recorded is taken to be at
        version 1 even when its options already have a later version's form. Unchanged by
        default."""
        return dict(options)

    # -- the contract -------------------------------------------------------------------
    @abstractmethod
    def new(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> S: ...

    @abstractmethod
    def seats(self, state: S) -> int:
        """How many seats the game was set up with (resigned ones included)."""

    @abstractmethod
    def pending(self, state: S) -> tuple[Decision, ...]:
        """The decisions the game waits on now (``engine.core.decisions``); empty once over."""

    def to_act(self, state: S) -> tuple[int, ...]:
        """The seats whose input the game waits for: those of the pending decisions. A seat
        that merely *may* act (an optional card it can play at any time) is not among them."""
        return seats_of(self.pending(state))

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[A]: ...

    @abstractmethod
    def apply(self, state: S, seat: int, action: A) -> Step[S]: ...

    @abstractmethod
    def resign(self, state: S, seat: int) -> Step[S]:
        """The seat leaves. The game goes on for the others if its rules allow, else ends."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> V: ...

    @abstractmethod
    def result(self, state: S) -> Result | None: ...

    def redeal(self, state: S, seat: int | None, seed: int) -> S:
        """A position ``seat`` (``None``: a spectator) cannot tell from ``state``: everything
        it may not know drawn again from ``seed`` — the generator's future, other players'
        hands, the order of face-down decks, hidden maps. ``view(…, seat)`` and the seat's
        legal actions stay the same; the contract tests check that they do, and that a game
        with secrets or chance does draw something again.

        A game of perfect information without chance hides nothing, not even a future: ``state``
        itself is the answer, and the default gives it. Any other game must say how."""
        if self.information == "perfect" and not self.chance:
            return state
        raise NotImplementedError(f"{self.key} declares secrets or chance, so it must redeal them")

    def private_view(self, state: S, seat: int) -> JSON | None:
        """The part of ``view(state, seat)`` that only this seat sees, as plain data (its hand,
        its secret map), or ``None`` when it has nothing private. The bot sends it by DM
        whenever it changes."""
        return None

    def default_action(self, state: S, seat: int) -> A | None:
        """The action taken for ``seat`` when it is absent: the default of its pending decision,
        or ``None`` when a computer player must decide for it."""
        decision = for_seat(self.pending(state), seat)
        if decision is None or decision.default is None:
            return None
        return self.parse_action(decision.default)

    def absent_only(self, action: A) -> bool:
        """Whether ``action`` may be played only as an absent seat's default, never from the
        player's own input (a skip that a player who could move may not choose himself). None
        is, unless a game says so."""
        return False

    def parse_text(self, text: str) -> JSON:
        """Turn a player's typed action (``keep 5``) into plain data. Games override this;
        the default accepts only JSON."""
        raise BadAction(f"cannot read the action {text!r}", "unreadable", text=text)

    def typed(self, action: A) -> str:
        """``action`` as a player types it (``take 24``): ``parse_action`` reads it back to the
        same action (the contract tests check it). By default its JSON, which every game reads."""
        return dump_json(self.dump_action(action))

    # -- shared machinery ---------------------------------------------------------------
    def options(self, seats: int, options: Mapping[str, Any] | BaseModel | None) -> Any:
        """Validate the seat count and the options; a clear ``BadOptions`` otherwise."""
        if not self.min_seats <= seats <= self.max_seats:
            raise BadOptions(
                f"{self.title} is played by {self.min_seats}–{self.max_seats} seats, not {seats}",
                "seats",
                min=self.min_seats,
                max=self.max_seats,
                seats=seats,
            )
        if isinstance(options, self.options_model):
            return options
        try:
            return self.options_model.model_validate(dict(options or {}))
        except ValidationError as exc:
            raise BadOptions(_explain(exc), "options", detail=_explain(exc)) from None

    def parse_action(self, data: JSON) -> A:
        """An action from plain data, a JSON string or a typed text form. Whatever the input's
        size and shape, the answer is the action or a ``BadAction`` with a short message, in
        bounded time: input over the size limits is refused before it is read."""
        try:
            return self._parse_action(data)
        except EngineError:
            raise
        except (ValueError, TypeError, OverflowError, RecursionError):
            # A conversion the checks above did not foresee: still the engine's answer.
            raise BadAction("cannot read this action", "unreadable", text=_quote(data)) from None

    def _parse_action(self, data: JSON) -> A:
        if isinstance(data, str):
            text = data.strip()
            if len(text) > MAX_INPUT_CHARS:
                raise BadAction(
                    f"an action of {len(text)} characters is too long (at most {MAX_INPUT_CHARS})",
                    "too_long",
                    length=len(text),
                    limit=MAX_INPUT_CHARS,
                )
            if text.startswith("{"):
                try:
                    data = json.loads(text)
                except (ValueError, RecursionError):  # bad JSON, or numbers past int's limit
                    raise BadAction(f"cannot read the action {text!r}", "unreadable", text=text) from None
            else:
                data = self.parse_text(text)
        _check_size(data)
        try:
            action: A = self.action_adapter.validate_python(data)
        except ValidationError as exc:
            raise BadAction(_explain(exc), "malformed", detail=_explain(exc)) from None
        return action

    def dump_action(self, action: A) -> JSON:
        return self.action_adapter.dump_python(action, mode="json")

    def dump_state(self, state: S) -> JSON:
        return self.state_adapter.dump_python(state, mode="json")

    def load_state(self, data: JSON) -> S:
        """A stored position read back (``engine.core.stored``): its schema with the bounds the
        game's data sets, then that it reads back exactly as given, then the game's cross-field
        checks (``state_problem``) and the contract's. Anything wrong is one ``DamagedState``
        saying what, in time bounded by the size of ``data``: a number out of bounds is refused
        before any rule could loop over it."""
        try:
            state: S = self.state_adapter.validate_python(data)
        except ValidationError as exc:
            raise damaged(explain_invalid(exc)) from None
        except (ValueError, TypeError, RecursionError) as exc:
            raise damaged(f"it cannot be read ({type(exc).__name__})") from None
        changed = difference(data, self.dump_state(state))
        if changed is not None:
            raise damaged(changed)
        try:
            problem = self.state_problem(state) or self._contract_problem(state)
        except (LookupError, ValueError, TypeError, ArithmeticError, EngineError) as exc:
            # A damage no check foresaw still makes the rules trip over it: refused all the same.
            problem = f"its parts do not fit together ({type(exc).__name__})"
        if problem is not None:
            raise damaged(problem)
        return state

    def state_problem(self, state: S) -> str | None:
        """What is wrong with a position whose every field is well formed, or ``None``: what
        the fields' types cannot say alone — counts that must add up, an index within a list
        of another field, a card that lies in two places. Checked on every stored state read
        back; the cheap checks only, and none the rules would ever break. Nothing by default."""
        return None

    def _contract_problem(self, state: S) -> str | None:
        """What every game's position must hold: a seat count the game is played by, pending
        decisions of seats that exist, each default an action the game can read, and a result
        the game can work out."""
        seats = self.seats(state)
        if not self.min_seats <= seats <= self.max_seats:
            return f"{seats} seats, where {self.title} is played by {self.min_seats}–{self.max_seats}"
        for decision in self.pending(state):
            if not decision.seats or len(set(decision.seats)) != len(decision.seats):
                return f"a {decision.kind} decision of the seats {list(decision.seats)}"
            if not all(0 <= seat < seats for seat in decision.seats):
                return f"a {decision.kind} decision of the seats {list(decision.seats)} at {seats} seats"
            if decision.default is not None:
                try:
                    self.parse_action(decision.default)
                except BadAction as exc:
                    return f"the default of the {decision.kind} decision: {exc.message}"
        self.result(state)
        return None

    def load_options(self, data: JSON) -> BaseModel:
        """Stored options read back, as the game's options model reads them; ``DamagedState``
        if it refuses them."""
        try:
            return self.options_model.model_validate(data)
        except ValidationError as exc:
            raise DamagedState(
                f"the stored options are damaged: {explain_invalid(exc)}", problem=explain_invalid(exc)
            ) from None

    def dump_view(self, view: V) -> JSON:
        return self.view_adapter.dump_python(view, mode="json")

    def load_view(self, data: JSON) -> V:
        view: V = self.view_adapter.validate_python(data)
        return view

    def is_over(self, state: S) -> bool:
        return not self.to_act(state)


def dump_event(event: Event) -> JSON:
    return EVENT_ADAPTER.dump_python(event, mode="json")


def load_event(data: JSON) -> Event:
    return EVENT_ADAPTER.validate_python(data)


_SENTENCES: dict[str, str] = {
    "missing": "{what} is missing",
    "literal_error": "{what} should be {expected}",
    "int_parsing": "{what} should be a whole number",
    "int_type": "{what} should be a whole number",
    "int_from_float": "{what} should be a whole number",
    "greater_than_equal": "{what} should be at least {ge}",
    "less_than_equal": "{what} should be at most {le}",
    "greater_than": "{what} should be more than {gt}",
    "less_than": "{what} should be less than {lt}",
    "too_long": "{what} has too many items (at most {max_length})",
    "string_too_long": "{what} is too long (at most {max_length} characters)",
    "int_parsing_size": "{what} is too large a number",
    "value_error": "{what}: {error}",
    "too_short": "{what} has too few items (at least {min_length})",
    "string_type": "{what} should be text",
    "bool_type": "{what} should be true or false",
    "tuple_type": "{what} should be a list",
    "list_type": "{what} should be a list",
    "dict_type": "{what} should be an object",
    "dataclass_type": "{what} should be an object",
    "union_tag_invalid": "there is no action '{tag}': the actions are {expected_tags}",
    "union_tag_not_found": "an action needs a kind",
    "extra_forbidden": "{what} is not part of this action",
}
"""Pydantic's error types as sentences a player reads (``keep.face: Input should be …`` becomes
``the face of keep should be '1', … or 'worm'``)."""


def _explain(exc: ValidationError) -> str:
    sentences = []
    for err in exc.errors()[:3]:
        loc = [clip(str(p), 20) for p in err["loc"]]
        if len(loc) >= 2:
            what = f"the {' '.join(loc[1:])} of {loc[0]}"
        else:
            what = f"the {loc[0]}" if loc else "the action"
        template = _SENTENCES.get(err["type"])
        try:
            text = template.format(what=what, **err.get("ctx", {})) if template else f"{what}: {err['msg']}"
        except (KeyError, IndexError):
            text = f"{what}: {err['msg']}"
        sentences.append(text[0].upper() + text[1:])
    return "; ".join(sentences) + "."


def _check_size(data: JSON) -> None:
    """Refuse plain data nested deeper or holding more values than any action needs, text
    longer than any action holds, or an integer larger than any, before a validator walks it (a
    thousand levels of nesting, a list of a million cells, a number of 5,000 digits)."""
    stack: list[tuple[JSON, int]] = [(data, 1)]
    seen = 0
    while stack:
        value, depth = stack.pop()
        seen += 1
        if depth > MAX_INPUT_DEPTH or seen > MAX_INPUT_VALUES:
            raise BadAction(
                "the action is too large or too deeply nested to be one",
                "too_large",
                depth=MAX_INPUT_DEPTH,
                values=MAX_INPUT_VALUES,
            )
        if isinstance(value, dict | list | tuple):
            if seen + len(value) > MAX_INPUT_VALUES:
                stack.append((None, MAX_INPUT_DEPTH + 1))  # refused at the next step
                continue
            items = value.values() if isinstance(value, dict) else value
            stack.extend((v, depth + 1) for v in items)
            seen += len(value) if isinstance(value, dict) else 0
        elif isinstance(value, str) and len(value) > MAX_INPUT_CHARS:
            raise BadAction("a part of the action is too long", "too_long", limit=MAX_INPUT_CHARS)
        elif isinstance(value, int) and not -MAX_NUMBER <= value <= MAX_NUMBER:
            # Refused before any validator sees it: one that quotes it (a kind that is no text,
            # a face read as text) would fail writing out an integer of thousands of digits.
            raise BadAction("a number in the action is larger than any move takes", "too_large")


def _quote(data: JSON) -> str:
    """A short excerpt of what was given, for an error message (``…`` for data that cannot even
    be written out: an integer past Python's limit on converting integers to text)."""
    if isinstance(data, str):
        return clip(data, 60)
    try:
        return clip(repr(data), 60)
    except ValueError:
        return "…"
