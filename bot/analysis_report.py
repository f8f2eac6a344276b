"""The words and the graph of a match's analysis, the same at the console and on Discord: each player's
count of inaccuracies, mistakes and blunders, each mistake or blunder with the move preferred, what the
analysis was made with, and whether it is coarse.

Every move is credited to whoever made it: in a game of more than two, a seat's moves before its player
left are theirs, those after it the computer's that stood in (`hands`, from `Match.left_plies`). The
figure beside a mark is the one it was judged by (the judgement's `drop`: the fall beyond the searches'
noise), so it always lies within its severity's band of THRESHOLDS.

Every line is in the current language; the judgements ("inaccuracy", "mistake", "blunder") and why an
analysis is coarse are kept in English in the analysis and translated here, where they are shown.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from bot.models import Match
from engines.analysis import ALPHABETA, SEVERITIES, Analysis, Judgement
from games import seats
from i18n import N_, _, ngettext, number, pgettext
from renderers.results import seated

SHOWN = ("mistake", "blunder")  # the judgements listed one by one (inaccuracies are only counted)

# shown with _(NO_MISTAKES)
NO_MISTAKES = N_("No mistakes or blunders: every move kept its player's chances.")


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


def severity_word(severity: str) -> str:
    """A judgement's name in the current language: "inaccuracy", "mistake", "blunder"."""
    if severity == "inaccuracy":
        # Translators: a move that cost its player a little of their chances (the mildest judgement)
        return pgettext("judgement", "inaccuracy")
    if severity == "mistake":
        # Translators: a move that cost its player much of their chances
        return pgettext("judgement", "mistake")
    if severity == "blunder":
        # Translators: a move that cost its player most of their chances (the worst judgement)
        return pgettext("judgement", "blunder")
    return severity


def severity_count(severity: str, count: int) -> str:
    """"2 inaccuracies", "1 mistake", "no blunders"."""
    if severity == "inaccuracy":
        return ngettext("{n} inaccuracy", "{n} inaccuracies", count) if count else _("no inaccuracies")
    if severity == "mistake":
        return ngettext("{n} mistake", "{n} mistakes", count) if count else _("no mistakes")
    if severity == "blunder":
        return ngettext("{n} blunder", "{n} blunders", count) if count else _("no blunders")
    return f"{number(count)} {severity}"


def count_words(counts: dict[str, int]) -> str:
    """"2 inaccuracies · 1 mistake · no blunders"."""
    return " · ".join(severity_count(severity, counts.get(severity, 0)) for severity in SEVERITIES)


def together(names: list[str], message: str) -> str:
    """Names joined two by two by `message` (with `{first}` and `{second}`, translated here)."""
    joined = names[0]
    for name in names[1:]:
        joined = _(message, first=joined, second=name)
    return joined


def contest(match: Match) -> str:
    """"alice (White) vs bob (Black), 58 moves": who played what, and how long the match was; a seat
    whose player left is "bob then Computer for bob (Green)"."""
    seats: dict[int, list[str]] = {}
    for hand in hands(match):
        seats.setdefault(hand.seat, []).append(hand.name)
    # Translators: who played a seat, one after the other: "bob then Computer for bob"
    then = N_("{first} then {second}")
    # Translators: the players of a match, one against the other: "alice (White) vs bob (Black)"
    versus = N_("{first} vs {second}")
    players = together([who(match, together(names, then), seat) for seat, names in seats.items()], versus)
    # Translators: {players} played a match of {n} moves: "alice (White) vs bob (Black), 58 moves"
    return ngettext("{players}, {n} move", "{players}, {n} moves", len(match.moves), players=players)


def player_line(match: Match, hand: Hand, counts: str, bold: bool = False) -> str:
    """A player's line: who, which of the seat's moves they made where the seat changed hands (", until
    move 12"), and `counts`, how many of their moves each severity caught."""
    player = who(match, hand.name, hand.seat, bold)
    if hand.plies.start > 0:
        # Translators: a player who made the seat's moves from move {move} on (a computer stood in), and their counts
        return _("{player}, from move {move}: {counts}", player=player, move=hand.plies.start + 1, counts=counts)
    if hand.plies.stop < len(match.moves):
        # Translators: a player who made the seat's moves until move {move} (they left), and their counts
        return _("{player}, until move {move}: {counts}", player=player, move=hand.plies.stop, counts=counts)
    return _("{player}: {counts}", player=player, counts=counts)


