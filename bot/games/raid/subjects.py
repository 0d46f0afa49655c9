"""What Raid's buttons act on, for the layout to put them beside it. Most of Raid is typed or
filled in: a path is given with ``/move``, a placement in a form. So its things are few: in a
seat's own message before it has placed, its hazard map still to fill (**Place**, **Random**);
in a fight, the terrorist (a **Zone** button for each zone not named yet); at a first-aid kit,
the kit (**Use the kit**, **Leave it**). A fight or a kit is public: the board and the fighter's
own message name it alike; nothing of a hazard map the audience may not see is read."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from bot.render import Subject, Table
from engine.games.raid.view import RaidView


def audience_actions(table: Table, seat: int | None) -> list[dict[str, Any]]:
    """The actions the message may show: the board's, offered to the people it waits for, or
    the seat's own legal ones."""
    if seat is not None:
        return list(table.actions)
    return [action for legal in table.offered.values() for action in legal]


def of_kind(actions: list[dict[str, Any]], *kinds: str) -> tuple[dict[str, Any], ...]:
    """The ``actions`` of these kinds, in the order of ``kinds`` (then as listed)."""
    return tuple(action for kind in kinds for action in actions if action.get("kind") == kind)


def placement_counts(view: RaidView) -> dict[str, int]:
    """What each map holds, as the words of the placement phase name it."""
    counts = view.counts
    named = ("pits", "traps", "terrorists", "kit", "artifacts")
    return {**{name: counts[name] for name in named}, "zones": view.zones}


def placement_subject(table: Table, view: RaidView, actions: list[dict[str, Any]]) -> Subject:
    text = t(table.lang, "raid.subject.placement", **placement_counts(view))
    return Subject(text, of_kind(actions, "place", "place_random"))


def raid_subjects(table: Table, seat: int | None) -> list[Subject]:
    view: RaidView | None = table.view if table.view is not None else table.public
    if view is None:
        return []
    actions = audience_actions(table, seat)
    if view.phase == "placement":
        placing = seat is not None and view.own_map is None and of_kind(actions, "place", "place_random")
        return [placement_subject(table, view, actions)] if placing else []
    if view.phase != "play":
        return []
    if view.fight is not None:
        named = ", ".join(str(zone) for zone in view.fight.named) or "—"
        fighter = table.mention(view.fight.seat)
        text = t(table.lang, "raid.board.fight", player=fighter, cell=view.fight.cell, named=named)
        guesses = sorted(of_kind(actions, "guess"), key=lambda action: int(action["zone"]))
        return [Subject(text, tuple(guesses))]
    if view.kit is not None:
        text = t(table.lang, "raid.board.kit", player=table.mention(view.kit.seat), cell=view.kit.cell)
        return [Subject(text, of_kind(actions, "use_kit", "leave_kit"))]
    return []
