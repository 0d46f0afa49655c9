"""The worked examples X1–X12 of the Berserk rules, with the dice fixed in advance. Seat 0 is
P1 and starts in his main phase unless an example says otherwise; ``A`` and ``D`` are the
attacker's and the struck creature's dice before experience."""

from __future__ import annotations

from collections import Counter

import pytest

from engine import IllegalAction
from engine.core.contract import TURN_STARTED
from engine.games.berserk import OrderTriggers
from engine.games.berserk.attacks import open_outcome
from tests.engine.berserk.helpers import GAME, U, at, kinds, of_kind, play, position, step, unit, waiting


# -- X1: modifier order ----------------------------------------------------------------------------
@pytest.mark.parametrize("a", [3, 5])
def test_x1_modifier_order_ends_in_set_to_one(a: int) -> None:
    s = position(
        p1=[U("gnome_king", "b3"), U("gnome_basaarg", "c3")], p2=[U("murk", "c4", closed=True)], dice=[a]
    )
    s, events = step(s, "strike c3 c4")
    hit = of_kind(events, "strike_resolved")[0]
    # A + AE1 = 4 → medium (3), or 6 → strong (4); (a) +1 king; (b) +1 formation, +1 against
    # closed; (e) Murk sets it to 1
    assert (hit["level"], hit["value"]) == ("medium" if a == 3 else "strong", 1)
    assert hit["modifiers"] == [
        ["P1.gnome_king.1", "add", 1, "a"],
        ["P1.gnome_basaarg.1", "add", 1, "b"],
        ["P1.gnome_basaarg.1", "add", 1, "b"],
        ["P2.murk.1", "set", 1, "d"],
    ]
    assert at(s, "c4").wounds == 1
    assert at(s, "c3").wounds == 0 and at(s, "c3").closed  # no counter-strike; the Basaarg paid by closing
    assert of_kind(events, "dice")[0]["a"] == a + 1 and "d" not in of_kind(events, "dice")[0]


def test_x1_the_hunt_skips_the_defender_step_only_against_a_closed_target() -> None:
    guard = U("nomad", "d4")  # adjacent to both c3 and c4: eligible as a defender
    s = position(p1=[U("gnome_basaarg", "c3")], p2=[U("murk", "c4", closed=True), guard], dice=[3])
    assert waiting(play(s, "strike c3 c4")) == ["main"]
    s = position(p1=[U("gnome_basaarg", "c3")], p2=[U("murk", "c4"), guard])
    assert waiting(play(s, "strike c3 c4")) == ["assign_defender"]


# -- X2: Lekken ---------------------------------------------------------------------------------------
def test_x2_lekken_defends_twice_and_stays_open() -> None:
    s = position(
        p1=[U("nomad", "b3"), U("nomad", "d3")],
        p2=[U("lekken", "c4"), U("nomad", "b4"), U("nomad", "d4")],
        dice=[5, 2, 3, 5],
    )
    s = play(s, "strike b3 b4")
    assert [a.unit for a in GAME.legal_actions(s, 1)] == [None, "c4"]
    s = play(s, "defend c4")
    assert at(s, "c4").wounds == 2 and at(s, "b3").wounds == 2 and not at(s, "c4").closed
    s = play(s, "strike d3 d4")
    assert [a.unit for a in GAME.legal_actions(s, 1)] == [None, "c4"]
    s = play(s, "defend c4")
    assert at(s, "c4").wounds == 2 and not at(s, "c4").closed
    assert (at(s, "b3").wounds, at(s, "d3").wounds) == (2, 2)
    assert at(s, "b3").closed and at(s, "d3").closed


def test_x2_control_an_ordinary_defender_closes_and_defends_once() -> None:
    s = position(
        p1=[U("nomad", "b3"), U("nomad", "d3")],
        p2=[U("nomad", "c4"), U("nomad", "b4"), U("nomad", "d4")],
        dice=[5, 2, 3, 5],
    )
    s = play(s, "strike b3 b4", "defend c4")
    assert at(s, "c4").closed and at(s, "c4").wounds == 2  # d = +3: medium 2, no counter
    s = play(s, "strike d3 d4")
    assert waiting(s) == ["main"]  # no eligible defender: the strike resolved at once
    assert at(s, "d4").wounds == 0 and at(s, "d3").wounds == 0  # A 3, D 5 (no DE): d = −2, a mutual miss


