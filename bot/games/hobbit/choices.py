"""How a Hobbit seat's decision is offered on Discord: which legal actions are buttons, what
every button and menu option says, and the menus for the rest.

Short answers are buttons: a draw, a target, the Scouting choice, a window's **Pass** and
**Play ⟨card⟩**, a trade's **Decline** and **Accept** (with what goes back), **End phase 2**,
the door, Dwarf Gold, fighting with no cards, a short list of attacks. The long lists are
menus (``bot.render.menus``), one per kind, each narrowing step by step: the movement card
and the dwarf (phase 1), a hand card and what it moves (phase 2), a trade (the partner, the
item, the price), a long list of attacks. Choosing several cards at once is a select menu of
the hand's cards: the fight cards of a fight (then, for the player who may double one, which
card Gandalf doubles), the cards that free a dwarf from a web, the discards to the hand limit
and for a Sorrow. Every menu's pick is typed text the engine reads
(``engine.games.hobbit.typed``), so what a menu shows is what ``/move`` takes.

A seat's message may hold several menus; which one a ``Focus`` narrows is its first word
(``trade 1 BH02#1``: the trade menu at partner 1, item BH02#1).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import discord

from bot.games.hobbit.words import (
    DECK_MARKS,
    KEY_MARK,
    card_about,
    card_name,
    deck_name,
    figure_name,
    plain_seat,
    stop_name,
)
from bot.i18n import t
from bot.render import Focus, SelectLook, SelectOption, Table, menus
from bot.render.menus import Choice, Step
from engine import Decision
from engine.games.hobbit.board import FINISH, GANDALF_STOPS, NUMBERS, WEB_STOP
from engine.games.hobbit.cards import KEY, NONE, by_id, card_of, is_fight, values
from engine.games.hobbit.data import FightCard, StepCard
from engine.games.hobbit.typed import typed_text
from engine.games.hobbit.view import DecisionView, HobbitView

LABEL_LIMIT = 80
ATTACK_BUTTONS = 10
"""An attack with at most this many choices is all buttons; more go to a menu."""
TREES: dict[str, frozenset[str]] = {
    "move": frozenset({"play_move_card"}),
    "play": frozenset(
        {"play_bilbo", "play_elf", "play_eagle", "play_dwarf_run", "play_gandalf", "play_scout"}
    ),
    "trade": frozenset({"trade_offer"}),
    "attack": frozenset({"smaug_attack"}),
}
"""The tree menus, by name, and the kinds of action each offers."""
PICKED = {"fight": "fight", "limit": "limit", "sorrow": "sorrow"}
"""The several-cards menus and the typed verb of their action (a web's is ``web <dwarf>``)."""
WEB = "web_"
DOUBLE = "double"
TEMPLATES = frozenset({"fight_submit", "free_web", "discard_to_limit", "sorrow_discard"})
"""Actions a several-cards menu makes: the engine judges the cards picked, as typed input."""
BUTTON_KINDS = frozenset(
    {
        "end_phase2",
        "open_door",
        "skip_move_card",
        "draw",
        "choose_target",
        "scout_choose",
        "trade_accept",
        "trade_decline",
        "pass_window",
        "play_treasury",
    }
)
STYLES: dict[str, discord.ButtonStyle] = {
    "end_phase2": discord.ButtonStyle.primary,
    "open_door": discord.ButtonStyle.success,
    "draw": discord.ButtonStyle.primary,
    "trade_accept": discord.ButtonStyle.success,
    "trade_decline": discord.ButtonStyle.danger,
    "pass_window": discord.ButtonStyle.secondary,
    "play_treasury": discord.ButtonStyle.success,
    "smaug_attack": discord.ButtonStyle.danger,
    "fight_submit": discord.ButtonStyle.secondary,
}
EMOJI: dict[str, str] = {
    "end_phase2": "⏭️",
    "open_door": KEY_MARK,
    "skip_move_card": "↪️",
    "choose_target": "🎯",
    "scout_choose": "🔭",
    "trade_accept": "✅",
    "trade_decline": "✖️",
    "pass_window": "⏭️",
    "play_treasury": "💰",
    "smaug_attack": "⚔️",
    "fight_submit": "🏳️",
}
DIRECTIONS = {"FWD": "fwd", "BACK": "back"}


def typed(action: dict[str, Any]) -> str:
    """An action as one types it (``move MV-R-2 R1 fwd``), which the engine reads back exactly."""
    return typed_text(action)


def decision_of(table: Table, seat: int) -> Decision | None:
    """The decision the game waits for from ``seat``, or ``None``: the seat's table holds its
    own (a table for everyone holds none)."""
    return table.decision if table.seat == seat else None


def fight_of(table: Table, seat: int) -> DecisionView | None:
    """The fight the seat must submit cards to now, as its view tells it (the submissions made,
    who submits after it, whether Gandalf doubles a card), or ``None``."""
    decision = decision_of(table, seat)
    view: HobbitView = table.view
    if decision is None or decision.kind != "fight" or view.decision is None:
        return None
    return view.decision if view.decision.kind == "fight" else None


def decision_kind(table: Table, seat: int) -> str | None:
    decision = decision_of(table, seat)
    return None if decision is None else str(decision.kind)


# -- buttons --------------------------------------------------------------------------------
def button_actions(table: Table, seat: int, actions: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seat's legal actions drawn as buttons; the rest are in its menus."""
    attacks = [a for a in actions if a.get("kind") == "smaug_attack"]
    shown = []
    for action in actions:
        kind = action.get("kind")
        if (
            kind in BUTTON_KINDS
            or (kind == "fight_submit" and not action.get("cards"))
            or (kind == "smaug_attack" and len(attacks) <= ATTACK_BUTTONS)
        ):
            shown.append(action)
    return shown


def look_style(action: dict[str, Any]) -> tuple[discord.ButtonStyle, str | None]:
    kind = str(action.get("kind"))
    emoji = EMOJI.get(kind)
    if kind == "draw":
        emoji = DECK_MARKS.get(str(action.get("deck", "")).lower())
    return STYLES.get(kind, discord.ButtonStyle.secondary), emoji


def label(lang: str, action: dict[str, Any], table: Table | None = None) -> str:
    """An action in words: what a button says, a line of ``/move``'s list, a confirmation.
    ``table``, when known, names a trade's partner and tells from its view where a move goes
    and the Scouting die."""
    view: HobbitView | None = table.view if table is not None else None
    kind = action.get("kind")
    if kind in ("end_phase2", "open_door", "pass_window", "trade_decline"):
        return t(lang, f"hobbit.action.{kind}")
    if kind == "draw":
        return t(lang, "hobbit.action.draw", deck=deck_name(lang, str(action["deck"])))
    if kind == "play_treasury":
        return t(lang, "hobbit.action.play_treasury", card=card_name(lang, action["card"]))
    if kind == "trade_accept":
        back = str(action["give"])
        return t(lang, "hobbit.action.trade_accept", give=card_name(lang, back), nothing=_nothing(back))
    if kind == "choose_target":
        return t(lang, "hobbit.action.choose_target", figure=figure_name(lang, action["figure"]))
    if kind == "scout_choose":
        if action["dwarf"] == "DISCARD":
            return t(lang, "hobbit.action.scout_discard")
        die = _scout_die(view)
        return t(lang, "hobbit.action.scout_choose", figure=figure_name(lang, action["dwarf"]), die=die)
    if kind == "skip_move_card":
        return t(lang, "hobbit.action.skip_move_card", card=card_name(lang, action["card"]))
    if kind == "fight_submit":
        cards = action.get("cards") or []
        doubled = action.get("doubled")
        shown = _used_names(lang, cards)
        if not cards:
            if doubled:
                return t(lang, "hobbit.action.fight_none_double", card=card_name(lang, doubled))
            return t(lang, "hobbit.action.fight_none")
        double = t(lang, "hobbit.action.doubling", card=card_name(lang, doubled)) if doubled else ""
        return t(lang, "hobbit.action.fight", cards=shown, total=_total(cards, doubled), doubling=double)
    if kind == "free_web":
        cards = action.get("cards") or []
        return t(
            lang,
            "hobbit.action.free_web",
            figure=figure_name(lang, action["dwarf"]),
            cards=_used_names(lang, cards),
        )
    if kind in ("discard_to_limit", "sorrow_discard"):
        return t(lang, f"hobbit.action.{kind}", cards=", ".join(card_name(lang, c) for c in action["cards"]))
    if kind == "smaug_attack":
        push = card_name(lang, action["push"])
        return t(lang, "hobbit.action.attack", armour=card_name(lang, action["armour"]), push=push)
    if kind == "trade_offer":
        partner = int(action["partner"])
        return t(
            lang,
            "hobbit.action.trade_offer",
            partner=plain_seat(table, partner) if table is not None else f"#{partner}",
            give=card_name(lang, action["give"]),
            price=" + ".join(card_name(lang, c) for c in action["price"]),
        )
    if kind in TREES["move"] | TREES["play"]:
        return " · ".join(s.label for s in menu_steps(lang, action, view))
    return typed(action)


def _nothing(card: str) -> str:
    return "yes" if card == NONE else "no"


def _scout_die(view: HobbitView | None) -> int | str:
    """The die of the Scouting choice pending (public: everyone saw it rolled)."""
    if view is None or view.decision is None:
        return "?"
    return view.decision.die or "?"


def _used_names(lang: str, cards: Iterable[dict[str, Any]]) -> str:
    parts = []
    for used in cards:
        name = card_name(lang, used["card"])
        value = used.get("value")
        parts.append(f"{name} ({value})" if value is not None and "/" in name else name)
    return ", ".join(parts)


def _total(cards: Iterable[dict[str, Any]], doubled: str | None) -> int:
    total = 0
    for used in cards:
        value = used.get("value")
        value = int(value) if value is not None else max(values(used["card"]))
        total += value * (2 if used["card"] == doubled else 1)
    return total


def clip(text: str, limit: int = LABEL_LIMIT) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- tree menus ------------------------------------------------------------------------------
def tree_menus(table: Table, seat: int, actions: list[dict[str, Any]], focus: str) -> list[SelectLook]:
    """The seat's tree menus, the one the focus names narrowed to it."""
    wanted, _, path = focus.partition(" ")
    found: list[SelectLook] = []
    for name, kinds in TREES.items():
        chosen = [a for a in actions if a.get("kind") in kinds]
        if name == "attack" and len(chosen) <= ATTACK_BUTTONS:
            continue  # buttons
        if not chosen:
            continue
        look = menus.menu(
            name,
            t(table.lang, f"hobbit.menu.{name}"),
            [Choice(menu_steps(table.lang, a, table.view, table), typed(a)) for a in chosen],
            path if wanted == name else "",
            back=t(table.lang, "hobbit.menu.back"),
            done=t(table.lang, "hobbit.menu.done"),
            more=t(table.lang, "hobbit.menu.more"),
        )
        if look is not None:
            found.append(look)
    return found


def menu_steps(
    lang: str, action: dict[str, Any], view: HobbitView | None, table: Table | None = None
) -> tuple[Step, ...]:
    """Each action as a path of steps: the card, then what it moves where (or a trade's partner,
    item and price; an attack's armour and push)."""
    kind = action.get("kind")
    if kind == "trade_offer":
        partner = int(action["partner"])
        who = plain_seat(table, partner) if table is not None else str(partner + 1)
        give = str(action["give"])
        price = list(action["price"])
        return (
            Step(f"p{partner}", t(lang, "hobbit.step.partner", partner=who)),
            Step(
                give,
                t(lang, "hobbit.step.give", card=card_name(lang, give), nothing=_nothing(give)),
                emoji=KEY_MARK if give == KEY else None,
            ),
            Step(
                "+".join(price),
                t(lang, "hobbit.step.price", price=" + ".join(card_name(lang, c) for c in price)),
            ),
        )
    if kind == "smaug_attack":
        push = str(action["push"])
        return (
            Step(
                str(action["armour"]), t(lang, "hobbit.step.armour", card=card_name(lang, action["armour"]))
            ),
            Step(
                f"{push}={action.get('value')}",
                t(lang, "hobbit.step.push", card=card_name(lang, push), value=action.get("value") or 0),
            ),
        )
    card = str(action.get("card", kind))
    head = Step(card, card_name(lang, card), description=clip(card_about(lang, card), 100))
    if kind == "play_gandalf":
        where = _gandalf_to(view, str(action["dir"]))
        stop = stop_name(lang, where) if where else ""
        words = (
            t(lang, "hobbit.step.gandalf", stop=stop)
            if stop
            else t(lang, "hobbit.step.gandalf_dir", dir=action["dir"].lower())
        )
        return (head, Step(DIRECTIONS[action["dir"]], words))
    if kind == "play_scout" and action.get("mode") == "die":
        return (head, Step("die", t(lang, "hobbit.step.scout_die")))
    figure = str(action.get("figure") or action.get("dwarf") or "Bilbo")
    direction = str(action.get("dir", "FWD"))
    target = _target(view, kind, action, figure, direction)
    key = f"{figure}.{DIRECTIONS.get(direction, 'fwd')}"
    if kind == "play_dwarf_run":
        key = f"{figure}>{action['target']}"
        # Without the position the run is told by whom it joins: runs of one dwarf differ only there.
        target = target or f"→ {figure_name(lang, str(action['target']))}"
    words = t(lang, "hobbit.step.figure", figure=figure_name(lang, figure), dir=direction.lower())
    return (head, Step(key, f"{words}: {target}" if target else words))


def _gandalf_to(view: HobbitView | None, direction: str) -> str:
    """The stop Gandalf goes to (``""`` when the position is not known)."""
    if view is None:
        return ""
    index = GANDALF_STOPS.index(view.gandalf) + (1 if direction == "FWD" else -1)
    return GANDALF_STOPS[index] if 0 <= index < len(GANDALF_STOPS) else ""


def _target(view: HobbitView | None, kind: Any, action: dict[str, Any], figure: str, direction: str) -> str:
    """Where a move takes the figure: ``8 → 11``."""
    if view is None:
        return ""
    places = {f.id: f.pos for f in view.figures}
    start = places.get(figure)
    if start is None:
        return ""
    if kind == "play_dwarf_run":
        return f"{start} → {places.get(str(action['target']))}"
    card = str(action.get("card", ""))
    if card.startswith("MV-"):
        steps = int(card.rsplit("-", 1)[1])
    else:
        found = card_of(card) if "#" in card else None
        steps = found.steps if isinstance(found, StepCard) else 0
    to = start + steps if direction == "FWD" else start - steps
    return f"{start} → {min(to, FINISH)}"


# -- several cards at once ------------------------------------------------------------------
def card_menus(table: Table, seat: int, actions: list[dict[str, Any]], focus: str) -> list[SelectLook]:
    """The several-cards menus of the seat's decision: fight cards (or, once picked, which card
    to double), the cards that free each entangled dwarf, the discards."""
    lang, view = table.lang, table.view
    decision = decision_of(table, seat)
    fight = fight_of(table, seat)
    kinds = {a.get("kind") for a in actions}
    hand = by_id(view.seats[seat].hand.cards or ())  # the seat's own view shows its hand
    found: list[SelectLook] = []
    wanted, _, rest = focus.partition(" ")
    if fight is not None and "fight_submit" in kinds:
        if wanted == "fight" and rest and _may_double(fight):
            found.append(_double_menu(table, fight, rest.split()))
        else:
            options = _fight_options(lang, hand)
            if options:
                found.append(_several("fight", t(lang, "hobbit.menu.fight"), options, 1, len(options)))
    if decision is not None and decision.kind == "limit":
        over = len(hand) - NUMBERS.hand_limit
        options = [_card_option(lang, c) for c in hand]
        found.append(_several("limit", t(lang, "hobbit.menu.limit", count=over), options, over, over))
    if decision is not None and decision.kind == "sorrow":
        need = int(view.decision.count or 0) if view.decision is not None else 0
        options = [_card_option(lang, c) for c in hand]
        found.append(_several("sorrow", t(lang, "hobbit.menu.sorrow", count=need), options, need, need))
    webs = sorted({str(a["dwarf"]) for a in actions if a.get("kind") == "free_web"})
    for dwarf in webs:
        options = [
            SelectOption(
                label=clip(card_name(lang, c), 100),
                value=f"{c}={max(values(c))}",
                description=clip(t(lang, "hobbit.menu.value", value=max(values(c))), 100),
            )
            for c in hand
            if is_fight(c)
        ]
        placeholder = t(lang, "hobbit.menu.web", figure=figure_name(lang, dwarf))
        found.append(_several(WEB + dwarf.lower(), placeholder, options, 1, len(options)))
    return found


def _several(name: str, placeholder: str, options: list[SelectOption], least: int, most: int) -> SelectLook:
    return SelectLook(
        name=name,
        placeholder=clip(placeholder, 150),
        options=tuple(options[: menus.OPTIONS]),
        min_values=least,
        max_values=max(least, min(most, menus.OPTIONS)),
    )


def _card_option(lang: str, card: str) -> SelectOption:
    return SelectOption(
        label=clip(card_name(lang, card), 100), value=card, description=clip(card_about(lang, card), 100)
    )


def _fight_options(lang: str, hand: list[str]) -> list[SelectOption]:
    """Each fight card of the hand; a dual card once for each of its values."""
    options = []
    for card in hand:
        found = card_of(card)
        if not isinstance(found, FightCard):
            continue
        for value in found.values:
            words = card_name(lang, card)
            if len(found.values) > 1:
                words = t(lang, "hobbit.menu.as_value", card=words, value=value)
            options.append(
                SelectOption(
                    label=clip(words, 100),
                    value=f"{card}={value}",
                    description=clip(t(lang, "hobbit.menu.value", value=value), 100),
                )
            )
    return options


def _may_double(fight: DecisionView) -> bool:
    """Whether the seat submitting now names the doubled card: the last to submit, with Gandalf
    at this area's stop (H5.3 step 3)."""
    return not fight.after and fight.doubling


def _double_menu(table: Table, decision: DecisionView, picked: list[str]) -> SelectLook:
    """Once the cards are picked: no doubling, or the card Gandalf doubles — one picked now or
    one submitted earlier, by anyone."""
    lang = table.lang
    base = "fight " + " ".join(picked)
    options = [SelectOption(label=t(lang, "hobbit.menu.back"), value=menus.NARROW, emoji="↩️")]
    options.append(SelectOption(label=t(lang, "hobbit.menu.no_double"), value=(menus.PICK + base)))
    earlier = [(u.card, u.value) for s in decision.submitted for u in s.cards]
    mine = []
    for item in picked:
        card, _, number = item.partition("=")
        mine.append((card, int(number) if number else max(values(card))))
    for card, value in [*mine, *earlier]:
        choice = menus.PICK + f"{base} double {card}"
        if len(choice) > menus.VALUE_LIMIT:  # too long for Discord: still playable with /move
            continue
        words = t(lang, "hobbit.menu.double_card", card=card_name(lang, card), value=value)
        options.append(SelectOption(label=clip(words, 100), value=choice))
    return SelectLook(
        name=DOUBLE,
        placeholder=clip(t(lang, "hobbit.menu.double"), 150),
        options=tuple(options[: menus.OPTIONS]),
    )


def read_pick(table: Table, seat: int, name: str, values_: list[str]) -> Any:
    """What a pick in the menu ``name`` stands for: typed text, a ``Focus``, or ``None``."""
    if name in TREES or name == DOUBLE:
        found = menus.read(values_)
        if isinstance(found, Focus):
            if name == DOUBLE:
                return Focus("")
            return Focus(f"{name} {found.path}".strip())
        return found
    if not values_ or any(" " in v or len(v) > 16 for v in values_):
        return None
    if name == "fight":
        fight = fight_of(table, seat)
        if fight is not None and _may_double(fight):
            return Focus("fight " + " ".join(values_))
        return "fight " + " ".join(values_)
    if name in PICKED:
        return f"{PICKED[name]} " + " ".join(values_)
    if name.startswith(WEB):
        dwarf = name[len(WEB) :].upper()
        picked = " ".join(values_)
        view: HobbitView = table.view
        if view.gandalf == GANDALF_STOPS[WEB_STOP]:  # Gandalf doubles the highest card picked (H5.10c)
            best = max(values_, key=lambda v: int(v.partition("=")[2] or 0))
            return f"web {dwarf} {picked} double {best.partition('=')[0]}"
        return f"web {dwarf} {picked}"
    return None
