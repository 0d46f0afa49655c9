"""``engine.kits.build``: values made without ``__init__`` and changed without
``dataclasses.replace`` are the values ``__init__`` and ``replace`` make."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass, field, replace

import pytest

from engine.kits.build import builder, changer


@dataclass(frozen=True, slots=True)
class Piece:
    name: str
    cells: tuple[str, ...] = ()
    data: dict[str, int] = field(default_factory=dict)
    kind: str = "piece"


@dataclass(slots=True)
class Board:
    pieces: tuple[Piece, ...]
    turn: int = 0


def test_a_built_value_is_the_value_init_makes_and_stays_frozen() -> None:
    made = builder(Piece)("a", ("b2",), {"x": 1}, "piece")
    assert made == Piece("a", ("b2",), {"x": 1}) and type(made) is Piece
    with pytest.raises(FrozenInstanceError):
        made.name = "b"  # type: ignore[misc]


@pytest.mark.parametrize(
    "changes", [{}, {"name": "z"}, {"cells": (), "kind": "other"}, {"data": {}, "name": "a"}]
)
def test_a_change_is_what_replace_makes(changes: dict[str, object]) -> None:
    piece = Piece("a", ("b2", "c3"), {"x": 1})
    for change in (changer(Piece), changer(Piece, builder(Piece))):
        assert change(piece, **changes) == replace(piece, **changes)  # type: ignore[arg-type]
    board = Board((piece,), 3)
    assert changer(Board)(board, turn=4) == replace(board, turn=4)
    assert board.turn == 3


def test_an_unknown_field_is_refused_as_replace_refuses_it() -> None:
    with pytest.raises(TypeError):
        changer(Piece)(Piece("a"), colour="red")
