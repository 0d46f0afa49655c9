"""Raid's board and private views: what both players know in words, the public picture of
both scouts' walks (drawn from the *spectator* view, so it cannot hold a secret), each seat's
own hazard map in private, and ``/move`` autocomplete for paths. A fight, a first-aid kit and
a map still to place are things with their buttons beside them (``subjects``).

A picture that cannot be drawn is replaced by the text grid of the same view, so the board
never goes without a map.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import discord
from pydantic import TypeAdapter

from bot.games.raid.pictures import (
    Words,
    legend_keys,
    render_board,
    render_map,
    text_board,
    text_legend,
    text_map,
)
from bot.games.raid.place import FORM, PlacementForm, form_placement, problem_lines
from bot.games.raid.subjects import placement_counts, raid_subjects
from bot.i18n import explain, t
from bot.options import option_words
from bot.render.base import ButtonLook, Forms, Renderer, Table, ranking_lines
from bot.render.layout import Subject
from bot.render.painter import painted
from engine import BadAction, EngineError, Event, Game, IllegalAction
from engine.games.raid.cells import DELTAS, SIZE, Direction, cell_name, coords, parse_path_text
from engine.games.raid.data import MAX_TURNS, MAX_WOUNDS
from engine.games.raid.paths import walk
from engine.games.raid.state import Encounter, Hazard
from engine.games.raid.view import RaidView

BOARD_FILE = "raid-board.png"
MAP_FILE = "raid-map.png"
MESSAGE_LIMIT = 2000
"""Characters of a message's content."""
RECENT_ENCOUNTERS = 8
"""Encounters listed on the board (the picture shows all of them)."""
SEAT_MARKS = ("🔵", "🟠")
"""The seat colours of the pictures (blue: seat 1, orange: seat 2)."""
KIND_EMOJI = {"artifact": "💎", "terrorist": "🔫", "pit": "🕳️", "trap": "🪤", "kit": "🩹"}

_STYLES: dict[str, discord.ButtonStyle] = {
    "place": discord.ButtonStyle.primary,
    "place_random": discord.ButtonStyle.secondary,
    "guess": discord.ButtonStyle.danger,
    "use_kit": discord.ButtonStyle.success,
    "leave_kit": discord.ButtonStyle.secondary,
}
_EMOJI = {"place": "📝", "place_random": "🎲", "guess": "🎯", "use_kit": "🩹", "leave_kit": "↩️"}
PLACE_KINDS = frozenset({"place", "place_random"})


def picture_words(lang: str, captions: tuple[str, ...]) -> Words:
    """A picture's words: its panels' captions and the legend of every symbol."""
    return Words(captions, {key: t(lang, f"raid.legend.{key}") for key in legend_keys()})


def board_words(lang: str, names: Sequence[str]) -> Words:
    """The public picture's words: over each panel whose map it is and who walks it."""
    return picture_words(
        lang,
        tuple(t(lang, "raid.picture.walks", walker=names[w], owner=names[1 - w]) for w in (0, 1)),
    )


def own_map_words(lang: str, names: Sequence[str], walker: int) -> Words:
    """A seat's own map: his, walked by the other scout."""
    return picture_words(lang, (t(lang, "raid.picture.own_map", walker=names[walker]),))


def seat_names(table: Table) -> tuple[str, ...]:
    return tuple(table.name(seat) for seat in range(len(table.seats)))


def placement_text(objects: Sequence[Hazard]) -> str:
    """A hazard map in the compact placement form (``pits: C3 D7; …; kit: J10``); objects no
    longer live are struck through."""

    def shown(h: Hazard) -> str:
        text = f"{h.cell}={h.zone}" if h.kind == "terrorist" else h.cell
        return text if h.live else f"~~{text}~~"

    parts = []
    for kind in ("pit", "trap", "terrorist", "kit", "artifact"):
        cells = [shown(h) for h in objects if h.kind == kind]
        if cells:
            parts.append(f"{KIND_EMOJI[kind]} " + " ".join(cells))
    return "\n".join(parts) or "—"


def _placement(private: Any) -> list[tuple[Any, Any, Any]] | None:
    """What a seat placed, from its private view (``{"own_map": [...]}``, or ``None``)."""
    if not isinstance(private, dict):
        return None
    return [(o.get("kind"), o.get("cell"), o.get("zone")) for o in private.get("own_map") or ()]


