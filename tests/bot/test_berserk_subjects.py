"""Berserk's subjects, the things a message's buttons act on, in both languages: each side's
creatures under a heading with their strikes (on the board and in the active seat's own
message) or the defence they may make (in the struck seat's); the seat's own reserve with each
card's Muster, never on the board; the triggers waiting, each beside the declarations that
queue it first; the decks with their choice. Each laid-out message puts the button in the
section of its thing."""

from __future__ import annotations

from typing import Any

import discord
import pytest

from bot.board import game_parts, private_parts, seat_actions, table_of
from bot.buttons import move_custom_id
from bot.games.berserk.words import ability_name, unit_name
from bot.i18n import t
from bot.render.layout import Subject
from engine.games.berserk.cards import DECKS
from tests.bot.berserk_helpers import GAME, RENDERER, positions, record_of
from tests.bot.test_berserk_render import components
from tests.engine.berserk.helpers import U, play, position

LANGS = ("en", "ru")
HEADINGS = {"en": ("**🔵 ann's creatures**", "**🟠 bob's creatures**"), "ru": (
    "**🔵 Существа игрока ann**", "**🟠 Существа игрока bob**",
)}  # fmt: skip
LINES = {
    "en": (
        "`c3` Nomad · ⚔️ 1-2-3 · ❤️ 8/8 · 👣 2",
        "`b4` Bjorn · ⚔️ 2-2-3 · ❤️ 10/10",
        "`c4` Nomad · ⚔️ 1-2-3 · ❤️ 8/8",
    ),
    "ru": (
        "`c3` Кочевник · ⚔️ 1-2-3 · ❤️ 8/8 · 👣 2",
        "`b4` Бьорн · ⚔️ 2-2-3 · ❤️ 10/10",
        "`c4` Кочевник · ⚔️ 1-2-3 · ❤️ 8/8",
    ),
}
STRIKES = (
    {"kind": "strike", "attacker": "c3", "target": "b4"},
    {"kind": "strike", "attacker": "c3", "target": "c4"},
)
BESIDE = {
    "en": ("Strike 🟠 Bjorn (b4)", "Strike 🟠 Nomad (c4)"),
    "ru": ("Бить: 🟠 Бьорн (b4)", "Бить: 🟠 Кочевник (c4)"),
}
"""The strikes' buttons beside the striker, whom his line names already."""
DUEL = position(p1=[U("nomad", "c3")], p2=[U("nomad", "c4"), U("bjorn", "b4")])


def beside(view: discord.ui.LayoutView) -> dict[str, list[str]]:
    """Each section's text → the custom ids of its buttons: its accessory, then the row right
    under it in the container."""
    found: dict[str, list[str]] = {}
    for container in (c for c in view.to_components() if c["type"] == 17):
        items = container["components"]
        for n, item in enumerate(items):
            if item["type"] != 9:
                continue
            ids = [item["accessory"]["custom_id"]]
            following = items[n + 1] if n + 1 < len(items) else {}
            if following.get("type") == 1:
                ids += [b["custom_id"] for b in following["components"]]
            found[item["components"][0]["content"]] = ids
    return found


def move_id(action: dict[str, Any], version: int = 1) -> str:
    return move_custom_id(7, version, action)


@pytest.mark.parametrize("lang", LANGS)
def test_the_active_seats_strikes_stand_beside_his_creature_on_the_board_and_in_his_dm(
    lang: str,
) -> None:
    mine, theirs = HEADINGS[lang]
    nomad, bjorn, other = LINES[lang]
    striker = Subject(nomad, STRIKES, BESIDE[lang])
    expected = [Subject(mine), striker, Subject(theirs), Subject(bjorn), Subject(other)]
    record = record_of(DUEL)
    assert RENDERER.subjects(table_of(record, lang), None) == expected
    reserve = Subject(f"**{t(lang, 'berserk.private.reserve')}**\n{t(lang, 'berserk.private.no_reserve')}")
    assert RENDERER.subjects(table_of(record, lang, seat=0), 0) == [reserve, *expected]
    waiting = [Subject(s.text) for s in expected]  # bob may do nothing on ann's turn
    assert RENDERER.subjects(table_of(record, lang, seat=1), 1) == [reserve, *waiting]
    for view, _ in (game_parts(record, lang), private_parts(record, 0, lang)):
        assert beside(view) == {nomad: [move_id(a) for a in STRIKES]}
        labels = [i["label"] for i in components(view) if i["type"] == 2 and "strike" in i["custom_id"]]
        assert labels == list(BESIDE[lang])


