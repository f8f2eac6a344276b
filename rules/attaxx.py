"""Attaxx (docs/rules.md): 7×7, clone next to a friend or jump two away, flip the neighbours."""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from i18n import N_
from rules.core import Game, Outcome
from rules.geometry import square
from rules.infection import InfectionState, Wording, by_pieces, opening

WORDING = Wording(
    # Translators: follows "write"; {square} is a square's name (a1), {jump} a jump's notation (a1a3)
    example=N_("a square like {square} or a jump like {jump}"),
    own_place=N_("A piece can't jump to its own square: a jump lands two squares away"),
    holds_yours=N_("{square} holds one of your pieces: a clone or a jump goes to an empty square"),
    holds_enemy=N_("{square} holds an enemy piece: a clone or a jump goes to an empty square"),
    not_next=N_("{square} is not next to any of your pieces: a clone goes next to one of them; a jump names "
                "two squares, like {jump}"),
    not_yours=N_("{square} is not one of your pieces: a jump starts from one of them"),
    too_far=N_("{start} to {end} is too far: a jump goes exactly two squares"),
)


class Attaxx:
    name = "attaxx"
    geometry = square(7, 7)
    # Translators: Attaxx's sides: White moves first
    seat_names: tuple[str, ...] = (N_("White"), N_("Black"))
    clone_word = "clone"
    wording = WORDING

    def finished(self, state: InfectionState) -> Outcome | None:
        white, black = state.counts
        if white == 0 or black == 0:
            loser = self.seat_names[0 if white == 0 else 1]
            # Translators: {side} is the side that lost its last piece (White, Black)
            return by_pieces(state, N_("{side} has no pieces left"), side=loser)
        if 0 not in state.board:
            # Translators: why a match ended: no empty square is left
            return by_pieces(state, N_("board full"))
        return None

    def blocked(self, state: InfectionState) -> Outcome:
        # Translators: why a match ended
        return by_pieces(state, N_("neither player can move"))

VARIANT = Attaxx()

def new(players: int, options: Mapping[str, Any], seed: int) -> InfectionState:
    return opening(VARIANT, {"a7": 0, "g1": 0, "a1": 1, "g7": 1})

GAME = Game(
    name="attaxx",
    title="Attaxx",
    players=range(2, 3),
    options=(),
    seat_names=Attaxx.seat_names,
    summary=N_("Clone or jump on a 7×7 board and flip your opponent's pieces; most pieces wins."),
    rules_text="\n".join((
        N_("White starts on a7 and g1, Black on a1 and g7; White moves first."),
        N_("• **Clone**: put a new piece on an empty square next to one of yours (diagonals count)."),
        N_("• **Jump**: move one of your pieces to an empty square exactly two squares away "
           "(straight, diagonal or a knight's step); its old square becomes empty."),
        N_("After either move, every enemy piece next to the square you moved to becomes yours."),
        N_("The game ends when the board is full, when a player has no pieces, or when neither can move: "
           "the player with more pieces wins."),
    )),
    house_rules=(
        N_("A player with no legal move passes automatically."),
        N_("The third time the same position occurs with the same player to move, the game is drawn."),
    ),
    notation=N_("A clone names its square: `d4`. A jump names both squares: `c3b5` (or `c3-b5`)."),
    new=new,
)
