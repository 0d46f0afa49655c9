"""Pickomino in plain text: the board a seat sees, and one line per event."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.contract import Event
from engine.core.text import TextRenderer, plain_event, seat_names
from engine.games.pickomino.data import TILE_WORMS, faces_of


def _tiles(tiles: Sequence[int]) -> str:
    return " ".join(f"{t}{'w' * TILE_WORMS[t]}" for t in tiles) or "—"


LEGEND = (
    "Legend: 25ww a tile: its number, a w for each worm on it · Turned: tiles out of the game ·\n"
    "        [22 25] a player's stack, the top last: only the top tile can be stolen"
)


def _worms(count: int) -> str:
    return "1 worm" if count == 1 else f"{count} worms"


def _board(view: Any, seat: int) -> str:
    names = seat_names(view.seats, seat)
    lines = [f"Grill:   {_tiles(view.grill)}", f"Turned:  {' '.join(map(str, view.turned)) or '—'}"]
    for s, stack in enumerate(view.stacks):
        top = f"top {stack[-1]}" if stack else "no tile"
        gone = " (left the game)" if s in view.resigned else ""
        lines.append(f"{names[s]:<9}{_worms(view.scores[s]):>8}, {top}   [{' '.join(map(str, stack))}]{gone}")
    if view.current is not None:
        kept = " ".join(f"{face}×{n}" for face, n in view.kept.items()) or "nothing"
        worm = "with a worm" if view.has_worm else "no worm yet"
        lines.append(
            f"Turn of {names[view.current]}: kept {kept} = {view.total} ({worm}), {view.dice_left} dice left"
        )
        if view.roll:
            lines.append(f"Roll:    {' '.join(view.roll)}")
        if view.takeable:
            lines.append(f"Could take: {' '.join(map(str, view.takeable))}")
    lines.append(LEGEND)
    return "\n".join(lines)


def _event(event: Event, names: Sequence[str]) -> str:
    d = event.data
    who = names[d["seat"]] if "seat" in d else ""
    match event.kind:
        case "rolled":
            return f"{who}: rolled {' '.join(faces_of(tuple(d['dice'])))}"
        case "kept":
            return f"{who}: kept {d['count']}× {d['face']} (total {d['total']})"
        case "took":
            source = "" if d["from_seat"] is None else f" from {names[d['from_seat']]}"
            return f"{who}: took {d['tile']}{source}"
        case "turn_failed":
            parts = [f"{who}: turn failed ({d['reason'].replace('_', ' ')})"]
            if d["returned"] is not None:
                parts.append(f"{d['returned']} goes back to the grill")
            if d["turned"] is not None:
                parts.append(f"{d['turned']} is turned over")
            return "; ".join(parts)
        case "resigned":
            return f"{who}: leaves the game; the tiles go back to the grill"
        case "turn_started":
            return f"— {who} to play —"
        case "game_over":
            return f"Game over. Worms: {', '.join(map(str, d['scores']))}"
    return plain_event(event, names)


def _action(data: Any) -> str:
    """As typed, with what a failed stop means said on it (as on the Discord button)."""
    kind = data.get("kind")
    if kind == "stop":
        return "stop — no tile can be taken: the turn fails"
    if kind == "keep":
        return f"keep {data['face']}"
    if kind == "take":
        return f"take {data['tile']}"
    return str(kind)


TEXT = TextRenderer(_board, _event, _action)
