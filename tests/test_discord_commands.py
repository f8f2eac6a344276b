"""The commands the bot registers with Discord, as the cogs build them: their order (Discord's list and
/help follow it) and the exact payloads of /challenge's per-game subcommands, which are built from each
game's record rather than written out."""
from __future__ import annotations

import pytest

from bot.discord.challenge_options import challenge_options
from games import GAMES
from tests.support.inprocess import command_tree

COMMANDS = ["challenge", "accept", "decline", "move", "board", "resign", "draw", "takeback", "leaderboard", "stats",
            "games", "tournament", "settings", "rules", "history", "replay", "analysis", "help"]

LEVEL = {"type": 3, "name": "level", "description": "How strong the computer plays: name me as the opponent, or seat computers",
         "required": False, "choices": [{"name": "easy", "value": "easy"}, {"name": "medium (default)", "value": "medium"},
                                        {"name": "hard", "value": "hard"}]}
SIDE = {"type": 3, "name": "side", "description": "Which seat you take: first (moves first), second, or random (default)",
        "required": False, "choices": [{"name": "random (default)", "value": "random"},
                                       {"name": "first: you move first", "value": "first"},
                                       {"name": "second: you move second", "value": "second"}]}
TURN_TIME = {"type": 4, "name": "turn_time", "description": "How long each player has for a move (default 24 hours)",
             "required": False, "choices": [{"name": "5 minutes", "value": 300}, {"name": "15 minutes", "value": 900},
                                            {"name": "1 hour", "value": 3600}, {"name": "6 hours", "value": 21600},
                                            {"name": "24 hours (default)", "value": 86400},
                                            {"name": "3 days", "value": 259200}, {"name": "7 days", "value": 604800}]}
CLOCK = {"type": 3, "name": "clock", "description": "Live play on a game clock instead: minutes each + seconds a move, as 5+3",
         "required": False, "min_length": 1, "max_length": 20, "autocomplete": True}


def opponent(n: int) -> dict:
    if n == 1:
        return {"type": 6, "name": "opponent", "description": "Who you challenge; leave empty for an open challenge anyone may join",
                "required": False}
    return {"type": 6, "name": f"opponent{n}", "description": f"Player {n + 1}: one more person you challenge (optional)",
            "required": False}


ATTAXX = {
    "name": "attaxx", "description": "Clone or jump on a 7×7 board and flip your opponent's pieces; most pieces wins.",
    "type": 1, "options": [opponent(1), LEVEL, SIDE, TURN_TIME, CLOCK],
}
PERMUTATION = {
    "name": "permutation",
    "description": "Place x's like rooks that never attack, then number them to draw the biggest rectangles.",
    "type": 1,
    "options": [
        *(opponent(n) for n in range(1, 6)),
        {"type": 4, "name": "players", "required": False, "min_value": 2, "max_value": 6,
         "description": "Seats in all, counting you; unnamed seats are open to anyone (default: who you name, or the most)"},
        {"type": 4, "name": "k", "required": False, "min_value": 3, "max_value": 8,
         "description": "Numbers each player writes; the board is n×n, where n = k × players + 1 is at most 25 (default 3)"},
        {"type": 4, "name": "computers", "required": False, "min_value": 1, "max_value": 5,
         "description": "Computer players to seat, at the level below (they join at once)"},
        LEVEL, SIDE, TURN_TIME, CLOCK,
    ],
}


@pytest.fixture
async def registered(tmp_path) -> dict[str, dict]:
    tree = await command_tree(tmp_path)
    return {command.name: command.to_dict(tree) for command in tree.get_commands()}


async def test_the_commands_are_registered_in_their_order(registered):
    assert list(registered) == COMMANDS


@pytest.mark.parametrize("pinned", [ATTAXX, PERMUTATION], ids=["attaxx", "permutation"])
async def test_a_games_challenge_subcommand_is_registered_exactly(registered, pinned):
    challenge = registered["challenge"]
    assert {k: challenge[k] for k in ("name", "description", "type", "dm_permission")} == {
        "name": "challenge", "description": "Challenge people in this channel to a game", "type": 1, "dm_permission": False}
    [subcommand] = [option for option in challenge["options"] if option["name"] == pinned["name"]]
    assert subcommand == pinned


async def test_every_game_has_a_challenge_subcommand_with_its_options(registered):
    subcommands = {option["name"]: option for option in registered["challenge"]["options"]}
    assert list(subcommands) == list(GAMES)
    for name, game in GAMES.items():
        assert [o["name"] for o in subcommands[name]["options"]] == [o.name for o in challenge_options(game)]
        assert {spec.name for spec in game.options} <= {o["name"] for o in subcommands[name]["options"]}


async def test_an_option_named_otherwise_in_python_keeps_its_name_in_discord(registered):
    """/board's `text` option (the method's parameter is as_text: `text` is the messages module there)."""
    assert registered["board"]["options"] == [
        {"type": 5, "name": "public", "description": "Post it for everyone (default: only you see it)", "required": False},
        {"type": 5, "name": "text", "description": "As text a screen reader can read, instead of a picture", "required": False},
    ]
