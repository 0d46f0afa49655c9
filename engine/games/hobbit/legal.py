"""The legal actions of each decision (H10), listed concretely in a stable order.

Copies of one card type are interchangeable, so a choice of cards is listed once per choice of
*types*, made with the lowest instance ids (two Doris: ``BH02#1`` before ``BH02#3``); ``apply``
accepts the same choice made with any copies. Where a card's value or the doubled card changes
nothing but whether the action is allowed (``free_web``), the highest is listed. Dwarf Gold is
added for any holder whenever it may be played (H6.3), whether or not the game waits for them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import chain, combinations_with_replacement, product
from typing import Any

from engine.games.hobbit import supply
from engine.games.hobbit.actions import (
    DISCARD,
    END_PHASE2,
    PASS_WINDOW,
    TRADE_DECLINE,
    ChooseTarget,
    DiscardToLimit,
    Draw,
    FightSubmit,
    FreeWeb,
    HobbitAction,
    OpenDoor,
    PlayBilbo,
    PlayDwarfRun,
    PlayEagle,
    PlayElf,
    PlayGandalf,
    PlayMoveCard,
    PlayScout,
    PlayTreasury,
    ScoutChoose,
    SkipMoveCard,
    SmaugAttack,
    SorrowDiscard,
    TradeAccept,
    TradeOffer,
    UsedCard,
)
from engine.games.hobbit.adventures import doubling_allowed
from engine.games.hobbit.board import BILBO, FINISH, NUMBERS, WEB_STOP
from engine.games.hobbit.cards import (
    INSTANCES,
    KEY,
    MOVE_CARDS,
    NONE,
    by_id,
    card_of,
    highest,
    type_of,
    values,
)
from engine.games.hobbit.data import DwarfGold, StepCard
from engine.games.hobbit.figures import fight_cards, occupancy, own_dwarves
from engine.games.hobbit.moves import voluntary
from engine.games.hobbit.plays import door_problem, gandalf_stop, gold_problem, run_problem
from engine.games.hobbit.smaug import window_card
from engine.games.hobbit.state import (
    AnyDecision,
    DrawPhase,
    FightDecision,
    HobbitState,
    ScoutChoice,
    SmaugWindow,
    SorrowDecision,
    TargetChoice,
    TradeReply,
)
from engine.games.hobbit.turns import face_up_cards
from engine.kits.build import builder

DIRECTIONS = ("FWD", "BACK")
_STILL = frozenset({None, FINISH})
"""The places a figure never leaves: dead, or on FINISH (``voluntary`` refuses both)."""
OPEN_DOOR = OpenDoor()


def legal_actions(state: HobbitState, seat: int) -> list[HobbitAction]:
    if state.end is not None or not 0 <= seat < len(state.colours):  # (``over``, ``seats``)
        return []
    top = state.agenda[-1]
    found = LEGAL[top.kind](state, seat, top) if seat in top.seats else []
    gold = _dwarf_gold(state, seat)
    return found + gold if gold else found


# -- choosing cards ------------------------------------------------------------------------------
def distinct(cards: Iterable[str]) -> list[str]:
    """The lowest instance of each card type, in id order."""
    seen: set[str] = set()
    out = []
    for card in by_id(cards):
        kind = type_of(card)
        if kind not in seen:
            seen.add(kind)
            out.append(card)
    return out


def _groups(cards: Iterable[str]) -> list[list[str]]:
    """The cards by type, each group in id order."""
    groups: dict[str, list[str]] = {}
    for card in by_id(cards):
        groups.setdefault(type_of(card), []).append(card)
    return list(groups.values())


def choices(cards: Iterable[str], k: int) -> Iterator[tuple[str, ...]]:
    """Every choice of ``k`` of ``cards`` that differs in its types, lowest ids first."""
    groups = _groups(cards)

    def walk(i: int, left: int) -> Iterator[tuple[str, ...]]:
        if left == 0:
            yield ()
            return
        if i == len(groups):
            return
        for take in range(min(left, len(groups[i])), -1, -1):
            for rest in walk(i + 1, left - take):
                yield (*groups[i][:take], *rest)

    return walk(0, k)


_used, _submit = builder(UsedCard), builder(FightSubmit)
"""``UsedCard(card, value)`` and ``FightSubmit(cards, doubled, kind)`` without the frozen
``__init__``: a fight lists every set of fight cards of the hand (``engine.kits.build``)."""
FIGHT_SUBMIT = "fight_submit"


def submissions(cards: Iterable[str], *, highest_only: bool = False) -> Iterator[tuple[UsedCard, ...]]:
    """Every set of fight cards that differs in its types and values (a dual card at either
    value; only at its highest with ``highest_only``), the empty set first."""
    per_type: list[list[tuple[UsedCard, ...]]] = []
    for group in _groups(cards):
        options: list[tuple[UsedCard, ...]] = []
        pick = (max(values(group[0])),) if highest_only else values(group[0])
        for n in range(len(group) + 1):
            for chosen in combinations_with_replacement(pick, n):
                options.append(tuple([_used(c, v) for c, v in zip(group[:n], chosen, strict=True)]))
        per_type.append(options)
    for combo in product(*per_type):
        yield tuple(chain.from_iterable(combo))


def _value(used: UsedCard) -> int:
    """The value of a listed card (``submissions`` always states it)."""
    assert used.value is not None
    return used.value


# -- phases 1 and 2 ----------------------------------------------------------------------------
def _move_card_phase(state: HobbitState, seat: int, decision: AnyDecision) -> list[HobbitAction]:
    up = face_up_cards(state, seat)
    # a dead, finished or entangled dwarf moves with no card (``voluntary``): not tried at all
    movable = [f for f in state.figures if f.seat == seat and f.pos not in _STILL and not f.entangled]
    occupied = occupancy(state)  # counted once for every move tried
    found: list[HobbitAction] = []
    for card in up:
        steps = MOVE_CARDS[card][1]
        for dwarf in movable:
            for direction in DIRECTIONS:
                if isinstance(voluntary(state, dwarf, steps, direction == "FWD", seat, occupied), int):
                    found.append(PlayMoveCard(card, dwarf.id, direction))  # type: ignore[arg-type]
    if not found:
        found = [SkipMoveCard(card) for card in up]
    return found + _webs(state, seat) + _door(state, seat)


def _play_phase(state: HobbitState, seat: int, decision: AnyDecision) -> list[HobbitAction]:
    found: list[HobbitAction] = []
    cards = distinct([c for c in state.hands[seat].cards if c not in _NOT_PLAYED])
    if cards:  # else nothing below is asked: a hand of fight cards plays only the rest
        figures = [f for f in state.figures if f.pos is not None]
        dwarves = [f for f in figures if f.id != BILBO]
        own = own_dwarves(state, seat)
        occupied = occupancy(state)  # counted once for every move tried
        for card in cards:
            kind = card_of(card)
            steps = kind.steps if isinstance(kind, StepCard) else 0
            if kind.kind == "bilbo":
                for d in DIRECTIONS:
                    if isinstance(voluntary(state, state.bilbo, steps, d == "FWD", seat, occupied), int):
                        found.append(PlayBilbo(card, d))  # type: ignore[arg-type]
            elif kind.kind == "elf":
                for f in figures:
                    for d in DIRECTIONS:
                        if isinstance(voluntary(state, f, steps, d == "FWD", seat, occupied), int):
                            found.append(PlayElf(card, f.id, d))  # type: ignore[arg-type]
            elif kind.kind == "eagle":
                for f in dwarves:
                    if isinstance(voluntary(state, f, steps, True, seat, occupied), int):
                        found.append(PlayEagle(card, f.id))
            elif kind.kind == "dwarf_run":
                for mine in own:
                    for other in dwarves:
                        if run_problem(state, mine, other) is None:
                            assert mine.pos is not None and other.pos is not None
                            run = other.pos - mine.pos
                            if isinstance(voluntary(state, mine, run, True, seat, occupied), int):
                                found.append(PlayDwarfRun(card, mine.id, other.id))
            elif kind.kind == "gandalf":
                found += [
                    PlayGandalf(card, d)  # type: ignore[arg-type]
                    for d in DIRECTIONS
                    if gandalf_stop(state, d == "FWD") is not None
                ]
            elif kind.kind == "scout":
                found.append(PlayScout(card, "die"))
                for mine in own:
                    if isinstance(voluntary(state, mine, steps, True, seat, occupied), int):
                        found.append(PlayScout(card, "fixed", mine.id))
    return found + _webs(state, seat) + _door(state, seat) + _offers(state, seat) + [END_PHASE2]


_PLAYED = frozenset({"bilbo", "elf", "eagle", "dwarf_run", "gandalf", "scout"})
_NOT_PLAYED: frozenset[str] = frozenset(i for i, c in INSTANCES.items() if c.kind not in _PLAYED)
"""The instances phase 2 plays nothing with (fight cards, Treasury cards, …), most of a hand:
left out before the hand is sorted, as they would list nothing."""


def _webs(state: HobbitState, seat: int) -> list[HobbitAction]:
    """H5.10c: for each own entangled dwarf, every set of fight cards that reaches 20."""
    tangled = [f for f in state.figures if f.seat == seat and f.entangled and f.pos is not None]
    if not tangled:
        return []
    doubling = state.gandalf == WEB_STOP
    found: list[HobbitAction] = []
    for cards in submissions(fight_cards(state, seat), highest_only=True):
        if not cards:
            continue
        top = max(cards, key=_value)
        total = sum(map(_value, cards)) + (_value(top) if doubling else 0)
        if total >= NUMBERS.web_free:
            found += [FreeWeb(f.id, cards, top.card if doubling else None) for f in tangled]
    return found


def _door(state: HobbitState, seat: int) -> list[HobbitAction]:
    return [OPEN_DOOR] if door_problem(state, seat) is None else []


_offer = builder(TradeOffer)
"""``TradeOffer(partner, give, price, kind)`` without the frozen ``__init__``: a play phase lists
dozens of offers (``engine.kits.build``)."""
TRADE_OFFER = "trade_offer"


def _offers(state: HobbitState, seat: int) -> list[HobbitAction]:
    """H3.4: to each partner in turn, each hand card (one per type) at each price, then the
    Key (the holder's), then nothing (to the holder)."""
    if state.trade_done or state.trade_offers >= NUMBERS.trade_offers:
        return []
    hand = state.hands[seat].cards
    menu = _MENUS.get(hand)
    if menu is None:
        if len(_MENUS) >= _MENUS_KEPT:
            _MENUS.clear()
        menu = _MENUS[hand] = _menu(hand)
    cards, bare = menu
    key = state.key
    found: list[HobbitAction] = []
    for partner in range(state.seats):
        if partner != seat:
            found += [_offer(partner, item, price, TRADE_OFFER) for item, price in cards]
            if key == seat:
                found += [_offer(partner, KEY, price, TRADE_OFFER) for price in bare]
            elif key == partner:
                found += [_offer(partner, NONE, price, TRADE_OFFER) for price in bare]
    return found


_Menu = tuple[tuple[tuple[str, tuple[str, ...]], ...], tuple[tuple[str, ...], ...]]
_MENUS: dict[tuple[str, ...], _Menu] = {}
"""``_menu`` by hand. Plain strings of the hand alone, so nothing of a game or a seat: a hand
listed again (after a declined offer or Dwarf Gold, in a later turn, in another game: about
half of the listings of a long run of random games) is not grouped and paired again."""
_MENUS_KEPT = 4096
"""The table is emptied when it grows past this: a bound on memory, not on what is listed."""


def _menu(hand: tuple[str, ...]) -> _Menu:
    """What ``hand`` may give and ask for: each card (the lowest of each type) with each price
    for it, and the prices of the Key or of nothing."""
    groups = _groups(hand)
    cards = tuple((g[0], price) for g in groups for price in _pairs(groups, g[0]))
    return cards, tuple(_pairs(groups, None))


def _pairs(groups: list[list[str]], without: str | None) -> list[tuple[str, ...]]:
    """``choices(…, 2)`` of the grouped cards less ``without``: the trade price (H3.4), the
    listing's largest part, made directly."""
    kept = [g[1:] if g[0] == without else g for g in groups]
    kept = [g for g in kept if g]
    found: list[tuple[str, ...]] = []
    for i, group in enumerate(kept):
        if len(group) >= 2:
            found.append((group[0], group[1]))
        found += [(group[0], other[0]) for other in kept[i + 1 :]]
    return found


# -- phase 3, the hand limit ----------------------------------------------------------------------
def _draw_phase(state: HobbitState, seat: int, decision: AnyDecision) -> list[HobbitAction]:
    assert isinstance(decision, DrawPhase)
    return [Draw(deck.upper()) for deck in supply.options(state, decision)]  # type: ignore[arg-type]


def _hand_limit(state: HobbitState, seat: int, decision: AnyDecision) -> list[HobbitAction]:
    hand = state.hands[seat].cards
    return [DiscardToLimit(c) for c in choices(hand, len(hand) - NUMBERS.hand_limit)]


# -- interruptions ---------------------------------------------------------------------------------
def _target(state: HobbitState, seat: int, decision: AnyDecision) -> list[HobbitAction]:
    assert isinstance(decision, TargetChoice)
    return [ChooseTarget(str(f)) for f in decision.options]


def _scout(state: HobbitState, seat: int, decision: AnyDecision) -> list[HobbitAction]:
    assert isinstance(decision, ScoutChoice)
    found: list[HobbitAction] = [
        ScoutChoose(f.id)
        for f in own_dwarves(state, seat)
        if isinstance(voluntary(state, f, decision.die, True, seat), int)
    ]
    return [*found, ScoutChoose(DISCARD)]


def _fight(state: HobbitState, seat: int, decision: AnyDecision) -> list[HobbitAction]:
    assert isinstance(decision, FightDecision)
    doubling = not decision.after and doubling_allowed(state, decision)
    earlier = [(u.value, u.card) for s in decision.submitted for u in s.cards]
    found: list[HobbitAction] = []
    for cards in submissions(fight_cards(state, seat)):
        found.append(_submit(cards, None, FIGHT_SUBMIT))
        if doubling:
            by_value: dict[int, str] = {}
            for value, card in [*earlier, *((_value(u), u.card) for u in cards)]:
                by_value.setdefault(value, card)
            found += [_submit(cards, card, FIGHT_SUBMIT) for _, card in sorted(by_value.items())]
    return found


def _attack(state: HobbitState, seat: int, decision: AnyDecision) -> list[HobbitAction]:
    fights = fight_cards(state, seat)
    top = max(highest(c) for c in fights)
    found: list[HobbitAction] = []
    for armour in distinct(c for c in fights if highest(c) == top):
        rest = list(fights)
        rest.remove(armour)
        for card in distinct(rest):
            found += [SmaugAttack(armour, card, v) for v in values(card)]
    return found


def _sorrow(state: HobbitState, seat: int, decision: AnyDecision) -> list[HobbitAction]:
    assert isinstance(decision, SorrowDecision)
    return [SorrowDiscard(c) for c in choices(state.hands[seat].cards, decision.count)]


def _trade_reply(state: HobbitState, seat: int, decision: AnyDecision) -> list[HobbitAction]:
    assert isinstance(decision, TradeReply)
    hand = distinct(state.hands[seat].cards)
    key = [KEY] if state.key == seat else []
    if decision.give == NONE:
        backs = key
    elif decision.give == KEY:
        backs = [*hand, NONE]
    else:
        backs = hand + key
    return [TRADE_DECLINE, *(TradeAccept(b) for b in backs)]


def _window(state: HobbitState, seat: int, decision: AnyDecision) -> list[HobbitAction]:
    assert isinstance(decision, SmaugWindow)
    # (filtered before ``distinct``: a card's type decides its prefix, and most hands hold none)
    treasures = distinct([c for c in state.hands[seat].cards if c.startswith("TR")])
    return [PASS_WINDOW, *(PlayTreasury(c) for c in treasures if window_card(state, decision, c) is None)]


DWARF_GOLD: frozenset[str] = frozenset(i for i, c in INSTANCES.items() if isinstance(c, DwarfGold))
"""The Dwarf Gold instances: every listing looks for them in the seat's hand (H6.3)."""


def _dwarf_gold(state: HobbitState, seat: int) -> list[HobbitAction]:
    hand = state.hands[seat].cards
    if DWARF_GOLD.isdisjoint(hand):  # the common case: no Dwarf Gold in hand, nothing to judge
        return []
    gold = [c for c in hand if c in DWARF_GOLD]
    return [PlayTreasury(c) for c in gold if gold_problem(state, seat, c) is None]


LEGAL: dict[str, Callable[[HobbitState, int, Any], list[HobbitAction]]] = {
    "p1": _move_card_phase,
    "p2": _play_phase,
    "p3": _draw_phase,
    "limit": _hand_limit,
    "target": _target,
    "scout": _scout,
    "fight": _fight,
    "attack": _attack,
    "sorrow": _sorrow,
    "trade_reply": _trade_reply,
    "window": _window,
}
"""The legal actions of the seat a decision waits for, by its kind."""
