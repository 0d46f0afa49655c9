"""The table as one seat reads it from its ``HobbitView``: where every figure stands, who owns
what, Smaug and Gandalf, the seat's own hand, and what is left in each adventure deck (every
card of a deck that is not face up, in play or in the box). Nothing here sees more than the
view: the other hands are counts, the decks' orders unknown.

A ``Table`` is cheap to copy with one figure moved or Smaug elsewhere, which is how the
policy asks "what if" (``moved``, ``with_smaug``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache

from engine.games.hobbit.board import (
    BILBO,
    CAPACITY,
    FINISH,
    GANDALF_STOPS,
    KEY_SPACE,
    RUNE,
    adventure_deck,
    steps_to_dragon,
    unlimited,
)
from engine.games.hobbit.cards import INSTANCES, is_fight, type_of
from engine.games.hobbit.data import AdventureDeck, AnyCard
from engine.games.hobbit.view import HobbitView


@dataclass(frozen=True, slots=True)
class Piece:
    """A figure as the table stands: ``pos`` ``None`` once dead."""

    id: str
    seat: int | None
    pos: int | None
    entangled: bool


@dataclass(frozen=True, slots=True)
class Table:
    seat: int
    seats: int
    active: int
    pieces: tuple[Piece, ...]
    ring: int | str
    smaug: int | None
    gandalf: str
    door_open: bool
    key: int | None
    hand: tuple[str, ...]
    hand_sizes: tuple[int, ...]
    remaining: dict[str, tuple[str, ...]]
    """Per adventure deck, the face-down card types still in it (order unknown)."""
    face_up: dict[str, str | None]
    unseen_red: dict[str, int]
    """Red Smaug card types of each supply deck not yet in the discard pile, box or play."""
    supply_counts: dict[str, int]
    red_extra: Mapping[str, int]
    """Spaces each red Smaug card type adds at this table, by id."""
    rounds_left: int
    """Rounds still to come after this one before the round limit ends the game (H8.10)."""

    # -- reading ------------------------------------------------------------------------------
    def piece(self, figure: str) -> Piece:
        for p in self.pieces:
            if p.id == figure:
                return p
        raise KeyError(figure)

    @property
    def bilbo(self) -> Piece:
        return self.pieces[-1]

    @property
    def ring_on(self) -> bool:
        return self.ring == "bilbo"

    @property
    def webs_need_cards(self) -> bool:
        """Ring-Bilbo frees no more webs (he is home, H4.7, or bare): only 20 in fight cards
        free an entangled dwarf now (H5.10c)."""
        return self.bilbo.pos == FINISH or not self.ring_on

    def counts(self, piece: Piece) -> bool:
        """A counting figure (H0): a living dwarf, or bare Bilbo."""
        return piece.pos is not None and (piece.id != BILBO or not self.ring_on)

    def counting_on(self, space: int, but: str | None = None) -> int:
        return sum(1 for p in self.pieces if p.pos == space and p.id != but and self.counts(p))

    def full(self, space: int, but: str | None = None) -> bool:
        return not unlimited(space) and self.counting_on(space, but) >= CAPACITY

    def own(self, seat: int | None = None) -> tuple[Piece, ...]:
        """A seat's dwarves (this seat's by default)."""
        s = self.seat if seat is None else seat
        return tuple(p for p in self.pieces if p.seat == s)

    def party_seats(self, space: int, but: str) -> set[int]:
        """The owners of the dwarves already on ``space`` (a joint fight's other players)."""
        return {p.seat for p in self.pieces if p.pos == space and p.id != but and p.seat is not None}

    def fight_hand(self) -> list[str]:
        return [c for c in self.hand if is_fight(c)]

    def smaug_distance(self) -> int:
        """Steps from Smaug to the dragon space (22 from his lair)."""
        return steps_to_dragon(self.smaug)

    @property
    def gandalf_stop(self) -> int:
        return GANDALF_STOPS.index(self.gandalf)

    def key_reach(self, seat: int) -> int:
        """How near a seat's best dwarf stands to the door (44): its place, at most 44; −1 when
        no dwarf of the seat is alive below the door."""
        places = [p.pos for p in self.own(seat) if p.pos is not None and p.pos <= KEY_SPACE]
        return max(places, default=-1)

    def adventure_at(self, space: int) -> AdventureDeck | None:
        """The deck a forward arrival on ``space`` draws from, if it is not exhausted."""
        deck = adventure_deck(space)
        if deck is None:
            return None
        if self.face_up.get(deck) is None and not self.remaining[deck]:
            return None
        return deck

    def forward_target(self, piece: Piece, steps: int, fight_cards: int) -> int | None:
        """Where a voluntary forward move of ``steps`` takes ``piece``, or ``None`` when H4.2
        forbids it (for a choice the legal actions do not list yet: a Scouting die)."""
        p = piece.pos
        if p is None or p == FINISH or piece.entangled:
            return None
        target = min(p + steps, FINISH)
        ring_bilbo = piece.id == BILBO and self.ring_on
        if self.smaug is not None and not ring_bilbo and p < self.smaug < target:
            return None
        if not self.door_open and p <= KEY_SPACE < target:
            return None
        if target == self.smaug and not ring_bilbo:
            return target if fight_cards >= 2 else None
        if not ring_bilbo and self.full(target, piece.id):
            return None
        if target == FINISH and piece.id != BILBO:
            other = next(o for o in self.own(piece.seat) if o.id != piece.id)
            if other.pos is not None and other.pos < RUNE:
                return None
        return target

    # -- what if ------------------------------------------------------------------------------
    def moved(self, figure: str, pos: int | None) -> Table:
        pieces = tuple(replace(p, pos=pos) if p.id == figure else p for p in self.pieces)
        return replace(self, pieces=pieces)

    def with_smaug(self, smaug: int | None) -> Table:
        return replace(self, smaug=smaug)

    def tangled(self, figure: str, entangled: bool = True) -> Table:
        pieces = tuple(replace(p, entangled=entangled) if p.id == figure else p for p in self.pieces)
        return replace(self, pieces=pieces)


def read(view: HobbitView) -> Table:
    assert view.seat is not None
    own = view.seats[view.seat].hand.cards or ()
    seen = Counter(type_of(c) for zone in (view.discard, view.box, view.in_play) for c in (zone.cards or ()))
    for card in view.face_up.values():
        if card is not None:
            seen[type_of(card)] += 1
    remaining = {deck: _left(deck, seen) for deck in ("mirkwood", "erebor")}
    unseen_red = {
        deck: sum(max(0, n - seen[t] - sum(1 for c in own if type_of(c) == t)) for t, n in _reds(deck))
        for deck in ("beorn", "esgaroth")
    }
    return Table(
        seat=view.seat,
        seats=len(view.seats),
        active=view.active,
        pieces=tuple(Piece(f.id, f.seat, f.pos, f.entangled) for f in view.figures),
        ring=view.ring,
        smaug=view.smaug,
        gandalf=view.gandalf,
        door_open=view.door_open,
        key=view.key,
        hand=tuple(own),
        hand_sizes=tuple(s.hand.count for s in view.seats),
        remaining=remaining,
        face_up=dict(view.face_up),
        unseen_red=unseen_red,
        supply_counts={name: deck.count for name, deck in view.decks.items()},
        red_extra=_red_extra(view.red_extra, view.red_cards),
        rounds_left=view.max_rounds - view.round,
    )


@cache
def _types(deck: str) -> tuple[tuple[str, AnyCard, int], ...]:
    """Each card type of a deck with its number of copies."""
    found: Counter[str] = Counter(type_of(i) for i, c in INSTANCES.items() if c.deck == deck)
    return tuple((t, INSTANCES[f"{t}#1"], n) for t, n in found.items())


def _reds(deck: str) -> tuple[tuple[str, int], ...]:
    return tuple((t, n) for t, card, n in _types(deck) if getattr(card, "red", False))


def _red_extra(common: int, cards: dict[str, int] | None) -> dict[str, int]:
    """Each red Smaug card type's extra spaces: its own where the view names it, else the
    common one."""
    own = cards or {}
    return {t: own.get(t, common) for deck in ("beorn", "esgaroth") for t, _ in _reds(deck)}


def _left(deck: str, seen: Counter[str]) -> tuple[str, ...]:
    """The types of a deck's cards that are neither seen nor boxed (H2.3's removals are in the
    box, so they count as seen)."""
    left: list[str] = []
    for t, _card, n in _types(deck):
        left += [t] * max(0, n - seen[t])
    return tuple(left)
