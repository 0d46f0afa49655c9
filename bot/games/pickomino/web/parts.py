"""What Pickomino's web board shows, as plain parts for its template: the grill's sixteen
places, the dice of the roll (grouped by face, as they are kept) and those kept, each
player's stack, and — for the seat to act — what it may do now.

Everything comes from the ``Table``: the public view (every seat sees the same) and the
seat's own legal actions. A part is a control exactly when its action is one of those
actions, so a page offers no more and no less than the seat has on Discord."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.games.pickomino.words import face_name
from bot.i18n import t
from bot.render import Table, end_lines, ranking_lines
from bot.render.registry import renderer_for
from engine.games.pickomino.data import FACES, TILE_WORMS, TILES
from engine.games.pickomino.view import PickominoView

Action = dict[str, Any]

PIPS: dict[str, tuple[tuple[int, int], ...]] = {
    "1": ((50, 50),),
    "2": ((28, 28), (72, 72)),
    "3": ((28, 28), (50, 50), (72, 72)),
    "4": ((28, 28), (72, 28), (28, 72), (72, 72)),
    "5": ((28, 28), (72, 28), (50, 50), (28, 72), (72, 72)),
    "worm": (),
}
"""Where a face's pips sit on a die drawn in a 100 × 100 box; the worm face draws a worm."""

UNDER_SHOWN = 4
"""The most tiles drawn under a stack's top tile, as its edges."""


@dataclass(frozen=True, slots=True)
class Tile:
    number: int
    worms: int
    place: str
    """``grill`` (face up), ``turned`` (face down, out of the game), ``taken`` (an empty place
    on the grill: the tile is in a stack) or ``top`` (a stack's top tile)."""
    label: str
    """What it is, or what clicking it does: the title and the screen reader's words."""
    action: Action | None = None
    """``take`` when the seat may take it now."""


@dataclass(frozen=True, slots=True)
class Dice:
    """The dice of one face, as a group: a roll's dice are kept by the face."""

    face: str
    count: int
    pips: tuple[tuple[int, int], ...]
    label: str
    action: Action | None = None
    """``keep`` when the seat may keep this face now."""
    blocked: bool = False
    """The seat to act may not keep it: the face was kept earlier this turn."""


@dataclass(frozen=True, slots=True)
class Player:
    name: str
    top: Tile | None
    tiles: int
    under: int
    """How many tiles to draw under the top one (a few at most: only the top one counts)."""
    score: int
    current: bool
    you: bool
    resigned: bool


@dataclass(frozen=True, slots=True)
class Control:
    """A button of the seat's move (Roll, Stop), worded as on Discord."""

    action: Action
    label: str
    kind: str
    hint: str = ""


# Words that depend only on the language and a piece are kept once worked out: a board names
# sixteen tiles and a dozen dice, and the catalogue formats each in a third of a millisecond.
@cache
def tile_words(lang: str, key: str, tile: int) -> str:
    """The words ``key`` says of a tile: ``Tile 24: 1 worm``, ``Take tile 24: 1 worm`` …"""
    return t(lang, key, tile=tile, worms=TILE_WORMS[tile])


@cache
def dice_words(lang: str, face: str, count: int) -> str:
    """``three 5s``, ``one worm``."""
    return t(lang, "pickomino.web.dice", face=face, count=count)


def _holders(view: PickominoView) -> dict[int, int]:
    """Tile → the seat whose stack holds it."""
    return {tile: seat for seat, stack in enumerate(view.stacks) for tile in stack}


def grill(table: Table, view: PickominoView, takes: dict[int, Action]) -> list[Tile]:
    """Every tile's place on the grill, 21 to 36: face up (a control when it may be taken
    now), turned over, or empty with who holds it."""
    lang = table.lang
    holders = _holders(view)
    turned = set(view.turned)
    found = []
    for number in TILES:
        worms = TILE_WORMS[number]
        if number in turned:
            found.append(Tile(number, worms, "turned", tile_words(lang, "pickomino.web.tile_turned", number)))
        elif number in holders:
            holder = table.name(holders[number])
            label = t(lang, "pickomino.web.tile_taken", tile=number, player=holder)
            found.append(Tile(number, worms, "taken", label))
        elif number in takes:
            label = tile_words(lang, "pickomino.web.take", number)
            found.append(Tile(number, worms, "grill", label, takes[number]))
        else:
            found.append(Tile(number, worms, "grill", tile_words(lang, "pickomino.web.tile", number)))
    return found


