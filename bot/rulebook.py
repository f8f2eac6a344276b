"""A game's rules as players read them, the same text in Discord (`/rules`) and at the console
(`rules <game>`): summary, rules, notation, house rules and options, in the current language."""
from __future__ import annotations

import re

from i18n import _, ngettext
from rules import Game


def player_count(game: Game) -> str:
    """"2 players", "2–6 players"."""
    low, high = game.players.start, game.players.stop - 1
    if low == high:
        return ngettext("{n} player", "{n} players", low)
    # Translators: how many play a game, from {low} to {n}
    return ngettext("{low}–{n} player", "{low}–{n} players", high, low=low)


def rules_text(game: Game) -> str:
    """The rules in Discord's Markdown."""
    parts = [
        # Translators: the game's summary, then how many play it ("2 players")
        _("*{summary}* ({players})", summary=game.summary_text(), players=player_count(game)),
        "\n".join(game.rules_paragraphs()),
        # Translators: a heading in a game's rules, then how its moves are written
        _("**Notation**: {notation}", notation=game.notation_text()),
    ]
    if game.house_rules:
        # Translators: a heading in a game's rules, above the list of rules this bot decided
        parts.append(_("**House rules**") + "\n" + "\n".join(f"• {rule}" for rule in game.house_rules_text()))
    if game.options:
        # Translators: a heading in a game's rules, above the list of its options
        parts.append(_("**Options**") + "\n" + "\n".join(
            f"• `{o.name_text()}` — {o.help_text()}{o.default_text}" for o in game.options
        ))
    return "\n\n".join(parts)


def plain(markdown: str) -> str:
    """Discord's Markdown as a terminal shows it: bold, italics and code marks taken out."""
    return re.sub(r"\*\*|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|`", "", markdown)
