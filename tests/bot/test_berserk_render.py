"""Berserk on Discord, drawn from stored positions: whole random games in both languages within
Discord's limits; every legal action reachable by a button or a menu, read back exactly; no
turn waiting on a lone Pass; the public board the same whatever is hidden; decisions out of
turn taken in private; every event, card and ability in words with the cards' own numbers;
rejected submissions told problem by problem; Random and the placement form."""

from __future__ import annotations

import io
import re
from typing import Any

import discord
import pytest
from PIL import Image
from simcord.components import validate_components

from bot.board import board_actions, game_parts, private_parts, seat_actions, table_of
from bot.games.berserk.events import event_line
from bot.games.berserk.forms import CELLS_INPUT, RANDOM, PlacementForm, form_placement
from bot.games.berserk.words import ability_ids, ability_params, ability_text, deck_name
from bot.i18n import catalogue, t
from engine import IllegalAction
from engine.core.contract import Event
from engine.core.decisions import for_seat
from engine.games.berserk.cards import CARDS, DECKS
from engine.games.berserk.setup import RESERVE_SIZE
from tests.bot.berserk_helpers import GAME, RENDERER, legal, menu_leaves, positions, record_of
from tests.engine.berserk.helpers import U, play, position

LANGS = ("en", "ru")
NO_LINE = frozenset({"paid", "resolving", "turn_ended", "game_over"})
"""Events the board tells otherwise (the activation, the outcome, the headline)."""


def components(view: discord.ui.LayoutView) -> list[dict[str, Any]]:
    """Every component of a laid-out message as Discord receives it, nested ones included."""
    found: list[dict[str, Any]] = []
    stack: list[dict[str, Any]] = list(reversed(view.to_components()))
    while stack:
        item = stack.pop()
        found.append(item)
        stack.extend(reversed([*item.get("components", []), *filter(None, [item.get("accessory")])]))
    return found


def words(view: discord.ui.LayoutView) -> str:
    """All the text a laid-out message shows."""
    return "\n".join(str(item["content"]) for item in components(view) if item["type"] == 10)


def check_limits(view: discord.ui.LayoutView, files: list[discord.File]) -> None:
    """What Discord accepts: SimCord's own validation of the components (``IS_COMPONENTS_V2``),
    at most 40 of them, nested ones included, and 4,000 characters of text in all."""
    validate_components(view.to_components(), flags=1 << 15)
    found = components(view)
    assert len(found) <= 40
    assert sum(len(str(item["content"])) for item in found if item["type"] == 10) <= 4000
    for item in found:
        assert len(item.get("custom_id", "")) <= 100 and len(item.get("label") or "") <= 80
        options = item.get("options") or []
        assert len(options) <= 25 and all(len(o["value"]) <= 100 and len(o["label"]) <= 100 for o in options)
    for file in files:
        assert Image.open(io.BytesIO(file.fp.read())).format == "PNG"


@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_are_drawn_within_discords_limits_in_both_languages(seed: int) -> None:
    for number, (state, events) in enumerate(positions(seed)):
        record = record_of(state, number + 1)
        lang = LANGS[number % 2]
        pictures = number % 9 == 0
        check_limits(*game_parts(record, lang, events, pictures=pictures))
        for seat in (0, 1):
            check_limits(*private_parts(record, seat, lang, pictures=pictures))


@pytest.mark.parametrize("seed", [3, 4, 5])
def test_every_legal_action_is_a_button_or_a_menu_choice_that_reads_back_exactly(seed: int) -> None:
    seen: set[str] = set()
    for number, (state, _) in enumerate(positions(seed)):
        record = record_of(state, number + 1)
        for seat in GAME.to_act(state):
            actions = legal(state, seat)
            kind = for_seat(GAME.pending(state), seat).kind  # type: ignore[union-attr]
            if kind in ("recruit", "place"):  # templates: a menu of cards, a form; checked below
                continue
            table = table_of(record, "en", seat=seat)
            offered = seat_actions(table, seat)
            for text in menu_leaves(record, seat):
                offered.append(GAME.dump_action(GAME.parse_action(text)))
            assert sorted(map(str, offered)) == sorted(map(str, actions)), (seed, number, kind)
            seen.add(kind)
    assert {"choose_deck", "choose_seat", "main", "assign_defender"} <= seen


