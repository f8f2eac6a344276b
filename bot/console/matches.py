"""The local matches: those in progress, one named by its number, a new one set up and started in a
channel of its own, a rematch, and one abandoned after asking."""
from __future__ import annotations

from typing import Literal

from bot.console.setup import Anywhere, Setup
from bot.console.terminal import Terminal
from bot.console.text import find_game, no_game, numbers, versus
from bot.errors import PlayerError
from bot.models import LOCAL_GUILD, ChallengeChange, Match, MatchChange, Player
from bot.service import MAX_TURN_SECONDS, MatchService
from i18n import N_, _
from rules import BadOptions

LOCAL_CHANNEL = 0  # the first local match's; Discord ids are never 0 or below, so local matches cannot meet a server's

Instead = Literal["new", "abandon", "matches"]  # what to type instead of a number that names no match
NO_SUCH_MATCH = {
    "new": N_("There is no match {number} in progress: type {numbers}, or `new`."),
    "abandon": N_("There is no match {number} in progress: type `abandon` and one of {numbers}."),
    "matches": N_("There is no match {number} in progress: `matches` lists them."),
}
NO_NUMBER = {
    "new": N_("{answer} is no match's number: type {numbers}, or `new`."),
    "abandon": N_("{answer} is no match's number: type `abandon` and one of {numbers}."),
    "matches": N_("{answer} is no match's number: `matches` lists them."),
}


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

    def named(self, answer: str, matches: list[Match], instead: Instead = "new") -> Match | None:
        """The match of `matches` an answer names by its number ("3" or "#3"); None after saying why
        not, and what to do instead: type one of the numbers or `new`, `abandon` and one of the numbers,
        or `matches` to list them."""
        number = answer.strip().removeprefix("#")
        found = next((m for m in matches if number.isdigit() and m.id == int(number)), None)
        if found is None:
            if number.isdigit():
                self.say(_(NO_SUCH_MATCH[instead], number=number, numbers=numbers(matches)))
            else:
                self.say(_(NO_NUMBER[instead], answer=repr(answer.strip()), numbers=numbers(matches)))
        return found

    async def abandon(self, match: Match, player: Player) -> bool:
        """Ask, then end `match` without a result; whether it was abandoned."""
        if not self.yes(_("Abandon match {match} ({game}: {players})? It ends unrated: nobody wins or loses.",
                          match=match.id, game=match.rules.title, players=versus(match.names))):
            return False
        await self.service.abandon(match.id, player)
        self.say(_("Match {match} abandoned: not rated, and no record counts it.", match=match.id))
        return True

    async def new(self, game_name: str = "", leave: bool = False) -> Match | None:
        """Set up a match (of the game named, if one is) and start it; None when the game named does not
        exist, or the players went `back` from the first question (`leave`: there is somewhere to go)."""
        game = None
        if game_name:
            game = find_game(game_name)
            if game is None:
                self.say(no_game(game_name))
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
                    clock=plan.clock,
                    computers=[p.level for p in plan.players if p.level is not None],
                    seating=[p.id for p in plan.players],
                )
                break
            except BadOptions as error:  # the options were checked one by one: only a safety net
                if not plan.game.options:
                    raise
                self.say(_("{problem}. Let's try the options again.", problem=error))
                setup.retry_options()
                plan = await setup.resume()
        started = await self.seat_everyone(match)
        if started.clock is not None:
            self.say(_("Match {match}: {players}, on a {clock} clock. Type `help` for the commands.", match=started.id,
                       players=versus(started.names), clock=started.clock.control.text))
        else:
            self.say(_("Match {match}: {players}. Type `help` for the commands.", match=started.id,
                       players=versus(started.names)))
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
        if match.clock is not None:
            self.say(_("Match {match}, a rematch of match {ended}: {players}, on a {clock} clock. Type `help` for the "
                       "commands.", match=match.id, ended=ended.id, players=versus(match.names),
                       clock=match.clock.control.text))
        else:
            self.say(_("Match {match}, a rematch of match {ended}: {players}. Type `help` for the commands.",
                       match=match.id, ended=ended.id, players=versus(match.names)))
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
