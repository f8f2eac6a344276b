"""/challenge <game>: one subcommand per registered game, its options read off the game's record
(opponents, seats, the game's own typed options, computers, level, side, time per move)."""
from __future__ import annotations

from collections.abc import Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass
from typing import Any

import discord
from discord import app_commands

from bot.discord.picker import picker_text
from bot.models import COMPUTER_LEVELS, SIDES
from rules import Game, OptionSpec

TURN_TIMES = [
    app_commands.Choice(name=name, value=seconds)
    for name, seconds in [
        ("5 minutes", 300), ("15 minutes", 900), ("1 hour", 3600), ("6 hours", 6 * 3600),
        ("24 hours (default)", 86400), ("3 days", 3 * 86400), ("7 days", 7 * 86400),
    ]
]
LEVEL_CHOICES = [app_commands.Choice(name=f"{level}{' (default)' if level == 'medium' else ''}", value=level)
                 for level in COMPUTER_LEVELS]
SIDE_LABELS = {"random": "random (default)", "first": "first: you move first", "second": "second: you move second"}
SIDE_CHOICES = [app_commands.Choice(name=SIDE_LABELS[side], value=side) for side in SIDES]

# What a /challenge <game> does with the options given (by name; None for those left out).
Answer = Callable[[discord.Interaction[Any], Game, dict[str, Any]], Awaitable[None]]


@dataclass(frozen=True)
class Option:
    """One option of a /challenge subcommand: its name in Discord, its type as discord.py reads it
    (a range or a choice is a transformer of discord.py's), its description and its choices."""

    name: str
    annotation: Any
    description: str
    choices: tuple[app_commands.Choice, ...] = ()


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
               "Who you challenge; leave empty for an open challenge anyone may join" if n == 1
               else f"Player {n + 1}: one more person you challenge (optional)")
        for n in range(1, most)
    ]
    if len(game.players) > 1:
        options.append(Option(
            "players", app_commands.Range[int, game.players.start, most],
            "Seats in all, counting you; unnamed seats are open to anyone (default: who you name, or the most)"))
    for spec in game.options:
        options.append(Option(
            spec.name, _annotation(spec), picker_text(f"{spec.help}{spec.default_text}", f"option {spec.name} of {game.name}"),
            tuple(app_commands.Choice(name=str(c), value=c) for c in spec.choices or ())))
    if most > 2:
        options.append(Option("computers", app_commands.Range[int, 1, most - 1],
                              "Computer players to seat, at the level below (they join at once)"))
    options += [
        Option("level", app_commands.Choice[str], "How strong the computer plays: name me as the opponent, or seat computers",
               tuple(LEVEL_CHOICES)),
        Option("side", app_commands.Choice[str], "Which seat you take: first (moves first), second, or random (default)",
               tuple(SIDE_CHOICES)),
        Option("turn_time", app_commands.Choice[int], "How long each player has for a move (default 24 hours)",
               tuple(TURN_TIMES)),
    ]
    return options


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
    return app_commands.Command(name=game.name, description=picker_text(game.summary, f"the summary of {game.name}"),
                                callback=callback)
