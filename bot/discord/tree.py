"""The bot's command tree: each interaction handled once, autocompletes a cog answers itself, and
every command's error answered in one place."""
from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, cast

import discord
from discord import app_commands

from bot.discord.languages import player_language
from bot.discord.replies import report_error

if TYPE_CHECKING:
    from discord.types.interactions import ChatInputApplicationCommandInteractionData

    from bot.discord.client import GameBot

# Answers an autocomplete of a command with what was typed in its focused option (or leaves it unanswered).
Suggest = Callable[[discord.Interaction, str], Awaitable[None]]


class Tree(app_commands.CommandTree["GameBot"]):
    """The bot's commands (GameBot's tree_cls). An interaction delivered more than once (Discord again,
    or to two of the bot's processes) is handled by its first delivery only. The autocompletes of a
    command in `suggesters` (/move's, which the play cog registers) are routed here to the cog, which may
    drop one that a later keystroke replaced or that came too late (an autocomplete callback of
    discord.py's would have to answer every one). Each interaction is answered in its player's language
    (bot.discord.languages)."""

    def __init__(self, client: GameBot, **options: Any) -> None:
        super().__init__(client, **options)
        self.suggesters: dict[str, Suggest] = {}  # by command name

    async def interaction_check(self, interaction: discord.Interaction[GameBot], /) -> bool:
        player_language(interaction)  # for the rest of the interaction's task: its command, its error
        if not await interaction.client.first_delivery(interaction):
            return False
        if interaction.type is discord.InteractionType.autocomplete and interaction.data is not None:
            # an autocomplete carries its slash command's data (discord.py types it as any interaction's)
            command = cast("ChatInputApplicationCommandInteractionData", interaction.data)
            suggest = self.suggesters.get(command["name"])
            if suggest is not None:
                focused = next((o for o in command.get("options", ()) if o.get("focused")), None)
                await suggest(interaction, str(focused.get("value", "")) if focused is not None else "")
                return False
        return True

    async def on_error(self, interaction: discord.Interaction, error: app_commands.AppCommandError, /) -> None:
        """Every command's error: a player's mistake answered privately, anything else logged (see
        bot.discord.replies.report_error), through the reply the command made, if it made one."""
        await report_error(interaction, error, interaction.extras.get("reply"))
