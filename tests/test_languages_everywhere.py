"""The bot played through in every shipped language, with the real catalogs: members whose Discord
clients speak one language, in a server set to another. Every private answer is in the member's language,
every public post (its text, its picture's alt text) in the server's, with no English left where a
translation ships; every picture's words are in the language it is drawn in; and the stand-in, which
refuses what Discord refuses, takes every message and the commands registered in every language."""
from __future__ import annotations

import pytest
from PIL import ImageDraw

import games
import i18n
from games import GAMES
from i18n import _
from renderers import lettering
from rules.core import Cause, Outcome
from rules.core import ended as ended_early
from tests.support.inprocess import CHANNEL, BotUsers
from tests.support.languages import english_left, speaks
from tests.support.standin import Message
from tests.support.users import User

TRANSLATED = [code for code in i18n.shipped() if code != i18n.ENGLISH]
# each server language with the members' client language it is played with: another script or family
MEMBERS = {"de": "ja", "es-ES": "ru", "fr": "zh-CN", "pt-BR": "pl", "pl": "de", "ru": "fr", "ja": "es-ES",
           "zh-CN": "pt-BR"}
NAMES = ("alice", "bob")


def texts(message: Message) -> str:
    """Everything a message shows in words: its content, embeds, buttons and its pictures' alt text."""
    parts = [message.content, *message.descriptions.values()]
    for embed in message.embeds:
        parts += [embed.get("title", ""), embed.get("description", ""), embed.get("footer", {}).get("text", "")]
        parts += [f"{field['name']} {field['value']}" for field in embed.get("fields", ())]
    parts += [button.get("label", "") for button in message.buttons]
    return "\n".join(p for p in parts if p)


def in_language(message: Message, code: str) -> None:
    shown = texts(message)
    assert speaks(shown, code), f"not in {code}: {shown!r}"
    left = english_left(shown, code, NAMES)
    assert not left, f"English left in {code}: {sorted(left)} in {shown!r}"


@pytest.mark.parametrize("server", TRANSLATED)
async def test_a_match_in_a_server_of_one_language_among_members_of_another(env: BotUsers, server: str):
    member = MEMBERS.get(server, i18n.ENGLISH)
    alice, bob = User(11, "alice", locale=member), User(12, "bob", locale=member)

    chosen = await (await env.command(alice, CHANNEL, "settings", language=server)).reply()
    assert chosen.ephemeral
    in_language(chosen, member)

    challenge = await (await env.command(alice, CHANNEL, "challenge", "attaxx", side="first", opponent=bob)).reply()
    assert not challenge.ephemeral
    in_language(challenge, server)
    with i18n.speaking(server):
        accept = _("Accept")
    started = await (await env.press(bob, challenge, accept)).board()
    in_language(started, server)

    early = await (await env.command(bob, CHANNEL, "move", notation="b6")).reply()
    assert early.ephemeral
    in_language(early, member)
    moved = await (await env.command(alice, CHANNEL, "move", notation="b6")).reply()
    assert not moved.ephemeral
    in_language(moved, server)

    board = await (await env.command(bob, CHANNEL, "board")).reply()
    assert board.ephemeral and board.files
    in_language(board, member)
    helped = await (await env.command(bob, CHANNEL, "help")).reply()
    in_language(helped, member)
    rules = await (await env.command(bob, CHANNEL, "rules", game="ikabegama")).reply()
    in_language(rules, server if not rules.ephemeral else member)

    final = await (await env.command(bob, CHANNEL, "resign")).reply()
    assert not final.ephemeral
    in_language(final, server)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every line of text drawn on a picture from now on (the masks' cache emptied, so none is skipped)."""
    lines: list[str] = []
    original = ImageDraw.ImageDraw.text

    def text(self, xy, text, *args, **kwargs):
        lines.append(str(text))
        return original(self, xy, text, *args, **kwargs)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    return lines


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_games_pictures_speak_the_language_they_are_drawn_in(code, drawn):
    """The start and a finished position of every game (a resignation), drawn and described in `code`."""
    for name, game in GAMES.items():
        players = game.players.start
        state = game.start(players)
        names = NAMES[:players] if players <= 2 else tuple(f"p{i}" for i in range(players))
        after = state.play(state.legal_moves()[0])
        ended = ended_early(after, Outcome.left(Cause.RESIGNATION, names[1], players, [1]))
        games.render(state, names)  # the game's palette, fitted once to samples drawn in English, is made
        lettering._text_mask.cache_clear()
        for shown in (state, ended):
            del drawn[:]
            with i18n.speaking(code):
                games.render(shown, names)
                alt = games.describe(shown, names)
            words = " ".join(drawn)
            assert not english_left(words, code, names), (name, sorted(english_left(words, code, names)), drawn)
            assert speaks(alt, code) and not english_left(alt, code, names), (name, alt)
