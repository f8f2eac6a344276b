"""The game contract, checked for every registered game and option set: what the bot, the computer
players and the renderers rely on a game for (rules/core.py `State`, rules/contract.py, renderers `Renderer`).

A game that breaks the contract fails here with a message saying what to add or change, rather than
in an end-to-end test later (or at start-up, when Discord refuses the command tree).
"""
from __future__ import annotations

import pickle
import random
import re

import pytest
from PIL import Image

import renderers
from bot.discord.commands import DESCRIPTION_LIMIT
from renderers.describe import ALT_TEXT_MAX
from rules import GAMES, Outcome, ended
from rules.contract import HOOKS, missing_members
from rules.rebuild import rebuild
from tests.support.playouts import VARIANTS

PLIES = 400  # enough to reach the end of most random games; Elevation's run longer and stop here
OPTION_NAME = re.compile(r"[a-z0-9_-]{1,32}")  # what Discord accepts as an option's name, in lower case
CHALLENGE_OPTIONS = {"opponent", "players", "computers", "level", "side", "turn_time"}  # /challenge's own
CHOICES_MAX = 25  # Discord offers at most 25 choices for an option
PNG = b"\x89PNG\r\n\x1a\n"


def starts(name: str, options: dict):
    """The start position for every player count the options allow (some options limit them)."""
    game = GAMES[name]
    found = []
    for players in game.players:
        try:
            found.append((players, game.start(players=players, options=options, seed=players)))
        except Exception as error:  # noqa: BLE001 - BadOptions is expected, anything else is named
            assert type(error).__name__ == "BadOptions", (
                f"{name}: start(players={players}, options={options}) raised {error!r}; "
                "options that cannot start a game are a BadOptions with a reason")
    assert found, f"{name}: no player count in {game.players} starts with options {options}"
    return found


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_game_record_fits_discord(name):
    """What /challenge and /rules show of a game must be something Discord accepts."""
    game = GAMES[name]
    assert 1 <= len(game.summary) <= DESCRIPTION_LIMIT, (
        f"{name}: the summary is {len(game.summary)} characters; the command picker shows 1 to {DESCRIPTION_LIMIT}")
    assert min(game.players) >= 2, f"{name}: players must start at 2 or more"
    for spec in game.options:
        described = f"{spec.help}{spec.default_text}"
        assert 1 <= len(described) <= DESCRIPTION_LIMIT, (
            f"{name}: option {spec.name}'s help with its default is {len(described)} characters "
            f"(at most {DESCRIPTION_LIMIT}): {described!r}")
        assert OPTION_NAME.fullmatch(spec.name), f"{name}: option name {spec.name!r} must be 1-32 of a-z 0-9 _ -"
        assert spec.name not in CHALLENGE_OPTIONS, f"{name}: option {spec.name!r} is one of /challenge's own"
        if spec.choices is not None:
            assert 1 <= len(spec.choices) <= CHOICES_MAX, f"{name}: option {spec.name} has more than {CHOICES_MAX} choices"
            assert spec.default is None or spec.default in spec.choices, f"{name}: {spec.name}'s default is no choice"
        if spec.type is int and spec.default is not None and spec.min is not None and spec.max is not None:
            assert spec.min <= spec.default <= spec.max, f"{name}: {spec.name}'s default is out of its range"


