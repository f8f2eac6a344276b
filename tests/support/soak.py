"""A soak: matches of several games played through the real bot process while it is SIGKILLed and
started again at random moments, then every channel checked: each move whose board was posted is stored
once, in order, and each stored move was posted once.

Players act as people do: only on what the bot posts. Whoever the channel's latest board (or ping)
mentions picks a move from /move's autocomplete and sends it; if no board follows within a while (the
bot died with the move, or before showing it), they look again and act on what is there then. Some
moves are built on the Move panel (a button, then select menus) rather than typed. The computer plays one
seat in some games. `tests/e2e/test_soak.py` runs a short soak; `bench/soak.py` a long one, with its
figures.

With several shard processes, a redelivery storm (`storm`: the share of interactions, commands,
autocompletes, buttons and menus alike) delivers an interaction to every process at nearly the same
moment, in a random order; with kills, a kill then and again falls between a storm's delivery and its
answer (the process that got it first dies). Each interaction must still be answered once, each board
posted once. Slow uploads (`slow_uploads`: boards that reach Discord only seconds after their answer
began, as over a busy link) make posters slower than the grace their notes give them.
"""
from __future__ import annotations

import asyncio
import functools
import json
import random
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from games import GAMES
from rules.rebuild import rebuild
from tests.support.process import BotProcess
from tests.support.standin import BOT_ID, Message, StandIn
from tests.support.users import Discord, User

GUILD = 3 << 22  # on shard 1 of 2, shard 0 of 1
PLAYED = re.compile(r"played \*\*([^*]+)\*\*")
ME = User(BOT_ID, "Boardgames", bot=True)
# (game, options, against the computer): short games, so that some finish
TABLES: list[tuple[str, dict[str, Any], bool]] = [
    ("attaxx", {}, False), ("xlines", {}, False), ("permutation", {"k": 3}, True),
    ("ascent", {}, True), ("ikabegama", {"size": 4}, False), ("elevation", {"height": 2}, False),
]
ANSWER_SECONDS = 6.0  # how long a player waits for the board after their move before looking again
STORM_GAP = 0.03  # at most this many seconds between a storm's deliveries of one interaction
STORM_KILL = 0.4  # a kill aimed at a storm falls at most this many seconds after its first delivery
PANEL_SHARE = 0.3  # the share of moves built on the Move panel rather than typed
# The routes whose uploads may be slow: an interaction's first answer, and the edit of its "thinking…"
SLOW_ROUTES = ("callback", "webhook_message")
SLOW_AT_ONCE = 3  # slow uploads on each of those routes at once


@dataclass
class Figures:
    """What a soak did and found."""

    seconds: float = 0.0
    kills: int = 0
    matches: int = 0
    finished: int = 0
    moves_sent: int = 0  # /move commands the players sent (some lost to a kill, some refused)
    stored: int = 0  # moves in the database
    shown: int = 0  # moves whose board was posted (each counted once)
    lost: int = 0  # stored but never posted
    duplicated: int = 0  # posted more than once
    pinged_twice: int = 0  # boards whose "see above" ping was posted more than once
    unstored: int = 0  # posted but not stored (or out of order)
    redelivered: int = 0  # interactions delivered to more than one process (the storm)
    storm_kills: int = 0  # kills that fell between a storm's first delivery and its answer
    answered_twice: int = 0  # interactions given a first reply (or suggestions) more than once
    unanswered: int = 0  # interactions never answered (the process that took them on was killed)
    failures: list[str] = field(default_factory=list)  # the stand-in's: answered twice or late, refused requests
    differences: list[str] = field(default_factory=list)  # where a channel's posts and its stored moves part

    @property
    def clean(self) -> bool:
        return not (self.lost or self.duplicated or self.pinged_twice or self.unstored or self.answered_twice
                    or self.failures)

    def lines(self) -> list[str]:
        return [
            f"{self.seconds:.0f} s, {self.kills} kills, {self.matches} matches ({self.finished} finished)",
            f"moves: {self.moves_sent} sent, {self.stored} stored, {self.shown} posted",
            *([f"storm: {self.redelivered} interactions delivered to every process, {self.storm_kills} kills aimed"
               f" between one's delivery and its answer; answered twice: {self.answered_twice}"]
              if self.redelivered else []),
            f"interactions never answered (their process killed first): {self.unanswered}",
            f"lost (stored, never posted): {self.lost}; duplicated (posted twice): {self.duplicated};"
            f" pinged twice: {self.pinged_twice}; posted but not stored in that order: {self.unstored}",
            f"interactions answered late or twice, requests Discord would refuse: {len(self.failures)}",
            *[f"    {failure}" for failure in self.failures[:10]],
            *[f"    {difference}" for difference in self.differences[:10]],
        ]


