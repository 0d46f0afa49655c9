"""How a Berserk seat's decision is offered on Discord: which legal actions are buttons, what
every button and menu option says (the creatures it names, by the position), and the menus
that narrow long lists step by step (``bot.render.menus``).

Short decisions are all buttons: a deck, first or second, a defender, a Muster, an answer in a
response window, a short trigger declaration. The main phase is a menu — a creature, then
what it does (moves, strikes, its abilities with their targets and X) — with **End turn** as
a button, and its strikes and abilities, when they are few, as buttons beside their creatures
(``subjects``) rather than in the menu; any decision with more choices than buttons can hold
is a menu too, **Pass** (or nothing, or no defender) staying a button. Every choice picked in
a menu is typed text the engine reads (``engine.games.berserk.typed``), so what a menu shows
is what ``/move`` takes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import discord

from bot.buttons import CUSTOM_ID_LIMIT, move_custom_id
from bot.games.berserk.words import (
    SEAT_MARKS,
    ability_name,
    ability_text,
    card_of_uid,
    deck_name,
    seat_of_uid,
    targets_itself,
    unit_name,
)
from bot.i18n import t
from bot.render.base import ButtonLook, Table
from bot.render.menus import Choice, Step
from engine.core.decisions import for_seat
from engine.games.berserk import board
from engine.games.berserk.cards import CARDS
from engine.games.berserk.typed import typed_text
from engine.games.berserk.view import BerserkView, UnitView

BUTTONS = 20
"""A decision with at most this many choices is all buttons."""
MAIN_BUTTONS = 10
"""The main phase's strikes and abilities are buttons, each beside its creature, when there are
at most this many: a message then holds them as sections within Discord's 40 components. More
come in the menu, a creature, then what it does; so do the moves, whose cells are many."""
BESIDE_A_CREATURE = frozenset({"strike", "activate"})
"""The main phase's actions that may be buttons beside their creature."""
LABEL_LIMIT = 80
ALWAYS_BUTTONS = frozenset({"end_turn", "pass"})
"""Kinds that are a button whatever else the decision offers."""
MENU_NAME = "menu"
"""The name of a decision's tree menu (``bot.render.menus``)."""
MENU_PLACEHOLDERS = {
    "main": "berserk.menu.act",
    "order_triggers": "berserk.menu.order",
    "muster": "berserk.menu.muster",
    "respond": "berserk.menu.respond",
}
TEMPLATES = frozenset({"recruit", "place"})
"""The free-form submissions: the engine lists a template for each."""
RANDOM_SUBMISSIONS = {"recruit_random": "recruit", "place_random": "place"}
"""The engine's **Random** beside each template, and the submission it makes."""

_STYLES: dict[str, discord.ButtonStyle] = {
    "end_turn": discord.ButtonStyle.danger,
    "pass": discord.ButtonStyle.secondary,
    "choose_deck": discord.ButtonStyle.primary,
    "choose_seat": discord.ButtonStyle.primary,
    "assign_defender": discord.ButtonStyle.primary,
    "place": discord.ButtonStyle.primary,
    "activate": discord.ButtonStyle.success,
    "muster": discord.ButtonStyle.primary,
    "order_triggers": discord.ButtonStyle.primary,
}
_EMOJI = {
    "end_turn": "⏹️",
    "pass": "⏭️",
    "choose_deck": "🃏",
    "assign_defender": "🛡️",
    "place": "📝",
    "activate": "✨",
    "muster": "🔔",
    "order_triggers": "📜",
    "recruit_random": "🎲",
    "place_random": "🎲",
    "move": "👣",
    "strike": "⚔️",
}


def decision_kind(table: Table, seat: int) -> str | None:
    """The kind of the seat's pending decision, as the table's audience may see it (a kind is
    public even for another seat's secret decision)."""
    decision = for_seat(table.decisions, seat)
    return None if decision is None else decision.kind


def typed(action: dict[str, Any]) -> str:
    """An action as one types it (``strike c3 c4``), which the engine reads back exactly."""
    return typed_text(action)


