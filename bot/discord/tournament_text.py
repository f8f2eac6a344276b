"""The words of a tournament in Discord, in the language of the current task: its sign-up post, its
round and final posts, the answers to its commands, and text cut to Discord's limits. Pure functions of
the service's values (bot.tournaments.record)."""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

from bot.discord.messages import duration, mention, options_line
from bot.models import Player, computer
from bot.tournaments.model import Format, Table
from bot.tournaments.record import Tournament, TournamentStatus, shown
from bot.tournaments.standings import Row
from bot.tournaments.text import crosstable_text, points_text, round_lines, standings_text
from i18n import N_, _, ngettext

CONTENT_MAX = 2000  # a message's content
DESCRIPTION_MAX = 4096  # an embed's description
THREAD_NAME_MAX = 100
FENCE = "```"

FORMATS = {
    # Translators: a tournament's format (FIDE's Swiss system)
    Format.SWISS: N_("Swiss"),
    # Translators: a tournament's format: everyone plays everyone once
    Format.ROUND_ROBIN: N_("round robin"),
    # Translators: a tournament's format: everyone plays everyone twice, with the seats swapped
    Format.DOUBLE: N_("double round robin"),
}


def format_name(tournament: Tournament) -> str:
    return _(FORMATS[tournament.format])


def when_full(timestamp: float) -> str:
    """A moment as every reader sees it in their own time zone: the date and time, and how far off."""
    return f"<t:{int(timestamp)}:F> (<t:{int(timestamp)}:R>)"


def name_of(tournament: Tournament, user_id: int) -> str:
    entrant = tournament.entrant(user_id)
    return shown(entrant) if entrant is not None else "?"


# ------------------------------------------------------------------ the sign-up post

def settings_lines(tournament: Tournament) -> list[str]:
    """The game and its options, the format and rounds, the time per move, the start, whether rated, and
    who organises."""
    rules = tournament.rules
    game = f"🎲 **{rules.title}**"
    options = options_line(rules, tournament.options)
    lines = [f"{game} · {options}" if options else game]
    rounds = ngettext("{n} round", "{n} rounds", tournament.planned_rounds)
    if tournament.rounds is None and tournament.status == TournamentStatus.OPEN:
        # Translators: a Swiss's rounds before it starts, when they follow from the number of entrants
        rounds = _("{rounds} for now (as many as the entrants need)", rounds=rounds)
    # Translators: a tournament's format and its rounds ("Swiss · 5 rounds")
    lines.append(_("🏆 {format} · {rounds}", format=format_name(tournament), rounds=rounds))
    if tournament.table_size > 2:
        lines.append(ngettext("👥 Tables of {n} player, formed by standing", "👥 Tables of {n} players, formed by standing",
                              tournament.table_size))
    # Translators: the time each player has for each move ("24 hours per move")
    lines.append("⏱️ " + _("{time} per move", time=duration(tournament.turn_seconds)))
    if tournament.starts_at is not None and tournament.status == TournamentStatus.OPEN:
        lines.append(_("📅 Starts {when}", when=when_full(tournament.starts_at)))
    lines.append(_("📈 Rated: results move ratings") if tournament.rated else _("📉 Unrated: ratings do not change"))
    lines.append(_("Organised by {organiser}", organiser=mention(tournament.organiser)))
    return lines


def status_line(tournament: Tournament) -> str:
    """Where the tournament stands, and what a member may do about it."""
    if tournament.status == TournamentStatus.OPEN:
        if tournament.starts_at is not None:
            return _("Sign-up is open: press **Join**. It starts by itself at the time above.")
        return _("Sign-up is open: press **Join**. {organiser} starts it with `/tournament start`.",
                 organiser=mention(tournament.organiser))
    if tournament.status == TournamentStatus.RUNNING:
        line = _("▶️ Round {round} of {rounds} under way.", round=tournament.round, rounds=tournament.planned_rounds)
        if tournament.late_joining:
            line += " " + _("Late entrants are welcome for now: half a point for each round already begun.")
        return line
    if tournament.status == TournamentStatus.FINISHED:
        rows = tournament.standings()
        winners = [shown(row.entrant) for row in rows if row.place == 1]
        if winners:
            return ngettext("🏁 Finished: **{players}** wins.", "🏁 Finished: **{players}** share first place.",
                            len(winners), players=", ".join(winners))
        return _("🏁 Finished.")
    return _("❌ Called off.")


def entrant_line(tournament: Tournament, number: int, user_id: int) -> str:
    entrant = tournament.entrant(user_id)
    assert entrant is not None
    name = shown(entrant)
    if entrant.withdrawn is not None:
        # Translators: an entrant who left a running tournament, in its list of entrants
        return _("{number}. ~~{player}~~ ({rating}) withdrew", number=number, player=name, rating=str(round(entrant.rating)))
    # Translators: an entrant in a tournament's list: starting number, name, rating ("1. alice (1512)")
    return _("{number}. {player} ({rating})", number=number, player=name, rating=str(round(entrant.rating)))


