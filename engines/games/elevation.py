"""Elevation: material by kind, height, the footing each piece has, and threats; captures are tried
first when a node adds children.

A capture needs a piece two levels above an enemy next to it, and a piece climbs at most one level a
turn, so a search a ply or two deep sees no capture coming. The evaluation therefore rewards what
leads to one: standing above nearby enemies (one level above an adjacent enemy is a capture a climb
away), attacking two pieces at once (only one can be saved), and pieces that can still move (a piece
in a pit is lost once an enemy stands over it).
"""
from __future__ import annotations

import random

from engines.games.elevation_board import ElevationBoard
from engines.knowledge import Knowledge
from engines.rewards import Rewards, two_sided
from rules.elevation import BOARD, DRAGON, KIND, NEAR, OWNER, ElevationState

VALUE = (3.0, 3.5, 4.5)  # samurai, fish, dragon
HEIGHT = 0.1  # per level under a piece
FOOTING = 0.15  # per square a piece could step to (up to FOOTHOLDS of them)
FOOTHOLDS = 3
PRESSURE = 0.35  # per adjacent enemy one level below; half of it two squares away and two below
TAKE = 0.7  # share of the best capture on offer to the side to move
FORK = 0.5  # share of the second-best target of the side that just moved (one target can be saved)
LATER = 0.15  # share of its best target
INDEX = BOARD.index
DISTANCE = tuple(tuple(BOARD.distance(a, b) for b in range(len(BOARD.names))) for a in range(len(BOARD.names)))


def advantage(state: ElevationState) -> float:
    """Seat 0's lead: material, height, footing, pressure on enemy pieces and captures on offer."""
    heights, pieces = state.heights, state.pieces
    lead = 0.0
    placed = [(cell, code) for cell, code in enumerate(pieces) if code]
    targets: tuple[dict[int, float], dict[int, float]] = ({}, {})  # by seat: attacked cell -> its value
    for cell, code in placed:
        seat = OWNER[code]
        h = heights[cell]
        footholds = 0
        for n in NEAR[cell]:
            if not pieces[n] and heights[n] <= h + 1:
                footholds += 1
        worth = VALUE[KIND[code]] + HEIGHT * h + FOOTING * min(footholds, FOOTHOLDS)
        for other_cell, other in placed:
            if OWNER[other] == seat:
                continue
            diff = h - heights[other_cell]
            distance = DISTANCE[cell][other_cell]
            if distance == 1:
                if diff >= 2:
                    targets[seat][other_cell] = VALUE[KIND[other]]
                elif diff == 1:
                    worth += PRESSURE
            elif distance == 2 and diff >= 2:
                if KIND[code] == DRAGON and diff >= 3:
                    targets[seat][other_cell] = VALUE[KIND[other]]
                worth += PRESSURE / 2
        lead += worth if seat == 0 else -worth
    mover = state.to_move
    if mover is not None:
        for seat in (0, 1):
            values = sorted(targets[seat].values(), reverse=True)
            if not values:
                continue
            if seat == mover:
                gain = TAKE * values[0]
            else:
                gain = LATER * values[0] + (FORK * values[1] if len(values) > 1 else 0.0)
            lead += gain if seat == 0 else -gain
    return lead


def value(state: ElevationState) -> Rewards:
    return two_sided(advantage(state), 0.5)


def captured(state: ElevationState, move: str) -> float:
    """The value of the enemy pieces a turn steps onto."""
    mover, pieces = state.to_move, state.pieces
    gained = 0.0
    for token in move.split():
        if "-" in token:
            for name in token.split("-")[1:]:
                code = pieces[INDEX[name]]
                if code and OWNER[code] != mover:
                    gained += VALUE[KIND[code]]
    return gained


def order(state: ElevationState, moves: list[str], rng: random.Random) -> list[str]:
    """Captures first, the most valuable first; the rest in random order."""
    shuffled = rng.sample(moves, len(moves))
    keyed = [(captured(state, move), move) for move in shuffled]
    return [move for gain, move in sorted(keyed, key=lambda item: -item[0])]


ELEVATION = Knowledge(evaluate=value, playout_depth=0, order=order, exploration=0.5, widening=1.5,
                      board=ElevationBoard.of)
