"""A tournament's rounds: begun (starting numbers, round 1), each next round paired once every game of
the one before has ended (a no-show withdrawn first), the end, and the games opened as ordinary matches
where the adapter says; and the news its channel is to read, taken by one process at a time.

Every step is one transaction over the tournament's row, locked: a round is paired once, since its
tables are written with the round number that the same transaction moves the tournament to (and
tournament_tables' uniqueness refuses a second), and a game is opened once, as its table is locked and
keeps the match's id."""
from __future__ import annotations

import json
import logging
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from bot.db import Tx
from bot.errors import NotAllowed
from bot.models import MatchChange, MatchStatus, dumps
from bot.service import repository
from bot.service.challenges import Challenges
from bot.service.context import Context
from bot.service.repository.players import LAST_COMPUTER_ID
from bot.service.tournament_loading import load_tournament, stored_points
from bot.tournaments.model import Entrant, Format, Table
from bot.tournaments.pairing import NoPairing, pair_round
from bot.tournaments.record import News, NewsKind, Tournament, TournamentStatus
from bot.tournaments.scores import BYE
from bot.work import Kind, Owner
from i18n import _
from rules import BadOptions, Cause, Game

log = logging.getLogger(__name__)

NEWS_RETRY = 30.0  # seconds before news whose post failed is tried again
RETRY_SECONDS = 60.0  # before a tournament whose step failed (not by the rules: a bug, the workers) is tried again


def seat_counts(rules: Game, options: Mapping[str, Any], size: int) -> int:
    """The fewest players a table of this game may have with these options (tables smaller than
    `size` are needed when the entrants do not divide into tables of `size`)."""
    for players in rules.players:
        if players > size:
            break
        try:
            rules.start(players, options, 0)
        except BadOptions:
            continue
        return players
    raise NotAllowed(_("{game} cannot be played by {n} players with these options.", game=rules.title, n=size))


def round_over(tournament: Tournament, round: int) -> bool:
    return all(t.decided for t in tournament.round_tables(round))


@dataclass(frozen=True)
class Ending:
    """How a tournament's game ended, as far as a no-show is concerned."""

    cause: str  # rules.Cause
    leavers: tuple[int, ...]  # the seats whose players left (resigned or ran out of time)
    moved: frozenset[int]  # the seats that made a move


def withdrawn(tournament: Tournament, players: Sequence[int]) -> Tournament:
    """The tournament with these players withdrawn from the next round on."""
    if not players:
        return tournament
    entrants = tuple(replace(e, withdrawn=tournament.round + 1) if e.id in players else e for e in tournament.entrants)
    return replace(tournament, entrants=entrants)


def no_shows(tables: Sequence[Table], endings: Mapping[int, Ending]) -> list[int]:
    """The players who lost a game by running out of time without having made a move in it: withdrawn
    from the rounds to come, as Lichess does (they may join again). In a game of more than two, where a
    player who runs out of time leaves and a computer plays on, one who left without a move."""
    out = []
    for table in tables:
        ending = endings.get(table.match_id) if table.match_id is not None else None
        if ending is None or (len(table.seats) == 2 and ending.cause != Cause.TIME):
            continue
        out += [table.seats[seat] for seat in ending.leavers
                if seat not in ending.moved and table.seats[seat] > LAST_COMPUTER_ID]
    return out


