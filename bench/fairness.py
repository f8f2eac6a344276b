"""One user's heavy use against everyone else's play: the real bot (`python -m bot`) through the local
stand-in for Discord, with the harness of bench/latency.py.

A quiet server plays all along: MATCHES Attaxx matches with /move commands arriving at RATE a second
(open loop, as latency.py's load mode), and one player there against the hard computer, moving again as
soon as it has answered (the probe). Then, in phases of SECONDS each, a heavy server adds one kind of
heavy use at a time:

  idle          nothing: the baseline every ratio is to
  autocomplete  one player types into an Elevation match's /move as fast as they can: FLOOD autocompletes
  computers     COUNT players each against the hard computer, each moving as soon as it has answered
  replays       COUNT players each ask for the /replay of a different 600-move Elevation match
  analyses      COUNT players each ask for the /analysis of a different finished match

For each phase: the quiet server's "/move → board" p50 and p99, and the probe's "/move → the computer's
board" median and max, each with its ratio to idle; what the heavy users got (answered, refused with a
reason, never answered); the worker processes' peak memory; the bot log's ERROR and WARNING lines.
The heavy server's finished matches are stored before the bot starts, by the service of ROOT.

Examples (from the project root):
    .venv/bin/python bench/fairness.py
    .venv/bin/python bench/fairness.py --phases idle autocomplete --seconds 20
    .venv/bin/python bench/fairness.py --root /tmp/base        # older code, the same harness
"""
from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import importlib.util
import os
import random
import re
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent
SEEDING = "--seed-into" in sys.argv  # a subprocess storing matches with ROOT's service (PYTHONPATH=ROOT) alone
if SEEDING:
    sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() not in (HERE, PROJECT)]
    BOT_ID = 0
else:
    _spec = importlib.util.spec_from_file_location("latency", HERE / "latency.py")
    if _spec is None or _spec.loader is None:
        raise ImportError(f"cannot load {HERE / 'latency.py'}")
    latency = importlib.util.module_from_spec(_spec)
    sys.modules["latency"] = latency
    _spec.loader.exec_module(latency)  # also puts the project root first on sys.path
    from tests.support.standin import BOT_ID
    from tests.support.users import Discord

if TYPE_CHECKING or not SEEDING:
    from tests.support.users import User
else:
    @dataclass(frozen=True)
    class User:  # as tests.support.users.User's fields: the seeding subprocess imports nothing of tests/
        id: int
        name: str
        bot: bool = False

QUIET, HEAVY = 777, 778
QUIET_BASE, PROBE = 10_000, 19_999
HEAVY_BASE = 20_000  # + 0: the autocomplete match; + 100 + k: computer matches; + 200 + k: replays; + 300 + k: analyses
HEAVY_PLAYERS = 3 * 10**15
ME = User(BOT_ID, "Boardgames", bot=True)
PHASES = ("idle", "autocomplete", "computers", "replays", "analyses")
REPLAY_MOVES = 600
ANALYSIS_MOVES = 40
COMPUTER = re.compile(r"^\*\*Computer \(hard\)[^\n]*? played ")  # "**Computer (hard) · Black** played …"


def heavy_user(k: int) -> User:
    return User(HEAVY_PLAYERS + k, f"h{k}")


# ---------------------------------------------------------------------------------------------- seeding

def seed_database(path: str, count: int, seed: int) -> None:
    """Store the heavy server's finished matches with the service of the checkout on sys.path: `count`
    Elevation matches of REPLAY_MOVES random moves, and `count` Attaxx matches of ANALYSIS_MOVES (fewer
    if the game ends first), each ended by a resignation, between heavy users."""
    from bot.computer import ComputerPlayers
    from bot.db import open_store
    from bot.models import Player
    from bot.service import MatchService

    def made(value):  # the challenge or match itself from older code, the change's record from newer
        return getattr(value, "record", value)

    async def seeded() -> None:
        store = await open_store(path)
        service = MatchService(store, computers=ComputerPlayers(workers=1), notes=False)
        rng = random.Random(seed)
        for kind, game, moves, base in (("replay", "elevation", REPLAY_MOVES, HEAVY_BASE + 200),
                                        ("analysis", "attaxx", ANALYSIS_MOVES, HEAVY_BASE + 300)):
            for k in range(count):
                a, b = heavy_user(2 * k), heavy_user(2 * k + 1)
                first, second = Player(a.id, a.name), Player(b.id, b.name)
                challenge = made(await service.challenge(HEAVY, base + k, first, game, [second], side="first"))
                match = made(await service.accept(challenge.id, second))
                for _ in range(moves):
                    if match.status != "active":
                        break
                    mover = match.to_move
                    match = (await service.move(base + k, mover, rng.choice(match.state.legal_moves()))).match
                if match.status == "active":
                    await service.resign(base + k, match.to_move)
            print(f"stored {count} {game} matches for the {kind}s", file=sys.stderr)
        service.computers.close()
        await store.close()

    asyncio.run(seeded())