class RaidRenderer(Forms, Renderer):
    key = "raid"
    spectators_see_private = True

    # -- the board ------------------------------------------------------------------------
    def board(self, table: Table) -> discord.Embed:
        return self.board_message(table)[0]

    def board_message(self, table: Table) -> tuple[discord.Embed, list[discord.File]]:
        lang = table.lang
        view: RaidView = table.public_view()
        embed = discord.Embed(
            title=t(lang, "board.title", title=table.game.title, id=table.id),
            description=self._headline(table, view),
            colour=discord.Colour.gold() if view.phase == "over" else discord.Colour.dark_red(),
        )
        if view.phase == "placement":
            embed.add_field(
                name=t(lang, "raid.board.placing"), value=self._placing(table, view), inline=False
            )
        embed.add_field(name=t(lang, "raid.board.scouts"), value=self._scouts(table, view), inline=False)
        if view.encounters:
            embed.add_field(
                name=t(lang, "raid.board.encounters"),
                value=_fit(
                    "\n".join(self._encounter(table, e) for e in view.encounters[-RECENT_ENCOUNTERS:])
                ),
                inline=False,
            )
        happened = [line for line in (self._event(table, e) for e in table.events) if line]
        if happened:
            embed.add_field(name=t(lang, "board.last_move"), value=_fit("\n".join(happened)), inline=False)
        if view.phase == "over":
            embed.add_field(
                name=t(lang, "board.ranking"), value="\n".join(ranking_lines(table)) or "—", inline=False
            )
            for seat, objects in enumerate(view.revealed_maps or ()):
                embed.add_field(
                    name=t(lang, "raid.board.revealed", player=table.name(seat)),
                    value=_fit(placement_text(objects)),
                    inline=True,
                )
        embed.set_footer(
            text=t(
                lang,
                "raid.board.footer",
                turn=view.turn,
                max=view.max_turns,
                map=option_words(lang, self.key, "scenario", view.scenario),
            )
        )
        return embed, self._board_picture(embed, table, view)

    @staticmethod
    def _picture(
        embed: discord.Embed,
        table: Table,
        filename: str,
        words: Words,
        draw: Callable[..., bytes],
        args: tuple[Any, ...],
        grid: Callable[[], str],
    ) -> list[discord.File]:
        """Attach the picture ``draw(*args)`` makes, its legend drawn in (through ``painted``:
        drawn once, off the loop in the bot); the text grid instead, with the panels' captions
        and the same legend, when the server turned pictures off or when drawing fails."""
        picture = painted(filename, draw, *args) if table.pictures else None
        if picture is None:
            captions = list(words.captions)
            if len(captions) == 2:  # the board: which grid is which
                sides = ("raid.grid.left", "raid.grid.right")
                captions = [t(table.lang, side, caption=c) for side, c in zip(sides, captions, strict=True)]
            value = "\n".join([*captions, f"```\n{grid()}\n```"])
            embed.add_field(name=t(table.lang, "raid.board.grid"), value=_fit(value), inline=False)
            embed.add_field(
                name=t(table.lang, "raid.legend.title"), value=_fit(text_legend(words.legend)), inline=False
            )
            return []
        embed.set_image(url=f"attachment://{filename}")
        return [picture]

    def _headline(self, table: Table, view: RaidView) -> str:
        lang = table.lang
        if view.phase == "placement":
            return t(lang, "raid.board.placement", **placement_counts(view))
        if view.phase == "over":
            if view.winner == "draw" or not isinstance(view.winner, int):
                return t(lang, "board.over") + " " + t(lang, "raid.end.draw")
            end = t(lang, f"raid.end.{view.end}", player=table.mention(view.winner))
            return t(lang, "board.over") + " " + end
        assert view.current is not None
        lines = [t(lang, "board.turn", players=table.mention(view.current))]
        if view.fight is None and view.kit is None:  # a fight or a kit is a thing (``subjects``)
            lines.append(t(lang, "raid.board.how_to_move"))
        return "\n".join(lines)

    @staticmethod
    def _placing(table: Table, view: RaidView) -> str:
        return "\n".join(
            t(
                table.lang,
                "raid.board.placed" if done else "raid.board.not_placed",
                player=table.mention(seat),
            )
            for seat, done in enumerate(view.placed)
        )

    @staticmethod
    def _scouts(table: Table, view: RaidView) -> str:
        lines = []
        for seat, scout in enumerate(view.scouts):
            extra = ""
            if scout.skip:
                extra += " " + t(table.lang, "raid.scout.skip", count=scout.skip)
            if scout.kit_used:
                extra += " " + t(table.lang, "raid.scout.kit_used")
            lines.append(
                t(
                    table.lang,
                    "raid.scout.line",
                    marker="▶" if seat == view.current else "·",
                    colour=SEAT_MARKS[seat],
                    player=table.mention(seat),
                    cell=scout.cell,
                    wounds=scout.wounds,
                    max=view.max_wounds,
                    artifacts=scout.artifacts,
                    total=view.counts["artifacts"],
                )
                + extra
            )
        return "\n".join(lines)

    @staticmethod
    def _encounter(table: Table, e: Encounter) -> str:
        return encounter_line(table, e.seat, e.cell, e.kind, e.outcome, e.wounds, e.zone)

    def _board_picture(self, embed: discord.Embed, table: Table, view: RaidView) -> list[discord.File]:
        """The public picture of both maps (text grids when drawing fails)."""
        words = board_words(table.lang, seat_names(table))
        return self._picture(
            embed, table, BOARD_FILE, words, render_board, (view, words), lambda: text_board(view)
        )

    def subjects(self, table: Table, seat: int | None) -> list[Subject]:
        return raid_subjects(table, seat)

    def event_text(self, table: Table, event: Event) -> str | None:
        """``/history``: the caller decides which events may be told (after the end, the
        placements too, each with the whole map placed)."""
        if event.kind == "placement":
            objects = _HAZARDS.validate_python(event.data.get("map", []))
            return t(
                table.lang,
                "raid.event.placement",
                player=_player(table, event.data),
                objects=placement_text(objects),
            )
        describe = _EVENT_LINES.get(event.kind)
        return None if describe is None else describe(table, event.data)

    def _event(self, table: Table, event: Event) -> str | None:
        """One line per public event; private ones (a seat's own placement) are never shown."""
        if not event.visible_to(None):
            return None
        describe = _EVENT_LINES.get(event.kind)
        return None if describe is None else describe(table, event.data)

    # -- private views ----------------------------------------------------------------------
    def private(self, table: Table, seat: int) -> discord.Embed:
        return self.private_message(table, seat)[0]

    def private_message(self, table: Table, seat: int | None) -> tuple[discord.Embed, list[discord.File]]:
        """A seat: his own hazard map (picture and list) and the scouts; a spectator: the
        public picture."""
        lang = table.lang
        view: RaidView = table.view
        embed = discord.Embed(title=t(lang, "private.title", title=table.game.title, id=table.id))
        embed.add_field(name=t(lang, "raid.board.scouts"), value=self._scouts(table, view), inline=False)
        if seat is None:
            embed.description = t(lang, "raid.private.spectator")
            return embed, self._board_picture(embed, table, view)
        if view.own_map is None:
            embed.description = t(lang, "raid.private.not_placed")
            return embed, []
        embed.description = t(lang, "raid.private.your_map")
        embed.add_field(
            name=t(lang, "raid.private.objects"), value=_fit(placement_text(view.own_map)), inline=False
        )
        walker = 1 - seat
        words = own_map_words(lang, seat_names(table), walker)
        return embed, self._picture(
            embed,
            table,
            MAP_FILE,
            words,
            render_map,
            (view, walker, words),
            lambda: text_map(view, walker),
        )

    def private_news(self, before: Any, after: Any) -> bool:
        """A seat's private view is its own map: news when it is placed. That the other scout
        met one of its objects (marked found, or no longer live) every encounter on the board
        tells, so that alone sends no DM."""
        return _placement(before) != _placement(after)

    def action_form(self, table: Table, seat: int, action: dict[str, Any]) -> discord.ui.Modal | None:
        if action.get("kind") != "place":
            return None
        view: RaidView = table.view
        return PlacementForm(table.id, table.lang, view.counts, view.zones)

    def form_action(self, lang: str, form: str, values: dict[str, str]) -> Any:
        """The placement the form's inputs stand for, each field from its own input (``""``: a
        form shown before forms had names — it was the placement form too)."""
        return form_placement(values) if form in (FORM, "") else None

    def refusal(self, lang: str, error: EngineError) -> str | None:
        """A rejected placement: every problem at once (R7) — as many as the engine listed,
        and how many more it left out."""
        if error.code != "bad_placement":
            return None
        lines = [f"• {line}" for line in problem_lines(lang, error.params["problems"])]
        more = error.params.get("problems_more")
        if isinstance(more, int) and more > 0:
            lines.append(t(lang, "raid.place.more", count=more))
        return _fit(t(lang, "raid.place.rejected", problems="\n".join(lines)), MESSAGE_LIMIT)

    def done_text(self, lang: str, action: dict[str, Any], *, dm_sent: bool) -> str:
        if action.get("kind") in PLACE_KINDS:
            return t(lang, "raid.place.accepted" if dm_sent else "raid.place.stored")
        return super().done_text(lang, action, dm_sent=dm_sent)

    def rules_params(self, game: Game[Any, Any, Any]) -> dict[str, Any]:
        """The default counts, and the wounds that beat a scout and the turns to a draw."""
        return {**super().rules_params(game), "max_wounds": MAX_WOUNDS, "max_turns": MAX_TURNS}

    # -- actions ------------------------------------------------------------------------------
    def is_button(self, action: dict[str, Any]) -> bool:
        return action.get("kind") != "move"  # a path is typed with /move

    def action_look(self, lang: str, action: dict[str, Any]) -> ButtonLook:
        kind = str(action.get("kind"))
        style = _STYLES.get(kind, discord.ButtonStyle.secondary)
        emoji = _EMOJI.get(kind)
        if kind == "guess":
            return ButtonLook(t(lang, "raid.action.guess", zone=action["zone"]), style, emoji)
        if kind == "move":
            return ButtonLook(
                t(lang, "raid.action.move", path=" ".join(action.get("path", ())) or "…"), style
            )
        if kind in _STYLES:
            return ButtonLook(t(lang, f"raid.action.{kind}"), style, emoji)
        return ButtonLook(kind, style)

    def suggest(self, table: Table, seat: int, typed: str) -> list[tuple[str, str]] | None:
        """Paths for a scout to move; ``None`` (the legal actions) in fights, at a kit and in
        placement. What is typed is echoed with where it ends, then continued with straight
        legs; a path that cannot be read or walked comes back as its one problem."""
        view: RaidView = table.view
        if view.phase != "play" or view.current != seat or view.fight is not None or view.kit is not None:
            return None
        return path_suggestions(table.lang, view.scouts[seat].cell, typed)


