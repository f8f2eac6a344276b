"""The slash commands. /challenge has one subcommand per registered game, built from its options."""
from __future__ import annotations

import inspect
from typing import Any

import discord
from discord import app_commands

from bot.discord.replies import report_error
from bot.models import COMPUTER_LEVELS, SIDES
from games import GAMES
from rules import Game, OptionSpec

TURN_TIMES = [
    app_commands.Choice(name=name, value=seconds)
    for name, seconds in [
        ("5 minutes", 300), ("15 minutes", 900), ("1 hour", 3600), ("6 hours", 6 * 3600),
        ("24 hours (default)", 86400), ("3 days", 3 * 86400), ("7 days", 7 * 86400),
    ]
]
DESCRIPTION_LIMIT = 100
MAX_INTEGER = 2**53 - 1  # Discord's integer options stop here (its API description's Int53Type)
LEVEL_CHOICES = [app_commands.Choice(name=f"{level}{' (default)' if level == 'medium' else ''}", value=level)
                 for level in COMPUTER_LEVELS]
SIDE_LABELS = {"random": "random (default)", "first": "first: you move first", "second": "second: you move second"}
SIDE_CHOICES = [app_commands.Choice(name=SIDE_LABELS[side], value=side) for side in SIDES]
ON_OFF = [app_commands.Choice(name="on", value=1), app_commands.Choice(name="off", value=0)]
GAME_CHOICES = [app_commands.Choice(name=game.title, value=name) for name, game in GAMES.items()]


MATCH_HELP = "The match number, as /history shows it (default: the last one here, else yours)"  # /replay, /analysis


def picker_text(text: str, what: str) -> str:
    """A description for Discord's command picker, which takes at most 100 characters: a longer one
    is a mistake in the game's module (Discord would refuse every command at start-up), not
    something to cut short silently."""
    if not 1 <= len(text) <= DESCRIPTION_LIMIT:
        raise ValueError(f"{what} is {len(text)} characters; Discord's command picker shows 1 to {DESCRIPTION_LIMIT}: {text!r}")
    return text


def usage(command: app_commands.Command | app_commands.Group) -> str:
    """How a command is typed, for /help: "/move <notation>", "/board [public]", "/challenge <game>"."""
    if isinstance(command, app_commands.Group):
        subs = [sub.name for sub in command.commands]
        return f"/{command.name} <{'game' if set(subs) <= set(GAMES) else '|'.join(subs)}>"
    params = [f"<{p.display_name}>" if p.required else f"[{p.display_name}]" for p in command.parameters]
    return " ".join([f"/{command.name}", *params])


def _option_annotation(spec: OptionSpec) -> Any:
    if spec.choices is not None:
        return spec.type
    if spec.type is int and spec.min is not None and spec.max is not None:
        return app_commands.Range[int, spec.min, spec.max]
    return spec.type


