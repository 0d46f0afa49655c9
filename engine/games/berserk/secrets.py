"""``redeal``: a position a seat (or a spectator) cannot tell from the real one (B60–B63).

Drawn again for every other seat: a deck choice not yet revealed, a recruitment and a
placement before the Reveal, the cards in its reserve (with the uids they would have) and a
Muster choice not yet revealed; and the generator's future for everyone. Public facts hold:
what is on the field and in the graveyards, the reserve sizes, who has sent what. A redrawn
recruitment stays within the budget and the deck.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from engine.core.rng import Rng
from engine.games.berserk import board
from engine.games.berserk.cards import DECKS
from engine.games.berserk.creatures import role, uid_for
from engine.games.berserk.setup import (
    RESERVE,
    RESERVE_SIZE,
    budget,
    deck_of,
    muster_choices,
    recruit_problems,
    recruit_uids,
)
from engine.games.berserk.state import BerserkState, Creature, Side

ATTEMPTS = 20
"""Random draws tried for a hidden recruitment that fits the budget before keeping the real one."""


def redeal(state: BerserkState, seat: int | None, seed: int) -> BerserkState:
    rng = state.rng.reseeded(seed)
    for other in (0, 1):
        if other != seat:
            state, rng = _redeal_seat(state, other, rng)
    return replace(state, rng=state.rng.reseeded(seed))


def _sent(state: BerserkState, seat: int) -> bool:
    """Whether ``seat`` has sent its part of the simultaneous submission now open."""
    return not any(seat in d.seats for d in state.agenda)


def _redeal_seat(state: BerserkState, seat: int, rng: Rng) -> tuple[BerserkState, Rng]:
    side = state.sides[seat]
    if state.phase == "deck" and side.deck is not None:
        deck, rng = rng.choice(sorted(DECKS))
        return _with_side(state, seat, replace(side, deck=deck)), rng
    if state.phase in ("recruit", "place") and side.recruits is not None:
        gold, silver = budget(state, seat)
        cards, rng = _draw_recruits(deck_of(state, seat).cards, (), gold, silver, None, state, seat, rng)
        side = replace(side, recruits=cards)
        if side.placement is not None:
            placement, rng = _draw_placement(recruit_uids(role(state, seat), cards), role(state, seat), rng)
            side = replace(side, placement=placement)
        return _with_side(state, seat, side), rng
    if state.phase in ("play", "over"):
        state, rng = _redeal_reserve(state, seat, rng)
        if side.muster is not None and _sent(state, seat):
            choice, rng = rng.choice(muster_choices(state, seat))
            state = _with_side(state, seat, replace(state.sides[seat], muster=choice))
    return state, rng


def _draw_recruits(
    pool: tuple[str, ...],
    public: tuple[str, ...],
    gold: int,
    silver: int,
    size: int | None,
    state: BerserkState,
    seat: int,
    rng: Rng,
) -> tuple[tuple[str, ...], Rng]:
    """A random selection from ``pool`` that, with the ``public`` cards, fits the deck and the
    budget: ``size`` cards (any number from 1 when ``None``); the real one if none is found."""
    deck = deck_of(state, seat)
    for _ in range(ATTEMPTS):
        order, rng = rng.shuffled(pool)
        want = size
        if want is None:
            want, rng = rng.below(len(pool))
            want += 1
        chosen: list[str] = []
        for card_id in order:
            if len(chosen) == want:
                break
            if not recruit_problems(deck, [*public, *chosen, card_id], gold, silver):
                chosen.append(card_id)
        if (len(chosen) == want) if size is not None else bool(chosen):
            return tuple(chosen), rng
    real = state.sides[seat].recruits or ()
    left = list(real)
    for card_id in public:
        left.remove(card_id)
    return tuple(left), rng


def _draw_placement(uids: list[str], role_index: int, rng: Rng) -> tuple[tuple[tuple[str, str], ...], Rng]:
    cells, rng = rng.shuffled(board.half(role_index))
    reserve, rng = rng.below(min(RESERVE_SIZE, len(uids) - 1) + 1)
    places = [RESERVE] * reserve + cells[: len(uids) - reserve]
    places, rng = rng.shuffled(places)
    return tuple(zip(uids, places, strict=True)), rng


def _redeal_reserve(state: BerserkState, seat: int, rng: Rng) -> tuple[BerserkState, Rng]:
    """The seat's reserve holds other cards of its deck, as many, within its budget; their
    copy numbers follow those of the same card on the field and in the graveyard."""
    reserve = [c for c in state.creatures if c.owner == seat and c.zone == "reserve"]
    if not reserve:
        return state, rng
    public = tuple(c.card for c in state.creatures if c.owner == seat and c.zone != "reserve")
    pool = list(deck_of(state, seat).cards)
    for card_id in public:
        pool.remove(card_id)
    gold, silver = budget(state, seat)
    cards, rng = _draw_recruits(tuple(pool), public, gold, silver, len(reserve), state, seat, rng)
    numbered = Counter(public)
    fresh: list[Creature] = []
    for card_id in cards:
        numbered[card_id] += 1
        fresh.append(
            Creature(uid_for(role(state, seat), card_id, numbered[card_id]), card_id, seat, "reserve")
        )
    kept = tuple(c for c in state.creatures if not (c.owner == seat and c.zone == "reserve"))
    side = replace(state.sides[seat], recruits=(*public, *cards))
    return _with_side(replace(state, creatures=(*kept, *fresh)), seat, side), rng


def _with_side(state: BerserkState, seat: int, side: Side) -> BerserkState:
    sides = list(state.sides)
    sides[seat] = side
    return replace(state, sides=(sides[0], sides[1]))
