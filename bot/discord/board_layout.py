"""A board as Discord shows it: its picture (drawn in a worker process, with the clocks of a live match),
its alt text, whom it pings, and the layout of a live match's one board message (Components V2: a
container in the colour of the side to move with the change's words, the picture, the clocks, the moves
so far and the buttons), kept within Discord's limits for every game and any names."""
from __future__ import annotations

import io
from collections.abc import Sequence

import discord

import games
from bot.boards import draw_board
from bot.discord.clock_text import clock_line
from bot.discord.payloads import Attachment
from bot.discord.views import (
    AnalyseButton,
    MoveButton,
    MovesButton,
    RematchButton,
    ReplayButton,
    TakebackButton,
)
from bot.game_clock import with_clocks
from bot.models import Match, MatchStatus, Player
from bot.move_list import PlayedMove, move_lines, recent_lines
from bot.workers import Workers
from i18n import _, ngettext
from renderers.describe import within_limit

CONTENT_MAX = 2000  # characters of a message's content
NEUTRAL = 0x99AAB5  # a finished live board's accent: no side is to move
# Characters each part of a live board may take: together well within Discord's 4000 for a message's text.
WORDS_MAX, CLOCKS_MAX, MOVES_MAX, NOTE_MAX = 1500, 600, 1400, 300


def pings(*players: Player | None) -> discord.AllowedMentions:
    """Notify exactly these players (a move message pings only the one whose turn it is)."""
    people = [discord.Object(p.id) for p in players if p and not p.is_computer]
    return discord.AllowedMentions(users=people, roles=False, everyone=False)


def awaited(match: Match) -> tuple[Player, ...]:
    """Whom a board of the match is for: the player to move, or everyone once it is over."""
    if match.status == MatchStatus.FINISHED:
        return match.seats
    return (match.to_move,) if match.to_move is not None else ()


def board_name(match: Match) -> str:
    """The board's file name: the match and the position it shows (its stamp: moves played, and taken back)."""
    return f"{match.game}-{match.id}-{match.stamp}.png"


def picture_names(match: Match, now: float | None) -> Sequence[str]:
    """The names a board of the match is drawn with: with each seat's clock at `now` in a live match."""
    return match.names if now is None else with_clocks(match.names, match.clock, now)


async def board_file(match: Match, renders: Workers, now: float | None = None) -> discord.File:
    """The board as an attachment, drawn and encoded in a worker process; a live match's with its
    clocks as they stand at `now` (given)."""
    names = picture_names(match, now)
    png = await renders.run(draw_board, match.state, names)
    return Attachment(io.BytesIO(png), filename=board_name(match), description=board_alt_text(match, names))


def board_alt_text(match: Match, names: Sequence[str] | None = None) -> str:
    """What a screen reader says for the board, in the current language: the match's move count, then
    the picture's own words (with the clocks when `names` carry them)."""
    text = ngettext("Match #{match} after {n} move: {description}", "Match #{match} after {n} moves: {description}",
                    len(match.moves), match=match.id,
                    description=games.describe(match.state, match.names if names is None else names))
    return within_limit(text)


def accent(match: Match) -> int:
    """The colour of the side to move (its pieces' first colour on the board), neutral once it is over."""
    seat = match.state.to_move
    if match.status != MatchStatus.ACTIVE or seat is None:
        return NEUTRAL
    seats = games.REGISTRY[match.game].renderer.colours(match.state).seats
    if seat >= len(seats) or not seats[seat]:
        return NEUTRAL
    red, green, blue = seats[seat][0][:3]
    return (red << 16) | (green << 8) | blue


def cut(text: str, most: int) -> str:
    """`text` within `most` characters, cut short with "…"."""
    return text if len(text) <= most else text[:most - 1].rstrip() + "…"