@pytest.mark.parametrize("lang", LANGS)
def test_a_defender_is_offered_beside_the_creature_in_the_struck_seats_message_only(lang: str) -> None:
    struck = record_of(play(DUEL, "strike c3 c4"), 2)
    defend = {"kind": "assign_defender", "unit": "b4"}
    mine = {s.text.split(" · ")[0]: s.actions for s in RENDERER.subjects(table_of(struck, lang, seat=1), 1)}
    assert mine[LINES[lang][1].split(" · ")[0]] == (defend,)
    assert not any(s.actions for s in RENDERER.subjects(table_of(struck, lang), None))
    view = private_parts(struck, 1, lang)[0]
    assert list(beside(view).values()) == [[move_id(defend, 2)]]
    no_defender = [i for i in components(view) if i.get("label") == t(lang, "berserk.action.no_defender")]
    assert len(no_defender) == 1  # in the rows under the container: it acts on no creature


@pytest.mark.parametrize("lang", LANGS)
def test_each_trigger_waiting_stands_beside_the_declarations_that_queue_it_first(lang: str) -> None:
    p2 = [U("cursed_mage", "b5"), U("cursed_mage", "d5")]
    state = play(position(p1=[U("charon", "a2")], p2=p2), "activate a2 accumulate")
    record = record_of(state, 2)
    view = GAME.view(state, 1)
    table = table_of(record, lang, seat=1)
    found = RENDERER.subjects(table, 1)
    heading = found.index(Subject(f"**{t(lang, 'berserk.board.raised')}**"))
    triggers = found[heading + 1 :]
    assert len(triggers) == len(view.raised) == 2
    for raised, subject in zip(view.raised, triggers, strict=True):
        name = unit_name(lang, view, raised.source)
        assert subject.text.startswith(f"• {ability_name(lang, raised.ability)}") and name in subject.text
        assert [a["entries"][0]["ref"] for a in subject.actions] == [raised.ref]
    assert sorted(map(str, (a for s in triggers for a in s.actions))) == sorted(
        map(str, (a for a in seat_actions(table, 1) if a.get("entries")))
    )
    assert len(beside(private_parts(record, 1, lang)[0])) == 2


def muster() -> Any:
    """A random game's Muster in which seat 0 may bring a card of its reserve."""
    for seed in range(20):
        for state, _ in positions(seed):
            mustering = any(d.kind == "muster" and 0 in d.seats for d in GAME.pending(state))
            if mustering and any(a.get("card") for a in map(GAME.dump_action, GAME.legal_actions(state, 0))):
                return state
    raise LookupError("no Muster with a card to bring")


@pytest.mark.parametrize("lang", LANGS)
def test_the_reserve_and_its_muster_are_in_the_seats_own_message_and_never_on_the_board(lang: str) -> None:
    state = muster()
    record = record_of(state, 5)
    own = GAME.view(state, 0).own
    table = table_of(record, lang, seat=0)
    found = RENDERER.subjects(table, 0)
    assert found[0] == Subject(f"**{t(lang, 'berserk.private.reserve')}**")
    cards = found[1 : 1 + len(own.reserve)]
    assert [s.text for s in cards] == [unit_name(lang, GAME.view(state, 0), u.uid) for u in own.reserve]
    for unit, subject in zip(own.reserve, cards, strict=True):
        assert subject.actions and all(
            a["kind"] == "muster" and a["card"] == unit.uid for a in subject.actions
        )
    board = RENDERER.subjects(table_of(record, lang), None)
    assert not any(t(lang, "berserk.private.reserve") in s.text or s.actions for s in board)
    shown = str(game_parts(record, lang)[0].to_components())
    assert not any(u.uid in shown for u in own.reserve)


@pytest.mark.parametrize("lang", LANGS)
def test_each_deck_stands_beside_its_choice_with_its_budget_and_cards(lang: str) -> None:
    record = record_of(GAME.new(2, 5))
    found = RENDERER.subjects(table_of(record, lang, seat=0), 0)
    assert [s.actions for s in found] == [({"kind": "choose_deck", "deck": d},) for d in DECKS]
    for deck_id, subject in zip(DECKS, found, strict=True):
        gold, silver = DECKS[deck_id].budget
        assert subject.text.startswith(f"**{deck_id} {t(lang, f'berserk.deck.{deck_id}')}**")
        assert t(lang, "berserk.private.deck_budget", gold=gold, silver=silver) in subject.text
    assert RENDERER.subjects(table_of(record, lang), None) == []  # the choice is secret
    assert len(beside(private_parts(record, 0, lang)[0])) == len(DECKS)
