"""Fill a database with stored matches, through the match service of the checkout under test, before the
bot starts (for `bench/latency.py --mode startup`).

Runs the service in-process (`bot.db.open_store` and `bot.service.MatchService` of ROOT), so every
row is what the service writes: challenges accepted by the other player, a few random legal moves,
and for the finished ones an ending (resignation, agreed draw, or a random game played to its end).
Some matches are against the computer (easy), who moves through the service's worker pool; those
active ones wait for the person, so a starting bot owes no computer move.

Layout: GUILDS servers of CHANNELS channels each. Finished matches are made first (a channel is free
again once its match ended), then one active match per channel, in order. On SQLite the store's
connection runs with `synchronous = OFF` while seeding (rows are the same, only fsyncs are skipped).

Run by bench/latency.py in a subprocess (PYTHONPATH=ROOT), so the old and new code never mix; by hand:
    .venv/bin/python bench/stored_matches.py --root /work/baseline --database /tmp/x.sqlite3 --matches 500
The last line printed is a JSON summary (counts, the layout, a channel with an active match).
"""
from __future__ import annotations

import argparse
import asyncio
import importlib
import json
import random
import sqlite3
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
GUILD_BASE = 7_000
CHANNEL_BASE = 100_000
PLAYER_BASE = 10**15  # far above the computer players' ids (1, 2, 3)


def made(value):
    """The challenge or match a service call returned: the value itself from older code, the change's
    `record` from code that returns a change with its outbox note."""
    return getattr(value, "record", value)


def layout(guilds: int, channels: int) -> dict[int, list[int]]:
    """The servers and their channels: guild id → channel ids."""
    return {GUILD_BASE + g: [CHANNEL_BASE + g * channels + c for c in range(channels)] for g in range(guilds)}


class _Cursor:
    """aiosqlite's Cursor over a sqlite3 cursor: the same methods, awaited, run at once in this thread."""

    def __init__(self, cursor: sqlite3.Cursor):
        self._cursor = cursor

    def __getattr__(self, name: str):
        value = getattr(self._cursor, name)
        return _awaited(value) if callable(value) else value

    async def __aenter__(self) -> _Cursor:
        return self

    async def __aexit__(self, *exc) -> None:
        self._cursor.close()

    def __aiter__(self):
        return self

    async def __anext__(self):
        row = self._cursor.fetchone()
        if row is None:
            raise StopAsyncIteration
        return row


class _Statement:
    """What aiosqlite's execute() returns (awaited, or used as `async with`)."""

    def __init__(self, run) -> None:
        self._run = run
        self._cursor: _Cursor | None = None

    def __await__(self):
        return self._get().__await__()

    async def _get(self) -> _Cursor:
        if self._cursor is None:
            self._cursor = _Cursor(self._run())
        return self._cursor

    async def __aenter__(self) -> _Cursor:
        return await self._get()

    async def __aexit__(self, *exc) -> None:
        if self._cursor is not None:  # made by __aenter__
            self._cursor._cursor.close()


def _awaited(method):
    async def call(*args, **kwargs):
        return method(*args, **kwargs)
    return call


class InlineConnection:
    """aiosqlite.Connection's interface over a plain sqlite3 connection used in this thread: the same SQL
    reaches the same SQLite, only the hop to aiosqlite's thread for every statement (most of the seeding
    time) is saved. Methods without an explicit stand-in are sqlite3.Connection's, awaited."""

    def __init__(self, path: str):
        self._db = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
        self._db.row_factory = sqlite3.Row
        for pragma in ("journal_mode = WAL", "synchronous = OFF", "foreign_keys = ON", "busy_timeout = 5000"):
            self._db.execute(f"PRAGMA {pragma}")

    def __getattr__(self, name: str):
        value = getattr(self._db, name)
        return _awaited(value) if callable(value) else value

    @property
    def row_factory(self):
        return self._db.row_factory

    @row_factory.setter
    def row_factory(self, factory) -> None:
        self._db.row_factory = factory

    def execute(self, sql: str, parameters=()) -> _Statement:
        return _Statement(lambda: self._db.execute(sql, parameters))

    def executemany(self, sql: str, parameters) -> _Statement:
        return _Statement(lambda: self._db.executemany(sql, parameters))

    def executescript(self, script: str) -> _Statement:
        return _Statement(lambda: self._db.executescript(script))

    def cursor(self) -> _Statement:
        return _Statement(self._db.cursor)

    async def execute_fetchall(self, sql: str, parameters=()) -> list:
        return self._db.execute(sql, parameters).fetchall()

    async def execute_insert(self, sql: str, parameters=()):
        self._db.execute(sql, parameters)
        return self._db.execute("SELECT last_insert_rowid()").fetchone()


def use_root(root: Path) -> None:
    """Import bot, rules, … from `root` only: it goes first, and bench/ (whose rules.py would shadow the
    rules package) goes away."""
    sys.path[:] = [str(root)] + [p for p in sys.path if Path(p or ".").resolve() not in (HERE, root)]