# -- X3: Charon and the Cursed Mages ---------------------------------------------------------------
def test_x3_the_chain_stops_before_the_first_repetition() -> None:
    s = position(p1=[U("charon", "a2"), U("cursed_mage", "e2")], p2=[U("cursed_mage", "c5")])
    s, events = step(s, "activate a2 accumulate")
    assert (at(s, "a2").counters, at(s, "e2").counters, at(s, "c5").counters) == (1, 1, 1)
    assert at(s, "a2").closed and s.resolution.idle and waiting(s) == ["main"]
    resolved = [(d["item"]["ability"], d["item"]["source"]) for d in of_kind(events, "resolving")]
    assert resolved == [
        ("accumulate", "P1.charon.1"),
        ("echo", "P2.cursed_mage.1"),
        ("echo", "P1.cursed_mage.1"),
    ]
    dropped = of_kind(events, "trigger_dropped")
    assert [(d["trigger"]["source"], d["reason"]) for d in dropped] == [("P2.cursed_mage.1", "repetition")]


# -- X4: clamp at 0 ------------------------------------------------------------------------------------
def x4(*nomad: U, dice: tuple[int, ...] = (6, 1)):  # type: ignore[no-untyped-def]
    return position(
        p1=[U("monk_of_targ", "c3", wounds=2), U("tree_keeper", "b2"), U("ingri", "d2")],
        p2=list(nomad) or [U("nomad", "c4")],
        dice=dice,
    )


def test_x4_sap_shows_zero_and_battle_cry_brings_it_back() -> None:
    s = play(x4(), "activate b2 sap c3")
    assert waiting(s) == ["respond"] and GAME.to_act(s) == (0,)  # Ingri could answer: P1 is asked
    s = play(s, "pass", "pass")
    monk = GAME.view(s, None).field[[u.cell for u in GAME.view(s, None).field].index("c3")]
    assert at(s, "c3").wounds == 0 and monk.strike == (0, 0, 0) and monk.raw_strike == (-1, -1, -1)
    s = play(s, "activate d2 battle_cry c3")
    monk = next(u for u in GAME.view(s, None).field if u.cell == "c3")
    assert monk.strike == (1, 1, 1)
    s, events = step(s, "strike c3 c4")
    hit = of_kind(events, "strike_resolved")[0]
    assert (hit["level"], hit["value"]) == ("strong", 1) and at(s, "c4").wounds == 1


def test_x4b_without_battle_cry_the_strong_strike_is_worth_zero() -> None:
    s = play(x4(), "activate b2 sap c3", "pass", "pass", "strike c3 c4")
    assert waiting(s) == ["respond"]  # Ingri is open and could still answer
    s, events = step(s, "pass")
    hit = of_kind(events, "strike_resolved")[0]
    assert (hit["level"], hit["raw"], hit["value"]) == ("strong", -1, 0) and at(s, "c4").wounds == 0


def test_x4c_battle_cry_declared_in_the_window_after_the_strike() -> None:
    s = play(x4(), "activate b2 sap c3", "pass", "pass", "strike c3 c4")
    assert waiting(s) == ["respond"] and s.resolution.stack[-1].kind == "strike"
    s, events = step(s, "activate d2 battle_cry c3")
    assert [d["item"]["ability"] for d in of_kind(events, "resolving")] == ["battle_cry", "strike"]
    assert at(s, "c4").wounds == 1


def test_x4d_set_to_one_cannot_raise_and_the_clamp_gives_zero() -> None:
    s = play(
        x4(U("murk", "c4", closed=True), dice=(6,)), "activate b2 sap c3", "pass", "pass", "strike c3 c4"
    )
    s, events = step(s, "pass")
    hit = of_kind(events, "strike_resolved")[0]
    assert (hit["level"], hit["raw"], hit["value"]) == ("strong", -1, 0) and at(s, "c4").wounds == 0


# -- X5: simultaneous Hire triggers; targets checked only at declaration ----------------------------
def test_x5_a_target_cured_before_the_reaper_executes_is_destroyed_anyway() -> None:
    s = position(
        p1=[U("nomad", "a3"), U("plague_reaper")],
        p2=[U("nomad", "c4", poison=1), U("nomad", "a4"), U("herbalist")],
        active=1,
    )
    s = play(s, "end")
    assert sorted(waiting(s)) == ["muster", "muster"] and s.round == 2
    s = play(s, "muster P1.plague_reaper.1 b1", seat=0)
    s = play(s, "muster P2.herbalist.1 e6", seat=1)
    assert waiting(s) == ["order_triggers"] and GAME.to_act(s) == (1,)  # B41: the non-active seat first
    cure = next(
        a
        for a in GAME.legal_actions(s, 1)
        if isinstance(a, OrderTriggers) and a.entries and a.entries[0].targets == ("c4",)
    )
    s = play(s, cure)
    assert [(i.ability, i.targets) for i in s.resolution.queue] == [("hire_cure", ("P2.nomad.1",))]
    assert GAME.to_act(s) == (0,)
    reap = [a for a in GAME.legal_actions(s, 0) if a.entries]  # type: ignore[union-attr]
    assert [[(e.ref, e.targets) for e in a.entries] for a in reap] == [[(reap[0].entries[0].ref, ("c4",))]]
    s, events = step(s, reap[0])
    assert [d["item"]["ability"] for d in of_kind(events, "resolving")] == ["hire_cure", "hire_reap"]
    nomad = unit(s, "P2.nomad.1")
    assert nomad.zone == "graveyard" and of_kind(events, "cured") == [{"unit": "P2.nomad.1"}]
    assert TURN_STARTED in kinds(events) and waiting(s) == ["main"] and GAME.to_act(s) == (0,)


