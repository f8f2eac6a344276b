"""The console's menu of matches: at the start and after each match, the local matches in progress to
resume by their number, `new`, `rematch` after a match that ended, `abandon N`, `tournament` (set one
up, or go on with the one running: bot.console.tournament), and the commands of every prompt."""
from __future__ import annotations

from collections.abc import Awaitable, Callable

from bot.console.everywhere import Everywhere
from bot.console.matches import Matches
from bot.console.terminal import STOP_WORDS, Quit, Terminal, split
from bot.console.text import MENU_HEAD, MENU_HELP, Entry, help_text, match_line, translated, versus
from bot.console.tournament import LocalTournaments, TournamentAsked
from bot.errors import PlayerError
from bot.models import Match
from games import GAMES
from i18n import N_, _

MenuCommand = Callable[[str], Awaitable[Match | None]]  # given what follows its word: the match to play, or None

TOURNAMENT_HELP: Entry = ("tournament", N_("set up a tournament of local players and computers, Swiss or round robin, "
                                           "and play it game after game (or go on with the one running)"))


def menu_help(rematch: bool) -> str:
    """The menu's help; `rematch` when a match has just ended."""
    entries = [entry for entry in MENU_HELP if rematch or entry[0] != "rematch"]
    at = next(k for k, entry in enumerate(entries) if entry[0] == "abandon N") + 1
    return help_text(_(MENU_HEAD), translated([*entries[:at], TOURNAMENT_HELP, *entries[at:]]))


class Menu:
    """The menu, asked at the terminal, over `matches`; `everywhere` adds the commands of every prompt."""

    def __init__(self, terminal: Terminal, matches: Matches, everywhere: Everywhere, tournaments: LocalTournaments):
        self.terminal = terminal
        self.say = terminal.say
        self.ask = terminal.ask
        self.matches = matches
        self.everywhere = everywhere
        self.tournaments = tournaments

    def commands(self, matches: list[Match], ended: Match | None) -> dict[str, MenuCommand]:
        """The menu's commands (besides a match's number), each giving the match to play, or None to ask
        again. `rematch` only when a match has just ended."""
        game = ended.game if ended is not None else matches[0].game if matches else next(iter(GAMES))

        async def new(rest: str) -> Match | None:
            return await self.matches.new(rest, leave=True)

        async def abandon(rest: str) -> None:
            await self.abandon_named(rest, matches)

        async def stop(rest: str) -> None:
            raise Quit

        async def helping(rest: str) -> None:
            self.say(menu_help(rematch=ended is not None))

        commands: dict[str, MenuCommand] = {"new": new, "abandon": abandon, "tournament": self.tournaments.command}
        if ended is not None:
            commands["rematch"] = lambda rest: self.matches.rematch(ended)
        for word, handler in self.everywhere.commands(game).items():
            commands[word] = handler
        commands["help"] = helping
        for word in STOP_WORDS:
            commands[word] = stop
        return commands

    async def choose(self, starting: bool, ended: Match | None = None) -> Match | None:
        """The match to play next. At the start: one in progress (Enter: the last played) or a new one
        (set up at once when there is none). Later (`ended`: the match that just ended, if one did):
        one in progress, a rematch, a new one, or none (Enter: stop)."""
        listed: list[Match] | None = None
        offered = False
        if ended is not None and ended.tournament_id is not None:  # a tournament's game: its tournament goes on
            found = await self.tournaments.go_on(ended.tournament_id)
            if found is not None:
                return found
            ended = None  # no rematch of a tournament's game
        while True:
            matches = await self.matches.in_progress()
            if starting and not matches:
                if not offered:  # a tournament running: go on with it, if the players want to
                    offered = True
                    running = await self.tournaments.running()
                    if running is not None and self.tournaments.wanted(running):
                        found = await self.tournaments.go_on(running.id)
                        if found is not None:
                            return found
                        starting = False  # it ended, or waits: what to do next, as after a match
                        continue
                try:
                    found = await self.first()
                except TournamentAsked as asked:  # `tournament` at a set-up question
                    found = await self.tournaments.command(asked.rest)
                    starting = False  # after it, what to do next, as after a match
                if found is not None:
                    return found
                continue
            if matches != listed:  # at first, after one was abandoned, after set-up was left
                self.say()
                if matches:
                    self.say(_("Local matches in progress, the last played first:"))
                    for match in matches:
                        self.say(match_line(match))
                else:
                    self.say(_("No local match is in progress now."))
                line = await self.tournaments.running_line()
                if line is not None:
                    self.say(line)
                listed = matches
            answer = self.ask(self.prompt(starting, matches, ended))
            if not answer:
                if not starting:
                    raise Quit  # the matches in progress stay, as with `quit`
                answer = str(matches[0].id)
            command, rest = split(answer)
            handler = self.commands(matches, ended).get(command)
            if handler is not None:
                try:
                    found = await handler(rest)
                except PlayerError as error:  # a match that ended meanwhile (another console on the database)
                    self.say(str(error))
                    continue
                if found is not None:
                    return found
                if command in ("new", "tournament"):
                    listed = None  # back from set-up, or a tournament over: the list again
                if command == "tournament":
                    starting, ended = False, None  # what to do next, as after a match
            elif not matches:
                self.say(_("{answer} is not something to do here: `help` lists what is.", answer=repr(answer)))
            elif (found := self.matches.named(answer, matches)) is not None:
                self.say(_("Match {match}, {game}: {players}. Type `help` for the commands.", match=found.id,
                           game=found.rules.title, players=versus(found.names)))
                return found

    async def first(self) -> Match | None:
        """At the start with no match in progress: set up a match, where `tournament` at any question
        leaves set-up for a tournament's (TournamentAsked)."""
        return await Matches(self.matches.service, self.terminal, self.tournaments.asking(self.matches.anywhere)).new()

    @staticmethod
    def prompt(starting: bool, matches: list[Match], ended: Match | None) -> str:
        if starting:
            # Translators: in brackets, the number of the match Enter resumes
            question = _("Match to resume (its number), or `new` [{match}]:", match=matches[0].id)
        elif matches and ended is not None:
            question = _("Match to resume (its number), `rematch`, `new`, or Enter to stop:")
        elif matches:
            question = _("Match to resume (its number), `new`, or Enter to stop:")
        elif ended is not None:
            question = _("`rematch` (the same players, each one seat on), `new` (a match of any game), or Enter to stop:")
        else:
            question = _("`new` (a match of any game), or Enter to stop:")
        return question + " "

    async def abandon_named(self, number: str, matches: list[Match]) -> None:
        """`abandon N`: abandon match N, after asking."""
        if not matches:
            self.say(_("There is no match in progress to abandon."))
            return
        if not number.strip():
            self.say(_("Type `abandon` and the match's number: `abandon {match}`, say.", match=matches[0].id))
            return
        found = self.matches.named(number, matches, "abandon")
        if found is not None and found.tournament_id is not None:
            self.say(_("Match {match} is a tournament's game: it cannot be abandoned. Play it, or resign it.",
                       match=found.id))
        elif found is not None:
            await self.matches.abandon(found, found.people[0])
