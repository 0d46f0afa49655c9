"""What a stored Berserk position must hold beyond its fields' bounds (``Game.state_problem``):
each seat's setup as far as its phase has gone and within the rules of B13–B17, the creatures
its recruits became, the agenda the phase waits with, and a resolution of declarations its
creatures can make."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection

from engine.core.rng import unscripted
from engine.core.stored import first_problem
from engine.games.berserk.cards import CARDS, DECKS
from engine.games.berserk.creatures import card, role, uid_for
from engine.games.berserk.setup import (
    DEFAULT_DECK,
    budget,
    can_muster,
    deck_of,
    default_placement,
    default_recruits,
    placement_problems,
    recruit_problems,
    recruit_uids,
)
from engine.games.berserk.state import (
    MAX_COUNTERS,
    SEATS,
    BerserkDecision,
    BerserkState,
    DeckChoice,
    DefenderStep,
    MainPhase,
    MusterCall,
    Placement,
    Recruitment,
    ResponseWindow,
    SeatChoice,
    TriggerDeclaration,
)
from engine.kits.resolution import Item, Raised

Check = Callable[[BerserkState], str | None]

_STEPS = ("deck", "seat", "recruit", "place", "play")
"""The phases in order: a seat's setup is done up to the one it is in."""


def _sides(state: BerserkState) -> str | None:
    """B13–B17: a deck once the deck phase is over, the seats chosen and both recruitments in
    once theirs are, recruits within the deck and the budget, a placement of exactly those
    recruits until the Reveal, and a Muster choice only while a Muster waits."""
    going = state.phase != "over"
    step = _STEPS.index(state.phase) if going else len(_STEPS)
    done = (
        step > _STEPS.index("deck"),
        step > _STEPS.index("seat"),
        step > _STEPS.index("recruit"),
    )
    if going and done[1] != (state.first is not None):
        return f"the seats are {'not ' if done[1] else ''}chosen in the {state.phase} phase"
    mustering = bool(state.agenda) and state.agenda[0].kind == "muster"
    for seat, side in enumerate(state.sides):
        setup = (side.deck is not None, side.recruits is not None, side.placement is not None)
        if (setup[1] and not setup[0]) or (setup[2] and not setup[1]) or (setup[1] and state.first is None):
            return f"seat {seat}'s setup skips a step"
        if going and ((done[0] and not setup[0]) or (done[2] and not setup[1]) or (setup[1] and not done[1])):
            return f"seat {seat}'s setup does not fit the {state.phase} phase"
        if going and ((setup[2] and state.phase != "place") or (side.muster is not None and not mustering)):
            return f"seat {seat}'s placement or Muster choice outside its phase"
        if side.recruits is not None:
            problems = recruit_problems(deck_of(state, seat), side.recruits, *budget(state, seat))
            if problems:
                return f"seat {seat}'s recruits: {problems[0].message}"
        if side.placement is not None:
            uids = recruit_uids(role(state, seat), side.recruits or ())
            problems = placement_problems(uids, dict(side.placement), role(state, seat))
            if problems or len(side.placement) != len(uids):
                return f"seat {seat}'s placement: {problems[0].message if problems else 'not its recruits'}"
    if bool(state.creatures) != (state.phase == "play") and not (state.phase == "over" and state.creatures):
        return f"{len(state.creatures)} creatures in the {state.phase} phase"
    return None


def _creatures(state: BerserkState) -> str | None:
    """Each creature is one of its owner's recruits under its instance id, on a cell of its
    own when on the field, with no more counters and moves than its card allows."""
    if not state.creatures:
        return None
    if state.first is None:
        return "creatures before the seats are chosen"
    uids = [c.uid for c in state.creatures]
    if len(set(uids)) != len(uids):
        return "two creatures share an instance id"
    cells = [c.cell for c in state.creatures if c.cell is not None]
    if len(set(cells)) != len(cells):
        return "two creatures share a cell"
    for c in state.creatures:
        if (c.zone == "field") != (c.cell is not None):
            return f"{c.uid} is in the {c.zone} with the cell {c.cell!r}"
        if c.uid != uid_for(role(state, c.owner), c.card, c.copy):
            return f"{c.uid} is not the instance id of seat {c.owner}'s {c.card}"
        if c.counters > card(c).max_counters or c.moves > card(c).moves:
            return f"{c.uid} has more counters or moves than its card allows"
    for seat, side in enumerate(state.sides):
        owned = Counter(c.card for c in state.creatures if c.owner == seat)
        if owned != Counter(side.recruits or ()):
            return f"seat {seat}'s creatures are not its recruits"
    return None


