"""Raid's fixed numbers and object kinds as data (rules R4, R11, R13, R17, R19)."""

from __future__ import annotations

from typing import Literal

SEATS = 2
"""Raid is a duel: exactly two seats, each owning one hazard map (R3)."""

Kind = Literal["artifact", "terrorist", "pit", "trap", "kit"]

MEET_ORDER: tuple[Kind, ...] = ("artifact", "terrorist", "pit", "trap", "kit")
"""R11: objects on one cell are met in this order (the kit last: ours)."""

MEET_RANK: dict[str, int] = {kind: rank for rank, kind in enumerate(MEET_ORDER)}

PLACEMENT_FIELDS: dict[Kind, str] = {
    "pit": "pits",
    "trap": "traps",
    "terrorist": "terrorists",
    "kit": "kit",
    "artifact": "artifacts",
}
"""Each kind's field in the ``place`` action and in the count options (R4)."""

MAX_PER_KIND = 12
"""R4 (ours as options): pits, traps and terrorists a map holds at most, and zones at most."""

MAX_ARTIFACTS = 10

MAX_OBJECTS = 3 * MAX_PER_KIND + 1 + MAX_ARTIFACTS
"""Objects on one hazard map at most: the pits, traps, terrorists, the kit and the artifacts."""

MAX_WOUNDS = 15
"""R17: a scout with this many wounds is beaten."""

MAX_TURNS = 200
"""R19 (ours): after this many turns in all — both seats together, skipped turns included —
the game is a draw."""

Phase = Literal["placement", "play", "over"]

EndReason = Literal["mission", "beaten", "turn_limit", "resigned"]
"""Why the game ended: R18 (all artifacts), R17 (15 wounds), R19 (turn limit), or a resignation."""
