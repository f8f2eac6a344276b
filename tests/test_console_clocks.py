"""Live play at the console: a match set up on a game clock, its clocks on every board (text and picture)
and at the move prompt, the increment after each move, a player running low and then out of time while
the prompt waits (or typing a move too late), a computer on the clock, and the moves played beside the
board. The service's clock is moved by hand: a prompt that waits for an answer within so many seconds is
answered at once, the clock moved by that much, so that nothing sleeps."""
from __future__ import annotations

import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.computer import ComputerPlayers
from bot.console.session import Console
from bot.console.terminal import LineReader
from bot.db.sqlite import SqliteStore
from bot.models import LOCAL_GUILD, Match, MatchStatus
from bot.move_list import RECENT
from bot.service import MatchService
from games import GAMES, render
from renderers.cards import Names, SeatClock
from rules import Cause
from tests.support.clock import Clock
from tests.test_console import CLOCK_PROMPT, STOPPED


@dataclass(frozen=True)
class Pause:
    """The players think this many seconds before the next answer (the clock moved by it)."""

    seconds: float


BOUND = 60.0  # seconds a read is waited for at most, however loaded the machine
WAIT = object()  # at a prompt that waits with a time limit: nothing typed until it runs out


class Players:
    """The people at the console: each answer in turn, to prompts that wait however long it takes
    (`typed`) and to those that wait at most so many seconds (`timed`), which `WAIT` lets run out."""

    def __init__(self, clock: Clock, answers: list[object]):
        self.clock = clock
        self.answers = list(answers)
        self.prompts: list[str] = []
        self.waits: list[float] = []  # what each timed prompt would wait at most, in seconds

    def next(self, prompt: str, timed: bool) -> str | None:
        self.prompts.append(prompt)
        while self.answers and isinstance(self.answers[0], Pause):
            pause = self.answers.pop(0)
            assert isinstance(pause, Pause)
            self.clock.advance(pause.seconds)
        if not self.answers:
            raise EOFError
        answer = self.answers.pop(0)
        if answer is WAIT:
            assert timed, f"{prompt!r} waits for an answer however long it takes"
            self.clock.advance(self.waits[-1])
            return None
        assert isinstance(answer, str)
        return answer

    def typed(self, prompt: str) -> str:
        answer = self.next(prompt, timed=False)
        assert answer is not None
        return answer

    def timed(self, prompt: str, seconds: float) -> str | None:
        self.waits.append(seconds)
        return self.next(prompt, timed=True)


@dataclass
class Local:
    """A console session on a database with the service's clock moved by hand."""

    db: Path
    clock: Clock
    out: list[str]  # what the console printed (a board is one text of many lines)

    @property
    def lines(self) -> list[str]:
        return "\n".join(self.out).splitlines()

    async def run(self, answers: list[object]) -> Players:
        players = Players(self.clock, answers)
        store = await SqliteStore.open(self.db)
        computers = ComputerPlayers(workers=1, seconds=0.05)
        try:
            service = MatchService(store, clock=self.clock, computers=computers, notes=False)
            console = Console(service, self.db.parent / "boards", players.typed, self.out.append, players.timed)
            await console.run()
        finally:
            computers.close()
            await store.close()
        return players

    async def match(self, number: int = 1) -> Match:
        store = await SqliteStore.open(self.db)
        try:
            return await MatchService(store, clock=self.clock).get_match(number)
        finally:
            await store.close()


@pytest.fixture
async def local(db_path) -> AsyncIterator[Local]:
    yield Local(db_path, Clock(), [])


def player_lines(out: list[str], board: int) -> list[str]:
    """The players' lines of the `board`-th Attaxx text board printed (from 0)."""
    first = [k for k, line in enumerate(out) if line.startswith("O White: ")][board]
    return out[first:first + 2]


