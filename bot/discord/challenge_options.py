"""/challenge <game>: one subcommand per registered game, its options read off the game's record
(opponents, seats, the game's own typed options, computers, level, side, time per move or a game clock)."""
from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.discord.messages import control_text
from bot.discord.picker import picker_text
from bot.discord.translator import as_is, localized
from bot.errors import NotAllowed
from bot.game_clock import PRESETS, TimeControl
from bot.models import COMPUTER_LEVELS, SIDES
from i18n import N_, _
from rules import Game, OptionSpec

TURN_TIMES = [
    app_commands.Choice(name=name, value=seconds)
    for name, seconds in [
        # Translators: choices of /challenge's turn_time, the time each player has for a move
        (N_("5 minutes"), 300), (N_("15 minutes"), 900), (N_("1 hour"), 3600), (N_("6 hours"), 6 * 3600),
        (N_("24 hours (default)"), 86400), (N_("3 days"), 3 * 86400), (N_("7 days"), 7 * 86400),
    ]
]
LEVEL_LABELS = {
    # Translators: a computer player's level, a choice of /challenge
    "easy": N_("easy"),
    # Translators: a computer player's level, a choice of /challenge
    "medium": N_("medium (default)"),
    # Translators: a computer player's level, a choice of /challenge
    "hard": N_("hard"),
}
LEVEL_CHOICES = [app_commands.Choice(name=LEVEL_LABELS[level], value=level) for level in COMPUTER_LEVELS]
SIDE_LABELS = {
    # Translators: a choice of /challenge's side, the seat the challenger takes
    "random": N_("random (default)"),
    # Translators: a choice of /challenge's side, the seat the challenger takes
    "first": N_("first: you move first"),
    # Translators: a choice of /challenge's side, the seat the challenger takes
    "second": N_("second: you move second"),
}
SIDE_CHOICES = [app_commands.Choice(name=SIDE_LABELS[side], value=side) for side in SIDES]

# What a /challenge <game> does with the options given (by name; None for those left out).
Answer = Callable[[discord.Interaction[Any], Game, dict[str, Any]], Awaitable[None]]


@dataclass(frozen=True)
class Option:
    """One option of a /challenge subcommand: its name in Discord, its type as discord.py reads it
    (a range or a choice is a transformer of discord.py's), its description (English, marked for the
    catalog, or worked out in each language: bot.discord.translator) and its choices."""

    name: str
    annotation: Any
    description: str | app_commands.locale_str
    choices: tuple[app_commands.Choice, ...] = ()
    suggest: Callable[[discord.Interaction[Any], str], Coroutine[Any, Any, list[app_commands.Choice[str]]]] | None = None


def _annotation(spec: OptionSpec) -> Any:
    if spec.choices is not None:
        return spec.type
    if spec.type is int and spec.min is not None and spec.max is not None:
        return app_commands.Range[int, spec.min, spec.max]
    return spec.type


def challenge_options(game: Game) -> list[Option]:
    """The options of `/challenge <game>`, in order: opponents first, then the seats in all, the game's
    own typed options, computers to seat, their level, the challenger's side and the time per move."""
    most = game.players.stop - 1
    options = [
        Option("opponent" if n == 1 else f"opponent{n}", discord.Member | None,
               N_("Who you challenge; leave empty for an open challenge anyone may join") if n == 1
               else localized(functools.partial(another_opponent, n + 1)))
        for n in range(1, most)
    ]
    if len(game.players) > 1:
        options.append(Option(
            "players", app_commands.Range[int, game.players.start, most],
            N_("Seats in all, counting you; unnamed seats are open to anyone (default: who you name, or the most)")))
    for spec in game.options:
        description = localized(functools.partial(option_help, spec))
        picker_text(str(description), f"option {spec.name} of {game.name}")
        options.append(Option(
            spec.name, _annotation(spec), description,
            tuple(app_commands.Choice(name=as_is(str(c)), value=c) for c in spec.choices or ())))
    if most > 2:
        options.append(Option("computers", app_commands.Range[int, 1, most - 1],
                              N_("Computer players to seat, at the level below (they join at once)")))
    options += [
        Option("level", app_commands.Choice[str],
               N_("How strong the computer plays: name me as the opponent, or seat computers"), tuple(LEVEL_CHOICES)),
        Option("side", app_commands.Choice[str],
               N_("Which seat you take: first (moves first), second, or random (default)"), tuple(SIDE_CHOICES)),
        Option("turn_time", app_commands.Choice[int], N_("How long each player has for a move (default 24 hours)"),
               tuple(TURN_TIMES)),
        Option("clock", app_commands.Range[str, 1, 20],
               N_("Live play on a game clock instead: minutes each + seconds a move, as 5+3"), suggest=clock_choices),
    ]
    return options


