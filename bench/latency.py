"""The real bot (`python -m bot`) under load, through the local stand-in for Discord (tests/support).

The bot runs as its own process, from ROOT (`--root`, default: this checkout): cwd a temporary folder,
PYTHONPATH=ROOT, `sys.executable -m bot`, a SQLite file in that folder unless `--database-url
postgresql://…` is given. The stand-in and the simulated users always come from this checkout's
tests/support, so `--root /work/baseline` measures older code with the same harness. Players pick
random legal moves of Attaxx from /move's autocomplete. Every mode ends with a short summary: the
figures, interactions the stand-in saw answered late (after 3 s) or twice, and ERROR/WARNING lines in
the bot's log.

Modes:
  saturation (default)  MATCHES matches at once, each moving as fast as replies come (autocomplete,
                        then /move, up to MOVES moves). Moves/s, and p50/p95/p99/max of
                        "/move sent → board image reply received".
  load                  Offered load: MATCHES matches are started (challenge + Accept, spread out at
                        --setup-rate a second), then /move commands arrive open-loop at RATE a second
                        (Poisson, or --arrivals even) for SECONDS, each for a random idle match (its
                        player to move is not waiting on a reply); with none idle the arrival is counted
                        as skipped. Each match's choices come from autocomplete right after its previous
                        reply, so the autocomplete round trip is not in the latency. A finished match is
                        followed by a new one in the same channel. Achieved moves/s, latency, how far
                        sends fell behind the schedule.
  memory                The bot's resident memory (VmRSS from /proc) after start-up and after MATCHES
                        active matches were made (challenge + Accept + 2 moves each): its main process,
                        and the sum over it and all its descendants (the worker pools), RSS and PSS.
  startup               STORED matches are written into the database first by bench/stored_matches.py
                        (the service of ROOT, in a subprocess; a fifth active, the rest finished), then
                        the bot is started REPEATS times: time from launch to the gateway IDENTIFY, to the
                        reply of a /help sent right then, and to the reply of a /board after it; medians.

Examples (from the project root):
    .venv/bin/python bench/latency.py --matches 50 --moves 40
    .venv/bin/python bench/latency.py --root /work/baseline --matches 50 --moves 40
    .venv/bin/python bench/latency.py --mode load --rate 20 --matches 200 --seconds 60
    .venv/bin/python bench/latency.py --mode memory --matches 1000
    .venv/bin/python bench/latency.py --mode startup --stored 10000 [--repeats 3]
    .venv/bin/python bench/latency.py --mode load --database-url postgresql://user@host/emptydb
"""
from __future__ import annotations

import argparse
import asyncio
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
PROJECT = HERE.parent
# Run as a script, bench/ is sys.path[0], and its rules.py would shadow the rules package: the project
# root goes first, bench/ goes away.
sys.path[:] = [str(PROJECT)] + [p for p in sys.path if Path(p or ".").resolve() not in (HERE, PROJECT)]

# The measuring harness, the players and the reporting, and each mode's scenario live in
# bench/latency_harness.py, bench/latency_players.py and bench/latency_modes.py; bench/fairness.py loads
# this file and uses the names below from it.
from bench.latency_harness import RootBot, _status_kb, descendants, describe_root  # noqa: E402
from bench.latency_modes import load, memory, saturation, startup  # noqa: E402
from bench.latency_players import Running, percentile, report_problems, tables  # noqa: E402

__all__ = ["RootBot", "Running", "_status_kb", "describe_root", "descendants", "percentile", "report_problems",
           "tables"]


async def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0], epilog=__doc__.split("\n\n", 1)[1],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--mode", choices=["saturation", "load", "memory", "startup"], default="saturation")
    parser.add_argument("--root", type=Path, default=PROJECT, help="the checkout whose bot is run (default: this one)")
    parser.add_argument("--database-url", help="postgresql://… for the bot (default: a SQLite file in a temp folder)")
    parser.add_argument("--matches", type=int, default=None, help="matches at once (default: 50; load 200; memory 1000)")
    parser.add_argument("--moves", type=int, default=40, help="saturation: moves per match at most")
    parser.add_argument("--rate", type=float, default=20.0, help="load: /move commands offered a second")
    parser.add_argument("--seconds", type=float, default=60.0, help="load: how long the load is offered")
    parser.add_argument("--arrivals", choices=["poisson", "even"], default="poisson", help="load: arrival times")
    parser.add_argument("--setup-rate", type=float, default=20.0, help="load: matches started a second before the load")
    parser.add_argument("--concurrency", type=int, default=16, help="memory: matches being made at once")
    parser.add_argument("--stored", type=int, default=10_000, help="startup: matches stored before the bot starts")
    parser.add_argument("--repeats", type=int, default=3, help="startup: bot starts to take the median of")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--locale", default="en-US",
                        help="the Discord language of the players and of their server (de, ja, …): what the bot speaks")
    parser.add_argument("--keep", action="store_true", help="keep the temporary folder (bot.log, database)")
    args = parser.parse_args()
    args.root = args.root.resolve()
    if not (args.root / "bot" / "__main__.py").is_file():
        raise SystemExit(f"{args.root} holds no bot/__main__.py")
    if args.matches is None:
        args.matches = {"load": 200, "memory": 1000}.get(args.mode, 50)
    details = {"saturation": f"{args.matches} matches, {args.moves} moves each at most",
               "load": f"{args.rate:g} moves/s over {args.matches} matches for {args.seconds:g} s",
               "memory": f"{args.matches} matches", "startup": f"{args.stored} stored matches, {args.repeats} starts"}
    print(f"== {args.mode}: {details[args.mode]}; bot from {describe_root(args.root)}; "
          f"{'PostgreSQL' if args.database_url else 'SQLite'}; load average {os.getloadavg()[0]:.2f}")
    await {"saturation": saturation, "load": load, "memory": memory, "startup": startup}[args.mode](args)


if __name__ == "__main__":
    asyncio.run(main())
