"""What the console shows of a match as it is played: each move announced, the board printed as text
with its picture written beside the database (both with the clocks of a match on a game clock) and the
last moves played, a time-out, and, once it ends, the result, the new ratings and the local leaderboard."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence
from pathlib import Path

import games
from bot.console.files import picture_name, write
from bot.console.terminal import Terminal
from bot.console.text import history_lines, player_at, rating, rating_change, result_lines
from bot.game_clock import with_clocks
from bot.models import LOCAL_GUILD, Match, MoveResult
from bot.move_list import RECENT
from bot.service import MatchService
from i18n import _, ngettext

log = logging.getLogger(__name__)


class Display:
    """The board and the moves at the terminal; the pictures in `boards`."""

    def __init__(self, service: MatchService, terminal: Terminal, boards: Path):
        self.service = service
        self.say = terminal.say
        self.boards = boards

    def announce(self, result: MoveResult) -> None:
        match, last = result.match, result.match.state.last
        player = player_at(match, result.seat)
        effect = last.effect_text() if last else ""
        if effect:
            self.say(_("{player} played {move}: {effect}.", player=player, move=result.notation, effect=effect))
        else:
            self.say(_("{player} played {move}.", player=player, move=result.notation))
        for seat in last.passed if last else ():
            self.say(_("{player} has no legal move and passes.", player=player_at(match, seat)))

    async def show(self, match: Match) -> None:
        """The board as text and the path of its picture, both with the clocks as they stand now in a
        match on a game clock, then the last moves played."""
        names = with_clocks(match.names, match.clock, self.service.clock())
        self.say()
        self.say(games.render_text(match.state, names).rstrip())
        path = await self.picture(match, names)
        if path is not None:
            self.say(_("Picture: {path}", path=path))
        for line in history_lines(match, await self.service.moves_played(match), RECENT):
            self.say(line)

    async def picture(self, match: Match, names: Sequence[str]) -> Path | None:
        """The board PNG for this position, drawn with `names`, once per ply (and once more if the match
        ended there by a resignation, an agreed draw or on time), or each time while a clock runs (its
        time left changes); None if drawing failed (logged)."""
        path = self.boards / picture_name(match)
        if path.exists() and (match.clock is None or match.clock.running is None):
            return path
        try:
            png = await asyncio.to_thread(games.render, match.state, names)
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
        changes = [_("{player} {before} → {after} ({change})", player=c.player.name, before=rating(c.before),
                     after=rating(c.after), change=rating_change(c.delta)) for c in match.ratings]
        self.say(_("Ratings: {changes}", changes=", ".join(changes)))
        board, total = await self.service.leaderboard(LOCAL_GUILD, match.game)
        self.say(_("Local leaderboard, {game}:", game=match.rules.title))
        width = max(len(s.player.name) for s in board)
        for s in board:
            mark = "?" if s.provisional else " "
            self.say(f"  {s.rank:>2}. {s.player.name:<{width}}  {rating(s.rating):>5}{mark} {s.record}")
        if total > len(board):
            # Translators: the players of a leaderboard not listed
            self.say("  " + ngettext("… and {n} more", "… and {n} more", total - len(board)))
        if any(s.provisional for s in board):
            self.say("  " + _("(? = provisional: fewer games played)"))
        self.say(_("The computer's analysis of this match: `analyse {match}` at any prompt, or "
                   "`python -m bot.console --analyse {match}`. Its replay, an animated GIF: `replay {match}`.",
                   match=match.id))