def offered(state: Any, seat: int) -> list[dict[str, Any]]:
    """Everything the seat's own message offers: its buttons and its menu's choices."""
    record = record_of(state)
    buttons = seat_actions(table_of(record, "en", seat=seat), seat)
    return buttons + [GAME.dump_action(GAME.parse_action(text)) for text in menu_leaves(record, seat)]


def test_a_turn_never_waits_on_a_button_that_can_only_say_pass() -> None:
    """The engine passes a seat with no legal instant by itself (B42.4): a response window on
    Discord always offers an instant beside Pass, for the active player (his own strike) and
    for the other (during the opponent's turn); a lone declaration is made by the engine."""
    ingri = [U("ingri", "b2"), U("nomad", "c3")]
    own = play(position(p1=ingri, p2=[U("nomad", "c4")]), "strike c3 c4")
    theirs = play(position(p1=[U("nomad", "c3")], p2=[U("ingri", "d5"), U("nomad", "c4")]), "strike c3 c4")
    assert [(d.kind, d.seats) for d in GAME.pending(own)] == [("respond", (0,))]
    assert [(d.kind, d.seats) for d in GAME.pending(theirs)] == [("respond", (1,))]
    found = [own, theirs]
    for seed in range(12):
        found += [
            s
            for s, _ in positions(seed)
            if any(d.kind in ("respond", "order_triggers") for d in GAME.pending(s))
        ]
    windows = 0
    for state in found:
        for decision in GAME.pending(state):
            choices = offered(state, decision.seats[0])
            if decision.kind == "respond":
                windows += 1
                assert {a["kind"] for a in choices} == {"pass", "activate"}
            if decision.kind == "order_triggers":
                assert len(choices) >= 2
    assert windows >= 2


def test_the_public_board_is_the_same_whatever_is_hidden() -> None:
    """Drawn from the spectator view: another recruitment, placement, reserve or Muster choice
    of either seat gives the same embed and the same picture."""
    checked = 0
    for number, (state, _) in enumerate(positions(6)):
        if number % 8:
            continue
        other = GAME.redeal(state, None, number)
        mine = game_parts(record_of(state, number + 1), "en")
        theirs = game_parts(record_of(other, number + 1), "en")
        assert mine[0].to_components() == theirs[0].to_components()
        assert [f.fp.read() for f in mine[1]] == [f.fp.read() for f in theirs[1]]
        for seat in (0, 1):  # a seat's own message does not change with what it cannot know
            own = GAME.redeal(state, seat, number)
            assert private_parts(record_of(state), seat, "en")[0].to_components() == (
                private_parts(record_of(own), seat, "en")[0].to_components()
            )
        checked += 1
    assert checked > 10


def test_decisions_out_of_turn_are_taken_in_private_and_the_main_phase_in_public() -> None:
    s = position(p1=[U("nomad", "c3")], p2=[U("nomad", "c4"), U("bjorn", "b4")])
    record = record_of(s)
    assert [a["kind"] for a in board_actions(table_of(record, "en"))] == ["strike", "strike", "end_turn"]
    assert RENDERER.board_selects(table_of(record, "en"))[0].name == "menu"
    struck = play(s, "strike c3 c4")
    (step,) = GAME.pending(struck)
    assert step.kind == "assign_defender" and RENDERER.decided_in_private(GAME.view(struck, None), step)
    record = record_of(struck)
    board = table_of(record, "en")
    assert board_actions(board) == [] and RENDERER.board_selects(board) == []
    table = table_of(record, "en", seat=1)
    labels = [RENDERER.button_look(table, a).label for a in seat_actions(table, 1)]
    assert labels == ["No defender", "Defend with 🟠 Bjorn (b4)"]
    assert "🔵 Nomad (c3) strikes your 🟠 Nomad (c4)" in words(private_parts(record, 1, "en")[0])


def test_every_event_of_random_games_has_a_line_in_both_languages() -> None:
    kinds: set[str] = set()
    for seed in (7, 8):
        for number, (state, events) in enumerate(positions(seed)):
            table = {lang: table_of(record_of(state, number + 1), lang) for lang in LANGS}
            for event in events:
                for lang in LANGS:
                    line = event_line(table[lang], event)
                    if event.kind in NO_LINE:
                        assert line is None
                    elif line is None:  # nothing happened: no counter gained, no wound healed
                        assert event.kind in ("counters", "healed", "destroyed"), event
                    else:
                        assert "{" not in line and "$" not in line, line
                kinds.add(event.kind)
    assert {"strike_resolved", "dice", "moved", "revealed", "your_recruits", "your_placement"} <= kinds


