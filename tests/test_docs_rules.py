"""docs/rules.md against the games themselves: every registered game has its section (games.REGISTRY,
the one list of games), with a row for each option giving its range and default and a bullet for each
house rule, and every `moves` block is played from the start position, line by line, with the
notation, effect, passes and result it states.

A `moves` block is a fenced block whose info string is `moves <game> [players=N] [option=value …]`. Each
line is a move as a player may type it, then optionally ` -> ` and the notation it is recorded as (the
same as typed when left out) and ` # ` and the effect the bot reports; a line `passes: <side>` says the
move above it made that side pass, `ends: <reason>` that it ended the game, and `places: A, B = C` the
places, best first, sides sharing a place joined by `=`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from games import GAMES
from rules import Game

DOC = Path(__file__).resolve().parent.parent / "docs" / "rules.md"
TEXT = DOC.read_text(encoding="utf-8")
BLOCK = re.compile(r"^```moves[ \t]+(\S+)([^\n]*)\n(.*?)^```", re.M | re.S)
MOVE = re.compile(r"^(?P<typed>.+?)(?:\s+->\s+(?P<canonical>.+?))?(?:\s+#\s+(?P<effect>.+?))?\s*$")
OPTION_ROW = re.compile(r"^\|\s*`(?P<name>[a-z_]+)`\s*\|(?P<values>[^|]*)\|(?P<default>[^|]*)\|", re.M)


def sections() -> dict[str, str]:
    """The text under each `## ` heading, by the heading."""
    found: dict[str, str] = {}
    parts = re.split(r"^## (.+)$", TEXT, flags=re.M)
    for heading, body in zip(parts[1::2], parts[2::2]):
        found[heading.strip()] = body
    return found


SECTIONS = sections()


DOCUMENTED = sorted(GAMES)  # every registered game, each held to its section (docs/adding-a-game.md)


def section(game: Game) -> str:
    assert game.title in SECTIONS, f"docs/rules.md has no section '## {game.title}'"
    return SECTIONS[game.title]


@dataclass
class Step:
    typed: str
    canonical: str
    effect: str | None
    passes: str | None = None
    ends: str | None = None
    places: str | None = None


@dataclass
class Example:
    game: str
    players: int
    options: dict[str, str]
    steps: list[Step]
    line: int

    def __str__(self) -> str:
        return f"{self.game}@{self.line}"


def examples() -> list[Example]:
    found = []
    for block in BLOCK.finditer(TEXT):
        game, header, body = block.group(1), block.group(2).split(), block.group(3)
        options = dict(word.split("=", 1) for word in header)
        players = int(options.pop("players", "2"))
        steps: list[Step] = []
        for text in body.splitlines():
            text = text.strip()
            if not text:
                continue
            key, colon, value = text.partition(":")
            if colon and key in ("passes", "ends", "places"):
                assert steps, f"'{text}' comes before any move"
                setattr(steps[-1], key, value.strip())
                continue
            move = MOVE.match(text)
            assert move is not None, f"'{text}' is not a move"
            steps.append(Step(move["typed"], move["canonical"] or move["typed"], move["effect"]))
        found.append(Example(game, players, options, steps, TEXT[: block.start()].count("\n") + 1))
    return found


EXAMPLES = examples()


def side_names(game: Game, seats) -> str:
    return ", ".join(" = ".join(game.seat_name(s) for s in sorted(group)) for group in seats)


@pytest.mark.parametrize("example", EXAMPLES, ids=str)
def test_every_example_is_played_as_written(example):
    game = GAMES[example.game]
    state = game.start(example.players, example.options)
    for number, step in enumerate(example.steps, 1):
        where = f"move {number} ({step.typed!r})"
        legal = step.canonical in state.legal_moves()
        assert legal, f"{where}: {step.canonical} is not a legal move here"
        state = state.play(step.typed)
        assert state.last.notation == step.canonical, where
        if step.effect is not None:
            assert state.last.effect == step.effect, where
        passed = tuple(game.seat_name(seat) for seat in state.last.passed)
        assert passed == ((step.passes,) if step.passes else ()), f"{where}: the passes it causes"
        if step.ends is None:
            assert state.outcome is None, f"{where} ends the game ({state.outcome.reason_text()}): say so with 'ends:'"
            assert step.places is None, where
            continue
        assert state.outcome is not None and state.outcome.reason_text() == step.ends, where
        assert number == len(example.steps), f"{where} ends the game, yet more moves follow"
        if step.places is not None:
            assert side_names(game, state.outcome.places) == step.places, where


@pytest.mark.parametrize("name", DOCUMENTED)
def test_every_game_has_a_section_with_examples(name):
    game = GAMES[name]
    body = section(game)
    assert f"`{name}`" in body, f"the {game.title} section names the game as the bot does"
    games = [example.game for example in EXAMPLES if f"```moves {example.game}" in body]
    assert name in games, f"the {game.title} section has no `moves {name}` block"
    assert set(games) == {name}, f"the {game.title} section has another game's examples"


@pytest.mark.parametrize("name", DOCUMENTED)
def test_each_option_is_given_with_its_values_and_default(name):
    game = GAMES[name]
    rows = {row["name"]: row for row in OPTION_ROW.finditer(section(game))}
    assert sorted(rows) == sorted(spec.name for spec in game.options)
    for spec in game.options:
        values, default = rows[spec.name]["values"].strip(), rows[spec.name]["default"].strip()
        if spec.choices is not None:
            assert values == ", ".join(map(str, spec.choices)), spec.name
        elif spec.min is not None:
            assert values == f"{spec.min}–{spec.max}", spec.name
        if spec.default is not None:
            assert default == str(spec.default), spec.name


@pytest.mark.parametrize("name", DOCUMENTED)
def test_each_house_rule_has_its_bullet(name):
    """The house rules listed under the game's own heading, one bullet each, as many as the game has."""
    game = GAMES[name]
    body = section(game)
    found = re.search(r"^### House rules\n(.*?)(?=^#|\Z)", body, re.M | re.S)
    assert found, f"the {game.title} section has no '### House rules'"
    bullets = re.findall(r"^- ", found.group(1), re.M)
    assert len(bullets) == len(game.house_rules), f"{game.title} has {len(game.house_rules)} house rules"
