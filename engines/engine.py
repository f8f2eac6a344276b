"""How the computer plays one game and analyses its matches: the engine part of a game's registration
(games/registry.py). Everything in engines that depends on the game is reached through it, passed in by
the caller; nothing here looks a game up by name."""
from __future__ import annotations

from dataclasses import dataclass

from engines.knowledge import Knowledge
from engines.levels import ALPHABETA, CAPS, LEVELS, MCTS, TEMPERATURE, Level, known

# Chosen so that a hard move takes about a second on a 2-core machine of 2026 (median at most 1.5 s, never
# the 4 s cap), and so that, in bench/strength.py, hard beats medium and medium beats easy in at least
# three games of four that are decided. A game whose iterations cost much more or less gives its own.
ITERATIONS = (100, 1500, 8000)
WORK = 800  # an analysis's Monte-Carlo iterations a position, for a game that gives no other


@dataclass(frozen=True)
class Engine:
    """knowledge: what the search knows of the game beyond its rules; `engines.knowledge.GENERIC` for a
    game it knows only by them, played by random playouts ranked by its `scores`. iterations: the budget
    of each level in LEVELS, easy first: Monte-Carlo iterations, or nodes at a level that searches with
    alpha-beta. alphabeta: the levels that search with alpha-beta, over the board their knowledge gives
    (in a two-player match; with more players they search by Monte-Carlo). widths: per level, the moves
    alpha-beta searches per position beyond the root, best first, for a game with too many to search
    them all (None: all of them). work: an analysis's budget a position (`engines.analysis.work_for`),
    iterations, or nodes where the game is `deepened`. deepened: for a two-player game analysed by
    alpha-beta on its board, the slope of the logistic curve that makes the board's score a chance of
    winning (the one its own evaluation uses); None: analysed by Monte-Carlo."""

    knowledge: Knowledge
    iterations: tuple[int, ...] = ITERATIONS
    alphabeta: tuple[str, ...] = ()
    widths: tuple[int, ...] | None = None
    work: int = WORK
    deepened: float | None = None

    def budget(self, level: str) -> Level:
        """The search and budget of `level` in this game; ValueError for an unknown level."""
        index = LEVELS.index(known(level))
        return Level(self.iterations[index], CAPS[level], TEMPERATURE.get(level, 0.0),
                     ALPHABETA if level in self.alphabeta else MCTS, self.widths[index] if self.widths else 0)

    def problems(self) -> list[str]:
        """What keeps this engine from being used as it says (empty when nothing does)."""
        if not isinstance(self.knowledge, Knowledge):
            return [f"its knowledge is {self.knowledge!r}, not an engines.knowledge.Knowledge "
                    "(engines.knowledge.GENERIC for a game the computer knows only by its rules)"]
        found = []
        for name, per_level in (("iterations", self.iterations), ("widths", self.widths or (1,) * len(LEVELS))):
            if len(per_level) != len(LEVELS) or not all(isinstance(n, int) and n >= 1 for n in per_level):
                found.append(f"its {name} must be one whole number of at least 1 for each of {', '.join(LEVELS)}")
        for level in self.alphabeta:
            if level not in LEVELS:
                found.append(f"it searches with alpha-beta at {level!r}, which is no level ({', '.join(LEVELS)})")
            elif self.knowledge.at(level).board is None:
                found.append(f"{level} searches with alpha-beta, and its knowledge at {level} has no board")
        if not isinstance(self.work, int) or self.work < 1:
            found.append("an analysis needs a work of at least 1 a position")
        if self.deepened is not None and (self.knowledge.board is None or self.deepened <= 0):
            found.append("an analysis by alpha-beta (deepened) needs a board in the knowledge and a slope above 0")
        return found
