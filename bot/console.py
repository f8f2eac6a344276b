"""Local play at one terminal: `python -m bot.console [--db PATH]`, the adapter for when there is no token.

People share the keyboard and play any registered game through the same MatchService and SQLite file as
the bot, in guild 0 ("local"), so local matches get ratings and a leaderboard of their own. Several
local matches may be in progress at once, each in a channel of its own (0, -1, -2, …: Discord's ids are
positive); one left with `quit` (or Ctrl-D, or a killed process) is offered for resumption next time.
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import os
import signal
from dataclasses import dataclass
from pathlib import Path

import renderers
from bot import steps
from bot.analysis_report import graph_args, report_lines
from bot.computer import ComputerPlayers
from bot.config import env_number, load_dotenv
from bot.console_setup import Setup, local_player
from bot.console_terminal import STOP_WORDS, InputFn, PrintFn, Quit, Terminal
from bot.console_text import HELP, history_lines, match_line, move_lines, numbers, result_lines, rules_for
from bot.db import open_store
from bot.errors import NotFound, PlayerError
from bot.models import LOCAL_GUILD, Match, MoveResult, Player
from bot.service import MAX_TURN_SECONDS, MatchService
from renderers import graph
from rules import BadOptions, IllegalMove, InvalidNotation, State
from rules.parts import is_partial, unlabel

__all__ = ["LOCAL_CHANNEL", "LOCAL_GUILD", "Console", "cli", "local_player", "main"]

log = logging.getLogger(__name__)

LOCAL_CHANNEL = 0  # the first local match's; Discord ids are never 0 or below, so local matches cannot meet a server's
DEFAULT_DB = "data/bot.sqlite3"
STOPPED = "Stopped. Matches in progress stay saved: run `python -m bot.console` again to resume them."


@dataclass(frozen=True)
class Elsewhere:
    """The players leave the match at hand for `match` (None: the menu of matches in progress)."""

    match: Match | None


class Console:
    """One session at the terminal: choose, resume or set up matches, and play them turn by turn."""

    def __init__(self, service: MatchService, boards: Path, input_fn: InputFn = input, print_fn: PrintFn = print):
        self.service = service
        self.boards = boards
        self.terminal = Terminal(input_fn, print_fn)
        self.finished: int | None = None  # the last match to finish in this session
        self.say = self.terminal.say
        self.ask = self.terminal.ask
        self.yes = self.terminal.yes

    # ------------------------------------------------------------------ the session

    async def run(self) -> None:
        try:
            match = await self.choose(starting=True)
            while match is not None:
                match = await self.play(match)
        except Quit:
            self.say(STOPPED)

    async def in_progress(self) -> list[Match]:
        """The local matches in progress, the one moved in last first."""
        return await self.service.active_matches(LOCAL_GUILD)

    async def choose(self, starting: bool) -> Match | None:
        """The match to play next: at the start, one in progress (Enter: the last played) or a new one;
        after a match, one in progress, a new one, or none (Enter: stop)."""
        listed: list[Match] | None = None
        while True:
            matches = await self.in_progress()
            if not matches:
                return await self.new_match() if starting else None
            if matches != listed:  # at first, and after one was abandoned
                self.say()
                self.say("Local matches in progress, the last played first:")
                for match in matches:
                    self.say(match_line(match))
                listed = matches
            if starting:
                answer = self.ask(f"Match to resume (its number), or `new` [{matches[0].id}]: ") or str(matches[0].id)
            else:
                answer = self.ask("Match to resume (its number), `new`, or Enter to stop: ")
                if not answer:
                    raise Quit  # the matches in progress stay, as with `quit`
            command, _, rest = answer.lower().partition(" ")
            if command in STOP_WORDS:
                raise Quit
            if answer.lower() == "new":
                return await self.new_match()
            if command == "rules":
                self.say(rules_for(rest.strip() or matches[0].game))
            elif command == "analyse":
                await self.analyse(rest)
            elif command == "abandon":
                try:
                    await self.abandon_named(rest, matches)
                except PlayerError as error:  # it ended meanwhile (another console on the database)
                    self.say(str(error))
            elif (found := self.named(answer, matches)) is not None:
                self.say(f"Match {found.id}, {found.rules.title}: {' vs '.join(found.names)}. "
                         "Type `help` for the commands.")
                return found

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

    async def after_abandon(self) -> Match | None:
        if await self.in_progress():
            return await self.choose(starting=False)
        if self.yes("No local match is in progress now. Start a new one? [y/N] "):
            return await self.new_match()
        return None

    async def new_match(self) -> Match:
        setup = Setup(self.terminal)
        game = setup.game()
        count = setup.count(game)
        players = setup.players(game, count)
        first, *people = [p for p in players if not p.is_computer]
        levels = [p.level for p in players if p.level is not None]
        while True:
            options = setup.options(game, count)
            try:
                match = await self.service.challenge(
                    LOCAL_GUILD, await self.free_channel(), first, game.name, people, options,
                    players=count, turn_seconds=MAX_TURN_SECONDS,  # local turns may wait for days
                    computers=levels, seating=[p.id for p in players],
                )
                break
            except BadOptions as error:  # the options were checked one by one: only a safety net
                if not game.options:
                    raise
                self.say(f"{error}. Let's try the options again.")
        for player in people:
            match = await self.service.accept(match.id, player)
        assert isinstance(match, Match)
        self.say(f"Match {match.id}: {' vs '.join(match.names)}. Type `help` for the commands.")
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
                return step.match if step.match is not None else await self.after_abandon()
            match = step
        await self.show(match)  # the final position, drawn as finished however the match ended
        await self.show_end(match)
        return await self.choose(starting=False)

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
        self.say(f"{match.to_move.name} is thinking…")
        result = await self.service.computer_move(match.id)
        if result is None:  # nothing to play after all: read the match again
            return await self.service.get_match(match.id)
        self.announce(result)
        return result.match

    async def turn(self, match: Match) -> Match | Elsewhere:
        """Read commands from the player to move until one changes the match (the new match) or takes
        the players to another (Elsewhere)."""
        player = match.to_move
        prompt = f"{player.name} ({match.rules.seat_name(match.state.to_move)}) to move: "
        while True:
            text = self.ask(prompt)
            command, _, rest = text.lower().partition(" ")
            rest = text[len(command):].strip()
            try:
                if not text:
                    continue
                if command in STOP_WORDS and not rest:
                    raise Quit
                if text.lower() == "help":
                    self.say(HELP + f"\nNotation: {match.rules.notation}")
                elif text == "?":
                    move = self.build(match.state)
                    if move is not None:
                        result = await self.service.move_at(match.id, player, move, match.stamp)
                        self.announce(result)
                        return result.match
                elif command == "rules":
                    self.say(rules_for(rest or match.game))
                elif command == "moves":
                    for line in move_lines(match.state, rest):
                        self.say(line)
                elif text.lower() == "history":
                    for line in history_lines(match):
                        self.say(line)
                elif text.lower() == "board":
                    await self.show(match)
                elif command == "matches":
                    for line in await self.listing(match, rest):
                        self.say(line)
                elif command == "switch":
                    target = await self.switch_to(match, rest)
                    if target is not None:
                        return Elsewhere(target)
                elif text.lower() == "new":
                    return Elsewhere(await self.new_match())
                elif command == "abandon":
                    if not rest:
                        if await self.abandon(match, player):
                            return Elsewhere(None)
                    elif (other := self.named(rest, await self.in_progress(), "`matches` lists them")) is not None:
                        if other.id == match.id:
                            if await self.abandon(match, player):
                                return Elsewhere(None)
                        else:
                            await self.abandon(other, other.people[0])
                elif text.lower() == "resign":
                    if self.yes(f"{player.name}, resign this match? It counts as a loss. [y/N] "):
                        return await self.service.resign(match.channel_id, player)
                elif text.lower() == "draw":
                    ended = await self.offer_draw(match, player)
                    if ended is not None:
                        return ended
                elif command == "analyse":
                    await self.analyse(rest)
                elif text.lower() == "takeback":
                    back = await self.take_back(match, player)
                    if back is not None:
                        return back
                else:
                    result = await self.service.move(match.channel_id, player, text)
                    self.announce(result)
                    return result.match
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
                self.say("Something went wrong (details in the log). Try again, or `quit` and resume later.")

    async def listing(self, match: Match, name: str) -> list[str]:
        """`matches`: the local matches in progress (those `name` plays in, if given)."""
        matches = await self.in_progress()
        if name:
            wanted = " ".join(name.split()).casefold()
            matches = [m for m in matches if any(p.name.casefold() == wanted for p in m.seats)]
            if not matches:
                return [f"{name} plays in no local match in progress: `matches` lists them all."]
        whose = f" with {name}" if name else ""
        return [f"Local matches in progress{whose}, the last played first:", *(match_line(m, match.id) for m in matches)]

    async def switch_to(self, match: Match, number: str) -> Match | None:
        """`switch N`: match N, when it is another match in progress; None after saying why not."""
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
        if found is not None:
            self.say(f"Match {match.id} waits. Match {found.id}, {found.rules.title}: {' vs '.join(found.names)}.")
        return found

    async def offer_draw(self, match: Match, player: Player) -> Match | None:
        """Offer a draw and ask the opponent at once; the finished match if they agree."""
        if len(match.seats) != 2:
            self.say("Draws are for two-player games: play on, `resign`, or `abandon` the match.")
            return None
        offer = await self.service.draw(match.channel_id, player)
        if isinstance(offer, Match):  # the opponent's earlier offer was still standing
            return offer
        other = offer.match.seats[1 - offer.seat]
        if self.yes(f"{other.name}, {player.name} offers a draw. Do you accept? [y/N] "):
            return await self.service.draw(match.channel_id, other)
        self.say(f"{other.name} declines the draw; {player.name} is still to move.")
        return None

    async def take_back(self, match: Match, player: Player) -> Match | None:
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

    def announce(self, result: MoveResult) -> None:
        match, last = result.match, result.match.state.last
        seat_name = match.rules.seat_name
        line = f"{match.plays(result.seat).name} ({seat_name(result.seat)}) played {result.notation}"
        self.say(line + (f": {last.effect}." if last and last.effect else "."))
        for seat in last.passed if last else ():
            self.say(f"{match.seats[seat].name} ({seat_name(seat)}) has no legal move and passes.")

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
            self.boards.mkdir(parents=True, exist_ok=True)
            path.write_bytes(png)
        except Exception:
            log.exception("could not draw local match %s", match.id)
            return None
        return path

    async def analyse(self, number: str) -> None:
        """`analyse N`: the computer's analysis of finished local match N (by default the last one to
        finish here): each player's inaccuracies, mistakes and blunders, and the graph's file."""
        number = number.strip().removeprefix("#") or (str(self.finished) if self.finished else "")
        if not number.isdigit():
            self.say("Type `analyse` and a finished match's number: `analyse 3`, say.")
            return
        try:
            match = await self.service.analysis_target(LOCAL_GUILD, LOCAL_CHANNEL, 0, int(number))
        except NotFound:
            self.say(f"There is no local match {number}.")
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
            self.boards.mkdir(parents=True, exist_ok=True)
            path.write_bytes(png)
        except Exception:
            log.exception("could not draw the analysis of local match %s", match.id)
            return
        self.say(f"Graph: {path}")

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
                 f"`python -m bot.console --analyse {match.id}`.")


def picture_name(match: Match) -> str:
    """The file of the match's picture after its moves so far: `local-<match>-<seed>-<stamp>[-end].png`
    (the stamp is the number of moves, unless some were taken back: Match.stamp).
    The match's random seed, stored with it, keeps apart the pictures of matches that share a number
    (a database deleted and started again, or another database beside it)."""
    end = "-end" if match.status == "finished" else ""
    return f"local-{match.id}-{match.seed:08x}-{match.stamp}{end}.png"


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


async def main(argv: list[str] | None = None, input_fn: InputFn = input, print_fn: PrintFn = print) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.console",
        description="Play the bot's games locally at one terminal, on the bot's database.",
    )
    parser.add_argument("--db", type=Path, default=None,
                        help="the SQLite file (default: $DATABASE_URL if set, else $DATABASE_PATH or data/bot.sqlite3)")
    parser.add_argument("--analyse", type=int, metavar="N", default=None,
                        help="print the computer's analysis of finished local match N and write its graph, then stop")
    args = parser.parse_args(argv)
    url = os.environ.get("DATABASE_URL", "").strip() if args.db is None else ""
    path = args.db or Path(os.environ.get("DATABASE_PATH") or DEFAULT_DB)
    where = url or path
    store = await open_store(where)
    service = MatchService(store, computers=ComputerPlayers(seconds=env_number("COMPUTER_SECONDS", None, float)),
                           notes=False)  # every change is shown here before the next is asked for
    try:
        console = Console(service, path.parent / "boards", input_fn, print_fn)
        shown = "PostgreSQL" if url else str(path)
        print_fn(f"Local play on {shown}: same games, ratings and history as the bot (server \"local\").")
        if args.analyse is not None:
            await console.analyse(str(args.analyse))
        else:
            await console.run()
    finally:
        service.computers.close()
        await store.close()
    return 0


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def cli(argv: list[str] | None = None) -> int:
    """Run the console from a terminal (settings from the environment and `.env`); returns the exit code."""
    load_dotenv()
    level = os.environ.get("LOG_LEVEL", "").strip().upper()
    logging.basicConfig(level=getattr(logging, level, logging.WARNING),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    # With a handler of our own in place asyncio.run installs none: its handler only cancels the task, so
    # Ctrl-C would wait for Enter while input() blocks. This way Ctrl-C at a prompt quits like Ctrl-D.
    previous = signal.signal(signal.SIGINT, _interrupt)
    try:
        return asyncio.run(main(argv))
    except KeyboardInterrupt:
        return 130
    finally:
        signal.signal(signal.SIGINT, previous)


if __name__ == "__main__":
    raise SystemExit(cli())
