"""The "infection" family (Attaxx, Ikabegamá): grow next to a friend or jump two away, then flip.

A game of the family is a Variant: a geometry, how the game ends, and how a side is called. The state
below knows the moves; the variant decides when the game is over.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Protocol

from i18n import _, ngettext
from rules import repetition
from rules.contract import Hooks
from rules.core import IllegalMove, LastMove, Outcome, still_playing
from rules.geometry import Geometry
from rules.notation import squares

EMPTY = 0


@dataclass(frozen=True)
class Wording:
    """What a variant's refusals say, each a whole message in the game's own words for a place ("square"
    or "cell"), what stands on one ("piece" or "token") and a clone ("clone" or "growth"): English,
    marked with N_ where the game defines them, translated where a move is refused. Attaxx's shown."""

    example: str  # "a square like {square} or a jump like {jump}" (follows "write")
    own_place: str  # "A piece can't jump to its own square: a jump lands two squares away"
    holds_yours: str  # "{square} holds one of your pieces: a clone or a jump goes to an empty square"
    holds_enemy: str  # "{square} holds an enemy piece: a clone or a jump goes to an empty square"
    not_next: str  # "{square} is not next to any of your pieces: a clone goes next to one of them; a jump …"
    not_yours: str  # "{square} is not one of your pieces: a jump starts from one of them"
    too_far: str  # "{start} to {end} is too far: a jump goes exactly two squares"


class Variant(Protocol):
    name: str  # the game's registry name
    geometry: Geometry
    seat_names: tuple[str, ...]
    clone_word: str  # "clone" (Attaxx) or "growth" (Ikabegamá): the effect of a clone, in English
    wording: Wording

    def finished(self, state: InfectionState) -> Outcome | None:
        """The outcome once the position after a move ends the game (before passes are considered)."""

    def blocked(self, state: InfectionState) -> Outcome:
        """The outcome when neither side can move."""


@dataclass(frozen=True)
class Jump:
    src: int | None  # None for a clone/growth
    dst: int


@dataclass(frozen=True)
class InfectionLast(LastMove):
    src: int | None = None
    dst: int = 0
    flipped: tuple[int, ...] = ()

    def effect_text(self) -> str:
        """"clone", "growth" or "jump", with how many pieces it flipped ("jump, 3 flipped"), in the
        current language."""
        n = len(self.flipped)
        if self.src is not None:
            # Translators: Attaxx's and Ikabegamá's move two away; {n} is how many enemy pieces became the mover's
            return ngettext("jump, {n} flipped", "jump, {n} flipped", n) if n else _("jump")
        if self.effect.startswith("growth"):
            # Translators: Ikabegamá's move that puts a new token next to one of the mover's; {n} as for "jump"
            return ngettext("growth, {n} flipped", "growth, {n} flipped", n) if n else _("growth")
        # Translators: Attaxx's move that puts a new piece next to one of the mover's; {n} as for "jump"
        return ngettext("clone, {n} flipped", "clone, {n} flipped", n) if n else _("clone")


