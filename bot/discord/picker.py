"""What Discord's command picker shows: descriptions of 1 to 100 characters, integers up to 2**53 - 1,
and the choices and descriptions that several commands share."""
from __future__ import annotations

from discord import app_commands

from games import GAMES
from i18n import N_

DESCRIPTION_LIMIT = 100
MAX_INTEGER = 2**53 - 1  # Discord's integer options stop here (its API description's Int53Type)
GAME_CHOICES = [app_commands.Choice(name=game.title, value=name) for name, game in GAMES.items()]
# Translators: a command option's description in Discord's command picker (at most 100 characters)
MATCH_HELP = N_("The match number, as /history shows it (default: the last one here, else yours)")  # /replay, /analysis


def picker_text(text: str, what: str) -> str:
    """A description for Discord's command picker, which takes at most 100 characters: a longer one
    is a mistake in the game's module (Discord would refuse every command at start-up), not
    something to cut short silently."""
    if not 1 <= len(text) <= DESCRIPTION_LIMIT:
        raise ValueError(f"{what} is {len(text)} characters; Discord's command picker shows 1 to {DESCRIPTION_LIMIT}: {text!r}")
    return text
