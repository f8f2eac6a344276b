"""Takebacks in two-player matches: the player who just moved asks to take the move back, and the
opponent accepts or declines; the next move lets the request lapse. Against the computer a takeback is
granted at once and takes the computer's reply back too. The moves taken back leave the log, so the
position, the clocks, the history, the replays and the ratings only ever know the moves that stand."""
from __future__ import annotations

from dataclasses import replace

from bot.db import Tx
from bot.errors import Conflict, NotAllowed
from bot.models import Match, MatchStatus, NoticeKind, Player, Takeback
from bot.service import repository
from bot.service.checks import playing_seat, still_at
from bot.service.context import Context, Locked
from bot.service.timekeeping import restart
from i18n import N_, _


class Takebacks:
    """Takebacks asked, granted (at once against the computer), declined."""

    def __init__(self, context: Context):
        self.context = context
        self.notes = context.notes

    async def takeback(self, channel_id: int, user: Player, via: str | None = None) -> Takeback:
        """Ask to take back one's last move in this channel's match, or accept the opponent's request."""
        now = self.context.clock()
        async with self.notes.changing() as db:
            locked = await self.context.lock_active_match(db, channel_id)
            result = await self._ask(db, locked, user, now, via)
        self.context.deadlines_changed.set()
        return result

    async def takeback_at(self, match_id: int, user: Player, stamp: int, via: str | None = None) -> Takeback:
        """`takeback` from the button under the board of match `match_id` at `stamp` (Match.stamp)."""
        now = self.context.clock()
        async with self.notes.changing() as db:
            locked = await self.context.lock_match(db, match_id)
            still_at(locked.match, stamp)
            result = await self._ask(db, locked, user, now, via)
        self.context.deadlines_changed.set()
        return result

    async def answer_takeback(self, match_id: int, user: Player, stamp: int, accept: bool,
                              via: str | None = None) -> Takeback:
        """Accept or decline the request standing in match `match_id` at `stamp`, as the opponent."""
        now = self.context.clock()
        async with self.notes.changing() as db:
            locked = await self.context.lock_match(db, match_id)
            match = locked.match
            still_at(match, stamp, N_("That request has lapsed: the board has changed since."))
            seat = playing_seat(match, user)
            if match.takeback is None:
                raise NotAllowed(_("There is no takeback request standing in this match."))
            if match.takeback == seat:
                raise NotAllowed(_("It is up to {player} to answer your request.", player=match.seats[1 - seat].shown))
            if accept:
                result = await self._grant(db, locked, match.takeback,
                                           await self._undone_by(db, match, match.takeback), now, via)
            else:
                await repository.matches.ask_takeback(db, match.id, None)
                note = await self.notes.add(db, NoticeKind.TAKEBACK_NO, match.id, now, match_id=match.id,
                                            version=len(match.moves), seat=match.takeback, via=via)
                result = Takeback(replace(match, takeback=None), match.takeback, "declined", note=note,
                                  earlier=locked.unshown)
        self.context.deadlines_changed.set()
        return result

    async def _ask(self, db: Tx, locked: Locked, user: Player, now: float, via: str | None) -> Takeback:
        match = locked.match
        if match.status != MatchStatus.ACTIVE:
            raise NotAllowed(_("This match is over."))
        if len(match.seats) != 2:
            raise NotAllowed(_("Moves can only be taken back in two-player games."))
        seat = playing_seat(match, user)
        other = match.seats[1 - seat]
        if match.takeback == 1 - seat:  # the opponent's request stands: this accepts it
            return await self._grant(db, locked, 1 - seat, await self._undone_by(db, match, 1 - seat), now, via)
        if match.takeback == seat:
            raise NotAllowed(_("You have already asked to take your move back; it is up to {player}.", player=other.shown))
        count = await self._undone_by(db, match, seat)  # refuses when there is nothing to take back
        if other.is_computer:
            return await self._grant(db, locked, seat, count, now, via)
        await repository.matches.ask_takeback(db, match.id, seat)
        note = await self.notes.add(db, NoticeKind.TAKEBACK_ASK, match.id, now, match_id=match.id,
                                    version=len(match.moves), seat=seat, via=via)
        return Takeback(replace(match, takeback=seat), seat, "asked", note=note, earlier=locked.unshown)

    @staticmethod
    async def _undone_by(db: Tx, match: Match, seat: int) -> int:
        """How many moves a takeback asked by `seat` takes back: its last move, and against the computer
        every reply since. NotAllowed when `seat` has no move of its own to take back."""
        movers = await repository.matches.move_seats(db, match.id)
        if seat not in movers:
            raise NotAllowed(_("You have no move to take back yet."))
        last = len(movers) - 1 - movers[::-1].index(seat)
        if last != len(movers) - 1 and not match.seats[1 - seat].is_computer:
            raise NotAllowed(_("{player} has moved since: only the last move can be taken back, before the opponent "
                               "replies.", player=match.seats[1 - seat].shown))
        return len(movers) - last

    async def _grant(self, db: Tx, locked: Locked, seat: int, count: int, now: float, via: str | None) -> Takeback:
        """Take back the last `count` moves, at the request of `seat`: the notes of the changes taken back
        go with them, so only those of the moves that stand are still to be shown before this one."""
        match = locked.match
        keep = len(match.moves) - count
        if not await repository.matches.take_back(db, match.id, len(match.moves), keep, now + match.turn_seconds):
            raise Conflict(_("The match changed at the same moment; look at the board and try again."))
        left = set(await repository.outbox.note_ids(db, match.id))
        note = await self.notes.add(db, NoticeKind.TAKEBACK, match.id, now, match_id=match.id, version=keep, seat=seat,
                                    via=via)
        # Time spent stays spent: the clock that ran is charged up to now, and the seat to move again starts its own.
        after = await restart(db, await self.context.load_match(db, match.id), now)
        return Takeback(after, seat, "granted", match.moves[keep:], note=note,
                        earlier=tuple(n for n in locked.unshown if n in left))