def signup_description(tournament: Tournament) -> str:
    """The sign-up post's embed: the settings, where it stands, and the entrants (numbered), within an
    embed's DESCRIPTION_MAX."""
    head = "\n".join([*settings_lines(tournament), "", status_line(tournament), ""])
    count = len(tournament.entrants)
    if tournament.max_players is not None:
        title = _("**Entrants ({n}/{most})**", n=count, most=tournament.max_players)
    else:
        title = _("**Entrants ({n})**", n=count)
    numbered = tournament.status != TournamentStatus.OPEN
    lines = [entrant_line(tournament, e.number if numbered else k, e.id) for k, e in enumerate(tournament.entrants, 1)]
    if not lines:
        lines = [_("Nobody yet: press **Join** to be the first.")]
    return head + "\n" + fitted_lines([title, *lines], DESCRIPTION_MAX - len(head) - 1, keep=1)


# ------------------------------------------------------------------ cut to Discord's limits

def more(n: int) -> str:
    return ngettext("…and {n} more", "…and {n} more", n)


def fitted_lines(lines: Sequence[str], budget: int, *, keep: int = 0) -> str:
    """`lines` joined, as many as fit in `budget` characters with "…and N more" for the rest (the first
    `keep` always stay)."""
    whole = "\n".join(lines)
    if len(whole) <= budget:
        return whole
    count = len(lines) - 1
    while count > keep and len("\n".join([*lines[:count], more(len(lines) - count)])) > budget:
        count -= 1
    cut = "\n".join([*lines[:count], more(len(lines) - count)])
    return cut if len(cut) <= budget else cut[:budget - 1] + "…"


def code_block(text: str, budget: int, *, header: int = 0) -> str:
    """Fixed-width text in a code block within `budget` characters: rows past what fits left out, "…and N
    more" in their place (the first `header` lines always stay)."""
    room = budget - 2 * len(FENCE) - 2
    return f"{FENCE}\n{fitted_lines(text.rstrip().splitlines(), room, keep=header)}\n{FENCE}"


def standings_block(rows: Sequence[Row], format: Format, budget: int = DESCRIPTION_MAX) -> str:
    """The standings as text in a code block, cut to `budget` by rows (computers named in the current
    language)."""
    text = standings_text([replace(row, entrant=replace(row.entrant, name=shown(row.entrant))) for row in rows], format)
    header = max(0, len(text.rstrip().splitlines()) - len(rows))
    return code_block(text, budget, header=header)


def crosstable_block(tournament: Tournament, budget: int = DESCRIPTION_MAX) -> str:
    tournament = tournament.localized()
    text = crosstable_text(tournament.entrants, tournament.tables)
    header = max(0, len(text.rstrip().splitlines()) - len(tournament.entrants))
    return code_block(text, budget, header=header)


# ------------------------------------------------------------------ the news

def round_head(tournament: Tournament, round: int) -> str:
    return _("🏆 **{tournament}** — Round {round} of {rounds}", tournament=tournament.name, round=round,
             rounds=tournament.planned_rounds)


def round_text(tournament: Tournament, round: int) -> str:
    """A round's post: its number and its pairings (byes said), each game in a thread of its own."""
    head = round_head(tournament, round)
    foot = _("Each game is played in a thread of its own below; its players are mentioned there.")
    pairings = round_lines(round, tournament.round_tables(round), tournament.names)
    room = CONTENT_MAX - len(head) - len(foot) - 2
    return "\n".join([head, fitted_lines(pairings, room), foot])


def standings_title(tournament: Tournament, through: int | None = None) -> str:
    """The standings' heading: final, or before, during or after a round (`through`: after that round;
    None: as things are now)."""
    if tournament.status == TournamentStatus.FINISHED and (through is None or through >= tournament.round):
        return _("Final standings")
    if tournament.round == 0 or through == 0:
        return _("Standings before the first round")
    if through is None and not all(t.decided for t in tournament.round_tables(tournament.round)):
        return _("Standings during round {round} of {rounds}", round=tournament.round,
                 rounds=tournament.planned_rounds)
    return _("Standings after round {round} of {rounds}", round=tournament.round if through is None else through,
             rounds=tournament.planned_rounds)


def final_text(tournament: Tournament) -> str:
    """The final post: the tournament is over, and who won (pinged: the podium is theirs)."""
    rows = tournament.standings()
    head = _("🏁 **{tournament}** is over after {rounds}.", tournament=tournament.name,
             rounds=ngettext("{n} round", "{n} rounds", tournament.round))
    medals = ("🥇", "🥈", "🥉")
    lines = [head]
    for row in rows[:3]:
        player = Player(row.entrant.id, row.entrant.name)
        lines.append(f"{medals[row.place - 1] if row.place <= 3 else '🏅'} " + _(
            "{player} — {points}", player=mention(player), points=points_of(row.points)))
    return "\n".join(lines)


def points_of(points: Fraction) -> str:
    """"3½ points"."""
    # Translators: points in a tournament ("3½ points"); {points} is already written ("3½")
    whole = points.numerator if points.denominator == 1 else 2  # a fraction reads as plural ("½ points")
    return ngettext("{points} point", "{points} points", whole, points=points_text(points))


