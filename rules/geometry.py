"""Board geometries: named cells, their neighbours at distance 1 and the cells at distance 2."""
from __future__ import annotations

import re
import string
from collections.abc import Callable
from dataclasses import dataclass, field

from rules.core import InvalidNotation

CELL = re.compile(r"([a-z])(\d{1,2})")


@dataclass(frozen=True, eq=False)
class Geometry:
    """Cells are numbered 0..n-1 in file-major order (a1, a2, …, b1, …).

    near[i]: cells at distance 1 from i; far[i]: cells at distance exactly 2.
    files/ranks: the drawing grid size, coords[i]: (file, rank) of cell i, both 0-based.
    """

    names: tuple[str, ...]
    near: tuple[tuple[int, ...], ...]
    far: tuple[tuple[int, ...], ...]
    coords: tuple[tuple[int, int], ...]
    files: str
    index: dict[str, int] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {name: i for i, name in enumerate(self.names)})

    @property
    def size(self) -> int:
        return len(self.names)

    def cell(self, name: str) -> int:
        """The index of a cell name, or InvalidNotation naming the bad square."""
        try:
            return self.index[name]
        except KeyError:
            raise InvalidNotation(f"{name} is not on the board") from None

    def distance(self, a: int, b: int) -> int:
        if a == b:
            return 0
        if b in self.near[a]:
            return 1
        if b in self.far[a]:
            return 2
        return 3  # "more than two" is all the infection games need to know


def build(
    coords: list[tuple[int, int]],
    files: str,
    distance: Callable[[tuple[int, int], tuple[int, int]], int],
) -> Geometry:
    """A geometry from the cells' (file, rank) coordinates, in file-major order, and a metric."""
    coords = sorted(coords)
    names = tuple(f"{files[f]}{r + 1}" for f, r in coords)
    near = tuple(tuple(j for j, b in enumerate(coords) if distance(a, b) == 1) for a in coords)
    far = tuple(tuple(j for j, b in enumerate(coords) if distance(a, b) == 2) for a in coords)
    return Geometry(names=names, near=near, far=far, coords=tuple(coords), files=files)


def square(width: int, height: int) -> Geometry:
    """A width×height board of squares with king-move (Chebyshev) distance."""
    cells = [(f, r) for f in range(width) for r in range(height)]
    return build(cells, string.ascii_lowercase[:width], lambda a, b: max(abs(a[0] - b[0]), abs(a[1] - b[1])))


def parse_cells(text: str, example: str) -> list[str]:
    """Split notation such as "c3b5", "C3-B5" or " d4 " into cell names.

    Anything that is not one or two cells is an InvalidNotation whose message shows `example`.
    """
    cleaned = text.strip().lower()
    compact = re.sub(r"[\s-]+", "", cleaned)
    cells = CELL.findall(compact)
    if not cells or "".join(f + r for f, r in cells) != compact or len(cells) > 2:
        shown = cleaned or "an empty move"
        raise InvalidNotation(f"Can't read {shown!r}: write {example}")
    return [f + str(int(r)) for f, r in cells]
