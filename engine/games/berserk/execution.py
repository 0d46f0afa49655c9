"""Executing what reaches the top: a strike (B31), an activated ability or a trigger (B38,
B56). Execution is atomic; triggers it raises wait for the declaration step (B39), and its
deaths are checked once at its end (B43)."""

from __future__ import annotations

from engine.core.contract import Event
from engine.core.plain import JSON
from engine.games.berserk.attacks import (
    closed_outcome,
    defender_rules,
    experience,
    fixed_value,
    open_outcome,
    strike_value,
    unanswerable,
)
from engine.games.berserk.cards import LEVELS, Effect
from engine.games.berserk.creatures import card, get, on_field, role, turn_number, updated
from engine.games.berserk.effects import check_deaths, cure, gain_counters, heal, poison, raise_event, suffer
from engine.games.berserk.modifiers import ordered
from engine.games.berserk.state import BerserkState, StrikeMod, changed, changed_creature
from engine.kits.resolution import Item


def execute(state: BerserkState, item: Item, events: list[Event]) -> BerserkState:
    if item.kind == "strike":
        return resolve_strike(state, item, events)
    source = get(state, item.source)
    if item.kind == "ability":
        if not item.data.get("paid", True):  # B36a: declared and paid, but not executed
            events.append(
                Event("not_executed", {"ref": item.ref, "ability": item.ability, "unit": item.source})
            )
            return state
        ability = card(source).activated(item.ability)
        assert ability is not None
        effects = ability.effects
    else:
        trigger = card(source).triggered(item.ability)
        assert trigger is not None
        effects = trigger.effects
    x = int(item.data.get("x") or 0)
    doomed: set[str] = set()
    for effect in effects:
        state = apply_effect(state, effect, item, x, events, doomed)
    return check_deaths(state, doomed, events)


def _victims(state: BerserkState, effect: Effect, item: Item) -> list[str]:
    """The creatures an effect acts on: parts aimed at a creature no longer on the field do
    nothing (B38)."""
    if effect.on == "poisoned_enemies":
        return [c.uid for c in on_field(state) if c.owner != item.controller and c.poison >= 1]
    named = (item.source, *item.targets) if effect.on == "self_and_target" else item.targets
    here = {c.uid for c in on_field(state)}
    return list(dict.fromkeys(uid for uid in named if uid in here))


def apply_effect(
    state: BerserkState, effect: Effect, item: Item, x: int, events: list[Event], doomed: set[str]
) -> BerserkState:
    """One effect of B56 on its creatures."""
    victims = _victims(state, effect, item)
    op = effect.op
    if op == "destroy":
        doomed.update(victims)
        events.append(Event("destroyed", {"units": victims}))
    elif op == "wound":
        state, _ = suffer(state, [(v, effect.amount) for v in victims], events, item.ability)
    elif op in ("shot", "bolt"):
        source = get(state, item.source)
        base = effect.amount + effect.per_x * x
        values = [(v, fixed_value(state, op, source, get(state, v), base)) for v in victims]
        for v, value in values:
            events.append(
                Event(
                    "attack",
                    {"kind": op, "source": item.source, "target": v, "base": base, "value": value.value},
                )
            )
        state, _ = suffer(state, [(v, value.value) for v, value in values], events, op)
    else:
        for v in victims:
            if op == "heal":
                state = heal(state, v, effect.amount, events)
            elif op == "gain_counters":
                state = gain_counters(state, v, effect.amount, events)
            elif op == "poison":
                state = poison(state, v, effect.amount, events)
            elif op == "remove_poison":
                state = cure(state, v, events)
            elif op == "strike_mod":
                assert effect.until is not None
                state = add_strike_mod(state, v, item.source, effect.amount, effect.until, events)
    return state


