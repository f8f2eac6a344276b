"""Attaxx (docs/rules.md): 7×7, clone next to a friend or jump two away, flip the neighbours."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rules.core import Game, Outcome
from rules.geometry import square
from rules.infection import InfectionState, by_pieces, opening


class Attaxx:
    name = "attaxx"
    geometry = square(7, 7)
    seat_names: tuple[str, ...] = ("White", "Black")
    clone_word = "clone"
    place_word = "square"
    piece_word = "piece"

    def finished(self, state: InfectionState) -> Outcome | None:
        white, black = state.counts
        if white == 0 or black == 0:
            loser = self.seat_names[0 if white == 0 else 1]
            return by_pieces(state, f"{loser} has no pieces left")
        if 0 not in state.board:
            return by_pieces(state, "board full")
        return None

    def blocked(self, state: InfectionState) -> Outcome:
        return by_pieces(state, "neither player can move")

VARIANT = Attaxx()

def new(players: int, options: Mapping[str, Any], seed: int) -> InfectionState:
    return opening(VARIANT, {"a7": 0, "g1": 0, "a1": 1, "g7": 1})

GAME = Game(
    name="attaxx",
    title="Attaxx",
    players=range(2, 3),
    options=(),
    seat_names=Attaxx.seat_names,
    summary="Clone or jump on a 7×7 board and flip your opponent's pieces; most pieces wins.",
    rules_text=(
        "White starts on a7 and g1, Black on a1 and g7; White moves first.\n"
        "• **Clone**: put a new piece on an empty square next to one of yours (diagonals count).\n"
        "• **Jump**: move one of your pieces to an empty square exactly two squares away "
        "(straight, diagonal or a knight's step); its old square becomes empty.\n"
        "After either move, every enemy piece next to the square you moved to becomes yours.\n"
        "The game ends when the board is full, when a player has no pieces, or when neither can move: "
        "the player with more pieces wins."
    ),
    house_rules=(
        "A player with no legal move passes automatically.",
        "The third time the same position occurs with the same player to move, the game is drawn.",
    ),
    notation="A clone names its square: `d4`. A jump names both squares: `c3b5` (or `c3-b5`).",
    new=new,
)