def test_lines_about_a_strike_name_the_creatures_and_the_levels() -> None:
    s = position(p1=[U("nomad", "c3")], p2=[U("nomad", "c4")], dice=(6, 1))
    table = table_of(record_of(s), "en")
    strike = {"attacker": "P1.nomad.1", "target": "P2.nomad.1", "level": "strong", "value": 3}
    resolved = Event("strike_resolved", {**strike, "counter_level": "weak", "counter_value": 1})
    assert event_line(table, resolved) == "🔵 Nomad → 🟠 Nomad: Strong strike, 3; strike back weak, 1."
    ru = table_of(record_of(s), "ru")
    assert event_line(ru, resolved) == "🔵 Кочевник → 🟠 Кочевник: Сильный удар, 3; ответный слабый, 1."
    wounded = Event(
        "wounded", {"unit": "P2.nomad.1", "dealt": 2, "suffered": 2, "wounds": 5, "cause": "strike"}
    )
    assert event_line(ru, wounded) == "💔 🟠 Кочевник получает 2 раны от удара: всего 5."
    assert event_line(table, wounded) == "💔 🟠 Nomad suffers 2 wounds from a strike: 5 in all."


def test_every_card_and_ability_has_words_and_each_text_states_the_cards_own_numbers() -> None:
    """An ability's text takes its numbers from the card data: every number it shows is one of
    the card's, and every number it names by a placeholder is shown (one may be a word)."""
    cat = catalogue()
    for card in CARDS.values():
        assert all(cat.defines(lang, f"berserk.card.{card.id}") for lang in LANGS)
        for ability in ability_ids(card):
            params = ability_params(card, ability)
            known = {str(v).lstrip("+−") for v in params.values()}
            for lang in LANGS:
                key = f"berserk.ability.{ability}.text"
                assert cat.defines(lang, f"berserk.ability.{ability}") and cat.defines(lang, key)
                text = ability_text(lang, card, ability)
                assert set(re.findall(r"\d+", text)) <= known, (card.id, ability, lang, text)
                for name in cat.placeholders(lang, key):  # English says one as "a counter"
                    assert params[name] == 1 or str(params[name]) in text, (card.id, ability, lang, name)
    for deck in DECKS:
        assert all(cat.defines(lang, f"berserk.deck.{deck}") for lang in LANGS)


def test_a_rejected_recruitment_names_every_problem_in_both_languages() -> None:
    state = GAME.new(2, 3)
    for seat in (0, 1):
        state = GAME.apply(state, seat, GAME.parse_action("deck D1")).state
    state = GAME.apply(state, GAME.to_act(state)[0], GAME.parse_action("first")).state
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, 0, GAME.parse_action("recruit C01 C03 C03 C08 C02 C02 C04 C04 C29"))
    english = RENDERER.refusal("en", refused.value)
    assert english is not None and english.startswith("Your recruitment is rejected and nothing was stored.")
    assert "• Blood Witch is not in your deck." in english
    assert "• Elite cards cost 24 gold; your budget has 24." not in english  # within the gold
    assert "• Ordinary cards cost 28; your 22 silver and 0 spare gold pay for 22 at most." in english
    russian = RENDERER.refusal("ru", refused.value)
    assert russian is not None and "• Карты Кровавая ведьма нет в вашей колоде." in russian


def test_a_rejected_placement_names_every_problem() -> None:
    state = GAME.new(2, 3)
    for seat in (0, 1):
        state = GAME.apply(state, seat, GAME.parse_action("deck D1")).state
    first = GAME.to_act(state)[0]
    state = GAME.apply(state, first, GAME.parse_action("first")).state
    for seat in (0, 1):
        state = GAME.apply(state, seat, GAME.parse_action("recruit C07 C07 C05 C09")).state
    p1 = state.first
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(state, p1, GAME.parse_action("place reserve reserve reserve c5"))
    text = RENDERER.refusal("en", refused.value) or ""
    assert "• 3 cards in the reserve; it holds 2 at most." in text
    assert "• Monk of Targ: c5 is not a cell of your rows." in text
    russian = RENDERER.refusal("ru", refused.value) or ""
    assert "• В резерве 3 карты, а помещается не больше 2." in russian


