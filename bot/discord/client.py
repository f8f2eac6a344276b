"""The Discord bot: opens the store, wires the service to what shows its changes, adds the cogs (the
commands and persistent buttons), syncs the commands and runs the timers."""
from __future__ import annotations

import asyncio
import logging
import time
from typing import cast

import discord
from discord.ext import commands

from bot.computer import ComputerPlayers
from bot.config import Settings
from bot.db import Store, open_store
from bot.discord import payloads
from bot.discord.cogs import COGS
from bot.discord.cogs.common import Answer
from bot.discord.computers import ComputerTurns
from bot.discord.languages import Languages, player_language
from bot.discord.payloads import Mentions
from bot.discord.posting import Poster
from bot.discord.replies import STALE_BUTTON, answer_stale, report_error
from bot.discord.timers import Timers
from bot.discord.translator import CatalogTranslator
from bot.discord.tree import Tree
from bot.discord.views import Component
from bot.scheduler import Scheduler
from bot.service import MatchService
from bot.workers import Workers, spare_cores

log = logging.getLogger(__name__)


class StoreUnavailable(Exception):
    """The database could not be opened (a file that can't be written, a server that can't be reached)."""


# What the bot needs in a channel: to see it, post boards (text, pictures, embeds) and open a thread
# for a match when the channel already has one. Nothing else, and no privileged intent.
PERMISSIONS = discord.Permissions(view_channel=True, send_messages=True, embed_links=True, attach_files=True,
                                  create_public_threads=True, send_messages_in_threads=True)


def invite_link(application_id: int) -> str:
    """The link that adds the bot to a server with its slash commands and the permissions it needs."""
    return discord.utils.oauth_url(application_id, permissions=PERMISSIONS, scopes=("bot", "applications.commands"))


