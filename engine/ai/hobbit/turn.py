"""The active player's own turn: phase 1's movement card (H3.2), phase 2's plays (H3.3), the
Scouting die (H4.9) and the figure an adventure affects (H5.6).

Every listed play is scored by the change in the table's value (``value``, ``moving``) less
what it spends; phase 1 plays its best move (it must move), phase 2 plays its best play while
one gains anything and then ends. The door is opened whenever it can be (H4.8); the Key moves
by ``key``. Cards spent for what they are for cost part of their keeping worth
(``adventure.SPEND``); Dwarf Gold outside a window costs all of it (it would also serve in a
window)."""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.hobbit.adventure import SPEND, Fights
from engine.ai.hobbit.key import key_offer
from engine.ai.hobbit.moving import move_value, target_of
from engine.ai.hobbit.table import Table
from engine.ai.hobbit.value import GANDALF, evaluate
from engine.ai.hobbit.window import gold_value
from engine.ai.hobbit.worth import keep
from engine.games.hobbit.actions import (
    DISCARD,
    END_PHASE2,
    ChooseTarget,
    FreeWeb,
    OpenDoor,
    PlayBilbo,
    PlayDwarfRun,
    PlayEagle,
    PlayElf,
    PlayGandalf,
    PlayMoveCard,
    PlayScout,
    PlayTreasury,
    ScoutChoose,
    SkipMoveCard,
)
from engine.games.hobbit.board import BILBO, FINISH, GANDALF_STOPS
from engine.games.hobbit.cards import MOVE_CARDS, card_of
from engine.games.hobbit.data import Backward, Barrel, Passage, StepCard, Web
from engine.games.hobbit.view import DecisionView

GAIN = 0.2
"""A phase 2 play must gain more than this."""
DOOR = 100.0


def _steps(card: str) -> int:
    found = card_of(card)
    assert isinstance(found, StepCard)
    return found.steps


class Turn:
    """One decision of the active player, with the table read once."""

    def __init__(self, t: Table) -> None:
        self.t = t
        self.fights = Fights.of(t)
        self.base = evaluate(t)

    def move(self, figure: str, steps: int, forward: bool, card: str | None) -> float:
        target = target_of(self.t, figure, steps, forward)
        spent = 0.0 if card is None else SPEND * keep(card, self.t.gandalf == "G_LAIR")
        return move_value(self.t, self.fights, figure, target, forward, self.base) - spent

    def score(self, action: object) -> float:
        t = self.t
        if isinstance(action, OpenDoor):
            return DOOR
        if isinstance(action, PlayMoveCard):
            return self.move(action.figure, MOVE_CARDS[action.card][1], action.dir == "FWD", None)
        if isinstance(action, PlayBilbo):
            return self.move(BILBO, _steps(action.card), action.dir == "FWD", action.card)
        if isinstance(action, PlayElf):
            return self.move(action.figure, _steps(action.card), action.dir == "FWD", action.card)
        if isinstance(action, PlayEagle):
            return self.move(action.dwarf, _steps(action.card), True, action.card)
        if isinstance(action, PlayDwarfRun):
            ahead, behind = t.piece(action.target).pos, t.piece(action.dwarf).pos
            assert ahead is not None and behind is not None
            return self.move(action.dwarf, ahead - behind, True, action.card)
        if isinstance(action, PlayScout):
            if action.mode == "fixed" and action.dwarf is not None:
                return self.move(action.dwarf, _steps(action.card), True, action.card)
            return self.scout_die(action.card)
        if isinstance(action, PlayGandalf):
            stop = t.gandalf_stop + (1 if action.dir == "FWD" else -1)
            return GANDALF[GANDALF_STOPS[stop]] - GANDALF[t.gandalf] - SPEND * keep(action.card)
        if isinstance(action, PlayTreasury):
            return gold_value(t, action.card)
        if isinstance(action, FreeWeb):
            freed = evaluate(t.tangled(action.dwarf, False)) - self.base
            return freed - SPEND * sum(keep(u.card) for u in action.cards)
        return float("-inf")

    def with_follow_up(self, action: PlayMoveCard) -> float:
        """A movement-card move with the best hand card that carries the same dwarf on in
        phase 2 (an approach that ends on Smaug, an attack, is worth making only as a whole)."""
        first = self.score(action)
        steps, forward = MOVE_CARDS[action.card][1], action.dir == "FWD"
        target = target_of(self.t, action.figure, steps, forward)
        if target == self.t.smaug:
            return first
        then = Turn(self.t.moved(action.figure, target))
        piece = then.t.piece(action.figure)
        best = 0.0
        for card in set(self.t.hand):
            found = card_of(card)
            if not isinstance(found, StepCard) or found.kind == "bilbo":
                continue
            if found.kind == "scout" and piece.seat != self.t.seat:
                continue
            if then.t.forward_target(piece, found.steps, len(self.fights.cards)) is None:
                continue
            best = max(best, then.move(action.figure, found.steps, True, card))
        return first + best

    def scout_die(self, card: str) -> float:
        """The die's average: each roll moves the own dwarf it serves best, or nothing."""
        total = 0.0
        fight_cards = len(self.fights.cards)
        for die in range(1, 7):
            best = 0.0
            for piece in self.t.own():
                if self.t.forward_target(piece, die, fight_cards) is not None:
                    best = max(best, self.move(piece.id, die, True, None))
            total += best
        return total / 6 - SPEND * keep(card)


