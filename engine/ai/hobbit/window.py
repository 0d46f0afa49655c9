"""Smaug windows (H6.2) and Dwarf Gold (H6.3, H7.6).

In a window each Treasury card this hand may play is weighed by what Smaug's move would do
with it against without it (``smaug_move``), less what the card is worth kept. A move that
loses the game is worth ``LOSS``, so any card that averts it is played; Bard's Arrow, which
flies only against such a move (H1.10), is played first while the window is fatal — it may
win outright, and a miss leaves the window open for the cards that avert the move, since the
window comes round again before it closes (H6.2 step 4). Other plays must save more than the
card is worth: steps near the dragon space, kills and pushes."""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.hobbit.attack import pushed_back
from engine.ai.hobbit.smaug_move import smaug_moves
from engine.ai.hobbit.table import Table
from engine.ai.hobbit.value import LOSS, WIN, evaluate
from engine.ai.hobbit.worth import keep
from engine.games.hobbit.actions import PASS_WINDOW, PlayTreasury
from engine.games.hobbit.cards import card_of
from engine.games.hobbit.data import Arkenstone, Arrow, Crown, DwarfGold, Mithril, Reduce
from engine.games.hobbit.view import DecisionView


def window_choice(t: Table, decision: DecisionView, legal: Sequence[object]) -> object:
    plays = [a for a in legal if isinstance(a, PlayTreasury)]
    if not plays:
        return PASS_WINDOW
    pending, bonus, mithril = decision.pending or 0, decision.bonus or 0, decision.mithril
    without = smaug_moves(t, pending, mithril)
    if without.fatal:
        arrow = next((a for a in plays if isinstance(card_of(a.card), Arrow)), None)
        if arrow is not None:
            return arrow
    best, gain = None, 0.0
    for play in plays:
        after = _with(t, play.card, pending, bonus, mithril) - keep(play.card)
        if after - without.value > gain:
            best, gain = play, after - without.value
    return PASS_WINDOW if best is None else best


def _with(t: Table, card: str, pending: int, bonus: int, mithril: bool) -> float:
    """The value of the window's move after ``card`` is played."""
    found = card_of(card)
    if isinstance(found, Reduce):
        return smaug_moves(t, max(0, pending - found.amount), mithril).value
    if isinstance(found, Crown):
        return smaug_moves(t, max(0, pending - bonus - found.extra), mithril).value
    if isinstance(found, Arkenstone):
        return smaug_moves(t, 0, mithril).value
    if isinstance(found, Mithril):
        return smaug_moves(t, pending, True).value
    if isinstance(found, DwarfGold):
        return smaug_moves(t.with_smaug(pushed_back(t.smaug, found.steps)), pending, mithril).value
    if isinstance(found, Arrow):
        return (WIN + smaug_moves(t, pending, mithril).value) / 2
    return LOSS


def gold_value(t: Table, card: str) -> float:
    """Dwarf Gold played now, outside a window: Smaug 3 steps back, less the card kept for a
    window."""
    found = card_of(card)
    assert isinstance(found, DwarfGold)
    return evaluate(t.with_smaug(pushed_back(t.smaug, found.steps))) - evaluate(t) - keep(card)
