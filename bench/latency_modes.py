"""The modes of bench/latency.py, each a scenario run against the bot and its summary printed: saturation,
load, memory and startup (see bench/latency.py's docstring)."""
from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench.latency_harness import (
    GUILD,
    PLAYER_BASE,
    REPLY_TIMEOUT,
    BenchStandIn,
    Memory,
    RootBot,
    cpu_seconds,
    descendants,
    settled,
)
from bench.latency_players import Players, Running, Table, first_channel, report_problems, spread, tables
from tests.support.users import User

HERE = Path(__file__).resolve().parent

# ---------------------------------------------------------------------------------------------- modes

async def saturation(args: argparse.Namespace) -> None:
    games = tables(args.matches, first_channel(args), args.locale)
    async with Running(args, {GUILD: [t.channel for t in games]}) as s:
        rng = random.Random(args.seed)
        latencies: list[float] = []

        async def one(table: Table, rng: random.Random) -> int:
            await s.players.start_match(table)
            for _ in range(args.moves):
                await s.players.prefetch(table, rng)
                seconds, going = await s.players.move(table)
                latencies.append(seconds)
                if not going:
                    break
            return table.moves

        await settled(s.bot.pid)  # the worker pool has started: its start-up is not counted
        cpu, started = cpu_seconds(descendants(s.bot.pid)), time.perf_counter()
        played = await asyncio.gather(*[one(t, random.Random(rng.random())) for t in games])
        elapsed = time.perf_counter() - started
        cpu = cpu_seconds(descendants(s.bot.pid)) - cpu
    print(f"{args.matches} concurrent matches, {sum(played)} moves in {elapsed:.1f} s "
          f"({sum(played) / elapsed:.1f} moves/s, including autocomplete, challenges and accepts); "
          f"{sum(t.mover is None for t in games)} finished")
    print(f"/move → board image received: {spread(latencies)}")
    print(f"bot CPU {cpu:.1f} s ({cpu / elapsed * 100:.0f}% of one core), {cpu / max(1, sum(played)) * 1000:.1f} ms a move")
    report_problems(s.standin, [s.bot])


