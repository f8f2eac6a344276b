"""Elevation (docs/rules.md): pieces on a 6×6 board of terrain stacks dig tiles and climb.

A turn is one piece doing its actions in order: a dig and a step (either order) for every piece, a dig
and a diagonal double step for a fish, two digs, two steps or one high step for a dragon. Every action
sees the board as the one before left it.

This module is the game: its position (`ElevationState`), the start and the `GAME` record. The board and
the pieces' codes are in rules/elevation_board.py; a turn read, checked, played and listed in
rules/elevation_moves.py. The names of both that the engines and the renderer use are offered here too.
"""
from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from i18n import N_, _, ngettext
from rules import repetition
from rules.contract import Hooks
from rules.core import Game, LastMove, OptionSpec, Outcome, seat_word, still_playing
from rules.elevation_board import (
    BOARD,
    CELL,
    DIAGONALS,
    DRAGON,
    EMPTY,
    FISH,
    KIND,
    KINDS,
    NAMES,
    NEAR,
    OWNER,
    SAMURAI,
    SEAT_NAMES,
    SIDE,
    START_ROW,
    kind_of,
    kind_word,
    mirror,
    owner_of,
    piece,
)
from rules.elevation_moves import (
    Action,
    Dig,
    Step,
    check,
    digs_from,
    doubles_from,
    notation,
    piece_turns,
    read,
    shape_of,
    simulate,
    steps_from,
)

__all__ = [  # the game's own names, then those of its board and turns that the engines and the renderer use
    "GAME", "NAME", "TERRAINS", "ElevationLast", "ElevationState", "new", "random_terrain",
    "BOARD", "CELL", "DIAGONALS", "DRAGON", "FISH", "KIND", "KINDS", "NAMES", "NEAR", "OWNER", "SAMURAI", "SEAT_NAMES",
    "SIDE", "digs_from", "doubles_from", "kind_of", "kind_word", "mirror", "owner_of", "piece", "steps_from",
]

NAME = "elevation"
TERRAINS = ("flat", "random")
MAX_RANDOM_HEIGHT = 5
PART = re.compile(r"[-:> ]*[a-f][0-9]")


@dataclass(frozen=True)
class ElevationLast(LastMove):
    piece: int = 0  # the code of the piece that moved
    start: int = 0  # where it began the turn
    steps: tuple[tuple[int, int], ...] = ()
    digs: tuple[tuple[int, int], ...] = ()
    captured: tuple[tuple[int, int], ...] = ()  # (cell, piece code)

    @property
    def end(self) -> int:
        """Where the piece ended the turn."""
        return self.steps[-1][1] if self.steps else self.start

    def effect_text(self) -> str:
        """What the turn captured, in the current language: "captured Blue's samurai on c2"."""
        said = ""
        for cell, code in self.captured:
            # Translators: {side} is the captured piece's owner (Red, Blue), {piece} its kind (samurai, fish, dragon)
            capture = _("captured {side}'s {piece} on {square}", side=seat_word(SEAT_NAMES[owner_of(code)]),
                        piece=kind_word(kind_of(code)), square=NAMES[cell])
            # Translators: two captures in one turn, each like "captured Blue's fish on c3"
            said = _("{capture}, {next_capture}", capture=said, next_capture=capture) if said else capture
        return said


