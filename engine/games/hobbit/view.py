"""What a Hobbit seat or a spectator sees — the one place that decides visibility (H9).

Public: every figure's place, the entangled and dead markers, the ring, the door, the Key,
Gandalf and Smaug; the movement cards; hand and deck sizes (zones through ``seen_by``), face-up
enemies, the discard pile, the box and the cards in play; the round, the active player, the
phase and the pending decision with its owner and public context (fight submissions made,
the window's pending movement, phase 3's entitlements, the trade counters). Private: a seat's
own hand, and a pending offer's contents for the two traders.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated

from pydantic import Field, TypeAdapter

from engine.games.hobbit.adventures import doubling_allowed
from engine.games.hobbit.board import GANDALF_STOPS, red_extra, red_steps
from engine.games.hobbit.cards import card_of, move_card
from engine.games.hobbit.data import BOARD, Colour, Enemy
from engine.games.hobbit.state import (
    WON,
    AnyDecision,
    AttackDecision,
    DrawPhase,
    EndReason,
    FightDecision,
    Figure,
    HobbitState,
    Ring,
    ScoutChoice,
    SmaugWindow,
    SorrowDecision,
    Submission,
    TargetChoice,
    TradeReply,
)
from engine.kits.zones import ZoneView


@dataclass(frozen=True, slots=True)
class SeatView:
    seat: int
    colour: Colour
    hand: ZoneView[str]
    """The count for everyone; the cards for the seat itself."""
    move_cards: tuple[tuple[str, bool], ...]
    """Each movement card and whether it is face up."""
    key: bool


@dataclass(frozen=True, slots=True)
class DecisionView:
    """The decision on top of the agenda, with what everyone may know of it."""

    kind: str
    seats: tuple[int, ...]
    card: str | None = None
    """The card being resolved: the enemy, the adventure, the Smaug card, the Scouting card."""
    space: int | None = None
    strength: int | None = None
    party: tuple[str, ...] = ()
    options: tuple[str, ...] = ()
    """A target choice's eligible figures."""
    after: tuple[int, ...] = ()
    """The fighting players still to submit after the one deciding."""
    submitted: tuple[Submission, ...] = ()
    doubling: bool = False
    """Whether the active player may double a card in this fight."""
    die: int | None = None
    count: int | None = None
    """Cards a Sorrow discard takes."""
    draws_left: int | None = None
    esgaroth: int | None = None
    treasury: int | None = None
    pending: int | None = None
    bonus: int | None = None
    passes: int | None = None
    mithril: bool = False
    offerer: int | None = None
    give: str | None = None
    """A trade offer's item and price: for the two traders only."""
    price: tuple[str, ...] | None = None


@dataclass(frozen=True, slots=True)
class HobbitView:
    seat: int | None
    seats: tuple[SeatView, ...]
    round: int
    max_rounds: int
    red_extra: int
    """Spaces every red Smaug card adds (fewer when negative) at this table in this game's card
    edition and difficulty, unless ``red_cards`` names it."""
    active: int
    phase: str
    """The active player's phase: ``p1``, ``p2``, ``p3``, ``limit``, or ``over``."""
    decision: DecisionView | None
    figures: tuple[Figure, ...]
    ring: Ring
    smaug: int | None
    """Smaug's space; ``None`` in his lair."""
    gandalf: str
    door_open: bool
    key: int | None
    """The seat holding Thorin's Key; ``None`` once it is in the box."""
    decks: dict[str, ZoneView[str]]
    """Each deck: its face-down cards, counted only."""
    face_up: dict[str, str | None]
    discard: ZoneView[str]
    box: ZoneView[str]
    in_play: ZoneView[str]
    trade_offers: int
    trade_done: bool
    end: EndReason | None
    won: bool | None
    red_cards: Annotated[dict[str, int] | None, Field(exclude_if=lambda cards: cards is None)] = None
    """The red Smaug card types that add another number of spaces than ``red_extra``, by id;
    ``None`` when none does (left out of a written view, so such a view is written as before
    red cards could differ)."""


VIEW_ADAPTER: TypeAdapter[HobbitView] = TypeAdapter(HobbitView)


def _decision(state: HobbitState, seat: int | None, d: AnyDecision) -> DecisionView:
    if isinstance(d, FightDecision):
        enemy = card_of(d.card)
        assert isinstance(enemy, Enemy)
        return DecisionView(
            d.kind,
            d.seats,
            card=d.card,
            space=d.space,
            strength=enemy.strength,
            party=d.party,
            after=d.after,
            submitted=d.submitted,
            doubling=doubling_allowed(state, d),
        )
    if isinstance(d, TargetChoice):
        return DecisionView(d.kind, d.seats, card=d.card, space=d.space, options=tuple(map(str, d.options)))
    if isinstance(d, ScoutChoice):
        return DecisionView(d.kind, d.seats, card=d.card, die=d.die)
    if isinstance(d, SorrowDecision):
        return DecisionView(d.kind, d.seats, card=d.card, count=d.count)
    if isinstance(d, DrawPhase):
        return DecisionView(
            d.kind, d.seats, draws_left=d.draws_left, esgaroth=d.esgaroth, treasury=d.treasury
        )
    if isinstance(d, SmaugWindow):
        return DecisionView(
            d.kind, d.seats, card=d.card, pending=d.pending, bonus=d.bonus, passes=d.passes, mithril=d.mithril
        )
    if isinstance(d, TradeReply):
        traders = seat is not None and seat in (d.offerer, d.seats[0])
        return DecisionView(
            d.kind,
            d.seats,
            offerer=d.offerer,
            give=d.give if traders else None,
            price=d.price if traders else None,
        )
    if isinstance(d, AttackDecision):
        return DecisionView(d.kind, d.seats, party=(d.figure,), space=state.smaug)
    return DecisionView(d.kind, d.seats)


def make_view(state: HobbitState, seat: int | None) -> HobbitView:
    options = state.options
    common = red_steps(state.seats, options.edition, options.difficulty).beorn
    extra = red_extra(state.seats, options.edition, options.difficulty)
    seats = tuple(
        SeatView(
            s,
            colour,
            state.hands[s].seen_by(seat),
            tuple(
                (move_card(colour, v), up)
                for v, up in zip(BOARD.movement_values, state.move_cards[s], strict=True)
            ),
            state.key == s,
        )
        for s, colour in enumerate(state.colours)
    )
    return HobbitView(
        seat=seat,
        seats=seats,
        round=state.round,
        max_rounds=state.options.max_rounds,
        red_extra=common,
        active=state.active,
        phase="over" if state.over else state.agenda[0].kind,
        decision=_decision(state, seat, state.agenda[-1]) if state.agenda else None,
        figures=state.figures,
        ring=state.ring,
        smaug=state.smaug,
        gandalf=GANDALF_STOPS[state.gandalf],
        door_open=state.door_open,
        key=state.key,
        decks={name: deck.seen_by(seat) for name, deck in state.decks()},
        face_up={"mirkwood": state.face_up[0], "erebor": state.face_up[1]},
        discard=state.discard.seen_by(seat),
        box=state.box.seen_by(seat),
        in_play=state.in_play.seen_by(seat),
        trade_offers=state.trade_offers,
        trade_done=state.trade_done,
        end=state.end,
        won=None if state.end is None else state.end in WON,
        red_cards={c: n for c, n in extra.items() if n != common} or None,
    )
