"""What the console prints: the help, lists of matches and of moves (one a line), results and rules."""
from __future__ import annotations

from collections.abc import Sequence

from bot.models import Match
from bot.rulebook import plain, rules_text
from renderers.results import scores_text, who_won
from rules import GAMES, Game, State
from rules.core import counted
from rules.parts import branches, compact, entry
from rules.rebuild import positions

MOVES_SHOWN = 120  # more legal moves than this are listed by their next parts

HELP = """\
Type a move in the game's notation, or one of:
  ?          build a move step by step, picking each part from a numbered list
  moves      the legal moves, one a line (`moves c1`: those starting c1)
  history    the moves played so far
  board      show the board again
  draw       offer a draw
  takeback   take the last move back, if its opponent agrees (against the computer: at once, with its reply)
  resign     give up this match (it counts as a loss)
  matches    the local matches in progress (`matches ann`: those ann plays in)
  switch N   play match N instead; this one waits
  new        start another match; this one waits
  abandon    end this match unrated: nobody wins or loses (`abandon N`: match N)
  rules      this game's rules (`rules attaxx`: another game's)
  help       this text
  quit       stop here; every match is kept for next time"""


def find_game(answer: str) -> Game | None:
    """The game an answer names: by name, title or number in the list of games."""
    games = list(GAMES.values())
    answer = answer.strip().lower()
    if answer.isdigit() and 1 <= int(answer) <= len(games):
        return games[int(answer) - 1]
    return next((g for g in games if answer in (g.name, g.title.lower())), None)


def rules_for(name: str) -> str:
    """A game's rules as /rules gives them, without Discord's Markdown (by name, title or number)."""
    game = find_game(name)
    if game is None:
        return f"There is no game {name!r}. Games: {', '.join(GAMES)}."
    return f"{game.title}\n\n" + plain(rules_text(game))


def match_line(match: Match, current: int | None = None) -> str:
    """A match in progress, as lists show it: number, game, players, whose turn, moves played."""
    mover = match.to_move
    turn = f"{mover.name} ({match.rules.seat_name(match.state.to_move)}) to move" if mover else "over"
    played = counted(len(match.moves), "move") + " played" if match.moves else "no moves yet"
    mark = "  (this one)" if match.id == current else ""
    return f"  #{match.id}  {match.rules.title} · {' vs '.join(match.names)} · {turn} · {played}{mark}"


def move_lines(state: State, start: str = "") -> list[str]:
    """Every legal move (those starting like `start`), one a line; where there are too many to read,
    their next parts with how many moves follow each."""
    moves = state.legal_moves()
    if start:
        moves = [move for move in moves if compact(entry(state, move)).startswith(compact(start))]
        if not moves:
            return [f"No legal move starts {start}: `moves` lists them all."]
    starting = f" starting {start}" if start else ""
    if len(moves) <= MOVES_SHOWN:
        return [f"{counted(len(moves), 'legal move')}{starting}:"] + [f"  {move}" for move in moves]
    return ([f"{len(moves)} legal moves{starting}; type `moves` and one of these:"]
            + [f"  {branch.label}" for branch in branches(state, start)])


def history_lines(match: Match) -> list[str]:
    """The moves played so far, one a line, numbered, with who played each."""
    if not match.moves:
        return ["No moves played yet."]
    states = positions(match.game, len(match.seats), match.options, match.seed, match.moves)
    seats = [state.to_move for state, _ in zip(states, match.moves)]  # who made each move
    movers = [f"{match.names[seat]} ({match.rules.seat_name(seat)})" for seat in seats]
    width = max(map(len, movers))
    return [f"Moves played in match {match.id}:"] + [
        f"  {ply:>3}. {mover:<{width}}  {move}" for ply, (mover, move) in enumerate(zip(movers, match.moves), 1)]


def result_lines(match: Match) -> list[str]:
    """How a finished match ended: "Result: alice wins (board full).", "Result: Draw between alice and
    bob (draw agreed).", for N players every place in order; then the scores if they decided it."""
    outcome = match.outcome
    lines = [f"Result: {who_won(outcome, match.names, every_place=True)} ({outcome.reason})."]
    if outcome.scores is not None:
        lines.append(f"Scores: {scores_text(outcome, match.names)}")
    return lines


def numbers(matches: Sequence[Match]) -> str:
    """"3 or 5": the numbers of the matches listed."""
    ids = [str(m.id) for m in matches]
    return ids[0] if len(ids) == 1 else ", ".join(ids[:-1]) + " or " + ids[-1]
