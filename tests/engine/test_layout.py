"""The engine's shape: the core holds what every game shares and imports no game or kit; a kit
says who uses it (that no generic module names a game: ``tests/test_generic_code.py``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"
def test_the_core_imports_no_kit_and_no_game() -> None:
    """The core may find the games (``import engine.games`` to discover them), never import one,
    nor a kit: kits build on the core, not the other way round."""
    forbidden = re.compile(r"^engine\.(kits(\.|$)|games\.)")
    for path in sorted((ENGINE / "core").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module:
                assert not forbidden.match(node.module), path
            if isinstance(node, ast.Import):
                assert not any(forbidden.match(alias.name) for alias in node.names), path


def test_a_kit_is_used_by_a_game_and_says_so_in_the_kits_readme() -> None:
    readme = (ENGINE / "kits" / "README.md").read_text(encoding="utf-8")
    for kit in sorted((ENGINE / "kits").glob("*.py")):
        if kit.name != "__init__.py":
            assert f"`{kit.name}`" in readme, kit.name
