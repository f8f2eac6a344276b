"""The text of every message the bot posts. Pure functions of the service's values, easy to test."""
from __future__ import annotations

from collections.abc import Sequence

from bot import steps
from bot.analysis_report import NO_MISTAKES, coarse_line, contest, made_with, mistake_lines, player_lines
from bot.models import (
    Challenge,
    ChallengeStatus,
    DrawOffer,
    Match,
    MatchStatus,
    MoveResult,
    Notice,
    NoticeKind,
    Player,
    Standing,
    Takeback,
)
from bot.rulebook import player_count
from bot.work import ordinal
from engines.analysis import Analysis
from games import GAMES
from renderers.describe import within_limit
from renderers.results import scores_text, seated, who_won
from rules import Game
from rules.core import counted


def mention(player: Player, *, bold: bool = True) -> str:
    """A person as a ping; a computer player by its name (in bold, unless the text around it is)."""
    if player.is_computer:
        return f"**{player.name}**" if bold else player.name
    return f"<@{player.id}>"


def when(timestamp: float) -> str:
    """A Discord timestamp that every reader sees in their own time zone, relative ("in 5 minutes")."""
    return f"<t:{int(timestamp)}:R>"


def duration(seconds: int) -> str:
    for unit, size in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if seconds >= size and seconds % size == 0:
            return counted(seconds // size, unit)
    return counted(seconds, "second")


def options_line(game: Game, options: dict) -> str:
    shown = [f"{spec.name.replace('_', ' ')} **{options[spec.name]}**" for spec in game.options if spec.name in options]
    return " · ".join(shown)


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")  # a seat's turn in each round


def who(match: Match, seat: int, *, now: bool = True, bold: bool = True, detail: str = "") -> str:
    """A seat's player and side, named one way in every message: a person as a ping, "<@11> (White)";
    a computer by the name its card shows, "**Computer (hard) · Black**", and one playing on for
    someone who left "**Computer for bob (Green)**". `now`: whoever plays the seat now, else the
    player who took it (the one placed and rated). `detail`: after the side ("Red, 37")."""
    side = match.rules.seat_name(seat)
    player = match.seats[seat]
    if not player.is_computer and not (now and match.stand_in(seat) is not None):
        return f"<@{player.id}> ({side}{', ' + detail if detail else ''})"
    name = seated(match.names[seat] if now else player.name, side) + (f", {detail}" if detail else "")
    return f"**{name}**" if bold else name


def challenge_text(challenge: Challenge) -> str:
    game = challenge.rules
    who = ", ".join(mention(p) for p in challenge.invited)
    if challenge.has_open_seats:
        free = challenge.free_seats
        seats = "one seat" if free == 1 else counted(free, "seat")
        target = f"{who} and anyone ({seats} open)" if who else f"anyone ({seats} open)"
    else:
        target = who
    lines = [f"⚔️ {mention(challenge.challenger)} challenges {target} to **{game.title}**."]
    details = [options_line(game, challenge.options), f"{duration(challenge.turn_seconds)} per move"]
    lines.append(" · ".join(d for d in details if d))
    seat = challenge.challenger_seat
    lines.append(f"{mention(challenge.challenger)} plays {game.seat_name(seat)} and moves {ORDINALS[seat]}.")
    seated = [p for p in challenge.accepted if p != challenge.challenger]
    if seated:
        lines.append("Seated: " + ", ".join(mention(p) for p in seated))
    if challenge.status == ChallengeStatus.OPEN:
        waiting = challenge.waiting_for
        asks = []
        if waiting:
            asks.append(f"{', '.join(mention(p) for p in waiting)}: press **Accept** or **Decline**")
        if challenge.free_seats:
            asks.append(f"{'Anyone else' if challenge.invited else 'Anyone'}: press **Join** to take a seat")
        lines.append(". ".join(asks) + f" — the challenge expires {when(challenge.expires_at)}.")
        if challenge.can_start:
            count = len(challenge.accepted)
            lines.append(f"{mention(challenge.challenger)}: press **Start now** to begin with {count} players.")
        elif challenge.may_start_early:
            least = game.players.start
            lines.append(f"{mention(challenge.challenger)} can press **Start now** once {least} or more players are seated"
                         + (" and everybody named has accepted." if challenge.invited else "."))
    else:
        lines.append(closed_line(challenge))
    return "\n".join(lines)


def closed_line(challenge: Challenge) -> str:
    by = next((p for p in challenge.accepted + challenge.invited if p.id == challenge.closed_by), None)
    who = f" by {mention(by)}" if by else ""
    return {
        "accepted": "✅ Accepted — the match has started below." if len(challenge.accepted) == challenge.players
        else f"✅ Started with {len(challenge.accepted)} players — the match is below.",
        ChallengeStatus.DECLINED: f"❌ Declined{who}.",
        ChallengeStatus.WITHDRAWN: f"↩️ Withdrawn{who}.",
        ChallengeStatus.EXPIRED: "⌛ Expired: nobody accepted in time.",
    }[challenge.status]


def turn_line(match: Match) -> str:
    player, seat = match.to_move, match.state.to_move
    if player is None or seat is None:  # (a player to move has a seat)
        return ""
    if player.is_computer:
        return f"{who(match, seat)} is thinking…"
    deadline = f" — time runs out {when(match.deadline)}" if match.deadline else ""
    return f"{who(match, seat)}, your move{deadline}."


def start_text(match: Match) -> str:
    game = match.rules
    players = " vs ".join(who(match, seat) for seat in range(len(match.seats)))
    first = f" — {mention(match.seats[0])} moves first" if match.status == MatchStatus.ACTIVE else ""
    return (f"🎲 **{game.title}**: {players}{first}\n{turn_line(match)}\n"
            "Press **Move** under the board, or type `/move`; `/board` shows the board again.")


def panel_text(match: Match, panel: steps.Panel) -> str:
    """The words on a move panel: the game, the side you play, the move so far."""
    seat = match.state.to_move
    side = match.rules.seat_name(seat) if seat is not None else ""
    return f"♟️ **{match.rules.title}**, move {len(match.moves) + 1} — you play {side}.\n{steps.describe(panel.step)}"


def move_text(result: MoveResult) -> str:
    match, state = result.match, result.match.state
    last = state.last
    effect = f" — {last.effect}" if last is not None and last.effect else ""
    lines = [f"{who(match, result.seat)} played **{result.notation}**{effect}."]
    if last is not None:
        for seat in last.passed:
            lines.append(f"{who(match, seat)} has no legal move and passes.")
    lines.append(result_text(match) if match.status == MatchStatus.FINISHED else turn_line(match))
    return "\n".join(lines)


def left_text(match: Match, seat: int, why: str) -> str:
    """A player left a game of more than two, which goes on: who plays for them, and whose turn it is."""
    return (f"{why} {who(match, seat)} plays on in that seat; {match.seats[seat].name} will be placed last.\n"
            f"{turn_line(match)}")


def timeout_text(match: Match, seat: int | None = None) -> str:
    """What a time-out posts: the result, or in a game of more than two that goes on, who plays on
    for `seat` (by default the last player to leave)."""
    if match.status == MatchStatus.ACTIVE:  # a computer took the seat of the player who ran out of time
        seat = match.leavers[-1] if seat is None else seat
        return "⏰ " + left_text(match, seat, f"{match.seats[seat].name} ran out of time.")
    return "⏰ " + result_text(match)


def last_move(match: Match) -> MoveResult:
    """The match's last move as the move that was played (to show it again)."""
    last = match.state.last
    if last is None or not match.moves:
        raise ValueError(f"match {match.id} has no move to show")
    return MoveResult(match=match, seat=last.seat, notation=match.moves[-1])


def notice_text(notice: Notice) -> str:
    """The words of a match's change shown late (see Notice), as they would have read at the time."""
    match, seat = notice.match, notice.seat
    assert match is not None
    if notice.kind == NoticeKind.START:
        return start_text(match)
    if notice.kind == NoticeKind.MOVE:
        return move_text(last_move(match))
    if notice.kind == NoticeKind.OFFER:
        return draw_offer_text(DrawOffer(match=match, seat=seat if seat is not None else match.draw_offer or 0))
    if notice.kind == NoticeKind.TIMEOUT:
        return timeout_text(match, seat)
    if notice.kind == NoticeKind.REMINDER:
        return reminder_text(match)
    if notice.kind in TAKEBACK_KINDS and seat is not None:
        return takeback_text(Takeback(match, seat, TAKEBACK_KINDS[notice.kind]))
    if notice.kind == NoticeKind.RESIGN and match.status == MatchStatus.ACTIVE and seat is not None:
        return left_text(match, seat, f"{match.seats[seat].name} resigned.")
    return result_text(match)


def draw_offer_text(offer: DrawOffer) -> str:
    match = offer.match
    other = match.seats[1 - offer.seat]
    return (
        f"🤝 {mention(match.seats[offer.seat])} offers a draw. {mention(other)}: `/draw` to accept, "
        "or make a move to decline."
    )


TAKEBACK_KINDS = {NoticeKind.TAKEBACK_ASK: "asked", NoticeKind.TAKEBACK: "granted", NoticeKind.TAKEBACK_NO: "declined"}  # note kind: status


def takeback_text(takeback: Takeback) -> str:
    """A takeback asked for (the opponent answers with the buttons below), granted (with the moves taken
    back, when known) or declined."""
    match, seat = takeback.match, takeback.seat
    asker, other = match.seats[seat], match.seats[1 - seat]
    if takeback.status == "asked":
        return (f"↩️ {mention(asker)} asks to take back their move **{match.moves[-1]}**. {mention(other)}: accept or "
                "decline below; your next move declines it.")
    if takeback.status == "declined":
        return f"✋ {mention(other)} declined {mention(asker)}'s takeback.\n{turn_line(match)}"
    moves = takeback.moves
    if not moves:  # shown late: the moves are gone from the log
        what = "their last move"
    elif len(moves) == 1:
        what = f"**{moves[0]}**"
    else:
        replies = ", ".join(f"**{m}**" for m in moves[1:])
        what = f"**{moves[0]}** and {mention(other)}'s {'reply' if len(moves) == 2 else 'replies'} {replies}"
    by = "" if other.is_computer else f", as {mention(other)} agreed"
    return f"↩️ {mention(asker)} took back {what}{by}.\n{turn_line(match)}"


def result_text(match: Match) -> str:
    outcome = match.outcome
    assert outcome is not None
    names = [who(match, s, now=False, bold=False) for s in range(len(match.seats))]
    head = f"🏁 {who_won(outcome, names, markdown=True)} — {outcome.reason}"
    if outcome.scores is not None and len(match.seats) == 2:  # with more players the places list them
        head += f" ({scores_text(outcome)})"
    lines = [head]
    if len(match.seats) > 2:
        for place, group in enumerate(outcome.places, start=1):
            lines.append(f"{place}. " + ", ".join(seat_result(match, s) for s in sorted(group)))
    if match.ratings:  # everyone is mentioned here or in the places: the result notifies them all
        lines.append("Ratings: " + ", ".join(
            f"{mention(c.player, bold=False)} {c.before:.0f} → {c.after:.0f} ({c.delta:+.0f})" for c in match.ratings
        ))
    return "\n".join(lines)


def seat_result(match: Match, seat: int) -> str:
    """"<@id> (Red, 37)" for the places list of a game with more than two players."""
    scores = match.outcome.scores if match.outcome else None
    return who(match, seat, now=False, bold=False, detail=str(scores[seat]) if scores is not None else "")


def board_caption(match: Match) -> str:
    game = match.rules
    players = " vs ".join(who(match, s) for s in range(len(match.seats)))
    last = f" Last move: **{match.moves[-1]}**." if match.moves else ""
    state = result_text(match) if match.status == MatchStatus.FINISHED else turn_line(match)
    return f"**{game.title}** #{match.id} after {counted(len(match.moves), 'move')}: {players}.{last}\n{state}"


EMBED_TEXT_MAX = 4096  # an embed's description


def text_board(board: str) -> str:
    """A text board as an embed's description: a code block, so that its columns line up."""
    fence = "```"
    room = EMBED_TEXT_MAX - 2 * len(fence) - 2
    body = board.rstrip() if len(board.rstrip()) <= room else board.rstrip()[:room - 1] + "…"
    return f"{fence}\n{body}\n{fence}"


def standing_line(s: Standing) -> str:
    mark = "?" if s.provisional else ""
    return f"`#{s.rank:>2}` **{s.player.name}** — {s.rating:.0f}{mark} · {s.record}"


def stats_line(s: Standing) -> str:
    mark = "?" if s.provisional else ""
    return f"**{GAMES[s.game].title}**: {s.rating:.0f}{mark} (#{s.rank}) · {s.record}"


def versus_line(game: str, opponent: Player, wins: int, losses: int, draws: int) -> str:
    return f"**{GAMES[game].title}** vs {opponent.name}: {wins}W {losses}L {draws}D"


def board_link(match: Match) -> str:
    """Where a match's latest board is: a link to its message, else its channel or thread."""
    if match.board_message is None:
        return f"<#{match.channel_id}>"
    return f"[board](https://discord.com/channels/{match.guild_id}/{match.channel_id}/{match.board_message})" \
        f" in <#{match.channel_id}>"


def reminder_text(match: Match) -> str:
    """A reminder to the player to move that most of their turn is gone (a new message, so it notifies)."""
    player = match.to_move
    assert player is not None and match.deadline is not None
    return (f"⏰ {mention(player)}, it is still your move in **{match.rules.title}** #{match.id}: time runs out "
            f"{when(match.deadline)}. Your board: {board_link(match)}. (`/settings reminders:off` stops these.)")


def games_line(match: Match, user_id: int) -> str:
    """One of a player's running matches for /games: the game, the others, whose turn, the time left
    and where the board is ("**Attaxx** #4 vs bob · **your move**, time runs out in 3 hours · board in #games")."""
    names = match.names
    seat = match.seat_of(user_id)
    others = ", ".join(name for k, name in enumerate(names) if k != seat)
    player, to_move = match.to_move, match.state.to_move
    if player is None or to_move is None:  # (a player to move has a seat)
        turn = "nobody to move"
    elif player.id == user_id and not player.is_computer:
        turn = "**your move**"
    else:
        turn = f"{names[to_move]} to move"
    if match.deadline is not None and player is not None and not player.is_computer:
        turn += f", time runs out {when(match.deadline)}"
    return f"**{match.rules.title}** #{match.id} vs {others} · {turn} · {board_link(match)}"


def history_entry(match: Match) -> tuple[str, str]:
    """A finished match as (title, body) for an embed field; the body fits Discord's 1024 characters."""
    game = match.rules
    names = match.names
    players = " vs ".join(names)
    outcome = match.outcome
    if outcome is None:
        raise ValueError(f"match {match.id} is not finished: it has no result for the history")
    score = f" {scores_text(outcome)}" if outcome.scores is not None and len(names) == 2 else ""
    result = f"{who_won(outcome, names, past=True)}{score} ({outcome.reason})"
    title = f"#{match.id} {game.title}: {players}"
    moves = " ".join(f"{i // len(match.seats) + 1}.{m}" if i % len(match.seats) == 0 else m for i, m in enumerate(match.moves))
    body = f"{result}, {counted(len(match.moves), 'move')}\n{moves or '(no moves)'}"
    if match.finished_at:
        body = f"<t:{int(match.finished_at)}:d> · " + body
    return title[:256], body if len(body) <= 1024 else body[:1020] + " …"


def replay_caption(match: Match) -> str:
    """Above a replay: which match, who played, how it ended."""
    players = " vs ".join(match.names)
    outcome = match.outcome
    if outcome is None:
        how = f"in progress, {counted(len(match.moves), 'move')} so far"
    else:
        article = "a " if outcome.is_draw else ""  # "— a draw (…)" beside "— alice won (…)"
        how = f"{article}{who_won(outcome, match.names, past=True)} ({outcome.reason}), {counted(len(match.moves), 'move')}"
    return f"🎞️ Replay of match #{match.id}, {match.rules.title}: {players} — {how}."


def in_line(what: str, match: Match, ahead: int) -> str:
    """A job waiting its turn: "⏳ Your analysis of Attaxx #12 is 3rd in line; it will be posted here."."""
    return (f"⏳ Your {what} of **{match.rules.title}** #{match.id} is {ordinal(ahead + 1)} in line; "
            "it will be posted here.")


def analysis_progress(match: Match, done: int, total: int) -> str:
    """The line edited as an analysis goes on."""
    return f"🔍 Analysing **{match.rules.title}** #{match.id}: {done} of {counted(total, 'position')} searched…"


def analysis_text(match: Match, analysis: Analysis, seconds: float) -> str:
    """The headline of an analysis (with what it was made with, and whether it is coarse) and each
    player's count of inaccuracies, mistakes and blunders."""
    head = (f"🔍 **{match.rules.title}** #{match.id}: {contest(match)}, analysed by the computer "
            f"({made_with(analysis, seconds)}).")
    return "\n".join([head, *coarse_line(analysis), *player_lines(match, analysis, bold=True)])


ANALYSIS_LINES = 40  # mistakes and blunders listed at most; the graph marks them all


def analysis_mistakes(match: Match, analysis: Analysis) -> str:
    """Each mistake and blunder, for an embed's description."""
    lines = mistake_lines(match, analysis, bold=True)
    if not lines:
        return NO_MISTAKES
    if len(lines) > ANALYSIS_LINES:
        lines = lines[:ANALYSIS_LINES] + [f"…and {len(lines) - ANALYSIS_LINES} more, marked on the graph."]
    text = "\n".join(lines)
    return text if len(text) <= EMBED_TEXT_MAX else text[:EMBED_TEXT_MAX - 1] + "…"


def replay_alt_text(match: Match, part: int = 1, parts: int = 1) -> str:
    """The description of a replay's animation (part `part` of `parts`), for screen readers."""
    of = f" Part {part} of {parts}." if parts > 1 else ""
    caption = replay_caption(match).removeprefix("🎞️ ")
    return within_limit(f"Animated board, one frame per move. {caption}{of}")


def help_sections(bot_name: str, commands: Sequence[tuple[str, str]]) -> tuple[str, list[tuple[str, str]]]:
    """/help: what the bot does (three lines), then sections (title, body): how to play someone in
    this channel, every command with its description, every game with its player count."""
    intro = (
        f"**{bot_name}** hosts matches of abstract board games in this server.\n"
        "Challenge someone in a channel, take turns by tapping **Move** or typing `/move`, and see a fresh board "
        "after every move.\n"
        "Every finished match counts on this server's leaderboards (Glicko-2 ratings)."
    )
    first = next(iter(GAMES))
    play = (
        f"1. `/challenge {first} opponent:@someone`, or leave out the opponent for an open challenge anyone may join.\n"
        "2. They press **Accept**: the board appears and the first player is mentioned.\n"
        "3. Take turns: press **Move** under the board and tap your move, or type `/move` (start typing and it "
        "lists your legal moves). `/board` shows the board again, `/takeback` asks to undo your last move, "
        "`/resign` and `/draw` end a match early, `/replay` shows a finished match move by move.\n"
        f"Nobody around? `/challenge {first} opponent:@{bot_name} level:hard` plays the computer at once "
        "(easy, medium or hard); `computers:2` seats computer players in a bigger game.\n"
        "A channel busy with a match? A new challenge there gets a thread of its own."
    )
    usage = [f"`{name}` — {description}" for name, description in commands]
    games = "\n".join(
        f"**{game.title}** · {player_count(game)} · `/rules {name}`\n{game.summary}" for name, game in GAMES.items()
    )
    listed = [("More commands" if k else "Commands", "\n".join(lines)) for k, lines in enumerate(in_fields(usage))]
    return intro, [("Play someone here", play), *listed, ("Games", games)]


FIELD_MAX = 1024  # an embed field's value


def in_fields(lines: Sequence[str]) -> list[list[str]]:
    """Lines packed in order into as few embed fields as hold them whole."""
    fields: list[list[str]] = [[]]
    for line in lines:
        if fields[-1] and len("\n".join([*fields[-1], line])) > FIELD_MAX:
            fields.append([])
        fields[-1].append(line)
    return fields
