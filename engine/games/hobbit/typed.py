"""Hobbit actions as a player types them (``move MV-R-2 R1 fwd``, ``offer 2 KEY BH01#1 BH03#1``):
the short forms ``engine.games.hobbit.actions.parse_text`` reads back to the same action. They
are what ``Game.typed`` answers and what the bot's menus carry as values; what a player reads
is ``engine.games.hobbit.text``'s words. A trade's partner is typed as the seat number people
see (counted from 1), as everywhere else."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.plain import JSON
from engine.core.text import plain_action


def typed_text(data: JSON) -> str:
    """``data`` (an action as plain data) in its typed short form."""
    if not isinstance(data, dict):
        return str(data)
    kind = data.get("kind")
    if kind in ("fight_submit", "free_web"):
        cards = " ".join(_used(c) for c in data.get("cards", [])) or "none"
        double = f" double {data['doubled']}" if data.get("doubled") else ""
        head = "fight" if kind == "fight_submit" else f"web {data['dwarf']}"
        return f"{head} {cards}{double}"
    if kind == "smaug_attack":
        value = f" {data['value']}" if data.get("value") is not None else ""
        return f"attack {data['armour']} {data['push']}{value}"
    if kind == "skip_move_card":
        return f"skip {data['card']}" + (" (away)" if data.get("absent") else "")
    if kind == "trade_offer":
        return f"offer {int(data['partner']) + 1} {data['give']} {' '.join(data['price'])}"
    return _SHORT.get(str(kind), plain_action)(data)


def _used(card: Any) -> str:
    if isinstance(card, dict):
        value = f"={card['value']}" if card.get("value") is not None else ""
        return f"{card['card']}{value}"
    return str(card)


_SHORT: dict[str, Callable[[dict[str, Any]], str]] = {
    "play_move_card": lambda d: f"move {d['card']} {d['figure']} {d['dir'].lower()}",
    "open_door": lambda d: "door",
    "play_bilbo": lambda d: f"bilbo {d['card']} {d['dir'].lower()}",
    "play_elf": lambda d: f"elf {d['card']} {d['figure']} {d['dir'].lower()}",
    "play_eagle": lambda d: f"eagle {d['card']} {d['dwarf']}",
    "play_dwarf_run": lambda d: f"run {d['card']} {d['dwarf']} {d['target']}",
    "play_gandalf": lambda d: f"gandalf {d['card']} {d['dir'].lower()}",
    "play_scout": lambda d: f"scout {d['card']} {d['mode']}" + (f" {d['dwarf']}" if d.get("dwarf") else ""),
    "scout_choose": lambda d: "discard" if d["dwarf"] == "DISCARD" else f"scout {d['dwarf']}",
    "trade_accept": lambda d: f"accept {d['give']}",
    "trade_decline": lambda d: "decline",
    "end_phase2": lambda d: "end",
    "draw": lambda d: f"draw {d['deck'].lower()}",
    "discard_to_limit": lambda d: f"limit {' '.join(d['cards'])}",
    "choose_target": lambda d: f"target {d['figure']}",
    "sorrow_discard": lambda d: f"sorrow {' '.join(d['cards'])}",
    "play_treasury": lambda d: f"play {d['card']}",
    "pass_window": lambda d: "pass",
}
"""Every other action as the text ``parse_text`` reads back."""
