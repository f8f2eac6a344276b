"""The words of heavy work a player waits for on Discord: their place in line, an analysis's progress,
its headline and its mistakes (in the language of the current task)."""
from __future__ import annotations

from bot.analysis_report import NO_MISTAKES, coarse_line, contest, made_with, mistake_lines, player_lines
from bot.discord.messages import EMBED_TEXT_MAX
from bot.models import Match
from bot.work import ordinal
from engines.analysis import Analysis
from i18n import N_, _, ngettext, number

IN_LINE = {  # a job waiting its turn, by its kind; its place in line, "3rd", comes from bot.work.ordinal
    "analysis": N_("⏳ Your analysis of **{game}** #{match} is {ordinal} in line; it will be posted here."),
    "replay": N_("⏳ Your replay of **{game}** #{match} is {ordinal} in line; it will be posted here."),
}


def in_line(what: str, match: Match, ahead: int) -> str:
    """A job (`what`: "analysis" or "replay") waiting its turn: "⏳ Your analysis of Attaxx #12 is 3rd in
    line; it will be posted here."."""
    return _(IN_LINE[what], game=match.rules.title, match=match.id, ordinal=ordinal(ahead + 1))


def analysis_progress(match: Match, done: int, total: int) -> str:
    """The line edited as an analysis goes on."""
    return ngettext("🔍 Analysing **{game}** #{match}: {done} of {n} position searched…",
                    "🔍 Analysing **{game}** #{match}: {done} of {n} positions searched…", total,
                    game=match.rules.title, match=match.id, done=number(done))


def analysis_text(match: Match, analysis: Analysis, seconds: float) -> str:
    """The headline of an analysis (with what it was made with, and whether it is coarse) and each
    player's count of inaccuracies, mistakes and blunders."""
    # Translators: an analysis's headline: the match, who played whom, and what the analysis was made with
    head = _("🔍 **{game}** #{match}: {contest}, analysed by the computer ({made_with}).", game=match.rules.title,
             match=match.id, contest=contest(match), made_with=made_with(analysis, seconds))
    return "\n".join([head, *coarse_line(analysis), *player_lines(match, analysis, bold=True)])


ANALYSIS_LINES = 40  # mistakes and blunders listed at most; the graph marks them all


def analysis_mistakes(match: Match, analysis: Analysis) -> str:
    """Each mistake and blunder, for an embed's description."""
    lines = mistake_lines(match, analysis, bold=True)
    if not lines:
        return _(NO_MISTAKES)
    if len(lines) > ANALYSIS_LINES:
        lines = lines[:ANALYSIS_LINES] + [ngettext("…and {n} more, marked on the graph.",
                                                   "…and {n} more, marked on the graph.", len(lines) - ANALYSIS_LINES)]
    text = "\n".join(lines)
    return text if len(text) <= EMBED_TEXT_MAX else text[:EMBED_TEXT_MAX - 1] + "…"
