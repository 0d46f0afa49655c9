"""Hobbit's things beside their buttons (``bot.games.hobbit.subjects``): a seat's hand a card
to a line with what plays it, in both languages; a card's **Play** playing its only move or
opening the menu narrowed to it; the board's decks, targets and Scouting choices from the
public view alone."""

from __future__ import annotations

import pytest

from bot.board import table_of
from bot.games.hobbit.subjects import CARD, card_value
from bot.i18n import t
from bot.render import Focus
from bot.render.layout import Subject, choice_of
from tests.bot.hobbit_helpers import GAME, RENDERER, record_of
from tests.engine.hobbit.helpers import BLUE, RED, YELLOW, play, position

LANGS = ("en", "ru")


def subjects(state: object, seat: int | None, lang: str = "en") -> list[Subject]:
    record = record_of(state)
    return RENDERER.subjects(table_of(record, lang, seat=seat), seat)


@pytest.mark.parametrize(
    ("lang", "hand", "bilbo", "gold"),
    [
        (
            "en",
            "**✋ Your hand (3 cards)**",
            "**Bilbo 2** — moves Bilbo exactly 2",
            "**Dwarf Gold** — drives",
        ),
        ("ru", "**✋ Ваша рука (3 карты)**", "**Бильбо 2** — ", "**Золото гномов** — "),
    ],
)
def test_the_hand_is_a_card_to_a_line_each_with_what_plays_it(
    lang: str, hand: str, bilbo: str, gold: str
) -> None:
    s = position(3, phase="p2", smaug=36, at={"Bilbo": 10}, hands={RED: ["BH11", "BH12", "TR06"]})
    found = subjects(s, RED, lang)
    texts = [subject.text for subject in found]
    assert texts[0] == hand
    beorn, bilbo_card, dwarf_gold = found[1:4]
    assert beorn.actions == () and beorn.text.startswith("**")  # a fight card: nothing plays it now
    assert bilbo_card.text.startswith(bilbo) and bilbo_card.actions == (choice_of(CARD, "bh12.1"),)
    assert dwarf_gold.text.startswith(gold)
    assert dwarf_gold.actions == ({"kind": "play_treasury", "card": "TR06#1"},)
    assert f"🗝️ **{t(lang, 'hobbit.card.key')}**" in texts[4]  # red holds the Key at the start


def test_a_cards_play_plays_its_only_move_or_opens_the_menu_narrowed_to_it() -> None:
    s = position(3, phase="p2", at={"Bilbo": 10}, hands={RED: ["BH12", "BH20"]})
    record = record_of(s)
    table = table_of(record, "en", seat=RED)
    looks = RENDERER.choices(table, RED)
    assert [(c.name, c.value, c.look.label) for c in looks] == [
        (CARD, "bh12.1", "Play"),
        (CARD, "bh20.1", "Play"),
    ]
    assert RENDERER.choose(table, RED, CARD, ["bh12.1"]) == Focus("play BH12#1")  # forward or back
    # Gandalf at his first stop goes only forward: one click plays him
    assert RENDERER.choose(table, RED, CARD, ["bh20.1"]) == "gandalf BH20#1 fwd"
    narrowed = table_of(record, "en", seat=RED, focus="play BH12#1")
    (menu,) = [m for m in RENDERER.selects(narrowed, RED, list(narrowed.actions)) if m.name == "play"]
    assert [o.value for o in menu.options] == ["f:", "a:bilbo BH12#1 fwd", "a:bilbo BH12#1 back"]
    assert RENDERER.choose(table, RED, CARD, ["bh99.1"]) is None  # no such card in hand: stale
    assert RENDERER.choices(table_of(record, "en", seat=YELLOW), YELLOW) == []


def test_an_offer_has_accept_and_decline_beside_it_and_the_offerer_sees_it_alone() -> None:
    s = position(3, phase="p2", hands={RED: ["BH01", "BH02", "BH07"], YELLOW: ["BH11"], BLUE: ["BH03"]})
    s = play(s, "offer 2 BH07#1 BH01#1 BH02#1")
    for lang in LANGS:
        (offer,) = [x for x in subjects(s, YELLOW, lang) if t(lang, "hobbit.private.offer") in x.text]
        assert offer.actions == ({"kind": "trade_accept", "give": "BH11#1"}, {"kind": "trade_decline"})
        assert ("Fili 4" if lang == "en" else "Фили 4") in offer.text
        (mine,) = [x for x in subjects(s, RED, lang) if t(lang, "hobbit.private.offer") in x.text]
        assert mine.actions == ()
    assert not any(t("en", "hobbit.private.offer") in x.text for x in subjects(s, BLUE))


@pytest.mark.parametrize("lang", LANGS)
def test_the_boards_things_are_the_decks_to_draw_from_and_nothing_of_a_hand(lang: str) -> None:
    s = position(3, phase="p3", hands={RED: ["TR06", "BH11"], BLUE: ["BH01"]})
    found = subjects(s, None, lang)
    assert [x.actions for x in found] == [({"kind": "draw", "deck": "BEORN"},)]
    assert found[0].text.startswith(f"🐻 {t(lang, 'hobbit.deck.beorn')} ")
    other = GAME.redeal(s, None, 5)
    assert subjects(other, None, lang) == found  # drawn from the public view alone
    assert subjects(position(3, phase="p2", hands={RED: ["BH12"]}), None, lang) == []


def test_a_card_value_is_a_choice_value_and_reads_back() -> None:
    assert card_value("BH12#1") == "bh12.1" and card_value("MV-R-2") == "mv-r-2"
