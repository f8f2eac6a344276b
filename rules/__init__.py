"""The games, as pure rules: docs/architecture.md describes the contract every game keeps."""
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

GAMES: dict[str, Game] = {game.name: game for game in (attaxx.GAME, ikabegama.GAME, ascent.GAME, xlines.GAME, permutation.GAME, elevation.GAME)}

__all__ = ["GAMES", "BadOptions", "Cause", "Game", "IllegalMove", "InvalidNotation", "LastMove", "OptionSpec", "Outcome", "State", "ended"]
