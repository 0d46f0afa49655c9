"""How a card duel resolves what its players declare: a stack, a trigger queue, response
windows, the trigger declaration step and the chain-repetition cut.

Everything here is plain immutable data plus pure functions; a game keeps one ``Resolution``
in its state and lets ``settle`` run its loop:

```
loop:
  if triggers are raised: declaration step (the non-active seats first, the active seat last)
  response window: from the active seat on, each seat declares an instant or passes
  when every seat has passed in succession:
      the queue's first item executes, else the stack's top item, else the loop ends
```

- The **stack** (LIFO) holds what players declare: attacks and activated abilities.
- The **queue** (FIFO) holds triggered abilities once declared; it always empties before the
  next stack item executes.
- A **raised** trigger has had its condition met and waits for the declaration step, where its
  controller lists his raised triggers with their targets, in the order he wants them queued;
  an optional one left out is declined, a mandatory one with no legal target is dropped.
- **Windows.** A seat with no legal response passes automatically (the game says which seats
  can respond); a declaration in a window starts the window again from the active seat.
- **Chains.** A trigger raised by the execution of a queued (triggered) item inherits that
  item's history plus the item's signature; any other trigger starts with an empty history. A
  trigger whose signature (ability, source, set of targets) is already in its own history is a
  repetition and is never queued, so every causal path of triggers is finite.

The game supplies what only it knows through a ``Table``: the legal target choices of a
raised trigger, whether a seat has a legal response, and what executing an item does.
Instances of one ability from one source raised together, with the same history and the same
target choices, are interchangeable: the menu of declarations offers one order for them, so
an effect must read its event only through its targets.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Annotated, Literal, NamedTuple, Protocol, TypeVar

from pydantic import Field, TypeAdapter

from engine.core.contract import Event
from engine.core.plain import JSON
from engine.core.stored import MAX_COUNTER, Counter, Small

S = TypeVar("S")

Targets = tuple[str, ...]
"""The targets named in a declaration (instance ids), in the game's order."""

MAX_PENDING = 200
"""Items on the stack, in the queue or raised, and signatures in a history, that a stored
resolution may hold at most: far more than any chain the repetition cut lets grow."""
Ref = Annotated[int, Field(ge=1, le=MAX_COUNTER)]
Pending = Field(max_length=MAX_PENDING)


@dataclass(frozen=True, slots=True, order=True)
class Signature:
    """What makes a triggered instance the same as another for the repetition cut: its ability,
    its source and the set of its targets."""

    ability: str
    source: str
    targets: Annotated[Targets, Pending]
    """Sorted, each once: a set."""

    @classmethod
    def of(cls, ability: str, source: str, targets: Iterable[str]) -> Signature:
        return cls(ability, source, tuple(sorted(set(targets))))


History = Annotated[tuple[Signature, ...], Pending]
"""A set of signatures, kept sorted so equal histories are equal tuples."""


def extended(history: History, signature: Signature) -> History:
    """``history`` ∪ {``signature``}."""
    return history if signature in history else tuple(sorted((*history, signature)))


@dataclass(frozen=True, slots=True, kw_only=True)
class Item:
    """One declared thing waiting on the stack or in the queue."""

    ref: Ref
    """Unique within the game: how players and events name it."""
    kind: str
    """The game's name for what it is (``strike``, ``ability``, ``trigger`` …)."""
    ability: str
    source: str
    controller: Small
    targets: Annotated[Targets, Pending] = ()
    history: History = ()
    """For a queued trigger: the signatures of the triggered items that led to it."""
    data: dict[str, JSON] = field(default_factory=dict)
    """The game's context: a declared amount, whether the payment was made in full …"""

    @property
    def signature(self) -> Signature:
        return Signature.of(self.ability, self.source, self.targets)


@dataclass(frozen=True, slots=True, kw_only=True)
class Raised:
    """A trigger whose condition is met, waiting for its controller to declare it."""

    ref: Ref
    ability: str
    source: str
    controller: Small
    optional: bool = False
    history: History = ()
    event: dict[str, JSON] = field(default_factory=dict)
    """The event it answers, for the record (what its targets may be drawn from)."""

    def signature(self, targets: Iterable[str]) -> Signature:
        return Signature.of(self.ability, self.source, targets)

    def repeats(self, targets: Iterable[str]) -> bool:
        """Whether declaring it with ``targets`` would repeat its own chain."""
        return self.signature(targets) in self.history


