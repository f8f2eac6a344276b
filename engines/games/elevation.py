"""Elevation: material by kind, height under the pieces and captures ready to be made; captures are
tried first when a node adds children."""
from __future__ import annotations

import random

from engines.knowledge import Knowledge
from engines.rewards import Rewards, two_sided
from rules.elevation import BOARD, KIND, NEAR, OWNER, ElevationState

VALUE = (3.0, 3.5, 4.5)  # samurai, fish, dragon
HEIGHT = 0.15  # per level under a piece
READY = 0.6  # share of the best capture on offer to the side to move
LATER = 0.2  # share of the best capture the other side could make next
INDEX = BOARD.index


def advantage(state: ElevationState) -> float:
    """Seat 0's lead: material, height, and the captures each side has ready."""
    heights, pieces = state.heights, state.pieces
    lead = 0.0
    ready = [0.0, 0.0]
    for cell, code in enumerate(pieces):
        if not code:
            continue
        seat = OWNER[code]
        h = heights[cell]
        worth = VALUE[KIND[code]] + HEIGHT * h
        lead += worth if seat == 0 else -worth
        for n in NEAR[cell]:
            other = pieces[n]
            if other and OWNER[other] != seat and h >= heights[n] + 2:
                value = VALUE[KIND[other]]
                if value > ready[seat]:
                    ready[seat] = value
    mover = state.to_move
    if mover is not None:
        shares = (READY, LATER) if mover == 0 else (LATER, READY)
        lead += shares[0] * ready[0] - shares[1] * ready[1]
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


ELEVATION = Knowledge(evaluate=value, playout_depth=0, order=order, exploration=0.5, widening=1.5)
