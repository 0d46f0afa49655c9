"""100 concurrent Pickomino games through the real bot in SimCord, one shared SQLite file.

Each round, every unfinished game gets one click — a random legal button pressed by the
member whose turn it is — and all those interactions are in flight at once. Prints moves/s,
the p50 and p99 time from click to acknowledged response, and REST calls per move.

python bench/bot.py [--games N] [--seed S]      (or: python -m bench.bot)
python bench/bot.py --against main [--rounds 3]  this tree and git revision ``main`` side by side

``--against REV`` exports that revision of the repository (``git archive``) into a temporary
folder and runs both benchmarks in turn, each in its own process with its own code, with the
same games and seed, ``--rounds`` times; then prints the median of each figure side by side,
and the CPU time per move of each process (the figure a busy machine disturbs least).
"""

from __future__ import annotations

import argparse
import asyncio
import io
import random
import re
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path
from typing import Any

if not __package__:  # run as a file: the repository root, not bench/, must come first
    sys.path[0] = str(Path(__file__).resolve().parent.parent)

import simcord
from simcord import interactions as sim_interactions
from simcord.backend import serializers
from simcord.enums import ComponentType, InteractionType

import engine
from bot import create_bot
from bot.buttons import encode_action
from bot.settings import Settings
from bot.stored import open_repository
from storage import GameStatus

_CALLBACK = re.compile(r"/interactions/([0-9]+)/[^/]+/callback")


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


class AckClock(list[Any]):
    """Stands in for SimCord's log of the bot's REST calls and notes when each interaction's
    callback (its first response — the acknowledgement) arrived."""

    def __init__(self, logged: list[Any]) -> None:
        super().__init__(logged)
        self.acked: dict[int, float] = {}

    def append(self, entry: Any) -> None:
        found = _CALLBACK.search(str(entry.path))
        if found:
            self.acked.setdefault(int(found[1]), time.perf_counter())
        super().append(entry)


def click(env: simcord.Env, member: Any, channel: Any, message_id: int, custom_id: str) -> int:
    """Deliver one button click to the bot without waiting (what ``member.click`` does
    before it settles); returns the interaction id."""
    backend = env.backend
    stored = backend.get_message(channel.id, message_id)
    data = {"custom_id": custom_id, "component_type": ComponentType.BUTTON}
    record, payload = sim_interactions.base_payload(
        backend,
        type=InteractionType.MESSAGE_COMPONENT,
        channel_id=channel.id,
        guild_id=member.guild.id,
        user_id=member.id,
        data=data,
    )
    payload["message"] = dict(serializers.message_payload(backend, stored))
    record.source_message_id = stored.id
    backend.emit("INTERACTION_CREATE", payload)
    return int(record.id)


async def run(games: int, seed: int) -> None:
    chooser = random.Random(seed)
    pickomino = engine.get_game("pickomino")
    with tempfile.TemporaryDirectory() as folder:
        url = f"sqlite:///{Path(folder) / 'bench.db'}"
        repository = await open_repository(url)
        settings = Settings(_env_file=None, discord_token=None, database_url=url)
        bot = create_bot(settings, repository)
        async with simcord.run(bot, settle_timeout=120) as env:
            guild = env.create_guild()
            tables = []
            for n in range(games):
                channel = guild.create_text_channel(f"table-{n}")
                host = guild.add_member(env.create_user(f"host{n}"))
                guest = guild.add_member(env.create_user(f"guest{n}"))
                lobby = (await host.slash(channel, "play", game="pickomino")).response
                assert lobby is not None
                await guest.click(lobby, label="Join")
                await host.click(lobby, label="Start")
                found = await repository.by_channel(channel.id)
                assert found is not None
                tables.append((found.id, channel, {host.id: host, guest.id: guest}))

            clock = env.backend.http_requests = AckClock(env.backend.http_requests)
            latencies: list[float] = []
            moves = 0
            requests_before = len(env.http_requests)
            start = time.perf_counter()
            open_tables = list(tables)
            while open_tables:
                sent: dict[int, float] = {}
                still_open = []
                for game_id, channel, members in open_tables:
                    record = await repository.get(game_id)
                    if record.status is not GameStatus.ACTIVE:
                        continue
                    still_open.append((game_id, channel, members))
                    seat = pickomino.to_act(record.state)[0]
                    action = pickomino.dump_action(
                        chooser.choice(pickomino.legal_actions(record.state, seat))
                    )
                    user_id = record.seats[seat].user_id
                    assert user_id is not None
                    member = members[user_id]
                    custom_id = f"tv:m:{record.id}:{record.version}:{encode_action(action)}"
                    assert record.message_id is not None
                    sent[click(env, member, channel, record.message_id, custom_id)] = time.perf_counter()
                open_tables = still_open
                await env.settle()
                for interaction_id, at in sent.items():
                    latencies.append(clock.acked[interaction_id] - at)
                moves += len(sent)
            elapsed = time.perf_counter() - start
            requests = len(env.http_requests) - requests_before
            finished = 0
            for game_id, _, _ in tables:
                finished += (await repository.get(game_id)).status is GameStatus.FINISHED
        await repository.close()

    print(f"{games} concurrent 2-player Pickomino games through SimCord, one SQLite file")
    print(f"finished games:        {finished}/{games}")
    print(f"moves:                 {moves} in {elapsed:.2f} s = {moves / elapsed:,.0f} moves/s")
    print(
        f"click → acknowledged:  p50 {percentile(latencies, 0.5) * 1000:.1f} ms, "
        f"p99 {percentile(latencies, 0.99) * 1000:.1f} ms, mean {statistics.fmean(latencies) * 1000:.1f} ms"
    )
    print(f"REST calls per move:   {requests / moves:.2f}  ({requests} calls)")


