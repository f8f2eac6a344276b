"""The bot's features as cogs, each holding its slash commands and the buttons it answers. `COGS` is
the order they are added in, which is the order of the commands in Discord's list and in /help."""
from __future__ import annotations

from bot.discord.cogs.analyses import Analyses
from bot.discord.cogs.challenges import Challenges
from bot.discord.cogs.common import Feature
from bot.discord.cogs.help import Help
from bot.discord.cogs.history import History
from bot.discord.cogs.play import Play
from bot.discord.cogs.records import Records
from bot.discord.cogs.rulebook import Rulebook
from bot.discord.cogs.settings import Preferences
from bot.discord.cogs.takebacks import Takebacks
from bot.discord.cogs.tournaments import Tournaments

COGS: tuple[type[Feature], ...] = (Challenges, Play, Takebacks, Records, Tournaments, Preferences, Rulebook, History,
                                   Analyses, Help)
