"""The soak's long form: matches of several games played through the real bot (`python -m bot`) while it
is SIGKILLed and started again at random moments (tests/support/soak.py), then the figures: kills, moves
stored and posted, moves lost (stored, never posted) and duplicated (posted twice). With several shard
processes, a redelivery storm sends a share of the interactions to every process at nearly the same
moment, some kills falling between a storm's delivery and its answer; the figures then also say how
many interactions were delivered to every process, and count the duplicates: boards posted twice, a
board's ping posted twice, interactions answered twice. Slow uploads (boards that take seconds to reach
Discord) make posters slower than their grace, as a busy link does.

Examples (from the project root):
    .venv/bin/python bench/soak.py --minutes 10 --tables 6
    .venv/bin/python bench/soak.py --minutes 10 --tables 6 --database-url postgresql://user@host/emptydb --shards 2
    .venv/bin/python bench/soak.py --minutes 3 --shards 2 --storm 1.0   # on a PostgreSQL server of its own (pgserver)
    .venv/bin/python bench/soak.py --minutes 3 --shards 2 --storm 1.0 --slow-uploads 7 14 --note-grace 1
"""
from __future__ import annotations

import argparse
import asyncio
import contextlib
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

PROJECT = Path(__file__).resolve().parent.parent
sys.path[:] = [str(PROJECT)] + [p for p in sys.path if Path(p or ".").resolve() != PROJECT / "bench"]

from tests.support.soak import Soak  # noqa: E402


@contextlib.contextmanager
def own_postgres(folder: Path) -> Iterator[str]:
    """An empty database on a PostgreSQL server started for the run (pgserver's bundled binaries)."""
    import pgserver

    server = pgserver.get_server(folder / "postgres", cleanup_mode="stop")
    try:
        server.psql("CREATE DATABASE soak;")
        yield server.get_uri("soak")
    finally:
        server.cleanup()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=10.0, help="how long the kills go on")
    parser.add_argument("--tables", type=int, default=6, help="matches at once, each in its own channel and game")
    parser.add_argument("--kill-every", type=float, nargs=2, default=(0.5, 4.0), metavar=("LOW", "HIGH"),
                        help="seconds between kills, uniformly at random")
    parser.add_argument("--database-url", help="postgresql://… (an empty database) instead of a SQLite file; with"
                        " --shards and no address, a PostgreSQL server of the run's own")
    parser.add_argument("--shards", type=int, default=1, help="bot processes, one shard each (PostgreSQL only)")
    parser.add_argument("--storm", type=float, default=0.5, metavar="SHARE",
                        help="with several shards: the share of interactions delivered to every process (0 to 1)")
    parser.add_argument("--slow-uploads", type=float, nargs=2, metavar=("LOW", "HIGH"),
                        help="boards uploaded with interactions' answers take this many seconds, uniformly at random")
    parser.add_argument("--note-grace", type=float, default=3.0, metavar="SECONDS",
                        help="how long a change's poster has before the timer loops look at its note")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--keep", type=Path, metavar="FOLDER",
                        help="keep the bots' logs and database there, with the messages of any channel that went wrong")
    args = parser.parse_args()
    if not 0.0 <= args.storm <= 1.0:
        parser.error("--storm is a share of the interactions, from 0 to 1")
    with tempfile.TemporaryDirectory(prefix="soak-") as scratch, contextlib.ExitStack() as stack:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        url = args.database_url
        if args.shards > 1 and not url:  # several processes share one PostgreSQL database
            url = stack.enter_context(own_postgres(Path(scratch)))
        soak = Soak(folder, seed=args.seed, tables=args.tables, database_url=url, shards=args.shards,
                    storm=args.storm, slow_uploads=tuple(args.slow_uploads) if args.slow_uploads else None,
                    note_grace=args.note_grace)
        figures = asyncio.run(soak.run(args.minutes * 60, tuple(args.kill_every)))
    for line in figures.lines():
        print(line)
    return 0 if figures.clean else 1


if __name__ == "__main__":
    sys.exit(main())
