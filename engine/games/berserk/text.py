"""Berserk in plain text: the 5 × 6 field as a seat sees it, the creatures with their strike,
life left, counters, poison and open/closed state, the stack and the queue, the seat's own
setup, and one line per event."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from engine.core.contract import TURN_STARTED, Event
from engine.core.plain import JSON
from engine.core.text import TextRenderer, plain_event, seat_names
from engine.games.berserk import board
from engine.games.berserk.cards import CARDS, DECKS
from engine.games.berserk.typed import typed_text
from engine.games.berserk.view import BerserkView, UnitView

_ASKS = {
    "choose_deck": "Choose a deck: type 'deck D1' … 'deck D4'",
    "choose_seat": "You won the roll: type 'first' or 'second'",
    "recruit": "Recruit within your budget: type 'recruit' and card ids, e.g. 'recruit {example}',"
    " or 'recruit random'",
    "place": "Place your cards on your rows or in reserve (2 at most), in recruitment order:"
    " e.g. 'place {example}', or 'place random'",
    "muster": "Bring one reserve card in ('muster <card> <cell>') or type 'muster none'",
    "main": "Your main phase: move, strike, activate, or end",
    "assign_defender": "Assign a defender ('defend <cell>') or type 'defend none'",
    "order_triggers": "Declare your triggers in queue order: 'order <ref>[=<target>] …'",
    "respond": "Declare an instant ('activate …') or 'pass'",
}
"""What the reader must decide, each a whole sentence."""


def _tags(names: Sequence[str]) -> dict[str, str]:
    """Four letters for each card name on the field: its first four, or, where another name
    starts alike (Gnome King, Gnome-Basaarg), two of its first word and two of its last."""
    first = {name: "".join(ch for ch in name if ch.isalpha())[:4].upper() for name in names}
    tags = {}
    for name, tag in first.items():
        if list(first.values()).count(tag) > 1:
            words = re.findall(r"[^\W\d_]+", name)
            tag = (words[0][:2] + words[-1][:2]).upper()
        tags[name] = tag
    return tags


TAGS = _tags(sorted({card.name for card in CARDS.values()}))
"""Every card's tag on the text field (a test holds them distinct)."""
LEGEND = "Legend: UPPER CASE your creatures, lower case the other's, * closed, . empty"


def _tag(unit: UnitView, seat: int) -> str:
    """The name's tag: upper case for the reader's creatures; ``*`` when closed."""
    short = TAGS.get(unit.name) or "".join(ch for ch in unit.name if ch.isalpha())[:4].upper()
    return (short if unit.seat == seat else short.lower()) + ("*" if unit.closed else "")


def _legend(view: BerserkView) -> list[str]:
    """What the field's marks mean, and the tag of each card name on it."""
    names = sorted({u.name for u in view.field if u.cell})
    tags = [f"{TAGS.get(n, n[:4].upper())} {n}" for n in names]
    lines, line = [LEGEND], "       "
    for tag in tags:
        if len(line) + len(tag) > 92:
            lines.append(line.rstrip(" ·"))
            line = "       "
        line += tag + " · "
    if tags:
        lines.append(line.rstrip(" ·"))
    return lines


def _unit_line(unit: UnitView) -> str:
    strike = "-".join(map(str, unit.strike))
    parts = [
        f"{unit.cell or '':<3}{unit.name:<15}",
        f"{strike:<6}",
        f"life {unit.life - unit.wounds}/{unit.life}",
        "closed" if unit.closed else "open",
    ]
    if unit.counters:
        parts.append(f"counters {unit.counters}/{unit.max_counters}")
    if unit.poison:
        parts.append(f"poison {unit.poison}")
    if unit.moves:
        parts.append(f"moves {unit.moves}")
    for mod in unit.mods:
        parts.append(f"{mod.amount:+d} strike (turn {mod.expires})")
    return "  " + "  ".join(parts)


def _grid(view: BerserkView, seat: int) -> list[str]:
    """The field with the reader's home row at the bottom."""
    by_cell = {u.cell: u for u in view.field if u.cell}
    mine_first = view.sides[seat].role == "P2"
    rows = list(board.ROWS) if mine_first else list(reversed(board.ROWS))
    lines = [("     " + "".join(f"{c:<8}" for c in board.COLUMNS)).rstrip()]
    for row in rows:
        cells = []
        for col in board.COLUMNS:
            unit = by_cell.get(f"{col}{row}")
            cells.append(f"{_tag(unit, seat) if unit else '.':<8}")
        lines.append(f"  {row} " + "".join(cells).rstrip())
        if rows.index(row) == 2:  # between the two halves
            lines.append("    " + "-" * 38)
    return lines


def _item(item: Any) -> str:
    targets = ", ".join(item.targets)
    extra = f" x={item.data['x']}" if item.data.get("x") is not None else ""
    return f"[{item.ref}] {item.ability} of {item.source}" + (f" → {targets}" if targets else "") + extra


