"""The controls of a seat's page: exactly its legal actions (``Table.actions``), each placed
where a player looks for it.

- **Buttons** for short answers (a draw, a window's pass or Treasury card, Dwarf Gold at any
  time, a trade's answer, the door, a target, the Scouting choice, fighting with no card) —
  the kinds the Discord renderer makes buttons of. A target or a Scouting dwarf is also its
  figure on the track.
- **A card, then what it moves**: a movement card (phase 1) or a hand card (phase 2) is picked
  first; its moves appear beside it, and the figures they move light up on the track, so a
  click on the card and one on the figure make the move.
- **Steps** for a trade (the partner, the item, the price) and an attack on Smaug (the
  armour, the push), told in the Discord menus' words (``choices.menu_steps``).
- **Several cards at once** (a fight, and the card Gandalf doubles; freeing a dwarf from a
  web; discarding to the hand limit or for a Sorrow): a composer whose cards are toggled and
  then confirmed; the page's script puts the action together and the engine judges it, as
  the Discord select menus' picks are judged (``Menus.fills_template``).

Which way each kind of action goes is one table, ``PLACES``: a kind the table does not know
fails loudly rather than vanish from the page.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from bot.games.hobbit.choices import (
    BUTTON_KINDS,
    TREES,
    decision_of,
    fight_of,
    label,
    menu_steps,
)
from bot.games.hobbit.words import card_about, card_name, figure_name
from bot.i18n import t
from bot.render import Table
from engine.games.hobbit.board import GANDALF_STOPS, NUMBERS, WEB_STOP
from engine.games.hobbit.cards import by_id, card_of, is_fight
from engine.games.hobbit.data import FightCard
from engine.games.hobbit.view import HobbitView

BUTTON, CARD, STEPS, COMPOSED = "button", "card", "steps", "composed"
PLACES: dict[str, str] = {
    **dict.fromkeys(BUTTON_KINDS, BUTTON),
    **dict.fromkeys(TREES["move"] | TREES["play"], CARD),
    **dict.fromkeys(TREES["trade"] | TREES["attack"], STEPS),
    **dict.fromkeys(("free_web", "discard_to_limit", "sorrow_discard"), COMPOSED),
}
"""Where each kind of action is offered (``fight_submit``: below, by what it holds)."""
FIGURE_TARGETS = frozenset({"choose_target", "scout_choose"})
"""Buttons that are also their figure on the track."""
STYLES = {
    "end_phase2": "",
    "draw": "",
    "open_door": "success",
    "trade_accept": "success",
    "play_treasury": "success",
    "trade_decline": "danger",
    "pass_window": "secondary",
    "fight_submit": "secondary",
    "skip_move_card": "secondary",
}


def place_of(action: dict[str, Any]) -> str:
    """How the page offers ``action``: a fight with no card (and no card doubled) is a button,
    any other fight is put together from cards."""
    kind = str(action.get("kind"))
    if kind == "fight_submit":
        return BUTTON if not action.get("cards") and not action.get("doubled") else COMPOSED
    return PLACES[kind]


@dataclass(frozen=True, slots=True)
class Control:
    action: dict[str, Any]
    label: str
    hint: str = ""
    css: str = ""
    figure: str = ""
    """The figure the move moves (a card's move: its figure on the track makes it too)."""


@dataclass
class Node:
    """A step of a move made in steps: its choices below it, or the move itself."""

    key: str
    label: str
    children: list[Node] = field(default_factory=list)
    action: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Tree:
    name: str
    title: str
    nodes: list[Node]


@dataclass(frozen=True, slots=True)
class Pick:
    card: str
    label: str
    about: str
    value: int | None = None
    name: str = ""
    """The card's name alone (a dual card's label also says the value it is used at)."""


@dataclass(frozen=True, slots=True)
class Composer:
    """A move made of several cards: which cards, how many, what they must reach."""

    kind: str
    key: str
    title: str
    confirm: str
    picks: list[Pick]
    fields: dict[str, Any] = field(default_factory=dict)
    need: int | None = None
    """Exactly this many cards (a discard)."""
    valued: bool = False
    """Cards go with the value used (``{"card", "value"}``), as fights and webs take them."""
    goal: int | None = None
    at_least: bool = False
    """The total must reach ``goal`` (a web) rather than equal it (a fight: told, not forced)."""
    base: int = 0
    """What is already on the table towards ``goal`` (earlier submissions)."""
    earlier: list[Pick] = field(default_factory=list)
    """Cards submitted before by others that Gandalf may double."""
    doubling: bool = False
    """The player names the doubled card (a fight's last to submit with Gandalf there)."""
    auto_double: bool = False
    """Gandalf doubles the highest card picked (a web freed with Gandalf at Mirkwood)."""


@dataclass
class Controls:
    key: str
    """What the seat decides now: picks made on the page are kept across a redraw while it
    stays the same."""
    prompt: str
    kind: str = ""
    """The kind of decision the game waits for from the seat (``""``: none, Dwarf Gold only)."""
    buttons: list[Control] = field(default_factory=list)
    cards: dict[str, list[Control]] = field(default_factory=dict)
    """A card's moves, by the card's instance id (movement or hand card)."""
    trees: list[Tree] = field(default_factory=list)
    composers: list[Composer] = field(default_factory=list)
    targets: dict[str, dict[str, Any]] = field(default_factory=dict)
    """Figure → the move its token on the track makes."""

    @property
    def any(self) -> bool:
        return bool(self.buttons or self.cards or self.trees or self.composers)


def controls_of(table: Table, prompt: str) -> Controls | None:
    """The seat's controls; ``None`` for everyone, a finished game or a replay's table."""
    seat = table.seat
    if seat is None or not table.active:
        return None
    view: HobbitView = table.view
    decision = decision_of(table, seat)
    kind = str(decision.kind) if decision is not None else ""
    found = Controls(_decision_key(view, kind), prompt, kind)
    actions = list(table.actions)
    by_place: dict[str, list[dict[str, Any]]] = {}
    for action in actions:
        by_place.setdefault(place_of(action), []).append(action)
    for action in by_place.get(BUTTON, []):
        kind = str(action["kind"])
        control = Control(action, label(table.lang, action, table), css=STYLES.get(kind, ""))
        found.buttons.append(control)
        if kind in FIGURE_TARGETS and action.get("figure", action.get("dwarf")) != "DISCARD":
            found.targets[str(action.get("figure", action.get("dwarf")))] = action
    for action in by_place.get(CARD, []):
        steps = menu_steps(table.lang, action, view, table)
        figure = str(action.get("figure") or action.get("dwarf") or "")
        found.cards.setdefault(str(action["card"]), []).append(
            Control(action, steps[-1].label, hint=label(table.lang, action, table), figure=figure)
        )
    steps_actions = by_place.get(STEPS, [])
    for name in ("trade", "attack"):
        chosen = [a for a in steps_actions if a["kind"] in TREES[name]]
        if chosen:
            nodes = _tree(name, [(menu_steps(table.lang, a, view, table), a) for a in chosen])
            found.trees.append(Tree(name, t(table.lang, f"hobbit.web.tree.{name}"), nodes))
    found.composers = _composers(table, seat, by_place.get(COMPOSED, []))
    return found


def _decision_key(view: HobbitView, kind: str) -> str:
    d = view.decision
    extra = f"{d.card}-{len(d.submitted)}" if d is not None and d.kind == "fight" else ""
    return f"{view.round}-{view.active}-{view.phase}-{kind}-{extra}"


def _tree(name: str, paths: Iterable[tuple[tuple[Any, ...], dict[str, Any]]]) -> list[Node]:
    """Moves made in steps as a tree of their steps (each ``Step``: a key and words)."""
    top: list[Node] = []
    for steps, action in paths:
        level, path = top, name
        for index, step in enumerate(steps):
            path = f"{path}/{step.key}"
            node = next((n for n in level if n.key == path), None)
            if node is None:
                node = Node(path, step.label)
                level.append(node)
            if index == len(steps) - 1:
                node.action = action
            level = node.children
    return top


def _hand(table: Table, seat: int) -> list[str]:
    view: HobbitView = table.view
    return by_id(view.seats[seat].hand.cards or ())


def _fight_picks(lang: str, hand: list[str], *, highest: bool) -> list[Pick]:
    """Each fight card of the hand; a dual card once for each value (or at its highest)."""
    found = []
    for card in hand:
        kind = card_of(card)
        if not isinstance(kind, FightCard):
            continue
        shown = (max(kind.values),) if highest else kind.values
        for value in shown:
            words = card_name(lang, card)
            if len(shown) > 1:
                words = t(lang, "hobbit.menu.as_value", card=words, value=value)
            found.append(Pick(card, words, card_about(lang, card), value, card_name(lang, card)))
    return found


def _composers(table: Table, seat: int, actions: list[dict[str, Any]]) -> list[Composer]:
    lang = table.lang
    view: HobbitView = table.view
    kinds = {str(a["kind"]) for a in actions}
    hand = _hand(table, seat)
    found: list[Composer] = []
    fight = fight_of(table, seat)
    if "fight_submit" in kinds and fight is not None:
        doubling = fight.doubling and not fight.after
        earlier = [
            Pick(
                u.card,
                t(lang, "hobbit.menu.double_card", card=card_name(lang, u.card), value=u.value),
                "",
                u.value,
            )
            for s in fight.submitted
            for u in s.cards
        ]
        found.append(
            Composer(
                "fight_submit",
                "fight",
                t(
                    lang,
                    "hobbit.web.compose.fight",
                    card=card_name(lang, fight.card or ""),
                    strength=fight.strength or 0,
                ),
                t(lang, "hobbit.web.confirm.fight"),
                _fight_picks(lang, hand, highest=False),
                valued=True,
                goal=fight.strength,
                base=sum(u.value for s in fight.submitted for u in s.cards),
                earlier=earlier if doubling else [],
                doubling=doubling,
            )
        )
    for dwarf in sorted({str(a["dwarf"]) for a in actions if a["kind"] == "free_web"}):
        found.append(
            Composer(
                "free_web",
                f"web-{dwarf}",
                t(lang, "hobbit.web.compose.web", figure=figure_name(lang, dwarf), goal=NUMBERS.web_free),
                t(lang, "hobbit.web.confirm.web", figure=figure_name(lang, dwarf)),
                _fight_picks(lang, [c for c in hand if is_fight(c)], highest=True),
                fields={"dwarf": dwarf},
                valued=True,
                goal=NUMBERS.web_free,
                at_least=True,
                auto_double=view.gandalf == GANDALF_STOPS[WEB_STOP],
            )
        )
    counts = {
        "discard_to_limit": len(hand) - NUMBERS.hand_limit,
        "sorrow_discard": int(view.decision.count or 0) if view.decision is not None else 0,
    }
    for kind, need in counts.items():
        if kind in kinds:
            picks = [Pick(c, card_name(lang, c), card_about(lang, c)) for c in hand]
            found.append(
                Composer(
                    kind,
                    kind,
                    t(lang, f"hobbit.web.compose.{kind}", count=need),
                    t(lang, "hobbit.web.confirm.discard"),
                    picks,
                    need=need,
                )
            )
    return found
