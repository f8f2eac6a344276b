"""Board geometries: named cells, their neighbours at distance 1 and the cells at distance 2."""
from __future__ import annotations

import math
import string
from collections.abc import Callable
from dataclasses import dataclass, field

from i18n import _
from rules.core import InvalidNotation


@dataclass(frozen=True, eq=False)
class Geometry:
    """Cells are numbered 0..n-1 in file-major order (a1, a2, …, b1, …).

    near[i]: cells at distance 1 from i; far[i]: cells at distance exactly 2.
    coords[i]: (file, number in the file) of cell i, both 0-based; files: the file letters.
    centres[i]: where to draw cell i, in cell units with y pointing up.
    """

    names: tuple[str, ...]
    near: tuple[tuple[int, ...], ...]
    far: tuple[tuple[int, ...], ...]
    coords: tuple[tuple[int, int], ...]
    files: str
    centres: tuple[tuple[float, float], ...]
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
            raise InvalidNotation(_("{square} is not on the board", square=name)) from None

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
    centre: Callable[[tuple[int, int]], tuple[float, float]],
) -> Geometry:
    """A geometry from the cells' (file, number) coordinates, a metric on them and where to draw them."""
    coords = sorted(coords)
    names = tuple(f"{files[f]}{r + 1}" for f, r in coords)
    near = tuple(tuple(j for j, b in enumerate(coords) if distance(a, b) == 1) for a in coords)
    far = tuple(tuple(j for j, b in enumerate(coords) if distance(a, b) == 2) for a in coords)
    centres = tuple(centre(c) for c in coords)
    return Geometry(names=names, near=near, far=far, coords=tuple(coords), files=files, centres=centres)


def square(width: int, height: int) -> Geometry:
    """A width×height board of squares with king-move (Chebyshev) distance."""
    cells = [(f, r) for f in range(width) for r in range(height)]
    return build(
        cells, string.ascii_lowercase[:width],
        lambda a, b: max(abs(a[0] - b[0]), abs(a[1] - b[1])), lambda c: (float(c[0]), float(c[1])),
    )


HEX_FILES = "abcdefghiklmnopq"  # Gliński's lettering: no j


def hexagon(side: int) -> Geometry:
    """A hexagon of `side` flat-topped hexagons a side, in vertical files numbered from the bottom.

    Axial coordinates (docs/rules.md, Ikabegamá): file f has q = f − (side − 1) and r from
    max(−(side−1), −q−(side−1)) upwards; the cell number is r − r_min + 1.
    """
    top = side - 1

    def axial(cell: tuple[int, int]) -> tuple[int, int]:
        q = cell[0] - top
        return q, cell[1] + max(-top, -q - top)

    def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
        (qa, ra), (qb, rb) = axial(a), axial(b)
        dq, dr = qa - qb, ra - rb
        return (abs(dq) + abs(dr) + abs(dq + dr)) // 2

    def centre(cell: tuple[int, int]) -> tuple[float, float]:
        q, r = axial(cell)
        return 1.5 * q, math.sqrt(3) * (r + q / 2)

    cells = [(f, n) for f in range(2 * side - 1) for n in range(2 * side - 1 - abs(f - top))]
    return build(cells, HEX_FILES[: 2 * side - 1], distance, centre)