ROOT = Path(__file__).resolve().parent.parent
FIGURES = {
    "moves/s": re.compile(r"= ([0-9,.]+) moves/s"),
    "click → ack p50 (ms)": re.compile(r"p50 ([0-9.]+) ms"),
    "click → ack p99 (ms)": re.compile(r"p99 ([0-9.]+) ms"),
    "REST calls per move": re.compile(r"REST calls per move:\s+([0-9.]+)"),
}
"""What is read from a run's report (the same lines in every version of this benchmark)."""
MOVES = re.compile(r"moves:\s+([0-9]+) in")
CPU = "CPU ms per move"
"""The process's CPU time (user + system, the whole run) per move: on a busy machine the wall
clock figures above move with the load, this one hardly does."""


def measure(root: Path, games: int, seed: int) -> dict[str, float]:
    """Run the benchmark of the tree at ``root`` in its own process; its figures by name."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run(
        [sys.executable, str(root / "bench" / "bot.py"), "--games", str(games), "--seed", str(seed)],
        cwd=root, capture_output=True, text=True, check=False,
    )  # fmt: skip
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"the benchmark in {root} failed:\n{done.stderr[-2000:]}")
    figures = {}
    for name, pattern in FIGURES.items():
        found = pattern.search(done.stdout)
        if found is None:
            raise SystemExit(f"no {name!r} in the report of {root}:\n{done.stdout}")
        figures[name] = float(found[1].replace(",", ""))
    moves = MOVES.search(done.stdout)
    assert moves is not None
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    figures[CPU] = 1000 * cpu / int(moves[1])
    return figures


def export(revision: str, folder: Path) -> None:
    """The files of ``revision`` of this repository, written into ``folder``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision], capture_output=True, check=True
    )
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(folder, filter="data")


def compare(revision: str, games: int, seed: int, rounds: int) -> None:
    """Both trees, one after the other, ``rounds`` times (so a change of load on the machine
    falls on both alike); the median of each figure."""
    runs: dict[str, list[dict[str, float]]] = {revision: [], "this tree": []}
    with tempfile.TemporaryDirectory() as folder:
        export(revision, Path(folder))
        for _ in range(rounds):
            runs[revision].append(measure(Path(folder), games, seed))
            runs["this tree"].append(measure(ROOT, games, seed))
    print(f"{games} concurrent 2-player Pickomino games through SimCord, seed {seed}, median of {rounds}")
    print(f"{'':24} {revision:>14} {'this tree':>14}")
    for name in (*FIGURES, CPU):
        shown = [f"{statistics.median(r[name] for r in found):>14,.2f}" for found in runs.values()]
        print(f"{name:24} {' '.join(shown)}")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--against", metavar="REV", help="also measure this git revision, side by side")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each tree with --against")
    args = parser.parse_args()
    if args.against:
        compare(args.against, args.games, args.seed, args.rounds)
    else:
        asyncio.run(run(args.games, args.seed))


if __name__ == "__main__":
    main()
