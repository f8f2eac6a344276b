"""Discord's rules for messages with components V2 (IS_COMPONENTS_V2), as the stand-in reproduces them: a live
board that passes, each single-field violation refused at its path, and the message-wide limits (40
components through every level, 4000 characters of text, custom ids, files named by attachment://, the flag
that stays)."""
from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.support.discord_rules import IS_COMPONENTS_V2, check_callback, check_message
from tests.test_discord_rules import DELETE, assert_form_error, put, refused, text

FILES = {"files[0]": 48_000, "files[1]": 300}
C = ("components", 0, "components")  # the container's children
LEGACY = "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2"


def button(custom_id: str, label: str, style: int = 2) -> dict:
    return {"type": 2, "style": style, "custom_id": custom_id, "label": label}


def live_board() -> dict:
    """A clocked match's board as one V2 message: title, picture, clocks beside a button, moves, the moves
    as a file, and the buttons."""
    clocks = {"type": 9, "components": [{"type": 10, "content": "▶ **alice** (White) 4:32"},
                                        {"type": 10, "content": "bob (Black) 5:00"}],
              "accessory": button("moves:7", "All moves")}
    return {
        "flags": IS_COMPONENTS_V2,
        "attachments": [{"id": "0", "filename": "board.png"}, {"id": "1", "filename": "moves.txt"}],
        "components": [{"type": 17, "accent_color": 0x3BA55C, "spoiler": False, "components": [
            {"type": 10, "content": "## Attaxx #7: alice vs bob"},
            {"type": 12, "items": [{"media": {"url": "attachment://board.png"},
                                    "description": "Attaxx board after 3 moves. alice (White) to move."}]},
            clocks,
            {"type": 14, "divider": True, "spacing": 1},
            {"type": 10, "content": "1. b6 (alice)  2. f2 (bob)  3. c5 (alice)"},
            {"type": 13, "file": {"url": "attachment://moves.txt"}},
            {"type": 1, "components": [button("move:7", "Move", 1), button("resign:7", "Resign", 4)]},
        ]}],
    }


def test_a_live_board_passes_as_new_message_edit_and_interaction_answer() -> None:
    check_message(live_board(), FILES)
    check_message(live_board(), FILES, edit=True, current={"flags": IS_COMPONENTS_V2, "content": "", "embeds": []})
    check_callback({"type": 4, "data": live_board()}, FILES)
    check_message(put(live_board(), ("components", 0, "accent_color"), None), FILES)


