"""Discord's rules for the bodies the bot sends, as pure checks that raise Discord's error answer.

Each check walks one request body, collects every broken rule at its path (integer indices as strings, as
Discord reports them) and raises a `Refusal` with the answer Discord would send. Every limit is a constant
citing the documentation page it comes from; where Discord's OpenAPI description says otherwise, the
documentation wins and the comment says so. Codes inside `errors` are Discord's own where a real Discord
answer showing them was found; those in UNCONFIRMED_CODES are named after the rule they enforce.

The rules for commands are in tests.support.discord_command_rules, the error answer in
tests.support.discord_refusals, those for the components of a message with IS_COMPONENTS_V2 in
tests.support.discord_v2_rules; this module holds those for messages, components, interaction responses and
threads.
"""
from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any

from tests.support.discord_command_rules import (
    CHOICE_NAME_LENGTH,
    CHOICE_STRING_MAX,
    COMMAND_DESCRIPTION_LENGTH,
    COMMAND_NAME_LENGTH,
    COMMAND_SIZE_MAX,
    INTEGER,
    INTEGER_RANGE,
    MAX_CHOICES,
    MAX_COMMANDS,
    MAX_LENGTH_RANGE,
    MAX_OPTIONS,
    MIN_LENGTH_RANGE,
    NUMBER,
    NUMBER_RANGE,
    OPTION_DESCRIPTION_LENGTH,
    OPTION_TYPES,
    STRING,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    _choice,
    _ordered,
    check_commands,
)
from tests.support.discord_refusals import UNCONFIRMED_CODES as _UNCONFIRMED_ELSEWHERE
from tests.support.discord_refusals import Refusal, _Errors
from tests.support.discord_v2_rules import (
    ACCENT_COLOR_RANGE,
    CONTAINER,
    FILE,
    GALLERY_ITEMS,
    MAX_V2_COMPONENTS,
    MEDIA_DESCRIPTION_LENGTH,
    MEDIA_GALLERY,
    SECTION,
    SECTION_TEXTS,
    SEPARATOR,
    TEXT_DISPLAY,
    TEXT_DISPLAY_LENGTH,
    THUMBNAIL,
    V2_TEXT_TOTAL_MAX,
    V2_UNCONFIRMED_CODES,
    attachment_name,
    check_v2,
)

# Every rule is importable from here, wherever it is defined.
__all__ = [
    "COMMAND_NAME_LENGTH", "COMMAND_DESCRIPTION_LENGTH", "MAX_OPTIONS", "OPTION_DESCRIPTION_LENGTH", "MAX_CHOICES",
    "MIN_LENGTH_RANGE", "MAX_LENGTH_RANGE", "CHOICE_NAME_LENGTH", "CHOICE_STRING_MAX", "INTEGER_RANGE",
    "NUMBER_RANGE", "COMMAND_SIZE_MAX", "MAX_COMMANDS", "SUB_COMMAND", "SUB_COMMAND_GROUP", "STRING", "INTEGER",
    "NUMBER", "OPTION_TYPES", "CONTENT_MAX", "MAX_EMBEDS", "NONCE_MAX", "EMBED_TITLE_MAX", "EMBED_DESCRIPTION_MAX",
    "EMBED_FIELDS_MAX", "EMBEDS_TOTAL_MAX", "EMBED_FIELD_NAME_MAX", "EMBED_FIELD_VALUE_MAX", "EMBED_FOOTER_MAX",
    "EMBED_AUTHOR_MAX", "ATTACHMENT_DESCRIPTION_MAX", "ATTACHMENT_FILENAME_LENGTH", "MAX_FILES",
    "DEFAULT_ATTACHMENT_LIMIT", "MENTION_TYPES", "MAX_MENTION_IDS", "SUPPRESS_EMBEDS", "EPHEMERAL",
    "SUPPRESS_NOTIFICATIONS", "IS_COMPONENTS_V2", "SETTABLE_FLAGS", "MAX_ROWS", "MAX_V2_COMPONENTS", "ROW_LENGTH",
    "ACTION_ROW", "BUTTON", "STRING_SELECT", "SELECTS", "CUSTOM_ID_LENGTH", "BUTTON_LABEL_MAX", "BUTTON_URL_MAX",
    "LINK", "BUTTON_STYLES", "SELECT_OPTIONS", "SELECT_PLACEHOLDER_MAX", "MIN_VALUES_RANGE", "MAX_VALUES_RANGE",
    "OPTION_LABEL_LENGTH", "OPTION_VALUE_LENGTH", "OPTION_DESCRIPTION_MAX", "CALLBACK_TYPES",
    "MAX_AUTOCOMPLETE_CHOICES", "MODAL_TITLE_LENGTH", "MODAL_COMPONENTS", "THREAD_NAME_LENGTH",
    "AUTO_ARCHIVE_DURATIONS", "THREAD_TYPES", "UNCONFIRMED_CODES", "Refusal", "check_commands", "check_message",
    "check_callback", "check_thread", "SECTION", "TEXT_DISPLAY", "THUMBNAIL", "MEDIA_GALLERY", "FILE", "SEPARATOR",
    "CONTAINER", "TEXT_DISPLAY_LENGTH", "V2_TEXT_TOTAL_MAX", "SECTION_TEXTS", "GALLERY_ITEMS", "MEDIA_DESCRIPTION_LENGTH",
    "ACCENT_COLOR_RANGE", "attachment_name",
]

