"""Berserk actions as data (B64), and the typed text forms players use for them.

A creature is named by its cell on the field (``c3``) or its instance id (``P1.nomad.2``);
targets likewise. Typed forms:

    deck D2 · first | second · recruit C01 C02 C02 | recruit random · place b3 c3 reserve (in
    recruitment order) or place P1.nomad.1=b3 2=reserve | place random ·
    muster P1.nomad.2 b1 | muster none ·
    move c3 d3 · strike c3 c4 · activate b2 sap c3 · activate a1 skull_shot c5 x=2 ·
    end · defend b4 | defend none · order 3 5=c4 (trigger refs in queue order, ``=`` its
    target) | order none · pass
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, StringConstraints, TypeAdapter

from engine.core.errors import BadAction
from engine.core.inputs import WHOLE
from engine.games.berserk.cards import CARDS, DECK_SIZE, DECKS
from engine.kits.resolution import MAX_PENDING
from engine.kits.resolution import Ref as TriggerRef


def _ref(value: Any) -> Any:
    """A creature reference: cells lower-case, a uid's role upper-case (``p1.nomad.1``)."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    if re.fullmatch(r"[A-Ea-e][1-6]", text):
        return text.lower()
    if re.fullmatch(r"[pP][12]\..+", text):
        return text[:2].upper() + text[2:].lower()
    return text


MAX_NAME = max(
    len(name)
    for name in (
        "reserve",
        *DECKS,
        *CARDS,
        *(ability.id for card in CARDS.values() for ability in card.abilities),
        *(f"P1.{card.slug}.{DECK_SIZE}" for card in CARDS.values()),
    )
)
"""The longest name an action may give: a deck, a card, an ability, a cell, ``reserve`` or a
creature's instance id (``P1.nomad.2``) of the game's data."""
MAX_NAMED = DECK_SIZE
"""The most names one list of an action holds: a squad's cards (at most a deck's), their cells,
an ability's targets."""
MAX_X = max(card.max_counters for card in CARDS.values())
"""The largest X a cost with X can take: the most counters any creature holds (B36)."""

Name = Annotated[str, StringConstraints(max_length=MAX_NAME)]
Ref = Annotated[str, BeforeValidator(_ref), StringConstraints(max_length=MAX_NAME)]
Refs = Annotated[tuple[Ref, ...], Field(max_length=MAX_NAMED)]


@dataclass(frozen=True, slots=True)
class ChooseDeck:
    deck: Name
    kind: Literal["choose_deck"] = "choose_deck"


@dataclass(frozen=True, slots=True)
class ChooseSeat:
    choice: Literal["first", "second"]
    kind: Literal["choose_seat"] = "choose_seat"


@dataclass(frozen=True, slots=True)
class Recruit:
    """Card ids, one per copy (B16). Empty, it is the template ``legal_actions`` offers:
    'choose your cards'."""

    cards: Annotated[tuple[Name, ...], Field(max_length=MAX_NAMED)] = ()
    kind: Literal["recruit"] = "recruit"


@dataclass(frozen=True, slots=True)
class RecruitRandom:
    """A recruitment drawn by the game's own generator when it is applied
    (``setup.random_recruits``): the log holds this action, and a replay from the seed draws
    the same squad."""

    kind: Literal["recruit_random"] = "recruit_random"


@dataclass(frozen=True, slots=True)
class Place:
    """Each recruited card (its uid, or its number in recruitment order) to a cell of one's
    half or ``reserve`` (B17). Empty, it is the template: 'place your cards'."""

    cells: Annotated[dict[Name, Name], Field(max_length=MAX_NAMED)] = field(default_factory=dict)
    kind: Literal["place"] = "place"


@dataclass(frozen=True, slots=True)
class PlaceRandom:
    """A placement drawn by the game's own generator when it is applied
    (``setup.random_placement``), as ``RecruitRandom`` is for a recruitment."""

    kind: Literal["place_random"] = "place_random"


