"""``seated_games``: the running games a user sits in, wherever they are (for DM commands)."""

from __future__ import annotations

from storage import GameStatus, Repository


async def _game(repo: Repository, channel_id: int, users: tuple[int, ...], *, start: bool = True) -> int:
    lobby = await repo.create_lobby(
        "raid", guild_id=1, channel_id=channel_id, host_id=users[0], host_name="host", options={}
    )
    for user in users[1:]:
        await repo.join(lobby.id, user, f"u{user}")
    if start:
        await repo.start(lobby.id, seed=1)
    return lobby.id


async def test_only_running_games_with_the_user_seated_and_not_resigned(repo: Repository) -> None:
    first = await _game(repo, 100, (11, 12))
    second = await _game(repo, 101, (13, 11))
    await _game(repo, 102, (13, 14))  # not his
    await _game(repo, 103, (11, 15), start=False)  # a lobby
    over = await _game(repo, 104, (11, 16))
    finished = await repo.apply(over, expected_version=0, seat=0, action={"kind": "resign"})
    assert finished.game.status is GameStatus.FINISHED

    assert [g.id for g in await repo.seated_games(11)] == [second, first]
    assert [g.id for g in await repo.seated_games(12)] == [first]
    assert await repo.seated_games(99) == []
    assert all(g.state is not None for g in await repo.seated_games(11))
