"""docs/adding-a-game.md followed as a newcomer follows it: the code blocks the page has its reader save
are written to files of their own and imported, the page's registration is run as written in the
registry module (its check included) and registers the example beside the shipped games for the length
of a test, and the example game is held to the whole contract (tests/test_contract.py); the page's
`>>>` examples run as written, and its registry line is the real one with the example added. So the
page cannot teach code that does not work, or that no longer fits the project."""
from __future__ import annotations

import dataclasses
import doctest
import importlib.util
import re
import subprocess
import sys
import types
from pathlib import Path
from types import ModuleType

import pytest

import games.registry
from games import GAMES, REGISTRY, choose_move
from games.registration import RegistrationError, checked
from rules import IllegalMove
from tests.support.images import decode
from tests.test_contract import check_game

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "adding-a-game.md"
TEXT = PAGE.read_text(encoding="utf-8")
NAME = "noughts"
NAMES = ["alice", "bob"]
SAVED = re.compile(r"`((?:rules|renderers)/\w+\.py)`")  # a heading naming the file its code block is saved as


def sections() -> dict[str, str]:
    """The text under each `## ` heading of the page, by the heading."""
    parts = re.split(r"^## (.+)$", TEXT, flags=re.M)
    return {heading.strip(): body for heading, body in zip(parts[1::2], parts[2::2])}


def code_blocks(body: str, language: str = "python") -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", body, flags=re.M | re.S)


def registration_block() -> str:
    """The code of the page's registration, the first Python block of its section."""
    [heading] = [heading for heading in sections() if "games/registry.py" in heading]
    return code_blocks(sections()[heading])[0]


def saved_files() -> dict[str, str]:
    """The files the page has its reader write, by path, in the page's order: each section whose
    heading names one holds its code in its first Python block."""
    found = {}
    for heading, body in sections().items():
        if path := SAVED.search(heading):
            found[path[1]] = code_blocks(body)[0]
    return found


@pytest.fixture
def example(tmp_path, monkeypatch) -> dict[str, ModuleType]:
    """The page's game, saved under `tmp_path` and imported under the module names the page gives its
    files (the renderer imports the rules module by that name, and states pickle by it), registered by
    the page's registration until the test ends."""
    modules = {}
    for path, code in saved_files().items():
        file = tmp_path / path
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_text(code, encoding="utf-8")
        name = path.removesuffix(".py").replace("/", ".")
        spec = importlib.util.spec_from_file_location(name, file)
        assert spec is not None and spec.loader is not None, f"{file} cannot be imported"
        module = importlib.util.module_from_spec(spec)
        monkeypatch.setitem(sys.modules, name, module)
        spec.loader.exec_module(module)
        package, _, leaf = name.rpartition(".")
        monkeypatch.setattr(sys.modules[package], leaf, module, raising=False)
        modules[path] = module
    assert set(modules) == {f"rules/{NAME}.py", f"renderers/{NAME}.py"}, (
        "the page saves a file this test does not register: register it in `example` as the page does")
    written = dict(vars(games.registry))  # the registry module as the page has its reader edit it
    exec(registration_block(), written)
    assert set(written["REGISTRY"]) == {*REGISTRY, NAME}, "the page's registry holds every game and the example"
    registration = written["REGISTRY"][NAME]
    assert (registration.rules, registration.renderer) == (modules[f"rules/{NAME}.py"].GAME, modules[f"renderers/{NAME}.py"])
    monkeypatch.setitem(REGISTRY, NAME, registration)
    return modules


def test_the_example_keeps_the_whole_contract(example):
    check_game(NAME)


def played(moves: str, size: int = 3):
    state = GAMES[NAME].start(options={"size": size})
    for move in moves.split():
        state = state.play(move)
    return state


