"""The real bot (`python -m bot`) under load, through the local stand-in for Discord (tests/support).

The bot runs as its own process, from ROOT (`--root`, default: this checkout): cwd a temporary folder,
PYTHONPATH=ROOT, `sys.executable -m bot`, a SQLite file in that folder unless `--database-url
postgresql://…` is given. The stand-in and the simulated users always come from this checkout's
tests/support, so `--root /work/baseline` measures older code with the same harness. Players pick
random legal moves of Attaxx from /move's autocomplete. Every mode ends with a short summary: the
figures, interactions the stand-in saw answered late (after 3 s) or twice, and ERROR/WARNING lines in
the bot's log.

Modes:
  saturation (default)  MATCHES matches at once, each moving as fast as replies come (autocomplete,
                        then /move, up to MOVES moves). Moves/s, and p50/p95/p99/max of
                        "/move sent → board image reply received".
  load                  Offered load: MATCHES matches are started (challenge + Accept, spread out at
                        --setup-rate a second), then /move commands arrive open-loop at RATE a second
                        (Poisson, or --arrivals even) for SECONDS, each for a random idle match (its
                        player to move is not waiting on a reply); with none idle the arrival is counted
                        as skipped. Each match's choices come from autocomplete right after its previous
                        reply, so the autocomplete round trip is not in the latency. A finished match is
                        followed by a new one in the same channel. Achieved moves/s, latency, how far
                        sends fell behind the schedule.
  memory                The bot's resident memory (VmRSS from /proc) after start-up and after MATCHES
                        active matches were made (challenge + Accept + 2 moves each): its main process,
                        and the sum over it and all its descendants (the worker pools), RSS and PSS.
  startup               STORED matches are written into the database first by bench/stored_matches.py
                        (the service of ROOT, in a subprocess; a fifth active, the rest finished), then
                        the bot is started REPEATS times: time from launch to the gateway IDENTIFY, to the
                        reply of a /help sent right then, and to the reply of a /board after it; medians.

Examples (from the project root):
    .venv/bin/python bench/latency.py --matches 50 --moves 40
    .venv/bin/python bench/latency.py --root /work/baseline --matches 50 --moves 40
    .venv/bin/python bench/latency.py --mode load --rate 20 --matches 200 --seconds 60
    .venv/bin/python bench/latency.py --mode memory --matches 1000
    .venv/bin/python bench/latency.py --mode startup --stored 10000 [--repeats 3]
    .venv/bin/python bench/latency.py --mode load --database-url postgresql://user@host/emptydb
"""
from __future__ import annotations

import argparse
import asyncio
import collections
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent
# Run as a script, bench/ is sys.path[0], and its rules.py would shadow the rules package: the project
# root goes first, bench/ goes away.
sys.path[:] = [str(PROJECT)] + [p for p in sys.path if Path(p or ".").resolve() not in (HERE, PROJECT)]

from tests.support.process import BotProcess  # noqa: E402
from tests.support.standin import Message, StandIn  # noqa: E402
from tests.support.users import Action, Discord, User  # noqa: E402

GUILD = 777
CHANNEL_BASE = 10_000
PLAYER_BASE = 10**15  # people: far from the computer players' ids (1, 2, 3)
REPLY_TIMEOUT = 30.0
MORE = "…"  # in an autocomplete suggestion's name: the start of several moves (rules.parts.MORE)
CLOCK_TICK = os.sysconf("SC_CLK_TCK")


# ---------------------------------------------------------------------------------------------- harness

