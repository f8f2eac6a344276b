"""X's and lines (docs/rules.md): place n x's, then draw straight or L-shaped lines from x to x;
the last player able to draw a line loses.

Squares are (file, rank), both 0-based. A line runs from its start x to its end x through square
centres, straight or with one right-angle turn at its corner square; it is made of one or two arms,
each horizontal or vertical.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from i18n import N_, _, ngettext
from rules.contract import Hooks
from rules.core import Game, IllegalMove, LastMove, OptionSpec, Outcome, still_playing
from rules.notation import Square, on_grid, square_name, squares

NAME = "xlines"
# Translators: the sides of X's and lines: Red places the first x
SEAT_NAMES = (N_("Red"), N_("Blue"))
# Translators: follows "write"
PLACE_EXAMPLE = N_("a square like d5")
# Translators: follows "write" (and "draw")
LINE_EXAMPLE = N_("a line like d5-g5 (straight) or d5-g5-g2 (start, corner, end)")


def between(a: Square, b: Square) -> list[Square]:
    """The squares strictly between two squares of one file or one rank."""
    (fa, ra), (fb, rb) = a, b
    if fa == fb:
        step = 1 if rb > ra else -1
        return [(fa, r) for r in range(ra + step, rb, step)]
    step = 1 if fb > fa else -1
    return [(f, ra) for f in range(fa + step, fb, step)]


@dataclass(frozen=True)
class Line:
    """A drawn line: start and end are x's; corner is None for a straight line."""

    start: Square
    end: Square
    corner: Square | None = None
    seat: int = 0

    @property
    def points(self) -> tuple[Square, ...]:
        """Start, corner (if any) and end: the line's path through square centres."""
        return (self.start, self.end) if self.corner is None else (self.start, self.corner, self.end)

    @property
    def notation(self) -> str:
        return "-".join(square_name(p) for p in self.points)

    @cached_property
    def arms(self) -> tuple[tuple[bool, frozenset[Square]], ...]:
        """Each arm as (horizontal, the squares strictly inside it)."""
        points = self.points
        return tuple((a[1] == b[1], frozenset(between(a, b))) for a, b in zip(points, points[1:]))

    @cached_property
    def passes(self) -> tuple[Square, ...]:
        """The squares the line passes over between its ends, in order, its corner included."""
        points = self.points
        squares: list[Square] = []
        for k, (a, b) in enumerate(zip(points, points[1:])):
            if k:
                squares.append(a)  # the corner
            squares.extend(between(a, b))
        return tuple(squares)

    def crosses(self, other: Line) -> bool:
        """A square strictly inside a horizontal arm of one and strictly inside a vertical arm of the other."""
        return any(
            mine_horizontal != theirs_horizontal and mine & theirs
            for mine_horizontal, mine in self.arms for theirs_horizontal, theirs in other.arms
        )


@dataclass(frozen=True)
class XLinesLast(LastMove):
    square: Square | None = None  # the x just placed
    line: Line | None = None  # the line just drawn
    placed: int = 0  # after the last x placed: how many there are (n)

    def effect_text(self) -> str:
        """"all 8 x's placed; the first line may start at any x" after the last x, in the current
        language; nothing after any other move."""
        if self.placed:
            # Translators: the last x was placed: {n} x's in all; the lines begin
            return ngettext("all {n} x's placed; the first line may start at any x",
                            "all {n} x's placed; the first line may start at any x", self.placed)
        return super().effect_text()


