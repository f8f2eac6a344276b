"""What the console prints: the help, lists of matches and of moves (one a line), results and rules, and
what to do instead of a move the rules refused."""
from __future__ import annotations

from collections.abc import Sequence

from bot.models import Match
from bot.rulebook import plain, rules_text
from games import GAMES
from renderers.results import scores_text, seated, who_won
from rules import Game, IllegalMove, InvalidNotation, State
from rules.core import counted, still_playing
from rules.parts import children, is_partial, unlabel
from rules.parts import starting as moves_from
from rules.rebuild import positions

MOVES_SHOWN = 120  # more legal moves than this are listed by their next parts

Entry = tuple[str, str]  # what is typed, and what it does


def help_text(head: str, entries: Sequence[Entry]) -> str:
    """A prompt's help: a line saying what to type, then a command a line, with what it does."""
    width = max(len(typed) for typed, _ in entries) + 2
    return "\n".join([head, *(f"  {typed:<{width}}{does}" for typed, does in entries)])


# What every prompt accepts besides its own answers and commands.
EVERYWHERE: list[Entry] = [
    ("replay N", "match N's replay, an animated GIF a frame a move, written beside the boards"),
    ("analyse N", "the computer's analysis of finished match N (`analyse`: the last one to finish here)"),
    ("rules", "a game's rules (`rules attaxx`)"),
    ("help", "this text"),
    ("quit, exit", "stop here (Ctrl-C and Ctrl-D too); every match is kept for next time"),
]

MOVE_HELP: list[Entry] = [
    ("?", "build a move step by step, picking each part from a numbered list"),
    ("moves", "the legal moves, one a line (`moves c1`: those starting c1)"),
    ("history", "the moves played so far"),
    ("board", "show the board again"),
    ("draw", "offer a draw"),
    ("takeback", "take the last move back, if its opponent agrees (against the computer: at once, with its reply)"),
    ("resign", "give up this match: a loss (in a game of more than two a computer plays on in your seat)"),
    ("matches", "the local matches in progress (`matches ann`: those ann plays in)"),
    ("switch N", "play match N instead; this one waits"),
    ("new", "set up another match; this one waits (`new attaxx`: a match of that game)"),
    ("abandon", "end this match unrated: nobody wins or loses (`abandon N`: match N)"),
    ("replay", "this match so far as an animated GIF, written beside the boards (`replay N`: match N)"),
    *[(typed, does) for typed, does in EVERYWHERE if typed != "replay N"],
]
MOVE_HEAD = "Type a move in the game's notation, or one of:"
MOVE_RULES = ("rules", "this game's rules (`rules attaxx`: another game's)")

MENU_HELP: list[Entry] = [
    ("N", "resume match N, by its number (Enter: the one in brackets, if any)"),
    ("new", "set up a new match (`new attaxx`: a match of that game)"),
    ("rematch", "the match that just ended again: the same players, each one seat on"),
    ("abandon N", "end match N unrated: nobody wins or loses"),
    *EVERYWHERE,
]
MENU_HEAD = "Type one of:"

SETUP_HELP: list[Entry] = [
    ("back", "the question before this one again (at the first: back to where `new` was typed)"),
    *EVERYWHERE,
]
SETUP_HEAD = "Answer the question (Enter: the answer in brackets, if any), or type one of:"


def move_help(notation: str) -> str:
    """The move prompt's help, with the game's notation."""
    entries = [MOVE_RULES if typed == "rules" else (typed, does) for typed, does in MOVE_HELP]
    return help_text(MOVE_HEAD, entries) + f"\nNotation: {notation}"


def menu_help(rematch: bool) -> str:
    """The menu's help; `rematch` when a match has just ended."""
    return help_text(MENU_HEAD, [entry for entry in MENU_HELP if rematch or entry[0] != "rematch"])


def setup_help(game: Game | None) -> str:
    """The set-up questions' help; `game` once chosen (then `rules` alone gives its rules)."""
    entries = [("rules", f"{game.title}'s rules (`rules attaxx`: another game's)") if typed == "rules" and game
               else (typed, does) for typed, does in SETUP_HELP]
    return help_text(SETUP_HEAD, entries)


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


def player_at(match: Match, seat: int) -> str:
    """Who plays a seat, with its side, as every line says it: "alice (White)", "Computer (hard) · Blue",
    "Computer for bob (Green)" (the computer playing on for a player who left)."""
    return seated(match.names[seat], match.rules.seat_name(seat))


def match_line(match: Match, current: int | None = None) -> str:
    """A match in progress, as lists show it: number, game, players, whose turn, moves played."""
    turn = f"{player_at(match, match.seat_to_move)} to move" if match.to_move else "over"
    played = counted(len(match.moves), "move") + " played" if match.moves else "no moves yet"
    mark = "  (this one)" if match.id == current else ""
    return f"  #{match.id}  {match.rules.title} · {' vs '.join(match.names)} · {turn} · {played}{mark}"


def move_lines(state: State, start: str = "") -> list[str]:
    """Every legal move (those starting like `start`), one a line; where there are too many to read,
    their next parts with how many moves follow each."""
    moves = state.legal_moves()
    if start:
        moves = moves_from(state, start, moves)
        if not moves:
            return [f"No legal move starts {start}: `moves` lists them all."]
    starting = f" starting {start}" if start else ""
    if len(moves) <= MOVES_SHOWN:
        return [f"{counted(len(moves), 'legal move')}{starting}:"] + [f"  {move}" for move in moves]
    return ([f"{len(moves)} legal moves{starting}; type `moves` and one of these:"]
            + [f"  {branch.label}" for branch in children(state, start, moves)])


def history_lines(match: Match) -> list[str]:
    """The moves played so far, one a line, numbered, with who played each."""
    if not match.moves:
        return ["No moves played yet."]
    states = positions(match.rules, len(match.seats), match.options, match.seed, match.moves)
    seats = [still_playing(state.to_move) for state, _ in zip(states, match.moves)]  # who made each move
    movers = [player_at(match, seat) for seat in seats]
    width = max(map(len, movers))
    return [f"Moves played in match {match.id}:"] + [
        f"  {ply:>3}. {mover:<{width}}  {move}" for ply, (mover, move) in enumerate(zip(movers, match.moves), 1)]


def result_lines(match: Match) -> list[str]:
    """How a finished match ended: "Result: alice wins (board full).", "Result: Draw between alice and
    bob (draw agreed).", for N players every place in order; then the scores if they decided it."""
    outcome = match.outcome
    if outcome is None:
        raise ValueError(f"match {match.id} has no result: it is not over")
    lines = [f"Result: {who_won(outcome, match.names, every_place=True)} ({outcome.reason})."]
    if outcome.scores is not None:
        lines.append(f"Scores: {scores_text(outcome, match.names)}")
    return lines


def numbers(matches: Sequence[Match]) -> str:
    """"3 or 5": the numbers of the matches listed."""
    ids = [str(m.id) for m in matches]
    return ids[0] if len(ids) == 1 else ", ".join(ids[:-1]) + " or " + ids[-1]


def refusal(state: State, typed: str, error: IllegalMove) -> str:
    """What to say of a move the rules refused, with what to do instead."""
    if is_partial(state, unlabel(state, typed)):
        return f"{typed} is only the start of a move: `moves {typed}` lists how it can go on; `?` builds a move step by step."
    reason = str(error).rstrip(".")
    if not isinstance(error, InvalidNotation):
        return reason + " (`moves` lists the legal moves)."
    if not any(c.isdigit() for c in typed):  # a word, not a move: every notation names squares
        return reason + ". `help` lists the commands."
    return reason + "."
