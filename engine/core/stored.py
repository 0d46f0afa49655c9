"""Reading a stored position back (``Game.load_state``): what a damaged one is told by.

A stored state is checked in three steps, cheapest first, and the first thing wrong is a
``DamagedState`` naming it:

1. its schema: the state adapter's types, with the bounds every field's annotation takes from
   the game's data (a board's size, a deck's cards, the seats) — so a huge number is refused
   before any loop could count to it;
2. it reads back exactly as given (``difference``): nothing coerced (``"3"`` for 3, ``true`` for
   1), no key missing (and silently defaulted) or unknown (and silently dropped);
3. the game's own cross-field checks (``Game.state_problem``: counts that add up, indexes within
   the board) and the contract's (seats, the pending decisions and their defaults).

The bounded types below are the ones several games' states share.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Annotated, TypeVar

from pydantic import Field, ValidationError

from engine.core.errors import DamagedState, clip
from engine.core.plain import JSON, dump_json

MAX_COUNTER = 2**31 - 1
"""The largest value of a counter the rules never bound themselves (draws of a generator, turns
played, serial numbers): far beyond any game, far below what would make anything slow."""

Counter = Annotated[int, Field(ge=0, le=MAX_COUNTER)]
"""A count of things done so far (draws, turns, serials)."""

SMALL = 1000
"""The largest value of a small count the rules bound only loosely (a pending movement, a
bonus, a number of passes in a row): a few dozen at most in any game played."""

Small = Annotated[int, Field(ge=0, le=SMALL)]

S = TypeVar("S")


def damaged(problem: str) -> DamagedState:
    return DamagedState(f"the stored state is damaged: {problem}", problem=problem)


def explain_invalid(exc: ValidationError) -> str:
    """Pydantic's first complaint as ``where: what`` (``stacks.2.0: Input should be …``), with
    how many more there are."""
    errors = exc.errors(include_url=False, include_context=False, include_input=False)
    first = errors[0]
    where = ".".join(str(part) for part in first["loc"]) or "the state"
    more = f" (and {len(errors) - 1} more)" if len(errors) > 1 else ""
    return clip(f"{where}: {first['msg']}", 160) + more


def difference(given: JSON, read_back: JSON) -> str | None:
    """Where ``read_back`` (the loaded state dumped again) differs from ``given``, or ``None``
    when it is the same plain data: the same keys, the same lengths, the same values of the
    same JSON types (a list and a tuple are both a JSON array)."""
    try:
        if dump_json(given) == dump_json(read_back):  # the usual answer, at the speed of C
            return None
    except (TypeError, ValueError):  # not plain data: the walk below says where
        pass
    return _difference(given, read_back, "")


def _difference(given: JSON, read_back: JSON, where: str) -> str | None:
    if isinstance(given, dict) and isinstance(read_back, dict):
        for key in given:
            if key not in read_back:
                return f"{_at(where, key)} is not part of the state"
        for key in read_back:
            if key not in given:
                return f"{_at(where, key)} is missing"
        for key, value in given.items():
            found = _difference(value, read_back[key], _at(where, key))
            if found is not None:
                return found
        return None
    if isinstance(given, list | tuple) and isinstance(read_back, list | tuple):
        if len(given) != len(read_back):
            return f"{where or 'the state'} has {len(given)} items, which reads back as {len(read_back)}"
        for n, (value, back) in enumerate(zip(given, read_back, strict=True)):
            found = _difference(value, back, _at(where, n))
            if found is not None:
                return found
        return None
    if type(given) is type(read_back) and given == read_back:
        return None
    return f"{where or 'the state'}: {clip(repr(given), 40)} reads back as {clip(repr(read_back), 40)}"


def _at(where: str, part: str | int) -> str:
    return f"{where}.{part}" if where else str(part)


def first_problem(state: S, checks: Iterable[Callable[[S], str | None]]) -> str | None:
    """The problem the first of ``checks`` finds with ``state``, in order (a later check may
    rely on what an earlier one made sure of), or ``None``."""
    for check in checks:
        problem = check(state)
        if problem is not None:
            return problem
    return None
