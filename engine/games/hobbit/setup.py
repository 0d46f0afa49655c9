"""Setup (H2): the decks shuffled with Smaug cards a small table does without boxed (H2.3),
the pieces placed (H2.5), three non-red cards dealt to every seat (H2.6), and seat 0's first
turn begun (H2.7)."""

from __future__ import annotations

from engine.core.contract import Event
from engine.core.rng import Rng
from engine.games.hobbit import turns
from engine.games.hobbit.board import BILBO, START
from engine.games.hobbit.cards import boxed_at_setup, instances_of
from engine.games.hobbit.data import BOARD, Colour, DeckName
from engine.games.hobbit.state import DECK_NAMES, Figure, HobbitOptions, HobbitState
from engine.kits.zones import Deck, Visibility, Zone


def setup(colours: tuple[Colour, ...], seed: int, options: HobbitOptions) -> HobbitState:
    """A new game for one seat per colour, in seat order."""
    seats = len(colours)
    rng = Rng(seed)
    decks: dict[DeckName, Deck[str]] = {}
    for name in DECK_NAMES:
        decks[name], rng = Deck(tuple(instances_of(name, seats))).shuffled(rng)
    dwarves = [
        Figure(f"{c}{n}", colours.index(c), START) for c in BOARD.colours if c in colours for n in (1, 2)
    ]
    state = HobbitState(
        rng=rng,
        options=options,
        colours=colours,
        figures=(*dwarves, Figure(BILBO, None, START)),
        ring="bilbo",
        smaug=None,
        gandalf=0,
        door_open=False,
        key=0,
        beorn=decks["beorn"],
        esgaroth=decks["esgaroth"],
        treasury=decks["treasury"],
        mirkwood=decks["mirkwood"],
        erebor=decks["erebor"],
        face_up=(None, None),
        discard=Zone(),
        box=Zone(tuple(boxed_at_setup(seats))),
        in_play=Zone(),
        hands=tuple(Zone((), Visibility.OWNER, s) for s in range(seats)),
        move_cards=tuple((True,) * len(BOARD.movement_values) for _ in range(seats)),
        round=0,
    )
    events: list[Event] = []  # a new game tells nothing: the first turn's ping is the bot's
    turns.deal(state, events)  # on the fresh state, which nobody else holds yet
    turns.start_turn(state, 0, events)
    return state