# -- X6: ordinary defenders and a defender trigger ----------------------------------------------------
def test_x6_bjorn_mends_before_the_strike_then_closes() -> None:
    s = position(
        p1=[U("nomad", "c3"), U("nomad", "b3")],
        p2=[U("nomad", "c4", wounds=3), U("bjorn", "b4"), U("nomad", "c5")],
        dice=[4, 4, 2, 6],
    )
    s = play(s, "strike c3 c4")
    assert [a.unit for a in GAME.legal_actions(s, 1)] == [None, "b4"]
    s, events = step(s, "defend b4")
    assert [d["item"]["ability"] for d in of_kind(events, "resolving")] == ["bjorn_mend", "strike"]
    assert at(s, "c4").wounds == 1 and at(s, "b4").wounds == 1 and at(s, "b4").closed
    s = play(s, "strike b3 c4")
    assert waiting(s) == ["main"]  # nobody eligible: Bjorn is closed, the c5 Nomad not adjacent to b3
    assert (at(s, "c4").wounds, at(s, "b4").wounds, at(s, "b3").wounds) == (2, 1, 2)


# -- X7: the strike table -------------------------------------------------------------------------------
TABLE_X7 = {
    5: (3, 0),
    4: (3, 1),
    3: (2, 0),
    2: (2, 1),
    1: (1, 0),
    -1: (1, 0),
    -2: (0, 0),
    -3: (0, 1),
    -4: (1, 2),
    -5: (0, 2),
}


@pytest.mark.parametrize("a", range(1, 7))
@pytest.mark.parametrize("d", range(1, 7))
def test_x7_a_nomad_strikes_an_open_nomad(a: int, d: int) -> None:
    s = play(position(p1=[U("nomad", "c3")], p2=[U("nomad", "c4")], dice=[a, d]), "strike c3 c4")
    diff = a - d
    expected = ((1, 0) if a <= 4 else (0, 1)) if diff == 0 else TABLE_X7[max(-5, min(5, diff))]
    assert (at(s, "c4").wounds, at(s, "c3").wounds) == expected


B32_COUNTS = {
    ("weak", None): 14,
    (None, "weak"): 5,
    (None, None): 4,
    ("medium", "weak"): 4,
    ("medium", None): 3,
    ("weak", "medium"): 2,
    ("strong", "weak"): 2,
    (None, "medium"): 1,
    ("strong", None): 1,
}
"""B32: how often each (strike, counter-strike) comes out of the 36 unmodified rolls."""


def test_b32_the_36_rolls_reproduce_the_table_counts() -> None:
    names = {None: None, 0: "weak", 1: "medium", 2: "strong"}
    outcomes = Counter(
        tuple(names[level] for level in open_outcome(a, d)) for a in range(1, 7) for d in range(1, 7)
    )
    assert outcomes == Counter(B32_COUNTS)


@pytest.mark.parametrize(("a", "wounds"), [(1, 1), (2, 1), (3, 1), (4, 2), (5, 2), (6, 3)])
def test_x7_a_nomad_strikes_a_closed_nomad(a: int, wounds: int) -> None:
    s = play(position(p1=[U("nomad", "c3")], p2=[U("nomad", "c4", closed=True)], dice=[a]), "strike c3 c4")
    assert (at(s, "c4").wounds, at(s, "c3").wounds) == (wounds, 0)


# -- X8: branching chain cutoff ---------------------------------------------------------------------------
def test_x8_each_causal_path_stops_at_its_own_repetition() -> None:
    s = position(
        p1=[U("charon", "a2"), U("cursed_mage", "e2")], p2=[U("cursed_mage", "b5"), U("cursed_mage", "d5")]
    )
    s = play(s, "activate a2 accumulate")
    assert waiting(s) == ["order_triggers"] and GAME.to_act(s) == (1,)  # two different triggers: P2 orders
    ma, mb = (i.ref for i in sorted(s.resolution.raised, key=lambda t: t.source))
    s, events = step(
        s,
        {
            "kind": "order_triggers",
            "entries": [{"ref": ma, "targets": ["b5"]}, {"ref": mb, "targets": ["d5"]}],
        },
    )
    names = {"P1.cursed_mage.1": "M1", "P2.cursed_mage.1": "Ma", "P2.cursed_mage.2": "Mb"}
    done = [d["item"] for d in of_kind(events, "resolving")]
    history = [(names[i["source"]], sorted(names[h["source"]] for h in i["history"])) for i in done]
    assert history == [
        ("Ma", []),
        ("Mb", []),
        ("M1", ["Ma"]),
        ("M1", ["Mb"]),
        ("Mb", ["M1", "Ma"]),
        ("Ma", ["M1", "Mb"]),
    ]
    dropped = [names[d["trigger"]["source"]] for d in of_kind(events, "trigger_dropped")]
    assert dropped == ["Ma", "Mb", "M1", "M1"]
    assert [at(s, c).counters for c in ("a2", "e2", "b5", "d5")] == [1, 2, 2, 2]


