"""The game contract, checked for every registered game and option set: what the bot, the computer
players and the renderers rely on a game for (rules/core.py `State`, rules/contract.py, renderers `Renderer`).

A game that breaks the contract fails here with a message saying what to add or change, rather than
in an end-to-end test later (or at start-up, when Discord refuses the command tree). Its members are
those the registration checks at start-up (games/registration.py), read off the same classes. The
checks are functions of a registered game's name (`check_game` runs them all), so that a game
registered for a moment, such as the example of docs/adding-a-game.md in tests/test_adding_a_game.py,
is held to the same contract; the rules' part takes the game's record, so that the toy game at the end,
which has no picture, proves that the check of `move_parts` catches the mistakes it is there for.
"""
from __future__ import annotations

import pickle
import random
import re
from dataclasses import dataclass, replace

import pytest
from PIL import Image

import games
import renderers
from bot.discord.picker import DESCRIPTION_LIMIT
from bot.rulebook import rules_text
from games import GAMES, REGISTRY
from renderers.describe import ALT_TEXT_MAX
from rules import Game, IllegalMove, LastMove, Outcome, ended
from rules.contract import HOOKS, Hooks, missing_members
from rules.core import shown, still_playing
from rules.notation import tidy
from rules.parts import children
from rules.rebuild import rebuild
from tests.support.discord_rules import EMBED_DESCRIPTION_MAX
from tests.support.playouts import VARIANTS, option_variants

PLIES = 400  # enough to reach the end of most random games; Elevation's run longer and stop here
PARTS_ALL = 64  # a position with at most this many legal moves has the parts of each one checked...
PARTS_SAMPLED = 16  # ...one with more (Elevation's thousands of turns) those of this many, drawn at random
OPTION_NAME = re.compile(r"[a-z0-9_-]{1,32}")  # what Discord accepts as an option's name, in lower case
CHALLENGE_OPTIONS = {"opponent", "players", "computers", "level", "side", "turn_time"}  # /challenge's own
CHOICES_MAX = 25  # Discord offers at most 25 choices for an option
PNG = b"\x89PNG\r\n\x1a\n"


def check_game(name: str) -> None:
    """Every check below, for the registered game `name` and each of its option sets."""
    check_record(name)
    check_renderer(name)
    for options in option_variants(name):
        check_states(name, options)


def starts(game: Game, options: dict):
    """The start position for every player count the options allow (some options limit them)."""
    name = game.name
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
    check_record(name)


def check_record(name: str) -> None:
    game = GAMES[name]
    assert 1 <= len(game.summary) <= DESCRIPTION_LIMIT, (
        f"{name}: the summary is {len(game.summary)} characters; the command picker shows 1 to {DESCRIPTION_LIMIT}")
    assert min(game.players) >= 2, f"{name}: players must start at 2 or more"
    shown_rules = len(rules_text(game))
    assert shown_rules <= EMBED_DESCRIPTION_MAX, (
        f"{name}: /rules shows {shown_rules} characters of rules, summary, notation, house rules and options; "
        f"one embed holds {EMBED_DESCRIPTION_MAX}, and the rest would be cut")
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
    for name in sorted(GAMES):
        check_renderer(name)


def check_renderer(name: str) -> None:
    module = REGISTRY[name].renderer
    lacking = renderers.missing_functions(module)
    assert not lacking, f"renderer of {name} lacks {lacking} (see renderers.Renderer)"


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=[f"{n}{o or ''}" for n, o in VARIANTS])
def test_states_keep_the_contract(name, options):
    check_states(name, options)


def check_states(name: str, options: dict) -> None:
    """The rules' part of the contract (`check_rules`), then the start and a finished position drawn."""
    for players, start, last in check_rules(GAMES[name], options):
        finished = last if last.outcome else ended(
            last, Outcome(places=(frozenset({1}), frozenset({0})), scores=None, reason="test resigned"))
        for state in (start, finished):
            assert_draws(name, state, players)


