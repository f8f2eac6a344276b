"""The optional parts of the game contract, with their defaults, and what a state must have.

A game is a `rules.core.Game` record (names, player counts, options, rules text) whose `new` (a
`rules.core.NewGame`) builds the start position; its positions have the members of the
`rules.core.State` protocol. A state class gets the optional hooks with their defaults by
inheriting `Hooks`, and overrides only those its game needs:

- `move_parts(move)`: how a legal move splits into the parts a player builds it from (the Move
  button's panel, autocomplete); joined, they must be an accepted spelling of the move, each part
  non-empty. Default: a part per square, with whatever stands before it (a dash, a capture's x)
  and, on the last, whatever follows ("a1-c3" is "a1", "-c3"; "b2xc3" is "b2", "xc3"; a move that
  names no square is one part).
- `describe(prefix, count)`: the words after a partial move in autocomplete, in the current language.
  Default: "5 moves".
- `place_note(name)`: what stands on a place, shown after its name ("a2 (6)"). Default: nothing.
- `scores`: a running score per seat, or None for a game that keeps none. When a player leaves a
  game of more than two, the others are ranked by it; computer players without an evaluation of
  their own use it too.

docs/architecture.md explains the whole contract; tests/test_contract.py holds every registered game
to it, with a message naming what to add when a game falls short.
"""
import re

from i18n import ngettext
from rules.core import State

SQUARE = re.compile(r"[a-z][0-9]+")  # a square ends each part but the last: "a1", "c10"


class Hooks:
    """The optional members of a game state, with their defaults (see the module's docstring)."""

    __slots__ = ()

    def move_parts(self, move: str) -> tuple[str, ...]:
        ends = [found.end() for found in SQUARE.finditer(move)]
        if not ends:
            return (move,)
        ends[-1] = len(move)
        return tuple(move[start:end] for start, end in zip([0, *ends[:-1]], ends))

    def describe(self, prefix: str, count: int) -> str:
        return ngettext("{n} move", "{n} moves", count)

    def place_note(self, name: str) -> str:
        return ""

    @property
    def scores(self) -> tuple[int, ...] | None:
        return None


def members(protocol: type) -> tuple[str, ...]:
    """The members a contract's class declares, in order: its methods and properties, not the machinery
    of the class. Each contract's list is its class (`State` here, `renderers.Renderer`), written once."""
    return tuple(name for name in vars(protocol) if not name.startswith("_"))


HOOKS = members(Hooks)


def missing_members(state: object) -> list[str]:
    """The members of the contract (`rules.core.State`) `state` lacks, by name (empty when it has them all)."""
    return [name for name in members(State) if not hasattr(state, name)]

