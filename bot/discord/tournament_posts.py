"""A tournament in its channel: the sign-up post kept up to date, the standings and podium drawn in a
worker process, and the news the timers hand over (bot.service.rounds): a round's post with its
pairings and the standings so far, then a public thread per game, each opened as a match there and
shown as any match's start; the final standings with the podium; a cancellation.

News is posted once: the round's (or the end's) message carries the news as its nonce
(`tournament-news-<id>`), so a second post after a failure or another process's is the first message,
and a table whose game was opened before is not opened again. A post that fails for a reason that may
pass leaves the news to be tried again (`news_later`); the service then hands it over once more."""
from __future__ import annotations

import io
import logging
from collections import OrderedDict
from collections.abc import Sequence
from typing import Literal

import aiohttp
import discord

import i18n
from bot.discord import messages as text
from bot.discord import tournament_text as words
from bot.discord.computers import ServerLanguage
from bot.discord.payloads import Attachment
from bot.discord.posting import Poster, Send, log_post_failure, pings
from bot.discord.replies import passing
from bot.discord.tournament_views import signup_view
from bot.errors import NotShown
from bot.models import MatchChange, Player
from bot.tournament_pictures import (
    alt_text,
    draw_podium,
    draw_standings,
    podium_alt,
    podium_places,
    podium_title,
    sheet,
)
from bot.tournaments.model import Format, Table
from bot.tournaments.record import News, NewsKind, Tournament, TournamentStatus
from renderers.standings import Sheet

log = logging.getLogger(__name__)

COLOUR = discord.Colour(0xE8BA3A)  # a tournament's gold
EMBEDS_MAX = 6000  # every embed of a message together
LATER_SECONDS = 600.0  # news Discord refused, or that failed on a bug: tried again this much later
PUBLIC_THREAD: Literal[11] = 11  # Discord's channel type of a public thread
DRAWN_KEPT = 16  # standings pictures kept (at most about 160 kB each)
ARCHIVE_MINUTES: Literal[10080] = 10080  # a game's thread is archived after a week without a message


def everyone(send: Send, players: Sequence[Player]) -> Send:
    """`send` notifying every person of `players` (a tournament game's start is news to all of them)."""
    async def post(*args, **kwargs) -> discord.Message | None:
        kwargs["allowed_mentions"] = pings(*players)
        return await send(*args, **kwargs)
    return post