class Soak:
    def __init__(self, folder: Path, *, seed: int = 1, tables: int = 3, database_url: str | None = None,
                 shards: int = 1, storm: float = 0.0, slow_uploads: tuple[float, float] | None = None,
                 note_grace: float = 3.0):
        self.rng = random.Random(seed)
        self.storm = storm if shards > 1 else 0.0
        self.slow_uploads = slow_uploads
        self._aim: asyncio.Future[int] | None = None  # set by a kill waiting for a storm: the shard to kill
        self.channels = [900 + k for k in range(tables)]
        self.tables = {channel: TABLES[k % len(TABLES)] for k, channel in enumerate(self.channels)}
        self.standin = StandIn({GUILD: self.channels}, shard_count=shards)
        self.bots = [BotProcess(self.standin, folder, database_url=database_url, name=f"bot{shard}", note_grace=note_grace,
                                shards=(shard,) if shards > 1 else None) for shard in range(shards)]
        self.users = Discord(self.standin, self._deliver, GUILD)
        self.people = {channel: (User(10 * channel + 1, f"p{channel}a"), User(10 * channel + 2, f"p{channel}b"))
                       for channel in self.channels}
        self.figures = Figures()
        self.folder = folder
        self.sql = self._sqlite if database_url is None else self._postgres
        self.database_url = database_url

    async def run(self, seconds: float = 0.0, kill_every: tuple[float, float] = (0.5, 3.0), *, kills: int = 0,
                  moves: int = 0) -> Figures:
        """Play and kill for `seconds`, and on until there have been `kills` kills and `moves` moves stored
        (however slow the machine)."""
        started = time.monotonic()
        await self.standin.start()
        try:
            await asyncio.gather(*(bot.start() for bot in self.bots))
            stop = asyncio.Event()
            players = [asyncio.create_task(self._play(channel, stop)) for channel in self.channels]
            if self.slow_uploads is not None:
                players += [asyncio.create_task(self._upload_slowly(route, stop))
                            for route in SLOW_ROUTES for _ in range(SLOW_AT_ONCE)]
            await self._kill_at_random(seconds, kill_every, kills, moves)
            stop.set()
            await asyncio.gather(*players)
            await self._settled()
            await self._check()
        finally:
            for bot in self.bots:
                await bot.stop()
            await self.standin.stop()
        self.figures.failures = self.standin.failures()
        self.figures.answered_twice = sum(i.error == "answered twice" for i in self.standin.interactions.values())
        self.figures.unanswered = sum(i.response_type is None for i in self.standin.interactions.values())
        self.figures.seconds = time.monotonic() - started
        return self.figures

    # ------------------------------------------------------------------ playing

    async def _challenge(self, channel: int) -> None:
        game, options, computer = self.tables[channel]
        first, second = self.people[channel]
        opponent = {"opponent": ME, "level": "easy"} if computer else {"opponent": second}
        await self.users.command(first, channel, "challenge", game, **opponent, **options)

    def _next(self, channel: int) -> tuple[str, User | None, Message | None]:
        """What the channel asks for, read from its messages as a player reads them: ("accept", who,
        the challenge), ("move", who, the board or ping that says so), or ("challenge", None, the last
        result, if any) when no match is under way."""
        for message in reversed(self.standin.channel(channel)):
            if "🏁" in message.content:
                return "challenge", None, message
            accept = [b for b in message.buttons if b.get("label") == "Accept" and not b.get("disabled")]
            if accept and message.mentions:
                return "accept", self._person(channel, message.mentions[0]), message
            if message.mentions and (message.files or message.content.startswith("🔔")):
                return "move", self._person(channel, message.mentions[0]), message
        return "challenge", None, None

    def _person(self, channel: int, user_id: int) -> User | None:
        return next((p for p in self.people[channel] if p.id == user_id), None)

    async def _play(self, channel: int, stop: asyncio.Event) -> None:
        """Play in `channel` until `stop`: accept, move, and challenge again once a match is over."""
        while not stop.is_set():
            what, who, message = self._next(channel)
            seen = max(self.standin.messages, default=0)
            try:
                if what == "challenge":
                    await self._challenge(channel)
                elif what == "accept" and who is not None and message is not None:
                    await self.users.press(who, message, "Accept")
                elif who is not None and message is not None and self._has_move_button(message) \
                        and self.rng.random() < PANEL_SHARE:
                    if not await self._build(who, message):
                        continue
                elif who is not None:
                    move = await self._pick(who, channel)
                    if move is None:
                        continue
                    self.figures.moves_sent += 1
                    await self.users.command(who, channel, "move", notation=move)
                # something new to read in the channel, or, when a kill took the request, look again
                await self.standin.wait_for(functools.partial(self._changed_since, channel, seen), ANSWER_SECONDS)
            except TimeoutError:
                pass

    def _changed_since(self, channel: int, seen: int) -> bool:
        """Whether the bot has said anything in the channel (privately included) since message `seen`."""
        return any(m.id > seen for m in self.standin.channel(channel, ephemeral=True))

    async def _pick(self, mover: User, channel: int) -> str | None:
        """A random whole move from /move's suggestions (following a partial one, "c2 …", where need be);
        None when nothing is offered (the bot is down, or the turn has moved on)."""
        typed = ""
        for _ in range(10):
            action = await self.users.typing(mover, channel, "move", "notation", typed)
            try:
                offered = await asyncio.wait_for(action.labelled(), ANSWER_SECONDS)
            except TimeoutError:
                return None
            whole = [value for name, value in offered if " …" not in name]
            if whole:
                return self.rng.choice(whole)
            if not offered:
                return None
            typed = self.rng.choice(offered)[1]
        return None

    async def _upload_slowly(self, route: str, stop: asyncio.Event) -> None:
        """Until `stop`: the next upload on `route` (a board, with an interaction's answer), then the next
        once that one is through, reaches the stand-in over a slow link, whole only a random number of
        seconds in `slow_uploads` after it began. Discord takes an answer that began in time."""
        assert self.slow_uploads is not None
        while not stop.is_set():
            fault = self.standin.inject(route, "hold", uploads=True)
            held = asyncio.create_task(fault.held.wait())
            stopped = asyncio.create_task(stop.wait())
            await asyncio.wait({held, stopped}, return_when=asyncio.FIRST_COMPLETED)
            held.cancel()
            stopped.cancel()
            if fault.held.is_set():
                await asyncio.sleep(self.rng.uniform(*self.slow_uploads))  # the upload's own time
            fault.hits = fault.times  # (a fault never hit is used up all the same)
            fault.released.set()

    @staticmethod
    def _has_move_button(message: Message | None) -> bool:
        return message is not None and any(b.get("label") == "Move" for b in message.buttons)

    async def _build(self, mover: User, board: Message) -> bool:
        """Play a move on the Move panel: press Move on the board, then pick from the panel's menus until a
        whole move (a "▶" choice) is picked. False when no panel came, or it offered nothing."""
        try:
            panel = await asyncio.wait_for((await self.users.press(mover, board, "Move")).reply(), ANSWER_SECONDS)
            for _ in range(10):
                choices = [label for label in panel.options() if label != "—"]
                if not choices:
                    return False
                label = self.rng.choice(choices)
                picked = await self.users.choose(mover, panel, label)
                if label.startswith("▶"):
                    self.figures.moves_sent += 1
                    return True
                panel = await asyncio.wait_for(picked.updated(), ANSWER_SECONDS)
        except TimeoutError:
            pass
        return False

    async def _deliver(self, payload: dict[str, Any]) -> None:
        """An interaction to the process of its shard, or, in a storm, to every process in a random order;
        a kill waiting for a storm (see _kill_at_random) is aimed at the process that got it first."""
        if not self.storm or self.rng.random() >= self.storm:
            await self.standin.dispatch(payload)
            return
        shards = list(range(len(self.bots)))
        self.rng.shuffle(shards)
        self.figures.redelivered += 1
        if self._aim is not None and not self._aim.done():
            self._aim.set_result(shards[0])
        await self.standin.storm(payload, [(shards[0], 0.0)] + [(s, self.rng.uniform(0.0, STORM_GAP)) for s in shards[1:]])

    async def _kill_at_random(self, seconds: float, every: tuple[float, float], kills: int, moves: int) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end or self.figures.kills < kills:
            await asyncio.sleep(self.rng.uniform(*every))
            bot = self.rng.choice(self.bots)
            if self.storm and self.rng.random() < 0.5:  # half the kills fall in a storm, after its first delivery
                bot = await self._storm_victim() or bot
            await bot.kill()
            self.figures.kills += 1
            await bot.start()
        while await self._moves_stored() < moves:  # then, the bot left alone, until enough was played
            await asyncio.sleep(0.2)

    async def _storm_victim(self) -> BotProcess | None:
        """The process that gets the next storm's interaction first, a moment after it got it (None if
        no storm comes within a while)."""
        self._aim = asyncio.get_running_loop().create_future()
        try:
            shard = await asyncio.wait_for(self._aim, ANSWER_SECONDS)
        except TimeoutError:
            return None
        finally:
            self._aim = None
        await asyncio.sleep(self.rng.uniform(0.0, STORM_KILL))
        self.figures.storm_kills += 1
        return self.bots[shard]

    # ------------------------------------------------------------------ checking

    async def _moves_stored(self) -> int:
        """The moves stored in the soak's channels, as `_check` counts them (a match the bot opened in a
        thread of its own is not among them)."""
        marks = ",".join("?" * len(self.channels))
        return (await self.sql("SELECT count(*) FROM moves m JOIN matches x ON x.id = m.match_id"
                               f" WHERE x.channel_id IN ({marks})", *self.channels))[0][0]

    async def _settled(self, timeout: float = 60.0) -> None:
        """Until every change stored has been shown (the outbox is empty) and no computer is still to
        move (its move would follow the last change shown, after the look)."""
        async def empty() -> None:
            while (await self.sql("SELECT count(*) FROM outbox"))[0][0] or await self._computers_to_move():
                await asyncio.sleep(0.1)

        await asyncio.wait_for(empty(), timeout)

    async def _computers_to_move(self) -> list[int]:
        """The active matches in the soak's channels whose seat to move is a computer's (ids 1 to 3)."""
        marks = ",".join("?" * len(self.channels))
        owed = []
        for match_id, game, options, seed in await self.sql(
                "SELECT id, game, options, seed FROM matches WHERE status = 'active'"
                f" AND channel_id IN ({marks})", *self.channels):
            seats = [user for _, user in sorted(await self.sql("SELECT seat, user_id FROM seats WHERE match_id = ?",
                                                               match_id))]
            if not any(1 <= user <= 3 for user in seats):
                continue
            moves = [row[0] for row in await self.sql("SELECT notation FROM moves WHERE match_id = ? ORDER BY ply",
                                                      match_id)]
            to_move = rebuild(GAMES[game], len(seats), json.loads(options), seed, moves).to_move
            if to_move is not None and 1 <= seats[to_move] <= 3:
                owed.append(match_id)
        return owed

    async def _check(self) -> None:
        [(self.figures.matches, self.figures.finished)] = await self.sql(
            "SELECT count(*), count(*) FILTER (WHERE status = 'finished') FROM matches")
        for channel in self.channels:
            stored = [row[0] for row in await self.sql(
                "SELECT m.notation FROM moves m JOIN matches x ON x.id = m.match_id WHERE x.channel_id = ?"
                " ORDER BY m.match_id, m.ply", channel)]
            shown = [found[1] for m in self.standin.channel(channel) if (found := PLAYED.search(m.content))]
            distinct = distinct_posts(self.standin.channel(channel))
            self.figures.stored += len(stored)
            self.figures.shown += len(distinct)
            self.figures.duplicated += len(shown) - len(distinct)
            twice = doubled(self.standin.channel(channel)) + pinged_twice(self.standin.channel(channel))
            self.figures.pinged_twice += len(pinged_twice(self.standin.channel(channel)))
            self.figures.differences += twice
            if twice:
                self._record(channel)
            self.figures.lost += max(0, len(stored) - len(distinct))
            wrong = [k for k, move in enumerate(distinct) if k >= len(stored) or stored[k] != move]
            self.figures.unstored += len(wrong)
            if wrong or len(stored) != len(distinct):
                k = wrong[0] if wrong else min(len(stored), len(distinct))
                posts = [how(m) for m in self.standin.channel(channel) if PLAYED.search(m.content)][k:k + 4]
                self.figures.differences.append(
                    f"channel {channel} from move {k + 1}: stored {stored[k:k + 4]}, posted {distinct[k:k + 4]} ({posts})")
                self._record(channel)

    def _record(self, channel: int) -> None:
        """Every message of a channel whose posts and stored moves part, deleted and private ones too,
        in the soak's folder (next to the bots' logs), for a look at how it came about."""
        lines = [f"{m.id} {'deleted ' if m.deleted else ''}{'private ' if m.ephemeral else ''}"
                 f"{'thinking ' if m.loading else ''}edits={m.edits} {how(m)} {m.content[:60]!r}"
                 for m in self.standin.messages.values() if m.channel_id == channel]
        (self.folder / f"channel-{channel}.txt").write_text("\n".join(lines) + "\n")

    async def _sqlite(self, statement: str, *args: Any) -> list[tuple]:
        return self.bots[0].sql(statement, *args)

    async def _postgres(self, statement: str, *args: Any) -> list[tuple]:
        import asyncpg

        from bot.db.postgres import numbered

        connection = await asyncpg.connect(self.database_url)
        try:
            return [tuple(row) for row in await connection.fetch(numbered(statement), *args)]
        finally:
            await connection.close()