def add_strike_mod(
    state: BerserkState, uid: str, creator: str, amount: int, until: str, events: list[Event]
) -> BerserkState:
    """A temporary strike modifier (B49) and when it expires (B24): at the end of this turn,
    or at the end of the first turn of the carrier's owner that begins after this one."""
    carrier = get(state, uid)
    now = turn_number(state)
    expires = now
    if until == "owner_next_turn":
        owner_role = role(state, carrier.owner)
        expires = now + 1 if (now + 1 - 1) % 2 == owner_role else now + 2
    serial = state.serial + 1
    mod = StrikeMod(creator, amount, expires, serial)
    events.append(
        Event("strike_mod", {"unit": uid, "creator": creator, "amount": amount, "expires": expires})
    )
    return changed(updated(state, changed_creature(carrier, mods=(*carrier.mods, mod))), serial=serial)


# -- strikes (B31) --------------------------------------------------------------------------------
def resolve_strike(state: BerserkState, item: Item, events: list[Event]) -> BerserkState:
    attacker, target = get(state, item.source), get(state, item.targets[0])
    defender = item.data.get("defender")
    if attacker.zone != "field" or target.zone != "field":  # 1. fizzle
        events.append(
            Event("strike_fizzled", {"ref": item.ref, "attacker": attacker.uid, "target": target.uid})
        )
        return _cleanup(state, defender, events)
    rng = state.rng
    die, rng = rng.die()  # 2. dice: A before D (B12)
    a_bonus = experience(state, attacker, "attack")
    dice: dict[str, JSON] = {"attacker": attacker.uid, "a_die": die, "a_bonus": a_bonus, "a": die + a_bonus}
    if target.closed:
        level: int | None = closed_outcome(die + a_bonus)
        counter: int | None = None
    else:
        d_die, rng = rng.die()
        d_bonus = experience(state, target, "defence")
        dice |= {"target": target.uid, "d_die": d_die, "d_bonus": d_bonus, "d": d_die + d_bonus}
        level, counter = open_outcome(die + a_bonus, d_die + d_bonus)
    state = changed(state, rng=rng)
    events.append(Event("dice", dice))
    if unanswerable(attacker):
        counter = None
    hit, hit_mods = strike_value(state, "strike", attacker, target, level)  # 3. values (B50)
    back, back_mods = (
        strike_value(state, "counter", target, attacker, counter) if counter is not None else (None, [])
    )
    events.append(
        Event(
            "strike_resolved",
            {
                "ref": item.ref,
                "attacker": attacker.uid,
                "target": target.uid,
                "level": None if hit.level is None else LEVELS[hit.level],
                "value": hit.value,
                "raw": hit.raw,
                "modifiers": [[m.creator, m.op, m.value, m.group] for m in ordered(hit_mods)],
                "counter_level": None if back is None or back.level is None else LEVELS[back.level],
                "counter_value": 0 if back is None else back.value,
                "counter_modifiers": [[m.creator, m.op, m.value, m.group] for m in ordered(back_mods)],
            },
        )
    )
    wounds = [(target.uid, hit.value)] + ([(attacker.uid, back.value)] if back is not None else [])
    state, suffered = suffer(state, wounds, events, "strike")  # 4. together, then deaths
    if hit.level is not None:  # B51: level features use the final level
        state = raise_event(state, "strike_resolved", attacker, level=hit.level, roles={"struck": target.uid})
    if back is not None and back.level is not None:
        state = raise_event(
            state, "strike_resolved", target, level=back.level, roles={"struck": attacker.uid}
        )
    if suffered.get(target.uid):
        state = raise_event(state, "suffers_strike_wounds", target, roles={"striker": attacker.uid})
    state = check_deaths(state, (), events)
    if state.phase == "over":
        return state
    return _cleanup(state, defender, events)


def _cleanup(state: BerserkState, defender: object, events: list[Event]) -> BerserkState:
    """B31 step 5: the defender closes if it is still on the field (B29), unless its card says
    otherwise (C13)."""
    if not isinstance(defender, str):
        return state
    c = get(state, defender)
    closes, _ = defender_rules(c)
    if c.zone == "field" and closes and not c.closed:
        events.append(Event("closed", {"unit": c.uid, "why": "defended"}))
        return updated(state, changed_creature(c, closed=True))
    return state
