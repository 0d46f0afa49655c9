"""Every game at once through the real bot in SimCord: 100 concurrent tables, a quarter of each
game (Pickomino, Raid, Hobbit, Berserk), each a person against a computer seat, one shared
SQLite file.

Each round, every table whose person is waited for gets one click — the move the game's
``random`` policy picks for him, pressed where he sees it (the board, or his last DM for a
decision taken in private) — all those interactions in flight at once; the computer seats
answer by themselves (no pause). Prints per game: the p50 and p99 time from click to the
click's first response, the moves stored per second (the person's and the computer's), the
REST calls per stored move (each call counted for the table it concerns), and the memory each
running game holds, measured in a second pass under ``tracemalloc`` without what the
simulator keeps (its message store, its request log and the pictures it was sent).

Besides all REST calls, it counts those that count against Discord's global limit of 50 a
second (every call but an interaction's response and the calls made with its token), apart for
the person's moves and the computer's, and the moves a second that limit allows.

python bench/tables.py [--tables 100] [--clicks 10] [--seed S] [--computer random]
python bench/tables.py --people [--typed]           every seat a person; every move typed /move
python bench/tables.py --against REV [--rounds 3]   this tree and git revision REV side by side
python bench/tables.py --rate R [--seconds 60]      steady load: clicks as a Poisson stream of R/s

``--against REV`` exports REV (``git archive``) into a temporary folder, puts this benchmark
into it, and runs both trees in turn, each in its own process with its own code, with the same
tables and seed, ``--rounds`` times; then prints the median of each figure side by side.
"""

from __future__ import annotations

import argparse
import asyncio
import contextvars
import gc
import json
import logging
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

if not __package__:  # run as a file: the repository root, not bench/, must come first
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

import simcord
from simcord import interactions as sim_interactions
from simcord.backend import serializers
from simcord.components import walk_components
from simcord.enums import AppCommandType, ComponentType, InteractionType

import engine
from bot import create_bot
from bot.buttons import encode_action
from bot.settings import Settings
from bot.stored import open_repository
from engine.ai import get_policy, policies
from engine.ai.policy import decide_at
from engine.core import dump_json
from storage import GameStatus

GAMES = ("pickomino", "raid", "hobbit", "berserk")
RANDOM = "random"
"""The computer player every game has."""
BY_KIND = "calls/move: "
"""The figures of REST calls per move of one kind start so (``AckClock.kind_of``)."""
GLOBAL_LIMIT = 50
"""REST calls a second Discord allows one bot in all, across its processes and shards, besides
interaction responses and their follow-ups."""
COMPUTER = contextvars.ContextVar("computer", default=False)
"""Set while a computer seat's move is followed through: the calls made then are its move's."""
_CALLBACK = re.compile(r"/interactions/([0-9]+)/([^/]+)/callback")
_WEBHOOK = re.compile(r"/webhooks/[0-9]+/([^/]+)")
_CHANNEL = re.compile(r"/channels/([0-9]+)")