async def test_a_clocked_game_set_up_at_the_prompts_shows_its_clocks_after_every_move(local):
    players = await local.run(["attaxx", "alice", "bob", "x", "200+0", "5+3", Pause(20), "a6", Pause(10), "g6",
                               Pause(7), "b6", "quit"])
    out = local.lines
    assert players.prompts[3:6] == [CLOCK_PROMPT] * 3, "asked again after each refusal"
    assert "A clock is written minutes+increment, as 5+3: five minutes each, and three seconds more after every " \
           "move." in out
    assert "A clock must give 1 to 180 minutes each, and an increment of at most 180 seconds." in out
    assert "Match 1: alice vs bob, on a 5+3 clock. Type `help` for the commands." in out
    assert players.prompts[6:] == ["alice (White) to move (5:00 left): ", "bob (Black) to move (5:00 left): ",
                                   "alice (White) to move (4:43 left): ", "bob (Black) to move (4:53 left): "]
    assert player_lines(out, 0) == ["O White: alice — 2 pieces — 5:00 on the clock  <- to move",
                                    "X Black: bob — 2 pieces — 5:00 on the clock"]
    assert player_lines(out, 1) == ["O White: alice — 3 pieces — 4:43 on the clock",
                                    "X Black: bob — 2 pieces — 5:00 on the clock  <- to move"], "20 s used, 3 s added"
    assert player_lines(out, 2) == ["O White: alice — 3 pieces — 4:43 on the clock  <- to move",
                                    "X Black: bob — 3 pieces — 4:53 on the clock"]
    assert player_lines(out, 3) == ["O White: alice — 4 pieces — 4:39 on the clock",
                                    "X Black: bob — 3 pieces — 4:53 on the clock  <- to move"]
    assert out[-1] == STOPPED

    match = await local.match()
    assert match.status == MatchStatus.ACTIVE and match.moves == ("a6", "g6", "b6")
    assert match.clock is not None and match.clock.control.text == "5+3" and match.clock.running == 1
    picture = Path(next(line for line in reversed(out) if line.startswith("Picture: ")).removeprefix("Picture: "))
    clocks = Names(["alice", "bob"], clocks=(SeatClock("4:39"), SeatClock("4:53")))
    assert picture.read_bytes() == render(match.state, clocks), "the picture carries the clocks too"


async def test_a_rematch_is_played_on_the_same_clock(local):
    await local.run(["attaxx", "alice", "bob", "3+2", "resign", "y", "rematch", "quit"])
    assert "Match 2, a rematch of match 1: bob vs alice, on a 3+2 clock. Type `help` for the commands." in local.lines
    rematch = await local.match(2)
    assert rematch.clock is not None and rematch.clock.control.text == "3+2" and rematch.clock.left == (180.0, 180.0)


async def test_the_prompt_warns_once_when_time_runs_low_and_ends_the_game_when_it_runs_out(local):
    players = await local.run(["attaxx", "alice", "bob", "1+0", WAIT, WAIT, ""])
    out = local.lines
    assert players.waits == [30.0, 30.0], "until the time is low (30 s left), then until it runs out"
    assert players.prompts[4:6] == ["alice (White) to move (1:00 left): ", "alice (White) to move (0:30 left): "]
    assert out.count("alice, your time is running low: 0:30 left.") == 1
    assert "alice (White) ran out of time." in out and "Result: bob wins (alice ran out of time)." in out
    assert "O White: alice — 2 pieces — 0:00 on the clock (low)" in out
    match = await local.match()
    assert match.status == MatchStatus.FINISHED and match.moves == ()
    assert match.outcome is not None and match.outcome.cause == Cause.TIME
    assert match.outcome.places[0] == frozenset({1})


async def test_a_move_typed_after_the_clock_ran_out_is_not_played(local):
    await local.run(["attaxx", "alice", "bob", "1+5", "a6", Pause(65.5), "g6", ""])
    out = local.lines
    assert "alice (White) played a6: clone." in out and "bob (Black) played g6: clone." not in out
    assert "bob (Black) ran out of time." in out and "Result: alice wins (bob ran out of time)." in out
    match = await local.match()
    assert match.moves == ("a6",) and match.outcome is not None and match.outcome.cause == Cause.TIME


async def test_back_at_the_clock_asks_the_question_before_and_enter_plays_without_one(local):
    players = await local.run(["ikabegama", "ann", "ben", "", "", "", "back", "e8", "", "none", "quit"])
    assert players.prompts[3:9] == ["size (or `back`) [5]: ", "light_nest (or `back`) [e1]: ",
                                    "dark_nest (or `back`) [e9]: ", CLOCK_PROMPT, "dark_nest (or `back`) [e9]: ",
                                    CLOCK_PROMPT]
    assert players.prompts[9] == "ann (Light) to move: ", "no clock: the prompt as it always was"
    assert "Match 1: ann vs ben. Type `help` for the commands." in local.lines
    match = await local.match()
    assert match.clock is None and match.options["dark_nest"] == "e8"