def _own_part(view: BerserkView, seat: int) -> list[str]:
    own = view.own
    if own is None:
        return []
    lines: list[str] = []
    side = view.sides[seat]
    if view.phase in ("recruit", "place") and own.deck is not None:
        deck = DECKS[own.deck]
        gold, silver = side.budget or (0, 0)
        lines.append(f"Your deck {deck.id} {deck.name}; budget {gold} gold + {silver} silver:")
        for card_id in dict.fromkeys(deck.cards):
            c = CARDS[card_id]
            crown = " (unique)" if c.unique else ""
            lines.append(
                f"  {c.id} {c.name:<15} ×{deck.copies(card_id)}  {c.cost}{'g' if c.elite else 's'}  "
                f"L{c.life} M{c.moves} S{'-'.join(map(str, c.strike))}{crown}"
            )
    if own.recruits is not None and view.phase in ("recruit", "place"):
        lines.append("Recruited: " + ", ".join(f"{n}. {uid}" for n, uid in enumerate(own.uids, 1)))
    if own.reserve:
        lines.append("Your reserve: " + ", ".join(f"{u.uid} ({u.name})" for u in own.reserve))
    return lines


def _board(view: BerserkView, seat: int) -> str:
    names = seat_names(2, seat)
    lines: list[str] = []
    if view.phase in ("play", "over"):
        active = view.active if view.active is not None else 0
        lines.append(f"Round {view.round}/{view.round_cap}, turn {view.turn}: {names[active]} active")
        lines.extend(_grid(view, seat))
        lines.extend(_legend(view))
        for s in (seat, 1 - seat):
            side = view.sides[s]
            deck = f", {side.deck}" if side.deck else ""
            lines.append(
                f"{names[s].capitalize()} ({side.role}{deck}): reserve {side.reserve}, "
                f"graveyard {len(side.graveyard)}, on the field {side.field_cost} in cost"
            )
            lines.extend(_unit_line(u) for u in view.field if u.seat == s)
        if view.stack:
            lines.append("Stack (top last): " + "; ".join(_item(i) for i in view.stack))
        if view.queue:
            lines.append("Queue (next first): " + "; ".join(_item(i) for i in view.queue))
        if view.declaring:
            lines.append("Your triggers to declare:")
            for cand in view.declaring:
                t = cand.trigger
                choices = " | ".join(",".join(c) or "no target" for c in cand.choices)
                kind = "optional" if t.optional else "mandatory"
                lines.append(f"  {t.ref}: {t.ability} of {t.source} ({kind}); targets: {choices}")
    else:
        for s in (0, 1):
            side = view.sides[s]
            sent = "" if side.sent is None else (" (sent)" if side.sent else " (deciding)")
            deck = f", deck {side.deck}" if side.deck else ""
            budget = f", budget {side.budget[0]}g + {side.budget[1]}s" if side.budget else ""
            lines.append(f"{names[s].capitalize()}{deck}{budget}{sent}")
    lines.extend(_own_part(view, seat))
    if view.decision is not None:
        lines.append(_ASKS[view.decision].format(example=_example(view)))
    elif view.phase != "over":
        waiting = [f"{names[s.seat]} ({s.waiting})" for s in view.sides if s.waiting]
        if waiting:
            lines.append("Waiting for " + ", ".join(waiting))
    return "\n".join(lines)


def _example(view: BerserkView) -> str:
    own = view.own
    if own is None or own.deck is None:
        return ""
    if view.decision == "recruit":
        return " ".join(DECKS[own.deck].cards[:4])
    if view.decision == "place" and view.seat is not None:
        role = 0 if view.sides[view.seat].role == "P1" else 1
        return " ".join(board.half(role)[: len(own.uids)])
    return ""


def _deck(deck: str) -> str:
    """``Mountain Hold (D1)``."""
    found = DECKS.get(deck)
    return f"{found.name} ({deck})" if found is not None else deck


def _does(name: str, you: str, other: str) -> str:
    """``name`` with the verb agreeing: "you choose", "seat 1 chooses"."""
    return f"{name} {you if name == 'you' else other}"


