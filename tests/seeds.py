"""Reading the sample games out of the seed texts in ../shared/seeds (they are the references)."""
from __future__ import annotations

import re
from pathlib import Path

SEEDS = Path(__file__).resolve().parent / "fixtures" / "seeds"  # copies of ../shared/seeds
ATTAXX_SEED = SEEDS / "003_22c31c0c6e3973bd.txt"


def attaxx_sample_game() -> list[tuple[str, int]]:
    """The seed's 61 moves, each with the number of pieces it flipped (in parentheses in the text)."""
    text = ATTAXX_SEED.read_text(encoding="utf-8").replace("\xa0", " ")
    moves: list[tuple[str, int]] = []
    for line in text.splitlines():
        row = re.match(r"\s*\d+\.\s+(\d+)\s+(.*)$", line)
        if not row:
            continue
        for move, flips in re.findall(r"\b([a-g][1-7](?:[a-g][1-7])?)(?:\((\d+)\))?", row.group(2)):
            moves.append((move, int(flips or 0)))
    return moves


def attaxx_final_diagram() -> dict[str, str]:
    """The seed's final position: square -> 'O', 'X' or '-'."""
    text = ATTAXX_SEED.read_text(encoding="utf-8").replace("\xa0", " ")
    cells = {}
    for rank, row in re.findall(r"^\s*\d+\.\s+([1-7]) ([-OX](?: [-OX]){6})\s*$", text, re.M):
        for file, mark in zip("abcdefg", row.split()):
            cells[f"{file}{rank}"] = mark
    return cells


PERMUTATION_SEED = SEEDS / "001_d5a7f70add74f323.txt"


def permutation_example() -> tuple[dict[int, str], list[tuple[int, int, int]], list[int]]:
    """The seed's 7×7 example: number -> square from its diagram, the "Squares j to j+1: a*b = c"
    lines as (j, a*b, c), and each player's total from the "Player p gets" lines."""
    text = PERMUTATION_SEED.read_text(encoding="utf-8").replace("\xa0", " ")
    text = text[text.index("Here is an example"):]
    rows = re.findall(r"^((?:[.\d] ){6}[.\d])\s*$", text, re.M)
    assert len(rows) == 7, rows
    squares = {}
    for top, row in enumerate(rows):
        for file, mark in zip("abcdefg", row.split()):
            if mark != ".":
                squares[int(mark)] = f"{file}{7 - top}"
    steps = [(int(j), int(a) * int(b), int(c))
             for j, a, b, c in re.findall(r"Squares (\d) to \d: (\d)\*(\d) = (\d+)", text)]
    totals = [int(t) for t in re.findall(r"Player \d gets: .*= (\d+) points", text)]
    return squares, steps, totals
