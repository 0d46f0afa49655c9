"""Menus that narrow a long list of choices step by step — a creature, then what it does, then
at whom — in one select menu, redrawn from where the seat stands (a ``Focus``): nothing is
kept between the steps, so a menu shown before a restart still works after it.

Each ``Choice`` is a path of ``Step``s and the value picking it stands for (typed text the game
parses, or an encoded action). At a node of the tree, when every choice under it fits one menu
they are listed whole, and one pick acts. Otherwise the menu lists the next steps: picking one
narrows the menu to it, except a step with a single choice under it, which acts at once. A node
that is itself a choice (a shorter trigger order: the rest declined) offers it too, below the
top the menu offers the way back up, and next steps too many for one menu come in pages.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from dataclasses import dataclass

from bot.render.base import Focus, SelectLook, SelectOption

log = logging.getLogger("tavern.bot")

OPTIONS = 25
"""Options in one select menu (Discord's limit)."""
VALUE_LIMIT = 100
"""Characters of an option's value (Discord's limit)."""
PICK = "a:"
"""An option's value that stands for a choice: ``a:`` and the choice's value."""
NARROW = "f:"
"""An option's value that narrows the menu: ``f:`` and the path of step keys."""
LABEL_LIMIT = 100
SEPARATOR = " · "
PAGE = "~"
"""A focus path's last word ``~N``: page N of the next steps (from 0)."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a choice's path: ``key`` names it in a ``Focus`` path (no spaces), ``label``
    shows it."""

    key: str
    label: str
    description: str | None = None
    emoji: str | None = None

    def __post_init__(self) -> None:
        if not self.key or " " in self.key:
            raise ValueError(f"a step's key is one word, not {self.key!r}")


@dataclass(frozen=True, slots=True)
class Choice:
    steps: tuple[Step, ...]
    value: str
    """What picking it stands for, as ``read`` gives it back."""

    def keys(self) -> tuple[str, ...]:
        return tuple(step.key for step in self.steps)


def path_of(focus: str) -> tuple[tuple[str, ...], int]:
    """The step keys of a focus, and its page."""
    words = tuple(focus.split())
    if words and words[-1].startswith(PAGE) and words[-1][1:].isdigit():
        return words[:-1], int(words[-1][1:])
    return words, 0


def menu(
    name: str,
    placeholder: str,
    choices: Sequence[Choice],
    focus: str,
    *,
    back: str,
    done: str,
    more: str = "…",
) -> SelectLook | None:
    """The select menu ``name`` at ``focus`` (a path of step keys; a path no choice follows any
    more — the position changed — is read as the top). ``back`` labels the way up, ``done``
    a node that is itself a choice, ``more`` the next page. ``None`` when there is nothing to
    choose."""
    path, page = path_of(focus)
    under = [c for c in choices if c.keys()[: len(path)] == path]
    if not under:
        path, page, under = (), 0, list(choices)
    if not under:
        return None
    fitting = [c for c in under if _fits(c)]
    for choice in under:
        if choice not in fitting:  # still playable with /move: a menu must not fail to draw
            log.warning("a menu choice too long for Discord is left out: %r", choice.value)
    under = fitting
    if not under:
        return None
    options: list[SelectOption] = []
    if path:
        options.append(SelectOption(label=back, value=NARROW + " ".join(path[:-1]), emoji="↩️"))
    room = OPTIONS - len(options)
    if len(under) <= room:
        options.extend(_pick(choice, len(path), done) for choice in under)
    else:
        steps = _narrowed(under, path, done)
        if len(steps) > room:  # in pages, each but the last ending with the way on
            size = room - 1
            shown = steps[page * size : (page + 1) * size] or steps[:size]
            options.extend(shown)
            if page * size + len(shown) < len(steps):
                following = NARROW + " ".join((*path, f"{PAGE}{page + 1}"))
                options.append(SelectOption(label=more, value=following, emoji="➡️"))
        else:
            options.extend(steps)
    shown_path = SEPARATOR.join(s.label for s in under[0].steps[: len(path)])
    return SelectLook(
        name=name, placeholder=_clip(shown_path + " …" if path else placeholder, 150), options=tuple(options)
    )


def _fits(choice: Choice) -> bool:
    """Whether the choice's value, and a focus on any of its steps (with a page), fit an
    option's value."""
    return (
        len(PICK + choice.value) <= VALUE_LIMIT and len(NARROW + " ".join(choice.keys())) + 4 <= VALUE_LIMIT
    )


def _pick(choice: Choice, depth: int, done: str) -> SelectOption:
    rest = choice.steps[depth:]
    label = SEPARATOR.join(step.label for step in rest) or done
    last = rest[-1] if rest else None
    return SelectOption(
        label=_clip(label, LABEL_LIMIT),
        value=PICK + choice.value,
        description=_clip(last.description, LABEL_LIMIT) if last and last.description else None,
        emoji=rest[0].emoji if rest else None,
    )


def _narrowed(under: Sequence[Choice], path: tuple[str, ...], done: str) -> list[SelectOption]:
    """The next steps under ``path``, in the order their choices come, each narrowing to
    itself (or acting, when one choice is under it); the node's own choice first."""
    depth = len(path)
    options: list[SelectOption] = []
    groups: dict[str, list[Choice]] = {}
    for choice in under:
        if len(choice.steps) == depth:
            options.append(_pick(choice, depth, done))
        else:
            groups.setdefault(choice.steps[depth].key, []).append(choice)
    for key, group in groups.items():
        if len(group) == 1:
            options.append(_pick(group[0], depth, done))
            continue
        step = group[0].steps[depth]
        options.append(
            SelectOption(
                label=_clip(step.label + " …", LABEL_LIMIT),
                value=NARROW + " ".join((*path, key)),
                description=_clip(step.description, LABEL_LIMIT) if step.description else None,
                emoji=step.emoji,
            )
        )
    return options


def read(values: Sequence[str]) -> Focus | str | None:
    """What a pick in a tree menu stands for: a choice's value, a ``Focus``, or ``None`` for
    a value no tree menu gives."""
    if len(values) != 1:
        return None
    value = values[0]
    if value.startswith(PICK):
        return value[len(PICK) :]
    if value.startswith(NARROW):
        return Focus(value[len(NARROW) :])
    return None


def _clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
