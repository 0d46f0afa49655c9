"""Plain data: what crosses the engine boundary (states, actions, views, events) once dumped."""

from __future__ import annotations

import json
from typing import Any

JSON = Any
"""A value made of dicts, lists, strings, numbers, booleans and None."""


def dump_json(data: JSON) -> str:
    """The one canonical JSON text of plain data (sorted keys, no spaces)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
