"""The active player's plays in phases 1 and 2 (H3.2, H3.3): the movement card or its skip,
hand movement cards (H4.9), Gandalf, ``free_web`` (H5.10c), ``open_door`` (H4.8), and Dwarf
Gold played at any time by any holder (H6.3)."""

from __future__ import annotations

from engine.core.contract import Event
from engine.core.decisions import push
from engine.core.errors import IllegalAction
from engine.games.hobbit import smaug
from engine.games.hobbit.actions import (
    DISCARD,
    FreeWeb,
    PlayBilbo,
    PlayDwarfRun,
    PlayEagle,
    PlayElf,
    PlayGandalf,
    PlayMoveCard,
    PlayScout,
    SkipMoveCard,
)
from engine.games.hobbit.adventures import read_cards
from engine.games.hobbit.arrival import arrive
from engine.games.hobbit.board import BILBO, GANDALF_STOPS, KEY_SPACE, NUMBERS, WEB_STOP
from engine.games.hobbit.cards import MOVE_CARDS, card_of
from engine.games.hobbit.data import AnyCard, DwarfGold, DwarfRun, GandalfCard, StepCard
from engine.games.hobbit.figures import counting_on, own_dwarves
from engine.games.hobbit.moves import free, refusal, voluntary
from engine.games.hobbit.piles import discard
from engine.games.hobbit.state import (
    AttackDecision,
    Figure,
    HobbitState,
    ScoutChoice,
    SmaugWindow,
    TradeReply,
)
from engine.games.hobbit.turns import face_up_cards, to_phase2, turn_down

SCOUT_DISCARD = {"kind": "scout_choose", "dwarf": DISCARD}


# -- phase 1 (H3.2) ---------------------------------------------------------------------------
def own_move_card(state: HobbitState, seat: int, card: str) -> int:
    """The value of one of the seat's face-up movement cards; else why not."""
    found = MOVE_CARDS.get(card)
    if found is None or found[0] != state.colours[seat]:
        raise IllegalAction(f"{card} is not one of your movement cards", "not_your_card", card=card)
    if card not in face_up_cards(state, seat):
        raise IllegalAction(f"{card} is face down", "face_down", card=card)
    return MOVE_CARDS[card][1]


def own_dwarf(state: HobbitState, seat: int, dwarf: str) -> Figure:
    for f in state.figures:  # (``own_dwarves`` without making the tuple: every move asks)
        if f.id == dwarf and f.seat == seat:
            return f
    raise IllegalAction(f"{dwarf} is not one of your dwarves", "not_your_dwarf", figure=dwarf)


def any_move(state: HobbitState, seat: int) -> bool:
    """Whether some face-up card, own dwarf and direction make a legal move (H3.2)."""
    for card in face_up_cards(state, seat):
        steps = MOVE_CARDS[card][1]
        for dwarf in own_dwarves(state, seat):
            for forward in (True, False):
                if isinstance(voluntary(state, dwarf, steps, forward, seat), int):
                    return True
    return False


def _legal_target(state: HobbitState, figure: Figure, steps: int, forward: bool) -> int:
    target = voluntary(state, figure, steps, forward, state.active)
    if isinstance(target, str):
        raise IllegalAction(refusal(target, figure.id, state), target, figure=figure.id)
    return target


def play_move_card(work: HobbitState, seat: int, action: PlayMoveCard, events: list[Event]) -> None:
    steps = own_move_card(work, seat, action.card)
    dwarf = own_dwarf(work, seat, action.figure)
    forward = action.dir == "FWD"
    target = _legal_target(work, dwarf, steps, forward)
    turn_down(work, seat, action.card, events)
    events.append(Event("move_card_played", {"seat": seat, "card": action.card}))
    to_phase2(work)
    arrive(work, dwarf.id, target, forward, "move_card", events)


def skip_move_card(work: HobbitState, seat: int, action: SkipMoveCard, events: list[Event]) -> None:
    own_move_card(work, seat, action.card)
    if not action.absent and any_move(work, seat):
        raise IllegalAction("a movement-card move is possible, so you must move", "move_possible")
    turn_down(work, seat, action.card, events)
    events.append(Event("move_card_skipped", {"seat": seat, "card": action.card}))
    to_phase2(work)