def challenge_command(game: Game) -> app_commands.Command:
    """`/challenge <game>`: opponents first, then the game's own typed options, then the time per move."""
    keyword = inspect.Parameter.KEYWORD_ONLY
    params = [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)]
    described: dict[str, str] = {}
    choices: dict[str, list[app_commands.Choice]] = {"turn_time": TURN_TIMES}
    most = game.players.stop - 1
    for n in range(1, most):
        name = "opponent" if n == 1 else f"opponent{n}"
        params.append(inspect.Parameter(name, keyword, annotation=discord.Member | None, default=None))
        described[name] = ("Who you challenge; leave empty for an open challenge anyone may join" if n == 1
                           else f"Player {n + 1}: one more person you challenge (optional)")
    if len(game.players) > 1:
        params.append(inspect.Parameter(
            "players", keyword, annotation=app_commands.Range[int, game.players.start, most], default=None))
        described["players"] = "Seats in all, counting you; unnamed seats are open to anyone (default: who you name, or the most)"
    for spec in game.options:
        params.append(inspect.Parameter(spec.name, keyword, annotation=_option_annotation(spec), default=None))
        described[spec.name] = picker_text(f"{spec.help}{spec.default_text}", f"option {spec.name} of {game.name}")
        if spec.choices is not None:
            choices[spec.name] = [app_commands.Choice(name=str(c), value=c) for c in spec.choices]
    if most > 2:
        params.append(inspect.Parameter(
            "computers", keyword, annotation=app_commands.Range[int, 1, most - 1], default=None))
        described["computers"] = "Computer players to seat, at the level below (they join at once)"
    params.append(inspect.Parameter("level", keyword, annotation=app_commands.Choice[str], default=None))
    described["level"] = "How strong the computer plays: name me as the opponent, or seat computers"
    choices["level"] = LEVEL_CHOICES
    params.append(inspect.Parameter("side", keyword, annotation=app_commands.Choice[str], default=None))
    described["side"] = "Which seat you take: first (moves first), second, or random (default)"
    choices["side"] = SIDE_CHOICES
    params.append(inspect.Parameter("turn_time", keyword, annotation=app_commands.Choice[int], default=None))
    described["turn_time"] = "How long each player has for a move (default 24 hours)"

    async def callback(interaction: discord.Interaction, **args: Any) -> None:
        await interaction.client.handlers.challenges.challenge(interaction, game, args)

    callback.__signature__ = inspect.Signature(params)
    app_commands.describe(**described)(callback)
    app_commands.choices(**choices)(callback)
    return app_commands.Command(name=game.name, description=picker_text(game.summary, f"the summary of {game.name}"),
                                callback=callback)


class Tree(app_commands.CommandTree):
    """The bot's commands. An interaction delivered more than once (Discord again, or to two of the
    bot's processes) is handled by its first delivery only. /move's autocomplete is answered here, by
    the play handlers, which may drop one that a later keystroke replaced or that came too late (an
    autocomplete callback of discord.py's would have to answer every one)."""

    async def interaction_check(self, interaction: discord.Interaction, /) -> bool:
        if not await interaction.client.first_delivery(interaction):
            return False
        data = interaction.data or {}
        if interaction.type is discord.InteractionType.autocomplete and data.get("name") == "move":
            focused = next((o for o in data.get("options", ()) if o.get("focused")), {})
            await interaction.client.handlers.play.suggest(interaction, str(focused.get("value", "")))
            return False
        return True


