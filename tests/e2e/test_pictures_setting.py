"""``/config pictures:False``: Raid boards and private views show text grids, no pictures."""

from __future__ import annotations

import simcord

from storage import Repository
from tests.e2e.helpers import click_in_dm, open_game
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
    grid_fields = [f for f in board.embeds[0].fields if f.name == "Maps"]
    assert grid_fields and "A B C D E F G H I J" in str(grid_fields[0].value)
    assert str(grid_fields[0].value).startswith(
        "Left: alice walks bob's map\nRight: bob walks alice's map\n```"
    )
    legend = next(f for f in board.embeds[0].fields if f.name == "Legend")
    assert "`X` trap" in str(legend.value) and "`+` first-aid kit" in str(legend.value)

    await click_in_dm(server.alice, "Random")  # the placement buttons come by DM
    mine = await server.alice.slash(room.channel, "hand")
    assert mine.ephemeral and mine.response is not None
    assert mine.response.attachments == []
    fields = {f.name: str(f.value) for f in mine.response.embeds[0].fields}
    assert fields["Maps"].startswith("Your map: bob walks it\n```") and "`O` pit" in fields["Legend"]

    await configure(server, pictures=True)
    again = await server.alice.slash(room.channel, "hand")
    assert again.response is not None
    assert [a.filename for a in again.response.attachments] == ["raid-map.png"]