async def test_the_last_moves_beside_the_board_and_all_of_them_with_history(local):
    state = GAMES["attaxx"].start(2)
    moves = []
    for _ in range(RECENT + 2):
        moves.append(state.legal_moves()[0])
        state = state.play(moves[-1])
    await local.run(["attaxx", "alice", "bob", "", *moves, "history", "quit"])
    out = local.lines
    names = ["alice", "bob"]
    every = [f"  {ply}. {names[(ply - 1) % 2]}: {move}" for ply, move in enumerate(moves, 1)]
    assert "No moves played yet." in out
    beside = len(out) - 1 - out[::-1].index("  … 2 earlier moves")
    assert out[beside - 1:beside + 1 + RECENT] == ["Moves played in match 1:", "  … 2 earlier moves", *every[2:]]
    listed = len(out) - 1 - out[::-1].index("Moves played in match 1:")
    assert out[listed + 1:listed + 1 + len(moves)] == every, "`history`: every move, numbered, with who played it"


async def test_a_computer_on_the_clock_spends_its_own(local):
    players = await local.run(["attaxx", "ann", "computer easy", "3+2", Pause(5), "a6", Pause(5), "quit"])
    out = local.lines
    match = await local.match()
    assert match.moves[0] == "a6" and len(match.moves) == 2, "the computer replied"
    assert match.clock is not None and match.clock.left == (177.0, 182.0), "ann used 5 s; each gained 2 s"
    assert "Computer (easy) is thinking…" in out
    ann, computer = player_lines(out, 2)
    assert ann.endswith(" — 2:57 on the clock  <- to move") and computer.endswith(" — 3:02 on the clock")
    assert players.prompts[-1] == "ann (White) to move (2:57 left): ", "ann's clock ran while the computer thought"


async def test_out_of_time_in_a_game_of_three_a_computer_plays_on(local):
    players = await local.run(["permutation", "3", "ann", "ben", "cat", "", "2+0", WAIT, WAIT, "quit"])
    out = local.lines
    assert "ann, your time is running low: 0:30 left." in out
    assert "ann (Red) ran out of time: Computer for ann plays on in that seat, and ann will be placed last." in out
    match = await local.match()
    assert match.status == MatchStatus.ACTIVE and match.stand_in(0) is not None and len(match.moves) == 1
    assert players.prompts[-1] == "ben (Blue) to move (2:00 left): ", "ben's clock runs from his board shown"


async def test_a_clock_runs_on_while_the_console_is_closed(local):
    await local.run(["attaxx", "alice", "bob", "5+0", Pause(30), "a6", Pause(50), "quit"])
    local.clock.advance(100)  # the console closed for 100 s
    players = await local.run(["", Pause(20), "g6", "quit"])
    assert players.prompts[1] == "bob (Black) to move (2:30 left): ", "50 s before quitting, 100 s away"
    match = await local.match()
    assert match.clock is not None and match.clock.left == (270.0, 130.0) and match.guild_id == LOCAL_GUILD

    local.clock.advance(3600)  # closed for an hour: alice's time ran out meanwhile
    await local.run(["", ""])
    assert "alice (White) ran out of time." in local.lines and "Result: bob wins (alice ran out of time)." in local.lines
    assert (await local.match()).moves == ("a6", "g6")


async def test_a_clock_runs_on_while_another_match_is_played(local):
    players = await local.run(["attaxx", "alice", "bob", "5+0", Pause(40), "new", "attaxx", "carol", "dave", "",
                               Pause(15), "switch 1", "quit"])
    assert players.prompts[-2:] == ["carol (White) to move: ", "alice (White) to move (4:05 left): "]
    match = await local.match()
    assert match.clock is not None and match.clock.time_left(0, local.clock()) == 245.0


def test_a_line_still_being_read_when_the_time_ran_out_answers_the_next_prompt() -> None:
    """At the terminal, a prompt whose time runs out leaves the line being read: what is typed then
    answers the next prompt, which is written out for it."""
    typed = threading.Event()
    asked: list[str] = []
    written: list[str] = []

    def keyboard(prompt: str) -> str:
        asked.append(prompt)
        assert typed.wait(BOUND), "the test types the line"
        return "a6"

    reader = LineReader(keyboard, written.append)
    assert reader.within("alice (White) to move (0:00 left): ", 0) is None, "no time left: no answer"
    typed.set()
    assert reader.within("bob (Black) to move (4:00 left): ", BOUND) == "a6"
    assert asked == ["alice (White) to move (0:00 left): "] and written == ["bob (Black) to move (4:00 left): "]
