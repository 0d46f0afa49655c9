"""Play in the terminal against computer players — the quickest way to try a game.

python -m engine.play <game> --ai 2 [--policy <policy>] [--seed 7] [--seat 1]

You take one seat (``--seat``, counted from 1, default 1) and the computer the others. Only your seat's view
and the events your seat may know are printed, so hidden information stays hidden. Answer
with the number of a listed action, or type one as the game reads it (``help`` shows the
game's own examples, ``Game.typed_examples``), or as JSON — games whose actions have
free-form parts are played by typing; ``default`` plays what the
pending decision takes for an absent player, when it has such a default. ``help`` explains,
``quit`` (or Ctrl-C) leaves. Without ``--seed`` every game is new; its seed is printed to
replay it.

Each game draws itself in text through its own ``engine/games/<key>/text.py``
(``engine.core.text``); a game without one is shown as plain data.
"""

from __future__ import annotations

import argparse
import secrets
import sys
from collections.abc import Callable
from typing import Any, TextIO

from engine.ai.policy import decide, get_policy, policies
from engine.core.contract import Game, Result
from engine.core.errors import EngineError
from engine.core.registry import game_keys, get_game
from engine.core.rng import MASK64
from engine.core.text import seat_names, text_renderer

HELP = """Commands:
  a number        the action of that number in the list
  an action       {typed}
  default         what the game would play for you if you were away (when it has one)
  help            this help
  quit            leave the game (Ctrl-C or Ctrl-D too)
Where numbers are themselves moves, the choices are listed without numbers."""


MAX_COMPUTERS = 99
"""More computer players than any game seats; a larger ``--ai`` is refused before a game is
set up for it."""


def help_text(game: Game[Any, Any, Any]) -> str:
    """The help, with the game's own examples of typed actions (``Game.typed_examples``)."""
    examples = ", ".join(f"'{example}'" for example in game.typed_examples)
    typed = f"typed as the game reads it (e.g. {examples}), or JSON" if examples else "typed as JSON"
    return HELP.format(typed=typed)


def action_label(game: Game[Any, Any, Any], action: Any) -> str:
    """An action in words, by the game's text renderer (templates say what to type)."""
    return text_renderer(game.key).action(game.dump_action(action))


def _read_typed(game: Game[Any, Any, Any], text: str, legal: list[Any]) -> Any | None:
    """``text`` as an action of the game, when it reads as one the seat may play now."""
    try:
        action = game.parse_action(text)
    except EngineError:
        return None
    kinds = {getattr(a, "kind", None) for a in legal}
    return action if action in legal or getattr(action, "kind", None) in kinds else None


def _numbers_are_actions(game: Game[Any, Any, Any], legal: list[Any]) -> bool:
    """Whether a list number would read as another action of the game (where a typed number
    is itself a move, '1' may name choice 1 even when it is no longer listed first): such a menu
    is shown without numbers, and what is typed is always read as an action."""
    kinds = {getattr(a, "kind", None) for a in legal}
    for i, action in enumerate(legal, 1):
        try:
            typed = game.parse_action(str(i))
        except EngineError:
            continue
        if typed != action and getattr(typed, "kind", None) in kinds:
            return True
    return False


def _ask(
    game: Game[Any, Any, Any], legal: list[Any], stdin: TextIO, out: TextIO, default: Any | None = None
) -> Any | None:
    """The human's action, or None to quit. Wrong input is explained and asked again.
    ``default`` is what the pending decision takes for an absent player: typing ``default``
    plays it."""
    typed_menu = _numbers_are_actions(game, legal)
    for i, action in enumerate(legal, 1):
        out.write(f"  {'-' if typed_menu else f'{i}.'} {action_label(game, action)}\n")
    if default is not None:
        out.write(f"  default: {action_label(game, default)}\n")
    while True:
        out.write(f"your move ({'type one' if typed_menu else 'a number or an action'}; help, quit)> ")
        out.flush()
        line = stdin.readline()
        if not line:
            return None
        text = line.strip()
        if text.lower() in ("quit", "q", "exit"):
            return None
        if text.lower() in ("help", "h", "?"):
            out.write(help_text(game) + "\n")
            continue
        if text.lower() == "default" and default is not None:
            return default
        typed = _read_typed(game, text, legal)
        if typed is not None:
            return typed
        if not typed_menu and text.isdecimal() and text.isascii() and len(text) <= 4:
            if 1 <= int(text) <= len(legal):
                return legal[int(text) - 1]
            out.write(f"Choose 1–{len(legal)}, or type an action.\n")
            continue
        try:
            return game.parse_action(text)
        except EngineError as exc:
            out.write(f"{exc}\n")