def percentile(values: list[float], share: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


@dataclass
class Tables:
    """Which table each channel, user and interaction belongs to, to count REST calls per game."""

    by_channel: dict[int, int] = field(default_factory=dict)
    by_user: dict[int, int] = field(default_factory=dict)
    by_token: dict[str, int] = field(default_factory=dict)
    by_interaction: dict[int, int] = field(default_factory=dict)

    def table_of(self, backend: Any, entry: Any) -> int | None:
        path = str(entry.path)
        if found := _CALLBACK.search(path):
            return self.by_interaction.get(int(found[1]))
        if found := _WEBHOOK.search(path):
            if found[1] in self.by_token:
                return self.by_token[found[1]]
            # An interaction this benchmark did not make (the lobby's, Start): by its channel.
            interaction = backend.interactions.get(backend.interaction_tokens.get(found[1]))
            if interaction is None:
                return None
            return self.by_channel.get(int(interaction.channel_id))
        if found := _CHANNEL.search(path):
            channel = int(found[1])
            if channel in self.by_channel:
                return self.by_channel[channel]
            for user, dm in backend.dm_channels.items():
                if dm == channel:
                    return self.by_user.get(user)
            return None
        if path.endswith("/users/@me/channels") and isinstance(entry.json, dict):
            return self.by_user.get(int(entry.json.get("recipient_id", 0)))
        return None


class AckClock(list[Any]):
    """Stands in for SimCord's log of the bot's REST calls: notes when each interaction's first
    response arrived, and which table each call was for."""

    def __init__(self, logged: list[Any], backend: Any, tables: Tables) -> None:
        super().__init__(logged)
        self.acked: dict[int, float] = {}
        self.backend = backend
        self.tables = tables
        self.calls: dict[int, int] = defaultdict(int)
        self.kinds: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
        """Per table: calls by what they do (``kind_of``)."""
        self.limited: dict[tuple[int, bool], int] = defaultdict(int)
        """Per table and whose move (a computer's: ``True``): the calls that count against the
        global limit (``limited``)."""
        self.keep = True

    def append(self, entry: Any) -> None:
        found = _CALLBACK.search(str(entry.path))
        if found:
            self.acked.setdefault(int(found[1]), time.perf_counter())
        table = self.tables.table_of(self.backend, entry)
        if table is not None:
            self.calls[table] += 1
            self.kinds[table][self.kind_of(entry)] += 1
            if self.limited_call(entry):
                self.limited[table, COMPUTER.get()] += 1
        if self.keep:
            super().append(entry)

    def limited_call(self, entry: Any) -> bool:
        """Whether a call counts against the global limit: every call but an interaction's
        response and the calls made with its token (its follow-ups, edits of its messages)."""
        path = str(entry.path)
        if _CALLBACK.search(path):
            return False
        found = _WEBHOOK.search(path)
        return not (found and found[1] in self.backend.interaction_tokens)

    def kind_of(self, entry: Any) -> str:
        """What a call does: answers an interaction, edits that answer, follows it up, posts,
        edits or deletes a message in the table's channel, or in a DM, or opens a DM."""
        path, method = str(entry.path), str(entry.method)
        if _CALLBACK.search(path):
            return "answer"
        if _WEBHOOK.search(path):
            return {"PATCH": "answer edit", "POST": "followup", "DELETE": "followup delete"}.get(
                method, f"answer {method}"
            )
        if path.endswith("/users/@me/channels"):
            return "DM open"
        if found := _CHANNEL.search(path):
            where = "channel" if int(found[1]) in self.tables.by_channel else "DM"
            verb = {"POST": "post", "PATCH": "edit", "DELETE": "delete"}.get(method, method)
            return f"{where} {verb}"
        return f"{method} {path}"


def click(env: simcord.Env, tables: Tables, table: int, user_id: int, channel_id: int,
          guild_id: int | None, message_id: int, custom_id: str) -> int:  # fmt: skip
    """Deliver one button click to the bot without waiting; returns the interaction id."""
    backend = env.backend
    stored = backend.get_message(channel_id, message_id)
    data = {"custom_id": custom_id, "component_type": ComponentType.BUTTON}
    record, payload = sim_interactions.base_payload(
        backend,
        type=InteractionType.MESSAGE_COMPONENT,
        channel_id=channel_id,
        guild_id=guild_id,
        user_id=user_id,
        data=data,
    )
    payload["message"] = dict(serializers.message_payload(backend, stored))
    record.source_message_id = stored.id
    tables.by_interaction[int(record.id)] = table
    tables.by_token[str(record.token)] = table
    backend.emit("INTERACTION_CREATE", payload)
    return int(record.id)


def buttons(env: simcord.Env, places: list[tuple[int, int | None, int | None]], game_id: int,
            codes: set[str]) -> list[tuple[tuple[int, int | None, int], str]]:  # fmt: skip
    """The buttons of the moves ``codes`` the person sees (on the board, then in his last DM),
    each with where it is and its custom id: a click names a button its message holds, drawn at
    whatever version."""
    found = []
    for channel, guild, message in places:
        if message is None:
            continue
        stored = env.backend.messages.get(channel, {}).get(message)
        # wherever a button stands: in a row, or beside a thing in a section of the container
        for item in walk_components(getattr(stored, "components", None) or []):
            custom_id = str(item.get("custom_id", ""))
            if custom_id.startswith(f"tv:m:{game_id}:") and custom_id.split(":", 4)[4] in codes:
                found.append(((channel, guild, message), custom_id))
    return found


def typed(env: simcord.Env, tables: Tables, table: int, person: Any, channel_id: int, text: str) -> int:
    """Deliver ``/move action:<text>`` to the bot without waiting (a move no button can hold:
    a button's id has at most 100 characters); returns the interaction id."""
    guild = getattr(person, "guild", None)
    guild_id = guild.id if guild is not None else None
    root = env.backend.find_command("move", guild_id, type=AppCommandType.CHAT_INPUT)
    assert root is not None, "the bot has no /move command"
    option = {"name": "action", "type": 3, "value": text}
    data = {"id": root["id"], "name": root["name"], "type": AppCommandType.CHAT_INPUT, "options": [option]}
    if root.get("guild_id"):
        data["guild_id"] = root["guild_id"]
    record, payload = sim_interactions.base_payload(
        env.backend,
        type=InteractionType.APPLICATION_COMMAND,
        channel_id=channel_id,
        guild_id=person.guild.id,
        user_id=person.id,
        data=data,
    )
    tables.by_interaction[int(record.id)] = table
    tables.by_token[str(record.token)] = table
    env.backend.emit("INTERACTION_CREATE", payload)
    return int(record.id)


@dataclass
class Seated:
    game_id: int
    key: str
    channel: Any
    guild_id: int
    persons: list[Any]
    """The people at the table (the one who opened it first)."""


async def open_tables(env: simcord.Env, repository: Any, tables: Tables, keys: list[str],
                      computer: str | None = None, people: bool = False) -> list[Seated]:  # fmt: skip
    """One channel per table: its person opens the game, seats a computer player (``computer``,
    by default the game's strongest) — or, with ``people``, a second person joins — and starts
    it."""
    guild = env.create_guild()
    seated = []
    for n, key in enumerate(keys):
        channel = guild.create_text_channel(f"table-{n}")
        person = guild.add_member(env.create_user(f"player{n}"))
        persons = [person]
        lobby = (await person.slash(channel, "play", game=key)).response
        assert lobby is not None
        if people:
            other = guild.add_member(env.create_user(f"partner{n}"))
            await other.click(lobby, label="Join")
            persons.append(other)
        else:
            await person.click(lobby, label=f"Add AI: {computer or policies(key)[-1]}")
        await person.click(lobby, label="Start")
        found = await repository.by_channel(channel.id)
        assert found is not None and found.status is GameStatus.ACTIVE, key
        tables.by_channel[channel.id] = found.id
        for each in persons:
            tables.by_user[each.id] = found.id
        seated.append(Seated(found.id, key, channel, guild.id, persons))
    return seated


async def play(env: simcord.Env, repository: Any, tables: Tables, seated: list[Seated], clicks: int,
               chooser: random.Random, typing: bool = False
               ) -> tuple[dict[str, list[float]], dict[str, int]]:  # fmt: skip
    """``clicks`` rounds: one click by every person a table waits for, all at once, then
    everything that follows settles. Each person clicks one of the buttons he sees for his
    moves (chosen at random), and types ``/move`` when none holds any of them (or always, with
    ``typing``). The latencies by game, and the moves typed by game."""
    clock = env.backend.http_requests
    assert isinstance(clock, AckClock)
    latencies: dict[str, list[float]] = defaultdict(list)
    typed_moves: dict[str, int] = defaultdict(int)
    for _ in range(clicks):
        sent: dict[int, tuple[str, float]] = {}
        sent_ids: dict[int, Any] = {}
        for table in seated:
            record = await repository.get(table.game_id)
            position = record.position
            if record.status is not GameStatus.ACTIVE or position is None:
                continue
            for person in table.persons:
                seat = record.seat_of(person.id)
                if seat is None or seat not in position.to_act():
                    continue
                places: list[tuple[int, int | None, int | None]] = [
                    (table.channel.id, table.guild_id, record.message_id)
                ]
                dm = env.backend.dm_channels.get(person.id)
                if dm is not None and env.backend.messages.get(dm):  # his last DM
                    places.append((dm, None, max(env.backend.messages[dm])))
                legal = {encode_action(a) for a in position.legal_data(seat)}
                seen = [] if typing else buttons(env, places, record.id, legal)
                if seen:  # a button he sees for one of his moves
                    (channel, guild, message), custom_id = seen[chooser.randrange(len(seen))]
                    where: Any = (channel, guild, message)
                    interaction = click(
                        env, tables, table.game_id, person.id, channel, guild, message, custom_id
                    )
                else:  # no button holds any of his moves (a path, a choice in a menu): typed
                    game = engine.get_game(record.key)
                    policy = get_policy(record.key, RANDOM)
                    action = game.dump_action(decide_at(position, seat, policy, chooser.randrange(2**32)))
                    text = dump_json(action)
                    interaction = typed(env, tables, table.game_id, person, table.channel.id, text)
                    where = "typed"
                sent[interaction] = (record.key, time.perf_counter())
                sent_ids[interaction] = (record.id, where)
                if where == "typed":
                    typed_moves[record.key] += 1
        if not sent:
            break
        await env.settle()
        for interaction, (key, at) in sent.items():
            if interaction not in clock.acked:
                print(f"a {key} click was never answered: {sent_ids[interaction]}", file=sys.stderr)
                continue
            latencies[key].append(clock.acked[interaction] - at)
    return latencies, typed_moves


async def steady(env: simcord.Env, repository: Any, tables: Tables, seated: list[Seated], rate: float,
                 seconds: float, chooser: random.Random
                 ) -> tuple[dict[str, list[float]], int, float, float]:  # fmt: skip
    """Clicks as a Poisson stream of ``rate`` a second for ``seconds``: at each arrival, one
    table chosen at random among those whose person is waited for and has no click unanswered
    gets his click (as in ``play``). The latencies by game, the clicks that found no table
    waiting, and the wall and CPU seconds the process spent until everything settled."""
    clock = env.backend.http_requests
    assert isinstance(clock, AckClock)
    latencies: dict[str, list[float]] = defaultdict(list)
    sent: dict[int, tuple[str, float]] = {}
    waiting: dict[int, int] = {}
    """Table → its click not answered yet."""
    idle = 0
    start, cpu = time.perf_counter(), time.process_time()
    due = start
    while (due := due + chooser.expovariate(rate)) < start + seconds:
        await asyncio.sleep(max(0.0, due - time.perf_counter()))
        for game_id, answered in list(waiting.items()):
            if answered in clock.acked:
                del waiting[game_id]
        for table in chooser.sample(seated, len(seated)):
            if table.game_id in waiting:
                continue
            record = await repository.get(table.game_id)
            position = record.position
            if record.status is not GameStatus.ACTIVE or position is None:
                continue
            persons = [p for p in table.persons if record.seat_of(p.id) in position.to_act()]
            if not persons:
                continue
            person = persons[0]
            seat = record.seat_of(person.id)
            assert seat is not None
            places: list[tuple[int, int | None, int | None]] = [
                (table.channel.id, table.guild_id, record.message_id)
            ]
            dm = env.backend.dm_channels.get(person.id)
            if dm is not None and env.backend.messages.get(dm):
                places.append((dm, None, max(env.backend.messages[dm])))
            seen = buttons(env, places, record.id, {encode_action(a) for a in position.legal_data(seat)})
            if seen:
                (channel, guild, message), custom_id = seen[chooser.randrange(len(seen))]
                interaction = click(env, tables, table.game_id, person.id, channel, guild, message, custom_id)
            else:
                policy = get_policy(record.key, RANDOM)
                action = engine.get_game(record.key).dump_action(
                    decide_at(position, seat, policy, chooser.randrange(2**32))
                )
                interaction = typed(env, tables, table.game_id, person, table.channel.id, dump_json(action))
            sent[interaction] = (record.key, time.perf_counter())
            waiting[table.game_id] = interaction
            break
        else:
            idle += 1
    await env.settle()
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    for interaction, (key, at) in sent.items():
        if interaction in clock.acked:
            latencies[key].append(clock.acked[interaction] - at)
    return latencies, idle, wall, cpu


async def under_load(tables_per_game: int, rate: float, seconds: float, seed: int, computer: str | None,
                     people: bool) -> dict[str, Any]:  # fmt: skip
    """The steady-load pass (``steady``), its figures by game and the process's CPU a move."""
    chooser = random.Random(seed)
    keys = [key for _ in range(tables_per_game) for key in GAMES]
    tables = Tables()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        repository = await open_repository(url)
        bot = create_bot(bot_settings(url), repository)
        async with simcord.run(bot, settle_timeout=600) as env:
            seated = await open_tables(env, repository, tables, keys, computer, people)
            versions = {t.game_id: (await repository.get(t.game_id)).version for t in seated}
            clock = env.backend.http_requests = AckClock(env.backend.http_requests, env.backend, tables)
            clock.keep = False
            latencies, idle, wall, cpu = await steady(env, repository, tables, seated, rate, seconds, chooser)
            moves = {key: 0 for key in GAMES}
            for t in seated:
                moves[t.key] += (await repository.get(t.game_id)).version - versions[t.game_id]
        await repository.close()
    total = sum(moves.values())
    return {
        "rate": rate,
        "seconds": wall,
        "idle": idle,
        "cpu ms/move": 1000 * cpu / max(1, total),
        "moves/s": total / wall,
        "games": {
            key: {
                "p50": 1000 * percentile(latencies[key], 0.5),
                "p99": 1000 * percentile(latencies[key], 0.99),
                "clicks": len(latencies[key]),
                "moves": moves[key],
            }
            for key in GAMES
        },
    }


def report_load(found: dict[str, Any], tables: int) -> None:
    print(
        f"{tables} tables ({tables // 4} of each game), clicks as a Poisson stream of {found['rate']:g}/s "
        f"for {found['seconds']:.0f} s: {found['moves/s']:.1f} moves/s stored, "
        f"{found['cpu ms/move']:.1f} ms of the process's CPU a move ({found['idle']} arrivals found "
        "no table waiting)"
    )
    print(f"{'game':10} {'p50 ms':>8} {'p99 ms':>8} {'clicks':>7} {'moves':>6}")
    for key in GAMES:
        f = found["games"][key]
        print(f"{key:10} {f['p50']:8.1f} {f['p99']:8.1f} {f['clicks']:7d} {f['moves']:6d}")
    print("JSON " + json.dumps(found))


def bot_settings(url: str) -> Settings:
    return Settings(_env_file=None, discord_token=None, database_url=url, ai_delay_seconds=0)


def computer_moves_marked() -> dict[int, int]:
    """Mark the calls made while a computer seat's move is followed through (``COMPUTER``), and
    count those moves by game: the follow-through of every move no interaction made (a computer
    seat's, a person's own standing order) goes through ``bot.ai_players``."""
    from bot import ai_players

    counted: dict[int, int] = defaultdict(int)
    original = getattr(ai_players, "follow")  # noqa: B009  (imported there, not exported)

    async def marked(*args: Any, **kwargs: Any) -> Any:
        counted[args[2].game.id] += 1  # (host, before, applied, …)
        token = COMPUTER.set(True)
        try:
            return await original(*args, **kwargs)
        finally:
            COMPUTER.reset(token)

    setattr(ai_players, "follow", marked)  # noqa: B010
    return counted


async def timed(
    tables_per_game: int, clicks: int, seed: int, computer: str | None, people: bool = False,
    typing: bool = False,
) -> dict[str, dict[str, float]]:  # fmt: skip
    """The timed pass: every table at once, no tracing; ``computer`` seats that player at every
    table (``None``: each game's strongest), or ``people``: every seat a person."""
    chooser = random.Random(seed)
    keys = [key for _ in range(tables_per_game) for key in GAMES]
    tables = Tables()
    by_computer = computer_moves_marked()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        repository = await open_repository(url)
        bot = create_bot(bot_settings(url), repository)
        async with simcord.run(bot, settle_timeout=600) as env:
            seated = await open_tables(env, repository, tables, keys, computer, people)
            versions = {t.game_id: (await repository.get(t.game_id)).version for t in seated}
            by_computer.clear()
            clock = env.backend.http_requests = AckClock(env.backend.http_requests, env.backend, tables)
            clock.keep = False  # the simulator's request log would only grow
            start = time.perf_counter()
            latencies, typed_moves = await play(env, repository, tables, seated, clicks, chooser, typing)
            elapsed = time.perf_counter() - start
            figures: dict[str, dict[str, float]] = {}
            for key in GAMES:
                mine = [t for t in seated if t.key == key]
                moves = 0
                for t in mine:
                    moves += (await repository.get(t.game_id)).version - versions[t.game_id]
                calls = sum(clock.calls[t.game_id] for t in mine)
                computer_moves = sum(by_computer[t.game_id] for t in mine)
                person_moves = moves - computer_moves
                by_person = sum(clock.limited[t.game_id, False] for t in mine)
                by_ai = sum(clock.limited[t.game_id, True] for t in mine)
                limited = (by_person + by_ai) / max(1, moves)
                figures[key] = {
                    "p50": 1000 * percentile(latencies[key], 0.5),
                    "p99": 1000 * percentile(latencies[key], 0.99),
                    "moves/s": moves / elapsed,
                    "calls/move": calls / max(1, moves),
                    "limited/move": limited,
                    "limited/person move": by_person / max(1, person_moves),
                    "limited/computer move": by_ai / max(1, computer_moves),
                    "moves/s in limit": GLOBAL_LIMIT / limited if limited else float("inf"),
                    "clicks": len(latencies[key]),
                    "typed": typed_moves[key],
                    "moves": moves,
                    "person moves": person_moves,
                    "computer moves": computer_moves,
                }
                kinds: dict[str, int] = defaultdict(int)
                for t in mine:
                    for kind, count in clock.kinds[t.game_id].items():
                        kinds[kind] += count
                for kind, count in kinds.items():
                    figures[key][BY_KIND + kind] = count / max(1, moves)
        await repository.close()
    return figures


SIMULATOR = str(Path(simcord.__file__).resolve().parent)
ROOT = Path(__file__).resolve().parent.parent


def kept(snapshot: tracemalloc.Snapshot) -> tracemalloc.Snapshot:
    """The traces left once whatever the simulator allocated is left out (any frame in
    simcord), and tracemalloc's own."""
    return snapshot.filter_traces(
        [
            tracemalloc.Filter(False, SIMULATOR + "/*", all_frames=True),
            tracemalloc.Filter(False, tracemalloc.__file__),
        ]
    )


def held(after: tracemalloc.Snapshot, before: tracemalloc.Snapshot) -> int:
    """Bytes traced in ``after`` more than in ``before``."""
    return sum(t.size for t in after.traces) - sum(t.size for t in before.traces)


def shared_caches() -> tuple[Callable[[], None], int]:
    """How to empty the bot's caches every game shares (pictures drawn, text set), and the
    bytes they hold at most: a fixed cost of the process whatever the number of games, which
    the memory pass leaves out of each game's figure and adds back spread over ``--tables``.
    (A revision without them: nothing.)"""
    try:
        from bot.render.drawing import SET_TEXT
        from bot.render.painter import PAINTER
    except ImportError:
        return lambda: None, 0

    def empty() -> None:
        PAINTER.clear()
        SET_TEXT.clear()

    return empty, PAINTER.cache_bytes + SET_TEXT.limit


OURS = str(ROOT)


def sites(snapshot: tracemalloc.Snapshot) -> dict[str, int]:
    """Bytes held by where this repository's code asked for them (the innermost frame in
    ``bot``, ``engine``, ``storage``; else the innermost frame)."""
    found: dict[str, int] = defaultdict(int)
    for trace in snapshot.traces:
        frames = list(trace.traceback)  # the oldest frame first
        ours = next((f for f in reversed(frames) if f.filename.startswith(OURS)), frames[-1])
        found[f"{ours.filename.removeprefix(OURS + '/')}:{ours.lineno}"] += trace.size
    return found


async def memory(tables_per_game: int, clicks: int, seed: int, top: bool = False) -> dict[str, Any]:
    """The memory pass: for one game after the other, the bytes the bot holds more once that
    many tables of it are started and played ``clicks`` rounds, per table — the caches every
    game shares emptied before each count (``shared_caches``) — and where they are held. The
    computer seats play ``random`` here: a strong player's thinking, every allocation traced,
    takes minutes a move (what a policy keeps between its moves is left out)."""
    chooser = random.Random(seed)
    tables = Tables()
    per_game: dict[str, float] = {}
    where: dict[str, list[tuple[str, float]]] = {}
    empty, shared = shared_caches()
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        repository = await open_repository(url)
        bot = create_bot(bot_settings(url), repository)
        async with simcord.run(bot, settle_timeout=600) as env:
            clock = env.backend.http_requests = AckClock([], env.backend, tables)
            clock.keep = False
            # One table of each first: what every game loads once (fonts, rules, catalogues).
            warm = await open_tables(env, repository, tables, list(GAMES), RANDOM)
            await play(env, repository, tables, warm, 3, chooser)
            # Twelve frames reach the simulator's own (its calls are innermost) at a fraction
            # of the cost of whole stacks.
            tracemalloc.start(12)
            for key in GAMES:
                # The simulator keeps every picture it was sent — the very bytes the bot drew, so
                # their allocation names the bot's code: its attachment store is let go first.
                env.backend.cdn._blobs.clear()
                empty()
                gc.collect()
                before = kept(tracemalloc.take_snapshot())
                seated = await open_tables(env, repository, tables, [key] * tables_per_game, RANDOM)
                await play(env, repository, tables, seated, clicks, chooser)
                env.backend.cdn._blobs.clear()
                empty()
                gc.collect()
                after = kept(tracemalloc.take_snapshot())
                per_game[key] = held(after, before) / tables_per_game / 1024
                if top:
                    was = sites(before)
                    grew = {site: size - was.get(site, 0) for site, size in sites(after).items()}
                    biggest = sorted(grew.items(), key=lambda item: -item[1])[:8]
                    where[key] = [(site, size / tables_per_game / 1024) for site, size in biggest]
            tracemalloc.stop()
        await repository.close()
    return {"kb": per_game, "shared kb": shared / 1024, "top": where}


def per_game_kb(found: dict[str, Any], key: str, tables: int) -> float:
    """A running game's memory: its own, and its share of the caches every game shares."""
    return float(found["kb"][key]) + float(found.get("shared kb", 0.0)) / tables


def report(figures: dict[str, dict[str, float]], mem: dict[str, Any], tables: int, clicks: int,
           top: bool) -> None:  # fmt: skip
    print(f"{tables} concurrent tables ({tables // 4} of each game), {clicks} click rounds")
    print(
        f"{'game':10} {'p50 ms':>8} {'p99 ms':>8} {'moves/s':>8} {'REST/move':>10} "
        f"{'KB/game':>8} {'clicks':>7} {'typed':>6}"
    )
    for key in GAMES:
        f = figures[key]
        kb = per_game_kb(mem, key, tables) if mem else float("nan")
        print(
            f"{key:10} {f['p50']:8.1f} {f['p99']:8.1f} {f['moves/s']:8.1f} {f['calls/move']:10.2f} "
            f"{kb:8.0f} {int(f['clicks']):7d} {int(f.get('typed', 0)):6d}"
        )
    print(
        f"Calls per stored move that count against Discord's global limit ({GLOBAL_LIMIT}/s; all but "
        "interaction responses and their follow-ups), and the moves a second that limit allows:"
    )
    print(f"{'game':10} {'limited':>8} {'person':>8} {'computer':>9} {'moves/s in limit':>17} {'moves':>13}")
    for key in GAMES:
        f = figures[key]
        print(
            f"{key:10} {f['limited/move']:8.2f} {f['limited/person move']:8.2f} "
            f"{f['limited/computer move']:9.2f} {f['moves/s in limit']:17.1f} "
            f"{int(f['person moves']):6d}+{int(f['computer moves']):<6d}"
        )
    print("REST calls per stored move, by what they do:")
    for key in GAMES:
        kinds = sorted((k[len(BY_KIND) :], v) for k, v in figures[key].items() if k.startswith(BY_KIND))
        print(f"  {key:10} " + ", ".join(f"{kind} {share:.2f}" for kind, share in kinds))
    if mem:
        print(
            f"KB/game: a game's own memory, and {mem['shared kb']:.0f} KB of caches every game shares "
            f"(pictures drawn, text set) spread over {tables} tables"
        )
    if mem and top:
        for key in GAMES:
            print(f"  {key}: " + ", ".join(f"{site} {kb:.1f}" for site, kb in mem["top"][key]))
    print("JSON " + json.dumps({"figures": figures, **mem}))


def measure(root: Path, args: argparse.Namespace) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, str(root / "bench" / "tables.py"), "--tables", str(args.tables),
         "--clicks", str(args.clicks), "--seed", str(args.seed), "--memory-tables", str(args.memory_tables),
         *(["--computer", args.computer] if args.computer else []),
         *(["--people"] if args.people else []), *(["--typed"] if args.typed else [])],
        cwd=root, capture_output=True, text=True, check=False,
    )  # fmt: skip
    if done.returncode != 0:
        raise SystemExit(f"the benchmark in {root} failed:\n{done.stderr[-3000:]}")
    line = next(x for x in done.stdout.splitlines() if x.startswith("JSON "))
    found: dict[str, Any] = json.loads(line[5:])
    return found


