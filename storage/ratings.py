"""Skill ratings: OpenSkill's Plackett–Luce model (the ``openskill`` package) over finished games.

Each person, and where a server rates them each computer level, has a rating per game and
scope: the game's server (``NO_SERVER`` outside any) and every server together (``EVERYWHERE``),
each scope rated from its own games alone. A rating is a mean ``mu`` and an uncertainty
``sigma``; boards order by the conservative rating ``mu - 3 sigma``, which a new player starts
at 0 and which grows as games make the rating both higher and surer.

How a game becomes a match for the library:
- a game played against each other: one team per seat, ranked by the game's own result, so a
  shared place is a tie, a draw ties both players, and a resignation or a game decided by
  timeouts ranks each seat as the rules ranked it;
- a co-operative game: the table is one team, and its opponent is the game itself, a
  team of as many seats as the table, each at a fixed rating set by the difficulty
  (``GAME_SEAT_MU``); winning against a harder game gains more, and the game's rating never
  moves, so every table meets the same game.

Everything here is plain computation on plain values: the same games in the same order give
the same numbers, which is what lets ``verify`` rebuild the ratings from the move logs and
compare them with the stored ones (``storage.rating_rows``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from openskill.models import PlackettLuce, PlackettLuceRating

MODEL = PlackettLuce()
"""The library's defaults: mu 25, sigma 25/3, beta 25/6, tau 25/300 (the uncertainty a rating
regains before each game, so it never freezes)."""
CONSERVATIVE_Z = 3.0
"""How many uncertainties the conservative rating takes off the mean."""
PROVISIONAL_GAMES = 5
"""Rated games before a player leaves the provisional list of a leaderboard."""
TREND_GAMES = 5
"""Games a trend looks back over."""
GAME_SEAT_MU: Mapping[str, float] = {"easy": 20.0, "normal": 25.0, "hard": 30.0}
"""A co-operative game's difficulty → the rating of each of the game's own seats. Against two
new players the library predicts (``MODEL.predict_win``) the table wins 71% of easy games, 50%
of normal and 29% of hard ones; larger tables of new players stand further from even (82%
and 18% at five), as a team's summed ratings do."""
DEFAULT_DIFFICULTY = "normal"
COMPUTER = "ai:"
"""A computer level's player name is ``ai:<policy>``; a person's is his user id."""


@dataclass(frozen=True, slots=True)
class Rating:
    mu: float
    sigma: float

    @property
    def conservative(self) -> float:
        """The rating less its uncertainty: what boards order by."""
        return self.mu - CONSERVATIVE_Z * self.sigma


NEW = Rating(MODEL.mu, MODEL.sigma)
GAME_SEAT_SIGMA = MODEL.sigma


def person(user_id: int) -> str:
    return str(user_id)


def computer(policy: str) -> str:
    return f"{COMPUTER}{policy}"


def user_of(player: str) -> int | None:
    """The Discord user a player name stands for; ``None`` for a computer level."""
    return None if player.startswith(COMPUTER) else int(player)


def policy_of(player: str) -> str | None:
    return player.removeprefix(COMPUTER) if player.startswith(COMPUTER) else None


@dataclass(frozen=True, slots=True)
class RatedGame:
    """What rating one finished game needs."""

    game_id: int
    key: str
    scopes: tuple[int, ...]
    """The ratings it changes: its server's (or ``NO_SERVER``) and ``EVERYWHERE``."""
    players: tuple[str, ...]
    """Each seat's player name."""
    ranks: tuple[int, ...]
    team: Literal["won", "lost"] | None
    """A co-operative game's outcome (then played against the game); ``None`` otherwise."""
    difficulty: str

    @property
    def changing(self) -> tuple[int, ...]:
        """The seats whose ratings this game changes: every seat but a computer level that sits
        more than once (its seats play at the level's rating, but one game cannot move one
        rating twice)."""
        return tuple(s for s, p in enumerate(self.players) if self.players.count(p) == 1)


