"""A session at the console: the parts it is made of, and the loop that plays a match turn by turn (the
computer's turns included) until it ends or the players go to another, then asks what to play next."""
from __future__ import annotations

import asyncio
from pathlib import Path

from bot.console.display import Display
from bot.console.everywhere import Everywhere
from bot.console.files import LOG_NAME
from bot.console.matches import Matches
from bot.console.menu import Menu
from bot.console.move_prompt import Elsewhere, MovePrompt
from bot.console.terminal import INTERRUPTS, InputFn, PrintFn, Quit, Terminal, TimedInputFn
from bot.console.tournament import LocalTournaments
from bot.models import Match, MatchStatus
from bot.service import MatchService
from i18n import N_, _

STOPPED = N_("Stopped. Matches in progress stay saved: run `python -m bot.console` again to resume them.")


class Console:
    """One session at the terminal: choose, resume or set up matches, and play them turn by turn. The
    pictures, graphs and replays go to `boards`, the log beside that folder."""

    def __init__(self, service: MatchService, boards: Path, input_fn: InputFn = input, print_fn: PrintFn = print,
                 timed_fn: TimedInputFn | None = None):
        self.service = service
        self.terminal = Terminal(input_fn, print_fn, timed_fn)
        self.say = self.terminal.say
        log = boards.parent / LOG_NAME
        self.everywhere = Everywhere(service, self.terminal, boards, log)
        self.matches = Matches(service, self.terminal, self.everywhere.anywhere)
        self.tournaments = LocalTournaments(service, self.terminal, self.everywhere.anywhere, boards, self.play_out)
        self.menu = Menu(self.terminal, self.matches, self.everywhere, self.tournaments)
        self.display = Display(service, self.terminal, boards)
        self.moves = MovePrompt(service, self.terminal, self.matches, self.everywhere, self.display, log)

    async def run(self, analyse: int | None = None) -> None:
        """The session: matches chosen and played until the players stop (or, given `analyse`, that
        match's analysis). Ctrl-C stops it wherever it is, as `quit` does."""
        try:
            if analyse is not None:
                await self.everywhere.analyse(str(analyse))
                return
            match = await self.menu.choose(starting=True)
            while match is not None:
                match = await self.play(match)
        except Quit:
            self.say(_(STOPPED))
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if not INTERRUPTS.stopped or task is None:
                raise
            task.uncancel()  # stopped by Ctrl-C, which the session answers like `quit`
            self.say()
            self.say(_(STOPPED))

    async def play(self, match: Match) -> Match | None:
        """Play `match` until it ends (then the next match chosen, if any) or the players go to another."""
        played = await self.play_out(match)
        if isinstance(played, Elsewhere):
            return played.match if played.match is not None else await self.menu.choose(starting=False)
        return await self.menu.choose(starting=False, ended=played)

    async def play_out(self, match: Match) -> Match | Elsewhere:
        """Play `match` until it ends (the finished match, its end shown) or the players go elsewhere."""
        shown: int | None = None  # the position whose board was shown last here (Match.stamp)
        while match.status == MatchStatus.ACTIVE:
            if shown is not None and match.stamp != shown:  # a move made here, or taken back
                match = await self.clock_from_here(match)
            await self.display.show(match)
            shown = match.stamp
            if match.computer_to_move:
                match = await self.computer_turn(match)
                continue
            step = await self.moves.turn(match)
            if isinstance(step, Elsewhere):
                return step
            match = step
        await self.display.show(match)  # the final position, drawn as finished however the match ended
        self.everywhere.finished = match.id
        await self.display.end(match)
        return match

    async def clock_from_here(self, match: Match) -> Match:
        """After a move made (or taken back) here, on a game clock, the clock of the person to move runs
        from when the board is shown (service.board_shown), not from when the change was stored. A match
        resumed or switched to is not: its clock ran on meanwhile (as it does on Discord), and a player
        whose time ran out while away loses on time at the prompt."""
        if match.clock is None or not self.moves.clock.runs(match):
            return match
        return await self.service.board_shown(match, self.service.clock())

    async def computer_turn(self, match: Match) -> Match:
        self.say(_("{player} is thinking…", player=match.names[match.seat_to_move]))
        result = await self.service.computer_move(match.id)
        if result is None:  # nothing to play after all: read the match again
            return await self.service.get_match(match.id)
        self.display.announce(result)
        return result.match