@dataclass(frozen=True, slots=True)
class Muster:
    """A reserve card to a cell (B19), or nothing (``card`` empty)."""

    card: Ref | None = None
    cell: Ref | None = None
    kind: Literal["muster"] = "muster"


@dataclass(frozen=True, slots=True)
class Move:
    unit: Ref
    to: Ref
    kind: Literal["move"] = "move"


@dataclass(frozen=True, slots=True)
class Strike:
    attacker: Ref
    target: Ref
    kind: Literal["strike"] = "strike"


@dataclass(frozen=True, slots=True)
class Activate:
    unit: Ref
    ability: Name
    targets: Refs = ()
    x: Annotated[int, Field(ge=0, le=MAX_X), WHOLE] | None = None
    """The declared X of a cost with X (B36)."""
    kind: Literal["activate"] = "activate"


@dataclass(frozen=True, slots=True)
class EndTurn:
    kind: Literal["end_turn"] = "end_turn"


@dataclass(frozen=True, slots=True)
class AssignDefender:
    """B28: a defender, or ``None`` for no defender."""

    unit: Ref | None = None
    kind: Literal["assign_defender"] = "assign_defender"


@dataclass(frozen=True, slots=True)
class TriggerEntry:
    """One declared trigger (its ref) with its targets."""

    ref: Annotated[TriggerRef, WHOLE]
    targets: Refs = ()


@dataclass(frozen=True, slots=True)
class OrderTriggers:
    """B41: the seat's raised triggers to queue, in queue order; optional ones left out are
    declined."""

    entries: Annotated[tuple[TriggerEntry, ...], Field(max_length=MAX_PENDING)] = ()
    kind: Literal["order_triggers"] = "order_triggers"


@dataclass(frozen=True, slots=True)
class Pass:
    kind: Literal["pass"] = "pass"


BerserkAction = (
    ChooseDeck
    | ChooseSeat
    | Recruit
    | RecruitRandom
    | Place
    | PlaceRandom
    | Muster
    | Move
    | Strike
    | Activate
    | EndTurn
    | AssignDefender
    | OrderTriggers
    | Pass
)
ACTION_ADAPTER: TypeAdapter[BerserkAction] = TypeAdapter(
    Annotated[BerserkAction, Field(discriminator="kind")]
)

END_TURN = EndTurn()
PASS = Pass()
NO_DEFENDER = AssignDefender()
RECRUIT_TEMPLATE = Recruit()
PLACE_TEMPLATE = Place()
RECRUIT_RANDOM = RecruitRandom()
PLACE_RANDOM = PlaceRandom()


# -- typed text ---------------------------------------------------------------------------------
_WORDS: dict[str, dict[str, Any]] = {
    "end": {"kind": "end_turn"},
    "end turn": {"kind": "end_turn"},
    "end_turn": {"kind": "end_turn"},
    "pass": {"kind": "pass"},
    "first": {"kind": "choose_seat", "choice": "first"},
    "second": {"kind": "choose_seat", "choice": "second"},
    "no defender": {"kind": "assign_defender", "unit": None},
    "muster none": {"kind": "muster"},
    "recruit random": {"kind": "recruit_random"},
    "recruit_random": {"kind": "recruit_random"},
    "place random": {"kind": "place_random"},
    "place_random": {"kind": "place_random"},
    "none": {"kind": "muster"},
}
_VERBS = {
    "deck": "choose_deck",
    "seat": "choose_seat",
    "recruit": "recruit",
    "place": "place",
    "muster": "muster",
    "move": "move",
    "strike": "strike",
    "activate": "activate",
    "use": "activate",
    "defend": "assign_defender",
    "defender": "assign_defender",
    "assign_defender": "assign_defender",
    "order": "order_triggers",
    "order_triggers": "order_triggers",
}


def _need(words: list[str], count: int, usage: str, text: str) -> None:
    if len(words) != count:
        raise BadAction(f"cannot read {text!r}: write {usage}", "unreadable", text=text)