async def clock_choices(interaction: discord.Interaction[Any], typed: str) -> list[app_commands.Choice[str]]:
    """What /challenge's clock offers: the usual time controls (those that start as typed), and what was
    typed itself when it is a time control of its own."""
    typed = typed.strip()
    offered = [control for control in PRESETS if control.startswith(typed)] if typed else list(PRESETS)
    try:
        own = TimeControl.parse(typed).text if typed else None
    except NotAllowed:
        own = None
    if own is not None and own not in offered:
        offered.insert(0, own)
    return [app_commands.Choice(name=control_text(TimeControl.parse(value))[:100], value=value) for value in offered]


def another_opponent(seat: int) -> str:
    """The description of /challenge's option for the opponent in `seat` (counted from 1), past the first."""
    return _("Player {seat}: one more person you challenge (optional)", seat=seat)


def option_help(spec: OptionSpec) -> str:
    """The description of /challenge's option for a game's own option: its help, and its default."""
    return _(spec.help) + spec.default_text


def keyword_callback(annotations: Sequence[Any],
                     call: Callable[[discord.Interaction[Any], tuple[Any, ...]], Awaitable[None]]) -> Callable[..., Coroutine[Any, Any, None]]:
    """`async def callback(interaction, *, option0=None, option1=None, …)`, one keyword per annotation,
    which hands `call` the interaction and the values given, in order. discord.py reads a command's
    options off its callback's parameters, and a game's options are data: so the function is compiled
    from a parameter list of generated names (the options' own names, which need not be Python names,
    are given with app_commands.rename), and its annotations are set as any function's are."""
    slots = [f"option{k}" for k in range(len(annotations))]
    parameters = ", ".join(["interaction", *(["*", *(f"{slot}=None" for slot in slots)] if slots else [])])
    namespace: dict[str, Any] = {"call": call}
    exec(f"async def callback({parameters}):\n    await call(interaction, ({''.join(f'{s}, ' for s in slots)}))\n",
         namespace)
    callback = namespace["callback"]
    callback.__annotations__ = {"interaction": discord.Interaction, **dict(zip(slots, annotations)), "return": None}
    return callback


def challenge_command(game: Game, answer: Answer) -> app_commands.Command:
    """`/challenge <game>` with its options (see challenge_options), handing `answer` the game and the
    options given by name."""
    options = challenge_options(game)
    names = [option.name for option in options]

    async def given(interaction: discord.Interaction[Any], values: tuple[Any, ...]) -> None:
        await answer(interaction, game, dict(zip(names, values)))

    callback = keyword_callback([option.annotation for option in options], given)
    slots = [f"option{k}" for k in range(len(options))]
    app_commands.rename(**dict(zip(slots, names)))(callback)
    app_commands.describe(**{slot: option.description for slot, option in zip(slots, options)})(callback)
    app_commands.choices(**{slot: list(option.choices) for slot, option in zip(slots, options) if option.choices})(callback)
    app_commands.autocomplete(**{slot: option.suggest for slot, option in zip(slots, options) if option.suggest})(callback)
    return app_commands.Command(name=game.name, description=picker_text(game.summary, f"the summary of {game.name}"),
                                callback=callback)