def _agenda(state: BerserkState) -> str | None:
    """The phase waits with its own decisions, each what the rules make for it: one per seat
    still to submit in a simultaneous phase, else one of one seat."""
    over = state.phase == "over"
    if over != (state.end is not None) or over != (state.winner is not None):
        return f"the {state.phase} phase with the end {state.end!r} and the winner {state.winner!r}"
    expected = _EXPECTED[state.phase](state)
    if expected is not None:
        if state.agenda != expected:
            return f"the agenda {_kinds(state.agenda)} in the {state.phase} phase"
        return None
    if len(state.agenda) != 1:
        return f"the agenda {_kinds(state.agenda)} in play"
    decision = state.agenda[0]
    if not _PLAYED[decision.kind](state, decision):
        return f"a {decision.kind} decision the rules do not make here"
    return None


def _choosing_decks(state: BerserkState) -> tuple[BerserkDecision, ...]:
    default = {"kind": "choose_deck", "deck": DEFAULT_DECK}
    return tuple(
        DeckChoice(seats=(s,), options=tuple(DECKS), default=default)
        for s in range(SEATS)
        if state.sides[s].deck is None
    )


def _choosing_seats(state: BerserkState) -> tuple[BerserkDecision, ...]:
    default = {"kind": "choose_seat", "choice": "first"}
    # The higher roller chooses: either seat may have rolled higher.
    chooser = state.agenda[0].seats if len(state.agenda) == 1 and len(state.agenda[0].seats) == 1 else (0,)
    return (SeatChoice(seats=chooser, options=("first", "second"), default=default),)


def _recruiting(state: BerserkState) -> tuple[BerserkDecision, ...]:
    found: list[BerserkDecision] = []
    for s in range(SEATS):
        if state.sides[s].recruits is None:
            cards = list(default_recruits(deck_of(state, s), *budget(state, s)))
            found.append(Recruitment(seats=(s,), default={"kind": "recruit", "cards": cards}))
    return tuple(found)


def _placing(state: BerserkState) -> tuple[BerserkDecision, ...]:
    found: list[BerserkDecision] = []
    for s in range(SEATS):
        if state.sides[s].placement is None:
            cells = default_placement(
                recruit_uids(role(state, s), state.sides[s].recruits or ()), role(state, s)
            )
            found.append(Placement(seats=(s,), default={"kind": "place", "cells": cells}))
    return tuple(found)


def _playing(state: BerserkState) -> tuple[BerserkDecision, ...] | None:
    """A Muster waits for the seats still to choose; anything else is one decision."""
    if not state.agenda or state.agenda[0].kind != "muster":
        return None
    return tuple(
        MusterCall(seats=(s,), default={"kind": "muster"})
        for s in range(SEATS)
        if state.sides[s].muster is None and can_muster(state, s)
    )


_EXPECTED: dict[str, Callable[[BerserkState], tuple[BerserkDecision, ...] | None]] = {
    "deck": _choosing_decks,
    "seat": _choosing_seats,
    "recruit": _recruiting,
    "place": _placing,
    "play": _playing,
    "over": lambda state: (),
}
"""The agenda each phase waits with, where it follows from the position alone (``None``: one
decision of play, checked by ``_PLAYED``)."""


def _main(state: BerserkState, decision: BerserkDecision) -> bool:
    return decision == MainPhase(seats=(state.active,), default={"kind": "end_turn"})


def _respond(state: BerserkState, decision: BerserkDecision) -> bool:
    return decision == ResponseWindow(seats=decision.seats, default={"kind": "pass"})


def _declare(state: BerserkState, decision: BerserkDecision) -> bool:
    seat = decision.seats[0]
    mine = any(t.controller == seat for t in state.resolution.raised)
    bare = TriggerDeclaration(seats=(seat,), default=decision.default)
    return mine and decision == bare and (decision.default or {}).get("kind") == "order_triggers"