async def load(args: argparse.Namespace) -> None:
    games = tables(args.matches, first_channel(args), args.locale)
    rng = random.Random(args.seed)  # the moves
    arrivals, picks = random.Random(args.seed + 1), random.Random(args.seed + 2)  # when, and for which match
    async with Running(args, {GUILD: [t.channel for t in games]}) as s:
        failures: collections.Counter = collections.Counter()

        async def setup(table: Table) -> None:
            try:
                await s.players.start_match(table)
                await s.players.prefetch(table, rng)
                table.state = "idle"
            except Exception as error:  # counted and shown
                table.state = "broken"
                failures[f"setup: {type(error).__name__}: {error}"[:160]] += 1

        begun = time.perf_counter()
        tasks = []
        for table in games:
            tasks.append(asyncio.create_task(setup(table)))
            await asyncio.sleep(1 / args.setup_rate)
        await asyncio.gather(*tasks)
        print(f"{sum(t.state == 'idle' for t in games)} of {len(games)} matches started in "
              f"{time.perf_counter() - begun:.1f} s (at most {args.setup_rate:g} a second)")

        latencies: list[float] = []
        lags: list[float] = []
        restarts: list[float] = []
        issued = skipped = 0
        idle = {t.channel: t for t in games if t.state == "idle"}

        async def move(table: Table, scheduled: float) -> None:
            lags.append(time.perf_counter() - scheduled)
            try:
                seconds, going = await s.players.move(table)
                latencies.append(seconds)
                if not going:
                    table.state = "restarting"
                    began = time.perf_counter()
                    await s.players.start_match(table)
                    restarts.append(time.perf_counter() - began)
                await s.players.prefetch(table, rng)
            except Exception as error:  # counted and shown
                table.state = "broken"
                failures[f"{type(error).__name__}: {error}"[:160]] += 1
                return
            table.state = "idle"
            idle[table.channel] = table

        cpu, own = cpu_seconds(descendants(s.bot.pid)), time.process_time()
        started = time.perf_counter()
        end = started + args.seconds
        gap = 1 / args.rate
        at = started + (arrivals.expovariate(args.rate) if args.arrivals == "poisson" else gap)
        moving: set[asyncio.Task] = set()
        while at < end:
            delay = at - time.perf_counter()
            if delay > 0:
                await asyncio.sleep(delay)
            if idle:
                table = idle.pop(picks.choice(sorted(idle)))
                table.state = "moving"
                task = asyncio.create_task(move(table, at))
                moving.add(task)
                task.add_done_callback(moving.discard)
                issued += 1
            else:
                skipped += 1
            at += arrivals.expovariate(args.rate) if args.arrivals == "poisson" else gap
        await asyncio.sleep(max(0.0, end - time.perf_counter()))
        window = args.seconds
        answered_in_window = len(latencies)
        cpu = cpu_seconds(descendants(s.bot.pid)) - cpu
        own = time.process_time() - own
        if moving:
            await asyncio.wait(moving, timeout=REPLY_TIMEOUT * 2)
    answered = len(latencies)
    print(f"offered {args.rate:g} moves/s ({args.arrivals} arrivals) for {args.seconds:g} s over {args.matches} matches: "
          f"{issued} /move sent ({issued / window:.1f}/s), {answered} answered with a board "
          f"({answered / window:.1f} moves/s achieved; {answered_in_window} within the window), "
          f"skipped (no idle match) {skipped}")
    print(f"/move → board image received: {spread(latencies)}")
    print(f"sends behind schedule (the load generator's lag): {spread(lags)}")
    print(f"matches finished and started again: {len(restarts)}"
          + (f" (challenge + accept took {spread(restarts)})" if restarts else ""))
    if failures:
        print(f"failures: {sum(failures.values())} — " + "; ".join(f"{n}× {what}" for what, n in failures.most_common(5)))
    print(f"bot CPU {cpu:.1f} s ({cpu / window * 100:.0f}% of one core), this benchmark's own CPU {own:.1f} s")
    report_problems(s.standin, [s.bot])


async def memory(args: argparse.Namespace) -> None:
    games = tables(args.matches, first_channel(args), args.locale)
    rng = random.Random(args.seed)
    async with Running(args, {GUILD: [t.channel for t in games]}) as s:
        await s.standin.reply(await s.players.users.command(games[0].players[0], games[0].channel, "help"))
        await settled(s.bot.pid)
        before = Memory.of(s.bot.pid)
        failures: collections.Counter = collections.Counter()
        gate = asyncio.Semaphore(args.concurrency)

        async def make(table: Table) -> None:
            async with gate:
                try:
                    await s.players.start_match(table)
                    for _ in range(2):
                        await s.players.prefetch(table, rng)
                        await s.players.move(table)
                except Exception as error:  # counted and shown
                    failures[f"{type(error).__name__}: {error}"[:160]] += 1

        began = time.perf_counter()
        await asyncio.gather(*[make(t) for t in games])
        took = time.perf_counter() - began
        await settled(s.bot.pid)
        after = Memory.of(s.bot.pid)
        active = sum(1 for t in games if t.mover is not None)
    before.show("after start-up (one /help answered, workers started)")
    after.show(f"after {active} active matches (challenge + accept + 2 moves each, made in {took:.1f} s)")
    print(f"growth: main process {(after.main_rss - before.main_rss) / 1024:+.1f} MiB "
          f"({(after.main_rss - before.main_rss) / max(1, active):+.1f} kB a match), "
          f"whole tree {(after.tree_rss - before.tree_rss) / 1024:+.1f} MiB")
    if failures:
        print(f"failures: {sum(failures.values())} — " + "; ".join(f"{n}× {what}" for what, n in failures.most_common(5)))
    report_problems(s.standin, [s.bot])