@dataclass(frozen=True)
class XLinesState(Hooks):
    """An immutable position: the x's in the order they were placed (x i by seat i mod 2) and the
    lines in the order they were drawn (line k by seat k mod 2: Red draws the first line)."""

    n: int
    xs: tuple[Square, ...] = ()
    lines: tuple[Line, ...] = ()
    to_move: int | None = 0
    last: XLinesLast | None = None
    outcome: Outcome | None = None

    game = NAME
    players = 2

    @property
    def placing(self) -> bool:
        return len(self.xs) < self.n

    @cached_property
    def x_squares(self) -> frozenset[Square]:
        return frozenset(self.xs)

    @cached_property
    def used(self) -> frozenset[Square]:
        """The x's a line has started or ended at."""
        return frozenset(square for line in self.lines for square in (line.start, line.end))

    @property
    def next_start(self) -> Square | None:
        """Where the next line must start: where the last line ended (None while placing, or for the
        first line, which may start at any x)."""
        return self.lines[-1].end if self.lines and not self.placing else None

    # ------------------------------------------------------------------ lines

    def refusal(self, line: Line) -> str | None:
        """Why `line` (start and end distinct x-squares, a valid corner) cannot be drawn now, in the
        current language, or None."""
        found = self.refused(line)
        return None if found is None else _(found[0], **found[1])

    def refused(self, line: Line) -> tuple[str, dict[str, str]] | None:
        """`refusal` as its English message and arguments, or None (what listing the legal lines asks)."""
        if self.next_start is not None and line.start != self.next_start:
            return N_("The line must start at {square}, where your opponent's last line ended"), {
                "square": square_name(self.next_start)}
        if line.end in self.used:
            return N_("{square} has been used"), {"square": square_name(line.end)}
        for square in line.passes:
            if square in self.x_squares:
                return N_("There is an x on {square} between the ends"), {"square": square_name(square)}
        for earlier in self.lines:
            if line.crosses(earlier):
                return N_("The line crosses the line {line}"), {"line": earlier.notation}
        return None

    def candidates(self, start: Square, end: Square) -> list[Line]:
        """The lines from start to end: one straight line, or the two L's (corner in the start's file
        first, then in its rank)."""
        seat = self.to_move if self.to_move is not None else 0
        if start[0] == end[0] or start[1] == end[1]:
            return [Line(start, end, None, seat)]
        return [Line(start, end, (start[0], end[1]), seat), Line(start, end, (end[0], start[1]), seat)]

    @cached_property
    def _legal(self) -> list[Line]:
        if self.to_move is None or self.placing:
            return []
        starts = [self.next_start] if self.next_start is not None else sorted(self.xs)
        ends = sorted(self.x_squares - self.used)
        return [
            line
            for start in starts for end in ends if end != start
            for line in self.candidates(start, end) if self.refused(line) is None
        ]

    # ------------------------------------------------------------------ the contract

    def legal_moves(self) -> list[str]:
        if self.to_move is None:
            return []
        if self.placing:
            return [square_name((f, r)) for f in range(self.n) for r in range(self.n) if (f, r) not in self.x_squares]
        return [line.notation for line in self._legal]

    def parse(self, text: str) -> Square | Line:
        named = [on_grid(name, self.n) for name in squares(text, PLACE_EXAMPLE if self.placing else LINE_EXAMPLE, most=3)]
        still_playing(self.to_move)
        if self.placing:
            if len(named) != 1:
                # Translators: {n} x's of {total} are on the board; the player named a line while x's remain to place
                raise IllegalMove(ngettext("Place an x first: {n} of {total} are on the board",
                                           "Place an x first: {n} of {total} are on the board", len(self.xs),
                                           total=self.n))
            if named[0] in self.x_squares:
                raise IllegalMove(_("{square} already has an x", square=square_name(named[0])))
            return named[0]
        if len(named) == 1:
            # Translators: {example} is the example of a line, such as "a line like d5-g5 (straight) or …"
            raise IllegalMove(ngettext("All {n} x's are placed: draw {example}", "All {n} x's are placed: draw {example}",
                                       self.n, example=_(LINE_EXAMPLE)))
        return self.line(named)

    def line(self, squares: list[Square]) -> Line:
        """The line `squares` (start, end or start, corner, end) names, if it may be drawn now."""
        start, end = squares[0], squares[-1]
        for square in (start, end):
            if square not in self.x_squares:
                raise IllegalMove(_("{square} has no x: a line runs from x to x", square=square_name(square)))
        if start == end:
            raise IllegalMove(_("A line needs two different x's, not {square} twice", square=square_name(start)))
        options = self.candidates(start, end)
        if len(squares) == 3:
            corner = squares[1]
            chosen = [line for line in options if line.corner == corner]
            if not chosen:
                if options[0].corner is None:
                    raise IllegalMove(_("{start} and {end} are in line: write {start}-{end}, with no corner",
                                        start=square_name(start), end=square_name(end)))
                a, b = (square_name(line.corner) for line in options if line.corner is not None)
                raise IllegalMove(_("The corner of a line from {start} to {end} is {corner} or {other_corner}, "
                                    "not {written}", start=square_name(start), end=square_name(end), corner=a,
                                    other_corner=b, written=square_name(corner)))
            options = chosen
        reasons = [self.refusal(line) for line in options]
        legal = [line for line, reason in zip(options, reasons) if reason is None]
        if len(legal) == 1:
            return legal[0]
        if legal:
            first, second = (line.notation for line in legal)
            raise IllegalMove(_("The line can turn at either corner: write {line} or {other_line}", line=first,
                                other_line=second))
        if len(options) == 2 and reasons[0] != reasons[1]:
            first, second = (
                # Translators: why a line turning at {corner} cannot be drawn: {reason} is a refusal, such as
                # "the line crosses the line d5-g5", started in lower case where the language allows
                _("via {corner}: {reason}", corner=square_name(line.corner), reason=reason[0].lower() + reason[1:])
                for line, reason in zip(options, reasons) if line.corner is not None and reason
            )
            # Translators: {first} and {second} say why each of a line's two corners cannot be used
            raise IllegalMove(_("Neither corner works ({first}; {second})", first=first, second=second))
        raise IllegalMove(reasons[0])

    def play(self, move: str) -> XLinesState:
        parsed = self.parse(move)
        return self.place(parsed) if isinstance(parsed, tuple) else self.draw(parsed)

    def place(self, square: Square) -> XLinesState:
        seat = self.to_move
        assert seat is not None
        xs = self.xs + (square,)
        effect = ""
        if len(xs) == self.n:  # the lines begin, always with Red (who may so move twice in a row)
            effect = f"all {self.n} x's placed; the first line may start at any x"
            to_move = 0
        else:
            to_move = len(xs) % 2
        last = XLinesLast(seat, square_name(square), effect, square=square, placed=self.n if effect else 0)
        state = XLinesState(self.n, xs, (), to_move, last)
        if not state.placing and not state._legal:
            # Translators: why a match ended: after the last x, no first line can be drawn (a draw)
            draw = Outcome.drawn(N_("no line can be drawn between the x's"))
            return XLinesState(self.n, xs, (), None, state.last, draw)
        return state

    def draw(self, line: Line) -> XLinesState:
        seat = self.to_move
        assert seat is not None
        lines = self.lines + (Line(line.start, line.end, line.corner, seat),)
        last = XLinesLast(seat, lines[-1].notation, line=lines[-1])
        state = XLinesState(self.n, self.xs, lines, 1 - seat, last)
        if not state._legal:  # misère: the player who cannot move wins
            # Translators: {side} wins, having no line to draw; {other_side} drew the last line and loses
            outcome = Outcome.won(1 - seat, N_("{side} has no line to draw: {other_side} drew the last one"),
                                  side=SEAT_NAMES[1 - seat], other_side=SEAT_NAMES[seat])
            return XLinesState(self.n, self.xs, lines, None, last, outcome)
        return state


