"""H4 movement: whether a voluntary move is legal (H4.2), forced moves backward (H4.4) and
forward (H4.5), and the ring and web steps every move ends with (H4.3 steps 1 and 2)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from engine.core.contract import Event
from engine.games.hobbit import ending
from engine.games.hobbit.board import BILBO, CAPACITY, FINISH, KEY_SPACE, NUMBERS, kind
from engine.games.hobbit.figures import UNLIMITED, fight_cards, full, place, rune_holds, set_figure
from engine.games.hobbit.state import Figure, HobbitState

REFUSALS: dict[str, str] = {
    "dead": "{figure} is dead",
    "finished": "{figure} has reached FINISH and never moves again",
    "entangled": "{figure} is entangled in a web and cannot be moved",
    "below_start": "{figure} cannot go back past the start",
    "smaug_blocks": "Smaug on {smaug} blocks the way",
    "door_locked": "the locked door on 44 stops {figure}",
    "attack_needs_cards": "moving onto Smaug is an attack, which needs 2 fight cards in the active hand",
    "full": "space {target} is full",
    "rune": "{figure} may enter FINISH only once the other dwarf of its colour has reached the rune "
    "space (29) or is dead",
}
"""Why a voluntary move is illegal (H4.2 a–g), by the code ``voluntary`` returns."""


def voluntary(
    state: HobbitState,
    figure: Figure,
    steps: int,
    forward: bool,
    active: int,
    occupied: Mapping[int, int] | None = None,
) -> int | str:
    """H4.2: the target of moving ``figure`` exactly ``steps`` (overshoot ends on FINISH), or
    the code of the first rule it breaks. ``active`` pays for an attack on Smaug. ``occupied``:
    the position's ``figures.occupancy``, for a caller asking of many moves."""
    p = figure.pos
    if p is None:
        return "dead"
    if p == FINISH:
        return "finished"
    if figure.entangled:
        return "entangled"
    t = p + steps if forward else p - steps
    if t < 0:
        return "below_start"
    t = min(t, FINISH)
    ring_bilbo = figure.id == BILBO and state.ring == "bilbo"
    smaug = state.smaug
    if smaug is not None and not ring_bilbo and (p < smaug < t or t < smaug < p):
        return "smaug_blocks"
    if not state.door_open and p <= KEY_SPACE < t:
        return "door_locked"
    if t == smaug and not ring_bilbo:
        if len(fight_cards(state, active)) < NUMBERS.attack_cards:
            return "attack_needs_cards"
    elif not ring_bilbo and (
        full(state, t, figure.id)
        if occupied is None
        # the mover counts here (it is alive, and not Bilbo with the ring), on ``t`` only
        # if it does not move
        else t not in UNLIMITED and occupied.get(t, 0) - (t == p) >= CAPACITY
    ):
        return "full"
    if t == FINISH and figure.id != BILBO and not rune_holds(state, figure.id):
        return "rune"
    return t


def refusal(code: str, figure: str, state: HobbitState, target: int | None = None) -> str:
    return REFUSALS[code].format(figure=figure, smaug=state.smaug, target=target)


def ring_and_webs(work: HobbitState, figure_id: str, events: list[Event]) -> None:
    """H4.3 steps 1–2: bare Bilbo ending a move on the ring (or on a Treasury space while the
    ring is in the Treasury) puts it on; ring-Bilbo frees the entangled dwarves where he ends."""
    if figure_id != BILBO:
        return
    space = work.bilbo.pos
    if space is None:
        return
    if work.ring != "bilbo" and (
        work.ring == space or (work.ring == "treasury" and kind(space) == "TREASURY")
    ):
        work.ring = "bilbo"
        events.append(Event("ring_put_on", {"space": space}))
    if work.ring == "bilbo":
        free_on(work, space, "ring", events)


def free_on(work: HobbitState, space: int, how: str, events: list[Event]) -> None:
    """H5.10a/b: every entangled dwarf on ``space`` is freed."""
    for f in work.figures:
        if f.entangled and f.pos == space:
            free(work, f, how, events)


def free(work: HobbitState, dwarf: Figure, how: str, events: list[Event]) -> None:
    set_figure(work, replace(dwarf, entangled=False))
    events.append(Event("freed", {"dwarf": dwarf.id, "how": how}))


def forced_back(work: HobbitState, figure_id: str, steps: int, cause: str, events: list[Event]) -> None:
    """H4.4: back ``steps``, then on to the next space with room that is not Smaug's; Smaug
    and the door do not block. A figure on FINISH (H4.7) or dead does not move."""
    p = work.figure(figure_id).pos
    if p is None or p == FINISH:
        return
    t = max(0, p - steps)
    while t != 0 and (t == work.smaug or full(work, t, figure_id)):
        t -= 1
    place(work, figure_id, t, cause, events)
    ring_and_webs(work, figure_id, events)
    ending.check(work, events)


def forced_forward(work: HobbitState, figure_id: str, steps: int, cause: str, events: list[Event]) -> bool:
    """H4.5: forward up to ``steps``, stopping before Smaug, the locked door or a FINISH the
    rune does not open; back to the first space with room. Whether it ended elsewhere."""
    p = work.figure(figure_id).pos
    if p is None or p == FINISH:
        return False
    t = p
    for _ in range(steps):
        step = t + 1
        if step > FINISH or step == work.smaug:
            break
        if not work.door_open and t <= KEY_SPACE < step:
            break
        if step == FINISH and figure_id != BILBO and not rune_holds(work, figure_id):
            break
        t = step
    while t != p and full(work, t, figure_id):
        t -= 1
    if t == p:
        events.append(Event("stayed", {"figure": figure_id, "space": p, "cause": cause}))
        return False
    place(work, figure_id, t, cause, events)
    ring_and_webs(work, figure_id, events)
    ending.check(work, events)
    return True
