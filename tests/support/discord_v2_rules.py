"""Discord's rules for the components of a message sent with IS_COMPONENTS_V2 (1 << 15): which component may
stand where, the limits of each, and those of the message as a whole (40 components counted through every
level of nesting, 4000 characters of text, custom ids unique, `attachment://` naming a file the message has).

tests.support.discord_rules calls `check_v2` for such a message with its own checks for action rows and
buttons, which V2 messages share with the others. Every limit cites where it comes from: the components
reference (https://discord.com/developers/docs/components/reference, "the reference" below) first, Discord's
OpenAPI description (MessageCreateRequest's component schemas) where the reference gives none.
"""
from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from tests.support.discord_refusals import _Errors

# https://discord.com/developers/docs/components/reference#component-object-component-types
ACTION_ROW, BUTTON, SECTION, TEXT_DISPLAY, THUMBNAIL, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER = 1, 2, 9, 10, 11, 12, 13, 14, 17
# The reference's introduction: "Messages allow up to 40 total components", nested ones included (Discord counts
# a container, each child and grandchild, a section's accessory and each button in a row).
MAX_V2_COMPONENTS = 40
# Text displays: the OpenAPI TextDisplayComponentForMessageRequest's content is 1-4000 characters; 4000 is also
# the most a message's text displays may hold together (discord.py's LayoutView.content_length says so: "a
# maximum of 4000 display characters across all its items").
TEXT_DISPLAY_LENGTH, V2_TEXT_TOTAL_MAX = (1, 4000), 4000
# https://discord.com/developers/docs/components/reference#section: "One to three" text displays, an accessory
# that is a thumbnail or a button.
SECTION_TEXTS = (1, 3)
# https://discord.com/developers/docs/components/reference#media-gallery: "1 to 10 media gallery items", alt
# text "max 1024 characters" (thumbnail likewise; the OpenAPI description says at least 1).
GALLERY_ITEMS, MEDIA_DESCRIPTION_LENGTH = (1, 10), (1, 1024)
# The OpenAPI UnfurledMediaRequest: url at most 2048 characters; the reference's unfurled media item takes
# "arbitrary urls and attachment://<filename> references", a file component "only" the latter.
MEDIA_URL_LENGTH, ATTACHMENT_SCHEME, URL_SCHEMES = (1, 2048), "attachment://", ("https://", "http://", "attachment://")
# https://discord.com/developers/docs/components/reference#separator: spacing 1 (small) or 2 (large).
SEPARATOR_SPACINGS = (1, 2)
# https://discord.com/developers/docs/components/reference#container: its children's types; accent_color "RGB
# from 0x000000 to 0xFFFFFF" or null. Any number of children since 2025-04-29 (the change log's "Raised
# Component Limits"); the OpenAPI description asks for at least one.
CONTAINER_CHILDREN, ACCENT_COLOR_RANGE, CONTAINER_LENGTH = (
    (ACTION_ROW, TEXT_DISPLAY, SECTION, MEDIA_GALLERY, SEPARATOR, FILE), (0, 0xFFFFFF), (1, MAX_V2_COMPONENTS))
# What a V2 message may hold at its top level (the reference: "top-level" components) and a section's accessory.
TOP_LEVEL = (ACTION_ROW, SECTION, TEXT_DISPLAY, MEDIA_GALLERY, FILE, SEPARATOR, CONTAINER)
ACCESSORIES = (BUTTON, THUMBNAIL)
# https://discord.com/developers/docs/components/reference#anatomy-of-a-component: id "32 bit integer", "unique
# within the message" (0 is taken as none and replaced).
COMPONENT_ID_RANGE = (0, 2**31 - 1)

# Codes named after the rule they enforce, where no real Discord answer showing them was found. Those this module
# uses besides are Discord's own: COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED ("Total number of components cannot
# exceed 40") and UNFURLED_MEDIA_ITEM_REFERENCED_ATTACHMENT_NOT_FOUND, seen in bots' reports of Discord's answers.
V2_UNCONFIRMED_CODES = frozenset({
    "COMPONENT_MAX_TOTAL_TEXT_LENGTH_EXCEEDED", "COMPONENT_ID_DUPLICATED", "UNFURLED_MEDIA_ITEM_ATTACHMENT_REQUIRED",
    "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG",
})

RowCheck = Callable[[_Errors, tuple, dict, set], None]
ButtonCheck = Callable[[_Errors, tuple, dict], None]


def attachment_name(url: Any) -> str | None:
    """The file an `attachment://name` URL names, else None."""
    if isinstance(url, str) and url.startswith(ATTACHMENT_SCHEME):
        return url[len(ATTACHMENT_SCHEME):]
    return None