V2_CASES = [
    pytest.param(("content",), "alice to move", ("content",), LEGACY, id="content beside"),
    pytest.param(("embeds",), [{"description": "clocks"}], ("embeds",), LEGACY, id="embeds beside"),
    pytest.param(("sticker_ids",), ["1"], ("sticker_ids",), LEGACY, id="stickers beside"),
    pytest.param((*C, 0, "content"), DELETE, (*C, 0, "content"), "BASE_TYPE_REQUIRED", id="text display without content"),
    pytest.param((*C, 0, "content"), "", (*C, 0, "content"), "BASE_TYPE_BAD_LENGTH", id="empty text display"),
    pytest.param((*C, 0, "content"), "x" * 4001, (*C, 0, "content"), "BASE_TYPE_BAD_LENGTH", id="text display of 4001"),
    pytest.param((*C, 1, "items"), [], (*C, 1, "items"), "BASE_TYPE_BAD_LENGTH", id="empty gallery"),
    pytest.param((*C, 1, "items"), [{"media": {"url": "https://example.org/b.png"}}] * 11, (*C, 1, "items"),
                 "BASE_TYPE_BAD_LENGTH", id="gallery of 11"),
    pytest.param((*C, 1, "items", 0, "description"), "d" * 1025, (*C, 1, "items", 0, "description"),
                 "BASE_TYPE_BAD_LENGTH", id="alt text of 1025"),
    pytest.param((*C, 1, "items", 0, "media"), DELETE, (*C, 1, "items", 0, "media"), "BASE_TYPE_REQUIRED",
                 id="gallery item without media"),
    pytest.param((*C, 1, "items", 0, "media", "url"), "attachment://old-board.png", (*C, 1, "items", 0, "media", "url"),
                 "UNFURLED_MEDIA_ITEM_REFERENCED_ATTACHMENT_NOT_FOUND", id="picture not uploaded"),
    pytest.param((*C, 1, "items", 0, "media", "url"), "board.png", (*C, 1, "items", 0, "media", "url"),
                 "URL_TYPE_INVALID_URL", id="picture without a scheme"),
    pytest.param((*C, 5, "file", "url"), "https://example.org/moves.txt", (*C, 5, "file", "url"),
                 "UNFURLED_MEDIA_ITEM_ATTACHMENT_REQUIRED", id="file from a web address"),
    pytest.param((*C, 2, "components"), [{"type": 10, "content": f"line {i}"} for i in range(4)], (*C, 2, "components"),
                 "BASE_TYPE_BAD_LENGTH", id="section of 4 texts"),
    pytest.param((*C, 2, "components"), [], (*C, 2, "components"), "BASE_TYPE_BAD_LENGTH", id="section without text"),
    pytest.param((*C, 2, "accessory"), DELETE, (*C, 2, "accessory"), "BASE_TYPE_REQUIRED", id="section without accessory"),
    pytest.param((*C, 2, "accessory"), {"type": 10, "content": "4:32"}, (*C, 2, "accessory"), "COMPONENT_TYPE_INVALID",
                 id="text as accessory"),
    pytest.param((*C, 2, "components", 0), button("clock:7", "4:32"), (*C, 2, "components", 0), "COMPONENT_TYPE_INVALID",
                 id="button among a section's texts"),
    pytest.param((*C, 3), {"type": 11, "media": {"url": "attachment://board.png"}}, (*C, 3), "COMPONENT_TYPE_INVALID",
                 id="thumbnail outside a section"),
    pytest.param((*C, 3), {"type": 17, "components": [{"type": 10, "content": "x"}]}, (*C, 3), "COMPONENT_TYPE_INVALID",
                 id="container in a container"),
    pytest.param((*C, 3), button("alone:7", "Alone"), (*C, 3), "COMPONENT_TYPE_INVALID", id="button outside a row"),
    pytest.param(("components", 1), {"type": 11, "media": {"url": "attachment://board.png"}}, ("components", 1),
                 "COMPONENT_TYPE_INVALID", id="thumbnail at the top"),
    pytest.param((*C, 3, "spacing"), 3, (*C, 3, "spacing"), "BASE_TYPE_CHOICES", id="separator spacing 3"),
    pytest.param(("components", 0, "accent_color"), 0x1000000, ("components", 0, "accent_color"), "NUMBER_TYPE_MAX",
                 id="accent colour past white"),
    pytest.param(("components", 0, "accent_color"), -1, ("components", 0, "accent_color"), "NUMBER_TYPE_MIN",
                 id="negative accent colour"),
    pytest.param(("components", 0, "spoiler"), "no", ("components", 0, "spoiler"), "BASE_TYPE_BOOLEAN", id="spoiler as text"),
    pytest.param(("components", 0, "components"), [], ("components", 0, "components"), "BASE_TYPE_BAD_LENGTH",
                 id="empty container"),
    pytest.param((*C, 2, "accessory", "custom_id"), "move:7", (*C, 6, "components", 0, "custom_id"),
                 "COMPONENT_CUSTOM_ID_DUPLICATED", id="custom_id of the accessory again in a row"),
    pytest.param((*C, 6, "components", 1, "label"), "l" * 81, (*C, 6, "components", 1, "label"), "BASE_TYPE_MAX_LENGTH",
                 id="nested button label of 81"),
    pytest.param((*C, 6, "components", 2), button("draw:7", "Draw") | {"type": 3, "options": []}, (*C, 6, "components", 2),
                 "COMPONENT_LAYOUT_WIDTH_EXCEEDED", id="select beside buttons in a nested row"),
    pytest.param((*C, 0, "id"), 2**31, (*C, 0, "id"), "NUMBER_TYPE_MAX", id="id past 32 bits"),
]


@pytest.mark.parametrize(("where", "value", "path", "code"), V2_CASES)
def test_v2_violations_are_refused(where: tuple, value: Any, path: tuple, code: str) -> None:
    assert_form_error(refused(check_message, put(live_board(), where, value), FILES), text(path), code)


def test_component_ids_are_unique_in_the_message() -> None:
    board = put(put(live_board(), (*C, 0, "id"), 5), (*C, 4, "id"), 5)
    assert_form_error(refused(check_message, board, FILES), text((*C, 4, "id")), "COMPONENT_ID_DUPLICATED")


