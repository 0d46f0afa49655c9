"""Frozen values made fast: ``builder(cls)`` makes instances of a frozen slotted dataclass
without its generated ``__init__``.

A frozen class's ``__init__`` stores each field through ``object.__setattr__`` (how it gets
past its own ``__setattr__``), which costs about twice as much as storing it through the
field's slot. A game that makes such values on almost every action (creatures, listed actions)
makes them through a builder: the same object, field for field, at a fraction of the cost.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")


def builder(cls: type[T]) -> Callable[..., T]:
    """``cls(*values)`` for a frozen slotted dataclass, every field given in order (defaults
    too), made without the generated ``__init__``. The function is written out one slot a
    line, as ``dataclasses`` writes ``__init__``; it runs no ``__post_init__`` and checks
    nothing, so it is for classes with neither."""
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    slots: dict[str, Any] = {f"_set_{name}": getattr(cls, name).__set__ for name in names}
    lines = [f"def build({', '.join(names)}):", "    made = _new(_cls)"]
    lines += [f"    _set_{name}(made, {name})" for name in names]
    lines.append("    return made")
    scope: dict[str, Any] = {"_new": object.__new__, "_cls": cls, **slots}
    exec("\n".join(lines), scope)  # our own fixed text, as dataclasses does
    build: Callable[..., T] = scope["build"]
    return build


_SAME: Any = object()
"""A field not given to a changer: it keeps its value."""


def changer(cls: type[T], make: Callable[..., T] | None = None) -> Callable[..., T]:
    """``dataclasses.replace`` for one dataclass, by keyword, at a fraction of its cost:
    ``replace`` walks the class's fields, checks each and calls ``__init__`` by keyword; this
    reads each field once and makes the value with ``make`` (``cls`` itself, or its
    ``builder``), every field in order. Unknown keywords are refused, as by ``replace``."""
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    params = ", ".join(f"{name}=_SAME" for name in names)
    args = ", ".join(f"obj.{name} if {name} is _SAME else {name}" for name in names)
    text = f"def change(obj, *, {params}):\n    return _make({args})"
    scope: dict[str, Any] = {"_SAME": _SAME, "_make": cls if make is None else make}
    exec(text, scope)  # our own fixed text, as dataclasses does
    change: Callable[..., T] = scope["change"]
    return change
