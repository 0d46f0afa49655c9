"""Where the web table's pages are, and which links the bot's messages carry.

The board message is drawn in many places (a click's response, a computer's move, ``/status``)
from the stored game alone, so its link button cannot be handed in by each caller: the web
table publishes its address here while it serves (``publish``), and ``bot.board`` asks
``board_link``. One bot runs per process, so one address is published at a time; with the web
table off nothing is, and boards carry no link.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

WEB_SETTINGS = "web"
"""The key of a person's own settings (``Repository.player_settings``) holding the generation
of his private links per game: ``{"generations": {"<game id>": n}}``. Every game he ever
revoked a link of keeps its entry: a game dropped would go back to generation 0 and open its
revoked links again (a few bytes a game, and only for games he revoked links of)."""


@dataclass(frozen=True, slots=True)
class Links:
    base: str
    """The public address, without a trailing slash (``Settings.web_address``)."""
    address: Callable[[int], str]
    """A game's address, ``<game>-<key>`` (``tokens.Signer.address``)."""
    server_address: Callable[[int], str]
    """A server's address, ``<server>-<key>`` (``tokens.Signer.server_address``)."""

    def board(self, game_id: int) -> str:
        return f"{self.base}/game/{self.address(game_id)}"

    def replay(self, game_id: int, move: int | None = None) -> str:
        url = f"{self.base}/game/{self.address(game_id)}/replay"
        return url if move is None else f"{url}?move={move}"

    def leaderboard(self, guild_id: int) -> str:
        return f"{self.base}/server/{self.server_address(guild_id)}"

    def private(self, game_id: int, seat: int, token: str) -> str:
        # The token rides in the fragment, which browsers never send: it stays out of access
        # logs, proxies and Referer headers; the page's script sends it in a header.
        return f"{self.base}/game/{self.address(game_id)}/seat/{seat}#{token}"


_published: Links | None = None


def publish(links: Links | None) -> None:
    """Boards link to ``links`` from now on (``None``: no link, the web table stopped)."""
    global _published
    _published = links


def published() -> Links | None:
    return _published


def board_link(game_id: int) -> str | None:
    return None if _published is None else _published.board(game_id)


def replay_link(game_id: int) -> str | None:
    return None if _published is None else _published.replay(game_id)


def leaderboard_link(guild_id: int) -> str | None:
    return None if _published is None else _published.leaderboard(guild_id)


def generations(settings: dict[str, Any]) -> dict[str, int]:
    """The generations in a person's web settings, each game's a number (else left out)."""
    found = settings.get("generations")
    if not isinstance(found, dict):
        return {}
    return {str(k): v for k, v in found.items() if isinstance(v, int) and not isinstance(v, bool) and v >= 0}


def bumped(settings: dict[str, Any], game_id: int) -> dict[str, Any]:
    """The settings with the game's generation raised by one, every other game's kept."""
    kept = generations(settings)
    kept[str(game_id)] = kept.get(str(game_id), 0) + 1
    return {**settings, "generations": kept}
