"""The card pool and the decks as data: ``cards.toml`` and ``decks.toml`` beside this module,
validated by pydantic when loaded.

Every ability is made of the kinds below (one entry per kind; an ability that combines kinds,
such as ``basaarg_hunt``, is written as several entries under one id). Words used by the fields:

- ``attacks``: ``strike`` (a simple strike, as the attacker, against its final target),
  ``counter`` (a counter-strike), ``shot``, ``bolt``; non-magical attacks are the first three.
- ``by`` / ``at``: whose attacks a static modifier touches — the holder's own (``self``), those
  of the other creatures in its formation line (``line_mates``), or anyone's (``any``); and
  against whom — the holder (``self``), friendly creatures directly left or right of it
  (``side_friends``), anyone (``any``).
- ``when``: conditions checked when they matter — when an attack resolves for a modifier, when a
  strike is declared for ``unblockable``. ``in_formation``: the holder stands in a formation
  line of two or more; ``line_at_least``: that line has at least N creatures;
  ``target_closed``: the attack's target is closed; ``self_closed``: the holder is closed;
  ``source_cost_at_most``: the attack's source has a printed cost of at most N.
- Triggered ``event``: ``enters`` (Hire), ``dies``, ``gains_counter``, ``becomes_defender``,
  ``strike_resolved`` (at one of ``levels``), ``suffers_strike_wounds``; ``whose``: the event
  happens to the holder itself, to an enemy creature, or to any creature.
- Targets: ``none``, ``self``, ``creature`` (with a ``range`` measured from the source,
  ``side``, ``another``, ``poisoned``), or, for a trigger, the creature its event names:
  ``defended``, ``struck``, ``striker``.
- Effects: ``heal``, ``wound`` (not an attack), ``gain_counters``, ``poison``,
  ``remove_poison``, ``destroy``, ``strike_mod`` (with ``until``), ``shot`` and ``bolt``
  (``amount`` plus ``per_x`` for each declared X), on the ``target``, on the source and its
  target together (``self_and_target``), or on every ``poisoned_enemies``.
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar, cast, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

Level = Literal["weak", "medium", "strong"]
LEVELS: tuple[Level, ...] = ("weak", "medium", "strong")
AttackKind = Literal["strike", "counter", "shot", "bolt"]
Element = Literal["Steppe", "Mountains", "Forest", "Swamp", "Darkness", "Neutral"]
Currency = Literal["gold", "silver"]


class CardDataError(ValueError):
    """A data file breaks the vocabulary: the message names the file and the entry."""


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class When(_Data):
    in_formation: bool = False
    line_at_least: int | None = Field(None, ge=2)
    target_closed: bool = False
    self_closed: bool = False
    source_cost_at_most: int | None = Field(None, ge=0)


class _Ability(_Data):
    id: str = Field(pattern=r"^[a-z][a-z_]*$")


class StaticMod(_Ability):
    """Produces an attack modifier (B49) while its holder is on the field and ``when`` holds."""

    kind: Literal["static_mod"]
    op: Literal["add", "level", "set"]
    value: int | Level
    by: Literal["self", "line_mates", "any"] = "any"
    at: Literal["self", "side_friends", "any"] = "any"
    attacks: tuple[AttackKind, ...] = Field(min_length=1)
    when: When = When()

    @model_validator(mode="after")
    def _consistent(self) -> StaticMod:
        if (self.op == "level") != isinstance(self.value, str):
            raise ValueError(
                "a level modifier takes a level (weak, medium, strong); add and set take a number"
            )
        if self.by == "any" and self.at == "any":
            raise ValueError("say whose attacks it changes (by) or against whom (at)")
        return self

    @property
    def level(self) -> int:
        assert isinstance(self.value, str)
        return LEVELS.index(self.value)


class Experience(_Ability):
    """Adds ``amount`` to the holder's die when it rolls in ``role`` (B34)."""

    kind: Literal["experience"]
    role: Literal["attack", "defence"]
    amount: int = Field(ge=1)
    when: When = When()


class Unblockable(_Ability):
    """Its strikes skip the defender step while ``when`` holds at declaration (B28)."""

    kind: Literal["unblockable"]
    when: When = When()


class Unanswerable(_Ability):
    """Its strikes as the attacker get no counter-strike."""

    kind: Literal["unanswerable"]


class DefenderProps(_Ability):
    """Overrides B29: it does not close when it defends, and may defend any number of times."""

    kind: Literal["defender_props"]
    no_close: bool = False
    unlimited: bool = False


