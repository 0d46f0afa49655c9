"""Declaring abilities: legal targets (B4a, B35), what may be declared when (B47), the cost
and its prepayment (B36, B36a), and the target choices of a raised trigger (B41).

Targets are checked only here, at declaration (B38)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.core.contract import Event
from engine.core.errors import IllegalAction
from engine.games.berserk import board
from engine.games.berserk.actions import Activate
from engine.games.berserk.cards import ACTIVATED, INSTANTS, Activated, Target
from engine.games.berserk.creatures import card, cell_key, get, on_field, order_key, own_unit, uid_of, updated
from engine.games.berserk.effects import suffer
from engine.games.berserk.state import BerserkState, Creature, changed_creature
from engine.kits.build import builder
from engine.kits.resolution import Raised, Targets


def creature_targets(
    state: BerserkState,
    spec: Target,
    source: Creature,
    controller: int,
    ordered: list[Creature] | None = None,
) -> list[Creature]:
    """B4a: creatures on the field meeting every restriction of ``spec``, range measured from
    the source's cell, in the order of B25a. ``ordered``: the creatures on the field already in
    that order (``by_order``), for a caller asking for several sources' targets."""
    reach, side, another, poisoned = spec.range, spec.side, spec.another, spec.poisoned
    if reach is not None and (source.zone != "field" or source.cell is None):
        return []  # a range is measured from the field: nothing is in range
    # the restrictions read once into locals: every main phase asks this for every ability
    distance, start, uid = board.DISTANCE, source.cell or "", source.uid
    found = []
    for c in on_field(state) if ordered is None else ordered:
        if reach is not None and distance[start, c.cell or ""] > reach:
            continue
        if side == "enemy" and c.owner == controller:
            continue
        if side == "friendly" and c.owner != controller:
            continue
        if another and c.uid == uid:
            continue
        if poisoned and c.poison < 1:
            continue
        found.append(c)
    return sorted(found, key=order_key) if ordered is None else found


def by_order(state: BerserkState) -> list[Creature]:
    """The creatures on the field in the order of B25a."""
    return sorted(on_field(state), key=order_key)


def target_choices(
    state: BerserkState,
    spec: Target,
    source: Creature,
    controller: int,
    ordered: list[Creature] | None = None,
) -> list[Targets]:
    """Every legal choice of targets: ``()`` for an ability without targets, the source for a
    self-affecting one while it is on the field (B4a), one creature for a creature target."""
    if spec.kind == "none":
        return [()]
    if spec.kind == "self":
        return [(source.uid,)] if source.zone == "field" else []
    return [(c.uid,) for c in creature_targets(state, spec, source, controller, ordered)]


def trigger_choices(state: BerserkState, trigger: Raised) -> list[Targets]:
    """The legal target choices of a raised trigger now: its own kind of target, or the
    creature its event names (the defended, the struck, the striker) while on the field."""
    source = get(state, trigger.source)
    part = card(source).triggered(trigger.ability)
    assert part is not None, f"{source.card} has no trigger {trigger.ability}"
    kind = part.target.kind
    if kind in ("defended", "struck", "striker"):
        uid = str(trigger.event[kind])
        return [(uid,)] if get(state, uid).zone == "field" else []
    return target_choices(state, part.target, source, trigger.controller)


# -- activation (B35, B36, B47) ------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Offer:
    """One declarable activation: its source, ability, targets and declared X."""

    source: Creature
    ability: Activated
    targets: Targets
    x: int | None


_offer = builder(Offer)
"""``Offer(source, ability, targets, x)`` without the frozen ``__init__`` (``engine.kits.build``)."""


def cost_problem(creature: Creature, ability: Activated, x: int | None) -> tuple[str, str] | None:
    """Why the cost cannot be paid now, or ``None`` (B36): a closed creature cannot close, the
    counters must be there, and paid wounds must leave it alive."""
    cost = ability.cost
    if cost.close and creature.closed:
        return "closed", "it is closed and cannot pay a cost that closes it"
    need = cost.counters + (x or 0)
    if need > creature.counters:
        return "counters", f"it needs {need} counters and has {creature.counters}"
    if cost.wounds and creature.wounds + cost.wounds >= card(creature).life:
        return "wounds", f"paying {cost.wounds} wounds would kill it"
    return None


def amounts(creature: Creature, ability: Activated) -> list[int | None]:
    """The values X may take (B36: stated in the declaration): 0 … its counters beyond the
    fixed cost; ``[None]`` for an ability without X."""
    if not ability.cost.x_counters:
        return [None]
    return list(range(0, creature.counters - ability.cost.counters + 1))


