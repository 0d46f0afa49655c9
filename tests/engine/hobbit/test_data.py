"""The board and the cards as data: they hold what the rules list (H1.1–H1.12, H2.3), and a
broken data file is a clear error naming the file and the entry."""

from __future__ import annotations

from collections import Counter
from importlib import resources
from pathlib import Path

import pytest

from engine.games.hobbit.board import LAIR_TO_DRAGON, steps_to_dragon, toward_esgaroth, toward_lair
from engine.games.hobbit.cards import INSTANCES, boxed_at_setup, instances_of
from engine.games.hobbit.data import BOARD, CARDS, HobbitDataError, check_red_steps, load_board, load_cards

HERE = resources.files("engine.games.hobbit")
CARDS_TEXT = (HERE / "cards.toml").read_text(encoding="utf-8")
BOARD_TEXT = (HERE / "board.toml").read_text(encoding="utf-8")

PLAIN = [1, 2, 4, 6, 7, 9, 12, 13, 15, 17, 22, 24, 26, 28, 30, 32, 34, 35, 37, 39, 41, 43, 48]
SPECIAL = {
    0: "START",
    **dict.fromkeys((3, 5, 8, 10, 11, 14, 16), "MIRKWOOD"),
    **dict.fromkeys((18, 19, 20), "ESGAROTH"),
    21: "DRAGON",
    **dict.fromkeys((23, 25, 27, 31, 33, 36, 38, 40), "EREBOR"),
    29: "RUNE",
    42: "GATE",
    44: "KEY",
    **dict.fromkeys((45, 46, 47), "TREASURY"),
    49: "FINISH",
}


def test_h1_1_the_track_has_the_fifty_spaces_of_the_table() -> None:
    assert BOARD.size == 50
    assert {i: k for i, k in enumerate(BOARD.kinds) if k != "PLAIN"} == SPECIAL
    assert [i for i, k in enumerate(BOARD.kinds) if k == "PLAIN"] == PLAIN


def test_h1_2_smaugs_path_runs_from_his_lair_to_the_dragon_space_in_22_steps() -> None:
    assert LAIR_TO_DRAGON == 22 and steps_to_dragon(None) == 22 and steps_to_dragon(42) == 21
    assert toward_esgaroth(None) == 42 and toward_esgaroth(22) == 21
    assert toward_lair(42) is None and toward_lair(30) == 31


def test_h1_3_gandalfs_four_stops() -> None:
    assert BOARD.gandalf_stops == ("G_START", "G_MIRKWOOD", "G_EREBOR", "G_LAIR")


@pytest.mark.parametrize(
    ("deck", "size"), [("beorn", 47), ("esgaroth", 16), ("treasury", 8), ("mirkwood", 16), ("erebor", 16)]
)
def test_h1_8_to_h1_12_the_decks_hold_their_cards(deck: str, size: int) -> None:
    assert sum(c.count for c in CARDS.values() if c.deck == deck) == size


def test_h1_8_beorns_house_by_kind() -> None:
    kinds = Counter({c.kind: 0 for c in CARDS.values()})
    for card in CARDS.values():
        if card.deck == "beorn":
            kinds[card.kind] += card.count
    assert kinds["dwarf"] + kinds["ally"] == 23 and kinds["smaug"] == 5
    assert kinds["bilbo"] == 5 and kinds["scout"] == 3 and kinds["eagle"] == 2 and kinds["elf"] == 2
    assert kinds["dwarf_run"] == 3 and kinds["gandalf"] == 4


@pytest.mark.parametrize(
    ("seats", "removed", "beorn"), [(2, {"BH25#1"}, 46), (3, {"BH25#1"}, 46), (4, set(), 47)]
)
def test_h2_3_smaug_cards_leave_small_tables(seats: int, removed: set[str], beorn: int) -> None:
    assert set(boxed_at_setup(seats)) == removed
    assert len(instances_of("beorn", seats)) == beorn


def test_h1_7_instance_ids_number_the_copies() -> None:
    assert {i for i in INSTANCES if i.startswith("BH02#")} == {"BH02#1", "BH02#2", "BH02#3"}
    assert len(INSTANCES) == 47 + 16 + 8 + 16 + 16


