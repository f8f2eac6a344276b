"""The games, as pure rules: docs/architecture.md describes the contract every game keeps. Each game is a
module here with its `GAME` record, registered with its renderer and its engine in games/registry.py."""
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

__all__ = ["BadOptions", "Cause", "Game", "IllegalMove", "InvalidNotation", "LastMove", "OptionSpec", "Outcome", "State", "ended"]
