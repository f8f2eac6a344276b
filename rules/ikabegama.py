"""Ikabegamá (docs/rules.md): Hexxagon moves on a hexagon; get a token into the other's nest."""
from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from i18n import N_, _
from rules.core import BadOptions, Game, OptionSpec, Outcome
from rules.geometry import Geometry, hexagon
from rules.infection import InfectionState, Wording, opening

LIGHT, DARK = 0, 1

WORDING = Wording(
    # Translators: follows "write"; {square} is a cell's name (a1), {jump} a jump's notation (a1a3)
    example=N_("a cell like {square} or a jump like {jump}"),
    own_place=N_("A token can't jump to its own cell: a jump lands two cells away"),
    holds_yours=N_("{square} holds one of your tokens: a growth or a jump goes to an empty cell"),
    holds_enemy=N_("{square} holds an enemy token: a growth or a jump goes to an empty cell"),
    not_next=N_("{square} is not next to any of your tokens: a growth goes next to one of them; a jump names "
                "two cells, like {jump}"),
    not_yours=N_("{square} is not one of your tokens: a jump starts from one of them"),
    too_far=N_("{start} to {end} is too far: a jump goes exactly two cells"),
)


class Ikabegama:
    """One board size and pair of nests; the shared infection core does the moves."""

    name = "ikabegama"
    # Translators: Ikabegamá's sides: Light moves first
    seat_names: tuple[str, ...] = (N_("Light"), N_("Dark"))
    clone_word = "growth"
    wording = WORDING

    def __init__(self, side: int, light_nest: str, dark_nest: str):
        self.geometry: Geometry = hexagon(side)
        self.nests = (self.geometry.index[light_nest], self.geometry.index[dark_nest])

    def finished(self, state: InfectionState) -> Outcome | None:
        for seat in (LIGHT, DARK):
            enemy_nest = self.nests[1 - seat]
            if state.board[enemy_nest] == seat + 1:
                # Translators: {side} got a token onto the nest of {other_side} (Light, Dark)
                return Outcome.won(seat, N_("{side} reached the {other_side} nest"), side=self.seat_names[seat],
                                   other_side=self.seat_names[1 - seat])
        return None

    def blocked(self, state: InfectionState) -> Outcome:
        return Outcome.drawn(N_("neither player can move"))


@cache
def variant(side: int, light_nest: str, dark_nest: str) -> Ikabegama:
    return Ikabegama(side, light_nest, dark_nest)


def default_nests(side: int) -> tuple[str, str]:
    """The bottom and top cells of the middle file (e1 and e9 for side 5)."""
    geometry = hexagon(side)
    middle = geometry.files[side - 1]
    return f"{middle}1", f"{middle}{2 * side - 1}"


# A nest off the board: by the option, without and with "no j" (the lettering skips j: worth saying only
# where the files run past it).
NESTS_OFF_BOARD = {
    "light_nest": (
        # Translators: {cell} is a cell's name; {first} and {last} are the first and last file letters
        N_("light nest {cell} is not on a size-{size} board (files {first}–{last})"),
        N_("light nest {cell} is not on a size-{size} board (files {first}–{last}, no j)"),
    ),
    "dark_nest": (
        N_("dark nest {cell} is not on a size-{size} board (files {first}–{last})"),
        N_("dark nest {cell} is not on a size-{size} board (files {first}–{last}, no j)"),
    ),
}


def settle(options: dict[str, Any]) -> dict[str, Any]:
    side = options["size"]
    geometry = hexagon(side)
    light, dark = default_nests(side)
    options = dict(options, light_nest=options["light_nest"] or light, dark_nest=options["dark_nest"] or dark)
    first, last = geometry.files[0], geometry.files[-1]
    for key, refusals in NESTS_OFF_BOARD.items():
        if options[key] not in geometry.index:
            refusal = refusals[1] if last > "j" else refusals[0]
            raise BadOptions(_(refusal, cell=options[key], size=side, first=first, last=last))
    if options["light_nest"] == options["dark_nest"]:
        raise BadOptions(_("The Light and Dark nests must be different cells"))
    return options


def new(players: int, options: Mapping[str, Any], seed: int) -> InfectionState:
    game = variant(options["size"], options["light_nest"], options["dark_nest"])
    return opening(game, {options["light_nest"]: LIGHT, options["dark_nest"]: DARK})


GAME = Game(
    name="ikabegama",
    title="Ikabegamá",
    players=range(2, 3),
    options=(
        OptionSpec("size", int, 5, N_("Cells on each side of the hexagon"), min=4, max=7),
        OptionSpec("light_nest", str, None, N_("Light's nest cell (default: bottom of the middle file)")),
        OptionSpec("dark_nest", str, None, N_("Dark's nest cell (default: top of the middle file)")),
    ),
    seat_names=Ikabegama.seat_names,
    summary=N_("Grow or jump across a hexagon and flip your opponent's tokens; get into the other nest to win."),
    rules_text="\n".join((
        N_("Light starts with one token on the Light nest, Dark with one on the Dark nest; Light moves first. "
           "The nests are part of the challenge: accepting it is agreeing to them."),
        N_("• **Growth**: put a new token on an empty cell next to one of yours."),
        N_("• **Jump**: move one of your tokens to an empty cell exactly two cells away (up to 12 of them); "
           "its old cell becomes empty."),
        N_("After either move, every enemy token next to the cell you moved to becomes yours."),
        N_("**Goal**: the game ends at once when a Light token stands on the Dark nest (Light wins) or a Dark "
           "token on the Light nest (Dark wins) — by growing, jumping or flipping. If nobody can move, it is a draw."),
        N_("Files are lettered from the left, skipping j; cells are numbered from the bottom of each file."),
    )),
    house_rules=(
        N_("A player with no legal move passes automatically."),
        N_("The third time the same position occurs with the same player to move, the game is drawn."),
    ),
    notation=N_("A growth names its cell: `e2`. A jump names both cells: `e1e3` (or `e1-e3`)."),
    new=new,
    settle=settle,
)
