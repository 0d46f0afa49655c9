"""DATABASE_URL: which forms are accepted, and a clear refusal of anything else."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from storage import PostgresLocation, UnsupportedDatabaseURL, open_repository, parse_database_url
from storage.errors import DatabaseUnavailable
from storage.url import mask_password


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("sqlite:///data/tavern.db", "data/tavern.db"),
        ("sqlite:////var/lib/tavern.db", "/var/lib/tavern.db"),
        ("sqlite:///:memory:", ":memory:"),
        ("  sqlite:///x.db\n", "x.db"),
    ],
)
def test_sqlite_urls(url: str, path: str) -> None:
    assert parse_database_url(url).path == path


def test_sqlite_paths_are_shown_resolved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert parse_database_url("sqlite:///data/tavern.db").shown == str(tmp_path / "data" / "tavern.db")
    assert parse_database_url("sqlite:///:memory:").shown == ":memory:"


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("postgresql://tavern:hunter2@db:5432/tavern", "postgresql://tavern:***@db:5432/tavern"),
        ("postgres://tavern@db/tavern", "postgres://tavern@db/tavern"),
        ("postgresql:///tavern?host=/run/postgresql", "postgresql:///tavern?host=/run/postgresql"),
        ("postgresql://db/tavern?user=t&password=hunter2", "postgresql://db/tavern?user=t&password=***"),
        ("  postgresql://a:b@c/d\n", "postgresql://a:***@c/d"),
    ],
)
def test_postgresql_urls_are_shown_with_the_password_masked(url: str, shown: str) -> None:
    location = parse_database_url(url)
    assert isinstance(location, PostgresLocation) and location.url == url.strip()
    assert location.shown == shown == mask_password(url.strip())
    assert "hunter2" not in location.shown


@pytest.mark.parametrize(
    ("url", "says"),
    [
        ("mysql://root:hunter2@localhost/t", "scheme 'mysql'"),
        ("postgresql:/tavern", "scheme 'postgresql'"),
        ("sqlite://host/x.db", "scheme 'sqlite'"),
        ("data/tavern.db", "without a scheme"),
        ("sqlite:///", "names no database file"),
        ("sqlite:///data/", "names no database file"),
    ],
)
def test_unsupported_urls_are_refused_clearly(url: str, says: str) -> None:
    with pytest.raises(UnsupportedDatabaseURL) as refused:
        parse_database_url(url)
    message = str(refused.value)
    assert says in message and "sqlite:///" in message
    assert "postgresql://" in message or "no database file" in message
    assert "\n" not in message
    assert "hunter2" not in message  # a password in a URL is never repeated


async def test_open_repository_refuses_before_touching_anything(tmp_path: Path) -> None:
    with pytest.raises(UnsupportedDatabaseURL):
        await open_repository(f"mysql:///{tmp_path / 'x.db'}")
    assert list(tmp_path.iterdir()) == []


async def test_open_repository_creates_the_files_folder_and_uses_wal(tmp_path: Path) -> None:
    path = tmp_path / "data" / "tavern.db"
    repo = await open_repository(f"sqlite:///{path}")
    await repo.close()
    assert path.is_file()
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


async def test_a_path_of_several_missing_folders_is_refused_and_nothing_is_created(tmp_path: Path) -> None:
    """A typo (``sqlite:///nonexistent/dir/x.db``) must not leave a stray database behind."""
    with pytest.raises(DatabaseUnavailable) as refused:
        await open_repository(f"sqlite:///{tmp_path / 'nonexistent' / 'dir' / 'x.db'}")
    assert f"(the folder {tmp_path / 'nonexistent'} does not exist): create it" in refused.value.message
    assert list(tmp_path.iterdir()) == []


async def test_memory_database_works() -> None:
    repo = await open_repository("sqlite:///:memory:")
    try:
        lobby = await repo.create_lobby(
            "pickomino", guild_id=None, channel_id=1, host_id=2, host_name="Ann", options={}
        )
        assert (await repo.get(lobby.id)).guild_id is None
    finally:
        await repo.close()
