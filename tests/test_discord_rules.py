"""Discord's refusals as the stand-in reproduces them: each family has one realistic body that passes and a
table of single-field violations, each refused with Discord's status, code and error path."""
from __future__ import annotations

import copy
from typing import Any

import pytest

from tests.support.discord_rules import (
    DEFAULT_ATTACHMENT_LIMIT,
    EPHEMERAL,
    IS_COMPONENTS_V2,
    SUPPRESS_NOTIFICATIONS,
    Refusal,
    check_callback,
    check_commands,
    check_message,
    check_thread,
)
from tests.support.inprocess import command_tree

DELETE = object()


def put(body: Any, where: tuple, value: Any) -> Any:
    """A copy of `body` with the value at `where` replaced, appended (one past a list's end) or deleted."""
    body = copy.deepcopy(body)
    node = body
    for key in where[:-1]:
        node = node[key]
    if value is DELETE:
        del node[where[-1]]
    elif isinstance(node, list) and where[-1] == len(node):
        node.append(value)
    else:
        node[where[-1]] = value
    return body


def refused(check, *args: Any, **kwargs: Any) -> Refusal:
    with pytest.raises(Refusal) as caught:
        check(*args, **kwargs)
    return caught.value


def leaves(refusal: Refusal) -> list[tuple[tuple[str, ...], str]]:
    return [(path, code) for path, code, _ in refusal.leaves()]


def assert_form_error(refusal: Refusal, path: tuple[str, ...], code: str) -> None:
    assert (refusal.status, refusal.code, refusal.message) == (400, 50035, "Invalid Form Body")
    assert (path, code) in leaves(refusal), refusal


# ------------------------------------------------------------------------------------------- commands

def option(kind: int, name: str, **extra: Any) -> dict:
    return {"type": kind, "name": name, "description": f"What {name} does", **extra}


def commands() -> list[dict]:
    level = option(3, "level", required=False, choices=[{"name": "easy", "value": "easy"}, {"name": "hard", "value": "hard"}])
    attaxx = option(1, "attaxx", options=[option(6, "opponent", required=True),
                                          option(4, "size", required=False, min_value=4, max_value=7), level])
    ranked = option(2, "ranked", options=[option(1, "xlines", options=[])])
    move = [option(3, "notation", required=True, autocomplete=True, min_length=1, max_length=100),
            option(5, "public", required=False), option(4, "match", required=False, min_value=1, max_value=2**53 - 1)]
    return [{"type": 1, "name": "challenge", "description": "Challenge people to a game", "options": [attaxx, ranked]},
            {"type": 1, "name": "move", "description": "Play your move", "options": move,
             "name_localizations": {"fr": "jouer"}},
            {"type": 2, "name": "Show Record", "description": ""}]


ATTAXX, SIZE, LEVEL = (0, "options", 0), (0, "options", 0, "options", 1), (0, "options", 0, "options", 2)


def text(path: tuple) -> tuple[str, ...]:
    return tuple(str(key) for key in path)


