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
from typing import Any

from engine.core.contract import Event, Game, Result, Step
from engine.core.decisions import Decision, top
from engine.core.errors import BadOptions, IllegalAction
from engine.core.plain import JSON
from engine.games.hobbit import adventures, ending, plays, smaug, trade, turns
from engine.games.hobbit.actions import (
    ACTION_ADAPTER,
    DiscardToLimit,
    Draw,
    HobbitAction,
    PlayTreasury,
    SkipMoveCard,
    SmaugAttack,
    parse_text,
)
from engine.games.hobbit.board import NUMBERS
from engine.games.hobbit.cards import by_id, highest, is_fight, values
from engine.games.hobbit.checks import state_problem
from engine.games.hobbit.data import BOARD
from engine.games.hobbit.legal import legal_actions
from engine.games.hobbit.secrets import redeal
from engine.games.hobbit.setup import setup
from engine.games.hobbit.state import (
    STATE_ADAPTER,
    WON,
    HobbitOptions,
    HobbitState,
    SmaugWindow,
    SorrowDecision,
    TradeReply,
)
from engine.games.hobbit.supply import options as draw_options
from engine.games.hobbit.typed import typed_text
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
    information = "imperfect"
    """Hands and the order of the decks are hidden."""
    chance = True
    typed_examples = ("move MV-R-2 R1 fwd", "draw beorn", "fight BH02#1 BH11#2", "play TR01#1", "pass")
    options_model = HobbitOptions
    state_adapter = STATE_ADAPTER
    action_adapter = ACTION_ADAPTER
    view_adapter = VIEW_ADAPTER
    state_version = 3
    """2: the options name the card edition (``HobbitOptions.edition``); a game stored at 1
    was played before editions, with the first. 3: new games take card edition 3 and the
    options name the difficulty; a game stored at 2 was played at the normal difficulty, with
    the edition its options name (edition 2 when they name none, the default then)."""

    def upgrade_options(self, options: dict[str, Any], from_version: int) -> dict[str, Any]:
        upgraded = dict(options)
        if from_version < 2:
            upgraded.setdefault("edition", 1)
        if from_version < 3:
            upgraded.setdefault("edition", 2)
            upgraded.setdefault("difficulty", "normal")
        return upgraded

    # -- contract -----------------------------------------------------------------------------
    def new(self, seats: int, seed: int, options: Mapping[str, Any] | None = None) -> HobbitState:
        opts: HobbitOptions = self.options(seats, options)
        colours = opts.colours or BOARD.colours[:seats]
        if len(colours) != seats:
            raise BadOptions(
                f"{seats} seats need {seats} colours, not {len(colours)}", "colours", seats=seats
            )
        return setup(colours, seed, opts)

    def seats(self, state: HobbitState) -> int:
        return state.seats

    def state_problem(self, state: HobbitState) -> str | None:
        return state_problem(state)

    def pending(self, state: HobbitState) -> tuple[Decision, ...]:
        decision = top(state.agenda)
        return () if decision is None else (decision,)

    def to_act(self, state: HobbitState) -> tuple[int, ...]:
        agenda = state.agenda  # (``top`` written out: asked before every move)
        return agenda[-1].seats if agenda else ()

    def legal_actions(self, state: HobbitState, seat: int) -> list[HobbitAction]:
        return legal_actions(state, seat)

    def apply(self, state: HobbitState, seat: int, action: HobbitAction) -> Step[HobbitState]:
        self._gate(state, seat, action)
        work = state.working_copy()
        events: list[Event] = []
        handler = HANDLERS[action.kind]
        try:  # (not ``contextlib.suppress``: a context manager object per move)
            handler(work, seat, action, events)
            turns.settle(work, events)
        except ending.Ended:  # the game ended: nothing else resolves
            pass
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

    def absent_only(self, action: HobbitAction) -> bool:
        """H6.6 against H3.2: only the default of a player who is away skips his movement card
        while a move is possible."""
        return isinstance(action, SkipMoveCard) and action.absent

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

    def typed(self, action: HobbitAction) -> str:
        return typed_text(self.dump_action(action))

    # -- the gate ------------------------------------------------------------------------------
    @staticmethod
    def _gate(state: HobbitState, seat: int, action: HobbitAction) -> None:
        """That ``action`` answers what the game waits for from ``seat``; else why not."""
        if not 0 <= seat < len(state.colours):  # (``state.seats``: every move asks this)
            raise IllegalAction(
                f"seat {seat} is not playing: this table has seats 0–{state.seats - 1}",
                "not_playing",
                seat=seat,
            )
        decision = state.agenda[-1] if state.agenda else None
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


def _treasury(work: HobbitState, seat: int, action: PlayTreasury, events: list[Event]) -> None:
    """A Treasury card: a window play in a Smaug window, else Dwarf Gold at any time."""
    if not isinstance(top(work.agenda), SmaugWindow):
        plays.dwarf_gold(work, seat, action.card, events)
        return
    if action.card not in work.hands[seat].cards:
        raise IllegalAction(f"{action.card} is not in your hand", "not_in_hand", card=action.card)
    smaug.window_play(work, seat, action.card, events)


HANDLERS: dict[str, _Handler] = {
    "play_move_card": plays.play_move_card,
    "skip_move_card": plays.skip_move_card,
    "free_web": plays.free_web,
    "open_door": lambda work, seat, action, events: plays.open_door(work, seat, events),
    "play_bilbo": plays.play_bilbo,
    "play_elf": plays.play_elf,
    "play_eagle": plays.play_eagle,
    "play_dwarf_run": plays.play_dwarf_run,
    "play_gandalf": plays.play_gandalf,
    "play_scout": plays.play_scout,
    "scout_choose": lambda work, seat, action, events: plays.scout_choose(work, seat, action.dwarf, events),
    "trade_offer": lambda work, seat, action, events: trade.offer(
        work, seat, action.partner, action.give, action.price, events
    ),
    "trade_accept": lambda work, seat, action, events: trade.accept(work, seat, action.give, events),
    "trade_decline": lambda work, seat, action, events: trade.decline(work, seat, events),
    "end_phase2": lambda work, seat, action, events: turns.end_phase2(work, events),
    "draw": lambda work, seat, action, events: turns.draw(work, seat, action.deck.lower(), events),
    "discard_to_limit": lambda work, seat, action, events: turns.discard_to_limit(
        work, seat, action.cards, events
    ),
    "choose_target": lambda work, seat, action, events: adventures.choose_target(work, action.figure, events),
    "sorrow_discard": lambda work, seat, action, events: adventures.sorrow_discard(
        work, seat, action.cards, events
    ),
    "fight_submit": adventures.submit,
    "smaug_attack": lambda work, seat, action, events: smaug.attack(
        work, seat, action.armour, action.push, action.value, events
    ),
    "play_treasury": _treasury,
    "pass_window": lambda work, seat, action, events: smaug.window_pass(work, seat, events),
}
"""What applies each action kind to a working copy."""


HOBBIT = Hobbit()
