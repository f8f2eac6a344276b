"""What every cog uses: the `Feature` cog it derives from (the bot, its service and poster, the
buttons and menus it answers), who acts and where, and the reply that answers them."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar, cast

import discord
from discord.ext import commands

from bot.discord.posting import Poster
from bot.discord.replies import Reply, missing_permissions
from bot.discord.views import Component
from bot.errors import NotAllowed
from bot.models import Player
from bot.service import MatchService
from i18n import _, ngettext

if TYPE_CHECKING:
    from bot.discord.client import GameBot

EMBED_COLOUR = discord.Colour(0x2F9E6E)
PRESSED = "__pressed__"  # the attribute that marks a cog's method as a component's answer

Method = TypeVar("Method", bound=Callable[..., Awaitable[None]])
# What answers a press of a button (or a choice in a menu) of bot.discord.views: answer(interaction, item).
Answer = Callable[[discord.Interaction[Any], Any], Awaitable[None]]


def pressed(item: type[Component]) -> Callable[[Method], Method]:
    """Mark a cog's method as what pressing `item` (a button or menu of bot.discord.views) does:
    `method(interaction, item)`, registered when the cog loads."""
    def mark(method: Method) -> Method:
        setattr(method, PRESSED, item)
        return method
    return mark


class Feature(commands.Cog):
    """A cog of the bot: its slash commands (app_commands methods) and its answers to the persistent
    buttons and menus it owns (methods marked with `pressed`). When it loads, it registers those items
    with discord.py and its answers with the bot (GameBot.press routes each press to its answer); it
    removes both when it unloads. It reaches the service and the poster through the bot."""

    def __init__(self, bot: GameBot):
        self.bot = bot
        self.answers: dict[type[Component], Answer] = {
            getattr(method, PRESSED): getattr(self, name)
            for klass in reversed(type(self).__mro__) for name, method in vars(klass).items()
            if hasattr(method, PRESSED)
        }

    @property
    def service(self) -> MatchService:
        return self.bot.service

    @property
    def poster(self) -> Poster:
        return self.bot.poster

    @property
    def items(self) -> list[type[discord.ui.DynamicItem[Any]]]:
        """The buttons and menus this cog answers, as discord.py registers them (every Component of
        bot.discord.views is a DynamicItem)."""
        return [cast(type[discord.ui.DynamicItem[Any]], item) for item in self.answers]

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*self.items)
        self.bot.answers.update(self.answers)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*self.items)
        for item in self.answers:
            self.bot.answers.pop(item, None)


def player(user: discord.abc.User) -> Player:
    return Player(user.id, user.display_name)


def via(interaction: discord.Interaction) -> str:
    """The interaction whose first reply will show a change (kept with the change's outbox note)."""
    return f"{interaction.id}:{interaction.token}"


def received(interaction: discord.Interaction) -> float:
    """When Discord received the interaction (its id carries Discord's own time): what a live match's
    clock is charged up to, so that the bot's own delay never costs a player."""
    return discord.utils.snowflake_time(interaction.id).timestamp()


def in_guild(interaction: discord.Interaction) -> int:
    """The server of an interaction in a server's channel (NotAllowed in direct messages)."""
    return _where(interaction)[0]


def in_channel(interaction: discord.Interaction) -> int:
    """The channel of an interaction in a server's channel (NotAllowed in direct messages)."""
    return _where(interaction)[1]


def _where(interaction: discord.Interaction) -> tuple[int, int]:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise NotAllowed(_("Games are played in server channels, not in direct messages."))
    return interaction.guild_id, interaction.channel_id


def can_post_here(interaction: discord.Interaction) -> None:
    missing = missing_permissions(interaction)
    if missing:
        # Translators: {permissions} lists Discord's names of permissions, as Discord shows them to admins
        raise NotAllowed(ngettext(
            "I can't post boards here: I am missing the {permissions} permission in this channel. Ask a server "
            "admin to grant it, or play in another channel.",
            "I can't post boards here: I am missing the {permissions} permissions in this channel. Ask a server "
            "admin to grant them, or play in another channel.", len(missing), permissions=", ".join(missing)))


def reply_to(interaction: discord.Interaction[GameBot], *, ephemeral: bool = False) -> Reply:
    """The interaction's Reply, kept on it so the error handler answers through the same one."""
    reply = Reply(interaction, ephemeral=ephemeral, clock=interaction.client.clock)
    interaction.extras["reply"] = reply
    return reply
