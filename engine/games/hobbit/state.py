"""One Hobbit position, and the decisions it waits on. Plain data: the rules never change a
state they returned; ``apply`` works on a shallow copy whose fields it replaces."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    TypeAdapter,
    WrapSerializer,
    field_validator,
)

from engine.core.decisions import Decision
from engine.core.rng import Rng
from engine.core.stored import SMALL, Small
from engine.games.hobbit.data import BOARD, DECK_PREFIX, AdventureDeck, Colour, DeckName, Difficulty
from engine.kits.zones import Deck, Zone

EndReason = Literal[
    "erebor_reached",
    "smaug_slain",
    "smaug_reached_esgaroth",
    "dwarves_lost",
    "bilbo_killed",
    "round_limit",
    "resigned",
]
"""Why the game ended: H8.7 (every player and Bilbo on FINISH; Bard's Arrow), H8.8 (Smaug on
the dragon space; a player's two dwarves dead; bare Bilbo killed), H8.10, or a resignation."""
WON: frozenset[str] = frozenset({"erebor_reached", "smaug_slain"})

MAX_SEATS = len(BOARD.colours)
MAX_ROUNDS = 1000
Seat = Annotated[int, Field(ge=0, lt=MAX_SEATS)]
Space = Annotated[int, Field(ge=0, lt=BOARD.size)]
"""A track space's index: the bounds of a stored state's spaces."""
Name = Annotated[str, Field(max_length=20)]
"""A card instance or figure id (``BH02#3``, ``R1``)."""
Few = Annotated[tuple[Name, ...], Field(max_length=len(BOARD.colours) * 2 + 1)]
"""Figures or cards of one decision: a party, a price."""

Ring = Space | Literal["bilbo", "treasury"]
"""Where the ring is (H1.5): on Bilbo, lying on a track space, or in the Treasury."""
DECK_NAMES: tuple[DeckName, ...] = tuple(DECK_PREFIX)  # type: ignore[arg-type]


def _colours(value: Any) -> Any:
    """``"RYB"``, ``"R Y B"`` or ``"R,Y,B"`` for ``["R", "Y", "B"]``."""
    if isinstance(value, str):
        return [c for c in value.upper() if c not in " ,"]
    return value


CURRENT_EDITION = 3
"""The card data a new game is played with. A game keeps the edition it began with, so a stored
game replays as it was played: each entry of ``[smaug.red_extra]`` in board.toml names the
edition it came with (edition 2: two players, edition 3: four players); edition 1 has none."""


class HobbitOptions(BaseModel):
    """H2.2 the seats' colours (empty: R, Y, B, G in seat order), H8.10 the round limit, the
    card edition and the difficulty (``[difficulty]`` in board.toml)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    colours: Annotated[tuple[Colour, ...], BeforeValidator(_colours)] = ()
    max_rounds: int = Field(BOARD.numbers.max_rounds, ge=1, le=MAX_ROUNDS)
    edition: int = Field(CURRENT_EDITION, ge=1, le=CURRENT_EDITION)
    difficulty: Difficulty = "normal"
    """Last, so the other options keep their order wherever they are written."""

    @field_validator("colours")
    @classmethod
    def _each_once(cls, colours: tuple[Colour, ...]) -> tuple[Colour, ...]:
        if len(set(colours)) != len(colours):
            raise ValueError("a colour may be taken by one seat only")
        return colours


def _snapshot_options(options: HobbitOptions, handler: SerializerFunctionWrapHandler) -> Any:
    """A position's options as its snapshot writes them: the difficulty only when it is not
    normal, so a normal game's snapshots are byte for byte those written before there were
    difficulties (its stored snapshots, exports and the recorded digests still match)."""
    data = handler(options)
    if options.difficulty == "normal":
        del data["difficulty"]
    return data


@dataclass(frozen=True, slots=True)
class Figure:
    """A dwarf or Bilbo (H0). ``pos`` is a track index, ``None`` once dead."""

    id: Name
    seat: Seat | None
    """The owner; ``None`` for Bilbo (his affected player is the active one, H5.6)."""
    pos: Space | None
    entangled: bool = False


@dataclass(frozen=True, slots=True)
class CardUse:
    """A fight card as submitted, with the value used (the player's pick for a dual card)."""

    card: Name
    value: Small


@dataclass(frozen=True, slots=True)
class Submission:
    """One fighting player's public submission (H5.3)."""

    seat: Seat
    cards: Annotated[tuple[CardUse, ...], Field(max_length=SMALL)]


# -- what the game waits for (``engine.core.decisions``) ---------------------------------------
@dataclass(frozen=True, slots=True, kw_only=True)
class MoveCardPhase(Decision):
    """H3.2: phase 1, the movement card (``free_web`` and ``open_door`` may come first)."""

    kind: Literal["p1"] = "p1"
    secret: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayPhase(Decision):
    """H3.3: phase 2, any number of plays, then ``end_phase2``."""

    kind: Literal["p2"] = "p2"
    secret: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class DrawPhase(Decision):
    """H3.5: phase 3, ``draws_left`` draws, with the unused Esgaroth and Treasury entitlements."""

    kind: Literal["p3"] = "p3"
    draws_left: Annotated[int, Field(ge=0, le=BOARD.numbers.draws)]
    esgaroth: Small = 0
    treasury: Small = 0


@dataclass(frozen=True, slots=True, kw_only=True)
class HandLimit(Decision):
    """H3.6: the active player discards down to the hand limit."""

    kind: Literal["limit"] = "limit"
    secret: bool = True


@dataclass(frozen=True, slots=True, kw_only=True)
class TargetChoice(Decision):
    """H5.6: the active player picks the party figure ``card`` (an adventure on ``space``)
    affects, among ``options``."""

    kind: Literal["target"] = "target"
    card: Name
    space: Space


@dataclass(frozen=True, slots=True, kw_only=True)
class ScoutChoice(Decision):
    """H4.9: after a Scouting die of ``die``, an own dwarf moves that far, or nothing does."""

    kind: Literal["scout"] = "scout"
    card: Name
    die: Annotated[int, Field(ge=1, le=6)]


@dataclass(frozen=True, slots=True, kw_only=True)
class FightDecision(Decision):
    """H5.3: the fight against ``card`` on ``space``; ``seats`` holds the one player who
    submits now, ``after`` those who submit later (the active player last)."""

    kind: Literal["fight"] = "fight"
    secret: bool = True
    card: Name
    space: Space
    party: Few
    trigger: Name
    after: Annotated[tuple[Seat, ...], Field(max_length=MAX_SEATS)]
    submitted: Annotated[tuple[Submission, ...], Field(max_length=MAX_SEATS)] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackDecision(Decision):
    """H7.5: ``figure`` ended on Smaug's space; the active player breaks the armour and pushes."""

    kind: Literal["attack"] = "attack"
    secret: bool = True
    figure: Name


@dataclass(frozen=True, slots=True, kw_only=True)
class SorrowDecision(Decision):
    """H5.9: the affected player discards ``count`` cards of their choice."""

    kind: Literal["sorrow"] = "sorrow"
    secret: bool = True
    card: Name
    count: Small


@dataclass(frozen=True, slots=True, kw_only=True)
class TradeReply(Decision):
    """H3.4: the partner answers ``offerer``'s offer of ``give`` for the ``price``. The contents
    are shown only to the two traders."""

    kind: Literal["trade_reply"] = "trade_reply"
    secret: bool = True
    offerer: Seat
    give: Name
    price: Few


@dataclass(frozen=True, slots=True, kw_only=True)
class SmaugWindow(Decision):
    """H6.2: the window after Smaug ``card`` was revealed. ``seats``: the player to play a
    Treasury card or pass now; ``passes`` in a row so far; ``bonus`` added at the reveal."""

    kind: Literal["window"] = "window"
    secret: bool = True
    card: Name
    pending: Small
    bonus: Small
    passes: Small = 0
    mithril: bool = False
    to_box: bool = False
    """An Erebor event goes to the box afterwards, a supply card to the discard pile (H7.2)."""


HobbitDecision = Annotated[
    MoveCardPhase
    | PlayPhase
    | DrawPhase
    | HandLimit
    | TargetChoice
    | ScoutChoice
    | FightDecision
    | AttackDecision
    | SorrowDecision
    | TradeReply
    | SmaugWindow,
    Field(discriminator="kind"),
]
AnyDecision = (
    MoveCardPhase
    | PlayPhase
    | DrawPhase
    | HandLimit
    | TargetChoice
    | ScoutChoice
    | FightDecision
    | AttackDecision
    | SorrowDecision
    | TradeReply
    | SmaugWindow
)


@dataclass(slots=True)
class HobbitState:
    rng: Rng
    options: Annotated[HobbitOptions, WrapSerializer(_snapshot_options)]
    colours: Annotated[tuple[Colour, ...], Field(min_length=2, max_length=MAX_SEATS)]
    """Each seat's colour (H2.2)."""
    figures: Annotated[tuple[Figure, ...], Field(max_length=2 * MAX_SEATS + 1)]
    """The dwarves of the colours in play in id order, then Bilbo."""
    ring: Ring
    smaug: Space | None
    """Smaug's space, ``None`` in his lair (H1.2)."""
    gandalf: Annotated[int, Field(ge=0, lt=len(BOARD.gandalf_stops))]
    """Gandalf's stop, an index into ``board.toml``'s stops."""
    door_open: bool
    key: Seat | None
    """The seat holding Thorin's Key; ``None`` once the door is open and the Key boxed."""
    beorn: Deck[str]
    esgaroth: Deck[str]
    treasury: Deck[str]
    mirkwood: Deck[str]
    erebor: Deck[str]
    face_up: tuple[Name | None, Name | None]
    """The enemy lying face up on top of the Mirkwood and the Erebor deck (H5.4), if any."""
    discard: Zone[str]
    box: Zone[str]
    in_play: Zone[str]
    """Adventure and Smaug cards revealed and still resolving (a fight, a window, a choice),
    face up for everyone; each goes to the box, the discard pile or its deck afterwards."""
    hands: Annotated[tuple[Zone[str], ...], Field(max_length=MAX_SEATS)]
    move_cards: Annotated[
        tuple[Annotated[tuple[bool, ...], Field(max_length=len(BOARD.movement_values))], ...],
        Field(max_length=MAX_SEATS),
    ]
    """Per seat, whether each movement card (values in ``board.toml`` order) is face up."""
    round: Annotated[int, Field(ge=1, le=MAX_ROUNDS)] = 1
    active: Seat = 0
    trade_offers: Annotated[int, Field(ge=0, le=BOARD.numbers.trade_offers)] = 0
    """Offers made this turn (H3.4), declined ones included."""
    trade_done: bool = False
    agenda: Annotated[tuple[HobbitDecision, ...], Field(max_length=8)] = ()
    """Bottom first: the active player's phase, with interruptions on top (H6)."""
    end: EndReason | None = None

    def working_copy(self) -> HobbitState:
        """A shallow copy for ``apply`` to change field by field (built positionally: a move
        makes one, and ``copy.copy`` costs several times as much)."""
        return HobbitState(
            self.rng,
            self.options,
            self.colours,
            self.figures,
            self.ring,
            self.smaug,
            self.gandalf,
            self.door_open,
            self.key,
            self.beorn,
            self.esgaroth,
            self.treasury,
            self.mirkwood,
            self.erebor,
            self.face_up,
            self.discard,
            self.box,
            self.in_play,
            self.hands,
            self.move_cards,
            self.round,
            self.active,
            self.trade_offers,
            self.trade_done,
            self.agenda,
            self.end,
        )

    @property
    def seats(self) -> int:
        return len(self.colours)

    @property
    def over(self) -> bool:
        return self.end is not None

    def deck(self, name: DeckName) -> Deck[str]:
        deck: Deck[str] = getattr(self, name)
        return deck

    def decks(self) -> Iterator[tuple[DeckName, Deck[str]]]:
        for name in DECK_NAMES:
            yield name, getattr(self, name)

    def figure(self, figure_id: str) -> Figure:
        for f in self.figures:
            if f.id == figure_id:
                return f
        raise KeyError(figure_id)

    def up(self, deck: AdventureDeck) -> str | None:
        return self.face_up[0 if deck == "mirkwood" else 1]

    @property
    def bilbo(self) -> Figure:
        return self.figures[-1]

    @property
    def ring_on(self) -> bool:
        return self.ring == "bilbo"


STATE_ADAPTER: TypeAdapter[HobbitState] = TypeAdapter(HobbitState)
