"""Local play at one terminal: `python -m bot.console [--db PATH]`, the adapter for when there is no token.

People share the keyboard and play any registered game through the same MatchService and SQLite file as
the bot, in guild 0 ("local"), so local matches get ratings and a leaderboard of their own. Several
local matches may be in progress at once, each in a channel of its own (0, -1, -2, …: Discord's ids are
positive); one left with `quit` (or Ctrl-D, Ctrl-C, or a killed process) is offered for resumption next
time. Three prompts read what the players type: the menu of matches, the set-up questions and the move
prompt; each has a table of the commands it accepts, which its `help` lists, and `rules`, `analyse` and
`replay` work at all three.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import multiprocessing
import os
import signal
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

import renderers
from bot import steps
from bot.analysis_report import graph_args, report_lines
from bot.computer import ComputerPlayers
from bot.config import env_number, load_dotenv
from bot.console_setup import Setup, local_player
from bot.console_terminal import INTERRUPTS, STOP_WORDS, InputFn, PrintFn, Quit, Terminal, read_line, stopped_by_ctrl_c
from bot.console_text import (
    find_game,
    history_lines,
    match_line,
    menu_help,
    move_help,
    move_lines,
    numbers,
    player_at,
    result_lines,
    rules_for,
)
from bot.db import open_store
from bot.errors import NotFound, PlayerError
from bot.models import LOCAL_GUILD, ChallengeChange, DrawOffer, Match, MatchChange, MoveResult, Player
from bot.service import MAX_TURN_SECONDS, MatchService
from renderers import graph
from renderers.results import seated
from rules import GAMES, BadOptions, Game, IllegalMove, InvalidNotation, State
from rules.core import counted
from rules.parts import is_partial, unlabel

__all__ = ["LOCAL_CHANNEL", "LOCAL_GUILD", "Console", "cli", "local_player", "main"]

log = logging.getLogger(__name__)

LOCAL_CHANNEL = 0  # the first local match's; Discord ids are never 0 or below, so local matches cannot meet a server's
DEFAULT_DB = "data/bot.sqlite3"
LOG_NAME = "console.log"  # the console's log, in the database's folder: the terminal is the players'
STOPPED = "Stopped. Matches in progress stay saved: run `python -m bot.console` again to resume them."


@dataclass(frozen=True)
class Elsewhere:
    """The players leave the match at hand for `match` (None: the menu of matches in progress)."""

    match: Match | None


Step = Match | Elsewhere | None  # what a command at the move prompt leads to (None: the same prompt again)


@dataclass(frozen=True)
class Command:
    """A command at the move prompt: what it does with the match, the player to move and the words after
    it; `words` says whether any may follow (a command that takes none is refused with some)."""

    run: Callable[[Match, Player, str], Awaitable[Step]]
    words: bool = False


def split(text: str) -> tuple[str, str]:
    """A command's word (in lower case) and what follows it, as typed."""
    command, _, rest = text.strip().partition(" ")
    return command.lower(), rest.strip()


