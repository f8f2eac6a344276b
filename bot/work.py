"""Heavy work shared fairly: every computer move, position of an analysis and replay goes through one
line in front of the worker processes, which decides what a worker takes next.

- A computer's move, which a person is waiting for, goes before analyses and replays.
- Within a kind, servers take turns (round robin), and within a server the players do for moves, so
  one server's twenty matches against the computer do not make another server's computer wait for all
  of them. A server's analyses and replays are made in the order they were asked for: each player
  has at most one of each in the line (`Limits`), so a player's turn comes after the ones before it.
- A replay holds a worker for long: replays never take every worker, so a computer move never waits
  behind one.
- Nothing is given to the pool that a worker is not free to take: the pool's own queue, which is first
  come first served, stays empty.

`Line` only decides; running a piece of work is the `start` function it is given (a process pool's
`run`, or a test's stand-in).
"""
from __future__ import annotations

import asyncio
import enum
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Collection, Iterable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any

from bot.errors import NotAllowed
from i18n import ENGLISH, _, current, ngettext, number, pgettext
from renderers.results import english_suffix


class Kind(enum.IntEnum):
    """What a piece of work is for, in the order the line serves them."""

    MOVE = 0  # a computer's move
    ANALYSIS = 1  # one position of a finished match's analysis
    REPLAY = 2  # a match's replay (one long piece of work)


LONG = frozenset({Kind.REPLAY})  # kinds whose one piece may hold a worker for long


@dataclass(frozen=True)
class Owner:
    """Who a piece of work is for: the server (guild) and the player waiting on it."""

    guild: int
    user: int


Call = tuple[Callable[..., Any], tuple[Any, ...]]  # a picklable function and its arguments


@dataclass(eq=False)
class Piece:
    """A piece of work waiting in the line. `make` gives the call when a worker takes it, so that what
    depends on the wait (a computer's time left) is worked out then."""

    kind: Kind
    owner: Owner
    make: Callable[[], Call]
    done: asyncio.Future


class Rotation:
    """Whose turn it is among keys: the one served longest ago, or never, goes next, so a key that
    has just arrived does not wait behind one served a moment ago."""

    def __init__(self) -> None:
        self._served: dict[Any, int] = {}  # when each key was last served, by the count of turns given
        self._turns = 0

    def pick(self, keys: Iterable[Any]) -> Any:
        return min(keys, key=lambda key: self._served.get(key, -1))

    def served(self, key: Any, waiting: Collection[Any]) -> None:
        self._turns += 1
        self._served[key] = self._turns
        if len(self._served) > 4 * len(waiting) + 64:  # keys served before every waiting one count as never
            oldest = min((self._served.get(k, -1) for k in waiting), default=self._turns)
            self._served = {k: n for k, n in self._served.items() if n >= oldest}


class Turns:
    """First-in first-out queues by key, the keys taking turns (`Rotation`)."""

    def __init__(self) -> None:
        self._queues: dict[Any, deque] = {}
        self._rotation = Rotation()

    def __len__(self) -> int:
        return sum(len(queue) for queue in self._queues.values())

    def add(self, key: Any, item: Any) -> None:
        self._queues.setdefault(key, deque()).append(item)

    def take(self) -> Any:
        key = self._rotation.pick(self._queues)
        queue = self._queues[key]
        item = queue.popleft()
        if not queue:
            del self._queues[key]
        self._rotation.served(key, self._queues)
        return item

    def remove(self, key: Any, item: Any) -> None:
        queue = self._queues.get(key)
        if queue is not None and item in queue:
            queue.remove(item)
            if not queue:
                del self._queues[key]