@dataclass(frozen=True, slots=True)
class Declared:
    """One entry of a trigger declaration: which raised trigger, with which targets."""

    ref: int
    targets: Targets = ()


@dataclass(frozen=True, slots=True)
class Candidate:
    """A raised trigger its controller may declare now, with its legal target choices that
    are not repetitions (each a tuple of targets; ``((),)`` for a trigger without targets)."""

    trigger: Raised
    choices: tuple[Targets, ...]

    @property
    def ref(self) -> int:
        return self.trigger.ref

    def twin_of(self, other: Candidate) -> bool:
        """Interchangeable with ``other``: declaring one or the other changes nothing."""
        a, b = self.trigger, other.trigger
        return (a.ability, a.source, a.optional, a.history, self.choices) == (
            b.ability,
            b.source,
            b.optional,
            b.history,
            other.choices,
        )


@dataclass(frozen=True, slots=True)
class Resolution:
    """The stack, the queue, the raised triggers and the response window of one game."""

    stack: Annotated[tuple[Item, ...], Pending] = ()
    """Bottom first: the last item executes first."""
    queue: Annotated[tuple[Item, ...], Pending] = ()
    """Front first."""
    raised: Annotated[tuple[Raised, ...], Pending] = ()
    running: bool = False
    """Whether the loop runs: from the moment something is pending until every seat has passed
    with the stack and queue empty."""
    passes: Small = 0
    """Consecutive passes in the current window."""
    cause: History = ()
    """The history given to triggers raised now: while a queued item executes, its history
    plus its signature; otherwise empty."""
    last_ref: Counter = 0
    """The last ``ref`` handed out."""

    @property
    def pending(self) -> bool:
        return bool(self.stack or self.queue or self.raised)

    @property
    def idle(self) -> bool:
        """Nothing declared, nothing raised, no window: the game's own flow goes on."""
        return not (self.pending or self.running)

    def push(
        self,
        *,
        kind: str,
        ability: str,
        source: str,
        controller: int,
        targets: Targets = (),
        data: dict[str, JSON] | None = None,
    ) -> tuple[Resolution, Item]:
        """A declaration put on top of the stack. The loop runs, and its window starts again
        from the active seat (after the declaration step of anything the declaration raised)."""
        item = Item(
            ref=self.last_ref + 1,
            kind=kind,
            ability=ability,
            source=source,
            controller=controller,
            targets=targets,
            data=data or {},
        )
        changed = Resolution((*self.stack, item), self.queue, self.raised, True, 0, self.cause, item.ref)
        return changed, item

    def replace_item(self, item: Item) -> Resolution:
        """The stack or queue item with ``item.ref`` replaced (a strike's final target fixed)."""
        return replace(
            self,
            stack=tuple(item if i.ref == item.ref else i for i in self.stack),
            queue=tuple(item if i.ref == item.ref else i for i in self.queue),
        )

    def raise_trigger(
        self,
        *,
        ability: str,
        source: str,
        controller: int,
        optional: bool = False,
        event: dict[str, JSON] | None = None,
    ) -> Resolution:
        """A trigger's condition is met: it waits for the declaration step, with the history of
        what is executing now (``cause``)."""
        raised = Raised(
            ref=self.last_ref + 1,
            ability=ability,
            source=source,
            controller=controller,
            optional=optional,
            history=self.cause,
            event=event or {},
        )
        return Resolution(
            self.stack, self.queue, (*self.raised, raised), self.running, self.passes, self.cause, raised.ref
        )

    # Built positionally, every field in order: ``dataclasses.replace`` checks every field and
    # calls ``__init__`` by keyword, and the loop makes a resolution at every pass.
    def passed(self) -> Resolution:
        """The seat to speak passes."""
        return Resolution(
            self.stack, self.queue, self.raised, self.running, self.passes + 1, self.cause, self.last_ref
        )

    def cleared(self) -> Resolution:
        """Everything discarded (the game ended); refs keep counting."""
        return Resolution(last_ref=self.last_ref)


