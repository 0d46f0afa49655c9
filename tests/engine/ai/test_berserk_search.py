"""Berserk's ``search`` player: the worlds it plays in are drawn from its seat's view alone, its
choice is the same in every position its seat cannot tell apart, it plays legal actions to the
end, and it takes what its playouts show."""

from __future__ import annotations

import random
from itertools import islice

from engine.ai import decide, get_policy, policies
from engine.ai.berserk.search import RECRUIT_SLACK, Budget, SearchPolicy, evaluate
from engine.ai.berserk.setup import best_recruits, near_best_recruits
from engine.ai.berserk.world import rebuilt, world
from engine.ai.playout import PolicyChoice, Preferring, playout
from engine.games.berserk.actions import ChooseDeck, ChooseSeat, Recruit
from engine.games.berserk.cards import DECKS
from engine.games.berserk.state import BerserkState
from tests.engine.ai.view_only import assert_sees_only_its_view
from tests.engine.berserk.helpers import GAME, U, position

QUICK = Budget(worlds=1, candidates=2)
"""A search small enough to play whole games in a test."""


def test_search_is_registered_last_so_it_is_the_default() -> None:
    assert policies("berserk")[-1] == "search"


def _game(decks: tuple[str, str], seed: int, players: tuple[str, str]) -> list[BerserkState]:
    """The positions of one game of ``players`` (the deck choice fixed), in order."""
    pairs = zip(decks, players, strict=True)
    lineup = [Preferring(ChooseDeck(deck), get_policy("berserk", name)) for deck, name in pairs]
    moves = playout(GAME, GAME.new(2, seed=seed), random.Random(seed), choose=PolicyChoice(lineup, seed))
    return [played.before for played in moves]


def _hidden(state: BerserkState, seat: int) -> list[tuple[str, str]]:
    """The other side's reserve: what ``seat`` does not know."""
    return sorted((c.uid, c.card) for c in state.creatures if c.owner != seat and c.zone == "reserve")


def test_a_rebuilt_position_is_one_its_seat_cannot_tell_from_the_real_one() -> None:
    checked = 0
    for state in _game(("D3", "D1"), 4, ("baseline", "baseline")):
        if state.phase != "play":
            continue
        for seat in GAME.to_act(state):
            view = GAME.view(state, seat)
            for known in (rebuilt(view), world(view, 11)):
                assert GAME.dump_view(GAME.view(known, seat)) == GAME.dump_view(view)
                assert GAME.private_view(known, seat) == GAME.private_view(state, seat)
                assert sorted(map(repr, GAME.legal_actions(known, seat))) == sorted(
                    map(repr, GAME.legal_actions(state, seat))
                )
            checked += 1
    assert checked > 50


def test_worlds_draw_the_other_sides_reserve_again() -> None:
    """Swamp Brood's baseline keeps its Plague Reaper in reserve: a world may hold other cards
    there, as many, and the real ones are never read."""
    state = next(s for s in _game(("D1", "D3"), 2, ("baseline", "baseline")) if s.phase == "play")
    seat = 0
    assert _hidden(state, seat)
    view = GAME.view(state, seat)
    drawn = {tuple(_hidden(world(view, n), seat)) for n in range(20)}
    assert len(drawn) > 1
    assert all(len(d) == len(_hidden(state, seat)) for d in drawn)


def test_its_choice_is_the_same_in_a_position_redealt_for_its_seat() -> None:
    """For a fixed seed, the decision from a position equals the decision from ``redeal`` of it
    (the other side's reserve and the dice to come drawn again, consistently with what the seat
    knows), and from its view sent through JSON."""
    states = _game(("D2", "D3"), 7, ("baseline", "baseline"))
    checked = changed = 0
    for n, state in enumerate(islice((s for s in states if s.phase == "play"), 0, None, 9)):
        for seat in GAME.to_act(state):
            if len(GAME.legal_actions(state, seat)) < 2:
                continue
            altered = GAME.redeal(state, seat, 100 + n)
            changed += _hidden(altered, seat) != _hidden(state, seat)
            assert_sees_only_its_view(GAME, state, altered, seat, "search", 1000 + n)
            checked += 1
        if checked >= 8:
            break
    assert checked >= 8 and changed >= 1


