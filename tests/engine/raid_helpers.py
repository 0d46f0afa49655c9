"""Build Raid positions for rule tests: hazard maps are drawn by hand, as on paper."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

from engine.games.raid import RAID, SCENARIOS, Hazard, Place, RaidState, Walk
from engine.games.raid.actions import ACTION_ADAPTER
from engine.games.raid.cells import ALL_CELLS, DELTAS, SIZE, cell_name, coords
from engine.games.raid.placement import hazard_map

GAME = RAID


def objects(
    *,
    pits: Iterable[str] = (),
    traps: Iterable[str] = (),
    terrorists: Iterable[str] = (),
    kit: str | None = None,
    artifacts: Iterable[str] = (),
) -> tuple[Hazard, ...]:
    """A hazard map from the compact forms (``terrorists=["B2=4"]``), counts not checked."""
    place = ACTION_ADAPTER.validate_python(
        {
            "kind": "place",
            "pits": list(pits),
            "traps": list(traps),
            "terrorists": list(terrorists),
            "kit": kit,
            "artifacts": list(artifacts),
        }
    )
    assert isinstance(place, Place)
    return hazard_map(place)


def position(
    maps: Sequence[tuple[Hazard, ...]] = ((), ()),
    *,
    current: int = 0,
    scouts: Mapping[int, Mapping[str, Any]] | None = None,
    options: Mapping[str, Any] | None = None,
    turn: int = 0,
) -> RaidState:
    """A position in play, ``current`` to move. ``maps[s]`` is seat ``s``'s hazard map, which
    the *other* scout walks. ``scouts`` overrides scout fields (``{1: {"wounds": 14}}``)."""
    state = GAME.new(2, seed=11, options=options or {})
    new_scouts = list(state.scouts)
    for seat, fields in (scouts or {}).items():
        scout = replace(new_scouts[seat], **fields)
        if "cell" in fields and "trail" not in fields:
            scout = replace(scout, trail=(fields["cell"],))
        new_scouts[seat] = scout
    return replace(
        state,
        phase="play",
        maps=tuple(maps),
        scouts=tuple(new_scouts),
        current=current,
        turn=turn,
        agenda=(Walk(seats=(current,)),),
    )


def play(state: RaidState, *actions: Any) -> RaidState:
    """Apply actions (plain data or text) for whoever is to act."""
    for action in actions:
        state = GAME.apply(state, GAME.to_act(state)[0], GAME.parse_action(action)).state
    return state


def kinds(events: Iterable[Any]) -> list[str]:
    return [e.kind for e in events]


def random_path(rng: random.Random, start: str, legs: int | None = None) -> list[str]:
    """A random legal path from ``start``: 1–3 straight legs, written as cells or steps."""
    col, row = coords(start)
    path: list[str] = []
    for _ in range(legs or rng.randint(1, 3)):
        options = []
        for name, (dc, dr) in DELTAS.items():
            for n in range(1, SIZE):
                c, r = col + dc * n, row + dr * n
                if 0 <= c < SIZE and 0 <= r < SIZE:
                    options.append((name, n, c, r))
        name, n, col, row = rng.choice(options)
        path.append(f"{name} {n}" if rng.random() < 0.3 else cell_name(col, row))
    return path


def random_valid_place(rng: random.Random, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """An explicit random valid placement as plain data (not drawn by the engine)."""
    opts = GAME.options(2, options)
    scenario = SCENARIOS[opts.scenario]
    free = [c for r in range(SIZE) for c in (cell_name(col, r) for col in range(SIZE)) if c != scenario.entry]
    buildings = sorted(scenario.buildings)
    return {
        "kind": "place",
        "pits": rng.sample(free, opts.pits),
        "traps": rng.sample(free, opts.traps),
        "terrorists": [f"{c}={rng.randint(1, opts.zones)}" for c in rng.sample(buildings, opts.terrorists)],
        "kit": rng.choice(free) if opts.kit else None,
        "artifacts": rng.sample(free, opts.artifacts),
    }


def hide_elsewhere(state: RaidState, owner: int, rng: random.Random) -> RaidState | None:
    """The same state with one of ``owner``'s unrevealed objects moved (and a terrorist's weak
    spot changed) — something only ``owner`` may know. ``None`` if nothing is unrevealed."""
    objects = state.maps[owner]
    if objects is None:
        return None
    hidden = [i for i, h in enumerate(objects) if not h.found]
    if not hidden:
        return None
    index = rng.choice(hidden)
    hazard = objects[index]
    scenario = SCENARIOS[state.options.scenario]
    taken = {h.cell for h in objects if h.kind == hazard.kind}
    pool = sorted(scenario.buildings) if hazard.kind == "terrorist" else list(ALL_CELLS)
    cells = [c for c in pool if c not in taken and c != scenario.entry]
    if not cells:
        return None
    zone = None if hazard.zone is None else hazard.zone % state.options.zones + 1
    moved: Hazard = replace(hazard, cell=rng.choice(cells), zone=zone)
    new_map = (*objects[:index], moved, *objects[index + 1 :])
    return replace(state, maps=tuple(new_map if s == owner else m for s, m in enumerate(state.maps)))
