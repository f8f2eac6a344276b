"""What every part of the match service shares: its settings and state, the transaction a change runs
in (with the outbox note that says the change is to be shown), and challenges and matches as loaded
from the store, positions cached."""
from __future__ import annotations

import asyncio
import json
import random
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from bot.computer import ComputerPlayers
from bot.db import Row, Store, Tx
from bot.errors import NotFound
from bot.models import Challenge, Match, Player, RatingChange
from bot.service import repository
from bot.service.offered import Offered, Run
from bot.service.results import record_result
from games import GAMES
from rules import Cause, Outcome, State, ended
from rules.rebuild import rebuild

CHALLENGE_SECONDS = 15 * 60
TURN_SECONDS = 24 * 3600
STATE_CACHE = 512
STAND_IN = "medium"  # the computer that plays on for someone who left a game of more than two
NOTE_GRACE = 60.0  # seconds a change's poster has before another process (or a retry) posts it


class ServiceCore:
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
        suggest: Run | None = None,
    ):
        self.store = store
        self.note_grace = note_grace  # seconds a change's poster has before another process takes it over
        # Whether changes are committed with an outbox note for the adapter to post and clear (the
        # Discord bot); the console shows every change itself, before it asks for the next.
        self.notes = notes
        self.computers = computers or ComputerPlayers()
        # autocomplete's suggestions, read off the event loop by `suggest` where a position has many moves
        self.offered = Offered(suggest)
        self.clock = clock
        self.challenge_seconds = challenge_seconds
        self.turn_seconds = turn_seconds
        self.rng = rng or random.Random()
        self.deadlines_changed = asyncio.Event()
        self._states: OrderedDict[int, tuple[int, State, tuple[str, ...]]] = OrderedDict()  # by stamp
        self._shown: list[int] = []  # notes of changes shown, deleted with the next transaction
        self._boards: list[tuple[int, int, int]] = []  # boards posted (match, version, message), to remember
        self._flush: asyncio.Task | None = None
        self._jobs: dict = {}  # analyses under way in this process, by match (bot.service.analyses)

    @asynccontextmanager
    async def _changing(self) -> AsyncIterator[Tx]:
        """A transaction of the store that also deletes the notes of the changes shown since the last
        one: no commit of its own for them (on SQLite, one fsync a move instead of two)."""
        shown, self._shown = sorted(self._shown), []  # rows locked in one order by every process: no deadlock
        try:
            async with self.store.transaction() as db:
                if shown:
                    await repository.delete_notes(db, shown)
                yield db
        except BaseException:
            self._shown[:0] = shown  # rolled back with the change: deleted with the next one
            raise

    async def _note(self, db: Tx, kind: str, challenge_id: int, now: float, *, match_id: int | None = None,
                    version: int | None = None, seat: int | None = None, via: str | None = None) -> int | None:
        """Note in the outbox, in the change's own transaction, that the change is to be shown; the
        caller gets the note's id back with the change, posts it, and clears it (`posted`). `via`: the
        interaction whose first reply posts it, so that whoever takes the note over can tell whether
        that reply was made. The note says whether earlier changes of the match were not shown yet
        (`behind`: the match still has notes)."""
        if not self.notes:
            return None
        return await repository.add_note(db, kind=kind, challenge_id=challenge_id, match_id=match_id, version=version,
                                         seat=seat, via=via, due=now + self.note_grace, now=now)

    # ------------------------------------------------------------------ loading

    async def get_challenge(self, challenge_id: int) -> Challenge:
        async with self.store.reading() as db:
            return await self._load_challenge(db, challenge_id)

    async def get_match(self, match_id: int) -> Match:
        async with self.store.reading() as db:
            return await self._load_match(db, match_id)

    async def _load_challenge(self, db: Tx, challenge_id: int, *, lock: bool = False) -> Challenge:
        """The challenge; with `lock`, held until the transaction ends (the caller will change it)."""
        row = await repository.challenge_row(db, challenge_id, lock=lock)
        if row is None:
            raise NotFound("That challenge no longer exists.")
        people = await repository.challenge_players(db, challenge_id)
        players = [Player(r["user_id"], r["name"]) for r in people]
        invited = tuple(p for p, r in zip(players, people) if r["invited"])
        return Challenge(
            id=row["id"], guild_id=row["guild_id"], channel_id=row["channel_id"], game=row["game"],
            options=json.loads(row["options"]), players=row["players"], challenger=players[0],
            invited=invited, accepted=tuple(p for p, r in zip(players, people) if r["accepted"]),
            turn_seconds=row["turn_seconds"], status=row["status"], expires_at=row["expires_at"], seed=row["seed"],
            message_id=row["message_id"], closed_by=row["closed_by"],
            seating=tuple(json.loads(row["seating"])) if row["seating"] else (),
        )

    async def _active(self, db: Tx, channel_id: int, *, lock: bool = False) -> Match:
        """The channel's active match; with `lock`, as _load_match."""
        row = await repository.active_match_row(db, channel_id, lock=lock)
        if row is None:
            raise NotFound("There is no match in this channel. Start one with /challenge.")
        return await self._match(db, row)

    async def _load_match(self, db: Tx, match_id: int, *, lock: bool = False) -> Match:
        """The match; with `lock`, held until the transaction ends (the caller will change it), and with
        the notes of its changes not shown yet (`earlier`: the change to come is shown after them)."""
        row = await repository.match_row(db, match_id, lock=lock)
        if row is None:
            raise NotFound("That match no longer exists.")
        return await self._match(db, row)

    async def _match(self, db: Tx, row: Row) -> Match:
        """The match whose row is `row`: its seats, and its moves and position (from the cache when it
        holds them for the row's version, the number of moves played)."""
        match_id = row["id"]
        seat_rows = await repository.seat_rows(db, match_id)
        seats = tuple(Player(r["user_id"], r["name"]) for r in seat_rows)
        left = sorted((r["left_at"], r["seat"]) for r in seat_rows if r["left_at"] is not None)
        options = json.loads(row["options"])
        cached = self._states.get(match_id)
        undone = row["undone"]
        if cached is not None and cached[0] == row["version"] + 2 * undone:
            self._states.move_to_end(match_id)
            _, state, moves = cached
        else:
            moves = await repository.played_moves(db, match_id)
            state = rebuild(GAMES[row["game"]], len(seats), options, row["seed"], moves)
            self._cache(match_id, state, moves, undone)
        outcome = None
        changes: tuple[RatingChange, ...] = ()
        if row["status"] == "finished":
            places = tuple(frozenset(group) for group in json.loads(row["places"]))
            scores = [r["score"] for r in seat_rows]
            outcome = Outcome(places=places, scores=None if None in scores else tuple(scores), reason=row["reason"],
                              cause=Cause(row["cause"] or Cause.RULES))  # a row an older process finished has none
            state = ended(state, outcome)
            changes = tuple(
                RatingChange(r["seat"], seats[r["seat"]], r["rating_before"], r["rating_after"])
                for r in seat_rows if r["rating_before"] is not None
            )
        earlier: tuple[int, ...] = ()
        if "pending" in row.keys() and row["pending"] is not None:  # noqa: SIM118 (a sqlite3.Row is no dict)
            earlier = await repository.note_ids(db, match_id)
        return Match(
            id=match_id, guild_id=row["guild_id"], channel_id=row["channel_id"], game=row["game"],
            options=options, seed=row["seed"], seats=seats, state=state, status=row["status"],
            turn_seconds=row["turn_seconds"], deadline=row["deadline"], draw_offer=row["draw_offer"],
            moves=moves, outcome=outcome, ratings=changes, finished_at=row["finished_at"],
            stand_ins=tuple(r["stand_in"] for r in seat_rows), leavers=tuple(seat for _, seat in left),
            earlier=earlier, board_message=row["board_message"], takeback=row["takeback"], undone=undone,
        )

    def _cache(self, match_id: int, state: State, moves: tuple[str, ...], undone: int) -> None:
        """Keep the position after `moves`, with `undone` moves taken back before (the match's stamp)."""
        self._states[match_id] = (len(moves) + 2 * undone, state, moves)
        self._states.move_to_end(match_id)
        while len(self._states) > STATE_CACHE:
            self._states.popitem(last=False)

    # ------------------------------------------------------------------ leaving

    async def _leave(self, db: Tx, match: Match, seat: int, cause: Cause, name: str, now: float) -> Match:
        """The player of `seat` leaves (resigned, or ran out of time): a two-player match ends, and so
        does one with no other person left (the others ranked by the game's running score, where it keeps
        one); else a computer plays on for them."""
        stays = [p for p in match.people if p != match.seats[seat]]
        if len(match.seats) == 2 or not stays:
            leavers = match.leavers + (seat,)
            outcome = Outcome.left(cause, name, len(match.seats), leavers, match.state.scores)
            await record_result(db, match, outcome, now)
        else:
            await repository.stand_in(db, match.id, seat, STAND_IN, now)
            await repository.set_deadline(db, match.id, now + match.turn_seconds)
        return await self._load_match(db, match.id)

