"""The standings' and the podium's descriptions for people who cannot see them (renderers.standings draws
them): the title, where the tournament stands, then each entrant by place with points and tiebreaks, as
many as fit in Discord's 1,024 characters of alt text and "and 12 more" for the rest. The values come
written as the picture shows them; only the few joining words here are translated."""
from __future__ import annotations

from collections.abc import Sequence

from i18n import _, ngettext, pgettext
from renderers.describe import ALT_TEXT_MAX, within_limit
from renderers.results import comma_list, ordinal
from renderers.standings import Line, Sheet


def said(name: str) -> str:
    """A name as the description says it: its whitespace collapsed ("?" when there is nothing left)."""
    return " ".join(name.split()) or "?"


def entrant(sheet: Sheet, line: Line) -> str:
    """"1. alice 4½ (BH 12, SB 9½)": an entrant's place, name, points and tiebreaks, each tiebreak by
    the head of its column."""
    # Translators: an entrant in a standings picture's description: place, name and points ("1. alice 4½")
    text = _("{place}. {player} {points}", place=line.place.strip(), player=said(line.name), points=line.points)
    heads = sheet.heads[3:3 + len(line.tiebreaks)]
    tiebreaks = [
        # Translators: a tiebreak in a standings picture's description: its short name and value ("BH 12")
        pgettext("tiebreak", "{name} {value}", name=said(head), value=value)
        for head, value in zip(heads, line.tiebreaks, strict=True) if value.strip()]
    if tiebreaks:
        # Translators: an entrant in a standings picture's description with their tiebreaks ("1. alice 4½ (BH 12, SB 9½)")
        text = _("{entrant} ({tiebreaks})", entrant=text, tiebreaks=comma_list(tiebreaks))
    return text


def alt_text(sheet: Sheet) -> str:
    """The standings' description, at most ALT_TEXT_MAX characters, always naming the leader."""
    # Translators: the opening of a standings picture's description ("Standings of Spring Swiss · Attaxx. After round 3 of 5.")
    opening = _("Standings of {title}. {subtitle}.", title=said(sheet.title), subtitle=said(sheet.subtitle))
    closing = ""
    if sheet.cross is not None:
        # Translators: ends a standings picture's description when a round robin's crosstable is drawn under the table
        closing = ngettext("Under the table, the crosstable of the {n} entrant.",
                           "Under the table, the crosstable of the {n} entrants.", len(sheet.cross_names))
    items = [entrant(sheet, line) for line in sheet.lines]

    def whole(count: int) -> str:
        shown = items[:count]
        if count < len(items):
            # Translators: ends a list of entrants too long to give in full ("…, 5. dave 3, and 12 more")
            shown = [*shown, ngettext("and {n} more", "and {n} more", len(items) - count)]
        # Translators: the entrants in a standings picture's description, as a sentence of their own
        listed = _("{entrants}.", entrants=comma_list(shown)) if shown else ""
        return " ".join(part for part in (opening, listed, closing) if part)

    count = len(items)
    while count > 1 and len(whole(count)) > ALT_TEXT_MAX:
        count -= 1
    return within_limit(whole(count))


def podium_alt(title: str, places: Sequence[tuple[str, str] | tuple[str, str, int]]) -> str:
    """The podium's description: "Podium of Spring Swiss: 1st alice 6½, 2nd bob 6, 3rd carol 5½."."""
    if not places:
        raise ValueError("a podium needs at least one entrant")
    steps = [
        # Translators: an entrant on a podium in its picture's description ("1st alice 6½")
        pgettext("podium", "{place} {player} {points}", place=ordinal(int(entry[2]) if len(entry) > 2 else k + 1),
                 player=said(entry[0]), points=entry[1])
        for k, entry in enumerate(places[:3])]
    # Translators: a podium picture's description; {places} lists the first three ("1st alice 6½, 2nd bob 6")
    return within_limit(_("Podium of {title}: {places}.", title=said(title), places=comma_list(steps)))
