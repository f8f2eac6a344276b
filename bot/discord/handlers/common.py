"""What every family of handlers uses: who acts, where, and the reply that answers them."""
from __future__ import annotations

import discord

from bot.discord.posting import Poster
from bot.discord.replies import Reply, missing_permissions
from bot.errors import NotAllowed
from bot.models import Player
from bot.service import MatchService

EMBED_COLOUR = discord.Colour(0x2F9E6E)


class Family:
    """A family of handlers: the client they answer for, the service they call, and the poster that
    shows the changes."""

    def __init__(self, client: discord.Client, service: MatchService, poster: Poster):
        self.client = client
        self.service = service
        self.poster = poster


def player(user: discord.abc.User) -> Player:
    return Player(user.id, user.display_name)


def via(interaction: discord.Interaction) -> str:
    """The interaction whose first reply will show a change (kept with the change's outbox note)."""
    return f"{interaction.id}:{interaction.token}"


def in_guild(interaction: discord.Interaction) -> int:
    if interaction.guild_id is None or interaction.channel_id is None:
        raise NotAllowed("Games are played in server channels, not in direct messages.")
    return interaction.guild_id


def can_post_here(interaction: discord.Interaction) -> None:
    missing = missing_permissions(interaction)
    if missing:
        raise NotAllowed(
            f"I can't post boards here: I am missing the {', '.join(missing)} permission"
            f"{'s' if len(missing) > 1 else ''} in this channel. Ask a server admin to grant "
            f"{'them' if len(missing) > 1 else 'it'}, or play in another channel."
        )


def reply_to(interaction: discord.Interaction, *, ephemeral: bool = False) -> Reply:
    """The interaction's Reply, kept on it so the error handler answers through the same one."""
    reply = Reply(interaction, ephemeral=ephemeral, clock=interaction.client.clock)
    interaction.extras["reply"] = reply
    return reply
