"""Elevation's turns (rules/elevation.py is the game): a turn read from its notation and written back,
checked action by action, played on lists of heights and pieces, and every legal turn listed.

Two readings of a turn live here on purpose. `check` walks a turn written by a player action by action
and names the first thing that is wrong; `piece_turns` lists every legal turn quickly (thousands of
them) by trying each action on a board it changes and restores in place. Tests hold the two to the same
answers.
"""
from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from i18n import N_, _, ngettext, number
from rules.core import IllegalMove, InvalidNotation, seat_word
from rules.elevation_board import (
    BOARD,
    CELL,
    DIAGONALS,
    DRAGON,
    EMPTY,
    FISH,
    NAMES,
    NEAR,
    OWNER,
    SAMURAI,
    SEAT_NAMES,
    is_near,
    kind_of,
    kind_word,
    offset,
    owner_of,
)
from rules.notation import SQUARE, canonical, tidy, unreadable, write

STEPS = re.compile(f"{SQUARE}(?:-{SQUARE})+")
DIG = re.compile(f"({SQUARE})>({SQUARE})")
# Translators: follows "write"
EXAMPLE = N_("actions like `c1-c2 d3>b3` (a step and a dig) or `c1: b2>c2 b2>d2` (a dragon's two digs)")
DIG_TEXT = tuple(tuple(f"{a}>{b}" for b in NAMES) for a in NAMES)
# Translators: how many levels one square is above another, in words, as in "two levels higher"
NUMBERS = (N_("no"), N_("one"), N_("two"), N_("three"), N_("four"), N_("five"))


def levels(n: int) -> str:
    """"one level", "two levels", "6 levels", in the current language."""
    word = _(NUMBERS[n]) if n < len(NUMBERS) else number(n)
    # Translators: {count} is a number in words ("two") or in digits
    return ngettext("{count} level", "{count} levels", n, count=word)


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
        raise InvalidNotation(_("{square} is not on the board: files a–f, ranks 1–6", square=name))
    return BOARD.index[name]


def read(text: str) -> Written:
    """The actions `text` names (any case, commas or extra spaces), or InvalidNotation."""
    cleaned = re.sub(r"\s*([-:>])\s*", r"\1", tidy(text).replace(",", " "))
    head, colon, rest = cleaned.partition(":")
    named: int | None = None
    if colon:
        if not re.fullmatch(SQUARE, head):
            raise unreadable(text, _("before a colon goes the piece's square, as in `c1: b2>c2 b2>d2`"))
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
            raise unreadable(text, write(EXAMPLE))
    if not parts:
        raise unreadable(text, write(EXAMPLE))
    return Written(named, tuple(parts))


SHAPES = {
    SAMURAI: ({"ds", "sd"}, N_("A samurai's turn is a dig and a step, in either order")),
    FISH: ({"ds", "sd", "dss", "ssd"}, N_("A fish's turn is a dig and a step, or a dig and a diagonal double step, "
                                          "in either order")),
    DRAGON: ({"ds", "sd", "dd", "ss", "s"}, N_("A dragon's turn is a dig and a step, two digs, two steps, "
                                               "or one step of up to two levels")),
}
FISH_DIAGONAL = N_("A fish moves two squares only diagonally")

def shape_of(actions: tuple[Action, ...]) -> str:
    """A turn's actions as letters: `s` a step, `d` a dig ("ds": a dig, then a step)."""
    return "".join("s" if isinstance(a, Step) else "d" for a in actions)


# --- checking one turn --------------------------------------------------------------------------------
def check(heights: Sequence[int], pieces: Sequence[int], seat: int, written: Written) -> tuple[int, tuple[Action, ...]]:
    """The piece and the actions of a turn `seat` wrote on this board, or IllegalMove naming the first
    thing wrong."""
    first_step = next((squares for kind, squares in written.parts if kind == "steps"), None)
    if written.piece is not None:
        at = written.piece
    elif first_step is not None:
        at = first_step[0]
    else:
        raise IllegalMove(_("Name the piece first on a turn without a step, as in `c1: b2>c2 b2>d2`"))
    code = pieces[at]
    if not code:
        raise IllegalMove(_("{square} is empty: a turn moves one of your pieces", square=NAMES[at]))
    kind = kind_of(code)
    if owner_of(code) != seat:
        # Translators: {side} is the piece's owner (Red, Blue) and {piece} its kind (samurai, fish, dragon)
        raise IllegalMove(_("{square} holds {side}'s {piece}, not one of your pieces", square=NAMES[at],
                            side=seat_word(SEAT_NAMES[owner_of(code)]), piece=kind_word(kind)))
    if written.piece is not None and first_step is not None and first_step[0] != at:
        raise IllegalMove(_("The turn names {square} but steps from {start}: a turn moves one piece", square=NAMES[at],
                            start=NAMES[first_step[0]]))
    actions = written_actions(written, kind)
    shape = shape_of(actions)
    allowed, rule = SHAPES[kind]
    if shape not in allowed:
        if kind == FISH and shape.count("s") == 2 and not diagonal_double(actions):
            raise IllegalMove(_(FISH_DIAGONAL))
        raise IllegalMove(_(rule))
    simulate(heights, pieces, seat, at, kind, actions, shape)
    return at, actions


def written_actions(written: Written, kind: int) -> tuple[Action, ...]:
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


def diagonal_double(actions: tuple[Action, ...]) -> bool:
    steps = [a for a in actions if isinstance(a, Step)]
    first, second = (offset(s.src, s.dst) for s in steps)
    return first == second and abs(first[0]) == abs(first[1]) == 1 and steps[0].dst == steps[1].src


