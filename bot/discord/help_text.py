"""/help's words: what the bot does, how to play someone, every command and every game, in embed fields
that hold them whole whatever the language's length."""
from __future__ import annotations

from collections.abc import Sequence

from bot.rulebook import player_count
from games import GAMES
from i18n import _


def help_sections(bot_name: str, commands: Sequence[tuple[str, str]]) -> tuple[str, list[tuple[str, str]]]:
    """/help: what the bot does (three lines), then sections (title, body): how to play someone in
    this channel, every command with its description, every game with its player count. A section
    longer than an embed field holds goes on in the next field."""
    intro = "\n".join([
        _("**{bot}** hosts matches of abstract board games in this server.", bot=bot_name),
        # Translators: /move is a command: write it as it is named in your language (also below)
        _("Challenge someone in a channel, take turns by tapping **Move** or typing `/move`, and see a fresh board "
          "after every move."),
        _("Every finished match counts on this server's leaderboards (Glicko-2 ratings)."),
    ])
    first = next(iter(GAMES))
    play = [
        # Translators: `opponent:` is the option of /challenge, as it is named in your language
        _("1. `/challenge {game} opponent:@someone`, or leave out the opponent for an open challenge anyone may "
          "join.", game=first),
        _("2. They press **Accept**: the board appears and the first player is mentioned."),
        _("3. Take turns: press **Move** under the board and tap your move, or type `/move` (start typing and it "
          "lists your legal moves). `/board` shows the board again, `/takeback` asks to undo your last move, "
          "`/resign` and `/draw` end a match early, `/replay` shows a finished match move by move."),
        # Translators: `opponent:`, `level:hard` and `computers:2` are options of /challenge and their values
        _("Nobody around? `/challenge {game} opponent:@{bot} level:hard` plays the computer at once (easy, medium or "
          "hard); `computers:2` seats computer players in a bigger game.", game=first, bot=bot_name),
        _("A channel busy with a match? A new challenge there gets a thread of its own."),
        # Translators: `clock:5+3` is an option of /challenge and its value: keep 5+3 as it is
        _("Both online? Add `clock:5+3` to play live: five minutes each plus three seconds a move, one board that "
          "changes in place, and a ping when it is your turn."),
    ]
    tournaments = [
        # Translators: `/tournament create` and the other /tournament commands: write them as named in your language
        _("`/tournament create {game}` opens a tournament in this channel: Swiss (`rounds:`), round robin or double "
          "round robin. Players press **Join** under its post; its organiser runs `/tournament start`, or sets "
          "`starts:` for it to begin by itself.", game=first),
        _("Each round is posted here with the standings, and each game gets a thread of its own, its players "
          "mentioned there. The next round is paired once every game has ended; the last ends with the final "
          "standings and a podium."),
        _("Win 1 point, draw ½, lose 0, a bye 1. Ties are broken by Buchholz then Sonneborn-Berger in a Swiss, by "
          "Sonneborn-Berger then direct encounter in a round robin. `/tournament standings` shows them at any time; "
          "`/tournament leave` withdraws you from the rounds to come."),
    ]
    usage = [f"`{name}` — {description}" for name, description in commands]
    games = [f"**{game.title}** · {player_count(game)} · `/rules {name}`\n{game.summary_text()}"
             for name, game in GAMES.items()]
    return intro, [*fielded(_("Play someone here"), "\u200b", play),
                   *fielded(_("Tournaments"), "\u200b", tournaments),
                   *fielded(_("Commands"), _("More commands"), usage),
                   *fielded(_("Games"), _("More games"), games)]


def fielded(title: str, more: str, lines: Sequence[str]) -> list[tuple[str, str]]:
    """Lines as embed fields (title, body), the first called `title` and any further one `more`."""
    return [(more if k else title, "\n".join(chunk)) for k, chunk in enumerate(in_fields(lines))]


FIELD_MAX = 1024  # an embed field's value


def in_fields(lines: Sequence[str]) -> list[list[str]]:
    """Lines packed in order into as few embed fields as hold them whole."""
    fields: list[list[str]] = [[]]
    for line in lines:
        if fields[-1] and len("\n".join([*fields[-1], line])) > FIELD_MAX:
            fields.append([])
        fields[-1].append(line)
    return fields