def _event(event: Event, names: Sequence[str]) -> str:
    d = event.data
    who = names[d["seat"]] if isinstance(d.get("seat"), int) else ""
    match event.kind:
        case "deck_chosen" | "recruited" | "placed" | "muster_chosen":
            return f"{who}: {event.kind.replace('_', ' ')}"
        case "your_deck":
            return f"{who}: deck {_deck(d['deck'])}"
        case "your_recruits":
            return f"{who}: recruited {' '.join(d['cards'])}"
        case "your_placement" | "your_muster" | "resolving" | "paid" | "muster_open":
            return ""
        case "decks_revealed":
            return "Decks: " + ", ".join(f"{names[s]} {_deck(deck)}" for s, deck in enumerate(d["decks"]))
        case "seat_roll":
            rolls = "; ".join(f"{a}–{b}" for a, b in d["rolls"])
            return f"Seat roll {rolls}: {_does(names[d['winner']], 'choose', 'chooses')}"
        case "seats_chosen":
            return f"{who} chose {d['choice']}: {_does(names[d['first']], 'are', 'is')} P1"
        case "revealed":
            field, reserves = len(d["field"]), d["reserves"]
            return f"Revealed: {field} creatures on the field; reserves {reserves[0]} and {reserves[1]}"
        case "mustered":
            came = [
                f"{_does(names[e['seat']], 'bring', 'brings')} {e['unit']} to {e['cell']}"
                for e in d["entries"]
                if e["unit"]
            ]
            return "Muster: " + ("; ".join(came) or "nobody comes")
        case "moved":
            return f"{d['unit']} moves {d['from']} → {d['to']}"
        case "strike_declared":
            return f"{d['attacker']} strikes {d['target']}"
        case "defender":
            return f"{d['unit']} defends {d['defends']}"
        case "no_defender":
            return f"{who}: no defender"
        case "dice":
            text = f"dice: {d['attacker']} A {d['a_die']}" + (f"+{d['a_bonus']}" if d["a_bonus"] else "")
            if "d_die" in d:
                text += f", {d['target']} D {d['d_die']}" + (f"+{d['d_bonus']}" if d["d_bonus"] else "")
            return text
        case "strike_resolved":
            hit = f"{d['level']} {d['value']}" if d["level"] else "miss"
            back = f"; counter-strike {d['counter_level']} {d['counter_value']}" if d["counter_level"] else ""
            return f"{d['attacker']} → {d['target']}: {hit}{back}"
        case "strike_fizzled":
            return f"the strike of {d['attacker']} fizzles"
        case "activated":
            targets = f" → {', '.join(d['targets'])}" if d["targets"] else ""
            x = f" (x={d['x']})" if d["x"] is not None else ""
            return f"{d['unit']} activates {d['ability']}{targets}{x}"
        case "not_executed":
            return f"{d['ability']} of {d['unit']} does nothing: its payment was altered"
        case "wounded":
            if not d["suffered"]:
                return f"{d['unit']} suffers no wound ({d['cause']})"
            return f"{d['unit']} suffers {d['suffered']} ({d['cause']}), {d['wounds']} wounds"
        case "healed":
            return f"{d['unit']} heals {d['healed']}"
        case "counters":
            return f"{d['unit']} has {d['counters']} counters" if d["gained"] else ""
        case "poisoned":
            return f"{d['unit']} poison {d['poison']}"
        case "cured":
            return f"{d['unit']} is cured of poison"
        case "strike_mod":
            return f"{d['unit']} {d['amount']:+d} strike until the end of turn {d['expires']}"
        case "attack":
            return f"{d['kind']} of {d['source']} at {d['target']}: {d['value']}"
        case "destroyed":
            return f"destroyed: {', '.join(d['units'])}" if d["units"] else ""
        case "died":
            return f"dies: {', '.join(d['units'])}"
        case "closed":
            return f"{d['unit']} closes"
        case "triggers_declared":
            queued = ", ".join(f"[{i['ref']}] {i['ability']} of {i['source']}" for i in d["queued"])
            declined = ", ".join(f"{t['ability']} of {t['source']}" for t in d["declined"])
            text = f"{_does(who, 'queue', 'queues')} {queued or 'nothing'}"
            return text + (f"; {'decline' if who == 'you' else 'declines'} {declined}" if declined else "")
        case "trigger_dropped":
            t = d["trigger"]
            return f"{t['ability']} of {t['source']} is dropped ({d['reason'].replace('_', ' ')})"
        case "passed":
            return _does(who, "pass", "passes")
        case "turn_ended":
            return ""
        case "round_cap":
            return f"Round cap: costs on the field {d['scores'][0]} and {d['scores'][1]}"
        case "resigned":
            return _does(who, "resign", "resigns")
        case "game_over":
            winner = d["winner"]
            verdict = "a draw" if winner == "draw" else _does(names[winner], "win", "wins")
            return f"Game over ({d['reason']}): {verdict}"
    if event.kind == TURN_STARTED:
        return f"— round {d['round']}: " + ("your turn —" if who == "you" else f"{who}'s turn —")
    return plain_event(event, names)


_TEMPLATES = {
    "recruit": "your own recruits: 'recruit' and a card id for each copy, e.g. 'recruit C01 C02 C02'",
    "place": "your own placement: 'place' and, in recruitment order, a cell or 'reserve' for each card",
}
"""What to type for a template (a recruitment or a placement with nothing in it)."""


def _action(data: JSON) -> str:
    """A menu item or a replay line in words: decks and recruits by name, a template by what to
    type; the rest as typed (``strike c3 c4``), which reads as it is."""
    if not isinstance(data, dict):
        return str(data)
    kind = str(data.get("kind"))
    if kind == "choose_deck":
        deck = DECKS.get(str(data["deck"]))
        return f"{deck.name} (deck {deck.id})" if deck is not None else typed_text(data)
    if kind in ("recruit_random", "place_random"):
        return f"{kind.split('_')[0]} at random"
    if kind == "recruit":
        cards = [CARDS[c].name if c in CARDS else str(c) for c in data["cards"]]
        return f"recruit {', '.join(cards)}" if cards else _TEMPLATES[kind]
    if kind == "place" and not data["cells"]:
        return _TEMPLATES[kind]
    return typed_text(data)


TEXT = TextRenderer(_board, _event, _action)
