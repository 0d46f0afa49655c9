"""Hobbit's components as data: ``board.toml`` (the track, Smaug's and Gandalf's paths, the
figures, the fixed numbers) and ``cards.toml`` (the five decks), validated by pydantic when
loaded. A broken file is a ``HobbitDataError`` naming the file, the entry and what is wrong.

Card kinds and their fields (``cards.toml``):

- fight cards ``dwarf`` and ``ally``: ``values``, one number or two for a dual card "a/b";
- hand movement cards (H4.9): ``bilbo``, ``scout``, ``eagle``, ``elf`` with ``steps``;
  ``dwarf_run``; ``gandalf`` (one stop);
- ``smaug`` (H7.2): ``base`` steps plus a ``bonus`` unless Gandalf is at his lair stop; ``red``
  in the supply decks (resolved when drawn), not red as an Erebor event;
- Treasury (H1.10): ``reduce`` (pending movement − ``amount``), ``crown`` (− the bonus −
  ``extra``), ``arkenstone`` (to 0), ``mithril`` (kills become pushes), ``dwarf_gold`` (Smaug
  ``steps`` back), ``arrow`` (slays Smaug on a die of ``hit_from`` or more);
- adventures (H5.9): ``enemy`` (``strength``, ``chain``), ``web`` (two ``colours``),
  ``barrel``, ``sorrow`` (``discards`` on a low die, the whole hand from ``whole_hand_from``),
  ``stream`` and ``rockfall`` (``back``), ``passage`` (``forward``), ``ring_slips``,
  ``thrush`` (a Treasury card for the affected player).
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from itertools import pairwise
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError, model_validator

SpaceKind = Literal[
    "PLAIN", "START", "MIRKWOOD", "ESGAROTH", "DRAGON", "EREBOR", "RUNE", "GATE", "KEY", "TREASURY", "FINISH"
]
DeckName = Literal["beorn", "esgaroth", "treasury", "mirkwood", "erebor"]
Difficulty = Literal["easy", "normal", "hard"]
"""The ``difficulty`` option's levels; normal plays the rules as they are (``[difficulty]``)."""
AdventureDeck = Literal["mirkwood", "erebor"]
Colour = Literal["R", "Y", "B", "G"]

DECK_PREFIX: dict[str, str] = {
    "beorn": "BH",
    "esgaroth": "ES",
    "treasury": "TR",
    "mirkwood": "MW",
    "erebor": "ER",
}
SUPPLY_DECKS: tuple[DeckName, ...] = ("beorn", "esgaroth", "treasury")
ADVENTURE_DECKS: tuple[AdventureDeck, ...] = ("mirkwood", "erebor")
ADVENTURE_SPACES: dict[str, AdventureDeck] = {"MIRKWOOD": "mirkwood", "EREBOR": "erebor"}
"""The deck an adventure space draws from (H5.1)."""


class HobbitDataError(ValueError):
    """A data file breaks the rules of its format: the message names the file and the entry."""