RESOLUTION_ADAPTER: TypeAdapter[Resolution] = TypeAdapter(Resolution)
ITEM_ADAPTER: TypeAdapter[Item] = TypeAdapter(Item)
RAISED_ADAPTER: TypeAdapter[Raised] = TypeAdapter(Raised)


def dump_item(item: Item) -> dict[str, JSON]:
    data: dict[str, JSON] = ITEM_ADAPTER.dump_python(item, mode="json")
    return data


def dump_raised(raised: Raised) -> dict[str, JSON]:
    data: dict[str, JSON] = RAISED_ADAPTER.dump_python(raised, mode="json")
    return data


# -- who speaks ----------------------------------------------------------------------------------
def priority_order(active: int, seats: Sequence[int]) -> tuple[int, ...]:
    """The order seats speak in a window: the active seat, then the others in turn order."""
    at = seats.index(active)
    return (*seats[at:], *seats[:at])


def declaration_order(active: int, seats: Sequence[int]) -> tuple[int, ...]:
    """The order seats declare simultaneous triggers: every non-active seat, in turn order after
    the active one, then the active seat last (its triggers are queued last)."""
    order = priority_order(active, seats)
    return (*order[1:], order[0])


def speaker(resolution: Resolution, active: int, seats: Sequence[int]) -> int | None:
    """The seat to speak in the current window; ``None`` once every seat has passed."""
    order = priority_order(active, seats)
    return order[resolution.passes] if resolution.passes < len(order) else None


# -- the declaration step -----------------------------------------------------------------------
Drop = Literal["no_target", "repetition"]


class Dropped(NamedTuple):
    trigger: Raised
    reason: Drop


def candidates(
    raised: Iterable[Raised], seat: int, choices_of: Callable[[Raised], Sequence[Targets]]
) -> tuple[tuple[Candidate, ...], tuple[Dropped, ...]]:
    """The triggers ``seat`` may declare now, each with its legal target choices that are not
    repetitions, and the ones that cannot be declared (and why)."""
    found: list[Candidate] = []
    dropped: list[Dropped] = []
    for trigger in raised:
        if trigger.controller != seat:
            continue
        legal = tuple(choices_of(trigger))
        fresh = tuple(t for t in legal if not trigger.repeats(t))
        if fresh:
            found.append(Candidate(trigger, fresh))
        else:
            dropped.append(Dropped(trigger, "repetition" if legal else "no_target"))
    return tuple(found), tuple(dropped)


def only_declaration(found: Sequence[Candidate]) -> tuple[Declared, ...] | None:
    """The one possible declaration, when there is exactly one: every candidate is mandatory,
    has one target choice, and all are interchangeable (or there is just one)."""
    if not found or any(c.trigger.optional or len(c.choices) != 1 for c in found):
        return None
    if any(not c.twin_of(found[0]) for c in found[1:]):
        return None
    return tuple(Declared(c.ref, c.choices[0]) for c in found)


def menu(found: Sequence[Candidate]) -> list[tuple[Declared, ...]]:
    """Every distinct declaration, in a stable order: each order of the candidates (the
    optional ones may be left out) with each of their target choices. Interchangeable
    candidates are taken lowest ref first, so orders that only swap twins appear once."""
    out: list[tuple[Declared, ...]] = []

    def extend(prefix: tuple[Declared, ...], left: tuple[Candidate, ...]) -> None:
        if all(c.trigger.optional for c in left):
            out.append(prefix)
        seen: list[Candidate] = []
        for n, cand in enumerate(left):
            if any(cand.twin_of(s) for s in seen):
                continue
            seen.append(cand)
            rest = left[:n] + left[n + 1 :]
            for targets in cand.choices:
                extend((*prefix, Declared(cand.ref, targets)), rest)

    extend((), tuple(found))
    return out


class Problem(NamedTuple):
    code: str
    message: str