def offers(state: BerserkState, seat: int, *, instants_only: bool) -> list[Offer]:
    """Every activation ``seat`` may declare now: abilities of its own creatures on the field
    (B47) whose cost it can pay and that have a legal target."""
    table = INSTANTS if instants_only else ACTIVATED
    # only creatures with something to activate are sorted and looked at: most have nothing,
    # and a response window asks this of every seat that may speak
    able = [c for c in state.creatures if c.owner == seat and c.zone == "field" and table[c.card]]
    if not able:
        return []
    found: list[Offer] = []
    ordered: list[Creature] | None = None  # sorted once, for every ability with a target
    for c in sorted(able, key=cell_key):
        for ability in table[c.card]:
            if ordered is None and ability.target.kind == "creature":
                ordered = by_order(state)
            for x in amounts(c, ability):
                if cost_problem(c, ability, x) is not None:
                    continue
                for targets in target_choices(state, ability.target, c, seat, ordered):
                    found.append(_offer(c, ability, targets, x))
    return found


def can_offer(state: BerserkState, seat: int, *, instants_only: bool) -> bool:
    """``bool(offers(...))`` without making, naming or ordering them: whether some own creature
    has an ability whose cost it can pay with a legal target. Asked of every seat at every
    response window."""
    table = INSTANTS if instants_only else ACTIVATED
    able = [c for c in state.creatures if c.owner == seat and c.zone == "field" and table[c.card]]
    if not able:
        return False
    field: list[Creature] | None = None  # in any order: only whether a target exists matters
    for c in able:
        for ability in table[c.card]:
            if field is None and ability.target.kind == "creature":
                field = on_field(state)
            for x in amounts(c, ability):
                if cost_problem(c, ability, x) is None and target_choices(
                    state, ability.target, c, seat, field
                ):
                    return True
    return False


def pay(state: BerserkState, offer: Offer, events: list[Event]) -> tuple[BerserkState, bool]:
    """B36: the whole cost at once — close, remove counters, suffer wounds. Returns whether it
    was paid as declared: a wound replacement (Shelter) that changes a paid wound leaves the
    ability declared but not executed (B36a)."""
    source, cost = offer.source, offer.ability.cost
    spent = cost.counters + (offer.x or 0)
    paid = changed_creature(source, closed=source.closed or cost.close, counters=source.counters - spent)
    state = updated(state, paid)
    events.append(
        Event(
            "paid",
            {"unit": source.uid, "closed": cost.close, "counters": spent, "wounds": cost.wounds},
        )
    )
    if not cost.wounds:
        return state, True
    state, suffered = suffer(state, [(source.uid, cost.wounds)], events, "payment")
    return state, suffered.get(source.uid, 0) == cost.wounds


def declared_offer(state: BerserkState, seat: int, action: Activate, *, instants_only: bool) -> Offer:
    """The activation as declared, checked (B35, B36, B47): the seat's own creature on the
    field, an activated ability of its card (an instant in a window), a cost it can pay now,
    a stated X where the cost has one, legal targets."""
    source = own_unit(state, seat, action.unit)
    ability = card(source).activated(action.ability)
    if ability is None:
        known = ", ".join(a.id for a in card(source).abilities if a.kind == "activated") or "none"
        raise IllegalAction(
            f"{card(source).name} has no ability {action.ability!r} to activate (it has: {known})",
            "no_such_ability",
            ability=action.ability,
        )
    if instants_only and not ability.instant:
        raise IllegalAction(
            f"{ability.id} is not an instant: only instants now", "not_instant", ability=ability.id
        )
    if ability.cost.x_counters and action.x is None:
        raise IllegalAction(f"state X for {ability.id} (x=0…)", "x_missing", ability=ability.id)
    if not ability.cost.x_counters and action.x is not None:
        raise IllegalAction(f"{ability.id} has no X", "x_unexpected", ability=ability.id)
    problem = cost_problem(source, ability, action.x)
    if problem is not None:
        raise IllegalAction(f"{ability.id} cannot be paid: {problem[1]}", "cannot_pay", reason=problem[0])
    named = tuple(uid_of(state, t) for t in action.targets)
    choices = target_choices(state, ability.target, source, seat)
    if ability.target.kind == "self" and named in ((), (source.uid,)) and choices:
        named = choices[0]
    if named not in choices:
        if not choices:
            raise IllegalAction(f"{ability.id} has no legal target now", "no_target", ability=ability.id)
        raise IllegalAction(f"{ability.id} cannot target that", "bad_target", ability=ability.id)
    return Offer(source, ability, named, action.x)
