"""Hobbit actions as data (H10), and the typed text forms players use for them.

Cards are named by instance id (``BH02#3``, ``MV-R-2``), figures by id (``R1`` … ``G2``,
``Bilbo``), directions ``fwd`` / ``back``; a dual card states its value as ``ES01#1=5``. Typed
forms (case does not matter):

    move MV-R-2 R1 fwd · skip MV-R-1 · web R1 BH11#1 BH07#1 BH09#1 BH10#1 [double BH11#1] ·
    door · bilbo BH12#1 back · elf BH17#1 Bilbo fwd · eagle BH16#1 Y2 · run BH19#1 Y1 R1 ·
    gandalf BH20#1 fwd · scout BH14#1 die | scout BH14#1 fixed R2 · scout R2 | scout discard ·
    offer 2 BH02#1 BH01#1 BH03#1 (partner seat counted from 1, item or KEY or NONE, two price cards) ·
    accept BH05#1 | accept KEY | accept NONE · decline · end · draw beorn | esgaroth | treasury ·
    limit BH01#1 BH02#2 · target Y1 · sorrow BH01#1 BH03#2 ·
    fight BH02#1 BH11#2 [double BH11#2] | fight none · attack BH11#1 BH07#1 [4] ·
    play TR01#1 · pass
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, StringConstraints, TypeAdapter

from engine.core.errors import BadAction
from engine.core.inputs import WHOLE

MAX_CARDS = 24
"""More cards than any hand can hold: a longer list is unreadable, not just illegal."""
DISCARD = "DISCARD"
"""``scout_choose(DISCARD)``: the Scouting card is discarded unused (H4.9)."""


def _upper(value: Any) -> Any:
    return value.strip().upper() if isinstance(value, str) else value


def _figure(value: Any) -> Any:
    """``r1`` → ``R1``; ``bilbo`` → ``Bilbo``."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    return "Bilbo" if text.lower() == "bilbo" else text.upper()


_DIRECTIONS = {"FWD": "FWD", "FORWARD": "FWD", "F": "FWD", "BACK": "BACK", "BACKWARD": "BACK", "B": "BACK"}


def _direction(value: Any) -> Any:
    return _DIRECTIONS.get(value.strip().upper(), value) if isinstance(value, str) else value


def _used(value: Any) -> Any:
    """``"ES01#1=5"`` is short for ``{"card": "ES01#1", "value": 5}``; ``"BH02#1"`` has no value."""
    if isinstance(value, str):
        card, eq, number = value.partition("=")
        return {"card": card, "value": number.strip() if eq else None}
    return value


CardRef = Annotated[str, BeforeValidator(_upper), StringConstraints(max_length=12)]
FigureRef = Annotated[str, BeforeValidator(_figure), StringConstraints(max_length=8)]
Dir = Annotated[Literal["FWD", "BACK"], BeforeValidator(_direction)]
Value = Annotated[int, Field(ge=0, le=99), WHOLE]


@dataclass(frozen=True, slots=True)
class UsedCard:
    """A fight card given with the value used; ``None`` for a card with one value."""

    card: CardRef
    value: Value | None = None


Used = Annotated[UsedCard, BeforeValidator(_used)]
UsedCards = Annotated[tuple[Used, ...], Field(max_length=MAX_CARDS)]
Cards = Annotated[tuple[CardRef, ...], Field(max_length=MAX_CARDS)]


@dataclass(frozen=True, slots=True)
class PlayMoveCard:
    card: CardRef
    figure: FigureRef
    dir: Dir
    kind: Literal["play_move_card"] = "play_move_card"


@dataclass(frozen=True, slots=True)
class SkipMoveCard:
    card: CardRef
    absent: bool = False
    """Played for an absent player (H6.6): allowed even when a move is legal. A player who is
    there may skip only when no move is legal (H3.2)."""
    kind: Literal["skip_move_card"] = "skip_move_card"


@dataclass(frozen=True, slots=True)
class FreeWeb:
    dwarf: FigureRef
    cards: UsedCards
    doubled: CardRef | None = None
    kind: Literal["free_web"] = "free_web"


@dataclass(frozen=True, slots=True)
class OpenDoor:
    kind: Literal["open_door"] = "open_door"


@dataclass(frozen=True, slots=True)
class PlayBilbo:
    card: CardRef
    dir: Dir
    kind: Literal["play_bilbo"] = "play_bilbo"


