"""The simulated players of bench/latency.py (one channel and its two players a table, their moves found
through /move's autocomplete), the figures and problems its modes print, and the stand-in and bot started
together for a run."""
from __future__ import annotations

import argparse
import collections
import random
import shutil
import statistics
import tempfile
from dataclasses import dataclass
from pathlib import Path

import i18n
from bench.latency_harness import CHANNEL_BASE, GUILD, MORE, PLAYER_BASE, BenchStandIn, RootBot
from tests.support.standin import Message
from tests.support.users import Discord, User

# ---------------------------------------------------------------------------------------------- players

class Refused(Exception):
    pass


@dataclass
class Table:
    """One channel and its two players; the match being played there."""

    channel: int
    players: tuple[User, User]
    mover: User | None = None
    notation: str | None = None  # the move its player will send, found in autocomplete beforehand
    state: str = "new"  # new → idle ⇄ moving (→ restarting → idle); broken after a failure
    games: int = 0
    moves: int = 0

    def to_move(self) -> User:
        """The player to move in the match going on here."""
        if self.mover is None:
            raise RuntimeError(f"nobody is to move in channel {self.channel}: no match is going on")
        return self.mover


def tables(count: int, first_channel: int = CHANNEL_BASE, locale: str = "en-US") -> list[Table]:
    """`count` pairs of players, whose Discord clients speak `locale`."""
    return [Table(first_channel + i, (User(PLAYER_BASE + 2 * i, f"p{2 * i}", locale=locale),
                                      User(PLAYER_BASE + 2 * i + 1, f"p{2 * i + 1}", locale=locale)))
            for i in range(count)]


class Players:
    def __init__(self, standin: BenchStandIn, guild: int = GUILD, locale: str = "en-US"):
        self.standin = standin
        self.users = Discord(standin, standin.deliver, guild)
        self.users.guild_locale = locale  # the server's own language: what the channels read
        with i18n.speaking(locale):
            self.accept = i18n._("Accept")

    async def start_match(self, table: Table) -> float:
        """Challenge and Accept: the match starts, its board is posted. Seconds for the Accept's board."""
        challenge = await self.users.command(table.players[0], table.channel, "challenge", "attaxx", side="first", opponent=table.players[1])
        message, _ = await self.standin.reply(challenge)
        if message.ephemeral or not message.buttons:
            raise Refused(f"challenge refused: {message.content[:120]}")
        self.standin.expect_board(table.channel)
        labels = [button.get("label") for button in message.buttons]
        accept = await self.users.press(table.players[1], message, self.accept if self.accept in labels else "Accept")
        board, seconds = await self.standin.reply(accept, board=True)
        if board.ephemeral or not board.files:
            raise Refused(f"accept refused: {board.content[:120]}")
        self._next(table, board)
        table.games += 1
        return seconds

    def _next(self, table: Table, board: Message) -> bool:
        """Who moves next, from who the board pings; False once the match is over."""
        if "🏁" in board.content:
            table.mover = None
            return False
        [mentioned] = board.mentions
        table.mover = next(p for p in table.players if p.id == mentioned)
        return True

    async def prefetch(self, table: Table, rng: random.Random) -> None:
        """A random legal move for the player to move, as they would find it in /move's autocomplete: one
        of the suggestions; when that is the start of several moves ("c3 …"), typed, and so on."""
        mover = table.to_move()
        typed = ""
        for _ in range(10):
            offered = await self.users.suggestions(mover, table.channel, "move", "notation", typed)
            if not offered:
                raise Refused(f"nothing offered for {typed!r} in channel {table.channel} (mover {mover.name})")
            name, value = rng.choice(offered)
            if MORE not in name:
                table.notation = value
                return
            typed = value
        raise Refused(f"autocomplete never offered a whole move (typed {typed!r})")

    async def move(self, table: Table) -> tuple[float, bool]:
        """/move with the move prefetched: seconds to the board image; whether the match goes on."""
        action = await self.users.command(table.to_move(), table.channel, "move", notation=table.notation)
        table.notation = None
        board, seconds = await self.standin.reply(action)
        if board.ephemeral or not board.files:
            raise Refused(f"move refused: {board.content[:120]}")
        table.moves += 1
        return seconds, self._next(table, board)


# ---------------------------------------------------------------------------------------------- reporting

def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def spread(seconds: list[float]) -> str:
    if not seconds:
        return "no samples"
    ms = [s * 1000 for s in seconds]
    return (f"p50 {percentile(ms, 50):.1f} ms, p95 {percentile(ms, 95):.1f} ms, p99 {percentile(ms, 99):.1f} ms, "
            f"max {max(ms):.1f} ms, mean {statistics.fmean(ms):.1f} ms (n={len(ms)})")


def report_problems(standin: BenchStandIn, bots: list[RootBot]) -> None:
    late = standin.late()
    print(f"interactions answered late or twice: {sum(late.values())}"
          + (" — " + ", ".join(f"{n}× {what}" for what, n in late.most_common()) if late else ""))
    counts: collections.Counter = collections.Counter()
    examples: list[str] = []
    for bot in bots:
        c, e = bot.log_problems()
        counts += c
        examples += [x for x in e if x not in examples]
    print("bot log: " + (", ".join(f"{n} {k}" for k, n in counts.most_common()) if counts else "no ERROR or WARNING lines"))
    for line in examples[:5]:
        print(f"    {line}")


@dataclass
class Session:
    standin: BenchStandIn
    bot: RootBot
    players: Players


class Running:
    """The stand-in and the bot, started in a temporary folder; both stopped on the way out."""

    def __init__(self, args: argparse.Namespace, guilds: dict[int, list[int]]):
        self.args, self.guilds = args, guilds

    async def __aenter__(self) -> Session:
        self.folder = Path(tempfile.mkdtemp(prefix="bench-"))  # removed by hand: --keep keeps it
        self.standin = BenchStandIn(self.guilds)
        await self.standin.start()
        self.bot = RootBot(self.standin, self.folder, self.args.root, self.args.database_url)
        try:
            await self.bot.start()
        except BaseException:
            await self.standin.stop()
            shutil.rmtree(self.folder, ignore_errors=True)
            raise
        return Session(self.standin, self.bot, Players(self.standin, next(iter(self.guilds)), self.args.locale))

    async def __aexit__(self, *exc) -> None:
        try:
            await self.bot.stop()
            await self.standin.stop()
        finally:
            if self.args.keep:
                print(f"(kept {self.folder}: bot.log, database)")
            else:
                shutil.rmtree(self.folder, ignore_errors=True)


def first_channel(args: argparse.Namespace) -> int:
    """Channels of our own: on a shared PostgreSQL database earlier runs may have left matches going."""
    return CHANNEL_BASE + (random.Random().randrange(1, 10**6) * 10_000 if args.database_url else 0)
