"""The local matches: those in progress, one named by its number, a new one set up and started in a
channel of its own, a rematch, and one abandoned after asking."""
from __future__ import annotations

from bot.console.setup import Anywhere, Setup
from bot.console.terminal import Terminal
from bot.console.text import find_game, numbers
from bot.errors import PlayerError
from bot.models import LOCAL_GUILD, ChallengeChange, Match, MatchChange, Player
from bot.service import MAX_TURN_SECONDS, MatchService
from games import GAMES
from rules import BadOptions

LOCAL_CHANNEL = 0  # the first local match's; Discord ids are never 0 or below, so local matches cannot meet a server's


class Matches:
    """The local matches, found and made at the terminal; `anywhere` answers the commands of every
    prompt at the set-up questions."""

    def __init__(self, service: MatchService, terminal: Terminal, anywhere: Anywhere):
        self.service = service
        self.terminal = terminal
        self.say = terminal.say
        self.yes = terminal.yes
        self.anywhere = anywhere

    async def in_progress(self) -> list[Match]:
        """The local matches in progress, the one moved in last first."""
        return await self.service.active_matches(LOCAL_GUILD)

    def named(self, answer: str, matches: list[Match], instead: str | None = None) -> Match | None:
        """The match of `matches` an answer names by its number ("3" or "#3"); None after saying why
        not, and `instead` what to do (by default: the numbers to type)."""
        number = answer.strip().removeprefix("#")
        found = next((m for m in matches if number.isdigit() and m.id == int(number)), None)
        if found is None:
            what = f"There is no match {number} in progress" if number.isdigit() else f"{answer.strip()!r} is no match's number"
            self.say(f"{what}: {instead or f'type {numbers(matches)}, or `new`'}.")
        return found

    async def abandon(self, match: Match, player: Player) -> bool:
        """Ask, then end `match` without a result; whether it was abandoned."""
        if not self.yes(f"Abandon match {match.id} ({match.rules.title}: {' vs '.join(match.names)})? "
                        "It ends unrated: nobody wins or loses. [y/N] "):
            return False
        await self.service.abandon(match.id, player)
        self.say(f"Match {match.id} abandoned: not rated, and no record counts it.")
        return True

    async def new(self, game_name: str = "", leave: bool = False) -> Match | None:
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
