"""Local play at one terminal: `python -m bot.console [--db PATH]`, the adapter for when there is no token.

Two or more people share the keyboard and play any registered game through the same MatchService and
SQLite file as the bot, in guild 0 ("local"), so local matches get ratings and a leaderboard of their
own. A match left with `quit` (or Ctrl-D, or a killed process) is offered for resumption next time.
"""
from __future__ import annotations

import argparse
import asyncio
import hashlib
import logging
import os
import signal
import textwrap
from collections.abc import Callable
from pathlib import Path

import renderers
from bot import steps
from bot.computer import ComputerPlayers
from bot.config import env_number, load_dotenv
from bot.errors import NotFound, PlayerError
from bot.models import COMPUTER_LEVELS, Match, MoveResult, Player, computer
from bot.rulebook import plain, rules_text
from bot.service import MAX_TURN_SECONDS, MatchService
from bot.store import open_store
from renderers.theme import and_list
from rules import GAMES, BadOptions, Game, IllegalMove, OptionSpec
from rules.parts import branches, compact, entry

log = logging.getLogger(__name__)

LOCAL_GUILD = 0
LOCAL_CHANNEL = 0  # Discord ids are never 0, so local matches cannot meet a server's
DEFAULT_DB = "data/bot.sqlite3"
MAX_NAME = 32
MOVES_SHOWN = 120  # more legal moves than this are listed by their next parts

InputFn = Callable[[str], str]
PrintFn = Callable[[str], object]

HELP = """\
Type a move in the game's notation, or one of:
  ?       build a move step by step, picking each part from a numbered list
  moves   list the legal moves (`moves c1`: those starting c1)    board   show the board again
  draw    offer a draw                resign  give up this match
  rules   this game's rules (`rules attaxx`: another game's)
  help    this text                   quit    stop here; run again later to resume"""


def find_game(answer: str) -> Game | None:
    """The game an answer names: by name, title or number in the list of games."""
    games = list(GAMES.values())
    answer = answer.strip().lower()
    if answer.isdigit() and 1 <= int(answer) <= len(games):
        return games[int(answer) - 1]
    return next((g for g in games if answer in (g.name, g.title.lower())), None)


def local_player(name: str) -> Player:
    """A local player: a stable negative id from the name (case and spacing ignored), so the same
    name keeps its rating. Negative ids never collide with Discord users."""
    name = " ".join(name.split())
    digest = hashlib.sha256(name.casefold().encode()).digest()
    return Player(-1 - int.from_bytes(digest[:7], "big"), name)


class Quit(Exception):
    """The players left (quit, Ctrl-D, Ctrl-C): the match stays where it stands."""


