"""The move prompt of a match on a game clock: the answer read while the clock of the player to move runs
(the prompt says how much time they have, and notices their time running low, then out, while it
waits), and the match ended on time (in a game of more than two, a computer plays on in the seat)."""
from __future__ import annotations

from bot.console.terminal import Terminal
from bot.console.text import player_at
from bot.game_clock import clock_text
from bot.models import Match, MatchStatus
from bot.service import MatchService
from i18n import _
from renderers.results import seated


class TurnClock:
    """The clock of the player to move, watched at the move prompt on the service's clock."""

    def __init__(self, service: MatchService, terminal: Terminal):
        self.service = service
        self.terminal = terminal
        self.say = terminal.say

    @staticmethod
    def runs(match: Match) -> bool:
        """Whether the clock of the player to move runs (a match on a game clock, a person to move)."""
        return match.clock is not None and match.status == MatchStatus.ACTIVE and \
            match.clock.running == match.seat_to_move and not match.plays(match.seat_to_move).is_computer

    def prompt(self, match: Match) -> str:
        """"alice (White) to move (4:32 left): "."""
        assert match.clock is not None
        seat = match.seat_to_move
        left = match.clock.time_left(seat, self.service.clock())
        # Translators: the move prompt of a match on a game clock, with the time the player to move has left
        return _("{player} to move ({time} left):", player=player_at(match, seat), time=clock_text(left)) + " "

    async def read(self, match: Match) -> str | Match:
        """What the player to move types while their clock runs (a line read within the time they have),
        or, once it has run out (an answer typed too late is not played), the match as it then stands:
        ended on time, or played on by a computer in the seat. Their time running low while the prompt
        waits is said once."""
        assert match.clock is not None
        seat = match.seat_to_move
        was_low: bool | None = None
        while True:
            now = self.service.clock()
            left = match.clock.time_left(seat, now)
            if left <= 0:
                ended = await self.run_out(match)
                # None: not out by the match as stored (its clock moved meanwhile): read it again
                return ended if ended is not None else await self.service.get_match(match.id)
            low = left <= match.clock.control.low_mark
            if low and was_low is False:
                self.say()
                self.say(_("{player}, your time is running low: {time} left.", player=match.plays(seat).name,
                           time=clock_text(left)))
            was_low = low
            wait = left if low else left - match.clock.control.low_mark
            answer = self.terminal.within(self.prompt(match), wait)
            if answer is not None and match.clock.time_left(seat, self.service.clock()) > 0:
                return answer

    async def run_out(self, match: Match) -> Match | None:
        """End the turn of the player to move on time, if their clock has run out by the service's clock
        (service.out_of_time), saying so; the match as it then stands, or None while they have time."""
        change = await self.service.out_of_time(match.id)
        if change is None:
            return None
        seat = match.seat_to_move
        player = match.plays(seat)
        who = seated(player.name, match.rules.seat_name(seat))
        after = change.match
        self.say()
        if after.status == MatchStatus.ACTIVE:
            self.say(_("{who} ran out of time: {stand_in} plays on in that seat, and {player} will be placed last.",
                       who=who, stand_in=after.names[seat], player=player.name))
        else:
            self.say(_("{who} ran out of time.", who=who))
        return after