def play(game_key: str, ai: int, policy: str, seed: int, seat: int, stdin: TextIO, out: TextIO) -> int:
    game = get_game(game_key)
    seats = ai + 1
    state = game.new(seats, seed=seed, options={})
    names = seat_names(seats, seat)
    for s in range(seats):
        if s != seat:
            names[s] = f"{names[s]} ({policy})"
    text = text_renderer(game_key)
    others = "1 computer player plays" if ai == 1 else f"{ai} computer players play"
    out.write(
        f"{game.title}: you are seat {seat + 1}; {others} {policy}. "
        f"Seed {seed} (replay this game with --seed {seed}). Type help for help.\n"
    )
    moves = 0
    # one policy object per computer seat, so what it works out in a turn serves the turn
    choosers = {s: get_policy(game_key, policy) for s in range(seats) if s != seat}
    while game.to_act(state):
        waiting = game.to_act(state)
        acting = seat if seat in waiting else waiting[0]
        if acting == seat:
            out.write("\n" + text.board(game.view(state, seat), seat) + "\n")
            while True:
                action = _ask(
                    game, game.legal_actions(state, seat), stdin, out, game.default_action(state, seat)
                )
                if action is None:
                    out.write("You leave the game.\n")
                    return 1
                try:
                    step = game.apply(state, seat, action)
                    break
                except EngineError as exc:
                    out.write(f"{exc}\n")
        else:
            chosen = decide(game, state, acting, choosers[acting], seed * 1_000_003 + moves)
            step = game.apply(state, acting, chosen)
        moves += 1
        state = step.state
        for event in step.events:
            line = text.event(event, names) if event.visible_to(seat) else ""
            if line:
                out.write(line + "\n")
    result = game.result(state)
    assert result is not None
    out.write("\n" + text.board(game.view(state, seat), seat) + "\n")
    out.write(verdict(result, seat, names, text.reason) + "\n")
    return 0


def verdict(result: Result, seat: int, names: list[str], reason: Callable[[str], str]) -> str:
    why = f" ({reason(result.reason)})" if result.reason else ""
    if result.team is not None:
        return ("You all win together!" if result.team == "won" else "You all lose together.") + why
    if seat in result.winners:
        head = "You win!" if len(result.winners) == 1 else "You share the win."
    else:
        head = "A draw." if result.draw else "You lose."
    ranks = ", ".join(f"{names[s]} {r}" for s, r in enumerate(result.ranks))
    return f"{head}{why} Ranks: {ranks}"


def main(argv: list[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine.play", description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=game_keys())
    parser.add_argument("--ai", type=int, default=1, help="computer players (default 1)")
    parser.add_argument("--policy", help="their policy (default: the game's strongest)")
    parser.add_argument("--seed", type=int, help="the game's seed (default: a new one, printed)")
    parser.add_argument("--seat", type=int, default=1, help="your seat, counted from 1 (default 1)")
    args = parser.parse_args(argv)
    known = policies(args.game)
    policy = args.policy or known[-1]
    if policy not in known:
        parser.error(f"no policy {policy!r} for {args.game}; known: {', '.join(known)}")
    if not 1 <= args.seat <= args.ai + 1:
        parser.error(f"--seat must be between 1 and {args.ai + 1}")
    if args.seed is not None and not 0 <= args.seed <= MASK64:
        parser.error(f"--seed must be between 0 and {MASK64}")
    if args.ai > MAX_COMPUTERS:
        parser.error(f"--ai must be at most {MAX_COMPUTERS}")
    seed = args.seed if args.seed is not None else secrets.randbelow(10**6)
    out = stdout or sys.stdout
    try:
        return play(args.game, args.ai, policy, seed, args.seat - 1, stdin or sys.stdin, out)
    except EngineError as exc:  # e.g. a seat count the game does not allow
        parser.error(str(exc))
    except KeyboardInterrupt:
        out.write("\nYou leave the game.\n")
        return 1


if __name__ == "__main__":
    sys.exit(main())
