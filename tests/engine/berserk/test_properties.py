"""Properties of Berserk over many positions and games: no illegal payment is ever accepted
(B36), the chain cut stops every loop of triggers (B44), every random game ends within the
round cap (B48, B58), and no window waits on a seat that can only pass (B42)."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import EngineError
from engine.ai.playout import playout
from engine.core.plain import dump_json
from engine.games.berserk import board
from engine.games.berserk.cards import CARDS, Activated
from engine.games.berserk.state import BerserkState
from engine.kits.resolution import Signature
from tests.engine.berserk.helpers import GAME, U, of_kind, position

ACTIVE = sorted({c.slug for c in CARDS.values() if c.parts(Activated)})
"""Cards with an activated ability."""
P1_CELLS = [c for c in board.CELLS if int(c[1]) <= 3]
P2_CELLS = [c for c in board.CELLS if int(c[1]) >= 4]


def _unit(draw: Any, slug: str, cell: str) -> U:
    card = next(c for c in CARDS.values() if c.slug == slug)
    return U(
        slug,
        cell,
        closed=draw(st.booleans()),
        counters=draw(st.integers(0, card.max_counters)),
        wounds=draw(st.integers(0, card.life - 1)),
        poison=draw(st.integers(0, 1)),
    )


@st.composite
def payments(draw: Any) -> tuple[BerserkState, dict[str, Any]]:
    """A position with P1's ability cards in any state, some P2 creatures, and an activation
    that may or may not be legal (any ability of the source, any cell, any X)."""
    mine = draw(st.lists(st.sampled_from(ACTIVE), min_size=1, max_size=4))
    cells = draw(st.lists(st.sampled_from(P1_CELLS), min_size=len(mine), max_size=len(mine), unique=True))
    theirs = draw(st.lists(st.sampled_from(P2_CELLS), min_size=1, max_size=3, unique=True))
    s = position(
        p1=[_unit(draw, slug, cell) for slug, cell in zip(mine, cells, strict=True)],
        p2=[_unit(draw, "nomad", cell) for cell in theirs],
    )
    source = draw(st.sampled_from(cells))
    abilities = sorted({a.id for c in CARDS.values() for a in c.parts(Activated)})
    action = {
        "kind": "activate",
        "unit": source,
        "ability": draw(st.sampled_from(abilities)),
        "targets": draw(st.lists(st.sampled_from(board.CELLS), max_size=1)),
        "x": draw(st.one_of(st.none(), st.integers(0, 4))),
    }
    return s, action


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(payments())
def test_no_illegal_payment_is_ever_accepted(case: tuple[BerserkState, dict[str, Any]]) -> None:
    s, action = case
    before = dump_json(GAME.dump_state(s))
    source = next(c for c in s.creatures if c.cell == action["unit"])
    ability = CARDS[source.card].activated(action["ability"])
    try:
        done = GAME.apply(s, 0, GAME.parse_action(action))
    except EngineError:
        assert dump_json(GAME.dump_state(s)) == before  # refused: nothing changed
        return
    assert ability is not None
    cost = ability.cost
    spent = cost.counters + (action["x"] or 0)
    assert not (cost.close and source.closed), "a closed creature paid by closing"
    assert spent <= source.counters, "counters paid that were not there"
    assert source.wounds + cost.wounds < CARDS[source.card].life, "paid wounds that kill"
    assert of_kind(done.events, "paid") == [
        {"unit": source.uid, "closed": cost.close, "counters": spent, "wounds": cost.wounds}
    ]
    assert of_kind(done.events, "activated")[0]["ability"] == action["ability"]


# -- the chain cut (B44) ----------------------------------------------------------------------------
@st.composite
def webs(draw: Any) -> BerserkState:
    """Boards of Cursed Mages on both sides (each side's counter gains trigger the other's),
    Crypt Masters counting deaths, and a Charon to start a chain, counters anywhere."""

    def side(cells: list[str]) -> list[U]:
        slugs = draw(
            st.lists(st.sampled_from(["cursed_mage", "cursed_mage", "crypt_master", "nomad"]), max_size=5)
        )
        chosen = draw(st.lists(st.sampled_from(cells), min_size=len(slugs), max_size=len(slugs), unique=True))
        return [
            U(slug, cell, counters=draw(st.integers(0, 2))) for slug, cell in zip(slugs, chosen, strict=True)
        ]

    mine = [U("charon", "a1"), *side([c for c in P1_CELLS if c != "a1"])]
    return position(p1=mine, p2=[U("nomad", "e6"), *side([c for c in P2_CELLS if c != "e6"])])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(webs())
def test_the_chain_cut_stops_every_loop_of_triggers(s: BerserkState) -> None:
    step = GAME.apply(s, 0, GAME.parse_action("activate a1 accumulate"))
    events = list(step.events)
    s = step.state
    for _ in range(200):  # answer every trigger declaration by its default
        if GAME.pending(s)[0].kind == "main":
            break
        seat = GAME.to_act(s)[0]
        step = GAME.apply(s, seat, GAME.default_action(s, seat))
        events += step.events
        s = step.state
    assert GAME.pending(s)[0].kind == "main" and s.resolution.idle
    for data in of_kind(events, "resolving"):
        item = data["item"]
        signature = Signature.of(item["ability"], item["source"], item["targets"])
        history = [Signature(h["ability"], h["source"], tuple(h["targets"])) for h in item["history"]]
        assert signature not in history
        assert len(history) == len(set(history))


# -- termination ------------------------------------------------------------------------------------
def test_every_random_game_ends_within_the_round_cap() -> None:
    for seed in range(12):
        cap = 1 + seed % 4 if seed < 8 else 20
        s = GAME.new(2, seed, {"round_cap": cap})
        for played in playout(GAME, s, random.Random(seed), max_moves=20_000):
            s = played.step.state
            pending = GAME.pending(s)
            if pending and pending[0].kind == "respond":  # B42: never a window with only a pass
                assert len(GAME.legal_actions(s, pending[0].seats[0])) >= 2
        result = GAME.result(s)
        assert result is not None and result.reason in ("defeat", "round_cap")
        assert s.round <= cap