def players(table: Table, view: PickominoView, takes: dict[int, Action]) -> list[Player]:
    """Each seat's stack: its top tile (a control when the seat to act may steal it), how many
    tiles and worms it holds, whose turn it is."""
    lang = table.lang
    found = []
    for seat, stack in enumerate(view.stacks):
        top = None
        if stack:
            number = stack[-1]
            worms = TILE_WORMS[number]
            if number in takes:
                label = t(lang, "pickomino.web.steal", tile=number, worms=worms, player=table.name(seat))
                top = Tile(number, worms, "top", label, takes[number])
            else:
                top = Tile(number, worms, "top", tile_words(lang, "pickomino.web.tile", number))
        found.append(
            Player(
                name=table.name(seat),
                top=top,
                tiles=len(stack),
                under=min(max(len(stack) - 1, 0), UNDER_SHOWN),
                score=view.scores[seat],
                current=seat == view.current,
                you=seat == table.seat,
                resigned=seat in view.resigned,
            )
        )
    return found


def rolled(table: Table, view: PickominoView, keeps: dict[str, Action], acting: bool) -> list[Dice]:
    """The roll's dice by face. For the seat to act, a face it may keep is a control and one
    it may not says why."""
    lang = table.lang
    found = []
    for face in FACES:
        count = view.roll.count(face)
        if not count:
            continue
        dice = dice_words(lang, face, count)
        if face in keeps:
            label = t(lang, "pickomino.web.keep", count=count, dice=dice, name=face_name(lang, face))
            found.append(Dice(face, count, PIPS[face], label, keeps[face]))
        elif acting:
            label = t(lang, "pickomino.web.kept_before", dice=dice)
            found.append(Dice(face, count, PIPS[face], label, blocked=True))
        else:
            found.append(Dice(face, count, PIPS[face], dice))
    return found


def kept(table: Table, view: PickominoView) -> list[Dice]:
    """The dice kept this turn, by face."""
    return [
        Dice(face, count, PIPS[face], dice_words(table.lang, face, count))
        for face in FACES
        if (count := view.kept.get(face, 0))
    ]


def _failing(table: Table, view: PickominoView) -> str:
    """Why stopping now fails the turn (P10: said before the player stops)."""
    reason = "no_tile" if view.has_worm else "no_worm"
    return t(table.lang, f"pickomino.fail.{reason}")


PROMPTS: dict[tuple[str, bool, bool], str] = {
    # (phase, a tile may be taken, dice are left to roll) → what the seat to act is asked
    ("roll", False, True): "pickomino.web.prompt.roll",
    ("keep", False, False): "pickomino.web.prompt.keep",
    ("decide", True, True): "pickomino.web.prompt.take_or_roll",
    ("decide", True, False): "pickomino.web.prompt.take",
    ("decide", False, True): "pickomino.web.prompt.roll_or_fail",
    ("decide", False, False): "pickomino.web.prompt.fail",
}


def prompt(table: Table, view: PickominoView, actions: Sequence[Action]) -> str:
    """What the seat to act is asked to do now, from its actions; ``""`` when it has none."""
    kinds = {str(action["kind"]) for action in actions}
    asked = PROMPTS.get((view.phase, "take" in kinds, "roll" in kinds)) if actions else None
    return t(table.lang, asked, reason=_failing(table, view)) if asked is not None else ""


def controls(table: Table, view: PickominoView, actions: Sequence[Action]) -> list[Control]:
    """Roll and Stop as buttons, worded as on Discord; Stop says why it fails the turn."""
    renderer = renderer_for(table.game.key)
    fails = t(table.lang, "pickomino.web.stop_fails", reason=_failing(table, view))
    return [
        Control(action, renderer.button_look(table, action).label, kind, fails if kind == "stop" else "")
        for action in actions
        if (kind := str(action["kind"])) in ("roll", "stop")
    ]


def board_parts(table: Table) -> dict[str, Any]:
    """The template's context for ``table``'s audience. Controls only for a seat, while the
    game is played, and exactly for its legal actions."""
    view = table.view  # everyone's, or the seat's own: Pickomino shows both the same
    assert isinstance(view, PickominoView)
    lang = table.lang
    actions: list[Action] = list(table.actions) if table.active and table.seat is not None else []
    takes = {int(a["tile"]): a for a in actions if a["kind"] == "take"}
    keeps = {str(a["face"]): a for a in actions if a["kind"] == "keep"}
    current = view.current
    over = current is None
    return {
        "lang": lang,
        "over": over,
        "current": None if current is None else table.name(current),
        "grill": grill(table, view, takes),
        "players": players(table, view, takes),
        "roll": rolled(table, view, keeps, acting=bool(actions)),
        "kept": kept(table, view),
        "total": view.total,
        "has_worm": view.has_worm,
        "left": view.dice_left,
        "prompt": prompt(table, view, actions),
        "controls": controls(table, view, actions),
        "end": end_lines(table) if over else [],
        "ranking": ranking_lines(table) if over else [],
    }
