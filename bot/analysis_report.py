"""The words and the graph of a match's analysis, the same at the console and on Discord: each player's
count of inaccuracies, mistakes and blunders, each mistake or blunder with the move preferred, what the
analysis was made with, and whether it is coarse.

Every move is credited to whoever made it: in a game of more than two, a seat's moves before its player
left are theirs, those after it the computer's that stood in (`hands`, from `Match.left_plies`). The
figure beside a mark is the one it was judged by (the judgement's `drop`: the fall beyond the searches'
noise), so it always lies within its severity's band of THRESHOLDS.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from bot.models import Match
from engines.analysis import ALPHABETA, SEVERITIES, Analysis, Judgement
from games import seats
from renderers.results import seated
from rules.core import counted

PLURALS = {"inaccuracy": "inaccuracies"}
SHOWN = ("mistake", "blunder")  # the judgements listed one by one (inaccuracies are only counted)


NO_MISTAKES = "No mistakes or blunders: every move kept its player's chances."


@dataclass(frozen=True)
class Hand:
    """Who made a seat's moves among the match's moves `plies` (indices in its move log)."""

    seat: int
    name: str
    plies: range


def hands(match: Match) -> list[Hand]:
    """Who made each seat's moves, seat by seat: its player; or, for a seat whose player left while a
    computer played on, the player up to then and the stand-in from then on."""
    names = match.names
    found = []
    every = range(len(match.moves))
    for seat, player in enumerate(match.seats):
        left = match.left_plies[seat] if seat < len(match.left_plies) else None
        if left is None or match.stand_in(seat) is None:  # its player throughout (or when they left is not known)
            found.append(Hand(seat, names[seat], every))
        elif left >= len(match.moves):  # left after the last move
            found.append(Hand(seat, player.name, every))
        elif left <= 0:  # left before the first
            found.append(Hand(seat, names[seat], every))
        else:
            found.append(Hand(seat, player.name, range(0, left)))
            found.append(Hand(seat, names[seat], range(left, len(match.moves))))
    return found


def made_by(match: Match, seat: int, ply: int) -> str:
    """The name of whoever made the move of `seat` at `ply`."""
    return next((hand.name for hand in hands(match) if hand.seat == seat and ply in hand.plies), match.names[seat])


def who(match: Match, name: str, seat: int, bold: bool = False) -> str:
    """A player with their side, "alice (White)", the name in bold when asked."""
    text = seated(name, match.rules.seat_name(seat))
    return text.replace(name, f"**{name}**", 1) if bold else text


def count_words(counts: dict[str, int]) -> str:
    """"2 inaccuracies · 1 mistake · no blunders"."""
    def words(severity: str) -> str:
        plural = PLURALS.get(severity, severity + "s")
        return counted(counts[severity], severity, plural) if counts.get(severity) else f"no {plural}"
    return " · ".join(words(severity) for severity in SEVERITIES)


def contest(match: Match) -> str:
    """"alice (White) vs bob (Black), 58 moves": who played what, and how long the match was; a seat
    whose player left is "bob then Computer for bob (Green)"."""
    seats: dict[int, list[str]] = {}
    for hand in hands(match):
        seats.setdefault(hand.seat, []).append(hand.name)
    players = " vs ".join(who(match, " then ".join(names), seat) for seat, names in seats.items())
    return f"{players}, {counted(len(match.moves), 'move')}"


def span(match: Match, hand: Hand) -> str:
    """Which of the seat's moves a hand made, where the seat changed hands: ", until move 12"."""
    if hand.plies.start > 0:
        return f", from move {hand.plies.start + 1}"
    if hand.plies.stop < len(match.moves):
        return f", until move {hand.plies.stop}"
    return ""


def player_lines(match: Match, analysis: Analysis, bold: bool = False) -> list[str]:
    """A line per player of each seat: who, and how many of their moves each severity caught."""
    return [f"{who(match, hand.name, hand.seat, bold)}{span(match, hand)}: "
            f"{count_words(analysis.counts(hand.seat, hand.plies))}" for hand in hands(match)]


def outcome_word(value: float) -> str:
    return "won" if value >= 1.0 else "lost" if value <= 0.0 else "drawn"


def cost(analysis: Analysis, judgement: Judgement) -> str:
    """What a move cost its player, as it was judged: "won → lost" between positions of a two-player game
    solved exactly, else the fall beyond the searches' noise ("−34 %"), rounded down so that it never
    reads as the next severity."""
    before, after = analysis.positions[judgement.ply], analysis.positions[judgement.ply + 1]
    seat = judgement.seat
    if analysis.players == 2 and before.exact and after.exact:
        return f"{outcome_word(before.values[seat])} → {outcome_word(after.values[seat])}"
    return f"−{math.floor(judgement.drop * 100 + 1e-9)} %"


def mistake_lines(match: Match, analysis: Analysis, bold: bool = False) -> list[str]:
    """Each mistake and blunder in order: "14. bob (Black) b3c5: blunder (−34 %); c2 was better"."""
    b = "**" if bold else ""
    lines = []
    for judgement in analysis.judgements:
        if judgement.severity not in SHOWN:
            continue
        seat = judgement.seat
        mover = who(match, made_by(match, seat, judgement.ply), seat)
        better = f"; {b}{judgement.preferred}{b} was better" if judgement.preferred else ""
        lines.append(f"{judgement.ply + 1}. {mover} {b}{judgement.move}{b}: {judgement.severity} "
                     f"({cost(analysis, judgement)}){better}")
    return lines


def made_with(analysis: Analysis, seconds: float) -> str:
    """What the analysis cost: "3,000 iterations a position, 4 moves measured twice, 38 s"; an analysis
    kept from before budgets says the time a position had."""
    if not analysis.work:
        return f"{seconds:.1f} s a position"
    unit = "nodes" if analysis.search == ALPHABETA else "iterations"
    twice = f", {counted(len(analysis.checks), 'move')} measured twice" if analysis.checks else ""
    return f"{analysis.work:,} {unit} a position{twice}, {seconds:.0f} s"


def coarse_line(analysis: Analysis) -> list[str]:
    """"This game's analysis is coarse: …", where it is."""
    return [f"This game's analysis is coarse: {analysis.coarse}."] if analysis.coarse else []


def report_lines(match: Match, analysis: Analysis, seconds: float) -> list[str]:
    """The analysis in plain text: the headline, whether it is coarse, each player's counts, each
    mistake and blunder."""
    head = f"Analysis of match {match.id}, {match.rules.title}: {contest(match)} ({made_with(analysis, seconds)})."
    mistakes = mistake_lines(match, analysis) or [NO_MISTAKES]
    return [head, *coarse_line(analysis), *player_lines(match, analysis), *mistakes]


def handed(match: Match) -> list[tuple[str, int] | None]:
    """Per seat, for the graph: who played it before a computer stood in, and from which move index the
    computer played (None: its player throughout)."""
    found: list[tuple[str, int] | None] = [None] * len(match.seats)
    for hand in hands(match):
        if hand.plies.start > 0:
            found[hand.seat] = (match.seats[hand.seat].name, hand.plies.start)
    return found


def graph_args(match: Match, analysis: Analysis) -> tuple[Any, ...]:
    """What renderers.graph draws the analysis from: the finished position, its seats, each position's
    values and whether they are exact, the judged moves, and the seats a computer took over."""
    return (match.state, seats(match.state, match.names), [p.values for p in analysis.positions],
            [p.exact for p in analysis.positions], [(j.ply, j.seat, j.severity) for j in analysis.judgements], handed(match))