class Console:
    """One session at the terminal: resume or set up a match, then play it turn by turn."""

    def __init__(self, service: MatchService, boards: Path, input_fn: InputFn = input, print_fn: PrintFn = print):
        self.service = service
        self.boards = boards
        self.input_fn = input_fn
        self.print_fn = print_fn

    # ------------------------------------------------------------------ talking

    def say(self, text: str = "") -> None:
        self.print_fn(text)

    def ask(self, prompt: str) -> str:
        try:
            return self.input_fn(prompt).strip()
        except (EOFError, KeyboardInterrupt):
            self.say()
            raise Quit from None

    def yes(self, prompt: str, default: bool = False) -> bool:
        while True:
            answer = self.ask(prompt).lower()
            if not answer:
                return default
            if answer in ("y", "yes", "n", "no"):
                return answer.startswith("y")
            self.say("Please answer y or n.")

    # ------------------------------------------------------------------ the session

    async def run(self) -> None:
        try:
            await self.play(await self.resume_or_new())
        except Quit:
            self.say("Stopped. A match in progress stays saved: run `python -m bot.console` again to resume it.")

    async def resume_or_new(self) -> Match:
        """The match to play: the local one still in progress, or a new one set up now."""
        try:  # a challenge left open by a process killed during set-up would block the channel
            stale = await self.service.challenge_here(LOCAL_CHANNEL, 0)
            await self.service.decline(stale.id, stale.challenger)
        except NotFound:
            pass
        try:
            match = await self.service.current(LOCAL_CHANNEL)
        except NotFound:
            return await self.new_match()
        self.say(f"A local {match.rules.title} match is still going: {' vs '.join(match.names)}, "
                 f"{len(match.moves)} moves played, {match.to_move.name} to move.")
        if self.yes("Resume it? [Y/n] ", default=True):
            return match
        quitter = match.to_move if match.to_move in match.people else match.people[0]
        if not self.yes(f"Start a new match instead? {quitter.name} resigns this one. [y/N] "):
            raise Quit
        resigned = await self.service.resign(LOCAL_CHANNEL, quitter)
        while resigned.status == "active":  # more than two players: each person resigns in turn
            resigned = await self.service.resign(LOCAL_CHANNEL, resigned.people[0])
        await self.show(resigned)
        await self.show_end(resigned)
        return await self.new_match()

    async def new_match(self) -> Match:
        game = self.ask_game()
        count = self.ask_count(game)
        players = self.ask_players(game, count)
        first, *people = [p for p in players if not p.is_computer]
        levels = [p.level for p in players if p.level is not None]
        while True:
            options = self.ask_options(game)
            try:
                match = await self.service.challenge(
                    LOCAL_GUILD, LOCAL_CHANNEL, first, game.name, people, options,
                    players=count, turn_seconds=MAX_TURN_SECONDS,  # local turns may wait for days
                    computers=levels, seating=[p.id for p in players],
                )
                break
            except BadOptions as error:  # a combination of options the game refuses
                if not game.options:
                    raise
                self.say(f"{error}. Let's try the options again.")
        for player in people:
            match = await self.service.accept(match.id, player)
        assert isinstance(match, Match)
        self.say(f"Match {match.id}: {' vs '.join(match.names)}. Type `help` for the commands.")
        return match

    # ------------------------------------------------------------------ set-up questions

    def ask_game(self) -> Game:
        games = list(GAMES.values())
        self.say("Games:")
        for number, game in enumerate(games, 1):
            self.say(f"  {number}. {game.name:<14} {game.summary}")
        self.say("(`rules <game>` shows a game's rules.)")
        while True:
            answer = self.ask(f"Game (name or number) [{games[0].name}]: ").lower() or games[0].name
            if answer == "rules" or answer.startswith("rules "):
                self.show_rules(answer[len("rules"):].strip() or games[0].name)
                continue
            found = find_game(answer)
            if found is not None:
                return found
            self.say(f"There is no game {answer!r}: type its name or its number.")

    def ask_count(self, game: Game) -> int:
        low, high = game.players.start, game.players.stop - 1
        if low == high:
            return low
        while True:
            answer = self.ask(f"Number of players ({low}–{high}) [{low}]: ") or str(low)
            if answer.isdigit() and int(answer) in game.players:
                return int(answer)
            self.say(f"{game.title} is played by {low} to {high} players.")

    def ask_players(self, game: Game, count: int) -> list[Player]:
        """Who plays each seat, in turn order (the first moves first): people by name, and computers,
        as long as one player is a person."""
        players: list[Player] = []
        for seat in range(count):
            person_needed = seat == count - 1 and all(p.is_computer for p in players)
            hint = "" if person_needed else f" (or `computer`, `computer {' / '.join(COMPUTER_LEVELS)}`)"
            while True:
                name = " ".join(self.ask(f"Player {seat + 1} ({game.seat_name(seat)}), your name{hint}: ").split())
                words = name.lower().split()
                if words[:1] == ["computer"] and person_needed:
                    self.say("One player at least must be a person: please type your name.")
                    continue
                if words[:1] == ["computer"]:
                    level = words[1] if len(words) > 1 else "medium"
                    if level in COMPUTER_LEVELS and len(words) <= 2:
                        players.append(computer(level))
                        break
                    self.say(f"A computer plays at {', '.join(COMPUTER_LEVELS)}: type `computer hard`, say.")
                    continue
                player = local_player(name)
                if not name:
                    self.say("Please type a name.")
                elif len(name) > MAX_NAME:
                    self.say(f"Please keep the name to {MAX_NAME} characters.")
                elif any(p.id == player.id for p in players):
                    self.say(f"{name} is already playing: each player needs a different name.")
                else:
                    players.append(player)
                    break
        return players

    def ask_options(self, game: Game) -> dict[str, object]:
        options = {}
        for spec in game.options:
            self.say(f"{spec.name}: {spec.help}{_bounds(spec)}")
            while True:
                answer = self.ask(f"{spec.name} [{spec.default if spec.default is not None else 'default'}]: ")
                if not answer:
                    options[spec.name] = spec.default
                    break
                try:
                    options[spec.name] = spec.check(answer)
                    break
                except (BadOptions, ValueError) as error:
                    self.say(str(error))
        return options

    # ------------------------------------------------------------------ playing

    async def play(self, match: Match) -> None:
        while match.status == "active":
            await self.show(match)
            match = await (self.computer_turn(match) if match.computer_to_move else self.turn(match))
        await self.show(match)  # the final position, drawn as finished however the match ended
        await self.show_end(match)

    def list_moves(self, state, start: str) -> None:
        """Every legal move (starting like `start`), or where there are too many to read, their next
        parts with how many moves follow each."""
        moves = state.legal_moves()
        if start:
            moves = [move for move in moves if compact(entry(state, move)).startswith(compact(start))]
        if len(moves) <= MOVES_SHOWN:
            self.say(f"{len(moves)} legal moves{f' starting {start}' if start else ''}:")
            self.say(textwrap.fill(" ".join(moves), 78, initial_indent="  ", subsequent_indent="  "))
            return
        self.say(f"{len(moves)} legal moves{f' starting {start}' if start else ''}; type `moves` and one of these:")
        for branch in branches(state, start):
            self.say(f"  {branch.label}")

    def build(self, state) -> str | None:
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
                return None
            if answer == "b" and panel.back is not None:
                step = panel.back
                continue
            if not answer.isdigit() or not 1 <= int(answer) <= len(panel.choices):
                self.say(f"Type a number from 1 to {len(panel.choices)}.")
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

    async def turn(self, match: Match) -> Match:
        """Read commands from the player to move until one changes the match; return the new match."""
        player = match.to_move
        prompt = f"{player.name} ({match.rules.seat_name(match.state.to_move)}) to move: "
        while True:
            text = self.ask(prompt)
            command = text.lower()
            try:
                if not text:
                    continue
                if command in ("quit", "exit"):
                    raise Quit
                if command == "help":
                    self.say(HELP + f"\nNotation: {match.rules.notation}")
                elif command == "?":
                    move = self.build(match.state)
                    if move is not None:
                        result = await self.service.move_at(match.id, player, move, len(match.moves))
                        self.announce(result)
                        return result.match
                elif command == "rules" or command.startswith("rules "):
                    self.show_rules(text[len("rules"):].strip() or match.game)
                elif command == "moves" or command.startswith("moves "):
                    self.list_moves(match.state, text[len("moves"):].strip())
                elif command == "board":
                    await self.show(match)
                elif command == "resign":
                    if self.yes(f"{player.name}, resign this match? [y/N] "):
                        return await self.service.resign(LOCAL_CHANNEL, player)
                elif command == "draw":
                    ended = await self.offer_draw(player)
                    if ended is not None:
                        return ended
                else:
                    result = await self.service.move(LOCAL_CHANNEL, player, text)
                    self.announce(result)
                    return result.match
            except Quit:
                raise
            except (IllegalMove, PlayerError) as error:
                self.say(str(error))
            except Exception:
                log.exception("local match %s: %r failed", match.id, text)
                self.say("Something went wrong (details in the log). Try again, or `quit` and resume later.")

    def show_rules(self, name: str) -> None:
        """A game's rules, as /rules gives them (by name, title or number)."""
        game = find_game(name)
        if game is None:
            self.say(f"There is no game {name!r}. Games: {', '.join(GAMES)}.")
            return
        self.say(f"{game.title}\n\n" + plain(rules_text(game)))

    async def offer_draw(self, player: Player) -> Match | None:
        """Offer a draw and ask the opponent at once; the finished match if they agree."""
        offer = await self.service.draw(LOCAL_CHANNEL, player)
        if isinstance(offer, Match):  # the opponent's earlier offer was still standing
            return offer
        other = offer.match.seats[1 - offer.seat]
        if self.yes(f"{other.name}, {player.name} offers a draw. Do you accept? [y/N] "):
            return await self.service.draw(LOCAL_CHANNEL, other)
        self.say(f"{other.name} declines the draw; {player.name} is still to move.")
        return None

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
        end = "-end" if match.status == "finished" else ""
        path = self.boards / f"local-{match.id}-{len(match.moves)}{end}.png"
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

    async def show_end(self, match: Match) -> None:
        outcome = match.outcome
        self.say()
        self.say(f"Result: {result_text(match)} ({outcome.reason}).")
        if outcome.scores is not None:
            self.say("Scores: " + ", ".join(f"{p.name} {s}" for p, s in zip(match.seats, outcome.scores, strict=True)))
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


def result_text(match: Match) -> str:
    """"alice wins", "Draw between alice and bob", or for N players the places in order."""
    places = [and_list([match.seats[s].name for s in sorted(group)]) for group in match.outcome.places]
    if len(places) == 1:
        return f"Draw between {places[0]}"
    head = places[0] + (" win" if len(match.outcome.places[0]) > 1 else " wins")
    if len(places) == 2:
        return head
    return head + "; then " + ", then ".join(places[1:])


def _bounds(spec: OptionSpec) -> str:
    if spec.choices is not None:
        return f" ({' / '.join(map(str, spec.choices))})"
    if spec.min is not None and spec.max is not None:
        return f" ({spec.min}–{spec.max})"
    return ""


async def main(argv: list[str] | None = None, input_fn: InputFn = input, print_fn: PrintFn = print) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bot.console",
        description="Play the bot's games locally at one terminal, on the bot's database.",
    )
    parser.add_argument("--db", type=Path, default=None,
                        help="the SQLite file (default: $DATABASE_URL if set, else $DATABASE_PATH or data/bot.sqlite3)")
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