class GameBot(commands.AutoShardedBot):
    """The bot: the shards named in the settings (all, by default) in this one process. Several
    processes, each with its own shards, may share one PostgreSQL database. Slash commands only: its
    features are the cogs of bot.discord.cogs, added in setup_hook; what they share (the service, the
    poster, the worker processes, the computers' turns and the timers) are attributes of the bot."""

    # made in setup_hook, once the store is open
    service: MatchService
    languages: Languages
    poster: Poster
    computers: ComputerTurns
    timers: Timers
    scheduler: Scheduler

    def __init__(self, settings: Settings):
        # The bot never joins voice: discord.py's start-up warnings about missing voice libraries
        # (PyNaCl, davey) would only teach admins to ignore warnings.
        discord.VoiceClient.warn_nacl = False
        discord.VoiceClient.warn_dave = False
        intents = discord.Intents.none()
        intents.guilds = True  # channels and threads; interactions carry everything else
        super().__init__(
            # no message content: a mention is the only prefix discord.py can see, and there are no text commands
            command_prefix=commands.when_mentioned,
            help_command=None,
            tree_cls=Tree,
            intents=intents,
            allowed_mentions=Mentions(users=True, roles=False, everyone=False),
            shard_count=settings.shard_count,
            # None runs them all: discord.py documents and takes it, but types the option as a list only
            shard_ids=list(settings.shard_ids) if settings.shard_ids is not None else None,  # type: ignore[arg-type]
        )
        self.settings = settings
        # what answers a press of each kind of button or menu of bot.discord.views: registered by its cog
        self.answers: dict[type[Component], Answer] = {}
        self.store: Store | None = None
        self._timers: asyncio.Task | None = None
        self._warm: asyncio.Task | None = None
        # the processes that draw boards, on the cores the event loop leaves free
        self.renders = Workers(spare_cores(), imports=("bot.boards",))
        # autocomplete's suggestions for positions with many moves, read in a process of their own so
        # that neither the event loop nor the boards wait on them
        self.suggesters = Workers(1, imports=("bot.service.suggestions",))

    @property
    def tree(self) -> Tree:
        return cast(Tree, super().tree)

    async def setup_hook(self) -> None:
        try:
            self.store = await open_store(self.settings.database)
        except Exception as error:
            raise StoreUnavailable(f"{type(error).__name__}: {error}") from error
        self._wire(self.store)
        await self.add_cogs()
        await self._sync_commands()
        await self.scheduler.start()
        self._timers = asyncio.create_task(self.scheduler.run(), name="timers")
        self._warm = asyncio.create_task(self._warm_up(), name="worker processes")

    def _wire(self, store: Store) -> None:
        """The service on the open store, and what shows its changes in Discord."""
        self.service = MatchService(
            store,
            challenge_seconds=self.settings.challenge_minutes * 60,
            turn_seconds=self.settings.turn_hours * 3600,
            computers=ComputerPlayers(seconds=self.settings.computer_seconds),
            note_grace=self.settings.note_grace,
            suggest=self.suggesters.run,
        )
        self.languages = Languages(self, self.service.preferences)
        # After a change is shown, a computer to move plays (the poster is made before the computers)
        self.poster = Poster(self, self.service, self.renders, lambda match, owed: self.computers.play(match, owed))
        # what is posted with no interaction speaks its server's language
        self.computers = ComputerTurns(self, self.service, self.poster, self.languages.of_server)
        self.timers = Timers(self.poster, self.computers, self.languages.of_server)
        self.scheduler = Scheduler(self.service, self.timers, self.settings.sweep_seconds)

    async def add_cogs(self) -> None:
        """Every feature's cog, with its commands and the buttons it answers, in the order of COGS."""
        for cog in COGS:
            await self.add_cog(cog(self))

    async def _warm_up(self) -> None:
        """Start the processes that draw boards and read autocomplete's long lists (in the background:
        the bot answers meanwhile, a first board waiting for its worker). The computer players'
        processes start when a computer first plays, so that a server where nobody plays the computer
        does not keep them in memory."""
        await self.renders.warm_up()
        await self.suggesters.warm_up()

    async def _sync_commands(self) -> None:
        """Register the commands with Discord, with their names, descriptions and choices in every
        language the bot speaks (bot.discord.translator)."""
        await self.tree.set_translator(CatalogTranslator())
        if self.settings.dev_guild_id:
            guild = discord.Object(self.settings.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to guild %s", len(synced), self.settings.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d global commands (they can take a while to appear)", len(synced))

    def clock(self) -> float:
        """The time now, as the match service reads it (tests move it by hand)."""
        return self.service.clock() if self.store is not None else time.time()

    async def first_delivery(self, interaction: discord.Interaction) -> bool:
        """Whether this is the first delivery of `interaction` to any of the bot's processes: Discord may
        deliver one again, or to two processes; its effect must happen once, and it is answered once."""
        if await self.service.first_delivery(interaction.id, interaction.created_at.timestamp()):
            return True
        log.debug("interaction %s was delivered again; its first delivery answers it", interaction.id)
        return False

    async def press(self, interaction: discord.Interaction, item: Component) -> None:
        """A button pressed (or a menu's choice made): answered by the cog that registered it, an error
        answered as a command's is (the tree's on_error). It is answered in the player's language."""
        player_language(interaction)
        try:
            await self.answers[type(item)](interaction, item)
        except Exception as error:
            await report_error(interaction, error, interaction.extras.get("reply"))

    def answered(self, custom_id: str) -> bool:
        """Whether a loaded cog answers the component with this custom_id. Any other is left over from an
        older version or from another bot instance, or belongs to a cog not loaded."""
        return any(item.claims(custom_id) for item in self.answers)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        """Answer clicks on components that no loaded cog answers (discord.py would leave them
        unanswered, and Discord would show "This interaction failed")."""
        if interaction.type is discord.InteractionType.component:
            player_language(interaction)
            custom_id = payloads.custom_id(interaction) or ""
            if not self.answered(custom_id) and await self.first_delivery(interaction):
                await answer_stale(interaction, STALE_BUTTON, f"unknown custom_id {custom_id!r}")

    async def on_ready(self) -> None:
        log.info("logged in as %s (%s) in %d servers, shards %s of %s", self.user, self.user.id if self.user else "?",
                 len(self.guilds), ",".join(map(str, sorted(self.shards))), self.shard_count)
        if self.application_id is not None:
            log.info("invite me to a server: %s", invite_link(self.application_id))

    async def close(self) -> None:
        if self._timers is not None:
            self._timers.cancel()
        if self.store is not None:
            self.service.computers.close()
        self.renders.close()
        self.suggesters.close()
        await super().close()
        if self.store is not None:
            await self.service.close()
            await self.store.close()
