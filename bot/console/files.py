"""The files the console writes beside its database, and their names: the log, and in `boards/` the
pictures of every position, the analyses' graphs and the replays' GIFs, each written whole."""
from __future__ import annotations

from pathlib import Path

from bot.models import Match, MatchStatus

LOG_NAME = "console.log"  # the console's log, in the database's folder: the terminal is the players'


def write(path: Path, data: bytes) -> None:
    """Write a file whole or not at all (a session stopped halfway leaves no half picture behind)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    part = path.with_name(path.name + ".part")
    part.write_bytes(data)
    part.replace(path)


def picture_name(match: Match) -> str:
    """The file of the match's picture after its moves so far: `local-<match>-<seed>-<stamp>[-<n>left][-end].png`
    (the stamp is the number of moves, unless some were taken back: Match.stamp; `<n>left` once n players
    have left a game of more than two, whose cards then name the computer playing on for them).
    The match's random seed, stored with it, keeps apart the pictures of matches that share a number
    (a database deleted and started again, or another database beside it)."""
    left = sum(level is not None for level in match.stand_ins)
    return (f"local-{match.id}-{match.seed:08x}-{match.stamp}{f'-{left}left' if left else ''}"
            f"{'-end' if match.status == MatchStatus.FINISHED else ''}.png")


def replay_names(match: Match, parts: int) -> list[str]:
    """The files of the match's replay as it stands, named like its picture: `…-replay.gif`, or
    `…-replay-1.gif`, `…-replay-2.gif`, … where it takes several GIFs to stay within the upload limit."""
    stem = picture_name(match).removesuffix(".png") + "-replay"
    return [f"{stem}.gif"] if parts == 1 else [f"{stem}-{k}.gif" for k in range(1, parts + 1)]


def graph_name(match: Match) -> str:
    """The file of the match's analysis graph: `local-<match>-<seed>-analysis.png`."""
    return f"local-{match.id}-{match.seed:08x}-analysis.png"