async def seed(args: argparse.Namespace) -> dict:
    from bot.computer import ComputerPlayers
    from bot.models import Player
    from bot.service import MatchService

    # The store of ROOT, whichever checkout that is (its Store class differs from this checkout's),
    # found at run time.
    try:
        stores = importlib.import_module("bot.db")
    except ModuleNotFoundError:  # a ROOT from before the store became the bot.db package
        stores = importlib.import_module("bot.store")

    rng = random.Random(args.seed)
    store = await stores.open_store(args.database)  # migrations applied as the bot applies them
    inline = False
    if not str(args.database).startswith("postgres"):
        if args.aiosqlite:
            await store.db.execute("PRAGMA synchronous = OFF")
        else:
            await store.db.close()
            store.db, inline = InlineConnection(str(args.database)), True
    computers = ComputerPlayers(workers=1, seconds=args.computer_seconds)
    service = MatchService(store, rng=random.Random(args.seed), computers=computers)
    guilds = layout(args.guilds, args.channels)
    spots = [(g, c) for g, channels in guilds.items() for c in channels]
    active = min(args.active, args.matches)
    if active > len(spots):
        raise SystemExit(f"{active} active matches need as many channels: raise --guilds or --channels")
    people = [Player(PLAYER_BASE + k, f"player{k}") for k in range(args.players)]
    counts: dict[str, float] = {"finished": 0, "active": 0, "computer": 0, "moves": 0, "resigned": 0, "draw agreed": 0,
              "played out": 0}
    board: dict | None = None

    async def play(match, plies: int):
        """Random legal moves by whoever is to move (the computer through the service) until `plies`
        were played and a person is to move, or the game ends."""
        while match.status == "active" and (len(match.moves) < plies or match.computer_to_move is not None):
            if match.computer_to_move is not None:
                result = await service.computer_move(match.id)
                if result is None:
                    raise RuntimeError(f"the computer did not move in match {match.id}")
            else:
                moves = match.state.legal_moves()
                result = await service.move(match.channel_id, match.to_move, rng.choice(moves))
            match = result.match
            counts["moves"] += 1
        return match

    async def one(guild: int, channel: int, finished: bool):
        a, b = rng.sample(people, 2)
        if rng.random() < (args.finished_computers if finished else args.computer_fraction):
            match = made(await service.challenge(guild, channel, a, "attaxx", computers=["easy"]))
            counts["computer"] += 1
        else:
            challenge = made(await service.challenge(guild, channel, a, "attaxx", [b]))
            match = made(await service.accept(challenge.id, b))
        if not finished:
            match = await play(match, rng.randrange(0, 25))
            if match.status == "active":
                counts["active"] += 1
            else:  # a quick win: it counts as finished, and the caller tries again
                counts["played out"] += 1
                counts["finished"] += 1
            return match
        ending = rng.random()
        if ending < args.played_out:
            match = await play(match, 10**6)
            counts["played out"] += 1
        else:
            match = await play(match, rng.randrange(0, 17))
            if match.status == "active":
                people_in = match.people
                if ending < args.played_out + args.draws and len(people_in) == 2:
                    await service.draw(channel, people_in[0])
                    match = made(await service.draw(channel, people_in[1]))
                    counts["draw agreed"] += 1
                else:
                    match = made(await service.resign(channel, people_in[0]))
                    counts["resigned"] += 1
        if match.status != "finished":
            raise RuntimeError(f"match {match.id} did not finish")
        counts["finished"] += 1
        return match

    started = time.perf_counter()
    try:
        for k in range(args.matches - active):
            await one(*spots[k % len(spots)], finished=True)
        for k in range(active):
            while (match := await one(*spots[k], finished=False)).status != "active":
                pass
            if board is None and match.computer_to_move is None and not any(p.is_computer for p in match.seats):
                board = {"guild": spots[k][0], "channel": spots[k][1], "user": match.to_move.id}
    finally:
        computers.close()
        await store.close()
    counts["seconds"] = round(time.perf_counter() - started, 1)
    counts["inline sqlite"] = inline
    bot_file = sys.modules["bot"].__file__
    if bot_file is None:
        raise RuntimeError("the bot package was not imported from ROOT's files")
    code = str(Path(bot_file).resolve().parents[1])
    return {"counts": counts, "guilds": {str(g): c for g, c in guilds.items()}, "board": board, "code": code}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=HERE.parent, help="the checkout whose service writes the rows")
    parser.add_argument("--database", required=True, help="SQLite file, or postgresql://… (an empty database)")
    parser.add_argument("--matches", type=int, default=10_000)
    parser.add_argument("--active", type=int, default=None, help="active matches (default: a fifth)")
    parser.add_argument("--guilds", type=int, default=10)
    parser.add_argument("--channels", type=int, default=250, help="channels per guild")
    parser.add_argument("--players", type=int, default=2_000, help="people to draw both players from")
    parser.add_argument("--computer-fraction", type=float, default=0.1, help="active matches against the computer")
    parser.add_argument("--finished-computers", type=float, default=0.02, help="finished matches against the computer")
    parser.add_argument("--computer-seconds", type=float, default=None,
                        help="the computer's time cap per move (default: the level's own; easy's 100 iterations take"
                             " ~15 ms, so its moves depend on the seed only)")
    parser.add_argument("--played-out", type=float, default=0.03, help="finished matches played to their end")
    parser.add_argument("--draws", type=float, default=0.1, help="finished matches ended by an agreed draw")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--aiosqlite", action="store_true",
                        help="keep the store's own aiosqlite connection (slower) instead of running its SQL inline")
    args = parser.parse_args()
    if args.active is None:
        args.active = args.matches // 5
    args.root = args.root.resolve()
    use_root(args.root)
    summary = asyncio.run(seed(args))
    print(json.dumps(summary))


if __name__ == "__main__":
    main()
