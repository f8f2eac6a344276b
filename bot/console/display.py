"""What the console shows of a match as it is played: each move announced, the board printed as text
with its picture written beside the database, and, once it ends, the result, the new ratings and the
local leaderboard."""
from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import games
from bot.console.files import picture_name, write
from bot.console.terminal import Terminal
from bot.console.text import player_at, result_lines
from bot.models import LOCAL_GUILD, Match, MoveResult
from bot.service import MatchService

log = logging.getLogger(__name__)


class Display:
    """The board and the moves at the terminal; the pictures in `boards`."""

    def __init__(self, service: MatchService, terminal: Terminal, boards: Path):
        self.service = service
        self.say = terminal.say
        self.boards = boards

    def announce(self, result: MoveResult) -> None:
        match, last = result.match, result.match.state.last
        line = f"{player_at(match, result.seat)} played {result.notation}"
        self.say(line + (f": {last.effect}." if last and last.effect else "."))
        for seat in last.passed if last else ():
            self.say(f"{player_at(match, seat)} has no legal move and passes.")

    async def show(self, match: Match) -> None:
        self.say()
        self.say(games.render_text(match.state, match.names).rstrip())
        path = await self.picture(match)
        if path is not None:
            self.say(f"Picture: {path}")

    async def picture(self, match: Match) -> Path | None:
        """The board PNG for this position, drawn once per ply (and once more if the match ended
        there by a resignation or an agreed draw); None if drawing failed (logged)."""
        path = self.boards / picture_name(match)
        if path.exists():
            return path
        try:
            png = await asyncio.to_thread(games.render, match.state, match.names)
            write(path, png)
        except Exception:
            log.exception("could not draw local match %s", match.id)
            return None
        return path

    async def end(self, match: Match) -> None:
        """How `match` ended, everyone's rating before and after, the game's local leaderboard, and how
        to see the match's analysis and replay."""
        self.say()
        for line in result_lines(match):
            self.say(line)
        self.say("Ratings: " + ", ".join(
            f"{c.player.name} {c.before:.0f} → {c.after:.0f} ({c.delta:+.0f})" for c in match.ratings))
        board, total = await self.service.leaderboard(LOCAL_GUILD, match.game)
        self.say(f"Local leaderboard, {match.rules.title}:")
        width = max(len(s.player.name) for s in board)
        for s in board:
            mark = "?" if s.provisional else " "
            self.say(f"  {s.rank:>2}. {s.player.name:<{width}}  {s.rating:>5.0f}{mark} {s.record}")
        if total > len(board):
            self.say(f"  … and {total - len(board)} more")
        if any(s.provisional for s in board):
            self.say("  (? = provisional: fewer games played)")
        self.say(f"The computer's analysis of this match: `analyse {match.id}` at any prompt, or "
                 f"`python -m bot.console --analyse {match.id}`. Its replay, an animated GIF: `replay {match.id}`.")
