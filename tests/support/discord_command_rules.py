"""Discord's rules for application commands (a bulk overwrite of a bot's commands), as tests.support.discord_rules
checks them: names, descriptions, options, choices and sizes, each limit citing its documentation page. The
choice and ordering checks here serve autocomplete answers and select menus there too."""
from __future__ import annotations

import unicodedata
from typing import Any

from tests.support.discord_refusals import Refusal, _Errors

# ------------------------------------------------------------------------------------------- commands
# https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-naming
COMMAND_NAME_LENGTH = (1, 32)
# https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-structure
# (CHAT_INPUT only; "Empty string for USER and MESSAGE commands"), and "max of 25" options.
COMMAND_DESCRIPTION_LENGTH, MAX_OPTIONS = (1, 100), 25
# https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-structure
# "1-100 character description", choices "max 25", min_length 0-6000, max_length 1-6000.
OPTION_DESCRIPTION_LENGTH, MAX_CHOICES, MIN_LENGTH_RANGE, MAX_LENGTH_RANGE = (1, 100), 25, (0, 6000), (1, 6000)
# https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-choice-structure
# A string value is "up to 100 characters"; the OpenAPI description says 6000.
CHOICE_NAME_LENGTH, CHOICE_STRING_MAX = (1, 100), 100
# https://discord.com/developers/docs/interactions/application-commands#application-command-object-application-command-option-type
# INTEGER "between -2^53+1 and 2^53-1" (the OpenAPI Int53Type), NUMBER "between -2^53 and 2^53".
INTEGER_RANGE, NUMBER_RANGE = (-(2**53 - 1), 2**53 - 1), (-(2**53), 2**53)
# https://discord.com/developers/docs/interactions/application-commands#slash-commands (longest localization counted)
COMMAND_SIZE_MAX = 8000
# https://discord.com/developers/docs/interactions/application-commands#registering-a-command
MAX_COMMANDS = {1: 100, 2: 15, 3: 15, 4: 1}  # CHAT_INPUT, USER, MESSAGE, PRIMARY_ENTRY_POINT
SUB_COMMAND, SUB_COMMAND_GROUP, STRING, INTEGER, NUMBER = 1, 2, 3, 4, 10
# https://discord.com/developers/docs/interactions/application-commands#subcommands-and-subcommand-groups
OPTION_TYPES = {"command": tuple(range(1, 12)), "group": (SUB_COMMAND,), "subcommand": tuple(range(3, 12))}


# https://discord.com/developers/docs/reference#locales (the OpenAPI description's AvailableLocalesEnum): the keys of
# every *_localizations object.
LOCALES = frozenset({"ar", "bg", "cs", "da", "de", "el", "en-GB", "en-US", "es-419", "es-ES", "fi", "fr", "he", "hi", "hr",
                     "hu", "id", "it", "ja", "ko", "lt", "nl", "no", "pl", "pt-BR", "ro", "ru", "sv-SE", "th", "tr", "uk",
                     "vi", "zh-CN", "zh-TW"})
# The two Devanagari marks of the Common script, which \p{sc=Deva} leaves out.
DANDAS = frozenset("\u0964\u0965")


def _name_char_ok(c: str) -> bool:
    """One character of Discord's ^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$ without the `regex` module:
    letters and numbers of any script, - and _, and the rest of the Devanagari and Thai scripts (their vowel
    signs and marks). The documented pattern also has an apostrophe, which the API refuses
    (discord/discord-api-docs#7371): it is left out."""
    if c in "-_" or unicodedata.category(c)[0] in "LN":
        return True
    return unicodedata.name(c, "").startswith(("DEVANAGARI ", "THAI ")) and c not in DANDAS


def _name_ok(name: str) -> bool:
    """A CHAT_INPUT command's or option's name: the pattern, in lowercase wherever a letter has a lowercase form."""
    return all(_name_char_ok(c) and c.lower() == c for c in name)


