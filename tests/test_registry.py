"""The one registration per game (games/registry.py): every game's rules, renderer and engine under its
rules' name, checked when the registry is imported, so that a part missing or out of contract stops
the bot at start-up with a message naming the game and what to add; the games found by name in a worker
process as in the bot; and the lists of games the docs keep by hand held to the registry."""
from __future__ import annotations

import multiprocessing
import re
import subprocess
import sys
import types
from collections.abc import Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any, NoReturn

import pytest

import renderers
from engines import Engine
from engines.knowledge import GENERIC, Knowledge
from engines.levels import LEVELS
from games import GAMES, REGISTRY, choose_move, evaluate, render, work_for
from games.registration import Registration, RegistrationError, checked, registry
from rules.core import Game

ROOT = Path(__file__).resolve().parent.parent
ATTAXX = REGISTRY["attaxx"]
RENDERER = ("image", "render", "text", "seats", "label_sizes", "colours")  # renderers.Renderer, as written there


def test_each_game_is_registered_once_under_its_rules_name():
    assert list(GAMES) == list(REGISTRY)
    for name, registered in REGISTRY.items():
        assert registered.name == registered.rules.name == name
        assert GAMES[name] is registered.rules
        assert checked(registered) is registered
    with pytest.raises(KeyError):
        GAMES["chess"]


def test_the_renderer_contract_is_read_off_its_class():
    assert renderers.FUNCTIONS == RENDERER


def without(module: types.ModuleType, name: str) -> types.SimpleNamespace:
    """A renderer like `module` that lacks the function `name`."""
    return types.SimpleNamespace(**{function: getattr(module, function) for function in RENDERER if function != name})


class Bare:
    """A position with none of the contract's hooks (it does not inherit rules.contract.Hooks)."""

    game, players, to_move, last, outcome = "bare", 2, 0, None, None

    def legal_moves(self) -> list[str]:
        return ["a1"]

    def play(self, move: str) -> Bare:
        return self


def no_board(players: int, options: Mapping[str, Any], seed: int) -> NoReturn:
    raise ValueError("no board")


# Out of contract on purpose, as the next registrations are: what the registry's check refuses is under test.
BARE = Game("bare", "Bare", range(2, 3), (), ("Left", "Right"), "A game of nothing.", "Nothing.", (), "`a1`.",
            lambda players, options, seed: Bare())  # type: ignore[arg-type]  # Bare is no State: it lacks the hooks


@pytest.mark.parametrize(("registration", "message"), [
    (replace(ATTAXX, renderer=without(renderers.attaxx, "colours")), r"its renderer .* lacks \['colours'\]"),
    (replace(ATTAXX, rules="attaxx"),  # type: ignore[arg-type]  # a name, not a Game
     r"its rules are 'attaxx', not a rules\.core\.Game record"),
    (replace(ATTAXX, engine=None),  # type: ignore[arg-type]  # no engine
     r"its engine is None, not an engines\.engine\.Engine \(Engine\(GENERIC\)"),
    (replace(ATTAXX, engine=Engine(None)),  # type: ignore[arg-type]  # no knowledge
     r"its knowledge is None, not an engines\.knowledge\.Knowledge"),
    (replace(ATTAXX, engine=Engine(Knowledge(), alphabeta=("hard",))),
     r"hard searches with alpha-beta, and its knowledge at hard has no board"),
    (replace(ATTAXX, engine=Engine(GENERIC, alphabeta=("expert",))), r"alpha-beta at 'expert', which is no level"),
    (replace(ATTAXX, engine=Engine(GENERIC, iterations=(100, 1000))), r"its iterations must be one whole number"),
    (replace(ATTAXX, engine=Engine(GENERIC, deepened=0.5)), r"an analysis by alpha-beta \(deepened\) needs a board"),
    (Registration(BARE, renderers.attaxx, Engine(GENERIC)),
     r"^bare cannot be registered: its state Bare lacks \['move_parts', 'describe', 'place_note', 'scores'\]"),
    (Registration(replace(BARE, new=no_board), renderers.attaxx, Engine(GENERIC)),
     r"its start for 2 players with the default options raises ValueError\('no board'\)"),
], ids=["renderer", "rules", "no-engine", "no-knowledge", "no-board", "no-level", "iterations", "deepened", "hooks",
        "start"])
def test_a_registration_out_of_contract_is_refused_naming_the_game_and_what_to_add(registration, message):
    with pytest.raises(RegistrationError, match=message) as refused:
        registry(*REGISTRY.values(), registration)
    named = registration.rules.name if isinstance(registration.rules, Game) else "a game"
    assert str(refused.value).startswith(f"{named} cannot be registered: ")


def test_a_game_registered_twice_is_refused():
    with pytest.raises(RegistrationError, match="attaxx is registered twice"):
        registry(ATTAXX, REGISTRY["ascent"], ATTAXX)


