"""Setup and the Muster: deck choice (B13), the seat roll (B14), budgets (B15), recruitment
(B16), placement (B17), the Reveal (B18) and the Muster (B19), with the defaults of B25a.

Every rule breach of a recruitment or a placement is named at once (``Problem``)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from itertools import accumulate
from math import comb, perm
from typing import Any

from engine.core.contract import Event
from engine.core.rng import Rng
from engine.games.berserk import board
from engine.games.berserk.cards import CARDS, DECKS, DeckList
from engine.games.berserk.creatures import card, in_zone, order_key, role, seat_of_role, uid_for
from engine.games.berserk.effects import defeat_check, raise_event
from engine.games.berserk.state import (
    BerserkState,
    Creature,
    MusterChoice,
    SeatChoice,
    changed,
    changed_creature,
)

CLASSIC_BUDGET = (24, 22)
"""B15's (gold, silver) for every deck in the first edition of the budgets."""
RESERVE_SIZE = 2
"""B17: at most this many cards in a reserve."""
SEAT_ROLL_TIES = 10
"""B14: after this many tied pairs in a row, seat 0 counts as the higher roller."""
DEFAULT_DECK = "D1"
RESERVE = "reserve"


@dataclass(frozen=True, slots=True)
class Problem:
    """One reason a submission is rejected."""

    code: str
    message: str
    params: dict[str, Any] = field(default_factory=dict)

    def as_data(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message, **self.params}


# -- seats (B14) --------------------------------------------------------------------------------
def roll_for_seats(state: BerserkState, events: list[Event]) -> BerserkState:
    """Both seats roll a d6, seat 0 first, until the rolls differ (at most ``SEAT_ROLL_TIES``
    tied pairs); the higher roller chooses to go first or second."""
    rng = state.rng
    rolls: list[list[int]] = []
    for _ in range(SEAT_ROLL_TIES):
        a, rng = rng.die()
        b, rng = rng.die()
        rolls.append([a, b])
        if a != b:
            break
    a, b = rolls[-1]
    winner = 1 if b > a else 0
    events.append(Event("seat_roll", {"rolls": rolls, "winner": winner}))
    choice = SeatChoice(
        seats=(winner,), options=("first", "second"), default={"kind": "choose_seat", "choice": "first"}
    )
    return changed(state, rng=rng, phase="seat", agenda=(choice,))


def budget(state: BerserkState, seat: int) -> tuple[int, int]:
    """B15: (gold, silver) of the seat's deck."""
    return deck_budget(deck_of(state, seat), state.options.edition)


def deck_budget(deck: DeckList, edition: int) -> tuple[int, int]:
    """A deck's budget in a game of the budgets' ``edition`` (``BUDGET_EDITION``). Both seats
    once had the classic 24 + 22 and P2 one more of each; measured, moving second is no
    handicap, and each deck's budget is now tuned for balance (``docs/berserk-balance.md``)."""
    return deck.budget if edition >= 2 else CLASSIC_BUDGET


# -- recruitment (B16) ---------------------------------------------------------------------------
def recruit_problems(deck: DeckList, cards: Sequence[str], gold: int, silver: int) -> list[Problem]:
    """Every limit of B16 the selection ``cards`` breaks."""
    problems: list[Problem] = []
    if not cards:
        problems.append(Problem("empty", "recruit at least one card"))
    counts = Counter(cards)
    for card_id, count in counts.items():
        held = deck.copies(card_id)
        if held == 0:
            problems.append(
                Problem("not_in_deck", f"{card_id} is not in {deck.name}", {"card": card_id, "deck": deck.id})
            )
        elif count > held:
            problems.append(
                Problem(
                    "too_many_copies",
                    f"{card_id}: {count} copies, the deck holds {held}",
                    {"card": card_id, "count": count, "held": held},
                )
            )
        if card_id in CARDS and CARDS[card_id].unique and count > 1:
            problems.append(
                Problem(
                    "unique_twice",
                    f"{card_id} is unique: one copy at most",
                    {"card": card_id, "count": count},
                )
            )
    known = [c for c in cards if c in CARDS]
    elite = sum(CARDS[c].cost for c in known if CARDS[c].elite)
    ordinary = sum(CARDS[c].cost for c in known if not CARDS[c].elite)
    if elite > gold:
        problems.append(
            Problem(
                "gold", f"elite cards cost {elite} gold, the budget is {gold}", {"cost": elite, "gold": gold}
            )
        )
    cover = silver + max(0, gold - elite)
    if ordinary > cover:
        problems.append(
            Problem(
                "silver",
                f"ordinary cards cost {ordinary}; silver {silver} plus spare gold {max(0, gold - elite)}"
                f" cover {cover}",
                {"cost": ordinary, "silver": silver, "spare_gold": max(0, gold - elite)},
            )
        )
    return problems