def check_rules(game: Game, options: dict) -> list:
    """The states of `game` with `options` keep the contract, in a random game for every player count:
    the members, the start, each move, pickling and replaying. The (players, start, last state) of each."""
    name = game.name
    games = []
    for players, start in starts(game, options):
        lacking = missing_members(start)
        assert not lacking, (
            f"{type(start).__name__} lacks {lacking}: see rules.core.State; the optional {list(HOOKS)} "
            "come with their defaults by inheriting rules.contract.Hooks")
        assert (start.game, start.players) == (name, players), f"{name}: state.game and state.players must say so"
        assert start.to_move == 0, f"{name} with {players} players: the first seat (0) moves first, not {start.to_move}"
        assert start.outcome is None and start.last is None, f"{name}: a start position has no outcome and no last move"
        assert start == game.start(players=players, options=options, seed=players), (
            f"{name}: the same players, options and seed must give an equal start position")
        states, moves = played(name, start, random.Random(players))
        for state in (start, states[len(states) // 2], states[-1]):
            assert_pickles(name, state)
        assert_replays(game, players, options, moves, states[-1])
        games.append((players, start, states[-1]))
    return games


def played(name: str, start, rng: random.Random):
    """A random game from `start` (at most PLIES moves), checking each move as it goes: its states and moves."""
    state, states = start, [start]
    moves: list[str] = []
    sampler = random.Random(0)  # which moves' parts to check where there are many: apart from the game's own moves
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
        others = legal if len(legal) <= PARTS_ALL else sampler.sample(legal, PARTS_SAMPLED)
        for other in dict.fromkeys([move, *others]):
            assert_parts_join_back(name, state, other, after if other == move else played_once(name, state, other))
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


def played_once(name: str, state, move: str):
    try:
        return state.play(move)
    except IllegalMove as error:
        raise AssertionError(f"{name}: legal_moves() lists {move!r}, and play() refuses it: {error}") from error


def assert_parts_join_back(name: str, state, move: str, after) -> None:
    """The parts the Move panel and autocomplete build `move` from are non-empty and, joined, an accepted
    spelling of it that plays to `after`, the position `move` itself gives."""
    parts = state.move_parts(move)
    fix = (f"override move_parts in {type(state).__name__} (the default, from rules.contract.Hooks, makes a part "
           "of each square with what stands before it) so that every part is non-empty and the parts joined "
           "spell the same move")
    assert len(parts) >= 1 and all(isinstance(part, str) and part for part in parts), (
        f"{name}: move_parts({move!r}) gives {parts!r}, with no part or an empty one; {fix}")
    entry = "".join(parts)
    try:
        joined = state.play(entry)
    except IllegalMove as error:
        raise AssertionError(f"{name}: move_parts({move!r}) gives {parts!r}, and play() refuses them joined, "
                             f"{entry!r}: {error}; {fix}") from error
    assert joined == after, (
        f"{name}: move_parts({move!r}) gives {parts!r}, and them joined, {entry!r}, plays "
        f"{joined.last and joined.last.notation!r} to another position; {fix}")


def assert_pickles(name: str, state) -> None:
    try:
        copy = pickle.loads(pickle.dumps(state))
    except Exception as error:  # noqa: BLE001 - the message names what failed
        pytest.fail(f"{name}: states must pickle (boards are drawn and computers search in worker processes): {error!r}")
    assert copy == state, f"{name}: a state must compare equal to its pickled copy"
    assert copy.legal_moves() == state.legal_moves(), f"{name}: a pickled copy must list the same moves"


def assert_replays(game: Game, players: int, options: dict, moves: list[str], final) -> None:
    state = rebuild(game, players, options, players, moves)
    assert state == final and state.outcome == final.outcome, (
        f"{game.name}: replaying the stored moves from the start must give an equal state (the move log is the record)")


def assert_draws(name: str, state, players: int) -> None:
    names = [f"player{seat}" for seat in range(players)]
    module = REGISTRY[name].renderer
    picture = module.image(state, names)
    assert isinstance(picture, Image.Image), f"renderer of {name}: image() must give a PIL image"
    png = module.render(state, names)
    assert isinstance(png, bytes) and png.startswith(PNG), f"renderer of {name}: render() must give PNG bytes"
    text = module.text(state, names)
    assert isinstance(text, str) and text.strip(), f"renderer of {name}: text() must give the board as text"
    assert len(module.seats(state, names)) == players, f"renderer of {name}: seats() must give one seat per player"
    assert isinstance(module.label_sizes(state), dict), f"renderer of {name}: label_sizes() must give a dict"
    assert 0 < len(games.describe(state, names)) <= ALT_TEXT_MAX


# --- the check of move_parts, on a toy game whose captures are written with an x -----------------------

TOY = "skirmish"
ROW = "abcde"


@dataclass(frozen=True)
class Skirmish(Hooks):
    """Two pieces on a row of five squares, a1 to e1: a step to the empty square either side (`b1-a1`),
    or the taking of the enemy piece there (`b1xc1`), which wins."""

    at: tuple[int, int] = (0, len(ROW) - 1)  # each seat's square
    to_move: int | None = 0
    last: LastMove | None = None
    outcome: Outcome | None = None

    game = TOY
    players = 2

    def legal_moves(self) -> list[str]:
        if self.to_move is None:
            return []
        mine, theirs = self.at[self.to_move], self.at[1 - self.to_move]
        return [f"{ROW[mine]}1{'x' if to == theirs else '-'}{ROW[to]}1" for to in (mine - 1, mine + 1) if 0 <= to < len(ROW)]

    def play(self, move: str) -> Skirmish:
        seat = still_playing(self.to_move)
        written = tidy(move)
        if written not in self.legal_moves():  # only the canonical spelling: "b1c1" for "b1xc1" is refused
            raise IllegalMove(f"{shown(move)} is no move here: {' or '.join(self.legal_moves())}")
        to = ROW.index(written[-2])
        at = (to, self.at[1]) if seat == 0 else (self.at[0], to)
        taken = written[2] == "x"
        return replace(self, at=at, to_move=None if taken else 1 - seat, last=LastMove(seat, written),
                       outcome=Outcome.won(seat, "enemy taken") if taken else None)


class DroppedX(Skirmish):
    """Parts found as squares with the separators before them, which leaves the x of a capture out."""

    def move_parts(self, move: str) -> tuple[str, ...]:
        return tuple(re.findall(r"[^a-z]*[a-z][0-9]+", move))


class EmptyPart(Skirmish):
    """Parts split at the dash, which leaves a capture's two parts empty."""

    def move_parts(self, move: str) -> tuple[str, ...]:
        return move.partition("-")


def toy(state: type[Skirmish]) -> Game:
    """The toy game's record, its states of class `state`."""
    return Game(name=TOY, title="Skirmish", players=range(2, 3), options=(), seat_names=("Left", "Right"),
                summary="Step along a row; take the enemy piece to win.", rules_text="Step or take.", house_rules=(),
                notation="`b1-c1`, `b1xc1`.", new=lambda players, options, seed: state())


def test_a_capture_written_with_an_x_is_built_from_its_squares():
    check_rules(toy(Skirmish), {})
    state = Skirmish(at=(1, 2))
    moves = state.legal_moves()
    assert moves == ["b1-a1", "b1xc1"]
    assert [state.move_parts(move) for move in moves] == [("b1", "-a1"), ("b1", "xc1")]
    [first] = children(state, "", moves)
    assert (first.value, first.complete, first.count) == ("b1", False, 2), "the Move panel's first step: b1, two moves on"
    assert [(b.value, b.complete) for b in children(state, "b1", moves)] == [("b1-a1", True), ("b1xc1", True)]


def test_parts_that_lose_a_captures_x_are_reported_with_what_to_override():
    with pytest.raises(AssertionError, match=r"skirmish: move_parts\('[a-e]1x[a-e]1'\) gives \('[a-e]1', '[a-e]1'\), "
                                             r"and play\(\) refuses them joined.*override move_parts in DroppedX"):
        check_rules(toy(DroppedX), {})


def test_an_empty_part_is_reported_with_what_to_override():
    with pytest.raises(AssertionError, match=r"move_parts\('[a-e]1x[a-e]1'\) gives \('[a-e]1x[a-e]1', '', ''\), "
                                             r"with no part or an empty one; override move_parts in EmptyPart"):
        check_rules(toy(EmptyPart), {})