def rated_game(
    game_id: int,
    key: str,
    scopes: tuple[int, ...],
    options: Mapping[str, Any],
    ranks: Sequence[int],
    team: Literal["won", "lost"] | None,
    seats: Sequence[tuple[int | None, str | None]],
    *,
    rate_computers: bool,
) -> RatedGame | None:
    """The game as a match (``seats``: each seat's user id, or ``None`` and its computer policy),
    or ``None`` when it is not rated: a game with a computer seat, unless ``rate_computers``."""
    players: list[str] = []
    for user_id, policy in seats:
        if user_id is not None:
            players.append(person(user_id))
        elif rate_computers and policy is not None:
            players.append(computer(policy))
        else:
            return None
    difficulty = options.get("difficulty")
    known = isinstance(difficulty, str) and difficulty in GAME_SEAT_MU
    return RatedGame(
        game_id=game_id,
        key=key,
        scopes=scopes,
        players=tuple(players),
        ranks=tuple(ranks),
        team=team,
        difficulty=str(difficulty) if known else DEFAULT_DIFFICULTY,
    )


def _library(rating: Rating) -> PlackettLuceRating:
    return MODEL.rating(mu=rating.mu, sigma=rating.sigma)


def rate(game: RatedGame, before: Sequence[Rating]) -> list[Rating]:
    """Each seat's rating after the game, from each seat's rating before it, as the library
    rates the match (a seat's rating after is its rating before when ``changing`` leaves it out)."""
    seats = [_library(r) for r in before]
    if game.team is not None:
        game_seat = Rating(GAME_SEAT_MU[game.difficulty], GAME_SEAT_SIGMA)
        against = [_library(game_seat) for _ in seats]
        ranks = [1.0, 2.0] if game.team == "won" else [2.0, 1.0]
        rated = MODEL.rate([seats, against], ranks=ranks)[0]
    else:
        rated = [team[0] for team in MODEL.rate([[s] for s in seats], ranks=[float(r) for r in game.ranks])]
    changing = set(game.changing)
    return [
        Rating(float(after.mu), float(after.sigma)) if seat in changing else before[seat]
        for seat, after in enumerate(rated)
    ]


@dataclass(frozen=True, slots=True)
class Change:
    """One seat's rating in one scope, before and after one game."""

    game_id: int
    scope: int
    seat: int
    key: str
    player: str
    before: Rating
    after: Rating


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's rating in one game and scope, and how many rated games made it."""

    rating: Rating
    games: int


RatingKey = tuple[str, int, str]
"""(game key, scope, player)."""


def changes_of(game: RatedGame, standings: Mapping[RatingKey, Standing]) -> list[Change]:
    """The game's changes in every scope, from the players' standings before it (a player
    without one starts at ``NEW``)."""
    found: list[Change] = []
    for scope in game.scopes:
        before = [
            standings.get((game.key, scope, player), Standing(NEW, 0)).rating for player in game.players
        ]
        after = rate(game, before)
        found.extend(
            Change(game.game_id, scope, seat, game.key, game.players[seat], before[seat], after[seat])
            for seat in game.changing
        )
    return found


class Ledger:
    """Ratings built up game by game in memory: the rebuild ``verify`` compares with storage."""

    def __init__(self) -> None:
        self.standings: dict[RatingKey, Standing] = {}
        self.changes: list[Change] = []

    def play(self, game: RatedGame) -> list[Change]:
        changes = changes_of(game, self.standings)
        for change in changes:
            key = (change.key, change.scope, change.player)
            games = self.standings.get(key, Standing(NEW, 0)).games
            self.standings[key] = Standing(change.after, games + 1)
        self.changes.extend(changes)
        return changes


__all__ = [
    "CONSERVATIVE_Z",
    "GAME_SEAT_MU",
    "MODEL",
    "NEW",
    "PROVISIONAL_GAMES",
    "TREND_GAMES",
    "Change",
    "Ledger",
    "RatedGame",
    "Rating",
    "RatingKey",
    "Standing",
    "changes_of",
    "computer",
    "person",
    "policy_of",
    "rate",
    "rated_game",
    "user_of",
]
