"""Takebacks in two-player matches: the player who just moved asks to take the move back, and the
opponent accepts or declines; the next move lets the request lapse. Against the computer a takeback is
granted at once and takes the computer's reply back too. The moves taken back leave the log, so the
position, the clocks, the history, the replays and the ratings only ever know the moves that stand."""
from __future__ import annotations

from dataclasses import replace

from bot.db import Tx
from bot.errors import Conflict, NotAllowed, Stale
from bot.models import Match, Player, Takeback
from bot.service import repository
from bot.service.core import ServiceCore


class Takebacks(ServiceCore):
    async def takeback(self, channel_id: int, user: Player, via: str | None = None) -> Takeback:
        """Ask to take back one's last move in this channel's match, or accept the opponent's request."""
        now = self.clock()
        async with self._changing() as db:
            match = await self._active(db, channel_id, lock=True)
            result = await self._ask(db, match, user, now, via)
        self.deadlines_changed.set()
        return result

    async def takeback_at(self, match_id: int, user: Player, stamp: int, via: str | None = None) -> Takeback:
        """`takeback` from the button under the board of match `match_id` at `stamp` (Match.stamp)."""
        now = self.clock()
        async with self._changing() as db:
            match = await self._load_match(db, match_id, lock=True)
            self._open(match, stamp)
            result = await self._ask(db, match, user, now, via)
        self.deadlines_changed.set()
        return result

    async def answer_takeback(self, match_id: int, user: Player, stamp: int, accept: bool,
                              via: str | None = None) -> Takeback:
        """Accept or decline the request standing in match `match_id` at `stamp`, as the opponent."""
        now = self.clock()
        async with self._changing() as db:
            match = await self._load_match(db, match_id, lock=True)
            self._open(match, stamp, "That request has lapsed: the board has changed since.")
            seat = self._seat(match, user)
            if match.takeback is None:
                raise NotAllowed("There is no takeback request standing in this match.")
            if match.takeback == seat:
                raise NotAllowed(f"It is up to {match.seats[1 - seat].name} to answer your request.")
            if accept:
                result = await self._grant(db, match, match.takeback, await self._undone_by(db, match, match.takeback),
                                           now, via)
            else:
                await repository.ask_takeback(db, match.id, None)
                note = await self._note(db, "takeback-no", match.id, now, match_id=match.id,
                                        version=len(match.moves), seat=match.takeback, via=via)
                result = Takeback(replace(match, takeback=None, note=note), match.takeback, "declined")
        self.deadlines_changed.set()
        return result

    @staticmethod
    def _open(match: Match, stamp: int, stale: str = "The board has changed since.") -> None:
        if match.status != "active":
            raise NotAllowed("This match is over.")
        if match.stamp != stamp:
            raise Stale(stale)

    async def _ask(self, db: Tx, match: Match, user: Player, now: float, via: str | None) -> Takeback:
        if match.status != "active":
            raise NotAllowed("This match is over.")
        if len(match.seats) != 2:
            raise NotAllowed("Moves can only be taken back in two-player games.")
        seat = self._seat(match, user)
        other = match.seats[1 - seat]
        if match.takeback == 1 - seat:  # the opponent's request stands: this accepts it
            return await self._grant(db, match, 1 - seat, await self._undone_by(db, match, 1 - seat), now, via)
        if match.takeback == seat:
            raise NotAllowed(f"You have already asked to take your move back; it is up to {other.name}.")
        count = await self._undone_by(db, match, seat)  # refuses when there is nothing to take back
        if other.is_computer:
            return await self._grant(db, match, seat, count, now, via)
        await repository.ask_takeback(db, match.id, seat)
        note = await self._note(db, "takeback-ask", match.id, now, match_id=match.id, version=len(match.moves),
                                seat=seat, via=via)
        return Takeback(replace(match, takeback=seat, note=note), seat, "asked")

    async def _undone_by(self, db: Tx, match: Match, seat: int) -> int:
        """How many moves a takeback asked by `seat` takes back: its last move, and against the computer
        every reply since. NotAllowed when `seat` has no move of its own to take back."""
        movers = await repository.move_seats(db, match.id)
        if seat not in movers:
            raise NotAllowed("You have no move to take back yet.")
        last = len(movers) - 1 - movers[::-1].index(seat)
        if last != len(movers) - 1 and not match.seats[1 - seat].is_computer:
            raise NotAllowed(f"{match.seats[1 - seat].name} has moved since: only the last move can be taken back, "
                             "before the opponent replies.")
        return len(movers) - last

    async def _grant(self, db: Tx, match: Match, seat: int, count: int, now: float, via: str | None) -> Takeback:
        """Take back the last `count` moves, at the request of `seat`."""
        keep = len(match.moves) - count
        if not await repository.take_back(db, match.id, len(match.moves), keep, now + match.turn_seconds):
            raise Conflict("The match changed at the same moment; look at the board and try again.")
        left = set(await repository.note_ids(db, match.id))
        note = await self._note(db, "takeback", match.id, now, match_id=match.id, version=keep, seat=seat, via=via)
        after = await self._load_match(db, match.id)
        return Takeback(replace(after, note=note, earlier=tuple(n for n in match.earlier if n in left)), seat,
                        "granted", match.moves[keep:])
