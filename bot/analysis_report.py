"""The words and the graph of a match's analysis, the same at the console and on Discord: each player's
count of inaccuracies, mistakes and blunders, and each mistake or blunder with the move preferred."""
from __future__ import annotations

from typing import Any

from bot.models import Match
from engines.analysis import SEVERITIES, Analysis, Judgement
from rules.core import counted

PLURALS = {"inaccuracy": "inaccuracies"}
SHOWN = ("mistake", "blunder")  # the judgements listed one by one (inaccuracies are only counted)


NO_MISTAKES = "No mistakes or blunders: every move kept its player's chances."


def count_words(counts: dict[str, int]) -> str:
    """"2 inaccuracies · 1 mistake · no blunders"."""
    def words(severity: str) -> str:
        plural = PLURALS.get(severity, severity + "s")
        return counted(counts[severity], severity, plural) if counts.get(severity) else f"no {plural}"
    return " · ".join(words(severity) for severity in SEVERITIES)


def contest(match: Match) -> str:
    """"alice (White) vs bob (Black), 58 moves": who played what, and how long the match was."""
    players = " vs ".join(f"{name} ({match.rules.seat_name(s)})" for s, name in enumerate(match.names))
    return f"{players}, {counted(len(match.moves), 'move')}"


def player_lines(match: Match, analysis: Analysis, bold: bool = False) -> list[str]:
    """A line per seat: who played it and how many moves of theirs each severity caught."""
    b = "**" if bold else ""
    return [f"{b}{name}{b} ({match.rules.seat_name(seat)}): {count_words(analysis.counts(seat))}"
            for seat, name in enumerate(match.names)]


def outcome_word(value: float) -> str:
    return "won" if value >= 1.0 else "lost" if value <= 0.0 else "drawn"


def cost(analysis: Analysis, judgement: Judgement) -> str:
    """What a move cost its player: "won → lost" between positions solved exactly, else the fall of
    their winning chances as the graph shows it ("−34 %"; never less than the drop it was judged by)."""
    before, after = analysis.positions[judgement.ply], analysis.positions[judgement.ply + 1]
    seat = judgement.seat
    if before.exact and after.exact:
        return f"{outcome_word(before.values[seat])} → {outcome_word(after.values[seat])}"
    return f"−{round(max(judgement.drop, before.values[seat] - after.values[seat]) * 100)} %"


def mistake_lines(match: Match, analysis: Analysis, bold: bool = False) -> list[str]:
    """Each mistake and blunder in order: "14. bob (Black) b3c5: blunder (−34 %); c2 was better"."""
    b = "**" if bold else ""
    lines = []
    for judgement in analysis.judgements:
        if judgement.severity not in SHOWN:
            continue
        seat = judgement.seat
        who = f"{match.names[seat]} ({match.rules.seat_name(seat)})"
        better = f"; {b}{judgement.preferred}{b} was better" if judgement.preferred else ""
        lines.append(f"{judgement.ply + 1}. {who} {b}{judgement.move}{b}: {judgement.severity} "
                     f"({cost(analysis, judgement)}){better}")
    return lines


def report_lines(match: Match, analysis: Analysis, seconds: float) -> list[str]:
    """The analysis in plain text: the headline, each player's counts, each mistake and blunder."""
    head = f"Analysis of match {match.id}, {match.rules.title}: {contest(match)}, {seconds:.1f} s a position."
    mistakes = mistake_lines(match, analysis) or [NO_MISTAKES]
    return [head, *player_lines(match, analysis), *mistakes]


def graph_args(match: Match, analysis: Analysis) -> tuple[Any, ...]:
    """What renderers.graph draws the analysis from: the finished position, the names, each position's
    values and whether they are exact, and the judged moves."""
    return (match.state, match.names, [p.values for p in analysis.positions], [p.exact for p in analysis.positions],
            [(j.ply, j.seat, j.severity) for j in analysis.judgements])
