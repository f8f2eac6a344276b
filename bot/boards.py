"""Drawing a board in a worker process (bot.workers), giving back the memory a game's first board
borrows."""
from __future__ import annotations

import ctypes
import ctypes.util
from collections.abc import Sequence

import games
from rules import State

_drawn: set[type] = set()


def draw_board(state: State, names: Sequence[str]) -> bytes:
    """The board as PNG bytes. A game's first board builds its cached sprites through large scratch
    images; once they are freed, the C allocator is asked to return their pages to the system (about
    30 MB per worker for Attaxx), which it would otherwise keep for the life of the process."""
    png = games.render(state, names)
    if type(state) not in _drawn:
        _drawn.add(type(state))
        release_free_memory()
    return png


def release_free_memory() -> None:
    """glibc's malloc_trim; nothing where the C library has none."""
    name = ctypes.util.find_library("c")
    if name is None:
        return
    trim = getattr(ctypes.CDLL(name), "malloc_trim", None)
    if trim is not None:
        trim(0)