def seed(root: Path, database: Path, count: int, seed_value: int) -> None:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"PYTHONPATH": str(root)}
    subprocess.run([sys.executable, str(Path(__file__).resolve()), "--seed-into", str(database), "--count", str(count),
                    "--seed", str(seed_value)], env=env, cwd=database.parent, check=True)


# ---------------------------------------------------------------------------------------------- measuring

@dataclass
class Figures:
    moves: dict[str, list[float]] = field(default_factory=lambda: collections.defaultdict(list))
    computer: dict[str, list[float]] = field(default_factory=lambda: collections.defaultdict(list))
    heavy: dict[str, collections.Counter] = field(default_factory=lambda: collections.defaultdict(collections.Counter))
    notes: dict[str, list[str]] = field(default_factory=lambda: collections.defaultdict(list))
    memory: dict[str, float] = field(default_factory=dict)  # the workers' peak RSS (MiB) by the end of each phase


class Now:
    """The phase under way; a sample counts for the phase it was sent in."""

    def __init__(self) -> None:
        self.phase = "setup"


def peak_worker_mib(pid: int) -> float:
    """The largest peak resident size (VmHWM) among the bot's worker processes."""
    peaks = [latency._status_kb(p, "VmHWM") for p in latency.descendants(pid) if p != pid]
    return max(peaks, default=0) / 1024


async def quiet_load(s, games: list, now: Now, figures: Figures, rate: float, rng: random.Random, stop: asyncio.Event) -> None:
    """The quiet server's matches, moving at `rate` a second (open loop) until `stop`."""
    idle = {t.channel: t for t in games if t.state == "idle"}
    arrivals, picks = random.Random(rng.random()), random.Random(rng.random())
    tasks: set[asyncio.Task] = set()

    async def move(table) -> None:
        phase = now.phase
        try:
            seconds, going = await s.players.move(table)
            figures.moves[phase].append(seconds)
            if not going:
                await s.players.start_match(table)
            await s.players.prefetch(table, rng)
        except Exception as error:  # counted and shown
            figures.notes["quiet"].append(f"{type(error).__name__}: {error}"[:120])
            table.state = "broken"
            return
        table.state = "idle"
        idle[table.channel] = table

    while not stop.is_set():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), arrivals.expovariate(rate))
        if idle and not stop.is_set():
            table = idle.pop(picks.choice(sorted(idle)))
            table.state = "moving"
            task = asyncio.create_task(move(table))
            tasks.add(task)
            task.add_done_callback(tasks.discard)
    if tasks:
        await asyncio.wait(tasks, timeout=60)


async def against_the_computer(s, users: Discord, player: User, channel: int, now: Now, times: dict | None,
                               rng: random.Random, stop: asyncio.Event, notes: list[str],
                               counts: collections.Counter | None = None) -> None:
    """`player` plays Attaxx against the hard computer in `channel`, moving again as soon as it has
    answered, until `stop`; each "/move → the computer's board" is added to `times[phase]`, and counted
    in `counts`."""
    standin = s.standin
    while not stop.is_set():
        start = await users.command(player, channel, "challenge", "attaxx", side="first", opponent=ME, level="hard")
        board, _ = await standin.reply(start)
        if board.ephemeral:
            notes.append(f"refused: {board.content[:100]}")
            return
        while not stop.is_set():
            choices = await users.autocomplete(player, channel, "move", "notation", "")
            if not choices:
                break
            seen = max(standin.messages, default=0)
            phase = now.phase
            sent = time.perf_counter()
            mine, _ = await standin.reply(await users.command(player, channel, "move", notation=rng.choice(choices)))
            if mine.ephemeral or "🏁" in mine.content:
                break
            try:
                theirs = await standin.wait_for(lambda seen=seen: next(
                    (m for m in standin.channel(channel) if m.id > seen and COMPUTER.search(m.content) and m.files), None),
                    timeout=120)
            except TimeoutError:
                notes.append("the computer never answered")
                return
            if times is not None:
                times[phase].append(time.perf_counter() - sent)
            if counts is not None:
                counts["computer moves answered"] += 1
            if "🏁" in theirs.content:
                break
        if not stop.is_set():
            await standin.reply(await users.command(player, channel, "resign"))


