"""Select menus in a seat's own messages: a game's renderer may offer a decision's choices as a
menu (several at once, or more than buttons hold); the picked values come back through the
renderer and are played like a clicked button."""

from __future__ import annotations

import json
from typing import Any

import simcord

from bot.buttons import decode_action
from bot.render import GenericRenderer, Menus, SelectLook, SelectOption, Table
from bot.render.layout import COMPONENT_LIMIT
from bot.render.registry import give_renderer
from storage import Repository
from tests.bot.secret_game import CROWD, CROWDED, SECRET, secret_game_registered
from tests.e2e import helpers
from tests.e2e.helpers import make_room, start_secret


class MenuRenderer(Menus, GenericRenderer):
    """The secret numbers game with its two moves in one menu instead of buttons."""

    def is_button(self, action: dict[str, Any]) -> bool:
        return False

    def selects(self, table: Table, seat: int, actions: list[dict[str, Any]]) -> list[SelectLook]:
        options = tuple(SelectOption(label=f"do {a['kind']}", value=str(a["kind"])) for a in actions)
        return [SelectLook(name="move", placeholder="What do you do?", options=options)] if options else []

    def select_action(self, lang: str, name: str, values: list[str]) -> Any:
        return {"kind": values[0]} if name == "move" and values else None


def menu_of(message: Any) -> dict[str, Any]:
    """The select menu of a message (components as objects, or as raw data in a response),
    wherever it stands."""
    for item in components_of(message):
        if str(item.get("custom_id", "")).startswith("tv:s:"):
            return {"id": item["custom_id"], "options": [o["value"] for o in item["options"]]}
    raise LookupError("no select menu")


async def test_a_choice_in_a_select_menu_is_played_like_a_button(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    with secret_game_registered(SECRET):
        give_renderer(SECRET.key, MenuRenderer())
        try:
            room = make_room(simcord_env, repository)
            alice, _ = room.players
            game_id = await start_secret(room, SECRET.key)
            shown = await alice.click(
                room.message((await repository.get(game_id)).message_id), label="Private"
            )
            assert shown.ephemeral and shown.response is not None
            menu = menu_of(shown.response)
            assert menu["id"] == f"tv:s:{game_id}:0:move" and menu["options"] == ["peek", "poke"]

            picked = await alice.select(shown.response, ["poke"], custom_id=menu["id"])
            assert picked.acknowledged
            assert [(m.seat, m.action) for m in await repository.moves(game_id)] == [(0, {"kind": "poke"})]

            redrawn = simcord_env.backend.get_message(shown.response.channel_id, shown.response.id)
            assert not any(
                str(item.get("custom_id", "")).startswith("tv:s:") for item in components_of(redrawn)
            )  # the private message is redrawn in place: alice has nothing left to choose
            bob_sees = await room.players[1].click(
                room.message((await repository.get(game_id)).message_id), label="Private"
            )
            assert (
                bob_sees.response is not None and menu_of(bob_sees.response)["id"] == f"tv:s:{game_id}:1:move"
            )
        finally:
            give_renderer(SECRET.key, None)


def components_of(message: Any) -> list[dict[str, Any]]:
    """Every component of a message, nested ones included, as raw data."""
    return [item if isinstance(item, dict) else item.to_dict() for item in helpers.components_of(message)]


async def test_more_moves_than_buttons_come_in_menus_and_each_plays(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    """Seventy choices: the board shows the first as buttons and the rest in menus of 25 (all
    within Discord's 40 components of a laid-out message, and the 25 controls' places of the
    board); a pick in a menu plays that choice."""
    with secret_game_registered(CROWDED):
        room = make_room(simcord_env, repository)
        alice, _ = room.players
        game_id = await start_secret(room, CROWDED.key)
        board = room.message((await repository.get(game_id)).message_id)
        items = components_of(board)
        buttons = [i for i in items if i["type"] == 2 and str(i["custom_id"]).startswith("tv:m:")]
        menus = [i for i in items if i["type"] == 3]
        assert len(items) <= COMPONENT_LIMIT and len(buttons) + 5 * len(menus) <= 24
        offered = [decode_action(str(b["custom_id"]).split(":", 4)[4])["n"] for b in buttons]
        for found in menus:
            assert str(found["custom_id"]).startswith(f"tv:s:{game_id}:0:more")
            offered += [json.loads(o["value"][2:])["n"] for o in found["options"]]
        assert offered == list(range(CROWD))  # every choice, in order, each once

        last = menus[-1]
        picked = await alice.select(board, [last["options"][-1]["value"]], custom_id=str(last["custom_id"]))
        assert picked.acknowledged
        assert [(m.seat, m.action) for m in await repository.moves(game_id)] == [
            (0, {"kind": "count", "n": CROWD - 1})
        ]