def compare(args: argparse.Namespace) -> None:
    """Both trees, alternating, ``rounds`` times; the median of each figure."""
    from bench.bot import export

    runs: dict[str, list[dict[str, Any]]] = {args.against: [], "this tree": []}
    with tempfile.TemporaryDirectory() as folder:
        other = Path(folder)
        export(args.against, other)
        shutil.copy(Path(__file__), other / "bench" / "tables.py")  # the same benchmark for both
        for _ in range(args.rounds):
            runs[args.against].append(measure(other, args))
            runs["this tree"].append(measure(ROOT, args))
    print(f"{args.tables} concurrent tables ({args.tables // 4} of each game), {args.clicks} click rounds, "
          f"seed {args.seed}, median of {args.rounds}")  # fmt: skip
    names = ("p50", "p99", "moves/s", "calls/move", "limited/move", "limited/person move",
             "limited/computer move", "moves/s in limit")  # fmt: skip
    heads = {"p50": "p50 ms", "p99": "p99 ms", "moves/s": "moves/s", "calls/move": "REST/move",
             "limited/move": "limited/move", "limited/person move": "… person's",
             "limited/computer move": "… computer's", "moves/s in limit": "moves/s in limit"}  # fmt: skip
    print(f"{'':28} {args.against:>12} {'this tree':>12}")
    for key in GAMES:
        for name in names:
            shown = [
                f"{statistics.median(r['figures'][key][name] for r in found):>12,.1f}"
                for found in runs.values()
            ]
            if name.startswith(("calls/", "limited/")):
                shown = [
                    f"{statistics.median(r['figures'][key][name] for r in found):>12,.2f}"
                    for found in runs.values()
                ]
            print(f"{key + ' ' + heads[name]:28} {' '.join(shown)}")
        if args.memory_tables:
            shown = [
                f"{statistics.median(per_game_kb(r, key, args.tables) for r in found):>12,.0f}"
                for found in runs.values()
            ]
            print(f"{key + ' KB/game':28} {' '.join(shown)}")
    print("REST calls per stored move by what they do (medians):")
    for key in GAMES:
        for name, found in runs.items():
            kinds = sorted({k for r in found for k in r["figures"][key] if k.startswith(BY_KIND)})
            medians = {k: statistics.median(r["figures"][key].get(k, 0.0) for r in found) for k in kinds}
            shares = [f"{kind[len(BY_KIND) :]} {share:.2f}" for kind, share in medians.items()]
            print(f"  {key:10} {name:>10}: " + ", ".join(shares))