def parse_text(text: str) -> dict[str, Any]:
    """Any typed action (the forms in this module's docstring)."""
    clean = " ".join(text.strip().split())
    if not clean:
        raise BadAction("an empty action", "empty")
    lowered = clean.lower()
    if lowered in _WORDS:
        return dict(_WORDS[lowered])
    if re.fullmatch(r"d\d+", lowered):
        return {"kind": "choose_deck", "deck": clean.upper()}
    verb, *words = clean.split(" ")
    kind = _VERBS.get(verb.lower())
    if kind is None:
        raise BadAction(
            f"cannot read {text!r}: start with deck, recruit, place, muster, move, strike, activate, "
            "end, defend, order or pass",
            "unreadable",
            text=text,
        )
    return _READERS[kind](words, clean)


def _deck(words: list[str], text: str) -> dict[str, Any]:
    _need(words, 1, "deck D1", text)
    return {"kind": "choose_deck", "deck": words[0].upper()}


def _seat(words: list[str], text: str) -> dict[str, Any]:
    _need(words, 1, "seat first or seat second", text)
    return {"kind": "choose_seat", "choice": words[0].lower()}


def _recruit(words: list[str], text: str) -> dict[str, Any]:
    return {"kind": "recruit", "cards": [w.upper() for w in re.split(r"[\s,]+", " ".join(words)) if w]}


def _place(words: list[str], text: str) -> dict[str, Any]:
    cells: dict[str, str] = {}
    for n, word in enumerate(w for w in re.split(r"[\s,]+", " ".join(words)) if w):
        key, eq, where = word.partition("=")
        if eq:
            cells[str(_ref(key))] = where.lower()
        else:
            cells[str(n + 1)] = word.lower()
    return {"kind": "place", "cells": cells}


def _muster(words: list[str], text: str) -> dict[str, Any]:
    if [w.lower() for w in words] in ([], ["none"]):
        return {"kind": "muster"}
    _need(words, 2, "muster <card> <cell> or muster none", text)
    return {"kind": "muster", "card": words[0], "cell": words[1]}


def _move(words: list[str], text: str) -> dict[str, Any]:
    _need(words, 2, "move <from> <to>, e.g. move c3 d3", text)
    return {"kind": "move", "unit": words[0], "to": words[1]}


def _strike(words: list[str], text: str) -> dict[str, Any]:
    _need(words, 2, "strike <attacker> <target>, e.g. strike c3 c4", text)
    return {"kind": "strike", "attacker": words[0], "target": words[1]}


def _activate(words: list[str], text: str) -> dict[str, Any]:
    if len(words) < 2:
        raise BadAction(
            f"cannot read {text!r}: write activate <unit> <ability> [target] [x=N]", "unreadable", text=text
        )
    data: dict[str, Any] = {"kind": "activate", "unit": words[0], "ability": words[1].lower(), "targets": []}
    for word in words[2:]:
        if word.lower().startswith("x="):
            data["x"] = word[2:]
        else:
            data["targets"].append(word)
    return data


def _defend(words: list[str], text: str) -> dict[str, Any]:
    _need(words, 1, "defend <unit> or defend none", text)
    return {"kind": "assign_defender", "unit": None if words[0].lower() == "none" else words[0]}


def _order(words: list[str], text: str) -> dict[str, Any]:
    """``order 3 5=c4``; ``order none`` (or just ``order``) queues nothing."""
    entries = []
    for word in [] if [w.lower() for w in words] == ["none"] else words:
        ref, eq, targets = word.partition("=")
        if not ref.isdigit():
            raise BadAction(
                f"cannot read {word!r}: a trigger is its number, e.g. 3 or 3=c4", "unreadable", text=text
            )
        entries.append({"ref": int(ref), "targets": [t for t in targets.split("+") if t] if eq else []})
    return {"kind": "order_triggers", "entries": entries}


_READERS = {
    "choose_deck": _deck,
    "choose_seat": _seat,
    "recruit": _recruit,
    "place": _place,
    "muster": _muster,
    "move": _move,
    "strike": _strike,
    "activate": _activate,
    "assign_defender": _defend,
    "order_triggers": _order,
}
