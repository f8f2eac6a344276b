"""The slash commands in every language the bot speaks: the names, descriptions and choices Discord shows
in its command picker, registered with each command for every Discord locale the bot has a catalog for.

discord.py hands each English text of a command to `CatalogTranslator` when the commands are synced,
once per Discord locale. Names come from the catalog in a context of their own ("command name",
"option name": a translator knows that it must be one lowercase word), descriptions and choices as any
message does. A text whose translation is the English itself is left without a localization, so
Discord shows the English.

Babel reads the texts where they are written: descriptions and choices are marked with N_ in the cogs'
decorators; a text made of parts or with placeholders is a `localized` string, worked out in each
language by a function; the names, which discord.py reads off the code (a decorator, a parameter, a
game's record), are listed in `catalogued_names`, where Babel finds them with their context.
"""
from __future__ import annotations

from collections.abc import Callable

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation, TranslationContextTypes, locale_str

import i18n
from i18n import ENGLISH, _, pgettext

COMMAND_NAME = "command name"
OPTION_NAME = "option name"
# The context in the catalog of each kind of name discord.py asks for.
NAMES = {
    TranslationContextLocation.command_name: COMMAND_NAME,
    TranslationContextLocation.group_name: COMMAND_NAME,
    TranslationContextLocation.parameter_name: OPTION_NAME,
}


def localized(words: Callable[[], str]) -> locale_str:
    """A description or choice name made by `words` (called in the language wanted): for a text built
    from parts, or with placeholders. Its English is what `words` gives in English."""
    with i18n.speaking(ENGLISH):
        english = words()
    return locale_str(english, words=words)


def as_is(text: str) -> locale_str:
    """A choice name shown the same in every language (an option's value, such as `flat` or `7x7`)."""
    return locale_str(text, as_is=True)


def discord_locales() -> dict[discord.Locale, str]:
    """Every Discord locale the bot speaks a language of besides English, with that language (its best
    shipped match: `es-419` and `es-ES` are both Spanish when Spanish is shipped)."""
    return {locale: code for locale in discord.Locale if (code := i18n.best(locale.value)) != ENGLISH}


def in_current_language(string: locale_str, location: TranslationContextLocation) -> str:
    """A command's text (a name, a description, a choice) in the current language."""
    if string.extras.get("as_is"):
        return string.message
    words = string.extras.get("words")
    if callable(words):
        return str(words())
    context = NAMES.get(location)
    if context is not None:
        return pgettext(context, string.message)
    return _(string.message)


class CatalogTranslator(app_commands.Translator):
    """The commands' texts from the gettext catalogs (i18n/locales), for every Discord locale with a
    shipped language other than English; None (no localization) where the catalog gives the English."""

    def __init__(self) -> None:
        self.locales = discord_locales()

    async def translate(self, string: locale_str, locale: discord.Locale, context: TranslationContextTypes) -> str | None:
        code = self.locales.get(locale)
        if code is None:
            return None
        with i18n.speaking(code):
            text = in_current_language(string, context.location)
        return None if text == string.message else text


def catalogued_names() -> list[tuple[str, str]]:
    """Every name of a command or an option the bot registers, as (context, English name): discord.py
    reads them off the code, where Babel cannot, so they are written out here, as the catalog looks
    them up. (tests/test_discord_languages.py checks this list against the commands registered.)"""
    with i18n.speaking(ENGLISH):
        commands = [
            # Translators: the name of a slash command, typed after "/": one lowercase word (letters,
            # digits, - or _, no spaces)
            pgettext("command name", "challenge"),
            pgettext("command name", "accept"),
            pgettext("command name", "decline"),
            pgettext("command name", "move"),
            pgettext("command name", "board"),
            pgettext("command name", "resign"),
            pgettext("command name", "draw"),
            pgettext("command name", "takeback"),
            pgettext("command name", "leaderboard"),
            pgettext("command name", "stats"),
            pgettext("command name", "games"),
            pgettext("command name", "settings"),
            pgettext("command name", "rules"),
            pgettext("command name", "history"),
            pgettext("command name", "replay"),
            pgettext("command name", "analysis"),
            pgettext("command name", "help"),
            pgettext("command name", "tournament"),
            # Translators: a subcommand of /tournament ("/tournament create attaxx"): one lowercase word
            pgettext("command name", "create"),
            pgettext("command name", "join"),
            pgettext("command name", "leave"),
            pgettext("command name", "computer"),
            pgettext("command name", "start"),
            pgettext("command name", "cancel"),
            pgettext("command name", "standings"),
            pgettext("command name", "list"),
            # Translators: a game's name as a choice of /challenge ("/challenge attaxx"): one lowercase
            # word; most languages keep the game's own name
            pgettext("command name", "attaxx"),
            pgettext("command name", "ikabegama"),
            pgettext("command name", "ascent"),
            pgettext("command name", "xlines"),
            pgettext("command name", "permutation"),
            pgettext("command name", "elevation"),
        ]
        options = [
            # Translators: the name of a slash command's option, typed as "name:": one lowercase word
            # (letters, digits, - or _, no spaces)
            pgettext("option name", "opponent"),
            pgettext("option name", "opponent2"),
            pgettext("option name", "opponent3"),
            pgettext("option name", "opponent4"),
            pgettext("option name", "opponent5"),
            pgettext("option name", "players"),
            pgettext("option name", "computers"),
            pgettext("option name", "level"),
            pgettext("option name", "side"),
            pgettext("option name", "turn_time"),
            pgettext("option name", "clock"),
            pgettext("option name", "size"),
            pgettext("option name", "light_nest"),
            pgettext("option name", "dark_nest"),
            pgettext("option name", "k"),
            pgettext("option name", "height"),
            pgettext("option name", "terrain"),
            pgettext("option name", "notation"),
            pgettext("option name", "public"),
            pgettext("option name", "text"),
            pgettext("option name", "game"),
            pgettext("option name", "page"),
            pgettext("option name", "user"),
            pgettext("option name", "match"),
            pgettext("option name", "reminders"),
            pgettext("option name", "server_reminders"),
            pgettext("option name", "language"),
            pgettext("option name", "format"),
            pgettext("option name", "rounds"),
            pgettext("option name", "starts"),
            pgettext("option name", "max_players"),
            pgettext("option name", "rated"),
            pgettext("option name", "name"),
            pgettext("option name", "tournament"),
            pgettext("option name", "resign"),
            pgettext("option name", "remove"),
            pgettext("option name", "tournaments"),
        ]
    return [(COMMAND_NAME, name) for name in commands] + [(OPTION_NAME, name) for name in options]
