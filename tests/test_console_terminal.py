"""`python -m bot.console` at a terminal of its own (a pseudo-terminal), as people run it: a quiet start
with the logs in a file, and Ctrl-C at every point (a prompt, a computer's search, a replay, an
analysis) stopping it with the one message and no traceback, every match kept."""
from __future__ import annotations

import asyncio
import os
import pty
import random
import select
import subprocess
import sys
import time
from pathlib import Path

from bot.console.files import LOG_NAME
from bot.console.session import STOPPED
from bot.console.setup import local_player
from bot.db.sqlite import SqliteStore
from bot.models import LOCAL_GUILD, ChallengeChange, MatchChange
from bot.service import MAX_TURN_SECONDS, MatchService
from tests.test_console import local

ROOT = Path(__file__).resolve().parents[1]
BOUND = 120.0  # seconds: what the console is waited for at most, however loaded the machine


class Console:
    """`python -m bot.console --db <db>` on a pseudo-terminal. Ctrl-C is typed as a terminal types it,
    so the terminal sends SIGINT to the console's whole process group, worker processes included."""

    def __init__(self, db: Path, **env: str):
        environment = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_", "LOG_LEVEL"))}
        environment.update(env)
        self.pid, self.fd = pty.fork()
        if self.pid == 0:  # the child: the console, at the terminal
            os.chdir(ROOT)
            os.execve(sys.executable, [sys.executable, "-m", "bot.console", "--db", str(db)], environment)
        self.output = ""
        self.code: int | None = None

    def _read(self, seconds: float) -> None:
        ready, _, _ = select.select([self.fd], [], [], seconds)
        if ready:
            try:
                self.output += os.read(self.fd, 65536).decode(errors="replace")
            except OSError:  # the console has gone and its terminal with it
                time.sleep(seconds)

    def wait_for(self, text: str) -> None:
        """Until the console has printed `text` (failing after BOUND seconds)."""
        deadline = time.monotonic() + BOUND
        while text not in self.output:
            assert time.monotonic() < deadline, f"no {text!r} in:\n{self.output[-2000:]}"
            self._read(0.1)

    def type(self, line: str) -> None:
        os.write(self.fd, line.encode() + b"\r")

    def ctrl_c(self) -> None:
        os.write(self.fd, b"\x03")

    def ended(self) -> int:
        """The console's exit code, once it has exited (failing after BOUND seconds)."""
        deadline = time.monotonic() + BOUND
        while self.code is None:
            assert time.monotonic() < deadline, f"still running:\n{self.output[-2000:]}"
            self._read(0.1)
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.code = os.waitstatus_to_exitcode(status)
        self._read(0.1)
        os.close(self.fd)
        return self.code

    def stopped_cleanly(self) -> bool:
        return self.ended() == 0 and self.output.rstrip().endswith(STOPPED) and "Traceback" not in self.output


def answer(console: Console, questions: list[tuple[str, str]]) -> None:
    """Each answer once its question is asked."""
    for question, typed in questions:
        console.wait_for(question)
        console.type(typed)


def test_the_start_is_quiet_and_the_logs_go_beside_the_database(tmp_path):
    db = tmp_path / "bot.sqlite3"
    console = Console(db, LOG_LEVEL="INFO")  # as .env.example sets it for the bot
    console.wait_for("Game (name or number) [attaxx]: ")
    first = console.output.splitlines()[:3]
    assert first == [f"Local play on {db}: same games, ratings and history as the bot (server \"local\").",
                     "Setting up a match: `back` at any question goes back to the one before; `help` lists what "
                     "else you can type.", "Games:"]
    assert "INFO" not in console.output and "migration" not in console.output
    console.type("quit")
    assert console.stopped_cleanly()
    log = (tmp_path / LOG_NAME).read_text()
    assert "INFO bot.db.base: applying migration 001" in log

    shown = subprocess.run([sys.executable, "-m", "bot.console", "--help"], capture_output=True, text=True,
                           timeout=BOUND, cwd=ROOT)
    assert "Logs go to console.log beside the SQLite file (data/console.log by default, also when playing on " \
           "PostgreSQL), at LOG_LEVEL (INFO unless set); none reach the terminal." in " ".join(shown.stdout.split())


