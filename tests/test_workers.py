"""The worker processes that draw boards and search moves: they do the work, and they never outlive
the bot (a bot killed with SIGKILL must not leave processes behind to pile up at every restart)."""
from __future__ import annotations

import asyncio
import gc
import os
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from bot.boards import draw_board
from bot.computer import NICENESS, ComputerPlayers
from bot.workers import Workers, spare_cores
from games import GAMES

ROOT = Path(__file__).resolve().parents[1]

OWNER = """
import asyncio
from bot.workers import Workers

async def main():
    workers = Workers(2)
    await workers.warm_up()
    print("ready", flush=True)
    await asyncio.sleep(120)
    workers.close()

if __name__ == "__main__":
    asyncio.run(main())
"""


def parent_of(pid: int) -> int | None:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return int(stat.read().split(")")[-1].split()[1])
    except (FileNotFoundError, ProcessLookupError):
        return None


def descendants(pid: int) -> set[int]:
    found: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {int(p) for p in os.listdir("/proc") if p.isdigit() and parent_of(int(p)) in frontier} - found
        found |= frontier
    return found


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(")")[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_workers_end_when_the_bot_is_killed(tmp_path):
    script = tmp_path / "owner.py"
    script.write_text(OWNER)
    owner = subprocess.Popen([sys.executable, str(script)], cwd=ROOT, stdout=subprocess.PIPE, text=True,
                             stderr=subprocess.DEVNULL, env=dict(os.environ, PYTHONPATH=str(ROOT)))
    try:
        assert owner.stdout.readline().strip() == "ready"
        # the fork server, the two workers (and multiprocessing's resource tracker)
        pids = {pid for pid in descendants(owner.pid) if alive(pid)}
        assert len(pids) >= 3
    finally:
        owner.send_signal(signal.SIGKILL)
        owner.wait()
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [pid for pid in pids if alive(pid)], "workers outlived the killed bot"


async def test_boards_are_drawn_in_a_worker_as_in_the_bot():
    workers = Workers(1, imports=("bot.boards",))
    try:
        state = GAMES["attaxx"].start(2, {}, 1).play("b6")
        png = await workers.run(draw_board, state, ["alice", "bob"])
        assert png == draw_board(state, ["alice", "bob"]) and png.startswith(b"\x89PNG")
    finally:
        workers.close()
    assert spare_cores() == max(1, (os.cpu_count() or 1) - 1)


async def test_heavy_work_gives_way_to_the_boards_when_the_cores_are_busy():
    boards, computers = Workers(1), ComputerPlayers(workers=1)
    try:
        mine = os.nice(0)
        assert await boards.run(os.nice, 0) == mine
        assert await computers.run(os.nice, 0) == min(19, mine + NICENESS)
    finally:
        boards.close()
        computers.close()


async def test_workers_are_started_off_the_event_loop(monkeypatch):
    """Spawning a worker waits for multiprocessing's fork server to import its modules (tens of seconds
    on a busy machine): it must happen in a thread of its own, never on the event loop's, and only once."""
    spawned_in = []
    submit = ProcessPoolExecutor.submit

    def recorded(self, *args, **kwargs):
        spawned_in.append(threading.current_thread())
        return submit(self, *args, **kwargs)

    monkeypatch.setattr(ProcessPoolExecutor, "submit", recorded)
    workers = Workers(2, imports=("games",))
    try:
        assert await workers.run(sum, [1, 2, 3]) == 6
        assert await workers.run(sum, [4]) == 4
    finally:
        workers.close()
    first = spawned_in[:2]
    assert len(first) == 2 and all(thread is not threading.main_thread() for thread in first), \
        "the workers were started on the event loop's thread"


async def test_a_pool_closed_while_it_starts_starts_nothing_more_and_leaves_nothing_unheard(caplog):
    """The bot stopping while its pools start: the warm-up is cancelled and the pool closed; the start
    under way in its thread then fails, and nobody is left holding an error nobody heard."""
    workers = Workers(2, imports=("games",))
    warming = asyncio.ensure_future(workers.warm_up())
    await asyncio.sleep(0)  # the start is under way in its thread
    start = workers._starting
    assert start is not None
    warming.cancel()
    workers.close()
    await asyncio.wait([start], timeout=60)
    assert start.done() and workers._pool is None, "closing it left no pool behind, and starting made none"
    del start, warming
    gc.collect()
    await asyncio.sleep(0)
    assert "never retrieved" not in caplog.text


async def test_a_warm_up_under_way_when_the_pool_is_closed_ends_quietly(caplog):
    """The bot stopping while its boards' workers start: the warm-up ends without an error, and no pool
    is made again behind the closed one."""
    workers = Workers(2, imports=("games",))
    warming = asyncio.ensure_future(workers.warm_up())
    await asyncio.sleep(0)  # the start is under way in its thread
    workers.close()
    done, _ = await asyncio.wait([warming], timeout=60)
    assert warming in done and (warming.cancelled() or warming.exception() is None)
    assert workers._pool is None
    del warming
    gc.collect()
    await asyncio.sleep(0)
    assert "never retrieved" not in caplog.text