class Rounds:
    """Rounds begun, paired and ended; games opened; news taken and done."""

    def __init__(self, context: Context, challenges: Challenges):
        self.context = context
        self.notes = context.notes
        self.challenges = challenges

    def least_entrants(self, tournament: Tournament) -> int:
        return 2 if tournament.table_size == 2 else seat_counts(tournament.rules, tournament.options,
                                                              tournament.table_size)

    # ------------------------------------------------------------------ the scheduler's part

    async def advance_due(self) -> list[int]:
        """Look at every tournament that is due: start those whose start time came, pair the next round
        of those whose round is over, end those whose last round is. The ids of those that changed."""
        now = self.context.clock()
        changed: list[int] = []
        async with self.context.store.reading() as db:  # most sweeps find nothing: no write transaction then
            if not await repository.tournaments.any_due(db, now):
                return changed
        async with self.notes.changing() as db:
            due = await repository.tournaments.due_ids(db, now)
        for tournament_id in due:
            try:
                if await self.advance(tournament_id):
                    changed.append(tournament_id)
            except Exception:  # a bug, or the workers failing: the others go on, and this one is tried again later
                log.exception("tournament %s could not go on; trying again in %.0f s", tournament_id, RETRY_SECONDS)
                async with self.notes.changing() as db:
                    await repository.tournaments.set_due(db, tournament_id, now + RETRY_SECONDS)
        return changed

    async def advance(self, tournament_id: int) -> bool:
        """One step of a tournament if one is due (see advance_due); whether it took one. The next
        round is paired in a worker process from the tournament as read, outside any transaction (a
        Swiss of 64 takes a second or more), and stored only if the tournament is still as it was read:
        otherwise nothing is stored and it stays due, to be looked at again."""
        now = self.context.clock()
        async with self.context.store.reading() as db:
            tournament = await load_tournament(db, tournament_id)
            gone = await self._no_shows(db, tournament) if self._round_ended(tournament) else []
        if tournament.status == TournamentStatus.OPEN:
            return await self._open_due(tournament_id, now)
        if not self._round_ended(tournament):
            async with self.notes.changing() as db:
                again = await load_tournament(db, tournament_id, lock=True)
                if again.round == tournament.round and not self._round_ended(again):
                    await repository.tournaments.set_due(db, tournament_id, None)
            return False
        after = withdrawn(tournament, gone)
        next_round = tournament.round + 1
        pairs = [] if next_round > after.planned_rounds else await self._paired(after, next_round)
        async with self.notes.changing() as db:
            again = await load_tournament(db, tournament_id, lock=True)
            if (again.status, again.round, again.entrants, again.tables) != (
                    tournament.status, tournament.round, tournament.entrants, tournament.tables):
                return False  # changed meanwhile (another process paired it, someone joined): look again
            for player in gone:
                await repository.tournaments.set_withdrawn(db, tournament_id, player, next_round)
            if not pairs or all(len(p) == 1 for p in pairs):
                await self.close(db, after, now)
            else:
                await self._store_round(db, after, next_round, pairs, now)
        self.context.deadlines_changed.set()
        return True

    @staticmethod
    def _round_ended(tournament: Tournament) -> bool:
        """Running, and every game of its round over (round 0: just begun)."""
        return tournament.status == TournamentStatus.RUNNING and round_over(tournament, tournament.round)

    async def _open_due(self, tournament_id: int, now: float) -> bool:
        """An open tournament whose start time came: begun (round 1 is paired by the next step), or called
        off with too few entrants."""
        async with self.notes.changing() as db:
            tournament = await load_tournament(db, tournament_id, lock=True)
            if tournament.status != TournamentStatus.OPEN:
                return False
            if tournament.starts_at is None or tournament.starts_at > now:
                await repository.tournaments.set_due(db, tournament_id, tournament.starts_at)
                return False
            if len(tournament.entrants) < self.least_entrants(tournament):
                await self.close(db, tournament, now, cancelled=True)
            else:
                await self.begin(db, tournament, now)
        self.context.deadlines_changed.set()
        if tournament.status == TournamentStatus.OPEN and len(tournament.entrants) >= self.least_entrants(tournament):
            await self.advance(tournament_id)
        return True

    async def _no_shows(self, db: Tx, tournament: Tournament) -> list[int]:
        """Who of the round just over is withdrawn as a no-show (see no_shows), read off the games' rows
        (no position is replayed)."""
        endings = {}
        tables = tournament.round_tables(tournament.round)
        for table in tables:
            if table.match_id is None:
                continue
            row = await repository.matches.match_row(db, table.match_id)
            if row is None or row["status"] != MatchStatus.FINISHED:
                continue
            seats = await repository.matches.seat_rows(db, table.match_id)
            leavers = tuple(seat["seat"] for seat in seats if seat["left_at"] is not None)
            if not leavers and row["cause"] == Cause.TIME:  # a game of two ends at once: no leaver kept
                leavers = tuple(json.loads(row["places"])[-1])
            moved = frozenset(await repository.matches.move_seats(db, table.match_id))
            endings[table.match_id] = Ending(row["cause"], leavers, moved)
        return [p for p in no_shows(tables, endings)
                if (e := tournament.entrant(p)) is not None and e.withdrawn is None]

    async def begin(self, db: Tx, tournament: Tournament, now: float) -> None:
        """Close sign-up: starting numbers by rating (then by who joined first) and the rounds fixed;
        the tournament is due at once, for round 1 to be paired (`advance`)."""
        ordered = sorted(enumerate(tournament.entrants), key=lambda pair: (-pair[1].rating, pair[0]))
        await repository.tournaments.number_entrants(
            db, tournament.id, [(e.id, number, e.rating) for number, (_k, e) in enumerate(ordered, 1)])
        await repository.tournaments.start(db, tournament.id, tournament.planned_rounds, now)
        await repository.tournaments.set_due(db, tournament.id, now)

    async def _paired(self, tournament: Tournament, round: int) -> list[tuple[int, ...]]:
        """The tables of `round`, paired in a worker; none when a Swiss can no longer be paired (too few
        left, or all have met each other), which then ends."""
        least = self.least_entrants(tournament)
        playing = [e for e in tournament.entrants if e.plays_in(round)]
        if tournament.format == Format.SWISS and len(playing) < least:
            return []
        decided = tuple(t for t in tournament.tables if t.decided)
        try:
            # pairing is rare and waited for by a whole round: it takes its turn with the analyses
            return await self.context.computers.run(
                pair_round, tournament.format, tournament.entrants, decided, round, tournament.planned_rounds,
                tournament.table_size, least, kind=Kind.ANALYSIS, owner=Owner(tournament.guild_id, 0))
        except NoPairing:
            log.info("tournament %s: round %s cannot be paired by the rules; it ends", tournament.id, round)
            return []

    async def _store_round(self, db: Tx, tournament: Tournament, round: int, pairs: Sequence[tuple[int, ...]],
                           now: float) -> None:
        """Store a round's tables (byes and forfeits scored at once) with the news of it."""
        rows = [(board, dumps(list(seats)), self._unplayed(tournament.entrants, seats, round))
                for board, seats in enumerate(pairs, 1)]
        await repository.tournaments.add_tables(db, tournament.id, round, rows)
        await repository.tournaments.set_round(db, tournament.id, round)
        await repository.tournaments.add_news(db, tournament.id, NewsKind.ROUND, round, now)
        if all(points is not None for _board, _seats, points in rows):  # nothing to play: on to the next
            await repository.tournaments.set_due(db, tournament.id, now)

    @staticmethod
    def _unplayed(entrants: tuple[Entrant, ...], seats: tuple[int, ...], round: int) -> str | None:
        """The points of a table that is not played: a bye, or a round robin's game with a withdrawn
        player (forfeited: the one still in wins); None for a game to play."""
        if len(seats) == 1:
            return stored_points((BYE,))
        gone = [not next(e for e in entrants if e.id == s).plays_in(round) for s in seats]
        if not any(gone):
            return None
        return stored_points(tuple(Fraction(0) if out else Fraction(1) for out in gone))

    async def close(self, db: Tx, tournament: Tournament, now: float, *, cancelled: bool = False) -> None:
        status = TournamentStatus.CANCELLED if cancelled else TournamentStatus.FINISHED
        await repository.tournaments.close(db, tournament.id, status, now)
        kind = NewsKind.CANCELLED if cancelled else NewsKind.FINAL
        await repository.tournaments.add_news(db, tournament.id, kind, tournament.round, now)

    # ------------------------------------------------------------------ games

    async def open_game(self, tournament_id: int, round: int, board: int, channel_id: int,
                        via: str | None = None) -> MatchChange | None:
        """Open a table's game as a match in `channel_id` (a thread the adapter made), with its start's
        note; None when it was opened before, or is not a game to play."""
        now = self.context.clock()
        async with self.notes.changing() as db:
            tournament = await load_tournament(db, tournament_id, lock=True)
            if tournament.status != TournamentStatus.RUNNING or tournament.round != round:
                return None  # called off, or its round is over
            table_id = tournament.table_ids.get((round, board))
            if table_id is None:
                return None
            row = await repository.tournaments.locked_table(db, table_id)
            if row is None or row["match_id"] is not None or row["points"] is not None:
                return None
            seats = [int(s) for s in json.loads(row["seats"])]
            challenge_id = await repository.challenges.add_challenge(
                db, guild_id=tournament.guild_id, channel_id=channel_id, game=tournament.game,
                options=dumps(tournament.options), players=len(seats), challenger=seats[0],
                turn_seconds=tournament.turn_seconds, seed=self.context.rng.randrange(2**31), now=now, expires_at=now,
                seating=dumps(seats))
            await repository.challenges.add_challenge_players(db, challenge_id, [(uid, 1, 1) for uid in seats])
            challenge = await self.context.load_challenge(db, challenge_id)
            begun = await self.challenges.begin(db, challenge, now, via)
            await repository.tournaments.link_match(db, challenge_id, tournament.id, round, tournament.rated)
            await repository.tournaments.set_table_match(db, table_id, challenge_id)
            started = await self.context.load_match(db, challenge_id)
        self.context.deadlines_changed.set()
        return MatchChange(started, note=begun.note)

    # ------------------------------------------------------------------ news

    async def news_due(self, *, local: bool = False) -> list[News]:
        """The news due (the console's with `local`), as it stood when read: take each with `taking`
        before posting it, then `news_done`."""
        now = self.context.clock()
        async with self.context.store.reading() as db:
            rows = await repository.tournaments.news_due(db, now, local)
            return [News(row["id"], NewsKind(row["kind"]), row["round"], await load_tournament(db, row["tournament_id"]))
                    for row in rows]

    @asynccontextmanager
    async def taking(self, news: News) -> AsyncIterator[News | None]:
        """News held by this process for the block (the store's claim, which a process that dies lets
        go of), read again: None when another process holds it or has posted it. Whoever posts news
        deletes it before letting go, so it is posted once."""
        async with self.context.store.claim(-news.id) as mine:  # negative: a match's turn is claimed by its id
            if not mine:
                yield None
                return
            async with self.context.store.reading() as db:
                row = await repository.tournaments.news_row(db, news.id)
                fresh = None if row is None or row["due"] > self.context.clock() else News(
                    news.id, news.kind, news.round, await load_tournament(db, row["tournament_id"]))
            yield fresh

    async def news_done(self, news_id: int) -> None:
        async with self.notes.changing() as db:
            await repository.tournaments.delete_news(db, news_id)

    async def news_later(self, news_id: int, seconds: float = NEWS_RETRY) -> None:
        """News whose post failed for now: tried again in `seconds`."""
        async with self.notes.changing() as db:
            await repository.tournaments.postpone_news(db, news_id, self.context.clock() + seconds)
        self.context.deadlines_changed.set()