# -- path suggestions ---------------------------------------------------------------------------
def straight_legs(start: str) -> list[tuple[str, Direction, int]]:
    """``(cell, direction, count)`` for every cell one straight leg from ``start`` reaches: the
    four far ends first (to the edges of the map), then the cells nearer by."""
    col, row = coords(start)
    ends, nearer = [], []
    for direction, (dc, dr) in DELTAS.items():
        cells: list[tuple[str, Direction, int]] = []
        c, r = col + dc, row + dr
        while 0 <= c < SIZE and 0 <= r < SIZE:
            cells.append((cell_name(c, r), direction, len(cells) + 1))
            c, r = c + dc, r + dr
        if cells:
            ends.append(cells[-1])
            nearer.extend(cells[:-1])
    return ends + nearer


def path_suggestions(lang: str, start: str, typed: str) -> list[tuple[str, str]]:
    text = typed.strip()
    prefix, end = "", start
    out: list[tuple[str, str]] = []
    if text:
        try:
            walked = walk(start, parse_path_text(text))
        except (BadAction, IllegalAction) as error:
            return [(explain(lang, error), text[:100])]  # picking it shows the same problem again
        if len(text) > 100:
            return []  # a choice's value cannot hold it: what is typed is sent as it is
        end, prefix = walked[-1], text + " "
        out.append((t(lang, "raid.suggest.typed", path=text, end=end), text))
    for cell, direction, count in straight_legs(end):
        value = prefix + cell
        if len(value) > 100:
            break
        where = t(lang, f"raid.direction.{direction}", count=count)
        out.append((t(lang, "raid.suggest.leg", path=value, start=end, cell=cell, where=where), value))
    return out[:25]


