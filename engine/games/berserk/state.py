"""One Berserk position. Plain data; the rules never change it, they build a new one."""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter

from engine.core.decisions import Decision
from engine.core.rng import Rng
from engine.core.stored import Counter, Small
from engine.games.berserk.board import CELLS
from engine.games.berserk.cards import CARDS, DECK_SIZE, DECKS
from engine.kits.build import builder, changer
from engine.kits.resolution import Resolution

ROUND_CAP = 20
"""B58: the game ends after this many rounds (an option, a positive integer)."""
MAX_ROUND_CAP = 200
SEATS = 2


def _one_of(known: Collection[str], what: str) -> Callable[[str], str]:
    def check(value: str) -> str:
        if value not in known:
            raise ValueError(f"{value!r} is not {what}")
        return value

    return check


# The bounds of a stored position's fields, from the game's data.
Seat = Annotated[int, Field(ge=0, lt=SEATS)]
Cell = Annotated[str, AfterValidator(_one_of(frozenset(CELLS), "a cell of the field"))]
CardId = Annotated[str, AfterValidator(_one_of(CARDS, "a card"))]
DeckId = Annotated[str, AfterValidator(_one_of(DECKS, "a deck"))]
Uid = Annotated[str, Field(pattern=r"^P[12]\.[a-z][a-z_]*\.[1-9][0-9]?$")]
"""A recruited card's instance id: role, card, copy number (``P1.nomad.2``)."""
MAX_RECRUITS = DECK_SIZE
"""Cards a seat recruits at most: its whole deck."""
MAX_MOVES = max(card.moves for card in CARDS.values())
MAX_COUNTERS = max(card.max_counters for card in CARDS.values())

Phase = Literal["deck", "seat", "recruit", "place", "play", "over"]
"""Setup (B13–B17) one submission after another, then play from the Reveal (B18) on."""
Stage = Literal["reveal", "muster", "start", "main"]
"""Where play stands, so the resolution loop knows what follows it: the Reveal's or a Muster's
Hire triggers (then P1's start step), a start step (then the main phase), the main phase."""
Zone = Literal["reserve", "field", "graveyard"]
EndReason = Literal["defeat", "round_cap", "resigned"]
Role = Literal[0, 1]
"""0 for P1, who takes the first turn of every round; 1 for P2 (B14)."""


BUDGET_EDITION = 2
"""The budgets a new game is played with: 1, the classic 24 gold + 22 silver for every deck
(games begun before decks had budgets of their own keep it); 2, each deck's own (decks.toml,
tuned for balance: docs/berserk-balance.md)."""


class BerserkOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    round_cap: int = Field(ROUND_CAP, ge=1, le=MAX_ROUND_CAP)
    edition: int = Field(BUDGET_EDITION, ge=1, le=BUDGET_EDITION)
    """The budgets' edition (``BUDGET_EDITION``)."""


@dataclass(frozen=True, slots=True)
class StrikeMod:
    """A temporary "+N strike" on the creature that carries it (B49, B53)."""

    creator: Annotated[str, Field(max_length=100)]
    amount: Annotated[int, Field(ge=-1000, le=1000)]
    expires: Annotated[int, Field(ge=0, le=2 * MAX_ROUND_CAP + 2)]
    """The number of the turn at whose end it expires (B24)."""
    serial: Counter
    """Creation order, game-wide."""


@dataclass(frozen=True, slots=True)
class Creature:
    """A recruited card (B10). ``uid`` is ``P1.nomad.2``: role, card, copy number."""

    uid: Uid
    card: CardId
    owner: Seat
    """The owner's seat."""
    zone: Zone
    cell: Cell | None = None
    closed: bool = False
    wounds: Small = 0
    counters: Annotated[int, Field(ge=0, le=MAX_COUNTERS)] = 0
    poison: Small = 0
    moves: Annotated[int, Field(ge=0, le=MAX_MOVES)] = 0
    """Moves left this turn."""
    struck: bool = False
    """Declared a strike this turn (B27)."""
    defended: Small = 0
    """Times it defended this turn (B29)."""
    mods: Annotated[tuple[StrikeMod, ...], Field(max_length=100)] = ()

    @property
    def on_field(self) -> bool:
        return self.zone == "field"

    @property
    def copy(self) -> int:
        return int(self.uid.rsplit(".", 1)[1])


@dataclass(frozen=True, slots=True)
class MusterChoice:
    """B19: a card from the reserve to a cell, or nothing (``card`` is ``None``)."""

    card: Uid | None = None
    cell: Cell | None = None


@dataclass(frozen=True, slots=True)
class Side:
    """One seat's setup, secret until revealed (B60)."""

    deck: DeckId | None = None
    recruits: Annotated[tuple[CardId, ...], Field(max_length=MAX_RECRUITS)] | None = None
    """The recruited card ids, in the order listed (copies numbered in that order, B16)."""
    placement: Annotated[tuple[tuple[Uid, str], ...], Field(max_length=MAX_RECRUITS)] | None = None
    """``(uid, cell or "reserve")`` for every recruited card, once placed (B17)."""
    muster: MusterChoice | None = None
    """The submitted Muster choice, until both seats have chosen."""


