"""Persistent buttons and menus: how each looks and what its custom_id carries (what it acts on), so
that buttons keep working after a restart. What pressing one does is in its cog (bot.discord.cogs),
which registers it when it loads. Their words are translated when a view is built, in the language of
the message it goes under, and cut to Discord's limits after translation."""
from __future__ import annotations

import re
from collections.abc import Container
from typing import Any, ClassVar, Protocol, Self, runtime_checkable

import discord

from bot import steps
from bot.models import Challenge, ChallengeStatus, Match, MatchStatus
from i18n import N_, _

LABEL_MAX, OPTION_MAX, PLACEHOLDER_MAX = 80, 100, 150  # a button's label; a menu option's; a menu's placeholder


def label(text: str) -> str:
    """A button's label (a message marked with N_), translated, within Discord's LABEL_MAX."""
    return _(text)[:LABEL_MAX]


@runtime_checkable
class Host(Protocol):
    """What a component needs of the client its interaction came to: the bot (GameBot), which knows
    which kinds of component its loaded cogs answer and routes a press to its answer."""

    @property
    def answers(self) -> Container[type[Component]]: ...

    async def first_delivery(self, interaction: discord.Interaction[discord.Client]) -> bool: ...

    async def press(self, interaction: discord.Interaction[discord.Client], item: Component) -> None: ...


def host(interaction: discord.Interaction[discord.Client]) -> Host:
    """The bot that an interaction with one of its components came to. discord.py types an item's
    interaction as coming to any client; the components here are only sent by GameBot."""
    client = interaction.client
    if not isinstance(client, Host):
        raise TypeError(f"the bot's components are answered by GameBot, not by {type(client).__name__}")
    return client


class Component:
    """Mixed into every component of the bot. Pressed, it is answered by the cog that registered it
    (GameBot.press), once: an interaction delivered more than once (Discord again, or to two of the
    bot's processes) is handled by its first delivery only. One that no loaded cog answers is left to
    GameBot.on_interaction. (The answer is not the callback of a subclass that the cog registers:
    discord.py registers the class of every component in a view it sends, and these would replace it.)"""

    __discord_ui_compiled_template__: ClassVar[re.Pattern[str]]  # DynamicItem's, from the class's template

    @classmethod
    def claims(cls, custom_id: str) -> bool:
        """Whether a component with this custom_id is one of this kind."""
        return cls.__discord_ui_compiled_template__.fullmatch(custom_id) is not None

    async def interaction_check(self, interaction: discord.Interaction[discord.Client], /) -> bool:
        bot = host(interaction)
        return type(self) in bot.answers and await bot.first_delivery(interaction)

    async def callback(self, interaction: discord.Interaction[discord.Client]) -> None:
        await host(interaction).press(interaction, self)


class MatchButton(Component):
    """Mixed into a button that acts on one match, whose custom_id is "<kind>:<match id>"."""

    kind: str
    label: str
    emoji: str
    style = discord.ButtonStyle.secondary

    def __init__(self, match_id: int):
        super().__init__(discord.ui.Button(  # type: ignore[call-arg]  # a mixin: in each subclass super() is DynamicItem
            label=label(self.label), style=self.style, custom_id=f"{self.kind}:{match_id}", emoji=self.emoji,
        ))
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[discord.Client], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        return cls(int(match["id"]))


CHALLENGE_BUTTONS = {  # the labels, translated where a button is made
    # Translators: a button: accept a challenge, or the opponent's takeback
    "accept": (N_("Accept"), discord.ButtonStyle.success),
    # Translators: a button: decline a challenge, or the opponent's takeback
    "decline": (N_("Decline"), discord.ButtonStyle.danger),
    # Translators: a button: take a seat in an open challenge
    "join": (N_("Join"), discord.ButtonStyle.primary),
    # Translators: a button: the challenger begins the match with the players seated so far
    "start": (N_("Start now"), discord.ButtonStyle.success),
    # Translators: a button: the challenger takes their challenge back
    "withdraw": (N_("Withdraw"), discord.ButtonStyle.secondary),
}