# -- words for events ---------------------------------------------------------------------------
def encounter_line(
    table: Table, seat: int, cell: str, kind: str, outcome: str, wounds: int, zone: int | None
) -> str:
    return t(
        table.lang,
        f"raid.encounter.{kind}.{outcome}",
        emoji=KIND_EMOJI.get(kind, ""),
        player=table.mention(seat),
        cell=cell,
        wounds=wounds,
        zone=zone if zone is not None else "—",
    )


def _player(table: Table, data: dict[str, Any]) -> str:
    seat = data.get("seat")
    return table.mention(seat) if isinstance(seat, int) else "?"


def _moved(table: Table, data: dict[str, Any]) -> str:
    key = "raid.event.moved_stopped" if data.get("stopped") else "raid.event.moved"
    return t(table.lang, key, player=_player(table, data), start=data["from"], end=data["to"])


def _encounter_event(table: Table, data: dict[str, Any]) -> str:
    return encounter_line(
        table, int(data["seat"]), str(data["cell"]), str(data["kind"]), str(data["outcome"]),
        int(data["wounds"]), data.get("zone"),
    )  # fmt: skip


_HAZARDS: TypeAdapter[tuple[Hazard, ...]] = TypeAdapter(tuple[Hazard, ...])

_EVENT_LINES: dict[str, Callable[[Table, dict[str, Any]], str]] = {
    "placed": lambda table, data: t(table.lang, "raid.event.placed", player=_player(table, data)),
    "play_started": lambda table, data: t(table.lang, "raid.event.play_started"),
    "moved": _moved,
    "encounter": _encounter_event,
    "turn_skipped": lambda table, data: t(
        table.lang, "raid.event.turn_skipped", player=_player(table, data), left=data.get("skip_left", 0)
    ),
    "resigned": lambda table, data: t(table.lang, "raid.event.resigned", player=_player(table, data)),
}
"""``turn_started`` and ``game_over`` show in the headline instead."""


def _fit(text: str, limit: int = 1024) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
