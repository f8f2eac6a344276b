"""Building a move by picking its parts (bot.steps), for every game: every choice leads to a legal
move, every legal move can be built, a panel fits in Discord's limits, and Back undoes a step."""
from __future__ import annotations

import random

import pytest

from bot import steps
from bot.steps import Step, panel
from games import GAMES
from rules import State
from tests.support.playouts import VARIANTS, random_states


def fits(panel: steps.Panel) -> None:
    assert 0 < len(panel.choices) <= steps.PER_MENU * steps.MENUS
    assert len(panel.menus) <= steps.MENUS and all(len(menu) <= steps.PER_MENU for menu in panel.menus)
    for choice in panel.choices:
        assert 0 < len(choice.label) <= 100 and len(choice.value) <= 100 and len(choice.description) <= 100
    assert len({choice.value for choice in panel.choices}) == len(panel.choices)


def every_move(state: State, step: steps.Step = steps.START) -> list[str]:
    """Every move reachable from `step` by picking choices, checking each panel on the way."""
    panel = steps.panel(state, step)
    fits(panel)
    found: list[str] = []
    for choice in panel.choices:
        kind, target = steps.parse(choice.value)
        if isinstance(target, str):
            assert kind == steps.MOVE
            found.append(target)
        else:
            assert steps.back_of(state, target) == step, (step, target)
            found += every_move(state, target)
    return found


def positions(name: str, options: dict, seed: int, count: int) -> list[State]:
    states = random_states(GAMES[name].start(players=2, options=options, seed=seed), seed)[:-1]
    return random.Random(seed).sample(states, min(count, len(states)))


@pytest.mark.parametrize(("name", "options"), [v for v in VARIANTS if v[0] != "elevation"])
def test_every_legal_move_and_nothing_else_can_be_built(name, options):
    for state in positions(name, options, seed=7, count=4):
        built = every_move(state)
        assert sorted(built) == sorted(state.legal_moves())
        for move in built:
            state.play(move)


@pytest.mark.parametrize("options", [v[1] for v in VARIANTS if v[0] == "elevation"])
def test_elevation_turns_are_built_piece_then_action_by_action(options):
    rng = random.Random(3)
    for state in positions("elevation", options, seed=3, count=2):
        first = steps.panel(state)
        fits(first)
        pieces = {target.prefix for kind, target in map(steps.parse, (c.value for c in first.choices))}
        assert len(pieces) <= 6 and all(len(p) == 2 for p in pieces), "the first step picks a piece"
        legal = set(state.legal_moves())
        for _ in range(15):  # random walks down to a whole turn
            step, path = steps.Step(""), []
            while True:
                panel = steps.panel(state, step)
                fits(panel)
                kind, target = steps.parse(rng.choice(panel.choices).value)
                if kind == steps.MOVE:
                    assert target in legal
                    break
                path.append(step)
                step = target
            for earlier in reversed(path):  # Back retraces the walk
                assert steps.back_of(state, step) == earlier
                step = earlier


def test_big_boards_pick_a_file_first():
    state = GAMES["xlines"].start(players=2, options={"size": 15})
    first = steps.panel(state)
    assert [c.label for c in first.choices][:3] == ["a …", "b …", "c …"] and len(first.choices) == 15
    assert first.choices[0].description == "15 moves"
    kind, group = steps.parse(first.choices[1].value)
    panel = steps.panel(state, group)
    assert [c.label for c in panel.choices][:3] == ["▶ b1", "▶ b2", "▶ b3"] and len(panel.choices) == 15
    assert steps.back_of(state, group) == steps.Step("")


def test_a_square_is_not_taken_for_the_start_of_a_longer_one():
    state = GAMES["xlines"].start(players=2, options={"size": 12})
    rng = random.Random(1)
    while state.placing:
        state = state.play(rng.choice(state.legal_moves()))
    for choice in steps.panel(state).choices:
        kind, target = steps.parse(choice.value)
        if kind == steps.PART and target.prefix == "a1":
            assert all(move.startswith("a1-") for move in every_move(state, target))


def test_a_step_from_another_position_or_malformed_is_refused():
    state = GAMES["attaxx"].start()
    with pytest.raises(ValueError):
        steps.panel(state, steps.Step("d4"))  # no piece there
    for bad in ("", "x:a1", "g:a1", "g:|ab"):
        with pytest.raises(ValueError):
            steps.parse(bad)


def test_ascent_panels_say_what_number_each_tile_shows():
    state = GAMES["ascent"].start().play("a1-d4")  # the top tile now shows 1, the bottom one 7
    first = panel(state)
    starts = [c.label.split("  ")[0] for c in first.choices]
    assert starts[:3] == ["a2 (6) …", "a3 (5) …", "a4 (4) …"] and not any(s.startswith("a1") for s in starts)
    second = panel(state, Step("a2"))
    assert "▶ a2 (6)-b4 (3)" in [c.label for c in second.choices]
    assert all(c.value.startswith("m:") and "(" not in c.value for c in second.choices), "values stay plain moves"
    attaxx = panel(GAMES["attaxx"].start())
    assert not any("(" in c.label for c in attaxx.choices), "a game with nothing to add labels plain squares"