class _Walk:
    """One walk over a V2 message's components, adding up what the message-wide limits count."""

    def __init__(self, errs: _Errors, names: Collection[str] | None, row: RowCheck, button: ButtonCheck) -> None:
        self.errs, self.names, self.row, self.button = errs, names, row, button
        self.count = 0
        self.text = 0
        self.custom_ids: set = set()
        self.ids: set[int] = set()

    def component(self, at: tuple, node: Any, allowed: tuple[int, ...]) -> None:
        node = node if isinstance(node, dict) else {}
        self.count += 1
        kind = node.get("type")
        self._id(at, node)
        if kind not in allowed:
            self.errs.add(at, "COMPONENT_TYPE_INVALID", "The specified component type is invalid in this context")
            return
        if kind == ACTION_ROW:
            self.row(self.errs, at, node, self.custom_ids)
            children = node.get("components")
            self.count += len(children) if isinstance(children, list) else 0
        elif kind == BUTTON:
            self.button(self.errs, at, node)
            custom_id = node.get("custom_id")
            if custom_id is not None and custom_id in self.custom_ids:
                self.errs.add((*at, "custom_id"), "COMPONENT_CUSTOM_ID_DUPLICATED", "Component custom id cannot be duplicated")
            self.custom_ids.add(custom_id)
        else:
            {SECTION: self._section, TEXT_DISPLAY: self._text, THUMBNAIL: self._thumbnail, MEDIA_GALLERY: self._gallery,
             FILE: self._file, SEPARATOR: self._separator, CONTAINER: self._container}[kind](at, node)

    def _id(self, at: tuple, node: dict) -> None:
        ident = node.get("id")
        self.errs.number((*at, "id"), ident, COMPONENT_ID_RANGE)
        if isinstance(ident, int) and not isinstance(ident, bool) and ident:
            if ident in self.ids:
                self.errs.add((*at, "id"), "COMPONENT_ID_DUPLICATED", "Component id must be unique within the message")
            self.ids.add(ident)

    def _children(self, at: tuple, node: dict, bounds: tuple[int, int], allowed: tuple[int, ...]) -> None:
        if node.get("components") is None:
            self.errs.required((*at, "components"))
        for i, child in enumerate(self.errs.items((*at, "components"), node.get("components"), bounds)):
            self.component((*at, "components", i), child, allowed)

    def _section(self, at: tuple, node: dict) -> None:
        self._children(at, node, SECTION_TEXTS, (TEXT_DISPLAY,))
        if node.get("accessory") is None:
            self.errs.required((*at, "accessory"))
        else:
            self.component((*at, "accessory"), node["accessory"], ACCESSORIES)

    def _text(self, at: tuple, node: dict) -> None:
        content = node.get("content")
        self.errs.text((*at, "content"), content, TEXT_DISPLAY_LENGTH, required=True)
        self.text += len(content) if isinstance(content, str) else 0

    def _media(self, at: tuple, node: dict, key: str = "media", *, attachment_only: bool = False) -> None:
        media = node.get(key)
        if not isinstance(media, dict):
            self.errs.required((*at, key))
            return
        where, url = (*at, key, "url"), media.get("url")
        self.errs.text(where, url, MEDIA_URL_LENGTH, required=True)
        if not isinstance(url, str):
            return
        name = attachment_name(url)
        if name is None and attachment_only:
            self.errs.add(where, "UNFURLED_MEDIA_ITEM_ATTACHMENT_REQUIRED", "Only attachment:// references are allowed here")
        elif name is None and not url.startswith(URL_SCHEMES):
            self.errs.add(where, "URL_TYPE_INVALID_URL", "Not a well formed URL.")
        elif name is not None and self.names is not None and name not in self.names:
            self.errs.add(where, "UNFURLED_MEDIA_ITEM_REFERENCED_ATTACHMENT_NOT_FOUND",
                          f"Referenced attachment {name} was not found in the message's attachments")

    def _described(self, at: tuple, node: dict) -> None:
        self.errs.text((*at, "description"), node.get("description"), MEDIA_DESCRIPTION_LENGTH)
        self.errs.boolean((*at, "spoiler"), node.get("spoiler"))

    def _thumbnail(self, at: tuple, node: dict) -> None:
        self._media(at, node)
        self._described(at, node)

    def _gallery(self, at: tuple, node: dict) -> None:
        if node.get("items") is None:
            self.errs.required((*at, "items"))
        for i, item in enumerate(self.errs.items((*at, "items"), node.get("items"), GALLERY_ITEMS)):
            item = item if isinstance(item, dict) else {}
            self._media((*at, "items", i), item)
            self._described((*at, "items", i), item)

    def _file(self, at: tuple, node: dict) -> None:
        self._media(at, node, "file", attachment_only=True)
        self.errs.boolean((*at, "spoiler"), node.get("spoiler"))

    def _separator(self, at: tuple, node: dict) -> None:
        if node.get("spacing") is not None:
            self.errs.choice((*at, "spacing"), node["spacing"], SEPARATOR_SPACINGS)
        self.errs.boolean((*at, "divider"), node.get("divider"))

    def _container(self, at: tuple, node: dict) -> None:
        self._children(at, node, CONTAINER_LENGTH, CONTAINER_CHILDREN)
        self.errs.number((*at, "accent_color"), node.get("accent_color"), ACCENT_COLOR_RANGE)
        self.errs.boolean((*at, "spoiler"), node.get("spoiler"))


def check_v2(errs: _Errors, path: tuple, components: list, *, names: Collection[str] | None,
             row: RowCheck, button: ButtonCheck) -> None:
    """The top-level `components` of a V2 message body, each checked where it stands, then the message-wide limits.

    names: the files the message has once this request is done (uploaded with it, or kept by an edit), which
    `attachment://` URLs must name; None when they are not known (nothing is checked then).
    row, button: the checks shared with messages without the flag (tests.support.discord_rules).
    """
    walk = _Walk(errs, names, row, button)
    for i, node in enumerate(components):
        walk.component((*path, "components", i), node, TOP_LEVEL)
    if walk.count > MAX_V2_COMPONENTS:
        errs.add((*path, "components"), "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED",
                 f"Total number of components cannot exceed {MAX_V2_COMPONENTS}")
    if walk.text > V2_TEXT_TOTAL_MAX:
        errs.add((*path, "components"), "COMPONENT_MAX_TOTAL_TEXT_LENGTH_EXCEEDED",
                 f"The text of all components together cannot exceed {V2_TEXT_TOTAL_MAX} characters")
