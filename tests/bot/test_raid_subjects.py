"""The things Raid's buttons act on: a map still to place beside Place and Random in its seat's
own message, a fight's terrorist beside a Zone button per zone not named, a first-aid kit beside
Use and Leave, in both languages; every message of whole games within Discord's limits."""

from __future__ import annotations

import random
from itertools import islice
from typing import Any

import pytest

import engine
from bot.board import game_parts, private_parts
from engine.ai.playout import playout
from storage import GameStatus
from tests.bot.subject_helpers import check, laid_out, record_of, sections, subjects

RAID = engine.get_game("raid")


def raid_until(found: Any) -> Any:
    """The first position of random games (seeds 0, 1 …) that ``found`` accepts."""
    for seed in range(100):
        for played in playout(RAID, RAID.new(2, seed=seed), random.Random(seed)):
            if found(played.step.state):
                return played.step.state
    raise LookupError("no such position")


PLACEMENT = {
    "en": "🗺️ Your map, to fill: 4 🕳️ · 4 🪤 · 4 🔫 (weak spots 1–6) · 1 🩹 · 3 💎",
    "ru": "🗺️ Ваша карта, её нужно заполнить: 4 🕳️ · 4 🪤 · 4 🔫 (слабые места 1–6) · 1 🩹 · 3 💎",
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_seat_still_to_place_has_its_map_beside_place_and_random(lang: str) -> None:
    state = RAID.new(2, seed=1)
    record = record_of("raid", state, 2)
    place = [a for a in (RAID.dump_action(x) for x in RAID.legal_actions(state, 0))]
    found = subjects(record, lang, 0)
    assert [s.text for s in found] == [PLACEMENT[lang]] and list(found[0].actions) == place
    assert subjects(record, lang, None) == []  # a placement is secret: nothing on the board
    view, _ = private_parts(record, 0, lang, pictures=False)
    labels = {"en": ["Place", "Random"], "ru": ["Расставить", "Случайно"]}[lang]
    assert sections(laid_out(view)) == [(PLACEMENT[lang], labels)]
    placed = RAID.apply(state, 0, RAID.parse_action({"kind": "place_random"})).state
    assert subjects(record_of("raid", placed, 2), lang, 0) == []  # placed: nothing more to do


FIGHT = {
    "en": "⚔️ <@1{seat:02}> fights the terrorist on {cell}: name a zone (already named: {named}).",
    "ru": "⚔️ <@1{seat:02}> сражается с террористом на {cell}: назовите зону (уже названы: {named}).",
}


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_fight_is_the_terrorist_beside_a_zone_button_for_each_zone_not_named(lang: str) -> None:
    state = raid_until(lambda s: (v := RAID.view(s, None)).fight is not None and v.fight.named)
    fight = RAID.view(state, None).fight
    record = record_of("raid", state, 2)
    named = ", ".join(map(str, fight.named))
    text = FIGHT[lang].format(seat=fight.seat, cell=fight.cell, named=named)
    zones = [z for z in range(1, 7) if z not in fight.named]
    for seat in (None, fight.seat):
        found = subjects(record, lang, seat)
        assert [s.text for s in found] == [text]
        assert list(found[0].actions) == [{"kind": "guess", "zone": z} for z in zones]
    assert [s.actions for s in subjects(record, lang, 1 - fight.seat)] == [()]  # not his fight
    board, _ = game_parts(record, lang, pictures=False)
    zone = {"en": "Zone", "ru": "Зона"}[lang]
    assert sections(laid_out(board)) == [(text, [f"{zone} {z}" for z in zones])]
    headline = {"en": "fights the terrorist", "ru": "сражается"}[lang]
    assert str(laid_out(board)).count(headline) == 1  # in the thing, not the headline too


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_first_aid_kit_is_beside_use_and_leave(lang: str) -> None:
    state = raid_until(lambda s: RAID.view(s, None).kit is not None)
    kit = RAID.view(state, None).kit
    record = record_of("raid", state, 2)
    text = {
        "en": f"🩹 <@1{kit.seat:02}> found a first-aid kit on {kit.cell}: use it or leave it.",
        "ru": f"🩹 <@1{kit.seat:02}> нашёл аптечку на {kit.cell}: использовать или оставить.",
    }[lang]
    board, _ = game_parts(record, lang, pictures=False)
    labels = {"en": ["Use the kit", "Leave it"], "ru": None}[lang]
    (shown,) = sections(laid_out(board))
    assert shown[0] == text and (labels is None or shown[1] == labels) and len(shown[1]) == 2
    assert [s.actions for s in subjects(record, lang, kit.seat)] == [
        ({"kind": "use_kit"}, {"kind": "leave_kit"})
    ]


@pytest.mark.parametrize(
    ("lang", "pictures", "games", "moves"),
    [("en", False, 4, None), ("ru", False, 4, None), ("ru", True, 1, 30)],
)
def test_every_raid_message_of_whole_games_keeps_to_the_limits(
    lang: str, pictures: bool, games: int, moves: int | None
) -> None:
    """Text grids (pictures off) are the most text; a picture is one more component (its first
    turns only: each costs tens of milliseconds to draw)."""
    options = {"zones": 12, "terrorists": 12}  # the most zone buttons a fight can have
    fights = 0
    for seed in range(games):
        state = RAID.new(2, seed=seed, options=options)
        for version, played in enumerate(islice(playout(RAID, state, random.Random(seed)), moves), 1):
            record = record_of("raid", played.step.state, 2, version)
            board, _ = game_parts(record, lang, played.step.events, pictures=pictures)
            check(board)
            if record.status is GameStatus.ACTIVE:
                for seat in (0, 1):
                    check(private_parts(record, seat, lang, pictures=pictures)[0])
                fights += any(len(labels) > 5 for _, labels in sections(laid_out(board)))
    assert fights or pictures  # fights with more than five zones to name were drawn
