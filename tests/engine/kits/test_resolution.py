"""The resolution core on a toy game: stack and queue order, windows, declaration order,
automatic passes and the chain-repetition cut. No card of any real game is used.

The toy: each seat has ``charges``; a seat with a charge may respond in a window by declaring
``zap`` (one charge). Executing an item raises the triggers its ``links`` name: ``links[name]``
lists ``(ability, source, controller, optional)`` raised when an item whose *source* is
``name`` executes. A toy trigger targets its own source.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.core.contract import Event
from engine.kits.resolution import (
    RESOLUTION_ADAPTER,
    Candidate,
    Declared,
    Item,
    Raised,
    Resolution,
    Signature,
    Targets,
    answer_declaration,
    candidates,
    check_declaration,
    declaration_order,
    default_declaration,
    menu,
    only_declaration,
    priority_order,
    settle,
)

Link = tuple[str, str, int, bool]


@dataclass(frozen=True)
class Toy:
    resolution: Resolution = field(default_factory=Resolution)
    active: int = 0
    charges: tuple[int, int] = (0, 0)
    log: tuple[str, ...] = ()
    """``ability@source`` of every executed item, in order."""
    histories: tuple[tuple[Signature, tuple[Signature, ...]], ...] = ()
    ended: bool = False


@dataclass
class ToyTable:
    links: dict[str, list[Link]] = field(default_factory=dict)
    gone: frozenset[str] = frozenset()
    """Sources off the table: their self-targeting triggers have no legal target."""
    end_after: int | None = None

    def resolution(self, state: Toy) -> Resolution:
        return state.resolution

    def with_resolution(self, state: Toy, resolution: Resolution) -> Toy:
        return replace(state, resolution=resolution)

    def active(self, state: Toy) -> int:
        return state.active

    def seat_order(self, state: Toy) -> tuple[int, ...]:
        return (0, 1)

    def target_choices(self, state: Toy, trigger: Raised) -> Sequence[Targets]:
        return () if trigger.source in self.gone else ((trigger.source,),)

    def can_respond(self, state: Toy, seat: int) -> bool:
        return state.charges[seat] > 0

    def execute(self, state: Toy, item: Item, events: list[Event]) -> Toy:
        res = state.resolution
        for ability, source, controller, optional in self.links.get(item.source, []):
            res = res.raise_trigger(ability=ability, source=source, controller=controller, optional=optional)
        state = replace(
            state,
            resolution=res,
            log=(*state.log, f"{item.ability}@{item.source}"),
            histories=(*state.histories, (item.signature, item.history)),
        )
        if self.end_after is not None and len(state.log) >= self.end_after:
            state = replace(state, ended=True)
        return state

    def over(self, state: Toy) -> bool:
        return state.ended


def declare_for(table: ToyTable, state: Toy, seat: int) -> Toy:
    found, _ = candidates(state.resolution.raised, seat, lambda t: table.target_choices(state, t))
    events: list[Event] = []
    state, problems = answer_declaration(table, state, seat, default_declaration(found, _by_ref), events)
    assert not problems
    return state


def _by_ref(trigger: Raised) -> tuple[object, ...]:
    return (trigger.ref,)


def run(table: ToyTable, state: Toy, *, respond: int = 0) -> Toy:
    """Settle, answering every pause: declarations by the default, windows by passing (or by
    ``zap`` while the speaking seat has charges and ``respond`` zaps are still to make)."""
    events: list[Event] = []
    while True:
        state, pause = settle(table, state, events)
        if pause is None:
            return state
        if pause.kind == "declare":
            state = declare_for(table, state, pause.seat)
        elif respond > 0:
            respond -= 1
            state = zap(state, pause.seat)
        else:
            state = replace(state, resolution=state.resolution.passed())


def zap(state: Toy, seat: int) -> Toy:
    res, _ = state.resolution.push(kind="instant", ability="zap", source=f"s{seat}", controller=seat)
    charges = tuple(c - 1 if s == seat else c for s, c in enumerate(state.charges))
    return replace(state, resolution=res, charges=(charges[0], charges[1]))


def declared(state: Toy, seat: int, ability: str, source: str) -> Toy:
    res, _ = state.resolution.push(kind="ability", ability=ability, source=source, controller=seat)
    return replace(state, resolution=res)


# -- order of the holders -------------------------------------------------------------------------
def test_the_stack_is_last_in_first_out() -> None:
    state = declared(declared(Toy(), 0, "first", "x"), 0, "second", "y")
    assert run(ToyTable(), state).log == ("second@y", "first@x")


def test_the_queue_empties_before_the_next_stack_item() -> None:
    table = ToyTable(
        links={"y": [("t1", "p", 0, False), ("t2", "q", 0, False)], "p": [("t3", "r", 0, False)]}
    )
    state = declared(declared(Toy(), 0, "first", "x"), 0, "second", "y")
    assert run(table, state).log == ("second@y", "t1@p", "t2@q", "t3@r", "first@x")


def test_the_queue_is_first_in_first_out() -> None:
    table = ToyTable(links={"x": [("a", "p", 0, False)], "p": [("b", "q", 0, False), ("c", "r", 0, False)]})
    table.links["q"] = [("d", "s", 0, False)]
    assert run(table, declared(Toy(), 0, "go", "x")).log == ("go@x", "a@p", "b@q", "c@r", "d@s")


def test_the_non_active_seat_declares_first_so_its_triggers_queue_first() -> None:
    table = ToyTable(links={"x": [("mine", "m", 0, False), ("theirs", "t", 1, False)]})
    for active, expected in ((0, ("theirs@t", "mine@m")), (1, ("mine@m", "theirs@t"))):
        state = declared(Toy(active=active), active, "go", "x")
        assert run(table, state).log[1:] == expected
    assert declaration_order(0, (0, 1, 2)) == (1, 2, 0)
    assert declaration_order(1, (0, 1, 2)) == (2, 0, 1)
    assert priority_order(1, (0, 1, 2)) == (1, 2, 0)


# -- windows ----------------------------------------------------------------------------------------
def test_nothing_pending_means_no_loop_and_no_window() -> None:
    events: list[Event] = []
    state = Toy(charges=(3, 3))
    assert settle(ToyTable(), state, events) == (state, None)
    assert events == []


def test_a_window_needs_both_seats_to_pass_in_succession() -> None:
    table = ToyTable()
    state = declared(Toy(charges=(1, 1)), 0, "strike", "x")
    events: list[Event] = []
    state, pause = settle(table, state, events)
    assert pause is not None and (pause.kind, pause.seat) == ("respond", 0)  # the active seat first
    state, pause = settle(table, replace(state, resolution=state.resolution.passed()), events)
    assert pause is not None and pause.seat == 1
    state, pause = settle(table, zap(state, 1), events)  # a declaration: the window starts again
    assert pause is not None and pause.seat == 0 and state.log == ()
    state, pause = settle(table, replace(state, resolution=state.resolution.passed()), events)
    # seat 1 has no charge left and passes automatically: the zap executes; a new window asks
    # seat 0 (it still has its charge) before the strike
    assert pause is not None and pause.seat == 0 and state.log == ("zap@s1",)
    state, pause = settle(table, replace(state, resolution=state.resolution.passed()), events)
    assert pause is not None and pause.seat == 0 and state.log == ("zap@s1", "strike@x")
    state, pause = settle(table, replace(state, resolution=state.resolution.passed()), events)
    assert pause is None and state.resolution.idle


def test_a_seat_without_a_response_is_passed_automatically() -> None:
    table = ToyTable(links={"x": [("t", "p", 1, False)]})
    events: list[Event] = []
    state, pause = settle(table, declared(Toy(), 0, "go", "x"), events)
    assert pause is None and state.log == ("go@x", "t@p")
    assert [e.kind for e in events] == ["resolving", "triggers_declared", "resolving"]


def test_a_window_follows_the_last_execution() -> None:
    """After the last item, a window still runs: a seat may declare with both holders empty."""
    state = run(ToyTable(), declared(Toy(charges=(0, 1)), 0, "go", "x"), respond=1)
    assert state.log == ("zap@s1", "go@x")
    state = Toy(charges=(0, 1))
    events: list[Event] = []
    state, _ = settle(ToyTable(), declared(state, 0, "go", "x"), events)
    state = replace(state, resolution=state.resolution.passed())
    state, pause = settle(ToyTable(), state, events)
    assert state.log == ("go@x",) and pause is not None and pause.seat == 1


def test_the_loop_stops_when_the_game_ends() -> None:
    table = ToyTable(links={"x": [("t", "p", 0, False)], "p": [("u", "q", 0, False)]}, end_after=2)
    state = run(table, declared(Toy(), 0, "go", "x"))
    assert state.log == ("go@x", "t@p") and state.ended


# -- the declaration step -------------------------------------------------------------------------
def raised(ref: int, source: str, *, optional: bool = False, ability: str = "t", seat: int = 0) -> Raised:
    return Raised(ref=ref, ability=ability, source=source, controller=seat, optional=optional)


def test_one_possible_declaration_is_filled_in() -> None:
    twins = [Candidate(raised(1, "a"), (("a",),)), Candidate(raised(2, "a"), (("a",),))]
    assert only_declaration(twins) == (Declared(1, ("a",)), Declared(2, ("a",)))
    assert only_declaration([Candidate(raised(1, "a", optional=True), (("a",),))]) is None
    two_targets = [Candidate(raised(1, "a"), (("a",), ("b",)))]
    assert only_declaration(two_targets) is None
    different = [Candidate(raised(1, "a"), (("a",),)), Candidate(raised(2, "b"), (("b",),))]
    assert only_declaration(different) is None


def test_the_menu_lists_orders_targets_and_declines_without_twin_swaps() -> None:
    a, b = Candidate(raised(1, "a"), (("a",),)), Candidate(raised(2, "b"), (("b",),))
    assert menu([a, b]) == [
        (Declared(1, ("a",)), Declared(2, ("b",))),
        (Declared(2, ("b",)), Declared(1, ("a",))),
    ]
    opt = Candidate(raised(3, "c", optional=True), (("x",), ("y",)))
    assert menu([opt]) == [(), (Declared(3, ("x",)),), (Declared(3, ("y",)),)]
    twins = [Candidate(raised(n, "g"), (("g",),)) for n in (4, 5, 6)]
    assert menu(twins) == [(Declared(4, ("g",)), Declared(5, ("g",)), Declared(6, ("g",)))]
    assert len(menu([a, b, opt])) == 2 + 2 * (3 * 2)  # declined, or placed in any of 3 places


def test_a_declaration_is_checked_for_every_problem_at_once() -> None:
    must = Candidate(raised(1, "a"), (("a",),))
    may = Candidate(raised(2, "b", optional=True), (("b",),))
    assert check_declaration([must, may], [Declared(1, ("a",))]) == []
    codes = [
        p.code
        for p in check_declaration([must, may], [Declared(2, ("z",)), Declared(2, ("b",)), Declared(9)])
    ]
    assert codes == ["bad_target", "listed_twice", "unknown_trigger", "mandatory_missing"]


def test_optional_triggers_left_out_are_declined() -> None:
    table = ToyTable(links={"x": [("may", "p", 1, True), ("must", "q", 1, False)]})
    events: list[Event] = []
    state, pause = settle(table, declared(Toy(), 0, "go", "x"), events)
    assert pause is not None and (pause.kind, pause.seat) == ("declare", 1)
    state, problems = answer_declaration(table, state, 1, [Declared(3, ("q",))], events)
    assert problems == []
    assert events[-1].kind == "triggers_declared"
    assert [t["source"] for t in events[-1].data["declined"]] == ["p"]
    state, pause = settle(table, state, events)
    assert pause is None and state.log == ("go@x", "must@q")


def test_a_trigger_without_a_legal_target_is_dropped() -> None:
    table = ToyTable(links={"x": [("t", "p", 0, False)]}, gone=frozenset({"p"}))
    events: list[Event] = []
    state, _ = settle(table, declared(Toy(), 0, "go", "x"), events)
    assert state.log == ("go@x",)
    dropped = [e.data for e in events if e.kind == "trigger_dropped"]
    assert [(d["trigger"]["source"], d["reason"]) for d in dropped] == [("p", "no_target")]


# -- chains ---------------------------------------------------------------------------------------------
def test_a_two_cycle_stops_before_its_first_repetition() -> None:
    """p's trigger raises q's, q's raises p's: p, q, then p would repeat (its signature is in
    its own history) and is not queued."""
    table = ToyTable(links={"x": [("echo", "p", 1, False)], "p": [("echo", "q", 0, False)]})
    table.links["q"] = [("echo", "p", 1, False)]
    events: list[Event] = []
    state, _ = settle(table, declared(Toy(), 0, "go", "x"), events)
    assert state.log == ("go@x", "echo@p", "echo@q")
    assert [e.data["reason"] for e in events if e.kind == "trigger_dropped"] == ["repetition"]


def test_histories_follow_one_causal_path_and_branches_carry_on() -> None:
    """Two seeds of one loop run side by side: each path keeps its own history, so each stops
    only at its own repetition (one causal path, not the whole tree)."""
    loop = {
        "a": [("e", "m", 0, False)],
        "b": [("e", "m", 0, False)],
        "m": [("e", "a", 1, False), ("e", "b", 1, False)],
    }
    table = ToyTable(links={"x": [("e", "a", 1, False), ("e", "b", 1, False)], **loop})
    state = run(table, declared(Toy(), 0, "go", "x"))
    assert state.log == ("go@x", "e@a", "e@b", "e@m", "e@m", "e@b", "e@a")
    for signature, history in state.histories:
        assert signature not in history


def test_a_trigger_raised_by_a_stack_item_starts_a_new_chain() -> None:
    """Only triggered items pass their history on: the same trigger may fire again from a
    later stack item."""
    table = ToyTable(links={"x": [("t", "p", 0, False)], "p": [("t", "p", 0, False)]})
    state = declared(declared(Toy(), 0, "go", "x"), 0, "go", "x")
    assert run(table, state).log == ("go@x", "t@p", "go@x", "t@p")


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(
        st.sampled_from("pqrstuvw"),
        st.lists(
            st.tuples(st.sampled_from(["e", "f"]), st.sampled_from("pqrstuvw"), st.integers(0, 1)), max_size=3
        ),
        min_size=1,
    ),
    st.sampled_from("pqrstuvw"),
)
def test_every_web_of_mutual_triggers_ends(links: dict[str, list[tuple[str, str, int]]], start: str) -> None:
    """Any graph of triggers raising triggers (cycles, self-loops, fan-out) settles; no executed
    trigger repeats a signature of its own history, and no path is longer than the number of
    distinct signatures."""
    table = ToyTable(links={k: [(a, s, c, False) for a, s, c in v] for k, v in links.items()})
    table.links["x"] = [("e", start, 0, False)]
    state = run(table, declared(Toy(), 0, "go", "x"))
    signatures = {Signature.of(a, s, (s,)) for v in table.links.values() for a, s, _, _ in v}
    for signature, history in state.histories:
        assert signature not in history
        assert len(history) < len(signatures)
    assert state.resolution.idle


def test_a_resolution_round_trips_through_json() -> None:
    res, _ = Resolution().push(kind="strike", ability="strike", source="a", controller=0, data={"x": 2})
    res = replace(res, cause=(Signature.of("e", "m", ["m"]),)).raise_trigger(
        ability="e", source="n", controller=1
    )
    data = json.loads(json.dumps(RESOLUTION_ADAPTER.dump_python(res, mode="json")))
    assert RESOLUTION_ADAPTER.validate_python(data) == res
    assert res.raised[0].history == (Signature("e", "m", ("m",)),)
