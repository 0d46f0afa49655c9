"""``DATABASE_URL``: which database to open, SQLite (the default) or PostgreSQL.

sqlite:///data/tavern.db                      a file relative to the working directory (its
                                              folder is created if the one above exists)
sqlite:////var/lib/tavern/tavern.db           an absolute path (four slashes)
sqlite:///:memory:                            a private in-memory database (tests)
postgresql://user:password@host:5432/tavern   a PostgreSQL database (also postgres://);
                                              ?host=/run/postgresql for a Unix socket
"""

from __future__ import annotations

import errno
import re
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

from storage.errors import UnsupportedDatabaseURL

PREFIX = "sqlite:///"
MEMORY = ":memory:"
DEFAULT_URL = "sqlite:///data/tavern.db"
POSTGRES_SCHEMES = ("postgresql", "postgres")
FORMS = (
    "sqlite:///relative/path.db, sqlite:////absolute/path.db, sqlite:///:memory: "
    "or postgresql://user:password@host/database"
)
MASK = "***"


@dataclass(frozen=True, slots=True)
class SqliteLocation:
    path: str
    """A file path, or ``:memory:``."""

    backend = "sqlite"

    @property
    def in_memory(self) -> bool:
        return self.path == MEMORY

    @property
    def shown(self) -> str:
        """What to tell a person: the resolved absolute path, so a relative URL run from an
        unexpected folder is noticed."""
        return MEMORY if self.in_memory else str(Path(self.path).resolve())

    def ensure_folder(self) -> None:
        """Create the file's own folder (the default's ``data/``) when the folder above it
        exists, so a fresh deployment needs no manual step; a path of several missing folders,
        a typo most likely, is refused (``FileNotFoundError`` naming the first missing one)
        instead of becoming a stray database."""
        if self.in_memory:
            return
        folder = Path(self.path).parent
        try:
            folder.mkdir(exist_ok=True)
        except FileNotFoundError:
            missing = Path(self.shown).parent.parent
            while not missing.parent.exists():
                missing = missing.parent
            raise FileNotFoundError(errno.ENOENT, f"the folder {missing} does not exist") from None


@dataclass(frozen=True, slots=True)
class PostgresLocation:
    url: str
    """The URL as given, password included: only the driver ever sees it."""

    backend = "postgresql"

    @property
    def shown(self) -> str:
        """The URL with any password masked, for messages and logs."""
        return mask_password(self.url)

    @property
    def database(self) -> str:
        return urlsplit(self.url).path.lstrip("/") or "(the user's default)"


DatabaseLocation = SqliteLocation | PostgresLocation


def mask_password(url: str) -> str:
    """``url`` with the password of its user part and any ``password=`` parameter masked."""
    netloc = urlsplit(url).netloc
    if "@" in netloc:
        user = netloc.rsplit("@", 1)[0]
        if ":" in user:
            url = url.replace(f"{user}@", f"{user.split(':', 1)[0]}:{MASK}@", 1)
    return re.sub(r"(?<=[?&]password=)[^&#]*", MASK, url)


def parse_database_url(url: str) -> DatabaseLocation:
    """The location ``url`` names, or ``UnsupportedDatabaseURL`` saying what is accepted.

    The message never repeats the URL itself: a URL may carry a password.
    """
    url = url.strip()
    scheme = url.split(":", 1)[0].lower() if ":" in url else ""
    if scheme in POSTGRES_SCHEMES and url[len(scheme) :].startswith("://"):
        return PostgresLocation(url)
    if not url.startswith(PREFIX):
        what = f"scheme {scheme!r}" if scheme else "a value without a scheme"
        raise UnsupportedDatabaseURL(
            f"DATABASE_URL has {what}; write it as {FORMS}",
            scheme=scheme,
        )
    path = url[len(PREFIX) :]
    if not path or path.endswith("/"):
        raise UnsupportedDatabaseURL(
            "DATABASE_URL names no database file; write it as sqlite:///data/tavern.db",
            scheme="sqlite",
        )
    return SqliteLocation(path)
