"""Play in the terminal against computer players — the quickest way to try a game.

python -m engine.play <game> --ai 2 [--policy <policy>] [--seed 7] [--seat 1] [--export FILE]

You take one seat (``--seat``, counted from 1, default 1) and the computer the others. Only
your seat's view and the events your seat may know are printed, so hidden information stays
hidden. Answer with the number of a listed action, or type one as the game reads it (``help``
shows the game's own examples, ``Game.typed_examples``), or as JSON. Every numbered choice is a
move that can be played: where the game lists a free-form action to fill in (a placement, a
path, an army), the numbers offer its random form first — one drawn at random when the game
has no such action — and the menu says in words what to type for one's own.
``default`` plays what the pending decision takes for an absent player, when it has such a
default. ``help`` explains, ``quit`` (or Ctrl-C) leaves. Without ``--seed`` every game is new;
its seed is printed to replay it. ``--export FILE`` writes a finished game's replay file, the
one ``/export`` gives on Discord, for ``python -m engine.replay FILE``.

Each game draws itself in text through its own ``engine/games/<key>/text.py``
(``engine.core.text``); a game without one is shown as plain data.
"""

from __future__ import annotations

import argparse
import json
import random
import secrets
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from engine.ai.policy import decide, fill, fills_of, get_policy, policies
from engine.core.contract import Game, Result
from engine.core.errors import EngineError
from engine.core.plain import JSON
from engine.core.registry import game_keys, get_game
from engine.core.rng import MASK64
from engine.core.text import seat_names, text_renderer
from engine.replay import replay_data

HELP = """Commands:
  a number        the action of that number in the list
  an action       {typed}{default}
  help            this help
  quit            leave the game (Ctrl-C or Ctrl-D too)
Where numbers are themselves moves, the choices are listed without numbers."""
DEFAULT_HELP = "\n  default         what the game would play for you if you were away"


MAX_COMPUTERS = 99
"""More computer players than any game seats; a larger ``--ai`` is refused before a game is
set up for it."""


def help_text(game: Game[Any, Any, Any], default: bool = False) -> str:
    """The help, with the game's own examples of typed actions (``Game.typed_examples``);
    ``default`` is offered only where the decision has one."""
    examples = ", ".join(f"'{example}'" for example in game.typed_examples)
    typed = f"typed as the game reads it (e.g. {examples}), or JSON" if examples else "typed as JSON"
    return HELP.format(typed=typed, default=DEFAULT_HELP if default else "")


@dataclass(frozen=True, slots=True)
class Menu:
    """What a seat is offered: numbered choices that are each a move as it stands, and the
    free-form actions (templates) it may type instead, told in words."""

    choices: tuple[Any, ...]
    templates: tuple[Any, ...] = ()
    drawn: Any | None = None
    """The choice drawn at random from a template, where the game offers no move as it stands."""


def menu(game: Game[Any, Any, Any], state: Any, seat: int, rng: random.Random) -> Menu:
    """The seat's legal actions as a menu. A template (a placement or a path to fill in, as the
    game's sampler says, ``register_sampler``'s ``fills``) is never a numbered choice: picked
    as it is, the game would refuse it. Its random form is choice 1: the game's own (a random
    placement, listed right after its template) or, where the game lists no move as it
    stands, one the sampler draws."""
    legal = game.legal_actions(state, seat)
    fills = fills_of(game.key)
    templates = tuple(a for a in legal if fills is not None and fills(a))
    choices = tuple(a for a in legal if a not in templates)
    if templates and not choices:
        drawn = fill(game, state, seat, templates[0], rng)
        return Menu((drawn,), templates, drawn)
    return Menu(choices, templates)


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
    game: Game[Any, Any, Any], offered: Menu, stdin: TextIO, out: TextIO, default: Any | None = None
) -> Any | None:
    """The human's action, or None to quit. Wrong input is explained and asked again.
    ``default`` is what the pending decision takes for an absent player: typing ``default``
    plays it."""
    legal = list(offered.choices)
    typed_menu = _numbers_are_actions(game, legal)
    for i, action in enumerate(legal, 1):
        drawn = " (drawn at random)" if action is offered.drawn else ""
        out.write(f"  {'-' if typed_menu else f'{i}.'} {action_label(game, action)}{drawn}\n")
    for template in offered.templates:
        out.write(f"  or type {action_label(game, template)}\n")
    if default is not None:
        out.write(f"  default: {action_label(game, default)}\n")
    legal += offered.templates  # a typed placement or path is read as the template's kind
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
            out.write(help_text(game, default is not None) + "\n")
            continue
        if text.lower() == "default" and default is not None:
            return default
        typed = _read_typed(game, text, legal)
        if typed is not None:
            return typed
        if not typed_menu and text.isdecimal() and text.isascii() and len(text) <= 4:
            if 1 <= int(text) <= len(offered.choices):
                return offered.choices[int(text) - 1]
            out.write(f"Choose 1–{len(offered.choices)}, or type an action.\n")
            continue
        try:
            return game.parse_action(text)
        except EngineError as exc:
            out.write(f"{exc}\n")


def play(
    game_key: str,
    ai: int,
    policy: str,
    seed: int,
    seat: int,
    stdin: TextIO,
    out: TextIO,
    export: Path | None = None,
) -> int:
    game = get_game(game_key)
    seats = ai + 1
    options = game.options(seats, {})
    state = game.new(seats, seed=seed, options=options)
    logged: list[tuple[int, JSON]] = []
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
                offered = menu(game, state, seat, random.Random(seed * 1_000_003 + moves))
                played = _ask(game, offered, stdin, out, game.default_action(state, seat))
                if played is None:
                    out.write(
                        "You leave the game."
                        + (" No replay is written: the game is not over.\n" if export else "\n")
                    )
                    return 1
                try:
                    step = game.apply(state, seat, played)
                    break
                except EngineError as exc:
                    out.write(f"{exc}\n")
        else:
            played = decide(game, state, acting, choosers[acting], seed * 1_000_003 + moves)
            step = game.apply(state, acting, played)
        moves += 1
        logged.append((acting, game.dump_action(played)))
        state = step.state
        for event in step.events:
            line = text.event(event, names) if event.visible_to(seat) else ""
            if line:
                out.write(line + "\n")
    result = game.result(state)
    assert result is not None
    out.write("\n" + text.board(game.view(state, seat), seat) + "\n")
    out.write(verdict(result, seat, names, text.reason) + "\n")
    if export is not None:
        data = replay_data(game, seats, seed, options, logged, result)
        try:
            export.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        except OSError as exc:
            out.write(f"Cannot write {export}: {exc.strerror or exc}\n")
            return 1
        out.write(f"Replay written to {export}: python -m engine.replay {export}\n")
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
    parser.add_argument(
        "--export",
        type=Path,
        metavar="FILE",
        help="write the finished game's replay file there, as /export does (python -m engine.replay FILE)",
    )
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
        return play(args.game, args.ai, policy, seed, args.seat - 1, stdin or sys.stdin, out, args.export)
    except EngineError as exc:  # e.g. a seat count the game does not allow
        parser.error(str(exc))
    except KeyboardInterrupt:
        out.write("\nYou leave the game.\n")
        return 1


if __name__ == "__main__":
    sys.exit(main())