def check_declaration(found: Sequence[Candidate], entries: Sequence[Declared]) -> list[Problem]:
    """Every reason ``entries`` is not a legal declaration of ``found`` (empty: legal)."""
    by_ref = {c.ref: c for c in found}
    problems: list[Problem] = []
    seen: set[int] = set()
    for entry in entries:
        cand = by_ref.get(entry.ref)
        if cand is None:
            problems.append(Problem("unknown_trigger", f"no trigger {entry.ref} of yours is waiting"))
            continue
        if entry.ref in seen:
            problems.append(Problem("listed_twice", f"trigger {entry.ref} is listed twice"))
        seen.add(entry.ref)
        if entry.targets not in cand.choices:
            if cand.trigger.repeats(entry.targets):
                problems.append(
                    Problem("repetition", f"trigger {entry.ref} with those targets would repeat its chain")
                )
            else:
                problems.append(Problem("bad_target", f"trigger {entry.ref} cannot target that"))
    for cand in found:
        if not cand.trigger.optional and cand.ref not in seen:
            problems.append(Problem("mandatory_missing", f"trigger {cand.ref} is mandatory: list it"))
    return problems


def declare(
    resolution: Resolution, seat: int, found: Sequence[Candidate], entries: Sequence[Declared]
) -> tuple[Resolution, tuple[Item, ...], tuple[Raised, ...]]:
    """``seat``'s declaration (already checked): its entries join the queue in order; its other
    raised triggers are declined. Returns the queued items and the declined triggers."""
    by_ref = {c.ref: c.trigger for c in found}
    queued = tuple(
        Item(
            ref=e.ref,
            kind="trigger",
            ability=by_ref[e.ref].ability,
            source=by_ref[e.ref].source,
            controller=seat,
            targets=e.targets,
            history=by_ref[e.ref].history,
            data={"event": by_ref[e.ref].event},
        )
        for e in entries
    )
    listed = {e.ref for e in entries}
    declined = tuple(t for t in resolution.raised if t.controller == seat and t.ref not in listed)
    left = tuple(t for t in resolution.raised if t.controller != seat)
    return replace(resolution, queue=(*resolution.queue, *queued), raised=left), queued, declined


def default_declaration(
    found: Sequence[Candidate], key: Callable[[Raised], tuple[object, ...]]
) -> tuple[Declared, ...]:
    """A declaration an absent seat makes: every mandatory candidate, sorted by ``key``, each
    with its first target choice; optional ones declined."""
    chosen = sorted((c for c in found if not c.trigger.optional), key=lambda c: key(c.trigger))
    return tuple(Declared(c.ref, c.choices[0]) for c in chosen)


# -- the loop -------------------------------------------------------------------------------------
class Table(Protocol[S]):
    """What the loop asks of the game whose state it runs on."""

    def resolution(self, state: S) -> Resolution: ...

    def with_resolution(self, state: S, resolution: Resolution) -> S: ...

    def active(self, state: S) -> int: ...

    def seat_order(self, state: S) -> tuple[int, ...]:
        """Every seat taking part, in turn order."""
        ...

    def target_choices(self, state: S, trigger: Raised) -> Sequence[Targets]:
        """The legal target choices of a raised trigger now (``((),)`` if it has no targets,
        empty if it has none legal)."""
        ...

    def can_respond(self, state: S, seat: int) -> bool:
        """Whether ``seat`` has a legal response in a window now. The loop asks each seat in
        turn of one position, before the passes of the seats before it are counted in its
        resolution: the answer must not depend on the count of passes."""
        ...

    def execute(self, state: S, item: Item, events: list[Event]) -> S:
        """``item`` (already off the stack or queue) executes, deaths included; triggers it
        raises go through ``Resolution.raise_trigger``."""
        ...

    def over(self, state: S) -> bool: ...


class Pause(NamedTuple):
    """Where the loop waits for a seat: to ``declare`` its raised triggers, or to ``respond``
    in a window (declare an instant or pass)."""

    kind: Literal["declare", "respond"]
    seat: int


