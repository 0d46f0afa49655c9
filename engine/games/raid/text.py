"""Raid in plain text: both maps as a seat knows them, and one line per event."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.contract import Event
from engine.core.text import TextRenderer, plain_event, seat_names
from engine.games.raid.cells import ALL_CELLS, COLUMNS
from engine.games.raid.knowledge import read

_RAID_MARKS = {"artifact": "A", "terrorist": "T", "pit": "O", "trap": "X", "kit": "+"}
"""One letter per object kind on a text map: the letters of the pictures on Discord."""

TRAIL = "*"
"""A walked cell, as in the text grids on Discord."""

SEVERAL = "&"
"""A cell holding several objects; the board lists what each such cell holds."""

LEGEND = (
    "Legend: A artifact  T terrorist  O pit  X trap  + first-aid kit  1 2 a scout"
    f"  {TRAIL} walked  # building  E entry\n"
    f"        {SEVERAL} several objects on one cell (listed under the maps)"
)


def _marks(objects: Sequence[Any]) -> tuple[dict[str, str], list[str]]:
    """One mark per cell of live objects, ``&`` where a cell holds several; and what each such
    cell holds (``A4 pit + trap``), so that nothing is hidden under another letter."""
    by_cell: dict[str, list[str]] = {}
    for h in objects:
        if h.live:
            by_cell.setdefault(h.cell, []).append(h.kind)
    marks = {c: _RAID_MARKS[k[0]] if len(k) == 1 else SEVERAL for c, k in by_cell.items()}
    shared = [f"{c} {' + '.join(k)}" for c, k in sorted(by_cell.items()) if len(k) > 1]
    return marks, shared


def _raid_grid(view: Any, marks: dict[str, str]) -> list[str]:
    """A 10 × 10 map: ``marks`` over buildings (``#``), the entry (``E``) and open ground."""
    base = {c: "#" if c in view.buildings else "." for c in ALL_CELLS} | {view.entry: "E"} | marks
    rows = ["    " + " ".join(COLUMNS)]
    for r in range(10):
        rows.append(f"{r + 1:>2}  " + " ".join(base[f"{col}{r + 1}"] for col in COLUMNS))
    return rows


def _board(view: Any, seat: int) -> str:
    """Two maps side by side: what you know of the opponent's map (walked cells, hazards met that
    stay live, your scout by its seat number), and your own hazard map with the opponent's
    scout. The symbols are those of the text grids on Discord."""
    names = seat_names(len(view.scouts), seat)
    me, them = view.scouts[seat], view.scouts[1 - seat]
    known = read(view)
    mine, other = str(seat + 1), str(2 - seat)
    theirs = {c: TRAIL for c in me.trail}
    theirs |= {c: _RAID_MARKS["pit"] for c in known.pits} | {c: _RAID_MARKS["trap"] for c in known.traps}
    if known.kit is not None:
        theirs[known.kit] = _RAID_MARKS["kit"]
    theirs[me.cell] = mine
    own, shared = _marks(view.own_map or ())
    own[them.cell] = other
    theirs_shared: list[str] = []
    title = f"Their map ({TRAIL} walked)"
    if view.revealed_maps is not None:  # the end: both maps shown whole, as on Discord
        title = "Their map, revealed"
        theirs, theirs_shared = _marks(view.revealed_maps[1 - seat])
        theirs |= {c: TRAIL for c in me.trail if c not in theirs}
        theirs[me.cell] = mine
    left, right = _raid_grid(view, theirs), _raid_grid(view, own)
    lines = [f"{title:<26}   Your map"]
    lines += [f"{a:<26}   {b}" for a, b in zip(left, right, strict=True)]
    lines.append(LEGEND)
    if theirs_shared:
        lines.append(f"Several on their map: {'; '.join(theirs_shared)}")
    if shared:
        lines.append(f"Several on your map: {'; '.join(shared)}")
    for s, scout in enumerate(view.scouts):
        lines.append(
            f"{names[s]:<9} on {scout.cell:<3} wounds {scout.wounds}/{view.max_wounds}, "
            f"{view.artifact_name} {scout.artifacts}/{view.counts['artifacts']}"
            + (f", misses {scout.skip} turn{'s' if scout.skip > 1 else ''}" if scout.skip else "")
        )
    if view.fight is not None:
        named = ", ".join(map(str, view.fight.named)) or "none"
        lines.append(f"Fight on {view.fight.cell}: zones 1–{view.zones}, named so far {named}")
    if view.kit is not None:
        lines.append(f"A first-aid kit on {view.kit.cell}: use or leave")
    if view.phase == "placement":
        lines.append(
            "Place your objects: type 'random', or"
            " 'pits: C3 D7 …; traps: …; terrorists: B2=4 …; kit: J10; artifacts: …'"
        )
    elif view.phase == "play" and view.current == seat and view.fight is None and view.kit is None:
        lines.append("Your move: type a path, e.g. 'B1 B6 F6' or 'down 5, right 3'")
    return "\n".join(lines)


def _event(event: Event, names: Sequence[str]) -> str:
    d = event.data
    who = names[d["seat"]] if "seat" in d else ""
    match event.kind:
        case "placed":
            return f"{who}: objects placed"
        case "moved":
            return f"{who}: walked {d['from']} → {d['to']}" + (" and stopped" if d["stopped"] else "")
        case "encounter":
            zone = f" (zone {d['zone']})" if d["zone"] is not None else ""
            return f"{who}: {d['kind']} on {d['cell']}: {d['outcome']}{zone}; wounds {d['wounds']}"
        case "turn_skipped":
            return f"{who}: misses a turn"
        case "turn_started":
            return f"— {who} to play —"
        case "placement":
            how = "at random" if d.get("random") else "by hand"
            return f"{who}: placed {how}: {_placement_words(d.get('map', []))}"
        case "play_started":
            return "Both maps are placed: the walk begins"
        case "resigned":
            return f"{who}: resigns"
        case "game_over":
            winner = d["winner"]
            return f"Game over ({_reason(d['reason'])}): " + (
                "a draw" if winner == "draw" else f"{names[winner]} wins"
            )
    return plain_event(event, names)


_PLURALS = {"artifact": "artifacts", "terrorist": "terrorists", "pit": "pits", "trap": "traps", "kit": "kit"}


def _placement_words(objects: Sequence[dict[str, Any]]) -> str:
    """``pits C3 D7; traps …; terrorists B2=4 …; kit J10; artifacts …`` from a dumped map."""
    parts = []
    for kind in ("pit", "trap", "terrorist", "kit", "artifact"):
        cells = [
            f"{o['cell']}={o['zone']}" if o["kind"] == "terrorist" else str(o["cell"])
            for o in objects
            if o.get("kind") == kind
        ]
        if cells:
            parts.append(f"{_PLURALS[kind]} {' '.join(cells)}")
    return "; ".join(parts) or "nothing"


def _action(data: Any) -> str:
    """A menu item or a replay line: templates say what to type; concrete moves read as
    moves (a placement is not spelled out: a replay tells it once the game is over)."""
    kind = data.get("kind")
    if kind == "place":
        if not any(data.get(k) for k in ("pits", "traps", "terrorists", "kit", "artifacts")):
            return "your own placement: 'pits: C3 D7 …; traps: …; terrorists: B2=4 …; kit: J10; artifacts: …'"
        return "place objects"
    if kind == "place_random":
        return "place objects at random"
    if kind == "move":
        path = data.get("path") or []
        return f"walk {' '.join(path)}" if path else "your own path, e.g. 'B1 B6 F6' or 'down 5, right 3'"
    if kind == "guess":
        return f"zone {data['zone']}"
    if kind == "use_kit":
        return "use the first-aid kit"
    if kind == "leave_kit":
        return "leave the first-aid kit"
    return str(kind)


_REASONS = {
    "mission": "every artifact collected",
    "beaten": "a scout took 15 wounds",
    "turn_limit": "the turn limit was reached",
    "resigned": "a player resigned",
}


def _reason(reason: str) -> str:
    return _REASONS.get(reason, reason.replace("_", " "))


TEXT = TextRenderer(_board, _event, _action, _reason)
