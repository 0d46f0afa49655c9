"""A voluntary move and what its arrival does (H4.3): the ring, the webs, an attack on Smaug,
an adventure — each step seeing Bilbo as the step before left him."""

from __future__ import annotations

from engine.core.contract import Event
from engine.core.decisions import push
from engine.games.hobbit import adventures, ending
from engine.games.hobbit.board import adventure_deck
from engine.games.hobbit.figures import counts, place
from engine.games.hobbit.moves import ring_and_webs
from engine.games.hobbit.state import AttackDecision, HobbitState


def arrive(
    work: HobbitState, figure: str, target: int, forward: bool, cause: str, events: list[Event]
) -> None:
    """``figure`` makes a legal voluntary move to ``target`` (checked by ``moves.voluntary``)."""
    place(work, figure, target, cause, events)
    ending.check(work, events)
    ring_and_webs(work, figure, events)  # steps 1–2
    moved = work.figure(figure)
    if not counts(work, moved):
        return
    if target == work.smaug:  # step 3: an attack (H7.5); no adventure
        attack = AttackDecision(seats=(work.active,), figure=figure)
        work.agenda = push(work.agenda, attack)
        events.append(Event("attack_started", {"seat": work.active, "figure": figure, "space": target}))
        return
    deck = adventure_deck(target)
    if forward and deck is not None:  # step 4
        adventures.trigger(work, target, figure, events)