# -- buttons ------------------------------------------------------------------------------------
def button_actions(table: Table, seat: int, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seat's legal actions drawn as buttons (the rest are in its menu)."""
    kind = decision_kind(table, seat)
    if kind == "recruit":  # a menu of the deck's cards stands for the template; Random
        return [a for a in actions if a.get("kind") in RANDOM_SUBMISSIONS]
    if kind == "place":
        return actions  # the template, whose button opens the placement form; Random
    if kind == "main":
        beside = [a for a in actions if a.get("kind") in BESIDE_A_CREATURE]
        if len(beside) > MAIN_BUTTONS or not all(fits_a_button(table, a) for a in beside):
            beside = []
        return [a for a in actions if _always_a_button(a) or a in beside]
    fits = all(fits_a_button(table, a) for a in actions)
    if len(actions) > BUTTONS or not fits:
        return [a for a in actions if _always_a_button(a)]
    return actions


def fits_a_button(table: Table, action: dict[str, Any]) -> bool:
    """Whether a button's custom id holds the action (a declaration of three triggers does not:
    it goes to the menu, typed short)."""
    return len(move_custom_id(table.id, table.version, action)) <= CUSTOM_ID_LIMIT


def menu_actions(table: Table, seat: int, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seat's legal actions offered in its tree menu."""
    if decision_kind(table, seat) in TEMPLATES:
        return []
    shown = button_actions(table, seat, actions)
    return [a for a in actions if a not in shown]


def _always_a_button(action: dict[str, Any]) -> bool:
    kind = action.get("kind")
    return (
        kind in ALWAYS_BUTTONS
        or (kind == "assign_defender" and action.get("unit") is None)
        or (kind == "muster" and action.get("card") is None)
        or (kind == "order_triggers" and not action.get("entries"))
    )


def look(lang: str, action: dict[str, Any], view: BerserkView | None = None) -> ButtonLook:
    """A button for ``action``: what it does, naming the creatures when the audience's view is
    given (``🔵 Nomad (c3)``), else their cells."""
    kind = str(action.get("kind"))
    return ButtonLook(
        _clip(label(lang, action, view)), _STYLES.get(kind, discord.ButtonStyle.secondary), _EMOJI.get(kind)
    )


BESIDE: dict[str, str] = {
    "strike": "berserk.beside.strike",
    "move": "berserk.beside.move",
    "muster": "berserk.beside.move",
    "assign_defender": "berserk.beside.defend",
}
"""The short words of a button beside the creature or card that acts, which its line names."""


def beside_label(lang: str, action: dict[str, Any], view: BerserkView | None = None) -> str:
    """A button's words beside the thing that acts (``bot.render.layout.Subject.labels``): what
    it does, to whom or where, without naming the actor; an action with no short form as on
    its button."""
    kind = str(action.get("kind"))
    name = _namer(lang, view)
    if kind == "activate":
        return _clip(ability_name(lang, action["ability"]) + _aimed(lang, action, name))
    key = BESIDE.get(kind)
    if key is None or (kind == "assign_defender" and action.get("unit") is None):
        return label(lang, action, view)
    target = action.get("target")
    return _clip(
        t(
            lang,
            key,
            target=name(target) if target is not None else "",
            cell=action.get("to") or action.get("cell") or "",
        )
    )


def _namer(lang: str, view: BerserkView | None) -> Callable[[Any], str]:
    """How a label names a creature: ``🔵 Nomad (c3)`` with the audience's view, else its cell."""
    return (lambda ref: ref_name(lang, view, str(ref))) if view is not None else str


def _aimed(lang: str, action: dict[str, Any], name: Callable[[Any], str]) -> str:
    """What an ability is aimed at, after its name: `` → targets`` and `` · X = n``."""
    text = " → " + ", ".join(name(ref) for ref in action["targets"]) if action.get("targets") else ""
    return text + (" · " + t(lang, "berserk.step.x", x=action["x"]) if action.get("x") is not None else "")


def label(lang: str, action: dict[str, Any], view: BerserkView | None = None) -> str:
    kind = action.get("kind")
    name = _namer(lang, view)
    if kind == "choose_deck":
        return t(
            lang, "berserk.action.choose_deck", id=action["deck"], deck=deck_name(lang, str(action["deck"]))
        )
    if kind == "choose_seat":
        return t(lang, f"berserk.action.{action['choice']}")
    if kind in ("end_turn", "pass"):
        return t(lang, f"berserk.action.{kind}")
    if kind == "assign_defender":
        if action.get("unit") is None:
            return t(lang, "berserk.action.no_defender")
        return t(lang, "berserk.action.defend", unit=name(action["unit"]))
    if kind == "move":
        return t(lang, "berserk.action.move", unit=name(action["unit"]), cell=action["to"])
    if kind == "strike":
        return t(lang, "berserk.action.strike", unit=name(action["attacker"]), target=name(action["target"]))
    if kind == "activate":
        text = t(
            lang,
            "berserk.action.activate",
            ability=ability_name(lang, action["ability"]),
            unit=name(action["unit"]),
        )
        return text + _aimed(lang, action, name)
    if kind == "muster":
        if action.get("card") is None:
            return t(lang, "berserk.action.muster_none")
        return t(lang, "berserk.action.muster", unit=name(action["card"]), cell=action["cell"])
    if kind == "order_triggers":
        entries = action.get("entries") or []
        if not entries:
            return t(lang, "berserk.action.order_none")
        order = " → ".join(entry_label(lang, view, e) for e in entries)
        return t(lang, "berserk.action.order", order=order)
    if kind in TEMPLATES:
        return t(lang, f"berserk.action.{kind}")
    if kind in RANDOM_SUBMISSIONS:
        return t(lang, "berserk.action.random")
    return str(kind)


def ref_name(lang: str, view: BerserkView | None, ref: str) -> str:
    """A creature named by its cell (``🔵 Nomad (c3)``) or its instance id, as far as the view
    knows it (a creature it does not show stays as it is typed)."""
    if view is None:
        return ref
    if board.is_cell(ref):
        found = _on_cell(view, ref)
        return f"{unit_name(lang, view, found.uid)} ({ref})" if found is not None else ref
    if ref in _known_uids(view):
        return unit_name(lang, view, ref)
    return ref


def _on_cell(view: BerserkView, cell: str) -> UnitView | None:
    return next((u for u in view.field if u.cell == cell), None)


def _known_uids(view: BerserkView) -> set[str]:
    """The creatures the view shows: on the field, in both graveyards, in the viewer's own
    reserve."""
    units = [*view.field, *(u for side in view.sides for u in side.graveyard)]
    if view.own is not None:
        units.extend(view.own.reserve)
    return {u.uid for u in units}


def entry_label(lang: str, view: BerserkView | None, entry: dict[str, Any]) -> str:
    """One declared trigger: its ability and source, and its target unless that is the source
    itself by the ability's nature."""
    raised = None if view is None else next((r for r in view.raised if r.ref == entry["ref"]), None)
    if view is None or raised is None:
        return f"#{entry['ref']}"
    text = f"{ability_name(lang, raised.ability)} ({unit_name(lang, view, raised.source)})"
    if targets_itself(card_of_uid(raised.source), raised.ability):
        return text
    named = [ref_name(lang, view, str(ref)) for ref in entry.get("targets") or ()]
    return text + (" → " + ", ".join(named) if named else "")


def _clip(text: str, limit: int = LABEL_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- menus --------------------------------------------------------------------------------------
def menu_choices(table: Table, actions: list[dict[str, Any]]) -> list[Choice]:
    """Each action as a path of steps: the creature, what it does, at whom, X (the main phase
    and a window); the triggers one after another (a declaration); the card, then the cell (a
    Muster)."""
    return [Choice(_steps(table, action), typed(action)) for action in actions]


def _steps(table: Table, action: dict[str, Any]) -> tuple[Step, ...]:
    lang, view = table.lang, table.view
    assert isinstance(view, BerserkView)
    kind = action.get("kind")
    if kind in ("move", "strike", "activate"):
        cell = str(action["attacker"] if kind == "strike" else action["unit"])
        unit = _unit_step(lang, view, cell)
        if kind == "move":
            return (
                unit,
                Step("move", t(lang, "berserk.step.move"), emoji="👣"),
                Step(action["to"], t(lang, "berserk.step.to", cell=action["to"])),
            )
        if kind == "strike":
            target = ref_name(lang, view, str(action["target"]))
            return (
                unit,
                Step("strike", t(lang, "berserk.step.strike"), emoji="⚔️"),
                Step(action["target"], t(lang, "berserk.step.at", target=target)),
            )
        ability = str(action["ability"])
        creature = _on_cell(view, cell)
        about = ability_text(lang, CARDS[creature.card], ability) if creature is not None else None
        steps = [unit, Step(ability, ability_name(lang, ability), description=about, emoji="✨")]
        for ref in action.get("targets") or ():
            steps.append(Step(str(ref), t(lang, "berserk.step.at", target=ref_name(lang, view, str(ref)))))
        if action.get("x") is not None:
            steps.append(Step(f"x={action['x']}", t(lang, "berserk.step.x", x=action["x"])))
        return tuple(steps)
    if kind == "order_triggers":
        entries = action.get("entries") or []
        if not entries:
            return (Step("-", t(lang, "berserk.action.order_none")),)
        return tuple(
            Step(
                str(e["ref"]) + ("=" + "+".join(e["targets"]) if e.get("targets") else ""),
                entry_label(lang, view, e),
            )
            for e in entries
        )
    if kind == "muster":
        if action.get("card") is None:
            return (Step("-", t(lang, "berserk.action.muster_none")),)
        card = str(action["card"])
        return (
            Step(card, unit_name(lang, view, card, marked=False), emoji=SEAT_MARKS[seat_of_uid(view, card)]),
            Step(str(action["cell"]), t(lang, "berserk.step.to", cell=action["cell"])),
        )
    return (Step(kind or "-", label(lang, action, view)),)


def _unit_step(lang: str, view: BerserkView, cell: str) -> Step:
    creature = _on_cell(view, cell)
    if creature is None:
        return Step(cell, cell)
    return Step(
        cell,
        f"{unit_name(lang, view, creature.uid, marked=False)} ({cell})",
        emoji=SEAT_MARKS[creature.seat],
    )
