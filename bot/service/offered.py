"""Autocomplete's suggestions, kept for each position and text typed, and worked out off the event loop
where a position has so many moves that reading them takes a while (an Elevation turn: thousands)."""
from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

from bot.models import Match
from bot.service.suggestions import suggestions
from rules.parts import Branch

KEPT = 512  # suggestions kept (position and text typed), the least recently asked for forgotten first
INLINE_MOVES = 300  # a position with at most this many legal moves is read at once, on the event loop

Run = Callable[..., Awaitable[Any]]  # runs a picklable function and its arguments in another process


class Offered:
    """The suggestions for what a player typed into /move, by match, position (its stamp) and text,
    shared by everyone who asks for the same meanwhile. `run`: how a position with many moves is read
    off the event loop (a worker process); None reads every position at once (the console)."""

    def __init__(self, run: Run | None = None, kept: int = KEPT):
        self.run = run
        self.kept = kept
        self._found: OrderedDict[tuple, asyncio.Future[list[Branch]]] = OrderedDict()

    async def branches(self, match: Match, typed: str, limit: int) -> list[Branch]:
        key = (match.id, match.stamp, typed, limit)
        found = self._found.get(key)
        if found is not None:
            self._found.move_to_end(key)
            return await asyncio.shield(found)
        state = match.state
        if self.run is None or len(state.legal_moves()) <= INLINE_MOVES:
            branches = suggestions(state, typed, limit)
            self._keep(key, branches)
            return branches
        found = self._found[key] = asyncio.get_running_loop().create_future()
        self._trim()
        try:
            branches = await self.run(suggestions, state, typed, limit)
        except BaseException as error:
            self._found.pop(key, None)
            found.set_exception(error)
            found.exception()  # retrieved: whoever waits on it gets it, nobody else is warned
            raise
        found.set_result(branches)
        return branches

    def _keep(self, key: tuple, branches: list[Branch]) -> None:
        done = asyncio.get_running_loop().create_future()
        done.set_result(branches)
        self._found[key] = done
        self._trim()

    def _trim(self) -> None:
        while len(self._found) > self.kept:
            self._found.popitem(last=False)
