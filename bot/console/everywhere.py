"""The commands every prompt of the console takes besides its own: `rules` (a game's rules), `analyse N`
(the computer's analysis of a finished match, with its graph) and `replay N` (a match move by move, as
animated GIFs), the pictures written beside the boards."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path

import i18n
from bot.analysis_report import graph_args, report_lines
from bot.console.files import graph_name, replay_names, write
from bot.console.matches import LOCAL_CHANNEL
from bot.console.terminal import Terminal, split
from bot.console.text import rules_for
from bot.errors import NotFound, PlayerError
from bot.models import LOCAL_GUILD, Match
from bot.service import MatchService
from i18n import _, ngettext
from renderers import graph
from rules import Game

log = logging.getLogger(__name__)

Handler = Callable[[str], Awaitable[None]]  # a command, given what was typed after its word


class Everywhere:
    """`rules`, `analyse` and `replay`, answered at any prompt; the analyses' graphs and the replays go to
    `boards`, and what went wrong drawing them to the log at `log`."""

    def __init__(self, service: MatchService, terminal: Terminal, boards: Path, log: Path):
        self.service = service
        self.say = terminal.say
        self.boards = boards
        self.log = log
        self.finished: int | None = None  # the last match to finish in this session

    def commands(self, game: str, current: Match | None = None) -> dict[str, Handler]:
        """The commands every prompt takes besides its own: `rules` (of `game` by default), `analyse N`
        and `replay N` (of `current` by default, else the last match to finish here)."""
        return {
            "rules": lambda rest: self.rules(rest or game),
            "analyse": self.analyse,
            "replay": lambda rest: self.replay(rest, current),
        }

    async def rules(self, game: str) -> None:
        self.say(rules_for(game))

    async def anywhere(self, answer: str, game: Game) -> bool:
        """A command of every prompt typed at a set-up question: done, and True; else False."""
        command, rest = split(answer)
        handler = self.commands(game.name).get(command)
        if handler is None:
            return False
        await handler(rest)
        return True

    def wanted(self, command: str, number: str, current: Match | None = None) -> int | None:
        """The match `analyse N` or `replay N` is about: N, else `current`, else the last match to
        finish here; None after saying what to type."""
        number = number.strip().removeprefix("#")
        if not number:
            if current is not None:
                return current.id
            if self.finished is not None:
                return self.finished
        if not number.isdigit():
            if command == "analyse":
                self.say(_("Type `analyse` and a finished match's number: `analyse 3`, say."))
            else:
                self.say(_("Type `replay` and a match's number: `replay 3`, say."))
            return None
        return int(number)

    async def analyse(self, number: str) -> None:
        """`analyse N`: the computer's analysis of finished local match N (by default the last one to
        finish here): each player's inaccuracies, mistakes and blunders, and the graph's file."""
        wanted = self.wanted("analyse", number)
        if wanted is None:
            return
        try:
            match = await self.service.analysis_target(LOCAL_GUILD, LOCAL_CHANNEL, 0, wanted)
        except NotFound:
            self.say(_("There is no local match {match}.", match=wanted))
            return
        except PlayerError as error:
            self.say(str(error))
            return
        quarters = {(len(match.moves) + 1) * k // 4 for k in (1, 2, 3)}

        async def progress(done: int, total: int) -> None:
            if done in quarters:
                self.say(ngettext("Analysing: {done} of {n} position searched…",
                                  "Analysing: {done} of {n} positions searched…", total, done=i18n.number(done)))

        analysed = await self.service.analyse(match, progress)
        for line in report_lines(match, analysed.analysis, analysed.seconds):
            self.say(line)
        try:
            args = graph_args(match, analysed.analysis)
            png = await asyncio.to_thread(graph.render, *args)
            path = self.boards / graph_name(match)
            write(path, png)
        except Exception:
            log.exception("could not draw the analysis of local match %s", match.id)
            self.say(_("The graph could not be drawn (details in {log}).", log=self.log))
            return
        self.say(_("Graph: {path}", path=path))

    async def replay(self, number: str, current: Match | None = None) -> None:
        """`replay N`: local match N (by default `current`, else the last one to finish here) move by
        move, as the animated GIF(s) /replay posts, drawn in a worker (MatchService.replay) and written
        beside the boards."""
        wanted = self.wanted("replay", number, current)
        if wanted is None:
            return
        try:
            match = await self.service.replay_target(LOCAL_GUILD, LOCAL_CHANNEL, 0, wanted)
        except NotFound:
            self.say(_("There is no local match {match}.", match=wanted))
            return
        self.say(ngettext("Drawing the replay of match {match} ({n} move)…", "Drawing the replay of match {match} ({n} moves)…",
                          len(match.moves), match=match.id))
        try:
            gifs = await self.service.replay(match, 0)  # bot.replays.draw, in a worker, in the line's order
            paths = [self.boards / name for name in replay_names(match, len(gifs))]
            for path, gif in zip(paths, gifs):
                write(path, gif)
        except PlayerError as error:  # refused by the limits on replays in the line
            self.say(str(error))
            return
        except Exception:
            log.exception("could not draw the replay of local match %s", match.id)
            self.say(_("The replay could not be drawn (details in {log}).", log=self.log))
            return
        for k, path in enumerate(paths, 1):
            if len(paths) > 1:
                self.say(_("Replay (part {part} of {parts}): {path}", part=k, parts=len(paths), path=path))
            else:
                self.say(_("Replay: {path}", path=path))
