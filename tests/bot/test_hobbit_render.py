"""Hobbit on Discord, drawn from stored positions: whole random games in both languages within
Discord's limits; every legal action reachable by a button or a menu, read back exactly; the
public board the same whatever is hidden; secret decisions only in private; every event, card,
figure, space and legend entry in words in both languages; the picture showing each piece
where it stands, and the text form with the same legend; the window passed for a player who
asked for it only when he holds nothing to play."""

from __future__ import annotations

import io
import random
from typing import Any

import discord
import pytest
from PIL import Image, ImageChops
from simcord.components import COMPONENTS_V2_FLAG, validate_components

from bot.board import board_actions, game_parts, private_parts, seat_actions, table_of
from bot.games.hobbit.choices import DOUBLE, TEMPLATES
from bot.games.hobbit.events import PARAMS, event_line
from bot.games.hobbit.pictures import (
    LEGEND,
    TEXT_LEGEND,
    Words,
    cell_box,
    legend_keys,
    render_track,
    text_track,
)
from bot.games.hobbit.settings import AUTOPASS
from bot.games.hobbit.words import card_about, card_name
from bot.i18n import catalogue, t
from bot.render import Focus
from bot.render.layout import COMPONENT_LIMIT, TEXT_LIMIT
from engine.core.decisions import for_seat
from engine.core.position import Position
from engine.games.hobbit.cards import INSTANCES
from engine.games.hobbit.data import Enemy, FightCard, SmaugCard
from engine.games.hobbit.state import EndReason
from tests.bot.hobbit_helpers import GAME, RENDERER, legal, menu_leaves, positions, record_of
from tests.engine.hobbit.helpers import BLUE, RED, YELLOW, play, position

LANGS = ("en", "ru")
SECRET_KINDS = {"p1", "p2", "limit", "fight", "attack", "sorrow", "trade_reply", "window"}


def components(view: discord.ui.LayoutView) -> list[dict[str, Any]]:
    """The message's components as Discord receives them, validated by SimCord (it raises over
    any limit: 40 components, 4,000 characters, ids, labels, options), every nested one."""
    found: list[dict[str, Any]] = []

    def walk(items: list[dict[str, Any]]) -> None:
        for item in items:
            found.append(item)
            walk(item.get("components") or [])
            if "accessory" in item:
                walk([item["accessory"]])

    walk(validate_components(view.to_components(), flags=COMPONENTS_V2_FLAG))
    return found


def check_limits(view: discord.ui.LayoutView, files: list[discord.File]) -> None:
    items = components(view)
    assert len(items) <= COMPONENT_LIMIT
    assert sum(len(i.get("content") or "") for i in items) <= TEXT_LIMIT
    assert sum(1 for i in items if i["type"] == 3) <= 4
    for item in items:
        assert len(item.get("custom_id") or "") <= 100
        assert len(item.get("label") or "") <= 80
        options = item.get("options") or []
        assert len(options) <= 25 and all(len(o["value"]) <= 100 and len(o["label"]) <= 100 for o in options)
    for file in files:
        assert Image.open(io.BytesIO(file.fp.read())).format == "PNG"
    text = str(items)
    assert "{ $" not in text and "hobbit." not in text.replace("/hobbit", ""), text


def prompt_of(record: Any, seat: int, lang: str) -> str:
    """The seat's prompt: what its private message says it must decide now."""
    return RENDERER.private_message(table_of(record, lang, seat=seat), seat)[0].description or ""


@pytest.mark.parametrize(("seed", "seats"), [(1, 3), (2, 2), (3, 4)])
def test_random_games_are_drawn_within_discords_limits_in_both_languages(seed: int, seats: int) -> None:
    """The board and every seat's message at every position of a random game to its end, with
    its things beside their buttons: SimCord's own validator accepts each."""
    for number, (state, events) in enumerate(positions(seed, seats)):
        record = record_of(state, number + 1)
        lang = LANGS[number % 2]
        pictures = number % 40 == 0
        check_limits(*game_parts(record, lang, events, pictures=pictures))
        for seat in range(seats):
            check_limits(*private_parts(record, seat, lang, pictures=pictures))


