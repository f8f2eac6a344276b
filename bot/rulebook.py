"""A game's rules as players read them, the same text in Discord (`/rules`) and at the console
(`rules <game>`): summary, rules, notation, house rules and options."""
from __future__ import annotations

import re

from rules import Game


def player_count(game: Game) -> str:
    """"2 players", "2–6 players"."""
    low, high = game.players.start, game.players.stop - 1
    return f"{low} players" if low == high else f"{low}–{high} players"


def rules_text(game: Game) -> str:
    """The rules in Discord's Markdown."""
    parts = [f"*{game.summary}* ({player_count(game)})", game.rules_text, f"**Notation**: {game.notation}"]
    if game.house_rules:
        parts.append("**House rules**\n" + "\n".join(f"• {rule}" for rule in game.house_rules))
    if game.options:
        parts.append("**Options**\n" + "\n".join(
            f"• `{o.name}` — {o.help}{o.default_text}" for o in game.options
        ))
    return "\n\n".join(parts)


def plain(markdown: str) -> str:
    """Discord's Markdown as a terminal shows it: bold, italics and code marks taken out."""
    return re.sub(r"\*\*|(?<![\w*])\*(?=\S)|(?<=\S)\*(?![\w*])|`", "", markdown)