def simulate(heights_before: Sequence[int], pieces_before: Sequence[int], seat: int, at: int, kind: int,
             actions: tuple[Action, ...], shape: str) -> tuple[list[int], list[int], list[tuple[int, int]]]:
    """Play `seat`'s actions on a copy of the board; the heights, pieces and captures after them."""
    heights, pieces = list(heights_before), list(pieces_before)
    code, here, captured = pieces[at], at, []
    double = kind == FISH and shape in ("dss", "ssd")
    lone = kind == DRAGON and shape == "s"
    first_dig: Dig | None = None
    steps_taken = 0
    for action in actions:
        a, b = NAMES[action.src], NAMES[action.dst]
        if isinstance(action, Step):
            if action.src != here:
                # Translators: {piece} is the kind of the piece moving (samurai, fish, dragon)
                raise IllegalMove(_("Your {piece} is on {square}, not {start}: a turn moves one piece",
                                    piece=kind_word(kind), square=NAMES[here], start=a))
            if not is_near(action.src, action.dst):
                if kind == FISH and double:
                    raise IllegalMove(_(FISH_DIAGONAL))
                raise IllegalMove(_("{start} to {end} is not a step: a step goes to a neighbouring square",
                                    start=a, end=b))
            if double and not diagonal_double(actions):
                raise IllegalMove(_(FISH_DIAGONAL))
            target = pieces[action.dst]
            if target and OWNER[target] == seat:
                raise IllegalMove(_("{square} holds your {piece}: a step never lands on a friend", square=b,
                                    piece=kind_word(kind_of(target))))
            if target:
                if lone:
                    raise IllegalMove(_("{square} holds an enemy piece: a dragon's step without a dig can't capture",
                                        square=b))
                if double and steps_taken == 0:
                    raise IllegalMove(_("{square} holds an enemy piece: a fish's double step captures only on its "
                                        "second step", square=b))
                drop = heights[action.src] - heights[action.dst]
                if drop < 2:
                    raise IllegalMove(shallow_capture(drop, b, kind_of(target), a))
                captured.append((action.dst, target))
            else:
                climb = heights[action.dst] - heights[action.src]
                most = 2 if lone else 1
                if climb > most:
                    if lone:
                        raise IllegalMove(_("{square} is {levels} higher than {start}: a dragon's lone step climbs "
                                            "at most two", square=b, levels=levels(climb), start=a))
                    # Translators: {levels} is how many levels higher, as in "two levels"
                    raise IllegalMove(_("{square} is {levels} higher than {start}: a step climbs at most one",
                                        square=b, levels=levels(climb), start=a))
            if (kind == DRAGON and shape == "ss" and steps_taken == 1 and action.dst == at
                    and not captured):
                raise IllegalMove(_("Your dragon would end on {square}, where it started, without capturing: "
                                    "that is a pass", square=b))
            pieces[action.src], pieces[action.dst] = EMPTY, code
            here = action.dst
            steps_taken += 1
        else:
            if action.src == here:
                # Translators: {source} is the square a tile would be dug from; {piece} the digging piece's kind
                raise IllegalMove(_("{source} is under your {piece} on {square}: a dig takes a tile from a "
                                    "neighbouring square", source=a, piece=kind_word(kind), square=NAMES[here]))
            if not is_near(here, action.src):
                raise IllegalMove(_("{source} is not next to your {piece} on {square}: a dig takes a tile from a "
                                    "neighbouring square", source=a, piece=kind_word(kind), square=NAMES[here]))
            if heights[action.src] == 0:
                raise IllegalMove(_("{source} has no tile to dig", source=a))
            owner = OWNER[pieces[action.src]]
            if owner is not None and owner != seat:
                raise IllegalMove(_("{source} holds an enemy piece: you can't dig there", source=a))
            if action.dst == action.src:
                raise IllegalMove(_("A dig puts its tile on a different square, not back on {source}", source=a))
            if not is_near(here, action.dst):
                # Translators: {target} is the square a dug tile would go on; {piece} the digging piece's kind
                raise IllegalMove(_("{target} is not next to your {piece} on {square}: the tile goes on a "
                                    "neighbouring square", target=b, piece=kind_word(kind), square=NAMES[here]))
            if pieces[action.dst]:
                raise IllegalMove(_("{target} holds a piece: a tile goes on an empty square", target=b))
            if first_dig is not None and shape == "dd" and (action.src, action.dst) == (first_dig.dst, first_dig.src):
                raise IllegalMove(_("{dig} puts the first dig's tile back: that is a pass",
                                    dig=DIG_TEXT[action.src][action.dst]))
            first_dig = action
            heights[action.src] -= 1
            heights[action.dst] += 1
    return heights, pieces, captured


def shallow_capture(drop: int, square: str, kind: int, start: str) -> str:
    """The refusal of a step onto an enemy piece (of `kind`, on `square`) fewer than two levels below
    `start` (`drop` levels below: 1, 0 or fewer), in the current language."""
    piece = kind_word(kind)
    if drop == 0:
        # Translators: {piece} is the enemy piece's kind (samurai, fish, dragon); {start} where the step starts
        return _("{square} holds an enemy {piece} but is level with {start}: a capture steps down two levels or more",
                 square=square, piece=piece, start=start)
    if drop == 1:
        return _("{square} holds an enemy {piece} but is only one level below {start}: a capture steps down two "
                 "levels or more", square=square, piece=piece, start=start)
    # Translators: {levels} is how many levels higher, as in "two levels"
    return _("{square} holds an enemy {piece} but is {levels} higher than {start}: a capture steps down two levels "
             "or more", square=square, piece=piece, levels=levels(-drop), start=start)


# --- listing every turn: actions tried on lists changed and restored in place -------------------------
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
    moves: list[tuple[tuple[int, ...], int]] = [((to,), to) for to in steps_from(heights, pieces, at, seat)]
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
