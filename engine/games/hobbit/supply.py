"""Drawing from the supply decks (H3.5): Beorn's House, reshuffled from the discard pile when
empty; Esgaroth and the Treasury, never refilled. A red card resolves at once and is not
replaced; any other card goes to the hand in private."""

from __future__ import annotations

from engine.core.contract import Event
from engine.games.hobbit import smaug
from engine.games.hobbit.cards import is_red
from engine.games.hobbit.data import DeckName
from engine.games.hobbit.piles import give, set_deck
from engine.games.hobbit.state import DrawPhase, HobbitState
from engine.kits.zones import Deck


def can_draw(state: HobbitState, deck: DeckName) -> bool:
    """Whether ``deck`` can supply a card (Beorn's House through a reshuffle too)."""
    if deck == "beorn":
        return bool(state.beorn.cards or state.discard.cards)
    return bool(state.deck(deck).cards)


def options(state: HobbitState, phase: DrawPhase) -> list[DeckName]:
    """H3.5 steps 3–4: Beorn's House, or a deck an unused entitlement points at."""
    found: list[DeckName] = []
    if can_draw(state, "beorn"):
        found.append("beorn")
    if phase.esgaroth and state.esgaroth.cards:
        found.append("esgaroth")
    if phase.treasury and state.treasury.cards:
        found.append("treasury")
    return found


def draw(
    work: HobbitState, seat: int, name: DeckName, events: list[Event], *, window: bool = True
) -> str | None:
    """One card from ``name`` for ``seat``; the card, or ``None`` when nothing could be drawn.
    A red card is revealed and resolved (with a window unless ``window`` is false: setup)."""
    if name == "beorn" and not work.beorn.cards:
        if not work.discard.cards:
            events.append(Event("draw_skipped", {"seat": seat, "deck": name}))
            return None
        deck, work.rng = Deck(work.discard.cards).shuffled(work.rng)  # H3.5 step 5
        events.append(Event("reshuffled", {"cards": len(deck)}))
        work.discard = work.discard.with_cards(())
        work.beorn = deck
    card, rest = work.deck(name).draw()
    set_deck(work, name, rest)
    if is_red(card):
        events.append(Event("red_drawn", {"seat": seat, "deck": name, "card": card}))
        smaug.reveal(work, card, events, to_box=False, window=window)
        return card
    give(work, seat, card)
    events.append(Event("drew", {"seat": seat, "deck": name}))
    events.append(Event("drew_card", {"seat": seat, "deck": name, "card": card}, audience=(seat,)))
    return card
