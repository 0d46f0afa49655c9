"""The bot's shape: its modules import each other without a cycle, only the entry points import
the bot class, and games live only in their own folders (``bot/games/<key>/``)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from fluent.syntax import FluentParser
from fluent.syntax import ast as ftl

import engine

BOT = Path(__file__).resolve().parents[2] / "bot"
ENTRY_POINTS = {"bot", "bot.__main__", "bot.check", "bot.app"}
"""Modules allowed to import ``bot.app``: the package's public face and the command line."""


def module_name(path: Path) -> str:
    parts = path.relative_to(BOT.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in BOT.rglob("*.py")}


def imports_of(path: Path, known: set[str]) -> set[str]:
    """The bot modules ``path`` imports, anywhere in it (under ``TYPE_CHECKING`` and inside
    functions too): ``from bot.x import y`` names ``bot.x.y`` when that is a module."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module is not None and node.level == 0:
            found.add(node.module)
            found |= {f"{node.module}.{alias.name}" for alias in node.names}
    return found & known


def import_graph() -> dict[str, set[str]]:
    found = modules()
    return {name: imports_of(path, set(found)) - {name} for name, path in found.items()}


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """A cycle of the graph as a path (first node repeated at the end), or ``None``."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt) :], nxt]
            if nxt not in state and (cycle := visit(nxt)) is not None:
                return cycle
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (cycle := visit(start)) is not None:
            return cycle
    return None


def test_the_bot_modules_import_each_other_without_a_cycle() -> None:
    graph = import_graph()
    assert "bot.moves" in graph["bot.cogs.play"] and "bot.games.raid" in graph
    assert find_cycle(graph) is None, " → ".join(find_cycle(graph) or [])


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_no_service_imports_a_cog_and_only_entry_points_import_the_bot_class() -> None:
    graph = import_graph()
    for name, imported in graph.items():
        if not name.startswith("bot.cogs") and name not in ENTRY_POINTS:
            assert not {i for i in imported if i.startswith("bot.cogs")}, name
        if name not in ENTRY_POINTS:
            assert "bot.app" not in imported, name


def test_no_module_outside_a_games_folder_names_a_game() -> None:
    """Adding a game touches only its own folders: nothing else in the bot names one — no
    import, no string, no comment, no catalogue key."""
    keys = sorted(engine.game_keys())
    assert {"pickomino", "raid"} <= set(keys)
    named = re.compile(r"\b(" + "|".join(map(re.escape, keys)) + r")\b", re.IGNORECASE)
    games = BOT / "games"
    offenders = []
    for path in sorted(BOT.rglob("*")):
        if path.suffix not in (".py", ".ftl") or (games in path.parents and path.parent != games):
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
            if named.search(line):
                offenders.append(f"{path.relative_to(BOT.parent)}:{number}: {line.strip()}")
    assert offenders == []


def message_ids(path: Path) -> set[str]:
    resource = FluentParser().parse(path.read_text(encoding="utf-8"))
    return {entry.id.name for entry in resource.body if isinstance(entry, ftl.Message)}


def test_each_games_folder_holds_its_whole_catalogue_part() -> None:
    """Both languages of a game's part have the same keys (Russian may add words for an error
    code whose English the engine's own message gives)."""
    for folder in sorted(p for p in (BOT / "games").iterdir() if p.is_dir() and p.name != "__pycache__"):
        assert folder.name in engine.game_keys(), folder
        english, russian = message_ids(folder / "en.ftl"), message_ids(folder / "ru.ftl")
        assert english and english <= russian, folder
        assert all(key.startswith("error-") for key in russian - english), folder
