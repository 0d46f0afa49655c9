"""What Pickomino's moves act on, for the layout to put each button beside its thing: while a
roll waits, each face of it (its dice, how many, what they score) with **Keep** beside the
faces still free; after a keep, each tile the player may take, on the grill or on top of
another player's stack, with **Take** beside it. **Roll** and **Stop** act on no one thing:
they stay in the rows under the message.

Pickomino has no secrets, so the board and every seat's own message list the same things;
only the actions differ (the board's are those it offers, a seat's its own)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot.games.pickomino.words import dice_text, face_name, tile_text
from bot.i18n import t
from bot.render import Subject, Table
from engine.games.pickomino.data import FACE_INDEX, FACE_VALUE, FACES, Face
from engine.games.pickomino.view import PickominoView


def audience_actions(table: Table, seat: int | None) -> list[dict[str, Any]]:
    """The actions the message may show: the board's, offered to the people it waits for, or
    the seat's own legal ones."""
    if seat is not None:
        return list(table.actions)
    return [action for legal in table.offered.values() for action in legal]


def _with(action: dict[str, Any], actions: Iterable[dict[str, Any]]) -> tuple[dict[str, Any], ...]:
    return (action,) if action in actions else ()


def face_subjects(table: Table, view: PickominoView, actions: list[dict[str, Any]]) -> list[Subject]:
    """Under the roll's heading, each face of the roll, in the order of the faces: one still
    free to keep, with its Keep; one kept earlier this turn as a line saying so."""
    if not view.roll:
        return []
    found = [Subject(f"**{t(table.lang, 'pickomino.roll')}**")]
    for face in FACES:
        count = view.roll.count(face)
        if not count:
            continue
        dice = dice_text([face] * count)
        if face in view.kept:
            found.append(Subject(t(table.lang, "pickomino.subject.face_kept", dice=dice)))
            continue
        points = count * FACE_VALUE[FACE_INDEX[face]]
        text = t(
            table.lang,
            "pickomino.subject.face",
            dice=dice,
            count=count,
            face=face_name(table.lang, face),
            points=points,
        )
        found.append(Subject(text, _with(keep(face), actions)))
    return found


def tile_subjects(table: Table, view: PickominoView, actions: list[dict[str, Any]]) -> list[Subject]:
    """Each tile the player may take if he stops now: from the grill, or another player's top
    tile equal to his total (a steal), with its Take."""
    found = []
    for tile in view.takeable:
        owner = _owner(view, tile)
        if owner is None:
            text = t(table.lang, "pickomino.subject.grill", tile=tile_text(tile))
        else:
            text = t(table.lang, "pickomino.subject.stack", tile=tile_text(tile), player=table.mention(owner))
        found.append(Subject(text, _with({"kind": "take", "tile": tile}, actions)))
    return found


def _owner(view: PickominoView, tile: int) -> int | None:
    """The other player whose stack ``tile`` tops (a steal), or ``None``: it is on the grill."""
    tops = (seat for seat, stack in enumerate(view.stacks) if stack and stack[-1] == tile)
    return next((seat for seat in tops if seat != view.current), None)


def keep(face: Face) -> dict[str, Any]:
    return {"kind": "keep", "face": face}


def pickomino_subjects(table: Table, seat: int | None) -> list[Subject]:
    view: PickominoView | None = table.view if table.view is not None else table.public
    if view is None or view.current is None:
        return []
    actions = audience_actions(table, seat)
    return face_subjects(table, view, actions) + tile_subjects(table, view, actions)
