"""The arena plays a small match and reports it."""

from __future__ import annotations

import pytest

from engine.ai.arena import format_report, main, run_arena, wilson


def test_wilson_interval() -> None:
    assert wilson(75, 100) == pytest.approx((0.6569, 0.8245), abs=1e-4)  # textbook values
    assert wilson(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)


def test_small_match_counts_every_game() -> None:
    report = run_arena("pickomino", 2, 20, ["greedy", "random"], seed=3, jobs=1)
    greedy, rand = report.slots
    assert greedy.wins + rand.wins + greedy.ties == 20 and greedy.ties == rand.ties
    assert greedy.wins > rand.wins
    assert greedy.seconds and rand.seconds
    assert "greedy" in format_report(report)


def test_parallel_match_gives_the_same_results() -> None:
    one = run_arena("pickomino", 3, 12, ["greedy", "random"], seed=9, jobs=1)
    two = run_arena("pickomino", 3, 12, ["greedy", "random"], seed=9, jobs=2)
    assert [(s.name, s.wins, s.ties) for s in one.slots] == [(s.name, s.wins, s.ties) for s in two.slots]
    assert [s.name for s in one.slots] == ["greedy", "random", "greedy"]


def test_command_line(capsys) -> None:  # type: ignore[no-untyped-def]
    assert main(["pickomino", "--games", "4", "--policies", "greedy,greedy", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "greedy#1" in out and "greedy#2" in out and "win rate" in out
    assert main(["pickomino", "--games", "1", "--policies", "nobody"]) == 2
    assert "no policy 'nobody'" in capsys.readouterr().err


def test_a_co_operative_game_reports_the_teams_wins_not_ties() -> None:
    report = run_arena("hobbit", 2, 4, ["heuristic"], seed=2, jobs=1)
    won = report.slots[0].team_wins
    assert report.cooperative and all(s.team_wins == won for s in report.slots)
    assert all(s.wins == 0 and s.ties == 0 for s in report.slots)
    text = format_report(report)
    assert f"the team won {won} of 4 games" in text and "ties" not in text
