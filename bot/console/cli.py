"""`python -m bot.console [--db PATH] [--analyse N]`: its arguments, the store and the service a session
plays on, the log (in a file beside the database, never at the terminal), and what Ctrl-C does to the
process and its workers."""
from __future__ import annotations

import argparse
import asyncio
import logging
import multiprocessing
import os
import signal
from pathlib import Path

from bot.computer import ComputerPlayers
from bot.config import env_number, load_dotenv
from bot.console.files import LOG_NAME
from bot.console.session import STOPPED, Console
from bot.console.terminal import INTERRUPTS, InputFn, PrintFn, read_line, stopped_by_ctrl_c
from bot.db import open_store
from bot.service import MatchService

DEFAULT_DB = "data/bot.sqlite3"


def arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot.console",
        description="Play the bot's games locally at one terminal, on the bot's database.",
        epilog=f"Logs go to {LOG_NAME} beside the SQLite file ({Path(DEFAULT_DB).parent / LOG_NAME} by default, also "
               "when playing on PostgreSQL), at LOG_LEVEL (INFO unless set); none reach the terminal. Pictures, "
               "replays and analysis graphs go to boards/ in the same folder.",
    )
    parser.add_argument("--db", type=Path, default=None,
                        help="the SQLite file (default: $DATABASE_URL if set, else $DATABASE_PATH or data/bot.sqlite3)")
    parser.add_argument("--analyse", type=int, metavar="N", default=None,
                        help="print the computer's analysis of finished local match N and write its graph, then stop")
    return parser


def places(args: argparse.Namespace) -> tuple[str, Path]:
    """The PostgreSQL database's URL (empty: none) and the SQLite file, whose folder holds the boards and
    the log either way."""
    url = os.environ.get("DATABASE_URL", "").strip() if args.db is None else ""
    return url, args.db or Path(os.environ.get("DATABASE_PATH") or DEFAULT_DB)


async def main(argv: list[str] | None = None, input_fn: InputFn = input, print_fn: PrintFn = print) -> int:
    args = arguments().parse_args(argv)
    url, path = places(args)
    store = await open_store(url or path)
    service = MatchService(store, computers=ComputerPlayers(seconds=env_number("COMPUTER_SECONDS", None, float)),
                           notes=False)  # every change is shown here before the next is asked for
    before = asyncio.all_tasks()
    try:
        console = Console(service, path.parent / "boards", input_fn, print_fn)
        shown = "PostgreSQL" if url else str(path)
        print_fn(f"Local play on {shown}: same games, ratings and history as the bot (server \"local\").")
        await console.run(args.analyse)
    finally:
        # Work the session started and left running (an analysis stopped by Ctrl-C) ends before the
        # workers and the store it uses.
        left = asyncio.all_tasks() - before
        for task in left:
            task.cancel()
        await asyncio.gather(*left, return_exceptions=True)
        service.computers.close()
        await store.close()
    return 0


def log_to(folder: Path) -> None:
    """Send the process's logs to LOG_NAME in `folder`, at LOG_LEVEL (INFO unless set), and none to the
    terminal, where the players read the game."""
    level = os.environ.get("LOG_LEVEL", "").strip().upper()
    folder.mkdir(parents=True, exist_ok=True)
    handler = logging.FileHandler(folder / LOG_NAME, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logging.basicConfig(level=getattr(logging, level, logging.INFO), handlers=[handler], force=True)


async def at_the_terminal(argv: list[str] | None) -> int:
    """`main` at the terminal, with Ctrl-C stopping it cleanly wherever it is (bot.console.terminal)."""
    task = asyncio.current_task()
    assert task is not None
    with stopped_by_ctrl_c(task):
        return await main(argv, input_fn=read_line)


def cli(argv: list[str] | None = None) -> int:
    """Run the console from a terminal (settings from the environment and `.env`); returns the exit code."""
    load_dotenv()
    log_to(places(arguments().parse_args(argv))[1].parent)
    # With a handler of our own in place asyncio.run installs none (its own would only cancel the task,
    # and Ctrl-C would wait for Enter while input() blocks).
    previous = signal.signal(signal.SIGINT, INTERRUPTS)
    try:
        return asyncio.run(at_the_terminal(argv))
    except (KeyboardInterrupt, asyncio.CancelledError):  # Ctrl-C before the session began, or as it ended
        if not INTERRUPTS.stopped:  # else said already
            print(f"\n{STOPPED}")
        return 130
    finally:
        signal.signal(signal.SIGINT, previous)
        if INTERRUPTS.stopped:
            end_workers()


def end_workers() -> None:
    """After Ctrl-C stopped the session in the middle of some work (a search, an analysis, a replay),
    end the worker processes still at it: the work is dropped, and the process would otherwise wait for
    it before exiting."""
    for worker in multiprocessing.active_children():
        worker.terminate()
