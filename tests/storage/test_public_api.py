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


NAMING = ("getattr", "setattr", "hasattr", "delattr")
"""Built-ins that reach an attribute by a name given as a string."""


def imports_a_driver(tree: ast.AST) -> bool:
    for node in ast.walk(tree):
        if isinstance(node, ast.Import) and any(a.name.split(".")[0] in DRIVERS for a in node.names):
            return True
        if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] in DRIVERS:
            return True
    return False


def private_names(source: str) -> list[str]:
    """Private attributes the source reads of a driver's objects: of a name the driver's module
    binds or of any object but the file's own (``self``, ``cls``). In a file that imports a
    driver, also through an attribute of its own (``self._db._conn``: its connection is the
    driver's) or by a name in a string (``getattr(db, "_execute")``)."""
    found = []
    tree = ast.parse(source)
    strict = imports_a_driver(tree)
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in NAMING:
            named = node.args[1] if len(node.args) > 1 else None
            if (
                strict
                and isinstance(named, ast.Constant)
                and isinstance(named.value, str)
                and named.value.startswith("_")
                and not named.value.startswith("__")
            ):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
            continue
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_") or node.attr.startswith("__"):
            continue
        owner = node.value
        if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
            continue
        text = ast.unparse(node)
        if any(driver in text for driver in DRIVERS) or isinstance(owner, ast.Name) or strict:
            found.append(f"line {node.lineno}: {text}")
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda path: path.relative_to(ROOT).as_posix())
def test_no_private_name_of_another_object_is_used(path: Path) -> None:
    assert private_names(path.read_text(encoding="utf-8")) == []


REACHED = {
    # how a backend could reach aiosqlite's insides → found
    "import aiosqlite\nasync def f(db: aiosqlite.Connection): return db._conn": True,
    "import aiosqlite\nclass A:\n    def f(self): return self._db._execute(print)": True,
    "import aiosqlite\ndef f(db): return getattr(db, '_conn')": True,
    "import aiosqlite\nsetattr(aiosqlite.Connection, '_execute', print)": True,
    "from aiosqlite.core import Connection\nclass A:\n    def f(self): return self._db._tx": True,
    "import aiosqlite\nf = aiosqlite.core._connection_worker_thread": True,
    # its public API, and a file's own private names → not found
    "import aiosqlite\nclass A:\n    async def f(self): return await self._db.execute_fetchall('')": False,
    "import aiosqlite\nclass A:\n    def f(self): return self._rows, getattr(self, 'rows')": False,
    "import aiosqlite\nsetattr(aiosqlite.Connection, 'execute', print)": False,
}


@pytest.mark.parametrize("source", REACHED)
def test_the_check_finds_a_private_name_of_aiosqlite_however_it_is_reached(source: str) -> None:
    assert bool(private_names(source)) is REACHED[source]


def test_no_driver_is_pinned_below_a_release() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project["optional-dependencies"].values()
    requirements = [*project["dependencies"], *(r for extra in extras for r in extra)]
    pinned = [r for r in requirements if r.split(">")[0].split("<")[0].strip() in DRIVERS and "<" in r]
    assert pinned == []
