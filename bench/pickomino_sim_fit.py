"""Fit a per-grill-size logistic estimate to a table recorded by ``pickomino_sim``.

    python bench/pickomino_sim_fit.py cells.bin model.txt

``cells.bin`` is what ``pickomino_sim … rec=cells.bin`` writes: for every cell (grill tiles,
worm balance, both top tiles' worms, lowest grill tile's band) the summed results and the
count of positions after ``strong``'s turn. For each grill size the fit is
P(win) = 1 / (1 + e^-z), z = b0 + b1·balance + b2·own top worms + b3·rival top worms + the
band's term, by weighted Newton steps (a little ridge keeps empty bands at zero). The
simulator reads ``model.txt`` back with ``par=model.txt``. Pure Python: it runs in seconds.
"""

from __future__ import annotations

import math
import struct
import sys
from pathlib import Path

GRILL_SIZES, BALANCES, TOPS, BANDS = 17, 31, 5, 4
CLIP = 15
CELLS = GRILL_SIZES * BALANCES * TOPS * TOPS * BANDS
TERMS = 7
RIDGE = 1e-3


def read_cells(path: Path) -> tuple[list[float], list[float]]:
    raw = path.read_bytes()
    if len(raw) != 2 * CELLS * 8:
        raise SystemExit(f"{path}: expected {2 * CELLS * 8} bytes, found {len(raw)}")
    values = struct.unpack(f"<{2 * CELLS}d", raw)
    return list(values[:CELLS]), list(values[CELLS:])


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the systems are 7 × 7)."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        for r in range(col + 1, n):
            factor = rows[r][col] / rows[col][col]
            for c in range(col, n + 1):
                rows[r][c] -= factor * rows[col][c]
    out = [0.0] * n
    for i in reversed(range(n)):
        out[i] = (rows[i][n] - sum(rows[i][c] * out[c] for c in range(i + 1, n))) / rows[i][i]
    return out


def fit(samples: list[tuple[list[float], float, float]]) -> list[float]:
    """Weighted logistic regression: ``samples`` are (terms, mean result, weight)."""
    beta = [0.0, 0.3] + [0.0] * (TERMS - 2)
    for _ in range(30):
        gradient = [-RIDGE * b for b in beta]
        hessian = [[RIDGE if i == j else 0.0 for j in range(TERMS)] for i in range(TERMS)]
        for x, y, w in samples:
            p = 1.0 / (1.0 + math.exp(-sum(b * v for b, v in zip(beta, x, strict=True))))
            for i in range(TERMS):
                gradient[i] += w * (y - p) * x[i]
                for j in range(TERMS):
                    hessian[i][j] += w * p * (1 - p) * x[i] * x[j]
        step = solve(hessian, gradient)
        beta = [b + s for b, s in zip(beta, step, strict=True)]
        if max(abs(s) for s in step) < 1e-9:
            break
    return beta


def main() -> None:
    sums, counts = read_cells(Path(sys.argv[1]))
    models = []
    for size in range(GRILL_SIZES):
        samples = []
        for balance in range(BALANCES):
            for own in range(TOPS):
                for rival in range(TOPS):
                    for band in range(BANDS):
                        cell = (((size * BALANCES + balance) * TOPS + own) * TOPS + rival) * BANDS + band
                        if counts[cell] > 0:
                            x = [1.0, float(balance - CLIP), float(own), float(rival)]
                            x += [1.0 if band == b else 0.0 for b in range(1, BANDS)]
                            samples.append((x, sums[cell] / counts[cell], counts[cell]))
        models.append(fit(samples) if samples else [0.0, 1.0] + [0.0] * (TERMS - 2))
        print(size, " ".join(f"{b:+.3f}" for b in models[-1]), int(sum(s[2] for s in samples)))
    Path(sys.argv[2]).write_text("".join(" ".join(f"{b:.6f}" for b in m) + "\n" for m in models))


if __name__ == "__main__":
    main()
