"""A tournament at the console: `tournament` at the menu (or at the first set-up's questions) sets one up
(bot.console.tournament_setup) and runs it in the console's server, or goes on with the one running.
Each round's news gives its pairings (and the standings after the round before); its games are opened
as local matches, each in a channel of its own, and played one after another with the console's match
loop (people type their moves, computers move by themselves). The console has no timer loop: after each
game the tournament is moved on here (the next round paired once the round is over, or the end). At the
end: the final standings, a round robin's crosstable, the podium, and the standings picture beside the
boards. `quit` during a game leaves the tournament where it stands, to go on with next time; the round's
games in progress are matches in progress like any other."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path

from bot.console.files import write
from bot.console.move_prompt import Elsewhere
from bot.console.setup import Anywhere
from bot.console.terminal import Terminal, split
from bot.console.text import find_game, no_game, versus
from bot.console.tournament_setup import TournamentPlan, TournamentSetup
from bot.errors import PlayerError
from bot.models import LOCAL_GUILD, Match, MatchStatus
from bot.service import MAX_TURN_SECONDS, MatchService
from bot.tournament_pictures import draw_podium, draw_standings, podium_places, podium_title, sheet
from bot.tournaments.model import Format, Table
from bot.tournaments.record import News, NewsKind, Tournament, TournamentStatus, shown
from bot.tournaments.text import crosstable_text, points_text, round_lines, standings_text
from i18n import _, ngettext, pgettext
from renderers.results import ordinal
from rules import BadOptions, Game

log = logging.getLogger(__name__)

# The channel of the console's tournament (one runs at a time), and the channels of its games: this less
# each game's table id. Local matches take 0, -1, -2, … as they need them: these are far below.
TOURNAMENT_CHANNEL = -1_000_000
GAME_CHANNELS = TOURNAMENT_CHANNEL

PlayOut = Callable[[Match], Awaitable[Match | Elsewhere]]  # the console's match loop: the match ended, or elsewhere


class TournamentAsked(Exception):
    """`tournament` typed at a match's set-up question: a tournament instead (`rest`: what followed it)."""

    def __init__(self, rest: str):
        super().__init__(rest)
        self.rest = rest


def picture_names(tournament: Tournament) -> tuple[str, str]:
    """The files of a tournament's final standings and podium pictures, beside the boards' pictures:
    `local-tournament-<id>-standings.png`, `local-tournament-<id>-podium.png`."""
    return f"local-tournament-{tournament.id}-standings.png", f"local-tournament-{tournament.id}-podium.png"


def game_channel(tournament: Tournament, round: int, board: int) -> int:
    return GAME_CHANNELS - tournament.table_ids[round, board]


def to_play(table: Table) -> bool:
    """Whether a table is a game still to be played (not a bye, a forfeit, or a game over)."""
    return len(table.seats) > 1 and not table.decided