def main() -> None:
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--tables", type=int, default=100, help="tables, a quarter of each game")
    parser.add_argument("--clicks", type=int, default=10, help="rounds of clicks")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument(
        "--computer", metavar="POLICY", help="the computer player at every table (default: each game's best)"
    )
    parser.add_argument("--people", action="store_true", help="every seat a person (two a table)")
    parser.add_argument("--typed", action="store_true", help="every move typed with /move, no click")
    parser.add_argument(
        "--rate", type=float, metavar="R", help="steady load: clicks as a Poisson stream of R a second"
    )
    parser.add_argument("--seconds", type=float, default=60.0, help="how long the steady load lasts")
    parser.add_argument("--memory-tables", type=int, default=5, help="tables of each game in the memory pass")
    parser.add_argument(
        "--memory-top", action="store_true", help="where each game's memory is held (the biggest sites)"
    )
    parser.add_argument("--against", metavar="REV", help="also measure this git revision, side by side")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each tree with --against")
    args = parser.parse_args()
    if args.rate:
        found = asyncio.run(
            under_load(args.tables // 4, args.rate, args.seconds, args.seed, args.computer, args.people)
        )
        report_load(found, args.tables)
        return
    if args.against:
        compare(args)
        return
    figures = asyncio.run(
        timed(args.tables // 4, args.clicks, args.seed, args.computer, args.people, args.typed)
    )
    mem = (
        asyncio.run(memory(args.memory_tables, args.clicks, args.seed, args.memory_top))
        if args.memory_tables
        else {}
    )
    report(figures, mem, args.tables, args.clicks, args.memory_top)


if __name__ == "__main__":
    main()