class Console:
    """One session at the terminal: choose, resume or set up matches, and play them turn by turn."""

    def __init__(self, service: MatchService, boards: Path, input_fn: InputFn = input, print_fn: PrintFn = print):
        self.service = service
        self.boards = boards
        self.log = boards.parent / LOG_NAME
        self.terminal = Terminal(input_fn, print_fn)
        self.finished: int | None = None  # the last match to finish in this session
        self.say = self.terminal.say
        self.ask = self.terminal.ask
        self.yes = self.terminal.yes

    # ------------------------------------------------------------------ the session

    async def run(self, analyse: int | None = None) -> None:
        """The session: matches chosen and played until the players stop (or, given `analyse`, that
        match's analysis). Ctrl-C stops it wherever it is, as `quit` does."""
        try:
            if analyse is not None:
                await self.analyse(str(analyse))
                return
            match = await self.choose(starting=True)
            while match is not None:
                match = await self.play(match)
        except Quit:
            self.say(STOPPED)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if not INTERRUPTS.stopped or task is None:
                raise
            task.uncancel()  # stopped by Ctrl-C, which the session answers like `quit`
            self.say()
            self.say(STOPPED)

    async def in_progress(self) -> list[Match]:
        """The local matches in progress, the one moved in last first."""
        return await self.service.active_matches(LOCAL_GUILD)

    # ------------------------------------------------------------------ commands of every prompt

    def everywhere(self, game: str, current: Match | None = None) -> dict[str, Callable[[str], Awaitable[None]]]:
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
        handler = self.everywhere(game.name).get(command)
        if handler is None:
            return False
        await handler(rest)
        return True

    # ------------------------------------------------------------------ the menu

    def menu_commands(self, matches: list[Match], ended: Match | None) -> dict[str, Callable[[str], Awaitable[Match | None]]]:
        """The menu's commands (besides a match's number), each giving the match to play, or None to ask
        again. `rematch` only when a match has just ended."""
        game = ended.game if ended is not None else matches[0].game if matches else next(iter(GAMES))

        async def new(rest: str) -> Match | None:
            return await self.new_match(rest, leave=True)

        async def abandon(rest: str) -> None:
            await self.abandon_named(rest, matches)

        async def stop(rest: str) -> None:
            raise Quit

        async def helping(rest: str) -> None:
            self.say(menu_help(rematch=ended is not None))

        commands: dict[str, Callable[[str], Awaitable[Match | None]]] = {"new": new, "abandon": abandon}
        if ended is not None:
            commands["rematch"] = lambda rest: self.rematch(ended)
        for word, handler in self.everywhere(game).items():
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
        while True:
            matches = await self.in_progress()
            if starting and not matches:
                match = await self.new_match()
                if match is not None:
                    return match
                continue
            if matches != listed:  # at first, after one was abandoned, after set-up was left
                self.say()
                if matches:
                    self.say("Local matches in progress, the last played first:")
                    for match in matches:
                        self.say(match_line(match))
                else:
                    self.say("No local match is in progress now.")
                listed = matches
            answer = self.ask(self.menu_prompt(starting, matches, ended))
            if not answer:
                if not starting:
                    raise Quit  # the matches in progress stay, as with `quit`
                answer = str(matches[0].id)
            command, rest = split(answer)
            handler = self.menu_commands(matches, ended).get(command)
            if handler is not None:
                try:
                    found = await handler(rest)
                except PlayerError as error:  # a match that ended meanwhile (another console on the database)
                    self.say(str(error))
                    continue
                if found is not None:
                    return found
                if command == "new":
                    listed = None  # back from set-up: the list again
            elif not matches:
                self.say(f"{answer!r} is not something to do here: `help` lists what is.")
            elif (found := self.named(answer, matches)) is not None:
                self.say(f"Match {found.id}, {found.rules.title}: {' vs '.join(found.names)}. "
                         "Type `help` for the commands.")
                return found

    @staticmethod
    def menu_prompt(starting: bool, matches: list[Match], ended: Match | None) -> str:
        if starting:
            return f"Match to resume (its number), or `new` [{matches[0].id}]: "
        if matches:
            again = "`rematch`, " if ended is not None else ""
            return f"Match to resume (its number), {again}`new`, or Enter to stop: "
        again = "`rematch` (the same players, each one seat on), " if ended is not None else ""
        return f"{again}`new` (a match of any game), or Enter to stop: "

    def named(self, answer: str, matches: list[Match], instead: str | None = None) -> Match | None:
        """The match of `matches` an answer names by its number ("3" or "#3"); None after saying why
        not, and `instead` what to do (by default: the numbers to type)."""
        number = answer.strip().removeprefix("#")
        found = next((m for m in matches if number.isdigit() and m.id == int(number)), None)
        if found is None:
            what = f"There is no match {number} in progress" if number.isdigit() else f"{answer.strip()!r} is no match's number"
            self.say(f"{what}: {instead or f'type {numbers(matches)}, or `new`'}.")
        return found

    async def abandon_named(self, number: str, matches: list[Match]) -> None:
        """`abandon N`: abandon match N, after asking."""
        if not matches:
            self.say("There is no match in progress to abandon.")
            return
        if not number.strip():
            self.say(f"Type `abandon` and the match's number: `abandon {matches[0].id}`, say.")
            return
        found = self.named(number, matches, f"type `abandon` and one of {numbers(matches)}")
        if found is not None:
            await self.abandon(found, found.people[0])

    async def abandon(self, match: Match, player: Player) -> bool:
        """Ask, then end `match` without a result; whether it was abandoned."""
        if not self.yes(f"Abandon match {match.id} ({match.rules.title}: {' vs '.join(match.names)})? "
                        "It ends unrated: nobody wins or loses. [y/N] "):
            return False
        await self.service.abandon(match.id, player)
        self.say(f"Match {match.id} abandoned: not rated, and no record counts it.")
        return True

    # ------------------------------------------------------------------ new matches

    async def new_match(self, game_name: str = "", leave: bool = False) -> Match | None:
        """Set up a match (of the game named, if one is) and start it; None when the game named does not
        exist, or the players went `back` from the first question (`leave`: there is somewhere to go)."""
        game = None
        if game_name:
            game = find_game(game_name)
            if game is None:
                self.say(f"There is no game {game_name!r}. Games: {', '.join(GAMES)}.")
                return None
        setup = Setup(self.terminal, self.anywhere)
        plan = await setup.run(game, leave)
        while True:
            if plan is None:
                return None
            first, *people = [p for p in plan.players if not p.is_computer]
            try:
                match = await self.service.challenge(
                    LOCAL_GUILD, await self.free_channel(), first, plan.game.name, people, plan.options,
                    players=plan.count, turn_seconds=MAX_TURN_SECONDS,  # local turns may wait for days
                    computers=[p.level for p in plan.players if p.level is not None],
                    seating=[p.id for p in plan.players],
                )
                break
            except BadOptions as error:  # the options were checked one by one: only a safety net
                if not plan.game.options:
                    raise
                self.say(f"{error}. Let's try the options again.")
                setup.retry_options()
                plan = await setup.resume()
        started = await self.seat_everyone(match)
        self.say(f"Match {started.id}: {' vs '.join(started.names)}. Type `help` for the commands.")
        return started

    async def seat_everyone(self, found: ChallengeChange | MatchChange) -> Match:
        """The match, once every person named in the challenge has taken their seat (they are all here)."""
        while isinstance(found, ChallengeChange):
            found = await self.service.accept(found.challenge.id, found.challenge.waiting_for[0])
        return found.match

    async def rematch(self, ended: Match) -> Match:
        """`rematch`: the match that just ended again, as /rematch makes it: the same players and options,
        everyone one seat on (in two, the sides swap)."""
        asker = next(p for p in ended.seats if not p.is_computer)
        match = await self.seat_everyone(await self.service.rematch(ended.id, asker, elsewhere=self.free_channel))
        self.say(f"Match {match.id}, a rematch of match {ended.id}: {' vs '.join(match.names)}. "
                 "Type `help` for the commands.")
        return match

    async def free_channel(self) -> int:
        """A local channel with no match in progress and no challenge open (0, else -1, -2, …). A
        challenge left open there by a process killed during set-up is withdrawn first."""
        channel = LOCAL_CHANNEL
        while await self.service.channel_busy(channel):
            try:
                stale = await self.service.challenge_here(channel, 0)
                await self.service.decline(stale.id, stale.challenger)
            except PlayerError:  # a match is being played there, or the challenge expired: the next one
                channel -= 1
        return channel

    # ------------------------------------------------------------------ playing

    async def play(self, match: Match) -> Match | None:
        """Play `match` until it ends (then the next match chosen, if any) or the players go to another."""
        while match.status == "active":
            await self.show(match)
            if match.computer_to_move:
                match = await self.computer_turn(match)
                continue
            step = await self.turn(match)
            if isinstance(step, Elsewhere):
                return step.match if step.match is not None else await self.choose(starting=False)
            match = step
        await self.show(match)  # the final position, drawn as finished however the match ended
        await self.show_end(match)
        return await self.choose(starting=False, ended=match)

    def build(self, state: State) -> str | None:
        """The Move button's steps at the terminal: pick each part of a move by its number (`b` goes
        back, an empty line gives up); the whole move once picked, else None."""
        step = steps.START
        while True:
            panel = steps.panel(state, step)
            self.say(steps.describe(step))
            for number, choice in enumerate(panel.choices, 1):
                extra = f" ({choice.description})" if choice.description else ""
                self.say(f"  {number:>3}. {choice.label}{extra}")
            answer = self.ask("number" + (", b to go back" if panel.back is not None else "") + ", or Enter to type instead: ").lower()
            if not answer:
                so_far = step.prefix + step.letter
                if so_far:
                    self.say(f"Nothing played. `moves {so_far}` lists how {so_far} … can go on; `?` builds a move again.")
                return None
            if answer == "b" and panel.back is not None:
                step = panel.back
                continue
            if not answer.isdigit() or not 1 <= int(answer) <= len(panel.choices):
                self.say(f"Type a number from 1 to {len(panel.choices)}" + (", or b to go back." if panel.back else "."))
                continue
            kind, target = steps.parse(panel.choices[int(answer) - 1].value)
            if kind == steps.MOVE:
                return target
            step = target

    async def computer_turn(self, match: Match) -> Match:
        self.say(f"{match.names[match.state.to_move]} is thinking…")
        result = await self.service.computer_move(match.id)
        if result is None:  # nothing to play after all: read the match again
            return await self.service.get_match(match.id)
        self.announce(result)
        return result.match

    def move_commands(self, match: Match) -> dict[str, Command]:
        """The move prompt's commands, by the word that starts them (anything else is read as a move)."""

        async def stop(match: Match, player: Player, rest: str) -> Step:
            raise Quit

        async def helping(match: Match, player: Player, rest: str) -> Step:
            self.say(move_help(match.rules.notation))
            return None

        commands = {
            "?": Command(self.build_and_play),
            "moves": Command(self.list_moves, words=True),
            "history": Command(self.history),
            "board": Command(self.board),
            "draw": Command(self.offer_draw),
            "takeback": Command(self.take_back),
            "resign": Command(self.resign),
            "matches": Command(self.listing, words=True),
            "switch": Command(self.switch_to, words=True),
            "new": Command(self.new_instead, words=True),
            "abandon": Command(self.abandon_at_hand, words=True),
        }
        for word, handler in self.everywhere(match.game, match).items():
            commands[word] = Command(lambda match, player, rest, handler=handler: handler(rest), words=True)
        commands["help"] = Command(helping)
        for word in STOP_WORDS:
            commands[word] = Command(stop)
        return commands

    async def turn(self, match: Match) -> Match | Elsewhere:
        """Read commands from the player to move until one changes the match (the new match) or takes
        the players to another (Elsewhere)."""
        player = match.to_move
        prompt = f"{player_at(match, match.state.to_move)} to move: "
        commands = self.move_commands(match)
        while True:
            text = self.ask(prompt)
            if not text:
                continue
            word, rest = split(text)
            command = commands.get(word)
            try:
                if command is None:
                    result = await self.service.move(match.channel_id, player, text)
                    self.announce(result)
                    return result.match
                if rest and not command.words:
                    self.say(f"`{word}` takes nothing after it: type `{word}` alone.")
                    continue
                step = await command.run(match, player, rest)
                if step is not None:
                    return step
            except Quit:
                raise
            except IllegalMove as error:
                self.say(refusal(match.state, text, error))
            except NotFound:
                self.say("This match is no longer in progress.")
                return Elsewhere(None)
            except PlayerError as error:
                self.say(str(error))
            except Exception:
                log.exception("local match %s: %r failed", match.id, text)
                self.say(f"Something went wrong (details in {self.log}). Try again, or `quit` and resume later.")

    # ------------------------------------------------------------------ the move prompt's commands

    async def build_and_play(self, match: Match, player: Player, rest: str) -> Step:
        """`?`: a move built step by step, then played."""
        move = self.build(match.state)
        if move is None:
            return None
        result = await self.service.move_at(match.id, player, move, match.stamp)
        self.announce(result)
        return result.match

    async def list_moves(self, match: Match, player: Player, rest: str) -> Step:
        for line in move_lines(match.state, rest):
            self.say(line)
        return None

    async def history(self, match: Match, player: Player, rest: str) -> Step:
        for line in history_lines(match):
            self.say(line)
        return None

    async def board(self, match: Match, player: Player, rest: str) -> Step:
        await self.show(match)
        return None

    async def listing(self, match: Match, player: Player, name: str) -> Step:
        """`matches`: the local matches in progress (those `name` plays in, if given)."""
        matches = await self.in_progress()
        if name:
            wanted = " ".join(name.split()).casefold()
            matches = [m for m in matches if any(p.name.casefold() == wanted for p in m.seats)]
            if not matches:
                self.say(f"{name} plays in no local match in progress: `matches` lists them all.")
                return None
        whose = f" with {name}" if name else ""
        self.say(f"Local matches in progress{whose}, the last played first:")
        for listed in matches:
            self.say(match_line(listed, match.id))
        return None

    async def switch_to(self, match: Match, player: Player, number: str) -> Step:
        """`switch N`: match N, when it is another match in progress."""
        if not number:
            self.say("Type `switch` and a match's number: `matches` lists them.")
            return None
        others = [m for m in await self.in_progress() if m.id != match.id]
        if number.removeprefix("#") == str(match.id):
            self.say(f"Match {match.id} is the one being played.")
            return None
        if not others:
            self.say("There is no other match in progress: `new` starts one.")
            return None
        found = self.named(number, others, "`matches` lists them")
        if found is None:
            return None
        self.say(f"Match {match.id} waits. Match {found.id}, {found.rules.title}: {' vs '.join(found.names)}.")
        return Elsewhere(found)

    async def new_instead(self, match: Match, player: Player, game: str) -> Step:
        """`new`, `new <game>`: set up another match while this one waits (`back` at the first question
        comes back to this one)."""
        started = await self.new_match(game, leave=True)
        if started is None:
            self.say(f"Back to match {match.id}.")
            return None
        return Elsewhere(started)

    async def abandon_at_hand(self, match: Match, player: Player, number: str) -> Step:
        """`abandon`: this match, after asking; `abandon N`: match N."""
        if number:
            other = self.named(number, await self.in_progress(), "`matches` lists them")
            if other is None:
                return None
            if other.id != match.id:
                await self.abandon(other, other.people[0])
                return None
        return Elsewhere(None) if await self.abandon(match, player) else None

    async def resign(self, match: Match, player: Player, rest: str) -> Step:
        """Give up, after asking: a two-player match ends; in a game of more than two a computer plays
        on in the seat while another person is playing, and says so."""
        seat = match.state.to_move
        plays_on = len(match.seats) > 2 and len(match.people) > 1
        cost = "A computer plays on in your seat, and you will be placed last." if plays_on else "It counts as a loss."
        if not self.yes(f"{player.name}, resign this match? {cost} [y/N] "):
            return None
        left = (await self.service.resign(match.channel_id, player)).match
        who = seated(player.name, match.rules.seat_name(seat))
        if left.status == "active":
            self.say(f"{who} resigned: {left.names[seat]} plays on in that seat, and {player.name} will be "
                     f"placed last. {player_at(left, left.state.to_move)} to move.")
        else:
            self.say(f"{who} resigned.")
        return left

    async def offer_draw(self, match: Match, player: Player, rest: str) -> Step:
        """Offer a draw and ask the opponent at once; the finished match if they agree."""
        if len(match.seats) != 2:
            self.say("Draws are for two-player games: play on, `resign`, or `abandon` the match.")
            return None
        offer = await self.service.draw(match.channel_id, player)
        if not isinstance(offer, DrawOffer):  # the opponent's earlier offer was still standing
            return offer.match
        other = offer.match.seats[1 - offer.seat]
        if self.yes(f"{other.name}, {player.name} offers a draw. Do you accept? [y/N] "):
            return (await self.service.draw(match.channel_id, other)).match
        self.say(f"{other.name} declines the draw; {player.name} is still to move.")
        return None

    async def take_back(self, match: Match, player: Player, rest: str) -> Step:
        """`takeback` at `player`'s turn: against the computer, `player`'s last move and the computer's
        replies go at once; between people, the one who just moved asks and `player` answers."""
        if len(match.seats) != 2:
            self.say("Moves can only be taken back in two-player games.")
            return None
        other = match.seats[1 - match.seat_of(player.id)]
        if other.is_computer:
            result = await self.service.takeback(match.channel_id, player)
        else:
            asked = await self.service.takeback(match.channel_id, other)
            accept = self.yes(f"{player.name}, {other.name} asks to take back {match.moves[-1]}. Do you accept? [y/N] ")
            result = await self.service.answer_takeback(match.id, player, asked.match.stamp, accept)
            if not accept:
                self.say(f"{player.name} declines; {player.name} is still to move.")
                return None
        taken = ", ".join(result.moves)
        self.say(f"{result.match.seats[result.seat].name} took back {taken}.")
        return result.match

    # ------------------------------------------------------------------ what is shown

    def announce(self, result: MoveResult) -> None:
        match, last = result.match, result.match.state.last
        line = f"{player_at(match, result.seat)} played {result.notation}"
        self.say(line + (f": {last.effect}." if last and last.effect else "."))
        for seat in last.passed if last else ():
            self.say(f"{player_at(match, seat)} has no legal move and passes.")

    async def show(self, match: Match) -> None:
        self.say()
        self.say(renderers.render_text(match.state, match.names).rstrip())
        path = await self.picture(match)
        if path is not None:
            self.say(f"Picture: {path}")

    async def picture(self, match: Match) -> Path | None:
        """The board PNG for this position, drawn once per ply (and once more if the match ended
        there by a resignation or an agreed draw); None if drawing failed (logged)."""
        path = self.boards / picture_name(match)
        if path.exists():
            return path
        try:
            png = await asyncio.to_thread(renderers.render, match.state, match.names)
            write(path, png)
        except Exception:
            log.exception("could not draw local match %s", match.id)
            return None
        return path

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
            which = "a finished match's" if command == "analyse" else "a match's"
            self.say(f"Type `{command}` and {which} number: `{command} 3`, say.")
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
            self.say(f"There is no local match {wanted}.")
            return
        except PlayerError as error:
            self.say(str(error))
            return
        quarters = {(len(match.moves) + 1) * k // 4 for k in (1, 2, 3)}

        async def progress(done: int, total: int) -> None:
            if done in quarters:
                self.say(f"Analysing: {done} of {total} positions searched…")

        analysed = await self.service.analyse(match, progress)
        for line in report_lines(match, analysed.analysis, analysed.seconds):
            self.say(line)
        try:
            args = graph_args(match, analysed.analysis)
            png = await asyncio.to_thread(graph.render, *args)
            path = self.boards / f"local-{match.id}-{match.seed:08x}-analysis.png"
            write(path, png)
        except Exception:
            log.exception("could not draw the analysis of local match %s", match.id)
            self.say(f"The graph could not be drawn (details in {self.log}).")
            return
        self.say(f"Graph: {path}")

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
            self.say(f"There is no local match {wanted}.")
            return
        self.say(f"Drawing the replay of match {match.id} ({counted(len(match.moves), 'move')})…")
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
            self.say(f"The replay could not be drawn (details in {self.log}).")
            return
        for k, path in enumerate(paths, 1):
            part = f" (part {k} of {len(paths)})" if len(paths) > 1 else ""
            self.say(f"Replay{part}: {path}")

    async def show_end(self, match: Match) -> None:
        self.finished = match.id
        self.say()
        for line in result_lines(match):
            self.say(line)
        self.say("Ratings: " + ", ".join(
            f"{c.player.name} {c.before:.0f} → {c.after:.0f} ({c.delta:+.0f})" for c in match.ratings))
        board, total = await self.service.leaderboard(LOCAL_GUILD, match.game)
        self.say(f"Local leaderboard, {match.rules.title}:")
        width = max(len(s.player.name) for s in board)
        for s in board:
            mark = "?" if s.provisional else " "
            self.say(f"  {s.rank:>2}. {s.player.name:<{width}}  {s.rating:>5.0f}{mark} {s.record}")
        if total > len(board):
            self.say(f"  … and {total - len(board)} more")
        if any(s.provisional for s in board):
            self.say("  (? = provisional: fewer games played)")
        self.say(f"The computer's analysis of this match: `analyse {match.id}` at any prompt, or "
                 f"`python -m bot.console --analyse {match.id}`. Its replay, an animated GIF: `replay {match.id}`.")


def write(path: Path, data: bytes) -> None:
    """Write a file whole or not at all (a session stopped halfway leaves no half picture behind)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")
    part.write_bytes(data)
    part.replace(path)


def picture_name(match: Match) -> str:
    """The file of the match's picture after its moves so far: `local-<match>-<seed>-<stamp>[-<n>left][-end].png`
    (the stamp is the number of moves, unless some were taken back: Match.stamp; `<n>left` once n players
    have left a game of more than two, whose cards then name the computer playing on for them).
    The match's random seed, stored with it, keeps apart the pictures of matches that share a number
    (a database deleted and started again, or another database beside it)."""
    left = sum(level is not None for level in match.stand_ins)
    return (f"local-{match.id}-{match.seed:08x}-{match.stamp}{f'-{left}left' if left else ''}"
            f"{'-end' if match.status == 'finished' else ''}.png")


def replay_names(match: Match, parts: int) -> list[str]:
    """The files of the match's replay as it stands, named like its picture: `…-replay.gif`, or
    `…-replay-1.gif`, `…-replay-2.gif`, … where it takes several GIFs to stay within the upload limit."""
    stem = picture_name(match).removesuffix(".png") + "-replay"
    return [f"{stem}.gif"] if parts == 1 else [f"{stem}-{k}.gif" for k in range(1, parts + 1)]


def refusal(state: State, typed: str, error: IllegalMove) -> str:
    """What to say of a move the rules refused, with what to do instead."""
    if is_partial(state, unlabel(state, typed)):
        return f"{typed} is only the start of a move: `moves {typed}` lists how it can go on; `?` builds a move step by step."
    reason = str(error).rstrip(".")
    if not isinstance(error, InvalidNotation):
        return reason + " (`moves` lists the legal moves)."
    if not any(c.isdigit() for c in typed):  # a word, not a move: every notation names squares
        return reason + ". `help` lists the commands."
    return reason + "."


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


async def session(argv: list[str] | None) -> int:
    """`main` at the terminal, with Ctrl-C stopping it cleanly wherever it is (bot.console_terminal)."""
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
        return asyncio.run(session(argv))
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


if __name__ == "__main__":
    code = cli()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the process is ending: another Ctrl-C changes nothing
    raise SystemExit(code)