def _defend(state: BerserkState, decision: BerserkDecision) -> bool:
    """B28: a strike on the stack at one of the deciding seat's creatures, defended by one of
    its other creatures on the field, or none."""
    if not isinstance(decision, DefenderStep):
        return False
    seat = decision.seats[0]
    strike = next((i for i in state.resolution.stack if i.ref == decision.strike), None)
    field = {c.uid for c in state.creatures if c.owner == seat and c.zone == "field"}
    default = {"kind": "assign_defender", "unit": None}
    return (
        strike is not None
        and strike.kind == "strike"
        and len(strike.targets) == 1
        and strike.targets[0] in field
        and decision.options[:1] == (None,)
        and all(u in field for u in decision.options[1:])
        and decision
        == DefenderStep(seats=(seat,), options=decision.options, default=default, strike=strike.ref)
    )


_PLAYED: dict[str, Callable[[BerserkState, BerserkDecision], bool]] = {
    "main": _main,
    "respond": _respond,
    "order_triggers": _declare,
    "assign_defender": _defend,
}
"""Whether a decision of play is one the rules make, by its kind (a kind missing here is
never one of play)."""


def _kinds(agenda: tuple[BerserkDecision, ...]) -> str:
    return "[" + ", ".join(d.kind for d in agenda) + "]"


def _resolution(state: BerserkState) -> str | None:
    """The stack, the queue and the raised triggers hold declarations of creatures in the game,
    each under its own ref, of abilities their cards have."""
    res = state.resolution
    entries: list[Item | Raised] = [*res.stack, *res.queue, *res.raised]
    refs = [e.ref for e in entries]
    if len(set(refs)) != len(refs) or any(ref > res.last_ref for ref in refs):
        return "a declaration's ref is used twice or never handed out"
    if res.passes > SEATS:
        return f"{res.passes} passes in a row by {SEATS} seats"
    uids = {c.uid: c for c in state.creatures}
    for entry in entries:
        source = uids.get(entry.source)
        targets = entry.targets if isinstance(entry, Item) else ()
        if source is None or entry.controller >= SEATS or any(t not in uids for t in targets):
            return f"declaration {entry.ref} names a creature not in the game"
        if not _has_ability(entry, source.card):
            return f"declaration {entry.ref}: {source.card} has no ability {entry.ability!r}"
        if isinstance(entry, Item) and not _ITEM_DATA.get(entry.kind, _never)(entry, uids.keys()):
            return f"declaration {entry.ref}: its {entry.kind} does not carry what executing it reads"
    return None


def _strike_data(item: Item, uids: Collection[str]) -> bool:
    """B28, B31: a strike at one creature, declared at a creature and defended by one, if any."""
    data = item.data
    return (
        len(item.targets) == 1
        and data.keys() <= {"declared", "defender"}
        and data.get("declared") in uids
        and data.get("defender", item.targets[0]) in uids
    )


def _ability_data(item: Item, uids: Collection[str]) -> bool:
    """B36: an activated ability with its declared X (a count of counters, or none) and whether
    its cost was paid in full."""
    x, paid = item.data.get("x"), item.data.get("paid")
    fits_x = x is None or (type(x) is int and 0 <= x <= MAX_COUNTERS)
    return item.data.keys() == {"x", "paid"} and fits_x and type(paid) is bool


def _trigger_data(item: Item, uids: Collection[str]) -> bool:
    """B41: a declared trigger, with the event it answers for the record."""
    return item.data.keys() == {"event"} and isinstance(item.data["event"], dict)


def _never(item: Item, uids: Collection[str]) -> bool:
    return False


_ITEM_DATA: dict[str, Callable[[Item, Collection[str]], bool]] = {
    "strike": _strike_data,
    "ability": _ability_data,
    "trigger": _trigger_data,
}
"""Whether a declaration on the stack or in the queue carries the context its execution reads
(``execution.execute``), by its kind."""


def _has_ability(entry: Item | Raised, card_id: str) -> bool:
    played = CARDS[card_id]
    if isinstance(entry, Raised) or entry.kind == "trigger":
        return played.triggered(entry.ability) is not None
    if entry.kind == "strike":
        return entry.ability == "strike"
    return entry.kind == "ability" and played.activated(entry.ability) is not None


CHECKS: tuple[Check, ...] = (_sides, _creatures, _agenda, _resolution, lambda state: unscripted(state.rng))


def state_problem(state: BerserkState) -> str | None:
    return first_problem(state, CHECKS)