@pytest.mark.parametrize("lang", LANGS)
def test_random_recruits_and_places_by_the_engines_own_action(lang: str) -> None:
    """**Random** of a recruitment and of a placement is the engine's listed action, a button
    beside the cards' menu and beside **Place**: a click sends it as it is, and the engine
    draws the squad and the placement. A **Random** of the renderer's own drawn for them before
    (still in a DM) stands for the same action; the deck's Random stays the renderer's."""
    state = GAME.new(2, 5)
    for seat in (0, 1):
        table = table_of(record_of(state), lang, seat=seat)
        assert [c.value for c in RENDERER.choices(table, seat)] == ["choose_deck"]
        state = GAME.apply(state, seat, GAME.parse_action("deck D2")).state
    state = GAME.apply(state, GAME.to_act(state)[0], GAME.parse_action("second")).state
    random = t(lang, "berserk.action.random")
    for kind, buttons in (
        ("recruit", [{"kind": "recruit_random"}]),
        ("place", [{"kind": "place", "cells": {}}, {"kind": "place_random"}]),
    ):
        for seat in (0, 1):
            table = table_of(record_of(state), lang, seat=seat)
            assert seat_actions(table, seat) == buttons and RENDERER.choices(table, seat) == []
            drawn = buttons[-1]
            assert RENDERER.button_look(table, drawn).label == random
            assert RENDERER.choose(table, seat, RANDOM, [kind]) == drawn
            assert RENDERER.suggest(table, seat, random[:3]) == [(random, f"{kind} random")]
            assert RENDERER.done_text(lang, drawn, dm_sent=False) == t(lang, f"berserk.{kind}.stored")
            state = GAME.apply(state, seat, GAME.parse_action(drawn)).state
    assert state.phase == "play"


def test_the_placement_form_holds_the_default_placement_and_reads_any_separators() -> None:
    state = GAME.new(2, 3)
    for seat in (0, 1):
        state = GAME.apply(state, seat, GAME.parse_action("deck D2")).state
    state = GAME.apply(state, GAME.to_act(state)[0], GAME.parse_action("first")).state
    for seat in (0, 1):
        state = GAME.apply(state, seat, GAME.parse_action("recruit C13 C14 C12")).state
    table = table_of(record_of(state), "en", seat=state.first)
    form = RENDERER.action_form(table, state.first, {"kind": "place", "cells": {}})
    assert isinstance(form, PlacementForm) and form.custom_id == "tv:f:7:place"
    (cells,) = form.children
    assert isinstance(cells, discord.ui.TextInput) and cells.default == "a3 b3 c3"
    typed = form_placement({CELLS_INPUT: "c3,\nb2 ; reserve"})
    assert GAME.parse_action(typed) == GAME.parse_action("place c3 b2 reserve")


@pytest.mark.parametrize("lang", LANGS)
def test_every_deck_shows_its_budget_when_chosen_and_each_side_its_own_while_recruiting(lang: str) -> None:
    """Budgets belong to decks (B15): the choice of a deck shows each one's, and once the decks
    are revealed the board shows each side's and a seat's DM its own."""
    state = GAME.new(2, 5)
    shown = words(private_parts(record_of(state), 0, lang)[0])
    for deck in DECKS.values():
        assert t(lang, "berserk.private.deck_budget", gold=deck.gold, silver=deck.silver) in shown
    for seat, deck in enumerate(("D1", "D3")):
        state = GAME.apply(state, seat, GAME.parse_action(f"deck {deck}")).state
    state = GAME.apply(state, GAME.to_act(state)[0], GAME.parse_action("second")).state
    text = words(game_parts(record_of(state), lang)[0])
    for seat, deck in enumerate(("D1", "D3")):
        gold, silver = DECKS[deck].budget
        line = t(
            lang,
            "berserk.board.side.setup",
            mark="",
            player="",
            role="",
            deck=deck_name(lang, deck),
            gold=gold,
            silver=silver,
        )
        assert " · ".join(line.split(" · ")[1:]) in text  # "Mountain Hold · 24 gold + 22 silver"
        mine = words(private_parts(record_of(state), seat, lang)[0])
        own = t(lang, "berserk.private.budget", deck=deck_name(lang, deck), gold=gold, silver=silver)
        assert own in mine


