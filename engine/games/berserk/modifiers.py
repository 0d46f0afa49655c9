"""Attack modifiers: groups applied in a fixed order, levels before numbers, set-to-N that
never raises, and a final clamp at zero.

An attack has a source S and a final target T. Each modifier belongs to one group by its
creator, and the groups apply in the order a → d:

| group | creator |
|---|---|
| a | a card of S's squad other than S |
| b | S itself |
| c | a card of T's squad other than T |
| d | T itself |

Set-to-N modifiers form a last group (e), applied after every other, in the order a → d of
their creators. The steps (``resolve``):

1. level pass: the level the dice gave, changed by level modifiers in group order (no level —
   a miss — stays a miss; no modifier creates an attack);
2. base: the attack's value at the final level (or its fixed value);
3. additive pass in group order; the running value may go negative;
4. set pass: v = min(v, N) for each set-to-N, so setting never raises a value;
5. clamp: a negative value becomes 0.

Within a group, modifiers apply in the order given (``serial``: creation order, or the order
the creating player chose).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

Group = Literal["a", "b", "c", "d"]
GROUP_ORDER: tuple[Group, ...] = ("a", "b", "c", "d")
Op = Literal["add", "level", "set"]


@dataclass(frozen=True, slots=True)
class Modifier:
    """One change to one attack. ``value`` is the amount (``add``), the level index (``level``:
    0 the weakest) or N (``set``)."""

    creator: str
    op: Op
    value: int
    group: Group
    serial: int = 0
    """Order within its group."""


def group_of(creator: str, source: str, target: str, squad: Callable[[str], int]) -> Group:
    """The group of a modifier made by ``creator`` for an attack of ``source`` at ``target``;
    ``squad`` tells which side a card belongs to. A creator that is neither attacker nor target
    goes with the squad it shares, the attacker's first."""
    if creator == source:
        return "b"
    if creator == target:
        return "d"
    if squad(creator) == squad(source):
        return "a"
    return "c"


def ordered(modifiers: Iterable[Modifier]) -> list[Modifier]:
    """In the order they apply: by group a → d, then by serial."""
    return sorted(modifiers, key=lambda m: (GROUP_ORDER.index(m.group), m.serial))


@dataclass(frozen=True, slots=True)
class AttackValue:
    level: int | None
    """The final level; ``None`` for a miss, or for an attack without levels."""
    base: int
    raw: int
    """After the additive and set passes, before the clamp."""
    value: int
    """What the attack is worth."""


def final_level(level: int | None, modifiers: Iterable[Modifier]) -> int | None:
    """Step 1: level modifiers in group order, each setting the level."""
    if level is None:
        return None
    for mod in ordered(m for m in modifiers if m.op == "level"):
        level = mod.value
    return level


def final_value(base: int, modifiers: Iterable[Modifier]) -> tuple[int, int]:
    """Steps 3–5: ``(raw, value)`` from the base."""
    mods = ordered(modifiers)
    raw = base
    for mod in mods:
        if mod.op == "add":
            raw += mod.value
    for mod in mods:
        if mod.op == "set":
            raw = min(raw, mod.value)
    return raw, max(0, raw)


def resolve(level: int | None, values: Sequence[int], modifiers: Sequence[Modifier]) -> AttackValue:
    """A levelled attack (a strike): ``values[level]`` is its worth at each level."""
    final = final_level(level, modifiers)
    if final is None:
        return AttackValue(None, 0, 0, 0)
    raw, value = final_value(values[final], modifiers)
    return AttackValue(final, values[final], raw, value)


def resolve_fixed(base: int, modifiers: Sequence[Modifier]) -> AttackValue:
    """An attack with a fixed value (a shot, a bolt): no level pass."""
    raw, value = final_value(base, modifiers)
    return AttackValue(None, base, raw, value)


def values_by_level(values: Sequence[int], modifiers: Sequence[Modifier]) -> list[int]:
    """``resolve(level, values, modifiers).value`` of every level at once (weak, medium,
    strong), the modifiers put in order once: a computer player weighs every strike it could
    make this way. The last level modifier in order decides the level (each sets it); adds
    sum, and set-to-N takes the least N, so only the level pass depends on the order."""
    if not modifiers:
        return [max(0, v) for v in values]
    mods = ordered(modifiers)
    levels = [m.value for m in mods if m.op == "level"]
    added = sum(m.value for m in mods if m.op == "add")
    caps = [m.value for m in mods if m.op == "set"]
    out = []
    for level in range(len(values)):
        raw = values[levels[-1] if levels else level] + added
        if caps:
            raw = min(raw, *caps)
        out.append(max(0, raw))
    return out
