"""The layout of a message (``bot.render.layout``): things a move acts on in sections with
their button beside them, the other controls in rows, and Discord's limits kept whatever the
renderer hands it — every control and every line still there, checked by SimCord's own
validator of message payloads."""

from __future__ import annotations

from typing import Any

import discord
from hypothesis import given, settings
from hypothesis import strategies as st
from simcord.components import COMPONENTS_V2_FLAG, validate_components

from bot.buttons import ChoiceButton, MoveButton, PrivateButton
from bot.render.layout import COMPONENT_LIMIT, TEXT_LIMIT, Subject, as_layout, choice_of, layout


def keep(face: int) -> dict[str, Any]:
    return {"kind": "keep", "face": str(face)}


def buttons(actions: list[dict[str, Any]]) -> list[discord.ui.Item[Any]]:
    return [
        MoveButton(7, 3, action, label=f"{action['kind']} {action.get('face', '')}") for action in actions
    ]


def payload(view: discord.ui.LayoutView) -> list[dict[str, Any]]:
    """The components as Discord receives them, validated by SimCord (raises over a limit)."""
    return validate_components(view.to_components(), flags=COMPONENTS_V2_FLAG)


def walk(components: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found = []
    for component in components:
        found.append(component)
        found += walk(component.get("components") or [])
        if "accessory" in component:
            found += walk([component["accessory"]])
    return found


def board() -> discord.Embed:
    embed = discord.Embed(title="Pickomino #7", description="<@1>'s turn", colour=discord.Colour.dark_green())
    embed.add_field(name="Grill", value="`21`🪱 `22`🪱")
    embed.set_image(url="attachment://board.png")
    embed.set_footer(text="Round 2")
    return embed


def test_a_thing_shows_its_button_beside_it_and_the_rest_stay_in_rows() -> None:
    controls = [*buttons([keep(5), keep(2), {"kind": "roll"}]), PrivateButton(7, label="Private")]
    view = layout(board(), controls, subjects=[Subject("Three 5s — 15", (keep(5),)), Subject("Kept: 🪱")])
    components = payload(view)
    container, *rows = components
    assert container["type"] == 17
    kinds = [c["type"] for c in container["components"]]
    assert kinds == [10, 12, 10, 14, 9, 10, 10]  # heading, picture, fields, separator, section, line, footer
    heading, _, fields, _, section, line, footer = container["components"]
    assert heading["content"] == "### Pickomino #7\n<@1>'s turn"
    assert fields["content"] == "**Grill**\n`21`🪱 `22`🪱"
    assert section["components"][0]["content"] == "Three 5s — 15"
    assert section["accessory"]["custom_id"] == 'tv:m:7:3:keep{"face":"5"}'
    assert line["content"] == "Kept: 🪱" and footer["content"] == "-# Round 2"
    # the section's button left the rows; the others keep their order there
    assert [[b["custom_id"] for b in row["components"]] for row in rows] == [
        ['tv:m:7:3:keep{"face":"2"}', "tv:m:7:3:roll", "tv:p:7"]
    ]


def test_a_thing_with_several_moves_has_the_first_beside_it_and_the_others_under_it() -> None:
    actions = [keep(n) for n in range(1, 8)]
    view = layout(board(), buttons(actions), subjects=[Subject("All of them", tuple(actions))])
    container = payload(view)[0]
    section, *rows = [c for c in container["components"] if c["type"] in (9, 1)]
    assert section["accessory"]["label"] == "keep 1"
    assert [[b["label"] for b in row["components"]] for row in rows] == [
        ["keep 2", "keep 3", "keep 4", "keep 5", "keep 6"],
        ["keep 7"],
    ]


def test_a_thing_may_have_a_button_of_the_renderers_own_beside_it() -> None:
    """A card whose move takes more than one click: its **Play** opens the menu of what it does."""
    play = ChoiceButton(7, 3, "card", "bh12.1", label="Play")
    view = layout(
        board(), [play, *buttons([keep(1)])], subjects=[Subject("Elf", (choice_of("card", "bh12.1"),))]
    )
    container, *rows = payload(view)
    (section,) = [c for c in container["components"] if c["type"] == 9]
    assert section["accessory"]["custom_id"] == "tv:c:7:3:card:bh12.1"
    assert [[b["custom_id"] for b in row["components"]] for row in rows] == [['tv:m:7:3:keep{"face":"1"}']]


def test_a_thing_without_a_button_here_is_a_line_and_its_move_is_not_invented() -> None:
    view = layout(board(), buttons([keep(1)]), subjects=[Subject("A card you cannot play", (keep(9),))])
    found = walk(payload(view))
    assert "A card you cannot play" in [c.get("content") for c in found]
    assert [c["custom_id"] for c in found if c["type"] == 2] == ['tv:m:7:3:keep{"face":"1"}']


@settings(max_examples=60, deadline=None)
@given(
    sizes=st.integers(min_value=0, max_value=25).flatmap(
        lambda total: st.tuples(st.integers(min_value=0, max_value=total), st.just(total))
    ),
    text=st.integers(min_value=1, max_value=3000),
    more=st.integers(min_value=0, max_value=30),
)
def test_no_control_and_no_thing_is_lost_and_the_limits_hold(
    sizes: tuple[int, int], text: int, more: int
) -> None:
    """Up to 25 controls (what five rows of a message held), any number of things, any length
    of words: SimCord accepts the message, every button is on it once, every thing's line
    shows (clipped at worst)."""
    things, total = sizes
    loose = total - things
    embed = board()
    embed.add_field(name="Map", value="x" * min(text, 1024))
    embed.description = "y" * text
    actions = [keep(n) for n in range(things + loose)]
    subjects = [Subject(f"thing {n} " + "z" * (text // 40), (keep(n),)) for n in range(things)]
    subjects += [Subject(f"thing {n} with no move now") for n in range(things, things + more)]
    components = walk(payload(layout(embed, buttons(actions), subjects=subjects)))
    assert len(components) <= COMPONENT_LIMIT
    assert sum(len(c.get("content", "")) for c in components) <= TEXT_LIMIT
    ids = sorted(c["custom_id"] for c in components if c["type"] == 2)
    assert ids == sorted(f'tv:m:7:3:keep{{"face":"{n}"}}' for n in range(things + loose))
    words = "\n".join(c.get("content", "") for c in components)
    assert all(f"thing {n} " in words for n in range(things + more)) or "…" in words


def test_an_edit_to_a_layout_clears_what_an_old_board_showed() -> None:
    view = layout(board())
    assert as_layout({"view": view}) == {"content": None, "embed": None, "view": view}
    legacy = discord.ui.View()
    assert as_layout({"view": legacy}) == {"view": legacy}


def test_a_button_beside_its_thing_may_say_less_and_keeps_its_words_in_the_rows() -> None:
    many = [Subject(f"face {n}", (keep(n),), (f"Keep {n}",)) for n in range(25)]
    components = walk(payload(layout(board(), buttons([keep(n) for n in range(25)]), subjects=many)))
    beside = [c["accessory"]["label"] for c in components if c["type"] == 9]
    in_rows = [b["label"] for row in components if row["type"] == 1 for b in row["components"]]
    assert beside and beside == [f"Keep {n}" for n in range(len(beside))]  # the short words
    assert in_rows == [f"keep {n}" for n in range(len(beside), 25)]  # no room beside: its own words