class ChallengeButton(Component, discord.ui.DynamicItem[discord.ui.Button], template=r"challenge:(?P<action>accept|decline|join|start|withdraw):(?P<id>\d+)"):
    def __init__(self, action: str, challenge_id: int, *, disabled: bool = False):
        words, style = CHALLENGE_BUTTONS[action]
        super().__init__(discord.ui.Button(
            label=label(words), style=style, custom_id=f"challenge:{action}:{challenge_id}", disabled=disabled,
        ))
        self.action, self.challenge_id = action, challenge_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[discord.Client], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        return cls(match["action"], int(match["id"]))


class RematchButton(Component, discord.ui.DynamicItem[discord.ui.Button], template=r"rematch:(?P<id>\d+)"):
    def __init__(self, match_id: int, *, disabled: bool = False):
        super().__init__(discord.ui.Button(
            # Translators: a button under a finished match: challenge the same players again
            label=label(N_("Rematch")), style=discord.ButtonStyle.primary, custom_id=f"rematch:{match_id}", emoji="🔁",
            disabled=disabled,
        ))
        self.match_id = match_id

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[discord.Client], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        return cls(int(match["id"]))


# Translators: buttons turning the pages of a listing (a leaderboard, your games)
PAGE_LABELS = (N_("◀ Previous"), N_("Next ▶"))


class PageButton(Component, discord.ui.DynamicItem[discord.ui.Button], template=r"leaderboard:(?P<game>[a-z0-9_]+):(?P<page>\d+):(?P<dir>prev|next)"):
    def __init__(self, game: str, page: int, direction: str, *, disabled: bool = False):
        super().__init__(discord.ui.Button(
            label=label(PAGE_LABELS[direction == "next"]), style=discord.ButtonStyle.secondary,
            custom_id=f"leaderboard:{game}:{page}:{direction}", disabled=disabled,
        ))
        self.game, self.page = game, page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[discord.Client], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        return cls(match["game"], int(match["page"]), match["dir"])


class MoveButton(MatchButton, discord.ui.DynamicItem[discord.ui.Button], template=r"move:(?P<id>\d+)"):
    """On every board of an active match: opens the player to move's panel for building a move."""

    # Translators: a button under a board: make your move (a verb)
    kind, label, emoji, style = "move", N_("Move"), "♟️", discord.ButtonStyle.success


class BuildMenu(Component, discord.ui.DynamicItem[discord.ui.Select], template=r"build:(?P<id>\d+):(?P<stamp>\d+):(?P<menu>\d)"):
    """One select menu of a move panel: the choices for the next part of the move (see bot.steps).
    Its custom_id holds the match and how many moves had been played when the panel was made."""

    def __init__(self, match_id: int, stamp: int, menu: int, choices: tuple[steps.Choice, ...] = ()):
        options = [discord.SelectOption(label=c.label[:OPTION_MAX], value=c.value,
                                        description=c.description[:OPTION_MAX] or None) for c in choices]
        # Translators: an empty menu of a move panel
        placeholder = _("Choose…") if not choices else f"{choices[0].label.removeprefix('▶ ')} … {choices[-1].label.removeprefix('▶ ')}"
        super().__init__(discord.ui.Select(
            custom_id=f"build:{match_id}:{stamp}:{menu}", placeholder=placeholder[:PLACEHOLDER_MAX],
            options=options or [discord.SelectOption(label="—", value="-")],
        ))
        self.match_id, self.stamp = match_id, stamp

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[discord.Client], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        return cls(int(match["id"]), int(match["stamp"]), int(match["menu"]))


