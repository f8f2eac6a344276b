"""The text of every message the bot posts, in the language of the current task (i18n). Pure functions of
the service's values, easy to test."""
from __future__ import annotations

from collections.abc import Sequence

from bot import steps
from bot.discord.help_text import help_sections as help_sections  # /help's words (the help cog asks here)
from bot.game_clock import TimeControl
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
from games import GAMES
from i18n import N_, _, ngettext, pgettext
from renderers.describe import within_limit
from renderers.results import scores_text, seated, who_won
from rules import Game


def mention(player: Player, *, bold: bool = True) -> str:
    """A person as a ping; a computer player by its name (in bold, unless the text around it is)."""
    if player.is_computer:
        return f"**{player.name}**" if bold else player.name
    return f"<@{player.id}>"


def when(timestamp: float) -> str:
    """A Discord timestamp that every reader sees in their own time zone, relative ("in 5 minutes")."""
    return f"<t:{int(timestamp)}:R>"


def duration(seconds: int) -> str:
    """"5 minutes", "1 day": in the largest unit that divides it."""
    if seconds >= 86400 and seconds % 86400 == 0:
        return ngettext("{n} day", "{n} days", seconds // 86400)
    if seconds >= 3600 and seconds % 3600 == 0:
        return ngettext("{n} hour", "{n} hours", seconds // 3600)
    if seconds >= 60 and seconds % 60 == 0:
        return ngettext("{n} minute", "{n} minutes", seconds // 60)
    return ngettext("{n} second", "{n} seconds", seconds)


def control_text(control: TimeControl) -> str:
    """"⏱️ 5+3 clock: 5 minutes each, 3 seconds more a move"."""
    minutes = control.seconds // 60
    each = ngettext("{n} minute each", "{n} minutes each", minutes)
    if control.increment:
        more = ngettext("{n} second more a move", "{n} seconds more a move", control.increment)
        # Translators: a game clock: its short form ("5+3"), the time each player has, the increment
        return "⏱️ " + _("{control} clock: {each}, {more}", control=control.text, each=each, more=more)
    # Translators: a game clock without an increment: its short form ("5+0") and the time each player has
    return "⏱️ " + _("{control} clock: {each}", control=control.text, each=each)


def options_line(game: Game, options: dict) -> str:
    """The options a challenge sets, each by the name its /challenge option has in this language."""
    shown = [f"{pgettext('option name', spec.name).replace('_', ' ')} **{options[spec.name]}**"
             for spec in game.options if spec.name in options]
    return " · ".join(shown)


def versus(names: Sequence[str]) -> str:
    """The players of a match against each other: "alice vs bob vs carol"."""
    text = names[0] if names else ""
    for name in names[1:]:
        # Translators: between the players of a match, "alice vs bob" (with three: "alice vs bob vs carol")
        text = _("{players} vs {player}", players=text, player=name)
    return text


SEAT_TURNS = (  # the challenger's seat and its turn in each round
    N_("{player} plays {side} and moves first."), N_("{player} plays {side} and moves second."),
    N_("{player} plays {side} and moves third."), N_("{player} plays {side} and moves fourth."),
    N_("{player} plays {side} and moves fifth."), N_("{player} plays {side} and moves sixth."))


def who(match: Match, seat: int, *, now: bool = True, bold: bool = True, detail: str = "") -> str:
    """A seat's player and side, named one way in every message: a person as a ping, "<@11> (White)";
    a computer by the name its card shows, "**Computer (hard) · Black**", and one playing on for
    someone who left "**Computer for bob (Green)**". `now`: whoever plays the seat now, else the
    player who took it (the one placed and rated). `detail`: after the side ("Red, 37")."""
    side = match.rules.seat_name(seat)
    player = match.seats[seat]
    if not player.is_computer and not (now and match.stand_in(seat) is not None):
        if detail:
            # Translators: a player (a mention), the side they play, and their score
            return _("{player} ({side}, {detail})", player=mention(player), side=side, detail=detail)
        # Translators: a player and the side they play ("alice (White)")
        return _("{player} ({side})", player=mention(player), side=side)
    name = seated(match.names[seat] if now else player.name, side) + (f", {detail}" if detail else "")
    return f"**{name}**" if bold else name


def challenge_text(challenge: Challenge) -> str:
    game, challenger = challenge.rules, mention(challenge.challenger)
    invited = ", ".join(mention(p) for p in challenge.invited)
    free = challenge.free_seats
    if not challenge.has_open_seats:
        head = _("⚔️ {challenger} challenges {invited} to **{game}**.", challenger=challenger, invited=invited,
                 game=game.title)
    elif invited:
        head = ngettext("⚔️ {challenger} challenges {invited} and anyone (one seat open) to **{game}**.",
                        "⚔️ {challenger} challenges {invited} and anyone ({n} seats open) to **{game}**.", free,
                        challenger=challenger, invited=invited, game=game.title)
    else:
        head = ngettext("⚔️ {challenger} challenges anyone (one seat open) to **{game}**.",
                        "⚔️ {challenger} challenges anyone ({n} seats open) to **{game}**.", free,
                        challenger=challenger, game=game.title)
    lines = [head]
    # Translators: the time each player has for each move ("24 hours per move")
    per_move = _("{time} per move", time=duration(challenge.turn_seconds))
    details = [options_line(game, challenge.options), per_move if challenge.clock is None else control_text(challenge.clock)]
    lines.append(" · ".join(d for d in details if d))
    seat = challenge.challenger_seat
    lines.append(_(SEAT_TURNS[seat], player=challenger, side=game.seat_name(seat)))
    seated = [p for p in challenge.accepted if p != challenge.challenger]
    if seated:
        lines.append(_("Seated: {players}", players=", ".join(mention(p) for p in seated)))
    if challenge.status == ChallengeStatus.OPEN:
        lines.append(challenge_asks(challenge))
        if challenge.can_start:
            lines.append(ngettext("{challenger}: press **Start now** to begin with {n} player.",
                                  "{challenger}: press **Start now** to begin with {n} players.",
                                  len(challenge.accepted), challenger=challenger))
        elif challenge.may_start_early and challenge.invited:
            lines.append(ngettext("{challenger} can press **Start now** once {n} or more player is seated and "
                                  "everybody named has accepted.",
                                  "{challenger} can press **Start now** once {n} or more players are seated and "
                                  "everybody named has accepted.", game.players.start, challenger=challenger))
        elif challenge.may_start_early:
            lines.append(ngettext("{challenger} can press **Start now** once {n} or more player is seated.",
                                  "{challenger} can press **Start now** once {n} or more players are seated.",
                                  game.players.start, challenger=challenger))
    else:
        lines.append(closed_line(challenge))
    return "\n".join(lines)


def challenge_asks(challenge: Challenge) -> str:
    """What an open challenge asks of whom (Accept or Decline, Join), and when it expires."""
    players = ", ".join(mention(p) for p in challenge.waiting_for)  # named players are invited
    expires = when(challenge.expires_at)
    if players and challenge.free_seats:
        return _("{players}: press **Accept** or **Decline**. Anyone else: press **Join** to take a seat — the "
                 "challenge expires {expires}.", players=players, expires=expires)
    if players:
        return _("{players}: press **Accept** or **Decline** — the challenge expires {expires}.", players=players,
                 expires=expires)
    if challenge.free_seats and challenge.invited:
        return _("Anyone else: press **Join** to take a seat — the challenge expires {expires}.", expires=expires)
    if challenge.free_seats:
        return _("Anyone: press **Join** to take a seat — the challenge expires {expires}.", expires=expires)
    return " " + _("— the challenge expires {expires}.", expires=expires)


def closed_line(challenge: Challenge) -> str:
    by = next((p for p in challenge.accepted + challenge.invited if p.id == challenge.closed_by), None)
    if challenge.status == "accepted":
        if len(challenge.accepted) == challenge.players:
            return _("✅ Accepted — the match has started below.")
        return ngettext("✅ Started with {n} player — the match is below.",
                        "✅ Started with {n} players — the match is below.", len(challenge.accepted))
    if challenge.status == ChallengeStatus.DECLINED:
        return _("❌ Declined by {player}.", player=mention(by)) if by else _("❌ Declined.")
    if challenge.status == ChallengeStatus.WITHDRAWN:
        return _("↩️ Withdrawn by {player}.", player=mention(by)) if by else _("↩️ Withdrawn.")
    if challenge.status == ChallengeStatus.EXPIRED:
        return _("⌛ Expired: nobody accepted in time.")
    raise KeyError(challenge.status)


def turn_line(match: Match) -> str:
    player, seat = match.to_move, match.state.to_move
    if player is None or seat is None:  # (a player to move has a seat)
        return ""
    if player.is_computer:
        return _("{player} is thinking…", player=who(match, seat))
    if match.deadline and match.live:
        # Translators: a live match's turn; {deadline} reads "in 4 minutes"
        return _("{player}, your move — your clock runs out {deadline}.", player=who(match, seat),
                 deadline=when(match.deadline))
    if match.deadline:
        return _("{player}, your move — time runs out {deadline}.", player=who(match, seat),
                 deadline=when(match.deadline))
    return _("{player}, your move.", player=who(match, seat))


def start_text(match: Match, tournament: str = "") -> str:  # tournament: a tournament game's name and round
    game = match.rules
    players = versus([who(match, seat) for seat in range(len(match.seats))])
    if match.status == MatchStatus.ACTIVE:
        head = _("🎲 **{game}**: {players} — {player} moves first", game=game.title, players=players,
                 player=mention(match.seats[0]))
    else:
        head = _("🎲 **{game}**: {players}", game=game.title, players=players)
    head = f"{tournament}\n{head}" if tournament and match.tournament_id is not None else head
    # Translators: /move and /board are commands: write them as they are named in your language
    return f"{head}\n{turn_line(match)}\n" + _("Press **Move** under the board, or type `/move`; `/board` shows "
                                                "the board again.")


def panel_text(match: Match, panel: steps.Panel) -> str:
    """The words on a move panel: the game, the side you play, the move so far."""
    seat = match.state.to_move
    head = _("♟️ **{game}**, move {number} — you play {side}.", game=match.rules.title, number=len(match.moves) + 1,
             side=match.rules.seat_name(seat) if seat is not None else "")
    return f"{head}\n{steps.describe(panel.step)}"


def move_text(result: MoveResult) -> str:
    match = result.match
    last, mover = match.state.last, who(match, result.seat)
    effect = last.effect_text() if last is not None else ""
    if effect:
        # Translators: a move played and what it did ("captured 3 pieces")
        played = _("{player} played **{move}** — {effect}.", player=mover, move=result.notation, effect=effect)
    else:
        played = _("{player} played **{move}**.", player=mover, move=result.notation)
    lines = [played]
    if last is not None:
        for seat in last.passed:
            lines.append(_("{player} has no legal move and passes.", player=who(match, seat)))
    lines.append(result_text(match) if match.status == MatchStatus.FINISHED else turn_line(match))
    return "\n".join(lines)


def left_text(match: Match, seat: int, why: str) -> str:
    """A player left a game of more than two, which goes on: who plays for them, and whose turn it is.
    `why` is a sentence of its own ("bob resigned.")."""
    goes_on = _("{player} plays on in that seat; {name} will be placed last.", player=who(match, seat),
                name=match.seats[seat].name)
    return f"{why} {goes_on}\n{turn_line(match)}"


def timeout_text(match: Match, seat: int | None = None) -> str:
    """What a time-out posts: the result, or in a game of more than two that goes on, who plays on
    for `seat` (by default the last player to leave)."""
    if match.status == MatchStatus.ACTIVE:  # a computer took the seat of the player who ran out of time
        seat = match.leavers[-1] if seat is None else seat
        return "⏰ " + left_text(match, seat, _("{player} ran out of time.", player=match.seats[seat].name))
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
        return left_text(match, seat, _("{player} resigned.", player=match.seats[seat].name))
    return result_text(match)


def draw_offer_text(offer: DrawOffer) -> str:
    match, other = offer.match, offer.match.seats[1 - offer.seat]
    # Translators: /draw is a command: write it as it is named in your language
    return _("🤝 {player} offers a draw. {opponent}: `/draw` to accept, or make a move to decline.",
             player=mention(match.seats[offer.seat]), opponent=mention(other))


TAKEBACK_KINDS = {NoticeKind.TAKEBACK_ASK: "asked", NoticeKind.TAKEBACK: "granted", NoticeKind.TAKEBACK_NO: "declined"}  # note kind: status


def takeback_text(takeback: Takeback) -> str:
    """A takeback asked for (the opponent answers with the buttons below), granted (with the moves taken
    back, when known) or declined."""
    match, seat = takeback.match, takeback.seat
    asker, other = match.seats[seat], match.seats[1 - seat]
    names = {"player": mention(asker), "opponent": mention(other)}
    if takeback.status == "asked":
        return _("↩️ {player} asks to take back their move **{move}**. {opponent}: accept or decline below; your "
                 "next move declines it.", move=match.moves[-1], **names)
    if takeback.status == "declined":
        return _("✋ {opponent} declined {player}'s takeback.", **names) + f"\n{turn_line(match)}"
    moves, agreed = takeback.moves, not other.is_computer
    if not moves and agreed:  # shown late: the moves are gone from the log
        done = _("↩️ {player} took back their last move, as {opponent} agreed.", **names)
    elif not moves:
        done = _("↩️ {player} took back their last move.", **names)
    elif len(moves) == 1 and agreed:
        done = _("↩️ {player} took back **{move}**, as {opponent} agreed.", move=moves[0], **names)
    elif len(moves) == 1:
        done = _("↩️ {player} took back **{move}**.", move=moves[0], **names)
    else:
        replies = ", ".join(f"**{m}**" for m in moves[1:])
        if agreed:
            done = ngettext("↩️ {player} took back **{move}** and {opponent}'s reply {replies}, as {opponent} agreed.",
                            "↩️ {player} took back **{move}** and {opponent}'s replies {replies}, as {opponent} "
                            "agreed.", len(moves) - 1, move=moves[0], replies=replies, **names)
        else:
            done = ngettext("↩️ {player} took back **{move}** and {opponent}'s reply {replies}.",
                            "↩️ {player} took back **{move}** and {opponent}'s replies {replies}.", len(moves) - 1,
                            move=moves[0], replies=replies, **names)
    return f"{done}\n{turn_line(match)}"


def result_text(match: Match) -> str:
    outcome = match.outcome
    assert outcome is not None
    names = [who(match, s, now=False, bold=False) for s in range(len(match.seats))]
    result, reason = who_won(outcome, names, markdown=True), outcome.reason_text()
    if outcome.scores is not None and len(match.seats) == 2:  # with more players the places list them
        # Translators: who won, why, and the scores ("**alice wins** — board full (30–19)")
        lines = [_("🏁 {result} — {reason} ({scores})", result=result, reason=reason, scores=scores_text(outcome))]
    else:
        lines = [_("🏁 {result} — {reason}", result=result, reason=reason)]
    if len(match.seats) > 2:
        for place, group in enumerate(outcome.places, start=1):
            players = ", ".join(seat_result(match, s) for s in sorted(group))
            # Translators: a place in the results and who took it ("1. <@11> (Red, 37)")
            lines.append(_("{place}. {players}", place=place, players=players))
    if match.ratings:  # everyone is mentioned here or in the places: the result notifies them all
        lines.append(_("Ratings: {changes}", changes=", ".join(
            f"{mention(c.player, bold=False)} {c.before:.0f} → {c.after:.0f} ({c.delta:+.0f})" for c in match.ratings
        )))
    return "\n".join(lines)


def seat_result(match: Match, seat: int) -> str:
    """"<@id> (Red, 37)" for the places list of a game with more than two players."""
    scores = match.outcome.scores if match.outcome else None
    return who(match, seat, now=False, bold=False, detail=str(scores[seat]) if scores is not None else "")


def board_caption(match: Match) -> str:
    players = versus([who(match, s) for s in range(len(match.seats))])
    head = ngettext("**{game}** #{match} after {n} move: {players}.", "**{game}** #{match} after {n} moves: {players}.",
                    len(match.moves), game=match.rules.title, match=match.id, players=players)
    last = " " + _("Last move: **{move}**.", move=match.moves[-1]) if match.moves else ""
    state = result_text(match) if match.status == MatchStatus.FINISHED else turn_line(match)
    return f"{head}{last}\n{state}"


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
    # Translators: a player's record against one opponent: W wins, L losses, D draws ("3W 1L 0D")
    return _("**{game}** vs {opponent}: {wins}W {losses}L {draws}D", game=GAMES[game].title, opponent=opponent.name,
             wins=wins, losses=losses, draws=draws)


def board_link(match: Match) -> str:
    """Where a match's latest board is: a link to its message, else its channel or thread."""
    if match.board_message is None:
        return f"<#{match.channel_id}>"
    link = f"https://discord.com/channels/{match.guild_id}/{match.channel_id}/{match.board_message}"
    channel = f"<#{match.channel_id}>"
    # Translators: a link to a match's board message, in a channel ("board in #games")
    return _("[board]({link}) in {channel}", link=link, channel=channel)


def reminder_text(match: Match) -> str:
    """A reminder to the player to move that most of their turn is gone (a new message, so it notifies)."""
    player = match.to_move
    assert player is not None and match.deadline is not None
    # Translators: `/settings reminders:off` is a command and its option: write them as named in your language
    return _("⏰ {player}, it is still your move in **{game}** #{match}: time runs out {deadline}. Your board: "
             "{board}. (`/settings reminders:off` stops these.)", player=mention(player), game=match.rules.title,
             match=match.id, deadline=when(match.deadline), board=board_link(match))


def games_line(match: Match, user_id: int) -> str:
    """One of a player's running matches for /games: the game, the others, whose turn, the time left
    and where the board is ("**Attaxx** #4 vs bob · **your move**, time runs out in 3 hours · board in #games")."""
    names = match.names
    seat = match.seat_of(user_id)
    others = ", ".join(name for k, name in enumerate(names) if k != seat)
    player, to_move = match.to_move, match.state.to_move
    if player is None or to_move is None:  # (a player to move has a seat)
        turn = _("nobody to move")
    elif match.deadline is None or player.is_computer:
        mine = player.id == user_id and not player.is_computer
        turn = _("**your move**") if mine else _("{player} to move", player=names[to_move])
    elif player.id == user_id:
        turn = _("**your move**, time runs out {deadline}", deadline=when(match.deadline))
    else:
        turn = _("{player} to move, time runs out {deadline}", player=names[to_move], deadline=when(match.deadline))
    # Translators: one of a player's matches in progress: the game, the others, whose turn, where the board is
    return _("**{game}** #{match} vs {players} · {turn} · {board}", game=match.rules.title, match=match.id,
             players=others, turn=turn, board=board_link(match))


def history_entry(match: Match) -> tuple[str, str]:
    """A finished match as (title, body) for an embed field; the body fits Discord's 1024 characters."""
    names, outcome = match.names, match.outcome
    if outcome is None:
        raise ValueError(f"match {match.id} is not finished: it has no result for the history")
    won, reason = who_won(outcome, names, past=True), outcome.reason_text()
    if outcome.scores is not None and len(names) == 2:
        result = _("{result} {scores} ({reason})", result=won, scores=scores_text(outcome), reason=reason)
    else:
        result = _("{result} ({reason})", result=won, reason=reason)
    title = _("#{match} {game}: {players}", match=match.id, game=match.rules.title, players=versus(names))
    moves = " ".join(f"{i // len(match.seats) + 1}.{m}" if i % len(match.seats) == 0 else m for i, m in enumerate(match.moves))
    played = ngettext("{result}, {n} move", "{result}, {n} moves", len(match.moves), result=result)
    body = played + "\n" + (moves or _("(no moves)"))
    if match.finished_at:
        body = f"<t:{int(match.finished_at)}:d> · " + body
    return title[:256], body if len(body) <= 1024 else body[:1020] + " …"


def replay_caption(match: Match) -> str:
    """Above a replay: which match, who played, how it ended."""
    return "🎞️ " + replay_summary(match)


def replay_summary(match: Match) -> str:
    """Which match a replay shows, who played and how it ended."""
    outcome, moves = match.outcome, len(match.moves)
    if outcome is None:
        how = ngettext("in progress, {n} move so far", "in progress, {n} moves so far", moves)
    elif outcome.is_draw:
        how = ngettext("a draw ({reason}), {n} move", "a draw ({reason}), {n} moves", moves, reason=outcome.reason_text())
    else:
        how = ngettext("{result} ({reason}), {n} move", "{result} ({reason}), {n} moves", moves,
                       result=who_won(outcome, match.names, past=True), reason=outcome.reason_text())
    return _("Replay of match #{match}, {game}: {players} — {how}.", match=match.id, game=match.rules.title,
             players=versus(match.names), how=how)


def replay_alt_text(match: Match, part: int = 1, parts: int = 1) -> str:
    """The description of a replay's animation (part `part` of `parts`), for screen readers."""
    of = " " + _("Part {part} of {parts}.", part=part, parts=parts) if parts > 1 else ""
    return within_limit(_("Animated board, one frame per move.") + f" {replay_summary(match)}{of}")
