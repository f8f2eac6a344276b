"""Attaxx and Ikabegamá: piece count, mobility (empty cells next to a side's pieces) and, in
Ikabegamá, the race to the other side's nest."""
from __future__ import annotations

import random

from engines.games.infection_board import InfectionBoard, distances
from engines.knowledge import Knowledge, own_position, seat_to_move
from engines.rewards import Rewards, two_sided
from rules.core import State
from rules.ikabegama import Ikabegama
from rules.infection import EMPTY, InfectionState

GAIN = 0.8  # the share of the best immediate gain of the side to move that counts as its own


def material(state: InfectionState) -> float:
    """Seat 0's lead in pieces and mobility (empty cells next to its pieces), plus what the side to move
    can gain at once: the best clone (+1 and two per piece flipped) or jump (two per piece flipped)."""
    board, geometry = state.board, state.geometry
    near, far = geometry.near, geometry.far
    mover = state.to_move
    mine = 1 if mover is None else mover + 1
    theirs = 3 - mine
    lead = float(board.count(1) - board.count(2))
    frontier = 0  # empty cells next to seat 0's pieces minus those next to seat 1's
    gain = 0
    for cell, piece in enumerate(board):
        if piece != EMPTY:
            continue
        ours = flips = 0
        for n in near[cell]:
            p = board[n]
            if p == mine:
                ours += 1
            elif p == theirs:
                flips += 1
        frontier += (ours > 0) - (flips > 0) if mine == 1 else (flips > 0) - (ours > 0)
        if flips and 2 * flips + 1 > gain:
            if ours:
                gain = 2 * flips + 1
            elif 2 * flips > gain and any(board[f] == mine for f in far[cell]):
                gain = 2 * flips
    lead += 0.3 * frontier
    if mover is not None:
        lead += GAIN * gain if mover == 0 else -GAIN * gain
    return lead


def attaxx_value(state: State) -> Rewards:
    return two_sided(material(own_position(state, InfectionState)), 0.3)


def reach(state: InfectionState, seat: int) -> int:
    """How far `seat` is from winning: the distance from its nearest piece to the other nest, one less
    when an enemy piece sits on that nest (landing next to it flips it)."""
    variant = state.variant
    if not isinstance(variant, Ikabegama):
        raise TypeError(f"a race to the nests needs Ikabegamá's, not {variant.name}'s board")
    nest = variant.nests[1 - seat]
    away = distances(state.geometry, nest)
    board, mine = state.board, seat + 1
    best = min((away[cell] for cell, piece in enumerate(board) if piece == mine), default=99)
    return best - 1 if board[nest] == 2 - seat else best


def ikabegama_value(state: State) -> Rewards:
    state = own_position(state, InfectionState)
    mover = state.to_move
    light, dark = reach(state, 0), reach(state, 1)
    if mover is not None:  # the side to move wins at once from two cells away
        mine, theirs = (light, dark) if mover == 0 else (dark, light)
        if mine <= 2:
            return (0.95, 0.05) if mover == 0 else (0.05, 0.95)
        if theirs <= 2:  # the threat must be met now
            return (0.3, 0.7) if mover == 0 else (0.7, 0.3)
    race = dark - light
    return two_sided(1.0 * race + 0.15 * material(state), 0.5)


def order(state: State, moves: list[str], rng: random.Random) -> list[str]:
    """The moves that flip most first, a clone before a jump that flips as many; ties in random order."""
    state = own_position(state, InfectionState)
    jumps = state._legal
    if len(jumps) != len(moves):
        return rng.sample(moves, len(moves))
    board, near = state.board, state.geometry.near
    theirs = 2 - seat_to_move(state)
    keyed = []
    for jump, move in zip(jumps, moves):
        flips = sum(1 for n in near[jump.dst] if board[n] == theirs)
        keyed.append((-(2 * flips + (jump.src is None)), rng.random(), move))
    keyed.sort()
    return [move for _, _, move in keyed]


ATTAXX = Knowledge(evaluate=attaxx_value, playout_depth=0, order=order, exploration=0.5, minimax=0.5,
                   board=InfectionBoard.of)
IKABEGAMA = Knowledge(evaluate=ikabegama_value, playout_depth=0, order=order, exploration=0.5, minimax=0.5,
                      board=InfectionBoard.of)