def test_the_example_is_noughts_and_crosses(example):
    won = played("a1 b1 a2 b2 A3")
    assert (won.outcome.places, won.outcome.reason_text()) == (({0}, {1}), "Crosses made three in a row")
    assert won.last.notation == "a3" and won.to_move is None and won.legal_moves() == []
    diagonal = played("c3 a1 d4 a2 e5", size=5)
    assert diagonal.outcome.reason_text() == "Crosses made three in a row", "three in a row wins on a larger board too"
    full = played("b2 a1 c1 a3 a2 c2 b1 b3 c3")
    assert (full.outcome.places, full.outcome.reason_text()) == (({0, 1},), "board full")
    for moves, typed, refusal in (("b2", "b2", "b2 already has a mark"),
                                  ("", "d1", "d1 is off the board: files a–c, ranks 1–3"),
                                  ("", "b2c3", "Can't read 'b2c3': write a square like b2"),
                                  ("a1 b1 a2 b2 a3", "c3", "The game is over")):
        with pytest.raises(IllegalMove, match=f"^{re.escape(refusal)}"):
            played(moves).play(typed)


def test_the_example_draws_in_the_house_style(example):
    """The picture as the bot posts it is the renderer's image mapped onto its fitted palette: an 8-bit
    PNG that differs from the image only by the palette's rounding."""
    renderer = example[f"renderers/{NAME}.py"]
    for state in (played(""), played("b2 a1 c3"), played("a1 b1 a2 b2 a3"), played("c3 a1 d4", size=5)):
        png = renderer.render(state, NAMES)
        assert png[25] == 3, "an indexed-colour PNG (colour type 3): the picture mapped onto a palette"
        drawn, posted = renderer.image(state, NAMES), decode(png)
        assert posted.size == drawn.size
        differences = [max(abs(a - b) for a, b in zip(drawn.getpixel((x, y)), posted.getpixel((x, y))))
                       for y in range(0, drawn.height, 3) for x in range(0, drawn.width, 3)]
        assert sum(differences) / len(differences) < 2 and sorted(differences)[len(differences) * 99 // 100] < 12


def test_the_computer_plays_the_example(example):
    assert choose_move(played("a1 b1 a2 b2"), "easy", seed=1) == "a3", "Crosses' win in one"
    assert choose_move(played("a1 c3 a2"), "medium", seed=1) == "a3", "Noughts block Crosses' line"


def test_the_pages_code_passes_the_projects_linter(tmp_path):
    for path, code in saved_files().items():
        (tmp_path / path).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / path).write_text(code, encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", "--config", str(ROOT / "pyproject.toml"),
                             str(tmp_path)], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, f"ruff finds in the page's code:\n{result.stdout}{result.stderr}"


def test_the_pages_interpreter_examples_run_as_written() -> None:
    examples = "\n".join(code_blocks(TEXT, "pycon"))
    assert ">>> " in examples
    test = doctest.DocTestParser().get_doctest(examples, {}, PAGE.name, str(PAGE), 0)
    report: list[str] = []
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    result = runner.run(test, out=report.append)
    assert result.failed == 0, "".join(report)


def test_the_pages_registry_line_is_the_real_one_with_the_example_added():
    block = registration_block()
    [shown] = re.findall(r"^REGISTRY\b.*$", block, flags=re.M)
    assert shown.endswith(f", {NAME.upper()})"), "the page's registry line ends with the example"
    real = (ROOT / "games" / "registry.py").read_text(encoding="utf-8")
    assert shown.replace(f", {NAME.upper()})", ")") in real.splitlines(), (
        f"games/registry.py lists its games otherwise than the page shows: {shown}")
    for part in (f"rules.{NAME}.GAME", f"renderers.{NAME}", "Engine(GENERIC)"):
        assert part in block, f"the page's registration names {part}"


def test_a_registration_that_breaks_the_contract_stops_the_bot_at_start_up(example):
    """What the page promises of the check: the game is named, with what to add."""
    registration = REGISTRY[NAME]
    lacking = types.SimpleNamespace(**{name: getattr(registration.renderer, name)
                                       for name in ("image", "render", "text", "seats", "label_sizes")})
    with pytest.raises(RegistrationError, match=rf"^{NAME} cannot be registered: .*lacks \['colours'\]"):
        checked(dataclasses.replace(registration, renderer=lacking))
