"""The Berserk duel behind the engine contract: setup (B13–B18), rounds and turns (B19–B26),
strikes (B27–B31), abilities and the resolution loop (B35–B48), the end (B57–B59).

What the game waits for is its agenda (``engine.core.decisions``): one decision per seat in a
simultaneous secret submission (deck, recruitment, placement, Muster), otherwise one decision
for one seat — the main phase, a defender choice, a trigger declaration or a response window.
The stack, the queue and the windows are an ``engine.kits.resolution.Resolution``; after every
declaration or step that raises something, ``loop.proceed`` runs it until a seat must decide or
it ends, and the flow goes on (a start step, the main phase). ``legal`` lists each decision's
legal actions; this module checks and applies them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any, ClassVar

from engine.core.contract import Event, Game, Result, Step
from engine.core.decisions import Decision, for_seat, seats_of
from engine.core.errors import IllegalAction
from engine.core.plain import JSON
from engine.core.rng import Rng
from engine.games.berserk import board
from engine.games.berserk.abilities import declared_offer, pay
from engine.games.berserk.actions import (
    ACTION_ADAPTER,
    Activate,
    AssignDefender,
    BerserkAction,
    ChooseDeck,
    ChooseSeat,
    Move,
    Muster,
    OrderTriggers,
    Place,
    PlaceRandom,
    Recruit,
    RecruitRandom,
    Strike,
    parse_text,
)
from engine.games.berserk.attacks import closes_to_strike, eligible_defenders, unblockable
from engine.games.berserk.cards import DECKS
from engine.games.berserk.checks import state_problem
from engine.games.berserk.creatures import (
    field_cost,
    get,
    label,
    own_unit,
    role,
    uid_of,
    unit,
    updated,
)
from engine.games.berserk.effects import finish, raise_event
from engine.games.berserk.legal import LEGAL
from engine.games.berserk.loop import SEATS, TABLE, begin_round, proceed
from engine.games.berserk.secrets import redeal
from engine.games.berserk.setup import (
    DEFAULT_DECK,
    budget,
    deck_of,
    default_placement,
    default_recruits,
    muster,
    muster_cells,
    placement_problems,
    random_placement,
    random_recruits,
    recruit_problems,
    recruit_uids,
    resolve_keys,
    reveal,
    roll_for_seats,
)
from engine.games.berserk.state import (
    SIMULTANEOUS,
    STATE_ADAPTER,
    BerserkOptions,
    BerserkState,
    DeckChoice,
    DefenderStep,
    MusterChoice,
    Placement,
    Recruitment,
    changed,
    changed_creature,
    new_creature,
)
from engine.games.berserk.turns import destinations, end_turn, start_turn
from engine.games.berserk.typed import typed_text
from engine.games.berserk.view import OWN_ADAPTER, VIEW_ADAPTER, BerserkView, make_view, own_view
from engine.kits.resolution import (
    Declared,
    answer_declaration,
)

ANSWERS: dict[str, frozenset[str]] = {
    "choose_deck": frozenset({"choose_deck"}),
    "choose_seat": frozenset({"choose_seat"}),
    "recruit": frozenset({"recruit", "recruit_random"}),
    "place": frozenset({"place", "place_random"}),
    "muster": frozenset({"muster"}),
    "main": frozenset({"move", "strike", "activate", "end_turn"}),
    "assign_defender": frozenset({"assign_defender"}),
    "order_triggers": frozenset({"order_triggers"}),
    "respond": frozenset({"activate", "pass"}),
}
"""The action kinds that answer each kind of decision (B64)."""

ASKED: dict[str, str] = {
    "choose_deck": "choose a deck",
    "choose_seat": "choose to go first or second",
    "recruit": "recruit your cards",
    "place": "place your cards",
    "muster": "choose your Muster",
    "main": "act in your main phase",
    "assign_defender": "assign a defender or none",
    "order_triggers": "declare your triggers",
    "respond": "declare an instant or pass",
}
"""What each decision asks, for refusals."""


class Berserk(Game[BerserkState, BerserkAction, BerserkView]):
    key = "berserk"
    title = "Berserk"
    order = 40
    min_seats = SEATS
    max_seats = SEATS
    information = "imperfect"
    """Choices before the Reveal and the cards of each reserve are hidden."""
    chance = True
    typed_examples = (
        "deck D2",
        "recruit C01 C02 C02",
        "recruit random",
        "move c3 d3",
        "strike c3 c4",
        "end",
        "pass",
    )
    options_model = BerserkOptions
    state_adapter = STATE_ADAPTER
    action_adapter = ACTION_ADAPTER
    view_adapter = VIEW_ADAPTER
    state_version = 2
    """2: the options name the budgets' edition (``BerserkOptions.edition``); a game stored at 1
    was played with the classic budgets, edition 1."""

    def upgrade_options(self, options: dict[str, Any], from_version: int) -> dict[str, Any]:
        upgraded = dict(options)
        if from_version < 2:
            upgraded.setdefault("edition", 1)
        return upgraded

    # -- contract -----------------------------------------------------------------------------
    def new(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> BerserkState:
        opts: BerserkOptions = self.options(seats, options)
        default = {"kind": "choose_deck", "deck": DEFAULT_DECK}
        return BerserkState(
            rng=Rng(seed),
            options=opts,
            phase="deck",
            agenda=tuple(DeckChoice(seats=(s,), options=tuple(DECKS), default=default) for s in range(SEATS)),
        )

    def seats(self, state: BerserkState) -> int:
        return SEATS

    def state_problem(self, state: BerserkState) -> str | None:
        return state_problem(state)

    def pending(self, state: BerserkState) -> tuple[Decision, ...]:
        return state.agenda

    def to_act(self, state: BerserkState) -> tuple[int, ...]:
        """``seats_of`` the agenda, as the contract defines it; outside a simultaneous phase the
        one decision's one seat is the answer as it is (asked before every move of a playout)."""
        agenda = state.agenda
        if len(agenda) == 1 and len(agenda[0].seats) == 1:
            return agenda[0].seats
        return seats_of(agenda)

    def legal_actions(self, state: BerserkState, seat: int) -> list[BerserkAction]:
        """Every legal action of the seat's pending decision, in a stable order. A recruitment
        and a placement are free-form: their template stands for 'choose your cards' / 'place
        your cards', and ``apply`` names every problem of a concrete one; beside it, the one
        that leaves the choice to the game's generator (``recruit_random``, ``place_random``)."""
        decision = for_seat(state.agenda, seat)
        if decision is None:
            return []
        return LEGAL[decision.kind](state, seat)

    def apply(self, state: BerserkState, seat: int, action: BerserkAction) -> Step[BerserkState]:
        self._gate(state, seat, action.kind)
        events: list[Event] = []
        handler: Callable[[BerserkState, int, Any, list[Event]], BerserkState] = getattr(
            self, self._HANDLERS[action.kind]
        )
        state = handler(state, seat, action, events)
        return Step(state, tuple(events))

    def resign(self, state: BerserkState, seat: int) -> Step[BerserkState]:
        """B59: at any time, even while a decision is pending to the other seat."""
        if seat not in range(SEATS):
            raise IllegalAction(f"seat {seat} is not playing", "not_playing", seat=seat)
        if state.phase == "over":
            raise IllegalAction("the game is over", "game_over")
        events = [Event("resigned", {"seat": seat})]
        return Step(finish(state, 1 - seat, "resigned", events), tuple(events))

    def view(self, state: BerserkState, seat: int | None) -> BerserkView:
        return make_view(state, seat)

    def private_view(self, state: BerserkState, seat: int) -> JSON | None:
        if seat not in range(SEATS):
            return None
        data: JSON = OWN_ADAPTER.dump_python(own_view(state, seat), mode="json")
        return data

    def redeal(self, state: BerserkState, seat: int | None, seed: int) -> BerserkState:
        return redeal(state, seat, seed)

    def result(self, state: BerserkState) -> Result | None:
        if state.phase != "over":
            return None
        scores = tuple(float(field_cost(state, s)) for s in range(SEATS))
        if state.winner == "draw" or state.winner is None:
            return Result(ranks=(1, 1), scores=scores, draw=True, reason=state.end)
        return Result(
            ranks=tuple(1 if s == state.winner else 2 for s in range(SEATS)), scores=scores, reason=state.end
        )

    def parse_text(self, text: str) -> dict[str, Any]:
        return parse_text(text)

    def typed(self, action: BerserkAction) -> str:
        return typed_text(self.dump_action(action))

    # -- the gate ------------------------------------------------------------------------------
    @staticmethod
    def _gate(state: BerserkState, seat: int, kind: str) -> Decision:
        """The decision ``kind`` answers for ``seat``; else why the action is refused."""
        if seat not in range(SEATS):
            raise IllegalAction(
                f"seat {seat} is not playing: Berserk has seats 0 and 1", "not_playing", seat=seat
            )
        if state.phase == "over":
            raise IllegalAction("the game is over", "game_over")
        mine = for_seat(state.agenda, seat)
        if mine is None:
            if any(d.kind in SIMULTANEOUS and kind in ANSWERS[d.kind] for d in state.agenda):
                raise IllegalAction(
                    "you have already sent that; waiting for the other player", "already_sent"
                )
            waiting = state.agenda[0]
            raise IllegalAction(
                f"not your move: waiting for seat {waiting.seats[0]} to {ASKED[waiting.kind]}",
                "not_your_move",
                seat=waiting.seats[0],
                waiting=waiting.kind,
            )
        if kind not in ANSWERS[mine.kind]:
            raise IllegalAction(f"first {ASKED[mine.kind]}", "wrong_decision", expected=mine.kind)
        return mine

    # -- setup (B13–B17) -------------------------------------------------------------------------
    def _choose_deck(
        self, state: BerserkState, seat: int, action: ChooseDeck, events: list[Event]
    ) -> BerserkState:
        if action.deck not in DECKS:
            raise IllegalAction(
                f"no deck {action.deck}; the decks are {', '.join(DECKS)}", "unknown_deck", deck=action.deck
            )
        state = _with_side(state, seat, deck=action.deck)
        events.append(Event("deck_chosen", {"seat": seat}))
        events.append(Event("your_deck", {"seat": seat, "deck": action.deck}, audience=(seat,)))
        state = _submitted(state, seat)
        if state.agenda:
            return state
        events.append(Event("decks_revealed", {"decks": [s.deck for s in state.sides]}))  # B13
        return roll_for_seats(state, events)

    def _choose_seat(
        self, state: BerserkState, seat: int, action: ChooseSeat, events: list[Event]
    ) -> BerserkState:
        first = seat if action.choice == "first" else 1 - seat
        state = changed(state, first=first, phase="recruit")
        events.append(Event("seats_chosen", {"seat": seat, "choice": action.choice, "first": first}))
        decisions = []
        for s in range(SEATS):
            gold, silver = budget(state, s)
            default = {"kind": "recruit", "cards": list(default_recruits(deck_of(state, s), gold, silver))}
            decisions.append(Recruitment(seats=(s,), default=default))
        return changed(state, agenda=tuple(decisions))

    def _recruit(self, state: BerserkState, seat: int, action: Recruit, events: list[Event]) -> BerserkState:
        cards = tuple(c.upper() for c in action.cards)
        gold, silver = budget(state, seat)
        problems = recruit_problems(deck_of(state, seat), cards, gold, silver)
        if problems:
            raise IllegalAction(
                "the recruitment is rejected: " + "; ".join(p.message for p in problems),
                "bad_recruitment",
                problems=[p.as_data() for p in problems],
            )
        return self._recruited(state, seat, cards, events)

    def _recruit_random(
        self, state: BerserkState, seat: int, action: RecruitRandom, events: list[Event]
    ) -> BerserkState:
        """Drawn here, from the position's generator, so that the log holds the action and a
        replay from the seed draws the same squad; it is told exactly as a chosen one."""
        gold, silver = budget(state, seat)
        cards, rng = random_recruits(deck_of(state, seat), gold, silver, state.rng)
        return self._recruited(changed(state, rng=rng), seat, cards, events)

    def _recruited(
        self, state: BerserkState, seat: int, cards: tuple[str, ...], events: list[Event]
    ) -> BerserkState:
        """The seat's legal recruitment ``cards`` is in: its own event tells it, the public one
        only that it is sent."""
        state = _with_side(state, seat, recruits=cards)
        uids = recruit_uids(role(state, seat), cards)
        events.append(Event("recruited", {"seat": seat}))
        events.append(
            Event("your_recruits", {"seat": seat, "cards": list(cards), "units": uids}, audience=(seat,))
        )
        state = _submitted(state, seat)
        if state.agenda:
            return state
        decisions = []
        for s in range(SEATS):
            placed = default_placement(
                recruit_uids(role(state, s), state.sides[s].recruits or ()), role(state, s)
            )
            decisions.append(Placement(seats=(s,), default={"kind": "place", "cells": placed}))
        return changed(state, phase="place", agenda=tuple(decisions))

    def _place(self, state: BerserkState, seat: int, action: Place, events: list[Event]) -> BerserkState:
        uids = recruit_uids(role(state, seat), state.sides[seat].recruits or ())
        problems = placement_problems(uids, action.cells, role(state, seat))
        if problems:
            raise IllegalAction(
                "the placement is rejected: " + "; ".join(p.message for p in problems),
                "bad_placement",
                problems=[p.as_data() for p in problems],
            )
        placed, _ = resolve_keys(uids, action.cells)
        return self._placed(state, seat, uids, placed, events)

    def _place_random(
        self, state: BerserkState, seat: int, action: PlaceRandom, events: list[Event]
    ) -> BerserkState:
        """Drawn here, from the position's generator, as ``_recruit_random`` draws a squad."""
        uids = recruit_uids(role(state, seat), state.sides[seat].recruits or ())
        placed, rng = random_placement(uids, role(state, seat), state.rng)
        return self._placed(changed(state, rng=rng), seat, uids, placed, events)

    def _placed(
        self, state: BerserkState, seat: int, uids: list[str], placed: dict[str, str], events: list[Event]
    ) -> BerserkState:
        """The seat's legal placement ``placed`` (by uid) is in; once both are, the Reveal."""
        state = _with_side(state, seat, placement=tuple((uid, placed[uid]) for uid in uids))
        events.append(Event("placed", {"seat": seat}))
        events.append(Event("your_placement", {"seat": seat, "cells": placed}, audience=(seat,)))
        state = _submitted(state, seat)
        if state.agenda:
            return state
        return proceed(reveal(state, events), events)  # B18

    # -- the Muster (B19) ------------------------------------------------------------------------
    def _muster(self, state: BerserkState, seat: int, action: Muster, events: list[Event]) -> BerserkState:
        choice = MusterChoice()
        if action.card is not None:
            creature = unit(state, action.card)
            if creature.owner != seat or creature.zone != "reserve":
                raise IllegalAction(
                    f"{action.card} is not in your reserve", "not_in_reserve", unit=action.card
                )
            cells = muster_cells(state, seat)
            if action.cell not in cells:
                raise IllegalAction(
                    f"a mustered card enters one of {', '.join(cells)}", "bad_muster_cell", cells=cells
                )
            choice = MusterChoice(creature.uid, action.cell)
        elif action.cell is not None:
            raise IllegalAction("name the card to bring, or nothing", "no_card")
        state = _with_side(state, seat, muster=choice)
        events.append(Event("muster_chosen", {"seat": seat}))
        events.append(
            Event("your_muster", {"seat": seat, "unit": choice.card, "cell": choice.cell}, audience=(seat,))
        )
        state = _submitted(state, seat)
        if state.agenda:
            return state
        return proceed(muster(state, events), events)

    # -- the main phase (B23–B27, B35, B47) -------------------------------------------------------
    def _move(self, state: BerserkState, seat: int, action: Move, events: list[Event]) -> BerserkState:
        mover = own_unit(state, seat, action.unit)
        if mover.closed:
            raise IllegalAction(f"{label(mover)} is closed and cannot move", "closed", unit=label(mover))
        if not board.is_cell(action.to):
            raise IllegalAction(f"{action.to} is not a cell a1–e6", "not_a_cell", cell=action.to)
        reach = destinations(state, mover)
        if action.to not in reach:
            raise IllegalAction(
                f"{label(mover)} cannot reach {action.to} with {mover.moves} move(s) left",
                "unreachable",
                unit=label(mover),
                to=action.to,
                moves=mover.moves,
            )
        cost = reach[action.to]
        events.append(Event("moved", {"unit": mover.uid, "from": mover.cell, "to": action.to, "spent": cost}))
        m = mover
        return updated(
            state,
            new_creature(
                m.uid, m.card, m.owner, m.zone, action.to, m.closed, m.wounds, m.counters, m.poison,
                m.moves - cost, m.struck, m.defended, m.mods,
            ),
        )

    def _strike(self, state: BerserkState, seat: int, action: Strike, events: list[Event]) -> BerserkState:
        attacker = own_unit(state, seat, action.attacker)
        target = unit(state, action.target)
        if attacker.closed:
            raise IllegalAction(
                f"{label(attacker)} is closed and cannot strike", "closed", unit=label(attacker)
            )
        if attacker.struck:
            raise IllegalAction(
                f"{label(attacker)} has already struck this turn", "struck", unit=label(attacker)
            )
        if target.owner == seat or target.zone != "field":
            raise IllegalAction("strike an enemy creature on the field", "not_an_enemy", target=action.target)
        if board.distance(attacker.cell or "", target.cell or "") != 1:
            raise IllegalAction(
                f"{label(target)} is not adjacent to {label(attacker)}", "not_adjacent", target=label(target)
            )
        closes = attacker.closed or closes_to_strike(attacker)
        paid = changed_creature(attacker, struck=True, closed=closes)  # B27
        state = updated(state, paid)
        res, item = state.resolution.push(
            kind="strike",
            ability="strike",
            source=attacker.uid,
            controller=seat,
            targets=(target.uid,),
            data={"declared": target.uid},
        )
        state = changed(state, resolution=res)
        events.append(
            Event("strike_declared", {"ref": item.ref, "attacker": attacker.uid, "target": target.uid})
        )
        defenders = [] if unblockable(state, paid, target) else eligible_defenders(state, paid, target)
        if not defenders:  # B28: the defender step is skipped
            return proceed(state, events)
        step = DefenderStep(
            seats=(target.owner,),
            options=(None, *(d.uid for d in defenders)),
            default={"kind": "assign_defender", "unit": None},
            strike=item.ref,
        )
        return changed(state, agenda=(step,))

    def _activate(
        self, state: BerserkState, seat: int, action: Activate, events: list[Event]
    ) -> BerserkState:
        decision = for_seat(state.agenda, seat)
        offer = declared_offer(
            state, seat, action, instants_only=decision is not None and decision.kind == "respond"
        )
        state, in_full = pay(state, offer, events)
        res, item = state.resolution.push(
            kind="ability",
            ability=offer.ability.id,
            source=offer.source.uid,
            controller=seat,
            targets=offer.targets,
            data={"x": offer.x, "paid": in_full},
        )
        events.append(
            Event(
                "activated",
                {
                    "ref": item.ref,
                    "unit": offer.source.uid,
                    "ability": offer.ability.id,
                    "targets": list(offer.targets),
                    "x": offer.x,
                    "paid_in_full": in_full,
                },
            )
        )
        return proceed(changed(state, resolution=res, agenda=()), events)

    def _end_turn(self, state: BerserkState, seat: int, action: object, events: list[Event]) -> BerserkState:
        state, new_round = end_turn(state, events)
        if state.phase == "over":
            return state
        if new_round:
            return begin_round(state, events)
        return proceed(start_turn(state, state.active, events), events)

    # -- decisions inside the loop (B28, B41, B42) ---------------------------------------------------
    def _assign_defender(
        self, state: BerserkState, seat: int, action: AssignDefender, events: list[Event]
    ) -> BerserkState:
        step = for_seat(state.agenda, seat)
        assert isinstance(step, DefenderStep)
        if action.unit is None:  # not an action (B28)
            events.append(Event("no_defender", {"seat": seat, "ref": step.strike}))
            return proceed(changed(state, agenda=()), events)
        defender = unit(state, action.unit)
        if defender.uid not in step.options:
            eligible = ", ".join(label(get(state, str(u))) for u in step.options if u) or "none"
            raise IllegalAction(
                f"{label(defender)} cannot defend this strike; eligible: {eligible}",
                "not_eligible",
                unit=label(defender),
            )
        strike = next(i for i in state.resolution.stack if i.ref == step.strike)
        final = replace(strike, targets=(defender.uid,), data={**strike.data, "defender": defender.uid})
        state = changed(state, resolution=state.resolution.replace_item(final), agenda=())
        state = updated(state, changed_creature(defender, defended=defender.defended + 1))
        events.append(
            Event("defender", {"unit": defender.uid, "defends": strike.targets[0], "ref": strike.ref})
        )
        state = raise_event(
            state, "becomes_defender", get(state, defender.uid), roles={"defended": strike.targets[0]}
        )
        return proceed(state, events)

    def _order_triggers(
        self, state: BerserkState, seat: int, action: OrderTriggers, events: list[Event]
    ) -> BerserkState:
        entries = [Declared(e.ref, tuple(uid_of(state, t) for t in e.targets)) for e in action.entries]
        state, problems = answer_declaration(TABLE, state, seat, entries, events)
        if problems:
            raise IllegalAction(
                "the declaration is rejected: " + "; ".join(p.message for p in problems),
                "bad_declaration",
                problems=[{"code": p.code, "message": p.message} for p in problems],
            )
        return proceed(changed(state, agenda=()), events)

    def _pass(self, state: BerserkState, seat: int, action: object, events: list[Event]) -> BerserkState:
        events.append(Event("passed", {"seat": seat}))
        return proceed(changed(state, resolution=state.resolution.passed(), agenda=()), events)

    _HANDLERS: ClassVar[dict[str, str]] = {
        "choose_deck": "_choose_deck",
        "choose_seat": "_choose_seat",
        "recruit": "_recruit",
        "recruit_random": "_recruit_random",
        "place": "_place",
        "place_random": "_place_random",
        "muster": "_muster",
        "move": "_move",
        "strike": "_strike",
        "activate": "_activate",
        "end_turn": "_end_turn",
        "assign_defender": "_assign_defender",
        "order_triggers": "_order_triggers",
        "pass": "_pass",
    }


def _with_side(state: BerserkState, seat: int, **changes: Any) -> BerserkState:
    sides = list(state.sides)
    sides[seat] = replace(sides[seat], **changes)
    return changed(state, sides=(sides[0], sides[1]))


def _submitted(state: BerserkState, seat: int) -> BerserkState:
    """The seat's part of a simultaneous submission is in."""
    return changed(state, agenda=tuple(d for d in state.agenda if seat not in d.seats))


BERSERK = Berserk()