def _locales(errs: _Errors, path: tuple, localized: Any) -> dict:
    """A *_localizations object: keys that are Discord's locales (the code of the answer to another key is
    not confirmed against Discord: an enum's BASE_TYPE_CHOICES, at the key)."""
    if not isinstance(localized, dict):
        return {}
    for locale in localized:
        errs.choice((*path, locale), locale, tuple(sorted(LOCALES)))
    return localized


def _named(errs: _Errors, path: tuple, node: dict, description: tuple[int, int] | None, chat_input: bool,
           option: bool = False) -> None:
    for key, bounds in (("name", COMMAND_NAME_LENGTH), ("description", description)):
        if bounds is None:
            continue
        errs.text((*path, key), node.get(key), bounds, required=True)
        localized = _locales(errs, (*path, f"{key}_localizations"), node.get(f"{key}_localizations"))
        for locale, text in localized.items():
            errs.text((*path, f"{key}_localizations", locale), text, bounds, required=True)
        if key != "name" or not chat_input:
            continue
        name = node.get(key)
        if isinstance(name, str) and name and not _name_ok(name):
            errs.add((*path, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")
        # A command's bad localization is answered at name_localizations as a whole, an option's at its locale
        # (discord/discord-api-docs#7712).
        bad = [locale for locale, text in localized.items() if isinstance(text, str) and text and not _name_ok(text)]
        for where in ([(locale,) for locale in bad] if option else [()] if bad else []):
            errs.add((*path, "name_localizations", *where), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")


def _names_by_locale(items: list[dict]) -> dict[str, list[Any]]:
    """The names siblings (commands, or a command's options) show in each locale: their localization there, else
    their name. Discord wants them unique in every locale, not only in English."""
    locales = {locale for item in items for locale in (item.get("name_localizations") or {})}
    return {"": [item.get("name") for item in items],
            **{locale: [(item.get("name_localizations") or {}).get(locale, item.get("name")) for item in items]
               for locale in sorted(locales)}}


def _duplicates(items: list[dict]) -> list[int]:
    """The positions of siblings whose name, in some locale, an earlier sibling already shows."""
    found = set()
    for names in _names_by_locale(items).values():
        seen: set = set()
        for i, name in enumerate(names):
            if name in seen:
                found.add(i)
            seen.add(name)
    return sorted(found)


def _choice(errs: _Errors, path: tuple, choice: dict, kind: int | None) -> None:
    """One choice of an option of type `kind`, or of an autocomplete answer (kind None: string or number)."""
    errs.text((*path, "name"), choice.get("name"), CHOICE_NAME_LENGTH, required=True)
    for locale, text in _locales(errs, (*path, "name_localizations"), choice.get("name_localizations")).items():
        errs.text((*path, "name_localizations", locale), text, CHOICE_NAME_LENGTH, required=True)
    value = choice.get("value")
    kind = kind or (STRING if isinstance(value, str) else NUMBER)
    if kind == STRING:
        errs.text((*path, "value"), value, (0, CHOICE_STRING_MAX), required=True)
    else:
        errs.number((*path, "value"), value, INTEGER_RANGE if kind == INTEGER else NUMBER_RANGE, integer=kind == INTEGER)


def _ordered(errs: _Errors, path: tuple, option: dict, low_key: str, high_key: str) -> None:
    low, high = option.get(low_key), option.get(high_key)
    numbers = [v for v in (low, high) if isinstance(v, (int, float)) and not isinstance(v, bool)]
    if len(numbers) == 2 and numbers[0] > numbers[1]:
        errs.add((*path, high_key), "NUMBER_TYPE_MIN", f"{high_key} should be greater than or equal to {low_key} ({low}).")


def _option(errs: _Errors, path: tuple, option: dict, level: str) -> None:
    kind = option.get("type")
    errs.choice((*path, "type"), kind, OPTION_TYPES[level])
    _named(errs, path, option, OPTION_DESCRIPTION_LENGTH, chat_input=True, option=True)
    if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
        _options(errs, path, option.get("options"), "group" if kind == SUB_COMMAND_GROUP else "subcommand")
        return
    errs.boolean((*path, "required"), option.get("required"))
    choices = errs.items((*path, "choices"), option.get("choices"), (0, MAX_CHOICES)) if kind in (STRING, INTEGER, NUMBER) else []
    for i, choice in enumerate(choices):
        _choice(errs, (*path, "choices", i), choice, kind)
    if choices and option.get("autocomplete"):
        errs.add((*path, "autocomplete"), "APPLICATION_COMMAND_AUTOCOMPLETE_WITH_CHOICES", "Autocomplete may not be set with choices")
    if kind in (INTEGER, NUMBER):
        for key in ("min_value", "max_value"):
            errs.number((*path, key), option.get(key), INTEGER_RANGE if kind == INTEGER else NUMBER_RANGE, integer=kind == INTEGER)
        _ordered(errs, path, option, "min_value", "max_value")
    if kind == STRING:
        errs.number((*path, "min_length"), option.get("min_length"), MIN_LENGTH_RANGE)
        errs.number((*path, "max_length"), option.get("max_length"), MAX_LENGTH_RANGE)
        _ordered(errs, path, option, "min_length", "max_length")


def _options(errs: _Errors, path: tuple, value: Any, level: str) -> None:
    options = errs.items((*path, "options"), value, (0, MAX_OPTIONS))
    nested = [o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in options]
    if any(nested) and not all(nested):
        errs.add((*path, "options"), "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                 "Sub-command and sub-command group option types are mutually exclusive to all other types")
    duplicates = _duplicates(options)
    for i, option in enumerate(options):
        _option(errs, (*path, "options", i), option, level)
        if i in duplicates:
            errs.add((*path, "options", i, "name"), "APPLICATION_COMMAND_OPTION_NAME_DUPLICATED", "Option names must be unique")
        if option.get("required") and any(not o.get("required") for o in options[:i]) and not nested[i]:
            errs.add((*path, "options", i), "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                     "Required options must be placed before non-required options")


def _size(node: dict) -> int:
    """Characters counted towards COMMAND_SIZE_MAX: each field's longest text among its localizations."""
    def longest(item: dict, key: str) -> int:
        return max(len(str(t)) for t in [item.get(key) or "", *(item.get(f"{key}_localizations") or {}).values()])

    total = longest(node, "name") + longest(node, "description")
    total += sum(longest(c, "name") + len(str(c.get("value", ""))) for c in node.get("choices") or [])
    return total + sum(_size(o) for o in node.get("options") or [])


def check_commands(commands: list[dict]) -> None:
    """A bulk overwrite (PUT /applications/{app}/commands or .../guilds/{guild}/commands)."""
    errs = _Errors()
    duplicates: set[int] = set()  # commands of a type whose name in some locale an earlier one shows
    for kind in MAX_COMMANDS:
        same = [j for j, c in enumerate(commands) if c.get("type", 1) == kind]
        duplicates.update(same[k] for k in _duplicates([commands[j] for j in same]))
    for i, command in enumerate(commands):
        kind = command.get("type", 1)
        errs.choice((i, "type"), kind, tuple(MAX_COMMANDS))
        _named(errs, (i,), command, COMMAND_DESCRIPTION_LENGTH if kind == 1 else None, chat_input=kind == 1)
        if kind != 1:
            errs.text((i, "description"), command.get("description") or "", (0, 0))
        _options(errs, (i,), command.get("options"), "command")
        if _size(command) > COMMAND_SIZE_MAX:
            errs.add((i,), "APPLICATION_COMMAND_TOO_LARGE", f"Command exceeds maximum size ({COMMAND_SIZE_MAX})")
        if i in duplicates:
            errs.add((i,), "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique")
    errs.raise_any()
    for kind, most in MAX_COMMANDS.items():
        if sum(c.get("type", 1) == kind for c in commands) > most:
            raise Refusal(400, 30032, "Maximum number of application commands reached")
