"""What the scheduler (bot.scheduler) finds due, shown in Discord."""
from __future__ import annotations

import i18n
from bot.discord import messages as text
from bot.discord.computers import ComputerTurns, ServerLanguage
from bot.discord.posting import Poster
from bot.discord.tournament_posts import TournamentPosts
from bot.models import ChallengeChange, Match, MatchChange, Notice
from bot.tournaments.record import News


class Timers:
    """The Discord adapter's part of bot.scheduler.Adapter: each post in its server's language."""

    def __init__(self, poster: Poster, computers: ComputerTurns, language_of: ServerLanguage):
        self.poster = poster
        self.computers = computers
        self.language_of = language_of
        self.tournaments = TournamentPosts(poster, language_of)  # the /tournament cog posts through it too

    async def notice_due(self, notice: Notice) -> None:
        with i18n.speaking(await self.language_of(notice.challenge.guild_id)):
            await self.poster.repost(notice)

    async def challenge_expired(self, change: ChallengeChange) -> None:
        with i18n.speaking(await self.language_of(change.challenge.guild_id)):
            await self.poster.refresh_challenge(change.challenge, change.note)

    async def timed_out(self, change: MatchChange) -> None:
        with i18n.speaking(await self.language_of(change.match.guild_id)):
            await self.poster.show_unseen(text.timeout_text(change.match), change, "the time-out")

    async def remind(self, change: MatchChange) -> None:
        with i18n.speaking(await self.language_of(change.match.guild_id)):
            await self.poster.remind(change)

    async def low_time(self, change: MatchChange) -> None:
        with i18n.speaking(await self.language_of(change.match.guild_id)):
            await self.poster.low_time(change)

    def computer_owed(self, match: Match) -> None:
        self.computers.play(match, owed=True)

    async def tournament_news(self, news: News) -> None:
        await self.tournaments.news(news)
