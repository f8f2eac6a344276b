"""The words of live play on Discord: a match's clocks as a line of text, the short message that pings
the player to move on a live board, and the low-time warning (a time control as a challenge states it,
and a live match's turn, are in bot.discord.messages)."""
from __future__ import annotations

from bot.discord.messages import mention, when
from bot.game_clock import clock_text
from bot.models import Match, MatchStatus
from i18n import _


def clock_line(match: Match, now: float) -> str:
    """Every player's time left at `now`, the player to move marked, low times flagged:
    "⏱️ ▶ **alice 4:32** · bob 2:10 ⚠️". Empty for a match without clocks."""
    clock = match.clock
    if clock is None:
        return ""
    names = match.names
    running = clock.running if match.status == MatchStatus.ACTIVE else None
    parts = []
    for seat, name in enumerate(names):
        shown = f"{name} {clock_text(clock.time_left(seat, now))}"
        if clock.is_low(seat, now) and match.status == MatchStatus.ACTIVE:
            shown += " ⚠️"
        parts.append(f"▶ **{shown}**" if seat == running else shown)
    return "⏱️ " + " · ".join(parts)


def ping_text(match: Match, now: float) -> str:
    """The short message that tells the player to move it is their turn on the live board above."""
    player, seat = match.to_move, match.state.to_move
    if player is None or seat is None or match.clock is None:
        return ""
    left = clock_text(match.clock.time_left(seat, now))
    # Translators: pings the player to move on a live board; {time} is the time left on their clock ("4:32")
    return _("♟️ {player}, your move in **{game}** #{match} ({time} left on your clock).", player=mention(player),
             game=match.rules.title, match=match.id, time=left)


def low_time_text(match: Match, now: float) -> str:
    """The warning, once a match, that the player to move has little time left."""
    seat = match.state.to_move
    assert seat is not None and match.clock is not None and match.deadline is not None
    # Translators: warns a player that their game clock is low; {deadline} reads "in 25 seconds"
    return _("⚠️ {player}, your clock is low in **{game}** #{match}: {time} left, it runs out {deadline}.",
             player=mention(match.seats[seat]), game=match.rules.title, match=match.id,
             time=clock_text(match.clock.time_left(seat, now)), deadline=when(match.deadline))
