"""What a function of an immutable part of a state gives, remembered for that very object.

A state shares every part it does not change with the state before it, so the same object —
a hazard map, a game's options — comes back move after move, and whatever is worked out from
it (which cells hold live objects, the scenario's fixed facts) is the same each time. Hashing
such a part to look it up costs about as much as working it out again; its identity costs
nothing. ``ByIdentity`` keeps each answer with the object it was worked out from, so no other
object can take that identity while the answer is kept, and forgets everything once it holds
``limit`` answers (a few hundred games' worth: there is no order of use worth keeping).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

K = TypeVar("K")
V = TypeVar("V")


class ByIdentity(Generic[K, V]):
    """``function(key)``, worked out once per ``key`` object while remembered. ``function``
    must depend on nothing but ``key``, and ``key`` must never change."""

    __slots__ = ("_function", "_known", "_limit")

    def __init__(self, function: Callable[[K], V], limit: int = 4096) -> None:
        self._function = function
        self._known: dict[int, tuple[K, V]] = {}
        self._limit = limit

    def __call__(self, key: K) -> V:
        found = self._known.get(id(key))
        if found is not None and found[0] is key:
            return found[1]
        if len(self._known) >= self._limit:
            self._known.clear()
        value = self._function(key)
        self._known[id(key)] = (key, value)
        return value

    def remember(self, key: K, value: V) -> None:
        """Take ``value`` as ``function(key)``, known without working it out (``key`` made
        from an object whose answer is the same)."""
        if len(self._known) >= self._limit:
            self._known.clear()
        self._known[id(key)] = (key, value)

    def __len__(self) -> int:
        return len(self._known)