@dataclass(frozen=True)
class ElevationState(Hooks):
    """An immutable position: heights[i] tiles and pieces[i] (0 or a piece code) on cell i.

    history holds the positions (heights, pieces, to_move) since the last capture, the only thing
    that cannot be undone: a position can recur only among them.
    """

    heights: tuple[int, ...]
    pieces: tuple[int, ...]
    to_move: int | None = 0
    last: ElevationLast | None = None
    outcome: Outcome | None = None
    history: tuple[tuple[tuple[int, ...], tuple[int, ...], int | None], ...] = field(default=(), repr=False)

    game = NAME
    players = 2

    def count(self, seat: int) -> int:
        return sum(1 for p in self.pieces if p and OWNER[p] == seat)

    @property
    def counts(self) -> tuple[int, int]:
        return self.count(0), self.count(1)

    @property
    def scores(self) -> tuple[int, int]:
        return self.counts

    def kinds_left(self, seat: int) -> tuple[int, int, int]:
        """How many samurai, fish and dragons `seat` has."""
        count = self.pieces.count
        return count(piece(seat, SAMURAI)), count(piece(seat, FISH)), count(piece(seat, DRAGON))

    # ------------------------------------------------------------------ listing every turn

    def turns(self, seat: int) -> Iterator[str]:
        """Every legal turn of `seat`, in canonical notation, piece by piece (a1, a2, …, f6)."""
        heights, pieces = list(self.heights), list(self.pieces)
        for at, code in enumerate(self.pieces):
            if code and OWNER[code] == seat:
                yield from piece_turns(heights, pieces, at, seat, kind_of(code))

    @cached_property
    def _legal(self) -> list[str]:
        return [] if self.to_move is None else list(self.turns(self.to_move))

    def legal_moves(self) -> list[str]:
        return list(self._legal)

    def can_move(self, seat: int) -> bool:
        return next(self.turns(seat), None) is not None

    # ------------------------------------------------------------------ building a turn part by part

    def move_parts(self, move: str) -> tuple[str, ...]:
        """A legal turn as the piece, then each action: a step's square, a dig's source and its target.
        A turn that does not start with a step is entered with its piece first (`c1: d2>b2 c1-c2`)."""
        if ":" in move:  # two digs: the piece is named already
            entry = move
        else:
            piece_at = next(token for token in move.split() if "-" in token).partition("-")[0]
            entry = move if move.startswith(f"{piece_at}-") else f"{piece_at}: {move}"
        parts = PART.findall(entry)
        merged: list[str] = []
        for part in parts:
            if part.startswith("-") and merged and merged[-1].startswith(" "):
                merged[-1] += part  # " c1" then "-c2": a step after a dig starts where the piece is
            else:
                merged.append(part)
        return tuple(merged)

    def describe(self, prefix: str, count: int) -> str:
        code = self.pieces[BOARD.index[prefix]] if prefix in BOARD.index else EMPTY
        if not code:
            return ngettext("{n} turn", "{n} turns", count)
        # Translators: after a partial turn in autocomplete: the piece on {square} ({piece}: samurai, fish,
        # dragon) has {n} turns
        return ngettext("{piece} on {square} · {n} turn", "{piece} on {square} · {n} turns", count,
                        piece=kind_word(kind_of(code)), square=prefix)

    # ------------------------------------------------------------------ the contract

    def play(self, move: str) -> ElevationState:
        written = read(move)
        at, actions = check(self.heights, self.pieces, still_playing(self.to_move), written)
        return self.apply(at, actions)

    def apply(self, at: int, actions: tuple[Action, ...]) -> ElevationState:
        """The position after a turn already checked."""
        seat = self.to_move
        assert seat is not None
        code = self.pieces[at]
        heights, pieces, captured = simulate(self.heights, self.pieces, seat, at, kind_of(code), actions, shape_of(actions))
        effect = ", ".join(f"captured {SEAT_NAMES[owner_of(c)]}'s {KINDS[kind_of(c)]} on {NAMES[i]}" for i, c in captured)
        last = ElevationLast(
            seat, notation(at, actions), effect, piece=code, start=at,
            steps=tuple((a.src, a.dst) for a in actions if isinstance(a, Step)),
            digs=tuple((a.src, a.dst) for a in actions if isinstance(a, Dig)),
            captured=tuple(captured),
        )
        other = 1 - seat
        after = ElevationState(tuple(heights), tuple(pieces), other)
        # a capture cannot be undone: no position before it can come back
        history, repeated = repetition.seen(self.history, (after.heights, after.pieces, other),
                                            irreversible=bool(captured))
        outcome = None
        if after.count(other) == 0:
            # Translators: {side} is the side that lost its last piece (Red, Blue)
            outcome = Outcome.won(seat, N_("{side} has no pieces left"), side=SEAT_NAMES[other])
        elif not after.can_move(other):
            # Translators: {side} is the side to move (Red, Blue), which has no turn it may play
            outcome = Outcome.won(seat, N_("{side} has no legal turn"), side=SEAT_NAMES[other])
        else:
            outcome = repeated
        return ElevationState(after.heights, after.pieces, None if outcome else other, last, outcome, history)


