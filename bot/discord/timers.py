"""What the scheduler (bot.scheduler) finds due, shown in Discord."""
from __future__ import annotations

from bot.discord import messages as text
from bot.discord.computers import ComputerTurns
from bot.discord.posting import Poster
from bot.models import Challenge, Match, Notice


class Timers:
    """The Discord adapter's part of bot.scheduler.Adapter."""

    def __init__(self, poster: Poster, computers: ComputerTurns):
        self.poster = poster
        self.computers = computers

    async def notice_due(self, notice: Notice) -> None:
        await self.poster.repost(notice)

    async def challenge_expired(self, challenge: Challenge) -> None:
        await self.poster.refresh_challenge(challenge)

    async def timed_out(self, match: Match) -> None:
        await self.poster.show_unseen(text.timeout_text(match), match, "the time-out")

    async def remind(self, match: Match) -> None:
        await self.poster.remind(match)

    def computer_owed(self, match: Match) -> None:
        self.computers.play(match, owed=True)
