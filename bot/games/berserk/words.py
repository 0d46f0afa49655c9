"""Berserk in the reader's words: cards, decks and abilities, each ability's text with its
numbers taken from the card data (so a text never tells other numbers than the rules play),
and creatures named as players see them — the seat's colour, the card, the copy."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from engine.games.berserk.cards import (
    CARDS,
    Activated,
    Card,
    Effect,
    Experience,
    Shelter,
    StaticMod,
    Triggered,
    Unblockable,
)
from engine.games.berserk.view import BerserkView, UnitView

SEAT_MARKS = ("🔵", "🟠")
"""Each seat's colour, as in the pictures (blue: the first seat, orange: the second)."""
SLUGS = {c.slug: c.id for c in CARDS.values()}
"""The card of each instance-id slug (``P1.gnome_basaarg.2`` → C02)."""
CURRENCY_MARKS = {"gold": "🟡", "silver": "⚪"}


def card_name(lang: str, card_id: str) -> str:
    return t(lang, f"berserk.card.{card_id}")


def deck_name(lang: str, deck_id: str) -> str:
    return t(lang, f"berserk.deck.{deck_id}")


def ability_name(lang: str, ability_id: str) -> str:
    return t(lang, f"berserk.ability.{ability_id}")


def ability_text(lang: str, card: Card, ability_id: str) -> str:
    """What the ability does, with the card's own numbers."""
    return t(lang, f"berserk.ability.{ability_id}.text", **ability_params(card, ability_id))


def ability_ids(card: Card) -> list[str]:
    """The card's abilities, each once, in the card's order (one ability may combine kinds)."""
    return list(dict.fromkeys(a.id for a in card.abilities))


def targets_itself(card_id: str, ability_id: str) -> bool:
    """Whether the ability's one target is its own source (``accumulate``): a line naming it
    need not name the target again."""
    card = CARDS[card_id]
    part = card.activated(ability_id) or card.triggered(ability_id)
    return part is not None and part.target.kind == "self"


def signed(value: int) -> str:
    """``+2``, ``−2`` (a true minus sign), ``0``."""
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def ability_params(card: Card, ability_id: str) -> dict[str, Any]:
    """The numbers an ability's text states, from every entry of that ability on the card:
    a modifier's ``value``, an ``amount`` (experience, shelter), a ``range``, a cost's
    ``counters`` and ``wounds``, and each effect's number by what it does (``heal``, ``poison``,
    ``gain``, ``wound``, ``strike``, ``attack`` with ``per_x``)."""
    params: dict[str, Any] = {}
    for part in (a for a in card.abilities if a.id == ability_id):
        if isinstance(part, StaticMod):
            params["value"] = (
                signed(part.value) if isinstance(part.value, int) and part.op == "add" else part.value
            )
            if part.when.source_cost_at_most is not None:
                params["cost"] = part.when.source_cost_at_most
            if part.when.line_at_least is not None:
                params["line"] = part.when.line_at_least
        elif isinstance(part, Unblockable) and part.when.line_at_least is not None:
            params["line"] = part.when.line_at_least
        elif isinstance(part, Experience | Shelter):
            params["amount"] = part.amount
        elif isinstance(part, Activated | Triggered):
            if part.target.range is not None:
                params["range"] = part.target.range
            if isinstance(part, Activated):
                params["counters"] = part.cost.counters
                params["wounds"] = part.cost.wounds
            for effect in part.effects:
                params |= _effect_params(effect)
    return params


def _effect_params(effect: Effect) -> dict[str, Any]:
    if effect.op in ("shot", "bolt"):
        return {"attack": effect.amount, "per_x": effect.per_x}
    if effect.op == "strike_mod":
        return {"strike": signed(effect.amount)}
    names = {"heal": "heal", "poison": "poison", "gain_counters": "gain", "wound": "wound"}
    return {names[effect.op]: effect.amount} if effect.op in names else {}


def level_name(lang: str, level: str) -> str:
    return t(lang, f"berserk.level.{level}")


def card_of_uid(uid: str) -> str:
    """The card id of an instance id."""
    return SLUGS[uid.split(".")[1]]


def seat_of_uid(view: BerserkView, uid: str) -> int:
    """The seat owning an instance: its id starts with the owner's role (``P1.`` or ``P2.``),
    and who plays P1 is public (``first``; seat 0 until the seats are chosen, as the engine
    counts it)."""
    first = view.first if view.first is not None else 0
    return first if uid.startswith("P1.") else 1 - first


def unit_name(lang: str, view: BerserkView, uid: str, *, marked: bool = True) -> str:
    """``🔵 Nomad 2``: the owner's colour (unless ``marked`` is false), the card, and the copy
    number from the second copy on — all read from the instance id itself, which the audience
    holds only when it may know the creature (on the field, in a graveyard, its own reserve, an
    event it may learn)."""
    name = unit_name_plain(lang, uid)
    return f"{SEAT_MARKS[seat_of_uid(view, uid)]} {name}" if marked else name


def unit_name_plain(lang: str, uid: str) -> str:
    """``Nomad 2``: the card and the copy number from the second copy on, no colour (which
    needs a view to know who plays P1)."""
    copy = int(uid.rsplit(".", 1)[1])
    return card_name(lang, card_of_uid(uid)) + (f" {copy}" if copy > 1 else "")


def unit_at(lang: str, view: BerserkView, uid: str) -> str:
    """``🔵 Nomad 2 (c3)`` while it is on the field, else just its name."""
    found = next((u for u in view.field if u.uid == uid), None)
    name = unit_name(lang, view, uid)
    return f"{name} ({found.cell})" if found is not None and found.cell else name


def cost_text(lang: str, card: Card) -> str:
    return t(lang, f"berserk.cost.{card.currency}", cost=card.cost)


def unit_line(lang: str, view: BerserkView, unit: UnitView) -> str:
    """A creature on the field in one line — its cell, name, strike and life (``c3 Nomad · ⚔️
    1-2-3 · ❤️ 3/3``) — and what else is said of it (``unit_conditions``); the owner is told by
    the heading it stands under."""
    line = t(
        lang,
        "berserk.unit.line",
        cell=unit.cell or "",
        name=unit_name(lang, view, unit.uid, marked=False),
        strike="-".join(map(str, unit.strike)),
        life=unit.life - unit.wounds,
        max=unit.life,
    )
    return " · ".join([line, *unit_conditions(lang, view, unit)])


def unit_conditions(lang: str, view: BerserkView, unit: UnitView) -> list[str]:
    """What is said of a creature after its strike and life: counters, poison, closed or the
    moves it has left on its owner's turn, then its modifiers, the same on Discord and the web."""
    said = []
    if unit.counters:
        said.append(t(lang, "berserk.unit.counters", count=unit.counters, max=unit.max_counters))
    if unit.poison:
        said.append(t(lang, "berserk.unit.poison", count=unit.poison))
    if unit.closed:
        said.append(t(lang, "berserk.unit.closed"))
    elif unit.seat == view.active and unit.moves:
        said.append(t(lang, "berserk.unit.moves", count=unit.moves))
    said.extend(t(lang, "berserk.unit.mod", amount=signed(m.amount), turn=m.expires) for m in unit.mods)
    return said
