"""Hobbit's events in words, for the board's last move and ``/history``: one line per event,
``hobbit.event.<kind>`` with the event's data turned into names — cards with their numbers,
figures, players, decks, Gandalf's stops, spaces. Which events may be told (a card drawn in
private only once the game is over) is decided by the caller."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.games.hobbit.words import (
    card_name,
    card_names,
    deck_name,
    figure_name,
    seat_name,
    smaug_place,
    space_name,
    stop_name,
)
from bot.i18n import t
from bot.render import Table
from engine import Event
from engine.games.hobbit.board import NUMBERS

Params = Callable[[Table, dict[str, Any]], dict[str, Any]]


def _cards(table: Table, data: dict[str, Any]) -> str:
    return card_names(table.lang, data.get("cards") or ())


def _used(table: Table, data: dict[str, Any]) -> str:
    """Fight cards as submitted: ``Bard 4/5 (5)`` for a dual card's pick."""
    parts = []
    for used in data.get("cards") or ():
        name = card_name(table.lang, used["card"])
        parts.append(f"{name} ({used['value']})" if "/" in name else name)
    return ", ".join(parts)


def _party(table: Table, figures: list[str]) -> str:
    return ", ".join(figure_name(table.lang, f) for f in figures)


PARAMS: dict[str, Params] = {
    "moved": lambda table, d: {
        "figure": figure_name(table.lang, d["figure"]),
        "from": d["from"],
        "to": d["to"],
        "cause": d["cause"],
    },
    "killed": lambda table, d: {"figure": figure_name(table.lang, d["figure"]), "space": d["space"]},
    "stayed": lambda table, d: {"figure": figure_name(table.lang, d["figure"]), "space": d["space"]},
    "move_card_played": lambda table, d: {"card": card_name(table.lang, d["card"])},
    "move_card_skipped": lambda table, d: {"card": card_name(table.lang, d["card"])},
    "card_played": lambda table, d: {
        "card": card_name(table.lang, d["card"]),
        "figure": figure_name(table.lang, d["figure"]),
    },
    "gandalf_moved": lambda table, d: {
        "card": card_name(table.lang, d["card"]),
        "from": stop_name(table.lang, d["from"]),
        "to": stop_name(table.lang, d["to"]),
    },
    "adventure": lambda table, d: {
        "card": card_name(table.lang, d["card"]),
        "space": space_name(table.lang, d["space"]),
        "party": _party(table, d["party"]),
        "deck": deck_name(table.lang, d["deck"]),
    },
    "fight": lambda table, d: {
        "card": card_name(table.lang, d["card"]),
        "strength": d["strength"],
        "players": ", ".join(seat_name(table, s) for s in d["seats"]),
    },
    "fight_submitted": lambda table, d: {
        "cards": _used(table, d),
        "count": len(d.get("cards") or ()),
        "doubled": card_name(table.lang, d["doubled"]) if d.get("doubled") else "",
        "doubling": "yes" if d.get("doubled") else "no",
    },
    "fight_won": lambda table, d: {
        "card": card_name(table.lang, d["card"]),
        "total": d["total"],
        "strength": d["strength"],
    },
    "fight_lost": lambda table, d: {
        "card": card_name(table.lang, d["card"]),
        "total": d["total"],
        "strength": d["strength"],
        "die": d["die"],
        "back": NUMBERS.fight_loss - int(d["die"]),
    },
    "entangled": lambda table, d: {"figure": figure_name(table.lang, d["dwarf"]), "space": d["space"]},
    "freed": lambda table, d: {"figure": figure_name(table.lang, d["dwarf"]), "how": d["how"]},
    "no_effect": lambda table, d: {
        "card": card_name(table.lang, d["card"]) if "#" in str(d["card"]) else "",
        "named": "yes" if "#" in str(d["card"]) else "no",
        "space": d["space"],
    },
    "target_chosen": lambda table, d: {
        "figure": figure_name(table.lang, d["figure"]),
        "card": card_name(table.lang, d["card"]),
    },
    "die": lambda table, d: {"card": card_name(table.lang, d["card"]), "die": d["die"]},
    "sorrow": lambda table, d: {"figure": figure_name(table.lang, d["figure"]), "die": d["die"]},
    "discarded": lambda table, d: {
        "cards": _cards(table, d),
        "count": len(d.get("cards") or ()),
        "why": d["why"],
    },
    "ring_slipped": lambda table, d: {"space": d["space"], "bilbo": d["bilbo"]},
    "ring_put_on": lambda table, d: {"space": d["space"]},
    "ring_to_treasury": lambda table, d: {"space": d["space"]},
    "smaug_card": lambda table, d: {
        "card": card_name(table.lang, d["card"]),
        "pending": d["pending"],
        "bonus": d["bonus"],
    },
    "red_drawn": lambda table, d: {
        "card": card_name(table.lang, d["card"]),
        "deck": deck_name(table.lang, d["deck"]),
    },
    "drew": lambda table, d: {"deck": deck_name(table.lang, d["deck"])},
    "drew_card": lambda table, d: {
        "card": card_name(table.lang, d["card"]),
        "deck": deck_name(table.lang, d["deck"]),
    },
    "reshuffled": lambda table, d: {"count": d["cards"]},
    "phase3": lambda table, d: {"esgaroth": d["esgaroth"], "treasury": d["treasury"]},
    "treasury_played": lambda table, d: {
        "card": card_name(table.lang, d["card"]),
        "pending": "none" if d["pending"] is None else d["pending"],
    },
    "window_passed": lambda table, d: {"passes": d["passes"]},
    "window_closed": lambda table, d: {"pending": d["pending"]},
    "arrow": lambda table, d: {"die": d["die"], "hit": "yes" if d["hit"] else "no"},
    "smaug_moved": lambda table, d: {
        "to": smaug_place(table.lang, d["to"]),
        "steps": len(d["entered"]),
    },
    "smaug_driven_back": lambda table, d: {
        "to": smaug_place(table.lang, d["to"]),
        "steps": d["steps"],
        "lost": d["lost"],
        "cause": d["cause"],
    },
    "attack_started": lambda table, d: {"figure": figure_name(table.lang, d["figure"]), "space": d["space"]},
    "attack": lambda table, d: {
        "armour": card_name(table.lang, d["armour"]),
        "push": card_name(table.lang, d["push"]),
        "steps": d["steps"],
    },
    "scout_rolled": lambda table, d: {"card": card_name(table.lang, d["card"]), "die": d["die"]},
    "scout_moved": lambda table, d: {"figure": figure_name(table.lang, d["figure"]), "die": d["die"]},
    "scout_discarded": lambda table, d: {"card": card_name(table.lang, d["card"])},
    "trade_offered": lambda table, d: {"partner": seat_name(table, d["partner"]), "offers": d["offers"]},
    "trade_offer": lambda table, d: {
        "partner": seat_name(table, d["partner"]),
        "give": card_name(table.lang, d["give"]),
        "price": card_names(table.lang, d["price"]),
    },
    "trade_declined": lambda table, d: {"partner": seat_name(table, d["partner"])},
    "trade_accepted": lambda table, d: {
        "partner": seat_name(table, d["partner"]),
        "price": card_names(table.lang, d["price"]),
        "keypass": "none" if d["key_from"] is None else "yes",
        "from": "" if d["key_from"] is None else seat_name(table, d["key_from"]),
    },
    "trade_swapped": lambda table, d: {
        "partner": seat_name(table, d["partner"]),
        "gave": card_name(table.lang, d["gave"]),
        "got": card_name(table.lang, d["got"]),
    },
    "game_over": lambda table, d: {"won": "yes" if d["won"] else "no", "reason": d["reason"]},
    "turn_started": lambda table, d: {"round": d["round"]},
    "move_cards_refreshed": lambda table, d: {},
    "door_opened": lambda table, d: {},
    "draw_skipped": lambda table, d: {},
    "resigned": lambda table, d: {},
}
"""Each event's parameters, by its kind; ``player`` (the seat the event names) is added."""


def event_line(table: Table, event: Event) -> str | None:
    """One event in words; ``None`` for an event of a kind the catalogue does not tell."""
    params = PARAMS.get(event.kind)
    if params is None:
        return None
    seat = event.data.get("seat")
    player = seat_name(table, seat) if isinstance(seat, int) and 0 <= seat < len(table.seats) else ""
    return t(table.lang, f"hobbit.event.{event.kind}", player=player, **params(table, dict(event.data)))
