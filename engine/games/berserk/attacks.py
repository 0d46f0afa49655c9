"""Attacks: the strike table (B31, B32), experience (B34), the modifiers an attack gets
(B49–B53) through the core pipeline, unblockable strikes and defenders (B28, B29), Shelter
(B54) and the strike a creature displays (B52)."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from engine.games.berserk import board
from engine.games.berserk.cards import (
    LEVELS,
    SHELTERS,
    STATIC_MODS,
    AttackKind,
    DefenderProps,
    Experience,
    Level,
    NoCloseOnStrike,
    StaticMod,
    Unanswerable,
    Unblockable,
    When,
)
from engine.games.berserk.creatures import KeptForLast, card, formation_lines, on_field
from engine.games.berserk.modifiers import AttackValue, Modifier, group_of, resolve, resolve_fixed
from engine.games.berserk.state import BerserkState, Creature

STRIKE_TABLE: dict[int, tuple[Level | None, Level | None]] = {
    5: ("strong", None),
    4: ("strong", "weak"),
    3: ("medium", None),
    2: ("medium", "weak"),
    1: ("weak", None),
    -1: ("weak", None),
    -2: (None, None),
    -3: (None, "weak"),
    -4: ("weak", "medium"),
    -5: (None, "medium"),
}
"""B32 by d = A − D (+5 stands for ≥ +5, −5 for ≤ −5): the attacker's strike and the struck
creature's counter-strike; ``None`` is no strike ("—")."""
TIE_LOW: tuple[Level | None, Level | None] = ("weak", None)
"""d = 0 with A ≤ 4."""
TIE_HIGH: tuple[Level | None, Level | None] = (None, "weak")
"""d = 0 with A ≥ 5."""
TIE_SPLIT = 4
CLOSED_LEVELS: tuple[tuple[int, Level], ...] = ((3, "weak"), (5, "medium"))
"""B31: against a closed creature only A is rolled: up to 3 weak, up to 5 medium, else strong."""


def _index(level: Level | None) -> int | None:
    return None if level is None else LEVELS.index(level)


@cache
def open_outcome(a: int, d: int) -> tuple[int | None, int | None]:
    """B32: (strike level, counter-strike level) as level indices, ``None`` for no strike."""
    diff = a - d
    if diff == 0:
        strike, counter = TIE_LOW if a <= TIE_SPLIT else TIE_HIGH
    else:
        strike, counter = STRIKE_TABLE[max(-5, min(5, diff))]
    return _index(strike), _index(counter)


def closed_outcome(a: int) -> int:
    """B31: the strike level against a closed creature."""
    for top, level in CLOSED_LEVELS:
        if a <= top:
            return LEVELS.index(level)
    return LEVELS.index("strong")


# -- conditions --------------------------------------------------------------------------------
def holds(
    when: When,
    holder: Creature,
    lines: Mapping[str, tuple[str, ...]],
    *,
    source: Creature | None = None,
    target: Creature | None = None,
) -> bool:
    """Whether ``when`` holds for the ability's ``holder`` in an attack of ``source`` at
    ``target`` (B55, B55a)."""
    line = len(lines.get(holder.uid, ()))
    if when.in_formation and line < 2:
        return False
    if when.line_at_least is not None and line < when.line_at_least:
        return False
    if when.target_closed and not (target is not None and target.closed):
        return False
    if when.self_closed and not holder.closed:
        return False
    return not (
        when.source_cost_at_most is not None
        and not (source is not None and card(source).cost <= when.source_cost_at_most)
    )


def experience(state: BerserkState, creature: Creature, role: str) -> int:
    """B34: what ``creature`` adds to its die rolling as the attacker or the struck creature."""
    parts = [p for p in card(creature).parts(Experience) if p.role == role]
    if not parts:
        return 0
    lines = formation_lines(state)
    return sum(p.amount for p in parts if holds(p.when, creature, lines))


# -- modifiers (B49, B50, B53) --------------------------------------------------------------------
def attack_modifiers(
    state: BerserkState, kind: AttackKind, source: Creature, target: Creature
) -> list[Modifier]:
    """Every modifier an attack of ``kind`` from ``source`` at ``target`` gets now: static ones
    from creatures on the field whose condition holds, and, for simple strikes, the temporary
    strike modifiers the source carries. Each falls into its group by its creator."""
    # the creatures with static modifiers, each with its place on the field (its serial):
    # most have none, and then neither the formation lines nor the owners are worked out
    holders = _HOLDERS(state.creatures)
    if not holders and not (kind in ("strike", "counter") and source.mods):
        return []
    everyone = _OWNERS(state.creatures)

    def squad(uid: str) -> int:
        return everyone[uid]

    lines = formation_lines(state) if holders else {}
    mods: list[Modifier] = []
    for n, holder in holders:
        for part in STATIC_MODS[holder.card]:
            if kind in part.attacks and _touches(part, holder, source, target, lines):
                value = part.level if part.op == "level" else int(part.value)
                group = group_of(holder.uid, source.uid, target.uid, squad)
                mods.append(Modifier(holder.uid, part.op, value, group, serial=n))
    if kind in ("strike", "counter"):
        for mod in source.mods:
            group = group_of(mod.creator, source.uid, target.uid, squad)
            mods.append(Modifier(mod.creator, "add", mod.amount, group, serial=mod.serial))
    return mods


