"""Step-by-step menus (``bot.render.menus``): a list that fits is shown whole, a longer one by
its next steps, a step with one choice under it acts at once, a node that is itself a choice
is offered, the way back is offered below the top, and every choice stays reachable."""

from __future__ import annotations

import pytest

from bot.render import Focus
from bot.render.menus import OPTIONS, Choice, Step, menu, read


def choice(*keys: str, value: str | None = None) -> Choice:
    return Choice(tuple(Step(k, k.upper()) for k in keys), value or " ".join(keys))


def values(focus: str, choices: list[Choice]) -> list[str]:
    found = menu("m", "Pick", choices, focus, back="Back", done="Done")
    assert found is not None
    return [o.value for o in found.options]


def reachable(choices: list[Choice], focus: str = "") -> set[str]:
    """Every value a player can reach by picking, from ``focus`` down (never going back)."""
    found: set[str] = set()
    for value in values(focus, choices):
        picked = read([value])
        if isinstance(picked, Focus):
            if len(picked.path) > len(focus):
                found |= reachable(choices, picked.path)
        elif picked is not None:
            found.add(picked)
    return found


def test_a_list_that_fits_is_shown_whole_and_one_pick_acts() -> None:
    choices = [choice("c3", "move", "d3"), choice("c3", "strike", "c4"), choice("b2", "move", "b1")]
    found = menu("m", "Pick", choices, "", back="Back", done="Done")
    assert found is not None and found.placeholder == "Pick"
    assert [(o.label, o.value) for o in found.options] == [
        ("C3 · MOVE · D3", "a:c3 move d3"),
        ("C3 · STRIKE · C4", "a:c3 strike c4"),
        ("B2 · MOVE · B1", "a:b2 move b1"),
    ]


def test_a_longer_list_narrows_step_by_step_and_offers_the_way_back() -> None:
    choices = [choice("a", "move", f"to{n}") for n in range(20)] + [
        choice("b", "move", f"to{n}") for n in range(10)
    ]
    choices.append(choice("c", "strike", "x"))
    assert values("", choices) == ["f:a", "f:b", "a:c strike x"]  # c has one choice: it acts
    under_a = values("a", choices)
    assert under_a[0] == "f:" and len(under_a) == 21  # back to the top, then a's 20 moves whole
    found = menu("m", "Pick", choices, "a", back="Back", done="Done")
    assert found is not None and found.placeholder == "A …" and found.options[0].label == "Back"
    assert reachable(choices) == {c.value for c in choices}


def test_a_node_that_is_itself_a_choice_is_offered_with_the_steps_under_it() -> None:
    choices = [choice("t1", value="order 1"), choice("t1", "t2", value="order 1 2")]
    choices += [choice("t1", "t3", f"u{n}", value=f"order 1 3 {n}") for n in range(OPTIONS)]
    assert read([values("t1", choices)[1]]) == "order 1"  # after the way back: decline the rest
    assert reachable(choices) == {c.value for c in choices}


def test_next_steps_too_many_for_one_menu_come_in_pages() -> None:
    choices = [choice(f"t{n}", x) for n in range(30) for x in ("a", "b")]
    first = values("", choices)
    assert first == [f"f:t{n}" for n in range(24)] + ["f:~1"]  # 24 steps, then the next page
    assert values("~1", choices) == [f"f:t{n}" for n in range(24, 30)]
    assert values("t27", choices) == ["f:", "a:t27 a", "a:t27 b"]
    assert reachable(choices) == {c.value for c in choices}


def test_a_focus_no_choice_follows_any_more_is_read_as_the_top() -> None:
    choices = [choice("c3", "move", "d3")]
    assert values("e5 strike", choices) == ["a:c3 move d3"]
    assert menu("m", "Pick", [], "", back="Back", done="Done") is None


def test_picks_read_back_as_choices_or_focuses() -> None:
    assert read(["a:move c3 d3"]) == "move c3 d3"
    assert read(["f:c3 curse_bolt"]) == Focus("c3 curse_bolt")
    assert read(["x"]) is None and read([]) is None and read(["a:1", "a:2"]) is None


def test_steps_are_one_word_and_a_choice_too_long_for_discord_is_left_out() -> None:
    with pytest.raises(ValueError, match="one word"):
        Step("two words", "label")
    assert values("", [choice("a", value="x" * 99), choice("b")]) == ["a:b"]  # /move still takes it
    assert menu("m", "Pick", [choice("a", value="x" * 99)], "", back="Back", done="Done") is None