class BuildBack(Component, discord.ui.DynamicItem[discord.ui.Button], template=r"build-back:(?P<id>\d+):(?P<stamp>\d+):(?P<to>.*)"):
    def __init__(self, match_id: int, stamp: int, to: steps.Step | None):
        super().__init__(discord.ui.Button(
            # Translators: a button of a move panel: undo the last part of the move chosen
            label=label(N_("Back")), style=discord.ButtonStyle.secondary, emoji="↩️", disabled=to is None,
            custom_id=f"build-back:{match_id}:{stamp}:{to.value if to is not None else steps.Step('').value}",
        ))
        self.match_id, self.stamp, self.to = match_id, stamp, to.value if to is not None else steps.Step("").value

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[discord.Client], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        back = cls(int(match["id"]), int(match["stamp"]), None)
        back.to = match["to"]
        return back


class TakebackButton(Component, discord.ui.DynamicItem[discord.ui.Button], template=r"takeback:(?P<id>\d+):(?P<stamp>\d+)"):
    """On the boards of two-player matches: the player who just moved asks to take the move back."""

    def __init__(self, match_id: int, stamp: int):
        super().__init__(discord.ui.Button(
            # Translators: a button under a board: ask to take your last move back
            label=label(N_("Take back")), style=discord.ButtonStyle.secondary, custom_id=f"takeback:{match_id}:{stamp}",
            emoji="↩️",
        ))
        self.match_id, self.stamp = match_id, stamp

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[discord.Client], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        return cls(int(match["id"]), int(match["stamp"]))


class TakebackAnswer(Component, discord.ui.DynamicItem[discord.ui.Button],
                     template=r"takeback-(?P<answer>accept|decline):(?P<id>\d+):(?P<stamp>\d+)"):
    """Under a takeback request: the opponent's answer."""

    def __init__(self, answer: str, match_id: int, stamp: int, *, disabled: bool = False):
        words, style = CHALLENGE_BUTTONS[answer]
        super().__init__(discord.ui.Button(
            label=label(words), style=style, custom_id=f"takeback-{answer}:{match_id}:{stamp}", disabled=disabled,
        ))
        self.answer, self.match_id, self.stamp = answer, match_id, stamp

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[discord.Client], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        return cls(match["answer"], int(match["id"]), int(match["stamp"]))


class MovesButton(MatchButton, discord.ui.DynamicItem[discord.ui.Button], template=r"moves:(?P<id>\d+)"):
    """Beside a board: every move of the match so far, privately."""

    # Translators: a button beside a board: show every move of the match so far (a noun)
    kind, label, emoji = "moves", N_("Moves"), "📜"


class ReplayButton(MatchButton, discord.ui.DynamicItem[discord.ui.Button], template=r"replay:(?P<id>\d+)"):
    # Translators: a button under a finished board: show the match as an animation
    kind, label, emoji = "replay", N_("Replay"), "🎞️"


class AnalyseButton(MatchButton, discord.ui.DynamicItem[discord.ui.Button], template=r"analyse:(?P<id>\d+)"):
    """Under a finished board: the computer's analysis of the match."""

    # Translators: a button under a finished board: the computer's analysis of the match (a verb)
    kind, label, emoji = "analyse", N_("Analyse"), "🔍"


class PageTurn:
    """Mixed into a listing's page buttons, whose custom_id is "<listing>:<page>:<prev|next>"."""

    listing: str
    labels: tuple[str, str]  # the buttons to the previous page and to the next (marked, translated when made)

    def __init__(self, page: int, direction: str, *, disabled: bool = False):
        super().__init__(discord.ui.Button(  # type: ignore[call-arg]  # a mixin: in each subclass super() is DynamicItem
            label=label(self.labels[direction == "next"]), style=discord.ButtonStyle.secondary,
            custom_id=f"{self.listing}:{page}:{direction}", disabled=disabled,
        ))
        self.page = page

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[discord.Client], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        return cls(int(match["page"]), match["dir"])


class HistoryPage(PageTurn, Component, discord.ui.DynamicItem[discord.ui.Button],
                  template=r"history:(?P<page>\d+):(?P<dir>prev|next)"):
    # Translators: buttons turning the pages of your finished matches, newest first
    listing, labels = "history", (N_("◀ Newer"), N_("Older ▶"))


