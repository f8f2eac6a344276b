"""`python -m bot.console [--db PATH] [--analyse N] [--lang CODE]`: its arguments, the language it speaks
(`--lang`, else the environment's, as gettext reads it), the store and the service a session plays on, the
log (in a file beside the database, never at the terminal), and what Ctrl-C does to the process and its
workers."""
from __future__ import annotations

import argparse
import asyncio
import logging
import multiprocessing
import os
import signal
from collections.abc import Mapping
from pathlib import Path

from bot.computer import ComputerPlayers
from bot.config import env_number, load_dotenv
from bot.console.files import LOG_NAME
from bot.console.session import STOPPED, Console
from bot.console.terminal import INTERRUPTS, InputFn, PrintFn, TimedInputFn, read_line, read_within, stopped_by_ctrl_c
from bot.db import open_store
from bot.service import MatchService
from i18n import ENGLISH, _, best, own_name, shipped, speaking, use

DEFAULT_DB = "data/bot.sqlite3"
ENVIRONMENT = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")  # where gettext looks for the language, in its order


def literal(text: str) -> str:
    """A help text for argparse, which fills in `%(default)s`-style fields: a translation's own % signs
    stay as written."""
    return text.replace("%", "%%")


def arguments() -> argparse.ArgumentParser:
    """The command line, its help in the language spoken (the words argparse adds itself, "usage:" and its
    errors, stay argparse's)."""
    parser = argparse.ArgumentParser(
        prog="python -m bot.console",
        description=_("Play the bot's games locally at one terminal, on the bot's database."),
        epilog=_("Logs go to {log} beside the SQLite file ({default_log} by default, also when playing on "
                 "PostgreSQL), at LOG_LEVEL (INFO unless set); none reach the terminal. Pictures, replays and "
                 "analysis graphs go to boards/ in the same folder.",
                 log=LOG_NAME, default_log=Path(DEFAULT_DB).parent / LOG_NAME),
        add_help=False,
    )
    # Translators: the heading of the command line's options in --help
    options = parser.add_argument_group(_("options"))
    options.add_argument("-h", "--help", action="help", help=literal(_("show this help message and exit")))
    options.add_argument("--db", type=Path, default=None, help=literal(
        _("the SQLite file (default: $DATABASE_URL if set, else $DATABASE_PATH or data/bot.sqlite3)")))
    options.add_argument("--analyse", type=int, metavar="N", default=None, help=literal(
        _("print the computer's analysis of finished local match N and write its graph, then stop")))
    languages = ", ".join(f"{code} ({own_name(code)})" for code in shipped())
    options.add_argument("--lang", metavar="CODE", default=None, help=literal(
        _("the language to speak: {languages} (default: the one LANGUAGE, LC_ALL, LC_MESSAGES or LANG names, "
          "else English)", languages=languages)))
    return parser


def spoken(code: str) -> bool:
    """Whether the console speaks the language `code` names (`de`, `pt-BR`, `pt_BR.UTF-8`): English, or one
    with a catalog."""
    base = code.split(".")[0].split("@")[0].replace("_", "-").split("-")[0].lower()
    return base == ENGLISH or best(code) != ENGLISH


def environment_language(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it: the first of LANGUAGE, LC_ALL,
    LC_MESSAGES and LANG that is set (LANGUAGE may list several, `de:fr`: the first spoken here), C and
    POSIX meaning English; English when none is set, or none names a language spoken here."""
    environ = os.environ if environ is None else environ
    value = next((found for name in ENVIRONMENT if (found := environ.get(name, "").strip())), "")
    for wanted in value.split(":"):
        if wanted.split(".")[0] in ("C", "POSIX"):
            return ENGLISH
        if wanted and spoken(wanted):
            return best(wanted)
    return ENGLISH


def asked_language(argv: list[str] | None) -> str | None:
    """The language `--lang` names, if it is given: read before the other arguments, so that `--help` and
    every refusal of the command line are in it."""
    early = argparse.ArgumentParser(add_help=False, exit_on_error=False)
    early.add_argument("--lang")
    try:
        known, _others = early.parse_known_args(argv)
    except argparse.ArgumentError:  # `--lang` without a code: the command line's own parser says so
        return None
    return known.lang


def language(argv: list[str] | None) -> str:
    """The language the console speaks: the one `--lang` names, else the environment's, if it is spoken
    here; else English."""
    asked = asked_language(argv)
    return best(asked) if asked is not None else environment_language()


def places(args: argparse.Namespace) -> tuple[str, Path]:
    """The PostgreSQL database's URL (empty: none) and the SQLite file, whose folder holds the boards and
    the log either way."""
    url = os.environ.get("DATABASE_URL", "").strip() if args.db is None else ""
    return url, args.db or Path(os.environ.get("DATABASE_PATH") or DEFAULT_DB)


async def main(argv: list[str] | None = None, input_fn: InputFn = input, print_fn: PrintFn = print,
               timed_fn: TimedInputFn | None = None) -> int:
    """The console on the command line's arguments, in its language (`language`), at `input_fn` and
    `print_fn` (and `timed_fn`, which reads an answer with a time to wait: see Terminal); the exit code."""
    with speaking(language(argv)):
        args = arguments().parse_args(argv)
        if args.lang is not None and not spoken(args.lang):
            print_fn(_("There is no {language} here: the console speaks {languages}. It goes on in English.",
                       language=repr(args.lang), languages=", ".join(shipped())))
        return await session(args, input_fn, print_fn, timed_fn)


async def session(args: argparse.Namespace, input_fn: InputFn, print_fn: PrintFn,
                  timed_fn: TimedInputFn | None = None) -> int:
    """A session on the store the arguments name."""
    url, path = places(args)
    store = await open_store(url or path)
    service = MatchService(store, computers=ComputerPlayers(seconds=env_number("COMPUTER_SECONDS", None, float)),
                           notes=False)  # every change is shown here before the next is asked for
    before = asyncio.all_tasks()
    try:
        console = Console(service, path.parent / "boards", input_fn, print_fn, timed_fn)
        shown = "PostgreSQL" if url else str(path)
        # Translators: "local" is the name local matches go by as a server; it stays as it is
        print_fn(_("Local play on {place}: same games, ratings and history as the bot (server \"local\").",
                   place=shown))
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
        return await main(argv, input_fn=read_line, timed_fn=read_within)


def cli(argv: list[str] | None = None) -> int:
    """Run the console from a terminal (settings from the environment and `.env`); returns the exit code."""
    load_dotenv()
    use(language(argv))  # before the arguments are read: --help speaks it
    log_to(places(arguments().parse_args(argv))[1].parent)
    # With a handler of our own in place asyncio.run installs none (its own would only cancel the task,
    # and Ctrl-C would wait for Enter while input() blocks).
    previous = signal.signal(signal.SIGINT, INTERRUPTS)
    try:
        return asyncio.run(at_the_terminal(argv))
    except (KeyboardInterrupt, asyncio.CancelledError):  # Ctrl-C before the session began, or as it ended
        if not INTERRUPTS.stopped:  # else said already
            print("\n" + _(STOPPED))
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
