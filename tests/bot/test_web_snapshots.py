"""What the web table shows, without a server: for every game, the public page (board HTML,
history, pictures byte for byte) and every seat's private panel are the same for a position
and for ``redeal`` of it, which draws again all that audience may not know; markup is
escaped; tokens open only what they name."""

from __future__ import annotations

import time
from typing import Any

import discord
import pytest

import engine
from bot.render.web_links import bumped, generations
from bot.web.boards import embed_parts
from bot.web.markup import to_html
from bot.web.snapshots import Snapshot, private_snapshot, public_snapshot
from bot.web.templating import environment
from bot.web.tokens import Claims, Refused, Signer
from engine.core import dump_json
from tests.bot.test_render_from_redeal import positions, record_of


def shown(snapshot: Snapshot) -> tuple[str, dict[str, bytes]]:
    return dump_json(snapshot.data), snapshot.files


def url(name: str) -> str:
    return f"/picture/{name}"


def web_for(game: Any, state: Any, version: int, audience: int | None, lang: str) -> list[Any]:
    record = record_of(game, state, version)
    found: list[Any] = [shown(public_snapshot(record, [], lang, url, "7-key"))]
    if audience is not None:
        found.append(shown(private_snapshot(record, audience, [], lang, url, "7-key")))
    return found


@pytest.mark.parametrize("key", engine.game_keys())
def test_no_page_tells_a_position_from_its_redeal(key: str) -> None:
    game = engine.get_game(key)
    differed = 0
    for version, state in positions(game, seed=5)[::2]:
        for audience in (None, *range(game.seats(state))):
            other = game.redeal(state, audience, 700 + version)
            if dump_json(game.dump_state(other)) != dump_json(game.dump_state(state)):
                differed += 1
            lang = "ru" if version % 2 else "en"
            mine = web_for(game, state, version, audience, lang)
            assert mine == web_for(game, other, version, audience, lang), (key, version, audience)
    assert differed > 0


def test_markup_is_escaped_and_mentions_become_names() -> None:
    names = {42: "<b>eve</b>"}
    text = "**Turn:** <@42> <script>alert(1)</script> `x<y` ```\n<grid>\n``` <t:0:R>"
    out = to_html(text, names)
    assert "<script>" not in out and "&lt;script&gt;" in out
    assert "@&lt;b&gt;eve&lt;/b&gt;" in out and "<strong>Turn:</strong>" in out
    assert "<code>x&lt;y</code>" in out and "<pre>&lt;grid&gt;</pre>" in out and "1970-01-01 00:00 UTC" in out
    embed = discord.Embed(title='"><img src=x onerror=alert(1)>', description="d")
    embed.set_image(url="attachment://board.png")
    parts = embed_parts(embed, {"board.png": "/p/board.png"})
    card = str(environment().get_template("embed.html").module.embed(parts))
    assert "<img src=x" not in card and 'src="/p/board.png"' in card


def test_a_token_opens_only_its_game_and_seat_until_it_expires_or_is_revoked() -> None:
    signer = Signer(b"k" * 32)
    now = time.time()
    token = signer.issue(Claims(7, 1, 0, int(now) + 60))
    assert signer.check(token, game_id=7, seat=1, generation=0, now=now) == Claims(7, 1, 0, int(now) + 60)
    refusals = [
        lambda: signer.check(token, game_id=8, seat=1, generation=0, now=now),
        lambda: signer.check(token, game_id=7, seat=0, generation=0, now=now),
        lambda: signer.check(token, game_id=7, seat=1, generation=1, now=now),
        lambda: signer.check(token, game_id=7, seat=1, generation=0, now=now + 61),
        lambda: Signer(b"o" * 32).check(token, game_id=7, seat=1, generation=0, now=now),
        lambda: signer.read(token.replace("v1.7.1.", "v1.7.0.")),
        lambda: signer.read(token + "x"),
        lambda: signer.read(None),
        lambda: signer.read("v1.7.1.0.1." + "A" * 43),
    ]
    for refusal in refusals:
        with pytest.raises(Refused):
            refusal()
    with pytest.raises(ValueError):
        Signer(b"short")


def test_revoking_raises_the_games_generation_and_keeps_other_settings() -> None:
    settings: dict[str, Any] = {"other": 1, "generations": {"3": 2, "x": "bad"}}
    assert generations(settings) == {"3": 2}
    after = bumped(bumped(settings, 3), 5)
    assert generations(after)["3"] == 3 and generations(after)["5"] == 1 and after["other"] == 1
    assert generations({"generations": [1]}) == {}