def card_values(action: dict[str, Any]) -> list[str]:
    """The values a several-cards menu gives for the cards of ``action``."""
    cards = action["cards"]
    if action["kind"] in ("fight_submit", "free_web"):
        return [f"{c['card']}={c['value']}" for c in cards]
    return list(cards)


def through_card_menu(record: Any, seat: int, action: dict[str, Any]) -> dict[str, Any]:
    """The action the seat's several-cards menu gives when ``action``'s cards are picked (and,
    in a fight, its doubled card in the next menu)."""
    table = table_of(record, "en", seat=seat)
    looks = {look.name: look for look in RENDERER.selects(table, seat, list(table.actions))}
    name = {
        "fight_submit": "fight",
        "discard_to_limit": "limit",
        "sorrow_discard": "sorrow",
        "free_web": f"web_{str(action.get('dwarf', '')).lower()}",
    }[action["kind"]]
    values = card_values(action)
    look = looks[name]
    assert set(values) <= {o.value for o in look.options}, (values, look.options)
    assert look.min_values <= len(values) <= look.max_values
    picked = RENDERER.choose(table, seat, name, values)
    if isinstance(picked, Focus):
        narrowed = table_of(record, "en", seat=seat, focus=picked.path)
        (double,) = [s for s in RENDERER.selects(narrowed, seat, list(narrowed.actions)) if s.name == DOUBLE]
        wanted = action.get("doubled")
        for option in double.options:
            text = RENDERER.choose(narrowed, seat, DOUBLE, [option.value])
            if not isinstance(text, str) or (wanted is None) != ("double" not in text):
                continue
            if wanted is None or text.endswith(f"double {wanted}"):
                picked = text
                break
    assert isinstance(picked, str), picked
    found: dict[str, Any] = GAME.dump_action(GAME.parse_action(picked))
    return found


@pytest.mark.parametrize(("seed", "seats"), [(4, 3), (5, 4), (6, 2)])
def test_every_legal_action_is_a_button_or_a_menu_choice_that_reads_back_exactly(
    seed: int, seats: int
) -> None:
    kinds: set[str] = set()
    rng = random.Random(seed)
    for number, (state, _) in enumerate(positions(seed, seats)):
        record = record_of(state, number + 1)
        for seat in range(seats):
            actions = legal(state, seat)
            if not actions:
                continue
            table = table_of(record, "en", seat=seat)
            offered = seat_actions(table, seat)
            offered += [GAME.dump_action(GAME.parse_action(text)) for text in menu_leaves(record, seat)]
            several = [a for a in actions if a["kind"] in TEMPLATES and a.get("cards")]
            rest = [a for a in actions if a not in several]
            assert sorted(map(str, offered)) == sorted(map(str, rest)), (seed, number, seat)
            for action in rng.sample(several, min(3, len(several))):
                assert through_card_menu(record, seat, action) == action
            kinds |= {a["kind"] for a in actions}
    assert {"play_move_card", "trade_offer", "fight_submit", "draw", "pass_window"} <= kinds


def test_the_public_board_is_the_same_whatever_is_hidden() -> None:
    """Drawn from the spectator view: other hands and deck orders give the same embed, buttons
    and picture; a seat's own message does not change with what it cannot know."""
    checked = 0
    for number, (state, _) in enumerate(positions(7, 3)):
        if number % 15:
            continue
        other = GAME.redeal(state, None, number)
        mine = game_parts(record_of(state, number + 1), "en")
        theirs = game_parts(record_of(other, number + 1), "en")
        assert components(mine[0]) == components(theirs[0])
        assert [f.fp.read() for f in mine[1]] == [f.fp.read() for f in theirs[1]]
        for seat in range(3):
            own = GAME.redeal(state, seat, number)
            one = private_parts(record_of(state, number + 1), seat, "en", pictures=False)
            two = private_parts(record_of(own, number + 1), seat, "en", pictures=False)
            assert components(one[0]) == components(two[0])
        checked += 1
    assert checked > 5