def build_tree(client: discord.Client) -> app_commands.CommandTree:
    tree = Tree(client)

    @tree.error
    async def on_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        await report_error(interaction, error, interaction.extras.get("reply"))

    challenge = app_commands.Group(name="challenge", description="Challenge people in this channel to a game", guild_only=True)
    for game in GAMES.values():
        challenge.add_command(challenge_command(game))
    tree.add_command(challenge)

    @tree.command(name="accept", description="Accept the challenge in this channel")
    @app_commands.guild_only()
    async def accept(interaction: discord.Interaction) -> None:
        await interaction.client.handlers.challenges.answer(interaction, "accept")

    @tree.command(name="decline", description="Decline the challenge in this channel, leave its seat, or withdraw your own")
    @app_commands.guild_only()
    async def decline(interaction: discord.Interaction) -> None:
        await interaction.client.handlers.challenges.answer(interaction, "decline")

    @tree.command(name="move", description="Play your move in this channel's match")
    @app_commands.guild_only()
    @app_commands.describe(notation="Your move; start typing to see the legal ones")
    async def move(interaction: discord.Interaction, notation: app_commands.Range[str, 1, 100]) -> None:
        await interaction.client.handlers.play.move(interaction, notation)

    @move.autocomplete("notation")  # registers the option as autocompleted; Tree answers its requests
    async def move_choices(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        return []

    @tree.command(name="board", description="Show this channel's board")
    @app_commands.guild_only()
    @app_commands.describe(public="Post it for everyone (default: only you see it)",
                           text="As text a screen reader can read, instead of a picture")
    async def board(interaction: discord.Interaction, public: bool = False, text: bool = False) -> None:
        await interaction.client.handlers.play.board(interaction, public, text)

    @tree.command(name="resign", description="Resign this channel's match")
    @app_commands.guild_only()
    async def resign(interaction: discord.Interaction) -> None:
        await interaction.client.handlers.play.resign(interaction)

    @tree.command(name="draw", description="Offer a draw, or accept your opponent's offer")
    @app_commands.guild_only()
    async def draw(interaction: discord.Interaction) -> None:
        await interaction.client.handlers.play.draw(interaction)

    @tree.command(name="takeback", description="Ask to take back your last move, or accept your opponent's request")
    @app_commands.guild_only()
    async def takeback(interaction: discord.Interaction) -> None:
        await interaction.client.handlers.takebacks.takeback(interaction)

    @tree.command(name="leaderboard", description="This server's ranking for a game")
    @app_commands.guild_only()
    @app_commands.describe(game="Which game", page="Page number (10 players a page)")
    @app_commands.choices(game=GAME_CHOICES)
    async def leaderboard(interaction: discord.Interaction, game: str, page: app_commands.Range[int, 1, 10000] = 1) -> None:
        await interaction.client.handlers.records.leaderboard(interaction, game, page)

    @tree.command(name="stats", description="A player's record in this server")
    @app_commands.guild_only()
    @app_commands.describe(user="Whose record (default: yours)")
    async def stats(interaction: discord.Interaction, user: discord.User | None = None) -> None:
        await interaction.client.handlers.records.stats(interaction, user)

    @tree.command(name="games", description="Your matches in progress in this server, with whose turn it is")
    @app_commands.guild_only()
    @app_commands.describe(page="Which page (10 matches a page)")
    async def games(interaction: discord.Interaction, page: app_commands.Range[int, 1, 10000] = 1) -> None:
        await interaction.client.handlers.records.games(interaction, page)

    @tree.command(name="settings", description="Turn reminders when your time runs low on or off (see them with no options)")
    @app_commands.guild_only()
    @app_commands.describe(reminders="Your turn reminders in this server's matches",
                           server_reminders="Everyone's in this server (needs the Manage Server permission)")
    @app_commands.choices(reminders=ON_OFF, server_reminders=ON_OFF)
    async def settings(interaction: discord.Interaction, reminders: app_commands.Choice[int] | None = None,
                       server_reminders: app_commands.Choice[int] | None = None) -> None:
        await interaction.client.handlers.settings.settings(
            interaction, None if reminders is None else bool(reminders.value),
            None if server_reminders is None else bool(server_reminders.value))

    @tree.command(name="rules", description="How a game is played, with its notation and house rules")
    @app_commands.describe(game="Which game")
    @app_commands.choices(game=GAME_CHOICES)
    async def rules(interaction: discord.Interaction, game: str) -> None:
        await interaction.client.handlers.records.rules(interaction, game)

    @tree.command(name="history", description="Finished matches in this server, with their moves and replays")
    @app_commands.guild_only()
    @app_commands.describe(page="Page number (5 matches a page, the latest first)")
    async def history(interaction: discord.Interaction, page: app_commands.Range[int, 1, 10000] = 1) -> None:
        await interaction.client.handlers.records.history(interaction, page)

    @tree.command(name="replay", description="An animated replay of a match, move by move")
    @app_commands.guild_only()
    @app_commands.describe(match=MATCH_HELP)
    async def replay(interaction: discord.Interaction, match: app_commands.Range[int, 1, MAX_INTEGER] | None = None) -> None:
        await interaction.client.handlers.records.replay(interaction, match)

    @tree.command(name="analysis", description="The computer's analysis of a finished match: who was winning, and the mistakes")
    @app_commands.guild_only()
    @app_commands.describe(match=MATCH_HELP)
    async def analysis(interaction: discord.Interaction, match: app_commands.Range[int, 1, MAX_INTEGER] | None = None) -> None:
        await interaction.client.handlers.analyses.analysis(interaction, match)

    @tree.command(name="help", description="What this bot does, its commands and its games")
    @app_commands.describe(public="Post it for everyone (default: only you see it)")
    async def help_(interaction: discord.Interaction, public: bool = False) -> None:
        await interaction.client.handlers.records.help(interaction, public)

    return tree
