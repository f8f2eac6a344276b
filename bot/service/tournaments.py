"""Tournaments as their organisers and players run them: created, joined (late too, in a Swiss), left
(withdrawn from the rounds to come once it runs), computers added, started, cancelled, and read
(one, a channel's, a server's). Pairing the rounds and opening their games is bot.service.rounds."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.db import Tx
from bot.errors import Duplicate, NotAllowed, NotFound
from bot.models import COMPUTER_LEVELS, Player, computer, dumps
from bot.service import repository
from bot.service.challenges import MAX_TURN_SECONDS, MIN_TURN_SECONDS, most_players
from bot.service.context import Context
from bot.service.play import Play
from bot.service.rounds import Rounds, seat_counts
from bot.service.tournament_loading import load_tournament, stored_points
from bot.tournaments.model import Format
from bot.tournaments.record import Tournament, TournamentStatus, Withdrawal, default_name
from bot.tournaments.scores import LATE_BYE
from games import GAMES
from i18n import _, ngettext

MAX_PLAYERS = 64  # entrants a Swiss may have (its standings picture and pairing stay quick)
MAX_ROUND_ROBIN = 20  # and a round robin (19 rounds; its crosstable still reads)
MAX_ROUNDS = 20
MAX_LIVE = 5  # tournaments open or running at once in one server
MAX_NAME = 60
MAX_START_SECONDS = 30 * 24 * 3600  # how far ahead a start may be set


def check_manager(tournament: Tournament, user: Player, manager: bool) -> None:
    if user.id != tournament.organiser.id and not manager:
        raise NotAllowed(_("Only {player}, who organises this tournament, or someone who manages the server can do that.",
                           player=tournament.organiser.name))


class Tournaments:
    """Tournaments made, joined, left, started and cancelled."""

    def __init__(self, context: Context, rounds: Rounds, play: Play):
        self.context = context
        self.notes = context.notes
        self.rounds = rounds
        self.play = play

    # ------------------------------------------------------------------ reading

    async def get(self, tournament_id: int) -> Tournament:
        async with self.context.store.reading() as db:
            return await load_tournament(db, tournament_id)

    async def here(self, channel_id: int) -> Tournament:
        """The tournament of this channel: the one open or running, else the latest."""
        async with self.context.store.reading() as db:
            found = await repository.tournaments.channel_tournament_id(db, channel_id)
            if found is None:
                raise NotFound(_("There is no tournament in this channel. Create one with /tournament create."))
            return await load_tournament(db, found)

    async def of_match(self, match_id: int) -> Tournament | None:
        """The tournament a match is a game of, if any."""
        async with self.context.store.reading() as db:
            found = await repository.tournaments.match_tournament_id(db, match_id)
            return None if found is None else await load_tournament(db, found)

    async def listing(self, guild_id: int, limit: int = 10) -> list[Tournament]:
        """A server's tournaments: those open or running first, then the latest over; summaries, without
        their tables (autocomplete asks for them at every keystroke)."""
        async with self.context.store.reading() as db:
            return [await load_tournament(db, tid, tables=False) for tid in
                    await repository.tournaments.guild_tournament_ids(db, guild_id, limit)]

    # ------------------------------------------------------------------ making

    async def create(self, guild_id: int, channel_id: int, organiser: Player, game: str,
                     options: Mapping[str, Any] | None = None, *, format: str = "swiss", rounds: int | None = None,
                     players: int | None = None, turn_seconds: int | None = None, starts_at: float | None = None,
                     max_players: int | None = None, rated: bool = True, name: str | None = None,
                     manager: bool = False) -> Tournament:
        """A new tournament, open for sign-up in this channel (the organiser joins like anyone else).
        `players`: at each game, for a game of more than two (default: as many as the game and its options
        allow)."""
        if game not in GAMES:
            raise NotFound(_("There is no game called {game}. Games: {games}", game=repr(game), games=", ".join(GAMES)))
        rules = GAMES[game]
        try:
            kind = Format(format)
        except ValueError:
            raise NotAllowed(_("There is no format {format}: choose swiss, round_robin or double.",
                               format=repr(format))) from None
        options = rules.resolve_options(options)
        seed = self.context.rng.randrange(2**31)
        size = players if players is not None else most_players(rules, options, seed)
        if size not in rules.players:
            raise NotAllowed(_("{game} is played by {least} to {most} players at a game.", game=rules.title,
                               least=rules.players.start, most=rules.players.stop - 1))
        rules.start(size, options, seed)  # BadOptions reaches the organiser before anything is stored
        seat_counts(rules, options, size)  # the smaller tables the game allows, for the counts that do not divide
        if kind != Format.SWISS and size != 2:
            raise NotAllowed(_("A round robin is played in games of two: choose swiss for games of more."))
        if kind != Format.SWISS and rounds is not None:
            raise NotAllowed(_("A round robin has as many rounds as it takes for everyone to meet: leave rounds out."))
        if rounds is not None and not 1 <= rounds <= MAX_ROUNDS:
            raise NotAllowed(_("A tournament has 1 to {most} rounds.", most=MAX_ROUNDS))
        most = MAX_PLAYERS if kind == Format.SWISS else MAX_ROUND_ROBIN
        if max_players is not None and not 2 <= max_players <= most:
            raise NotAllowed(_("This tournament may take 2 to {most} players.", most=most))
        turn = self.context.turn_seconds if turn_seconds is None else turn_seconds
        if not MIN_TURN_SECONDS <= turn <= MAX_TURN_SECONDS:
            raise NotAllowed(_("The time per turn must be between 1 minute and 14 days."))
        now = self.context.clock()
        if starts_at is not None and not now < starts_at <= now + MAX_START_SECONDS:
            raise NotAllowed(_("The start must be in the future, within 30 days."))
        title = (name or "").strip()[:MAX_NAME] or default_name(rules.title, kind)
        async with self.notes.changing() as db:
            if await repository.tournaments.managers_only(db, guild_id) and not manager:
                raise NotAllowed(_("In this server only those who manage it create tournaments."))
            if await repository.tournaments.live_count(db, guild_id) >= MAX_LIVE:
                raise NotAllowed(ngettext("This server already has {n} tournament open or running, the most at once.",
                                          "This server already has {n} tournaments open or running, the most at once.",
                                          MAX_LIVE))
            existing = await repository.tournaments.channel_tournament_id(db, channel_id)
            if existing is not None and (await load_tournament(db, existing)).live:
                raise NotAllowed(_("This channel already has a tournament open or running: use another channel."))
            await repository.players.remember_players(db, (organiser,))
            tournament_id = await repository.tournaments.add_tournament(
                db, guild_id=guild_id, channel_id=channel_id, name=title, game=game, options=dumps(options),
                format=kind.value, rounds=rounds, table_size=size, turn_seconds=turn, rated=rated,
                max_players=max_players or most, organiser=organiser.id, starts_at=starts_at, seed=seed, now=now)
            made = await load_tournament(db, tournament_id)
        self.context.deadlines_changed.set()
        return made

    async def set_message(self, tournament_id: int, message_id: int) -> None:
        """Remember the sign-up post."""
        async with self.notes.changing() as db:
            await repository.tournaments.set_message(db, tournament_id, message_id)

    # ------------------------------------------------------------------ entrants

    async def join(self, tournament_id: int, user: Player) -> Tournament:
        """Sign up; in a running Swiss, join late (a half-point bye for each round already begun) while
        fewer than half the rounds have begun; a player who withdrew comes back for the rounds to come."""
        if user.is_computer:
            raise NotAllowed(_("Computer players are added by the organiser, with the level option."))
        now = self.context.clock()
        async with self.notes.changing() as db:
            tournament = await load_tournament(db, tournament_id, lock=True)
            await repository.players.remember_players(db, (user,))
            await self._join(db, tournament, user.id, now)
            return await load_tournament(db, tournament_id)

    async def add_computer(self, tournament_id: int, user: Player, level: str, *, manager: bool = False) -> Tournament:
        """The organiser adds a computer player at a level (each level once)."""
        if level not in COMPUTER_LEVELS:
            raise NotAllowed(_("There is no computer level {level}: choose {levels}.", level=repr(level),
                               levels=", ".join(COMPUTER_LEVELS)))
        now = self.context.clock()
        async with self.notes.changing() as db:
            tournament = await load_tournament(db, tournament_id, lock=True)
            check_manager(tournament, user, manager)
            bot = computer(level)
            await repository.players.remember_players(db, (bot,))
            if tournament.entrant(bot.id) is not None:
                raise NotAllowed(_("That computer is already in this tournament: each level plays once."))
            await self._join(db, tournament, bot.id, now)
            return await load_tournament(db, tournament_id)

    async def _join(self, db: Tx, tournament: Tournament, user_id: int, now: float) -> None:
        me = tournament.entrant(user_id)
        if tournament.status == TournamentStatus.OPEN:
            if me is not None:
                raise NotAllowed(_("You are already in this tournament."))
        elif tournament.status == TournamentStatus.RUNNING:
            if me is not None and me.withdrawn is None:
                raise NotAllowed(_("You are already in this tournament."))
            if me is not None:
                await repository.tournaments.rejoin(db, tournament.id, user_id)
                return
            if not tournament.late_joining:
                if tournament.swiss:
                    raise NotAllowed(_("This tournament has played half its rounds: it takes no more players."))
                raise NotAllowed(_("This round robin has begun: it takes no more players."))
        else:
            raise NotAllowed(_("This tournament is over."))
        if tournament.full:
            raise NotAllowed(_("This tournament is full."))
        try:
            if tournament.status == TournamentStatus.OPEN:
                await repository.tournaments.add_entrant(db, tournament.id, user_id, now)
                return
            number = max((e.number for e in tournament.entrants), default=0) + 1
            rating = await repository.records.rating_row(db, tournament.guild_id, tournament.game, user_id)
            await repository.tournaments.add_entrant(db, tournament.id, user_id, now, tournament.round + 1, number,
                                                     rating["rating"] if rating is not None else None)
        except Duplicate:
            raise NotAllowed(_("You are already in this tournament.")) from None
        for round in range(1, tournament.round + 1):  # a half-point bye for each round begun before they came
            board = max((t.board for t in tournament.round_tables(round)), default=0) + 1
            await repository.tournaments.add_tables(db, tournament.id, round,
                                                    [(board, dumps([user_id]), stored_points((LATE_BYE,)))])

    async def leave(self, tournament_id: int, user: Player, *, resign: bool = False) -> Withdrawal:
        """Leave before the start; once it runs, withdraw from the rounds to come: the game of this round
        goes on, or is resigned with `resign`."""
        async with self.notes.changing() as db:
            tournament = await load_tournament(db, tournament_id, lock=True)
            me = tournament.entrant(user.id)
            if me is None or me.withdrawn is not None:
                raise NotAllowed(_("You are not in this tournament."))
            if tournament.status == TournamentStatus.OPEN:
                await repository.tournaments.remove_entrant(db, tournament.id, user.id)
                return Withdrawal(await load_tournament(db, tournament_id))
            if tournament.status != TournamentStatus.RUNNING:
                raise NotAllowed(_("This tournament is over."))
            await repository.tournaments.set_withdrawn(db, tournament.id, user.id, tournament.round + 1)
            after = await load_tournament(db, tournament_id)
        self.context.deadlines_changed.set()
        table = after.table_of(user.id)
        if table is None or table.match_id is None or table.decided:
            return Withdrawal(after)
        match = await self.context.get_match(table.match_id)
        if not resign:
            return Withdrawal(after, playing=match)
        return Withdrawal(after, resigned=await self.play.resign(match.channel_id, user))

    async def remove_computer(self, tournament_id: int, user: Player, level: str, *, manager: bool = False) -> Tournament:
        """The organiser takes a computer player out before the start."""
        async with self.notes.changing() as db:
            tournament = await load_tournament(db, tournament_id, lock=True)
            check_manager(tournament, user, manager)
            bot = computer(level)
            if tournament.entrant(bot.id) is None:
                raise NotAllowed(_("That computer is not in this tournament."))
            if tournament.status != TournamentStatus.OPEN:
                raise NotAllowed(_("This tournament has begun: its players stay."))
            await repository.tournaments.remove_entrant(db, tournament.id, bot.id)
            return await load_tournament(db, tournament_id)

    # ------------------------------------------------------------------ running

    async def start(self, tournament_id: int, user: Player, *, manager: bool = False) -> Tournament:
        """The organiser closes sign-up and pairs round 1."""
        now = self.context.clock()
        async with self.notes.changing() as db:
            tournament = await load_tournament(db, tournament_id, lock=True)
            check_manager(tournament, user, manager)
            if tournament.status != TournamentStatus.OPEN:
                raise NotAllowed(_("This tournament has already begun."))
            least = self.rounds.least_entrants(tournament)
            if len(tournament.entrants) < least:
                raise NotAllowed(ngettext("A tournament needs at least {n} player: wait for more to join.",
                                          "A tournament needs at least {n} players: wait for more to join.", least))
            await self.rounds.begin(db, tournament, now)
        await self.rounds.advance(tournament_id)  # round 1, paired now (or by the next sweep, if it must wait)
        self.context.deadlines_changed.set()
        return await self.get(tournament_id)

    async def cancel(self, tournament_id: int, user: Player, *, manager: bool = False) -> Tournament:
        """The organiser calls it off: no more rounds (games being played go on as ordinary matches)."""
        now = self.context.clock()
        async with self.notes.changing() as db:
            tournament = await load_tournament(db, tournament_id, lock=True)
            check_manager(tournament, user, manager)
            if not tournament.live:
                raise NotAllowed(_("This tournament is over."))
            await self.rounds.close(db, tournament, now, cancelled=True)
            called_off = await load_tournament(db, tournament_id)
        self.context.deadlines_changed.set()  # its news is due now: the timer loop posts it
        return called_off

    async def set_managers_only(self, guild_id: int, on: bool, *, manager: bool = False) -> None:
        """Whether only those who manage the server may create its tournaments (theirs to choose)."""
        if not manager:
            raise NotAllowed(_("Only someone with the Manage Server permission can choose who creates tournaments."))
        async with self.notes.changing() as db:
            await repository.tournaments.set_managers_only(db, guild_id, on)

    async def managers_only(self, guild_id: int) -> bool:
        async with self.context.store.reading() as db:
            return await repository.tournaments.managers_only(db, guild_id)

