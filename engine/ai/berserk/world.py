"""A whole position rebuilt from one seat's view, for a player that searches: everything the
seat knows as it is, and what it does not know (the other side's reserve cards, a Muster
choice the other side has sent, the dice to come) drawn at random by the game's own ``redeal``
of that seat's information set.

``reading.position`` rebuilds what the baseline weighs actions with; a search must also play
on, so the rebuilt position here is complete: the other side's reserve (as many cards as its
view says), the pending decisions, and the resolution loop where the view shows it paused.
It is first filled in with one fixed guess that fits what the seat knows (a reserve within
the other side's deck and budget), then ``redeal`` draws the guess again from the seed: a guess
that fits is what ``redeal`` keeps when it finds no other, so every world it gives fits too.

Nothing here reads a position: the view (plain data, the same for every position the seat
cannot tell apart) is the only input, so a player deciding on these worlds cannot peek.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations

from engine.core.rng import Rng
from engine.games.berserk.attacks import eligible_defenders
from engine.games.berserk.cards import CARDS, DECKS
from engine.games.berserk.creatures import order_key, uid_for
from engine.games.berserk.loop import SEAT_ORDERS, declarable, trigger_order
from engine.games.berserk.rules import BERSERK
from engine.games.berserk.setup import DEFAULT_DECK, deck_budget, recruit_problems
from engine.games.berserk.state import (
    BerserkDecision,
    BerserkOptions,
    BerserkState,
    Creature,
    DefenderStep,
    MainPhase,
    MusterCall,
    MusterChoice,
    ResponseWindow,
    Side,
    TriggerDeclaration,
)
from engine.games.berserk.view import BerserkView, UnitView
from engine.kits.resolution import Resolution, default_declaration

RUNNING = frozenset({"respond", "order_triggers", "assign_defender"})
"""Decisions taken while the resolution loop runs (a main phase or a Muster waits outside it)."""


def world(view: BerserkView, seed: int) -> BerserkState:
    """One position the seat of ``view`` cannot tell from the real one, drawn from ``seed``.
    Only for the play phase (from the Reveal on), where the view shows the whole field."""
    assert view.seat is not None
    return BERSERK.redeal(rebuilt(view), view.seat, seed)


def rebuilt(view: BerserkView) -> BerserkState:
    """The position as the seat knows it, the other side's hidden cards filled in with a fixed
    guess that fits (``world`` draws them again)."""
    assert view.seat is not None and view.own is not None and view.first is not None
    seat, other = view.seat, 1 - view.seat
    creatures = [_creature(u, "field") for u in view.field]
    for side in view.sides:
        creatures.extend(_creature(u, "graveyard") for u in side.graveyard)
    creatures.extend(_creature(u, "reserve") for u in view.own.reserve)
    public = tuple(sorted(c.card for c in creatures if c.owner == other))
    deck = view.sides[other].deck or DEFAULT_DECK  # as the rules read a side without one
    role = 0 if other == view.first else 1
    hidden = guess_reserve(deck, public, view.sides[other].reserve or 0, view.edition)
    copies = {card_id: public.count(card_id) for card_id in set(hidden)}
    for card_id in hidden:
        copies[card_id] += 1
        creatures.append(Creature(uid_for(role, card_id, copies[card_id]), card_id, other, "reserve"))
    first = view.first
    creatures.sort(key=lambda c: (c.owner != first, order_key(c)))  # recruitment order, P1's first
    sides = [Side(), Side()]
    sides[seat] = Side(deck=view.own.deck, recruits=view.own.recruits, muster=view.own.muster)
    # a Muster the other side has sent is hidden until both have: a placeholder for redeal to draw
    other_sent = view.stage == "muster" and view.sides[other].sent is True and bool(hidden)
    sides[other] = Side(deck=deck, recruits=(*public, *hidden), muster=MusterChoice() if other_sent else None)
    active = view.active if view.active is not None else first
    state = BerserkState(
        rng=Rng(0),
        options=BerserkOptions(round_cap=view.round_cap, edition=view.edition),
        phase=view.phase,
        sides=(sides[0], sides[1]),
        first=first,
        creatures=tuple(creatures),
        round=view.round,
        active=active,
        stage=view.stage or "main",
        resolution=_resolution(view, active),
        serial=max((m.serial for c in creatures for m in c.mods), default=0),
    )
    state.agenda = _agenda(view, state)
    return state


def _creature(unit: UnitView, zone: str) -> Creature:
    return Creature(
        uid=unit.uid,
        card=unit.card,
        owner=unit.seat,
        zone=zone,  # type: ignore[arg-type]
        cell=unit.cell,
        closed=unit.closed,
        wounds=unit.wounds,
        counters=unit.counters,
        poison=unit.poison,
        moves=unit.moves,
        struck=unit.struck,
        defended=unit.defended,
        mods=unit.mods,
    )


@cache
def guess_reserve(deck: str, public: tuple[str, ...], count: int, edition: int) -> tuple[str, ...]:
    """``count`` cards of ``deck`` that, with the ``public`` ones (the side's cards on the field
    and in its graveyard), make a recruitment within its budget: the first such selection of
    the cards left, taken in deck order. (The real reserve is one, so one exists.)"""
    if count == 0:
        return ()
    cards = DECKS[deck].cards
    left = list(cards)
    for card_id in public:
        if card_id in left:  # (a position set up by hand may field cards of no deck)
            left.remove(card_id)
    gold, silver = deck_budget(DECKS[deck], edition)
    for chosen in combinations(left, count):
        if not recruit_problems(DECKS[deck], [*public, *chosen], gold, silver):
            return chosen
    cheapest = sorted(left, key=lambda c: CARDS[c].cost)  # a view no recruitment fits: none seen
    return tuple(cheapest[:count])


def _resolution(view: BerserkView, active: int) -> Resolution:
    """The loop as the view shows it. A window pauses at the seat whose turn it is to speak, so
    the passes before it are its place in the window's order (the active seat first); at a
    pause nothing executes, so no item's history is being passed on."""
    refs = [i.ref for i in (*view.stack, *view.queue)] + [r.ref for r in view.raised]
    running = view.decision in RUNNING or bool(view.stack or view.queue or view.raised)
    speaking = next((s.seat for s in view.sides if s.waiting == "respond"), None)
    order = SEAT_ORDERS[view.first or 0]
    at = order.index(active)
    window = (*order[at:], *order[:at])
    passes = window.index(speaking) if speaking is not None else 0
    return Resolution(view.stack, view.queue, view.raised, running, passes, (), max(refs, default=0))


