"""A tournament's persistent buttons: Join and Leave under its sign-up post, and the choice a player
leaving during their game makes (keep playing it, or resign it). Their custom_ids carry the tournament's
id, so they keep working after a restart; what pressing one does is in bot.discord.cogs.tournaments."""
from __future__ import annotations

import re
from typing import Any, Self

import discord

from bot.discord.views import Component, label
from bot.tournaments.record import Tournament, TournamentStatus
from i18n import N_

SIGNUP_BUTTONS = {  # the labels, translated where a button is made
    # Translators: a button under a tournament's sign-up post: take part
    "join": (N_("Join"), discord.ButtonStyle.primary, "✅"),
    # Translators: a button under a tournament's sign-up post: stop taking part
    "leave": (N_("Leave"), discord.ButtonStyle.secondary, "🚪"),
}
LEAVE_CHOICES = {
    # Translators: a button: a player leaving a tournament plays their game of the round out
    "keep": (N_("Keep playing this game"), discord.ButtonStyle.primary),
    # Translators: a button: a player leaving a tournament resigns their game of the round
    "resign": (N_("Resign it"), discord.ButtonStyle.danger),
}


class SignupButton(Component, discord.ui.DynamicItem[discord.ui.Button],
                   template=r"tournament:(?P<action>join|leave):(?P<id>\d+)"):
    """Join or Leave under a tournament's sign-up post."""

    def __init__(self, action: str, tournament_id: int):
        words, style, emoji = SIGNUP_BUTTONS[action]
        super().__init__(discord.ui.Button(label=label(words), style=style, emoji=emoji,
                                           custom_id=f"tournament:{action}:{tournament_id}"))
        self.action, self.tournament_id = action, tournament_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[discord.Client], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        return cls(match["action"], int(match["id"]))


class LeaveChoice(Component, discord.ui.DynamicItem[discord.ui.Button],
                  template=r"tournament-leave:(?P<choice>keep|resign):(?P<id>\d+)"):
    """Under the private question to a player leaving a running tournament while their game is on."""

    def __init__(self, choice: str, tournament_id: int):
        words, style = LEAVE_CHOICES[choice]
        super().__init__(discord.ui.Button(label=label(words), style=style,
                                           custom_id=f"tournament-leave:{choice}:{tournament_id}"))
        self.choice, self.tournament_id = choice, tournament_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[discord.Client], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        return cls(match["choice"], int(match["id"]))


def signup_view(tournament: Tournament) -> discord.ui.View | None:
    """Join and Leave while sign-up is open; once it runs, Join only while late entrants are taken, and
    Leave (withdrawing from the rounds to come); nothing once it is over."""
    if tournament.status == TournamentStatus.OPEN:
        actions = ["join", "leave"]
    elif tournament.status == TournamentStatus.RUNNING:
        actions = ["join", "leave"] if tournament.late_joining else ["leave"]
    else:
        return None
    view = discord.ui.View(timeout=None)
    for action in actions:
        view.add_item(SignupButton(action, tournament.id))
    return view


def leave_view(tournament: Tournament) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for choice in LEAVE_CHOICES:
        view.add_item(LeaveChoice(choice, tournament.id))
    return view