class Waiting:
    """The pieces of one kind: servers take turns, and within a server its lanes do (players, for
    moves; for the rest one lane a server, in the order of asking)."""

    def __init__(self, by_player: bool):
        self.by_player = by_player
        self._servers: dict[int, Turns] = {}
        self._rotation = Rotation()

    def __len__(self) -> int:
        return sum(len(lanes) for lanes in self._servers.values())

    def _lane(self, piece: Piece) -> int:
        return piece.owner.user if self.by_player else 0

    def add(self, piece: Piece) -> None:
        self._servers.setdefault(piece.owner.guild, Turns()).add(self._lane(piece), piece)

    def take(self) -> Piece:
        guild = self._rotation.pick(self._servers)
        lanes = self._servers[guild]
        piece = lanes.take()
        if not len(lanes):
            del self._servers[guild]
        self._rotation.served(guild, self._servers)
        return piece

    def remove(self, piece: Piece) -> None:
        lanes = self._servers.get(piece.owner.guild)
        if lanes is not None:
            lanes.remove(self._lane(piece), piece)
            if not len(lanes):
                del self._servers[piece.owner.guild]


class Line:
    """The line in front of `slots` workers. `start(fn, args)` runs one call in a worker and returns
    its result."""

    def __init__(self, slots: int, start: Callable[[Callable[..., Any], tuple[Any, ...]], Awaitable[Any]]):
        self.slots = max(1, slots)
        self._start = start
        self._waiting = {kind: Waiting(by_player=kind is Kind.MOVE) for kind in Kind}
        self._running: dict[Kind, int] = dict.fromkeys(Kind, 0)
        self._tasks: set[asyncio.Task] = set()

    @property
    def busy(self) -> int:
        """The workers at work now."""
        return sum(self._running.values())

    def waiting(self, kind: Kind | None = None) -> int:
        """The pieces waiting for a worker (of `kind`, or all)."""
        kinds = Kind if kind is None else (kind,)
        return sum(len(self._waiting[k]) for k in kinds)

    async def run(self, kind: Kind, owner: Owner, make: Callable[[], Call]) -> Any:
        """The result of the call `make()` gives, once a worker has taken it and finished. Cancelled
        while it waits, it leaves the line; once taken, the worker finishes it and the result is dropped."""
        piece = Piece(kind, owner, make, asyncio.get_running_loop().create_future())
        self._waiting[kind].add(piece)
        self._pump()
        try:
            return await asyncio.shield(piece.done)
        except asyncio.CancelledError:
            self._waiting[kind].remove(piece)
            if not piece.done.done():
                piece.done.cancel()
            raise

    def _long_room(self) -> int:
        """Workers that long pieces may hold at once: all but one, so a move never waits behind them
        (with a single worker, that one: a replay is still drawn)."""
        return max(1, self.slots - 1)

    def _next(self) -> Piece | None:
        for kind in Kind:
            if not len(self._waiting[kind]):
                continue
            if kind in LONG and sum(self._running[k] for k in LONG) >= self._long_room():
                continue
            return self._waiting[kind].take()
        return None

    def _pump(self) -> None:
        while self.busy < self.slots:
            piece = self._next()
            if piece is None:
                return
            if piece.done.done():  # given up on while it waited
                continue
            self._running[piece.kind] += 1
            task = asyncio.get_running_loop().create_task(self._work(piece))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def _work(self, piece: Piece) -> None:
        try:
            fn, args = piece.make()
            result = await self._start(fn, args)
        except BaseException as error:  # the waiter gets it; a cancelled pool ends the line's task too
            if not piece.done.done():
                piece.done.set_exception(error)
                piece.done.exception()  # retrieved here: a waiter that gave up leaves no warning behind
            if not isinstance(error, Exception):
                raise
        else:
            if not piece.done.done():
                piece.done.set_result(result)
        finally:
            self._running[piece.kind] -= 1
            self._pump()


@dataclass(frozen=True)
class Limit:
    """How many jobs of a kind (an analysis, a replay) may be in the line at once: per player, per
    server; and what a player is told beyond that."""

    per_player: int
    per_server: int
    what: str  # "analysis" or "replay": which refusals a player is told (`refusal`)


LIMITS = {
    Kind.ANALYSIS: Limit(1, 4, "analysis"),
    Kind.REPLAY: Limit(1, 4, "replay"),
}


@dataclass(eq=False)
class Job:
    """A job in the line (an analysis, a replay): for whom, of which match (None: not said), and how many
    of its server's jobs of the same kind were in the line before it when it was asked for (its place, 0
    for the first)."""

    kind: Kind
    owner: Owner
    match: int | None = None
    ahead: int = 0
    extra: dict = field(default_factory=dict)


