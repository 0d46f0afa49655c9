"""One line per Berserk event, in the reader's words: the board's last move and ``/history``.

Which events may be told is the caller's decision (the board tells public events only;
``/history`` tells a seat's own events too once the game is over). Events that other lines
already tell, or that only mark a step of the engine (a payment, an item starting to
resolve, the end of a turn, the end of the game told by the board's headline), have none.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from bot.games.berserk.words import (
    SEAT_MARKS,
    ability_name,
    card_name,
    card_of_uid,
    deck_name,
    level_name,
    signed,
    targets_itself,
    unit_name,
    unit_name_plain,
)
from bot.i18n import t
from bot.render.base import Table
from engine import TURN_STARTED, Event
from engine.games.berserk.view import BerserkView

Line = Callable[[Table, dict[str, Any]], str | None]


def event_line(table: Table, event: Event) -> str | None:
    describe = _LINES.get(event.kind)
    return None if describe is None else describe(table, event.data)


def player(table: Table, seat: Any) -> str:
    """A seat as the board names it: its colour and its member."""
    if not isinstance(seat, int) or not 0 <= seat < len(table.seats):
        return "?"
    return f"{SEAT_MARKS[seat]} {table.mention(seat)}"


def _unit(table: Table, uid: Any) -> str:
    """A creature an event names, from the instance id the event carries (a creature that left
    the field is named all the same); its colour from the table's view, which tells who plays
    P1 (a table of a game not started has none: no colour then)."""
    view = table.view
    if not isinstance(view, BerserkView):
        return unit_name_plain(table.lang, str(uid))
    return unit_name(table.lang, view, str(uid))


def _units(table: Table, uids: Any) -> str:
    return ", ".join(_unit(table, u) for u in uids or ())


def _cause(table: Table, cause: str) -> str:
    key = f"berserk.cause.{cause}"
    return (
        t(table.lang, key)
        if cause in ("strike", "poison", "payment", "shot", "bolt")
        else ability_name(table.lang, cause)
    )


def _simple(key: str) -> Line:
    """A line that names the seat of the event and nothing else."""
    return lambda table, d: t(table.lang, key, player=player(table, d.get("seat")))


def _seats_chosen(table: Table, d: dict[str, Any]) -> str:
    return t(
        table.lang,
        "berserk.event.seats_chosen",
        player=player(table, d["seat"]),
        choice=d["choice"],
        first=player(table, d["first"]),
    )


def _decks(table: Table, d: dict[str, Any]) -> str:
    shown = "; ".join(
        f"{player(table, s)} {deck_name(table.lang, deck)}" for s, deck in enumerate(d["decks"])
    )
    return t(table.lang, "berserk.event.decks_revealed", decks=shown)


def _seat_roll(table: Table, d: dict[str, Any]) -> str:
    rolls = ", ".join(f"{a}–{b}" for a, b in d["rolls"])
    return t(table.lang, "berserk.event.seat_roll", rolls=rolls, player=player(table, d["winner"]))


def _revealed(table: Table, d: dict[str, Any]) -> str:
    reserves = ", ".join(f"{SEAT_MARKS[s]} {n}" for s, n in enumerate(d["reserves"]))
    return t(table.lang, "berserk.event.revealed", field=len(d["field"]), reserves=reserves)


def _muster_open(table: Table, d: dict[str, Any]) -> str:
    seats = list(d["seats"])
    names = ", ".join(player(table, s) for s in seats)
    return t(table.lang, "berserk.event.muster_open", players=names, count=len(seats))


def _mustered(table: Table, d: dict[str, Any]) -> str:
    came = [
        t(table.lang, "berserk.event.mustered.entry", unit=_unit(table, e["unit"]), cell=e["cell"])
        for e in d["entries"]
        if e.get("unit")
    ]
    entries = "; ".join(came) or t(table.lang, "berserk.event.mustered.nobody")
    return t(table.lang, "berserk.event.mustered", entries=entries)


def _moved(table: Table, d: dict[str, Any]) -> str:
    return t(table.lang, "berserk.event.moved", unit=_unit(table, d["unit"]), start=d["from"], end=d["to"])


def _strike_declared(table: Table, d: dict[str, Any]) -> str:
    return t(
        table.lang,
        "berserk.event.strike_declared",
        attacker=_unit(table, d["attacker"]),
        target=_unit(table, d["target"]),
    )


def _defender(table: Table, d: dict[str, Any]) -> str:
    return t(
        table.lang, "berserk.event.defender", unit=_unit(table, d["unit"]), target=_unit(table, d["defends"])
    )


def _die(value: int, bonus: int) -> str:
    return f"{value}+{bonus}" if bonus else str(value)


def _dice(table: Table, d: dict[str, Any]) -> str:
    a = _die(d["a_die"], d["a_bonus"])
    if "d_die" not in d:
        return t(table.lang, "berserk.event.dice.closed", attacker=_unit(table, d["attacker"]), a=a)
    return t(
        table.lang,
        "berserk.event.dice",
        attacker=_unit(table, d["attacker"]),
        a=a,
        target=_unit(table, d["target"]),
        d=_die(d["d_die"], d["d_bonus"]),
    )


def _strike_resolved(table: Table, d: dict[str, Any]) -> str:
    lang = table.lang
    if d.get("level"):
        hit = t(lang, "berserk.strike.hit", level=level_name(lang, d["level"]).capitalize(), value=d["value"])
    else:
        hit = t(lang, "berserk.strike.miss").capitalize()
    back = ""
    if d.get("counter_level"):
        back = t(
            lang, "berserk.strike.back", level=level_name(lang, d["counter_level"]), value=d["counter_value"]
        )
    return t(
        lang,
        "berserk.event.strike_resolved",
        attacker=_unit(table, d["attacker"]),
        target=_unit(table, d["target"]),
        hit=hit,
        back=back,
    )


def _activated(table: Table, d: dict[str, Any]) -> str:
    lang = table.lang
    targets = ""
    named = list(d.get("targets") or ())
    if named and not targets_itself(card_of_uid(str(d["unit"])), str(d["ability"])):
        targets = t(lang, "berserk.event.activated.targets", targets=_units(table, named))
    if d.get("x") is not None:
        targets += t(lang, "berserk.event.activated.x", x=d["x"])
    return t(
        lang,
        "berserk.event.activated",
        unit=_unit(table, d["unit"]),
        ability=ability_name(lang, d["ability"]),
        targets=targets,
    )


def _wounded(table: Table, d: dict[str, Any]) -> str:
    cause = _cause(table, str(d["cause"]))
    if not d["suffered"]:
        return t(table.lang, "berserk.event.wounded.none", unit=_unit(table, d["unit"]), cause=cause)
    return t(
        table.lang,
        "berserk.event.wounded",
        unit=_unit(table, d["unit"]),
        count=d["suffered"],
        cause=cause,
        wounds=d["wounds"],
    )


def _healed(table: Table, d: dict[str, Any]) -> str | None:
    if not d["healed"]:
        return None
    return t(
        table.lang,
        "berserk.event.healed",
        unit=_unit(table, d["unit"]),
        count=d["healed"],
        wounds=d["wounds"],
    )


def _counters(table: Table, d: dict[str, Any]) -> str | None:
    if not d["gained"]:
        return None
    return t(table.lang, "berserk.event.counters", unit=_unit(table, d["unit"]), counters=d["counters"])


def _strike_mod(table: Table, d: dict[str, Any]) -> str:
    return t(
        table.lang,
        "berserk.event.strike_mod",
        unit=_unit(table, d["unit"]),
        amount=signed(int(d["amount"])),
        turn=d["expires"],
    )


def _attack(table: Table, d: dict[str, Any]) -> str:
    return t(
        table.lang,
        "berserk.event.attack",
        kind=d["kind"],
        source=_unit(table, d["source"]),
        target=_unit(table, d["target"]),
        value=d["value"],
    )


def _destroyed(table: Table, d: dict[str, Any]) -> str | None:
    if not d["units"]:
        return None
    return t(table.lang, "berserk.event.destroyed", units=_units(table, d["units"]))


def _died(table: Table, d: dict[str, Any]) -> str:
    return t(table.lang, "berserk.event.died", units=_units(table, d["units"]), count=len(d["units"]))


def _triggered(table: Table, item: Mapping[str, Any]) -> str:
    return f"{ability_name(table.lang, item['ability'])} ({_unit(table, item['source'])})"


def _triggers_declared(table: Table, d: dict[str, Any]) -> str:
    lang = table.lang
    queued = ", ".join(_triggered(table, i) for i in d["queued"]) or t(lang, "berserk.event.queued.none")
    who = player(table, d["seat"])
    if not d["declined"]:
        return t(lang, "berserk.event.triggers_declared", player=who, queued=queued)
    declined = ", ".join(_triggered(table, i) for i in d["declined"])
    return t(lang, "berserk.event.triggers_declared.declined", player=who, queued=queued, declined=declined)


def _trigger_dropped(table: Table, d: dict[str, Any]) -> str:
    trigger = d["trigger"]
    return t(
        table.lang,
        "berserk.event.trigger_dropped",
        ability=ability_name(table.lang, trigger["ability"]),
        unit=_unit(table, trigger["source"]),
        reason=d["reason"],
    )


def _turn_started(table: Table, d: dict[str, Any]) -> str:
    return t(table.lang, "berserk.event.turn_started", round=d["round"], player=player(table, d["seat"]))


def _round_cap(table: Table, d: dict[str, Any]) -> str:
    scores = ", ".join(f"{player(table, s)} {n}" for s, n in enumerate(d["scores"]))
    return t(table.lang, "berserk.event.round_cap", scores=scores)


# -- a seat's own events (told by /history once the game is over) --------------------------------
def _your_deck(table: Table, d: dict[str, Any]) -> str:
    return t(
        table.lang,
        "berserk.event.your_deck",
        player=player(table, d["seat"]),
        deck=deck_name(table.lang, d["deck"]),
    )


def _your_recruits(table: Table, d: dict[str, Any]) -> str:
    cards = ", ".join(card_name(table.lang, c) for c in d["cards"])
    return t(table.lang, "berserk.event.your_recruits", player=player(table, d["seat"]), cards=cards)


def _your_placement(table: Table, d: dict[str, Any]) -> str:
    reserve = t(table.lang, "berserk.private.reserve_cell")
    cells = ", ".join(
        f"{_unit(table, uid)} {reserve if where == 'reserve' else where}" for uid, where in d["cells"].items()
    )
    return t(table.lang, "berserk.event.your_placement", player=player(table, d["seat"]), cells=cells)


def _your_muster(table: Table, d: dict[str, Any]) -> str:
    choice = t(table.lang, "berserk.step.none")
    if d.get("unit"):
        choice = t(table.lang, "berserk.event.mustered.entry", unit=_unit(table, d["unit"]), cell=d["cell"])
    return t(table.lang, "berserk.event.your_muster", player=player(table, d["seat"]), choice=choice)


_LINES: dict[str, Line] = {
    "deck_chosen": _simple("berserk.event.deck_chosen"),
    "recruited": _simple("berserk.event.recruited"),
    "placed": _simple("berserk.event.placed"),
    "muster_chosen": _simple("berserk.event.muster_chosen"),
    "your_deck": _your_deck,
    "your_recruits": _your_recruits,
    "your_placement": _your_placement,
    "your_muster": _your_muster,
    "decks_revealed": _decks,
    "seat_roll": _seat_roll,
    "seats_chosen": _seats_chosen,
    "revealed": _revealed,
    "muster_open": _muster_open,
    "mustered": _mustered,
    "moved": _moved,
    "strike_declared": _strike_declared,
    "defender": _defender,
    "no_defender": _simple("berserk.event.no_defender"),
    "dice": _dice,
    "strike_resolved": _strike_resolved,
    "strike_fizzled": lambda table, d: t(
        table.lang, "berserk.event.strike_fizzled", attacker=_unit(table, d["attacker"])
    ),
    "activated": _activated,
    "not_executed": lambda table, d: t(
        table.lang,
        "berserk.event.not_executed",
        ability=ability_name(table.lang, d["ability"]),
        unit=_unit(table, d["unit"]),
    ),
    "wounded": _wounded,
    "healed": _healed,
    "counters": _counters,
    "poisoned": lambda table, d: t(
        table.lang, "berserk.event.poisoned", unit=_unit(table, d["unit"]), poison=d["poison"]
    ),
    "cured": lambda table, d: t(table.lang, "berserk.event.cured", unit=_unit(table, d["unit"])),
    "strike_mod": _strike_mod,
    "attack": _attack,
    "destroyed": _destroyed,
    "died": _died,
    "closed": lambda table, d: t(table.lang, "berserk.event.closed", unit=_unit(table, d["unit"])),
    "triggers_declared": _triggers_declared,
    "trigger_dropped": _trigger_dropped,
    "passed": _simple("berserk.event.passed"),
    TURN_STARTED: _turn_started,
    "round_cap": _round_cap,
    "resigned": _simple("berserk.event.resigned"),
}
"""The events with a line; ``paid``, ``resolving``, ``turn_ended`` and ``game_over`` have
none (the activation, the outcome and the board's headline tell them)."""
