"""Two of discord.py's payload pieces with their ids as strings: Discord's API description types every
id (a snowflake) as a string, where discord.py writes integers (mentioned users, attachment ids)."""
from __future__ import annotations

from typing import Any

import discord


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