def new(players: int, options: Mapping[str, Any], seed: int) -> XLinesState:
    return XLinesState(options["size"])


GAME = Game(
    name=NAME,
    title="X's and lines",
    players=range(2, 3),
    options=(OptionSpec("size", int, 8, N_("The board is size × size, with that many x's to place"), min=8, max=15),),
    seat_names=SEAT_NAMES,
    summary=N_("Place x's, then link them with straight or L-shaped lines; whoever draws the last line loses."),
    rules_text="\n".join((
        # Translators: `size` is the option's name, as typed in /challenge: keep it as it is
        N_("On an n×n board (n = `size`):"),
        N_("• **Placing**: Red and Blue take turns putting an x on any empty square until there are n x's "
           "(rows and files may hold several)."),
        N_("• **Lines**: Red draws first, from any x. Every later line starts at the x where the opponent's "
           "last line ended, and ends at an x no line has touched yet (the first line's start counts as "
           "touched). A line runs through square centres: straight along a file or rank, or with one "
           "right-angle turn at a corner square. It may not pass over an x (its corner included) and may not "
           "cross an earlier line."),
        N_("• **Crossing**: a square strictly inside a horizontal part of one line and strictly inside a "
           "vertical part of the other. Touching a line, sharing its corner or running along part of it is "
           "allowed."),
        N_("You must draw a line if you can. **The last player able to draw a line loses**: if you have no "
           "line to draw on your turn, you win."),
    )),
    house_rules=(
        N_("Red draws the first line even when n is odd, so Red then moves twice in a row: the last x and the "
           "first line."),
        N_("If no first line can be drawn at all, the game is a draw."),
    ),
    notation=N_("Placing: the square, `d5`. Lines: start-corner-end, `d5-g5-g2`, or start-end for a straight "
                "line, `d5-g2`. A line named by its ends alone is accepted when only one of its two corners "
                "works."),
    new=new,
)