def test_a_part_out_of_contract_stops_the_bot_when_it_imports_the_registry():
    """As `python -m bot` and the console start: importing the registry runs the check."""
    code = "import renderers.ikabegama as r; del r.colours; import games"
    failed = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert failed.returncode != 0
    assert "RegistrationError: ikabegama cannot be registered: its renderer 'renderers.ikabegama' lacks ['colours']" \
        in failed.stderr


def test_a_level_searches_as_its_game_registers_it():
    elevation, xlines = REGISTRY["elevation"].engine, REGISTRY["xlines"].engine
    assert [elevation.budget(level).search for level in LEVELS] == ["alphabeta"] * 3
    assert [elevation.budget(level).width for level in LEVELS] == [4, 6, 8]
    assert [REGISTRY["attaxx"].engine.budget(level).search for level in LEVELS] == ["mcts", "mcts", "alphabeta"]
    assert [xlines.budget(level).iterations for level in LEVELS] == [12, 120, 800]
    assert [Engine(GENERIC).budget(level).iterations for level in LEVELS] == [100, 1500, 8000]
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        xlines.budget("expert")


# --- in the worker processes ----------------------------------------------------------------------------

def test_a_fresh_worker_process_finds_every_game_by_name():
    """The bot sends its workers these functions and plain arguments, pickled; a process started afresh
    (spawned: nothing imported before) finds the game's parts in its own copy of the registry."""
    states = [game.start() for game in GAMES.values()]
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        moves = [pool.submit(choose_move, state, "easy", 1, 30.0) for state in states]
        pictures = [pool.submit(render, state, ["ann", "bob"]) for state in states]
        valued = pool.submit(evaluate, states[0], work_for("attaxx", 61), 1)
        for state, move, picture in zip(states, moves, pictures):
            assert move.result() in state.legal_moves()
            assert picture.result() == render(state, ["ann", "bob"])
        assert valued.result() == evaluate(states[0], work_for("attaxx", 61), 1)


# --- the lists of games the docs keep by hand --------------------------------------------------------------

TITLES = {game.title for game in GAMES.values()}


def read(path: str) -> str:
    return (ROOT / path).read_text(encoding="utf-8")


def test_the_readme_names_every_game_and_how_many_play():
    [sentence] = re.findall(r"Games: (.+?\(\d+ to \d+ players\))", " ".join(read("README.md").split()))
    assert set(re.findall(r"\*\*(.+?)\*\*", sentence)) == TITLES, "README.md's list of games is the registry's"
    least = min(game.players.start for game in GAMES.values())
    most = max(game.players.stop - 1 for game in GAMES.values())
    assert sentence.endswith(f"({least} to {most} players)"), "README.md on how many play, as the registry has it"


def test_the_rulebook_names_every_game():
    text = " ".join(read("docs/rules.md").split())
    [names] = re.findall(r"the full rulebook of the bot's games: (.+?)\. ", text)
    assert all(title in names for title in TITLES), "docs/rules.md's list of games names every registered game"
    others = re.sub("|".join(re.escape(title) for title in sorted(TITLES, key=len, reverse=True)), "", names)
    assert re.fullmatch(r"(, | and )*", others), f"docs/rules.md's list of games names more: {names}"


def test_the_strength_table_names_registered_games_with_their_options():
    """docs/computer-players.md's table, printed by bench/strength.py: each row a registered game and
    options it takes."""
    rows = re.findall(r"^\| ([a-z]+)((?: \w+=\w+)*) \| \d", read("docs/computer-players.md"), flags=re.M)
    assert {name for name, _ in rows} == set(GAMES), "a row for each registered game, and only for them"
    for name, options in rows:
        GAMES[name].start(options=dict(option.split("=") for option in options.split()))


def test_the_alpha_beta_games_are_those_whose_engines_say_so():
    text = " ".join(read("docs/computer-players.md").split())
    [bullet] = re.findall(r"- \*\*Alpha-beta\*\* (.+?) - ", text)
    for name, registered in REGISTRY.items():
        named = registered.rules.title in bullet
        assert named == bool(registered.engine.alphabeta), f"docs/computer-players.md on {name}'s alpha-beta levels"


def test_the_analysis_budgets_are_those_the_engines_give():
    """docs/computer-players.md's analysis, each game's work a position, the alpha-beta ones apart."""
    text = " ".join(read("docs/computer-players.md").split())
    [bullet] = re.findall(r"- \*\*By a budget of work, never by the clock\*\* (.+?) - ", text)
    deepened = bullet.partition("alpha-beta nodes for ")[2]
    for name, registered in REGISTRY.items():
        short = registered.rules.title.split()[0]  # "Multiplications", "X's"
        [figure] = re.findall(rf"{re.escape(short)}\D*?(\d+(?:,\d{{3}})*)", bullet)[:1]
        assert figure == f"{registered.engine.work:,}", f"docs/computer-players.md on {name}'s analysis budget"
        assert (short in deepened) == (registered.engine.deepened is not None), f"{name}'s analysis by alpha-beta"
    assert f"any game without knowledge {Engine(GENERIC).work:,}" in bullet
