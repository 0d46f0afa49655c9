"""One line of decision times, as the decision benchmarks print them."""

from __future__ import annotations

import statistics


def decision_line(label: str, seconds: list[float], *, width: int = 34) -> str:
    """``label``, the count, and the median, 90th and 99th percentile and slowest of
    ``seconds``, in milliseconds."""
    if not seconds:
        return f"{label:<{width}} n=     0"
    ordered = sorted(seconds)

    def at(q: float) -> float:
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return (
        f"{label:<{width}} n={len(ordered):>7}  median {1000 * statistics.median(ordered):7.3f} ms"
        f"  p90 {at(0.9):7.3f} ms  p99 {at(0.99):7.3f} ms  max {1000 * ordered[-1]:7.2f} ms"
    )
