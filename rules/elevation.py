"""Elevation (docs/rules.md): pieces on a 6×6 board of terrain stacks dig tiles and climb.

A turn is one piece doing its actions in order: a dig and a step (either order) for every piece, a dig
and a diagonal double step for a fish, two digs, two steps or one high step for a dragon. Every action
sees the board as the one before left it.

Two readings of a turn live here on purpose. `check` walks a turn written by a player action by action
and names the first thing that is wrong; `turns` lists every legal turn quickly (thousands of them) by
trying each action on a board it changes and restores in place. Tests hold the two to the same answers.
"""
from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from rules import repetition
from rules.contract import Hooks
from rules.core import Game, IllegalMove, InvalidNotation, LastMove, OptionSpec, Outcome, still_playing
from rules.geometry import square
from rules.notation import SQUARE, canonical, tidy, unreadable

NAME = "elevation"
SEAT_NAMES = ("Red", "Blue")
SIDE = 6
BOARD = square(SIDE, SIDE)
NAMES = BOARD.names  # cell i is (file, rank) = BOARD.coords[i]
NEAR = BOARD.near  # the king-adjacent cells
SAMURAI, FISH, DRAGON = 0, 1, 2
KINDS = ("samurai", "fish", "dragon")
LETTERS = "SFD"
START_ROW = (SAMURAI, FISH, DRAGON, DRAGON, FISH, SAMURAI)
EMPTY = 0
TERRAINS = ("flat", "random")
MAX_RANDOM_HEIGHT = 5

STEPS = re.compile(f"{SQUARE}(?:-{SQUARE})+")
DIG = re.compile(f"({SQUARE})>({SQUARE})")
PART = re.compile(r"[-:> ]*[a-f][0-9]")
EXAMPLE = "actions like `c1-c2 d3>b3` (a step and a dig) or `c1: b2>c2 b2>d2` (a dragon's two digs)"


def piece(seat: int, kind: int) -> int:
    """A cell's code for a piece: 1..3 are seat 0's samurai, fish and dragon, 4..6 seat 1's."""
    return 1 + 3 * seat + kind


OWNER = (None, 0, 0, 0, 1, 1, 1)  # by piece code
KIND = (None, SAMURAI, FISH, DRAGON, SAMURAI, FISH, DRAGON)
CELL = {(f, r): i for i, (f, r) in enumerate(BOARD.coords)}
DIG_TEXT = tuple(tuple(f"{a}>{b}" for b in NAMES) for a in NAMES)
# For each cell, the (middle, end) cells of a fish's double step in each diagonal direction that fits.
DIAGONALS = tuple(
    tuple((CELL[(f + df, r + dr)], CELL[(f + 2 * df, r + 2 * dr)])
          for df in (-1, 1) for dr in (-1, 1) if (f + 2 * df, r + 2 * dr) in CELL)
    for f, r in BOARD.coords
)
NUMBERS = ("no", "one", "two", "three", "four", "five")


def levels(n: int) -> str:
    word = NUMBERS[n] if n < len(NUMBERS) else str(n)
    return f"{word} level" + ("" if n == 1 else "s")


def is_near(a: int, b: int) -> bool:
    return b in NEAR[a]


def offset(a: int, b: int) -> tuple[int, int]:
    (fa, ra), (fb, rb) = BOARD.coords[a], BOARD.coords[b]
    return fb - fa, rb - ra


@dataclass(frozen=True)
class Step:
    src: int
    dst: int


@dataclass(frozen=True)
class Dig:
    src: int
    dst: int


Action = Step | Dig


def notation(piece_at: int, actions: tuple[Action, ...]) -> str:
    """Canonical notation: steps chained, single spaces, `piece:` only on a turn without a step."""
    parts: list[str] = []
    chain = False
    for action in actions:
        if isinstance(action, Step):
            if chain:
                parts[-1] += f"-{NAMES[action.dst]}"
            else:
                parts.append(f"{NAMES[action.src]}-{NAMES[action.dst]}")
            chain = True
        else:
            parts.append(DIG_TEXT[action.src][action.dst])
            chain = False
    text = " ".join(parts)
    return text if any(isinstance(a, Step) for a in actions) else f"{NAMES[piece_at]}: {text}"


@dataclass(frozen=True)
class Written:
    """A turn as written, read but not yet checked: the piece named before a colon, if any, and the
    actions, each a dig (from, to) or a chain of squares."""

    piece: int | None
    parts: tuple[tuple[str, tuple[int, ...]], ...]  # ("dig", (u, v)) or ("steps", (a, b, c…))