# Codes named after the rule they enforce (no real Discord answer showing them was found), here and in the
# modules this one draws on; those two modules' older names for rules now answered with Discord's own codes are left out.
UNCONFIRMED_CODES = (_UNCONFIRMED_ELSEWHERE - {"COMPONENTS_V2_FIELD_NOT_ALLOWED", "COMPONENT_TYPE_NOT_CHECKED"}) | V2_UNCONFIRMED_CODES

# ------------------------------------------------------------------------------------------- messages
# https://discord.com/developers/docs/resources/message#create-message-json/form-params: content "up to 2000
# characters" (the OpenAPI MessageCreateRequest says 4000, the Nitro length; bots get 2000), "Up to 10 rich
# embeds", nonce "up to 25 characters".
CONTENT_MAX, MAX_EMBEDS, NONCE_MAX = 2000, 10, 25
# https://discord.com/developers/docs/resources/message#embed-object-embed-limits (measured after trimming whitespace)
EMBED_TITLE_MAX, EMBED_DESCRIPTION_MAX, EMBED_FIELDS_MAX, EMBEDS_TOTAL_MAX = 256, 4096, 25, 6000
EMBED_FIELD_NAME_MAX, EMBED_FIELD_VALUE_MAX, EMBED_FOOTER_MAX, EMBED_AUTHOR_MAX = 256, 1024, 2048, 256
# https://discord.com/developers/docs/resources/message#attachment-object-attachment-request-structure: description
# "max 1024 characters"; the page gives no filename length, 1-1024 is the OpenAPI MessageAttachmentRequest's.
ATTACHMENT_DESCRIPTION_MAX, ATTACHMENT_FILENAME_LENGTH = 1024, (1, 1024)
# https://discord.com/developers/docs/topics/opcodes-and-status-codes#json-json-error-codes (30015)
MAX_FILES = 10
# https://discord.com/developers/docs/reference#uploading-files: per file. The page says 20 MiB by default, but
# bots are refused above 10 MiB (github.com/discord/discord-api-docs/issues/8572).
DEFAULT_ATTACHMENT_LIMIT = 10 * 1024 * 1024
# https://discord.com/developers/docs/resources/message#allowed-mentions-object
MENTION_TYPES, MAX_MENTION_IDS = ("everyone", "roles", "users"), 100
# https://discord.com/developers/docs/resources/message#message-object-message-flags; which a bot may set:
# https://discord.com/developers/docs/resources/message#create-message-json/form-params,
# https://discord.com/developers/docs/resources/webhook#execute-webhook, and
# https://discord.com/developers/docs/interactions/receiving-and-responding#create-followup-message (EPHEMERAL).
# IS_VOICE_MESSAGE (1 << 13) is settable on some endpoints but needs waveform metadata not checked here.
SUPPRESS_EMBEDS, EPHEMERAL, SUPPRESS_NOTIFICATIONS, IS_COMPONENTS_V2 = 1 << 2, 1 << 6, 1 << 12, 1 << 15
SETTABLE_FLAGS = SUPPRESS_EMBEDS | SUPPRESS_NOTIFICATIONS | IS_COMPONENTS_V2

