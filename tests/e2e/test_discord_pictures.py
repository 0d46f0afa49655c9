"""Each game's Discord message in the middle of a game, as a player sees it: the real bot plays a
game under SimCord (alice against computer seats, from a fixed seed) to a middle position where
alice is to act, and SimCord's preview of the channel (or of alice's direct messages) is opened
in headless Chromium. The test reads the page as a person would: the board's heading, the
things its moves act on with their buttons beside them, every button of the message, and the
pictures loaded. With ``TAVERN_SCREENSHOTS`` set to a folder, it saves the README's pictures
there (``discord-<game>.png``), cropped to the message."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
import pytest
import simcord
from selenium import webdriver
from selenium.webdriver.common.by import By

import engine
from bot import TavernBot
from bot.board import private_parts
from bot.policies import ai_choices
from engine.ai import decide
from storage import GameRecord, GameStatus, Repository
from tests.e2e.berserk_helpers import seeded
from tests.e2e.browser import run, until
from tests.e2e.conftest import make_bot
from tests.e2e.helpers import (
    Room,
    components_of,
    dm_history,
    make_room,
    pictures_of,
    sections_of,
    title_of,
    value_of,
)

WIDTH, HEIGHT = 1200, 3200
"""The browser's window while a message is read and saved: tall enough for the longest board."""


@dataclass(frozen=True)
class Scene:
    """Where a game's picture is taken: the game, how many computers alice plays against, the
    seed of the game, the policy alice's own moves follow, whether the picture is of the board
    or of alice's private message, and the position it waits for (the state, and the moves
    alice has made), which must be one where alice is to act (and, where ``beside``, the message
    shows a thing with its button beside it)."""

    key: str
    computers: int
    seed: int
    policy: str
    middle: Callable[[Any, int], bool]
    private: bool = False
    beside: bool = True
    """Whether the picture waits for a thing shown with its button beside it (Raid's turns are
    paths typed with /move, with nothing beside a button)."""


def pickomino_middle(state: Any, made: int) -> bool:
    """Alice has dice to keep from a roll, and some tiles have left the grill."""
    return state.phase == "keep" and len(state.grill) <= 12 and sum(state.kept) > 0


def raid_middle(state: Any, made: int) -> bool:
    return state.phase == "play" and state.turn >= 3


def hobbit_middle(state: Any, made: int) -> bool:
    return made >= 12


def berserk_middle(state: Any, made: int) -> bool:
    return state.phase == "play" and state.round >= 2


SCENES = {
    "pickomino": Scene("pickomino", computers=2, seed=5, policy="strong", middle=pickomino_middle),
    "raid": Scene("raid", computers=1, seed=5, policy="scout", middle=raid_middle, beside=False),
    "hobbit": Scene("hobbit", computers=2, seed=5, policy="heuristic", middle=hobbit_middle, private=True),
    "berserk": Scene("berserk", computers=1, seed=5, policy="baseline", middle=berserk_middle),
}


@pytest.fixture
def simcord_bot(tmp_path: Path, repository: Repository) -> TavernBot:
    # Computers move at once: each of alice's moves settles once the computers have answered.
    return make_bot(tmp_path, repository, ai_delay_seconds=0)


# -- playing to the middle of a game ---------------------------------------------------------------
async def open_against_computers(room: Room, scene: Scene) -> GameRecord:
    """Alice opens the lobby, seats the game's strongest computer ``scene.computers`` times, and
    starts."""
    alice = room.players[0]
    opened = await alice.slash(room.channel, "play", game=scene.key)
    assert opened.response is not None
    for _ in range(scene.computers):
        added = await alice.click(
            room.message(opened.response.id), label=f"Add AI: {ai_choices(scene.key)[0]}"
        )
        assert added.acknowledged and not added.ephemeral, added
    started = await alice.click(room.message(opened.response.id), label="Start")
    assert started.acknowledged and not started.ephemeral, started
    return await room.record()


async def play_to_middle(room: Room, scene: Scene) -> GameRecord:
    """Alice's moves, typed with ``/move`` as the game's plain data, until the scene's middle;
    the computers answer each of them."""
    game = engine.get_game(scene.key)
    alice = room.players[0]
    record = await open_against_computers(room, scene)
    made = 0
    while True:
        record = await room.repository.get(record.id)
        assert record.status is GameStatus.ACTIVE, f"{scene.key} ended before its middle"
        assert 0 in game.to_act(record.state), "the computers answered every move"
        if (
            scene.middle(record.state, made)
            and (not scene.private or private_now(room, record))
            and (not scene.beside or words_and_label(shown_message(room, scene, record)))
        ):
            return record
        action = game.dump_action(decide(game, record.state, 0, scene.policy, seed=made))
        moved = await alice.slash(room.channel, "move", action=json.dumps(action))
        assert moved.acknowledged, moved
        assert (await room.repository.get(record.id)).version > record.version, moved
        made += 1
        assert made < 200, f"{scene.key} never reached its middle"


def shown_message(room: Room, scene: Scene, record: GameRecord) -> discord.Message:
    """The message the scene's picture is of: alice's newest DM, or the board."""
    return dm_history(room.players[0])[-1] if scene.private else room.message(record.message_id)