class NoCloseOnStrike(_Ability):
    """Declaring a strike does not close it (it still strikes once per turn)."""

    kind: Literal["no_close_on_strike"]


class Shelter(_Ability):
    """Another friendly creature adjacent to it suffers ``amount`` fewer wounds (B54)."""

    kind: Literal["shelter"]
    amount: int = Field(ge=1)


class Cost(_Data):
    close: bool = True
    counters: int = Field(0, ge=0)
    x_counters: bool = False
    """X counters, X declared (0 ≤ X ≤ its counters)."""
    wounds: int = Field(0, ge=0)


TargetKind = Literal["none", "self", "creature", "defended", "struck", "striker"]


class Target(_Data):
    kind: TargetKind
    range: int | None = Field(None, ge=1)
    side: Literal["any", "enemy", "friendly"] = "any"
    another: bool = False
    poisoned: bool = False

    @model_validator(mode="after")
    def _filters_only_for_creatures(self) -> Target:
        narrowed = self.range is not None or self.side != "any" or self.another or self.poisoned
        if narrowed and self.kind != "creature":
            raise ValueError(
                f"range, side, another and poisoned narrow a 'creature' target, not {self.kind!r}"
            )
        return self


class Effect(_Data):
    op: Literal[
        "heal", "wound", "gain_counters", "poison", "remove_poison", "destroy", "strike_mod", "shot", "bolt"
    ]
    amount: int = 0
    per_x: int = Field(0, ge=0)
    until: Literal["end_of_turn", "owner_next_turn"] | None = None
    on: Literal["target", "self_and_target", "poisoned_enemies"] = "target"

    @model_validator(mode="after")
    def _consistent(self) -> Effect:
        if (self.op == "strike_mod") != (self.until is not None):
            raise ValueError("strike_mod, and only strike_mod, says until when it lasts")
        if self.per_x and self.op not in ("shot", "bolt"):
            raise ValueError("per_x is for shots and bolts")
        amountless = self.op in ("remove_poison", "destroy")
        if amountless and self.amount:
            raise ValueError(f"{self.op} takes no amount")
        if not amountless and self.amount == 0:
            raise ValueError(f"{self.op} needs a non-zero amount")
        if self.op != "strike_mod" and self.amount < 0:
            raise ValueError(f"{self.op} takes a positive amount")
        return self


