"""What a player typed as a move: the moves (or parts of moves) to offer for it, and what to say when
it is refused."""
from __future__ import annotations

import re

from i18n import _
from rules import IllegalMove, State
from rules.parts import Branch, branches, compact, continues, is_partial, move_parts, unlabel

TYPED_SEPARATOR = re.compile(r"[\s\-:,>]")
SQUARE = re.compile(r"[a-z][0-9]+")


def written_parts(move: str) -> list[str]:
    """A move as it is written (its canonical notation), cut after each square: "d2>b2 c1-c2" is
    "d2", ">b2", " c1", "-c2" (whatever follows the last square stays with it)."""
    ends = [found.end() for found in SQUARE.finditer(move)][:-1] + [len(move)]
    return [move[start:end] for start, end in zip([0, *ends[:-1]], ends)]


def suggestions(state: State, typed: str, limit: int = 25) -> list[Branch]:
    """What to offer for what a player typed, best first. While few moves match, the moves themselves:
    the one it already names in any accepted spelling ("c3a1" for "a1-c3"), then moves that go on from
    it part by part (rules.parts.continues: "b1" offers "b1-c3" and, on its way, "b10-c3"; "b1-" only
    moves from b1), then, while it is a single word, moves with a later part that starts like it ("c3"
    offers "a1-c3"; "c3-" only moves from c3). When more match than fit, the next parts instead
    ("c1 …"), so a move of many parts is built a part at a time (rules.parts)."""
    typed = unlabel(state, typed)
    wanted = compact(typed)
    try:
        last = state.play(typed).last if wanted else None
    except IllegalMove:
        last = None
    named = last.notation if last is not None else None
    one_word = not TYPED_SEPARATOR.search(typed.strip())
    moves = state.legal_moves()

    def rank(move: str) -> int | None:
        if move == named:
            return 0
        parts = move_parts(state, move)
        if continues(parts, typed) or continues(written_parts(move), typed):
            return 1
        if one_word and any(continues(parts[k:], typed) for k in range(1, len(parts))):
            return 2
        return None

    ranks = [(rank(move), i, move) for i, move in enumerate(moves)]
    ranked = [move for r, _, move in sorted(found for found in ranks if found[0] is not None)]
    if len(ranked) > limit and (tree := branches(state, typed, moves)):
        first = [Branch(named, True, 1, named)] if named else []
        return (first + [b for b in tree if not (b.complete and b.value == named)])[:limit]
    return [Branch(move, True, 1, move) for move in ranked[:limit]]


def refusal(state: State, typed: str, error: IllegalMove) -> IllegalMove:
    """The error to show for a move that was refused: a move left half-built says so."""
    if is_partial(state, typed):
        return IllegalMove(_("{move} is only the start of a move: add the rest, or pick it from the suggestions",
                             move=typed.strip()))
    return error
