"""The words of Multiplications Within The Permutation's pictures (renderers.permutation draws them): the
unit of a score, the stage of the game, the footer's hint, and the plain-text board, in the language in use."""
from __future__ import annotations

from collections.abc import Sequence

from i18n import _, ngettext
from renderers import theme
from renderers.theme import RGB
from rules.permutation import FILES, GAME, square_name

STYLES = theme.SEAT_STYLES
SYMBOLS = ("1", "2", "3", "4", "5", "6")


def points(count: int) -> str:
    """The unit of a seat's score: its points."""
    # Translators: the unit after a player's points on their card ("12 points")
    return ngettext("point", "points", count)


def points_short(count: int) -> str:
    """The unit of a four-digit score, short, so that it still clears the seat's side."""
    # Translators: the unit after a player's points on their card when the score has four digits ("1024 pts"): as short as it can be
    return ngettext("pt", "pts", count)


POINTS: theme.Unit = points


def phase(state) -> str:
    """What stage the game is at, for the footer's right-hand side."""
    if state.outcome is not None:
        return ""
    if state.placing:
        # Translators: the stage of Multiplications Within The Permutation while x's are placed ("Placing · 3 of 7 x's")
        return ngettext("Placing · {placed} of {n} x", "Placing · {placed} of {n} x's", state.n, placed=len(state.placed))
    # Translators: the stage of Multiplications Within The Permutation while numbers are written ("Numbering · next is 4")
    return _("Numbering · next is {number}", number=len(state.numbered) + 1)


def detail(state, seats: Sequence[theme.Seat]) -> list[tuple[str, RGB]]:
    """The footer's second line: the last move with what it did."""
    # Translators: a picture's hint before the first move of Multiplications Within The Permutation; the words between <b> and </b> stand out
    opening = theme.tinted(_("New game · <b>place an x</b> on a square whose file and rank have none yet"), theme.MUTED,
                           theme.TEXT)
    return theme.move_detail(state, seats, opening)


# --- text ---------------------------------------------------------------------------------------------
def text(state, names: Sequence[str]) -> str:
    """A plain-text board: ranks n..1 top to bottom, `.` an empty square, `x` an x without a number,
    numbers right-aligned, `*` after the last move's square; then the phase, the players with their
    points, the last move and whose turn it is."""
    n = state.n
    last = state.last
    numbers = {file: index + 1 for index, file in enumerate(state.numbered)}
    header = "   " + "".join(f" {FILES[file]} " for file in range(n))
    lines = [header.rstrip()]
    for rank in range(n - 1, -1, -1):
        cells = []
        for file in range(n):
            symbol = str(numbers.get(file, "x")) if state.rank_of[file] == rank else "."
            mark = "*" if last is not None and last.square == (file, rank) else " "
            cells.append(f"{symbol:>2}{mark}")
        lines.append(f"{rank + 1:>2} " + "".join(cells) + f" {rank + 1}")
    lines.append(header.rstrip())
    players = theme.seats_for(GAME, state, names, STYLES, state.scores, POINTS)  # the units in full, whatever the cards say
    lines.append("")
    if state.outcome is None:
        lines.append(phase(state).replace(" · ", ": "))
    lines.extend(theme.text_players(state, players, SYMBOLS))
    if last is not None:
        lines.append(theme.text_last_move(last, players))
        if last.previous is not None:
            # Translators: on the text board of Multiplications Within The Permutation; keep the mark *; {start} and {end} are squares ("c3")
            lines.append(ngettext("* the number just written; the rectangle from {start} to {end} scored {n}",
                                  "* the number just written; the rectangle from {start} to {end} scored {n}",
                                  last.points, start=square_name(last.previous), end=last.notation))
        else:
            lines.append(_("* the x just placed"))
    if state.outcome is not None:
        lines.append(theme.text_result(state.outcome, players))
    return "\n".join(lines) + "\n"
