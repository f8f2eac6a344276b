"""Time: when the next thing is due, challenges that expire, players whose turn timer runs out, reminders
to players who have used most of a long turn, and a turn timer started again for a player told of their
turn late."""
from __future__ import annotations

from dataclasses import replace

from bot.db import DELIVERY_SECONDS
from bot.models import ChallengeChange, Expired, Match, MatchChange, MatchStatus, NoticeKind
from bot.service import repository
from bot.service.context import Context
from bot.service.results import leave
from bot.service.timekeeping import save
from rules import Cause


class Clocks:
    """What is due, expiries and time-outs."""

    def __init__(self, context: Context):
        self.context = context
        self.notes = context.notes

    async def next_deadline(self) -> float | None:
        """When the next challenge expires, the next turn timer runs out, a change not posted yet is
        overdue, or a tournament or its news needs the bot."""
        async with self.context.store.reading() as db:
            due = [await repository.timers.next_due(db), await repository.tournaments.next_due(db)]
        return min((t for t in due if t is not None), default=None)

    async def expire_due(self) -> Expired:
        """Close every challenge that expired and time out every player whose turn timer ran out. Each
        is claimed by one process only, when several share a PostgreSQL database. A player whose turn
        was never shown to them (its change still in the outbox) is not timed out meanwhile."""
        now = self.context.clock()
        async with self.notes.changing() as db:
            challenges = []
            for challenge_id in await repository.timers.expired_challenge_ids(db, now):
                await repository.challenges.expire_challenge(db, challenge_id, now)
                expired = await self.context.load_challenge(db, challenge_id)
                challenges.append(ChallengeChange(expired, await self.notes.add(db, NoticeKind.CHALLENGE, expired.id, now)))
            matches = []
            for match_id in await repository.timers.timed_out_match_ids(db, now):
                match = await self.context.load_match(db, match_id)
                if match.computer_to_move is not None:  # computers take no time: it moves once the bot runs
                    await repository.matches.set_deadline(db, match.id, now + match.turn_seconds)
                    continue
                seat = match.seat_to_move
                await leave(db, match, seat, Cause.TIME, match.seats[seat].name, now)
                left = await self.context.load_match(db, match.id)
                note = await self.notes.add(db, NoticeKind.TIMEOUT, match.id, now, match_id=match.id,
                                            version=len(match.moves), seat=seat)
                matches.append(MatchChange(left, note=note))
        await self.context.store.forget_deliveries(now - DELIVERY_SECONDS)
        return Expired(tuple(challenges), tuple(matches))

    async def reminders_due(self) -> list[MatchChange]:
        """The matches whose player to move has used most of a long turn (see
        repository.timers.REMIND_AFTER): each turn once, claimed by one process, with the outbox note of
        its reminder. A turn whose player is a computer, or has reminders off (or whose server has), is
        passed over for good."""
        now = self.context.clock()
        due = []
        async with self.notes.changing() as db:
            for match_id in await repository.timers.reminder_match_ids(db, now):
                match = await self.context.load_match(db, match_id)
                version, player = len(match.moves), match.to_move
                await repository.timers.set_reminded(db, match.id, version)
                if player is None or player.is_computer or not all(
                        await repository.players.reminder_settings(db, match.guild_id, player.id)):
                    continue
                note = await self.notes.add(db, NoticeKind.REMINDER, match.id, now, match_id=match.id, version=version,
                                            seat=match.state.to_move)
                due.append(MatchChange(match, note=note))
        return due

    async def low_time_due(self) -> list[MatchChange]:
        """The live matches whose player to move has just run low on time (see
        bot.game_clock.TimeControl.low_mark), each player once a match, claimed by one process, with the
        outbox note of the warning."""
        now = self.context.clock()
        due = []
        async with self.notes.changing() as db:
            for match_id in await repository.timers.low_time_match_ids(db, now):
                match = await self.context.load_match(db, match_id)
                seat = match.seat_to_move
                await repository.matches.set_warned(db, match.id, seat)
                note = await self.notes.add(db, NoticeKind.LOW_TIME, match.id, now, match_id=match.id,
                                            version=len(match.moves), seat=seat)
                due.append(MatchChange(match, note=note))
        return due

    async def shown_late(self, match: Match) -> Match:
        """The player to move was told only now (the change before their turn was shown late): their
        turn time starts again now (in a live match, their clock starts now), so that nobody loses on
        time without having been told."""
        if match.clock is not None:
            return await self.board_shown(match, self.context.clock())
        now = self.context.clock()
        async with self.notes.changing() as db:
            await repository.matches.restart_turn(db, match.id, len(match.moves), now + match.turn_seconds)
        self.context.deadlines_changed.set()
        return replace(match, deadline=max(match.deadline or now, now + match.turn_seconds))

    async def board_shown(self, match: Match, at: float) -> Match:
        """The board of a live match as `match` stands was shown at `at` (Discord's time of the message):
        the clock of the player to move starts then, not when the move before was stored, so the bot's
        own delay never costs them. Nothing changes if the match has moved on since; the match as it
        now stands (its clocks) is returned."""
        now = self.context.clock()
        at = min(at, now)
        async with self.notes.changing() as db:
            current = (await self.context.lock_match(db, match.id)).match
            clock = current.clock
            if current.stamp != match.stamp or clock is None or clock.since is None or clock.since >= at:
                return current
            current = await save(db, current, replace(clock, since=at))
        self.context.deadlines_changed.set()
        return current

    async def out_of_time(self, match_id: int) -> MatchChange | None:
        """End a live match whose player to move has run out of time by now (the console's matches,
        which no timer loop watches, are ended by it); None while they have time left."""
        now = self.context.clock()
        async with self.notes.changing() as db:
            match = (await self.context.lock_match(db, match_id)).match
            deadline = match.deadline if match.clock is not None and match.status == MatchStatus.ACTIVE else None
            if deadline is None or deadline > now:
                return None
            seat = match.seat_to_move
            await leave(db, match, seat, Cause.TIME, match.seats[seat].name, now)
            note = await self.notes.add(db, NoticeKind.TIMEOUT, match.id, now, match_id=match.id,
                                        version=len(match.moves), seat=seat)
            return MatchChange(await self.context.load_match(db, match.id), note=note)
