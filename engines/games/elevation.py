"""Elevation: what the searches know of it.

Every level plays it with alpha-beta (engines/alphabeta.py) on a fast board of its own
(engines/games/elevation_board.py), whose moves are a shortlist of the thousands of legal turns
(engines/games/elevation_shortlist.py) and whose score is a static evaluation
(engines/games/elevation_eval.py). The post-game analysis searches the same board, more widely
(engines/analysis.py); the Monte-Carlo search, should a level use it, has the same evaluation and tries
the shortlist's turns first when a node adds children.

Easy and medium judge positions more plainly than hard (PLAIN): they weigh neither their height over the
enemy pieces around them nor the height under their pieces, so they keep to low ground, where hard's
pieces climb above theirs (two players who both weigh height climb towers out of each other's reach, and
their game stalls); and they do not count sieges, so they neither press a lead home nor see one pressed
on them.
"""
from __future__ import annotations

import random
from dataclasses import replace
from functools import partial

from engines.games.elevation_board import ElevationBoard
from engines.games.elevation_eval import PLAIN, evaluate
from engines.games.elevation_shortlist import shortlist
from engines.games.elevation_turns import notation
from engines.knowledge import Knowledge, own_position
from engines.rewards import Rewards, two_sided
from rules.core import State
from rules.elevation import ElevationState

SCALE = 0.5  # a samurai ahead (3) is a 0.82 chance of winning


def advantage(state: ElevationState) -> float:
    """Seat 0's lead by the static evaluation (with seat 0 to move once the game is over)."""
    mover = state.to_move if state.to_move is not None else 0
    lead = evaluate(state.heights, state.pieces, mover)
    return lead if mover == 0 else -lead


def value(state: State) -> Rewards:
    return two_sided(advantage(own_position(state, ElevationState)), SCALE)


def order(state: State, moves: list[str], rng: random.Random) -> list[str]:
    """The shortlist's turns, best first, then the rest in random order."""
    state = own_position(state, ElevationState)
    if state.to_move is None:
        return moves
    legal = set(moves)
    first = [text for text in map(notation, shortlist(state.heights, state.pieces, state.to_move)[0]) if text in legal]
    chosen = set(first)
    return first + rng.sample([move for move in moves if move not in chosen], len(moves) - len(chosen))


def at_level(level: str) -> Knowledge | None:
    """Easy and medium play on a board that judges positions plainly."""
    if level == "hard":
        return None
    return replace(ELEVATION, board=partial(ElevationBoard.of, judgement=PLAIN), levels=None)


ELEVATION = Knowledge(evaluate=value, playout_depth=0, order=order, exploration=0.5, widening=1.5,
                      board=ElevationBoard.of, levels=at_level)
