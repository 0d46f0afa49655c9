"""The board as the rules read it: space kinds, capacity's unlimited spaces, figures and their
owners, Smaug's path (H1.2) and Gandalf's stops (H1.3), all from ``board.toml``."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType

from engine.games.hobbit.data import (
    ADVENTURE_SPACES,
    BOARD,
    CARDS,
    NO_STEPS,
    AdventureDeck,
    Colour,
    Difficulty,
    RedSteps,
    SmaugCard,
    SpaceKind,
)

START = BOARD.space("START")
FINISH = BOARD.finish
KEY_SPACE = BOARD.space("KEY")
RUNE = BOARD.space("RUNE")
GATE = BOARD.space("GATE")
DRAGON = BOARD.space("DRAGON")
NUMBERS = BOARD.numbers
CAPACITY = NUMBERS.capacity

BILBO = "Bilbo"
DWARVES: tuple[str, ...] = tuple(f"{c}{n}" for c in BOARD.colours for n in (1, 2))
FIGURE_ORDER: dict[str, int] = {f: i for i, f in enumerate((*DWARVES, BILBO))}
"""H7.3b: the id order R1, R2, Y1 … G2, Bilbo (push order, target defaults)."""

SMAUG_PATH: tuple[int, ...] = BOARD.smaug_path
"""From the gate to the dragon space; his lair (``None`` in a state) comes before the first."""
_PATH_INDEX: dict[int | None, int] = {None: 0} | {space: i + 1 for i, space in enumerate(SMAUG_PATH)}
LAIR_TO_DRAGON = len(SMAUG_PATH)
"""Steps from the lair to the dragon space (22)."""

GANDALF_STOPS: tuple[str, ...] = BOARD.gandalf_stops
RED_CARDS: tuple[SmaugCard, ...] = tuple(c for c in CARDS.values() if isinstance(c, SmaugCard) and c.red)
"""The red Smaug card types (H7.2), in file order."""


def kind(space: int) -> SpaceKind:
    return BOARD.kinds[space]


def adventure_deck(space: int) -> AdventureDeck | None:
    """The deck an adventure space draws from, or ``None``."""
    return ADVENTURE_SPACES.get(BOARD.kinds[space])


def unlimited(space: int) -> bool:
    """START and FINISH hold any number of figures (H1.4)."""
    return space in (START, FINISH)


def dwarves_of(colour: Colour) -> tuple[str, str]:
    return f"{colour}1", f"{colour}2"


def colour_of(figure: str) -> str:
    return figure[0]


def other_dwarf(dwarf: str) -> str:
    return dwarf[0] + ("2" if dwarf[1] == "1" else "1")


# -- Smaug's path (H1.2) -------------------------------------------------------------------------
def toward_esgaroth(smaug: int | None) -> int:
    """The space Smaug enters with one step toward Esgaroth (never past the dragon space)."""
    return SMAUG_PATH[_PATH_INDEX[smaug]]


def toward_lair(smaug: int | None) -> int | None:
    """Where one step back toward his lair takes Smaug (``None``: the lair)."""
    index = _PATH_INDEX[smaug]
    return None if index <= 1 else SMAUG_PATH[index - 2]


@cache
def red_steps(seats: int, edition: int, difficulty: Difficulty) -> RedSteps:
    """Spaces red Smaug cards add at a table of ``seats``: the table size's balance
    (``[smaug.red_extra]``) from the card edition it names on — none in an earlier edition, so
    a stored game replays as it was played — plus the difficulty level's (``[difficulty]``)."""
    table = BOARD.smaug_red_extra.get(seats)
    balance = table if table is not None and edition >= table.edition else NO_STEPS
    return balance + BOARD.difficulty[difficulty].get(seats, NO_STEPS)


@cache
def red_extra(seats: int, edition: int, difficulty: Difficulty) -> Mapping[str, int]:
    """``red_steps`` for every red Smaug card type, by id."""
    steps = red_steps(seats, edition, difficulty)
    return MappingProxyType({card.id: steps.of(card.id, card.deck) for card in RED_CARDS})


def steps_to_dragon(smaug: int | None) -> int:
    """Steps from Smaug's place to the dragon space (22 from the lair): Bard's Arrow (H1.10)."""
    return LAIR_TO_DRAGON - _PATH_INDEX[smaug]


# -- Gandalf (H1.3) ------------------------------------------------------------------------------
def stop_index(name: str) -> int:
    return GANDALF_STOPS.index(name)


FIGHT_STOP: dict[str, int] = {deck: stop_index(stop) for deck, stop in BOARD.gandalf_fight.items()}
WEB_STOP = stop_index(BOARD.gandalf_web)
ATTACK_STOP = stop_index(BOARD.gandalf_attack)
CALM_STOP = stop_index(BOARD.gandalf_calm)