def cell(name: str) -> int:
    name = canonical(name)
    if name not in BOARD.index:
        raise InvalidNotation(f"{name} is not on the board: files a–f, ranks 1–6")
    return BOARD.index[name]


def read(text: str) -> Written:
    """The actions `text` names (any case, commas or extra spaces), or InvalidNotation."""
    cleaned = re.sub(r"\s*([-:>])\s*", r"\1", tidy(text).replace(",", " "))
    head, colon, rest = cleaned.partition(":")
    named: int | None = None
    if colon:
        if not re.fullmatch(SQUARE, head):
            raise unreadable(text, "before a colon goes the piece's square, as in `c1: b2>c2 b2>d2`")
        named = cell(head)
    else:
        rest = head
    parts: list[tuple[str, tuple[int, ...]]] = []
    for token in rest.split():
        if dig := DIG.fullmatch(token):
            parts.append(("dig", (cell(dig[1]), cell(dig[2]))))
        elif STEPS.fullmatch(token):
            parts.append(("steps", tuple(cell(name) for name in token.split("-"))))
        else:
            raise unreadable(text, f"write {EXAMPLE}")
    if not parts:
        raise unreadable(text, f"write {EXAMPLE}")
    return Written(named, tuple(parts))


SHAPES = {
    SAMURAI: ({"ds", "sd"}, "A samurai's turn is a dig and a step, in either order"),
    FISH: ({"ds", "sd", "dss", "ssd"}, "A fish's turn is a dig and a step, or a dig and a diagonal double step, "
                                       "in either order"),
    DRAGON: ({"ds", "sd", "dd", "ss", "s"}, "A dragon's turn is a dig and a step, two digs, two steps, "
                                            "or one step of up to two levels"),
}


