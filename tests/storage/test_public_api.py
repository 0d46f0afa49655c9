"""Storage speaks to its drivers through their public API only, so a new release of a driver
cannot break it unnoticed, and nothing pins a driver below its current release for that."""

from __future__ import annotations

import ast
import re
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [*sorted((ROOT / "storage").rglob("*.py")), *sorted((ROOT / "bench").rglob("*.py"))]
DRIVERS = ("aiosqlite", "asyncpg", "sqlite3")
PRIVATE = re.compile(r"\b(?!self\b|cls\b)[A-Za-z_]\w*\.(_[a-z]\w*)\b")
"""``something._name`` on anything but ``self`` or ``cls``: a private name of another object."""


def private_names(path: Path) -> list[str]:
    """Private attributes the file reads of a driver's objects: of a name the driver's module
    binds or of any object but the file's own (``self``, ``cls``)."""
    found = []
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_") or node.attr.startswith("__"):
            continue
        owner = node.value
        if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
            continue
        text = ast.unparse(node)
        if any(driver in text for driver in DRIVERS) or isinstance(owner, ast.Name):
            found.append(f"line {node.lineno}: {text}")
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_no_private_name_of_another_object_is_used(path: Path) -> None:
    assert private_names(path) == []


def test_no_driver_is_pinned_below_a_release() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"].values()
    requirements = [*project["dependencies"], *(r for extra in extras for r in extra)]
    pinned = [r for r in requirements if r.split(">")[0].split("<")[0].strip() in DRIVERS and "<" in r]
    assert pinned == []