def last_lines(lines: Sequence[str], most: int) -> str:
    """The lines as one text within `most` characters: the last ones that fit (the newest moves)."""
    kept: list[str] = []
    size = 0
    for line in reversed(lines):
        line = cut(line, most)
        if size + len(line) + 1 > most:
            break
        kept.append(line)
        size += len(line) + 1
    return "\n".join(reversed(kept))


def board_buttons(match: Match) -> list[discord.ui.Item]:
    """A live board's buttons: Move, Moves and Take back (two players, once a move is made) while it is
    on; Rematch, Replay, Analyse and Moves once it is over."""
    if match.status == MatchStatus.FINISHED:
        return [RematchButton(match.id), ReplayButton(match.id), AnalyseButton(match.id), MovesButton(match.id)]
    buttons: list[discord.ui.Item] = [MoveButton(match.id), MovesButton(match.id)]
    if len(match.seats) == 2 and match.moves:
        buttons.append(TakebackButton(match.id, match.stamp))
    return buttons


def moved_here() -> str:
    """Said on a live board posted afresh because the one before could not be changed."""
    # Translators: on a live board posted anew after the old board message was deleted or could not be edited
    return _("The board moved here: the last one could not be changed.")


def moves_heading() -> str:
    # Translators: the heading of the list of moves beside a live board
    return _("**Moves**")


def live_view(match: Match, words: str, file: discord.File, moves: Sequence[str], now: float, *,
              moved: bool = False) -> discord.ui.LayoutView:
    """The live board of `match` at `now`: the change's `words`, the picture `file` (its alt text from the
    file's description), the clocks, the lines of the moves so far (the last ones that fit), and the
    buttons; `moved`: said to be posted afresh."""
    parts: list[discord.ui.Item] = []
    if moved:
        parts.append(discord.ui.TextDisplay(cut("🔁 " + moved_here(), NOTE_MAX)))
    if words.strip():
        parts.append(discord.ui.TextDisplay(cut(words, WORDS_MAX)))
    parts.append(discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{file.filename}",
                                                                  description=file.description or None)))
    clocks = clock_line(match, now)
    if clocks:
        parts.append(discord.ui.TextDisplay(cut(clocks, CLOCKS_MAX)))
    parts.append(discord.ui.Separator())
    heading = moves_heading()
    parts.append(discord.ui.TextDisplay(f"{heading}\n{last_lines(moves, MOVES_MAX - len(heading) - 1)}"))
    parts.append(discord.ui.ActionRow(*board_buttons(match)))
    view = discord.ui.LayoutView(timeout=None)
    view.add_item(discord.ui.Container(*parts, accent_colour=accent(match)))
    return view


def moves_beside(moves: Sequence[PlayedMove]) -> str:
    """The moves so far as a board's text shows them beside it: the last RECENT, with the count of
    earlier ones."""
    return f"{moves_heading()}\n" + "\n".join(recent_lines(moves))


def all_moves(match: Match, moves: Sequence[PlayedMove]) -> tuple[str, discord.File | None]:
    """Every move of the match as the Moves button answers: in the message when they fit, else the last
    ones that fit with all of them in a text file."""
    # Translators: heads the list of every move of a match, shown privately ("**Attaxx** #12: 31 moves.")
    head = ngettext("**{game}** #{match}: {n} move.", "**{game}** #{match}: {n} moves.", len(moves),
                    game=match.rules.title, match=match.id)
    lines = move_lines(moves) or recent_lines(moves)
    whole = "\n".join([head, *lines])
    if len(whole) <= CONTENT_MAX:
        return whole, None
    # Translators: when a match's moves are too many for a message: the last ones are shown, all of them attached
    more = _("All of them are in the file attached; the last ones:")
    shown = last_lines(lines, CONTENT_MAX - len(head) - len(more) - 2)
    data = io.BytesIO(("\n".join(move_lines(moves)) + "\n").encode())
    return f"{head}\n{more}\n{shown}", Attachment(data, filename=f"moves-{match.game}-{match.id}.txt")
