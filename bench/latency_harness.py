"""The measuring harness of bench/latency.py: the stand-in for Discord that hands each reply straight to
whoever waits for it, the bot run from ROOT as its own process, which code ROOT holds, and the bot's
processes read from /proc (memory, CPU time, when its worker pool has settled)."""
from __future__ import annotations

import asyncio
import collections
import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from tests.support.process import BotProcess
from tests.support.standin import Message, StandIn
from tests.support.users import Action

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

    def _apply(self, message: Message, data: dict, files: dict[str, bytes], *, new: bool = False) -> None:
        super()._apply(message, data, files, new=new)
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