@dataclass(frozen=True)
class ElevationLast(LastMove):
    piece: int = 0  # the code of the piece that moved
    start: int = 0  # where it began the turn
    steps: tuple[tuple[int, int], ...] = ()
    digs: tuple[tuple[int, int], ...] = ()
    captured: tuple[tuple[int, int], ...] = ()  # (cell, piece code)


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
        return tuple(self.pieces.count(piece(seat, kind)) for kind in range(3))  # type: ignore[return-value]

    # ------------------------------------------------------------------ listing every turn

    def turns(self, seat: int) -> Iterator[str]:
        """Every legal turn of `seat`, in canonical notation, piece by piece (a1, a2, …, f6)."""
        heights, pieces = list(self.heights), list(self.pieces)
        for at, code in enumerate(self.pieces):
            if code and OWNER[code] == seat:
                yield from piece_turns(heights, pieces, at, seat, KIND[code])

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
        turns = f"{count} turn{'s' if count != 1 else ''}"
        code = self.pieces[BOARD.index[prefix]] if prefix in BOARD.index else EMPTY
        return f"{KINDS[KIND[code]]} on {prefix} · {turns}" if code else turns

    # ------------------------------------------------------------------ checking one turn

    def check(self, written: Written) -> tuple[int, tuple[Action, ...]]:
        """The piece and the actions of a written turn, or IllegalMove naming the first thing wrong."""
        seat = still_playing(self.to_move)
        first_step = next((squares for kind, squares in written.parts if kind == "steps"), None)
        if written.piece is None and first_step is None:
            raise IllegalMove("Name the piece first on a turn without a step, as in `c1: b2>c2 b2>d2`")
        at = written.piece if written.piece is not None else first_step[0]
        code = self.pieces[at]
        if not code:
            raise IllegalMove(f"{NAMES[at]} is empty: a turn moves one of your pieces")
        if OWNER[code] != seat:
            raise IllegalMove(f"{NAMES[at]} holds {SEAT_NAMES[OWNER[code]]}'s {KINDS[KIND[code]]}, not one of your pieces")
        kind = KIND[code]
        if written.piece is not None and first_step is not None and first_step[0] != at:
            raise IllegalMove(f"The turn names {NAMES[at]} but steps from {NAMES[first_step[0]]}: a turn moves one piece")
        actions = self.actions(written, kind)
        shape = "".join("s" if isinstance(a, Step) else "d" for a in actions)
        allowed, rule = SHAPES[kind]
        if shape not in allowed:
            if kind == FISH and shape.count("s") == 2 and not self.diagonal_double(actions):
                raise IllegalMove("A fish moves two squares only diagonally")
            raise IllegalMove(rule)
        self.simulate(at, kind, actions, shape)
        return at, actions

    @staticmethod
    def actions(written: Written, kind: int) -> tuple[Action, ...]:
        """The written parts as single actions; a fish or dragon may name a two-square step by its ends
        alone when one square lies between them (`b1-d3` for `b1-c2-d3`)."""
        actions: list[Action] = []
        for part, squares in written.parts:
            if part == "dig":
                actions.append(Dig(*squares))
                continue
            if len(squares) == 2 and kind != SAMURAI:
                df, dr = offset(*squares)
                if max(abs(df), abs(dr)) == 2 and df % 2 == 0 and dr % 2 == 0:
                    f, r = BOARD.coords[squares[0]]
                    squares = (squares[0], CELL[(f + df // 2, r + dr // 2)], squares[1])
            actions.extend(Step(a, b) for a, b in zip(squares, squares[1:]))
        return tuple(actions)

    @staticmethod
    def diagonal_double(actions: tuple[Action, ...]) -> bool:
        steps = [a for a in actions if isinstance(a, Step)]
        first, second = (offset(s.src, s.dst) for s in steps)
        return first == second and abs(first[0]) == abs(first[1]) == 1 and steps[0].dst == steps[1].src

    def simulate(self, at: int, kind: int, actions: tuple[Action, ...], shape: str
                 ) -> tuple[list[int], list[int], list[tuple[int, int]]]:
        """Play the actions on a copy of the board; the heights, pieces and captures after them."""
        seat = self.to_move
        assert seat is not None
        heights, pieces = list(self.heights), list(self.pieces)
        code, here, captured = pieces[at], at, []
        what = KINDS[kind]
        double = kind == FISH and shape in ("dss", "ssd")
        lone = kind == DRAGON and shape == "s"
        first_dig: Dig | None = None
        steps_taken = 0
        for action in actions:
            a, b = NAMES[action.src], NAMES[action.dst]
            if isinstance(action, Step):
                if action.src != here:
                    raise IllegalMove(f"Your {what} is on {NAMES[here]}, not {a}: a turn moves one piece")
                if not is_near(action.src, action.dst):
                    if kind == FISH and double:
                        raise IllegalMove("A fish moves two squares only diagonally")
                    raise IllegalMove(f"{a} to {b} is not a step: a step goes to a neighbouring square")
                if double and not self.diagonal_double(actions):
                    raise IllegalMove("A fish moves two squares only diagonally")
                target = pieces[action.dst]
                if target and OWNER[target] == seat:
                    raise IllegalMove(f"{b} holds your {KINDS[KIND[target]]}: a step never lands on a friend")
                if target:
                    if lone:
                        raise IllegalMove(f"{b} holds an enemy piece: a dragon's step without a dig can't capture")
                    if double and steps_taken == 0:
                        raise IllegalMove(f"{b} holds an enemy piece: a fish's double step captures only on its "
                                          "second step")
                    drop = heights[action.src] - heights[action.dst]
                    if drop < 2:
                        where = "level with" if drop == 0 else (
                            f"{levels(-drop)} higher than" if drop < 0 else "only one level below")
                        raise IllegalMove(f"{b} holds an enemy {KINDS[KIND[target]]} but is {where} {a}: "
                                          "a capture steps down two levels or more")
                    captured.append((action.dst, target))
                else:
                    climb = heights[action.dst] - heights[action.src]
                    most = 2 if lone else 1
                    if climb > most:
                        rule = "a dragon's lone step climbs at most two" if lone else "a step climbs at most one"
                        raise IllegalMove(f"{b} is {levels(climb)} higher than {a}: {rule}")
                if (kind == DRAGON and shape == "ss" and steps_taken == 1 and action.dst == at
                        and not captured):
                    raise IllegalMove(f"Your dragon would end on {b}, where it started, without capturing: "
                                      "that is a pass")
                pieces[action.src], pieces[action.dst] = EMPTY, code
                here = action.dst
                steps_taken += 1
            else:
                where = f"your {what} on {NAMES[here]}"
                if action.src == here:
                    raise IllegalMove(f"{a} is under {where}: a dig takes a tile from a neighbouring square")
                if not is_near(here, action.src):
                    raise IllegalMove(f"{a} is not next to {where}: a dig takes a tile from a neighbouring square")
                if heights[action.src] == 0:
                    raise IllegalMove(f"{a} has no tile to dig")
                owner = OWNER[pieces[action.src]]
                if owner is not None and owner != seat:
                    raise IllegalMove(f"{a} holds an enemy piece: you can't dig there")
                if action.dst == action.src:
                    raise IllegalMove(f"A dig puts its tile on a different square, not back on {a}")
                if not is_near(here, action.dst):
                    raise IllegalMove(f"{b} is not next to {where}: the tile goes on a neighbouring square")
                if pieces[action.dst]:
                    raise IllegalMove(f"{b} holds a piece: a tile goes on an empty square")
                if first_dig is not None and shape == "dd" and (action.src, action.dst) == (first_dig.dst, first_dig.src):
                    raise IllegalMove(f"{a}>{b} puts the first dig's tile back: that is a pass")
                first_dig = action
                heights[action.src] -= 1
                heights[action.dst] += 1
        return heights, pieces, captured

    # ------------------------------------------------------------------ the contract

    def play(self, move: str) -> ElevationState:
        written = read(move)
        at, actions = self.check(written)
        return self.apply(at, actions)

    def apply(self, at: int, actions: tuple[Action, ...]) -> ElevationState:
        """The position after a turn already checked."""
        seat = self.to_move
        assert seat is not None
        code = self.pieces[at]
        shape = "".join("s" if isinstance(a, Step) else "d" for a in actions)
        heights, pieces, captured = self.simulate(at, KIND[code], actions, shape)
        effect = ", ".join(f"captured {SEAT_NAMES[OWNER[c]]}'s {KINDS[KIND[c]]} on {NAMES[i]}" for i, c in captured)
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
            outcome = Outcome.won(seat, f"{SEAT_NAMES[other]} has no pieces left")
        elif not after.can_move(other):
            outcome = Outcome.won(seat, f"{SEAT_NAMES[other]} has no legal turn")
        else:
            outcome = repeated
        return ElevationState(after.heights, after.pieces, None if outcome else other, last, outcome, history)


# --- listing every turn: actions tried on lists changed and restored in place --------------------------
def steps_from(heights: list[int], pieces: list[int], at: int, seat: int, climb: int = 1,
               capture: bool = True) -> list[int]:
    """Where a piece of `seat` on `at` may step: an empty cell at most `climb` higher, or (when
    `capture`) an enemy's cell two or more lower."""
    here = heights[at]
    found = []
    for to in NEAR[at]:
        target = pieces[to]
        if target == EMPTY:
            if heights[to] - here <= climb:
                found.append(to)
        elif capture and OWNER[target] != seat and here >= heights[to] + 2:
            found.append(to)
    return found


def digs_from(heights: list[int], pieces: list[int], at: int, seat: int) -> list[tuple[int, int]]:
    """Every dig (from, to) a piece of `seat` on `at` may make."""
    near = NEAR[at]
    sources = [u for u in near if heights[u] and OWNER[pieces[u]] != 1 - seat]
    targets = [v for v in near if pieces[v] == EMPTY]
    return [(u, v) for u in sources for v in targets if u != v]


def doubles_from(heights: list[int], pieces: list[int], at: int, seat: int) -> list[tuple[int, int]]:
    """A fish's diagonal double steps (middle, end): an empty middle, each step climbing at most one,
    a capture only on the second step."""
    found = []
    for middle, end in DIAGONALS[at]:
        if pieces[middle] != EMPTY or heights[middle] > heights[at] + 1:
            continue
        target = pieces[end]
        if target == EMPTY:
            if heights[end] <= heights[middle] + 1:
                found.append((middle, end))
        elif OWNER[target] != seat and heights[middle] >= heights[end] + 2:
            found.append((middle, end))
    return found


def piece_turns(heights: list[int], pieces: list[int], at: int, seat: int, kind: int) -> Iterator[str]:
    name, code = NAMES[at], pieces[at]
    for u, v in digs_from(heights, pieces, at, seat):  # dig, then step
        heights[u] -= 1
        heights[v] += 1
        dig = DIG_TEXT[u][v]
        for to in steps_from(heights, pieces, at, seat):
            yield f"{dig} {name}-{NAMES[to]}"
        if kind == FISH:
            for middle, end in doubles_from(heights, pieces, at, seat):
                yield f"{dig} {name}-{NAMES[middle]}-{NAMES[end]}"
        heights[u] += 1
        heights[v] -= 1
    moves = [((to,), to) for to in steps_from(heights, pieces, at, seat)]
    if kind == FISH:
        moves += [((middle, end), end) for middle, end in doubles_from(heights, pieces, at, seat)]
    for path, to in moves:  # step, then dig
        taken = pieces[to]
        pieces[at], pieces[to] = EMPTY, code
        head = name + "".join(f"-{NAMES[c]}" for c in path) + " "
        for u, v in digs_from(heights, pieces, to, seat):
            yield head + DIG_TEXT[u][v]
        pieces[at], pieces[to] = code, taken
    if kind != DRAGON:
        return
    for u, v in digs_from(heights, pieces, at, seat):  # two digs
        heights[u] -= 1
        heights[v] += 1
        head = f"{name}: {DIG_TEXT[u][v]} "
        for u2, v2 in digs_from(heights, pieces, at, seat):
            if u2 != v or v2 != u:
                yield head + DIG_TEXT[u2][v2]
        heights[u] += 1
        heights[v] -= 1
    for to in steps_from(heights, pieces, at, seat):  # two steps
        taken = pieces[to]
        pieces[at], pieces[to] = EMPTY, code
        head = f"{name}-{NAMES[to]}-"
        for then in steps_from(heights, pieces, to, seat):
            if then != at or taken:
                yield head + NAMES[then]
        pieces[at], pieces[to] = code, taken
    for to in steps_from(heights, pieces, at, seat, climb=2, capture=False):  # one high step
        yield f"{name}-{NAMES[to]}"


# --- the start ----------------------------------------------------------------------------------------
def mirror(i: int) -> int:
    f, r = BOARD.coords[i]
    return CELL[(SIDE - 1 - f, SIDE - 1 - r)]


def random_terrain(height: int, seed: int) -> tuple[int, ...]:
    """Heights 0..5, the same seen from either side (cell and its mirror through the centre hold the
    same stack), with as many tiles in all as the flat board of `height`."""
    rng = random.Random(f"elevation terrain {seed}")
    pairs = [i for i in range(SIDE * SIDE) if i < mirror(i)]
    stacks = [height] * len(pairs)
    for _ in range(40 * len(pairs)):
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
        OptionSpec("height", int, 3, "Tiles in every stack at the start", min=1, max=4),
        OptionSpec("terrain", str, "flat", "flat: every stack alike; random: hills and hollows, alike for both sides",
                   choices=TERRAINS),
    ),
    seat_names=SEAT_NAMES,
    summary="Dig terrain and climb it on a 6×6 board; capture from two levels up. Take every enemy piece to win.",
    rules_text=(
        "Every square is a stack of terrain tiles. Red starts on rank 1 and Blue on rank 6, each with "
        "S F D D F S: two **samurai**, two **fish**, two **dragons**.\n"
        "• **Step**: to a neighbouring square (diagonals count) that is empty and at most one level higher, "
        "any depth lower; or onto an enemy piece two or more levels below you, capturing it. Never onto a friend.\n"
        "• **Dig**: take a tile from a square next to your piece (not from under an enemy; from under a friend "
        "is fine) and put it on another empty square next to it.\n"
        "• **A turn** moves one piece. Any piece: a dig and a step, in either order. A **fish** may instead "
        "dig and move two squares diagonally in one line (the middle square empty, only the second step may "
        "capture). A **dragon** may instead dig twice, step twice (either step may capture), or make one "
        "step climbing up to two levels.\n"
        "Each action sees the board as the last one left it. You win when your opponent has no pieces left, "
        "or no legal turn on their move."
    ),
    house_rules=(
        "Red starts on rank 1 and Blue on rank 6, both S F D D F S from a to f.",
        "No disguised passes: a dragon's second dig may not put the first one's tile back, and its second "
        "step returns to where it started only if its first step captured.",
        "The third time the same position occurs with the same player to move, the game is drawn.",
        "terrain=random deals stacks of 0 to 5 tiles, the same for both sides (mirrored through the centre), "
        "with as many tiles as the flat board.",
    ),
    notation="Actions in order, by one piece: a step `c1-c2`, a dig `d2>b2` (from > to). "
             "`c1-c2 d3>b3` steps then digs, `d2>b2 c1-c2` digs then steps. Steps chain: `b1-c2-d3` "
             "(a fish may write `b1-d3`). A turn without a step names its piece first: `c1: b2>c2 b2>d2`.",
    new=new,
)
