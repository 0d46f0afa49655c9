"""Berserk actions as a player types them (``strike c3 c4``, ``recruit C01 C02 C02``): the short
forms ``engine.games.berserk.actions.parse_text`` reads back to the same action. They are what
``Game.typed`` answers and what the bot's menus carry as values; what a player reads is
``engine.games.berserk.text``'s words."""

from __future__ import annotations

from engine.core.plain import JSON
from engine.core.text import plain_action


def typed_text(data: JSON) -> str:
    """``data`` (an action as plain data) in its typed short form (a template says what to type)."""
    if not isinstance(data, dict):
        return str(data)
    kind = data.get("kind")
    if kind == "choose_deck":
        return f"deck {data['deck']}"
    if kind == "choose_seat":
        return str(data["choice"])
    if kind == "recruit":
        return "recruit " + (" ".join(data["cards"]) or "<card ids, one per copy>")
    if kind == "place":
        cells = " ".join(f"{k}={v}" for k, v in data["cells"].items())
        return "place " + (cells or "<a cell or 'reserve' for each card, in recruitment order>")
    if kind in ("recruit_random", "place_random"):
        return str(kind).replace("_", " ")
    if kind == "muster":
        return "muster none" if data.get("card") is None else f"muster {data['card']} {data['cell']}"
    if kind in ("move", "strike"):
        first, second = ("unit", "to") if kind == "move" else ("attacker", "target")
        return f"{kind} {data[first]} {data[second]}"
    if kind == "activate":
        x = f" x={data['x']}" if data.get("x") is not None else ""
        return " ".join(["activate", data["unit"], data["ability"], *data["targets"]]) + x
    if kind == "end_turn":
        return "end"
    if kind == "assign_defender":
        return f"defend {data['unit'] or 'none'}"
    if kind == "order_triggers":
        entries = [
            str(e["ref"]) + ("=" + "+".join(e["targets"]) if e["targets"] else "") for e in data["entries"]
        ]
        return "order " + (" ".join(entries) or "none")
    return plain_action(data)