class BenchStandIn(StandIn):
    """The stand-in, with each command's or button's first finished reply handed straight to whoever
    waits for it (StandIn.wait_for wakes every waiter on every change, each scanning every message: with
    hundreds of matches that would load the benchmark's side more than the bot's), and the time the
    stand-in saw it."""

    def __init__(self, guilds: dict[int, list[int]]):
        super().__init__(guilds)
        self._touched: list[Message] = []
        self._replies: dict[int, asyncio.Future] = {}
        self._boards: dict[int, asyncio.Future] = {}  # the next board posted in a channel (a button's)
        self._sent: dict[int, float] = {}

    def _apply(self, message: Message, data: dict, files: dict[str, bytes]) -> None:
        super()._apply(message, data, files)
        self._touched.append(message)

    async def _changed(self) -> None:
        now = time.perf_counter()
        touched, self._touched = self._touched, []
        for message in touched:
            if message.interaction_id is not None:
                waiting = self._replies.get(message.interaction_id)
            elif message.files:
                waiting = self._boards.get(message.channel_id)
            else:
                waiting = None
            if waiting is not None and not waiting.done() and not message.loading and not message.deleted:
                waiting.set_result((message, now))
        await super()._changed()

    async def deliver(self, payload: dict) -> None:
        """Discord's `deliver`: INTERACTION_CREATE over the gateway, its reply awaited from before it is sent."""
        iid = int(payload["id"])
        if payload["type"] in (2, 3):  # a command or a component (autocomplete is answered with choices)
            self._replies[iid] = asyncio.get_running_loop().create_future()
        self._sent[iid] = time.perf_counter()
        await self.dispatch(payload)

    async def reply(self, action: Action, timeout: float = REPLY_TIMEOUT, *, board: bool = False) -> tuple[Message, float]:
        """The first finished message answering `action` (with `board`, or the first board posted in its
        channel: a button's board is a message of the channel), and seconds from its sending to the
        stand-in receiving that message."""
        iid = action.interaction.id
        channel = int(action.interaction.payload["channel_id"])
        waiting = [self._replies[iid]] + ([self._boards[channel]] if board else [])
        try:
            done, _ = await asyncio.wait(waiting, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
            if not done:
                raise TimeoutError(f"no answer to interaction {iid}")
            message, at = done.pop().result()
        finally:
            self._replies.pop(iid, None)
            if board:
                self._boards.pop(channel, None)
        return message, at - self._sent.pop(iid)

    def expect_board(self, channel: int) -> None:
        """The next board posted in `channel` may answer an action (see reply)."""
        self._boards[channel] = asyncio.get_running_loop().create_future()

    def late(self) -> collections.Counter[str]:
        """Interactions answered after Discord's 3 seconds, or twice: how many, by error and command."""
        found: collections.Counter[str] = collections.Counter()
        for interaction in self.interactions.values():
            if interaction.error:
                data = interaction.payload.get("data") or {}
                found[f"{interaction.error} ({data.get('name') or data.get('custom_id', '?')})"] += 1
        return found


class RootBot(BotProcess):
    """BotProcess, running the code of another checkout, optionally on PostgreSQL; it times its start."""

    def __init__(self, standin: StandIn, folder: Path, root: Path, database_url: str | None = None,
                 sweep_seconds: float = 300):
        super().__init__(standin, folder, sweep_seconds=sweep_seconds)
        self.root = root
        self.database_url = database_url
        self.launched = self.identified = 0.0

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATABASE_", "DEV_GUILD", "SHARD_"))}
        env.update(
            DISCORD_TOKEN="test-token", DISCORD_API_BASE=self.standin.url, DISCORD_GATEWAY_URL=self.standin.gateway_url,
            DATABASE_PATH=str(self.database), LOG_LEVEL="INFO", TIMER_SWEEP_SECONDS=str(self.sweep_seconds),
            PYTHONPATH=str(self.root), PYTHONUNBUFFERED="1",
        )
        if self.database_url:
            env["DATABASE_URL"] = self.database_url
        return env

    async def start(self) -> None:
        """Start the bot and wait until it has identified on the gateway (commands are synced by then)."""
        self.standin.identified.clear()
        sessions = self.standin.sessions
        with open(self.log_path, "a") as log:
            log.write(f"--- start {self.starts + 1}\n")
            log.flush()
            self.launched = time.perf_counter()
            self.proc = await asyncio.create_subprocess_exec(
                sys.executable, "-m", "bot", cwd=self.folder, env=self.env(), stdin=asyncio.subprocess.DEVNULL,
                stdout=log, stderr=asyncio.subprocess.STDOUT,
            )
        self.starts += 1
        identified = asyncio.create_task(self.standin.identified.wait())
        exited = asyncio.create_task(self.proc.wait())
        done, _ = await asyncio.wait({identified, exited}, timeout=120, return_when=asyncio.FIRST_COMPLETED)
        self.identified = time.perf_counter()
        identified.cancel()
        exited.cancel()
        if identified not in done or self.standin.sessions == sessions:
            raise RuntimeError(f"the bot did not come up:\n{self.log()[-5000:]}")

    @property
    def pid(self) -> int:
        if self.proc is None:
            raise RuntimeError("the bot was never started")
        return self.proc.pid

    def log_problems(self) -> tuple[collections.Counter, list[str]]:
        """Counts of ERROR / WARNING / Traceback lines in the log, and the first few distinct ones."""
        counts: collections.Counter = collections.Counter()
        examples: list[str] = []
        for line in self.log().splitlines():
            kind = next((k for k in ("ERROR", "CRITICAL", "WARNING") if f" {k} " in line), None)
            if kind is None and line.startswith("Traceback"):
                kind = "Traceback"
            if kind:
                counts[kind] += 1
                text = re.sub(r"^\S+ \S+ ", "", line)[:200]
                if len(examples) < 5 and text not in examples:
                    examples.append(text)
        return counts, examples


def describe_root(root: Path) -> str:
    """Which code ROOT holds (commit, uncommitted changes) and where the bot's packages really come from
    when it runs with PYTHONPATH=ROOT (the venv also holds an editable install of this checkout)."""
    def git(*args: str) -> str:
        done = subprocess.run(["git", "--no-optional-locks", "-C", str(root), *args], capture_output=True, text=True)
        return done.stdout.strip() if done.returncode == 0 else "?"
    changed = git("status", "--porcelain", "--untracked-files=no", "--", ".", ":!bench")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"} | {"PYTHONPATH": str(root)}
    with tempfile.TemporaryDirectory() as folder:
        found = subprocess.run(
            [sys.executable, "-c", "import bot, engines, renderers, rules\n"
             "print('\\n'.join(m.__file__ for m in (bot, engines, renderers, rules)))"],
            cwd=folder, env=env, capture_output=True, text=True, check=True,
        ).stdout.split()
    stray = [f for f in found if not Path(f).resolve().is_relative_to(root)]
    if stray:
        raise SystemExit(f"with PYTHONPATH={root} the bot would import {stray} from elsewhere")
    return f"{root} @ {git('rev-parse', '--short', 'HEAD')}" + (
        f" + uncommitted changes to {len(changed.splitlines())} files outside bench/" if changed else "")


# ---------------------------------------------------------------------------------------------- /proc

def _stat(pid: int) -> list[str]:
    """/proc/PID/stat from field 3 (state) on: the command name in brackets may hold spaces."""
    with open(f"/proc/{pid}/stat") as f:
        return f.read().rsplit(")", 1)[1].split()


def descendants(pid: int) -> list[int]:
    """`pid` and every process below it (the worker pools' forkserver and workers, resource trackers)."""
    children: dict[int, list[int]] = collections.defaultdict(list)
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                children[int(_stat(int(entry))[1])].append(int(entry))
            except (OSError, IndexError, ValueError):
                continue
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        todo.extend(children.get(p, []))
    return found


def _status_kb(pid: int, key: str, name: str = "status") -> int:
    try:
        with open(f"/proc/{pid}/{name}") as f:
            for line in f:
                if line.startswith(key + ":"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def _command(pid: int, main: int) -> str:
    """A short name: the bot, the worker pool's forkserver, a worker (forked by it), the resource tracker."""
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as f:
            text = " ".join(w for w in f.read().decode(errors="replace").split("\0") if w)
    except OSError:
        return "?"
    if pid == main:
        return "bot (python -m bot)"
    if "multiprocessing.forkserver" in text:
        return "forkserver" if int(_stat(pid)[1]) == main else "worker (from the forkserver)"
    if "multiprocessing.resource_tracker" in text:
        return "resource tracker"
    return re.sub(r"\S*/bin/python\S*", "python", text)[:90]


@dataclass
class Memory:
    main_rss: int  # kB
    tree_rss: int
    tree_pss: int
    processes: list[tuple[int, int, int, str]]  # pid, RSS kB, PSS kB, command

    @classmethod
    def of(cls, pid: int) -> Memory:
        rows = [(p, _status_kb(p, "VmRSS"), _status_kb(p, "Pss", "smaps_rollup"), _command(p, pid)) for p in descendants(pid)]
        rows = [r for r in rows if r[1]]
        return cls(_status_kb(pid, "VmRSS"), sum(r[1] for r in rows), sum(r[2] for r in rows), rows)

    def show(self, title: str) -> None:
        print(f"{title}: bot main process VmRSS {self.main_rss / 1024:.1f} MiB; with its {len(self.processes) - 1} "
              f"descendants VmRSS {self.tree_rss / 1024:.1f} MiB (PSS {self.tree_pss / 1024:.1f} MiB)")
        for pid, rss, pss, command in self.processes:
            print(f"    pid {pid:>7}  RSS {rss / 1024:7.1f} MiB  PSS {pss / 1024:7.1f} MiB  {command}")


def cpu_seconds(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            fields = _stat(pid)
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime
    return total / CLOCK_TICK


async def settled(pid: int, quiet: float = 2.0, limit: float = 20.0) -> None:
    """Wait until the bot's process tree has stopped changing (its worker pool has started)."""
    end = time.monotonic() + limit
    seen, since = None, time.monotonic()
    while time.monotonic() < end:
        now = sorted(descendants(pid))
        if now != seen:
            seen, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return
        await asyncio.sleep(0.2)


# ---------------------------------------------------------------------------------------------- players

class Refused(Exception):
    pass


@dataclass
class Table:
    """One channel and its two players; the match being played there."""

    channel: int
    players: tuple[User, User]
    mover: User | None = None
    notation: str | None = None  # the move its player will send, found in autocomplete beforehand
    state: str = "new"  # new → idle ⇄ moving (→ restarting → idle); broken after a failure
    games: int = 0
    moves: int = 0

    def to_move(self) -> User:
        """The player to move in the match going on here."""
        if self.mover is None:
            raise RuntimeError(f"nobody is to move in channel {self.channel}: no match is going on")
        return self.mover


def tables(count: int, first_channel: int = CHANNEL_BASE) -> list[Table]:
    return [Table(first_channel + i, (User(PLAYER_BASE + 2 * i, f"p{2 * i}"), User(PLAYER_BASE + 2 * i + 1, f"p{2 * i + 1}")))
            for i in range(count)]


class Players:
    def __init__(self, standin: BenchStandIn, guild: int = GUILD):
        self.standin = standin
        self.users = Discord(standin, standin.deliver, guild)

    async def start_match(self, table: Table) -> float:
        """Challenge and Accept: the match starts, its board is posted. Seconds for the Accept's board."""
        challenge = await self.users.command(table.players[0], table.channel, "challenge", "attaxx", side="first", opponent=table.players[1])
        message, _ = await self.standin.reply(challenge)
        if message.ephemeral or not message.buttons:
            raise Refused(f"challenge refused: {message.content[:120]}")
        self.standin.expect_board(table.channel)
        accept = await self.users.press(table.players[1], message, "Accept")
        board, seconds = await self.standin.reply(accept, board=True)
        if board.ephemeral or not board.files:
            raise Refused(f"accept refused: {board.content[:120]}")
        self._next(table, board)
        table.games += 1
        return seconds

    def _next(self, table: Table, board: Message) -> bool:
        """Who moves next, from who the board pings; False once the match is over."""
        if "🏁" in board.content:
            table.mover = None
            return False
        [mentioned] = board.mentions
        table.mover = next(p for p in table.players if p.id == mentioned)
        return True

    async def prefetch(self, table: Table, rng: random.Random) -> None:
        """A random legal move for the player to move, as they would find it in /move's autocomplete: one
        of the suggestions; when that is the start of several moves ("c3 …"), typed, and so on."""
        mover = table.to_move()
        typed = ""
        for _ in range(10):
            offered = await self.users.suggestions(mover, table.channel, "move", "notation", typed)
            if not offered:
                raise Refused(f"nothing offered for {typed!r} in channel {table.channel} (mover {mover.name})")
            name, value = rng.choice(offered)
            if MORE not in name:
                table.notation = value
                return
            typed = value
        raise Refused(f"autocomplete never offered a whole move (typed {typed!r})")

    async def move(self, table: Table) -> tuple[float, bool]:
        """/move with the move prefetched: seconds to the board image; whether the match goes on."""
        action = await self.users.command(table.to_move(), table.channel, "move", notation=table.notation)
        table.notation = None
        board, seconds = await self.standin.reply(action)
        if board.ephemeral or not board.files:
            raise Refused(f"move refused: {board.content[:120]}")
        table.moves += 1
        return seconds, self._next(table, board)


# ---------------------------------------------------------------------------------------------- reporting

def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def spread(seconds: list[float]) -> str:
    if not seconds:
        return "no samples"
    ms = [s * 1000 for s in seconds]
    return (f"p50 {percentile(ms, 50):.1f} ms, p95 {percentile(ms, 95):.1f} ms, p99 {percentile(ms, 99):.1f} ms, "
            f"max {max(ms):.1f} ms, mean {statistics.fmean(ms):.1f} ms (n={len(ms)})")


def report_problems(standin: BenchStandIn, bots: list[RootBot]) -> None:
    late = standin.late()
    print(f"interactions answered late or twice: {sum(late.values())}"
          + (" — " + ", ".join(f"{n}× {what}" for what, n in late.most_common()) if late else ""))
    counts: collections.Counter = collections.Counter()
    examples: list[str] = []
    for bot in bots:
        c, e = bot.log_problems()
        counts += c
        examples += [x for x in e if x not in examples]
    print("bot log: " + (", ".join(f"{n} {k}" for k, n in counts.most_common()) if counts else "no ERROR or WARNING lines"))
    for line in examples[:5]:
        print(f"    {line}")


@dataclass
class Session:
    standin: BenchStandIn
    bot: RootBot
    players: Players


class Running:
    """The stand-in and the bot, started in a temporary folder; both stopped on the way out."""

    def __init__(self, args: argparse.Namespace, guilds: dict[int, list[int]]):
        self.args, self.guilds = args, guilds

    async def __aenter__(self) -> Session:
        self.folder = Path(tempfile.mkdtemp(prefix="bench-"))  # removed by hand: --keep keeps it
        self.standin = BenchStandIn(self.guilds)
        await self.standin.start()
        self.bot = RootBot(self.standin, self.folder, self.args.root, self.args.database_url)
        try:
            await self.bot.start()
        except BaseException:
            await self.standin.stop()
            shutil.rmtree(self.folder, ignore_errors=True)
            raise
        return Session(self.standin, self.bot, Players(self.standin, next(iter(self.guilds))))

    async def __aexit__(self, *exc) -> None:
        try:
            await self.bot.stop()
            await self.standin.stop()
        finally:
            if self.args.keep:
                print(f"(kept {self.folder}: bot.log, database)")
            else:
                shutil.rmtree(self.folder, ignore_errors=True)


def first_channel(args: argparse.Namespace) -> int:
    """Channels of our own: on a shared PostgreSQL database earlier runs may have left matches going."""
    return CHANNEL_BASE + (random.Random().randrange(1, 10**6) * 10_000 if args.database_url else 0)


# ---------------------------------------------------------------------------------------------- modes

async def saturation(args: argparse.Namespace) -> None:
    games = tables(args.matches, first_channel(args))
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
    games = tables(args.matches, first_channel(args))
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
    games = tables(args.matches, first_channel(args))
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


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mode", choices=["saturation", "load", "memory", "startup"], default="saturation")
    parser.add_argument("--root", type=Path, default=PROJECT, help="the checkout whose bot is run (default: this one)")
    parser.add_argument("--database-url", help="postgresql://… for the bot (default: a SQLite file in a temp folder)")
    parser.add_argument("--matches", type=int, default=None, help="matches at once (default: 50; load 200; memory 1000)")
    parser.add_argument("--moves", type=int, default=40, help="saturation: moves per match at most")
    parser.add_argument("--rate", type=float, default=20.0, help="load: /move commands offered a second")
    parser.add_argument("--seconds", type=float, default=60.0, help="load: how long the load is offered")
    parser.add_argument("--arrivals", choices=["poisson", "even"], default="poisson", help="load: arrival times")
    parser.add_argument("--setup-rate", type=float, default=20.0, help="load: matches started a second before the load")
    parser.add_argument("--concurrency", type=int, default=16, help="memory: matches being made at once")
    parser.add_argument("--stored", type=int, default=10_000, help="startup: matches stored before the bot starts")
    parser.add_argument("--repeats", type=int, default=3, help="startup: bot starts to take the median of")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (bot.log, database)")
    args = parser.parse_args()
    args.root = args.root.resolve()
    if not (args.root / "bot" / "__main__.py").is_file():
        raise SystemExit(f"{args.root} holds no bot/__main__.py")
    if args.matches is None:
        args.matches = {"load": 200, "memory": 1000}.get(args.mode, 50)
    details = {"saturation": f"{args.matches} matches, {args.moves} moves each at most",
               "load": f"{args.rate:g} moves/s over {args.matches} matches for {args.seconds:g} s",
               "memory": f"{args.matches} matches", "startup": f"{args.stored} stored matches, {args.repeats} starts"}
    print(f"== {args.mode}: {details[args.mode]}; bot from {describe_root(args.root)}; "
          f"{'PostgreSQL' if args.database_url else 'SQLite'}; load average {os.getloadavg()[0]:.2f}")
    await {"saturation": saturation, "load": load, "memory": memory, "startup": startup}[args.mode](args)


if __name__ == "__main__":
    asyncio.run(main())