def test_secret_decisions_are_offered_only_in_private_and_draws_on_the_board() -> None:
    seen: set[str] = set()
    for number, (state, _) in enumerate(positions(8, 3)):
        record = record_of(state, number + 1)
        table = table_of(record, "en")
        (decision,) = GAME.pending(state) or (None,)
        if decision is None:
            continue
        on_board = board_actions(table)
        if decision.kind in SECRET_KINDS:
            assert RENDERER.decided_in_private(table.public, decision)
            assert on_board == [] and RENDERER.board_selects(table) == []
        else:
            assert on_board and {a["kind"] for a in on_board} <= {"draw", "choose_target", "scout_choose"}
        seen.add(decision.kind)
    assert {"p1", "p2", "p3", "window"} <= seen


def test_dwarf_gold_is_offered_to_its_holder_whenever_the_engine_allows_it() -> None:
    """H6.3: Bob holds Dwarf Gold during Red's phase 2 with Smaug on the track: his message has
    the button (and tells him so) though the game does not wait for him; in a Smaug window it
    is a window play, offered only when it is his turn in the window."""
    s = position(3, phase="p2", smaug=36, hands={YELLOW: ["TR06"], RED: ["BH01"]})
    record = record_of(s)
    yellow = table_of(record, "en", seat=YELLOW)
    assert GAME.to_act(s) == (RED,)
    looks = [RENDERER.button_look(yellow, a).label for a in seat_actions(yellow, YELLOW)]
    assert looks == ["Play Dwarf Gold"]
    prompt = prompt_of(record, YELLOW, "en")
    assert "Dwarf Gold" in prompt and "waiting for" in prompt
    assert seat_actions(table_of(record, "en", seat=BLUE), BLUE) == []
    assert board_actions(table_of(record, "en")) == []  # never on the board: it would tell who holds it


def test_a_fight_offers_the_hands_fight_cards_and_then_the_card_gandalf_doubles() -> None:
    """T2: Red, last to submit with Gandalf at Mirkwood, picks Beorn and Dori, then doubles
    Beorn: 12 + 2 = 14 beats the Giant spider."""
    s = position(
        3,
        at={"R1": 6},
        hands={RED: ["BH02", "BH03", "BH07", "BH11", "BH12"]},
        tops={"mirkwood": ["MW05"]},
        gandalf="G_MIRKWOOD",
    )
    s = play(s, "move MV-R-2 R1 fwd")
    record = record_of(s, 2)
    table = table_of(record, "en", seat=RED)
    (fight,) = [look for look in RENDERER.selects(table, RED, legal(s, RED)) if look.name == "fight"]
    assert [o.label for o in fight.options] == ["Dori 2", "Nori 2", "Fili 4", "Beorn 6"]
    picked = RENDERER.choose(table, RED, "fight", ["BH02#1=2", "BH11#1=6"])
    assert picked == Focus("fight BH02#1=2 BH11#1=6")
    narrowed = table_of(record, "en", seat=RED, focus=picked.path)
    (double,) = [look for look in RENDERER.selects(narrowed, RED, legal(s, RED)) if look.name == DOUBLE]
    labels = [o.label for o in double.options]
    assert labels == ["Back", "No card doubled", "Double Dori 2 (+2)", "Double Beorn 6 (+6)"]
    text = RENDERER.choose(narrowed, RED, DOUBLE, [double.options[3].value])
    assert text == "fight BH02#1=2 BH11#1=6 double BH11#1"
    after = GAME.apply(s, RED, GAME.parse_action(text))
    assert "fight_won" in [e.kind for e in after.events]
    prompt = prompt_of(record, RED, "ru")
    assert "Гигантский паук" in prompt and "14" in prompt


