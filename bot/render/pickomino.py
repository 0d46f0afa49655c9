"""Pickomino's board: the grill, every stack's top tile and score, the dice, whose turn."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import discord

from bot.i18n import t
from bot.render.base import ButtonLook, Renderer, Table, ranking_lines
from engine import Event
from engine.games.pickomino.data import FACES, TILE_WORMS
from engine.games.pickomino.view import PickominoView

FACE_EMOJI: dict[str, str] = {"1": "1️⃣", "2": "2️⃣", "3": "3️⃣", "4": "4️⃣", "5": "5️⃣", "worm": "🪱"}
WORM = "🪱"

_ACTION_STYLE: dict[str, discord.ButtonStyle] = {
    "roll": discord.ButtonStyle.primary,
    "keep": discord.ButtonStyle.secondary,
    "take": discord.ButtonStyle.success,
    "stop": discord.ButtonStyle.danger,
}


def face_name(lang: str, face: str) -> str:
    return t(lang, "pickomino.face.worm") if face == "worm" else face


def dice_text(faces: Sequence[str]) -> str:
    return " ".join(FACE_EMOJI[f] for f in faces)


def tile_text(tile: int) -> str:
    return f"`{tile}`{WORM * TILE_WORMS[tile]}"


class PickominoRenderer(Renderer):
    key = "pickomino"

    # -- the board ----------------------------------------------------------------------
    def board(self, table: Table) -> discord.Embed:
        lang = table.lang
        view: PickominoView = table.public_view()
        embed = discord.Embed(
            title=t(lang, "board.title", title=table.game.title, id=table.record.id),
            colour=discord.Colour.dark_green() if view.current is not None else discord.Colour.gold(),
        )
        if view.current is not None:
            embed.description = t(lang, "board.turn", players=table.mention(view.current))
        else:
            embed.description = t(lang, "board.over")

        grill = " ".join(tile_text(tile) for tile in view.grill) or "—"
        if view.turned:
            grill += "\n" + t(lang, "pickomino.turned", tiles=", ".join(str(x) for x in view.turned))
        embed.add_field(name=t(lang, "pickomino.grill"), value=grill, inline=False)

        embed.add_field(name=t(lang, "pickomino.players"), value=self._players(table, view), inline=False)

        if view.current is not None:
            if view.roll:
                embed.add_field(name=t(lang, "pickomino.roll"), value=dice_text(view.roll), inline=False)
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

    def _event(self, table: Table, event: Event) -> str | None:
        lang, data = table.lang, event.data
        if not event.visible_to(None):
            return None
        seat = data.get("seat")
        who = table.mention(seat) if isinstance(seat, int) else ""
        if event.kind == "rolled":
            counts = list(data["dice"])
            faces = [FACES[i] for i in range(6) for _ in range(counts[i])]
            return t(lang, "pickomino.event.rolled", player=who, dice=dice_text(faces))
        if event.kind == "kept":
            return t(
                lang,
                "pickomino.event.kept",
                player=who,
                count=data["count"],
                face=FACE_EMOJI[str(data["face"])],
                total=data["total"],
            )
        if event.kind == "took":
            source = data.get("from_seat")
            if isinstance(source, int):
                return t(
                    lang, "pickomino.event.stole", player=who, tile=data["tile"], victim=table.mention(source)
                )
            return t(lang, "pickomino.event.took", player=who, tile=data["tile"])
        if event.kind == "turn_failed":
            parts = [
                t(
                    lang,
                    "pickomino.event.failed",
                    player=who,
                    reason=t(lang, f"pickomino.fail.{data['reason']}"),
                )
            ]
            if data.get("returned") is not None:
                parts.append(t(lang, "pickomino.event.returned", tile=data["returned"]))
            if data.get("turned") is not None:
                parts.append(t(lang, "pickomino.event.turned", tile=data["turned"]))
            return " ".join(parts)
        if event.kind == "resigned":
            return t(lang, "pickomino.event.resigned", player=who)
        return None  # turn_started and game_over show in the turn line and the ranking

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
        embed = self.board(Table(table.record, table.game, table.lang))
        embed.set_footer(text=t(table.lang, "pickomino.no_secrets"))
        return embed