@dataclass(frozen=True)
class InfectionState(Hooks):
    """An immutable position. board[i] is 0 for empty, seat + 1 for a piece of that seat.

    history holds the positions (board, to_move) since the last clone or growth: only those can recur,
    because every clone adds a piece and nothing else changes the number of pieces.
    """

    variant: Variant = field(compare=False, repr=False)
    board: tuple[int, ...]
    to_move: int | None
    last: InfectionLast | None = None
    outcome: Outcome | None = None
    history: tuple[tuple[tuple[int, ...], int | None], ...] = field(default=(), repr=False)

    players = 2

    @property
    def game(self) -> str:
        return self.variant.name

    @property
    def geometry(self) -> Geometry:
        return self.variant.geometry

    def count(self, seat: int) -> int:
        return self.board.count(seat + 1)

    @property
    def counts(self) -> tuple[int, int]:
        return self.count(0), self.count(1)

    def _moves(self, seat: int) -> list[Jump]:
        g, board, mine = self.geometry, self.board, seat + 1
        clones: set[int] = set()
        jumps: list[Jump] = []
        for cell, piece in enumerate(board):
            if piece != mine:
                continue
            clones.update(n for n in g.near[cell] if board[n] == EMPTY)
            jumps.extend(Jump(cell, n) for n in g.far[cell] if board[n] == EMPTY)
        return [Jump(None, dst) for dst in sorted(clones)] + sorted(jumps, key=lambda j: (j.src, j.dst))

    def can_move(self, seat: int) -> bool:
        g, board, mine = self.geometry, self.board, seat + 1
        return any(
            piece == mine and any(board[n] == EMPTY for n in g.near[cell] + g.far[cell])
            for cell, piece in enumerate(board)
        )

    @cached_property
    def _legal(self) -> list[Jump]:
        return [] if self.to_move is None else self._moves(self.to_move)

    def notation(self, move: Jump) -> str:
        names = self.geometry.names
        return names[move.dst] if move.src is None else names[move.src] + names[move.dst]

    def legal_moves(self) -> list[str]:
        return [self.notation(m) for m in self._legal]

    def parse(self, text: str) -> Jump:
        """The move that `text` names, or IllegalMove with the reason it cannot be played now."""
        g, words = self.geometry, self.variant.wording
        jump = g.names[0] + g.names[g.far[0][0]]
        cells = [g.cell(name) for name in squares(text, _(words.example, square=g.names[0], jump=jump))]
        mine = still_playing(self.to_move) + 1
        src, dst = cells[0], cells[-1]
        if len(cells) == 2 and src == dst:
            raise IllegalMove(_(words.own_place))
        if self.board[dst] != EMPTY:
            held = words.holds_yours if self.board[dst] == mine else words.holds_enemy
            raise IllegalMove(_(held, square=g.names[dst]))
        if len(cells) == 1:
            if not any(self.board[n] == mine for n in g.near[dst]):
                raise IllegalMove(_(words.not_next, square=g.names[dst], jump=jump))
            return Jump(None, dst)
        if self.board[src] != mine:
            raise IllegalMove(_(words.not_yours, square=g.names[src]))
        distance = g.distance(src, dst)
        if distance == 1:
            return Jump(None, dst)
        if distance == 2:
            return Jump(src, dst)
        raise IllegalMove(_(words.too_far, start=g.names[src], end=g.names[dst]))

    def play(self, move: str) -> InfectionState:
        return self.apply(self.parse(move))

    def apply(self, move: Jump) -> InfectionState:
        """The position after a move already known to be legal."""
        seat = self.to_move
        assert seat is not None
        mine, theirs = seat + 1, 2 - seat
        board = list(self.board)
        if move.src is not None:
            board[move.src] = EMPTY
        board[move.dst] = mine
        flipped = tuple(n for n in self.geometry.near[move.dst] if board[n] == theirs)
        for n in flipped:
            board[n] = mine
        word = self.variant.clone_word if move.src is None else "jump"
        effect = f"{word}, {len(flipped)} flipped" if flipped else word
        after = InfectionState(self.variant, tuple(board), None)

        outcome = self.variant.finished(after)
        passed: tuple[int, ...] = ()
        to_move: int | None = None
        if outcome is None:
            other = 1 - seat
            if after.can_move(other):
                to_move = other
            elif after.can_move(seat):
                to_move, passed = seat, (other,)
            else:
                outcome = self.variant.blocked(after)
        # a clone adds a piece: no position before it can come back
        history, repeated = repetition.seen(self.history, (after.board, to_move), irreversible=move.src is None)
        if outcome is None and repeated is not None:
            outcome, to_move = repeated, None
        last = InfectionLast(seat, self.notation(move), effect, passed, move.src, move.dst, flipped)
        return InfectionState(self.variant, after.board, to_move, last, outcome, history)


def opening(variant: Variant, pieces: dict[str, int]) -> InfectionState:
    """The start position with the given pieces (cell name -> seat), seat 0 to move."""
    board = [EMPTY] * variant.geometry.size
    for name, seat in pieces.items():
        board[variant.geometry.cell(name)] = seat + 1
    return InfectionState(variant, tuple(board), 0, history=repetition.start((tuple(board), 0)))


def by_pieces(state: InfectionState, reason: str, **words: str | int) -> Outcome:
    """More pieces wins; equal counts draw (`reason` with its arguments, as for Outcome.ranked)."""
    return Outcome.ranked(state.counts, reason, **words)