_DEFAULT_RECRUITS: dict[tuple[str, tuple[str, ...], int, int], tuple[str, ...]] = {}
"""``default_recruits`` by deck and budget: every game works out both seats' defaults, and a
deck has one per budget (a few decks, two budgets)."""


def default_recruits(deck: DeckList, gold: int, silver: int) -> tuple[str, ...]:
    """B25a: the deck list walked in order, each card added if the selection stays legal."""
    key = (deck.id, deck.cards, gold, silver)
    known = _DEFAULT_RECRUITS.get(key)
    if known is None:
        known = _DEFAULT_RECRUITS[key] = _default_recruits(deck, gold, silver)
    return known


def _default_recruits(deck: DeckList, gold: int, silver: int) -> tuple[str, ...]:
    chosen: list[str] = []
    for card_id in deck.cards:
        if not recruit_problems(deck, [*chosen, card_id], gold, silver):
            chosen.append(card_id)
    return tuple(chosen)


def random_recruits(deck: DeckList, gold: int, silver: int, rng: Rng) -> tuple[tuple[str, ...], Rng]:
    """**Random** recruitment, drawn by the game's generator: the deck's cards in a shuffled
    order, each kept while the selection stays legal, listed in the deck's order.

    The squad is one no other card of the deck could join (the limits of B16 only tighten as
    cards are added, so a card refused once is refused at the end too), and every such squad
    can come out (its cards shuffled first). A player asking for a random squad gets one that
    uses his budget as far as his deck allows; a draw uniform over every legal selection would
    leave room for another card about nine times in ten (with the four decks and the budget of
    24 gold and 22 silver). The deck's order numbers the copies as a list typed by hand would."""
    order, rng = rng.shuffled(range(len(deck.cards)))
    kept: list[int] = []
    for index in order:
        chosen = sorted([*kept, index])
        if not recruit_problems(deck, [deck.cards[i] for i in chosen], gold, silver):
            kept = chosen
    return tuple(deck.cards[i] for i in kept), rng


def recruit_uids(role_index: int, cards: Sequence[str]) -> list[str]:
    """B16: instance ids in the order listed, copies numbered 1, 2 …"""
    seen: Counter[str] = Counter()
    out = []
    for card_id in cards:
        seen[card_id] += 1
        out.append(uid_for(role_index, card_id, seen[card_id]))
    return out


# -- placement (B17) -----------------------------------------------------------------------------
def resolve_keys(uids: Sequence[str], cells: Mapping[str, str]) -> tuple[dict[str, str], list[Problem]]:
    """The placement by uid: a key is a uid or the card's number in recruitment order (``1``);
    cells are lower-cased. Unknown and repeated cards are problems."""
    placed: dict[str, str] = {}
    problems: list[Problem] = []
    for key, where in cells.items():
        uid = key
        if key.isdigit() and 1 <= int(key) <= len(uids):
            uid = uids[int(key) - 1]
        if uid not in uids:
            problems.append(
                Problem("not_recruited", f"{key} is not one of your recruited cards", {"card": key})
            )
            continue
        if uid in placed:
            problems.append(Problem("placed_twice", f"{uid} is placed twice", {"card": uid}))
            continue
        placed[uid] = where.strip().lower()
    return placed, problems


