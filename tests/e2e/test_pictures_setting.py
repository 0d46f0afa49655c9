"""``/config pictures:False``: Raid boards and private views show text grids, no pictures."""

from __future__ import annotations

import simcord

from storage import Repository
from tests.e2e.helpers import open_game
from tests.e2e.test_living import configure, make_server


async def test_a_server_without_pictures_gets_text_grids(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    server = make_server(simcord_env, repository)
    room = server.room
    shown = await configure(server, pictures=False)
    assert shown.response is not None
    assert "Maps are shown as text grids." in [f.value for f in shown.response.embeds[0].fields]

    record = await open_game(room, game="raid")
    board = room.message(record.message_id)
    assert board.attachments == []
    grid_fields = [f for f in board.embeds[0].fields if f.value and str(f.value).startswith("```")]
    assert grid_fields and "A B C D E F G H I J" in str(grid_fields[0].value)

    await server.alice.click(board, label="Random")
    mine = await server.alice.slash(room.channel, "hand")
    assert mine.ephemeral and mine.response is not None
    assert mine.response.attachments == []
    assert any(str(f.value).startswith("```") for f in mine.response.embeds[0].fields)

    await configure(server, pictures=True)
    again = await server.alice.slash(room.channel, "hand")
    assert again.response is not None
    assert [a.filename for a in again.response.attachments] == ["raid-map.png"]