def broken(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        (
            'id = "BH04"\ndeck = "beorn"\nname = "Bifur"\nkind = "dwarf"\ncount = 2\nvalues = [3]',
            'id = "BH04"\ndeck = "beorn"\nname = "Bifur"\nkind = "dwarf"\ncount = 2\nvalues = ["three"]',
            "card BH04 (Bifur): values.0",
        ),
        ('name = "Azog"\nkind = "enemy"', 'name = "Azog"\nkind = "dragon"', "card MW06 (Azog)"),
        ('id = "TR04"\ndeck = "treasury"', 'id = "TR04"\ndeck = "erebor"', "card TR04 (Arkenstone)"),
        (
            'name = "Giant spider"\nkind = "enemy"\nstrength = 14',
            'name = "Giant spider"\nkind = "enemy"\nstrength = 14\nspeed = 3',
            "card MW05 (Giant spider): speed",
        ),
        ('id = "ER09"', 'id = "ER08"', "card ER08 (Dragon fire): the id ER08 is used twice"),
    ],
)
def test_a_broken_cards_file_names_the_file_and_the_card(
    tmp_path: Path, old: str, new: str, named: str
) -> None:
    assert old in CARDS_TEXT
    path = broken(tmp_path, "cards.toml", CARDS_TEXT.replace(old, new, 1))
    with pytest.raises(HobbitDataError) as error:
        load_cards(path)
    assert str(error.value).startswith("cards.toml: ") and named in str(error.value)


@pytest.mark.parametrize(
    ("old", "new", "named"),
    [
        ('44 = "KEY"', '44 = "LOCK"', "track.special.44"),
        ('42 = "GATE"', '42 = "PLAIN"', "GATE"),
        ("path = [42, 41, 40,", "path = [42, 40, 41,", "smaug.path"),
        ('calm = "G_LAIR"', 'calm = "G_MORIA"', "G_MORIA"),
        ("hand_limit = 6", "hand_limit = -6", "numbers.hand_limit"),
        ("2 = { beorn = 1,", "5 = { beorn = 1,", "smaug.red_extra.5"),
        ("2 = { beorn = 1,", "2 = { beorn = 9,", "smaug.red_extra.2.beorn"),
        ("esgaroth = -2, edition = 3 }", "esgaroth = -2 }", "smaug.red_extra.4.edition"),
        ("easy = {", "simple = {", "difficulty.simple"),
        ("normal = {}", "normal = { 2 = { beorn = 1 } }", "difficulty.normal"),
        ("normal = {}\n", "", "difficulty: the level(s) normal are missing"),
    ],
)
def test_a_broken_board_file_names_the_file_and_the_table(
    tmp_path: Path, old: str, new: str, named: str
) -> None:
    assert old in BOARD_TEXT
    path = broken(tmp_path, "board.toml", BOARD_TEXT.replace(old, new, 1))
    with pytest.raises(HobbitDataError) as error:
        load_board(path)
    assert str(error.value).startswith("board.toml: ") and named in str(error.value)


def test_a_file_that_is_not_toml_says_so(tmp_path: Path) -> None:
    with pytest.raises(HobbitDataError, match=r"^cards\.toml: not valid TOML"):
        load_cards(broken(tmp_path, "cards.toml", "[[card]\nid ="))


def test_the_shipped_files_load_as_they_are(tmp_path: Path) -> None:
    assert load_cards(broken(tmp_path, "cards.toml", CARDS_TEXT)) == CARDS
    assert load_board(broken(tmp_path, "board.toml", BOARD_TEXT)) == BOARD


def test_the_single_cards_of_the_red_steps_must_be_red_smaug_cards(tmp_path: Path) -> None:
    """``cards`` in ``[smaug.red_extra]`` and ``[difficulty]`` names red card types: checked once
    both files are read (Ori is a fight card)."""
    old = "2 = { cards = { BH21 = 1,"
    assert old in BOARD_TEXT
    board = load_board(broken(tmp_path, "board.toml", BOARD_TEXT.replace(old, "2 = { cards = { BH01 = 1,")))
    with pytest.raises(HobbitDataError, match=r"^board\.toml: difficulty\.hard\.2\.cards: BH01 is not a red"):
        check_red_steps(board, CARDS)
    check_red_steps(BOARD, CARDS)
