"""What every part of the match service shares: its settings, the store and the
clock, the computer players, the outbox's bookkeeping (bot.service.notes), and challenges and matches
as loaded from the store, their positions kept in memory."""
from __future__ import annotations

import asyncio
import json
import random
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass

from bot.computer import ComputerPlayers
from bot.db import Row, Store, Tx
from bot.errors import NotFound
from bot.game_clock import GameClock, TimeControl
from bot.models import Challenge, ChallengeStatus, Match, MatchStatus, Player, RatingChange
from bot.service import repository
from bot.service.notes import NOTE_GRACE, Notes
from games import GAMES
from i18n import N_, _
from rules import Cause, Outcome, State, ended
from rules.core import Words
from rules.rebuild import rebuild

CHALLENGE_SECONDS = 15 * 60
TURN_SECONDS = 24 * 3600
STATE_CACHE = 512
NO_MATCH_HERE = N_("There is no match in this channel. Start one with /challenge.")


def game_clock(row: Row, seats: list[Row]) -> GameClock | None:
    """A match's game clocks from its row and its seats' rows (None: played by correspondence)."""
    if row["clock_seconds"] is None:
        return None
    return GameClock(TimeControl(row["clock_seconds"], row["clock_increment"]),
                     left=tuple(float(r["clock"] if r["clock"] is not None else 0.0) for r in seats),
                     running=row["clock_seat"], since=row["clock_since"], warned=tuple(bool(r["warned"]) for r in seats))


def read_words(stored: str | None) -> Words:
    """A finished match's reason's arguments as bot.service.results stored them (none for a match finished
    before they were kept: its reason is the whole sentence)."""
    return tuple((name, value) for name, value in json.loads(stored)) if stored else ()


@dataclass(frozen=True)
class Locked:
    """A match held until the transaction ends (the caller will change it), with the notes of its
    changes not shown yet, oldest first: the change to come is shown after them."""

    match: Match
    unshown: tuple[int, ...]


class Positions:
    """The latest position of recently loaded matches, by match and stamp (Match.stamp): a match whose
    stamp is not the one kept is replayed from its moves, so a position kept is never stale."""

    def __init__(self, size: int = STATE_CACHE):
        self.size = size
        self._kept: OrderedDict[int, tuple[int, State, tuple[str, ...]]] = OrderedDict()

    def get(self, match_id: int, stamp: int) -> tuple[State, tuple[str, ...]] | None:
        """The position and moves of match `match_id` at `stamp`, if kept."""
        kept = self._kept.get(match_id)
        if kept is None or kept[0] != stamp:
            return None
        self._kept.move_to_end(match_id)
        return kept[1], kept[2]

    def keep(self, match_id: int, stamp: int, state: State, moves: tuple[str, ...]) -> None:
        """Keep the position after `moves`, at `stamp`."""
        self._kept[match_id] = (stamp, state, moves)
        self._kept.move_to_end(match_id)
        while len(self._kept) > self.size:
            self._kept.popitem(last=False)

    def forget(self, match_id: int) -> None:
        self._kept.pop(match_id, None)

    def clear(self) -> None:
        self._kept.clear()