def phase1(t: Table, legal: Sequence[object]) -> object:
    turn = Turn(t)
    if any(isinstance(a, OpenDoor) for a in legal):
        return next(a for a in legal if isinstance(a, OpenDoor))
    webs = [a for a in legal if isinstance(a, FreeWeb)]
    if webs:
        best_web = max(webs, key=turn.score)
        if turn.score(best_web) > GAIN:
            return best_web
    moves = [a for a in legal if isinstance(a, PlayMoveCard)]
    if moves:
        return max(moves, key=turn.with_follow_up)
    skips = [a for a in legal if isinstance(a, SkipMoveCard)]
    return min(skips, key=lambda a: MOVE_CARDS[a.card][1])  # keep the long moves for later


def phase2(t: Table, legal: Sequence[object], offers_made: int) -> object:
    turn = Turn(t)
    best, gain = None, GAIN
    for action in legal:
        value = turn.score(action)
        if value > gain:
            best, gain = action, value
    if best is not None:
        return best
    offer = key_offer(t, legal, offers_made)
    return END_PHASE2 if offer is None else offer


def scout_choice(t: Table, decision: DecisionView, legal: Sequence[object]) -> object:
    turn = Turn(t)
    die = decision.die or 0
    best: object = ScoutChoose(DISCARD)
    gain = 0.0
    for action in legal:
        if isinstance(action, ScoutChoose) and action.dwarf != DISCARD:
            value = turn.move(action.dwarf, die, True, None)
            if value > gain:
                best, gain = action, value
    return best


def target_choice(t: Table, decision: DecisionView, legal: Sequence[object]) -> object:
    """The figure the adventure harms least or helps most (H5.6)."""
    card = card_of(decision.card or "")
    targets = [a for a in legal if isinstance(a, ChooseTarget)]

    def value(action: ChooseTarget) -> float:
        piece = t.piece(action.figure)
        pos = piece.pos or 0
        if isinstance(card, Web):
            return evaluate(t.tangled(action.figure))
        if isinstance(card, Backward):
            return evaluate(t.moved(action.figure, max(0, pos - card.back)))
        if isinstance(card, Barrel | Passage):
            return evaluate(t.moved(action.figure, min(FINISH, pos + 3)))
        owner = t.active if piece.seat is None else piece.seat
        return -t.hand_sizes[owner]  # Sorrow: the smallest hand loses least; the thrush: any

    return max(targets, key=value)
