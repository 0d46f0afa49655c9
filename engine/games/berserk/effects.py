"""What happens to creatures: wounds through Shelter (B54), healing, counters (B8), poison,
destruction, the death check (B6) with the defeat check (B57), and the triggers those events
raise (B40, B45).

A card's triggered abilities listen while it is on the field. An event that happens in the
same moment as its leaving still reaches it: creatures found dead at a death check are still
on the field when the deaths are raised (so Crypt Master counts its own death, then has no
legal target), and a strike's level is reached before its deaths are checked (Hedd's venom).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from engine.core.contract import Event
from engine.core.plain import JSON
from engine.games.berserk.attacks import shelter
from engine.games.berserk.cards import LEVELS, LIFE, LISTENERS, Triggered
from engine.games.berserk.creatures import card, get, order_key, updated
from engine.games.berserk.state import (
    BerserkState,
    Creature,
    EndReason,
    changed,
    changed_creature,
    with_resolution,
)


# -- triggers (B40) -----------------------------------------------------------------------------
def raise_event(
    state: BerserkState,
    event: str,
    subject: Creature,
    *,
    level: int | None = None,
    roles: dict[str, str] | None = None,
) -> BerserkState:
    """Raise every trigger that answers ``event`` happening to ``subject``: its own (``whose =
    self``), an enemy's, or anyone's, from creatures on the field. ``roles`` names the event's
    creatures a trigger may target (``defended``, ``struck``, ``striker``)."""
    listening = LISTENERS[event]
    holders = [c for c in state.creatures if c.zone == "field" and c.card in listening]
    if not holders:  # nothing answers: the position stays as it is
        return state
    res = state.resolution
    data: dict[str, JSON] = {"kind": event, "subject": subject.uid, **(roles or {})}
    if level is not None:
        data["level"] = LEVELS[level]
    for holder in holders:
        for part in card(holder).parts(Triggered):
            if part.event != event:
                continue
            if part.whose == "self" and holder.uid != subject.uid:
                continue
            if part.whose == "enemy" and holder.owner == subject.owner:
                continue
            if part.levels and (level is None or LEVELS[level] not in part.levels):
                continue
            res = res.raise_trigger(
                ability=part.id,
                source=holder.uid,
                controller=holder.owner,
                optional=part.optional,
                event=data,
            )
    return with_resolution(state, res)


# -- wounds, healing, counters, poison ----------------------------------------------------------
def suffer(
    state: BerserkState, wounds: Sequence[tuple[str, int]], events: list[Event], cause: str
) -> tuple[BerserkState, dict[str, int]]:
    """Wounds dealt together (one effect, B6): each creature's amount less its Shelter (B54,
    applied to each creature separately), never below 0. Returns how many each suffered; a
    creature suffers wounds only if at least 1 remains."""
    suffered: dict[str, int] = {}
    changed: list[Creature] = []
    for uid, amount in wounds:
        victim = get(state, uid)
        if victim.zone != "field" or amount <= 0:
            continue
        left = max(0, amount - shelter(state, victim))
        if left:
            suffered[uid] = left
            changed.append(changed_creature(victim, wounds=victim.wounds + left))
        events.append(
            Event(
                "wounded",
                {
                    "unit": uid,
                    "dealt": amount,
                    "suffered": left,
                    "wounds": victim.wounds + left,
                    "cause": cause,
                },
            )
        )
    return updated(state, *changed), suffered


def heal(state: BerserkState, uid: str, amount: int, events: list[Event]) -> BerserkState:
    """Heal N removes up to N wounds (B6)."""
    c = get(state, uid)
    healed = min(amount, c.wounds)
    events.append(Event("healed", {"unit": uid, "healed": healed, "wounds": c.wounds - healed}))
    return updated(state, changed_creature(c, wounds=c.wounds - healed))


def gain_counters(state: BerserkState, uid: str, amount: int, events: list[Event]) -> BerserkState:
    """B8: counters rise up to the card's maximum; only a real rise is "gaining" (and raises
    the triggers that answer it)."""
    c = get(state, uid)
    after = min(card(c).max_counters, c.counters + amount)
    events.append(Event("counters", {"unit": uid, "counters": after, "gained": after - c.counters}))
    if after == c.counters:
        return state
    state = updated(state, changed_creature(c, counters=after))
    return raise_event(state, "gains_counter", get(state, uid))


def poison(state: BerserkState, uid: str, amount: int, events: list[Event]) -> BerserkState:
    """B8: poison N sets p to max(p, N); it does not stack."""
    c = get(state, uid)
    events.append(Event("poisoned", {"unit": uid, "poison": max(c.poison, amount)}))
    return updated(state, changed_creature(c, poison=max(c.poison, amount)))


def cure(state: BerserkState, uid: str, events: list[Event]) -> BerserkState:
    c = get(state, uid)
    events.append(Event("cured", {"unit": uid}))
    return updated(state, changed_creature(c, poison=0))


# -- deaths and the end of the game (B6, B57) -------------------------------------------------
def check_deaths(state: BerserkState, doomed: Iterable[str], events: list[Event]) -> BerserkState:
    """Every creature on the field that is destroyed or whose wounds reach its life dies, all
    at once: its death raises triggers (while it still counts as on the field), then it goes
    to its owner's graveyard, losing its state. Then the defeat check (B57)."""
    marked = set(doomed)
    # asked after every execution and at every turn's start, and most find nobody: the
    # dead are found by their card's life from a table, and sorted only when there are some
    dead = [
        c
        for c in state.creatures
        if c.zone == "field" and (c.wounds >= LIFE[c.card] or c.uid in marked)
    ]
    if not dead:
        return state
    dead.sort(key=order_key)
    for c in dead:
        state = raise_event(state, "dies", c)
    events.append(Event("died", {"units": [c.uid for c in dead], "cells": [c.cell for c in dead]}))
    state = updated(state, *(Creature(c.uid, c.card, c.owner, "graveyard") for c in dead))
    return defeat_check(state, events)


def defeat_check(state: BerserkState, events: list[Event]) -> BerserkState:
    """B57: a player with no creature on the field loses; both at once is a draw."""
    standing = [any(c.owner == seat and c.zone == "field" for c in state.creatures) for seat in (0, 1)]
    if all(standing):
        return state
    if not any(standing):
        return finish(state, "draw", "defeat", events)
    return finish(state, 0 if standing[0] else 1, "defeat", events)


def finish(state: BerserkState, winner: int | str, reason: EndReason, events: list[Event]) -> BerserkState:
    """The game ends: the stack and queue are discarded, nothing more is pending (B57)."""
    over = changed(
        state,
        phase="over",
        agenda=(),
        resolution=state.resolution.cleared(),
        winner="draw" if winner == "draw" else int(winner),
        end=reason,
    )
    events.append(Event("game_over", {"winner": over.winner, "reason": reason}))
    return over
