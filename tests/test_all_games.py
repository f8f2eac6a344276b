"""Every registered game, played at random to its end: the contract holds for all of them."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games import GAMES
from rules import BadOptions, IllegalMove
from tests.support.playouts import VARIANTS

MAX_PLIES = 100_000  # random Elevation games run to a few thousand turns, rarely past 6,000
EXAMPLES = {"elevation": 3}  # random games per option set; 15 where a game is not named here


def random_game(name: str, players: int, seed: int, options: dict | None = None):
    game = GAMES[name]
    rng = random.Random(seed)
    start = game.start(players=players, options=options or {}, seed=seed)
    state = start
    log: list[str] = []
    while state.outcome is None:
        assert len(log) < MAX_PLIES, "the game did not end"
        moves = state.legal_moves()
        assert moves, "a running game must offer a move"
        assert len(set(moves)) == len(moves)
        move = rng.choice(moves)
        after = state.play(move)
        assert after.last is not None and after.last.notation == move, "play() must record the canonical notation it was given"
        log.append(move)
        state = after
    return start, state, log


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=[f"{n}{o or ''}" for n, o in VARIANTS])
def test_random_playouts_end_and_replay(name, options):
    @settings(max_examples=EXAMPLES.get(name, 15), deadline=None)
    @given(seed=st.integers(0, 2**31 - 1))
    def playouts(seed):
        check_playouts(name, options, seed)

    playouts()


def check_playouts(name: str, options: dict, seed: int) -> None:
    game = GAMES[name]
    for players in game.players:
        try:
            game.start(players=players, options=options, seed=seed)
        except BadOptions:  # e.g. a board too large for this many players
            continue
        start, final, log = random_game(name, players, seed, options)
        assert final.to_move is None and final.legal_moves() == []
        places = final.outcome.places
        assert sorted(s for group in places for s in group) == list(range(players))
        replayed = game.start(players=players, options=options, seed=seed)
        for move in log:
            replayed = replayed.play(move)
        assert replayed == final and replayed.outcome == final.outcome
        with pytest.raises(IllegalMove):
            final.play(log[-1])


@pytest.mark.parametrize("name", sorted(GAMES))
def test_registry_entries_keep_the_contract(name):
    game = GAMES[name]
    assert game.name == name and game.title and game.summary and game.notation
    assert min(game.players) >= 2
    with pytest.raises(BadOptions):
        game.start(players=max(game.players) + 1)
    with pytest.raises(BadOptions):
        game.start(players=min(game.players), options={"no_such_option": 1})
    state = game.start(players=min(game.players), options={}, seed=1)
    assert state.game == name and state.to_move == 0 and state.outcome is None and state.last is None


def test_unknown_game_is_a_key_error():
    with pytest.raises(KeyError):
        GAMES["chess"]


OTHER_DIGITS = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")  # Arabic-Indic digits
WIDE_DIGITS = str.maketrans("0123456789", "０１２３４５６７８９")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_only_ascii_digits_are_read_and_a_refusal_quotes_little(name):
    """A legal move written with other scripts' digits ("b२", "a３") is not that move; and however long
    a mistyped move, its refusal quotes only the start of it."""
    state = GAMES[name].start(players=min(GAMES[name].players), seed=3)
    move = next(m for m in state.legal_moves() if any(c.isdigit() for c in m))
    for table in (OTHER_DIGITS, WIDE_DIGITS):
        with pytest.raises(IllegalMove, match="Can't read"):
            state.play(move.translate(table))
    with pytest.raises(IllegalMove) as refused:
        state.play("zz" * 500)
    assert len(str(refused.value)) < 200 and "zzz…'" in str(refused.value)