def private_now(room: Room, record: GameRecord) -> bool:
    """Whether alice's newest DM shows her private view of ``record`` as the bot draws it now,
    word for word: a DM comes only with news, so after a move that brought her none the newest
    one tells an older position."""
    found = dm_history(room.players[0])
    if not found:
        return False
    view, _ = private_parts(record, 0, "en")
    drawn = [str(item.content) for item in view.walk_children() if isinstance(item, discord.ui.TextDisplay)]
    shown = [item for item in components_of(found[-1]) if isinstance(item, discord.components.TextDisplay)]
    return drawn == [str(item.content) for item in shown]


# -- the page ------------------------------------------------------------------------------------
READ_PAGE = """
const shown = document.getElementById('focused-content');
const status = window.simcordPreview;
if (!shown || !status || !status.ready || document.fonts.status !== 'loaded') return null;
const text = e => e ? e.innerText.trim() : '';
return {
  heading: text(shown.querySelector('.component-container h3')),
  sections: Array.from(shown.querySelectorAll('.component-section'), s => ({
    text: text(s.querySelector('.section-text')),
    button: text(s.querySelector('.section-accessory .button-label')),
  })),
  buttons: Array.from(shown.querySelectorAll('.component-button .button-label'), e => text(e)),
  pictures: Array.from(
    shown.querySelectorAll('.component-gallery img'), i => i.complete && i.naturalWidth > 0),
  accent: shown.querySelector('.component-container')?.style.getPropertyValue('--accent') ?? '',
};
"""
"""What the focused message shows: its heading, each section's words and the button beside them,
every button's label, whether each picture has loaded, the container's accent."""


def read_page(driver: webdriver.Chrome) -> dict[str, Any] | None:
    found: dict[str, Any] | None = driver.execute_script(READ_PAGE)
    return found


MARKUP = re.compile(r"\*\*|__|`|~~|^-# |^#+ ", re.MULTILINE)


def plain(markdown: str, names: dict[int, str]) -> str:
    """A text display's words as the page shows them: mentions by name, markdown marks gone,
    spaces folded."""
    text = re.sub(r"<@!?(\d+)>", lambda m: "@" + names.get(int(m[1]), m[1]), markdown)
    text = re.sub(r"<t:\d+(:\w)?>", "", text)  # a moment: shown relative to the page's clock
    return " ".join(MARKUP.sub("", text).split())


def words_and_label(message: discord.Message) -> list[tuple[str, str]]:
    """Each section of the message: its words and the label of the button beside them."""
    return [(words, str(value_of(buttons[0], "label"))) for words, buttons in sections_of(message)]


async def shows_message(driver: webdriver.Chrome, message: discord.Message, names: dict[int, str]) -> None:
    """The page shows ``message`` as Discord would: its heading; each of its sections, the words
    with the button beside them; every button; each picture, loaded."""
    page = await until(
        lambda: (
            (p := read_page(driver))
            and len(p["pictures"]) == len(pictures_of(message))
            and all(p["pictures"])
            and p
        ),
        what="the message with its pictures loaded",
    )
    assert page["heading"] == title_of(message)
    shown = [(" ".join(s["text"].split()), s["button"]) for s in page["sections"]]
    wanted = [(plain(words, names), label) for words, label in words_and_label(message)]
    for (words, label), (seen, beside) in zip(wanted, shown, strict=True):
        assert beside == label, (label, beside)
        assert all(word in seen for word in words.split()), (words, seen)
    # every button, each time it stands (two creatures may each have one saying the same)
    drawn = [
        str(item.label) for item in components_of(message) if isinstance(item, discord.components.Button)
    ]
    assert sorted(page["buttons"]) == sorted(drawn), (page["buttons"], drawn)
    assert page["accent"], "the container is coloured for the seat to act"


async def save(driver: webdriver.Chrome, name: str) -> None:
    """The focused message alone, saved in ``TAVERN_SCREENSHOTS`` when it is set."""
    shots = os.environ.get("TAVERN_SCREENSHOTS")
    if not shots:
        return
    shown = await run(driver.find_element, By.ID, "focused-content")
    await run(shown.screenshot, str(Path(shots) / name))


# -- the pictures --------------------------------------------------------------------------------
@pytest.mark.simcord(settle_timeout=120.0)
@pytest.mark.parametrize("key", list(SCENES))
async def test_a_game_in_its_middle_is_shown_as_a_player_sees_it_on_discord(
    key: str,
    simcord_env: simcord.Env,
    repository: Repository,
    browser: webdriver.Chrome,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    scene = SCENES[key]
    seeded(monkeypatch, scene.seed)
    simcord_env.backend.bot_user.name = "Tavern"  # the name the README's reader invites
    room = make_room(simcord_env, repository, names=("alice",))
    alice = room.players[0]
    record = await play_to_middle(room, scene)
    names = {alice.id: alice.name}

    if scene.private:
        channel = alice.user.dm_channel
        assert private_now(room, record)
        message = dm_history(alice)[-1]
        viewer: Any = alice.user
    else:
        channel, message, viewer = room.channel, room.message(record.message_id), alice
    preview = simcord_env.preview(channel, viewers=[viewer], width=WIDTH, presentation_time=datetime.now(UTC))
    async with preview:
        await preview.show(message)
        await run(browser.set_window_size, WIDTH, HEIGHT)
        try:
            await run(browser.get, preview.url)
            await shows_message(browser, message, names)
            await save(browser, f"discord-{key}.png")
        finally:
            await run(browser.set_window_size, 1000, 900)
