"""What the console prints: the help, lists of matches and of moves (one a line), results and rules, and
what to do instead of a move the rules refused."""
from __future__ import annotations

from collections.abc import Sequence

from bot import move_list
from bot.models import Match
from bot.move_list import PlayedMove
from bot.rulebook import plain, rules_text
from games import GAMES
from i18n import N_, _, ngettext, number
from renderers.results import scores_text, seated, who_won
from rules import Game, IllegalMove, InvalidNotation, State
from rules.parts import children, is_partial, unlabel
from rules.parts import starting as moves_from

MOVES_SHOWN = 120  # more legal moves than this are listed by their next parts

Entry = tuple[str, str]  # what is typed (the same in every language), and what it does (a message marked N_)


def help_text(head: str, entries: Sequence[Entry]) -> str:
    """A prompt's help: a line saying what to type, then a command a line, with what it does (`head` and
    the descriptions already in the language spoken)."""
    width = max(len(typed) for typed, _does in entries) + 2
    return "\n".join([head, *(f"  {typed:<{width}}{does}" for typed, does in entries)])


def translated(entries: Sequence[Entry]) -> list[Entry]:
    """Help entries with what each does in the language spoken (what is typed stays)."""
    return [(typed, _(does)) for typed, does in entries]


# What every prompt accepts besides its own answers and commands.
EVERYWHERE: list[Entry] = [
    # Translators: N stands for a match's number, as in the command it describes ("replay N")
    ("replay N", N_("match N's replay, an animated GIF a frame a move, written beside the boards")),
    ("analyse N", N_("the computer's analysis of finished match N (`analyse`: the last one to finish here)")),
    ("rules", N_("a game's rules (`rules attaxx`)")),
    ("help", N_("this text")),
    ("quit, exit", N_("stop here (Ctrl-C and Ctrl-D too); every match is kept for next time")),
]

MOVE_HELP: list[Entry] = [
    ("?", N_("build a move step by step, picking each part from a numbered list")),
    ("moves", N_("the legal moves, one a line (`moves c1`: those starting c1)")),
    ("history", N_("every move played so far, numbered, with who played each (the board shows the last ones)")),
    ("board", N_("show the board again")),
    ("draw", N_("offer a draw")),
    ("takeback", N_("take the last move back, if its opponent agrees (against the computer: at once, with its reply)")),
    ("resign", N_("give up this match: a loss (in a game of more than two a computer plays on in your seat)")),
    ("matches", N_("the local matches in progress (`matches ann`: those ann plays in)")),
    ("switch N", N_("play match N instead; this one waits")),
    ("new", N_("set up another match; this one waits (`new attaxx`: a match of that game)")),
    ("abandon", N_("end this match unrated: nobody wins or loses (`abandon N`: match N)")),
    ("replay", N_("this match so far as an animated GIF, written beside the boards (`replay N`: match N)")),
    *[(typed, does) for typed, does in EVERYWHERE if typed != "replay N"],
]
MOVE_HEAD = N_("Type a move in the game's notation, or one of:")
MOVE_RULES = ("rules", N_("this game's rules (`rules attaxx`: another game's)"))

MENU_HELP: list[Entry] = [
    ("N", N_("resume match N, by its number (Enter: the one in brackets, if any)")),
    ("new", N_("set up a new match (`new attaxx`: a match of that game)")),
    ("rematch", N_("the match that just ended again: the same players, each one seat on")),
    ("abandon N", N_("end match N unrated: nobody wins or loses")),
    *EVERYWHERE,
]
MENU_HEAD = N_("Type one of:")

SETUP_HELP: list[Entry] = [
    ("back", N_("the question before this one again (at the first: back to where `new` was typed)")),
    *EVERYWHERE,
]
SETUP_HEAD = N_("Answer the question (Enter: the answer in brackets, if any), or type one of:")


def move_help(notation: str) -> str:
    """The move prompt's help, with the game's notation (in the language spoken)."""
    entries = [MOVE_RULES if typed == "rules" else (typed, does) for typed, does in MOVE_HELP]
    return help_text(_(MOVE_HEAD), translated(entries)) + "\n" + _("Notation: {notation}", notation=notation)


def menu_help(rematch: bool) -> str:
    """The menu's help; `rematch` when a match has just ended."""
    return help_text(_(MENU_HEAD), translated([entry for entry in MENU_HELP if rematch or entry[0] != "rematch"]))


def setup_help(game: Game | None) -> str:
    """The set-up questions' help; `game` once chosen (then `rules` alone gives its rules)."""
    entries = [("rules", _("{game}'s rules (`rules attaxx`: another game's)", game=game.title))
               if typed == "rules" and game else (typed, _(does)) for typed, does in SETUP_HELP]
    return help_text(_(SETUP_HEAD), entries)


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
        return no_game(name)
    return f"{game.title}\n\n" + plain(rules_text(game))


def no_game(name: str) -> str:
    """What to say of a game name that names none: the games there are."""
    return _("There is no game {name}. Games: {games}.", name=repr(name), games=", ".join(GAMES))


