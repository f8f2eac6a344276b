"""Refusals, `moves <start>` and autocomplete read squares as whole names, on every game and board size.

On a board with ten ranks or more, "b1" is not the start of "b10-c3": a refusal says "only the start of
a move" exactly when some legal move's parts begin with what was typed, whole; `moves b1` (the console,
through rules.parts.starting) lists exactly the moves whose first part is b1; and autocomplete offers
only moves that go on from what was typed square by square, the last square typed possibly still on its
way ("b1" may become "b10", "b1-" may not). Checked on random positions of every registered game, for
every option set of tests.support.playouts and the fewest and most players each allows.
"""
from __future__ import annotations

import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.console.text import refusal as console_refusal
from bot.service.suggestions import refusal, suggestions
from games import GAMES
from rules import BadOptions, IllegalMove
from rules.notation import FILES, compact
from rules.parts import entry, move_parts, starting
from tests.support.playouts import VARIANTS, random_states

SQUARE = re.compile(r"[a-z][0-9]+")
PARTIAL = "only the start of a move"
PLIES = {"elevation": 80}  # how far a random game goes before a position is picked (else to its end)
EXAMPLES = {"elevation": 2}  # positions per board; 4 where a game is not named here
SAMPLED = 12  # squares per position also typed after the start of a move, and ended by a separator
OFFERED = {"elevation": 4}  # texts typed at random per position whose autocomplete is checked; 10 otherwise


def boards() -> list[tuple[str, dict, int]]:
    """Every option set, each with the fewest players and the most its board allows."""
    found: list[tuple[str, dict, int]] = []
    for name, options in VARIANTS:
        game = GAMES[name]
        for players in (game.players.start, *reversed(game.players[1:])):
            try:
                game.start(players=players, options=options, seed=0)
            except BadOptions:  # too many players for this board: fewer may fit
                continue
            if (name, options, players) not in found:
                found.append((name, options, players))
            if players != game.players.start:
                break
    return found


BOARDS = boards()


def played(name: str, options: dict, players: int, seed: int) -> list:
    """The positions of a random game on a board, before it ends (an Elevation game only its start)."""
    start = GAMES[name].start(players=players, options=options, seed=seed)
    return [state for state in random_states(start, seed, PLIES.get(name)) if state.outcome is None]


def square_names(states) -> list[str]:
    """Every square of the smallest rectangle holding every square the legal moves of `states` name
    (a hexagon's corners beyond its edges too: typed, they must be read as well)."""
    named = {square for state in states for move in state.legal_moves() for square in SQUARE.findall(move)}
    files = FILES[:max(FILES.index(square[0]) for square in named) + 1]
    ranks = max(int(square[1:]) for square in named)
    return [f"{file}{rank}" for file in files for rank in range(1, ranks + 1)]


class Moves:
    """The legal moves of a position with their parts, compacted, and which texts name whole parts."""

    def __init__(self, state):
        self.state = state
        self.moves = state.legal_moves()
        self.parts = {move: [compact(part) for part in move_parts(state, move)] for move in self.moves}
        self.heads = {move: {"".join(parts[:k]) for k in range(len(parts) + 1)} for move, parts in self.parts.items()}
        self.starts = {"".join(parts[:k]) for parts in self.parts.values() for k in range(1, len(parts))}

    def partial(self, typed: str) -> bool:
        """Some legal move's first parts, but not all of them, are what was typed."""
        return compact(typed) in self.starts

    def from_(self, typed: str) -> list[str]:
        """The legal moves whose first parts (none, some or all) are what was typed."""
        return [move for move in self.moves if compact(typed) in self.heads[move]]

    def start_of(self, rng: random.Random) -> str | None:
        """The start of a random legal move of several parts, with the separator its next part begins
        with ("c1: " before "d2>b2 c1-c2"), or None if every move is one part."""
        longer = [move for move in self.moves if len(self.parts[move]) > 1]
        if not longer:
            return None
        parts = move_parts(self.state, rng.choice(longer))
        k = rng.randrange(1, len(parts))
        after = parts[k]
        return "".join(parts[:k]) + (after[:len(after) - len(after.lstrip(" -:>,"))] or "-")


