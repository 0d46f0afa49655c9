"""Private links: a signed token naming one game, one seat, a generation and an expiry.

``v1.<game>.<seat>.<generation>.<expires>.<signature>``, the signature an HMAC-SHA256 of the
rest under ``WEB_SECRET``. The token says nothing secret (anyone holding it may read the
numbers); what it proves is that the bot issued it for that seat. It opens only the seat and
game it names, only until it expires, and only while its generation is the seat's current one:
``/web revoke`` raises the generation (kept in storage), so every token issued before is
refused at once, by every bot process. A seat that resigned is refused whatever its token.

A game's pages are found at its *address*, ``<game>-<key>``: the key, an HMAC of the game id,
makes addresses unguessable, so counting up game ids does not open the games of other servers;
only a link the bot gave (on the board, by ``/web``) does. A server's leaderboard page is found
the same way, at ``<server>-<key>`` (``server_address``), given by ``/leaderboard``.

Checking here is pure: the current generation and the clock are handed in, so it is tested
without storage or time passing.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
from dataclasses import dataclass

VERSION = "v1"
TOKEN = re.compile(r"v1\.([0-9]{1,18})\.([0-9]{1,3})\.([0-9]{1,9})\.([0-9]{1,12})\.([A-Za-z0-9_-]{43})")
"""A well-formed token; anything else is refused before any work (a 43-character signature:
32 bytes in unpadded base64url). Numbers are ASCII digits only: a regular expression's digit
class and ``int`` would read any Unicode digit, which signing (ASCII) cannot take."""
MAX_TOKEN = 120
ADDRESS = re.compile(r"([0-9]{1,19})-([A-Za-z0-9_-]{16})")
"""A game's address: its id and a 16-character key (96 bits)."""


class Refused(Exception):
    """A token that does not open this page: missing, malformed, forged, expired, revoked, or
    another game's or seat's. The reason is for the log, never shown (all look alike outside)."""


@dataclass(frozen=True, slots=True)
class Claims:
    game_id: int
    seat: int
    generation: int
    expires: int
    """Unix seconds."""


class Signer:
    def __init__(self, secret: bytes) -> None:
        if len(secret) < 32:
            raise ValueError("a signing key of at least 32 bytes is needed")
        self._secret = secret

    def _signature(self, body: str) -> str:
        mac = hmac.new(self._secret, f"tavern-web:{body}".encode("ascii"), hashlib.sha256).digest()
        return base64.urlsafe_b64encode(mac).rstrip(b"=").decode("ascii")

    def address(self, game_id: int) -> str:
        """Where the game's pages are: ``<game>-<key>``."""
        return f"{game_id}-{self._signature(f'watch.{game_id}')[:16]}"

    def game_of(self, address: str) -> int:
        """The game an address the bot gave names; ``Refused`` for any other (a guessed key)."""
        found = ADDRESS.fullmatch(address)
        if found is None or not hmac.compare_digest(address, self.address(int(found.group(1)))):
            raise Refused("not an address the bot gave")
        return int(found.group(1))

    def server_address(self, guild_id: int) -> str:
        """Where a server's leaderboard page is: ``<server>-<key>``, signed apart from a game's
        (a game's address never opens a server's page, nor the other way round)."""
        return f"{guild_id}-{self._signature(f'server.{guild_id}')[:16]}"

    def server_of(self, address: str) -> int:
        """The server an address the bot gave names; ``Refused`` for any other."""
        found = ADDRESS.fullmatch(address)
        if found is None or not hmac.compare_digest(address, self.server_address(int(found.group(1)))):
            raise Refused("not an address the bot gave")
        return int(found.group(1))

    def issue(self, claims: Claims) -> str:
        body = f"{VERSION}.{claims.game_id}.{claims.seat}.{claims.generation}.{claims.expires}"
        return f"{body}.{self._signature(body)}"

    def read(self, token: str | None) -> Claims:
        """The claims of a token the bot signed; ``Refused`` for anything else."""
        if not token or len(token) > MAX_TOKEN:
            raise Refused("no token")
        found = TOKEN.fullmatch(token)
        if found is None:
            raise Refused("malformed")
        body, signature = token.rsplit(".", 1)
        if not hmac.compare_digest(signature, self._signature(body)):
            raise Refused("bad signature")
        game_id, seat, generation, expires = (int(part) for part in found.groups()[:4])
        return Claims(game_id, seat, generation, expires)

    def check(self, token: str | None, *, game_id: int, seat: int, generation: int, now: float) -> Claims:
        """The claims of a token that opens ``seat`` of ``game_id`` now, its seat's current
        generation being ``generation``; ``Refused`` otherwise."""
        claims = self.read(token)
        if claims.game_id != game_id or claims.seat != seat:
            raise Refused("another game's or seat's token")
        if claims.expires <= now:
            raise Refused("expired")
        if claims.generation != generation:
            raise Refused("revoked")
        return claims
