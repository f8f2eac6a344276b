"""Persistent buttons. Each custom_id carries what it acts on, so buttons keep working after a restart."""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import discord

from bot.models import Challenge

if TYPE_CHECKING:
    from bot.discord.client import GameBot


CHALLENGE_BUTTONS = {
    "accept": ("Accept", discord.ButtonStyle.success),
    "decline": ("Decline", discord.ButtonStyle.danger),
    "join": ("Join", discord.ButtonStyle.primary),
    "start": ("Start now", discord.ButtonStyle.success),
    "withdraw": ("Withdraw", discord.ButtonStyle.secondary),
}


class ChallengeButton(discord.ui.DynamicItem[discord.ui.Button], template=r"challenge:(?P<action>accept|decline|join|start|withdraw):(?P<id>\d+)"):
    def __init__(self, action: str, challenge_id: int, *, disabled: bool = False):
        label, style = CHALLENGE_BUTTONS[action]
        super().__init__(discord.ui.Button(
            label=label, style=style, custom_id=f"challenge:{action}:{challenge_id}", disabled=disabled,
        ))
        self.action, self.challenge_id = action, challenge_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> ChallengeButton:
        return cls(match["action"], int(match["id"]))

    async def callback(self, interaction: discord.Interaction[GameBot]) -> Any:
        await interaction.client.handlers.challenge_button(interaction, self.action, self.challenge_id)


class RematchButton(discord.ui.DynamicItem[discord.ui.Button], template=r"rematch:(?P<id>\d+)"):
    def __init__(self, match_id: int, *, disabled: bool = False):
        super().__init__(discord.ui.Button(
            label="Rematch", style=discord.ButtonStyle.primary, custom_id=f"rematch:{match_id}", emoji="🔁",
            disabled=disabled,
        ))
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> RematchButton:
        return cls(int(match["id"]))

    async def callback(self, interaction: discord.Interaction[GameBot]) -> Any:
        await interaction.client.handlers.rematch_button(interaction, self.match_id)


class PageButton(discord.ui.DynamicItem[discord.ui.Button], template=r"leaderboard:(?P<game>[a-z0-9_]+):(?P<page>\d+):(?P<dir>prev|next)"):
    def __init__(self, game: str, page: int, direction: str, *, disabled: bool = False):
        super().__init__(discord.ui.Button(
            label="◀ Previous" if direction == "prev" else "Next ▶", style=discord.ButtonStyle.secondary,
            custom_id=f"leaderboard:{game}:{page}:{direction}", disabled=disabled,
        ))
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction, item: discord.ui.Button, match: re.Match[str]) -> PageButton:
        return cls(match["game"], int(match["page"]), match["dir"])

    async def callback(self, interaction: discord.Interaction[GameBot]) -> Any:
        await interaction.client.handlers.leaderboard_page(interaction, self.game, self.page)


DYNAMIC_ITEMS = (ChallengeButton, RematchButton, PageButton)


def is_known_component(custom_id: str) -> bool:
    """Whether a button (or other component) with this custom_id belongs to this bot. Every component
    the bot sends is one of DYNAMIC_ITEMS, so anything else is left over from an older version or
    from another bot instance."""
    return any(item.__discord_ui_compiled_template__.fullmatch(custom_id) for item in DYNAMIC_ITEMS)


def challenge_view(challenge: Challenge) -> discord.ui.View:
    """Accept/Decline for named players, Join while seats are open, Start now where the challenger may
    begin with fewer players, Withdraw when nobody was named. All disabled once the challenge is closed."""
    open_ = challenge.status == "open"
    actions: list[tuple[str, bool]] = []
    if challenge.invited:
        actions += [("accept", open_ and bool(challenge.waiting_for)), ("decline", open_)]
    if challenge.has_open_seats:
        actions.append(("join", open_ and challenge.free_seats > 0))
    if challenge.may_start_early:
        actions.append(("start", open_ and challenge.can_start))
    if not challenge.invited:
        actions.append(("withdraw", open_))
    view = discord.ui.View(timeout=None)
    for action, enabled in actions:
        view.add_item(ChallengeButton(action, challenge.id, disabled=not enabled))
    return view


def rematch_view(match_id: int) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(RematchButton(match_id))
    return view


def pages_view(game: str, page: int, pages: int) -> discord.ui.View | None:
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(PageButton(game, page - 1, "prev", disabled=page <= 1))
    view.add_item(PageButton(game, page + 1, "next", disabled=page >= pages))
    return view