def goes_on(typed: str, squares: list[str]) -> bool:
    """Whether a move naming `squares` goes on from `typed` square by square: each square typed is the
    move's square at that place, except that the last one, when nothing ends it, may be its start."""
    wanted = SQUARE.findall(typed.lower())
    if len(wanted) > len(squares):
        return False
    if any(a != b for a, b in zip(wanted[:-1], squares)):
        return False
    if not wanted:
        return True
    last, theirs = wanted[-1], squares[len(wanted) - 1]
    ended = typed.rstrip() != typed or typed.endswith(("-", ","))
    return last == theirs or (not ended and theirs.startswith(last))


def offered_rightly(moves: Moves, typed: str, value: str, complete: bool) -> bool:
    """An autocomplete choice for `typed`: the move it names in any spelling, or a move (or the start of
    one) that goes on from it as written in its entry or its notation; a single word may also be a
    later square of the move ("c3" offers "a1-c3")."""
    state = moves.state
    if complete:
        try:
            if state.play(typed).last.notation == value:
                return True
        except IllegalMove:
            pass
        spellings = [SQUARE.findall(entry(state, value)), SQUARE.findall(value)]
    else:
        spellings = [SQUARE.findall(value)]
    if any(goes_on(typed, squares) for squares in spellings):
        return True
    one_word = not re.search(r"[\s\-:,>]", typed.strip())
    return complete and one_word and any(goes_on(typed, squares[k:]) for squares in spellings
                                          for k in range(1, len(squares)))


def check_position(name: str, state, names: list[str], rng: random.Random) -> None:
    moves = Moves(state)
    shorter = [square for square in names if any(other.startswith(square) for other in names if other != square)]
    picked = shorter + rng.sample(names, min(SAMPLED, len(names)))  # b1 beside b10 always, others at random
    longer = []
    for square in picked:
        longer.append(square + rng.choice(["-", " "]))
        if (start := moves.start_of(rng)) is not None:
            longer.append((start + square).upper() if rng.random() < 0.5 else start + square)
    for typed in names + longer:
        assert starting(state, typed) == moves.from_(typed), f"moves {typed}"
        try:
            state.play(typed)
        except IllegalMove as error:
            partial = moves.partial(typed)
            assert (PARTIAL in str(refusal(state, typed, error))) == partial, f"/move {typed}"
            assert (PARTIAL in console_refusal(state, typed, error)) == partial, f"{typed} at the console"
    typed_in = longer[:2 * len(shorter)] + rng.sample(names + longer, min(OFFERED.get(name, 10), len(names)))
    for typed in typed_in:
        for branch in suggestions(state, typed):
            assert offered_rightly(moves, typed, branch.value, branch.complete), \
                f"{typed!r} offered {branch.value!r}"


@pytest.mark.parametrize(("name", "options", "players"), BOARDS,
                         ids=[f"{n}{o or ''}-{p}" for n, o, p in BOARDS])
def test_refusals_moves_and_autocomplete_read_whole_squares(name, options, players):
    @settings(max_examples=EXAMPLES.get(name, 4), deadline=None)
    @given(seed=st.integers(0, 2**31 - 1))
    def positions(seed):
        rng = random.Random(seed)
        states = played(name, options, players, seed)
        check_position(name, rng.choice(states), square_names(states), rng)

    positions()


def test_the_boards_with_ten_ranks_or_more_are_among_them():
    """The boards where a rank's name starts another's (1 and 10) are the ones this is about."""
    tall = {name for name, options, players in BOARDS
            if any(square.endswith("10") for square in square_names(played(name, options, players, 0)))}
    assert tall >= {"xlines", "permutation", "ikabegama"}