@dataclass(frozen=True, slots=True)
class PlayElf:
    card: CardRef
    figure: FigureRef
    dir: Dir
    kind: Literal["play_elf"] = "play_elf"


@dataclass(frozen=True, slots=True)
class PlayEagle:
    card: CardRef
    dwarf: FigureRef
    kind: Literal["play_eagle"] = "play_eagle"


@dataclass(frozen=True, slots=True)
class PlayDwarfRun:
    card: CardRef
    dwarf: FigureRef
    target: FigureRef
    kind: Literal["play_dwarf_run"] = "play_dwarf_run"


@dataclass(frozen=True, slots=True)
class PlayGandalf:
    card: CardRef
    dir: Dir
    kind: Literal["play_gandalf"] = "play_gandalf"


@dataclass(frozen=True, slots=True)
class PlayScout:
    card: CardRef
    mode: Annotated[
        Literal["fixed", "die"], BeforeValidator(lambda v: v.lower() if isinstance(v, str) else v)
    ]
    dwarf: FigureRef | None = None
    kind: Literal["play_scout"] = "play_scout"


@dataclass(frozen=True, slots=True)
class ScoutChoose:
    dwarf: FigureRef
    """An own dwarf, or ``DISCARD``."""
    kind: Literal["scout_choose"] = "scout_choose"


@dataclass(frozen=True, slots=True)
class TradeOffer:
    partner: Annotated[int, Field(ge=0, le=99), WHOLE]
    give: CardRef
    """A hand card, ``KEY`` or ``NONE``."""
    price: Cards
    kind: Literal["trade_offer"] = "trade_offer"


@dataclass(frozen=True, slots=True)
class TradeAccept:
    give: CardRef
    """The item given back: a hand card, ``KEY`` or ``NONE``."""
    kind: Literal["trade_accept"] = "trade_accept"


@dataclass(frozen=True, slots=True)
class TradeDecline:
    kind: Literal["trade_decline"] = "trade_decline"


@dataclass(frozen=True, slots=True)
class EndPhase2:
    kind: Literal["end_phase2"] = "end_phase2"


@dataclass(frozen=True, slots=True)
class Draw:
    deck: Annotated[Literal["BEORN", "ESGAROTH", "TREASURY"], BeforeValidator(_upper)]
    kind: Literal["draw"] = "draw"


@dataclass(frozen=True, slots=True)
class DiscardToLimit:
    cards: Cards
    kind: Literal["discard_to_limit"] = "discard_to_limit"


@dataclass(frozen=True, slots=True)
class ChooseTarget:
    figure: FigureRef
    kind: Literal["choose_target"] = "choose_target"


@dataclass(frozen=True, slots=True)
class SorrowDiscard:
    cards: Cards
    kind: Literal["sorrow_discard"] = "sorrow_discard"


@dataclass(frozen=True, slots=True)
class FightSubmit:
    cards: UsedCards = ()
    doubled: CardRef | None = None
    kind: Literal["fight_submit"] = "fight_submit"


@dataclass(frozen=True, slots=True)
class SmaugAttack:
    armour: CardRef
    push: CardRef
    value: Value | None = None
    """The push card's value (a dual card's pick; ``None`` for a card with one value)."""
    kind: Literal["smaug_attack"] = "smaug_attack"


@dataclass(frozen=True, slots=True)
class PlayTreasury:
    card: CardRef
    kind: Literal["play_treasury"] = "play_treasury"


@dataclass(frozen=True, slots=True)
class PassWindow:
    kind: Literal["pass_window"] = "pass_window"


HobbitAction = (
    PlayMoveCard
    | SkipMoveCard
    | FreeWeb
    | OpenDoor
    | PlayBilbo
    | PlayElf
    | PlayEagle
    | PlayDwarfRun
    | PlayGandalf
    | PlayScout
    | ScoutChoose
    | TradeOffer
    | TradeAccept
    | TradeDecline
    | EndPhase2
    | Draw
    | DiscardToLimit
    | ChooseTarget
    | SorrowDiscard
    | FightSubmit
    | SmaugAttack
    | PlayTreasury
    | PassWindow
)
ACTION_ADAPTER: TypeAdapter[HobbitAction] = TypeAdapter(Annotated[HobbitAction, Field(discriminator="kind")])

