"""Hobbit in plain text: the track as a strip of space kinds with Smaug and the figures under
it, the pieces, the decks and piles, every seat's hand size and movement cards (the reader's
own hand in full), the decision the game waits for, a legend — and one line per event."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from engine.core.contract import Event
from engine.core.plain import JSON
from engine.core.text import TextRenderer, plain_event, seat_names
from engine.games.hobbit.board import NUMBERS
from engine.games.hobbit.cards import INSTANCES, KEY, NONE, by_id
from engine.games.hobbit.data import BOARD, Enemy, FightCard, SmaugCard, StepCard
from engine.games.hobbit.typed import typed_text
from engine.games.hobbit.view import DecisionView, HobbitView

_LETTERS = {
    "START": "s",
    "PLAIN": ".",
    "MIRKWOOD": "m",
    "ESGAROTH": "e",
    "DRAGON": "D",
    "EREBOR": "x",
    "RUNE": "r",
    "GATE": "g",
    "KEY": "k",
    "TREASURY": "t",
    "FINISH": "f",
}
PILE_SHOWN = 8
"""Cards of the discard pile a board shows."""
STRIP = "".join(_LETTERS[k] for k in BOARD.kinds)
LEGEND = (
    "Legend: s start · m Mirkwood · e Esgaroth · D dragon (Smaug there loses) · x Erebor · r rune ·\n"
    "        g gate · k door · t Treasury · f finish · S Smaug · o the lost ring · * entangled"
)
_DECKS = {
    "beorn": "Beorn's House",
    "esgaroth": "Esgaroth",
    "treasury": "Treasury",
    "mirkwood": "Mirkwood",
    "erebor": "Erebor",
}


def card_name(instance: str) -> str:
    """A card as people read it (``Beorn 6``, ``Bard 4/5``, ``Giant spider 14``, ``Smaug hunts
    2 +1``, ``Move 3``, ``Thorin's Key``), without the instance id that typed forms use."""
    if instance == KEY:
        return "Thorin's Key"
    if instance == NONE:
        return "nothing"
    if instance.startswith("MV-"):
        return f"Move {instance.rsplit('-', 1)[1]}"
    card = INSTANCES.get(instance)
    if card is None:
        return instance
    if isinstance(card, FightCard):
        return f"{card.name} {'/'.join(map(str, card.values))}"
    if isinstance(card, Enemy):
        return f"{card.name} {card.strength}"
    if isinstance(card, SmaugCard):
        return f"{card.name} {card.base} +{card.bonus}"
    if isinstance(card, StepCard) and card.kind == "scout":
        return f"{card.name} (or die)"
    return card.name


def card_label(instance: str) -> str:
    """A card of one's hand: ``BH11#1 Beorn 6``, its id first, as typed forms name it."""
    name = card_name(instance)
    return name if name == instance else f"{instance} {name}"


def _cards(cards: Sequence[str]) -> str:
    """Cards by name, in id order."""
    return ", ".join(card_name(c) for c in by_id(cards)) or "none"


def _hand(cards: Sequence[str]) -> str:
    """One's own hand: each card with the id its typed forms use."""
    return ", ".join(card_label(c) for c in by_id(cards)) or "none"


_STOPS = {"G_START": "the start", "G_MIRKWOOD": "Mirkwood", "G_EREBOR": "Erebor", "G_LAIR": "Smaug's lair"}
"""Gandalf's stops (the board's ``stops``) by the places they are at."""


def stop_name(stop: str) -> str:
    return _STOPS.get(stop, stop)


def _whose(name: str) -> str:
    """``your``, ``seat 2's``."""
    return "your" if name == "you" else f"{name}'s"


def _pile(cards: Sequence[str]) -> str:
    """A long face-up pile: the latest cards first, the rest counted (all of it is in the view)."""
    latest = [card_name(c) for c in reversed(cards[-PILE_SHOWN:])]
    more = len(cards) - PILE_SHOWN
    return ", ".join(latest) + (f" … and {more} more" if more > 0 else "") if cards else "none"


def _track(view: HobbitView) -> list[str]:
    marks = [" "] * len(STRIP)
    if view.smaug is not None:
        marks[view.smaug] = "S"
    if isinstance(view.ring, int):
        marks[view.ring] = "o"
    lines = [
        "        " + "".join(f"{t:<10}" for t in range(0, len(STRIP), 10)).rstrip(),
        "        " + "".join(str(i % 10) for i in range(len(STRIP))),
        "track   " + STRIP,
    ]
    if any(m != " " for m in marks):
        lines.append("        " + "".join(marks).rstrip())
    places: dict[int, list[str]] = {}
    dead = []
    for f in view.figures:
        if f.pos is None:
            dead.append(f.id)
            continue
        name = f.id
        if f.id == "Bilbo":
            name = "Bilbo(ring)" if view.ring == "bilbo" else "Bilbo(bare)"
        places.setdefault(f.pos, []).append(name + ("*" if f.entangled else ""))
    spots = "  ".join(f"{space}: {' '.join(names)}" for space, names in sorted(places.items()))
    lines.append(f"figures {spots}" + (f"  dead: {' '.join(dead)}" if dead else ""))
    return lines


def _pieces(view: HobbitView, names: Sequence[str]) -> str:
    if view.ring == "bilbo":
        ring = "on Bilbo"
    elif view.ring == "treasury":
        ring = "in the Treasury"
    else:
        ring = f"lying on {view.ring}"
    smaug = "in his lair" if view.smaug is None else f"on {view.smaug}"
    door = "open" if view.door_open else "locked"
    key = "in the box" if view.key is None else f"held by {names[view.key]}"
    return f"Smaug {smaug} · Gandalf at {stop_name(view.gandalf)} · ring {ring} · door {door}, Key {key}"


def _decks(view: HobbitView) -> str:
    parts = []
    for name, deck in view.decks.items():
        part = f"{_DECKS[name]} {deck.count}"
        up = view.face_up.get(name)
        if up is not None:
            part += f" (face up: {card_name(up)})"
        parts.append(part)
    return "decks: " + " · ".join(parts)


def _seat_line(view: HobbitView, seat: int, names: Sequence[str]) -> str:
    s = view.seats[seat]
    moves = " ".join(card[-1] if up else f"({card[-1]})" for card, up in s.move_cards)
    hand = f"hand {s.hand.count}"
    if s.hand.cards is not None:
        hand += f": {_hand(s.hand.cards)}"
    key = " · Key" if s.key else ""
    return f"{names[seat]} ({s.colour}): movement {moves} · {hand}{key}"


def _decision_line(d: DecisionView, names: Sequence[str]) -> str:
    who = " and ".join(names[s] for s in d.seats)
    if d.kind == "fight":
        done = "; ".join(
            f"{names[s.seat]}: {', '.join(_used(c.card, c.value) for c in s.cards) or 'nothing'}"
            for s in d.submitted
        )
        later = ", then " + ", ".join(names[s] for s in d.after) if d.after else ""
        double = " (Gandalf: one card may be doubled)" if d.doubling else ""
        return (
            f"Fight: {card_name(d.card or '')} on {d.space}; waiting for {who} to submit{later}{double}"
            + (f"; submitted so far: {done}" if done else "")
        )
    if d.kind == "window":
        return (
            f"Smaug window ({card_name(d.card or '')}): pending movement {d.pending}; waiting for {who} to "
            f"play a Treasury card or pass ({d.passes} pass(es) in a row)"
            + (" · Mithril Shirt" if d.mithril else "")
        )
    if d.kind == "p3":
        rights = f"Esgaroth {d.esgaroth}, Treasury {d.treasury}"
        return f"Phase 3: waiting for {who} to draw ({d.draws_left} left; {rights})"
    if d.kind == "target":
        return f"Waiting for {who} to choose whom {card_name(d.card or '')} affects: {', '.join(d.options)}"
    if d.kind == "scout":
        return f"Scouting die {d.die}: waiting for {who} to move an own dwarf {d.die} forward, or discard"
    if d.kind == "sorrow":
        return f"Sorrow: waiting for {who} to discard {d.count} card(s)"
    if d.kind == "trade_reply":
        offer = f" ({card_name(d.give)} for {_names(d.price or ())})" if d.give is not None else ""
        return f"Trade offer from {names[d.offerer or 0]}{offer}: waiting for {who} to accept or decline"
    if d.kind == "attack":
        return f"Attack on Smaug by {', '.join(d.party)}: waiting for {who} to break the armour and push"
    asks = {"p1": "play a movement card", "p2": "play cards or end phase 2", "limit": "discard down to 6"}
    return f"Waiting for {who} to {asks.get(d.kind, d.kind)}"


def _board(view: HobbitView, seat: int) -> str:
    names = seat_names(len(view.seats), seat)
    lines = [f"Hobbit · round {view.round} of {view.max_rounds} · active: {names[view.active]}"]
    lines += _track(view)
    lines.append(_pieces(view, names))
    lines.append(_decks(view))
    lines.append(f"discard ({view.discard.count}, latest first): {_pile(view.discard.cards or ())}")
    lines.append(
        f"box: {view.box.count} cards"
        + (f" · in play: {_cards(view.in_play.cards or ())}" if view.in_play.count else "")
    )
    lines += [_seat_line(view, s, names) for s in range(len(view.seats))]
    if view.trade_offers or view.trade_done:
        lines.append(
            f"trade offers this turn: {view.trade_offers}" + (" (traded)" if view.trade_done else "")
        )
    if view.end is not None:
        lines.append(f"Game over: {'won' if view.won else 'lost'} ({view.end.replace('_', ' ')})")
    elif view.decision is not None:
        lines.append(_decision_line(view.decision, names))
    lines.append(LEGEND)
    return "\n".join(lines)


def _event(event: Event, names: Sequence[str]) -> str:
    d = event.data
    who = names[d["seat"]] if isinstance(d.get("seat"), int) else ""
    match event.kind:
        case "turn_started":
            begins = "begin" if who == "you" else "begins"
            return f"— {who} {begins} a turn (round {d['round']}) —"
        case "moved":
            return f"{d['figure']}: {d['from']} → {d['to']} ({str(d['cause']).replace('_', ' ')})"
        case "killed":
            return f"{d['figure']} is killed on {d['space']}"
        case "stayed":
            return f"{d['figure']} cannot move on from {d['space']}"
        case "move_card_played":
            return f"{who}: plays {card_name(d['card'])}"
        case "move_card_skipped":
            return f"{who}: turns {card_name(d['card'])} face down without moving"
        case "move_cards_refreshed":
            return f"{who}: all movement cards face up again"
        case "card_played":
            return f"{who}: plays {card_name(d['card'])} on {d['figure']}"
        case "gandalf_moved":
            return f"{who}: moves Gandalf from {stop_name(d['from'])} to {stop_name(d['to'])}"
        case "door_opened":
            return f"{who}: opens the door with Thorin's Key"
        case "adventure":
            return f"Adventure on {d['space']}: {card_name(d['card'])} (party {' '.join(d['party'])})"
        case "fight":
            return f"Fight against strength {d['strength']}: {', '.join(names[s] for s in d['seats'])}"
        case "fight_submitted":
            cards = ", ".join(_used(c["card"], c["value"]) for c in d["cards"]) or "nothing"
            double = f", doubling {card_name(d['doubled'])}" if d["doubled"] else ""
            return f"{who}: submits {cards}{double}"
        case "fight_won":
            return f"Won: {d['total']} = {d['strength']}; {card_name(d['card'])} to the box"
        case "fight_lost":
            back = NUMBERS.fight_loss - d["die"]
            return f"Lost: {d['total']} ≠ {d['strength']}; die {d['die']}, the party goes back {back}"
        case "entangled":
            return f"{d['dwarf']} is entangled on {d['space']}"
        case "freed":
            return f"{d['dwarf']} is freed"
        case "no_effect":
            return f"No effect on {d['space']}"
        case "target_chosen":
            return f"{who}: chooses {d['figure']}"
        case "die":
            return f"Die: {d['die']}"
        case "sorrow":
            return f"Sorrow on {d['figure']} ({who}): die {d['die']}"
        case "discarded":
            return f"{who}: discards {_cards(d['cards'])} ({str(d['why']).replace('_', ' ')})"
        case "ring_slipped":
            return f"The ring slips onto {d['space']}: Bilbo is bare on {d['bilbo']}"
        case "ring_put_on":
            return f"Bilbo puts the ring on ({d['space']})"
        case "ring_to_treasury":
            return f"Smaug takes the ring from {d['space']} to the Treasury"
        case "smaug_card":
            return f"Smaug card {card_name(d['card'])}: pending movement {d['pending']} (bonus {d['bonus']})"
        case "red_drawn":
            return f"{who}: draws a red card from {_DECKS[d['deck']]}: {card_name(d['card'])}"
        case "drew":
            return f"{who}: draws from {_DECKS[d['deck']]}"
        case "drew_card":
            return f"{who}: drew {card_name(d['card'])}"
        case "draw_skipped":
            return f"{who}: nothing to draw"
        case "reshuffled":
            return f"The discard pile becomes Beorn's House ({d['cards']} cards)"
        case "phase3":
            return f"{who}: draws 2 (Esgaroth {d['esgaroth']}, Treasury {d['treasury']})"
        case "treasury_played":
            pending = "" if d["pending"] is None else f" (pending {d['pending']})"
            return f"{who}: plays {card_name(d['card'])}{pending}"
        case "window_passed":
            return f"{who}: passes"
        case "window_closed":
            return f"The window closes: Smaug moves {d['pending']}"
        case "arrow":
            return f"Bard's Arrow: die {d['die']}, " + ("Smaug is slain!" if d["hit"] else "a miss")
        case "smaug_moved":
            where = "his lair" if d["to"] is None else d["to"]
            return f"Smaug moves to {where}" if d["entered"] else "Smaug does not move"
        case "smaug_driven_back":
            where = "his lair" if d["to"] is None else d["to"]
            lost = f" ({d['lost']} step(s) lost)" if d["lost"] else ""
            return f"Smaug is driven back to {where}{lost}"
        case "attack_started":
            return f"{d['figure']} attacks Smaug on {d['space']}"
        case "attack":
            return f"{who}: breaks the armour with {d['armour']} and pushes with {d['push']} ({d['steps']})"
        case "scout_rolled":
            return f"{who}: rolls the Scouting die: {d['die']}"
        case "scout_moved":
            return f"{who}: moves {d['figure']} {d['die']} by scouting"
        case "scout_discarded":
            return f"{who}: discards the Scouting card unused"
        case "trade_offered":
            return f"{who}: offers {names[d['partner']]} a trade"
        case "trade_offer":
            return f"Offer {who} → {names[d['partner']]}: {card_name(d['give'])} for {_names(d['price'])}"
        case "trade_declined":
            return f"{who}: declines the trade"
        case "trade_accepted":
            key = f"; the Key passes from {names[d['key_from']]}" if d["key_from"] is not None else ""
            return f"{who}: accepts {_whose(names[d['partner']])} trade; price {_names(d['price'])}{key}"
        case "trade_swapped":
            gave, got = card_name(d["gave"]), card_name(d["got"])
            return f"{who}: gave {gave} and got {got} from {names[d['partner']]}"
        case "resigned":
            return f"{who}: resigns"
        case "game_over":
            outcome = "wins" if d["won"] else "loses"
            return f"Game over: the team {outcome} ({str(d['reason']).replace('_', ' ')})"
    return plain_event(event, names)


def _names(cards: Sequence[str]) -> str:
    return ", ".join(card_name(c) for c in cards) or "no cards"


def _used(card: str, value: object) -> str:
    """A fight card as used: a dual card with the value it counts (``Bard 4/5 as 5``)."""
    name = card_name(card)
    return f"{name} as {value}" if value is not None and "/" in name else name


def _used_names(cards: Sequence[Any]) -> str:
    """Fight cards as submitted (plain data), by name."""
    found = [_used(c["card"], c.get("value")) if isinstance(c, dict) else card_name(str(c)) for c in cards]
    return ", ".join(found) or "no cards"


_DIRECTIONS = {"FWD": "forward", "BACK": "back"}


def _way(data: dict[str, Any]) -> str:
    return _DIRECTIONS.get(str(data.get("dir", "FWD")).upper(), str(data.get("dir")))


_WORDS: dict[str, Callable[[dict[str, Any]], str]] = {
    "play_move_card": lambda d: f"{card_name(d['card'])}: {d['figure']} {_way(d)}",
    "skip_move_card": lambda d: f"turn {card_name(d['card'])} face down without moving",
    "play_bilbo": lambda d: f"{card_name(d['card'])}: Bilbo {_way(d)}",
    "play_elf": lambda d: f"{card_name(d['card'])}: {d['figure']} {_way(d)}",
    "play_eagle": lambda d: f"{card_name(d['card'])}: {d['dwarf']} flies forward",
    "play_dwarf_run": lambda d: f"{card_name(d['card'])}: {d['dwarf']} runs to {d['target']}",
    "play_gandalf": lambda d: f"{card_name(d['card'])}: Gandalf one stop {_way(d)}",
    "play_scout": lambda d: f"{card_name(d['card'])}: "
    + ("roll the Scouting die" if d["mode"] == "die" else f"move {d.get('dwarf')} forward"),
    "scout_choose": lambda d: "discard the Scouting card"
    if d["dwarf"] == "DISCARD"
    else f"move {d['dwarf']} forward by the die",
    "trade_offer": lambda d: f"offer seat {int(d['partner']) + 1}: {card_name(d['give'])}, "
    f"for {' + '.join(card_name(c) for c in d['price'])}",
    "trade_accept": lambda d: "accept, giving nothing back"
    if d["give"] == NONE
    else f"accept, giving {card_name(d['give'])} back",
    "trade_decline": lambda d: "decline the trade",
    "end_phase2": lambda d: "end phase 2",
    "open_door": lambda d: "open the door with Thorin's Key",
    "draw": lambda d: f"draw from {_DECKS.get(str(d['deck']).lower(), d['deck'])}",
    "discard_to_limit": lambda d: f"discard {_names(d['cards'])}",
    "sorrow_discard": lambda d: f"discard {_names(d['cards'])}",
    "choose_target": lambda d: f"target {d['figure']}",
    "fight_submit": lambda d: f"fight with {_used_names(d.get('cards', []))}"
    + (f", doubling {card_name(d['doubled'])}" if d.get("doubled") else ""),
    "free_web": lambda d: f"free {d['dwarf']} with {_used_names(d.get('cards', []))}"
    + (f", doubling {card_name(d['doubled'])}" if d.get("doubled") else ""),
    "smaug_attack": lambda d: f"attack Smaug: armour {card_name(d['armour'])}, push {card_name(d['push'])}"
    + (f" as {d['value']}" if d.get("value") is not None and "/" in card_name(d["push"]) else ""),
    "play_treasury": lambda d: f"play {card_name(d['card'])}",
    "pass_window": lambda d: "pass",
}
"""Each kind of action in the words people read: card names, figures, seat numbers."""


def _action(data: JSON) -> str:
    """A menu item or a replay line in words (the typed short form is ``typed_text``)."""
    if not isinstance(data, dict):
        return str(data)
    words = _WORDS.get(str(data.get("kind")))
    return words(data) if words is not None else typed_text(data)


TEXT = TextRenderer(_board, _event, _action)
