"""H7 Smaug: resolving a Smaug card (H7.2) with its window (H6.2), his steps toward Esgaroth
and what they do to the ring and the figures (H7.3), and being driven back toward his lair by
an attack (H7.5) or Dwarf Gold (H7.6)."""

from __future__ import annotations

from dataclasses import replace

from engine.core.contract import Event
from engine.core.decisions import pop, push, replace_top
from engine.core.errors import IllegalAction
from engine.games.hobbit import ending
from engine.games.hobbit.board import (
    ATTACK_STOP,
    CALM_STOP,
    DRAGON,
    FIGURE_ORDER,
    NUMBERS,
    red_extra,
    steps_to_dragon,
    toward_esgaroth,
    toward_lair,
)
from engine.games.hobbit.cards import card_of, highest, is_fight, used_value
from engine.games.hobbit.data import Arkenstone, Arrow, Crown, DwarfGold, Mithril, Reduce, SmaugCard
from engine.games.hobbit.figures import counts, place
from engine.games.hobbit.moves import forced_back
from engine.games.hobbit.piles import discard
from engine.games.hobbit.state import AttackDecision, HobbitState, SmaugWindow
from engine.kits.build import builder, changer

_changed_window = changer(SmaugWindow, builder(SmaugWindow))
"""``dataclasses.replace`` for a window, without walking its fields or the frozen ``__init__``:
every pass in a window changes it."""

PASS = {"kind": "pass_window"}


def reveal(work: HobbitState, card: str, events: list[Event], *, to_box: bool, window: bool = True) -> None:
    """H7.2: pending movement = base + bonus (none while Gandalf is at the lair stop), plus a
    red card's extra for the table size and the difficulty (``red_extra``; never below no
    move at all); the window opens with the active player (H6.2), except in setup (H2.6),
    where Smaug moves at once."""
    smaug = card_of(card)
    assert isinstance(smaug, SmaugCard)
    bonus = 0 if work.gandalf == CALM_STOP else smaug.bonus
    options = work.options
    extra = red_extra(work.seats, options.edition, options.difficulty)[smaug.id] if smaug.red else 0
    pending = max(0, smaug.base + bonus + extra)
    events.append(
        Event(
            "smaug_card",
            {"card": card, "base": smaug.base, "bonus": bonus, "extra": extra, "pending": pending},
        )
    )
    work.in_play = work.in_play.add(card)
    if not window:
        advance(work, pending, False, events)
        work.in_play = work.in_play.remove(card)
        work.discard = work.discard.add(card)
        return
    decision = SmaugWindow(
        seats=(work.active,), default=PASS, card=card, pending=pending, bonus=bonus, to_box=to_box
    )
    work.agenda = push(work.agenda, decision)


def window_card(state: HobbitState, window: SmaugWindow, card: str) -> str | None:
    """Why ``card`` cannot be played in the window now, or ``None`` (H6.2 step 2)."""
    treasure = card_of(card)
    if isinstance(treasure, DwarfGold) and state.smaug is None:
        return "Dwarf Gold needs Smaug on the track"
    if isinstance(treasure, Arrow) and window.pending < steps_to_dragon(state.smaug):
        return "Bard's Arrow flies only against a move that would bring Smaug to Esgaroth"
    if not isinstance(treasure, Reduce | Crown | Arkenstone | Mithril | DwarfGold | Arrow):
        return f"{treasure.name} is not a Treasury card"
    return None


def window_play(work: HobbitState, seat: int, card: str, events: list[Event]) -> None:
    window = work.agenda[-1]
    assert isinstance(window, SmaugWindow)
    problem = window_card(work, window, card)
    if problem is not None:
        raise IllegalAction(problem, "not_playable", card=card)
    discard(work, seat, card)
    treasure = card_of(card)
    pending, mithril = window.pending, window.mithril
    if isinstance(treasure, Reduce):
        pending = max(0, pending - treasure.amount)
    elif isinstance(treasure, Crown):
        pending = max(0, pending - (window.bonus + treasure.extra))
    elif isinstance(treasure, Arkenstone):
        pending = 0
    elif isinstance(treasure, Mithril):
        mithril = True
    events.append(Event("treasury_played", {"seat": seat, "card": card, "pending": pending}))
    if isinstance(treasure, DwarfGold):
        driven_back(work, treasure.steps, "dwarf_gold", events)
    elif isinstance(treasure, Arrow):
        die, work.rng = work.rng.die()
        hit = die >= treasure.hit_from
        events.append(Event("arrow", {"seat": seat, "die": die, "hit": hit}))
        if hit:
            ending.finish(work, "smaug_slain", events)
    after = replace(
        window, seats=((seat + 1) % work.seats,), pending=pending, mithril=mithril, passes=0
    )  # H6.2 step 4: a play restarts the count
    work.agenda = replace_top(work.agenda, after)