OPEN_DOOR = OpenDoor()
END_PHASE2 = EndPhase2()
TRADE_DECLINE = TradeDecline()
PASS_WINDOW = PassWindow()
NO_FIGHT = FightSubmit()


# -- typed text ---------------------------------------------------------------------------------
_WORDS: dict[str, dict[str, Any]] = {
    "door": {"kind": "open_door"},
    "open door": {"kind": "open_door"},
    "open_door": {"kind": "open_door"},
    "end": {"kind": "end_phase2"},
    "end phase": {"kind": "end_phase2"},
    "end_phase2": {"kind": "end_phase2"},
    "decline": {"kind": "trade_decline"},
    "trade_decline": {"kind": "trade_decline"},
    "pass": {"kind": "pass_window"},
    "pass_window": {"kind": "pass_window"},
    "fight": {"kind": "fight_submit", "cards": []},
    "fight none": {"kind": "fight_submit", "cards": []},
    "discard": {"kind": "scout_choose", "dwarf": DISCARD},
}


def _usage(text: str, usage: str) -> BadAction:
    return BadAction(f"cannot read {text!r}: write {usage}", "unreadable", text=text)


def _need(words: list[str], count: int, usage: str, text: str) -> None:
    if len(words) != count:
        raise _usage(text, usage)


def _doubled(words: list[str], usage: str, text: str) -> tuple[list[str], str | None]:
    """The cards of a submission and its ``double <card>``, if any."""
    lowered = [w.lower() for w in words]
    if "double" not in lowered:
        return words, None
    at = lowered.index("double")
    if at != len(words) - 2:
        raise _usage(text, usage)
    return words[:at], words[at + 1]


def _move(words: list[str], text: str) -> dict[str, Any]:
    _need(words, 3, "move <card> <dwarf> fwd|back, e.g. move MV-R-2 R1 fwd", text)
    return {"kind": "play_move_card", "card": words[0], "figure": words[1], "dir": words[2]}


def _skip(words: list[str], text: str) -> dict[str, Any]:
    _need(words, 1, "skip <movement card>, e.g. skip MV-R-1", text)
    return {"kind": "skip_move_card", "card": words[0]}


def _web(words: list[str], text: str) -> dict[str, Any]:
    usage = "web <dwarf> <cards…> [double <card>], e.g. web R1 BH11#1 BH07#1 BH09#1 BH10#1"
    if len(words) < 2:
        raise _usage(text, usage)
    cards, doubled = _doubled(words[1:], usage, text)
    return {"kind": "free_web", "dwarf": words[0], "cards": cards, "doubled": doubled}


def _bilbo(words: list[str], text: str) -> dict[str, Any]:
    _need(words, 2, "bilbo <card> fwd|back, e.g. bilbo BH12#1 fwd", text)
    return {"kind": "play_bilbo", "card": words[0], "dir": words[1]}


def _elf(words: list[str], text: str) -> dict[str, Any]:
    _need(words, 3, "elf <card> <figure> fwd|back, e.g. elf BH17#1 Bilbo back", text)
    return {"kind": "play_elf", "card": words[0], "figure": words[1], "dir": words[2]}


def _eagle(words: list[str], text: str) -> dict[str, Any]:
    _need(words, 2, "eagle <card> <dwarf>, e.g. eagle BH16#1 R1", text)
    return {"kind": "play_eagle", "card": words[0], "dwarf": words[1]}


def _run(words: list[str], text: str) -> dict[str, Any]:
    _need(words, 3, "run <card> <own dwarf> <dwarf ahead>, e.g. run BH19#1 Y1 R1", text)
    return {"kind": "play_dwarf_run", "card": words[0], "dwarf": words[1], "target": words[2]}


def _gandalf(words: list[str], text: str) -> dict[str, Any]:
    _need(words, 2, "gandalf <card> fwd|back, e.g. gandalf BH20#1 fwd", text)
    return {"kind": "play_gandalf", "card": words[0], "dir": words[1]}


def _scout(words: list[str], text: str) -> dict[str, Any]:
    """``scout <card> die``, ``scout <card> fixed <dwarf>`` (a play), or ``scout <dwarf>`` /
    ``scout discard`` (the choice after the die)."""
    if len(words) == 1:
        return {"kind": "scout_choose", "dwarf": words[0]}
    usage = "scout <card> die, scout <card> fixed <dwarf>, or after the die scout <dwarf> / scout discard"
    if len(words) == 2:
        return {"kind": "play_scout", "card": words[0], "mode": words[1]}
    _need(words, 3, usage, text)
    return {"kind": "play_scout", "card": words[0], "mode": words[1], "dwarf": words[2]}