# --- the start ----------------------------------------------------------------------------------------
def random_terrain(height: int, seed: int) -> tuple[int, ...]:
    """Heights 0..5, the same seen from either side (cell and its mirror through the centre hold the
    same stack), with as many tiles in all as the flat board of `height`."""
    rng = random.Random(f"elevation terrain {seed}")
    pairs = [i for i in range(SIDE * SIDE) if i < mirror(i)]
    stacks = [height] * len(pairs)
    for _turn in range(40 * len(pairs)):
        a, b = rng.randrange(len(pairs)), rng.randrange(len(pairs))
        if a != b and stacks[a] > 0 and stacks[b] < MAX_RANDOM_HEIGHT:
            stacks[a] -= 1
            stacks[b] += 1
    heights = [0] * (SIDE * SIDE)
    for i, stack in zip(pairs, stacks):
        heights[i] = heights[mirror(i)] = stack
    return tuple(heights)


def new(players: int, options: Mapping[str, Any], seed: int) -> ElevationState:
    height = options["height"]
    heights = random_terrain(height, seed) if options["terrain"] == "random" else (height,) * (SIDE * SIDE)
    pieces = [EMPTY] * (SIDE * SIDE)
    for f, kind in enumerate(START_ROW):
        pieces[CELL[(f, 0)]] = piece(0, kind)
        pieces[CELL[(f, SIDE - 1)]] = piece(1, kind)
    start = ElevationState(heights, tuple(pieces), 0)
    return ElevationState(start.heights, start.pieces, 0, history=repetition.start((start.heights, start.pieces, 0)))


GAME = Game(
    name=NAME,
    title="Elevation",
    players=range(2, 3),
    options=(
        OptionSpec("height", int, 3, N_("Tiles in every stack at the start"), min=1, max=4),
        # Translators: flat and random are the option's values, as typed in /challenge: keep them as they are
        OptionSpec("terrain", str, "flat", N_("flat: every stack alike; random: hills and hollows, alike for both sides"),
                   choices=TERRAINS),
    ),
    seat_names=SEAT_NAMES,
    summary=N_("Dig terrain and climb it on a 6×6 board; capture from two levels up. Take every enemy piece to win."),
    rules_text="\n".join((
        N_("Every square is a stack of terrain tiles. Red starts on rank 1 and Blue on rank 6, each with "
           "S F D D F S: two **samurai**, two **fish**, two **dragons**."),
        N_("• **Step**: to a neighbouring square (diagonals count) that is empty and at most one level higher, "
           "any depth lower; or onto an enemy piece two or more levels below you, capturing it. Never onto a friend."),
        N_("• **Dig**: take a tile from a square next to your piece (not from under an enemy; from under a friend "
           "is fine) and put it on another empty square next to it."),
        N_("• **A turn** moves one piece. Any piece: a dig and a step, in either order. A **fish** may instead "
           "dig and move two squares diagonally in one line (the middle square empty, only the second step may "
           "capture). A **dragon** may instead dig twice, step twice (either step may capture), or make one "
           "step climbing up to two levels."),
        N_("Each action sees the board as the last one left it. You win when your opponent has no pieces left, "
           "or no legal turn on their move."),
    )),
    house_rules=(
        N_("Red starts on rank 1 and Blue on rank 6, both S F D D F S from a to f."),
        N_("No disguised passes: a dragon's second dig may not put the first one's tile back, and its second "
           "step returns to where it started only if its first step captured."),
        N_("The third time the same position occurs with the same player to move, the game is drawn."),
        # Translators: terrain=random is the option as typed in /challenge: keep it as it is
        N_("terrain=random deals stacks of 0 to 5 tiles, the same for both sides (mirrored through the centre), "
           "with as many tiles as the flat board."),
    ),
    notation=N_("Actions in order, by one piece: a step `c1-c2`, a dig `d2>b2` (from > to). "
                "`c1-c2 d3>b3` steps then digs, `d2>b2 c1-c2` digs then steps. Steps chain: `b1-c2-d3` "
                "(a fish may write `b1-d3`). A turn without a step names its piece first: `c1: b2>c2 b2>d2`."),
    new=new,
)
