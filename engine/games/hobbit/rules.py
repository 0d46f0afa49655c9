"""Hobbit — The Desolation of Smaug, the cooperative game of rules H1–H10, behind the engine
contract.

What the game waits for is its agenda (``engine.core.decisions``): at the bottom the active
player's phase (P1 the movement card, P2 plays, P3 draws, the hand limit); on top of it the
interruptions — a fight (one fighting player after another), a target choice, a Scouting
choice, an attack on Smaug, a Sorrow discard, a trade reply, a Smaug window (one player after
another). An action is checked against the decision on top, applied to a working copy, and
then ``turns.settle`` takes the steps the rules take on their own. Dwarf Gold is the one card
any holder may play without being waited for (H6.3); the decision it interrupts stays on top.
When the game ends in the middle of an action (``ending.Ended``), whatever was still to happen
is dropped (H8.9).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from engine.core.contract import Event, Game, Result, Step
from engine.core.decisions import Decision, top
from engine.core.errors import BadOptions, IllegalAction
from engine.core.plain import JSON
from engine.core.rng import Rng
from engine.core.zones import Deck, Visibility, Zone
from engine.games.hobbit import adventures, ending, plays, smaug, trade, turns
from engine.games.hobbit.actions import (
    ACTION_ADAPTER,
    DiscardToLimit,
    Draw,
    FightSubmit,
    HobbitAction,
    PlayTreasury,
    SmaugAttack,
    parse_text,
)
from engine.games.hobbit.board import NUMBERS
from engine.games.hobbit.cards import boxed_at_setup, by_id, highest, instances_of, is_fight, values
from engine.games.hobbit.data import BOARD, DeckName
from engine.games.hobbit.legal import legal_actions
from engine.games.hobbit.secrets import redeal
from engine.games.hobbit.state import (
    DECK_NAMES,
    STATE_ADAPTER,
    WON,
    Figure,
    HobbitOptions,
    HobbitState,
    SmaugWindow,
    SorrowDecision,
    TradeReply,
)
from engine.games.hobbit.supply import options as draw_options
from engine.games.hobbit.view import VIEW_ADAPTER, HobbitView, make_view

ANSWERS: dict[str, frozenset[str]] = {
    "p1": frozenset({"play_move_card", "skip_move_card", "free_web", "open_door"}),
    "p2": frozenset(
        {
            "play_bilbo",
            "play_elf",
            "play_eagle",
            "play_dwarf_run",
            "play_gandalf",
            "play_scout",
            "free_web",
            "open_door",
            "trade_offer",
            "end_phase2",
        }
    ),
    "p3": frozenset({"draw"}),
    "limit": frozenset({"discard_to_limit"}),
    "target": frozenset({"choose_target"}),
    "scout": frozenset({"scout_choose"}),
    "fight": frozenset({"fight_submit"}),
    "attack": frozenset({"smaug_attack"}),
    "sorrow": frozenset({"sorrow_discard"}),
    "trade_reply": frozenset({"trade_accept", "trade_decline"}),
    "window": frozenset({"play_treasury", "pass_window"}),
}
"""The action kinds that answer each kind of decision (H10)."""

ASKED: dict[str, str] = {
    "p1": "play a movement card",
    "p2": "play cards or end phase 2",
    "p3": "draw",
    "limit": "discard down to the hand limit",
    "target": "choose the figure the adventure affects",
    "scout": "choose the dwarf the Scouting die moves",
    "fight": "submit fight cards",
    "attack": "attack Smaug",
    "sorrow": "discard for the Sorrow",
    "trade_reply": "answer the trade offer",
    "window": "play a Treasury card or pass",
}
"""What each decision asks, for refusals."""

_Handler = Callable[[HobbitState, int, Any, list[Event]], None]


class Hobbit(Game[HobbitState, HobbitAction, HobbitView]):
    key = "hobbit"
    title = "Hobbit"
    order = 50
    min_seats = 2
    max_seats = 4
    cooperative = True
    options_model = HobbitOptions
    state_adapter = STATE_ADAPTER
    action_adapter = ACTION_ADAPTER
    view_adapter = VIEW_ADAPTER

    # -- contract -----------------------------------------------------------------------------
    def new(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> HobbitState:
        opts: HobbitOptions = self.options(seats, options)
        colours = opts.colours or BOARD.colours[:seats]
        if len(colours) != seats:
            raise BadOptions(
                f"{seats} seats need {seats} colours, not {len(colours)}", "colours", seats=seats
            )
        rng = Rng(seed)
        decks: dict[DeckName, Deck[str]] = {}
        for name in DECK_NAMES:
            decks[name], rng = Deck(tuple(instances_of(name, seats))).shuffled(rng)
        figures = [
            Figure(f"{c}{n}", colours.index(c), 0) for c in BOARD.colours if c in colours for n in (1, 2)
        ]
        state = HobbitState(
            rng=rng,
            options=opts,
            colours=colours,
            figures=(*figures, Figure("Bilbo", None, 0)),
            ring="bilbo",
            smaug=None,
            gandalf=0,
            door_open=False,
            key=0,
            beorn=decks["beorn"],
            esgaroth=decks["esgaroth"],
            treasury=decks["treasury"],
            mirkwood=decks["mirkwood"],
            erebor=decks["erebor"],
            face_up=(None, None),
            discard=Zone(),
            box=Zone(tuple(boxed_at_setup(seats))),
            in_play=Zone(),
            hands=tuple(Zone((), Visibility.OWNER, s) for s in range(seats)),
            move_cards=tuple((True,) * len(BOARD.movement_values) for _ in range(seats)),
            round=0,
        )
        events: list[Event] = []
        turns.deal(state, events)  # H2.6: on the fresh state, which nobody else holds yet
        turns.start_turn(state, 0, events)
        return state

    def seats(self, state: HobbitState) -> int:
        return state.seats

    def pending(self, state: HobbitState) -> tuple[Decision, ...]:
        decision = top(state.agenda)
        return () if decision is None else (decision,)

    def to_act(self, state: HobbitState) -> tuple[int, ...]:
        decision = top(state.agenda)
        return () if decision is None else decision.seats

    def legal_actions(self, state: HobbitState, seat: int) -> list[HobbitAction]:
        return legal_actions(state, seat)

    def apply(self, state: HobbitState, seat: int, action: HobbitAction) -> Step[HobbitState]:
        self._gate(state, seat, action)
        work = state.working_copy()
        events: list[Event] = []
        handler: _Handler = getattr(self, self._HANDLERS[action.kind])
        with contextlib.suppress(ending.Ended):  # the game ended: nothing else resolves
            handler(work, seat, action, events)
            turns.settle(work, events)
        return Step(work, tuple(events))

    def resign(self, state: HobbitState, seat: int) -> Step[HobbitState]:
        """A player leaves: the fellowship is broken and the team loses together (ours: a
        cooperative game cannot be won one player short)."""
        if not 0 <= seat < state.seats:
            raise IllegalAction(f"seat {seat} is not playing", "not_playing", seat=seat)
        if state.over:
            raise IllegalAction("the game is over", "game_over")
        work = state.working_copy()
        events = [Event("resigned", {"seat": seat})]
        with contextlib.suppress(ending.Ended):
            ending.finish(work, "resigned", events)
        return Step(work, tuple(events))

    def view(self, state: HobbitState, seat: int | None) -> HobbitView:
        return make_view(state, seat)

    def private_view(self, state: HobbitState, seat: int) -> JSON | None:
        """The seat's hand, whether it holds the Key, and a pending offer it is party to."""
        if not 0 <= seat < state.seats:
            return None
        offer: JSON = None
        pending = top(state.agenda)
        if isinstance(pending, TradeReply) and seat in (pending.offerer, pending.seats[0]):
            offer = {
                "from": pending.offerer,
                "to": pending.seats[0],
                "give": pending.give,
                "price": list(pending.price),
            }
        return {"hand": by_id(state.hands[seat].cards), "key": state.key == seat, "offer": offer}

    def redeal(self, state: HobbitState, seat: int | None, seed: int) -> HobbitState:
        return redeal(state, seat, seed)

    def default_action(self, state: HobbitState, seat: int) -> HobbitAction | None:
        """H6.6. The defaults that depend on a hand are worked out here, from the hand as it
        is when the time runs out."""
        decision = top(state.agenda)
        if decision is None or seat not in decision.seats:
            return None
        if decision.default is not None:
            return self.parse_action(decision.default)
        hand = by_id(state.hands[seat].cards)
        if decision.kind == "limit":
            return DiscardToLimit(tuple(hand[NUMBERS.hand_limit :]))
        if isinstance(decision, SorrowDecision):
            return self.parse_action({"kind": "sorrow_discard", "cards": hand[: decision.count]})
        if decision.kind == "attack":
            fights = [c for c in hand if is_fight(c)]
            armour = max(fights, key=highest)  # the first of the highest: the lowest id
            fights.remove(armour)
            push = max(fights, key=highest)
            return SmaugAttack(armour, push, max(values(push)))
        if decision.kind == "p3":
            return Draw(draw_options(state, decision)[0].upper())  # type: ignore[arg-type]
        return None

    def result(self, state: HobbitState) -> Result | None:
        if state.end is None:
            return None
        return Result.together(state.seats, won=state.end in WON, reason=state.end)

    def parse_text(self, text: str) -> dict[str, Any]:
        return parse_text(text)

    # -- the gate ------------------------------------------------------------------------------
    @staticmethod
    def _gate(state: HobbitState, seat: int, action: HobbitAction) -> None:
        """That ``action`` answers what the game waits for from ``seat``; else why not."""
        if not 0 <= seat < state.seats:
            raise IllegalAction(
                f"seat {seat} is not playing: this table has seats 0–{state.seats - 1}",
                "not_playing",
                seat=seat,
            )
        decision = top(state.agenda)
        if decision is None:
            raise IllegalAction("the game is over", "game_over")
        if isinstance(action, PlayTreasury) and not isinstance(decision, SmaugWindow):
            return  # Dwarf Gold, at any time (H6.3): ``plays.dwarf_gold`` judges it
        if seat not in decision.seats:
            waiting = decision.seats[0]
            raise IllegalAction(
                f"not your move: waiting for seat {waiting} to {ASKED[decision.kind]}",
                "not_your_move",
                seat=waiting,
                waiting=decision.kind,
            )
        if action.kind not in ANSWERS[decision.kind]:
            raise IllegalAction(f"first {ASKED[decision.kind]}", "wrong_decision", expected=decision.kind)

    # -- handlers --------------------------------------------------------------------------------
    def _move_card(self, work: HobbitState, seat: int, action: Any, events: list[Event]) -> None:
        plays.play_move_card(work, seat, action, events)

    def _skip(self, work: HobbitState, seat: int, action: Any, events: list[Event]) -> None:
        plays.skip_move_card(work, seat, action, events)

    def _free_web(self, work: HobbitState, seat: int, action: Any, events: list[Event]) -> None:
        plays.free_web(work, seat, action, events)

    def _open_door(self, work: HobbitState, seat: int, action: Any, events: list[Event]) -> None:
        plays.open_door(work, seat, events)

    def _bilbo(self, work: HobbitState, seat: int, action: Any, events: list[Event]) -> None:
        plays.play_bilbo(work, seat, action, events)

    def _elf(self, work: HobbitState, seat: int, action: Any, events: list[Event]) -> None:
        plays.play_elf(work, seat, action, events)

    def _eagle(self, work: HobbitState, seat: int, action: Any, events: list[Event]) -> None:
        plays.play_eagle(work, seat, action, events)

    def _dwarf_run(self, work: HobbitState, seat: int, action: Any, events: list[Event]) -> None:
        plays.play_dwarf_run(work, seat, action, events)

    def _gandalf(self, work: HobbitState, seat: int, action: Any, events: list[Event]) -> None:
        plays.play_gandalf(work, seat, action, events)

    def _scout(self, work: HobbitState, seat: int, action: Any, events: list[Event]) -> None:
        plays.play_scout(work, seat, action, events)

    def _scout_choose(self, work: HobbitState, seat: int, action: Any, events: list[Event]) -> None:
        plays.scout_choose(work, seat, action.dwarf, events)

    def _offer(self, work: HobbitState, seat: int, action: Any, events: list[Event]) -> None:
        trade.offer(work, seat, action.partner, action.give, action.price, events)

    def _accept(self, work: HobbitState, seat: int, action: Any, events: list[Event]) -> None:
        trade.accept(work, seat, action.give, events)

    def _decline(self, work: HobbitState, seat: int, action: Any, events: list[Event]) -> None:
        trade.decline(work, seat, events)

    def _end_phase2(self, work: HobbitState, seat: int, action: Any, events: list[Event]) -> None:
        turns.end_phase2(work, events)

    def _draw(self, work: HobbitState, seat: int, action: Draw, events: list[Event]) -> None:
        turns.draw(work, seat, action.deck.lower(), events)  # type: ignore[arg-type]

    def _limit(self, work: HobbitState, seat: int, action: Any, events: list[Event]) -> None:
        turns.discard_to_limit(work, seat, action.cards, events)

    def _target(self, work: HobbitState, seat: int, action: Any, events: list[Event]) -> None:
        adventures.choose_target(work, action.figure, events)

    def _sorrow(self, work: HobbitState, seat: int, action: Any, events: list[Event]) -> None:
        adventures.sorrow_discard(work, seat, action.cards, events)

    def _fight(self, work: HobbitState, seat: int, action: FightSubmit, events: list[Event]) -> None:
        adventures.submit(work, seat, action, events)

    def _attack(self, work: HobbitState, seat: int, action: SmaugAttack, events: list[Event]) -> None:
        smaug.attack(work, seat, action.armour, action.push, action.value, events)

    def _treasury(self, work: HobbitState, seat: int, action: PlayTreasury, events: list[Event]) -> None:
        if isinstance(top(work.agenda), SmaugWindow):
            if action.card not in work.hands[seat].cards:
                raise IllegalAction(f"{action.card} is not in your hand", "not_in_hand", card=action.card)
            smaug.window_play(work, seat, action.card, events)
        else:
            plays.dwarf_gold(work, seat, action.card, events)

    def _pass(self, work: HobbitState, seat: int, action: Any, events: list[Event]) -> None:
        smaug.window_pass(work, seat, events)

    _HANDLERS: ClassVar[dict[str, str]] = {
        "play_move_card": "_move_card",
        "skip_move_card": "_skip",
        "free_web": "_free_web",
        "open_door": "_open_door",
        "play_bilbo": "_bilbo",
        "play_elf": "_elf",
        "play_eagle": "_eagle",
        "play_dwarf_run": "_dwarf_run",
        "play_gandalf": "_gandalf",
        "play_scout": "_scout",
        "scout_choose": "_scout_choose",
        "trade_offer": "_offer",
        "trade_accept": "_accept",
        "trade_decline": "_decline",
        "end_phase2": "_end_phase2",
        "draw": "_draw",
        "discard_to_limit": "_limit",
        "choose_target": "_target",
        "sorrow_discard": "_sorrow",
        "fight_submit": "_fight",
        "smaug_attack": "_attack",
        "play_treasury": "_treasury",
        "pass_window": "_pass",
    }
    """The method that applies each action kind."""


HOBBIT = Hobbit()
