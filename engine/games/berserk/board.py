"""The 5 × 6 field (B1, B2): cells ``a1``–``e6``, distances, neighbours, each role's half and
the shortest walks of a move (B26). Tables are computed once; everything here is pure."""

from __future__ import annotations

from collections.abc import Collection, Iterable

COLUMNS = "abcde"
ROWS = range(1, 7)
CELLS: tuple[str, ...] = tuple(f"{c}{r}" for r in ROWS for c in COLUMNS)
"""Row by row from row 1, a to e within a row."""
_ON_FIELD = frozenset(CELLS)
CELL_INDEX: dict[str, int] = {cell: n for n, cell in enumerate(CELLS)}
"""Each cell's place in ``CELLS``: the order creatures are listed in."""

ROLE_ROWS: tuple[tuple[int, ...], tuple[int, ...]] = ((3, 2, 1), (4, 5, 6))
"""Each role's rows, front row first (B1): P1 owns rows 1–3 (front 3, home 1), P2 rows 4–6
(front 4, home 6)."""


def coords(cell: str) -> tuple[int, int]:
    """``c3`` → (2, 3): the column index 0–4 and the row 1–6."""
    return COLUMNS.index(cell[0]), int(cell[1:])


def name(col: int, row: int) -> str:
    return f"{COLUMNS[col]}{row}"


def is_cell(text: str) -> bool:
    return text in _ON_FIELD


def _distance(a: str, b: str) -> int:
    (ac, ar), (bc, br) = coords(a), coords(b)
    return max(abs(ac - bc), abs(ar - br))


DISTANCE: dict[tuple[str, str], int] = {(a, b): _distance(a, b) for a in CELLS for b in CELLS}
"""B2: max(|Δcolumn|, |Δrow|); diagonals count."""


def distance(a: str, b: str) -> int:
    return DISTANCE[a, b]


def _steps(cell: str) -> tuple[str, ...]:
    col, row = coords(cell)
    around = ((col, row + 1), (col, row - 1), (col - 1, row), (col + 1, row))
    return tuple(name(c, r) for c, r in around if 0 <= c < len(COLUMNS) and r in ROWS)


STEPS: dict[str, tuple[str, ...]] = {cell: _steps(cell) for cell in CELLS}
"""The orthogonally adjacent cells of each cell (one step of a move)."""

AROUND: dict[str, tuple[str, ...]] = {a: tuple(b for b in CELLS if DISTANCE[a, b] == 1) for a in CELLS}
"""The adjacent cells of each cell, diagonals included."""


def sides(cell: str) -> tuple[str, ...]:
    """The cells directly left and right of ``cell`` (same row, one column away)."""
    col, row = coords(cell)
    return tuple(name(c, row) for c in (col - 1, col + 1) if 0 <= c < len(COLUMNS))


def half(role: int) -> tuple[str, ...]:
    """Role ``role``'s 15 cells, front row first, a to e within a row."""
    return tuple(name(c, r) for r in ROLE_ROWS[role] for c in range(len(COLUMNS)))


def home_row(role: int) -> tuple[str, ...]:
    return tuple(name(c, ROLE_ROWS[role][-1]) for c in range(len(COLUMNS)))


def reachable(start: str, moves: int, occupied: Collection[str]) -> dict[str, int]:
    """Every cell a creature on ``start`` can walk to with ``moves`` steps through empty cells
    (B26), with the length of the shortest walk; ``start`` itself is not included."""
    found: dict[str, int] = {}
    frontier = [start]
    for length in range(1, moves + 1):
        nxt: list[str] = []
        for cell in frontier:
            for step in STEPS[cell]:
                if step != start and step not in found and step not in occupied:
                    found[step] = length
                    nxt.append(step)
        frontier = nxt
    return found


def lines(cells: Iterable[str]) -> list[tuple[str, ...]]:
    """Maximal horizontal runs of the given cells (B55a), each left to right, row by row."""
    out: list[tuple[str, ...]] = []
    run: list[str] = []
    for cell in sorted(cells, key=CELL_INDEX.__getitem__):
        if run and (cell[1:] != run[-1][1:] or COLUMNS.index(cell[0]) != COLUMNS.index(run[-1][0]) + 1):
            out.append(tuple(run))
            run = []
        run.append(cell)
    if run:
        out.append(tuple(run))
    return out