async def startup(args: argparse.Namespace) -> None:
    with tempfile.TemporaryDirectory(prefix="bench-") as temporary:
        folder = tempfile.mkdtemp(prefix="bench-") if args.keep else temporary
        database = args.database_url or str(Path(folder) / "bot.sqlite3")
        env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"PYTHONPATH": str(args.root)}
        command = [sys.executable, str(HERE / "stored_matches.py"), "--root", str(args.root), "--database", database,
                   "--matches", str(args.stored), "--seed", str(args.seed)]
        began = time.perf_counter()
        seeded = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True)
        if seeded.returncode != 0 and not args.database_url:
            # The inline connection stands in for aiosqlite's: should this store use it in a way it does
            # not cover, the store's own connection does the same, slower.
            print(f"seeding with the inline SQLite connection failed ({seeded.stderr.strip().splitlines()[-1:]}); "
                  "again with aiosqlite")
            for stale in Path(folder).glob("bot.sqlite3*"):
                stale.unlink()
            began = time.perf_counter()
            seeded = subprocess.run(command + ["--aiosqlite"], cwd=folder, env=env, capture_output=True, text=True)
        if seeded.returncode != 0:
            raise SystemExit(f"seeding failed:\n{seeded.stdout[-3000:]}{seeded.stderr[-3000:]}")
        summary = json.loads(seeded.stdout.strip().splitlines()[-1])
        if Path(summary["code"]) != args.root:
            raise SystemExit(f"the matches were stored by the code in {summary['code']}, not {args.root}")
        counts = summary["counts"]
        size = sum(f.stat().st_size for f in Path(folder).glob("bot.sqlite3*"))
        print(f"stored {counts['finished']} finished and {counts['active']} active matches "
              f"({counts['computer']} against the computer, {counts['moves']} moves) in "
              f"{time.perf_counter() - began:.1f} s" + (f"; database {size / 2**20:.1f} MiB" if size else ""))
        guilds = {int(g): c for g, c in summary["guilds"].items()}
        board = summary["board"]
        identify, first, boards = [], [], []
        late: collections.Counter = collections.Counter()
        for k in range(args.repeats):
            standin = BenchStandIn(guilds)
            await standin.start()
            bot = RootBot(standin, Path(folder), args.root, args.database_url)  # every start logs to one bot.log
            try:
                await bot.start()
                identify.append(bot.identified - bot.launched)
                players = Players(standin, board["guild"] if board else next(iter(guilds)))
                user = User(board["user"] if board else PLAYER_BASE, "someone")
                channel = board["channel"] if board else guilds[next(iter(guilds))][0]
                await standin.reply(await players.users.command(user, channel, "help"))
                first.append(time.perf_counter() - bot.launched)
                reply, seconds = await standin.reply(await players.users.command(user, channel, "board"))
                if board and not reply.files:
                    raise RuntimeError(f"/board showed no board: {reply.content[:120]}")
                boards.append(seconds)
                print(f"  start {k + 1}: IDENTIFY after {identify[-1]:.2f} s, /help answered {first[-1]:.2f} s after "
                      f"launch, then /board (an active match's board) in {seconds * 1000:.0f} ms")
            finally:
                await bot.stop()
                await standin.stop()
            late += standin.late()
        print(f"median of {args.repeats} starts with {args.stored} stored matches: launch → IDENTIFY "
              f"{statistics.median(identify):.2f} s; launch → first reply (/help) {statistics.median(first):.2f} s; "
              f"/board after it {statistics.median(boards) * 1000:.0f} ms")
        print(f"interactions answered late or twice: {sum(late.values())}"
              + (" — " + ", ".join(f"{n}× {what}" for what, n in late.most_common()) if late else ""))
        counts, examples = bot.log_problems()
        print("bot log: " + (", ".join(f"{n} {k}" for k, n in counts.most_common()) if counts else "no ERROR or WARNING lines"))
        for line in examples:
            print(f"    {line}")
        if args.keep:
            print(f"(kept {folder}: bot.log, database)")