def count_of(components: list) -> int:
    """Components as Discord counts them: each one, nested ones included."""
    return sum(1 + count_of(c.get("components", [])) + count_of([c["accessory"]] if "accessory" in c else [])
               for c in components)


@given(st.lists(st.sampled_from(["text", "separator", "row", "section"]), min_size=1, max_size=16))
def test_a_message_holds_40_components_in_all_however_nested(children: list[str]) -> None:
    made = {"text": lambda i: {"type": 10, "content": f"line {i}"}, "separator": lambda i: {"type": 14},
            "row": lambda i: {"type": 1, "components": [button(f"b{i}", "B"), button(f"c{i}", "C")]},
            "section": lambda i: {"type": 9, "components": [{"type": 10, "content": f"s{i}"}],
                                  "accessory": button(f"a{i}", "A")}}
    components = [{"type": 17, "components": [made[k](i) for i, k in enumerate(children)]}]
    body = {"flags": IS_COMPONENTS_V2, "components": components}
    if count_of(components) <= 40:
        check_message(body, {})
    else:
        assert_form_error(refused(check_message, body, {}), ("components",), "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED")


def test_the_41st_component_is_refused_and_the_40th_is_not() -> None:
    forty = {"flags": IS_COMPONENTS_V2, "components": [{"type": 17, "components": [{"type": 14}] * 39}]}
    check_message(forty, {})
    assert_form_error(refused(check_message, put(forty, ("components", 1), {"type": 14}), {}), ("components",),
                      "COMPONENT_MAX_TOTAL_COMPONENTS_EXCEEDED")


def test_all_text_displays_share_4000_characters() -> None:
    clocks = sum(len(t["content"]) for t in live_board()["components"][0]["components"][2]["components"])
    title = 4000 - clocks - 2000

    def board(extra: int) -> dict:
        return put(put(live_board(), (*C, 0, "content"), "x" * (title + extra)), (*C, 4, "content"), "y" * 2000)
    check_message(board(0), FILES)
    assert_form_error(refused(check_message, board(1), FILES), ("components",), "COMPONENT_MAX_TOTAL_TEXT_LENGTH_EXCEEDED")


def test_the_flag_stays_once_set() -> None:
    v2 = {"flags": IS_COMPONENTS_V2, "content": "", "embeds": []}
    assert_form_error(refused(check_message, {"flags": 0, "components": []}, {}, edit=True, current=v2), ("flags",),
                      "MESSAGE_CANNOT_REMOVE_COMPONENTS_V2_FLAG")
    check_message({"components": live_board()["components"]}, FILES, edit=True, current=v2, names={"board.png", "moves.txt"})
    assert_form_error(refused(check_message, {"content": "4:32"}, {}, edit=True, current=v2), ("content",), LEGACY)
    check_message({"content": None}, {}, edit=True, current=v2)


def test_a_message_gains_the_flag_only_with_its_content_and_embeds_gone() -> None:
    legacy = {"flags": 0, "content": "alice challenges bob", "embeds": [{"description": "Attaxx"}]}
    assert_form_error(refused(check_message, live_board(), FILES, edit=True, current=legacy), ("content",), LEGACY)
    assert_form_error(refused(check_message, live_board(), FILES, edit=True, current=legacy), ("embeds",), LEGACY)
    check_message(live_board() | {"content": None, "embeds": []}, FILES, edit=True, current=legacy)
    loading = {"flags": 1 << 7, "content": "", "embeds": []}  # a deferral's "thinking…" becomes a V2 answer
    check_message(live_board(), FILES, edit=True, current=loading)


def test_an_edit_may_show_a_file_the_message_keeps() -> None:
    kept = {"flags": IS_COMPONENTS_V2, "components": live_board()["components"],
            "attachments": [{"id": "1300000000000000000", "filename": "board.png"},
                            {"id": "1300000000000000001", "filename": "moves.txt"}]}
    check_message(kept, {}, edit=True, names={"board.png", "moves.txt"})
    assert_form_error(refused(check_message, kept, {}, edit=True, names={"moves.txt"}),
                      text((*C, 1, "items", 0, "media", "url")), "UNFURLED_MEDIA_ITEM_REFERENCED_ATTACHMENT_NOT_FOUND")
