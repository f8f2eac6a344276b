"""Latency of the real bot under load: many matches at once through the local stand-in for Discord.

Starts `python -m bot` against the stand-in, opens MATCHES matches in as many channels, and has the
players of every match make random legal moves (from autocomplete) concurrently. Prints p50/p95/p99 of
"interaction sent → board image received" for /move, and moves per second.

    .venv/bin/python bench/latency.py [--matches 50] [--moves 40]
"""
from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.support.process import BotProcess  # noqa: E402
from tests.support.standin import StandIn  # noqa: E402
from tests.support.users import Discord, User  # noqa: E402

GUILD = 777


async def one_match(users: Discord, channel: int, players: tuple[User, User], moves: int, rng: random.Random,
                    latencies: list[float]) -> int:
    challenge = await (await users.command(players[0], channel, "challenge", "attaxx", opponent=players[1])).reply()
    await (await users.press(players[1], challenge, "Accept")).messages(1)
    mover, played = players[0], 0
    for _ in range(moves):
        choices = await users.autocomplete(mover, channel, "move", "notation", "")
        if not choices:
            break
        sent = time.perf_counter()
        reply = await (await users.command(mover, channel, "move", notation=rng.choice(choices))).reply()
        latencies.append(time.perf_counter() - sent)
        if reply.ephemeral or not reply.files:
            raise RuntimeError(f"move refused: {reply.content}")
        played += 1
        if "🏁" in reply.content:
            break
        [mentioned] = reply.mentions
        mover = players[0] if players[0].id == mentioned else players[1]
    return played


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=50)
    parser.add_argument("--moves", type=int, default=40, help="moves per match at most")
    args = parser.parse_args()

    channels = [10_000 + i for i in range(args.matches)]
    standin = StandIn({GUILD: channels})
    await standin.start()
    with tempfile.TemporaryDirectory() as folder:
        bot = BotProcess(standin, Path(folder), sweep_seconds=300)
        await bot.start()
        users = Discord(standin, standin.dispatch, GUILD)
        rng = random.Random(1)
        latencies: list[float] = []
        started = time.perf_counter()
        try:
            played = await asyncio.gather(*[
                one_match(users, channel, (User(2 * i + 1, f"p{2 * i + 1}"), User(2 * i + 2, f"p{2 * i + 2}")),
                          args.moves, random.Random(rng.random()), latencies)
                for i, channel in enumerate(channels)
            ])
        finally:
            elapsed = time.perf_counter() - started
            await bot.stop()
            await standin.stop()
        late = [i for i in standin.interactions.values() if i.error]
    ms = [s * 1000 for s in latencies]
    print(f"{args.matches} concurrent matches, {sum(played)} moves in {elapsed:.1f} s "
          f"({sum(played) / elapsed:.1f} moves/s, including autocomplete, challenges and accepts)")
    print(f"/move → board image received: p50 {percentile(ms, 50):.1f} ms, p95 {percentile(ms, 95):.1f} ms, "
          f"p99 {percentile(ms, 99):.1f} ms, max {max(ms):.1f} ms, mean {statistics.fmean(ms):.1f} ms")
    print(f"interactions answered late or twice: {len(late)}")


if __name__ == "__main__":
    asyncio.run(main())
