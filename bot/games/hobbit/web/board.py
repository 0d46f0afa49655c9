"""What Hobbit's web board shows, as the template's context, from a ``Table`` alone: the
track, Smaug, Gandalf, the ring and the door, the fellowship (each player's dwarves, hand size,
movement cards and the Key), the decks with the enemies lying face up, the fight or trade
under way — and on a seat's own page its hand, each card with what it does, its movement
cards, a trade offer it is party to, what it must decide now and the controls for it.

The words are the Discord renderer's (``bot.games.hobbit.render``, ``words``) wherever they
suit a page; those that speak of Discord's menus and direct messages have web words of their
own (``hobbit.web.*``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.games.hobbit.render import HobbitRenderer
from bot.games.hobbit.web.controls import Control, Controls, controls_of
from bot.games.hobbit.web.track import Cell, cells, dead
from bot.games.hobbit.words import (
    COLOUR_MARKS,
    DECK_MARKS,
    card_about,
    card_name,
    colour_name,
    deck_name,
    figure_name,
)
from bot.i18n import t
from bot.render import Table
from bot.render.registry import renderer_for
from engine.games.hobbit.cards import KEY, by_id, card_of
from engine.games.hobbit.view import HobbitView

WEB_ASKS = frozenset({"p1", "p3"})
"""Decisions whose Discord prompt speaks of menus and the board: the page words them itself."""


@dataclass(frozen=True, slots=True)
class HandCard:
    card: str
    name: str
    about: str
    kind: str
    moves: list[Control] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class MoveCard:
    card: str
    value: int
    up: bool
    moves: list[Control] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Player:
    seat: int
    name: str
    colour: str
    colour_name: str
    mark: str
    dwarves: list[str]
    hand: int
    moves: list[MoveCard]
    key: bool
    active: bool


@dataclass
class Own:
    """What only the seat sees: its hand, its movement cards, a trade offer it is party to."""

    colour: str
    hand: list[HandCard]
    moves: list[MoveCard]
    key: bool
    offer: str = ""


def _renderer() -> HobbitRenderer:
    found = renderer_for("hobbit")
    assert isinstance(found, HobbitRenderer)
    return found


def _moves(view: HobbitView, seat: int, controls: Controls | None) -> list[MoveCard]:
    cards = controls.cards if controls is not None else {}
    return [
        MoveCard(card, int(card.rsplit("-", 1)[1]), up, cards.get(card, []))
        for card, up in view.seats[seat].move_cards
    ]


def _players(table: Table, view: HobbitView) -> list[Player]:
    lang = table.lang
    found = []
    for s in view.seats:
        dwarves = [
            t(lang, "hobbit.figure.dead", figure=f.id)
            if f.pos is None
            else t(lang, "hobbit.web.at", figure=f.id, space=f.pos, entangled="yes" if f.entangled else "no")
            for f in view.figures
            if f.seat == s.seat
        ]
        found.append(
            Player(
                s.seat,
                table.name(s.seat),
                s.colour,
                colour_name(lang, s.colour),
                COLOUR_MARKS.get(s.colour, ""),
                dwarves,
                s.hand.count or 0,
                _moves(view, s.seat, None),
                s.key,
                s.seat == view.active and view.end is None,
            )
        )
    return found


def _headline(table: Table, view: HobbitView, renderer: HobbitRenderer) -> str:
    if view.end is not None:
        return renderer.headline(table, view)
    lang = table.lang
    lines = [
        t(
            lang,
            "hobbit.board.round",
            round=view.round,
            max=view.max_rounds,
            player=table.name(view.active),
            phase=t(lang, f"hobbit.phase.{view.phase}"),
        )
    ]
    decision = view.decision
    if decision is not None and decision.seats:
        who = ", ".join(table.name(s) for s in decision.seats)
        lines.append(t(lang, f"hobbit.web.waiting.{decision.kind}", player=who))
    return "\n".join(lines)


def _prompt(table: Table, view: HobbitView, renderer: HobbitRenderer) -> str:
    """What the seat must decide now (the Discord prompt, in page words where it speaks of
    menus)."""
    seat = table.seat
    assert seat is not None
    decision = table.decision
    if decision is not None and decision.kind in WEB_ASKS and view.decision is not None:
        lines = [t(table.lang, f"hobbit.web.ask.{decision.kind}", count=view.decision.draws_left or 0)]
        if any(a.get("kind") == "play_treasury" for a in table.actions):
            lines.append(t(table.lang, "hobbit.ask.gold"))
        return "\n".join(lines)
    return renderer.prompt(table, view, seat)


def _own(table: Table, seat: int, controls: Controls | None, renderer: HobbitRenderer) -> Own:
    lang = table.lang
    view: HobbitView = table.view
    mine = view.seats[seat]
    moves = controls.cards if controls is not None else {}
    hand = [
        HandCard(c, card_name(lang, c), card_about(lang, c), card_of(c).kind, moves.get(c, []))
        for c in by_id(mine.hand.cards or ())
    ]
    private = table.private
    offer = private.get("offer") if isinstance(private, dict) else None
    told = renderer.offer_text(table, offer, seat) if isinstance(offer, dict) else ""
    return Own(mine.colour, hand, _moves(view, seat, controls), mine.key, told)


def context(table: Table) -> dict[str, Any]:
    """Everything ``hobbit/board.html`` draws."""
    renderer = _renderer()
    lang = table.lang
    view: HobbitView = table.view
    public: HobbitView = table.public_view()
    seat = table.seat
    controls = controls_of(table, _prompt(table, view, renderer)) if seat is not None else None
    track: list[Cell] = cells(table, controls.targets if controls is not None else {})
    decks = [
        (DECK_MARKS[name], deck_name(lang, name), deck.count or 0) for name, deck in public.decks.items()
    ]
    face_up = [
        t(
            lang,
            "hobbit.board.face_up",
            mark=DECK_MARKS[deck],
            deck=deck_name(lang, deck),
            card=card_name(lang, enemy),
        )
        for deck, enemy in public.face_up.items()
        if enemy is not None
    ]
    under_way = renderer.under_way(table, public)
    return {
        "lang": lang,
        "seat": seat,
        "headline": _headline(table, public, renderer),
        "smaug": renderer.smaug_line(table, public),
        "pieces": renderer.pieces_line(table, public),
        "cells": track,
        "dead": dead(table),
        "players": _players(table, public),
        "decks": decks,
        "piles": t(lang, "hobbit.board.piles", discard=public.discard.count, box=public.box.count),
        "face_up": face_up,
        "under_way": under_way,
        "own": _own(table, seat, controls, renderer) if seat is not None else None,
        "key_card": (card_name(lang, KEY), t(lang, "hobbit.about.key")),
        "controls": controls if controls is not None and controls.any else None,
        "prompt": controls.prompt if controls is not None else "",
        "footer": t(lang, "hobbit.board.footer", round=public.round, max=public.max_rounds),
        "figure_name": figure_name,
    }
