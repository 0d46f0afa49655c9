"""``python -m tests.e2e.killed_bot``: the real bot (``create_bot``) on SimCord in a process of
its own, which kills itself with SIGKILL at a chosen step of a move's follow-through, and the
same bot started again on the same database and the same Discord.

SimCord's Discord lives in the process, so it would die with it: after every REST call the
world (servers, channels, users, messages) is written to a file, and the next process starts
from that file. What Discord had done when the process died — a message it created although the
bot never read the answer — is there for the new process, as it would be for a real restart.
SimCord takes a message's nonce and leaves it at that; Discord, asked with ``enforce_nonce``
(discord.py always asks), returns the message first sent with a nonce instead of creating a
second one for the same nonce sent again within a few minutes. The world here does the same.

    python -m tests.e2e.killed_bot play WORLD WHEN WHAT
        builds the world (a server, #games, alice and bob), starts a game of the test-only
        ``secret_numbers`` (alice to move) with its board posted, arms the kill, and has alice
        type ``/move peek``: the board is edited to bob's turn, bob is pinged, alice gets her
        number by DM. The process dies ``before`` or ``after`` Discord handles the first
        request of ``WHAT`` (``board``, ``ping`` or ``dm``) after the move. Prints
        ``{"game": ID}`` before the move.
    python -m tests.e2e.killed_bot resume WORLD
        starts the bot on the world the killed process left, makes time pass until nothing is
        owed any more, and prints what the table shows (``table``).
    python -m tests.e2e.killed_bot serve WORLD
        another process beside the one that plays (on PostgreSQL), on a Discord of its own built
        the same way: prints ``{"ready": true}``, waits for ``deliver`` on stdin, then makes
        time pass until nothing is owed and prints what its Discord shows.

Settings come from the environment (``DATABASE_URL``, ``CLAIM_LEASE_SECONDS`` …)."""

from __future__ import annotations

import asyncio
import json
import os
import pickle
import signal
import sys
from pathlib import Path
from typing import Any

import simcord
from simcord.backend import serializers
from simcord.http import router

from bot import TavernBot, create_bot
from bot.settings import Settings
from tests.bot.secret_game import secret_game_registered
from tests.e2e.helpers import description_of

WORLD = (
    "users",
    "guilds",
    "channels",
    "messages",
    "dm_channels",
    "interactions",
    "interaction_tokens",
    "cdn",
    "_reserved_ids",
    "_sequences",
    "application_id",
    "bot_user",
)
"""What Discord keeps of a world: everything a bot's earlier process made or read."""
NONCES = "nonces"
PASSES = 200
"""Scheduler passes a resumed bot is given at most to deliver what is owed."""


class World:
    """The world of one SimCord environment, kept in a file after every REST call."""

    def __init__(self, env: simcord.Env, path: Path) -> None:
        self.env = env
        self.path = path
        self.nonces: dict[tuple[str, str], int] = {}
        """(channel id, nonce) → the message first created with it."""
        self.kill: tuple[str, str] | None = None
        original = router.dispatch

        def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
            what = self.step(method, path, kwargs.get("json"))
            if what is not None and self.kill == ("before", what):
                self.die()
            answer = self.known(method, path, kwargs.get("json"))
            if answer is None:
                answer = original(backend, method, path, **kwargs)
                self.remember(method, path, kwargs.get("json"), answer)
            self.save()
            if what is not None and self.kill == ("after", what):
                self.die()
            return answer

        router.dispatch = dispatch  # type: ignore[assignment]

    def step(self, method: str, path: str, body: Any) -> str | None:
        """Which step of a follow-through a REST call is."""
        content = str(body.get("content")) if isinstance(body, dict) else ""
        parts = path.strip("/").split("/")
        if method == "POST" and parts[:1] == ["webhooks"] and len(parts) == 3:
            return "ping" if "your turn" in content else None  # a follow-up of the interaction
        if parts[:1] != ["channels"] or len(parts) < 3 or parts[2] != "messages":
            return None
        channel = self.env.backend.channels.get(int(parts[1]))
        in_dm = channel is not None and channel.guild_id is None
        if method == "PATCH" and not in_dm:
            return "board"
        if method == "POST" and len(parts) == 3:
            return "dm" if in_dm else "ping" if "your turn" in content else None
        return None

    def known(self, method: str, path: str, body: Any) -> Any:
        """The message first created with this call's nonce, as Discord answers it again."""
        key = self.nonce_of(method, path, body)
        if key is None or key not in self.nonces:
            return None
        channel_id, _ = key
        message = self.env.backend.messages.get(int(channel_id), {}).get(self.nonces[key])
        return None if message is None else dict(serializers.message_payload(self.env.backend, message))

    def remember(self, method: str, path: str, body: Any, answer: Any) -> None:
        key = self.nonce_of(method, path, body)
        if key is not None and isinstance(answer, dict):
            self.nonces[key] = int(answer["id"])

    @staticmethod
    def nonce_of(method: str, path: str, body: Any) -> tuple[str, str] | None:
        parts = path.strip("/").split("/")
        if method != "POST" or len(parts) != 3 or parts[0] != "channels" or parts[2] != "messages":
            return None
        if not isinstance(body, dict) or not body.get("enforce_nonce") or body.get("nonce") is None:
            return None
        return parts[1], str(body["nonce"])

    def save(self) -> None:
        data = {name: getattr(self.env.backend, name) for name in WORLD} | {NONCES: self.nonces}
        written = self.path.with_suffix(".new")
        written.write_bytes(pickle.dumps(data))
        written.replace(self.path)  # whole or not at all, whenever the process dies

    def load(self) -> None:
        data = pickle.loads(self.path.read_bytes())
        self.nonces = data.pop(NONCES)
        for name, value in data.items():
            setattr(self.env.backend, name, value)

    def die(self) -> None:
        self.save()
        os.kill(os.getpid(), signal.SIGKILL)


