"""What a stored Hobbit position must hold beyond its fields' bounds (``Game.state_problem``):
a table of the seats' colours with a hand and movement cards each, every card of the game in
exactly one place, the figures of those colours, a game going on only while it is neither won
nor lost (H8.9), and an agenda with the active player's phase at the bottom."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from engine.core.rng import unscripted
from engine.core.stored import first_problem
from engine.games.hobbit.adventures import FIGHT_DEFAULT
from engine.games.hobbit.board import BILBO, FIGURE_ORDER, NUMBERS, SMAUG_PATH, adventure_deck, red_extra
from engine.games.hobbit.cards import INSTANCES, card_of, is_fight, values
from engine.games.hobbit.data import BOARD, Backward, Barrel, Enemy, Passage, SmaugCard, Sorrow, Thrush, Web
from engine.games.hobbit.ending import loss, won
from engine.games.hobbit.figures import counts, fight_cards
from engine.games.hobbit.plays import SCOUT_DISCARD
from engine.games.hobbit.smaug import PASS as SMAUG_PASS
from engine.games.hobbit.state import (
    AttackDecision,
    DrawPhase,
    FightDecision,
    HandLimit,
    HobbitDecision,
    HobbitState,
    MoveCardPhase,
    PlayPhase,
    ScoutChoice,
    SmaugWindow,
    SorrowDecision,
    TargetChoice,
    TradeReply,
)
from engine.games.hobbit.trade import DECLINE, goods_problem
from engine.games.hobbit.turns import END_PHASE2, face_up_cards
from engine.kits.zones import Visibility

Check = Callable[[HobbitState], str | None]

_DWARVES_PER_COLOUR = 2
_EVERY_CARD: Counter[str] = Counter(INSTANCES.keys())


def _table(state: HobbitState) -> str | None:
    """H2.2: the seats' colours, each seat's hand seen by it alone and its movement cards; the
    Key with a seat until the door opens (H1.5); the round within the limit (H8.10)."""
    seats = state.seats
    chosen = state.options.colours or BOARD.colours[:seats]
    if state.colours != chosen or len(set(state.colours)) != seats:
        return f"the colours {''.join(state.colours)}, where the options give {''.join(chosen)}"
    if len(state.hands) != seats or len(state.move_cards) != seats:
        return f"{len(state.hands)} hands and {len(state.move_cards)} movement card sets for {seats} seats"
    for seat, hand in enumerate(state.hands):
        if (hand.visibility, hand.owner) != (Visibility.OWNER, seat):
            return f"seat {seat}'s hand is not its own"
    for seat, flags in enumerate(state.move_cards):
        if len(flags) != len(BOARD.movement_values) or not any(flags):
            return f"seat {seat}'s movement cards"
    piles = [*(deck for _, deck in state.decks()), state.discard, state.box, state.in_play]
    shown = [Visibility.COUNT] * 5 + [Visibility.PUBLIC] * 3
    if any((pile.visibility, pile.owner) != (seen, None) for pile, seen in zip(piles, shown, strict=True)):
        return "a deck or pile is seen by the wrong seats"
    if state.active >= seats or (state.key is not None and state.key >= seats):
        return f"seat {max(state.active, state.key or 0)} at {seats} seats"
    if (state.key is None) != state.door_open:
        return "the Key is held with the door open, or lost with the door shut"
    if state.round > state.options.max_rounds:
        return f"round {state.round} past the limit of {state.options.max_rounds}"
    return None


def _cards(state: HobbitState) -> str | None:
    """H1.7: every card instance lies in one deck, pile or hand, or face up on its deck."""
    found: Counter[str] = Counter(c for c in state.face_up if c is not None)
    for _, deck in state.decks():
        found.update(deck.cards)
    for zone in (state.discard, state.box, state.in_play, *state.hands):
        found.update(zone.cards)
    if found != _EVERY_CARD:
        return "the cards in the decks, piles and hands are not each card once"
    return None


def _figures(state: HobbitState) -> str | None:
    """The dwarves of the colours in play in id order, each its colour's seat's, then Bilbo;
    Smaug on his path or in his lair (H1.2)."""
    colours = state.colours
    expected: list[tuple[str, int | None]] = [
        (f"{c}{n}", colours.index(c))
        for c in BOARD.colours
        if c in colours
        for n in range(1, _DWARVES_PER_COLOUR + 1)
    ]
    expected.append((BILBO, None))
    if [(f.id, f.seat) for f in state.figures] != expected:
        return "the figures are not the dwarves of the colours in play and Bilbo"
    if state.smaug is not None and state.smaug not in SMAUG_PATH:
        return f"Smaug on space {state.smaug}, off his path"
    return None


def _end(state: HobbitState) -> str | None:
    """A game waits for a decision exactly until it ends, and ends as soon as it is lost or won
    (H8.9)."""
    if (state.end is None) != bool(state.agenda):
        return f"the end {state.end!r} with {len(state.agenda)} decisions pending"
    if state.end is None and (loss(state) is not None or won(state)):
        return "the game goes on although it is over"
    return None


def _agenda(state: HobbitState) -> str | None:
    """The active player's phase at the bottom (H3), as the rules make it; interruptions on
    top (H6), each about cards, figures and seats of this game."""
    if not state.agenda:
        return None
    phase, *interruptions = state.agenda
    if phase != _PHASES.get(phase.kind, _never)(state, phase):
        return f"the {phase.kind} decision at the bottom of the agenda"
    for decision in interruptions:
        check = _INTERRUPTIONS.get(decision.kind)
        problem = "is not an interruption" if check is None else check(state, decision)
        if problem is not None:
            return f"a {decision.kind} decision {problem}"
    return None


def _move_card_phase(state: HobbitState, phase: HobbitDecision) -> HobbitDecision:
    first = face_up_cards(state, state.active)[0]
    default = {"kind": "skip_move_card", "card": first, "absent": True}
    return MoveCardPhase(seats=(state.active,), default=default)


def _draw_phase(state: HobbitState, phase: HobbitDecision) -> HobbitDecision | None:
    assert isinstance(phase, DrawPhase)
    if max(phase.esgaroth, phase.treasury) > _DWARVES_PER_COLOUR:
        return None
    return DrawPhase(
        seats=(state.active,), draws_left=phase.draws_left, esgaroth=phase.esgaroth, treasury=phase.treasury
    )


def _never(state: HobbitState, phase: HobbitDecision) -> None:
    return None


_PHASES: dict[str, Callable[[HobbitState, HobbitDecision], HobbitDecision | None]] = {
    "p1": _move_card_phase,
    "p2": lambda state, phase: PlayPhase(seats=(state.active,), default=END_PHASE2),
    "p3": _draw_phase,
    "limit": lambda state, phase: HandLimit(seats=(state.active,)),
}
"""Each phase decision as the rules make it for the active player (H3.2–H3.6)."""


def _target(state: HobbitState, decision: HobbitDecision) -> str | None:
    """H5.6: the active player picks among two or more figures on the card's space, in figure
    order, the figure the card in play then affects (H5.9)."""
    assert isinstance(decision, TargetChoice)
    options = tuple(str(f) for f in decision.options)
    default = {"kind": "choose_target", "figure": options[0]} if options else None
    made = TargetChoice(
        seats=(state.active,), options=options, default=default, card=decision.card, space=decision.space
    )
    if decision != made or len(options) < 2 or len(set(options)) != len(options):
        return "is not one the rules make"
    if decision.card not in state.in_play or not isinstance(card_of(decision.card), _AFFECTING):
        return f"names {decision.card}, which affects no figure now"
    figures = {f.id: f for f in state.figures}
    if any(f not in figures or figures[f].pos != decision.space for f in options):
        return f"offers figures that are not on space {decision.space}"
    if list(options) != sorted(options, key=FIGURE_ORDER.__getitem__):
        return "offers the figures out of order"
    return None


def _scout(state: HobbitState, decision: HobbitDecision) -> str | None:
    """H4.9: after its die, a Scouting card moves an own dwarf of its player, or nothing."""
    assert isinstance(decision, ScoutChoice)
    made = ScoutChoice(seats=decision.seats[:1], default=SCOUT_DISCARD, card=decision.card, die=decision.die)
    if decision != made or not _is(decision.card, "scout"):
        return "is not one the rules make"
    return None


def _fight(state: HobbitState, decision: HobbitDecision) -> str | None:
    """H5.3: an enemy in play fought on a space of its own area by the party that stands there;
    the party's players submit in turn order from the one after the active player, who submits
    last, each once, fight cards at one of their values."""
    assert isinstance(decision, FightDecision)
    made = FightDecision(
        seats=decision.seats[:1],
        default=FIGHT_DEFAULT,
        card=decision.card,
        space=decision.space,
        party=decision.party,
        trigger=decision.trigger,
        after=decision.after,
        submitted=decision.submitted,
    )
    if decision != made:
        return "is not one the rules make"
    enemy = card_of(decision.card) if decision.card in INSTANCES else None
    if decision.card not in state.in_play or not isinstance(enemy, Enemy):
        return f"fights {decision.card}, which is no enemy in play"
    if adventure_deck(decision.space) != enemy.deck:
        return f"fights {decision.card} on space {decision.space}, outside its area"
    figures = {f.id: f for f in state.figures}
    party = decision.party
    if not party or len(set(party)) != len(party) or decision.trigger not in figures:
        return "has no party of figures of this game"
    if any(f not in figures or figures[f].pos != decision.space for f in party):
        return f"has a party that is not on space {decision.space}"
    owners = {figures[f].seat for f in party} - {None}
    n, active = state.seats, state.active
    order = [s for s in ((active + k) % n for k in range(1, n)) if s in owners] + [active]
    if [*(sub.seat for sub in decision.submitted), *decision.seats, *decision.after] != order:
        return "lets seats submit out of the party's order"
    uses = [use for sub in decision.submitted for use in sub.cards]
    if len({use.card for use in uses}) != len(uses) or not all(_fought_with(u.card, u.value) for u in uses):
        return "holds a submission of cards no fight takes"
    return None


def _fought_with(card: str, value: int) -> bool:
    return card in INSTANCES and is_fight(card) and value in values(card)


def _attack(state: HobbitState, decision: HobbitDecision) -> str | None:
    """H7.5: a counting figure of the active player's moved onto Smaug, who holds the two
    fight cards an attack takes."""
    assert isinstance(decision, AttackDecision)
    if decision != AttackDecision(seats=(state.active,), figure=decision.figure):
        return "is not one the rules make"
    moved = next((f for f in state.figures if f.id == decision.figure), None)
    if moved is None or moved.pos is None or moved.pos != state.smaug or not counts(state, moved):
        return f"of {decision.figure}, which is not on Smaug's space"
    if len(fight_cards(state, state.active)) < NUMBERS.attack_cards:
        return f"with fewer than {NUMBERS.attack_cards} fight cards in the active hand"
    return None


def _sorrow(state: HobbitState, decision: HobbitDecision) -> str | None:
    """H5.9: a Sorrow card's player discards as many cards as the card says."""
    assert isinstance(decision, SorrowDecision)
    found = card_of(decision.card) if decision.card in INSTANCES else None
    if not isinstance(found, Sorrow):
        return f"of {decision.card}, which is no Sorrow card"
    if decision != SorrowDecision(seats=decision.seats[:1], card=decision.card, count=found.discards):
        return "is not one the rules make"
    return None