def test_a_dual_card_is_offered_at_each_value_and_a_trade_narrows_partner_item_price() -> None:
    s = position(3, phase="p2", hands={RED: ["ES01", "BH01", "BH03", "BH07", "BH11"]})
    record = record_of(s)
    table = table_of(record, "en", seat=RED)
    looks = {look.name: look for look in RENDERER.selects(table, RED, legal(s, RED))}
    assert set(looks) == {"trade"}  # no fight now: the fight menu is not offered
    top = [o.label for o in looks["trade"].options]
    assert top == ["With 🟡 bob …", "With 🔵 cat …"]
    leaves = menu_leaves(record, RED)
    assert "offer 2 ES01#1 BH01#1 BH03#1" in leaves and "offer 3 KEY BH01#1 BH03#1" in leaves
    narrowed = table_of(record, "en", seat=RED, focus="trade p1")
    (menu,) = [look for look in RENDERER.selects(narrowed, RED, legal(s, RED)) if look.name == "trade"]
    assert [o.label for o in menu.options][:3] == ["Back", "Give Ori 1 …", "Give Nori 2 …"]
    offers = [a for a in legal(s, RED) if a["kind"] == "trade_offer"]
    assert len(leaves) == len(offers)
    fight = position(3, at={"R1": 6}, hands={RED: ["ES01"]}, tops={"mirkwood": ["MW05"]})
    fight = play(fight, "move MV-R-2 R1 fwd")
    table = table_of(record_of(fight, 2), "en", seat=RED)
    (menu,) = [look for look in RENDERER.selects(table, RED, legal(fight, RED)) if look.name == "fight"]
    assert [o.label for o in menu.options] == ["Bard 4/5 as 4", "Bard 4/5 as 5"]


def test_every_event_of_random_games_has_a_line_in_both_languages() -> None:
    kinds: set[str] = set()
    for seed, seats in ((9, 3), (10, 4), (11, 2)):
        for number, (state, events) in enumerate(positions(seed, seats)):
            tables = {lang: table_of(record_of(state, number + 1), lang) for lang in LANGS}
            for event in events:
                for lang in LANGS:
                    line = event_line(tables[lang], event)
                    assert line and "{" not in line and "$" not in line, (event, line)
                kinds.add(event.kind)
    assert kinds <= set(PARAMS)
    assert {"moved", "adventure", "fight_submitted", "smaug_card", "trade_offer", "game_over"} <= kinds
    cat = catalogue()
    for kind in PARAMS:
        assert all(cat.defines(lang, f"hobbit.event.{kind}") for lang in LANGS), kind


def test_lines_name_cards_figures_and_players_in_each_language() -> None:
    s = position(3)
    ru = table_of(record_of(s), "ru")
    en = table_of(record_of(s), "en")
    from engine import Event

    submitted = Event(
        "fight_submitted",
        {
            "seat": 1,
            "cards": [{"card": "ES01#1", "value": 5}, {"card": "BH11#1", "value": 6}],
            "doubled": "BH11#1",
        },
    )
    assert event_line(en, submitted) == "🟡 <@101> submits Bard 4/5 (5), Beorn 6, doubling Beorn 6."
    assert event_line(ru, submitted) == "🟡 <@101> выкладывает Бард 4/5 (5), Беорн 6, удваивая Беорн 6."
    moved = Event("smaug_moved", {"from": 36, "to": 33, "entered": [35, 34, 33]})
    assert event_line(ru, moved) == "Смауг пролетает 3 шага, до 33."
    assert event_line(en, Event("smaug_moved", {"from": None, "to": 42, "entered": [42]})) == (
        "Smaug flies 1 step, to 42."
    )


def test_every_card_has_a_name_and_words_with_its_own_numbers() -> None:
    for instance, card in INSTANCES.items():
        for lang in LANGS:
            name, about = card_name(lang, instance), card_about(lang, instance)
            assert name and about and "hobbit." not in name + about, instance
            if isinstance(card, FightCard):
                assert name.endswith("/".join(map(str, card.values)))
            if isinstance(card, Enemy):
                assert name.endswith(str(card.strength)) and str(card.strength) in about
            if isinstance(card, SmaugCard):
                assert name.endswith(f"{card.base} +{card.bonus}")
    for reason in EndReason.__args__:  # type: ignore[attr-defined]
        assert all(catalogue().defines(lang, f"hobbit.end.{reason}") for lang in LANGS)