# ----------------------------------------------------------------------------------------- components
# https://discord.com/developers/docs/components/reference#legacy-message-component-behavior ("up to 5 action
# rows"); with IS_COMPONENTS_V2, MAX_V2_COMPONENTS in all (tests.support.discord_v2_rules).
MAX_ROWS = 5
# https://discord.com/developers/docs/components/reference#action-row: up to 5 buttons or a single select.
ROW_LENGTH, ACTION_ROW, BUTTON, STRING_SELECT, SELECTS = (1, 5), 1, 2, 3, (3, 5, 6, 7, 8)
# https://discord.com/developers/docs/components/reference#anatomy-of-a-component-custom-id (unique per message)
CUSTOM_ID_LENGTH = (1, 100)
# https://discord.com/developers/docs/components/reference#button-button-structure: label "max 80", url "max 512";
# https://discord.com/developers/docs/components/reference#button-button-styles: 1-4 need a custom_id, 5 (link) a url. Premium (6, sku_id) is not checked, so refused.
BUTTON_LABEL_MAX, BUTTON_URL_MAX, LINK, BUTTON_STYLES = 80, 512, 5, (1, 2, 3, 4, 5)
# https://discord.com/developers/docs/components/reference#string-select-string-select-structure: options "max 25"
# (OpenAPI: at least 1), placeholder "max 150", min_values 0-25, max_values "max 25" (OpenAPI: at least 1).
SELECT_OPTIONS, SELECT_PLACEHOLDER_MAX, MIN_VALUES_RANGE, MAX_VALUES_RANGE = (1, 25), 150, (0, 25), (1, 25)
# https://discord.com/developers/docs/components/reference#string-select-select-option-structure (max 100 each;
# label and value at least 1 in the OpenAPI description)
OPTION_LABEL_LENGTH, OPTION_VALUE_LENGTH, OPTION_DESCRIPTION_MAX = (1, 100), (1, 100), 100

# ------------------------------------------------------------------------------- interactions, threads
# https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-interaction-callback-type
# (the OpenAPI description drops 10 and adds 13)
CALLBACK_TYPES = (1, 4, 5, 6, 7, 8, 9, 10, 12)
# https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-autocomplete
MAX_AUTOCOMPLETE_CHOICES = 25
# https://discord.com/developers/docs/interactions/receiving-and-responding#interaction-response-object-modal
# (title "max 45", "Between 1 and 5" components; the OpenAPI description allows 40)
MODAL_TITLE_LENGTH, MODAL_COMPONENTS = (1, 45), (1, 5)
# https://discord.com/developers/docs/resources/channel#start-thread-without-message-json-params
THREAD_NAME_LENGTH, AUTO_ARCHIVE_DURATIONS, THREAD_TYPES = (1, 100), (60, 1440, 4320, 10080), (10, 11, 12)


def _embed(errs: _Errors, at: tuple, embed: dict) -> int:
    """Checks one embed; returns its size as counted towards EMBEDS_TOTAL_MAX."""
    texts: list[tuple[tuple, Any, int, bool]] = [(("title",), embed.get("title"), EMBED_TITLE_MAX, False),
             (("description",), embed.get("description"), EMBED_DESCRIPTION_MAX, False),
             (("footer", "text"), (embed.get("footer") or {}).get("text"), EMBED_FOOTER_MAX, False),
             (("author", "name"), (embed.get("author") or {}).get("name"), EMBED_AUTHOR_MAX, False)]
    for j, field in enumerate(errs.items((*at, "fields"), embed.get("fields"), (0, EMBED_FIELDS_MAX))):
        texts += [(("fields", j, "name"), field.get("name"), EMBED_FIELD_NAME_MAX, True),
                  (("fields", j, "value"), field.get("value"), EMBED_FIELD_VALUE_MAX, True)]
    size = 0
    for key, text, most, required in texts:
        if required and isinstance(text, str) and not text.strip():
            text = None  # trimmed to nothing, it is missing
        errs.text((*at, *key), text, (0, most), required=required, strip=True)
        size += len(text.strip()) if isinstance(text, str) else 0
    return size


def _embeds(errs: _Errors, path: tuple, value: Any) -> None:
    total = 0
    for i, embed in enumerate(errs.items((*path, "embeds"), value, (0, MAX_EMBEDS))):
        before, total = total, total + _embed(errs, (*path, "embeds", i), embed)
        if before <= EMBEDS_TOTAL_MAX < total:
            errs.add((*path, "embeds", i), "MAX_EMBED_SIZE_EXCEEDED", f"Embed size exceeds maximum size of {EMBEDS_TOTAL_MAX}")


