"""How every game reads a typed move: case and surrounding spaces, square names, the separators that
may fall between squares, and the refusal that quotes text it cannot read.

A square is a file letter and a one- or two-digit number ("c3", "e10"); a number's leading zeros are
dropped ("c03" is c3). The games whose moves are a few squares (Attaxx, Ikabegamá, Ascent, X's and
lines, Multiplications) read them with `squares`: spaces and dashes are optional and may fall anywhere,
so "c3b5", "c3-b5", "C3 B5" and " c3 - b5 " are one move. Elevation, whose turns are several actions,
has a grammar of its own built from the same pieces (`SQUARE`, `tidy`, `canonical`, `unreadable`).
"""
from __future__ import annotations

import re
import string

from i18n import _
from rules.core import InvalidNotation, shown

FILES = string.ascii_lowercase
SQUARE = r"[a-z][0-9]{1,2}"  # a square in a pattern
SQUARES = re.compile(r"([a-z])([0-9]{1,2})")
SEPARATORS = re.compile(r"[\s-]+")  # optional anywhere in a move of squares
LOOSE = re.compile(r"[\s\-,]+")  # what `compact` ignores: ':' and '>' mean something (Elevation's digs)

Square = tuple[int, int]  # (file, rank), both 0-based


def tidy(text: str) -> str:
    """Typed text as every game reads it: in lower case, without the spaces around it."""
    return text.strip().lower()


def compact(text: str) -> str:
    """`text` without case, spaces, commas or dashes: how typed text and moves are compared while a
    move is being typed or built (see rules.parts)."""
    return LOOSE.sub("", text.lower())


def closed(text: str) -> bool:
    """Whether typed text ends with a separator (a space, comma or dash), which ends the square before
    it: "b1-" names square b1 whole, while "b1" may still become "b10"."""
    return bool(text) and LOOSE.fullmatch(text[-1]) is not None


def unreadable(text: str, hint: str) -> InvalidNotation:
    """The refusal of text that names no move: "Can't read 'xyz': " and `hint` ("write a square like d5"),
    in the current language (`hint` comes translated)."""
    # Translators: {text} is what the player typed, quoted, or "an empty move"; {hint} says what to write
    return InvalidNotation(_("Can't read {text}: {hint}", text=shown(text), hint=hint))


def write(example: str) -> str:
    """The hint "write " and `example` ("a square like d5", English marked with N_ where it is kept, or
    already in the current language), in the current language."""
    # Translators: {example} is what to write, such as "a square like d5"
    return _("write {example}", example=_(example))


def canonical(written: str) -> str:
    """A square as written (lower case, no spaces), its number without leading zeros: "c03" is "c3"."""
    return written[0] + str(int(written[1:]))


def squares(text: str, example: str, most: int = 2, least: int = 1) -> list[str]:
    """The names of the `least` to `most` squares `text` names, in order ("C3-B5", "c3 b5" and
    "c3b5" all give ["c3", "b5"]); anything else is unreadable, with "write " and `example` as the hint
    (`write`). Whether each square is on the board is the game's to say."""
    joined = SEPARATORS.sub("", tidy(text))
    found = SQUARES.findall(joined)
    if "".join(f + r for f, r in found) != joined or not least <= len(found) <= most:
        raise unreadable(text, write(example))
    return [canonical(f + r) for f, r in found]


def square_name(square: Square) -> str:
    """The name of a (file, rank) square: (3, 4) is "d5"."""
    return f"{FILES[square[0]]}{square[1] + 1}"


def on_grid(name: str, n: int) -> Square:
    """The (file, rank) of square `name` on an n×n board, or InvalidNotation saying it is off it."""
    file, rank = FILES.index(name[0]), int(name[1:]) - 1
    if not (0 <= file < n and 0 <= rank < n):
        raise InvalidNotation(_("{square} is off the board: files a–{last_file}, ranks 1–{last_rank}",
                                square=name, last_file=FILES[n - 1], last_rank=n))
    return file, rank
