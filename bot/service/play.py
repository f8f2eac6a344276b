"""Playing a match: the matches of a channel or server, moves by people (typed, or built on a panel)
and by computers, and a match ended by resigning, an agreed draw, or abandoning it."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot.computer import seed_for, waiting
from bot.db import Tx
from bot.errors import Conflict, NotAllowed, NotFound
from bot.models import DrawOffer, Match, MatchChange, MatchStatus, MoveResult, NoticeKind, Player
from bot.move_list import PlayedMove
from bot.service import repository
from bot.service.checks import mover_seat, playing_seat
from bot.service.context import Context, Locked
from bot.service.offered import Offered, Run
from bot.service.results import leave, record_result
from bot.service.suggestions import refusal
from bot.service.timekeeping import running_seat, turn_deadline
from games import level_budget
from i18n import _
from rules import Cause, IllegalMove, Outcome
from rules.parts import Branch, unlabel


class Play:
    """Moves by people and computers, resigning, draws, abandoning. `suggest` reads autocomplete's long
    lists off the event loop (bot.service.offered.Offered)."""

    def __init__(self, context: Context, suggest: Run | None = None):
        self.context = context
        self.notes = context.notes
        # autocomplete's suggestions, read off the event loop by `suggest` where a position has many moves
        self.offered = Offered(suggest)

    async def current(self, channel_id: int) -> Match:
        """The active match in this channel."""
        async with self.context.store.reading() as db:
            return await self.context.active_match(db, channel_id)

    async def latest(self, channel_id: int) -> Match:
        """The active match in this channel, or else the one that finished last."""
        async with self.context.store.reading() as db:
            match_id = await repository.matches.latest_match_id(db, channel_id)
            if match_id is None:
                raise NotFound(_("No match has been played in this channel yet. Start one with /challenge."))
            return await self.context.load_match(db, match_id)

    async def active_matches(self, guild_id: int) -> list[Match]:
        """The matches being played in a server, the one moved in last first (a match without moves
        counts from its start)."""
        async with self.context.store.reading() as db:
            return [await self.context.load_match(db, match_id)
                    for match_id in await repository.matches.active_match_ids(db, guild_id)]

    # ------------------------------------------------------------------ moves

    async def move(self, channel_id: int, user: Player, notation: str, via: str | None = None,
                   received: float | None = None) -> MoveResult:
        """Play a move; it counts once this returns (the transaction has committed). `received`: when
        the move reached the bot's platform (Discord's time of the interaction), what a live match's
        clock is charged up to (default: now)."""
        now = self.context.clock()
        async with self.notes.changing() as db:
            locked = await self.context.lock_active_match(db, channel_id)
            seat = mover_seat(locked.match, user)
            result = await self._apply(db, locked, seat, unlabel(locked.match.state, notation), now, via, received)
        self.context.deadlines_changed.set()
        return result

    async def builder(self, match_id: int, user: Player, stamp: int | None = None) -> Match:
        """The match a Move button belongs to, when `user` is the one to move in it (and, for a panel
        made at `stamp` (Match.stamp), Stale if the board has changed since)."""
        match = await self.context.get_match(match_id)
        mover_seat(match, user, stamp)
        return match

    async def move_at(self, match_id: int, user: Player, notation: str, stamp: int, via: str | None = None,
                      received: float | None = None) -> MoveResult:
        """Play a move built for match `match_id` at `stamp` (Match.stamp); Stale if the board has
        changed since (a move played or taken back). `received` as for `move`."""
        now = self.context.clock()
        async with self.notes.changing() as db:
            locked = await self.context.lock_match(db, match_id)
            seat = mover_seat(locked.match, user, stamp)
            result = await self._apply(db, locked, seat, notation, now, via, received)
        self.context.deadlines_changed.set()
        return result

    async def _apply(self, db: Tx, locked: Locked, seat: int, notation: str, now: float,
                     via: str | None = None, received: float | None = None) -> MoveResult:
        """Play the move in the caller's transaction, with its outbox note. In a live match the mover's
        clock is charged up to `received` (never later than now), and a move received once it ran out
        is refused (the timer loop ends the match)."""
        match = locked.match
        state = match.state
        heard = now if received is None else min(now, received)
        clock = match.clock
        if clock is not None and clock.running == seat and turn_deadline(match, clock) is not None \
                and clock.time_left(seat, heard) <= 0:
            self.context.deadlines_changed.set()
            raise NotAllowed(_("Your clock has run out: the game is lost on time."))
        try:
            after = state.play(notation)
        except IllegalMove as error:
            raise refusal(state, notation, error) from None
        canonical = after.last.notation if after.last else notation
        version = len(match.moves)
        offer = match.draw_offer if match.draw_offer == seat else None
        deadline = None if after.outcome else now + match.turn_seconds
        if clock is not None:
            clock = clock.moved(seat, heard).started(running_seat(match, after), now)
            deadline = turn_deadline(match, clock)
        # The match row first: a second process playing on the same version waits for this one's
        # commit, then changes nothing (and says so) instead of tripping over the move's key.
        if await repository.matches.advance(db, match.id, version, deadline, offer) != 1:
            raise Conflict(_("The match changed at the same moment; look at the board and try again."))
        await repository.matches.add_move(db, match.id, version, seat, canonical, now)
        if clock is not None:
            await repository.matches.save_clock(db, match.id, clock, deadline)
        note = await self.notes.add(db, NoticeKind.MOVE, match.id, now, match_id=match.id, version=version + 1,
                                    seat=seat, via=via)
        moves = match.moves + (canonical,)
        stamp = match.stamp + 1  # as repository.matches.advance stored it
        self.context.positions.keep(match.id, stamp, after, moves)
        if after.outcome is None:  # nothing else changed: no need to read the match again
            played = replace(match, state=after, moves=moves, deadline=deadline, draw_offer=offer, stamp=stamp,
                             clock=clock)
        else:
            await record_result(db, match, after.outcome, now)
            played = await self.context.load_match(db, match.id)
        return MoveResult(played, seat, canonical, note=note, earlier=locked.unshown)

    async def move_choices(self, channel_id: int, user_id: int, typed: str = "", limit: int = 25) -> list[Branch]:
        """What autocomplete offers the user for what they typed: nothing unless it is their turn."""
        try:
            match = await self.current(channel_id)
        except NotFound:
            return []
        seat = match.seat_of(user_id)
        if seat is None or match.state.to_move != seat:
            return []
        return await self.offered.branches(match, typed, limit)

    async def legal_moves(self, channel_id: int, user_id: int, typed: str = "", limit: int = 25) -> list[str]:
        """The values of move_choices: legal moves, or the starts of several."""
        return [branch.value for branch in await self.move_choices(channel_id, user_id, typed, limit)]

    async def moves_played(self, match: Match) -> list[PlayedMove]:
        """The match's moves as its move list shows them: numbered, each with who played it (a seat's
        moves after its player left are the computer's that stood in)."""
        async with self.context.store.reading() as db:
            rows = await repository.matches.played(db, match.id)
            left = await repository.analyses.left_plies(db, match.id)
        names = match.names

        def player(seat: int, ply: int) -> str:
            gone = left[seat] if seat < len(left) else None
            return names[seat] if gone is not None and ply >= gone else match.seats[seat].shown

        return [PlayedMove(row["ply"] + 1, row["seat"], row["notation"], player(row["seat"], row["ply"])) for row in rows]

    async def live_ping(self, match_id: int, message_id: int | None) -> int | None:
        """Remember `message_id` as the live match's message pinging its player to move; the one it
        replaces (to be deleted), if any."""
        async with self.context.store.transaction() as db:
            row = await repository.matches.match_row(db, match_id)
            await repository.matches.set_ping_message(db, match_id, message_id)
        return None if row is None or row["ping_message"] == message_id else row["ping_message"]

    # ------------------------------------------------------------------ computer players

    async def computer_turns_due(self) -> list[int]:
        """The ids of the active matches in which a computer is to move."""
        return [match.id for match in await self.computers_to_move()]

    async def computers_to_move(self) -> list[Match]:
        """The active matches in which a computer is to move (after a restart, those it owes). A match
        whose last change is still to be posted is not one of them: its computer moves once that change
        is shown, in order."""
        async with self.context.store.reading() as db:
            matches = [await self.context.load_match(db, match_id)
                       for match_id in await repository.matches.computer_match_ids(db)]
        return [match for match in matches if match.computer_to_move is not None]

    async def computer_move(self, match_id: int, thinking: Callable[[], Awaitable[None]] | None = None) -> MoveResult | None:
        """Let the computer to move in this match choose and play its move. The search runs in a worker
        process; None when no computer is to move (any more: the match may have changed meanwhile), or
        when another process is already thinking on this match (the store's claim: one at a time).
        `thinking` is awaited once the turn is this process's, before the search."""
        async with self.context.store.claim(match_id) as mine:
            if not mine:
                return None
            match = await self.context.get_match(match_id)
            level = match.computer_to_move
            if level is None:
                return None
            if thinking is not None:
                await thinking()
            effort = 1.0 if match.clock is None else \
                match.clock.effort(match.seat_to_move, level_budget(match.game, level).seconds)
            move = await self.context.computers.choose(match.state, level, seed_for(match.seed, len(match.moves)),
                                                       waiting(match), effort)
            now = self.context.clock()
            try:
                async with self.notes.changing() as db:
                    locked = await self.context.lock_match(db, match_id)
                    current = locked.match
                    if current.status != MatchStatus.ACTIVE or current.stamp != match.stamp:
                        return None
                    result = await self._apply(db, locked, current.seat_to_move, move, now)
            except Conflict:
                return None
        self.context.deadlines_changed.set()
        return result

    # ------------------------------------------------------------------ endings

    async def resign(self, channel_id: int, user: Player, via: str | None = None) -> MatchChange:
        """Give up: a two-player match ends; in a game of more than two a computer plays on for the
        player, who will be placed last (the match ends if no person is left playing)."""
        now = self.context.clock()
        async with self.notes.changing() as db:
            locked = await self.context.lock_active_match(db, channel_id)
            match = locked.match
            seat = playing_seat(match, user)
            await leave(db, match, seat, Cause.RESIGNATION, user.name, now)
            left = await self.context.load_match(db, match.id)
            note = await self.notes.add(db, NoticeKind.RESIGN, match.id, now, match_id=match.id,
                                        version=len(match.moves), seat=seat, via=via)
            return MatchChange(left, note=note, earlier=locked.unshown)

    async def draw(self, channel_id: int, user: Player, via: str | None = None) -> DrawOffer | MatchChange:
        """Offer a draw (a DrawOffer), or accept the opponent's standing offer (which ends the match)."""
        now = self.context.clock()
        async with self.notes.changing() as db:
            locked = await self.context.lock_active_match(db, channel_id)
            match = locked.match
            seat = playing_seat(match, user)
            if len(match.seats) != 2:
                raise NotAllowed(_("Draws can only be agreed in two-player games."))
            if match.draw_offer == seat:
                raise NotAllowed(_("You have already offered a draw; it is up to {player}.", player=match.seats[1 - seat].shown))
            kind = NoticeKind.OFFER if match.draw_offer is None else NoticeKind.DRAW
            note = await self.notes.add(db, kind, match.id, now, match_id=match.id, version=len(match.moves), seat=seat,
                                        via=via)
            if kind == NoticeKind.OFFER:
                await repository.matches.offer_draw(db, match.id, seat)
                return DrawOffer(await self.context.load_match(db, match.id), seat, note=note, earlier=locked.unshown)
            await record_result(db, match, Outcome.agreed_draw(), now)
            return MatchChange(await self.context.load_match(db, match.id), note=note, earlier=locked.unshown)

    async def abandon(self, match_id: int, user: Player) -> Match:
        """End an active match without a result, at the wish of `user`, a person playing in it: nobody
        is rated and no record counts it. The match is removed (its moves, seats and notes) and its
        challenge closed as withdrawn by `user`. Returns the match as it stood."""
        now = self.context.clock()
        async with self.notes.changing() as db:
            match = (await self.context.lock_match(db, match_id)).match
            if match.status != MatchStatus.ACTIVE:
                raise NotAllowed(_("This match is over."))
            if user.is_computer:
                raise NotAllowed(_("Only a person playing in a match can abandon it."))
            playing_seat(match, user)
            if match.tournament_id is not None:
                raise NotAllowed(_("A tournament's game cannot be abandoned: resign it, or leave the tournament."))
            await repository.matches.delete_match(db, match_id)
            await repository.challenges.withdraw_challenge(db, match_id, now, user.id)
        self.context.positions.forget(match_id)
        self.context.deadlines_changed.set()
        return match
