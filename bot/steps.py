"""Building a move a step at a time, by picking its parts (rules.parts) instead of typing: what the Move
button's panel and the console's `?` offer.

A step is the start of a move built so far (`prefix`, whole parts of a legal move's entry) and, when
the next parts are too many to show at once, the letter they start with (`letter`: a square's file).
Its choices lead on to longer starts, to a letter's group, or to a whole move, which is then played.
Every choice offered leads to at least one legal move, because every choice is read off the legal
moves.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from i18n import _, ngettext
from rules.core import State
from rules.parts import Branch, annotated, children, compact, move_parts

PER_MENU = 25  # options in one Discord select menu
MENUS = 4  # select menus on one panel (a fifth row holds the buttons)
LETTER = re.compile(r"[a-z0-9]")

# What a choice's value starts with: on to a longer start, into a letter's group, or a whole move.
PART, GROUP, MOVE = "p", "g", "m"


@dataclass(frozen=True)
class Choice:
    value: str  # "p:<prefix>", "g:<prefix>|<letter>" or "m:<move>"
    label: str
    description: str = ""


@dataclass(frozen=True)
class Step:
    prefix: str
    letter: str = ""

    @property
    def value(self) -> str:
        return f"{GROUP}:{self.prefix}|{self.letter}" if self.letter else f"{PART}:{self.prefix}"


@dataclass(frozen=True)
class Panel:
    """One step of building a move: what was picked so far, the choices on (at most MENUS menus of
    PER_MENU), and where Back leads (None at the first step)."""

    step: Step
    choices: tuple[Choice, ...]
    back: Step | None

    @property
    def menus(self) -> list[tuple[Choice, ...]]:
        return [self.choices[k:k + PER_MENU] for k in range(0, len(self.choices), PER_MENU)]


START = Step("")


def parse(value: str) -> tuple[str, Step | str]:
    """A choice's value as (kind, Step) for PART and GROUP, or (MOVE, the move). ValueError if malformed."""
    kind, sep, rest = value.partition(":")
    if not sep or kind not in (PART, GROUP, MOVE):
        raise ValueError(f"not a step: {value!r}")
    if kind == MOVE:
        return kind, rest
    if kind == GROUP:
        prefix, sep, letter = rest.rpartition("|")
        if not sep or not LETTER.fullmatch(letter):
            raise ValueError(f"not a step: {value!r}")
        return kind, Step(prefix, letter)
    return kind, Step(rest)


def _next_letter(prefix: str, value: str) -> str:
    """The first letter or digit of what `value` adds to `prefix` (a square's file), or '' if none."""
    found = LETTER.search(compact(value)[len(compact(prefix)):])
    return found[0] if found else ""


def _choice(state: State, branch: Branch) -> Choice:
    if branch.complete:
        # Translators: under a whole move in the Move panel's menu (at most 100 characters)
        return Choice(f"{MOVE}:{branch.value}", f"▶ {annotated(state, branch.value)}"[:100], _("play this move")[:100])
    return Choice(f"{PART}:{branch.value}", annotated(state, branch.label)[:100])


def panel(state: State, step: Step = START) -> Panel:
    """The choices at `step`. ValueError when the step leads to no legal move (a panel made for another
    position)."""
    found = children(state, step.prefix, state.legal_moves())
    if step.letter:
        found = [b for b in found if _next_letter(step.prefix, b.value) == step.letter]
    if not found:
        raise ValueError(f"no legal move goes on from {step.prefix + step.letter!r}")
    if len(found) <= PER_MENU * MENUS or step.letter or any(not _next_letter(step.prefix, b.value) for b in found):
        choices = tuple(_choice(state, branch) for branch in found[:PER_MENU * MENUS])
    else:  # too many to show: their first letters (a square's file) first
        groups: dict[str, int] = {}
        for branch in found:
            letter = _next_letter(step.prefix, branch.value)
            groups[letter] = groups.get(letter, 0) + branch.count
        choices = tuple(
            # Translators: under a group of moves in the Move panel's menu: how many moves it holds
            Choice(f"{GROUP}:{step.prefix}|{letter}", f"{step.prefix}{letter} …",
                   ngettext("{n} move", "{n} moves", count)[:100])
            for letter, count in sorted(groups.items())
        )[:PER_MENU * MENUS]
    return Panel(step, choices, back_of(state, step))


def back_of(state: State, step: Step) -> Step | None:
    """Where Back leads from `step`: out of a letter's group, else one part shorter (None at the start)."""
    if step.letter:
        return Step(step.prefix)
    if not step.prefix:
        return None
    for move in state.legal_moves():
        parts = move_parts(state, move)
        built = ""
        for part in parts:
            if built + part == step.prefix:
                return Step(built)
            built += part
            if not step.prefix.startswith(built):
                break
    return Step("")


def describe(step: Step) -> str:
    """The move so far, as the panel's text shows it."""
    if not step.prefix and not step.letter:
        return _("Pick the first part of your move.")
    so_far = step.prefix + step.letter
    # Translators: {move} is the start of a move built so far ("c1-c2"), shown as code
    return _("Your move so far: `{move} …` — pick what comes next.", move=so_far)