class Context:
    """The service's shared state, made once per MatchService and handed to each of its parts."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        challenge_seconds: int = CHALLENGE_SECONDS,
        turn_seconds: int = TURN_SECONDS,
        rng: random.Random | None = None,
        computers: ComputerPlayers | None = None,
        notes: bool = True,
        note_grace: float = NOTE_GRACE,
    ):
        self.store = store
        self.clock = clock
        self.challenge_seconds = challenge_seconds
        self.turn_seconds = turn_seconds
        self.rng = rng or random.Random()
        self.computers = computers or ComputerPlayers()
        self.notes = Notes(store, enabled=notes, grace=note_grace)
        self.positions = Positions()
        self.deadlines_changed = asyncio.Event()  # set by every change that may move the next deadline

    # ------------------------------------------------------------------ challenges

    async def get_challenge(self, challenge_id: int) -> Challenge:
        async with self.store.reading() as db:
            return await self.load_challenge(db, challenge_id)

    async def load_challenge(self, db: Tx, challenge_id: int) -> Challenge:
        return await self._challenge(db, challenge_id, await repository.challenges.challenge_row(db, challenge_id))

    async def lock_challenge(self, db: Tx, challenge_id: int) -> Challenge:
        """The challenge, held until the transaction ends (the caller will change it)."""
        return await self._challenge(db, challenge_id,
                                     await repository.challenges.locked_challenge_row(db, challenge_id))

    async def _challenge(self, db: Tx, challenge_id: int, row: Row | None) -> Challenge:
        if row is None:
            raise NotFound(_("That challenge no longer exists."))
        people = await repository.challenges.challenge_players(db, challenge_id)
        players = [Player(r["user_id"], r["name"]) for r in people]
        invited = tuple(p for p, r in zip(players, people) if r["invited"])
        return Challenge(
            id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"], game=row["game"],
            options=json.loads(row["options"]), players=row["players"], challenger=players[0],
            invited=invited, accepted=tuple(p for p, r in zip(players, people) if r["accepted"]),
            turn_seconds=row["turn_seconds"], status=ChallengeStatus(row["status"]), expires_at=row["expires_at"],
            seed=row["seed"], message_id=row["message_id"], closed_by=row["closed_by"],
            seating=tuple(json.loads(row["seating"])) if row["seating"] else (),
            clock=None if row["clock_seconds"] is None else TimeControl(row["clock_seconds"], row["clock_increment"]),
        )

    # ------------------------------------------------------------------ matches

    async def get_match(self, match_id: int) -> Match:
        async with self.store.reading() as db:
            return await self.load_match(db, match_id)

    async def load_match(self, db: Tx, match_id: int) -> Match:
        row = await repository.matches.match_row(db, match_id)
        if row is None:
            raise NotFound(_("That match no longer exists."))
        return await self._match(db, row)

    async def lock_match(self, db: Tx, match_id: int) -> Locked:
        """The match, held until the transaction ends, with its notes not shown yet."""
        locked = await repository.matches.locked_match(db, match_id)
        if locked is None:
            raise NotFound(_("That match no longer exists."))
        return Locked(await self._match(db, locked.row), locked.unshown)

    async def active_match(self, db: Tx, channel_id: int) -> Match:
        """The channel's active match."""
        row = await repository.matches.active_match_row(db, channel_id)
        if row is None:
            raise NotFound(_(NO_MATCH_HERE))
        return await self._match(db, row)

    async def lock_active_match(self, db: Tx, channel_id: int) -> Locked:
        """The channel's active match, as lock_match."""
        locked = await repository.matches.locked_active_match(db, channel_id)
        if locked is None:
            raise NotFound(_(NO_MATCH_HERE))
        return Locked(await self._match(db, locked.row), locked.unshown)

    async def _match(self, db: Tx, row: Row) -> Match:
        """The match whose row is `row`: its seats, and its moves and position (kept in memory for the
        row's stamp, or replayed)."""
        match_id = row["id"]
        seat_rows = await repository.matches.seat_rows(db, match_id)
        seats = tuple(Player(r["user_id"], r["name"]) for r in seat_rows)
        left = sorted((r["left_at"], r["seat"]) for r in seat_rows if r["left_at"] is not None)
        options = json.loads(row["options"])
        stamp = row["stamp"]
        kept = self.positions.get(match_id, stamp)
        if kept is not None:
            state, moves = kept
        else:
            moves = await repository.matches.played_moves(db, match_id)
            state = rebuild(GAMES[row["game"]], len(seats), options, row["seed"], moves)
            self.positions.keep(match_id, stamp, state, moves)
        status = MatchStatus(row["status"])
        outcome = None
        changes: tuple[RatingChange, ...] = ()
        if status == MatchStatus.FINISHED:
            places = tuple(frozenset(group) for group in json.loads(row["places"]))
            scores = [r["score"] for r in seat_rows]
            outcome = Outcome(places=places, scores=None if None in scores else tuple(scores), reason=row["reason"],
                              cause=Cause(row["cause"] or Cause.RULES),  # a row an older process finished has none
                              words=read_words(row["reason_words"]))
            state = ended(state, outcome)
            changes = tuple(
                RatingChange(r["seat"], seats[r["seat"]], r["rating_before"], r["rating_after"])
                for r in seat_rows if r["rating_before"] is not None
            )
        return Match(
            id=match_id, guild_id=row["guild_id"], channel_id=row["channel_id"], game=row["game"],
            options=options, seed=row["seed"], seats=seats, state=state, status=status,
            turn_seconds=row["turn_seconds"], deadline=row["deadline"], draw_offer=row["draw_offer"],
            moves=moves, outcome=outcome, ratings=changes, finished_at=row["finished_at"],
            stand_ins=tuple(r["stand_in"] for r in seat_rows), leavers=tuple(seat for _left_at, seat in left),
            board_message=row["board_message"], takeback=row["takeback"], undone=row["undone"], stamp=stamp,
            tournament_id=row["tournament_id"], tournament_round=row["tournament_round"], rated=bool(row["rated"]),
            clock=game_clock(row, seat_rows), ping_message=row["ping_message"],
        )
