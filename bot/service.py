"""The match service: the life of challenges and matches, with no knowledge of Discord.

Adapters call it with plain ids and get plain values back (bot.models). Every change is one SQLite
transaction, taken under the store's lock, that re-reads what it depends on: two requests for the
same match are applied one after the other, and the second sees what the first did.
"""
from __future__ import annotations

import asyncio
import json
import logging
import random
import re
import time
from collections import OrderedDict
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace
from typing import Any

from bot import ratings as glicko
from bot.computer import ComputerPlayers, seed_for
from bot.errors import Conflict, Duplicate, NotAllowed, NotFound, Stale
from bot.models import (
    COMPUTER_LEVELS,
    LOCAL_GUILD,
    SIDES,
    Challenge,
    DrawOffer,
    Expired,
    Match,
    MoveResult,
    Notice,
    Player,
    RatingChange,
    Standing,
    computer,
    dumps,
)
from bot.store import DELIVERY_SECONDS, Row, Store, Tx
from rules import GAMES, BadOptions, Game, IllegalMove, Outcome, State, ended
from rules.core import Cause, counted
from rules.parts import Branch, branches, compact, is_partial, move_parts, unlabel

log = logging.getLogger(__name__)

CHALLENGE_SECONDS = 15 * 60
TURN_SECONDS = 24 * 3600
MIN_TURN_SECONDS = 60
MAX_TURN_SECONDS = 14 * 24 * 3600
STATE_CACHE = 512
STAND_IN = "medium"  # the computer that plays on for someone who left a game of more than two
NOTE_GRACE = 60.0  # seconds a change's poster has before another process (or a retry) posts it
SHOWN_FLUSH = 0.25  # seconds at most before the notes of changes shown are deleted, with no change to ride on
# A match about to change, with the first of its outbox notes (changes not shown yet), if any.
CHANGING = "SELECT m.*, (SELECT min(o.id) FROM outbox o WHERE o.match_id = m.id) AS pending FROM matches m"
CHANNEL_HAS_CHALLENGE = ("There is already an open challenge here: answer it first, or challenge from the channel,"
                         " where a new match gets a thread of its own.")


def current_scores(state: State) -> tuple[int, ...] | None:
    """The running score of each seat, where the game keeps one."""
    return getattr(state, "scores", None)


def leavers_last(outcome: Outcome, leavers: Sequence[int]) -> Outcome:
    """A result with the players who left moved below everyone, the first to leave last."""
    if not leavers:
        return outcome
    kept = tuple(group - set(leavers) for group in outcome.places)
    places = tuple(g for g in kept if g) + tuple(frozenset({s}) for s in reversed(leavers))
    return replace(outcome, places=places)


def most_players(rules: Game, options: Mapping[str, Any], seed: int) -> int:
    """The seats of an open challenge nobody was named for: as many as the game and its options allow
    (the challenger may start early with fewer)."""
    for players in reversed(rules.players):
        try:
            rules.start(players, options, seed)
        except BadOptions:
            continue
        return players
    return rules.players.start  # no count works: the caller's start() names the problem


TYPED_SEPARATOR = re.compile(r"[\s\-:,>]")


def suggestions(state: State, typed: str, limit: int = 25) -> list[Branch]:
    """What to offer for what a player typed, best first. While few moves match, the moves themselves:
    the one it already names in any accepted spelling ("c3a1" for "a1-c3"), then moves that start like
    it, then, while it is a single word, moves with a later part that starts like it ("c3" offers
    "a1-c3"; "c3-" only moves from c3). When more match than fit, the next parts instead ("c1 …"), so a
    move of many parts is built a part at a time (rules.parts)."""
    typed = unlabel(state, typed)
    wanted = compact(typed)
    try:
        named = state.play(typed).last.notation if wanted else None
    except IllegalMove:
        named = None
    one_word = not TYPED_SEPARATOR.search(typed.strip())
    moves = state.legal_moves()

    def rank(move: str) -> int | None:
        if move == named:
            return 0
        parts = [compact(part) for part in move_parts(state, move)]
        if "".join(parts).startswith(wanted) or compact(move).startswith(wanted):
            return 1
        if one_word and any("".join(parts[k:]).startswith(wanted) for k in range(1, len(parts))):
            return 2
        return None

    ranks = [(rank(move), i, move) for i, move in enumerate(moves)]
    ranked = [move for r, _, move in sorted(found for found in ranks if found[0] is not None)]
    if len(ranked) > limit and (tree := branches(state, typed, moves)):
        first = [Branch(named, True, 1, named)] if named else []
        return (first + [b for b in tree if not (b.complete and b.value == named)])[:limit]
    return [Branch(move, True, 1, move) for move in ranked[:limit]]


def refusal(state: State, typed: str, error: IllegalMove) -> IllegalMove:
    """The error to show for a move that was refused: a move left half-built says so."""
    if is_partial(state, typed):
        return IllegalMove(f"{typed.strip()} is only the start of a move: add the rest, or pick it from the suggestions")
    return error