def settle(table: Table[S], state: S, events: list[Event]) -> tuple[S, Pause | None]:
    """Run the loop until a seat must decide (the ``Pause``) or the loop ends (``None``: the
    stack and queue are empty and every seat passed, or the game is over). A loop that is not
    running and has nothing pending does not start: no window opens after an action that
    declared and raised nothing."""
    resolution = table.resolution(state)
    if not resolution.running:
        if not resolution.pending:
            return state, None
        state = table.with_resolution(state, replace(resolution, running=True))
    while not table.over(state):
        resolution = table.resolution(state)
        active, seats = table.active(state), table.seat_order(state)
        if resolution.raised:
            state, pause = _declaration_step(table, state, resolution, active, seats, events)
            if pause is not None:
                return state, pause
            continue
        # the window: each seat to speak with no legal response passes. The passes are counted
        # here and the resolution made once, where the window stops: passing changes nothing
        # else, and once every seat has passed the count goes back to 0 whatever it was
        order = priority_order(active, seats)
        passes = resolution.passes
        while passes < len(order) and not table.can_respond(state, order[passes]):
            passes += 1
        if passes < len(order):
            if passes != resolution.passes:
                resolution = Resolution(
                    resolution.stack, resolution.queue, resolution.raised, resolution.running,
                    passes, resolution.cause, resolution.last_ref,
                )  # fmt: skip
                state = table.with_resolution(state, resolution)
            return state, Pause("respond", order[passes])
        stack, queue, raised = resolution.stack, resolution.queue, resolution.raised
        if queue:
            item, queue = queue[0], queue[1:]
            cause = extended(item.history, item.signature)
        elif stack:
            item, stack = stack[-1], stack[:-1]
            cause = ()
        else:
            done = Resolution(stack, queue, raised, False, 0, resolution.cause, resolution.last_ref)
            return table.with_resolution(state, done), None
        events.append(Event("resolving", {"item": dump_item(item)}))
        rest = Resolution(stack, queue, raised, resolution.running, 0, cause, resolution.last_ref)
        state = table.execute(table.with_resolution(state, rest), item, events)
        after = table.resolution(state)
        if after.cause:  # what runs next raises its triggers with no history (an unchanged
            # resolution is not made again)
            after = Resolution(
                after.stack, after.queue, after.raised, after.running, after.passes, (), after.last_ref
            )
            state = table.with_resolution(state, after)
    return state, None


def _declaration_step(
    table: Table[S], state: S, resolution: Resolution, active: int, seats: Sequence[int], events: list[Event]
) -> tuple[S, Pause | None]:
    """The first seat in declaration order with raised triggers declares them: at once when
    only one declaration is possible, else the loop pauses for it."""
    seat = next(
        s for s in declaration_order(active, seats) if any(t.controller == s for t in resolution.raised)
    )
    found, dropped = candidates(resolution.raised, seat, lambda t: table.target_choices(state, t))
    for trigger, reason in dropped:
        events.append(Event("trigger_dropped", {"trigger": dump_raised(trigger), "reason": reason}))
    gone = {d.trigger.ref for d in dropped}
    resolution = replace(resolution, raised=tuple(t for t in resolution.raised if t.ref not in gone))
    if not found:
        return table.with_resolution(state, resolution), None
    forced = only_declaration(found)
    if forced is None:
        return table.with_resolution(state, resolution), Pause("declare", seat)
    resolution, queued, _ = declare(resolution, seat, found, forced)
    events.append(declared_event(seat, queued, ()))
    return table.with_resolution(state, resolution), None


def declared_event(seat: int, queued: Sequence[Item], declined: Sequence[Raised]) -> Event:
    """The public record of a declaration: what joined the queue, in order, and what was
    declined."""
    return Event(
        "triggers_declared",
        {
            "seat": seat,
            "queued": [dump_item(i) for i in queued],
            "declined": [dump_raised(t) for t in declined],
        },
    )


def answer_declaration(
    table: Table[S], state: S, seat: int, entries: Sequence[Declared], events: list[Event]
) -> tuple[S, list[Problem]]:
    """A seat's declaration at a ``declare`` pause: checked (the problems, state unchanged)
    or queued (no problems)."""
    resolution = table.resolution(state)
    found, _ = candidates(resolution.raised, seat, lambda t: table.target_choices(state, t))
    problems = check_declaration(found, entries)
    if problems:
        return state, problems
    resolution, queued, declined = declare(resolution, seat, found, entries)
    events.append(declared_event(seat, queued, declined))
    return table.with_resolution(state, resolution), []
