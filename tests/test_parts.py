"""Building a move a part at a time (autocomplete, for every game): every suggestion leads to a legal
move, there are never more than Discord shows, and any legal move can be reached from an empty box.
Squares are read as whole names: "b1" is not the start of "b10" (tests/test_refusals.py holds every game
and board to it)."""
from __future__ import annotations

import random

import pytest

from bot.service import suggestions
from bot.service.suggestions import refusal
from games import GAMES
from rules import IllegalMove
from rules.parts import children, compact, entry, is_partial, move_parts, starting, unlabel
from rules.xlines import XLinesState

LIMIT = 25


def positions(name: str, seed: int, count: int) -> list:
    rng = random.Random(seed)
    state = GAMES[name].start(players=GAMES[name].players.start, seed=seed)
    seen = [state]
    while state.outcome is None and len(seen) < 400:
        state = state.play(rng.choice(state.legal_moves()))
        if state.outcome is None:
            seen.append(state)
    return rng.sample(seen, min(count, len(seen)))


def reach(state, target: str) -> tuple[int, int]:
    """Walk from an empty box to `target`, picking a suggestion that leads there when one does and
    typing its next part otherwise; every list on the way is checked. The picks and the parts typed."""
    typed, picks, keyed = "", 0, 0
    parts = move_parts(state, target)
    goal = compact(entry(state, target))
    for _ in range(len(parts) + len(goal) + 1):
        offered = suggestions(state, typed, LIMIT)
        assert 0 < len(offered) <= LIMIT
        for branch in offered:
            if branch.complete:
                assert branch.value in state.legal_moves()
            else:
                assert is_partial(state, branch.value), "the start of at least one legal move"
                assert len(branch.label) <= 100 and branch.label.startswith(branch.value + " …")
        if any(b.complete and b.value == target for b in offered):
            return picks, keyed
        onward = [b for b in offered if not b.complete and goal.startswith(compact(b.value))
                  and len(compact(b.value)) > len(compact(typed))]
        if onward:
            typed, picks = onward[0].value, picks + 1
        else:
            done = len(compact(typed))
            typed = next(entry_prefix for k in range(1, len(parts) + 1)
                         if len(compact(entry_prefix := "".join(parts[:k]))) > done)
            keyed += 1
    raise AssertionError(f"{target} was never offered")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_legal_move_can_be_built_from_the_suggestions(name):
    rng = random.Random(name)
    for state in positions(name, 7, 12):
        for target in rng.sample(state.legal_moves(), min(6, len(state.legal_moves()))):
            picks, keyed = reach(state, target)
            if name == "elevation":
                assert keyed == 0, f"{target}: each step of an Elevation turn fits in one list"


def test_an_elevation_turn_takes_a_pick_per_part_at_most():
    state = GAMES["elevation"].start()
    assert reach(state, "c1: b2>c2 b2>d2") == (3, 0)  # c1, then c1: b2, then c1: b2>c2: the rest fit
    assert reach(state, "c1-c2") == (1, 0), "after c1, its lone step is offered beside the turns that go on"


def tall_lines() -> XLinesState:
    """X's and lines on 15×15, every x placed: lines start at b10 and b14, none at b1 (no x there)."""
    xs = ((1, 9), (4, 9), (1, 13), (6, 2), (10, 10), (12, 1), (3, 3), (7, 7), (9, 12), (2, 5), (11, 4), (13, 13),
          (0, 0), (14, 8), (5, 11))
    return XLinesState(15, xs, (), 0)


def test_a_square_is_never_the_start_of_a_longer_one():
    state = tall_lines()
    assert not is_partial(state, "b1") and not is_partial(state, "B1 -")
    assert is_partial(state, "b10") and is_partial(state, " B10-") and is_partial(state, "a1-b1")
    assert starting(state, "b1") == [] and starting(state, "b1-") == []
    assert starting(state, "b10") == [move for move in state.legal_moves() if move.startswith("b10-")]
    assert starting(state, "a1-b1") == ["a1-b1-b10"] and starting(state, "a1-b1-b10") == ["a1-b1-b10"]
    with pytest.raises(IllegalMove) as refused:
        state.play("b1")
    assert str(refusal(state, "b1", refused.value)) == "All 15 x's are placed: draw a line like d5-g5 " \
        "(straight) or d5-g5-g2 (start, corner, end)"
    with pytest.raises(IllegalMove) as refused:
        state.play("b10")
    assert str(refusal(state, "b10", refused.value)) == \
        "b10 is only the start of a move: add the rest, or pick it from the suggestions"


def test_autocomplete_goes_on_to_a_longer_square_only_while_it_is_being_typed():
    state = tall_lines()
    assert [b.value for b in suggestions(state, "b1")] == ["b10", "b14"], "on the way to b10 or b14"
    assert suggestions(state, "b1-") == [], "b1 itself starts no line"
    assert [b.value for b in suggestions(state, "b1 ")] == ["a1-b1-b10", "b10-b1-a1"], "lines that turn at b1"
    assert [b.value for b in suggestions(state, "a1-b1")] == ["a1-b1-b10"]
    assert suggestions(state, "a1-b1 -") == suggestions(state, "a1-b1-b") == [b for b in
                                                                               suggestions(state, "a1-b1")]
    from_b14 = [b.value for b in suggestions(state, "b14")]  # with those through b14, more than fit
    assert sorted(from_b14) == sorted(starting(state, "b14")) and len(from_b14) == 16


def test_a_label_with_more_typed_after_it_is_read_back():
    """A partial move's label in the move box, with the rest typed after it: "c1-c2" is a whole Elevation
    turn and the start of 47 longer ones, and its label counts only those."""
    state = GAMES["elevation"].start()
    dragon = children(state, "c1", state.legal_moves())
    [longer] = [b for b in dragon if b.value == "c1-c2" and not b.complete]
    assert longer.label == "c1-c2 …  47 turns"
    assert unlabel(state, longer.label + "-c3") == "c1-c2-c3"
    tall = tall_lines()
    [ten] = [b for b in suggestions(tall, "b") if b.value == "b10"]
    assert unlabel(tall, ten.label + "-e10") == "b10-e10" and tall.play("b10-e10")