def placement_problems(uids: Sequence[str], cells: Mapping[str, str], role_index: int) -> list[Problem]:
    """Every rule of B17 the placement breaks."""
    placed, problems = resolve_keys(uids, cells)
    own = set(board.half(role_index))
    for uid in uids:
        if uid not in placed:
            problems.append(Problem("not_placed", f"{uid} has no place", {"card": uid}))
    taken: dict[str, str] = {}
    for uid, where in placed.items():
        if where == RESERVE:
            continue
        if where not in own:
            rows = "–".join(str(r) for r in sorted(board.ROLE_ROWS[role_index]))
            problems.append(
                Problem(
                    "not_your_half",
                    f"{uid}: {where} is not a cell of rows {rows}",
                    {"card": uid, "cell": where},
                )
            )
        elif where in taken:
            problems.append(
                Problem("cell_taken", f"{uid} and {taken[where]} share {where}", {"card": uid, "cell": where})
            )
        else:
            taken[where] = uid
    reserve = [u for u, w in placed.items() if w == RESERVE]
    if len(reserve) > RESERVE_SIZE:
        problems.append(
            Problem(
                "reserve_full",
                f"{len(reserve)} cards in reserve, at most {RESERVE_SIZE}",
                {"count": len(reserve)},
            )
        )
    if placed and all(w == RESERVE for w in placed.values()):
        problems.append(Problem("empty_field", "put at least one card on the field"))
    return problems


def default_placement(uids: Sequence[str], role_index: int) -> dict[str, str]:
    """B25a: the recruited cards in order, each to the first empty cell of the front row from a
    to e, then of the next row back; nothing in reserve."""
    return dict(zip(uids, board.half(role_index), strict=False))


def random_placement(uids: Sequence[str], role_index: int, rng: Rng) -> tuple[dict[str, str], Rng]:
    """**Random** placement, drawn by the game's generator: every placement B17 allows equally
    likely. The number of cards in reserve is drawn first, weighted by how many placements
    have that many (which cards, times the ways to put the rest on distinct cells), then the
    cards going to the reserve and the cells of the others."""
    cells = board.half(role_index)
    n = len(uids)
    # at least one card on the field, at most ``RESERVE_SIZE`` in reserve, one card a cell
    sizes = [r for r in range(min(RESERVE_SIZE, n - 1) + 1) if n - r <= len(cells)]
    counts = [comb(n, r) * perm(len(cells), n - r) for r in sizes]
    pick, rng = rng.below(sum(counts))
    reserve = next(r for r, upto in zip(sizes, accumulate(counts), strict=True) if pick < upto)
    cards, rng = rng.shuffled(uids)
    spots, rng = rng.shuffled(cells)
    places = dict.fromkeys(cards[:reserve], RESERVE) | dict(zip(cards[reserve:], spots, strict=False))
    return {uid: places[uid] for uid in uids}, rng


# -- the Reveal (B18) ----------------------------------------------------------------------------
def _lowest_first(state: BerserkState, seat: int, placed: Sequence[tuple[str, str]]) -> list[Creature]:
    """The seat's cards as instances: among copies of one card, those on the field take the
    lowest copy numbers, so numbers reveal nothing about the reserve (B18, B63)."""
    role_index = role(state, seat)
    by_card: dict[str, list[str]] = {}
    for uid, where in placed:
        by_card.setdefault(uid.split(".")[1], []).append(where)
    slug_card = {c.slug: c.id for c in CARDS.values()}
    out: list[Creature] = []
    for slug, places in by_card.items():
        card_id = slug_card[slug]
        ordered = sorted(places, key=lambda w: w == RESERVE)
        for copy, where in enumerate(ordered, 1):
            uid = uid_for(role_index, card_id, copy)
            if where == RESERVE:
                out.append(Creature(uid, card_id, seat, "reserve"))
            else:
                out.append(Creature(uid, card_id, seat, "field", cell=where, moves=CARDS[card_id].moves))
    return out


