"""``heuristic``: a Hobbit player that reads its own view (``table``) and answers each kind of
decision with the rules of thumb of its own module: the turn's moves and plays (``turn``),
fights (``fight``), attacks (``attack``), Smaug windows (``window``), draws and discards
(``hand``), the Key and trade replies (``key``). It keeps no memory between decisions."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from engine.ai.hobbit.attack import choose_attack
from engine.ai.hobbit.fight import fight_choice
from engine.ai.hobbit.hand import discard_choice, draw_choice
from engine.ai.hobbit.key import reply
from engine.ai.hobbit.table import read
from engine.ai.hobbit.turn import phase1, phase2, scout_choice, target_choice
from engine.ai.hobbit.window import window_choice
from engine.games.hobbit.board import NUMBERS
from engine.games.hobbit.view import HobbitView


class HeuristicPolicy:
    def choose(self, view: HobbitView, legal: Sequence[Any], rng: random.Random) -> Any:
        if len(legal) == 1:
            return legal[0]
        decision = view.decision
        assert decision is not None and view.seat is not None
        t = read(view)
        kind = decision.kind
        if view.seat not in decision.seats:  # only Dwarf Gold is offered out of turn
            return legal[0]
        if kind == "p1":
            return phase1(t, legal)
        if kind == "p2":
            return phase2(t, legal, view.trade_offers)
        if kind == "p3":
            return draw_choice(t, legal)
        if kind == "limit":
            return discard_choice(t, legal, len(t.hand) - NUMBERS.hand_limit)
        if kind == "sorrow":
            return discard_choice(t, legal, decision.count or 0)
        if kind == "fight":
            return fight_choice(t, decision, legal)
        if kind == "attack":
            return choose_attack(t, legal)
        if kind == "window":
            return window_choice(t, decision, legal)
        if kind == "trade_reply":
            return reply(t, decision, legal)
        if kind == "scout":
            return scout_choice(t, decision, legal)
        if kind == "target":
            return target_choice(t, decision, legal)
        return legal[0]
