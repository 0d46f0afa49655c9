"""Build Hobbit positions for rule tests as the worked examples describe them (H11): figures on
spaces, hands, the top cards of decks, Smaug, Gandalf, the door, dice fixed in advance.

Every card of the game is somewhere in a built position — the ones not named lie in their own
decks — so the positions keep the card count the properties check. Cards are named by type
(``BH02``: its lowest free copy) or by instance (``BH02#3``)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.core.contract import Event
from engine.core.rng import Rng
from engine.games.hobbit import HOBBIT
from engine.games.hobbit.board import GANDALF_STOPS, kind
from engine.games.hobbit.cards import INSTANCES, boxed_at_setup, instance_key
from engine.games.hobbit.data import BOARD, DeckName
from engine.games.hobbit.state import (
    DECK_NAMES,
    DrawPhase,
    Figure,
    HandLimit,
    HobbitOptions,
    HobbitState,
    PlayPhase,
)
from engine.games.hobbit.turns import END_PHASE2, move_card_phase
from engine.kits.zones import Deck, Visibility, Zone

GAME = HOBBIT
RED, YELLOW, BLUE, GREEN = 0, 1, 2, 3


class Pool:
    """Where every card instance lies while a position is built."""

    def __init__(self, seats: int) -> None:
        self.boxed = set(boxed_at_setup(seats))
        self.free = [i for i in sorted(INSTANCES, key=instance_key) if i not in self.boxed]

    def take(self, name: str) -> str:
        """A card by instance id, or the lowest free copy of a type."""
        if "#" in name:
            self.free.remove(name)
            return name
        found = next(i for i in self.free if i.startswith(name + "#"))
        self.free.remove(found)
        return found


def position(
    seats: int = 3,
    *,
    active: int = 0,
    phase: str = "p1",
    at: Mapping[str, int | None] | None = None,
    entangled: Iterable[str] = (),
    ring: int | str = "bilbo",
    hands: Mapping[int, Sequence[str]] | None = None,
    tops: Mapping[DeckName, Sequence[str]] | None = None,
    face_up: Mapping[str, str] | None = None,
    discard: Sequence[str] = (),
    empty: Iterable[DeckName] = (),
    smaug: int | None = None,
    gandalf: str = "G_START",
    door_open: bool = False,
    key: int | None = 0,
    dice: Sequence[int] = (),
    round: int = 1,
    down: Mapping[int, Sequence[int]] | None = None,
    options: Mapping[str, Any] | None = None,
) -> HobbitState:
    """A position of the examples' defaults (3 players: Red 0, Yellow 1, Blue 2; every figure
    on 0; ring-Bilbo; Smaug in his lair; Gandalf at G_START; door locked, Red holding the Key;
    every movement card face up) with what is given changed. ``at`` places figures (``None``:
    dead), ``tops`` lays cards on top of decks (the first given is the top), ``empty`` leaves
    decks without their other cards (those go to the box), ``down`` turns movement card values
    face down, ``phase`` is ``p1``, ``p2``, ``p3`` or ``limit`` for the ``active`` seat."""
    opts = HobbitOptions.model_validate(dict(options or {}))
    colours = opts.colours or BOARD.colours[:seats]
    pool = Pool(seats)
    hand_cards = [tuple(pool.take(c) for c in (hands or {}).get(s, ())) for s in range(seats)]
    top_cards = {deck: [pool.take(c) for c in cards] for deck, cards in (tops or {}).items()}
    up = {deck: pool.take(c) for deck, c in (face_up or {}).items()}
    discarded = [pool.take(c) for c in discard]
    decks: dict[str, Deck[str]] = {}
    boxed = sorted(pool.boxed, key=instance_key)
    for name in DECK_NAMES:
        rest = [i for i in pool.free if INSTANCES[i].deck == name]
        if name in empty:
            boxed += rest
            rest = []
        decks[name] = Deck((*rest, *reversed(top_cards.get(name, []))))
    places = dict(at or {})
    tangled = set(entangled)
    figures = tuple(
        Figure(f"{c}{n}", colours.index(c), places.get(f"{c}{n}", 0), f"{c}{n}" in tangled)
        for c in BOARD.colours
        if c in colours
        for n in (1, 2)
    )
    bilbo = Figure("Bilbo", None, places.get("Bilbo", 0))
    values = BOARD.movement_values
    state = HobbitState(
        rng=Rng.scripted(*dice, seed=5),
        options=opts,
        colours=colours,
        figures=(*figures, bilbo),
        ring=ring if ring in ("bilbo", "treasury") else int(ring),
        smaug=smaug,
        gandalf=GANDALF_STOPS.index(gandalf),
        door_open=door_open,
        key=key,
        beorn=decks["beorn"],
        esgaroth=decks["esgaroth"],
        treasury=decks["treasury"],
        mirkwood=decks["mirkwood"],
        erebor=decks["erebor"],
        face_up=(up.get("mirkwood"), up.get("erebor")),
        discard=Zone(tuple(discarded)),
        box=Zone(tuple(boxed)),
        in_play=Zone(),
        hands=tuple(Zone(hand_cards[s], Visibility.OWNER, s) for s in range(seats)),
        move_cards=tuple(tuple(v not in (down or {}).get(s, ()) for v in values) for s in range(seats)),
        round=round,
        active=active,
    )
    return replace(state, agenda=(_phase(state, phase),))


def _phase(state: HobbitState, phase: str) -> Any:
    seat = state.active
    if phase == "p1":
        return move_card_phase(state, seat)
    if phase == "p2":
        return PlayPhase(seats=(seat,), default=END_PHASE2)
    if phase == "p3":
        places = [kind(f.pos) for f in state.figures if f.seat == seat and f.pos is not None]
        return DrawPhase(
            seats=(seat,), draws_left=2, esgaroth=places.count("ESGAROTH"), treasury=places.count("TREASURY")
        )
    if phase == "limit":
        return HandLimit(seats=(seat,))
    raise ValueError(phase)


def play(state: HobbitState, *actions: Any, seat: int | None = None) -> HobbitState:
    """Apply actions (text or data) for whoever is to act (or ``seat``)."""
    for action in actions:
        state = step(state, action, seat)[0]
    return state


def step(state: HobbitState, action: Any, seat: int | None = None) -> tuple[HobbitState, list[Event]]:
    who = GAME.to_act(state)[0] if seat is None else seat
    done = GAME.apply(state, who, GAME.parse_action(action))
    return done.state, list(done.events)


def played(
    state: HobbitState, actions: Sequence[Any], seat: int | None = None
) -> tuple[HobbitState, list[Event]]:
    """The state after ``actions`` and every event they made."""
    events: list[Event] = []
    for action in actions:
        state, more = step(state, action, seat)
        events += more
    return state, events


def pos(state: HobbitState, figure: str) -> int | None:
    return state.figure(figure).pos


def hand(state: HobbitState, seat: int) -> list[str]:
    return sorted(state.hands[seat].cards, key=instance_key)


def kinds(events: Iterable[Event]) -> list[str]:
    return [e.kind for e in events]


def top_kind(state: HobbitState) -> str | None:
    return state.agenda[-1].kind if state.agenda else None


def every_card(state: HobbitState) -> list[str]:
    """Every card instance wherever it lies (hands, decks, face up, discard, box, in play)."""
    cards = [c for h in state.hands for c in h.cards]
    cards += [c for _, d in state.decks() for c in d.cards]
    cards += [c for c in state.face_up if c is not None]
    cards += [*state.discard.cards, *state.box.cards, *state.in_play.cards]
    return cards
