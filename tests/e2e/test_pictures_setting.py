"""``/config pictures:False``: Raid boards and private views show text grids, no pictures."""

from __future__ import annotations

import simcord

from storage import Repository
from tests.e2e.helpers import click_in_dm, field_names, field_of, open_game
from tests.e2e.test_living import configure, make_server


async def test_a_server_without_pictures_gets_text_grids(
    simcord_env: simcord.Env, repository: Repository
) -> None:
    server = make_server(simcord_env, repository)
    room = server.room
    shown = await configure(server, pictures=False)
    assert shown.response is not None
    values = [field_of(shown.response, name) for name in field_names(shown.response)]
    assert "Maps are shown as text grids." in values

    record = await open_game(room, game="raid")
    board = room.message(record.message_id)
    assert board.attachments == []
    assert "Maps" in field_names(board)
    grids = field_of(board, "Maps")
    assert "A B C D E F G H I J" in grids
    assert grids.startswith("Left: alice walks bob's map\nRight: bob walks alice's map\n```")
    legend = field_of(board, "Legend")
    assert "`X` trap" in legend and "`+` first-aid kit" in legend

    await click_in_dm(server.alice, "Random")  # the placement buttons come by DM
    mine = await server.alice.slash(room.channel, "hand")
    assert mine.ephemeral and mine.response is not None
    assert mine.response.attachments == []
    assert field_of(mine.response, "Maps").startswith("Your map: bob walks it\n```")
    assert "`O` pit" in field_of(mine.response, "Legend")

    await configure(server, pictures=True)
    again = await server.alice.slash(room.channel, "hand")
    assert again.response is not None
    assert [a.filename for a in again.response.attachments] == ["raid-map.png"]