def bot_of_environment() -> TavernBot:
    return create_bot(Settings(_env_file=None, ai_delay_seconds=0))  # type: ignore[call-arg]


async def play(path: Path, when: str, what: str) -> None:
    bot = bot_of_environment()
    env = simcord.Env(bot, check_errors=False)
    world = World(env, path)
    await env.start()
    channel, alice, bob = build(env)
    repo = bot.repository
    lobby = await repo.create_lobby(
        "secret_numbers", guild_id=channel.guild.id, channel_id=channel.id,
        host_id=alice.id, host_name="alice", options={},
    )  # fmt: skip
    await repo.join(lobby.id, bob.id, "bob")
    await repo.start(lobby.id, seed=3)
    await alice.slash(channel, "status")  # the board
    world.save()
    print(json.dumps({"game": lobby.id}), flush=True)
    world.kill = (when, what)
    await alice.slash(channel, "move", action='{"kind": "peek"}')
    raise SystemExit(f"the follow-through never reached {when} {what}")


def build(env: simcord.Env) -> tuple[simcord.ChannelHandle, simcord.MemberActor, simcord.MemberActor]:
    """A server with #games, and alice and bob: numbered the same in every process that builds
    it, as SimCord numbers what it creates the same way each time."""
    guild = env.create_guild()
    channel = guild.create_text_channel("games")
    alice, bob = (guild.add_member(env.create_user(name)) for name in ("alice", "bob"))
    return channel, alice, bob


async def serve(path: Path) -> None:
    """Another process on the same database, with a Discord of its own built the same way:
    prints ``{"ready": true}``, then, once told ``deliver`` on stdin, makes time pass until
    nothing is owed any more and prints what its Discord shows."""
    bot = bot_of_environment()
    env = simcord.Env(bot, check_errors=False)
    World(env, path)
    await env.start()
    build(env)
    print(json.dumps({"ready": True}), flush=True)
    told = await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
    assert told.strip() == "deliver", told
    await deliver_all(env, bot)


async def resume(path: Path) -> None:
    bot = bot_of_environment()
    env = simcord.Env(bot, check_errors=False)
    world = World(env, path)
    world.load()
    await env.start()
    await deliver_all(env, bot)


async def deliver_all(env: simcord.Env, bot: TavernBot) -> None:
    """Scheduler passes until nothing is owed (``PASSES`` at most); then what the table shows."""
    for _ in range(PASSES):
        if not await bot.repository.owed.pending():
            break
        await env.advance_time(30)  # a scheduler pass
        await asyncio.sleep(0.1)  # the database's clock, which counts the dead process's lease
    print(json.dumps({"table": table(env, bot)}), flush=True)
    await env.shutdown()
    await bot.close()  # the database too: its connections' threads would keep the process alive


def table(env: simcord.Env, bot: TavernBot) -> dict[str, Any]:
    """What the channel and the DMs show: every message's text, and its status (the words under
    its heading) if it is laid out."""
    shown: dict[str, Any] = {}
    for channel_id, messages in env.backend.messages.items():
        channel = env.backend.channels[channel_id]
        name = channel.name or f"dm {next(u for u, c in env.backend.dm_channels.items() if c == channel_id)}"
        shown[name] = [
            {
                "id": message.id,
                "content": message.content,
                "descriptions": descriptions(message),
            }
            for message in messages.values()
        ]
    return shown


def descriptions(message: Any) -> list[str]:
    """The words under a laid-out message's heading, or nothing (a turn ping has no heading)."""
    try:
        return [description_of(message)]
    except LookupError:
        return []


def main(argv: list[str]) -> None:
    mode, path = argv[0], Path(argv[1])
    with secret_game_registered():
        if mode == "play":
            asyncio.run(play(path, argv[2], argv[3]))
        elif mode == "serve":
            asyncio.run(serve(path))
        else:
            asyncio.run(resume(path))


if __name__ == "__main__":
    main(sys.argv[1:])