class Activated(_Ability):
    """Declared by its owner, paid at once (B35, B36); an instant also in windows (B47)."""

    kind: Literal["activated"]
    instant: bool = False
    cost: Cost = Cost()
    target: Target
    effects: tuple[Effect, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _targets(self) -> Activated:
        if self.target.kind not in ("none", "self", "creature"):
            raise ValueError(f"an activated ability cannot target {self.target.kind!r}")
        return self


TriggerEvent = Literal[
    "enters", "dies", "gains_counter", "becomes_defender", "strike_resolved", "suffers_strike_wounds"
]
EVENT_TARGETS: dict[str, frozenset[str]] = {
    "becomes_defender": frozenset({"defended"}),
    "strike_resolved": frozenset({"struck"}),
    "suffers_strike_wounds": frozenset({"striker"}),
}
"""The event creatures a trigger may target, by its event."""


class Triggered(_Ability):
    """Raised when its event happens (B40, B45); ``optional`` ones may be declined (B41)."""

    kind: Literal["triggered"]
    event: TriggerEvent
    whose: Literal["self", "enemy", "any"] = "self"
    levels: tuple[Level, ...] = ()
    optional: bool = False
    target: Target
    effects: tuple[Effect, ...] = Field(min_length=1)

    @model_validator(mode="after")
    def _consistent(self) -> Triggered:
        if bool(self.levels) != (self.event == "strike_resolved"):
            raise ValueError("levels go with strike_resolved, and strike_resolved needs them")
        if self.target.kind in (
            "defended",
            "struck",
            "striker",
        ) and self.target.kind not in EVENT_TARGETS.get(self.event, frozenset()):
            raise ValueError(f"a {self.event!r} event names no {self.target.kind!r} creature")
        return self


Ability = Annotated[
    StaticMod
    | Experience
    | Unblockable
    | Unanswerable
    | DefenderProps
    | NoCloseOnStrike
    | Shelter
    | Activated
    | Triggered,
    Field(discriminator="kind"),
]
A = TypeVar("A", bound=_Ability)


class Card(_Data):
    model_config = ConfigDict(frozen=True, extra="forbid", populate_by_name=True)

    id: str = Field(pattern=r"^C\d\d$")
    name: str = Field(min_length=1)
    slug: str = Field(pattern=r"^[a-z][a-z_]*$")
    """Its part of an instance id (``P1.gnome_basaarg.2``)."""
    element: Element | None = None
    klass: str | None = Field(None, alias="class")
    cost: int = Field(ge=0)
    currency: Currency
    unique: bool = False
    formation: bool = False
    life: int = Field(ge=1)
    moves: int = Field(ge=0)
    strike: tuple[int, int, int]
    """Weak, medium, strong."""
    max_counters: int = Field(5, ge=0)
    abilities: tuple[Ability, ...] = Field((), alias="ability")

    @model_validator(mode="after")
    def _one_entry_per_kind(self) -> Card:
        seen: set[tuple[str, str]] = set()
        for ability in self.abilities:
            key = (ability.id, ability.kind)
            if key in seen:
                raise ValueError(f"ability {ability.id!r} has two {ability.kind!r} entries")
            seen.add(key)
        if any(v < 0 for v in self.strike):
            raise ValueError("strike values are never negative")
        return self

    @property
    def elite(self) -> bool:
        return self.currency == "gold"

    def parts(self, kind: type[A]) -> tuple[A, ...]:
        """Its ability entries of one kind (asked for often: sorted by kind once)."""
        kept = _PARTS.get(id(self))
        if kept is None or kept[0] is not self:
            by_kind: dict[type, tuple[_Ability, ...]] = {}
            for ability in self.abilities:
                by_kind[type(ability)] = (*by_kind.get(type(ability), ()), ability)
            kept = _PARTS[id(self)] = (self, by_kind)
        return cast(tuple[A, ...], kept[1].get(kind, ()))

    def activated(self, ability_id: str) -> Activated | None:
        return next((a for a in self.parts(Activated) if a.id == ability_id), None)

    def triggered(self, ability_id: str) -> Triggered | None:
        return next((a for a in self.parts(Triggered) if a.id == ability_id), None)


class DeckList(_Data):
    id: str = Field(pattern=r"^D\d+$")
    name: str = Field(min_length=1)
    cards: tuple[str, ...] = Field(min_length=1)
    """A card id once per copy, in the deck list's order."""
    gold: int = Field(ge=0)
    silver: int = Field(ge=0)
    """The deck's budget (B15): what its player recruits with (gold may pay for silver cards,
    never the other way round)."""

    @property
    def budget(self) -> tuple[int, int]:
        return self.gold, self.silver

    def copies(self, card_id: str) -> int:
        return self.cards.count(card_id)


_PARTS: dict[int, tuple[Card, dict[type, tuple[_Ability, ...]]]] = {}
"""``Card.parts`` by card object (held, so its id is never reused), then by kind."""
_CARD: TypeAdapter[Card] = TypeAdapter(Card)
_DECK: TypeAdapter[DeckList] = TypeAdapter(DeckList)
DECK_SIZE = 15


def _read(path: Path | Any) -> dict[str, Any]:
    try:
        data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise CardDataError(f"{path.name}: not valid TOML: {exc}") from None
    return data


def _entries(path: Path | Any, data: Mapping[str, Any], table: str) -> list[dict[str, Any]]:
    entries = data.get(table)
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise CardDataError(f"{path.name}: expected [[{table}]] entries")
    return entries


def _where(entry: Mapping[str, Any], loc: tuple[int | str, ...]) -> str:
    """A pydantic error location in words: ``ability basaarg_hunt (unblockable): when``."""
    parts: list[str] = []
    items = list(loc)
    if len(items) >= 2 and items[0] == "ability" and isinstance(items[1], int):
        abilities = entry.get("ability") or []
        index = items[1]
        found = abilities[index] if isinstance(abilities, list) and index < len(abilities) else {}
        name = found.get("id", f"#{index + 1}") if isinstance(found, dict) else f"#{index + 1}"
        parts.append(f"ability {name}")
        items = items[2:]
        if items and items[0] in _KINDS:
            items = items[1:]
    parts.extend(str(i) for i in items)
    return ".".join(parts) if parts else "entry"


_KINDS = frozenset(
    {
        "static_mod",
        "experience",
        "unblockable",
        "unanswerable",
        "defender_props",
        "no_close_on_strike",
        "shelter",
        "activated",
        "triggered",
    }
)


def _explain(path: Path | Any, what: str, entry: Mapping[str, Any], exc: ValidationError) -> CardDataError:
    problems = "; ".join(f"{_where(entry, tuple(e['loc']))}: {e['msg']}" for e in exc.errors())
    return CardDataError(f"{path.name}: {what}: {problems}")


def _label(entry: Mapping[str, Any], number: int, noun: str) -> str:
    ident = entry.get("id")
    name = entry.get("name")
    label = f"{noun} {ident}" if ident else f"{noun} #{number}"
    return f"{label} ({name})" if name else label


def load_cards(path: Path | Any) -> dict[str, Card]:
    """The cards of a ``cards.toml``, by id. A broken entry raises ``CardDataError`` naming the
    file, the card and what is wrong."""
    cards: dict[str, Card] = {}
    for number, entry in enumerate(_entries(path, _read(path), "card"), 1):
        what = _label(entry, number, "card")
        try:
            card = _CARD.validate_python(entry)
        except ValidationError as exc:
            raise _explain(path, what, entry, exc) from None
        if card.id in cards:
            raise CardDataError(f"{path.name}: {what}: the id {card.id} is used twice")
        cards[card.id] = card
    return cards


def load_decks(path: Path | Any, cards: Mapping[str, Card]) -> dict[str, DeckList]:
    """The decks of a ``decks.toml``, checked against ``cards``: known cards, 15 of them, at
    most one copy of a unique card, a budget that buys at least one of them."""
    decks: dict[str, DeckList] = {}
    for number, entry in enumerate(_entries(path, _read(path), "deck"), 1):
        what = _label(entry, number, "deck")
        try:
            deck = _DECK.validate_python(entry)
        except ValidationError as exc:
            raise _explain(path, what, entry, exc) from None
        unknown = sorted({c for c in deck.cards if c not in cards})
        if unknown:
            raise CardDataError(f"{path.name}: {what}: unknown cards {', '.join(unknown)}")
        if len(deck.cards) != DECK_SIZE:
            raise CardDataError(f"{path.name}: {what}: {len(deck.cards)} cards, not {DECK_SIZE}")
        doubled = sorted({c for c in deck.cards if cards[c].unique and deck.copies(c) > 1})
        if doubled:
            raise CardDataError(f"{path.name}: {what}: more than one copy of the unique {', '.join(doubled)}")
        if not any(_fits(cards[c], deck) for c in deck.cards):  # B16 wants at least one card
            raise CardDataError(f"{path.name}: {what}: its budget buys none of its cards")
        if deck.id in decks:
            raise CardDataError(f"{path.name}: {what}: the id {deck.id} is used twice")
        decks[deck.id] = deck
    return decks


def _fits(card: Card, deck: DeckList) -> bool:
    """Whether ``card`` alone is within ``deck``'s budget (B16: gold pays for silver too)."""
    return card.cost <= (deck.gold if card.elite else deck.gold + deck.silver)


_HERE = resources.files("engine.games.berserk")
CARDS: dict[str, Card] = load_cards(_HERE / "cards.toml")
"""Every card, by id (C01–C29)."""
DECKS: dict[str, DeckList] = load_decks(_HERE / "decks.toml", CARDS)
"""Every deck, by id (D1–D4)."""

# Read on every legal-action listing and every response window: asked of the card by its id,
# they cost a dictionary lookup instead of a walk through the card's abilities.
ACTIVATED: dict[str, tuple[Activated, ...]] = {cid: c.parts(Activated) for cid, c in CARDS.items()}
"""Each card's activated abilities, in the card's order."""
INSTANTS: dict[str, tuple[Activated, ...]] = {
    cid: tuple(a for a in parts if a.instant) for cid, parts in ACTIVATED.items()
}
"""Each card's activated abilities that are instants (B47), in the card's order."""
LIFE: dict[str, int] = {cid: c.life for cid, c in CARDS.items()}
"""Each card's life (B6), asked of every creature on the field at every death check."""
STATIC_MODS: dict[str, tuple[StaticMod, ...]] = {cid: c.parts(StaticMod) for cid, c in CARDS.items()}
"""Each card's static modifiers (B49), asked of every creature on the field at every attack."""
SHELTERS: dict[str, int] = {cid: sum(p.amount for p in c.parts(Shelter)) for cid, c in CARDS.items()}
"""How many fewer wounds each card's Shelter takes from an adjacent friend (B54; 0 for most):
asked of every creature on the field whenever wounds are weighed."""
LISTENERS: dict[str, frozenset[str]] = {
    event: frozenset(cid for cid, c in CARDS.items() if any(t.event == event for t in c.parts(Triggered)))
    for event in get_args(TriggerEvent)
}
"""The cards with a triggered ability answering each event (B40)."""
