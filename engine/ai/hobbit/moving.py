"""What a voluntary move is worth (H4.2, H4.3): the table after it, what its arrival brings —
the ring put back on or webs freed (steps 1–2), an attack on Smaug (step 3), an adventure
(step 4) — less the card it spends."""

from __future__ import annotations

from dataclasses import replace

from engine.ai.hobbit.adventure import Fights, arrival
from engine.ai.hobbit.attack import best_attack
from engine.ai.hobbit.table import Table
from engine.ai.hobbit.value import evaluate
from engine.games.hobbit.board import BILBO, FINISH, kind


def target_of(t: Table, figure: str, steps: int, forward: bool) -> int:
    pos = t.piece(figure).pos
    assert pos is not None
    return min(pos + steps, FINISH) if forward else pos - steps


def move_value(t: Table, fights: Fights, figure: str, target: int, forward: bool, base: float) -> float:
    """The change in value of moving ``figure`` to ``target`` (a legal move)."""
    piece = t.piece(figure)
    if target == t.smaug and t.counts(piece):  # H4.3 step 3: an attack
        attack = best_attack(t.moved(figure, target), fights.cards)
        return -50.0 if attack is None else attack[0] - base
    after = _arrived(t.moved(figure, target), figure, target)
    value = evaluate(after) - base
    if forward:
        value += arrival(after, fights, figure, target)
    return value


def _arrived(t: Table, figure: str, space: int) -> Table:
    """H4.3 steps 1–2: bare Bilbo finding the ring puts it on; ring-Bilbo frees the webs."""
    if figure != BILBO:
        return t
    if not t.ring_on and (t.ring == space or (t.ring == "treasury" and kind(space) == "TREASURY")):
        t = replace(t, ring="bilbo")
    if t.ring_on:
        for p in t.pieces:
            if p.entangled and p.pos == space:
                t = t.tangled(p.id, False)
    return t