def _button(errs: _Errors, at: tuple, button: dict) -> None:
    style, custom_id, url = button.get("style"), button.get("custom_id"), button.get("url")
    errs.choice((*at, "style"), style, BUTTON_STYLES)
    errs.text((*at, "label"), button.get("label"), (0, BUTTON_LABEL_MAX))
    errs.text((*at, "custom_id"), custom_id, CUSTOM_ID_LENGTH)
    if not button.get("label") and not button.get("emoji"):
        errs.add(at, "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", "A label or an emoji is required")
    if style == LINK:
        errs.text((*at, "url"), url, (1, BUTTON_URL_MAX), required=True)
    elif style in BUTTON_STYLES and custom_id is None:
        errs.add((*at, "custom_id"), "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED", "A custom id is required")
    if custom_id is not None and url is not None:
        errs.add(at, "BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE", "A custom id and url cannot both be specified")


def _select(errs: _Errors, at: tuple, select: dict) -> None:
    errs.text((*at, "custom_id"), select.get("custom_id"), CUSTOM_ID_LENGTH, required=True)
    errs.text((*at, "placeholder"), select.get("placeholder"), (0, SELECT_PLACEHOLDER_MAX))
    low, high = select.get("min_values"), select.get("max_values")
    errs.number((*at, "min_values"), low, MIN_VALUES_RANGE)
    errs.number((*at, "max_values"), high, MAX_VALUES_RANGE)
    _ordered(errs, at, select, "min_values", "max_values")
    if select.get("type") != STRING_SELECT:
        return
    if select.get("options") is None:
        errs.required((*at, "options"))
    options = errs.items((*at, "options"), select.get("options"), SELECT_OPTIONS)
    values: set = set()
    for i, option in enumerate(options):
        errs.text((*at, "options", i, "label"), option.get("label"), OPTION_LABEL_LENGTH, required=True)
        errs.text((*at, "options", i, "value"), option.get("value"), OPTION_VALUE_LENGTH, required=True)
        errs.text((*at, "options", i, "description"), option.get("description"), (0, OPTION_DESCRIPTION_MAX))
        if option.get("value") in values:
            errs.add((*at, "options", i, "value"), "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED", "The specified option value is already used")
        values.add(option.get("value"))
    if options and isinstance(high, int) and high > len(options):
        errs.add((*at, "max_values"), "NUMBER_TYPE_MAX", f"int value should be less than or equal to {len(options)}.")