def free_web(work: HobbitState, seat: int, action: FreeWeb, events: list[Event]) -> None:
    """H5.10c: the owner discards fight cards totalling 20 or more (one doubled with Gandalf
    at the Mirkwood stop) and frees one entangled dwarf."""
    dwarf = own_dwarf(work, seat, action.dwarf)
    if not dwarf.entangled or dwarf.pos is None:
        raise IllegalAction(f"{dwarf.id} is not entangled", "not_entangled", figure=dwarf.id)
    uses = read_cards(work, seat, action.cards)
    total = sum(u.value for u in uses)
    if action.doubled is not None:
        if work.gandalf != WEB_STOP:
            raise IllegalAction("Gandalf is not at the Mirkwood stop: no card is doubled", "no_gandalf")
        doubled = next((u for u in uses if u.card == action.doubled), None)
        if doubled is None:
            raise IllegalAction(
                f"{action.doubled} is not among the cards", "not_submitted", card=action.doubled
            )
        total += doubled.value
    if total < NUMBERS.web_free:
        raise IllegalAction(
            f"the cards total {total}; freeing a dwarf takes {NUMBERS.web_free}", "too_little", total=total
        )
    cards = [u.card for u in uses]
    discard(work, seat, *cards)
    events.append(Event("discarded", {"seat": seat, "cards": cards, "why": "free_web"}))
    free(work, dwarf, "cards", events)


def door_problem(state: HobbitState, seat: int) -> str | None:
    if state.key != seat:
        return "you do not hold Thorin's Key"
    if not any(f.pos == KEY_SPACE for f in own_dwarves(state, seat)):
        return "none of your dwarves stands on the door (44)"
    return None


def open_door(work: HobbitState, seat: int, events: list[Event]) -> None:
    problem = door_problem(work, seat)
    if problem is not None:
        raise IllegalAction(problem, "cannot_open")
    work.door_open = True
    work.key = None
    events.append(Event("door_opened", {"seat": seat}))


# -- phase 2: hand movement cards (H4.9) and Gandalf -----------------------------------------------
def hand_card(state: HobbitState, seat: int, card: str, kind: str) -> AnyCard:
    if card not in state.hands[seat].cards:
        raise IllegalAction(f"{card} is not in your hand", "not_in_hand", card=card)
    found = card_of(card)
    if found.kind != kind:
        raise IllegalAction(
            f"{card} is {found.name}, not a {kind.replace('_', ' ')} card", "wrong_card", card=card
        )
    return found


def _steps(state: HobbitState, seat: int, card: str, kind: str) -> int:
    found = hand_card(state, seat, card, kind)
    assert isinstance(found, StepCard)
    return found.steps


def _moving(
    work: HobbitState,
    seat: int,
    card: str,
    figure: Figure,
    steps: int,
    forward: bool,
    cause: str,
    events: list[Event],
) -> None:
    target = _legal_target(work, figure, steps, forward)
    discard(work, seat, card)
    events.append(Event("card_played", {"seat": seat, "card": card, "figure": figure.id}))
    arrive(work, figure.id, target, forward, cause, events)


def play_bilbo(work: HobbitState, seat: int, action: PlayBilbo, events: list[Event]) -> None:
    steps = _steps(work, seat, action.card, "bilbo")
    _moving(work, seat, action.card, work.bilbo, steps, action.dir == "FWD", "bilbo", events)


def _figure(state: HobbitState, figure_id: str, *, bilbo: bool) -> Figure:
    try:
        figure = state.figure(figure_id)
    except KeyError:
        raise IllegalAction(
            f"there is no figure {figure_id} in this game", "no_figure", figure=figure_id
        ) from None
    if figure.id == BILBO and not bilbo:
        raise IllegalAction("this card moves a dwarf, not Bilbo", "not_a_dwarf", figure=figure_id)
    return figure


def play_elf(work: HobbitState, seat: int, action: PlayElf, events: list[Event]) -> None:
    steps = _steps(work, seat, action.card, "elf")
    figure = _figure(work, action.figure, bilbo=True)
    _moving(work, seat, action.card, figure, steps, action.dir == "FWD", "elf", events)


def play_eagle(work: HobbitState, seat: int, action: PlayEagle, events: list[Event]) -> None:
    steps = _steps(work, seat, action.card, "eagle")
    figure = _figure(work, action.dwarf, bilbo=False)
    _moving(work, seat, action.card, figure, steps, True, "eagle", events)


def run_problem(state: HobbitState, dwarf: Figure, target: Figure) -> str | None:
    """H4.9 Dwarf run: ``target`` is another dwarf ahead, alone on its space."""
    if target.id == dwarf.id or target.id == BILBO:
        return "a dwarf runs onto another dwarf"
    if dwarf.pos is None or target.pos is None or target.pos <= dwarf.pos:
        return f"{target.id} is not ahead of {dwarf.id}"
    if counting_on(state, target.pos) != 1:
        return f"{target.id} does not stand alone on {target.pos}"
    return None