@pytest.mark.parametrize("lang", LANGS)
def test_the_rules_summary_states_the_reserve_and_the_rounds(lang: str) -> None:
    text = RENDERER.rules_text(lang, GAME) or ""
    assert {str(RESERVE_SIZE), "20"} <= set(re.findall(r"\d+", text))
    assert t(lang, "berserk.action.random") in text and t(lang, "berserk.action.place") in text


def test_every_key_the_renderer_builds_from_a_name_exists_in_both_languages() -> None:
    """Keys made from the engine's names (a phase, a decision, an end, a problem code)."""
    decisions = ("main", "assign_defender", "order_triggers", "respond")
    families = {
        "berserk.board": ("deck", "recruit", "place"),
        "berserk.board.waiting": decisions,
        "berserk.ask": decisions,
        "berserk.action": ("first", "second", "end_turn", "pass", "recruit", "place"),
        "berserk.end": ("defeat", "round_cap", "resigned", "defeat.draw", "round_cap.draw"),
        "berserk.rejected": ("recruit", "place", "declare"),
        "berserk.cause": ("strike", "poison", "payment", "shot", "bolt"),
        "berserk.level": ("weak", "medium", "strong"),
        "berserk.cost": ("gold", "silver"),
        "berserk.deck": tuple(f"{deck}.about" for deck in DECKS),
        "berserk.problem.recruit": (
            "empty", "not_in_deck", "too_many_copies", "unique_twice", "gold", "silver",
        ),
        "berserk.problem.place": (
            "not_recruited", "placed_twice", "not_placed", "not_your_half", "cell_taken", "reserve_full",
            "empty_field",
        ),
        "berserk.problem.declare": (
            "unknown_trigger", "listed_twice", "repetition", "bad_target", "mandatory_missing",
        ),
    }  # fmt: skip
    built = [f"{family}.{name}" for family, names in families.items() for name in names]
    built += ["berserk.recruit.stored", "berserk.place.stored"]
    cat = catalogue()
    assert [key for key in built if not all(cat.defines(lang, key) for lang in LANGS)] == []


def test_without_pictures_the_field_is_a_text_grid_with_its_legend() -> None:
    s = position(p1=[U("nomad", "c3"), U("murk", "b2", closed=True)], p2=[U("nomad", "c4")])
    record = record_of(s)
    embed, files = RENDERER.board_message(table_of(record, "en", pictures=False))
    fields = {f.name: f.value or "" for f in embed.fields}
    assert files == [] and embed.image.url is None
    assert " 4  .      .      noma" in fields["Field"] and " 2  .      MURK*" in fields["Field"]
    assert fields["Legend"] == "`ABCD` 🔵 ann · `abcd` 🟠 bob · `*` closed · `.` an empty cell"
    embed, files = RENDERER.board_message(table_of(record, "en", pictures=True))
    assert [f.filename for f in files] == [
        "berserk-field.png"
    ] and embed.image.url == "attachment://berserk-field.png"
    assert "Field" not in {f.name for f in embed.fields}


@pytest.mark.parametrize("lang", LANGS)
def test_the_buttons_the_words_name_are_the_buttons_shown(lang: str) -> None:
    """The board and the private messages tell players to press buttons by their labels."""
    told = {
        "button.private": t(lang, "berserk.board.deck"),
        "berserk.action.place": t(lang, "berserk.private.place", rows="1–3", reserve=2),
        "berserk.action.random": t(lang, "berserk.private.deck"),
        "berserk.action.end_turn": t(lang, "berserk.board.waiting.main", player="p"),
    }
    for key, text in told.items():
        assert f"**{t(lang, key)}**" in text, (key, text)


def test_a_declaration_too_long_for_a_button_is_offered_in_the_menu() -> None:
    """Three of bob's Cursed Mages echo at once: six orders, each too long for a button's id."""
    p2 = [U("cursed_mage", "b5"), U("cursed_mage", "d5"), U("cursed_mage", "e6")]
    s = play(position(p1=[U("charon", "a2")], p2=p2), "activate a2 accumulate")
    assert len(GAME.legal_actions(s, 1)) == 6
    view = private_parts(record_of(s), 1, "en", pictures=False)[0]
    controls = [item["type"] for item in components(view) if item["type"] in (2, 3)]
    assert controls == [3]  # one select menu, no button
    assert sorted(map(str, offered(s, 1))) == sorted(map(str, legal(s, 1)))