async def elevation_match(s, users: Discord) -> None:
    """The match the autocomplete flood types into, started before the phases."""
    challenge, _ = await s.standin.reply(await users.command(heavy_user(0), HEAVY_BASE, "challenge", "elevation",
                                                             side="first", opponent=heavy_user(1)))
    s.standin.expect_board(HEAVY_BASE)
    await s.standin.reply(await users.press(heavy_user(1), challenge, "Accept"), board=True)


async def autocomplete_flood(s, users: Discord, count: int, figures: Figures) -> None:
    """One player types into /move of an Elevation match as fast as Discord lets them: `count`
    autocompletes, twenty at a time; how many were answered in time, late, or not at all."""
    a, channel = heavy_user(0), HEAVY_BASE
    typed = ["", "c", "c1", "c1-", "c1-c2", "d", "d1", "e1", "b1", "c1-d2 "]
    actions = []
    for k in range(count):
        actions.append(await users.typing(a, channel, "move", "notation", typed[k % len(typed)]))
        if k % 20 == 19:
            await asyncio.sleep(0.1)
    counts = figures.heavy["autocomplete"]
    with contextlib.suppress(TimeoutError):  # Discord gives up on an answer after 3 seconds
        await s.standin.wait_for(lambda: all(a.interaction.answered.is_set() or a.interaction.error for a in actions),
                                 timeout=10)
    for action in actions:
        if action.interaction.error:
            counts[f"refused by Discord ({action.interaction.error})"] += 1
        elif action.interaction.answered.is_set():
            counts["answered in time"] += 1
        else:
            counts["not answered (dropped)"] += 1


async def ask_for(s, users: Discord, kind: str, count: int, figures: Figures, stop: asyncio.Event) -> None:
    """`count` heavy users each ask for the /replay or /analysis (`kind`) of a different stored match at once;
    how each was answered (with the picture, refused with a reason, in line), and when."""
    base = HEAVY_BASE + (200 if kind == "replay" else 300)
    counts = figures.heavy[kind]
    began = time.perf_counter()

    async def one(k: int) -> None:
        user = heavy_user(2 * k)
        action = await users.command(user, base + k, kind)
        try:
            message = await s.standin.wait_for(lambda: next(
                (m for m in s.standin.answers.get(action.interaction.id, ()) if not m.loading
                 and (m.files or m.ephemeral)), None), timeout=900)
        except TimeoutError:
            counts["not answered within 15 minutes"] += 1
            return
        if message.ephemeral:
            counts["refused"] += 1
            figures.notes[kind].append(message.content[:140])
        else:
            counts["posted"] += 1
            figures.notes[kind + " seconds"].append(f"{time.perf_counter() - began:.0f}")
        if any("in line" in m.content for m in s.standin.answers.get(action.interaction.id, ())):
            counts["told their place in line"] += 1

    await asyncio.gather(*(one(k) for k in range(count)))


# ---------------------------------------------------------------------------------------------- the run

def ratio(value: float, base: float) -> str:
    return f"{value / base:.2f}×" if base else "–"


def report(figures: Figures, phases: list[str]) -> None:
    base_moves = figures.moves.get("idle", [])
    base_p50 = latency.percentile(base_moves, 50) if base_moves else 0
    base_p99 = latency.percentile(base_moves, 99) if base_moves else 0
    base_cpu = statistics.median(figures.computer["idle"]) if figures.computer.get("idle") else 0
    print()
    print("| phase | quiet /move p50 | p99 | × idle p99 | probe's computer move, median | max | × idle median | workers' peak RSS |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- |")
    for phase in phases:
        moves, computer = figures.moves.get(phase, []), figures.computer.get(phase, [])
        p50 = latency.percentile(moves, 50) if moves else 0
        p99 = latency.percentile(moves, 99) if moves else 0
        median = statistics.median(computer) if computer else 0
        print(f"| {phase} | {p50 * 1000:.0f} ms | {p99 * 1000:.0f} ms (n={len(moves)}) | {ratio(p99, base_p99)} | "
              f"{median:.2f} s | {max(computer, default=0):.2f} s (n={len(computer)}) | {ratio(median, base_cpu)} | "
              f"{figures.memory.get(phase, 0):.0f} MiB |")
    print(f"(idle /move p50 {base_p50 * 1000:.0f} ms)")
    for phase, counts in figures.heavy.items():
        print(f"{phase}: " + ", ".join(f"{n} {what}" for what, n in counts.most_common()))
    for what, lines in figures.notes.items():
        shown = collections.Counter(lines).most_common(3)
        print(f"  {what}: " + "; ".join(f"{n}× {line}" for line, n in shown))