def play_dwarf_run(work: HobbitState, seat: int, action: PlayDwarfRun, events: list[Event]) -> None:
    found = hand_card(work, seat, action.card, "dwarf_run")
    assert isinstance(found, DwarfRun)
    dwarf = own_dwarf(work, seat, action.dwarf)
    target = _figure(work, action.target, bilbo=False)
    problem = run_problem(work, dwarf, target)
    if problem is not None:
        raise IllegalAction(problem, "bad_run", figure=target.id)
    assert dwarf.pos is not None and target.pos is not None
    _moving(work, seat, action.card, dwarf, target.pos - dwarf.pos, True, "dwarf_run", events)


def gandalf_stop(state: HobbitState, forward: bool) -> int | None:
    stop = state.gandalf + (1 if forward else -1)
    return stop if 0 <= stop < len(GANDALF_STOPS) else None


def play_gandalf(work: HobbitState, seat: int, action: PlayGandalf, events: list[Event]) -> None:
    found = hand_card(work, seat, action.card, "gandalf")
    assert isinstance(found, GandalfCard)
    stop = gandalf_stop(work, action.dir == "FWD")
    if stop is None:
        raise IllegalAction(f"Gandalf is at {GANDALF_STOPS[work.gandalf]}, the end of his path", "path_end")
    discard(work, seat, action.card)
    events.append(
        Event(
            "gandalf_moved",
            {
                "seat": seat,
                "card": action.card,
                "from": GANDALF_STOPS[work.gandalf],
                "to": GANDALF_STOPS[stop],
            },
        )
    )
    work.gandalf = stop


def play_scout(work: HobbitState, seat: int, action: PlayScout, events: list[Event]) -> None:
    steps = _steps(work, seat, action.card, "scout")
    if action.mode == "fixed":
        if action.dwarf is None:
            raise IllegalAction("name the dwarf a fixed Scouting moves", "no_dwarf")
        dwarf = own_dwarf(work, seat, action.dwarf)
        _moving(work, seat, action.card, dwarf, steps, True, "scout", events)
        return
    if action.dwarf is not None:
        raise IllegalAction("with the die, choose the dwarf after the roll", "dwarf_given")
    discard(work, seat, action.card)
    die, work.rng = work.rng.die()
    events.append(Event("scout_rolled", {"seat": seat, "card": action.card, "die": die}))
    choice = ScoutChoice(seats=(seat,), default=SCOUT_DISCARD, card=action.card, die=die)
    work.agenda = push(work.agenda, choice)


def scout_choose(work: HobbitState, seat: int, dwarf_id: str, events: list[Event]) -> None:
    choice = work.agenda[-1]
    assert isinstance(choice, ScoutChoice)
    if dwarf_id == DISCARD:
        work.agenda = work.agenda[:-1]
        events.append(Event("scout_discarded", {"seat": seat, "card": choice.card}))
        return
    dwarf = own_dwarf(work, seat, dwarf_id)
    target = _legal_target(work, dwarf, choice.die, True)
    work.agenda = work.agenda[:-1]
    events.append(Event("scout_moved", {"seat": seat, "figure": dwarf.id, "die": choice.die}))
    arrive(work, dwarf.id, target, True, "scout", events)


# -- Dwarf Gold at any time (H6.3) ------------------------------------------------------------------
def gold_problem(state: HobbitState, seat: int, card: str) -> str | None:
    """Why ``seat`` cannot play ``card`` as Dwarf Gold outside a window now, or ``None``."""
    if state.over:
        return "the game is over"
    if card not in state.hands[seat].cards:
        return f"{card} is not in your hand"
    if not isinstance(card_of(card), DwarfGold):
        return "only Dwarf Gold is played outside a Smaug window"
    top = state.agenda[-1]
    if isinstance(top, SmaugWindow):
        return "in a Smaug window, Treasury cards are played in turn"
    if isinstance(top, AttackDecision):
        return "Smaug cannot be moved while an attack is pending"
    if state.smaug is None:
        return "Smaug is in his lair"
    if isinstance(top, TradeReply) and top.offerer == seat and card in (top.give, *top.price):
        return f"{card} is part of your pending trade offer"
    return None


def dwarf_gold(work: HobbitState, seat: int, card: str, events: list[Event]) -> None:
    problem = gold_problem(work, seat, card)
    if problem is not None:
        raise IllegalAction(problem, "not_playable", card=card)
    found = card_of(card)
    assert isinstance(found, DwarfGold)
    discard(work, seat, card)
    events.append(Event("treasury_played", {"seat": seat, "card": card, "pending": None}))
    smaug.driven_back(work, found.steps, "dwarf_gold", events)
