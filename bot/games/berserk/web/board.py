"""What Berserk's web board shows, from the ``Table`` alone: the field as a grid of cells with
each creature on it (its card, owner, strike, life, counters, poison, moves, whether it is
closed, its modifiers and abilities), both sides, the stack, the trigger queue and the
triggers waiting to be declared, the round; for a seat, what only it knows (its reserve, its
deck and squad while setting up) and the controls of exactly its legal actions.

Words come from the Discord renderer and the game's catalogue (``render.py``, ``words.py``,
``choices.py``); only what a page says differently from a message (a click instead of a menu)
has words of its own, ``berserk.web.*``."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from bot.games.berserk.choices import RANDOM_SUBMISSIONS, TEMPLATES, decision_kind
from bot.games.berserk.events import player
from bot.games.berserk.pictures import rows_top_down
from bot.games.berserk.render import SETUP, BerserkRenderer
from bot.games.berserk.web.paths import path_of
from bot.games.berserk.words import (
    ability_ids,
    ability_name,
    ability_text,
    card_name,
    card_of_uid,
    cost_text,
    deck_name,
    unit_conditions,
    unit_name,
    unit_name_plain,
)
from bot.i18n import t
from bot.render.base import Table
from bot.render.registry import renderer_for
from engine.core import dump_json
from engine.games.berserk import board
from engine.games.berserk.cards import CARDS, DECKS
from engine.games.berserk.setup import RESERVE, RESERVE_SIZE, deck_budget
from engine.games.berserk.view import BerserkView, UnitView

ROLE_OF_ROW = {row: role for role, rows in enumerate(board.ROLE_ROWS) for row in rows}
"""Whose half each row of the field is: 0 for P1, 1 for P2."""
OWN_PROMPTS = frozenset({"choose_deck", "recruit", "place", "main"})
"""Decisions whose page asks in words of its own (a click, not a menu or a form)."""
BUTTON_CLASSES = {
    "end_turn": "danger",
    "pass": "secondary",
    "recruit_random": "secondary",
    "place_random": "secondary",
}
"""The look of a button by the kind of its action (the shared ``move`` macro's classes)."""


def renderer() -> BerserkRenderer:
    found = renderer_for("berserk")
    assert isinstance(found, BerserkRenderer)
    return found


@dataclass
class Controls:
    """What the seat's page offers: buttons of whole actions, the renderer's own choices
    (**Random** deck), the decks to pick from, the recruitment and placement composers, and
    the paths of actions put together by clicks."""

    key: str = ""
    """The decision as the page's script knows it: what was picked is kept across a redraw
    while the key stays the same."""
    buttons: list[dict[str, Any]] = field(default_factory=list)
    choices: list[dict[str, Any]] = field(default_factory=list)
    decks: list[dict[str, Any]] = field(default_factory=list)
    recruit: dict[str, Any] | None = None
    place: dict[str, Any] | None = None
    paths: list[dict[str, Any]] = field(default_factory=list)
    done: str = ""

    def __bool__(self) -> bool:
        return bool(self.buttons or self.choices or self.decks or self.recruit or self.place or self.paths)


def context(table: Table) -> dict[str, Any]:
    """Everything the template ``berserk/board.html`` draws."""
    view: BerserkView = table.view
    lang = table.lang
    seat = table.seat
    playing = view.phase not in SETUP
    controls = _controls(table, view) if table.active and seat is not None else Controls()
    return {
        "lang": lang,
        "seat": seat,
        "phase": view.phase,
        "headline": _headline(table, view),
        "prompt": _prompt(table, view) if seat is not None else "",
        "footer": renderer().footer(lang, view),
        "sides": [_side(table, view, s) for s in (0, 1)],
        "field": _field(table, view) if playing or controls.place is not None else [],
        "stack": [renderer().item_text(table, i) for i in reversed(view.stack)],
        "queue": [renderer().item_text(table, i) for i in view.queue],
        "raised": [
            t(
                lang,
                "berserk.raised",
                ability=ability_name(lang, r.ability),
                unit=unit_name(lang, view, r.source),
                optional="yes" if r.optional else "no",
            )
            for r in view.raised
        ],
        "own": _own(table, view) if seat is not None else None,
        "controls": controls,
    }


# -- words ----------------------------------------------------------------------------------------
def _headline(table: Table, view: BerserkView) -> list[str]:
    lang = table.lang
    if view.phase == "over":
        return [t(lang, "board.over") + " " + renderer().end_text(table)]
    if view.phase == "seat":
        waiting = table.waiting
        return [t(lang, "berserk.board.seat", player=player(table, waiting[0] if waiting else None))]
    if view.phase in SETUP:
        return [t(lang, f"berserk.web.phase.{view.phase}"), *renderer().sent_lines(table, view)]
    active = view.active if view.active is not None else 0
    lines = [
        t(
            lang,
            "berserk.board.round",
            round=view.round,
            cap=view.round_cap,
            player=player(table, active),
            role=view.sides[active].role or "",
        )
    ]
    # the seat's own decision is asked in its prompt; the headline says whom else the game waits for
    pending = tuple(d for d in table.decisions if table.seat is None or table.seat not in d.seats)
    if any(d.kind == "muster" for d in table.decisions):
        lines.append(t(lang, "berserk.web.waiting.muster", round=view.round))
        lines.extend(renderer().sent_lines(table, view))
    elif pending:
        decision = pending[0]
        lines.append(t(lang, f"berserk.web.waiting.{decision.kind}", player=player(table, decision.seats[0])))
    return lines


def _prompt(table: Table, view: BerserkView) -> str:
    """What the seat must decide now, worded for a page."""
    lang, seat = table.lang, table.seat
    assert seat is not None
    decision = table.decision
    if view.phase == "over":
        return ""
    if decision is None:
        waiting = [s for s in table.waiting if s != seat]
        if not waiting:
            return ""
        return t(lang, "berserk.ask.waiting", player=", ".join(player(table, s) for s in waiting))
    kind = decision.kind
    if kind == "recruit" and view.own is not None and view.own.deck is not None:
        gold, silver = _budget(view, seat)
        return t(
            lang, "berserk.web.ask.recruit", deck=deck_name(lang, view.own.deck), gold=gold, silver=silver
        )
    if kind == "place":
        rows = board.ROLE_ROWS[0 if view.sides[seat].role == "P1" else 1]
        return t(lang, "berserk.web.ask.place", rows=f"{min(rows)}–{max(rows)}", reserve=RESERVE_SIZE)
    if kind in OWN_PROMPTS:
        return t(lang, f"berserk.web.ask.{kind}")
    if kind == "choose_seat":
        return t(lang, "berserk.private.seat")
    return renderer().prompt(table, view, seat)


def _budget(view: BerserkView, seat: int) -> tuple[int, int]:
    own = view.own
    assert own is not None and own.deck is not None
    return view.sides[seat].budget or deck_budget(DECKS[own.deck], view.edition)


# -- the field ------------------------------------------------------------------------------------
def _field(table: Table, view: BerserkView) -> list[list[dict[str, Any]]]:
    """The rows from the top of the page down (the reader's home row at the bottom), each cell
    with the creature on it."""
    units = {u.cell: u for u in view.field if u.cell}
    mine = None if table.seat is None else view.sides[table.seat].role
    rows = []
    for top, row in enumerate(rows_top_down(view)):
        cells = []
        for col, letter in enumerate(board.COLUMNS):
            name = f"{letter}{row}"
            half = "P1" if ROLE_OF_ROW[row] == 0 else "P2"
            unit = units.get(name)
            cells.append(
                {
                    "name": name,
                    "row": top,
                    "col": col,
                    "half": half,
                    "own": half == mine,
                    "unit": _unit(table, view, unit) if unit is not None else None,
                }
            )
        rows.append(cells)
    return rows


def _unit(table: Table, view: BerserkView, unit: UnitView) -> dict[str, Any]:
    lang = table.lang
    card = CARDS[unit.card]
    raised = sum(unit.strike) - sum(unit.raw_strike)
    name = unit_name_plain(lang, unit.uid)
    about = [
        t(
            lang,
            "berserk.web.unit.about",
            name=name,
            player=table.name(unit.seat),
            strike="-".join(map(str, unit.strike)),
            life=unit.life - unit.wounds,
            max=unit.life,
        )
    ]
    about.extend(unit_conditions(lang, view, unit))
    abilities = [(ability_name(lang, a), ability_text(lang, card, a)) for a in ability_ids(card)]
    about.extend(f"{a}: {text}" for a, text in abilities)
    return {
        "uid": unit.uid,
        "name": name,
        "seat": unit.seat,
        "mine": unit.seat == table.seat,
        "strike": "-".join(map(str, unit.strike)),
        "strike_change": "up" if raised > 0 else "down" if raised < 0 else "",
        "life": unit.life - unit.wounds,
        "max": unit.life,
        "counters": unit.counters,
        "max_counters": unit.max_counters,
        "poison": unit.poison,
        "moves": unit.moves if unit.seat == view.active and not unit.closed else 0,
        "closed": unit.closed,
        "mods": len(unit.mods),
        "abilities": abilities,
        "about": " · ".join(about),
    }


# -- the sides and the seat's own -----------------------------------------------------------------
def _side(table: Table, view: BerserkView, seat: int) -> dict[str, Any]:
    lang = table.lang
    side = view.sides[seat]
    status = ""
    if side.sent is not None:
        status = t(lang, "berserk.web.sent" if side.sent else "berserk.web.deciding")
    return {
        "seat": seat,
        "name": table.name(seat),
        "me": seat == table.seat,
        "role": side.role or t(lang, "berserk.board.no_role"),
        "deck": deck_name(lang, side.deck) if side.deck else t(lang, "berserk.board.no_deck"),
        "budget": side.budget if view.phase in SETUP else None,
        "reserve": side.reserve,
        "graveyard": [unit_name_plain(lang, u.uid) for u in side.graveyard],
        "cost": side.field_cost if view.phase not in SETUP else None,
        "creatures": sum(1 for u in view.field if u.seat == seat),
        "status": status,
    }


def _own(table: Table, view: BerserkView) -> dict[str, Any] | None:
    """What only the seat knows: its deck and squad while setting up, its reserve after."""
    own = view.own
    if own is None:
        return None
    lang = table.lang
    squad = []
    placement = own.placement or {}
    for number, uid in enumerate(own.uids, 1):
        where = placement.get(uid)
        squad.append(
            {
                "number": number,
                "name": unit_name_plain(lang, uid),
                "cell": t(lang, "berserk.private.reserve_cell") if where == RESERVE else where or "",
            }
        )
    return {
        "deck": deck_name(lang, own.deck) if own.deck else "",
        "squad": squad,
        "reserve": [unit_name_plain(lang, u.uid) for u in own.reserve],
        "playing": view.phase not in SETUP,
    }


# -- the controls ---------------------------------------------------------------------------------
def _controls(table: Table, view: BerserkView) -> Controls:
    """Exactly the seat's legal actions, each as a button, or in the composer that puts it
    together (the recruitment, the placement, a path of clicks); and the renderer's own
    choices (**Random** deck)."""
    seat = table.seat
    assert seat is not None
    lang = table.lang
    kind = decision_kind(table, seat) or ""
    digest = hashlib.sha1(dump_json(list(table.actions)).encode(), usedforsecurity=False).hexdigest()[:12]
    found = Controls(key=f"{kind}-{digest}", done=t(lang, "berserk.menu.done"))
    shown = renderer()
    for action in table.actions:
        what = str(action.get("kind"))
        if what == "choose_deck":
            found.decks.append(_deck(table, view, action))
        elif what in TEMPLATES:
            composer = _recruit(table, view) if what == "recruit" else _place(table, view)
            if what == "recruit":
                found.recruit = composer
            else:
                found.place = composer
        elif path := path_of(lang, view, action):
            found.paths.append({"action": action, "steps": [step.as_data() for step in path]})
        else:
            label = shown.button_look(table, action).label
            css = BUTTON_CLASSES.get(what, "")
            if what in RANDOM_SUBMISSIONS:
                label = "🎲 " + label
            found.buttons.append({"action": action, "label": label, "class": css})
    for choice in shown.choices(table, seat):
        found.choices.append(
            {
                "name": choice.name,
                "value": choice.value,
                "label": f"{choice.look.emoji or ''} {choice.look.label}",
            }
        )
    return found


def _deck(table: Table, view: BerserkView, action: dict[str, Any]) -> dict[str, Any]:
    lang = table.lang
    deck_id = str(action["deck"])
    deck = DECKS[deck_id]
    gold, silver = deck_budget(deck, view.edition)
    cards = [
        card_name(lang, c) + (f" ×{deck.copies(c)}" if deck.copies(c) > 1 else "")
        for c in dict.fromkeys(deck.cards)
    ]
    return {
        "action": action,
        "label": renderer().button_look(table, action).label,
        "about": t(lang, f"berserk.deck.{deck_id}.about"),
        "budget": t(lang, "berserk.private.deck_budget", gold=gold, silver=silver),
        "cards": cards,
    }


def _card(lang: str, card_id: str) -> dict[str, Any]:
    card = CARDS[card_id]
    abilities = [(ability_name(lang, a), ability_text(lang, card, a)) for a in ability_ids(card)]
    return {
        "card": card_id,
        "name": card_name(lang, card_id),
        "unique": card.unique,
        "currency": card.currency,
        "cost": card.cost,
        "cost_text": cost_text(lang, card),
        "life": card.life,
        "strike": "-".join(map(str, card.strike)),
        "moves": card.moves,
        "abilities": abilities,
        "about": " · ".join(f"{a}: {text}" for a, text in abilities),
        "ability_names": ", ".join(a for a, _ in abilities),
    }


def _recruit(table: Table, view: BerserkView) -> dict[str, Any] | None:
    """Every copy of the deck's cards to pick, and the budget they are paid from."""
    own = view.own
    if own is None or own.deck is None:
        return None
    gold, silver = _budget(view, table.seat or 0)
    seen: dict[str, int] = {}
    copies = []
    for card_id in DECKS[own.deck].cards:
        seen[card_id] = seen.get(card_id, 0) + 1
        copies.append(
            {"value": f"{card_id}.{seen[card_id]}", "copy": seen[card_id], **_card(table.lang, card_id)}
        )
    return {"gold": gold, "silver": silver, "copies": copies}


def _place(table: Table, view: BerserkView) -> dict[str, Any] | None:
    """The squad in card order, the cells of the seat's half, and the placement to start from:
    the one the engine takes for an absent seat."""
    own = view.own
    decision = table.decision
    if own is None or decision is None:
        return None
    default = decision.default or {}
    start = default.get("cells") if isinstance(default, dict) else None
    cells = {str(k): str(v) for k, v in start.items()} if isinstance(start, dict) else {}
    role = 0 if view.sides[table.seat or 0].role == "P1" else 1
    squad = [
        {
            "uid": uid,
            "number": number,
            "name": unit_name_plain(table.lang, uid),
            **_card(table.lang, card_of_uid(uid)),
        }
        for number, uid in enumerate(own.uids, 1)
    ]
    return {
        "squad": squad,
        "start": {uid: cells.get(uid, "") for uid in own.uids},
        "cells": list(board.half(role)),
        "reserve": RESERVE_SIZE,
        "reserve_word": RESERVE,
    }