def test_every_game_has_a_renderer_with_the_whole_contract():
    missing = sorted(set(GAMES) - set(renderers.RENDERERS))
    assert not missing, f"no renderer for {missing}: add renderers/<game>.py and an entry in renderers.RENDERERS"
    for name, module in renderers.RENDERERS.items():
        lacking = renderers.missing_functions(module)
        assert not lacking, f"renderer of {name} lacks {lacking} (see renderers.Renderer)"


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=[f"{n}{o or ''}" for n, o in VARIANTS])
def test_states_keep_the_contract(name, options):
    for players, start in starts(name, options):
        lacking = missing_members(start)
        assert not lacking, (
            f"{type(start).__name__} lacks {lacking}: see rules.core.State; the optional {list(HOOKS)} "
            "come with their defaults by inheriting rules.contract.Hooks")
        assert (start.game, start.players) == (name, players), f"{name}: state.game and state.players must say so"
        assert start.to_move == 0, f"{name} with {players} players: the first seat (0) moves first, not {start.to_move}"
        assert start.outcome is None and start.last is None, f"{name}: a start position has no outcome and no last move"
        assert start == GAMES[name].start(players=players, options=options, seed=players), (
            f"{name}: the same players, options and seed must give an equal start position")
        states, moves = played(name, start, random.Random(players))
        for state in (start, states[len(states) // 2], states[-1]):
            assert_pickles(name, state)
        assert_replays(name, players, options, moves, states[-1])
        finished = states[-1] if states[-1].outcome else ended(
            states[-1], Outcome(places=(frozenset({1}), frozenset({0})), scores=None, reason="test resigned"))
        for state in (start, finished):
            assert_draws(name, state, players)


def played(name: str, start, rng: random.Random):
    """A random game from `start` (at most PLIES moves), checking each move as it goes: its states and moves."""
    state, states, moves = start, [start], []
    while state.outcome is None and len(moves) < PLIES:
        legal = state.legal_moves()
        assert legal, f"{name}: a position with a player to move must list a legal move (passes happen inside play)"
        assert len(set(legal)) == len(legal), f"{name}: legal_moves() lists a move twice"
        move = rng.choice(legal)
        after = state.play(move)
        assert after is not state and state.legal_moves() == legal, f"{name}: play() must leave its state unchanged"
        assert after.last is not None and after.last.notation == move, (
            f"{name}: after play({move!r}), last.notation is {after.last and after.last.notation!r}; "
            "it must be the canonical notation, as legal_moves() lists it")
        assert after.last.seat == state.to_move, f"{name}: last.seat must be the seat that moved"
        entry = "".join(state.move_parts(move))
        assert state.play(entry) == after, (
            f"{name}: move_parts({move!r}) gives {entry!r}, which must be an accepted spelling of the same move")
        if after.outcome is None:
            assert after.to_move is not None, f"{name}: a running game must have a seat to move"
        else:
            assert after.to_move is None and after.legal_moves() == [], f"{name}: a finished game has no moves"
            assert sorted(s for group in after.outcome.places for s in group) == list(range(start.players)), (
                f"{name}: outcome.places must hold every seat once")
        state = after
        states.append(state)
        moves.append(move)
    return states, moves


def assert_pickles(name: str, state) -> None:
    try:
        copy = pickle.loads(pickle.dumps(state))
    except Exception as error:  # noqa: BLE001 - the message names what failed
        pytest.fail(f"{name}: states must pickle (boards are drawn and computers search in worker processes): {error!r}")
    assert copy == state, f"{name}: a state must compare equal to its pickled copy"
    assert copy.legal_moves() == state.legal_moves(), f"{name}: a pickled copy must list the same moves"


def assert_replays(name: str, players: int, options: dict, moves: list[str], final) -> None:
    state = rebuild(name, players, options, players, moves)
    assert state == final and state.outcome == final.outcome, (
        f"{name}: replaying the stored moves from the start must give an equal state (the move log is the record)")


def assert_draws(name: str, state, players: int) -> None:
    names = [f"player{seat}" for seat in range(players)]
    module = renderers.RENDERERS[name]
    picture = module.image(state, names)
    assert isinstance(picture, Image.Image), f"renderer of {name}: image() must give a PIL image"
    png = module.render(state, names)
    assert isinstance(png, bytes) and png.startswith(PNG), f"renderer of {name}: render() must give PNG bytes"
    text = module.text(state, names)
    assert isinstance(text, str) and text.strip(), f"renderer of {name}: text() must give the board as text"
    assert len(module.seats(state, names)) == players, f"renderer of {name}: seats() must give one seat per player"
    assert isinstance(module.label_sizes(state), dict), f"renderer of {name}: label_sizes() must give a dict"
    assert 0 < len(renderers.describe(state, names)) <= ALT_TEXT_MAX
