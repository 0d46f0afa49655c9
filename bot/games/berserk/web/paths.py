"""Berserk's moves made of several clicks on a page, as paths of steps: the creature, then a
cell to move to or an enemy to strike (or one of its abilities, then the ability's target and
X); a defender on the field; a reserve card, then its cell; the triggers in the order they are
queued. The page's script narrows the seat's legal actions step by step, as the Discord menu
does (``choices.menu_choices``), and sends the one action the picked steps stand for.

A step that names a cell of the field is picked there too, by a click or the keyboard: its
``kind`` says how the cell is marked (a creature of yours, a cell to move to, a creature to
strike, a target)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.games.berserk.choices import entry_label, ref_name
from bot.games.berserk.words import ability_name, ability_text, unit_name
from bot.i18n import t
from engine.games.berserk import board
from engine.games.berserk.cards import CARDS
from engine.games.berserk.view import BerserkView


@dataclass(frozen=True, slots=True)
class Step:
    value: str
    """Unique among the steps that may follow the same ones."""
    label: str
    kind: str
    """How it is shown: ``unit``, ``move``, ``strike``, ``ability``, ``target``, ``x``,
    ``defend``, ``card``, ``muster``, ``entry``."""
    cell: str | None = None
    """The cell of the field it is picked on, if any."""
    hint: str = ""
    """What it means (an ability's text), shown on hover and focus."""

    def as_data(self) -> list[str | None]:
        return [self.value, self.label, self.kind, self.cell, self.hint]


Path = tuple[Step, ...]
PathOf = Callable[[str, BerserkView, dict[str, Any]], Path]


def _unit(lang: str, view: BerserkView, cell: str) -> Step:
    found = next((u for u in view.field if u.cell == cell), None)
    name = unit_name(lang, view, found.uid, marked=False) if found is not None else cell
    return Step(cell, f"{name} ({cell})", "unit", cell)


def _target(lang: str, view: BerserkView, ref: str, kind: str) -> Step:
    named = ref_name(lang, view, ref)
    return Step(ref, t(lang, "berserk.step.at", target=named), kind, ref if board.is_cell(ref) else None)


def _move(lang: str, view: BerserkView, action: dict[str, Any]) -> Path:
    to = str(action["to"])
    return (
        _unit(lang, view, str(action["unit"])),
        Step(to, t(lang, "berserk.web.step.move", cell=to), "move", to),
    )


def _strike(lang: str, view: BerserkView, action: dict[str, Any]) -> Path:
    target = str(action["target"])
    named = ref_name(lang, view, target)
    return (
        _unit(lang, view, str(action["attacker"])),
        Step(target, t(lang, "berserk.web.step.strike", target=named), "strike", target),
    )


def _activate(lang: str, view: BerserkView, action: dict[str, Any]) -> Path:
    cell = str(action["unit"])
    ability = str(action["ability"])
    creature = next((u for u in view.field if u.cell == cell), None)
    about = ability_text(lang, CARDS[creature.card], ability) if creature is not None else ""
    steps = [
        _unit(lang, view, cell),
        Step(f"ability:{ability}", ability_name(lang, ability), "ability", hint=about),
    ]
    steps.extend(_target(lang, view, str(ref), "target") for ref in action.get("targets") or ())
    if action.get("x") is not None:
        steps.append(Step(f"x={action['x']}", t(lang, "berserk.step.x", x=action["x"]), "x"))
    return tuple(steps)


def _defend(lang: str, view: BerserkView, action: dict[str, Any]) -> Path:
    if action.get("unit") is None:  # no defender: one button
        return ()
    cell = str(action["unit"])
    label = t(lang, "berserk.action.defend", unit=ref_name(lang, view, cell))
    return (Step(cell, label, "defend", cell if board.is_cell(cell) else None),)


def _muster(lang: str, view: BerserkView, action: dict[str, Any]) -> Path:
    if action.get("card") is None:  # nothing to bring: one button
        return ()
    card, cell = str(action["card"]), str(action["cell"])
    name = unit_name(lang, view, card, marked=False)
    return (Step(card, name, "card"), Step(cell, t(lang, "berserk.step.to", cell=cell), "muster", cell))


def _order(lang: str, view: BerserkView, action: dict[str, Any]) -> Path:
    return tuple(
        Step(
            str(entry["ref"]) + "=" + "+".join(map(str, entry.get("targets") or ())),
            entry_label(lang, view, entry),
            "entry",
        )
        for entry in action.get("entries") or ()
    )


PATHS: dict[str, PathOf] = {
    "move": _move,
    "strike": _strike,
    "activate": _activate,
    "assign_defender": _defend,
    "muster": _muster,
    "order_triggers": _order,
}
"""Each kind of action put together on the page, and its steps."""


def path_of(lang: str, view: BerserkView, action: dict[str, Any]) -> Path:
    """The steps of an action picked on the page; none for an action that is one button (End
    turn, Pass, no defender, nothing to bring, nothing to queue)."""
    build = PATHS.get(str(action.get("kind")))
    return build(lang, view, action) if build is not None else ()