class TournamentPosts:
    """Posts a tournament's news and keeps its sign-up post up to date, through the poster's client, in
    the current language (its server's, for news: `language_of`)."""

    def __init__(self, poster: Poster, language_of: ServerLanguage):
        self.poster = poster
        self.client = poster.client
        self.service = poster.service
        self.renders = poster.renders
        self.language_of = language_of
        # standings pictures drawn lately, by their sheet (every word and number on them): asking again
        # for the same standings, however often, draws nothing more
        self._drawn: OrderedDict[Sheet, bytes] = OrderedDict()

    # ------------------------------------------------------------------ the sign-up post

    @staticmethod
    def signup_embed(tournament: Tournament) -> discord.Embed:
        return discord.Embed(title=f"🏆 {tournament.name}"[:256], description=words.signup_description(tournament),
                             colour=COLOUR)

    async def refresh_signup(self, tournament: Tournament) -> None:
        """The sign-up post shows the tournament as it is now (best effort: a post deleted, or Discord
        away, is logged and left)."""
        if tournament.message_id is None:
            return
        message = self.client.get_partial_messageable(tournament.channel_id).get_partial_message(tournament.message_id)
        try:
            await message.edit(embed=self.signup_embed(tournament), view=signup_view(tournament),
                               allowed_mentions=discord.AllowedMentions.none())
        except discord.NotFound:  # deleted: the tournament goes on without it
            log.info("the sign-up post of tournament %s is gone", tournament.id)
        except (discord.HTTPException, aiohttp.ClientError, OSError) as error:
            log_post_failure(f"update the sign-up post of tournament {tournament.id}", tournament.channel_id, error)

    # ------------------------------------------------------------------ pictures

    async def standings_file(self, tournament: Tournament, through: int | None = None) -> discord.File:
        """The standings picture (drawn in a worker process) with its alt text."""
        drawn = sheet(tournament, through)
        png = self._drawn.get(drawn)
        if png is None:
            png = await self.renders.run(draw_standings, drawn)
            self._drawn[drawn] = png
            while len(self._drawn) > DRAWN_KEPT:
                self._drawn.popitem(last=False)
        self._drawn.move_to_end(drawn)
        name = f"standings-{tournament.id}-{tournament.round if through is None else through}.png"
        return Attachment(io.BytesIO(png), filename=name, description=alt_text(drawn))

    async def podium_file(self, tournament: Tournament) -> discord.File:
        title, places = podium_title(tournament), podium_places(tournament)
        png = await self.renders.run(draw_podium, title, places)
        return Attachment(io.BytesIO(png), filename=f"podium-{tournament.id}.png", description=podium_alt(title, places))

    @staticmethod
    def standings_embed(tournament: Tournament, through: int | None = None,
                        budget: int = words.DESCRIPTION_MAX) -> discord.Embed:
        block = words.standings_block(tournament.standings(through), tournament.format, budget)
        return discord.Embed(title=words.standings_title(tournament, through), description=block, colour=COLOUR)

    # ------------------------------------------------------------------ news

    async def news(self, news: News) -> None:
        """Post a tournament's news in its server's language, then mark it done; tried again later when
        it could not be posted."""
        tournament = news.tournament
        try:
            with i18n.speaking(await self.language_of(tournament.guild_id)):
                if news.kind == NewsKind.ROUND:
                    await self._round(news)
                elif news.kind == NewsKind.FINAL:
                    await self._final(news)
                else:
                    await self._cancelled(news)
        except Exception as error:
            if isinstance(error, NotShown) or passing(error):
                log.info("Discord did not take the %s news of tournament %s; trying again soon", news.kind, tournament.id)
                await self.service.rounds.news_later(news.id)
            elif isinstance(error, discord.HTTPException):
                log_post_failure(f"post the {news.kind} news of tournament {tournament.id}", tournament.channel_id, error)
                await self.service.rounds.news_later(news.id, LATER_SECONDS)
            else:
                log.exception("the %s news of tournament %s could not be posted", news.kind, tournament.id)
                await self.service.rounds.news_later(news.id, LATER_SECONDS)
            return
        await self.service.rounds.news_done(news.id)

    def _channel(self, tournament: Tournament, news: News) -> Send:
        send = self.client.get_partial_messageable(tournament.channel_id).send

        async def post(*args, **kwargs) -> discord.Message:
            return await send(*args, nonce=f"tournament-news-{news.id}", **kwargs)
        return post

    async def _round(self, news: News) -> None:
        """The round's post (with the standings after the round before), then its games opened."""
        tournament, round = news.tournament, news.round
        send = self._channel(tournament, news)
        content = words.round_text(tournament, round)
        if round > 1:
            await send(content, embed=self.standings_embed(tournament, round - 1),
                       file=await self.standings_file(tournament, round - 1),
                       allowed_mentions=discord.AllowedMentions.none())
        else:
            await send(content, allowed_mentions=discord.AllowedMentions.none())
        if tournament.status == TournamentStatus.RUNNING and tournament.round == round:
            for table in tournament.round_tables(round):
                if len(table.seats) > 1 and table.points is None and table.match_id is None:
                    await self._open(tournament, table)
        await self.refresh_signup(await self.service.tournaments.get(tournament.id))

    async def _open(self, tournament: Tournament, table: Table) -> None:
        """A table's game: a public thread in the tournament's channel, the match opened there and its
        start shown (board, buttons, every player pinged, a computer to move playing)."""
        made = await self.client.http.start_thread_without_message(
            tournament.channel_id, name=words.thread_name(tournament, table), auto_archive_duration=ARCHIVE_MINUTES,
            type=PUBLIC_THREAD, reason="a tournament's game")
        change = await self.service.rounds.open_game(tournament.id, table.round, table.board, int(made["id"]))
        if change is None:  # opened meanwhile (by another process): its own thread shows it
            return
        await self._start(tournament, change)

    async def _start(self, tournament: Tournament, change: MatchChange) -> None:
        match = change.match
        content = text.start_text(match, words.game_line(tournament, match.tournament_round or tournament.round))
        try:
            await self.poster.show(everyone(self.poster.channel(match.channel_id, change.note), match.seats),
                                   content, change)
        except NotShown:  # its note falls due and the timers show it; the round goes on
            log.info("Discord did not take the start of match %s; it is shown later", match.id)
        except discord.HTTPException as error:
            log_post_failure(f"post the start of match {match.id}", match.channel_id, error)

    async def _final(self, news: News) -> None:
        """The final standings (picture and text, and the crosstable of a round robin) with the podium,
        pinging the first three; then the sign-up post without its buttons."""
        tournament = news.tournament
        files = [await self.standings_file(tournament), await self.podium_file(tournament)]
        embeds = self.standings_embeds(tournament)
        rows = tournament.standings()[:3]
        people = [Player(row.entrant.id, row.entrant.name) for row in rows]
        await self._channel(tournament, news)(words.final_text(tournament), embeds=embeds, files=files,
                                              allowed_mentions=pings(*people))
        await self.refresh_signup(await self.service.tournaments.get(tournament.id))

    @classmethod
    def standings_embeds(cls, tournament: Tournament) -> list[discord.Embed]:
        """The standings as text, and a round robin's crosstable, within EMBEDS_MAX together."""
        if tournament.format == Format.SWISS:
            return [cls.standings_embed(tournament)]
        cross = words.crosstable_block(tournament, EMBEDS_MAX // 2 - 100)
        standings = cls.standings_embed(tournament, budget=EMBEDS_MAX - len(cross) - 200)
        return [standings, discord.Embed(title=words.crosstable_title(), description=cross, colour=COLOUR)]

    async def _cancelled(self, news: News) -> None:
        tournament = news.tournament
        await self._channel(tournament, news)(words.cancelled_text(tournament),
                                              allowed_mentions=discord.AllowedMentions.none())
        await self.refresh_signup(await self.service.tournaments.get(tournament.id))
