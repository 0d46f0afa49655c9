"""Databases that cannot be used — a damaged or foreign file, one that cannot be written, a
folder that cannot be created, a PostgreSQL server that cannot be reached or refuses — stop
``python -m bot``, ``python -m bot --check`` and ``python -m storage verify`` with one clear line
naming the database and what to do, and each command's documented exit code: never a
traceback, never a password."""

from __future__ import annotations

import asyncio
import os
import random
import sqlite3
import subprocess
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from storage import DatabaseUnavailable, open_repository
from storage.backends import open_database
from tests.storage.helpers import play, started_game
from tests.storage.servers import PostgresServer, Raw

ROOT = Path(__file__).resolve().parents[2]
HANG = 30
"""Seconds after which a connection's thread that has not ended counts as left running."""
COMMANDS = {
    # command → (arguments, exit code for a database that cannot be used, where the line goes)
    "bot": (["-m", "bot"], 1, "stderr"),
    "check": (["-m", "bot", "--check"], 1, "stdout"),
    "verify": (["-m", "storage", "verify"], 2, "stderr"),
}


def run(command: str, url: str, cwd: Path, *, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    args = COMMANDS[command][0]
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN", "DATABASE_URL", "LOG_FORMAT")}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="not-a-real-token", DATABASE_URL=url)
    return subprocess.run(
        [sys.executable, *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )


def the_line(command: str, done: subprocess.CompletedProcess[str]) -> str:
    """The one line that says what is wrong, after checking the exit code and that nothing else
    went wrong on the way."""
    _, code, stream = COMMANDS[command]
    assert done.returncode == code, done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    if stream == "stderr":
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1, done.stderr
        return lines[0]
    [line] = [line for line in done.stdout.splitlines() if line.startswith("database:")]
    return line


@contextmanager
def unwritable(path: Path) -> Iterator[None]:
    """``path`` (a file or a folder) made read-only — also for root, who ignores permissions:
    then by the immutable attribute."""
    if os.geteuid() == 0:
        subprocess.run(["chattr", "+i", str(path)], check=True)
        try:
            yield
        finally:
            subprocess.run(["chattr", "-i", str(path)], check=True)
        return
    mode = path.stat().st_mode
    path.chmod(mode & ~0o222)
    try:
        yield
    finally:
        path.chmod(mode)


def a_sound_database(path: Path) -> None:
    async def fill() -> None:
        repo = await open_repository(f"sqlite:///{path}")
        try:
            for channel in range(12):
                await play(
                    repo,
                    await started_game(repo, channel_id=channel, seed=channel),
                    random.Random(channel),
                    25,
                )
        finally:
            await repo.close()

    path.parent.mkdir(parents=True, exist_ok=True)
    asyncio.run(fill())


def overwrite_header(path: Path) -> None:
    with path.open("r+b") as file:
        file.write(b"definitely not SQLite")


def truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[: len(data) // 2])


def random_bytes(path: Path) -> None:
    path.write_bytes(random.Random(4).randbytes(64 * 1024))


def text_file(path: Path) -> None:
    path.write_text("games:\n  - pickomino\n" * 200, encoding="utf-8")


Damage = Callable[[Path], None]
FILES: dict[str, tuple[Damage, str]] = {
    "a corrupt header": (overwrite_header, "is not an SQLite database"),
    "a truncated file": (truncate, "is damaged"),
    "random bytes": (random_bytes, "is not an SQLite database"),
    "a text file": (text_file, "is not an SQLite database"),
}


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("damage", FILES)
def test_a_damaged_file(tmp_path: Path, damage: str, command: str) -> None:
    path = tmp_path / "data" / "tavern.db"
    a_sound_database(path)
    spoil, says = FILES[damage]
    spoil(path)
    before = path.read_bytes()
    line = the_line(command, run(command, f"sqlite:///{path}", tmp_path))
    assert f"the database file {path} {says}" in line
    assert "restore it from a backup, or move it away" in line
    assert path.read_bytes() == before  # nothing was written to it


@pytest.mark.parametrize("command", COMMANDS)
def test_a_file_in_a_folder_that_cannot_be_written(tmp_path: Path, command: str) -> None:
    path = tmp_path / "data" / "tavern.db"
    a_sound_database(path)
    with unwritable(path.parent):
        line = the_line(command, run(command, f"sqlite:///{path}", tmp_path))
    assert f"the database file {path} cannot be opened" in line

    assert "may read and write the file and write in its folder" in line


@pytest.mark.parametrize("command", ["bot", "check"])
def test_a_file_that_cannot_be_written(tmp_path: Path, command: str) -> None:
    """Found before any move fails: at start-up, and by ``--check``."""
    path = tmp_path / "data" / "tavern.db"
    a_sound_database(path)
    with unwritable(path):
        line = the_line(command, run(command, f"sqlite:///{path}", tmp_path))
    assert f"the database file {path} cannot be written" in line
    assert "give the bot's user write access to the file and its folder" in line


def test_verify_reads_a_file_that_cannot_be_written(tmp_path: Path) -> None:
    """Verifying only reads, so a read-only copy (a backup, say) can be checked."""
    path = tmp_path / "data" / "tavern.db"
    a_sound_database(path)
    with unwritable(path):
        done = run("verify", f"sqlite:///{path}", tmp_path)
    assert done.returncode == 0 and "12 games checked, all agree" in done.stdout, done.stdout + done.stderr


@pytest.mark.parametrize("command", COMMANDS)
def test_a_folder_that_cannot_be_created(tmp_path: Path, command: str) -> None:
    blocker = tmp_path / "data"
    blocker.write_text("a file where the folder should be", encoding="utf-8")
    url = f"sqlite:///{blocker / 'games' / 'tavern.db'}"
    line = the_line(command, run(command, url, tmp_path))
    if command == "verify":  # it never creates anything: there is simply no file
        assert f"there is no database file at {blocker / 'games' / 'tavern.db'}" in line
    else:
        assert f"cannot create the folder {blocker / 'games'} for the database (Not a directory)" in line
        assert "create it, or set DATABASE_URL to a place the bot may write" in line


SERVERS: dict[str, str] = {
    "unreachable": "cannot reach PostgreSQL at postgresql://tavern:***@127.0.0.1:1/tavern (",
    "wrong password": "refused the login (password authentication failed",
    "no such database": "has no database 'no_such_database': create it (createdb no_such_database)",
}


def server_url(server: str, postgres: PostgresServer) -> str:
    if server == "unreachable":  # nothing listens on port 1
        return "postgresql://tavern:s3cret@127.0.0.1:1/tavern"
    role, password = postgres.password_role()
    if server == "wrong password":
        return postgres.role_url(role, "s3cret", postgres.role_database())
    return postgres.role_url(role, password, "no_such_database")


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("server", SERVERS)
def test_a_postgresql_server_that_cannot_be_used(
    tmp_path: Path, postgres_server: PostgresServer, server: str, command: str
) -> None:
    line = the_line(command, run(command, server_url(server, postgres_server), tmp_path))
    assert SERVERS[server] in line
    assert "s3cret" not in line and postgres_server.password_role()[1] not in line
    assert list(tmp_path.iterdir()) == []  # no SQLite file made instead


def test_the_right_password_is_let_in(tmp_path: Path, postgres_server: PostgresServer) -> None:
    """The role refused above logs in with its password: the refusal was about the password."""
    role, password = postgres_server.password_role()
    done = run("verify", postgres_server.role_url(role, password, postgres_server.role_database()), tmp_path)
    assert done.returncode == 0 and "0 games checked" in done.stdout, done.stdout + done.stderr


def test_postgresql_without_its_driver_says_what_to_install(tmp_path: Path) -> None:
    """SQLite needs nothing more; PostgreSQL's driver is the ``postgresql`` extra."""
    blocked = "import sys; sys.modules['asyncpg'] = None; from bot.__main__ import main; sys.exit(main([]))"
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env.update(PYTHONPATH=str(ROOT), DISCORD_TOKEN="x", DATABASE_URL="postgresql://tavern:s3cret@db/tavern")
    done = subprocess.run(
        [sys.executable, "-c", blocked], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1 and done.stdout == ""
    [line] = done.stderr.strip().splitlines()
    assert "its driver (asyncpg) is not installed: pip install -e '.[postgresql]'" in line
    assert "s3cret" not in line


async def migrated(url: str) -> None:
    repo = await open_repository(url)
    await repo.close()


def test_check_finds_a_postgresql_user_without_write_grants(
    tmp_path: Path, postgres_server: PostgresServer, postgres_url: str
) -> None:
    asyncio.run(migrated(postgres_url))
    role, password = postgres_server.password_role()
    name = urlsplit(postgres_url).path.lstrip("/")
    asyncio.run(
        Raw(postgres_url, "postgresql").execute(f"GRANT SELECT ON ALL TABLES IN SCHEMA public TO {role}")
    )
    line = the_line("check", run("check", postgres_server.role_url(role, password, name), tmp_path))
    assert "does not let its user write to games, seats, moves" in line and "GRANT SELECT, INSERT" in line


def test_check_finds_a_postgresql_database_that_is_read_only(tmp_path: Path, postgres_url: str) -> None:
    asyncio.run(migrated(postgres_url))
    name = urlsplit(postgres_url).path.lstrip("/")
    asyncio.run(
        Raw(postgres_url, "postgresql").execute(
            f'ALTER DATABASE "{name}" SET default_transaction_read_only = on'
        )
    )
    for command in ("check", "bot"):
        line = the_line(command, run(command, postgres_url, tmp_path))
        assert "makes every transaction read-only (default_transaction_read_only)" in line


@contextmanager
def locked(path: Path, how: str) -> Iterator[None]:
    """``path`` held by another program (a second ``sqlite3`` connection) with an exclusive lock
    for as long as the block runs."""
    other = sqlite3.connect(path, isolation_level=None)
    try:
        if how == "rollback journal":  # nobody else may even read it
            other.execute("PRAGMA journal_mode = DELETE")
            other.execute("BEGIN EXCLUSIVE")
        else:  # a WAL file kept to one connection: its readers are shut out too
            other.execute("PRAGMA locking_mode = EXCLUSIVE")
            other.execute("BEGIN EXCLUSIVE")
            other.execute("UPDATE games SET updated_at = updated_at WHERE id = 1")
        yield
    finally:
        other.close()


@pytest.mark.parametrize("command", COMMANDS)
@pytest.mark.parametrize("how", ["rollback journal", "WAL in exclusive locking mode"])
def test_a_file_locked_by_another_program(tmp_path: Path, how: str, command: str) -> None:
    """One line, soon (``LOCK_WAIT`` bounds every wait of the opening together), not a wait of
    minutes; the other program's lock is left alone."""
    path = tmp_path / "data" / "tavern.db"
    a_sound_database(path)
    with locked(path, how):
        line = the_line(command, run(command, f"sqlite:///{path}", tmp_path, timeout=60))
    assert f"the database file {path} is locked by another program" in line
    assert "stop the program that holds it" in line


@pytest.mark.parametrize("command", ["bot", "check"])
def test_a_folder_where_the_database_file_should_be(tmp_path: Path, command: str) -> None:
    """The line alone: the connection's thread is closed on the way out, nothing is left to
    complain to an event loop that has gone."""
    path = tmp_path / "data" / "tavern.db"
    path.mkdir(parents=True)
    line = the_line(command, run(command, f"sqlite:///{path}", tmp_path))
    assert f"the database file {path} is a folder: move it away" in line


def not_the_file(path: Path) -> Callable[[Path], bool]:
    """``Path.is_dir`` that finds ``path`` no folder: the opening's check is passed, as if the
    folder had been put there just after it, and SQLite itself refuses the file. The file's
    own folder is still one, so it is not created again."""
    checked = Path.is_dir

    def is_dir(self: Path) -> bool:
        return self != path and checked(self)

    return is_dir


def test_sqlite_refusing_the_file_leaves_nothing_to_fail_after_the_line(tmp_path: Path) -> None:
    """A file SQLite cannot open (a folder put in its place after the check) is reported, and
    then nothing else: no connection's thread is left to hand its last answer to an event loop
    that has gone ("Exception in thread …: Event loop is closed" after the line). Three runs:
    that thread lost the race to the loop's end in most runs, not in every one."""
    path = tmp_path / "data" / "tavern.db"
    path.mkdir(parents=True)
    script = (
        "import asyncio\n"
        "from pathlib import Path\n"
        "from storage import DatabaseUnavailable\n"
        "from storage.backends import open_database\n"
        "from tests.storage.test_unusable_databases import not_the_file\n"
        f"Path.is_dir = not_the_file(Path({str(path)!r}))\n"
        "try:\n"
        f"    asyncio.run(open_database({f'sqlite:///{path}'!r}))\n"
        "except DatabaseUnavailable as exc:\n"
        "    print(exc)\n"
    )
    for _ in range(3):
        done = subprocess.run(
            [sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False
        )
        assert f"the database file {path} cannot be opened" in done.stdout
        assert done.stderr == ""


@pytest.mark.parametrize("how", ["rollback journal", "a folder"])
def test_a_failed_opening_leaves_no_connection_thread(
    tmp_path: Path, how: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whatever SQLite refuses, every connection made on the way is closed and its thread
    ended: none is left to outlive the event loop. (aiosqlite's thread hands back the answer of
    its last call, then ends: it is given a moment to, and never more than ``HANG``.)"""
    path = tmp_path / "data" / "tavern.db"
    if how == "a folder":  # past the folder check, as a race could be: SQLite itself refuses
        path.mkdir(parents=True)
        monkeypatch.setattr(Path, "is_dir", not_the_file(path))
    else:
        a_sound_database(path)
    before = set(threading.enumerate())
    with locked(path, how) if how != "a folder" else nullcontext(), pytest.raises(DatabaseUnavailable):
        asyncio.run(open_database(f"sqlite:///{path}"))
    left = set(threading.enumerate()) - before
    for thread in left:
        thread.join(HANG)
    assert [thread.name for thread in left if thread.is_alive()] == []