async def run(args: argparse.Namespace) -> None:
    games = latency.tables(args.matches, QUIET_BASE)
    heavy_channels = [HEAVY_BASE] + [HEAVY_BASE + offset + k for offset in (100, 200, 300) for k in range(args.count)]
    guilds = {QUIET: [t.channel for t in games] + [PROBE], HEAVY: heavy_channels}
    figures, now = Figures(), Now()
    rng = random.Random(args.seed)
    session = latency.Running(args, guilds)
    needs_stored = {"replays", "analyses"} & set(args.phases)
    original_start = latency.RootBot.start

    async def start_seeded(bot) -> None:  # the heavy server's matches are stored before the bot's first start
        if needs_stored and not bot.starts:
            began = time.perf_counter()
            await asyncio.to_thread(seed, args.root, bot.database, args.count, args.seed)
            print(f"stored the heavy server's finished matches in {time.perf_counter() - began:.0f} s")
        await original_start(bot)

    latency.RootBot.start = start_seeded
    async with session as s:
        quiet = Discord(s.standin, s.standin.deliver, QUIET)
        heavy = Discord(s.standin, s.standin.deliver, HEAVY)
        for table in games:
            await s.players.start_match(table)
            await s.players.prefetch(table, rng)
            table.state = "idle"
        if "autocomplete" in args.phases:
            await elevation_match(s, heavy)
        print(f"{len(games)} quiet matches started; load average {os.getloadavg()[0]:.2f}")
        stop_all = asyncio.Event()
        background = [
            asyncio.create_task(quiet_load(s, games, now, figures, args.rate, rng, stop_all)),
            asyncio.create_task(against_the_computer(s, quiet, User(2 * 10**15, "probe"), PROBE, now, figures.computer,
                                                     random.Random(args.seed + 7), stop_all, figures.notes["probe"])),
        ]
        await asyncio.sleep(5)  # the probe's first match is under way
        for phase in args.phases:
            now.phase = phase
            print(f"-- {phase} ({args.seconds:g} s)", flush=True)
            stop = asyncio.Event()
            work: list[asyncio.Task] = []
            if phase == "autocomplete":
                work.append(asyncio.create_task(autocomplete_flood(s, heavy, args.flood, figures)))
            elif phase == "computers":
                work += [asyncio.create_task(against_the_computer(
                    s, heavy, heavy_user(1000 + k), HEAVY_BASE + 100 + k, now, None, random.Random(k), stop,
                    figures.notes["heavy computers"], figures.heavy["computers"])) for k in range(args.count)]
            elif phase in ("replays", "analyses"):
                command = {"replays": "replay", "analyses": "analysis"}[phase]
                work.append(asyncio.create_task(ask_for(s, heavy, command, args.count, figures, stop)))
            await asyncio.sleep(args.seconds)
            stop.set()
            now.phase = f"{phase} (after)"
            if work:
                done, pending = await asyncio.wait(work, timeout=900)
                for task in pending:
                    task.cancel()
                for task in done:
                    if task.exception():
                        figures.notes[phase].append(f"{type(task.exception()).__name__}: {task.exception()}"[:140])
            figures.memory[phase] = peak_worker_mib(s.bot.pid)
        stop_all.set()
        await asyncio.wait(background, timeout=120)
        report(figures, list(args.phases))
        latency.report_problems(s.standin, [s.bot])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", type=Path, default=PROJECT, help="the checkout whose bot is run (default: this one)")
    parser.add_argument("--phases", nargs="+", choices=PHASES, default=list(PHASES))
    parser.add_argument("--seconds", type=float, default=30.0, help="how long each phase lasts")
    parser.add_argument("--matches", type=int, default=50, help="the quiet server's matches")
    parser.add_argument("--rate", type=float, default=10.0, help="the quiet server's /move commands a second")
    parser.add_argument("--flood", type=int, default=200, help="autocompletes in the flood")
    parser.add_argument("--count", type=int, default=20, help="heavy users in the computers, replays and analyses phases")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (bot.log, database)")
    parser.add_argument("--seed-into", help=argparse.SUPPRESS)  # (internal) store the heavy server's matches
    args = parser.parse_args()
    if args.seed_into:
        seed_database(args.seed_into, args.count, args.seed)
        return
    args.root = args.root.resolve()
    args.database_url = None
    if "idle" not in args.phases:
        args.phases.insert(0, "idle")
    print(f"== fairness: {args.matches} quiet matches at {args.rate:g} moves/s, phases {', '.join(args.phases)} of "
          f"{args.seconds:g} s; bot from {latency.describe_root(args.root)}; load average {os.getloadavg()[0]:.2f}")
    asyncio.run(run(args))


if __name__ == "__main__":
    main()