def versus(names: Sequence[str]) -> str:
    """The players of a match, as lines name them: "alice vs bob"."""
    # Translators: between the names of a match's players, "alice vs bob"
    vs = _("vs")
    return f" {vs} ".join(names)


def rating(value: float) -> str:
    """A rating as the language writes numbers, without a thousands separator, as ratings are written
    ("1500")."""
    return number(value, grouped=False)


def rating_change(value: float) -> str:
    """A change of rating with its sign: "+16", "-8", "+0"."""
    text = rating(value)
    return text if text.startswith(("-", "\u2212")) else "+" + text


def player_at(match: Match, seat: int) -> str:
    """Who plays a seat, with its side, as every line says it: "alice (White)", "Computer (hard) · Blue",
    "Computer for bob (Green)" (the computer playing on for a player who left)."""
    return seated(match.names[seat], match.rules.seat_name(seat))


def match_line(match: Match, current: int | None = None) -> str:
    """A match in progress, as lists show it: number, game, players, whose turn, moves played."""
    # Translators: a match in a list of matches, whose play is over
    over = _("over")
    turn = _("{player} to move", player=player_at(match, match.seat_to_move)) if match.to_move else over
    played = (ngettext("{n} move played", "{n} moves played", len(match.moves)) if match.moves
              else _("no moves yet"))
    # Translators: marks the match being played in a list of matches
    mark = "  " + _("(this one)") if match.id == current else ""
    return f"  #{match.id}  {match.rules.title} · {versus(match.names)} · {turn} · {played}{mark}"


def move_lines(state: State, start: str = "") -> list[str]:
    """Every legal move (those starting like `start`), one a line; where there are too many to read,
    their next parts with how many moves follow each."""
    moves = state.legal_moves()
    if start:
        moves = moves_from(state, start, moves)
        if not moves:
            return [_("No legal move starts {start}: `moves` lists them all.", start=start)]
    count = len(moves)
    if count <= MOVES_SHOWN:
        head = (ngettext("{n} legal move starting {start}:", "{n} legal moves starting {start}:", count, start=start)
                if start else ngettext("{n} legal move:", "{n} legal moves:", count))
        return [head] + [f"  {move}" for move in moves]
    # More than MOVES_SHOWN: {count} is written in digits alone ("1176"), as it always has been.
    head = (ngettext("{count} legal move starting {start}; type `moves` and one of these:",
                     "{count} legal moves starting {start}; type `moves` and one of these:", count, count=count,
                     start=start) if start
            else ngettext("{count} legal move; type `moves` and one of these:",
                          "{count} legal moves; type `moves` and one of these:", count, count=count))
    return [head] + [f"  {branch.label}" for branch in children(state, start, moves)]


def history_lines(match: Match, played: Sequence[PlayedMove], last: int | None = None) -> list[str]:
    """The moves played so far (MatchService.moves_played), numbered, with who played each, one a line under
    a heading: all of them, or the last `last` after a line saying how many earlier ones are not shown."""
    if not played:
        return [_("No moves played yet.")]
    lines = move_list.move_lines(played) if last is None else move_list.recent_lines(played, last)
    return [_("Moves played in match {match}:", match=match.id)] + [f"  {line}" for line in lines]


def result_lines(match: Match) -> list[str]:
    """How a finished match ended: "Result: alice wins (board full).", "Result: Draw between alice and
    bob (draw agreed).", for N players every place in order; then the scores if they decided it."""
    outcome = match.outcome
    if outcome is None:
        raise ValueError(f"match {match.id} has no result: it is not over")
    lines = [_("Result: {result} ({reason}).", result=who_won(outcome, match.names, every_place=True),
               reason=outcome.reason_text())]
    if outcome.scores is not None:
        lines.append(_("Scores: {scores}", scores=scores_text(outcome, match.names)))
    return lines


def numbers(matches: Sequence[Match]) -> str:
    """"3 or 5": the numbers of the matches listed."""
    ids = [str(m.id) for m in matches]
    if len(ids) == 1:
        return ids[0]
    # Translators: the numbers of matches to choose from, "3, 4 or 5"
    return _("{numbers} or {last}", numbers=", ".join(ids[:-1]), last=ids[-1])


def refusal(state: State, typed: str, error: IllegalMove) -> str:
    """What to say of a move the rules refused, with what to do instead."""
    if is_partial(state, unlabel(state, typed)):
        return _("{typed} is only the start of a move: `moves {typed}` lists how it can go on; `?` builds a move "
                 "step by step.", typed=typed)
    reason = str(error).rstrip(".")
    if not isinstance(error, InvalidNotation):
        return _("{reason} (`moves` lists the legal moves).", reason=reason)
    if not any(c.isdigit() for c in typed):  # a word, not a move: every notation names squares
        return _("{reason}. `help` lists the commands.", reason=reason)
    # Translators: why the rules refused a move, ended as a sentence
    return _("{reason}.", reason=reason)
