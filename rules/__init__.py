"""The games, as pure rules: docs/architecture.md describes the contract every game keeps. Each game is a
module here with its `GAME` record, registered with its renderer and its engine in games/registry.py."""
from rules import ascent, attaxx, elevation, ikabegama, permutation, xlines
from rules.core import (
    BadOptions,
    Cause,
    Game,
    IllegalMove,
    InvalidNotation,
    LastMove,
    OptionSpec,
    Outcome,
    State,
    ended,
)

# The console (bot/console*.py) finds the games here until it reads the registry, `games.GAMES`;
# tests/test_registry.py holds this table to it.
GAMES: dict[str, Game] = {game.name: game for game in (attaxx.GAME, ikabegama.GAME, ascent.GAME, xlines.GAME, permutation.GAME, elevation.GAME)}

__all__ = ["BadOptions", "Cause", "Game", "IllegalMove", "InvalidNotation", "LastMove", "OptionSpec", "Outcome", "State", "ended"]
