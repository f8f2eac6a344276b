"""The move prompt: what the player to move types, read as a move in the game's notation unless its first
word is one of the prompt's commands (`?` to build a move step by step, `moves`, `history`, `board`,
`draw`, `takeback`, `resign`, `matches`, `switch N`, `new`, `abandon`, and those of every prompt)."""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path

from bot import steps
from bot.console.clock import TurnClock
from bot.console.display import Display
from bot.console.everywhere import Everywhere, Handler
from bot.console.matches import Matches
from bot.console.terminal import STOP_WORDS, Quit, Terminal, split
from bot.console.text import history_lines, match_line, move_help, move_lines, player_at, refusal, versus
from bot.errors import NotFound, PlayerError
from bot.models import DrawOffer, Match, MatchStatus, Player
from bot.service import MatchService
from i18n import _
from renderers.results import seated
from rules import IllegalMove, State

log = logging.getLogger(__name__)


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


def everywhere_command(handler: Handler) -> Command:
    """A command of every prompt at the move prompt: `handler` given the words after it."""

    async def run(match: Match, player: Player, rest: str) -> Step:
        await handler(rest)
        return None

    return Command(run, words=True)


class MovePrompt:
    """The move prompt at the terminal: moves and the commands that go with a match at hand, on the
    service; what went wrong is logged to the log at `log`."""

    def __init__(self, service: MatchService, terminal: Terminal, matches: Matches, everywhere: Everywhere,
                 display: Display, log: Path):
        self.service = service
        self.say = terminal.say
        self.ask = terminal.ask
        self.yes = terminal.yes
        self.matches = matches
        self.everywhere = everywhere
        self.display = display
        self.log = log
        self.clock = TurnClock(service, terminal)

    def commands(self, match: Match) -> dict[str, Command]:
        """The move prompt's commands, by the word that starts them (anything else is read as a move)."""

        async def stop(match: Match, player: Player, rest: str) -> Step:
            raise Quit

        async def helping(match: Match, player: Player, rest: str) -> Step:
            self.say(move_help(match.rules.notation_text()))
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
        for word, handler in self.everywhere.commands(match.game, match).items():
            commands[word] = everywhere_command(handler)
        commands["help"] = Command(helping)
        for word in STOP_WORDS:
            commands[word] = Command(stop)
        return commands

    async def turn(self, match: Match) -> Match | Elsewhere:
        """Read commands from the player to move until one changes the match (the new match) or takes
        the players to another (Elsewhere). On a game clock, their clock running out ends the turn too
        (the match as it then stands: TurnClock)."""
        seat = match.seat_to_move
        player = match.plays(seat)
        prompt = _("{player} to move:", player=player_at(match, seat)) + " "
        commands = self.commands(match)
        while True:
            if self.clock.runs(match):
                read = await self.clock.read(match)
                if isinstance(read, Match):
                    return read
                text = read
            else:
                text = self.ask(prompt)
            if not text:
                continue
            word, rest = split(text)
            command = commands.get(word)
            try:
                if command is None:
                    result = await self.service.move(match.channel_id, player, text)
                    self.display.announce(result)
                    return result.match
                if rest and not command.words:
                    self.say(_("`{command}` takes nothing after it: type `{command}` alone.", command=word))
                    continue
                step = await command.run(match, player, rest)
                if step is not None:
                    return step
            except Quit:
                raise
            except IllegalMove as error:
                self.say(refusal(match.state, text, error))
            except NotFound:
                self.say(_("This match is no longer in progress."))
                return Elsewhere(None)
            except PlayerError as error:
                if self.clock.runs(match) and (ended := await self.clock.run_out(match)) is not None:
                    return ended  # a move refused because the clock ran out as it was typed
                self.say(str(error))
            except Exception:
                log.exception("local match %s: %r failed", match.id, text)
                self.say(_("Something went wrong (details in {log}). Try again, or `quit` and resume later.",
                           log=self.log))

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
            if panel.back is not None:
                # Translators: b is typed as it is, in every language
                question = _("number, b to go back, or Enter to type instead:")
            else:
                question = _("number, or Enter to type instead:")
            answer = self.ask(question + " ").lower()
            if not answer:
                so_far = step.prefix + step.letter
                if so_far:
                    self.say(_("Nothing played. `moves {start}` lists how {start} … can go on; `?` builds a move again.",
                               start=so_far))
                return None
            if answer == "b" and panel.back is not None:
                step = panel.back
                continue
            if not answer.isdigit() or not 1 <= int(answer) <= len(panel.choices):
                if panel.back:
                    self.say(_("Type a number from 1 to {last}, or b to go back.", last=len(panel.choices)))
                else:
                    self.say(_("Type a number from 1 to {last}.", last=len(panel.choices)))
                continue
            _kind, target = steps.parse(panel.choices[int(answer) - 1].value)
            if isinstance(target, str):  # steps.MOVE: a whole move
                return target
            step = target

    # ------------------------------------------------------------------ the commands

    async def build_and_play(self, match: Match, player: Player, rest: str) -> Step:
        """`?`: a move built step by step, then played."""
        move = self.build(match.state)
        if move is None:
            return None
        result = await self.service.move_at(match.id, player, move, match.stamp)
        self.display.announce(result)
        return result.match

    async def list_moves(self, match: Match, player: Player, rest: str) -> Step:
        for line in move_lines(match.state, rest):
            self.say(line)
        return None

    async def history(self, match: Match, player: Player, rest: str) -> Step:
        """`history`: every move played so far, numbered, with who played each."""
        for line in history_lines(match, await self.service.moves_played(match)):
            self.say(line)
        return None

    async def board(self, match: Match, player: Player, rest: str) -> Step:
        await self.display.show(match)
        return None

    async def listing(self, match: Match, player: Player, name: str) -> Step:
        """`matches`: the local matches in progress (those `name` plays in, if given)."""
        matches = await self.matches.in_progress()
        if name:
            wanted = " ".join(name.split()).casefold()
            matches = [m for m in matches if any(p.name.casefold() == wanted for p in m.seats)]
            if not matches:
                self.say(_("{name} plays in no local match in progress: `matches` lists them all.", name=name))
                return None
            self.say(_("Local matches in progress with {name}, the last played first:", name=name))
        else:
            self.say(_("Local matches in progress, the last played first:"))
        for listed in matches:
            self.say(match_line(listed, match.id))
        return None

    async def switch_to(self, match: Match, player: Player, number: str) -> Step:
        """`switch N`: match N, when it is another match in progress."""
        if not number:
            self.say(_("Type `switch` and a match's number: `matches` lists them."))
            return None
        others = [m for m in await self.matches.in_progress() if m.id != match.id]
        if number.removeprefix("#") == str(match.id):
            self.say(_("Match {match} is the one being played.", match=match.id))
            return None
        if not others:
            self.say(_("There is no other match in progress: `new` starts one."))
            return None
        found = self.matches.named(number, others, "matches")
        if found is None:
            return None
        self.say(_("Match {match} waits. Match {other}, {game}: {players}.", match=match.id, other=found.id,
                   game=found.rules.title, players=versus(found.names)))
        return Elsewhere(found)

    async def new_instead(self, match: Match, player: Player, game: str) -> Step:
        """`new`, `new <game>`: set up another match while this one waits (`back` at the first question
        comes back to this one)."""
        started = await self.matches.new(game, leave=True)
        if started is None:
            self.say(_("Back to match {match}.", match=match.id))
            return None
        return Elsewhere(started)

    async def abandon_at_hand(self, match: Match, player: Player, number: str) -> Step:
        """`abandon`: this match, after asking; `abandon N`: match N."""
        if number:
            other = self.matches.named(number, await self.matches.in_progress(), "matches")
            if other is None:
                return None
            if other.id != match.id:
                await self.matches.abandon(other, other.people[0])
                return None
        return Elsewhere(None) if await self.matches.abandon(match, player) else None

    async def resign(self, match: Match, player: Player, rest: str) -> Step:
        """Give up, after asking: a two-player match ends; in a game of more than two a computer plays
        on in the seat while another person is playing, and says so."""
        seat = match.seat_to_move
        plays_on = len(match.seats) > 2 and len(match.people) > 1
        if plays_on:
            question = _("{player}, resign this match? A computer plays on in your seat, and you will be placed last.",
                         player=player.name)
        else:
            question = _("{player}, resign this match? It counts as a loss.", player=player.name)
        if not self.yes(question):
            return None
        left = (await self.service.resign(match.channel_id, player)).match
        who = seated(player.name, match.rules.seat_name(seat))
        if left.status == MatchStatus.ACTIVE:
            self.say(_("{who} resigned: {stand_in} plays on in that seat, and {player} will be placed last. "
                       "{mover} to move.", who=who, stand_in=left.names[seat], player=player.name,
                       mover=player_at(left, left.seat_to_move)))
        else:
            self.say(_("{who} resigned.", who=who))
        return left

    async def offer_draw(self, match: Match, player: Player, rest: str) -> Step:
        """Offer a draw and ask the opponent at once; the finished match if they agree."""
        if len(match.seats) != 2:
            self.say(_("Draws are for two-player games: play on, `resign`, or `abandon` the match."))
            return None
        offer = await self.service.draw(match.channel_id, player)
        if not isinstance(offer, DrawOffer):  # the opponent's earlier offer was still standing
            return offer.match
        other = offer.match.seats[1 - offer.seat]
        if self.yes(_("{other}, {player} offers a draw. Do you accept?", other=other.name, player=player.name)):
            return (await self.service.draw(match.channel_id, other)).match
        self.say(_("{other} declines the draw; {player} is still to move.", other=other.name, player=player.name))
        return None

    async def take_back(self, match: Match, player: Player, rest: str) -> Step:
        """`takeback` at `player`'s turn: against the computer, `player`'s last move and the computer's
        replies go at once; between people, the one who just moved asks and `player` answers."""
        if len(match.seats) != 2:
            self.say(_("Moves can only be taken back in two-player games."))
            return None
        other = match.seats[1 - match.seat_to_move]
        if other.is_computer:
            result = await self.service.takeback(match.channel_id, player)
        else:
            asked = await self.service.takeback(match.channel_id, other)
            accept = self.yes(_("{player}, {other} asks to take back {move}. Do you accept?", player=player.name,
                                other=other.name, move=match.moves[-1]))
            result = await self.service.answer_takeback(match.id, player, asked.match.stamp, accept)
            if not accept:
                self.say(_("{player} declines; {player} is still to move.", player=player.name))
                return None
        taken = ", ".join(result.moves)
        self.say(_("{player} took back {moves}.", player=result.match.seats[result.seat].name, moves=taken))
        return result.match