COMMAND_CASES = [
    pytest.param((1, "name"), "Move", ("1", "name"), "APPLICATION_COMMAND_INVALID_NAME", id="uppercase name"),
    pytest.param((1, "name"), "make move", ("1", "name"), "APPLICATION_COMMAND_INVALID_NAME", id="space in name"),
    pytest.param((1, "name_localizations"), {"fr": "Jouer"}, ("1", "name_localizations"), "APPLICATION_COMMAND_INVALID_NAME",
                 id="uppercase localization"),
    pytest.param((1, "name"), "m" * 33, ("1", "name"), "BASE_TYPE_BAD_LENGTH", id="name of 33"),
    pytest.param((1, "description"), "d" * 101, ("1", "description"), "BASE_TYPE_BAD_LENGTH", id="description of 101"),
    pytest.param((*SIZE, "description"), "", text((*SIZE, "description")), "BASE_TYPE_BAD_LENGTH", id="empty option description"),
    pytest.param((2, "description"), "Shows a record", ("2", "description"), "BASE_TYPE_MAX_LENGTH", id="user command description"),
    pytest.param((1, "name"), "challenge", ("1",), "APPLICATION_COMMANDS_DUPLICATE_NAME", id="duplicate command"),
    pytest.param((1, "options", 2, "max_value"), 2**53, ("1", "options", "2", "max_value"), "NUMBER_TYPE_MAX", id="max_value 2**53"),
    pytest.param((1, "options", 2, "min_value"), -(2**53), ("1", "options", "2", "min_value"), "NUMBER_TYPE_MIN", id="min_value -2**53"),
    pytest.param((*SIZE, "min_value"), 8, text((*SIZE, "max_value")), "NUMBER_TYPE_MIN", id="min_value above max_value"),
    pytest.param((1, "options", 0, "max_length"), 6001, ("1", "options", "0", "max_length"), "NUMBER_TYPE_MAX", id="max_length 6001"),
    pytest.param((1, "options", 0, "min_length"), -1, ("1", "options", "0", "min_length"), "NUMBER_TYPE_MIN", id="min_length -1"),
    pytest.param((*LEVEL, "choices"), [{"name": f"c{i}", "value": f"c{i}"} for i in range(26)],
                 text((*LEVEL, "choices")), "BASE_TYPE_MAX_LENGTH", id="26 choices"),
    pytest.param((*LEVEL, "choices", 0, "name"), "n" * 101, text((*LEVEL, "choices", 0, "name")), "BASE_TYPE_BAD_LENGTH", id="choice name of 101"),
    pytest.param((*LEVEL, "choices", 0, "value"), "v" * 101, text((*LEVEL, "choices", 0, "value")), "BASE_TYPE_MAX_LENGTH", id="choice value of 101"),
    pytest.param((*LEVEL, "autocomplete"), True, text((*LEVEL, "autocomplete")), "APPLICATION_COMMAND_AUTOCOMPLETE_WITH_CHOICES",
                 id="choices with autocomplete"),
    pytest.param((1, "options", 2, "required"), True, ("1", "options", "2"), "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                 id="required after optional"),
    pytest.param((1, "options", 1, "name"), "notation", ("1", "options", "1", "name"), "APPLICATION_COMMAND_OPTION_NAME_DUPLICATED",
                 id="duplicate option name"),
    pytest.param((0, "options", 1), option(3, "note"), ("0", "options"), "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
                 id="subcommands mixed with an option"),
    pytest.param((0, "options", 1, "options", 0, "type"), 2, ("0", "options", "1", "options", "0", "type"), "BASE_TYPE_CHOICES",
                 id="group in a group"),
    pytest.param((0, "options", 1, "options", 0, "options"), [option(1, "deeper")],
                 ("0", "options", "1", "options", "0", "options", "0", "type"), "BASE_TYPE_CHOICES", id="subcommand in a subcommand"),
    pytest.param((*ATTAXX, "options"), [option(5, f"o{i}") for i in range(26)], text((*ATTAXX, "options")), "BASE_TYPE_MAX_LENGTH",
                 id="26 options"),
]


def test_realistic_commands_pass() -> None:
    check_commands(commands())


@pytest.mark.parametrize(("where", "value", "path", "code"), COMMAND_CASES)
def test_command_violations_are_refused(where: tuple, value: Any, path: tuple[str, ...], code: str) -> None:
    assert_form_error(refused(check_commands, put(commands(), where, value)), path, code)


def sized_command(size: int, **extra: Any) -> dict:
    """A slash command whose names, descriptions and choices add up to `size` characters."""
    left = size - 100 - 2 * 103  # the command's name and description, then two options of 3 + 100 characters
    choices = []
    while left:
        name = min(100, (left + 1) // 2)
        choices.append({"name": "n" * name, "value": "v" * min(100, left - name)})
        left -= name + len(choices[-1]["value"])
    options = [option(3, f"o0{i}", description="d" * 100, choices=choices[25 * i:25 * (i + 1)]) for i in range(2)]
    return {"type": 1, "name": "big", "description": "d" * 97, "options": options, **extra}


def test_a_command_may_hold_8000_characters_and_no_more() -> None:
    check_commands([sized_command(8000)])
    for command in (sized_command(8001), sized_command(7990, name_localizations={"de": "b" * 14})):
        assert leaves(refused(check_commands, [command])) == [(("0",), "APPLICATION_COMMAND_TOO_LARGE")]


def test_commands_per_type_are_limited() -> None:
    def many(kind: int, count: int) -> list[dict]:
        return [{"type": kind, "name": f"c{i}", "description": "A command" if kind == 1 else ""} for i in range(count)]

    check_commands(many(1, 100) + many(2, 15) + many(3, 15))
    for kind, count in ((1, 101), (2, 16), (3, 16)):
        refusal = refused(check_commands, many(kind, count))
        assert (refusal.status, refusal.code) == (400, 30032)


async def test_the_bots_command_tree_is_one_discord_accepts(tmp_path) -> None:
    """Every command and option the bot registers, /replay's match number up to 2**53 - 1 included."""
    tree = await command_tree(tmp_path)
    registered = [c.to_dict(tree) for c in tree.get_commands()]
    check_commands(registered)
    replay = next(c for c in registered if c["name"] == "replay")
    assert replay["options"][0]["max_value"] == 2**53 - 1


# ------------------------------------------------------------------------------------ messages, embeds

def embed() -> dict:
    return {"title": "attaxx: alice vs bob", "description": "Move 12: alice cloned to c4.", "color": 0x2ECC71,
            "fields": [{"name": "Score", "value": "alice 14 — bob 9", "inline": True}],
            "footer": {"text": "Game #42"}, "author": {"name": "alice"}, "image": {"url": "attachment://board.png"}}


def message() -> dict:
    return {"content": "<@123> your move", "embeds": [embed()], "tts": False, "nonce": "1234567890", "enforce_nonce": True,
            "allowed_mentions": {"parse": [], "users": ["123"]}, "flags": SUPPRESS_NOTIFICATIONS,
            "attachments": [{"id": 0, "filename": "board.png", "description": "The board after move 12"}]}


FILES = {"files[0]": 48_000}
MESSAGE_CASES = [
    pytest.param(("content",), "x" * 2001, ("content",), "BASE_TYPE_MAX_LENGTH", id="content of 2001"),
    pytest.param(("embeds",), [embed() for _ in range(11)], ("embeds",), "BASE_TYPE_MAX_LENGTH", id="11 embeds"),
    pytest.param(("embeds", 0, "title"), "t" * 257, ("embeds", "0", "title"), "BASE_TYPE_MAX_LENGTH", id="title of 257"),
    pytest.param(("embeds", 0, "description"), "d" * 4097, ("embeds", "0", "description"), "BASE_TYPE_MAX_LENGTH", id="description of 4097"),
    pytest.param(("embeds", 0, "fields"), [{"name": "n", "value": "v"}] * 26, ("embeds", "0", "fields"), "BASE_TYPE_MAX_LENGTH", id="26 fields"),
    pytest.param(("embeds", 0, "fields", 0, "name"), " ", ("embeds", "0", "fields", "0", "name"), "BASE_TYPE_REQUIRED", id="blank field name"),
    pytest.param(("embeds", 0, "fields", 0, "name"), "n" * 257, ("embeds", "0", "fields", "0", "name"), "BASE_TYPE_MAX_LENGTH",
                 id="field name of 257"),
    pytest.param(("embeds", 0, "fields", 0, "value"), DELETE, ("embeds", "0", "fields", "0", "value"), "BASE_TYPE_REQUIRED",
                 id="field without value"),
    pytest.param(("embeds", 0, "fields", 0, "value"), "v" * 1025, ("embeds", "0", "fields", "0", "value"), "BASE_TYPE_MAX_LENGTH",
                 id="field value of 1025"),
    pytest.param(("embeds", 0, "footer", "text"), "f" * 2049, ("embeds", "0", "footer", "text"), "BASE_TYPE_MAX_LENGTH", id="footer of 2049"),
    pytest.param(("embeds", 0, "author", "name"), "a" * 257, ("embeds", "0", "author", "name"), "BASE_TYPE_MAX_LENGTH", id="author of 257"),
    pytest.param(("allowed_mentions", "parse"), ["users"], ("allowed_mentions",), "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                 id="parse users and a users list"),
    pytest.param(("allowed_mentions", "parse"), ["here"], ("allowed_mentions", "parse", "0"), "BASE_TYPE_CHOICES", id="unknown parse"),
    pytest.param(("allowed_mentions", "users"), [str(i) for i in range(101)], ("allowed_mentions", "users"), "BASE_TYPE_MAX_LENGTH",
                 id="101 users"),
    pytest.param(("flags",), EPHEMERAL, ("flags",), "MESSAGE_FLAGS_NOT_ALLOWED", id="ephemeral channel message"),
    pytest.param(("flags",), 1 << 1, ("flags",), "MESSAGE_FLAGS_NOT_ALLOWED", id="crossposted flag"),
    pytest.param(("nonce",), "n" * 26, ("nonce",), "NONCE_TYPE_TOO_LONG", id="nonce of 26"),
    pytest.param(("nonce",), 1.5, ("nonce",), "NONCE_TYPE_INVALID_TYPE", id="float nonce"),
    pytest.param(("enforce_nonce",), "yes", ("enforce_nonce",), "BASE_TYPE_BOOLEAN", id="enforce_nonce not boolean"),
]


def test_a_realistic_message_passes_as_new_message_and_follow_up() -> None:
    check_message(message(), FILES)
    check_message(put(message(), ("content",), "x" * 2000), FILES)
    check_message(put(message(), ("flags",), EPHEMERAL), FILES, interaction=True)


@pytest.mark.parametrize(("where", "value", "path", "code"), MESSAGE_CASES)
def test_message_violations_are_refused(where: tuple, value: Any, path: tuple[str, ...], code: str) -> None:
    assert_form_error(refused(check_message, put(message(), where, value), FILES), path, code)


def test_all_embeds_of_a_message_share_6000_characters() -> None:
    check_message({"embeds": [{"description": "a" * 4096}, {"description": " " + "b" * 1904 + "\n"}]}, {})
    refusal = refused(check_message, {"embeds": [{"description": "a" * 4096}, {"description": "b" * 1905}]}, {})
    assert leaves(refusal) == [(("embeds", "1"), "MAX_EMBED_SIZE_EXCEEDED")]


def test_every_error_is_reported_at_once_in_discords_shape() -> None:
    refusal = refused(check_message, {"content": "x" * 2001, "embeds": [{"title": "t" * 257}]}, {}, path=("data",))
    assert refusal.body() == {"code": 50035, "message": "Invalid Form Body", "errors": {"data": {
        "content": {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 2000 or fewer in length."}]},
        "embeds": {"0": {"title": {"_errors": [{"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 256 or fewer in length."}]}}}}}}


def test_an_empty_new_message_is_refused_but_an_empty_edit_is_not() -> None:
    for body in ({}, {"content": "  ", "embeds": [], "components": []}):
        refusal = refused(check_message, body, {})
        assert (refusal.status, refusal.code, refusal.body()) == (400, 50006, {"code": 50006, "message": "Cannot send an empty message"})
    check_message({}, {}, edit=True)
    check_message({"attachments": [{"id": 0, "filename": "board.png"}]}, {"files[0]": 10})
    assert refused(check_callback, {"type": 4}, {}).code == 50006


# ---------------------------------------------------------------------------------------- attachments

ATTACHMENT_CASES = [
    pytest.param(("attachments", 0, "id"), DELETE, ("attachments", "0", "id"), "BASE_TYPE_REQUIRED", id="no id"),
    pytest.param(("attachments", 0, "id"), 1, ("attachments", "0"), "ATTACHMENT_NOT_FOUND", id="id of no upload"),
    pytest.param(("attachments", 0, "filename"), "", ("attachments", "0", "filename"), "BASE_TYPE_BAD_LENGTH", id="empty filename"),
    pytest.param(("attachments", 0, "filename"), "f" * 1025, ("attachments", "0", "filename"), "BASE_TYPE_BAD_LENGTH", id="filename of 1025"),
    pytest.param(("attachments", 0, "description"), "d" * 1025, ("attachments", "0", "description"), "BASE_TYPE_MAX_LENGTH",
                 id="alt text of 1025"),
    pytest.param(("attachments",), [{"id": i, "filename": f"{i}.png"} for i in range(11)], ("attachments",), "BASE_TYPE_MAX_LENGTH",
                 id="11 attachments"),
    pytest.param(("attachments",), [], ("attachments",), "ATTACHMENT_NOT_REFERENCED", id="upload not listed"),
]


@pytest.mark.parametrize(("where", "value", "path", "code"), ATTACHMENT_CASES)
def test_attachment_violations_are_refused(where: tuple, value: Any, path: tuple[str, ...], code: str) -> None:
    assert_form_error(refused(check_message, put(message(), where, value), FILES), path, code)


def test_files_are_limited_in_size_and_number() -> None:
    check_message(message(), {"files[0]": DEFAULT_ATTACHMENT_LIMIT})
    for files, limit in (({"files[0]": DEFAULT_ATTACHMENT_LIMIT + 1}, DEFAULT_ATTACHMENT_LIMIT), ({"files[0]": 25 * 2**20 + 1}, 25 * 2**20)):
        refusal = refused(check_message, message(), files, attachment_limit=limit)
        assert (refusal.status, refusal.body()) == (413, {"code": 40005, "message": "Request entity too large"})
    eleven = {f"files[{i}]": 10 for i in range(11)}
    assert refused(check_message, {"attachments": [{"id": i} for i in range(11)]}, eleven).code == 30015


def test_an_edit_may_keep_attachments_the_message_already_has() -> None:
    kept = {"attachments": [{"id": 1_300_000_000_000_000_000, "filename": "board.png", "size": 48_000}]}
    check_message(kept, {}, edit=True)
    assert_form_error(refused(check_message, kept, {}), ("attachments", "0"), "ATTACHMENT_NOT_FOUND")


# ----------------------------------------------------------------------------------------- components

def button(custom_id: str, label: str, style: int = 2) -> dict:
    return {"type": 2, "style": style, "custom_id": custom_id, "label": label}


def select_menu() -> dict:
    options = [{"label": f"Cell {c}4", "value": f"{c}4", "description": f"Clone to {c}4"} for c in "abc"]
    return {"type": 3, "custom_id": "move:42", "placeholder": "Pick your move", "min_values": 1, "max_values": 1, "options": options}


def reply() -> dict:
    buttons = [button("accept:42", "Accept", 3), button("decline:42", "Decline", 4),
               {"type": 2, "style": 5, "label": "Rules", "url": "https://example.org/rules", "emoji": {"name": "📖"}}]
    return {"type": 4, "data": {"content": "bob challenges you to attaxx", "flags": EPHEMERAL,
                                "components": [{"type": 1, "components": buttons}, {"type": 1, "components": [select_menu()]}]}}


ROW0, ROW1 = ("data", "components", 0, "components"), ("data", "components", 1, "components")
COMPONENT_CASES = [
    pytest.param((*ROW0, 1, "label"), "l" * 81, text((*ROW0, 1, "label")), "BASE_TYPE_MAX_LENGTH", id="label of 81"),
    pytest.param(("data", "components"), [{"type": 1, "components": [button(f"b{i}", "B")]} for i in range(6)],
                 ("data", "components"), "BASE_TYPE_MAX_LENGTH", id="6 rows"),
    pytest.param(ROW0, [button(f"b{i}", "B") for i in range(6)], text(ROW0), "BASE_TYPE_BAD_LENGTH", id="6 buttons in a row"),
    pytest.param(ROW0, [], text(ROW0), "BASE_TYPE_BAD_LENGTH", id="empty row"),
    pytest.param((*ROW1, 1), button("hint:42", "Hint"), text((*ROW1, 1)), "COMPONENT_LAYOUT_WIDTH_EXCEEDED", id="select and button in a row"),
    pytest.param(("data", "components", 0), button("alone", "Alone"), ("data", "components", "0"), "COMPONENT_TYPE_INVALID",
                 id="button outside a row"),
    pytest.param((*ROW0, 1, "custom_id"), "accept:42", text((*ROW0, 1, "custom_id")), "COMPONENT_CUSTOM_ID_DUPLICATED", id="duplicate custom_id"),
    pytest.param((*ROW0, 1, "custom_id"), "c" * 101, text((*ROW0, 1, "custom_id")), "BASE_TYPE_BAD_LENGTH", id="custom_id of 101"),
    pytest.param((*ROW0, 1, "custom_id"), DELETE, text((*ROW0, 1, "custom_id")), "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED", id="no custom_id"),
    pytest.param((*ROW0, 1, "style"), 7, text((*ROW0, 1, "style")), "BASE_TYPE_CHOICES", id="style 7"),
    pytest.param((*ROW0, 1, "label"), DELETE, text((*ROW0, 1)), "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED", id="no label or emoji"),
    pytest.param((*ROW0, 2, "url"), DELETE, text((*ROW0, 2, "url")), "BASE_TYPE_REQUIRED", id="link without url"),
    pytest.param((*ROW0, 2, "custom_id"), "rules", text((*ROW0, 2)), "BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE",
                 id="link with custom_id"),
    pytest.param((*ROW1, 0, "options"), [{"label": f"{i}", "value": f"{i}"} for i in range(26)], text((*ROW1, 0, "options")),
                 "BASE_TYPE_BAD_LENGTH", id="26 select options"),
    pytest.param((*ROW1, 0, "options"), [], text((*ROW1, 0, "options")), "BASE_TYPE_BAD_LENGTH", id="no select options"),
    pytest.param((*ROW1, 0, "options", 1, "label"), "l" * 101, text((*ROW1, 0, "options", 1, "label")), "BASE_TYPE_BAD_LENGTH",
                 id="option label of 101"),
    pytest.param((*ROW1, 0, "options", 1, "value"), "a4", text((*ROW1, 0, "options", 1, "value")), "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                 id="duplicate option value"),
    pytest.param((*ROW1, 0, "options", 1, "description"), "d" * 101, text((*ROW1, 0, "options", 1, "description")),
                 "BASE_TYPE_MAX_LENGTH", id="option description of 101"),
    pytest.param((*ROW1, 0, "placeholder"), "p" * 151, text((*ROW1, 0, "placeholder")), "BASE_TYPE_MAX_LENGTH", id="placeholder of 151"),
    pytest.param((*ROW1, 0, "max_values"), 4, text((*ROW1, 0, "max_values")), "NUMBER_TYPE_MAX", id="max_values above options"),
    pytest.param((*ROW1, 0, "min_values"), 26, text((*ROW1, 0, "min_values")), "NUMBER_TYPE_MAX", id="min_values 26"),
    pytest.param(("data", "flags"), EPHEMERAL | IS_COMPONENTS_V2, ("data", "content"),
                 "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2", id="content with components v2"),
]


def test_a_realistic_reply_with_components_passes() -> None:
    check_callback(reply(), {})


@pytest.mark.parametrize(("where", "value", "path", "code"), COMPONENT_CASES)
def test_component_violations_are_refused(where: tuple, value: Any, path: tuple[str, ...], code: str) -> None:
    assert_form_error(refused(check_callback, put(reply(), where, value), {}), path, code)


def test_legacy_rows_pass_with_components_v2_too() -> None:
    """The rows of a reply are V2 components as they are (its other V2 components: tests/test_discord_v2_rules.py)."""
    check_message({"flags": IS_COMPONENTS_V2, "components": reply()["data"]["components"]}, {})


# ------------------------------------------------------------------------------ callbacks, autocomplete

def autocomplete() -> dict:
    return {"type": 8, "data": {"choices": [{"name": f"b{i} — clone from a{i}".ljust(100, "."), "value": f"a{i}b{i}"} for i in range(25)]}}


VALID_CALLBACKS = [{"type": 5, "data": {"flags": EPHEMERAL}}, {"type": 5}, {"type": 6}, {"type": 7, "data": {"content": "Accepted"}},
                   {"type": 7, "data": {}}, autocomplete(), {"type": 8, "data": {"choices": [{"name": "Match 7", "value": 7}]}},
                   {"type": 9, "data": {"custom_id": "resign:42", "title": "Resign this match?", "components": [{"type": 18}]}}]
CALLBACK_CASES = [
    pytest.param(autocomplete(), ("type",), 3, ("type",), "BASE_TYPE_CHOICES", id="type 3"),
    pytest.param(autocomplete(), ("data", "choices", 25), {"name": "z", "value": "z"}, ("data", "choices"), "BASE_TYPE_MAX_LENGTH",
                 id="26 autocomplete choices"),
    pytest.param(autocomplete(), ("data", "choices", 0, "name"), "n" * 101, ("data", "choices", "0", "name"), "BASE_TYPE_BAD_LENGTH",
                 id="autocomplete name of 101"),
    pytest.param(autocomplete(), ("data", "choices", 0, "name"), "", ("data", "choices", "0", "name"), "BASE_TYPE_BAD_LENGTH",
                 id="empty autocomplete name"),
    pytest.param(autocomplete(), ("data", "choices", 0, "value"), "v" * 101, ("data", "choices", "0", "value"), "BASE_TYPE_MAX_LENGTH",
                 id="autocomplete value of 101"),
    pytest.param(autocomplete(), ("data",), DELETE, ("data",), "BASE_TYPE_REQUIRED", id="autocomplete without data"),
    pytest.param({"type": 5}, ("data",), {"content": "thinking"}, ("data", "content"), "DEFERRED_RESPONSE_FIELD_NOT_ALLOWED",
                 id="deferred with content"),
    pytest.param({"type": 5}, ("data",), {"flags": SUPPRESS_NOTIFICATIONS}, ("data", "flags"), "MESSAGE_FLAGS_NOT_ALLOWED",
                 id="deferred with other flags"),
    pytest.param({"type": 7, "data": {}}, ("data", "content"), "x" * 2001, ("data", "content"), "BASE_TYPE_MAX_LENGTH",
                 id="update with content of 2001"),
    pytest.param(VALID_CALLBACKS[-1], ("data", "title"), "t" * 46, ("data", "title"), "BASE_TYPE_BAD_LENGTH", id="modal title of 46"),
    pytest.param(VALID_CALLBACKS[-1], ("data", "components"), [{"type": 18}] * 6, ("data", "components"), "BASE_TYPE_BAD_LENGTH",
                 id="modal with 6 components"),
]


@pytest.mark.parametrize("body", VALID_CALLBACKS, ids=lambda body: f"type {body['type']}")
def test_realistic_callbacks_pass(body: dict) -> None:
    check_callback(body, {})


@pytest.mark.parametrize(("body", "where", "value", "path", "code"), CALLBACK_CASES)
def test_callback_violations_are_refused(body: dict, where: tuple, value: Any, path: tuple[str, ...], code: str) -> None:
    assert_form_error(refused(check_callback, put(body, where, value), {}), path, code)


# -------------------------------------------------------------------------------------------- threads

THREAD = {"name": "attaxx: alice vs bob", "auto_archive_duration": 1440, "type": 11}


@pytest.mark.parametrize(("where", "value", "path", "code"), [
    pytest.param(("name",), "", ("name",), "BASE_TYPE_BAD_LENGTH", id="empty name"),
    pytest.param(("name",), "n" * 101, ("name",), "BASE_TYPE_BAD_LENGTH", id="name of 101"),
    pytest.param(("name",), DELETE, ("name",), "BASE_TYPE_REQUIRED", id="no name"),
    pytest.param(("auto_archive_duration",), 120, ("auto_archive_duration",), "BASE_TYPE_CHOICES", id="archive after 120"),
    pytest.param(("type",), 0, ("type",), "BASE_TYPE_CHOICES", id="text channel type"),
])
def test_thread_violations_are_refused(where: tuple, value: Any, path: tuple[str, ...], code: str) -> None:
    check_thread(THREAD)
    assert_form_error(refused(check_thread, put(THREAD, where, value)), path, code)
