"""Pickomino's board: the grill, every stack's top tile and score, the dice kept, whose turn;
the roll's faces and the tiles to take are its things (``subjects``), each beside its button."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

import discord

from bot.games.pickomino.subjects import pickomino_subjects
from bot.games.pickomino.words import FACE_EMOJI, dice_text, face_name, tile_text
from bot.i18n import t
from bot.render.base import ButtonLook, Renderer, Table, end_lines, ranking_lines
from bot.render.layout import Subject
from engine import Event
from engine.games.pickomino.data import FACES
from engine.games.pickomino.view import PickominoView

_ACTION_STYLE: dict[str, discord.ButtonStyle] = {
    "roll": discord.ButtonStyle.primary,
    "keep": discord.ButtonStyle.secondary,
    "take": discord.ButtonStyle.success,
    "stop": discord.ButtonStyle.danger,
}


class PickominoRenderer(Renderer):
    key = "pickomino"

    # -- the board ----------------------------------------------------------------------
    def board(self, table: Table) -> discord.Embed:
        lang = table.lang
        view: PickominoView = table.public_view()
        embed = discord.Embed(
            title=t(lang, "board.title", title=table.game.title, id=table.id),
            colour=discord.Colour.dark_green() if view.current is not None else discord.Colour.gold(),
        )
        if view.current is not None:
            embed.description = t(lang, "board.turn", players=table.mention(view.current))
        else:
            embed.description = " ".join([t(lang, "board.over"), *end_lines(table)])

        grill = " ".join(tile_text(tile) for tile in view.grill) or "—"
        if view.turned:
            grill += "\n" + t(lang, "pickomino.turned", tiles=", ".join(str(x) for x in view.turned))
        embed.add_field(name=t(lang, "pickomino.grill"), value=grill, inline=False)

        embed.add_field(name=t(lang, "pickomino.players"), value=self._players(table, view), inline=False)

        if view.current is not None:
            # the roll is not a field: each of its faces is a thing of its own (``subjects``),
            # with its Keep beside it
            embed.add_field(name=t(lang, "pickomino.kept"), value=self._kept(lang, view), inline=False)
        else:
            embed.add_field(
                name=t(lang, "board.ranking"), value="\n".join(ranking_lines(table)) or "—", inline=False
            )

        happened = [line for line in (self._event(table, e) for e in table.events) if line]
        if happened:
            embed.add_field(name=t(lang, "board.last_move"), value="\n".join(happened)[:1024], inline=False)
        return embed

    def _players(self, table: Table, view: PickominoView) -> str:
        lines = []
        for seat, stack in enumerate(view.stacks):
            marker = "▶" if seat == view.current else "·"
            if seat in view.resigned:
                lines.append(
                    t(table.lang, "pickomino.player_resigned", marker=marker, player=table.mention(seat))
                )
                continue
            lines.append(
                t(
                    table.lang,
                    "pickomino.player",
                    marker=marker,
                    player=table.mention(seat),
                    top=tile_text(stack[-1]) if stack else "—",
                    tiles=len(stack),
                    score=view.scores[seat],
                )
            )
        return "\n".join(lines)

    def _kept(self, lang: str, view: PickominoView) -> str:
        if not view.kept:
            return t(lang, "pickomino.kept_none", dice=view.dice_left)
        faces = [f for f in FACES for _ in range(view.kept.get(f, 0))]
        key = "pickomino.kept_line" if view.has_worm else "pickomino.kept_line_no_worm"
        return t(lang, key, dice=dice_text(faces), total=view.total, left=view.dice_left)

    def event_text(self, table: Table, event: Event) -> str | None:
        return self._event(table, event)

    def _event(self, table: Table, event: Event) -> str | None:
        """One line for a public event; ``turn_started`` and ``game_over`` show in the turn
        line and the ranking, so they have none."""
        describe = _EVENT_LINES.get(event.kind)
        if describe is None or not event.visible_to(None):
            return None
        seat = event.data.get("seat")
        who = table.mention(seat) if isinstance(seat, int) else ""
        return describe(table, who, event.data)

    def subjects(self, table: Table, seat: int | None) -> list[Subject]:
        return pickomino_subjects(table, seat)

    # -- actions ------------------------------------------------------------------------
    def action_look(self, lang: str, action: dict[str, Any]) -> ButtonLook:
        kind = str(action.get("kind"))
        style = _ACTION_STYLE.get(kind, discord.ButtonStyle.secondary)
        if kind == "roll":
            return ButtonLook(t(lang, "pickomino.action.roll"), style, "🎲")
        if kind == "keep":
            face = str(action["face"])
            return ButtonLook(
                t(lang, "pickomino.action.keep", face=face_name(lang, face)), style, FACE_EMOJI[face]
            )
        if kind == "take":
            return ButtonLook(t(lang, "pickomino.action.take", tile=action["tile"]), style)
        if kind == "stop":
            return ButtonLook(t(lang, "pickomino.action.stop"), style)
        return ButtonLook(kind, style)

    def private(self, table: Table, seat: int) -> discord.Embed:
        """Pickomino has no secrets: the private view is the board, plus a note saying so."""
        embed = self.board(replace(table, events=()))
        embed.set_footer(text=t(table.lang, "pickomino.no_secrets"))
        return embed


def _rolled(table: Table, who: str, data: dict[str, Any]) -> str:
    counts = list(data["dice"])
    faces = [FACES[i] for i in range(6) for _ in range(counts[i])]
    return t(table.lang, "pickomino.event.rolled", player=who, dice=dice_text(faces))


def _kept(table: Table, who: str, data: dict[str, Any]) -> str:
    face, count, total = FACE_EMOJI[str(data["face"])], data["count"], data["total"]
    return t(table.lang, "pickomino.event.kept", player=who, count=count, face=face, total=total)


def _took(table: Table, who: str, data: dict[str, Any]) -> str:
    source = data.get("from_seat")
    if isinstance(source, int):
        victim = table.mention(source)
        return t(table.lang, "pickomino.event.stole", player=who, tile=data["tile"], victim=victim)
    return t(table.lang, "pickomino.event.took", player=who, tile=data["tile"])


def _failed(table: Table, who: str, data: dict[str, Any]) -> str:
    lang = table.lang
    reason = t(lang, f"pickomino.fail.{data['reason']}")
    parts = [t(lang, "pickomino.event.failed", player=who, reason=reason)]
    if data.get("returned") is not None:
        parts.append(t(lang, "pickomino.event.returned", tile=data["returned"]))
    if data.get("turned") is not None:
        parts.append(t(lang, "pickomino.event.turned", tile=data["turned"]))
    return " ".join(parts)


def _resigned(table: Table, who: str, data: dict[str, Any]) -> str:
    return t(table.lang, "pickomino.event.resigned", player=who)


_EVENT_LINES: dict[str, Callable[[Table, str, dict[str, Any]], str]] = {
    "rolled": _rolled,
    "kept": _kept,
    "took": _took,
    "turn_failed": _failed,
    "resigned": _resigned,
}