class HistoryReplay(Component, discord.ui.DynamicItem[discord.ui.Select], template=r"history-replay:(?P<page>\d+)"):
    """A /history page's menu: the replay of one of its matches."""

    def __init__(self, page: int, matches: tuple[tuple[int, str], ...] = ()):
        super().__init__(discord.ui.Select(
            custom_id=f"history-replay:{page}", placeholder=_("🎞️ Replay one of these matches")[:PLACEHOLDER_MAX],
            options=[discord.SelectOption(label=name[:OPTION_MAX], value=str(match_id)) for match_id, name in matches]
            or [discord.SelectOption(label="—", value="0")],
        ))

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[discord.Client], item: discord.ui.Item[Any],
                             match: re.Match[str], /) -> Self:
        return cls(int(match["page"]))


class GamesPage(PageTurn, Component, discord.ui.DynamicItem[discord.ui.Button],
                template=r"games:(?P<page>\d+):(?P<dir>prev|next)"):
    """A /games page's buttons: the pages around it, for whoever presses (each sees their own games)."""

    listing, labels = "games", PAGE_LABELS


def challenge_view(challenge: Challenge) -> discord.ui.View:
    """Accept/Decline for named players, Join while seats are open, Start now where the challenger may
    begin with fewer players, Withdraw when nobody was named. All disabled once the challenge is closed."""
    open_ = challenge.status == ChallengeStatus.OPEN
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


def board_view(match: Match) -> discord.ui.View:
    """The buttons under a board: Move while the match is on (and Take back in a two-player match once
    a move is made), Rematch, Replay and Analyse once it is over."""
    view = discord.ui.View(timeout=None)
    if match.status == MatchStatus.FINISHED:
        view.add_item(RematchButton(match.id))
        view.add_item(ReplayButton(match.id))
        view.add_item(AnalyseButton(match.id))
    else:
        view.add_item(MoveButton(match.id))
        if len(match.seats) == 2 and match.moves:
            view.add_item(TakebackButton(match.id, match.stamp))
    return view


def moves_view(match: Match) -> discord.ui.View:
    """Under /board: every move so far, privately."""
    view = discord.ui.View(timeout=None)
    view.add_item(MovesButton(match.id))
    return view


def takeback_view(match: Match, *, disabled: bool = False) -> discord.ui.View:
    """Accept and Decline under a takeback request."""
    view = discord.ui.View(timeout=None)
    for answer in ("accept", "decline"):
        view.add_item(TakebackAnswer(answer, match.id, match.stamp, disabled=disabled))
    return view


def history_view(page: int, pages: int, matches: tuple[tuple[int, str], ...]) -> discord.ui.View | None:
    """Under a /history page: a menu to replay one of its matches, and the pages around it."""
    if not matches:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(HistoryReplay(page, matches))
    if pages > 1:
        view.add_item(HistoryPage(page - 1, "prev", disabled=page <= 1))
        view.add_item(HistoryPage(page + 1, "next", disabled=page >= pages))
    return view


def panel_view(match: Match, panel: steps.Panel) -> discord.ui.View:
    """A move panel: a select menu per PER_MENU choices, then Back."""
    view = discord.ui.View(timeout=None)
    ply = match.stamp
    for menu, choices in enumerate(panel.menus):
        view.add_item(BuildMenu(match.id, ply, menu, choices))
    view.add_item(BuildBack(match.id, ply, panel.back))
    return view


def pages_view(game: str, page: int, pages: int) -> discord.ui.View | None:
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(PageButton(game, page - 1, "prev", disabled=page <= 1))
    view.add_item(PageButton(game, page + 1, "next", disabled=page >= pages))
    return view


def games_view(page: int, pages: int) -> discord.ui.View | None:
    """Under a /games page when there are more: the pages around it."""
    if pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(GamesPage(page - 1, "prev", disabled=page <= 1))
    view.add_item(GamesPage(page + 1, "next", disabled=page >= pages))
    return view