def test_it_plays_only_legal_actions_to_the_end() -> None:
    lineup = [
        Preferring(ChooseDeck("D4"), SearchPolicy(QUICK)),
        Preferring(ChooseDeck("D1"), get_policy("berserk", "baseline")),
    ]
    state = GAME.new(2, seed=3)
    for played in playout(GAME, state, random.Random(3), choose=PolicyChoice(lineup, 3)):
        templates = GAME.pending(played.before)[0].kind in ("recruit", "place")
        assert templates or played.action in GAME.legal_actions(played.before, played.seat)
        state = played.step.state
    assert GAME.result(state) is not None


def test_the_same_seed_gives_the_same_decision() -> None:
    s = position(p1=[U("troll", "c3"), U("nomad", "b3")], p2=[U("nomad", "c4"), U("hobgoblin", "d4")])
    first = decide(GAME, s, 0, "search", 5)
    assert all(decide(GAME, s, 0, "search", 5) == first for _ in range(3))


def test_it_takes_the_second_seat_when_the_roll_gives_it_the_choice() -> None:
    state = GAME.new(2, seed=1)
    for seat in (0, 1):
        state = GAME.apply(state, seat, ChooseDeck("D1")).state
    (chooser,) = GAME.to_act(state)
    assert decide(GAME, state, chooser, "search", 1) == ChooseSeat("second")


def _recruiting(deck: str) -> BerserkState:
    """A game where seat 0, playing ``deck``, is to recruit."""
    state = GAME.new(2, seed=1)
    for seat in (0, 1):
        state = GAME.apply(state, seat, ChooseDeck((deck, "D1")[seat])).state
    (chooser,) = GAME.to_act(state)
    state = GAME.apply(state, chooser, ChooseSeat("first")).state
    assert GAME.pending(state)[0].kind == "recruit"
    return state


def test_its_army_is_drawn_from_the_seed_among_the_near_best() -> None:
    state = _recruiting("D2")
    armies = near_best_recruits(DECKS["D2"], *DECKS["D2"].budget, RECRUIT_SLACK)
    drawn = [decide(GAME, state, 0, "search", seed) for seed in range(40)]
    assert all(decide(GAME, state, 0, "search", seed) == drawn[seed] for seed in range(5))
    assert all(isinstance(a, Recruit) and a.cards in armies for a in drawn)
    assert len(armies) > 10 and len({a.cards for a in drawn}) >= 10  # Forest Wardens: 34 armies


def test_with_no_slack_its_army_is_one_of_the_most_worth() -> None:
    state = _recruiting("D3")
    player = SearchPolicy(Budget(recruit_slack=0.0))
    army = player.choose(GAME.view(state, 0), GAME.legal_actions(state, 0), random.Random(3)).cards
    assert army == best_recruits(DECKS["D3"], *DECKS["D3"].budget)


def test_a_won_game_is_worth_more_than_any_position() -> None:
    s = position(p1=[U("troll", "c3")], p2=[U("nomad", "c4")])
    won = GAME.resign(s, 1).state
    lost = GAME.resign(s, 0).state
    assert evaluate(won, 0) > evaluate(s, 0) > evaluate(lost, 0)
    assert evaluate(s, 0) == -evaluate(s, 1)


def test_it_strikes_the_last_enemy_when_the_strike_cannot_fail() -> None:
    """A closed, badly wounded Nomad is the last enemy: any hit ends the game, so the strike
    wins in every world; ending the turn would let it open."""
    s = position(p1=[U("troll", "c3")], p2=[U("nomad", "c4", closed=True, wounds=5)])
    assert GAME.dump_action(decide(GAME, s, 0, "search", 1)) == {
        "kind": "strike",
        "attacker": "c3",
        "target": "c4",
    }
