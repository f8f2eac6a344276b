"""The legal moves seen as a tree of parts, so that a player can build a move a step at a time: the
squares of a jump, the start and end of a line, an Elevation turn's piece and then each action.

A move splits into parts whose concatenation is an accepted spelling of it (its *entry*): by default
each square with the separator before it ("a1-c3" is "a1", "-c3"). `children` walks that tree part by
part (the Move button's panel, bot.steps); `branches` follows what a player typed (autocomplete).
Typed text is read part by part, each square as a whole name: "b1" is never the start of "b10", except
that the last part typed may still be on its way ("b1" may become "b10" in autocomplete; "b1-" may not).
`is_partial` (the refusal of half a move) and `starting` (the moves that go on from what was typed)
read whole parts only. How a move splits, how a partial move is described and what a place shows are
the state's hooks `move_parts`, `describe` and `place_note` (rules/contract.py), whose defaults suit a
game written in squares.
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from rules.core import State
from rules.notation import closed, compact

MORE = " …"  # what a partial move's label shows after it
DIGITS = re.compile(r"([0-9]+)")
PLACE = re.compile(r"(?<![a-z0-9])[a-z][0-9]+(?![0-9])")  # a square, cell or tile named in a label


def move_parts(state: State, move: str) -> tuple[str, ...]:
    """The parts of legal move `move`, in order."""
    return state.move_parts(move)


@dataclass(frozen=True)
class Branch:
    """One way on from what was typed: a whole move (`complete`) or the start of `count` moves."""

    value: str  # what goes in the move box: a legal move, or a prefix of the entry of `count` of them
    complete: bool
    count: int
    label: str


def annotated(state: State, text: str) -> str:
    """`text` with each place it names followed by what its state's `place_note` says is on it (Ascent:
    the number a tile shows, "a2 (6)"); as it is for a game whose places say nothing."""
    def noted(found: re.Match[str]) -> str:
        note = state.place_note(found[0])
        return f"{found[0]} ({note})" if note else found[0]

    return PLACE.sub(noted, text)


def label(state: State, prefix: str, count: int) -> str:
    """How a partial move is offered: "c1 …  dragon on c1 · 212 turns", or "a1 …  5 moves"."""
    return f"{prefix}{MORE}  {state.describe(prefix, count)}"


def entry(state: State, move: str) -> str:
    return "".join(move_parts(state, move))


def named_parts(parts: Sequence[str], typed: str) -> int | None:
    """How many of the first `parts` `typed` names, each part read whole ("b1-" and "b1" name the first
    part of "b1-c3", and no part of "b10-c3"; "" names none of any move); None when it names
    something else. Case, spaces and dashes do not matter (rules.notation.compact)."""
    wanted, built = compact(typed), ""
    for k, part in enumerate(parts):
        if built == wanted:
            return k
        built += compact(part)
        if not wanted.startswith(built):
            return None
    return len(parts) if built == wanted else None


def continues(parts: Sequence[str], typed: str) -> bool:
    """Whether a move of `parts` goes on from `typed`, read part by part: every part typed is the
    move's part, whole, except that the last one may be the start of the move's part ("b1" may go on
    to "b10", "c1:" to "c1: d2") unless a separator after it closes it ("b1-", "b1 ")."""
    wanted, built = compact(typed), ""
    for part in parts:
        if built == wanted:
            return True
        longer = built + compact(part)
        if not wanted.startswith(longer):
            return not closed(typed) and longer.startswith(wanted)
        built = longer
    return built == wanted


def starting(state: State, typed: str, moves: list[str] | None = None) -> list[str]:
    """The legal moves (of `moves`, if given) whose first parts `typed` names whole, in their order:
    `moves b1` lists the moves from square b1, and none from b10."""
    return [move for move in (state.legal_moves() if moves is None else moves)
            if named_parts(move_parts(state, move), typed) is not None]


def branches(state: State, typed: str, moves: list[str] | None = None) -> list[Branch]:
    """The next parts of the legal moves that go on from `typed` part by part (`continues`), in the
    order of their values: whole moves where the next part ends one, else partial moves covering every
    move that continues."""
    wanted = compact(typed)
    groups: dict[str, list[str]] = {}
    whole: dict[str, str] = {}
    for move in state.legal_moves() if moves is None else moves:
        parts = move_parts(state, move)
        if not continues(parts, typed):
            continue
        length = 0
        for k, part in enumerate(parts, 1):
            length += len(compact(part))
            if length > len(wanted):
                prefix = "".join(parts[:k])
                if k == len(parts):
                    whole[prefix] = move
                else:
                    groups.setdefault(prefix, []).append(move)
                break
    return gathered(state, whole, groups)


def children(state: State, prefix: str, moves: list[str]) -> list[Branch]:
    """The ways on from `prefix` (whole parts of some legal moves' entries, in any case and spacing),
    in order: whole moves where the next part ends one, else the longer start with how many moves
    continue it (a start only one move continues is offered as that move). Parts are compared whole:
    "a1" does not lead to "a10"."""
    whole: dict[str, str] = {}
    groups: dict[str, list[str]] = {}
    for move in moves:
        parts = move_parts(state, move)
        k = named_parts(parts, prefix)
        if k is None or k == len(parts):
            continue
        longer = "".join(parts[:k + 1])
        if k + 1 == len(parts):
            whole[longer] = move
        else:
            groups.setdefault(longer, []).append(move)
    return gathered(state, whole, groups)


def gathered(state: State, whole: dict[str, str], groups: dict[str, list[str]]) -> list[Branch]:
    """Branches in order from the whole moves and the starts (with the moves continuing each) found:
    a start only one move continues is offered as that move."""
    found = [Branch(move, True, 1, move) for move in whole.values()]
    for start, members in groups.items():
        if len(members) == 1 and start not in whole:
            found.append(Branch(members[0], True, 1, members[0]))
        else:
            found.append(Branch(start, False, len(members), label(state, start, len(members))))
    return sorted(found, key=lambda branch: (natural(branch.value), not branch.complete))


def natural(text: str) -> list[str | int]:
    """A sort key that puts b2 before b10."""
    return [int(piece) if piece.isdigit() else piece for piece in DIGITS.split(text)]


def unlabel(state: State, typed: str) -> str:
    """What a player meant when the move box holds a partial move's label, perhaps with more typed after
    it ("c1 …  dragon on c1 · 212 turns-c2" means "c1-c2"): the label's own words are dropped."""
    head, more, tail = typed.partition(MORE.strip())
    if not more:
        return typed
    head, tail = head.strip(), tail.strip()
    count = sum(1 for move in state.legal_moves() if goes_on(move_parts(state, move), head))
    words = label(state, head, count)[len(head) + len(MORE):].strip()
    return head + tail[len(words):] if tail.startswith(words) else head


def goes_on(parts: Sequence[str], typed: str) -> bool:
    """Whether `typed` names some of the first `parts`, whole, but not all of them."""
    k = named_parts(parts, typed)
    return k is not None and 0 < k < len(parts)


def is_partial(state: State, typed: str) -> bool:
    """Whether `typed` names the first whole parts of a legal move, but not all of them: "b1" is the
    start of "b1-c3", not of "b10-c3"."""
    return any(goes_on(move_parts(state, move), typed) for move in state.legal_moves())
