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


def _name_ok(name: str) -> bool:
    # Discord's regex ^[-_'\p{L}\p{N}\p{sc=Deva}\p{sc=Thai}]{1,32}$ without the `regex` module: Devanagari
    # and Thai taken by block, which also admits their combining vowel signs as \p{sc=...} does.
    allowed = (c in "-_'" or unicodedata.category(c)[0] in "LN" or "\u0900" <= c <= "\u097f"
               or "\ua8e0" <= c <= "\ua8ff" or "\u0e00" <= c <= "\u0e7f" for c in name)
    return all(allowed) and name == name.lower()


def _named(errs: _Errors, path: tuple, node: dict, description: tuple[int, int] | None, chat_input: bool) -> None:
    for key, bounds in (("name", COMMAND_NAME_LENGTH), ("description", description)):
        if bounds is None:
            continue
        errs.text((*path, key), node.get(key), bounds, required=True)
        localized = node.get(f"{key}_localizations") or {}
        for locale, text in localized.items():
            errs.text((*path, f"{key}_localizations", locale), text, bounds, required=True)
        texts = [node.get(key), *localized.values()]
        if key == "name" and chat_input and not all(_name_ok(t) for t in texts if isinstance(t, str) and t):
            errs.add((*path, "name"), "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid")


def _choice(errs: _Errors, path: tuple, choice: dict, kind: int | None) -> None:
    """One choice of an option of type `kind`, or of an autocomplete answer (kind None: string or number)."""
    errs.text((*path, "name"), choice.get("name"), CHOICE_NAME_LENGTH, required=True)
    for locale, text in (choice.get("name_localizations") or {}).items():
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
    _named(errs, path, option, OPTION_DESCRIPTION_LENGTH, chat_input=True)
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
    names: set = set()
    for i, option in enumerate(options):
        _option(errs, (*path, "options", i), option, level)
        if option.get("name") in names:
            errs.add((*path, "options", i, "name"), "APPLICATION_COMMAND_OPTION_NAME_DUPLICATED", "Option names must be unique")
        names.add(option.get("name"))
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
    names: dict[int, set] = {}
    for i, command in enumerate(commands):
        kind = command.get("type", 1)
        errs.choice((i, "type"), kind, tuple(MAX_COMMANDS))
        _named(errs, (i,), command, COMMAND_DESCRIPTION_LENGTH if kind == 1 else None, chat_input=kind == 1)
        if kind != 1:
            errs.text((i, "description"), command.get("description") or "", (0, 0))
        _options(errs, (i,), command.get("options"), "command")
        if _size(command) > COMMAND_SIZE_MAX:
            errs.add((i,), "APPLICATION_COMMAND_TOO_LARGE", f"Command exceeds maximum size ({COMMAND_SIZE_MAX})")
        if command.get("name") in names.setdefault(kind, set()):
            errs.add((i,), "APPLICATION_COMMANDS_DUPLICATE_NAME", "Application command names must be unique")
        names[kind].add(command.get("name"))
    errs.raise_any()
    for kind, most in MAX_COMMANDS.items():
        if sum(c.get("type", 1) == kind for c in commands) > most:
            raise Refusal(400, 30032, "Maximum number of application commands reached")
