"""What the scheduler (bot.scheduler) finds due, shown in Discord."""
from __future__ import annotations

from bot.discord import messages as text
from bot.discord.computers import ComputerTurns
from bot.discord.posting import Poster
from bot.models import ChallengeChange, Match, MatchChange, Notice


class Timers:
    """The Discord adapter's part of bot.scheduler.Adapter."""

    def __init__(self, poster: Poster, computers: ComputerTurns):
        self.poster = poster
        self.computers = computers

    async def notice_due(self, notice: Notice) -> None:
        await self.poster.repost(notice)

    async def challenge_expired(self, change: ChallengeChange) -> None:
        await self.poster.refresh_challenge(change.challenge, change.note)

    async def timed_out(self, change: MatchChange) -> None:
        await self.poster.show_unseen(text.timeout_text(change.match), change, "the time-out")

    async def remind(self, change: MatchChange) -> None:
        await self.poster.remind(change)

    def computer_owed(self, match: Match) -> None:
        self.computers.play(match, owed=True)
