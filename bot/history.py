"""A game's past, from its seed and move log: ``/history`` lines and the ``/export`` file.

Both replay the log with the engine (``engine.core.move_log``), so they show exactly what the
game produced. What is hidden stays hidden while the game runs:

- history keeps only events for everyone (audience ``None``) until the game is over; after
  it, every event may be told;
- the export of a running game with hidden information is refused: its seed reveals every
  hidden random draw and its log every secret choice (a secret placement shows a map). A game
  has hidden information when a seat's view differs from the spectator's at the start or now,
  or any logged event was addressed to some seats only. A running game without any (a dice
  game with open tiles) can be exported at any time.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.board import table_of
from bot.render.registry import renderer_for
from engine import Event, get_game
from engine.core.move_log import replay_events
from engine.replay import replay_data
from storage.models import GameRecord, GameStatus, MoveRecord


@dataclass(frozen=True, slots=True)
class Told:
    seq: int
    seat: int
    events: tuple[Event, ...]


def replayed(record: GameRecord, moves: Sequence[MoveRecord]) -> list[Told]:
    """Every logged move with the events it produced, replayed from the seed."""
    if record.seed is None:
        return []
    game = get_game(record.key)
    logged = [(m.seat, m.action) for m in moves]
    told = replay_events(game, len(record.seats), record.seed, record.options, logged)
    return [Told(move.seq, move.seat, events) for move, events in zip(moves, told, strict=True)]


def is_over(record: GameRecord) -> bool:
    return record.status in (GameStatus.FINISHED, GameStatus.ABANDONED)


def history_lines(record: GameRecord, moves: Sequence[MoveRecord], lang: str, *, limit: int) -> list[str]:
    """The last ``limit`` moves in words, one line per told event."""
    table = table_of(record, lang)
    renderer = renderer_for(record.key)
    everything = is_over(record)
    lines: list[str] = []
    for told in replayed(record, moves)[-limit:]:
        for event in told.events:
            if not everything and event.audience is not None:
                continue
            text = renderer.event_text(table, event)
            if text:
                lines.append(f"`{told.seq:>3}` {text}")
    return lines


def export_data(record: GameRecord, moves: Sequence[MoveRecord]) -> dict[str, Any]:
    """The replay file: enough to rebuild every position (``python -m engine.replay``), as the
    engine writes it (``engine.replay.replay_data``), with the game's number and status."""
    data = replay_data(
        get_game(record.key),
        len(record.seats),
        record.seed,
        record.options,
        [(m.seat, m.action) for m in moves],
        record.result,
    )
    return data | {"game_id": record.id, "status": str(record.status)}