def test_the_picture_shows_each_piece_where_it_stands() -> None:
    """Smaug, a dwarf, the lost ring: each changes the picture in the boxes of the spaces it
    left and entered only."""
    base = position(3, at={"R1": 8}, smaug=38)
    plain = Image.open(io.BytesIO(render_track(GAME.view(base, None))))
    cases = {
        (36, 38): position(3, at={"R1": 8}, smaug=36),
        (0, 25): position(3, at={"R1": 8}, smaug=38, ring=25),  # Bilbo on 0 loses it
        (8, 12): position(3, at={"R1": 12}, smaug=38),
    }
    for spaces, other in cases.items():
        drawn = Image.open(io.BytesIO(render_track(GAME.view(other, None))))
        changed = ImageChops.difference(plain.convert("RGB"), drawn.convert("RGB")).getbbox()
        assert changed is not None
        boxes = [cell_box(space) for space in spaces]
        x, y = min(b[0] for b in boxes), min(b[1] for b in boxes)
        x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
        left, top, right, bottom = changed
        assert x <= left and right <= x1 and y <= top and bottom <= y1, (spaces, changed)
    window = play(position(3, phase="p3", smaug=36, tops={"beorn": ["BH23"]}), "draw beorn")
    assert window.agenda[-1].kind == "window"
    drawn = render_track(GAME.view(window, None), Words())
    assert drawn != render_track(GAME.view(position(3, phase="p3", smaug=36), None), Words())


def test_without_pictures_the_track_is_text_with_the_same_legend() -> None:
    s = position(3, at={"R1": 14, "Y1": 35, "Bilbo": 11}, entangled=["R1"], smaug=36, ring=25)
    s = play(s, "move MV-R-1 R2 fwd")
    embed, files = RENDERER.board_message(table_of(record_of(s, 2), "en", pictures=False))
    assert files == [] and embed.image.url is None
    fields = {f.name: f.value or "" for f in embed.fields}
    track = fields["The track"]
    assert " 1: R2" in track and "14: R1*" in track and "11: Bilbo\n" in track
    rows = text_track(GAME.view(s, None), "Bilbo").splitlines()
    assert rows[3].startswith("20  eD.x.o.x.r") and rows[4].startswith("30  .x.x..S")
    ringed = text_track(GAME.view(position(3, at={"Bilbo": 11}), None), "Bilbo")
    assert "11: Bilbo(o)" in ringed
    legend = fields["Legend"]
    for symbol, key in TEXT_LEGEND:
        assert f"`{symbol}` {t('en', f'hobbit.legend.{key}')}" in legend
    pictured, files = RENDERER.board_message(table_of(record_of(s, 2), "ru", pictures=True))
    assert pictured.image.url == "attachment://hobbit-track.png" and len(files) == 1
    assert all(catalogue().defines(lang, f"hobbit.legend.{key}") for key in legend_keys() for lang in LANGS)
    assert set(LEGEND) <= set(legend_keys())


def test_a_window_is_passed_for_a_player_only_when_he_holds_nothing_to_play() -> None:
    s = play(
        position(3, phase="p3", smaug=36, tops={"beorn": ["BH23"]}, hands={YELLOW: ["TR01"]}), "draw beorn"
    )
    table = table_of(record_of(s, 2), "en", seat=RED)
    assert for_seat(GAME.pending(s), RED) is not None
    assert RENDERER.standing_action(table, RED) == (AUTOPASS, "pass")
    s = play(s, "pass")
    table = table_of(record_of(s, 3), "en", seat=YELLOW)
    assert RENDERER.standing_action(table, YELLOW) is None  # he holds a Golden Cup to play
    assert RENDERER.standing_action(table_of(record_of(position(3)), "en", seat=RED), RED) is None


def test_the_holder_of_dwarf_gold_is_written_to_when_it_becomes_playable() -> None:
    """H6.3: no Dwarf Gold while a window is open; once it closes with Smaug on the track, the
    holder, whom the game does not wait for, may play it: his last DM lacks the button, so he
    is sent one (``bot.private.seats_to_write``), and not again while it stays playable."""
    from bot.private import seats_to_write

    s = play(
        position(3, phase="p3", smaug=36, tops={"beorn": ["BH21", "BH09"]}, hands={YELLOW: ["TR06"]}),
        "draw beorn",
    )
    assert s.agenda[-1].kind == "window" and GAME.legal_actions(s, YELLOW) == []
    closing = play(s, "pass")
    closing = play(closing, "pass", seat=YELLOW)
    closed = play(closing, "pass", seat=BLUE)
    assert closed.agenda[-1].kind == "p3" and [a.kind for a in GAME.legal_actions(closed, YELLOW)] == [
        "play_treasury"
    ]
    assert YELLOW in seats_to_write(
        Position(GAME, closing), Position(GAME, closed), [RED, YELLOW, BLUE], mover=BLUE
    )
    playing = position(3, phase="p2", smaug=36, hands={YELLOW: ["TR06"]})
    ended = play(playing, "end")
    assert YELLOW not in seats_to_write(
        Position(GAME, playing), Position(GAME, ended), [RED, YELLOW, BLUE], mover=RED
    )