class Limits:
    """The jobs of each kind in the line, so that no player or server fills it: one analysis and one
    replay at a time per player, a few per server, with a clear answer beyond that."""

    def __init__(self, limits: dict[Kind, Limit] | None = None):
        self.limits = LIMITS if limits is None else limits
        self._jobs: dict[Kind, list[Job]] = {kind: [] for kind in Kind}

    def open(self, kind: Kind) -> list[Job]:
        return list(self._jobs[kind])

    @asynccontextmanager
    async def job(self, kind: Kind, owner: Owner, match: int | None = None) -> AsyncIterator[Job]:
        """A job in the line for the block; NotAllowed, saying why, when the player or the server has
        as many as the limit allows. `match`: the match the job is for, named in a refusal ("match #12")."""
        job = self.admit(kind, owner, match)
        try:
            yield job
        finally:
            self.release(job)

    def admit(self, kind: Kind, owner: Owner, match: int | None = None) -> Job:
        """A job in the line until `release`d (as `job`, for work that outlives the caller's block)."""
        limit = self.limits.get(kind)
        jobs = self._jobs[kind]
        server = [job for job in jobs if job.owner.guild == owner.guild]
        if limit is not None:
            mine = [job for job in server if job.owner.user == owner.user]
            if len(mine) >= limit.per_player:
                raise NotAllowed(yours_still_made(limit.what, mine[0].match))
            if len(server) >= limit.per_server:
                raise NotAllowed(server_full(limit.what, len(server)))
        job = Job(kind, owner, match, ahead=len(server))
        jobs.append(job)
        return job

    def release(self, job: Job) -> None:
        if job in self._jobs[job.kind]:
            self._jobs[job.kind].remove(job)


def yours_still_made(what: str, match: int | None) -> str:
    """The refusal of a second job of a kind ("analysis", "replay") to a player whose first is in the line."""
    if what == "analysis":
        if match is not None:
            return _("Your analysis of match #{match} is still being made: one at a time. Ask again once it is posted.",
                     match=match)
        return _("Your analysis is still being made: one at a time. Ask again once it is posted.")
    if match is not None:
        return _("Your replay of match #{match} is still being made: one at a time. Ask again once it is posted.",
                 match=match)
    return _("Your replay is still being made: one at a time. Ask again once it is posted.")


def server_full(what: str, count: int) -> str:
    """The refusal of a job of a kind ("analysis", "replay") to a server with `count` in the line, its most."""
    if what == "analysis":
        return ngettext("This server already has {n} analysis being made, the most it may have at once. "
                        "Ask again in a few minutes.",
                        "This server already has {n} analyses being made, the most it may have at once. "
                        "Ask again in a few minutes.", count)
    return ngettext("This server already has {n} replay being made, the most it may have at once. "
                    "Ask again in a few minutes.",
                    "This server already has {n} replays being made, the most it may have at once. "
                    "Ask again in a few minutes.", count)


def ordinal(place: int) -> str:
    """A place in a line as the current language writes it, for a message with an `{ordinal}`: "1st",
    "2nd", "3rd", "4th", "11th", "21st" in English. The first ten are words of the catalog each; a later
    place is "{place}th" as the language writes it ("11.", "11e"), English's own rule in English."""
    if 1 <= place <= 10:
        # Translators: places in a line ("your analysis is 1st in line"), as short as the language writes them
        words = (pgettext("place in line", "1st"), pgettext("place in line", "2nd"), pgettext("place in line", "3rd"),
                 pgettext("place in line", "4th"), pgettext("place in line", "5th"), pgettext("place in line", "6th"),
                 pgettext("place in line", "7th"), pgettext("place in line", "8th"), pgettext("place in line", "9th"),
                 pgettext("place in line", "10th"))
        return words[place - 1]
    if current() == ENGLISH:
        return f"{place}{english_suffix(place)}"
    # Translators: a place in a line after the tenth ("your analysis is 11th in line"); {place} is the number
    return pgettext("place in line", "{place}th", place=number(place))
