"""What a game's registration holds, and the check it passes before the bot may use it.

A `Registration` puts a game's three parts together under its rules' name: the `rules.core.Game`
record (its rules module's `GAME`), its renderer (its module in `renderers/`, a `renderers.Renderer`)
and its `engines.engine.Engine` (what the computer knows of it, the budgets of its levels, its
analysis; `engines.knowledge.GENERIC` as the knowledge for a game the computer knows only by its
rules). `registry` checks each registration and fails at once, naming the game and what it lacks, so a
part missing or out of contract stops the bot at start-up rather than in a match.

The contract's members are written once, as the contract's classes: `rules.core.State` (read by
`rules.contract.missing_members`) and `renderers.Renderer` (`renderers.missing_functions`); this check
and tests/test_contract.py both use those.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from engines.engine import Engine
from renderers import Renderer, missing_functions
from rules.contract import HOOKS, missing_members
from rules.core import Game


class RegistrationError(Exception):
    """A registration the bot cannot use; the message names the game and what to add or change."""


@dataclass(frozen=True)
class Registration:
    """One game: its rules' record, its renderer module and its engine (see the module's docstring)."""

    rules: Game
    renderer: Renderer
    engine: Engine

    @property
    def name(self) -> str:
        return self.rules.name


def problems(registration: Registration) -> list[str]:
    """What keeps `registration` from being used (empty when nothing does)."""
    if not isinstance(registration, Registration):
        return [f"{registration!r} is no games.registration.Registration"]
    found = []
    game = registration.rules
    if not isinstance(game, Game):
        found.append(f"its rules are {game!r}, not a rules.core.Game record (its rules module's GAME)")
    else:
        found.extend(start_problems(game))
    lacking = missing_functions(registration.renderer)
    if lacking:
        found.append(f"its renderer {getattr(registration.renderer, '__name__', registration.renderer)!r} lacks "
                     f"{lacking} (see renderers.Renderer)")
    if not isinstance(registration.engine, Engine):
        found.append(f"its engine is {registration.engine!r}, not an engines.engine.Engine "
                     "(Engine(GENERIC) for a game the computer knows only by its rules)")
    else:
        found.extend(f"its engine: {problem}" for problem in registration.engine.problems())
    return found


def start_problems(game: Game) -> list[str]:
    """What is wrong with the start position of `game` for its fewest players and default options."""
    players = min(game.players, default=0)
    try:
        state = game.start(players=players)
    except Exception as error:  # noqa: BLE001 - whatever it is, the message names it
        return [f"its start for {players} players with the default options raises {error!r}"]
    lacking = missing_members(state)
    if lacking:
        return [f"its state {type(state).__name__} lacks {lacking}: see rules.core.State; the optional "
                f"{list(HOOKS)} come with their defaults by inheriting rules.contract.Hooks"]
    if (state.game, state.players) != (game.name, players):
        return [f"its start position says game={state.game!r}, players={state.players}, not {game.name!r}, {players}"]
    return []


def checked(registration: Registration) -> Registration:
    """`registration`, or RegistrationError naming the game and every problem it has."""
    found = problems(registration)
    if found:
        name = getattr(getattr(registration, "rules", None), "name", "a game")
        raise RegistrationError(f"{name} cannot be registered: " + "; ".join(found))
    return registration


def registry(*registrations: Registration) -> dict[str, Registration]:
    """The registrations by their games' names, in order, each checked (RegistrationError for the first
    that fails, or for a name registered twice)."""
    found: dict[str, Registration] = {}
    for registration in registrations:
        checked(registration)
        if registration.name in found:
            raise RegistrationError(f"{registration.name} is registered twice")
        found[registration.name] = registration
    return found


class Records(Mapping[str, Game]):
    """The rules' records of the registered games, by name, as the registry holds them now (a game
    registered for the length of a test is in it too)."""

    def __init__(self, registered: Mapping[str, Registration]):
        self._registered = registered

    def __getitem__(self, name: str) -> Game:
        return self._registered[name].rules

    def __iter__(self) -> Iterator[str]:
        return iter(self._registered)

    def __len__(self) -> int:
        return len(self._registered)