def test_ctrl_c_at_each_prompt_stops_cleanly_and_keeps_the_match(tmp_path):
    db = tmp_path / "bot.sqlite3"
    console = Console(db)  # a set-up question
    console.wait_for("Game (name or number) [attaxx]: ")
    console.type("attaxx")
    console.wait_for("Player 1 (White)")
    console.ctrl_c()
    assert console.stopped_cleanly()

    console = Console(db)  # the move prompt
    answer(console, [("Game (name", "attaxx"), ("Player 1", "alice"), ("Player 2", "bob"), ("Clock (", ""),
                     ("alice (White) to move: ", "a6")])
    console.wait_for("bob (Black) to move: ")
    console.ctrl_c()
    assert console.stopped_cleanly()
    match = asyncio.run(local(db, "get_match", 1))
    assert match.status == "active" and match.moves == ("a6",)

    console = Console(db)  # the menu
    console.wait_for("Match to resume (its number), or `new` [1]: ")
    console.ctrl_c()
    assert console.stopped_cleanly()
    assert asyncio.run(local(db, "get_match", 1)).moves == ("a6",)


def test_ctrl_c_while_the_computer_thinks(tmp_path):
    """Elevation's hard computer thinks for seconds on its first move: Ctrl-C then stops the console at
    once, with no traceback from the worker searching (it ignores Ctrl-C and is ended)."""
    db = tmp_path / "bot.sqlite3"
    console = Console(db)
    answer(console, [("Game (name", "elevation"), ("Player 1", "computer hard"), ("Player 2", "ann"),
                     ("height (", ""), ("terrain (", ""), ("Clock (", "")])
    console.wait_for("Computer (hard) is thinking…")
    console.ctrl_c()
    assert console.stopped_cleanly()
    match = asyncio.run(local(db, "get_match", 1))
    assert match.status == "active" and len(match.moves) <= 1, "kept, with the computer's move if it made it in time"


async def long_match(db: Path, moves: int) -> int:
    """A finished local Elevation match of `moves` random moves (then a resignation): its number."""
    store = await SqliteStore.open(db)
    try:
        service = MatchService(store, notes=False)
        ann, ben = local_player("ann"), local_player("ben")
        made = await service.challenge(LOCAL_GUILD, 0, ann, "elevation", [ben], turn_seconds=MAX_TURN_SECONDS)
        assert isinstance(made, ChallengeChange), "the challenge waits for ben"
        started = await service.accept(made.challenge.id, ben)
        assert isinstance(started, MatchChange), "ben's accept starts the match"
        match = started.match
        rng = random.Random(7)
        while match.status == "active" and len(match.moves) < moves:
            mover = match.to_move
            assert mover is not None, "an active match has someone to move"
            match = (await service.move(0, mover, rng.choice(match.state.legal_moves()))).match
        if match.status == "active":
            mover = match.to_move
            assert mover is not None, "an active match has someone to move"
            match = (await service.resign(0, mover)).match
        return match.id
    finally:
        await store.close()


def test_ctrl_c_while_a_replay_is_drawn_or_a_match_analysed(tmp_path):
    db = tmp_path / "bot.sqlite3"
    number = asyncio.run(long_match(db, 200))

    console = Console(db)
    console.wait_for("Game (name or number) [attaxx]: ")
    console.type(f"replay {number}")
    console.wait_for(f"Drawing the replay of match {number}")
    console.ctrl_c()
    assert console.stopped_cleanly()

    console = Console(db, COMPUTER_SECONDS="0.05")
    console.wait_for("Game (name or number) [attaxx]: ")
    console.type(f"analyse {number}")
    console.wait_for("Analysing: ")
    console.ctrl_c()
    assert console.stopped_cleanly()
    assert not list((tmp_path / "boards").glob("*.part")), "no file left half written"
