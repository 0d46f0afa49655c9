"""Play in the terminal against computer players — the quickest way to try a game.

python -m engine.play pickomino --ai 2 [--policy strong] [--seed 7] [--seat 0]

You take one seat (``--seat``, default 0) and the computer the others. Only your seat's view
and the events your seat may know are printed, so hidden information stays hidden. Answer
with the number of a listed action, or type one (``keep worm``, ``take 24``, or JSON) —
games whose actions have free-form parts are played by typing. ``quit`` leaves.

Each game may register a text renderer (``register_renderer``): one function drawing a
view, one telling an event. A game without one is shown as plain data.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from pydantic import TypeAdapter

from engine.ai.policy import decide, get_policy, policies
from engine.ai.raid.knowledge import read as read_raid
from engine.core.contract import Event, Game, dump_json
from engine.core.errors import EngineError
from engine.core.registry import games, get_game
from engine.games.pickomino.data import TILE_WORMS, faces_of
from engine.games.raid.cells import ALL_CELLS, COLUMNS


@dataclass(frozen=True, slots=True)
class TextRenderer:
    board: Callable[[Any, int], str]
    """The view of a seat as text (``view``, ``seat`` → lines)."""
    event: Callable[[Event, Sequence[str]], str]
    """One event as a line; the second argument names every seat."""


def _plain_board(view: Any, seat: int) -> str:
    return dump_json(_as_data(view))


def _plain_event(event: Event, names: Sequence[str]) -> str:
    return f"{event.kind}: {dump_json(event.data)}"


def _as_data(value: Any) -> Any:
    return TypeAdapter(type(value)).dump_python(value, mode="json")


PLAIN = TextRenderer(_plain_board, _plain_event)
_renderers: dict[str, TextRenderer] = {}


def register_renderer(game_key: str, renderer: TextRenderer) -> None:
    _renderers[game_key] = renderer


def renderer(game_key: str) -> TextRenderer:
    return _renderers.get(game_key, PLAIN)


# -- Pickomino ------------------------------------------------------------------------------
def _tiles(tiles: Sequence[int]) -> str:
    return " ".join(f"{t}{'w' * TILE_WORMS[t]}" for t in tiles) or "—"


def _pickomino_board(view: Any, seat: int) -> str:
    names = _seat_names(view.seats, seat)
    lines = [f"Grill:   {_tiles(view.grill)}", f"Turned:  {' '.join(map(str, view.turned)) or '—'}"]
    for s, stack in enumerate(view.stacks):
        top = f"top {stack[-1]}" if stack else "no tile"
        gone = " (left the game)" if s in view.resigned else ""
        lines.append(f"{names[s]:<9}{view.scores[s]:>2} worms, {top}   [{' '.join(map(str, stack))}]{gone}")
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
    return "\n".join(lines)


def _pickomino_event(event: Event, names: Sequence[str]) -> str:
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
        case "turn_started":
            return f"— {who} to play —"
        case "game_over":
            return f"Game over. Worms: {', '.join(map(str, d['scores']))}"
    return _plain_event(event, names)


register_renderer("pickomino", TextRenderer(_pickomino_board, _pickomino_event))


# -- Raid ------------------------------------------------------------------------------------
_RAID_MARKS = {"artifact": "A", "terrorist": "X", "pit": "O", "trap": "T", "kit": "+"}
"""One letter per object kind on a text map."""


def _raid_grid(view: Any, marks: dict[str, str]) -> list[str]:
    """A 10 × 10 map: ``marks`` over buildings (``#``), the entry (``E``) and open ground."""
    base = {c: "#" if c in view.buildings else "." for c in ALL_CELLS} | {view.entry: "E"} | marks
    rows = ["    " + " ".join(COLUMNS)]
    for r in range(10):
        rows.append(f"{r + 1:>2}  " + " ".join(base[f"{col}{r + 1}"] for col in COLUMNS))
    return rows


def _raid_board(view: Any, seat: int) -> str:
    """Two maps side by side: what you know of the opponent's map (walked cells ``~``, hazards
    met that stay live, your scout ``@``), and your own hazard map with the opponent's scout."""
    names = _seat_names(len(view.scouts), seat)
    me, them = view.scouts[seat], view.scouts[1 - seat]
    known = read_raid(view)
    theirs = {c: "~" for c in me.trail}
    theirs |= {c: _RAID_MARKS["pit"] for c in known.pits} | {c: _RAID_MARKS["trap"] for c in known.traps}
    if known.kit is not None:
        theirs[known.kit] = _RAID_MARKS["kit"]
    theirs[me.cell] = "@"
    own = {h.cell: _RAID_MARKS[h.kind] for h in (view.own_map or ()) if h.live}
    own[them.cell] = "@"
    left, right = _raid_grid(view, theirs), _raid_grid(view, own)
    lines = [f"{'Their map (~ walked)':<26}   Your map"]
    lines += [f"{a:<26}   {b}" for a, b in zip(left, right, strict=True)]
    for s, scout in enumerate(view.scouts):
        lines.append(
            f"{names[s]:<9} on {scout.cell:<3} wounds {scout.wounds}/{view.max_wounds}, "
            f"{view.artifact_name} {scout.artifacts}/{view.counts['artifacts']}"
            + (f", misses {scout.skip} turn(s)" if scout.skip else "")
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


def _raid_event(event: Event, names: Sequence[str]) -> str:
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
        case "play_started" | "placement":
            return ""
        case "game_over":
            winner = d["winner"]
            return f"Game over ({d['reason']}): " + (
                "a draw" if winner == "draw" else f"{names[winner]} wins"
            )
    return _plain_event(event, names)


register_renderer("raid", TextRenderer(_raid_board, _raid_event))


# -- the session ----------------------------------------------------------------------------
def _seat_names(seats: int, human: int) -> list[str]:
    return ["you" if s == human else f"seat {s}" for s in range(seats)]


def action_label(game: Game[Any, Any, Any], action: Any) -> str:
    data = game.dump_action(action)
    if not isinstance(data, dict):
        return str(data)
    rest = [str(v) for k, v in data.items() if k != "kind"]
    return " ".join([str(data.get("kind", "")), *rest]).strip()


def _ask(game: Game[Any, Any, Any], legal: list[Any], stdin: TextIO, out: TextIO) -> Any | None:
    """The human's action, or None to quit. Wrong input is explained and asked again."""
    for i, action in enumerate(legal, 1):
        out.write(f"  {i}. {action_label(game, action)}\n")
    while True:
        out.write("> ")
        out.flush()
        line = stdin.readline()
        if not line:
            return None
        text = line.strip()
        if text in ("quit", "q", "exit"):
            return None
        if text.isdigit():
            if 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            out.write(f"choose 1–{len(legal)}, or type an action\n")
            continue
        try:
            return game.parse_action(text)
        except EngineError as exc:
            out.write(f"{exc}\n")


def play(game_key: str, ai: int, policy: str, seed: int, seat: int, stdin: TextIO, out: TextIO) -> int:
    game = get_game(game_key)
    seats = ai + 1
    state = game.new(seats, seed=seed, options={})
    names = _seat_names(seats, seat)
    for s in range(seats):
        if s != seat:
            names[s] = f"{names[s]} ({policy})"
    text = renderer(game_key)
    out.write(f"{game.title}: you are seat {seat}; {ai} computer player(s) play {policy}.\n")
    moves = 0
    # one policy object per computer seat, so what it works out in a turn serves the turn
    choosers = {s: get_policy(game_key, policy) for s in range(seats) if s != seat}
    while game.to_act(state):
        acting = game.to_act(state)[0]
        if acting == seat:
            out.write("\n" + text.board(game.view(state, seat), seat) + "\n")
            while True:
                action = _ask(game, game.legal_actions(state, seat), stdin, out)
                if action is None:
                    out.write("You leave the game.\n")
                    return 1
                try:
                    step = game.apply(state, seat, action)
                    break
                except EngineError as exc:
                    out.write(f"{exc}\n")
        else:
            chosen = decide(game, state, acting, choosers[acting], seed * 1_000_003 + moves)
            step = game.apply(state, acting, chosen)
        moves += 1
        state = step.state
        for event in step.events:
            line = text.event(event, names) if event.visible_to(seat) else ""
            if line:
                out.write(line + "\n")
    result = game.result(state)
    assert result is not None
    out.write("\n" + text.board(game.view(state, seat), seat) + "\n")
    verdict = (
        "You win!"
        if seat in result.winners and len(result.winners) == 1
        else ("You share the win." if seat in result.winners else "You lose.")
    )
    out.write(f"{verdict} Ranks: {', '.join(f'{names[s]} {r}' for s, r in enumerate(result.ranks))}\n")
    return 0


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.play", description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=games())
    parser.add_argument("--ai", type=int, default=1, help="computer players (default 1)")
    parser.add_argument("--policy", help="their policy (default: the game's strongest)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--seat", type=int, default=0, help="your seat (default 0)")
    args = parser.parse_args(argv)
    known = policies(args.game)
    policy = args.policy or known[-1]
    if policy not in known:
        parser.error(f"no policy {policy!r} for {args.game}; known: {', '.join(known)}")
    if not 0 <= args.seat <= args.ai:
        parser.error(f"--seat must be between 0 and {args.ai}")
    try:
        return play(
            args.game, args.ai, policy, args.seed, args.seat, stdin or sys.stdin, stdout or sys.stdout
        )
    except EngineError as exc:  # e.g. a seat count the game does not allow
        parser.error(str(exc))


if __name__ == "__main__":
    sys.exit(main())
