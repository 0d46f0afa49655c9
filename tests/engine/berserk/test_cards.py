"""The card pool and the decks as data: they match the rules, and a broken data file is a clear
error naming the file and the entry."""

from __future__ import annotations

from importlib import resources
from pathlib import Path

import pytest

from engine.games.berserk.cards import CARDS, DECKS, CardDataError, load_cards, load_decks

HERE = resources.files("engine.games.berserk")
CARDS_TEXT = (HERE / "cards.toml").read_text(encoding="utf-8")
DECKS_TEXT = (HERE / "decks.toml").read_text(encoding="utf-8")

ABILITIES = {
    "C01": {"king_guard", "king_banner"},
    "C02": {"attack_experience", "basaarg_line", "basaarg_hunt"},
    "C03": {"giant_line"},
    "C04": {"forge_line"},
    "C05": {"ravine_hunt"},
    "C06": {"hall_wall"},
    "C07": set(),
    "C08": {"battle_cry"},
    "C09": {"blessing"},
    "C10": {"echo", "curse_bolt"},
    "C11": {"sap"},
    "C12": {"forest_breath"},
    "C13": {"defence_experience", "warden"},
    "C14": {"hire_cure"},
    "C15": {"claer_fury"},
    "C16": {"bjorn_mend"},
    "C17": {"thick_hide"},
    "C18": {"murk_veil", "murk_flank"},
    "C19": {"venom"},
    "C20": {"sweet_aura", "dominion"},
    "C21": {"hire_reap"},
    "C22": {"attack_experience"},
    "C23": {"acid_skin"},
    "C24": {"shelter"},
    "C25": {"night_strike"},
    "C26": {"defence_experience", "relentless"},
    "C27": {"accumulate", "last_passage"},
    "C28": {"grave_count", "skull_shot"},
    "C29": {"blood_bolt"},
}
"""Every card's abilities as the rules list them (stat-line experience named
``attack_experience`` / ``defence_experience``)."""


def test_the_pool_holds_the_29_cards_with_their_abilities() -> None:
    assert sorted(CARDS) == [f"C{n:02d}" for n in range(1, 30)]
    assert {c.id: {a.id for a in c.abilities} for c in CARDS.values()} == ABILITIES
    assert {c.id for c in CARDS.values() if c.max_counters != 5} == {"C10", "C27", "C28"}
    assert {c.id for c in CARDS.values() if c.unique} == {"C01", "C08", "C20", "C28"}


@pytest.mark.parametrize(
    ("deck", "elite", "ordinary"),
    [("D1", 24, 49), ("D2", 20, 55), ("D3", 37, 36), ("D4", 20, 52)],  # D3: Plague Reaper 4 gold (ours)
)
def test_deck_totals_match_the_rules(deck: str, elite: int, ordinary: int) -> None:
    cards = [CARDS[c] for c in DECKS[deck].cards]
    assert len(cards) == 15
    assert sum(c.cost for c in cards if c.elite) == elite
    assert sum(c.cost for c in cards if not c.elite) == ordinary
    assert any(c.cost == 3 and not c.elite for c in cards)  # one card always fits (B16)


def broken_cards(tmp_path: Path, old: str, new: str) -> Path:
    assert old in CARDS_TEXT
    path = tmp_path / "cards.toml"
    path.write_text(CARDS_TEXT.replace(old, new, 1), encoding="utf-8")
    return path


def refusal(path: Path) -> str:
    with pytest.raises(CardDataError) as caught:
        load_cards(path)
    return str(caught.value)


def test_a_bad_value_names_the_file_the_card_the_ability_and_the_field(tmp_path: Path) -> None:
    message = refusal(broken_cards(tmp_path, 'op = "add"\nvalue = -1', 'op = "plus"\nvalue = -1'))
    assert message.startswith("cards.toml: card C01 (Gnome King): ability king_guard.op:")


def test_a_misspelt_field_is_refused(tmp_path: Path) -> None:
    message = refusal(broken_cards(tmp_path, "range = 2, side", "rnage = 2, side"))
    assert "card C08 (Ingri): ability battle_cry.target.rnage: Extra inputs are not permitted" in message


def test_a_missing_field_and_an_unknown_kind_are_named(tmp_path: Path) -> None:
    assert "card C07 (Nomad): life: Field required" in refusal(
        broken_cards(tmp_path, "life = 8\nmoves = 2", "moves = 2")
    )
    message = refusal(broken_cards(tmp_path, 'kind = "shelter"', 'kind = "sheltr"'))
    assert "card C24 (Tomb Sentinel): ability shelter" in message and "sheltr" in message


def test_inconsistent_entries_are_refused(tmp_path: Path) -> None:
    message = refusal(broken_cards(tmp_path, 'value = "weak"', "value = 1"))
    assert "card C18 (Murk): ability murk_flank" in message and "a level modifier takes a level" in message
    message = refusal(broken_cards(tmp_path, '{ op = "poison", amount = 1 }]', '{ op = "poison" }]'))
    assert "poison needs a non-zero amount" in message


def test_a_repeated_id_and_broken_toml_are_refused(tmp_path: Path) -> None:
    assert "card C02 (Nomad): the id C02 is used twice" in refusal(
        broken_cards(tmp_path, 'id = "C07"\nname = "Nomad"', 'id = "C02"\nname = "Nomad"')
    )
    assert refusal(broken_cards(tmp_path, "[[card]]", "[[card]")).startswith("cards.toml: not valid TOML")


def broken_decks(tmp_path: Path, old: str, new: str) -> str:
    assert old in DECKS_TEXT
    path = tmp_path / "decks.toml"
    path.write_text(DECKS_TEXT.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(CardDataError) as caught:
        load_decks(path, CARDS)
    return str(caught.value)


def test_broken_decks_are_refused_by_name(tmp_path: Path) -> None:
    assert broken_decks(tmp_path, '"C09",\n]', '"C99",\n]') == (
        "decks.toml: deck D1 (Mountain Hold): unknown cards C99"
    )
    assert (
        broken_decks(tmp_path, '    "C09",\n]', "]")
        == "decks.toml: deck D1 (Mountain Hold): 14 cards, not 15"
    )
    assert broken_decks(tmp_path, '"C01",\n    "C02", "C02"', '"C01",\n    "C01", "C02"') == (
        "decks.toml: deck D1 (Mountain Hold): more than one copy of the unique C01"
    )
    # Mountain Hold's cheapest card costs 3 silver: a budget of 0 gold + 2 silver buys none (B16)
    assert (
        broken_decks(
            tmp_path,
            f'id = "D1"\ngold = {DECKS["D1"].gold}\nsilver = {DECKS["D1"].silver}',
            'id = "D1"\ngold = 0\nsilver = 2',
        )
        == "decks.toml: deck D1 (Mountain Hold): its budget buys none of its cards"
    )
    assert "silver: Field required" in broken_decks(tmp_path, f"silver = {DECKS['D1'].silver}\n", "")
