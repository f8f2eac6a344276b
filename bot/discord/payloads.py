"""Two of discord.py's payload pieces with their ids as strings: Discord's API description types every
id (a snowflake) as a string, where discord.py writes integers (mentioned users, attachment ids). And
the custom_id that an interaction's payload carries."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

import discord

if TYPE_CHECKING:
    from discord.types.interactions import MessageComponentInteractionData, ModalSubmitInteractionData

WITH_CUSTOM_ID = (discord.InteractionType.component, discord.InteractionType.modal_submit)


def custom_id(interaction: discord.Interaction) -> str | None:
    """The custom_id of the button or menu (or form) an interaction comes from; None for a command's."""
    if interaction.type not in WITH_CUSTOM_ID or interaction.data is None:
        return None
    # discord.py types the data as any interaction's; a component's or a form's has its custom_id
    data = cast("MessageComponentInteractionData | ModalSubmitInteractionData", interaction.data)
    return data.get("custom_id")


class Mentions(discord.AllowedMentions):
    """discord.AllowedMentions whose user and role ids go out as strings. The client's default is one,
    so that every message's mentions (merged with it) are."""

    def merge(self, other: discord.AllowedMentions) -> Mentions:
        merged = super().merge(other)
        return Mentions(everyone=merged.everyone, users=merged.users, roles=merged.roles,
                        replied_user=merged.replied_user)

    def to_dict(self) -> Any:
        data = super().to_dict()
        for key in ("users", "roles"):
            if key in data:
                data[key] = [str(snowflake) for snowflake in data[key]]
        return data


class Attachment(discord.File):
    """discord.File whose entry in a message's `attachments` has a string id."""

    def to_dict(self, index: int) -> dict[str, Any]:
        payload = super().to_dict(index)
        payload["id"] = str(index)
        return payload
