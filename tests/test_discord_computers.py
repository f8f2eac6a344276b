"""Computer players through real discord.py and the stand-in: naming the bot as the opponent, seating
computers in a game of more than two, the computer's answer, and what is refused."""
from __future__ import annotations

from tests.support.images import decode
from tests.support.inprocess import CHANNEL
from tests.support.standin import BOT_ID
from tests.support.users import User

ALICE, BOB = User(11, "alice"), User(12, "bob")
ME = User(BOT_ID, "Boardgames", bot=True)


async def answered(env, after: int, who: str = "Computer (medium)"):
    return await env.standin.wait_for(lambda: next(
        (m for m in env.standin.channel(CHANNEL)[after:] if m.content.startswith(f"**{who}") and "played" in m.content),
        None))


async def test_naming_the_bot_starts_at_once_and_it_answers_each_move(env):
    start = await (await env.command(ALICE, CHANNEL, "challenge", "ascent", side="first", opponent=ME)).reply()
    assert "vs **Computer (medium) · Blue**" in start.content and [b["label"] for b in start.buttons] == ["Move"] and start.png
    assert await start.pinged() == [ALICE.id]
    move = (await env.autocomplete(ALICE, CHANNEL, "move", "notation", "a1"))[0]
    seen = len(env.standin.channel(CHANNEL))
    mine = await (await env.command(ALICE, CHANNEL, "move", notation=move)).reply()
    assert "**Computer (medium) · Blue** is thinking…" in mine.content and mine.mentions == []
    theirs = await answered(env, seen)
    assert await theirs.pinged() == [ALICE.id] and decode(theirs.png).size == decode(mine.png).size
    assert decode(theirs.png).tobytes() != decode(mine.png).tobytes()
    assert [cid for cid, _ in env.standin.typings] == [CHANNEL], "it showed it was thinking"
    early = await (await env.command(BOB, CHANNEL, "move", notation=move)).reply()
    assert early.ephemeral and "not playing in this match" in early.content


async def test_computers_fill_seats_of_a_bigger_game(env):
    challenge = await (await env.command(ALICE, CHANNEL, "challenge", "permutation", side="first", opponent=BOB, computers=2,
                                         level="easy")).reply()
    assert "**Computer (easy)**" in challenge.content and await challenge.pinged() == [BOB.id]
    assert [b["label"] for b in challenge.buttons] == ["Accept", "Decline"]
    start = await (await env.press(BOB, challenge, "Accept")).board()
    assert start.content.count("**Computer (easy) · ") == 2 and await start.pinged() == [ALICE.id]
    seen = len(env.standin.channel(CHANNEL))
    await (await env.command(ALICE, CHANNEL, "move", notation="a1")).reply()
    bobs = (await env.autocomplete(BOB, CHANNEL, "move", "notation", ""))[0]
    await (await env.command(BOB, CHANNEL, "move", notation=bobs)).reply()
    first = await answered(env, seen, "Computer (easy)")
    second = await env.standin.wait_for(lambda: next(
        (m for m in env.standin.channel(CHANNEL) if m.content.startswith("**Computer (easy) · Yellow** played")), None))
    assert "· Green** played" in first.content and await second.pinged() == [ALICE.id], "both computers played, then alice"


async def test_a_level_without_a_computer_and_other_bots_are_refused(env):
    lone = await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=BOB, level="hard")).reply()
    assert lone.ephemeral and "The level is for computer players: name me as the opponent." in lone.content
    many = await (await env.command(ALICE, CHANNEL, "challenge", "permutation", side="first", level="hard")).reply()
    assert many.ephemeral and "or seat some with the computers option" in many.content
    other = await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=User(14, "robot", bot=True))).reply()
    assert other.ephemeral and "Other bots can't play" in other.content
    assert env.standin.channel(CHANNEL) == [], "nothing public was posted"


async def test_a_computers_win_reads_as_one_bold_headline(env):
    await (await env.command(ALICE, CHANNEL, "challenge", "attaxx", side="first", opponent=ME, level="easy")).reply()
    resigned = await (await env.command(ALICE, CHANNEL, "resign")).reply()
    headline = resigned.content.splitlines()[0]
    assert headline.startswith("🏁 **Computer (easy) · Black wins** — alice resigned"), headline
    assert "****" not in resigned.content


async def test_playing_second_against_the_computer_it_moves_first(env):
    start = await (await env.command(ALICE, CHANNEL, "challenge", "xlines", opponent=ME, level="easy",
                                     side="second")).reply()
    assert start.content.startswith("🎲 **X's and lines**: **Computer (easy) · Red** vs <@11> (Blue) — **Computer (easy)** moves first")
    assert "**Computer (easy) · Red** is thinking…" in start.content and start.mentions == []
    theirs = await answered(env, 0, "Computer (easy)")
    assert "· Red** played" in theirs.content and await theirs.pinged() == [ALICE.id] and theirs.png