class MatchService:
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
        self.note_grace = note_grace  # seconds a change's poster has before another process takes it over
        # Whether changes are committed with an outbox note for the adapter to post and clear (the
        # Discord bot); the console shows every change itself, before it asks for the next.
        self.notes = notes
        self.computers = computers or ComputerPlayers()
        self.clock = clock
        self.challenge_seconds = challenge_seconds
        self.turn_seconds = turn_seconds
        self.rng = rng or random.Random()
        self.deadlines_changed = asyncio.Event()
        self._states: OrderedDict[int, tuple[int, State, tuple[str, ...]]] = OrderedDict()
        self._shown: list[int] = []  # notes of changes shown, deleted with the next transaction
        self._flush: asyncio.Task | None = None

    @asynccontextmanager
    async def _changing(self) -> AsyncIterator[Tx]:
        """A transaction of the store that also deletes the notes of the changes shown since the last
        one: no commit of its own for them (on SQLite, one fsync a move instead of two)."""
        shown, self._shown = sorted(self._shown), []  # rows locked in one order by every process: no deadlock
        try:
            async with self.store.transaction() as db:
                if shown:
                    await db.run_many("DELETE FROM outbox WHERE id = ?", [(note,) for note in shown])
                yield db
        except BaseException:
            self._shown[:0] = shown  # rolled back with the change: deleted with the next one
            raise

    # ------------------------------------------------------------------ challenges

    async def challenge(
        self,
        guild_id: int,
        channel_id: int,
        challenger: Player,
        game: str,
        opponents: Sequence[Player] = (),
        options: Mapping[str, Any] | None = None,
        *,
        players: int | None = None,
        turn_seconds: int | None = None,
        computers: Sequence[str] = (),
        side: str = "first",
        seating: Sequence[int] | None = None,
        elsewhere: Callable[[], Awaitable[int]] | None = None,
        via: str | None = None,
    ) -> Challenge | Match:
        """Post a challenge: to named opponents, or open to anyone for the seats nobody was named for.
        `computers` (levels) take seats at once; a challenge whose every seat is then taken starts at
        once, and the started Match is returned. `side`: the challenger's seat, one of SIDES (the others
        take the remaining seats in the order named, computers after people, then whoever joins);
        `seating` instead: every player's id in seat order. Where the channel is busy, `elsewhere` (if
        given) is asked for another channel (a thread it opens) once the challenge is known to be valid.
        `via`: the interaction whose first reply will post the result (see _note)."""
        if game not in GAMES:
            raise NotFound(f"There is no game called {game!r}. Games: {', '.join(GAMES)}")
        rules = GAMES[game]
        if challenger.is_computer or any(p.is_computer for p in opponents):
            raise NotAllowed("Computer players are chosen with the level option, not by name.")
        unknown = [level for level in computers if level not in COMPUTER_LEVELS]
        if unknown:
            raise NotAllowed(f"There is no computer level {unknown[0]!r}: choose {', '.join(COMPUTER_LEVELS)}.")
        ids = [challenger.id] + [p.id for p in opponents]
        if challenger.id in ids[1:]:
            raise NotAllowed("You can't challenge yourself.")
        if len(set(ids)) != len(ids):
            raise NotAllowed("Each opponent can only be named once.")
        options = rules.resolve_options(options)
        seed = self.rng.randrange(2**31)
        bots = [computer(level) for level in computers]
        named = len(ids) + len(bots)
        if players is None:
            players = named if named > 1 else most_players(rules, options, seed)
        if named > players:
            raise NotAllowed(f"That is {counted(players, 'seat')}, but you named {counted(named, 'player')} counting yourself"
                             + (" and the computers." if bots else "."))
        rules.start(players, options, seed)  # BadOptions reaches the player before anything is stored
        order = self._seating(ids + [bot.id for bot in bots], players, side, seating)
        turn = self._turn_seconds(turn_seconds)
        if elsewhere is not None and await self.channel_busy(channel_id):
            channel_id = await elsewhere()
        now = self.clock()
        try:
            async with self._changing() as db:
                await self._check_channel_free(db, channel_id)
                await self._remember(db, challenger, *opponents, *bots)
                challenge_id = await db.insert(
                    "INSERT INTO challenges (guild_id, channel_id, game, options, players, challenger, turn_seconds,"
                    " seed, status, created_at, expires_at, seating) VALUES (?,?,?,?,?,?,?,?, 'open', ?, ?, ?)",
                    guild_id, channel_id, game, dumps(options), players, challenger.id, turn, seed, now,
                    now + self.challenge_seconds, dumps(order),
                )
                seated = [(uid, int(seat > 0), int(seat == 0)) for seat, uid in enumerate(ids)]
                seated += [(bot.id, 1, 1) for bot in bots]
                await db.run_many(
                    "INSERT INTO challenge_players (challenge_id, user_id, seat, invited, accepted) VALUES (?,?,?,?,?)",
                    [(challenge_id, uid, seat, invited, accepted) for seat, (uid, invited, accepted) in enumerate(seated)],
                )
                found: Challenge | Match = await self._load_challenge(db, challenge_id)
                if len(found.accepted) == players:
                    found = await self._start(db, found, now, via)
                else:
                    found = replace(found, note=await self._note(db, "challenge", found.id, now, via=via))
        except Duplicate:  # another process stored a challenge here between our check and our insert
            raise NotAllowed(CHANNEL_HAS_CHALLENGE) from None
        self.deadlines_changed.set()
        return found

    def _seating(self, named: list[int], players: int, side: str, seating: Sequence[int] | None) -> list[int | None]:
        """The seat order of a new challenge: `named` (the challenger first) and open seats (None)."""
        if seating is not None:
            if sorted(seating) != sorted(named):
                raise NotAllowed("A seating must name every player once.")
            return list(seating) + [None] * (players - len(named))
        if side not in SIDES:
            raise NotAllowed(f"There is no side {side!r}: choose {', '.join(SIDES)}.")
        others: list[int | None] = [*named[1:], *[None] * (players - len(named))]
        at = self.rng.randrange(players) if side == "random" else ("first", "second").index(side)
        others.insert(at, named[0])
        return others

    async def channel_busy(self, channel_id: int) -> bool:
        """Whether a match is being played or a challenge is open in this channel."""
        async with self.store.reading() as db:
            try:
                await self._check_channel_free(db, channel_id)
            except NotAllowed:
                return True
            return False

    async def set_challenge_message(self, challenge_id: int, message_id: int, note: int | None = None) -> Challenge:
        """Remember the message showing a challenge (posted for outbox note `note`, now done); returns
        the challenge as it now stands (it may have been answered or have expired while its message was
        being posted)."""
        async with self._changing() as db:
            await db.run("UPDATE challenges SET message_id = ? WHERE id = ?", message_id, challenge_id)
            if note is not None:
                await db.run("DELETE FROM outbox WHERE id = ?", note)
            return await self._load_challenge(db, challenge_id)

    async def get_challenge(self, challenge_id: int) -> Challenge:
        async with self.store.reading() as db:
            return await self._load_challenge(db, challenge_id)

    async def challenge_here(self, channel_id: int, user_id: int) -> Challenge:
        """The open challenge in this channel that concerns the user (for /accept and /decline)."""
        async with self.store.reading() as db:
            row = await db.one("SELECT id FROM challenges WHERE channel_id = ? AND status = 'open'", channel_id)
            if row is None:
                raise NotFound("There is no open challenge in this channel.")
            return await self._load_challenge(db, row["id"])

    async def accept(self, challenge_id: int, user: Player, via: str | None = None) -> Challenge | Match:
        """Take a seat. Returns the started Match once every seat is taken, else the updated Challenge."""
        now = self.clock()
        async with self._changing() as db:
            challenge = await self._load_challenge(db, challenge_id, lock=True)
            self._check_open(challenge, now)
            if user.id == challenge.challenger.id:
                raise NotAllowed("You can't accept your own challenge.")
            if any(p.id == user.id for p in challenge.accepted):
                raise NotAllowed("You have already accepted this challenge.")
            await self._remember(db, user)
            if any(p.id == user.id for p in challenge.invited):
                await db.run(
                    "UPDATE challenge_players SET accepted = 1 WHERE challenge_id = ? AND user_id = ?",
                    challenge_id, user.id,
                )
            elif challenge.free_seats > 0:
                await db.run(
                    "INSERT INTO challenge_players (challenge_id, user_id, seat, invited, accepted)"
                    " SELECT ?, ?, max(seat) + 1, 0, 1 FROM challenge_players WHERE challenge_id = ?",
                    challenge_id, user.id, challenge_id,
                )
            elif challenge.has_open_seats or len(challenge.invited) > 1:
                raise NotAllowed("This challenge is full.")
            else:
                raise NotAllowed("Only the challenged player can accept this challenge.")
            challenge = await self._load_challenge(db, challenge_id)
            if len(challenge.accepted) < challenge.players:
                return replace(challenge, note=await self._note(db, "challenge", challenge_id, now, via=via))
            match = await self._start(db, challenge, now, via)
        self.deadlines_changed.set()
        return match

    async def start_now(self, challenge_id: int, user: Player, via: str | None = None) -> Match:
        """The challenger starts an open challenge before every seat is taken (n is then fixed by the
        players seated); everybody named must have accepted."""
        now = self.clock()
        async with self._changing() as db:
            challenge = await self._load_challenge(db, challenge_id, lock=True)
            self._check_open(challenge, now)
            if user.id != challenge.challenger.id:
                raise NotAllowed(f"Only {challenge.challenger.name}, who made the challenge, can start it early.")
            if challenge.waiting_for:
                names = ", ".join(p.name for p in challenge.waiting_for)
                raise NotAllowed(f"Everybody you named must accept first: waiting for {names}.")
            least = challenge.rules.players.start
            if len(challenge.accepted) < least:
                raise NotAllowed(f"{challenge.rules.title} needs at least {least} players: wait for someone to join.")
            match = await self._start(db, challenge, now, via)
        self.deadlines_changed.set()
        return match

    async def decline(self, challenge_id: int, user: Player, via: str | None = None) -> Challenge:
        """A challenged player declines, a player who joined leaves, or the challenger withdraws."""
        now = self.clock()
        async with self._changing() as db:
            challenge = await self._load_challenge(db, challenge_id, lock=True)
            self._check_open(challenge, now)
            if user.id == challenge.challenger.id:
                status = "withdrawn"
            elif any(p.id == user.id for p in challenge.invited):
                status = "declined"
            elif any(p.id == user.id for p in challenge.accepted):
                await db.run(
                    "DELETE FROM challenge_players WHERE challenge_id = ? AND user_id = ?", challenge_id, user.id
                )
                left = await self._load_challenge(db, challenge_id)
                return replace(left, note=await self._note(db, "challenge", challenge_id, now, via=via))
            elif challenge.has_open_seats:
                raise NotAllowed("This is an open challenge: press Join to play, or simply ignore it.")
            else:
                raise NotAllowed("Only the challenged player can decline this challenge.")
            await db.run(
                "UPDATE challenges SET status = ?, closed_at = ?, closed_by = ? WHERE id = ? AND status = 'open'",
                status, now, user.id, challenge_id,
            )
            closed = await self._load_challenge(db, challenge_id)
            return replace(closed, note=await self._note(db, "challenge", challenge_id, now, via=via))

    async def rematch(self, match_id: int, user: Player, elsewhere: Callable[[], Awaitable[int]] | None = None,
                      via: str | None = None) -> Challenge | Match:
        """A new challenge from a finished match: same players, game, options and turn time, in the
        match's channel (or, where that is busy, where `elsewhere` says)."""
        async with self.store.reading() as db:
            match = await self._load_match(db, match_id)
        if match.status != "finished":
            raise NotAllowed("This match is still being played.")
        if match.seat_of(user.id) is None:
            raise NotAllowed("Only the players of this match can ask for a rematch.")
        others = [p for p in match.seats if p.id != user.id]
        turned = match.seats[1:] + match.seats[:1]  # everyone one seat on: in two, the sides swap
        return await self.challenge(
            match.guild_id, match.channel_id, user, match.game, [p for p in others if not p.is_computer],
            match.options, players=len(match.seats), turn_seconds=match.turn_seconds,
            computers=[p.level for p in others if p.level is not None], seating=[p.id for p in turned],
            elsewhere=elsewhere, via=via,
        )

    # ------------------------------------------------------------------ playing

    async def current(self, channel_id: int) -> Match:
        """The active match in this channel."""
        async with self.store.reading() as db:
            return await self._active(db, channel_id)

    async def latest(self, channel_id: int) -> Match:
        """The active match in this channel, or else the one that finished last."""
        async with self.store.reading() as db:
            row = await db.one(
                "SELECT id FROM matches WHERE channel_id = ? ORDER BY status = 'active' DESC, id DESC LIMIT 1",
                channel_id,
            )
            if row is None:
                raise NotFound("No match has been played in this channel yet. Start one with /challenge.")
            return await self._load_match(db, row["id"])

    async def get_match(self, match_id: int) -> Match:
        async with self.store.reading() as db:
            return await self._load_match(db, match_id)

    async def active_matches(self, guild_id: int) -> list[Match]:
        """The matches being played in a server, the one moved in last first (a match without moves
        counts from its start)."""
        async with self.store.reading() as db:
            rows = await db.all(
                "SELECT m.id FROM matches m WHERE m.guild_id = ? AND m.status = 'active' ORDER BY"
                " coalesce((SELECT max(played_at) FROM moves WHERE match_id = m.id), m.started_at) DESC, m.id DESC",
                guild_id,
            )
            return [await self._load_match(db, row["id"]) for row in rows]

    async def move(self, channel_id: int, user: Player, notation: str, via: str | None = None) -> MoveResult:
        """Play a move; it counts once this returns (the transaction has committed)."""
        now = self.clock()
        async with self._changing() as db:
            match = await self._active(db, channel_id, lock=True)
            seat = self._mover(match, user)
            result = await self._apply(db, match, seat, unlabel(match.state, notation), now, via)
        self.deadlines_changed.set()
        return result

    async def builder(self, match_id: int, user: Player, ply: int | None = None) -> Match:
        """The match a Move button belongs to, when `user` is the one to move in it (and, for a panel
        made after `ply` moves, Stale if the board has moved on since)."""
        async with self.store.reading() as db:
            match = await self._load_match(db, match_id)
        self._mover(match, user, ply)
        return match

    async def move_at(self, match_id: int, user: Player, notation: str, ply: int, via: str | None = None) -> MoveResult:
        """Play a move built for the position after `ply` moves of match `match_id`; Stale if the
        board has moved on since."""
        now = self.clock()
        async with self._changing() as db:
            match = await self._load_match(db, match_id, lock=True)
            seat = self._mover(match, user, ply)
            result = await self._apply(db, match, seat, notation, now, via)
        self.deadlines_changed.set()
        return result

    def _mover(self, match: Match, user: Player, ply: int | None = None) -> int:
        """The seat of `user`, who must be the one to move in the active `match` (Stale first if the
        request was made after `ply` moves and more have been played since)."""
        if match.status != "active":
            raise NotAllowed("This match is over.")
        if ply is not None and len(match.moves) != ply:
            raise Stale("The board has changed since this panel opened.")
        if match.seat_of(user.id) is None:
            raise NotAllowed(f"You are not playing in this match: it is {match.to_move.name}'s turn.")
        seat = self._seat(match, user)
        if match.state.to_move != seat:
            raise NotAllowed(f"It's not your turn: {match.to_move.name} is to move.")
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
        changed = await db.run(
            "UPDATE matches SET version = version + 1, deadline = ?, draw_offer = ? WHERE id = ? AND version = ?"
            " AND status = 'active'",
            deadline, offer, match.id, version,
        )
        if changed != 1:
            raise Conflict("The match changed at the same moment; look at the board and try again.")
        await db.run(
            "INSERT INTO moves (match_id, ply, seat, notation, played_at) VALUES (?,?,?,?,?)",
            match.id, version, seat, canonical, now,
        )
        note = await self._note(db, "move", match.id, now, match_id=match.id, version=version + 1, seat=seat, via=via)
        moves = match.moves + (canonical,)
        self._cache(match.id, after, moves)
        if after.outcome is None:  # nothing else changed: no need to read the match again
            played = replace(match, state=after, moves=moves, deadline=deadline, draw_offer=offer)
        else:
            await self._finish(db, match, after.outcome, now)
            played = await self._load_match(db, match.id)
        return MoveResult(match=replace(played, note=note, earlier=match.earlier), seat=seat, notation=canonical)

    # ------------------------------------------------------------------ computer players

    async def computer_turns_due(self) -> list[int]:
        """The ids of the active matches in which a computer is to move."""
        return [match.id for match in await self.computers_to_move()]

    async def computers_to_move(self) -> list[Match]:
        """The active matches in which a computer is to move (after a restart, those it owes). A match
        whose last change is still to be posted is not one of them: its computer moves once that change
        is shown, in order."""
        async with self.store.reading() as db:
            rows = await db.all(
                "SELECT DISTINCT m.id FROM matches m JOIN seats s ON s.match_id = m.id WHERE m.status = 'active'"
                f" AND m.guild_id <> {LOCAL_GUILD} AND (s.user_id BETWEEN 1 AND ? OR s.stand_in IS NOT NULL)"
                " AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.match_id = m.id) ORDER BY m.id",
                len(COMPUTER_LEVELS),
            )
            matches = [await self._load_match(db, row["id"]) for row in rows]
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
            move = await self.computers.choose(match.state, level, seed_for(match.seed, len(match.moves)))
            now = self.clock()
            try:
                async with self._changing() as db:
                    current = await self._load_match(db, match_id, lock=True)
                    if current.status != "active" or len(current.moves) != len(match.moves):
                        return None
                    result = await self._apply(db, current, current.state.to_move, move, now)
            except Conflict:
                return None
        self.deadlines_changed.set()
        return result

    async def move_choices(self, channel_id: int, user_id: int, typed: str = "", limit: int = 25) -> list[Branch]:
        """What autocomplete offers the user for what they typed: nothing unless it is their turn."""
        try:
            match = await self.current(channel_id)
        except NotFound:
            return []
        seat = match.seat_of(user_id)
        if seat is None or match.state.to_move != seat:
            return []
        return suggestions(match.state, typed, limit)

    async def legal_moves(self, channel_id: int, user_id: int, typed: str = "", limit: int = 25) -> list[str]:
        """The values of move_choices: legal moves, or the starts of several."""
        return [branch.value for branch in await self.move_choices(channel_id, user_id, typed, limit)]

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

    async def _leave(self, db: Tx, match: Match, seat: int, cause: Cause, name: str, now: float) -> Match:
        stays = [p for p in match.people if p != match.seats[seat]]
        if len(match.seats) == 2 or not stays:
            outcome = Outcome.left(cause, name, len(match.seats), match.leavers + (seat,), current_scores(match.state))
            await self._finish(db, match, outcome, now)
        else:
            await db.run(
                "UPDATE seats SET stand_in = ?, left_at = ? WHERE match_id = ? AND seat = ?", STAND_IN, now, match.id, seat
            )
            await db.run("UPDATE matches SET deadline = ? WHERE id = ?", now + match.turn_seconds, match.id)
        return await self._load_match(db, match.id)

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
                await db.run("UPDATE matches SET draw_offer = ? WHERE id = ?", seat, match.id)
                return DrawOffer(match=replace(await self._load_match(db, match.id), note=note, earlier=match.earlier),
                                 seat=seat)
            await self._finish(db, match, Outcome.agreed_draw(), now)
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
            for table in ("outbox", "moves", "seats"):
                await db.run(f"DELETE FROM {table} WHERE match_id = ?", match_id)
            await db.run("DELETE FROM matches WHERE id = ?", match_id)
            await db.run("UPDATE challenges SET status = 'withdrawn', closed_at = ?, closed_by = ? WHERE id = ?",
                         now, user.id, match_id)
        self._states.pop(match_id, None)
        self.deadlines_changed.set()
        return match

    # ------------------------------------------------------------------ time

    async def next_deadline(self) -> float | None:
        """When the next challenge expires, the next turn timer runs out, or a change not posted yet is
        overdue."""
        async with self.store.reading() as db:
            row = await db.one(
                f"SELECT min(t) AS t FROM (SELECT min(expires_at) AS t FROM challenges WHERE status = 'open'"
                f" AND guild_id <> {LOCAL_GUILD}"
                f" UNION ALL SELECT min(deadline) FROM matches WHERE status = 'active' AND guild_id <> {LOCAL_GUILD}"
                " UNION ALL SELECT min(due) FROM outbox) AS due",
            )
            return row["t"]

    async def expire_due(self) -> Expired:
        """Close every challenge that expired and time out every player whose turn timer ran out. Each
        is claimed by one process only, when several share a PostgreSQL database. A player whose turn
        was never shown to them (its change still in the outbox) is not timed out meanwhile."""
        now = self.clock()
        async with self._changing() as db:
            rows = await db.all("SELECT id FROM challenges WHERE status = 'open' AND expires_at <= ?"
                                f" AND guild_id <> {LOCAL_GUILD}" + db.claim, now)
            challenges = []
            for row in rows:
                await db.run(
                    "UPDATE challenges SET status = 'expired', closed_at = ? WHERE id = ?", now, row["id"]
                )
                expired = await self._load_challenge(db, row["id"])
                challenges.append(replace(expired, note=await self._note(db, "challenge", expired.id, now)))
            rows = await db.all(
                f"SELECT id FROM matches m WHERE status = 'active' AND deadline <= ? AND guild_id <> {LOCAL_GUILD}"
                " AND NOT EXISTS (SELECT 1 FROM outbox o WHERE o.match_id = m.id)" + db.claim, now)
            matches = []
            for row in rows:
                match = await self._load_match(db, row["id"])
                if match.computer_to_move is not None:  # computers take no time: it moves once the bot runs
                    await db.run("UPDATE matches SET deadline = ? WHERE id = ?", now + match.turn_seconds, match.id)
                    continue
                seat = match.state.to_move
                left = await self._leave(db, match, seat, Cause.TIME, match.seats[seat].name, now)
                matches.append(replace(left, note=await self._note(db, "timeout", match.id, now, match_id=match.id,
                                                                   version=len(match.moves), seat=seat)))
        await self.store.forget_deliveries(now - DELIVERY_SECONDS)
        return Expired(tuple(challenges), tuple(matches))

    # ------------------------------------------------------------------ the outbox: changes to post

    async def _note(self, db: Tx, kind: str, challenge_id: int, now: float, *, match_id: int | None = None,
                    version: int | None = None, seat: int | None = None, via: str | None = None) -> int | None:
        """Note in the outbox, in the change's own transaction, that the change is to be shown; the
        caller gets the note's id back with the change, posts it, and clears it (`posted`). `via`: the
        interaction whose first reply posts it, so that whoever takes the note over can tell whether
        that reply was made. The note says whether earlier changes of the match were not shown yet
        (`behind`: the match still has notes)."""
        if not self.notes:
            return None
        return await db.insert(
            "INSERT INTO outbox (match_id, challenge_id, kind, version, seat, via, behind, due, created_at)"
            " VALUES (?,?,?,?,?,?, CASE WHEN EXISTS (SELECT 1 FROM outbox WHERE match_id = ?) THEN 1 ELSE 0 END, ?,?)",
            match_id, challenge_id, kind, version, seat, via, match_id, now + self.note_grace, now)

    async def posted(self, note: int | None) -> None:
        """The change of outbox note `note` has been shown. Its note is deleted with the next change, or
        SHOWN_FLUSH seconds later at the latest; were the bot to stop in between, the note's post is
        found already made (see bot.discord.posting) and nothing is shown twice."""
        if note is None:
            return
        self._shown.append(note)
        if self._flush is None or self._flush.done():
            self._flush = asyncio.create_task(self._flush_shown())

    async def _flush_shown(self) -> None:
        await asyncio.sleep(SHOWN_FLUSH)
        await self._delete_shown()

    async def close(self) -> None:
        """Delete the notes of the changes shown (the bot is stopping)."""
        if self._flush is not None:
            self._flush.cancel()
        await self._delete_shown()

    async def _delete_shown(self) -> None:
        if self._shown:
            async with self._changing():  # deletes them, with nothing else to do
                pass

    async def postpone(self, note: int | None, seconds: float) -> None:
        """Try the note again in `seconds` (its post failed for a reason that may pass)."""
        if note is None:
            return
        async with self._changing() as db:
            await db.run("UPDATE outbox SET due = ? WHERE id = ?", self.clock() + seconds, note)
        self.deadlines_changed.set()

    async def release_notes(self) -> None:
        """Make every note due now: at start-up, when this process alone uses the database (SQLite),
        any note there was left by its own previous run, whose posts are over."""
        if self.store.shared:
            return
        async with self._changing() as db:
            await db.run("UPDATE outbox SET due = ? WHERE due > ?", self.clock(), self.clock())
        self.deadlines_changed.set()

    async def notices_due(self) -> list[Notice]:
        """The changes still to be shown once their poster's time is up (it stopped before posting, or
        Discord refused the post), oldest first, each claimed for `note_grace` seconds by this process."""
        now = self.clock()
        async with self._changing() as db:
            rows = await db.all("SELECT * FROM outbox WHERE due <= ? ORDER BY id" + db.claim, now)
            notices = await self._claimed(db, rows, now)
        self.deadlines_changed.set()
        return notices

    async def take_notices(self, notes: Sequence[int]) -> list[Notice]:
        """The notes `notes` that are still there (older changes of a match whose newer change is about
        to be shown: shown first, so that the channel reads in order), claimed as by notices_due. A note
        another process is claiming just now is waited for, not skipped: shown by both, it is posted
        once (see bot.discord.posting), and before the newer change."""
        now = self.clock()
        async with self._changing() as db:
            rows = await db.all(f"SELECT * FROM outbox WHERE id IN ({', '.join('?' * len(notes))}) ORDER BY id"
                                + db.lock, *notes)
            return await self._claimed(db, rows, now)

    async def _claimed(self, db: Tx, rows: Sequence[Row], now: float) -> list[Notice]:
        """Notes claimed for `note_grace` seconds, with what they are about."""
        if not rows:
            return []
        await db.run_many("UPDATE outbox SET due = ? WHERE id = ?", [(now + self.note_grace, row["id"]) for row in rows])
        pending: dict[int, list[int]] = {}  # each match's notes, oldest first
        for row in await db.all("SELECT match_id, id FROM outbox WHERE match_id IS NOT NULL ORDER BY id"):
            pending.setdefault(row["match_id"], []).append(row["id"])
        notices = []
        matches: dict[int, Match] = {}  # each match once, however many of its notes there are
        for row in rows:
            challenge = await self._load_challenge(db, row["challenge_id"])
            match = None
            notes = pending.get(row["match_id"], [])
            latest = row["match_id"] is None or notes[-1] == row["id"]
            if row["match_id"] is not None:
                if row["match_id"] not in matches:
                    matches[row["match_id"]] = await self._load_match(db, row["match_id"])
                match = matches[row["match_id"]]
                if row["kind"] == "move" and row["version"] is not None and row["version"] < len(match.moves):
                    match = self.position_after(match, row["version"])
                match = replace(match, note=row["id"], earlier=tuple(n for n in notes if n < row["id"]))
            notices.append(Notice(
                id=row["id"], kind=row["kind"], challenge=challenge, match=match,
                seat=row["seat"], via=row["via"], created_at=row["created_at"], latest=latest, behind=bool(row["behind"]),
            ))
        return notices

    async def shown_late(self, match: Match) -> Match:
        """The player to move was told only now (the change before their turn was shown late): their
        turn time starts again now, so that nobody loses on time without having been told."""
        now = self.clock()
        async with self._changing() as db:
            await db.run("UPDATE matches SET deadline = ? WHERE id = ? AND version = ? AND status = 'active'"
                         " AND deadline < ?", now + match.turn_seconds, match.id, len(match.moves), now + match.turn_seconds)
        self.deadlines_changed.set()
        return replace(match, deadline=max(match.deadline or now, now + match.turn_seconds))

    @staticmethod
    def position_after(match: Match, version: int) -> Match:
        """The match as it stood after its first `version` moves (for a change shown late)."""
        rules = GAMES[match.game]
        state = rules.start(len(match.seats), match.options, match.seed)
        for move in match.moves[:version]:
            state = state.play(move)
        return replace(match, state=state, moves=match.moves[:version], status="active", outcome=None, ratings=(),
                       finished_at=None)

    async def first_delivery(self, key: int, at: float) -> bool:
        """Whether interaction `key` (made at `at`) is seen for the first time, by any process of the bot:
        one delivered twice (by Discord again, or to two processes) is handled once."""
        return await self.store.first_delivery(key, at)

    # ------------------------------------------------------------------ records

    async def leaderboard(self, guild_id: int, game: str, page: int = 1, per_page: int = 10) -> tuple[list[Standing], int]:
        """One page of this server's ranking for a game, and how many players it has."""
        if game not in GAMES:
            raise NotFound(f"There is no game called {game!r}.")
        async with self.store.reading() as db:
            total = (await db.one(
                "SELECT count(*) AS n FROM ratings WHERE guild_id = ? AND game = ?", guild_id, game))["n"]
            rows = await db.all(
                "SELECT r.*, p.name FROM ratings r JOIN players p USING (user_id)"
                " WHERE guild_id = ? AND game = ? ORDER BY rating DESC, user_id LIMIT ? OFFSET ?",
                guild_id, game, per_page, (page - 1) * per_page,
            )
        return [_standing(row, (page - 1) * per_page + i + 1) for i, row in enumerate(rows)], total

    async def stats(self, guild_id: int, user_id: int) -> list[Standing]:
        """A player's record for every game they have finished in this server, with their rank."""
        async with self.store.reading() as db:
            rows = await db.all(
                "SELECT r.*, p.name, (SELECT count(*) FROM ratings o WHERE o.guild_id = r.guild_id"
                " AND o.game = r.game AND (o.rating > r.rating OR (o.rating = r.rating AND o.user_id < r.user_id))) + 1"
                " AS rank FROM ratings r JOIN players p USING (user_id) WHERE guild_id = ? AND user_id = ?"
                " ORDER BY game",
                guild_id, user_id,
            )
        return [_standing(row, row["rank"]) for row in rows]

    async def against_computers(self, guild_id: int, user_id: int) -> list[tuple[str, Player, int, int, int]]:
        """A person's record against each computer level in this server, per game: (game, computer,
        wins, losses, draws), a win being a better place than the computer's best seat in the match."""
        async with self.store.reading() as db:
            rows = await db.all(
                "SELECT m.game, c.user_id, min(s.place) AS mine, min(c.place) AS theirs FROM seats s"
                " JOIN seats c ON c.match_id = s.match_id JOIN matches m ON m.id = s.match_id"
                " WHERE m.status = 'finished' AND m.guild_id = ? AND s.user_id = ? AND c.user_id BETWEEN 1 AND ?"
                " AND c.stand_in IS NULL GROUP BY m.id, c.user_id",
                guild_id, user_id, len(COMPUTER_LEVELS),
            )
        records: dict[tuple[str, int], list[int]] = {}
        for row in rows:
            tally = records.setdefault((row["game"], row["user_id"]), [0, 0, 0])
            tally[0 if row["mine"] < row["theirs"] else 1 if row["mine"] > row["theirs"] else 2] += 1
        return [(game, computer(COMPUTER_LEVELS[uid - 1]), *tally) for (game, uid), tally in sorted(records.items())]

    async def history(self, guild_id: int, limit: int = 5, page: int = 1) -> tuple[list[Match], int]:
        """A page of the server's finished matches, the latest first, and how many there are in all."""
        async with self.store.reading() as db:
            total = (await db.one(
                "SELECT COUNT(*) AS n FROM matches WHERE guild_id = ? AND status = 'finished'", guild_id))["n"]
            rows = await db.all(
                "SELECT id FROM matches WHERE guild_id = ? AND status = 'finished'"
                " ORDER BY finished_at DESC, id DESC LIMIT ? OFFSET ?",
                guild_id, limit, (max(page, 1) - 1) * limit,
            )
            return [await self._load_match(db, row["id"]) for row in rows], total

    async def replay_target(self, guild_id: int, channel_id: int, user_id: int, match_id: int | None = None) -> Match:
        """The match /replay shows: the one asked for (of this server), else the last finished in this
        channel, else the user's own last finished one in this server."""
        async with self.store.reading() as db:
            if match_id is not None:
                row = await db.one("SELECT id FROM matches WHERE id = ? AND guild_id = ?", match_id, guild_id)
                if row is None:
                    raise NotFound(f"There is no match #{match_id} in this server: /history lists them.")
            else:
                row = await db.one(
                    "SELECT id FROM matches WHERE channel_id = ? AND status = 'finished'"
                    " ORDER BY finished_at DESC, id DESC LIMIT 1", channel_id,
                ) or await db.one(
                    "SELECT m.id FROM matches m JOIN seats s ON s.match_id = m.id WHERE m.guild_id = ?"
                    " AND s.user_id = ? AND m.status = 'finished' ORDER BY m.finished_at DESC, m.id DESC LIMIT 1",
                    guild_id, user_id,
                )
                if row is None:
                    raise NotFound("No match has finished here yet, and you have none in this server: "
                                   "once one ends, /replay shows it.")
            return await self._load_match(db, row["id"])

    # ------------------------------------------------------------------ internals

    def _turn_seconds(self, seconds: int | None) -> int:
        if seconds is None:
            return self.turn_seconds
        if not MIN_TURN_SECONDS <= seconds <= MAX_TURN_SECONDS:
            raise NotAllowed("The time per turn must be between 1 minute and 14 days.")
        return int(seconds)

    def _check_open(self, challenge: Challenge, now: float) -> None:
        if challenge.status != "open":
            raise NotAllowed(f"This challenge was {challenge.status} and is closed.")
        if challenge.expires_at <= now:
            raise NotAllowed("This challenge has expired.")

    @staticmethod
    def _seat(match: Match, user: Player) -> int:
        seat = match.seat_of(user.id)
        if seat is None:
            raise NotAllowed("You are not playing in this match.")
        if match.stand_in(seat) is not None:
            raise NotAllowed("You left this match: a computer plays your seat now.")
        return seat

    async def _check_channel_free(self, db: Tx, channel_id: int) -> None:
        if await db.one("SELECT 1 FROM matches WHERE channel_id = ? AND status = 'active'", channel_id):
            raise NotAllowed("A match is already being played here: finish it first, or challenge from the "
                             "channel, where a new match gets a thread of its own.")
        if await db.one("SELECT 1 FROM challenges WHERE channel_id = ? AND status = 'open'", channel_id):
            raise NotAllowed(CHANNEL_HAS_CHALLENGE)

    @staticmethod
    async def _remember(db: Tx, *players: Player) -> None:
        await db.run_many(
            "INSERT INTO players (user_id, name) VALUES (?, ?) ON CONFLICT (user_id) DO UPDATE SET name = excluded.name",
            [(p.id, p.name) for p in players],
        )

    async def _load_challenge(self, db: Tx, challenge_id: int, *, lock: bool = False) -> Challenge:
        """The challenge; with `lock`, held until the transaction ends (the caller will change it)."""
        row = await db.one("SELECT * FROM challenges WHERE id = ?" + (db.lock if lock else ""), challenge_id)
        if row is None:
            raise NotFound("That challenge no longer exists.")
        people = await db.all(
            "SELECT cp.user_id, cp.seat, cp.invited, cp.accepted, p.name FROM challenge_players cp JOIN players p USING (user_id)"
            " WHERE challenge_id = ? ORDER BY seat",
            challenge_id,
        )
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

    async def _start(self, db: Tx, challenge: Challenge, now: float, via: str | None = None) -> Match:
        changed = await db.run(
            "UPDATE challenges SET status = 'accepted', closed_at = ? WHERE id = ? AND status = 'open'",
            now, challenge.id,
        )
        if changed != 1:
            raise Conflict("This challenge was already answered.")
        await db.run(
            "INSERT INTO matches (id, guild_id, channel_id, game, options, seed, players, status, turn_seconds,"
            " deadline, started_at) VALUES (?,?,?,?,?,?,?, 'active', ?, ?, ?)",
            challenge.id, challenge.guild_id, challenge.channel_id, challenge.game, dumps(challenge.options),
            challenge.seed, len(challenge.accepted), challenge.turn_seconds, now + challenge.turn_seconds, now,
        )
        await db.run_many(
            "INSERT INTO seats (match_id, seat, user_id) VALUES (?,?,?)",
            [(challenge.id, seat, p.id) for seat, p in enumerate(challenge.seated())],
        )
        note = await self._note(db, "start", challenge.id, now, match_id=challenge.id, version=0, via=via)
        return replace(await self._load_match(db, challenge.id), note=note)

    async def _active(self, db: Tx, channel_id: int, *, lock: bool = False) -> Match:
        """The channel's active match; with `lock`, as _load_match."""
        row = await db.one(
            (CHANGING if lock else "SELECT * FROM matches m") + " WHERE m.channel_id = ? AND m.status = 'active'"
            + (db.lock if lock else ""), channel_id)
        if row is None:
            raise NotFound("There is no match in this channel. Start one with /challenge.")
        return await self._match(db, row)

    async def _load_match(self, db: Tx, match_id: int, *, lock: bool = False) -> Match:
        """The match; with `lock`, held until the transaction ends (the caller will change it), and with
        the notes of its changes not shown yet (`earlier`: the change to come is shown after them)."""
        row = await db.one((CHANGING if lock else "SELECT * FROM matches m") + " WHERE m.id = ?"
                           + (db.lock if lock else ""), match_id)
        if row is None:
            raise NotFound("That match no longer exists.")
        return await self._match(db, row)

    async def _match(self, db: Tx, row: Row) -> Match:
        """The match whose row is `row`: its seats, and its moves and position (from the cache when it
        holds them for the row's version, the number of moves played)."""
        match_id = row["id"]
        seat_rows = await db.all(
            "SELECT s.*, p.name FROM seats s JOIN players p USING (user_id) WHERE match_id = ? ORDER BY seat",
            match_id,
        )
        seats = tuple(Player(r["user_id"], r["name"]) for r in seat_rows)
        left = sorted((r["left_at"], r["seat"]) for r in seat_rows if r["left_at"] is not None)
        options = json.loads(row["options"])
        cached = self._states.get(match_id)
        if cached is not None and cached[0] == row["version"]:
            self._states.move_to_end(match_id)
            _, state, moves = cached
        else:
            rows = await db.all("SELECT notation FROM moves WHERE match_id = ? ORDER BY ply", match_id)
            moves = tuple(r["notation"] for r in rows)
            state = GAMES[row["game"]].start(len(seats), options, row["seed"])
            for move in moves:
                state = state.play(move)
            self._cache(match_id, state, moves)
        outcome = None
        changes: tuple[RatingChange, ...] = ()
        if row["status"] == "finished":
            places = tuple(frozenset(group) for group in json.loads(row["places"]))
            scores = [r["score"] for r in seat_rows]
            outcome = Outcome(places=places, scores=None if None in scores else tuple(scores), reason=row["reason"],
                              cause=Cause(row["cause"] or Cause.RULES))
            state = ended(state, outcome)
            changes = tuple(
                RatingChange(r["seat"], seats[r["seat"]], r["rating_before"], r["rating_after"])
                for r in seat_rows if r["rating_before"] is not None
            )
        earlier: tuple[int, ...] = ()
        if "pending" in row.keys() and row["pending"] is not None:  # noqa: SIM118 (a sqlite3.Row is no dict)
            earlier = tuple(r["id"] for r in await db.all("SELECT id FROM outbox WHERE match_id = ? ORDER BY id", match_id))
        return Match(
            id=match_id, guild_id=row["guild_id"], channel_id=row["channel_id"], game=row["game"],
            options=options, seed=row["seed"], seats=seats, state=state, status=row["status"],
            turn_seconds=row["turn_seconds"], deadline=row["deadline"], draw_offer=row["draw_offer"],
            moves=moves, outcome=outcome, ratings=changes, finished_at=row["finished_at"],
            stand_ins=tuple(r["stand_in"] for r in seat_rows), leavers=tuple(seat for _, seat in left),
            earlier=earlier,
        )

    def _cache(self, match_id: int, state: State, moves: tuple[str, ...]) -> None:
        """Keep the position after `moves` (the match's version is their number)."""
        self._states[match_id] = (len(moves), state, moves)
        self._states.move_to_end(match_id)
        while len(self._states) > STATE_CACHE:
            self._states.popitem(last=False)

    async def _finish(self, db: Tx, match: Match, outcome: Outcome, now: float) -> None:
        """Record the result and update everyone's rating, in the caller's transaction. Players who left
        are placed last; a computer level in several seats is rated once, from its best place."""
        outcome = leavers_last(outcome, match.leavers)
        changed = await db.run(
            "UPDATE matches SET status = 'finished', finished_at = ?, reason = ?, cause = ?, places = ?, deadline = NULL,"
            " draw_offer = NULL WHERE id = ? AND status = 'active'",
            now, outcome.reason, outcome.cause.value, dumps([sorted(group) for group in outcome.places]), match.id,
        )
        if changed != 1:
            raise Conflict("This match has already ended.")
        place_of = {seat: place for place, group in enumerate(outcome.places) for seat in group}
        rated: list[int] = []
        for seat in sorted(range(len(match.seats)), key=lambda k: (place_of[k], k)):
            if not any(match.seats[other].id == match.seats[seat].id for other in rated):
                rated.append(seat)
        rated.sort()
        before = []
        for seat in rated:
            row = await db.one(
                "SELECT * FROM ratings WHERE guild_id = ? AND game = ? AND user_id = ?",
                match.guild_id, match.game, match.seats[seat].id,
            )
            if row is None:
                before.append(glicko.Rating())
            else:
                rating = glicko.Rating(row["rating"], row["rd"], row["volatility"])
                before.append(glicko.age(rating, (now - row["updated_at"]) / 86400))
        index = {seat: k for k, seat in enumerate(rated)}
        groups = [frozenset(index[s] for s in group if s in index) for group in outcome.places]
        after = glicko.rate_game(before, [g for g in groups if g])
        for seat, player in enumerate(match.seats):
            score = outcome.scores[seat] if outcome.scores is not None else None
            k = index.get(seat)
            await db.run(
                "UPDATE seats SET place = ?, score = ?, rating_before = ?, rating_after = ? WHERE match_id = ? AND seat = ?",
                place_of[seat], score, before[k].rating if k is not None else None,
                after[k].rating if k is not None else None, match.id, seat,
            )
            if k is None:
                continue
            record = outcome.record(seat)
            await db.run(
                "INSERT INTO ratings (guild_id, game, user_id, rating, rd, volatility, wins, losses, draws, updated_at)"
                " VALUES (?,?,?,?,?,?,?,?,?,?) ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
                " rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility,"
                " wins = ratings.wins + excluded.wins, losses = ratings.losses + excluded.losses,"
                " draws = ratings.draws + excluded.draws,"
                " updated_at = excluded.updated_at",
                match.guild_id, match.game, player.id, after[k].rating, after[k].rd, after[k].volatility,
                int(record == "win"), int(record == "loss"), int(record == "draw"), now,
            )


def _standing(row: Row, rank: int) -> Standing:
    return Standing(
        player=Player(row["user_id"], row["name"]), game=row["game"], rating=row["rating"], rd=row["rd"],
        wins=row["wins"], losses=row["losses"], draws=row["draws"], rank=rank,
    )