def _agenda(view: BerserkView, state: BerserkState) -> tuple[BerserkDecision, ...]:
    """The pending decisions as the views show them (each side's ``waiting``), made as the rules
    make them."""
    agenda: list[BerserkDecision] = []
    for side in view.sides:
        kind, seat = side.waiting, side.seat
        if kind == "main":
            agenda.append(MainPhase(seats=(seat,), default={"kind": "end_turn"}))
        elif kind == "respond":
            agenda.append(ResponseWindow(seats=(seat,), default={"kind": "pass"}))
        elif kind == "muster":
            agenda.append(MusterCall(seats=(seat,), default={"kind": "muster"}))
        elif kind == "order_triggers":
            chosen = default_declaration(declarable(state, seat), trigger_order(state))
            entries = [{"ref": d.ref, "targets": list(d.targets)} for d in chosen]
            agenda.append(
                TriggerDeclaration(seats=(seat,), default={"kind": "order_triggers", "entries": entries})
            )
        elif kind == "assign_defender":
            agenda.append(_defender_step(state, seat))
    return tuple(agenda)


def _defender_step(state: BerserkState, seat: int) -> DefenderStep:
    strike = next(i for i in reversed(state.resolution.stack) if i.kind == "strike")
    everyone = {c.uid: c for c in state.creatures}
    attacker, target = everyone[strike.source], everyone[strike.targets[0]]
    defenders = eligible_defenders(state, attacker, target)
    return DefenderStep(
        seats=(seat,),
        options=(None, *(d.uid for d in defenders)),
        default={"kind": "assign_defender", "unit": None},
        strike=strike.ref,
    )
