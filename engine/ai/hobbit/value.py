"""How good a table is for the team, in spaces of progress: the one yardstick every choice of
the policy is measured with (a move, a card spent, a Smaug step prevented).

- Each seat needs one dwarf on FINISH and, before it may enter, the other on the rune space
  or beyond, or dead (H8.5, H8.7): the leading dwarf is worth its place, the other its place
  up to the rune, plus a bonus on reaching it. A seat with a dwarf home is worth a fixed
  amount; a dwarf entangled in a web loses the turns it will stand still (H5.10).
- Bilbo must reach FINISH too (H8.7) and only his own cards and the elves carry him (H4.9):
  his steps are worth more than a dwarf's; bare, he is exposed to Smaug (H8.3) and wants the
  ring back (H8.4).
- Smaug is worth less the nearer he stands to the dragon space (H8.8), steeply at the end;
  figures on the spaces his next move would pass are pushed back 10, the one he ends on dies
  (H7.3), weighed by the chances of his next move's length; a seat's last dwarf or bare Bilbo
  dying loses the game — except in the last rounds, where the round limit would lose it too
  (H8.10) and a kill costs about a dwarf. In his lair the gate is open (H7.4): dwarves on the
  slopes can run.
- Gandalf's stop: at his lair stop Smaug's cards lose their bonus (H7.2), at the Erebor stop
  attacks push twice as far (H7.5).
"""

from __future__ import annotations

import math

from engine.ai.hobbit.table import Piece, Table
from engine.games.hobbit.board import BILBO, DRAGON, FINISH, GATE, RUNE, SMAUG_PATH, toward_esgaroth

SLOPES = SMAUG_PATH[-1] + 1
"""The first space of Smaug's path past the dragon space (22)."""

LOSS = -2000.0
"""A table where the game is lost."""
WIN = 2000.0

HOME = 160.0
"""A seat with a dwarf on FINISH: well above any seat on its way (about 80 at most)."""
PAST_GATE = 6.0
"""A leading dwarf beyond the gate, where Smaug never comes (H1.2)."""
RUNE_BONUS = 6.0
FOLLOWER = 0.6
"""A space of the second dwarf, up to the rune."""
LONE = -10.0
"""A seat with one dwarf left: FINISH is open to it (H8.5), but one more death loses the game
(H8.8)."""
TANGLED = 9.0
STUCK = 35.0
"""An entangled dwarf that ring-Bilbo can no longer reach (he is home, H4.7, or bare): only
20 in fight cards frees it now (H5.10c), and until then its seat cannot finish."""
BILBO_STEP = 1.4
BILBO_HOME = 60.0
BARE = 10.0
SMAUG_STEP = 4.0
GATE_OPEN = 4.0
"""A leading dwarf on the slopes while Smaug is in his lair: its way past the gate is open."""
RED_DRAW = 0.12
"""The chance that a draw brings Smaug out: about a tenth of the supply cards are red, and the
Erebor deck holds Smaug events too."""
GANDALF: dict[str, float] = {"G_START": 0.0, "G_MIRKWOOD": 2.5, "G_EREBOR": 5.0, "G_LAIR": 8.0}

PENDING: tuple[tuple[int, float], ...] = ((2, 0.3), (3, 0.4), (4, 0.2), (5, 0.1))
"""A Smaug card's movement with its bonus (Beorn's House 2–3, Esgaroth 4–5, Erebor 2–4)."""
PENDING_CALM: tuple[tuple[int, float], ...] = ((1, 0.35), (2, 0.45), (3, 0.1), (4, 0.1))
"""Without the bonus (Gandalf at his lair stop)."""

LAST_ROUNDS = 40
"""The last rounds before the limit (61–100 at the default limit of 100), in which a kill costs at most
``LATE_STAKE``. A seat's last dwarf or bare Bilbo that will not stand within Smaug's reach
cannot attack him either, so it waits below him; this late, waiting no longer helps: the round
limit loses the game as surely as the kill would (H8.10)."""
LATE_STAKE = 30.0
"""What a kill may cost in the last rounds: about a dwarf of a seat that has two, not the
game."""

_LAIR_SPACE = SMAUG_PATH[0] + 1
"""Smaug's lair counted as the space above the gate: his first step enters the gate."""


def evaluate(t: Table) -> float:
    total = sum(seat_value(t, s) for s in range(t.seats))
    total += bilbo_value(t) + smaug_value(t) + GANDALF[t.gandalf]
    return total - danger(t)


