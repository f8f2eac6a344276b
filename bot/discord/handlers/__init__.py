"""What each command and button does, by family: call the service, then show the result in the channel."""
from __future__ import annotations

import discord

from bot.discord.handlers.analyses import Analyses
from bot.discord.handlers.challenges import Challenges
from bot.discord.handlers.computers import ComputerTurns
from bot.discord.handlers.play import Play
from bot.discord.handlers.records import Records
from bot.discord.handlers.settings import Settings
from bot.discord.handlers.takebacks import Takebacks
from bot.discord.handlers.timers import Timers
from bot.discord.posting import Poster
from bot.service import MatchService
from bot.workers import Workers, spare_cores


class Handlers:
    """Every family of handlers, sharing one service, one poster and the processes that draw boards."""

    def __init__(self, client: discord.Client, service: MatchService, renders: Workers | None = None):
        self.service = service
        self.renders = renders or Workers(spare_cores(), imports=("bot.boards",))
        # After a change is shown, a computer to move plays (the poster is made before the computers)
        self.poster = Poster(client, service, self.renders, lambda match, owed: self.computers.play(match, owed))
        self.computers = ComputerTurns(client, service, self.poster)
        self.challenges = Challenges(client, service, self.poster)
        self.play = Play(client, service, self.poster)
        self.records = Records(client, service, self.poster)
        self.settings = Settings(client, service, self.poster)
        self.takebacks = Takebacks(client, service, self.poster)
        self.analyses = Analyses(client, service, self.poster)
        self.timers = Timers(self.poster, self.computers)
