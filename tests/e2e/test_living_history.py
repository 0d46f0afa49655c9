"""``/games``, ``/history`` and ``/export`` through SimCord; an exported game replays to the
same result with ``engine.replay``, in-process and as a subprocess."""

from __future__ import annotations

import io
import json
import random
import re
import subprocess
import sys
from pathlib import Path

import simcord

from engine.replay import main as replay_main
from storage import GameRecord, GameStatus, Repository
from tests.e2e.helpers import (
    Room,
    description_of,
    footer_of,
    make_room,
    note_of,
    open_game,
    play_by_buttons,
    title_of,
)

ROOT = Path(__file__).resolve().parents[2]
HAZARD_WORDS = re.compile(r"\b(pit|trap|terrorist|kit|artifact|placement)s?\b", re.IGNORECASE)


async def raid_game(room: Room) -> GameRecord:
    """A Raid game set up through the repository (the bot has no Raid board of its own here):
    both players place their objects at random."""
    alice, bob = room.players
    repo = room.repository
    lobby = await repo.create_lobby(
        "raid", guild_id=room.channel.guild.id, channel_id=room.channel.id,
        host_id=alice.id, host_name="alice", options={},
    )  # fmt: skip
    await repo.join(lobby.id, bob.id, "bob")
    record = await repo.start(lobby.id, seed=17)
    for seat in (0, 1):
        record = (
            await repo.apply(
                record.id, expected_version=record.version, seat=seat, action={"kind": "place_random"}
            )
        ).game
    return record


async def test_history_of_an_unfinished_raid_game_reveals_no_hazard(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    alice, bob = room.players
    record = await raid_game(room)
    hidden_cells = {obj.cell for placed in record.state.maps for obj in placed}
    assert len(hidden_cells) > 5

    for member in (alice, bob):
        shown = await member.slash(room.channel, "history")
        assert shown.ephemeral and shown.response is not None
        text = description_of(shown.response)
        assert text.count("placed") == 2  # both placements are told, not what was placed
        assert not HAZARD_WORDS.search(text), text
        assert not hidden_cells & set(re.findall(r"\b[A-J](?:10|[1-9])\b", text)), text
        assert footer_of(shown.response) == "Only what everyone may know is shown until the game ends."
    refused = await alice.slash(room.channel, "export")
    assert refused.ephemeral and refused.response is not None
    assert refused.response.content == (
        "This game is still running: its replay holds the seed of every roll and draw to come, so it "
        "can be downloaded once the game ends."
    )

    resigned = await alice.slash(room.channel, "resign")
    assert resigned.response is not None
    over = await alice.slash(room.channel, "history", game=record.id)
    assert over.response is not None
    assert "placement: " in description_of(over.response)  # once over, everything is told


async def test_export_of_a_finished_game_replays_to_the_same_result(
    simcord_env: simcord.Env, repository: Repository, tmp_path: Path
) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room)
    running = await room.players[1].slash(room.channel, "export")  # the seed tells the dice to come
    assert running.ephemeral and running.response is not None and not running.response.attachments
    assert "still running" in str(running.response.content)
    await play_by_buttons(room, record.id, random.Random(4))
    finished = await repository.get(record.id)
    assert finished.status is GameStatus.FINISHED and finished.result is not None

    exported = await room.players[0].slash(room.channel, "export", game=record.id)
    assert exported.ephemeral and exported.response is not None
    (attachment,) = exported.response.attachments
    assert attachment.filename == f"tavern-pickomino-{record.id}.json"
    data = json.loads(await attachment.read())
    assert data["game"] == "pickomino" and data["seed"] == finished.seed and data["seats"] == 2
    assert len(data["moves"]) == finished.version
    assert data["result"]["ranks"] == list(finished.result.ranks)

    path = tmp_path / "export.json"
    path.write_bytes(await attachment.read())
    out = io.StringIO()
    assert replay_main([str(path)], out, io.StringIO()) == 0
    result = finished.result
    ranks = ", ".join(f"seat {seat + 1} {rank}" for seat, rank in enumerate(result.ranks))
    scores = ", ".join(f"seat {seat + 1} {score:g}" for seat, score in enumerate(result.scores))
    reason = (result.reason or "").replace("_", " ")
    expected = f"Result ({reason}): ranks {ranks}; scores {scores}"
    assert out.getvalue().splitlines()[-1] == expected
    done = subprocess.run(
        [sys.executable, "-m", "engine.replay", str(path)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == expected


async def test_games_lists_the_servers_games_with_links_and_history_tells_moves(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository)
    record = await open_game(room)
    await play_by_buttons(room, record.id, random.Random(2), limit=3)
    record = await repository.get(record.id)
    other = room.channel.guild.create_text_channel("second")
    lobby = await room.players[1].slash(other, "play", game="pickomino")
    assert lobby.response is not None

    listed = await room.players[0].slash(room.channel, "games")
    assert listed.ephemeral and listed.response is not None
    lines = description_of(listed.response).splitlines()
    assert len(lines) == 2
    board = f"https://discord.com/channels/{room.channel.guild.id}/{room.channel.id}/{record.message_id}"
    assert any(
        line.startswith(f"Pickomino #{record.id} — playing, 2 players") and board in line for line in lines
    )
    assert any("— lobby, 1 player seated —" in line for line in lines)

    history = await room.players[1].slash(room.channel, "history")
    assert history.response is not None
    told = description_of(history.response).splitlines()
    assert told[0].startswith("`  1` ") and "rolled" in told[0]
    assert len(told) >= 3


async def test_a_spectator_pressing_private_sees_the_spectator_view(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    room = make_room(simcord_env, repository, names=("alice", "bob", "carol"))
    carol = room.players.pop()
    record = await open_game(room)
    shown = await carol.click(room.message(record.message_id), label="Private")
    assert shown.ephemeral and shown.response is not None
    assert note_of(shown.response) == (
        "You are watching this game, not playing: this is what every spectator sees."
    )
    assert title_of(shown.response) == f"Pickomino — game #{record.id}"
    assert await repository.moves(record.id) == []