def seat_value(t: Table, seat: int) -> float:
    dwarves = t.own(seat)
    alive = [p for p in dwarves if p.pos is not None]
    if any(p.pos == FINISH for p in alive):
        return HOME
    if not alive:
        return LOSS
    lead = max(alive, key=lambda p: (not p.entangled, p.pos))
    assert lead.pos is not None
    tangled = STUCK if t.webs_need_cards else TANGLED
    value = lead.pos + (PAST_GATE if lead.pos > GATE else 0.0) - (tangled if lead.entangled else 0.0)
    if t.smaug is None and RUNE - 7 <= lead.pos <= GATE:
        value += GATE_OPEN
    if len(alive) == 1:
        return value + LONE
    follow = alive[0] if alive[1] is lead else alive[1]
    assert follow.pos is not None
    value += follower_value(follow.pos, lead.pos)
    return value - (tangled if follow.entangled and follow.pos < RUNE else 0.0)


def follower_value(pos: int, lead: int) -> float:
    """The second dwarf need only stand on the rune or beyond when the first enters FINISH
    (H8.5, checked at that moment): until the first is past the gate it waits below the slopes,
    out of Smaug's reach (H1.2), and earns little for climbing them; past the gate itself it is
    as good as on the rune, and safe."""
    if pos > GATE:
        return FOLLOWER * RUNE + RUNE_BONUS + 2.0
    if lead > GATE:
        return FOLLOWER * min(pos, RUNE) + (RUNE_BONUS if pos >= RUNE else 0.0)
    below = SLOPES - 2
    return FOLLOWER * min(pos, below) + 0.2 * max(0, min(pos, RUNE) - below)


def bilbo_value(t: Table) -> float:
    pos = t.bilbo.pos
    if pos is None:
        return LOSS
    if pos == FINISH:
        return BILBO_HOME + BILBO_STEP * pos
    return BILBO_STEP * pos - (0.0 if t.ring_on else BARE)


def smaug_value(t: Table) -> float:
    """Steeply worse as Smaug nears the dragon space."""
    d = t.smaug_distance()
    if d <= 0:
        return LOSS
    return -SMAUG_STEP * (len(SMAUG_PATH) - d) - 80.0 / (d + 1)


def danger(t: Table) -> float:
    """The expected cost of Smaug's next move to the figures in his way: each space he may
    pass or end on, with everything on it (two dwarves of one seat on one space die together)."""
    here = _LAIR_SPACE if t.smaug is None else t.smaug
    spread = PENDING_CALM if t.gandalf == "G_LAIR" else PENDING
    on: dict[int, list[Piece]] = {}
    for p in t.pieces:
        if p.pos is not None and t.counts(p) and DRAGON < p.pos < here:
            on.setdefault(p.pos, []).append(p)
    cost, stake = 0.0, kill_stake(t)
    for space, pieces in on.items():
        k = here - space
        kill = sum(w for n, w in spread if n == k)
        passed = sum(w for n, w in spread if n > k)
        before = _worth(t, pieces)
        if kill:
            dead = t
            for p in pieces:
                dead = dead.moved(p.id, None)
            cost += kill * min(before - _worth(dead, pieces), stake)
        if passed:
            pushed = t
            for p in pieces:
                pushed = pushed.moved(p.id, max(0, space - 10))
            cost += passed * (before - _worth(pushed, pieces))
    return hazard(t.seats) * cost


def kill_stake(t: Table) -> float:
    """The most a kill by Smaug's next move may cost: whatever it costs, the game included,
    until the last rounds; then ``LATE_STAKE``."""
    return LATE_STAKE if t.rounds_left < LAST_ROUNDS else math.inf


def hazard(seats: int) -> float:
    """The chance that Smaug moves before the figure's owner can act again: every seat draws
    twice a turn (H3.5)."""
    return 1 - (1 - RED_DRAW) ** (2 * seats)


def _worth(t: Table, pieces: list[Piece]) -> float:
    """The value of the seats (and Bilbo) these figures belong to."""
    seats = {p.seat for p in pieces if p.seat is not None}
    total = sum(seat_value(t, s) for s in seats)
    return total + (bilbo_value(t) if any(p.id == BILBO for p in pieces) else 0.0)


def smaug_after(smaug: int | None, steps: int) -> tuple[int | None, list[int]]:
    """Where ``steps`` toward Esgaroth take Smaug, and the spaces he enters (stopping on the
    dragon space)."""
    entered: list[int] = []
    for _ in range(steps):
        smaug = toward_esgaroth(smaug)
        entered.append(smaug)
        if smaug == DRAGON:
            break
    return smaug, entered