def _choose(words: list[str], text: str) -> dict[str, Any]:
    _need(words, 1, "choose <dwarf> or choose discard", text)
    return {"kind": "scout_choose", "dwarf": words[0]}


def _offer(words: list[str], text: str) -> dict[str, Any]:
    usage = (
        "offer <partner seat> <card|KEY|NONE> <price card> <price card>, e.g. offer 2 BH02#1 BH01#1 BH03#1"
    )
    _need(words, 4, usage, text)
    if not (words[0].isascii() and words[0].isdecimal() and len(words[0]) <= 2 and int(words[0]) >= 1):
        raise _usage(text, usage)
    # Typed as the seat number every screen shows (seat 2); the action holds the seat's index.
    return {"kind": "trade_offer", "partner": int(words[0]) - 1, "give": words[1], "price": words[2:]}


def _accept(words: list[str], text: str) -> dict[str, Any]:
    _need(words, 1, "accept <card|KEY|NONE>", text)
    return {"kind": "trade_accept", "give": words[0]}


def _draw(words: list[str], text: str) -> dict[str, Any]:
    _need(words, 1, "draw beorn, draw esgaroth or draw treasury", text)
    return {"kind": "draw", "deck": words[0]}


def _limit(words: list[str], text: str) -> dict[str, Any]:
    return {"kind": "discard_to_limit", "cards": words}


def _target(words: list[str], text: str) -> dict[str, Any]:
    _need(words, 1, "target <figure>, e.g. target Y1", text)
    return {"kind": "choose_target", "figure": words[0]}


def _sorrow(words: list[str], text: str) -> dict[str, Any]:
    return {"kind": "sorrow_discard", "cards": words}


def _fight(words: list[str], text: str) -> dict[str, Any]:
    cards, doubled = _doubled(words, "fight <cards…> [double <card>], or fight none", text)
    if [c.lower() for c in cards] == ["none"]:
        cards = []
    return {"kind": "fight_submit", "cards": cards, "doubled": doubled}


def _attack(words: list[str], text: str) -> dict[str, Any]:
    usage = "attack <armour card> <push card> [value], e.g. attack BH11#1 BH07#1"
    if len(words) not in (2, 3):
        raise _usage(text, usage)
    data: dict[str, Any] = {"kind": "smaug_attack", "armour": words[0], "push": words[1]}
    if len(words) == 3:
        data["value"] = words[2]
    return data


def _play(words: list[str], text: str) -> dict[str, Any]:
    _need(words, 1, "play <Treasury card>, e.g. play TR01#1", text)
    return {"kind": "play_treasury", "card": words[0]}


_READERS = {
    "move": _move,
    "skip": _skip,
    "web": _web,
    "free_web": _web,
    "bilbo": _bilbo,
    "elf": _elf,
    "eagle": _eagle,
    "run": _run,
    "gandalf": _gandalf,
    "scout": _scout,
    "choose": _choose,
    "offer": _offer,
    "trade": _offer,
    "accept": _accept,
    "draw": _draw,
    "limit": _limit,
    "discard": _limit,
    "target": _target,
    "sorrow": _sorrow,
    "fight": _fight,
    "attack": _attack,
    "play": _play,
    "treasury": _play,
}


def parse_text(text: str) -> dict[str, Any]:
    """Any typed action (the forms in this module's docstring)."""
    clean = " ".join(text.strip().split())
    if not clean:
        raise BadAction("an empty action", "empty")
    lowered = clean.lower()
    if lowered in _WORDS:
        return dict(_WORDS[lowered])
    verb, *words = re.split(r"[\s,]+", clean)
    reader = _READERS.get(verb.lower())
    if reader is None:
        raise BadAction(
            f"cannot read {text!r}: start with move, skip, web, door, bilbo, elf, eagle, run, gandalf, "
            "scout, offer, accept, decline, end, draw, limit, target, sorrow, fight, attack, play or pass",
            "unreadable",
            text=text,
        )
    return reader([w for w in words if w], clean)