@pytest.mark.parametrize("lang", LANGS)
def test_the_buttons_the_words_name_are_the_buttons_shown(lang: str) -> None:
    """The summary and the prompts tell players to press buttons by their labels."""
    rules = RENDERER.rules_text(lang, GAME) or ""
    assert f"**{t(lang, 'button.private')}**" in rules and "/hobbit autopass" in rules
    assert f"**{t(lang, 'hobbit.action.end_phase2')}**" in t(lang, "hobbit.ask.p2")


def test_a_refusal_names_the_card_or_figure_as_players_know_them() -> None:
    from engine import IllegalAction

    twice = IllegalAction("ES01#1 is given twice", "twice", card="ES01#1")
    assert RENDERER.refusal("en", twice) == "Bard 4/5 is named twice."
    assert RENDERER.refusal("ru", twice) == "Бард 4/5 названа дважды."
    assert RENDERER.refusal("en", IllegalAction("a card is named twice", "twice")) == "A card is named twice."
    blocked = IllegalAction("the locked door on 44 stops R1", "door_locked", figure="R1")
    assert RENDERER.refusal("ru", blocked) == "Запертая дверь на 44 не пускает 🔴R1."
    assert RENDERER.refusal("en", IllegalAction("first draw", "wrong_decision", expected="p3")) is None


def test_move_suggests_each_legal_action_in_words_with_what_to_type() -> None:
    s = position(3, phase="p2", hands={RED: ["BH01", "BH02", "BH07"]})
    table = table_of(record_of(s), "en", seat=RED)
    suggested = RENDERER.suggest(table, RED, "fili")
    assert suggested is not None
    assert ("Offer 🟡 bob Fili 4 for Ori 1 + Dori 2", "offer 2 BH07#1 BH01#1 BH02#1") in suggested
    assert all(GAME.parse_action(value) for _, value in suggested)
    assert RENDERER.suggest(table, RED, "end") == [("End phase 2", "end")]


@pytest.mark.parametrize("lang", LANGS)
def test_every_action_of_random_games_reads_in_words_without_the_position_too(lang: str) -> None:
    """A typed move's confirmation knows only the action (``Renderer.action_look``)."""
    seen: set[str] = set()
    for state, _ in positions(12, 3):
        for seat in range(3):
            for action in legal(state, seat)[:40]:
                words = RENDERER.action_look(lang, action).label
                assert words and "hobbit." not in words and "{" not in words, action
                seen.add(action["kind"])
    assert {"play_move_card", "end_phase2", "draw", "trade_offer"} <= seen
    gandalf = RENDERER.action_look(lang, {"kind": "play_gandalf", "card": "BH20#1", "dir": "FWD"}).label
    assert gandalf.startswith(t(lang, "hobbit.card.BH20")) and "·" in gandalf


def test_a_dm_is_news_only_when_the_hand_gained_a_card_or_the_key_moved() -> None:
    """Hobbit's private view is the hand, the Key and an offer the seat is party to. A hand that
    only lost cards lost them by its holder's own play or trade, told on the board; an offer
    comes to the seat that answers it as a decision of its own."""
    view = {"hand": ["BH01#1", "BH12#1"], "key": False, "offer": None}
    played = {**view, "hand": ["BH01#1"]}
    drew = {**view, "hand": ["BH01#1", "BH12#1", "BH20#2"]}
    traded = {**view, "hand": ["BH01#1", "BH20#2"]}
    offered = {**view, "offer": {"from": 0, "to": 1, "give": "BH01#1", "price": []}}
    assert not RENDERER.private_news(view, played)
    assert not RENDERER.private_news(view, offered) and not RENDERER.private_news(offered, view)
    assert RENDERER.private_news(view, drew) and RENDERER.private_news(view, traded)
    assert RENDERER.private_news(view, {**view, "key": True})