def _holders(creatures: tuple[Creature, ...]) -> list[tuple[int, Creature]]:
    """The creatures with static modifiers, each with its place on the field (its serial)."""
    field = (c for c in creatures if c.zone == "field")
    return [(n, c) for n, c in enumerate(field) if STATIC_MODS[c.card]]


def _owners(creatures: tuple[Creature, ...]) -> dict[str, int]:
    return {c.uid: c.owner for c in creatures}


_HOLDERS = KeptForLast(_holders)
_OWNERS = KeptForLast(_owners)


def _touches(
    part: StaticMod,
    holder: Creature,
    source: Creature,
    target: Creature,
    lines: Mapping[str, tuple[str, ...]],
) -> bool:
    if part.by == "self" and source.uid != holder.uid:
        return False
    if part.by == "line_mates" and (source.uid == holder.uid or source.uid not in lines.get(holder.uid, ())):
        return False
    if part.at == "self" and target.uid != holder.uid:
        return False
    if part.at == "side_friends" and not (
        target.owner == holder.owner
        and target.zone == "field"
        and holder.cell is not None
        and target.cell in board.sides(holder.cell)
    ):
        return False
    return holds(part.when, holder, lines, source=source, target=target)


def strike_value(
    state: BerserkState, kind: AttackKind, source: Creature, target: Creature, level: int | None
) -> tuple[AttackValue, list[Modifier]]:
    """B50 for a simple strike (``strike`` or ``counter``) at the level the dice gave, with the
    modifiers it got."""
    mods = attack_modifiers(state, kind, source, target)
    return resolve(level, card(source).strike, mods), mods


def fixed_value(
    state: BerserkState, kind: AttackKind, source: Creature, target: Creature, base: int
) -> AttackValue:
    """B50 for a shot or a bolt: its printed value, no level pass."""
    return resolve_fixed(base, attack_modifiers(state, kind, source, target))


# -- strikes and defenders ----------------------------------------------------------------------
def unblockable(state: BerserkState, attacker: Creature, target: Creature) -> bool:
    """B28: whether the strike skips the defender step against the declared target (checked at
    declaration)."""
    parts = card(attacker).parts(Unblockable)
    if not parts:
        return False
    lines = formation_lines(state)
    return any(holds(p.when, attacker, lines, source=attacker, target=target) for p in parts)


def unanswerable(creature: Creature) -> bool:
    return bool(card(creature).parts(Unanswerable))


def closes_to_strike(creature: Creature) -> bool:
    """B27: declaring a strike closes the attacker, unless its card says otherwise (C26)."""
    return not card(creature).parts(NoCloseOnStrike)


def defender_rules(creature: Creature) -> tuple[bool, bool]:
    """B29 as its card changes it: (closes when the strike leaves the stack, defends once per
    turn)."""
    props = card(creature).parts(DefenderProps)
    return not any(p.no_close for p in props), not any(p.unlimited for p in props)


def eligible_defenders(state: BerserkState, attacker: Creature, target: Creature) -> list[Creature]:
    """B28: the target owner's open creatures on the field, other than the target, adjacent to
    both the attacker and the target, that may still defend this turn (B29)."""
    if attacker.cell is None or target.cell is None:
        return []
    out = []
    for c in on_field(state):
        if c.owner != target.owner or c.uid == target.uid or c.closed or c.cell is None:
            continue
        if board.distance(c.cell, attacker.cell) != 1 or board.distance(c.cell, target.cell) != 1:
            continue
        _, once = defender_rules(c)
        if once and c.defended:
            continue
        out.append(c)
    return out


# -- wounds and display ----------------------------------------------------------------------
def shelter(state: BerserkState, creature: Creature) -> int:
    """B54: how many fewer wounds ``creature`` suffers: each other friendly creature with
    Shelter adjacent to it removes its amount (Shelters stack)."""
    if creature.zone != "field" or creature.cell is None:
        return 0
    around = board.AROUND[creature.cell]
    total = 0
    for c in state.creatures:
        amount = SHELTERS[c.card]  # most cards have none: asked first
        if amount and c.zone == "field" and c.owner == creature.owner and c.uid != creature.uid:
            total += amount if c.cell in around else 0
    return total


def displayed_strike(creature: Creature) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """B52: (shown, raw): the printed strike plus the temporary modifiers it carries, each
    value clamped at 0 for showing; the raw sums are kept."""
    bonus = sum(m.amount for m in creature.mods)
    w, m, s = (v + bonus for v in card(creature).strike)
    return (max(0, w), max(0, m), max(0, s)), (w, m, s)