def player_lines(match: Match, analysis: Analysis, bold: bool = False) -> list[str]:
    """A line per player of each seat: who, and how many of their moves each severity caught."""
    return [player_line(match, hand, count_words(analysis.counts(hand.seat, hand.plies)), bold) for hand in hands(match)]


def outcome_word(value: float) -> str:
    """What a position was for a player, where it is solved exactly: won, lost or drawn."""
    if value >= 1.0:
        # Translators: a position solved exactly, for the player to move: "won → lost"
        return pgettext("position", "won")
    if value <= 0.0:
        return pgettext("position", "lost")
    return pgettext("position", "drawn")


def cost(analysis: Analysis, judgement: Judgement) -> str:
    """What a move cost its player, as it was judged: "won → lost" between positions of a two-player game
    solved exactly, else the fall beyond the searches' noise ("−34 %"), rounded down so that it never
    reads as the next severity."""
    before, after = analysis.positions[judgement.ply], analysis.positions[judgement.ply + 1]
    seat = judgement.seat
    if analysis.players == 2 and before.exact and after.exact:
        return f"{outcome_word(before.values[seat])} → {outcome_word(after.values[seat])}"
    # Translators: what a move cost its player's chances, in percentage points ("−34 %")
    return _("−{points} %", points=math.floor(judgement.drop * 100 + 1e-9))


def mistake_lines(match: Match, analysis: Analysis, bold: bool = False) -> list[str]:
    """Each mistake and blunder in order: "14. bob (Black) b3c5: blunder (−34 %); c2 was better"."""
    b = "**" if bold else ""
    lines = []
    for judgement in analysis.judgements:
        if judgement.severity not in SHOWN:
            continue
        seat = judgement.seat
        mover = who(match, made_by(match, seat, judgement.ply), seat)
        words = {"ply": judgement.ply + 1, "player": mover, "move": f"{b}{judgement.move}{b}",
                 "severity": severity_word(judgement.severity), "cost": cost(analysis, judgement)}
        if judgement.preferred:
            better = b + judgement.preferred + b
            # Translators: a move judged: "14. bob (Black) b3c5: blunder (−34 %); c2 was better" ({ply}: the move's number)
            lines.append(_("{ply}. {player} {move}: {severity} ({cost}); {better} was better", better=better, **words))
        else:
            # Translators: a move judged: "14. bob (Black) b3c5: blunder (−34 %)" ({ply}: the move's number)
            lines.append(_("{ply}. {player} {move}: {severity} ({cost})", **words))
    return lines


def made_with(analysis: Analysis, seconds: float) -> str:
    """What the analysis cost: "3,000 iterations a position, 4 moves measured twice, 38 s"; an analysis
    kept from before budgets says the time a position had."""
    if not analysis.work:
        # Translators: the time the computer had to search each position, in seconds
        return _("{seconds} s a position", seconds=number(seconds, 1))
    if analysis.search == ALPHABETA:
        # Translators: how much the computer searched each position (nodes of a game tree)
        work = ngettext("{n} node a position", "{n} nodes a position", analysis.work)
    else:
        # Translators: how much the computer searched each position (iterations of its search)
        work = ngettext("{n} iteration a position", "{n} iterations a position", analysis.work)
    took = f"{seconds:.0f}"
    if analysis.checks:
        # Translators: {work}: "3,000 iterations a position"; {n} moves searched again; {seconds}: the time it took
        return ngettext("{work}, {n} move measured twice, {seconds} s", "{work}, {n} moves measured twice, {seconds} s",
                        len(analysis.checks), work=work, seconds=took)
    # Translators: {work}: "3,000 iterations a position"; {seconds}: the time the analysis took
    return _("{work}, {seconds} s", work=work, seconds=took)


def coarse_line(analysis: Analysis) -> list[str]:
    """"This game's analysis is coarse: …", where it is."""
    # Translators: {why} says why ("the computer knows only its rules and …")
    return [_("This game's analysis is coarse: {why}.", why=_(analysis.coarse))] if analysis.coarse else []


def report_lines(match: Match, analysis: Analysis, seconds: float) -> list[str]:
    """The analysis in plain text: the headline, whether it is coarse, each player's counts, each
    mistake and blunder."""
    head = _("Analysis of match {match}, {game}: {contest} ({made_with}).", match=match.id, game=match.rules.title,
             contest=contest(match), made_with=made_with(analysis, seconds))
    mistakes = mistake_lines(match, analysis) or [_(NO_MISTAKES)]
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
