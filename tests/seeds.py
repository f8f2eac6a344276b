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
