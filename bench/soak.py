"""The soak's long form: matches of several games played through the real bot (`python -m bot`) while it
is SIGKILLed and started again at random moments (tests/support/soak.py), then the figures: kills, moves
stored and posted, moves lost (stored, never posted) and duplicated (posted twice).

Examples (from the project root):
    .venv/bin/python bench/soak.py --minutes 10 --tables 6
    .venv/bin/python bench/soak.py --minutes 10 --tables 6 --database-url postgresql://user@host/emptydb --shards 2
"""
from __future__ import annotations

import argparse
import asyncio
import sys
import tempfile
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(PROJECT)] + [p for p in sys.path if Path(p or ".").resolve() != PROJECT / "bench"]

from tests.support.soak import Soak  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="how long the kills go on")
    parser.add_argument("--tables", type=int, default=6, help="matches at once, each in its own channel and game")
    parser.add_argument("--kill-every", type=float, nargs=2, default=(0.5, 4.0), metavar=("LOW", "HIGH"),
                        help="seconds between kills, uniformly at random")
    parser.add_argument("--database-url", help="postgresql://… (an empty database) instead of a SQLite file")
    parser.add_argument("--shards", type=int, default=1, help="bot processes, one shard each (PostgreSQL only)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, metavar="FOLDER",
                        help="keep the bots' logs and database there, with the messages of any channel that went wrong")
    args = parser.parse_args()
    if args.shards > 1 and not args.database_url:
        parser.error("several shard processes need --database-url (they share one PostgreSQL database)")
    with tempfile.TemporaryDirectory(prefix="soak-") as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        soak = Soak(folder, seed=args.seed, tables=args.tables, database_url=args.database_url, shards=args.shards)
        figures = asyncio.run(soak.run(args.minutes * 60, tuple(args.kill_every)))
    for line in figures.lines():
        print(line)
    return 0 if figures.clean else 1


if __name__ == "__main__":
    sys.exit(main())