# -- what the game waits for (``engine.core.decisions``) --------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class DeckChoice(Decision):
    kind: Literal["choose_deck"] = "choose_deck"
    secret: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatChoice(Decision):
    kind: Literal["choose_seat"] = "choose_seat"


@dataclass(frozen=True, slots=True, kw_only=True)
class Recruitment(Decision):
    kind: Literal["recruit"] = "recruit"
    secret: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class Placement(Decision):
    kind: Literal["place"] = "place"
    secret: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class MusterCall(Decision):
    kind: Literal["muster"] = "muster"
    secret: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class MainPhase(Decision):
    kind: Literal["main"] = "main"


@dataclass(frozen=True, slots=True, kw_only=True)
class DefenderStep(Decision):
    """B28: the struck creature's owner may assign a defender to the strike ``strike``."""

    kind: Literal["assign_defender"] = "assign_defender"
    options: Annotated[tuple[Uid | None, ...], Field(max_length=MAX_RECRUITS + 1)] = ()
    strike: Counter
    """The strike's ref on the stack."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TriggerDeclaration(Decision):
    """B41: the seat lists its raised triggers, with targets, in queue order."""

    kind: Literal["order_triggers"] = "order_triggers"


@dataclass(frozen=True, slots=True, kw_only=True)
class ResponseWindow(Decision):
    """B42: the seat declares an instant or passes."""

    kind: Literal["respond"] = "respond"


BerserkDecision = Annotated[
    DeckChoice
    | SeatChoice
    | Recruitment
    | Placement
    | MusterCall
    | MainPhase
    | DefenderStep
    | TriggerDeclaration
    | ResponseWindow,
    Field(discriminator="kind"),
]
SIMULTANEOUS = frozenset({"choose_deck", "recruit", "place", "muster"})
"""The secret submissions of B63: one decision per seat still to submit, all pending at once."""


@dataclass(slots=True)
class BerserkState:
    rng: Rng
    options: BerserkOptions
    phase: Phase
    sides: tuple[Side, Side] = (Side(), Side())
    first: Seat | None = None
    """The seat of P1 once chosen (B14)."""
    creatures: Annotated[tuple[Creature, ...], Field(max_length=SEATS * MAX_RECRUITS)] = ()
    """Every recruited card from the Reveal on, in recruitment order, P1's first."""
    round: Annotated[int, Field(ge=0, le=MAX_ROUND_CAP)] = 0
    active: Seat = 0
    """The seat of the active player (P1 during the Reveal and a Muster)."""
    stage: Stage = "reveal"
    resolution: Resolution = field(default_factory=Resolution)
    agenda: Annotated[tuple[BerserkDecision, ...], Field(max_length=SEATS)] = ()
    """What the game waits for now: one decision, or one per seat in a simultaneous phase."""
    serial: Counter = 0
    """The last serial given to a temporary modifier."""
    winner: Seat | Literal["draw"] | None = None
    end: EndReason | None = None


# Every field given positionally, in order: ``dataclasses.replace`` walks and checks every field
# and calls ``__init__`` by keyword, several times the cost, and the resolution loop changes a
# position's resolution several times per action. A creature is made without the frozen
# ``__init__`` (``engine.kits.build``): almost every action makes one.
new_creature: Callable[..., Creature] = builder(Creature)
"""``Creature(uid, card, owner, zone, cell, closed, wounds, counters, poison, moves, struck,
defended, mods)``, every field given in order."""


changed_creature: Callable[..., Creature] = changer(Creature, new_creature)
"""``dataclasses.replace`` for a creature, several times faster."""


def with_resolution(s: BerserkState, resolution: Resolution) -> BerserkState:
    return BerserkState(
        s.rng, s.options, s.phase, s.sides, s.first, s.creatures, s.round, s.active, s.stage,
        resolution, s.agenda, s.serial, s.winner, s.end,
    )  # fmt: skip


def with_creatures(s: BerserkState, creatures: tuple[Creature, ...]) -> BerserkState:
    return BerserkState(
        s.rng, s.options, s.phase, s.sides, s.first, creatures, s.round, s.active, s.stage,
        s.resolution, s.agenda, s.serial, s.winner, s.end,
    )  # fmt: skip


def with_agenda(s: BerserkState, agenda: tuple[BerserkDecision, ...]) -> BerserkState:
    return BerserkState(
        s.rng, s.options, s.phase, s.sides, s.first, s.creatures, s.round, s.active, s.stage,
        s.resolution, agenda, s.serial, s.winner, s.end,
    )  # fmt: skip


changed: Callable[..., BerserkState] = changer(BerserkState)
"""``dataclasses.replace`` for a position, several times faster (the ``with_`` functions above
change the fields changed most often, positionally)."""

STATE_ADAPTER: TypeAdapter[BerserkState] = TypeAdapter(BerserkState)