def cancelled_text(tournament: Tournament) -> str:
    if tournament.round:
        return _("❌ **{tournament}** was called off during round {round}: no more rounds. Games still being played "
                 "go on as ordinary matches.", tournament=tournament.name, round=tournament.round)
    return _("❌ **{tournament}** was called off before it began.", tournament=tournament.name)


def thread_name(tournament: Tournament, table: Table) -> str:
    """A game's thread: "Spring Swiss · R2 · alice – bob", within Discord's THREAD_NAME_MAX."""
    players = " – ".join(name_of(tournament, seat) for seat in table.seats)
    # Translators: a tournament game's thread: the tournament, R and the round's number, and the players
    name = _("{tournament} · R{round} · {players}", tournament=tournament.name, round=table.round, players=players)
    return name if len(name) <= THREAD_NAME_MAX else name[:THREAD_NAME_MAX - 1] + "…"


# ------------------------------------------------------------------ answers to members

def joined_text(tournament: Tournament, user_id: int) -> str:
    entrant = tournament.entrant(user_id)
    if tournament.status == TournamentStatus.RUNNING and entrant is not None and entrant.joined > 1:
        return ngettext("✅ You joined **{tournament}** late, from round {round}: half a point for the round missed.",
                        "✅ You joined **{tournament}** late, from round {round}: half a point for each round missed.",
                        entrant.joined - 1, tournament=tournament.name, round=entrant.joined)
    if tournament.status == TournamentStatus.RUNNING:
        return _("✅ You are back in **{tournament}** for the rounds to come.", tournament=tournament.name)
    return _("✅ You joined **{tournament}**.", tournament=tournament.name)


def left_text(tournament: Tournament, *, playing: int | None = None, resigned: bool = False) -> str:
    """What a member who left reads: before the start, gone; once it runs, withdrawn from the rounds to
    come, with their game of the round going on in its thread (`playing`) or resigned."""
    if tournament.status == TournamentStatus.OPEN:
        return _("You left **{tournament}**.", tournament=tournament.name)
    withdrawn = _("You withdrew from **{tournament}**: you are not paired in the rounds to come.",
                  tournament=tournament.name)
    if resigned:
        return withdrawn + " " + _("You resigned your game of this round.")
    if playing is not None:
        return withdrawn + " " + _("Your game of this round goes on: play it out in <#{thread}>.", thread=playing)
    return withdrawn


def leave_question(tournament: Tournament, thread: int) -> str:
    return _("You are leaving **{tournament}**: you will not be paired in the rounds to come. Your game of this "
             "round in <#{thread}> is still on: keep playing it, or resign it?", tournament=tournament.name,
             thread=thread)


def computer_text(tournament: Tournament, level: str, *, removed: bool) -> str:
    name = computer(level).shown
    if removed:
        return _("🤖 {computer} no longer plays in **{tournament}**.", computer=name, tournament=tournament.name)
    return _("🤖 {computer} plays in **{tournament}**.", computer=name, tournament=tournament.name)


def started_text(tournament: Tournament) -> str:
    return _("▶️ **{tournament}** has begun: round 1 is paired, and each game gets a thread here.",
             tournament=tournament.name)


def called_off_text(tournament: Tournament) -> str:
    return _("**{tournament}** is called off.", tournament=tournament.name)


def listing_line(tournament: Tournament) -> str:
    """One of a server's tournaments for /tournament list."""
    count = ngettext("{n} entrant", "{n} entrants", len(tournament.entrants))
    # Translators: a tournament in /tournament list: name, game, format, entrants, where it stands, its channel
    return _("**{tournament}** · {game} · {format} · {entrants} · {state} · <#{channel}>", tournament=tournament.name,
             game=tournament.rules.title, format=format_name(tournament), entrants=count, state=state_word(tournament),
             channel=tournament.channel_id)


def game_line(tournament: Tournament, round: int) -> str:
    """A tournament game's first line, above its start: "🏆 **Spring Swiss** · round 2 of 5"."""
    return _("🏆 **{tournament}** · round {round} of {rounds}", tournament=tournament.name, round=round,
             rounds=tournament.planned_rounds)


def crosstable_title() -> str:
    # Translators: the title of a round robin's table of every result between two entrants
    return _("Crosstable")


def state_word(tournament: Tournament) -> str:
    if tournament.status == TournamentStatus.OPEN:
        # Translators: a tournament taking sign-ups, in /tournament list
        return _("sign-up open")
    if tournament.status == TournamentStatus.RUNNING:
        return _("round {round}/{rounds}", round=tournament.round, rounds=tournament.planned_rounds)
    if tournament.status == TournamentStatus.FINISHED:
        return _("finished")
    return _("called off")


def listing_name(tournament: Tournament) -> str:
    """A tournament as the autocomplete lists it: "Spring Swiss (Attaxx, round 2/5)"."""
    return _("{tournament} ({game}, {state})", tournament=tournament.name, game=tournament.rules.title,
             state=state_word(tournament))