def _row(errs: _Errors, at: tuple, row: dict, custom_ids: set) -> None:
    children = errs.items((*at, "components"), row.get("components"), ROW_LENGTH)
    has_select = any(c.get("type") in SELECTS for c in children)
    for j, child in enumerate(children):
        where, kind, custom_id = (*at, "components", j), child.get("type"), child.get("custom_id")
        errs.choice((*where, "type"), kind, (BUTTON, *SELECTS))
        if has_select and j > 0:  # a select takes the whole row
            errs.add(where, "COMPONENT_LAYOUT_WIDTH_EXCEEDED", "The specified component exceeds the maximum width")
        if kind == BUTTON:
            _button(errs, where, child)
        elif kind in SELECTS:
            _select(errs, where, child)
        if custom_id is not None and custom_id in custom_ids:
            errs.add((*where, "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
        custom_ids.add(custom_id)


def _components(errs: _Errors, path: tuple, value: Any, v2: bool, names: Collection[str] | None) -> None:
    if v2:  # the top level is bounded by the count of all components (tests.support.discord_v2_rules)
        check_v2(errs, path, errs.items((*path, "components"), value, (0, MAX_V2_COMPONENTS)), names=names, row=_row,
                 button=_button)
        return
    custom_ids: set = set()
    for i, row in enumerate(errs.items((*path, "components"), value, (0, MAX_ROWS))):
        if isinstance(row, dict) and row.get("type") == ACTION_ROW:
            _row(errs, (*path, "components", i), row, custom_ids)
        else:
            errs.add((*path, "components", i), "COMPONENT_TYPE_INVALID", "The specified component type is invalid in this context")


def _attachments(errs: _Errors, path: tuple, payload: dict, files: dict[str, int], edit: bool) -> None:
    entries = errs.items((*path, "attachments"), payload.get("attachments"), (0, MAX_FILES))
    parts = {int(m[1]): name for name in files if (m := re.fullmatch(r"files\[(\d+)\]", name))}
    referenced = set()
    for i, entry in enumerate(entries):
        at, ident, filename = (*path, "attachments", i), entry.get("id"), entry.get("filename")
        if ident is None:
            errs.required((*at, "id"))
        errs.text((*at, "filename"), filename, ATTACHMENT_FILENAME_LENGTH)
        errs.text((*at, "description"), entry.get("description"), (0, ATTACHMENT_DESCRIPTION_MAX))
        part = parts.get(int(ident)) if str(ident).isdigit() else None
        part = part or (filename if filename in files else None)
        referenced.add(part)
        if part is None and not edit:  # an edit may also keep the attachments the message has
            errs.add(at, "ATTACHMENT_NOT_FOUND", "Attachment data not found")
    if payload.get("attachments") is not None:
        for name in sorted(set(files) - referenced):
            errs.add((*path, "attachments"), "ATTACHMENT_NOT_REFERENCED", f"{name} is uploaded but not listed in attachments")


def _mentions(errs: _Errors, path: tuple, value: Any) -> None:
    at = (*path, "allowed_mentions")
    parse = errs.items((*at, "parse"), (value or {}).get("parse"), (0, len(MENTION_TYPES)))
    for i, kind in enumerate(parse):
        errs.choice((*at, "parse", i), kind, MENTION_TYPES)
    for kind in ("users", "roles"):
        if errs.items((*at, kind), (value or {}).get(kind), (0, MAX_MENTION_IDS)) and kind in parse:
            errs.add(at, "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE", f'parse:["{kind}"] and {kind}: [ids...] are mutually exclusive.')


def _flags(errs: _Errors, path: tuple, payload: dict, *, edit: bool, interaction: bool, current: dict | None) -> bool:
    """Checks the flags; returns whether the message has IS_COMPONENTS_V2 once the request is done."""
    flags = payload.get("flags") or 0
    errs.number((*path, "flags"), flags, (0, 2**53))
    if not isinstance(flags, int):
        return False
    # Edits ignore flag changes they cannot make (https://discord.com/developers/docs/resources/message#edit-message).
    # A new message would lose such a flag, and e.g. a reply meant to stay private would be public.
    allowed = SETTABLE_FLAGS | (EPHEMERAL if interaction else 0)
    if not edit and flags & ~allowed:
        errs.add((*path, "flags"), "MESSAGE_FLAGS_NOT_ALLOWED", f"Flags {flags & ~allowed} cannot be set on this message")
    had_v2 = bool(current and (current.get("flags") or 0) & IS_COMPONENTS_V2)
    v2 = bool(flags & IS_COMPONENTS_V2) if payload.get("flags") is not None else had_v2
    if had_v2 and not v2:  # https://discord.com/developers/docs/resources/message#message-object-message-flags
        errs.add((*path, "flags"), "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
                 "Once a message has been sent with IS_COMPONENTS_V2, it can't be removed from that message")
    # An edit that gives a message the flag must empty what it had of these too (what it keeps counts).
    for key in ("content", "embeds", "sticker_ids", "poll") if v2 else ():
        if payload.get(key) if key in payload or current is None else current.get(key):
            errs.add((*path, key), "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
                     f"The '{key}' field cannot be used when using MessageFlags.IS_COMPONENTS_V2")
    return v2


def _names(payload: dict, files: dict[str, int], edit: bool) -> set[str] | None:
    """The files a message has once the body is applied, as far as the body tells: those it lists in
    `attachments` and those uploaded under their own name; None for an edit that keeps whatever it had."""
    listed = payload.get("attachments")
    if edit and listed is None:
        return None
    named = {str(a["filename"]) for a in listed or [] if isinstance(a, dict) and a.get("filename")}
    return named | {name for name in files if not re.fullmatch(r"files\[\d+\]", name)}


def _empty(payload: dict, files: dict[str, int]) -> bool:
    content = payload.get("content")
    forward = (payload.get("message_reference") or {}).get("type") == 1
    return not any([isinstance(content, str) and content.strip(), payload.get("embeds"), payload.get("components"),
                    payload.get("sticker_ids"), payload.get("poll"), payload.get("shared_client_theme"), files, forward])


def check_message(payload: dict, files: dict[str, int], *, attachment_limit: int = DEFAULT_ATTACHMENT_LIMIT,
                  path: tuple = (), edit: bool = False, interaction: bool = False, current: dict | None = None,
                  names: Collection[str] | None = None) -> None:
    """A message body: create, edit, follow-up, or an interaction response's `data` (path=("data",)).

    files: size in bytes of each uploaded file, by multipart part name (`files[0]`) or else by filename.
    edit: the body edits a message (it may be empty; flag changes it cannot make are ignored).
    interaction: an interaction response or follow-up, which may set EPHEMERAL.
    current: for an edit, the message as it is (its `flags`, `content`, `embeds`, as Discord answers with it):
        IS_COMPONENTS_V2 stays, and a message that gains it must keep none of those fields.
    names: the file names the message has once this is done (uploaded or kept), which `attachment://` URLs of
        V2 components must name; by default those the body lists in `attachments`.
    """
    if any(size > attachment_limit for size in files.values()):
        raise Refusal(413, 40005, "Request entity too large")
    if len(files) > MAX_FILES:
        raise Refusal(400, 30015, f"Maximum number of attachments in a message reached ({MAX_FILES})")
    errs = _Errors()
    v2 = _flags(errs, path, payload, edit=edit, interaction=interaction, current=current)
    errs.text((*path, "content"), payload.get("content"), (0, CONTENT_MAX))
    nonce = payload.get("nonce")
    if nonce is not None and (isinstance(nonce, bool) or not isinstance(nonce, (int, str))):
        errs.add((*path, "nonce"), "NONCE_TYPE_INVALID_TYPE", "This field must be a string or integer.")
    elif isinstance(nonce, str) and len(nonce) > NONCE_MAX:
        errs.add((*path, "nonce"), "NONCE_TYPE_TOO_LONG", f"Must be {NONCE_MAX} or fewer characters long.")
    for key in ("tts", "enforce_nonce"):
        errs.boolean((*path, key), payload.get(key))
    _embeds(errs, path, payload.get("embeds"))
    _components(errs, path, payload.get("components"), v2, _names(payload, files, edit) if names is None else names)
    _attachments(errs, path, payload, files, edit)
    _mentions(errs, path, payload.get("allowed_mentions"))
    errs.raise_any()
    if not edit and _empty(payload, files):
        raise Refusal(400, 50006, "Cannot send an empty message")


def _deferred(errs: _Errors, data: dict) -> None:
    for key in data:
        if key != "flags":
            errs.add(("data", key), "DEFERRED_RESPONSE_FIELD_NOT_ALLOWED", "A deferred response takes only flags")
    flags = data.get("flags") or 0
    if not isinstance(flags, int) or flags & ~EPHEMERAL:
        errs.add(("data", "flags"), "MESSAGE_FLAGS_NOT_ALLOWED", "Only EPHEMERAL can be set on a deferred response")


def _autocomplete(errs: _Errors, data: dict) -> None:
    if data.get("choices") is None:
        errs.required(("data", "choices"))
    for i, choice in enumerate(errs.items(("data", "choices"), data.get("choices"), (0, MAX_AUTOCOMPLETE_CHOICES))):
        _choice(errs, ("data", "choices", i), choice, None)


def _modal(errs: _Errors, data: dict) -> None:
    errs.text(("data", "custom_id"), data.get("custom_id"), CUSTOM_ID_LENGTH, required=True)
    errs.text(("data", "title"), data.get("title"), MODAL_TITLE_LENGTH, required=True)
    if data.get("components") is None:
        errs.required(("data", "components"))
    errs.items(("data", "components"), data.get("components"), MODAL_COMPONENTS)


def check_callback(body: dict, files: dict[str, int], *, attachment_limit: int = DEFAULT_ATTACHMENT_LIMIT,
                   current: dict | None = None, names: Collection[str] | None = None) -> None:
    """POST /interactions/{id}/{token}/callback: the type, and the data that type takes. current, names: as
    check_message takes them; `current` is the message an update (type 7) edits."""
    kind, data = body.get("type"), body.get("data")
    errs = _Errors()
    errs.choice(("type",), kind, CALLBACK_TYPES)
    if kind in (8, 9) and not isinstance(data, dict):
        errs.required(("data",))
    elif kind in (5, 8, 9):
        {5: _deferred, 8: _autocomplete, 9: _modal}[kind](errs, data or {})
    errs.raise_any()
    if kind in (4, 7):
        check_message(data or {}, files, attachment_limit=attachment_limit, path=("data",), edit=kind == 7, interaction=True,
                      current=current if kind == 7 else None, names=names)


def check_thread(body: dict) -> None:
    """POST /channels/{id}/threads without a starter message."""
    errs = _Errors()
    errs.text(("name",), body.get("name"), THREAD_NAME_LENGTH, required=True)
    if body.get("auto_archive_duration") is not None:
        errs.choice(("auto_archive_duration",), body["auto_archive_duration"], AUTO_ARCHIVE_DURATIONS)
    if body.get("type") is not None:
        errs.choice(("type",), body["type"], THREAD_TYPES)
    errs.raise_any()
