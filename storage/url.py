"""``DATABASE_URL``: which SQLite database to open.

sqlite:///data/tavern.db      a file relative to the working directory
sqlite:////var/lib/tavern.db  an absolute path (four slashes)
sqlite:///:memory:            a private in-memory database (tests)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from storage.errors import UnsupportedDatabaseURL

PREFIX = "sqlite:///"
MEMORY = ":memory:"
DEFAULT_URL = "sqlite:///data/tavern.db"


@dataclass(frozen=True, slots=True)
class SqliteLocation:
    path: str
    """A file path, or ``:memory:``."""

    @property
    def in_memory(self) -> bool:
        return self.path == MEMORY

    def ensure_folder(self) -> None:
        """Create the file's parent folders, so a fresh deployment needs no manual step."""
        if not self.in_memory:
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)


def parse_database_url(url: str) -> SqliteLocation:
    """The location ``url`` names, or ``UnsupportedDatabaseURL`` saying what is accepted.

    The message never repeats the URL itself: a URL for another database may carry a password.
    """
    url = url.strip()
    if not url.startswith(PREFIX):
        scheme = url.split(":", 1)[0] if ":" in url else ""
        what = f"scheme {scheme!r}" if scheme else "a value without a scheme"
        raise UnsupportedDatabaseURL(
            f"DATABASE_URL has {what}; only SQLite is supported, "
            f"as sqlite:///relative/path.db, sqlite:////absolute/path.db or sqlite:///:memory:",
            scheme=scheme,
        )
    path = url[len(PREFIX) :]
    if not path or path.endswith("/"):
        raise UnsupportedDatabaseURL(
            "DATABASE_URL names no database file; write it as sqlite:///data/tavern.db",
            scheme="sqlite",
        )
    return SqliteLocation(path)
