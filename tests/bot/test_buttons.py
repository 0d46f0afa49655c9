"""Button custom_ids carry game, version and action compactly and read back exactly."""

from __future__ import annotations

import re

import pytest

import engine
from bot.buttons import CUSTOM_ID_LIMIT, LobbyButton, MoveButton, PrivateButton, decode_action, encode_action
from engine.games.pickomino.actions import KEEP, ROLL, STOP, TAKE

PICKOMINO = engine.get_game("pickomino")
EVERY_ACTION = [ROLL, STOP, *KEEP, *TAKE.values()]


@pytest.mark.parametrize("action", EVERY_ACTION, ids=str)
def test_every_pickomino_action_round_trips_through_a_custom_id(action: object) -> None:
    data = PICKOMINO.dump_action(action)
    button = MoveButton(123456, 9999, data)
    assert len(button.custom_id) <= CUSTOM_ID_LIMIT
    match = re.fullmatch(MoveButton.__discord_ui_compiled_template__, button.custom_id)
    assert match is not None
    assert (int(match["game"]), int(match["version"])) == (123456, 9999)
    assert PICKOMINO.parse_action(decode_action(match["action"])) == action


def test_the_encoding_is_compact() -> None:
    assert encode_action({"kind": "roll"}) == "roll"
    assert encode_action({"kind": "keep", "face": "worm"}) == 'keep{"face":"worm"}'
    assert decode_action('take{"tile":24}') == {"kind": "take", "tile": 24}


def test_an_action_too_long_for_a_custom_id_is_refused() -> None:
    with pytest.raises(ValueError, match="too long"):
        MoveButton(1, 1, {"kind": "say", "text": "x" * 100})


def test_lobby_and_private_ids_match_their_templates() -> None:
    import discord

    lobby = LobbyButton(7, "start", label="Start", style=discord.ButtonStyle.primary)
    assert re.fullmatch(LobbyButton.__discord_ui_compiled_template__, lobby.custom_id)
    private = PrivateButton(7, label="Private")
    assert re.fullmatch(PrivateButton.__discord_ui_compiled_template__, private.custom_id)
    assert not re.fullmatch(MoveButton.__discord_ui_compiled_template__, private.custom_id)


def test_a_games_own_button_carries_its_choice_and_matches_no_other_template() -> None:
    from bot.buttons import ChoiceButton

    choice = ChoiceButton(7, 12, "random", "recruit", label="Random")
    assert choice.custom_id == "tv:c:7:12:random:recruit"
    match = re.fullmatch(ChoiceButton.__discord_ui_compiled_template__, choice.custom_id)
    assert match is not None and (match["game"], match["version"], match["name"], match["value"]) == (
        "7", "12", "random", "recruit",
    )  # fmt: skip
    assert not re.fullmatch(MoveButton.__discord_ui_compiled_template__, choice.custom_id)
    with pytest.raises(ValueError, match="too long"):
        ChoiceButton(1, 1, "random", "x" * 100)
