"""Reading the things a laid-out message shows beside their buttons (``Renderer.subjects``),
and checking a message against Discord's limits with SimCord's own validator."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import discord
from simcord.components import COMPONENTS_V2_FLAG, validate_components

import engine
from bot.board import table_of
from bot.render.layout import COMPONENT_LIMIT, TEXT_LIMIT, Subject
from bot.render.registry import renderer_for
from storage import GameRecord, GameStatus, SeatRecord

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def record_of(key: str, state: Any, seats: int, version: int = 1, *, ai: tuple[int, ...] = ()) -> GameRecord:
    game = engine.get_game(key)
    status = GameStatus.ACTIVE if game.to_act(state) else GameStatus.FINISHED
    seated = tuple(
        SeatRecord(s, None, f"bot{s}", ai="random") if s in ai else SeatRecord(s, 100 + s, f"p{s}")
        for s in range(seats)
    )
    return GameRecord(
        id=5, key=key, guild_id=1, channel_id=2, message_id=3, host_id=100, options={}, seed=9,
        status=status, version=version, state=state, seats=seated,
        created_at=NOW, updated_at=NOW, result=game.result(state),
    )  # fmt: skip


def laid_out(view: discord.ui.LayoutView) -> list[dict[str, Any]]:
    """The message's components as sent, as SimCord's validator accepts (and numbers) them."""
    sent = view.to_components()  # type: ignore[no-untyped-call]
    return validate_components(sent, flags=COMPONENTS_V2_FLAG)


def subjects(record: GameRecord, lang: str, seat: int | None) -> list[Subject]:
    table = table_of(record, lang, seat=seat)
    return renderer_for(record.key).subjects(table, seat)


def sections(components: list[dict[str, Any]]) -> list[tuple[str, list[str]]]:
    """Each section of a laid-out message as its text and the labels of its buttons: the one
    beside it and those in the rows under it in the container."""
    found: list[tuple[str, list[str]]] = []
    for top in components:
        current: list[str] | None = None
        for item in top.get("components", []) if top["type"] == 17 else []:
            if item["type"] == 9:
                current = [item["accessory"]["label"]]
                found.append((item["components"][0]["content"], current))
            elif item["type"] == 1 and current is not None:
                current.extend(button["label"] for button in item["components"])
            else:
                current = None
    return found


def size(components: list[dict[str, Any]]) -> tuple[int, int]:
    """Components (nested ones too) and characters of text displays, as Discord counts them."""
    count = chars = 0
    stack = list(components)
    while stack:
        item = stack.pop()
        count += 1
        if item["type"] == 10:
            chars += len(item["content"])
        stack.extend(item.get("components", []))
        if "accessory" in item:
            stack.append(item["accessory"])
    return count, chars


def check(view: discord.ui.LayoutView) -> None:
    components = laid_out(view)
    count, chars = size(components)
    assert count <= COMPONENT_LIMIT and chars <= TEXT_LIMIT