def window_pass(work: HobbitState, seat: int, events: list[Event]) -> None:
    window = work.agenda[-1]
    assert isinstance(window, SmaugWindow)
    passes = window.passes + 1
    events.append(Event("window_passed", {"seat": seat, "passes": passes}))
    if passes < work.seats:
        work.agenda = replace_top(
            work.agenda, _changed_window(window, seats=((seat + 1) % work.seats,), passes=passes)
        )
        return
    work.agenda = pop(work.agenda)  # H6.2 step 5: n passes in a row close it
    events.append(Event("window_closed", {"card": window.card, "pending": window.pending}))
    advance(work, window.pending, window.mithril, events)
    work.in_play = work.in_play.remove(window.card)
    if window.to_box:
        work.box = work.box.add(window.card)
    else:
        work.discard = work.discard.add(window.card)


def advance(work: HobbitState, steps: int, mithril: bool, events: list[Event]) -> None:
    """H7.2 step 3 and H7.3: Smaug's steps toward Esgaroth, then the ring, the pushes and the
    kills (under the Mithril Shirt, pushes instead of kills)."""
    start = work.smaug
    entered: list[int] = []
    for _ in range(steps):
        work.smaug = toward_esgaroth(work.smaug)
        entered.append(work.smaug)
        if work.smaug == DRAGON:  # H8.9: the game ends at once, before H7.3 a–e
            events.append(Event("smaug_moved", {"from": start, "to": work.smaug, "entered": entered}))
            ending.finish(work, "smaug_reached_esgaroth", events)
    events.append(Event("smaug_moved", {"from": start, "to": work.smaug, "entered": entered}))
    if not entered:
        return
    _ring(work, entered, events)
    final = entered[-1]
    for space in entered[:-1]:  # b) in the order he passed them, then by id
        for figure in _counting_on(work, space):
            forced_back(work, figure, NUMBERS.smaug_push, "smaug", events)
    victims = _counting_on(work, final)
    if mithril:
        for figure in victims:
            forced_back(work, figure, NUMBERS.smaug_push, "smaug", events)
        return
    for figure in victims:  # c) one kill batch
        place(work, figure, None, "smaug", events)
    if victims:
        ending.check(work, events)


def driven_back(work: HobbitState, steps: int, cause: str, events: list[Event]) -> None:
    """H7.5 step 3 / H7.6: ``steps`` back toward the lair, those beyond it lost; a lost ring on
    an entered space goes to the Treasury; no figure is pushed or killed."""
    start = work.smaug
    entered: list[int] = []
    taken = 0
    for _ in range(steps):
        if work.smaug is None:
            break
        work.smaug = toward_lair(work.smaug)
        taken += 1
        if work.smaug is not None:
            entered.append(work.smaug)
    events.append(
        Event(
            "smaug_driven_back",
            {"from": start, "to": work.smaug, "steps": taken, "lost": steps - taken, "cause": cause},
        )
    )
    _ring(work, entered, events)


def attack(
    work: HobbitState, seat: int, armour: str, push_card: str, value: int | None, events: list[Event]
) -> None:
    """H7.5: the highest fight card breaks the armour; the second pushes Smaug back by its
    value, doubled while Gandalf is at the Erebor stop."""
    decision = work.agenda[-1]
    assert isinstance(decision, AttackDecision)
    hand = work.hands[seat].cards
    for card in (armour, push_card):
        if card not in hand or not is_fight(card):
            raise IllegalAction(f"{card} is not a fight card in your hand", "not_in_hand", card=card)
    if armour == push_card:
        raise IllegalAction("the armour and the push take two different cards", "same_card", card=armour)
    top = max(highest(c) for c in hand if is_fight(c))
    if highest(armour) != top:
        raise IllegalAction(
            f"the armour takes your highest fight card (value {top}), not {armour}",
            "not_highest",
            card=armour,
        )
    used = used_value(push_card, value)
    if used is None:
        raise IllegalAction(f"{push_card} cannot be used at {value}", "bad_value", card=push_card)
    steps = used * 2 if work.gandalf == ATTACK_STOP else used
    discard(work, seat, armour, push_card)
    work.agenda = pop(work.agenda)
    events.append(
        Event(
            "attack",
            {
                "seat": seat,
                "figure": decision.figure,
                "armour": armour,
                "push": push_card,
                "value": used,
                "steps": steps,
            },
        )
    )
    driven_back(work, steps, "attack", events)


def _ring(work: HobbitState, entered: list[int], events: list[Event]) -> None:
    """H7.3a: a lost ring on a space Smaug entered goes to the Treasury."""
    if isinstance(work.ring, int) and work.ring in entered:
        events.append(Event("ring_to_treasury", {"space": work.ring}))
        work.ring = "treasury"


def _counting_on(work: HobbitState, space: int) -> list[str]:
    """The counting figures on ``space`` in id order (H7.3b)."""
    found = [f.id for f in work.figures if f.pos == space and counts(work, f)]
    return sorted(found, key=FIGURE_ORDER.__getitem__)