class _Data(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# -- the board -------------------------------------------------------------------------------
class Track(_Data):
    size: int = Field(ge=10, le=200)
    default: SpaceKind
    special: dict[int, SpaceKind]


TableSize = Annotated[int, Field(ge=2, le=4)]
Steps = Annotated[int, Field(ge=-5, le=5)]


class RedSteps(_Data):
    """Spaces red Smaug cards move him more (fewer when negative): every red card of Beorn's
    House (``beorn``) or of Esgaroth (``esgaroth``), and on top of that single red card types
    by id (``cards``)."""

    beorn: Steps = 0
    esgaroth: Steps = 0
    cards: dict[Annotated[str, Field(pattern=r"^(BH|ES)\d\d$")], Steps] = {}

    def of(self, card: str, deck: str) -> int:
        """The steps of the red card type ``card`` of ``deck``."""
        return (self.esgaroth if deck == "esgaroth" else self.beorn) + self.cards.get(card, 0)

    def __add__(self, other: RedSteps) -> RedSteps:
        cards = {c: self.cards.get(c, 0) + other.cards.get(c, 0) for c in {*self.cards, *other.cards}}
        return RedSteps(beorn=self.beorn + other.beorn, esgaroth=self.esgaroth + other.esgaroth, cards=cards)


NO_STEPS = RedSteps()


class EditionSteps(RedSteps):
    """A table size's steps, played from the card edition ``edition`` on."""

    edition: int = Field(ge=2)


class SmaugPath(_Data):
    path: tuple[int, ...] = Field(min_length=2)
    red_extra: dict[TableSize, EditionSteps] = {}


class GandalfPath(_Data):
    stops: tuple[str, ...] = Field(min_length=2)
    fight: dict[AdventureDeck, str]
    web: str
    attack: str
    calm: str


class Figures(_Data):
    colours: tuple[Colour, ...] = Field(min_length=2)
    dwarves_per_colour: Literal[2]
    movement_values: tuple[int, ...] = Field(min_length=1)


class Numbers(_Data):
    capacity: int = Field(ge=1)
    setup_hand: int = Field(ge=0)
    draws: int = Field(ge=1)
    hand_limit: int = Field(ge=1)
    trade_price: int = Field(ge=0)
    trade_offers: int = Field(ge=1)
    web_free: int = Field(ge=1)
    fight_loss: int = Field(ge=1)
    smaug_push: int = Field(ge=1)
    attack_cards: int = Field(ge=2)
    max_rounds: int = Field(ge=1)


class BoardFile(_Data):
    track: Track
    smaug: SmaugPath
    difficulty: dict[Difficulty, dict[TableSize, RedSteps]]
    gandalf: GandalfPath
    figures: Figures
    numbers: Numbers

    @model_validator(mode="after")
    def _consistent(self) -> BoardFile:
        size, special = self.track.size, self.track.special
        outside = sorted(i for i in special if not 0 <= i < size)
        if outside:
            raise ValueError(f"track.special: spaces {outside} are off the track 0–{size - 1}")
        kinds = [special.get(i, self.track.default) for i in range(size)]
        if kinds[0] != "START" or kinds[-1] != "FINISH":
            raise ValueError("track: space 0 must be START and the last space FINISH")
        for kind in ("START", "FINISH", "DRAGON", "RUNE", "GATE", "KEY"):
            if kinds.count(kind) != 1:
                raise ValueError(f"track: there must be exactly one {kind} space, not {kinds.count(kind)}")
        path = self.smaug.path
        if kinds[path[0]] != "GATE" or kinds[path[-1]] != "DRAGON":
            raise ValueError("smaug.path must run from the GATE space to the DRAGON space")
        if any(b != a - 1 for a, b in pairwise(path)):
            raise ValueError("smaug.path must step down the track one space at a time")
        if kinds.index("KEY") <= path[0]:
            raise ValueError("track: the KEY space must lie beyond the GATE, where Smaug never goes")
        named = [*self.gandalf.fight.values(), self.gandalf.web, self.gandalf.attack, self.gandalf.calm]
        unknown = sorted({n for n in named if n not in self.gandalf.stops})
        if unknown:
            raise ValueError(f"gandalf: {', '.join(unknown)} is not one of the stops")
        if len(set(self.figures.colours)) != len(self.figures.colours):
            raise ValueError("figures.colours: a colour is listed twice")
        missing = [level for level in get_args(Difficulty) if level not in self.difficulty]
        if missing:
            raise ValueError(f"difficulty: the level(s) {', '.join(missing)} are missing")
        if any(steps != NO_STEPS for steps in self.difficulty["normal"].values()):
            raise ValueError("difficulty.normal: the normal level plays the rules as they are")
        return self


@dataclass(frozen=True, slots=True)
class Board:
    """The board in the form the rules read it."""

    kinds: tuple[SpaceKind, ...]
    """The kind of every space, by index."""
    smaug_path: tuple[int, ...]
    """H1.2: the spaces from the gate to the dragon space; his lair comes before the first."""
    smaug_red_extra: dict[int, EditionSteps]
    """Red Smaug cards' steps at a table of so many players, from the edition each names on."""
    difficulty: dict[str, dict[int, RedSteps]]
    """Red Smaug cards' steps each difficulty level adds, by table size."""
    gandalf_stops: tuple[str, ...]
    gandalf_fight: dict[str, str]
    gandalf_web: str
    gandalf_attack: str
    gandalf_calm: str
    colours: tuple[Colour, ...]
    movement_values: tuple[int, ...]
    numbers: Numbers

    @property
    def size(self) -> int:
        return len(self.kinds)

    @property
    def finish(self) -> int:
        return len(self.kinds) - 1

    def space(self, kind: SpaceKind) -> int:
        """The one space of a kind that has exactly one (the key, the rune, the gate …)."""
        return self.kinds.index(kind)


# -- the cards ---------------------------------------------------------------------------------
class _Card(_Data):
    id: str = Field(pattern=r"^(BH|ES|TR|MW|ER)\d\d$")
    kind: str
    deck: DeckName
    name: str = Field(min_length=1)
    count: int = Field(1, ge=1, le=20)
    min_players: int = Field(2, ge=2, le=4)

    @model_validator(mode="after")
    def _in_its_deck(self) -> _Card:
        if not self.id.startswith(DECK_PREFIX[self.deck]):
            raise ValueError(f"the id of a card of the {self.deck} deck starts with {DECK_PREFIX[self.deck]}")
        allowed = _DECKS_OF_KIND[self.kind]
        if self.deck not in allowed:
            raise ValueError(f"a {self.kind} card belongs to the {' or '.join(allowed)} deck")
        return self


class FightCard(_Card):
    kind: Literal["dwarf", "ally"]
    values: tuple[int, ...] = Field(min_length=1, max_length=2)
    """One value, or the two of a dual card "a/b" (the player picks one each time)."""

    @property
    def highest(self) -> int:
        return max(self.values)


class StepCard(_Card):
    kind: Literal["bilbo", "scout", "eagle", "elf"]
    steps: int = Field(ge=1)


class DwarfRun(_Card):
    kind: Literal["dwarf_run"]


class GandalfCard(_Card):
    kind: Literal["gandalf"]


class SmaugCard(_Card):
    kind: Literal["smaug"]
    base: int = Field(ge=0)
    bonus: int = Field(ge=0)
    red: bool = False

    @model_validator(mode="after")
    def _red_in_supply(self) -> SmaugCard:
        if self.red != (self.deck in SUPPLY_DECKS):
            raise ValueError("Smaug cards are red in the supply decks and not red as Erebor events")
        return self


class Reduce(_Card):
    kind: Literal["reduce"]
    amount: int = Field(ge=1)


class Crown(_Card):
    kind: Literal["crown"]
    extra: int = Field(ge=0)


class Arkenstone(_Card):
    kind: Literal["arkenstone"]


class Mithril(_Card):
    kind: Literal["mithril"]


class DwarfGold(_Card):
    kind: Literal["dwarf_gold"]
    steps: int = Field(ge=1)


class Arrow(_Card):
    kind: Literal["arrow"]
    hit_from: int = Field(ge=1, le=6)


class Enemy(_Card):
    kind: Literal["enemy"]
    strength: int = Field(ge=1)
    chain: bool = False


class Web(_Card):
    kind: Literal["web"]
    colours: tuple[Colour, Colour]


class Barrel(_Card):
    kind: Literal["barrel"]


class Sorrow(_Card):
    kind: Literal["sorrow"]
    discards: int = Field(ge=1)
    whole_hand_from: int = Field(ge=1, le=7)


class Backward(_Card):
    kind: Literal["stream", "rockfall"]
    back: int = Field(ge=1)


class Passage(_Card):
    kind: Literal["passage"]
    forward: int = Field(ge=1)


class RingSlips(_Card):
    kind: Literal["ring_slips"]


class Thrush(_Card):
    """The affected player draws one Treasury card, or one from Beorn's House (H5.9)."""

    kind: Literal["thrush"]


Card = Annotated[
    FightCard
    | StepCard
    | DwarfRun
    | GandalfCard
    | SmaugCard
    | Reduce
    | Crown
    | Arkenstone
    | Mithril
    | DwarfGold
    | Arrow
    | Enemy
    | Web
    | Barrel
    | Sorrow
    | Backward
    | Passage
    | RingSlips
    | Thrush,
    Field(discriminator="kind"),
]
AnyCard = (
    FightCard
    | StepCard
    | DwarfRun
    | GandalfCard
    | SmaugCard
    | Reduce
    | Crown
    | Arkenstone
    | Mithril
    | DwarfGold
    | Arrow
    | Enemy
    | Web
    | Barrel
    | Sorrow
    | Backward
    | Passage
    | RingSlips
    | Thrush
)
TreasureCard = Reduce | Crown | Arkenstone | Mithril | DwarfGold | Arrow

_SUPPLY_HAND = ("beorn", "esgaroth")
_ADVENTURE = ("mirkwood", "erebor")
_DECKS_OF_KIND: dict[str, tuple[str, ...]] = {
    "dwarf": _SUPPLY_HAND,
    "ally": _SUPPLY_HAND,
    "bilbo": _SUPPLY_HAND,
    "scout": _SUPPLY_HAND,
    "eagle": _SUPPLY_HAND,
    "elf": _SUPPLY_HAND,
    "dwarf_run": _SUPPLY_HAND,
    "gandalf": _SUPPLY_HAND,
    "smaug": ("beorn", "esgaroth", "erebor"),
    "reduce": ("treasury",),
    "crown": ("treasury",),
    "arkenstone": ("treasury",),
    "mithril": ("treasury",),
    "dwarf_gold": ("treasury",),
    "arrow": ("treasury",),
    "enemy": _ADVENTURE,
    "web": ("mirkwood",),
    "barrel": _ADVENTURE,
    "sorrow": _ADVENTURE,
    "stream": _ADVENTURE,
    "rockfall": _ADVENTURE,
    "passage": _ADVENTURE,
    "ring_slips": ("erebor",),
    "thrush": _ADVENTURE,
}
"""Where each kind of card may lie: fight and movement cards in hand decks, Treasury cards in
the Treasury, adventures in the adventure decks."""

_CARD: TypeAdapter[AnyCard] = TypeAdapter(Card)
_BOARD: TypeAdapter[BoardFile] = TypeAdapter(BoardFile)


# -- loading ---------------------------------------------------------------------------------------
def _read(path: Path | Any) -> dict[str, Any]:
    try:
        data: dict[str, Any] = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise HobbitDataError(f"{path.name}: not valid TOML: {exc}") from None
    return data


def _problems(exc: ValidationError, *, union: bool = True) -> str:
    """Pydantic's errors in one line, each with its place in the entry (for a card, the kind's
    own branch of the union left out: ``values: …``, not ``dwarf.values: …``)."""
    parts = []
    for err in exc.errors()[:4]:
        loc = [str(p) for p in err["loc"] if not union or str(p) not in _DECKS_OF_KIND]
        where = ".".join(loc)
        parts.append(f"{where}: {err['msg']}" if where else err["msg"])
    return "; ".join(parts)


def load_board(path: Path | Any) -> Board:
    """The board of a ``board.toml``; a ``HobbitDataError`` naming the file and the table."""
    data = _read(path)
    try:
        found = _BOARD.validate_python(data)
    except ValidationError as exc:
        raise HobbitDataError(f"{path.name}: {_problems(exc, union=False)}") from None
    kinds = tuple(found.track.special.get(i, found.track.default) for i in range(found.track.size))
    g = found.gandalf
    return Board(
        kinds=kinds,
        smaug_path=found.smaug.path,
        smaug_red_extra=dict(found.smaug.red_extra),
        difficulty={level: dict(sizes) for level, sizes in found.difficulty.items()},
        gandalf_stops=g.stops,
        gandalf_fight={deck: stop for deck, stop in g.fight.items()},
        gandalf_web=g.web,
        gandalf_attack=g.attack,
        gandalf_calm=g.calm,
        colours=found.figures.colours,
        movement_values=found.figures.movement_values,
        numbers=found.numbers,
    )


def _label(entry: Mapping[str, Any], number: int) -> str:
    ident, name = entry.get("id"), entry.get("name")
    label = f"card {ident}" if ident else f"card #{number}"
    return f"{label} ({name})" if isinstance(name, str) else label


def load_cards(path: Path | Any) -> dict[str, AnyCard]:
    """The card types of a ``cards.toml`` by id, in file order. A broken entry raises
    ``HobbitDataError`` naming the file, the card and what is wrong."""
    entries = _read(path).get("card")
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise HobbitDataError(f"{path.name}: expected [[card]] entries")
    cards: dict[str, AnyCard] = {}
    for number, entry in enumerate(entries, 1):
        what = _label(entry, number)
        try:
            card = _CARD.validate_python(entry)
        except ValidationError as exc:
            raise HobbitDataError(f"{path.name}: {what}: {_problems(exc)}") from None
        if card.id in cards:
            raise HobbitDataError(f"{path.name}: {what}: the id {card.id} is used twice")
        cards[card.id] = card
    missing = [deck for deck in DECK_PREFIX if not any(c.deck == deck for c in cards.values())]
    if missing:
        raise HobbitDataError(f"{path.name}: no cards in the deck(s) {', '.join(missing)}")
    return cards


def check_red_steps(board: Board, cards: Mapping[str, AnyCard]) -> None:
    """The single cards ``[smaug.red_extra]`` and ``[difficulty]`` name must be red Smaug cards
    (the two files are read apart, so this is checked once both are)."""
    named = [
        (f"smaug.red_extra.{seats}", steps) for seats, steps in board.smaug_red_extra.items()
    ] + [
        (f"difficulty.{level}.{seats}", steps)
        for level, sizes in board.difficulty.items()
        for seats, steps in sizes.items()
    ]
    for where, steps in named:
        for card in steps.cards:
            found = cards.get(card)
            if not (isinstance(found, SmaugCard) and found.red):
                raise HobbitDataError(f"board.toml: {where}.cards: {card} is not a red Smaug card")


_HERE = resources.files("engine.games.hobbit")
BOARD: Board = load_board(_HERE / "board.toml")
CARDS: dict[str, AnyCard] = load_cards(_HERE / "cards.toml")
"""Every card type, by id (BH01 … ER15)."""
check_red_steps(BOARD, CARDS)