# -- X9: a level modifier suppresses a level feature ------------------------------------------------------
def test_x9_murk_reduces_to_weak_so_venom_does_not_trigger() -> None:
    s = position(p1=[U("hedd", "c3")], p2=[U("murk", "b4"), U("nomad", "c4")], dice=[6, 1])
    s = play(s, "strike c3 c4")
    assert waiting(s) == ["assign_defender"]
    s, events = step(s, "defend none")
    assert of_kind(events, "strike_resolved")[0]["level"] == "weak"
    assert at(s, "c4").wounds == 2 and at(s, "c4").poison == 0
    assert "resolving" in kinds(events) and len(of_kind(events, "resolving")) == 1


def test_x9_control_without_murk_venom_poisons() -> None:
    s = play(position(p1=[U("hedd", "c3")], p2=[U("nomad", "c4")], dice=[6, 1]), "strike c3 c4")
    assert at(s, "c4").wounds == 3 and at(s, "c4").poison == 1


# -- X10: payment failure -------------------------------------------------------------------------------
def test_x10a_a_cost_that_cannot_be_paid_is_rejected_and_changes_nothing() -> None:
    s = position(p1=[U("charon", "a2", counters=2)], p2=[U("nomad", "b4")])
    before = GAME.dump_state(s)
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, GAME.parse_action("activate a2 last_passage b4"))
    assert refused.value.code == "cannot_pay"
    assert GAME.dump_state(s) == before and not at(s, "a2").closed


def test_x10b_shelter_alters_the_payment_so_the_bolt_does_not_execute() -> None:
    s = position(p1=[U("blood_witch", "c2"), U("tomb_sentinel", "c1")], p2=[U("nomad", "c4")])
    s, events = step(s, "activate c2 blood_bolt c4")
    assert at(s, "c2").closed and at(s, "c2").wounds == 1 and at(s, "c4").wounds == 0
    assert of_kind(events, "activated")[0]["paid_in_full"] is False
    assert of_kind(events, "not_executed")[0]["ability"] == "blood_bolt"


def test_x10c_paid_wounds_must_leave_the_payer_alive() -> None:
    s = position(p1=[U("blood_witch", "c2", wounds=6)], p2=[U("nomad", "c4")])
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, GAME.parse_action("activate c2 blood_bolt c4"))
    assert refused.value.code == "cannot_pay"
    assert not any(a.kind == "activate" for a in GAME.legal_actions(s, 0))


# -- X11: card text beats rules --------------------------------------------------------------------------
def test_x11_baraka_strikes_without_closing_but_only_once() -> None:
    s = play(position(p1=[U("baraka", "c3")], p2=[U("nomad", "c4")], dice=[4, 1]), "strike c3 c4")
    assert at(s, "c4").wounds == 4 and not at(s, "c3").closed
    assert GAME.parse_action("move c3 d3") in GAME.legal_actions(s, 0)
    s = play(s, "move c3 d3")
    with pytest.raises(IllegalAction) as refused:
        GAME.apply(s, 0, GAME.parse_action("strike d3 c4"))
    assert refused.value.code == "struck"


def test_x11_baraka_may_defend_in_the_next_turn() -> None:
    s = position(p1=[U("baraka", "c3"), U("nomad", "d3")], p2=[U("nomad", "d4")], dice=[4, 1])
    s = play(s, "strike c3 d4", "end", "strike d4 d3")
    assert waiting(s) == ["assign_defender"] and [a.unit for a in GAME.legal_actions(s, 0)] == [None, "c3"]


# -- X12: poison tick and a death trigger ---------------------------------------------------------------
def test_x12_poison_kills_at_the_start_step_and_crypt_master_counts_it() -> None:
    s = position(p1=[U("crypt_master", "a1")], p2=[U("nomad", "a5", wounds=7, poison=1), U("nomad", "e6")])
    s, events = step(s, "end")
    assert of_kind(events, TURN_STARTED)[0]["seat"] == 1
    assert unit(s, "P2.nomad.1").zone == "graveyard" and at(s, "a1").counters == 1
    assert s.phase == "play" and waiting(s) == ["main"] and GAME.to_act(s) == (1,)