class LocalTournaments:
    """The console's tournaments, on the service, at the terminal; `anywhere` answers the commands of
    every prompt at the set-up questions, `play` plays a game as any local match is played, and the
    standings picture goes to `boards`."""

    def __init__(self, service: MatchService, terminal: Terminal, anywhere: Anywhere, boards: Path, play: PlayOut):
        self.service = service
        self.terminal = terminal
        self.say = terminal.say
        self.anywhere = anywhere
        self.boards = boards
        self.play = play

    async def running(self) -> Tournament | None:
        """The local tournament open or running, if any."""
        live = next((t for t in await self.service.tournaments.listing(LOCAL_GUILD) if t.live), None)
        return None if live is None else await self.service.tournaments.get(live.id)

    def asking(self, anywhere: Anywhere) -> Anywhere:
        """`anywhere`, with `tournament` at a match's set-up questions leaving them for a tournament's
        (TournamentAsked)."""

        async def answered(answer: str, game: Game) -> bool:
            command, rest = split(answer)
            if command == "tournament":
                raise TournamentAsked(rest)
            return await anywhere(answer, game)

        return answered

    # ------------------------------------------------------------------ at the menu

    async def command(self, rest: str = "") -> Match | None:
        """`tournament` (`tournament attaxx`: of that game): go on with the one running, after asking,
        else set one up and run it. The match to play instead, if the players leave it for one."""
        running = await self.running()
        if running is not None:
            self.say(self.status(running))
            if self.terminal.yes(_("Go on with it?"), default=True):
                return await self.go_on(running.id)
            if not self.terminal.yes(_("Cancel it, to set up another? Its games being played go on as "
                                       "ordinary matches."), default=False):
                return None
            await self.service.tournaments.cancel(running.id, running.organiser)
            await self.news()
        game = None
        if rest:
            game = find_game(rest)
            if game is None:
                self.say(no_game(rest))
                return None
        plan = await TournamentSetup(self.terminal, self.anywhere).run(game)
        if plan is None:
            return None
        made = await self.create(plan)
        return None if made is None else await self.go_on(made.id)

    def wanted(self, running: Tournament) -> bool:
        """At the start, with no match in progress: whether the players go on with the tournament running."""
        self.say(self.status(running))
        if self.terminal.yes(_("Go on with it?"), default=True):
            return True
        self.say(_("`tournament` at the menu goes on with it later."))
        return False

    async def running_line(self) -> str | None:
        """What the menu says of the tournament running, if any."""
        running = await self.running()
        return None if running is None else self.status(running) + " " + _("`tournament` goes on with it.")

    def status(self, tournament: Tournament) -> str:
        """"Tournament 3, Attaxx round robin: round 2 of 3, 1 game to play."."""
        if tournament.status == TournamentStatus.OPEN:
            return _("Tournament {number}, {name}: not started yet.", number=tournament.id, name=tournament.name)
        games = sum(to_play(t) for t in tournament.round_tables(tournament.round))
        return _("Tournament {number}, {name}: round {round} of {rounds}, {games}.", number=tournament.id,
                 name=tournament.name, round=tournament.round, rounds=tournament.planned_rounds,
                 games=ngettext("{n} game to play", "{n} games to play", games))

    # ------------------------------------------------------------------ made

    async def create(self, plan: TournamentPlan) -> Tournament | None:
        """The tournament of the plan, created, joined by everyone and started; None after saying why not."""
        organiser = plan.organiser
        tournaments = self.service.tournaments
        try:
            made = await tournaments.create(
                LOCAL_GUILD, TOURNAMENT_CHANNEL, organiser, plan.game.name, plan.options, format=plan.format.value,
                rounds=plan.rounds, players=plan.table_size, turn_seconds=MAX_TURN_SECONDS)  # turns may wait for days
        except (PlayerError, BadOptions) as error:
            self.say(str(error))
            return None
        try:
            for player in plan.entrants:
                if player.level is not None:
                    await tournaments.add_computer(made.id, organiser, player.level)
                else:
                    await tournaments.join(made.id, player)
            started = await tournaments.start(made.id, organiser)
        except PlayerError as error:
            self.say(str(error))
            await tournaments.cancel(made.id, organiser)
            await self.news()
            return None
        names = [shown(e) for e in started.entrants]
        self.say(_("Tournament {number}, {name}: {players}; {rounds}. {organiser} organises it.", number=started.id,
                   name=started.name, players=", ".join(names),
                   rounds=ngettext("{n} round", "{n} rounds", started.planned_rounds), organiser=organiser.name))
        return started

    # ------------------------------------------------------------------ played

    async def go_on(self, tournament_id: int) -> Match | None:
        """Run the tournament: each round's news, its games opened and played one after another, the
        next round paired once the round is over, until it ends (None) or the players leave it for
        another match (that match; None: the menu)."""
        while True:
            await self.news()
            tournament = await self.service.tournaments.get(tournament_id)
            if not tournament.live:
                return None
            if tournament.status == TournamentStatus.OPEN:  # set up, but the console stopped before it started
                await self.service.tournaments.start(tournament_id, tournament.organiser)
                continue
            await self.open_games(tournament, tournament.round)  # those whose news another session took
            tournament = await self.service.tournaments.get(tournament_id)
            games = [t for t in tournament.round_tables(tournament.round) if to_play(t) and t.match_id is not None]
            if not games:
                if await self.service.rounds.advance(tournament_id):
                    continue
                log.warning("tournament %s: round %s has nothing to play and cannot go on", tournament_id,
                            tournament.round)
                self.say(_("The round cannot go on: a game of it is neither played nor decided."))
                return None
            for table in games:
                assert table.match_id is not None
                match = await self.service.get_match(table.match_id)
                if match.status != MatchStatus.ACTIVE:
                    continue
                self.say()
                self.say(_("{tournament}, round {round}, board {board}: {players}.", tournament=tournament.name,
                           round=table.round, board=table.board, players=versus(match.names)))
                played = await self.play(match)
                if isinstance(played, Elsewhere):
                    self.say(_("The tournament waits: `tournament` at the menu goes on with it."))
                    return played.match
                await self.service.rounds.advance(tournament_id)

    async def open_games(self, tournament: Tournament, round: int) -> None:
        """Open the round's games not opened yet, each as a local match in a channel of its own."""
        for table in tournament.round_tables(round):
            if to_play(table) and table.match_id is None:
                await self.service.rounds.open_game(tournament.id, round, table.board,
                                                    game_channel(tournament, round, table.board))

    async def news(self) -> None:
        """Say the local tournaments' news: a round's pairings (its games opened), the final standings,
        a cancellation."""
        for news in await self.service.rounds.news_due(local=True):
            await self.tell(news)
            await self.service.rounds.news_done(news.id)

    async def tell(self, news: News) -> None:
        tournament = news.tournament
        if news.kind == NewsKind.CANCELLED:
            self.say(_("Tournament {number}, {name}, is cancelled.", number=tournament.id, name=tournament.name))
        elif news.kind == NewsKind.FINAL:
            self.final(tournament)
            await self.pictures(tournament)
        elif news.round == tournament.round and tournament.live:  # not the news of a round already over
            self.round(tournament, news.round)
            await self.open_games(tournament, news.round)

    def round(self, tournament: Tournament, round: int) -> None:
        """A round's news: "Round 2 of 3", the standings after the round before, the pairings."""
        tournament = tournament.localized()
        self.say()
        self.say(tournament.name)
        self.say(_("Round {round} of {rounds}", round=round, rounds=tournament.planned_rounds))
        if round > 1:
            self.say(_("Standings after round {round}:", round=round - 1))
            self.say(standings_text(tournament.standings(through=round - 1), tournament.format))
        self.say(_("Pairings:"))
        for line in round_lines(round, tournament.round_tables(round), tournament.names):
            self.say("  " + line)

    def final(self, tournament: Tournament) -> None:
        """The end: the final standings, a round robin's crosstable, the podium."""
        tournament = tournament.localized()
        self.say()
        self.say(_("{name} is over.", name=tournament.name))
        self.say(_("Final standings:"))
        rows = tournament.standings()
        self.say(standings_text(rows, tournament.format))
        if tournament.format != Format.SWISS:
            self.say(_("Crosstable:"))
            self.say(crosstable_text(tournament.entrants, tournament.tables))
        self.say(_("Podium:"))
        for row in rows:
            if row.place > 3:
                break
            self.say("  " + pgettext("podium", "{place} {player} {points}", place=ordinal(row.place),
                                     player=shown(row.entrant), points=points_text(row.points)))

    async def pictures(self, tournament: Tournament) -> None:
        """The final standings and the podium drawn, beside the boards; their files said."""
        standings, podium = (self.boards / name for name in picture_names(tournament))
        tournament = tournament.localized()
        try:
            drawn = sheet(tournament)
            write(standings, await asyncio.to_thread(draw_standings, drawn))
            places = podium_places(tournament)
            write(podium, await asyncio.to_thread(draw_podium, podium_title(tournament), places))
        except Exception:
            log.exception("could not draw the standings of local tournament %s", tournament.id)
            return
        self.say(_("Standings: {path}", path=standings))
        self.say(_("Podium: {path}", path=podium))
