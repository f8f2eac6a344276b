"""Building a move a part at a time (autocomplete, for every game): every suggestion leads to a legal
move, there are never more than Discord shows, and any legal move can be reached from an empty box."""
from __future__ import annotations

import random

import pytest

from bot.service import suggestions
from rules import GAMES
from rules.parts import compact, entry, is_partial, move_parts

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