def reveal(state: BerserkState, events: list[Event]) -> BerserkState:
    """B18: both placements turn face up together; the placed creatures enter the field open
    with full moves and raise their Hire triggers at once; P1 is active; reserve sizes become
    public."""
    creatures: list[Creature] = []
    for role_index in (0, 1):
        seat = seat_of_role(state, role_index)
        creatures.extend(_lowest_first(state, seat, state.sides[seat].placement or ()))
    sides = tuple(replace(s, placement=None) for s in state.sides)
    first = seat_of_role(state, 0)
    state = changed(
        state,
        phase="play",
        stage="reveal",
        round=1,
        active=first,
        creatures=tuple(creatures),
        sides=(sides[0], sides[1]),
        agenda=(),
    )
    entering = sorted((c for c in creatures if c.zone == "field"), key=order_key)
    events.append(
        Event(
            "revealed",
            {
                "field": [{"unit": c.uid, "card": c.card, "cell": c.cell, "seat": c.owner} for c in entering],
                "reserves": [len(in_zone(state, seat, "reserve")) for seat in (0, 1)],
            },
        )
    )
    for c in entering:
        state = raise_event(state, "enters", c)
    return defeat_check(state, events)


# -- the Muster (B19) ---------------------------------------------------------------------------
def muster_cells(state: BerserkState, seat: int) -> list[str]:
    """Where a mustered card may enter: an empty cell of the home row; if none, any empty cell
    of the seat's half."""
    taken = {c.cell for c in state.creatures if c.zone == "field"}
    role_index = role(state, seat)
    home = [c for c in board.home_row(role_index) if c not in taken]
    return home or [c for c in board.half(role_index) if c not in taken]


def muster_choices(state: BerserkState, seat: int) -> list[MusterChoice]:
    """Nothing, or one card of each kind in the reserve (the lowest copy stands for its kind)
    to each cell it may enter."""
    reserve = sorted(in_zone(state, seat, "reserve"), key=order_key)
    kinds: dict[str, Creature] = {}
    for c in reserve:
        kinds.setdefault(c.card, c)
    cells = muster_cells(state, seat)
    return [MusterChoice()] + [MusterChoice(c.uid, cell) for c in kinds.values() for cell in cells]


def can_muster(state: BerserkState, seat: int) -> bool:
    return bool(in_zone(state, seat, "reserve")) and bool(muster_cells(state, seat))


def muster_due(state: BerserkState) -> bool:
    """B19: a Muster opens the round when either player has a reserve."""
    return any(c.zone == "reserve" for c in state.creatures)


def muster(state: BerserkState, events: list[Event]) -> BerserkState:
    """B19: the submitted choices are revealed together and the chosen creatures enter at the
    same moment, open with full moves; a card takes the lowest copy number of its kind still in
    the reserve. Their Hire triggers are raised."""
    entering: list[Creature] = []
    shown: list[dict[str, Any]] = []
    for seat in (0, 1):
        choice = state.sides[seat].muster or MusterChoice()
        if choice.card is None or choice.cell is None:
            shown.append({"seat": seat, "unit": None, "cell": None})
            continue
        kind = next(c.card for c in state.creatures if c.uid == choice.card)
        copies = sorted((c for c in in_zone(state, seat, "reserve") if c.card == kind), key=order_key)
        chosen = copies[0]
        entering.append(
            changed_creature(chosen, zone="field", cell=choice.cell, closed=False, moves=card(chosen).moves)
        )
        shown.append({"seat": seat, "unit": chosen.uid, "cell": choice.cell})
    new = {c.uid: c for c in entering}
    sides = tuple(replace(s, muster=None) for s in state.sides)
    state = changed(
        state,
        creatures=tuple(new.get(c.uid, c) for c in state.creatures),
        sides=(sides[0], sides[1]),
        agenda=(),
        stage="muster",
    )
    events.append(
        Event(
            "mustered",
            {"entries": shown, "reserves": [len(in_zone(state, seat, "reserve")) for seat in (0, 1)]},
        )
    )
    for c in sorted(entering, key=order_key):
        state = raise_event(state, "enters", c)
    return defeat_check(state, events)


def deck_of(state: BerserkState, seat: int) -> DeckList:
    deck = state.sides[seat].deck
    return DECKS[deck if deck is not None else DEFAULT_DECK]
