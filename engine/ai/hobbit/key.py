"""Thorin's Key and trades (H3.4, H4.8). The door opens for everyone once one dwarf of the
holder stands on 44, so the Key should lie with the seat whose dwarf is nearest the door:

- the active player whose dwarf leads toward the door asks the holder for it (an offer of
  nothing for the Key), once that dwarf is within reach of the door;
- the active holder whose dwarves lag hands it to the seat that leads;
- a holder asked for it gives it when the asker's dwarf stands at least as near;
- an offered Key is always taken (for nothing), and an offered card is repaid with the card
  this hand misses least; an offer made for a card this hand cannot repay is declined.

The price of an offer is the two cards the hand misses least (``worth.keep``). One offer a
turn: a declined one is not repeated."""

from __future__ import annotations

from collections.abc import Sequence

from engine.ai.hobbit.table import Table
from engine.ai.hobbit.worth import keep
from engine.games.hobbit.actions import TRADE_DECLINE, TradeAccept, TradeOffer
from engine.games.hobbit.cards import KEY, NONE
from engine.games.hobbit.view import DecisionView

NEAR_DOOR = 36
"""A dwarf this far along can reach the door (44) within a few turns."""
LEAD = 2
"""How much nearer another seat's dwarf must be before the holder hands the Key over."""


def leader(t: Table) -> int:
    """The seat whose dwarf stands nearest the door (the holder wins ties)."""
    return max(range(t.seats), key=lambda s: (t.key_reach(s), s == t.key))


def key_offer(t: Table, legal: Sequence[object], offers_made: int) -> TradeOffer | None:
    if t.key is None or offers_made:
        return None
    lead = leader(t)
    if t.key_reach(lead) < NEAR_DOOR:
        return None
    if t.key == t.seat and lead != t.seat and t.key_reach(lead) >= t.key_reach(t.seat) + LEAD:
        wanted = (lead, KEY)
    elif t.key != t.seat and lead == t.seat:
        wanted = (t.key, NONE)
    else:
        return None
    offers = [a for a in legal if isinstance(a, TradeOffer) and (a.partner, a.give) == wanted]
    if not offers:
        return None
    return min(offers, key=lambda a: sum(keep(c) for c in a.price))


def reply(t: Table, decision: DecisionView, legal: Sequence[object]) -> object:
    accepts = {a.give: a for a in legal if isinstance(a, TradeAccept)}
    offerer = decision.offerer
    if decision.give == NONE:  # asked for the Key
        if KEY in accepts and offerer is not None and t.key_reach(offerer) >= t.key_reach(t.seat):
            return accepts[KEY]
        return TRADE_DECLINE
    if decision.give == KEY:
        return accepts.get(NONE, TRADE_DECLINE)
    cards = [c for c in accepts if c not in (KEY, NONE)]
    if not cards:
        return TRADE_DECLINE
    return accepts[min(cards, key=keep)]