def distinct_posts(messages: list[Message]) -> list[str]:
    """The moves announced in a channel, in order, each board counted once however often it was posted
    (a second post of the same move right after the first: the same ply again)."""
    moves: list[str] = []
    boards: set[str | None] = set()
    for message in messages:
        found = PLAYED.search(message.content)
        board = next((name for name in message.files if name.endswith(".png")), None)
        if found and board not in boards:
            moves.append(found[1])
            boards.add(board)
    return moves


def pinged_twice(messages: list[Message]) -> list[str]:
    """The boards whose people were notified twice: a board shown by an edit (which notifies nobody) is
    followed by one "see above" ping, a follow-up of its interaction or, from a poster that filled in the
    reply, a message of its own in the channel (counted for the last board above it)."""
    pings: dict[int, int] = {}  # by the board's message id
    last_board: Message | None = None
    for message in messages:
        if any(name.endswith(".png") for name in message.files):
            last_board = message
        elif message.content.endswith("see above."):
            board = last_board if message.interaction_id is None else next(
                (m for m in messages if m.interaction_id == message.interaction_id
                 and any(name.endswith(".png") for name in m.files)), None)
            if board is not None:
                pings[board.id] = pings.get(board.id, 0) + 1
    boards = {m.id: m for m in messages}
    return [f"{how(boards[board])} pinged {count} times" for board, count in pings.items() if count > 1]


def doubled(messages: list[Message]) -> list[str]:
    """The boards posted more than once, with how each copy came (a reply to an interaction, a follow-up
    or an edit of one, or a channel post and its nonce)."""
    copies: dict[str, list[Message]] = {}
    for message in messages:
        board = next((name for name in message.files if name.endswith(".png")), None)
        if board and PLAYED.search(message.content):
            copies.setdefault(board, []).append(message)
    return [f"{board} posted {len(found)} times: " + ", ".join(how(m) for m in found)
            for board, found in copies.items() if len(found) > 1]


def how(message: Message) -> str:
    """How a move's message came: as the reply to an interaction, or as a channel post with a nonce."""
    what = f"reply to {message.interaction_id}" if message.interaction_id else f"channel post, nonce {message.nonce}"
    played = PLAYED.search(message.content)
    return f"{what} ({played[1] if played else '-'}, {next(iter(message.files), '')})"