def _trade_reply(state: HobbitState, decision: HobbitDecision) -> str | None:
    """H3.4: the partner answers the active player's offer, made this turn in phase 2 and
    still one the offerer could make with what both hold: accepting it pays the price out of
    the offerer's hand."""
    assert isinstance(decision, TradeReply)
    partner = decision.seats[0]
    made = TradeReply(
        seats=(partner,), default=DECLINE, offerer=decision.offerer, give=decision.give, price=decision.price
    )
    if decision != made or decision.offerer != state.active:
        return "is not one the rules make"
    if state.trade_done or not state.trade_offers or state.agenda[0].kind != "p2":
        return "waits outside the trades of a phase 2"
    problem = goods_problem(state, decision.offerer, partner, decision.give, tuple(decision.price))
    return None if problem is None else f"offers what cannot be traded ({problem})"


def _window(state: HobbitState, decision: HobbitDecision) -> str | None:
    """H6.2, H7.2: the window after a Smaug card in play, with the bonus it could add and no
    more pending steps than the card moves, passed by fewer seats than play."""
    assert isinstance(decision, SmaugWindow)
    made = SmaugWindow(
        seats=decision.seats[:1],
        default=SMAUG_PASS,
        card=decision.card,
        pending=decision.pending,
        bonus=decision.bonus,
        passes=decision.passes,
        mithril=decision.mithril,
        to_box=decision.to_box,
    )
    found = card_of(decision.card) if decision.card in INSTANCES else None
    if decision != made or decision.card not in state.in_play or not isinstance(found, SmaugCard):
        return "is not one the rules make"
    if decision.bonus not in (0, found.bonus) or decision.passes >= state.seats:
        return f"with the bonus {decision.bonus} and {decision.passes} passes"
    options = state.options
    extra = red_extra(state.seats, options.edition, options.difficulty)[found.id] if found.red else 0
    if decision.pending > max(0, found.base + decision.bonus + extra):
        return f"with {decision.pending} steps pending, more than {decision.card} moves"
    return None


def _is(card: str, kind: str) -> bool:
    return card in INSTANCES and card_of(card).kind == kind


_AFFECTING = (Web, Barrel, Passage, Backward, Sorrow, Thrush)
"""The adventure cards that affect one figure (H5.9), which a target choice may be about."""

_INTERRUPTIONS: dict[str, Callable[[HobbitState, HobbitDecision], str | None]] = {
    "target": _target,
    "scout": _scout,
    "fight": _fight,
    "attack": _attack,
    "sorrow": _sorrow,
    "trade_reply": _trade_reply,
    "window": _window,
}
"""What is wrong with an interruption, by its kind: each as the rules make it, and what its
choices and their effects rely on (the cards it names, the figures, the seats in turn, the
numbers it carries)."""


CHECKS: tuple[Check, ...] = (_table, _cards, _figures, _end, _agenda, lambda state: unscripted(state.rng))


def state_problem(state: HobbitState) -> str | None:
    return first_problem(state, CHECKS)
