"""Ikabegamá (docs/rules.md): Hexxagon moves on a hexagon; get a token into the other's nest."""
from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from rules.core import BadOptions, Game, OptionSpec, Outcome
from rules.geometry import Geometry, hexagon
from rules.infection import InfectionState, opening

LIGHT, DARK = 0, 1


class Ikabegama:
    """One board size and pair of nests; the shared infection core does the moves."""

    name = "ikabegama"
    seat_names: tuple[str, ...] = ("Light", "Dark")
    clone_word = "growth"
    place_word = "cell"
    piece_word = "token"

    def __init__(self, side: int, light_nest: str, dark_nest: str):
        self.geometry: Geometry = hexagon(side)
        self.nests = (self.geometry.index[light_nest], self.geometry.index[dark_nest])

    def finished(self, state: InfectionState) -> Outcome | None:
        for seat in (LIGHT, DARK):
            enemy_nest = self.nests[1 - seat]
            if state.board[enemy_nest] == seat + 1:
                return Outcome.won(seat, f"{self.seat_names[seat]} reached the {self.seat_names[1 - seat]} nest")
        return None

    def blocked(self, state: InfectionState) -> Outcome:
        return Outcome.drawn("neither player can move")


@cache
def variant(side: int, light_nest: str, dark_nest: str) -> Ikabegama:
    return Ikabegama(side, light_nest, dark_nest)


def default_nests(side: int) -> tuple[str, str]:
    """The bottom and top cells of the middle file (e1 and e9 for side 5)."""
    geometry = hexagon(side)
    middle = geometry.files[side - 1]
    return f"{middle}1", f"{middle}{2 * side - 1}"


def settle(options: dict[str, Any]) -> dict[str, Any]:
    side = options["size"]
    geometry = hexagon(side)
    light, dark = default_nests(side)
    options = dict(options, light_nest=options["light_nest"] or light, dark_nest=options["dark_nest"] or dark)
    files = f"files {geometry.files[0]}–{geometry.files[-1]}"
    if geometry.files[-1] > "j":  # the lettering skips j: worth saying only where the files run past it
        files += ", no j"
    for key in ("light_nest", "dark_nest"):
        if options[key] not in geometry.index:
            raise BadOptions(f"{key.replace('_', ' ')} {options[key]} is not on a size-{side} board ({files})")
    if options["light_nest"] == options["dark_nest"]:
        raise BadOptions("The Light and Dark nests must be different cells")
    return options


def new(players: int, options: Mapping[str, Any], seed: int) -> InfectionState:
    game = variant(options["size"], options["light_nest"], options["dark_nest"])
    return opening(game, {options["light_nest"]: LIGHT, options["dark_nest"]: DARK})


GAME = Game(
    name="ikabegama",
    title="Ikabegamá",
    players=range(2, 3),
    options=(
        OptionSpec("size", int, 5, "Cells on each side of the hexagon", min=4, max=7),
        OptionSpec("light_nest", str, None, "Light's nest cell (default: bottom of the middle file)"),
        OptionSpec("dark_nest", str, None, "Dark's nest cell (default: top of the middle file)"),
    ),
    seat_names=Ikabegama.seat_names,
    summary="Grow or jump across a hexagon and flip your opponent's tokens; get into the other nest to win.",
    rules_text=(
        "Light starts with one token on the Light nest, Dark with one on the Dark nest; Light moves first. "
        "The nests are part of the challenge: accepting it is agreeing to them.\n"
        "• **Growth**: put a new token on an empty cell next to one of yours.\n"
        "• **Jump**: move one of your tokens to an empty cell exactly two cells away (up to 12 of them); "
        "its old cell becomes empty.\n"
        "After either move, every enemy token next to the cell you moved to becomes yours.\n"
        "**Goal**: the game ends at once when a Light token stands on the Dark nest (Light wins) or a Dark "
        "token on the Light nest (Dark wins) — by growing, jumping or flipping. If nobody can move, it is a draw.\n"
        "Files are lettered from the left, skipping j; cells are numbered from the bottom of each file."
    ),
    house_rules=(
        "A player with no legal move passes automatically.",
        "The third time the same position occurs with the same player to move, the game is drawn.",
    ),
    notation="A growth names its cell: `e2`. A jump names both cells: `e1e3` (or `e1-e3`).",
    new=new,
    settle=settle,
)
