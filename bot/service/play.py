"""Playing a match: the matches of a channel or server, moves by people (typed, or built on a panel)
and by computers, and a match ended by resigning, an agreed draw, or abandoning it."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot.computer import seed_for, waiting
from bot.db import Tx
from bot.errors import Conflict, NotAllowed, NotFound, Stale
from bot.models import DrawOffer, Match, MoveResult, Player
from bot.service import repository
from bot.service.core import ServiceCore
from bot.service.results import record_result
from bot.service.suggestions import refusal
from rules import Cause, IllegalMove, Outcome
from rules.parts import Branch, unlabel


class Play(ServiceCore):
    async def current(self, channel_id: int) -> Match:
        """The active match in this channel."""
        async with self.store.reading() as db:
            return await self._active(db, channel_id)

    async def latest(self, channel_id: int) -> Match:
        """The active match in this channel, or else the one that finished last."""
        async with self.store.reading() as db:
            match_id = await repository.latest_match_id(db, channel_id)
            if match_id is None:
                raise NotFound("No match has been played in this channel yet. Start one with /challenge.")
            return await self._load_match(db, match_id)

    async def active_matches(self, guild_id: int) -> list[Match]:
        """The matches being played in a server, the one moved in last first (a match without moves
        counts from its start)."""
        async with self.store.reading() as db:
            return [await self._load_match(db, match_id) for match_id in await repository.active_match_ids(db, guild_id)]

    # ------------------------------------------------------------------ moves

    async def move(self, channel_id: int, user: Player, notation: str, via: str | None = None) -> MoveResult:
        """Play a move; it counts once this returns (the transaction has committed)."""
        now = self.clock()
        async with self._changing() as db:
            match = await self._active(db, channel_id, lock=True)
            seat = self._mover(match, user)
            result = await self._apply(db, match, seat, unlabel(match.state, notation), now, via)
        self.deadlines_changed.set()
        return result

    async def builder(self, match_id: int, user: Player, stamp: int | None = None) -> Match:
        """The match a Move button belongs to, when `user` is the one to move in it (and, for a panel
        made at `stamp` (Match.stamp), Stale if the board has changed since)."""
        async with self.store.reading() as db:
            match = await self._load_match(db, match_id)
        self._mover(match, user, stamp)
        return match

    async def move_at(self, match_id: int, user: Player, notation: str, stamp: int, via: str | None = None) -> MoveResult:
        """Play a move built for match `match_id` at `stamp` (Match.stamp); Stale if the board has
        changed since (a move played or taken back)."""
        now = self.clock()
        async with self._changing() as db:
            match = await self._load_match(db, match_id, lock=True)
            seat = self._mover(match, user, stamp)
            result = await self._apply(db, match, seat, notation, now, via)
        self.deadlines_changed.set()
        return result

    def _mover(self, match: Match, user: Player, stamp: int | None = None) -> int:
        """The seat of `user`, who must be the one to move in the active `match` (Stale first if the
        request was made at `stamp` and the board has changed since)."""
        if match.status != "active":
            raise NotAllowed("This match is over.")
        if stamp is not None and match.stamp != stamp:
            raise Stale("The board has changed since this panel opened.")
        if match.seat_of(user.id) is None:
            raise NotAllowed(f"You are not playing in this match: it is {match.to_move.name}'s turn.")
        seat = self._seat(match, user)
        if match.state.to_move != seat:
            raise NotAllowed(f"It's not your turn: {match.to_move.name} is to move.")
        return seat

    @staticmethod
    def _seat(match: Match, user: Player) -> int:
        seat = match.seat_of(user.id)
        if seat is None:
            raise NotAllowed("You are not playing in this match.")
        if match.stand_in(seat) is not None:
            raise NotAllowed("You left this match: a computer plays your seat now.")
        return seat

    async def _apply(self, db: Tx, match: Match, seat: int, notation: str, now: float,
                     via: str | None = None) -> MoveResult:
        """Play the move in the caller's transaction, with its outbox note."""
        state = match.state
        try:
            after = state.play(notation)
        except IllegalMove as error:
            raise refusal(state, notation, error) from None
        canonical = after.last.notation if after.last else notation
        version = len(match.moves)
        offer = match.draw_offer if match.draw_offer == seat else None
        deadline = None if after.outcome else now + match.turn_seconds
        # The match row first: a second process playing on the same version waits for this one's
        # commit, then changes nothing (and says so) instead of tripping over the move's key.
        if await repository.advance(db, match.id, version, deadline, offer) != 1:
            raise Conflict("The match changed at the same moment; look at the board and try again.")
        await repository.add_move(db, match.id, version, seat, canonical, now)
        note = await self._note(db, "move", match.id, now, match_id=match.id, version=version + 1, seat=seat, via=via)
        moves = match.moves + (canonical,)
        self._cache(match.id, after, moves, match.undone)
        if after.outcome is None:  # nothing else changed: no need to read the match again
            played = replace(match, state=after, moves=moves, deadline=deadline, draw_offer=offer)
        else:
            await record_result(db, match, after.outcome, now)
            played = await self._load_match(db, match.id)
        return MoveResult(match=replace(played, note=note, earlier=match.earlier), seat=seat, notation=canonical)

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

    # ------------------------------------------------------------------ computer players

    async def computer_turns_due(self) -> list[int]:
        """The ids of the active matches in which a computer is to move."""
        return [match.id for match in await self.computers_to_move()]

    async def computers_to_move(self) -> list[Match]:
        """The active matches in which a computer is to move (after a restart, those it owes). A match
        whose last change is still to be posted is not one of them: its computer moves once that change
        is shown, in order."""
        async with self.store.reading() as db:
            matches = [await self._load_match(db, match_id) for match_id in await repository.computer_match_ids(db)]
        return [match for match in matches if match.computer_to_move is not None]

    async def computer_move(self, match_id: int, thinking: Callable[[], Awaitable[None]] | None = None) -> MoveResult | None:
        """Let the computer to move in this match choose and play its move. The search runs in a worker
        process; None when no computer is to move (any more: the match may have changed meanwhile), or
        when another process is already thinking on this match (the store's claim: one at a time).
        `thinking` is awaited once the turn is this process's, before the search."""
        async with self.store.claim(match_id) as mine:
            if not mine:
                return None
            match = await self.get_match(match_id)
            level = match.computer_to_move
            if level is None:
                return None
            if thinking is not None:
                await thinking()
            move = await self.computers.choose(match.state, level, seed_for(match.seed, len(match.moves)), waiting(match))
            now = self.clock()
            try:
                async with self._changing() as db:
                    current = await self._load_match(db, match_id, lock=True)
                    if current.status != "active" or current.stamp != match.stamp:
                        return None
                    result = await self._apply(db, current, current.state.to_move, move, now)
            except Conflict:
                return None
        self.deadlines_changed.set()
        return result

    # ------------------------------------------------------------------ endings

    async def resign(self, channel_id: int, user: Player, via: str | None = None) -> Match:
        """Give up: a two-player match ends; in a game of more than two a computer plays on for the
        player, who will be placed last (the match ends if no person is left playing)."""
        now = self.clock()
        async with self._changing() as db:
            match = await self._active(db, channel_id, lock=True)
            seat = self._seat(match, user)
            left = await self._leave(db, match, seat, Cause.RESIGNATION, user.name, now)
            return replace(left, note=await self._note(db, "resign", match.id, now, match_id=match.id,
                                                       version=len(match.moves), seat=seat, via=via),
                           earlier=match.earlier)

    async def draw(self, channel_id: int, user: Player, via: str | None = None) -> DrawOffer | Match:
        """Offer a draw, or accept the opponent's standing offer (which ends the match)."""
        now = self.clock()
        async with self._changing() as db:
            match = await self._active(db, channel_id, lock=True)
            seat = self._seat(match, user)
            if len(match.seats) != 2:
                raise NotAllowed("Draws can only be agreed in two-player games.")
            if match.draw_offer == seat:
                raise NotAllowed(f"You have already offered a draw; it is up to {match.seats[1 - seat].name}.")
            kind = "offer" if match.draw_offer is None else "draw"
            note = await self._note(db, kind, match.id, now, match_id=match.id, version=len(match.moves), seat=seat,
                                    via=via)
            if kind == "offer":
                await repository.offer_draw(db, match.id, seat)
                return DrawOffer(match=replace(await self._load_match(db, match.id), note=note, earlier=match.earlier),
                                 seat=seat)
            await record_result(db, match, Outcome.agreed_draw(), now)
            return replace(await self._load_match(db, match.id), note=note, earlier=match.earlier)

    async def abandon(self, match_id: int, user: Player) -> Match:
        """End an active match without a result, at the wish of `user`, a person playing in it: nobody
        is rated and no record counts it. The match is removed (its moves, seats and notes) and its
        challenge closed as withdrawn by `user`. Returns the match as it stood."""
        now = self.clock()
        async with self._changing() as db:
            match = await self._load_match(db, match_id, lock=True)
            if match.status != "active":
                raise NotAllowed("This match is over.")
            if user.is_computer:
                raise NotAllowed("Only a person playing in a match can abandon it.")
            self._seat(match, user)
            await repository.delete_match(db, match_id)
            await repository.withdraw_challenge(db, match_id, now, user.id)
        self._states.pop(match_id, None)
        self.deadlines_changed.set()
        return match
