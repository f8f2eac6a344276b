"""The real bot process, over real HTTP and a real websocket, played the way people play on Discord."""
from __future__ import annotations

import asyncio
import io

import pytest
from PIL import Image

from games import GAMES
from tests.e2e.conftest import ALICE, BOB, BUSY_CHANNEL, CAROL, GAMES_CHANNEL, World  # noqa: F401
from tests.support.standin import BOT_ID
from tests.support.users import User
from tests.test_records import shared_top_game


def image(png: bytes) -> Image.Image:
    picture = Image.open(io.BytesIO(png))
    picture.load()
    return picture


async def run(world: World, user: User, name: str, sub: str | None = None, /, channel: int = GAMES_CHANNEL, **options):
    return await (await world.users.command(user, channel, name, sub, **options)).reply()


async def start_match(world: World, channel: int = GAMES_CHANNEL):
    challenge = await run(world, ALICE, "challenge", "attaxx", side="first", channel=channel, opponent=BOB)
    board = await (await world.users.press(BOB, challenge, "Accept")).board()
    return challenge, board


async def pick_move(world: World, mover: User, channel: int) -> str:
    """What a player does who knows no notation: take the first suggestion, and while it is only the
    start of a move ("c1 …  dragon on c1"), take the first suggestion that follows it."""
    typed = ""
    for _ in range(10):
        offered = await world.users.suggestions(mover, channel, "move", "notation", typed)
        assert offered, f"{mover.name} was mentioned but has no move"
        name, value = offered[0]
        if " …" not in name:
            return value
        assert value.startswith(typed.strip()) and len(value) > len(typed), "each pick goes one part further"
        typed = value
    raise AssertionError("no whole move after ten picks")


async def play_to_end(world: World, channel: int = GAMES_CHANNEL, players=(ALICE, BOB)):
    """The player the bot mentions builds a move from the suggestions (pick_move), until the result is
    posted.

    Returns the final message and every board image on the way.
    """
    mover, pictures = players[0], []
    for _ in range(400):
        move = await pick_move(world, mover, channel)
        reply = await run(world, mover, "move", channel=channel, notation=move)
        assert not reply.ephemeral and f"**{move}**" in reply.content
        pictures.append(image(reply.png).tobytes())
        if "🏁" in reply.content:
            return reply, pictures
        [mentioned] = reply.mentions
        mover = next(p for p in players if p.id == mentioned)
    raise AssertionError("the game did not end")


async def test_full_game_then_leaderboard_and_stats(world):
    challenge, board = await start_match(world)
    assert ALICE.mention in board.content and await board.pinged() == [ALICE.id]
    final, pictures = await play_to_end(world)
    pictures.insert(0, image(board.png).tobytes())
    assert all(a != b for a, b in zip(pictures, pictures[1:]))
    assert "board full" in final.content and "Ratings:" in final.content
    assert final.button("Rematch")

    leaderboard = await run(world, CAROL, "leaderboard", game="attaxx")
    rows = leaderboard.embeds[0]["description"].splitlines()
    assert len(rows) == 2 and "1W 0L" in rows[0] and "0W 1L" in rows[1]
    stats = await run(world, CAROL, "stats", user=ALICE)
    assert "Attaxx" in stats.embeds[0]["description"]


async def test_declined_open_and_stranger(world):
    challenge = await run(world, ALICE, "challenge", "attaxx", side="first", opponent=BOB)
    stranger = await (await world.users.press(CAROL, challenge, "Accept")).reply()
    assert stranger.ephemeral and "Only the challenged player can accept" in stranger.content
    busy = await run(world, CAROL, "challenge", "attaxx", side="first")  # goes to a thread of its own
    [thread] = world.standin.threads
    assert f"<#{thread}>" in busy.content and "anyone" in world.standin.channel(thread)[0].content
    declined = await (await world.users.press(BOB, challenge, "Decline")).updated()
    assert "Declined" in declined.content and all(b.get("disabled") for b in declined.buttons)

    open_challenge = await run(world, ALICE, "challenge", "attaxx", side="first")
    assert "anyone" in open_challenge.content
    board = await (await world.users.press(CAROL, open_challenge, "Join")).board()
    assert ALICE.mention in board.content and image(board.png)
    inside = await run(world, BOB, "challenge", "attaxx", side="first", channel=thread, opponent=ALICE)
    assert inside.ephemeral and "already an open challenge here" in inside.content
    elsewhere = await run(world, BOB, "challenge", "attaxx", side="first", channel=BUSY_CHANNEL, opponent=CAROL)
    assert not elsewhere.ephemeral and elsewhere.button("Accept")


async def test_expired_challenge(world):
    challenge = await run(world, ALICE, "challenge", "attaxx", side="first", opponent=BOB)
    world.bot.sql("UPDATE challenges SET expires_at = expires_at - 3600")  # an hour passes
    await world.standin.wait_for(lambda: "Expired" in challenge.content)
    assert all(b.get("disabled") for b in challenge.buttons)
    late = await (await world.users.press(BOB, challenge, "Accept", stale=True)).reply()
    assert late.ephemeral and "expired" in late.content


async def test_refused_moves_resign_and_draw(world):
    await start_match(world)
    for user, notation, reason in [
        (BOB, "b2", "not your turn"), (CAROL, "b6", "not playing"), (ALICE, "d4", "d4 is not next to any of your pieces"),
        (ALICE, "hello", "Can't read"), (ALICE, "a7h9", "h9 is not on the board"),
    ]:
        reply = await run(world, user, "move", notation=notation)
        assert reply.ephemeral and reason in reply.content
    board = await run(world, CAROL, "board")
    assert board.ephemeral and "after 0 moves" in board.content
    await run(world, ALICE, "move", notation="b6")
    offer = await run(world, BOB, "draw")
    assert "offers a draw" in offer.content and await offer.pinged() == [ALICE.id]
    agreed = await run(world, ALICE, "draw")
    assert "draw agreed" in agreed.content

    await start_match(world)
    resigned = await run(world, BOB, "resign")
    assert "bob resigned" in resigned.content and ALICE.mention in resigned.content


async def test_simultaneous_moves_and_accepts(world):
    challenge = await run(world, ALICE, "challenge", "attaxx", side="first", opponent=BOB)
    presses = await asyncio.gather(*[world.users.press(BOB, challenge, "Accept") for _ in range(2)])
    await world.standin.wait_for(lambda: all(p.interaction.answered.is_set() for p in presses))
    kinds = sorted(p.interaction.response_type for p in presses)
    assert kinds == [4, 7]  # one private refusal, one update of the challenge message
    boards = await world.standin.wait_for(lambda: [m for m in world.standin.channel(GAMES_CHANNEL) if m.files])
    assert len(boards) == 1

    moves = await asyncio.gather(*[world.users.command(ALICE, GAMES_CHANNEL, "move", notation=n) for n in ("b6", "f2")])
    replies = [await m.reply() for m in moves]
    assert sorted(r.ephemeral for r in replies) == [False, True]
    board = await run(world, ALICE, "board")
    assert "after 1 move" in board.content


async def test_restart_after_sigkill_mid_match(world):
    waiting = await run(world, CAROL, "challenge", "attaxx", side="first", channel=BUSY_CHANNEL, opponent=BOB)
    await start_match(world)
    for user, move in [(ALICE, "b6"), (BOB, "b2"), (ALICE, "a7c5")]:
        assert not (await run(world, user, "move", notation=move)).ephemeral
    before = await run(world, ALICE, "board")

    await world.bot.kill()
    await world.bot.start()

    after = await run(world, ALICE, "board")
    assert image(after.png).tobytes() == image(before.png).tobytes() and "after 3 moves" in after.content
    accepted = await world.users.press(BOB, waiting, "Accept")  # a button sent before the restart
    assert "Accepted" in (await accepted.updated()).content
    final, _ = await play_to_end(world, players=(BOB, ALICE))  # three moves were played: bob is to move
    rematch = await (await world.users.press(BOB, final, "Rematch")).reply()
    assert ALICE.mention in rematch.content and rematch.button("Accept")


async def test_turn_timeout_live_and_while_down(world):
    await start_match(world)
    moved = await run(world, ALICE, "move", notation="b6")
    world.bot.sql("UPDATE matches SET deadline = deadline - 2 * 86400 WHERE status = 'active'")  # two days pass
    timeout = await world.standin.wait_for(
        lambda: next((m for m in world.standin.channel(GAMES_CHANNEL) if "ran out of time" in m.content), None))
    assert "bob ran out of time" in timeout.content and timeout.button("Rematch")
    assert image(timeout.png).tobytes() != image(moved.png).tobytes(), "the picture shows the result"
    board = await run(world, CAROL, "board")
    assert image(board.png).tobytes() == image(timeout.png).tobytes()

    await start_match(world, BUSY_CHANNEL)
    await world.bot.kill()
    world.bot.sql("UPDATE matches SET deadline = deadline - 2 * 86400 WHERE status = 'active'")
    await world.bot.start()
    announced = await world.standin.wait_for(
        lambda: next((m for m in world.standin.channel(BUSY_CHANNEL) if "ran out of time" in m.content), None))
    assert "alice ran out of time" in announced.content


async def test_a_time_out_stored_but_not_posted_is_posted_after_a_restart(world):
    """The bot is killed between storing a time-out and posting it (the service's part is played here,
    as the dying process did it); the restarted bot posts it, once, and the timer does not fire again."""
    from bot.db.sqlite import SqliteStore
    from bot.service import MatchService

    await start_match(world)
    await run(world, ALICE, "move", notation="b6")
    await world.bot.settled()
    await world.bot.kill()
    world.bot.sql("UPDATE matches SET deadline = deadline - 2 * 86400 WHERE status = 'active'")
    store = await SqliteStore.open(world.bot.database)
    try:
        [timed_out] = (await MatchService(store).expire_due()).matches
    finally:
        await store.close()
    await world.bot.start()
    announced = await world.standin.wait_for(
        lambda: [m for m in world.standin.channel(GAMES_CHANNEL) if "ran out of time" in m.content])
    assert "bob ran out of time" in announced[0].content and announced[0].png
    await world.bot.settled()
    assert len([m for m in world.standin.channel(GAMES_CHANNEL) if "ran out of time" in m.content]) == 1


async def test_full_ikabegama_game(world):
    challenge = await run(world, ALICE, "challenge", "ikabegama", side="first", opponent=BOB, size=4)
    assert "light nest **d1**" in challenge.content and "dark nest **d7**" in challenge.content
    await (await world.users.press(BOB, challenge, "Accept")).board()
    final, pictures = await play_to_end(world)
    assert "nest" in final.content or "Draw" in final.content
    assert len(pictures) > 2 and all(a != b for a, b in zip(pictures, pictures[1:]))
    leaderboard = await run(world, CAROL, "leaderboard", game="ikabegama")
    assert len(leaderboard.embeds[0]["description"].splitlines()) == 2


async def test_full_ascent_game(world):
    rules = await run(world, CAROL, "rules", game="ascent")
    assert "House rules" in rules.embeds[0]["description"] and "`a1-c3`" in rules.embeds[0]["description"]
    assert image(rules.png).size == image(rules.png).size
    challenge = await run(world, ALICE, "challenge", "ascent", side="first", opponent=BOB)
    assert "**Ascent**" in challenge.content
    board = await (await world.users.press(BOB, challenge, "Accept")).board()
    choices = await world.users.autocomplete(ALICE, GAMES_CHANNEL, "move", "notation", "c3")
    assert choices and all("c3" in choice for choice in choices) and "a1-c3" in choices
    refused = await run(world, ALICE, "move", notation="b2-c1")
    assert refused.ephemeral and "b2 and c1 are on the same level" in refused.content
    final, pictures = await play_to_end(world)
    pictures.insert(0, image(board.png).tobytes())
    assert len(pictures) > 3 and all(a != b for a, b in zip(pictures, pictures[1:]))
    assert "completed" in final.content and "row" in final.content and "Ratings:" in final.content
    leaderboard = await run(world, CAROL, "leaderboard", game="ascent")
    assert len(leaderboard.embeds[0]["description"].splitlines()) == 2


async def test_full_xlines_game_on_an_odd_board(world):
    rules = await run(world, CAROL, "rules", game="xlines")
    text = rules.embeds[0]["description"]
    assert "Crossing" in text and "twice in a row" in text and "`d5-g5-g2`" in text and rules.png
    challenge = await run(world, ALICE, "challenge", "xlines", side="first", opponent=BOB, size=9)
    assert "size **9**" in challenge.content
    board = await (await world.users.press(BOB, challenge, "Accept")).board()
    refused = await run(world, ALICE, "move", notation="j1")
    assert refused.ephemeral and "j1 is off the board" in refused.content
    pictures = [image(board.png).tobytes()]
    for user, square in zip((ALICE, BOB) * 5, ["a1", "c1", "a3", "c3", "e5", "g5", "e8", "h8", "i9"]):
        reply = await run(world, user, "move", notation=square)
        pictures.append(image(reply.png).tobytes())
    assert await reply.pinged() == [ALICE.id], "with 9 x's, Red places the last one and draws the first line"
    choices = await world.users.autocomplete(ALICE, GAMES_CHANNEL, "move", "notation", "a1-")
    assert "a1-c1" in choices and "a1-a3" in choices and all(c.startswith("a1-") for c in choices)
    early = await run(world, BOB, "move", notation="a1-c1")
    assert early.ephemeral and "alice" in early.content, "it is not bob's turn"
    final, rest = await play_to_end(world)
    pictures += rest
    assert len(pictures) == 1 + 9 + 8 and all(a != b for a, b in zip(pictures, pictures[1:]))
    assert "has no line to draw" in final.content and "Ratings:" in final.content


async def test_full_elevation_game_built_from_the_suggestions(world):
    rules = await run(world, CAROL, "rules", game="elevation")
    text = rules.embeds[0]["description"]
    assert all(word in text for word in ("**samurai**", "**fish**", "**dragon**", "disguised passes")) and rules.png
    challenge = await run(world, ALICE, "challenge", "elevation", side="first", opponent=BOB, height=2)
    assert "height **2**" in challenge.content and "terrain **flat**" in challenge.content
    board = await (await world.users.press(BOB, challenge, "Accept")).board()
    pieces = await world.users.suggestions(ALICE, GAMES_CHANNEL, "move", "notation", "")
    assert pieces[0][0].startswith("a1 …  samurai on a1 · ") and pieces[1][0].startswith("b1 …  fish on b1 · ")
    assert [value for _, value in pieces] == ["a1", "b1", "c1", "d1", "e1", "f1"]
    refused = await run(world, ALICE, "move", notation="c1")
    assert refused.ephemeral and "c1 is only the start of a move" in refused.content
    final, pictures = await play_to_end(world)
    pictures.insert(0, image(board.png).tobytes())
    assert len(pictures) > 2 and all(a != b for a, b in zip(pictures, pictures[1:]))
    assert "🏁" in final.content and "Ratings:" in final.content
    assert any(end in final.content for end in ("threefold repetition", "no pieces left", "no legal turn"))


async def test_three_player_permutation_game_started_early_then_a_timeout(world):
    challenge = await run(world, ALICE, "challenge", "permutation", side="first")
    assert "anyone (5 seats open)" in challenge.content
    await (await world.users.press(BOB, challenge, "Join")).updated()
    await (await world.users.press(CAROL, challenge, "Join")).updated()
    board = await (await world.users.press(ALICE, challenge, "Start now")).board()
    assert "Started with 3 players" in challenge.content and await board.pinged() == [ALICE.id]
    final, pictures = await play_to_end(world, players=(ALICE, BOB, CAROL))
    assert len(pictures) == 19 and all(a != b for a, b in zip(pictures, pictures[1:]))
    assert "all 10 numbers written" in final.content and sorted(await final.pinged()) == [ALICE.id, BOB.id, CAROL.id]
    leaderboard = await run(world, CAROL, "leaderboard", game="permutation")
    assert len(leaderboard.embeds[0]["description"].splitlines()) == 3

    rematch = await (await world.users.press(BOB, final, "Rematch")).reply()
    assert sorted(await rematch.pinged()) == [ALICE.id, CAROL.id] and rematch.button("Accept")
    await (await world.users.press(ALICE, rematch, "Accept")).updated()
    board = await (await world.users.press(CAROL, rematch, "Accept")).board()
    assert await board.pinged() == [BOB.id], "the rematch turns the seats: bob, who sat second, moves first"
    assert "<@22> (Red) vs <@23> (Blue) vs <@21> (Green)" in board.content
    await run(world, BOB, "move", notation="a1")
    world.bot.sql("UPDATE matches SET deadline = deadline - 2 * 86400 WHERE status = 'active'")
    timeout = await world.standin.wait_for(
        lambda: next((m for m in world.standin.channel(GAMES_CHANNEL) if "ran out of time" in m.content), None))
    assert "carol ran out of time. **Computer for carol (Blue)** plays on in that seat; carol will be placed last." in timeout.content
    played = await world.standin.wait_for(
        lambda: next((m for m in world.standin.channel(GAMES_CHANNEL) if "**Computer for carol (Blue)** played" in m.content), None))
    assert await played.pinged() == [ALICE.id] and played.png, "the computer moved for carol; alice is next"
    alice = await run(world, ALICE, "resign")
    assert "alice resigned. **Computer for alice (Green)** plays on in that seat" in alice.content
    for_alice = await world.standin.wait_for(
        lambda: next((m for m in world.standin.channel(GAMES_CHANNEL) if "**Computer for alice (Green)** played" in m.content), None))
    assert await for_alice.pinged() == [BOB.id]
    final = await run(world, BOB, "resign")
    places = [line for line in final.content.splitlines() if line[:2] in ("1.", "2.", "3.")]
    assert places == ["1. <@22> (Red)", "2. <@21> (Green)", "3. <@23> (Blue)"], "the first to leave is last; no score decided it"


async def test_players_sharing_the_top_all_win(world):
    challenge = await run(world, ALICE, "challenge", "permutation", side="first", opponent=BOB, opponent2=CAROL, k=3)
    await (await world.users.press(BOB, challenge, "Accept")).updated()
    board = await (await world.users.press(CAROL, challenge, "Accept")).board()
    last, people = board, {p.id: p for p in (ALICE, BOB, CAROL)}
    for move in shared_top_game():  # red and blue tie for first
        last = await run(world, people[last.mentions[0]], "move", notation=move)
    assert "🏁 **<@21> (Red) and <@22> (Blue) win**" in last.content
    assert [line[:2] for line in last.content.splitlines() if line[:2] in ("1.", "2.")] == ["1.", "2."]

    leaderboard = await run(world, CAROL, "leaderboard", game="permutation")
    rows = leaderboard.embeds[0]["description"].splitlines()
    assert len(rows) == 3 and sum("1 game · 1W 0L 0D" in row for row in rows) == 2
    assert "carol" in rows[-1] and "1 game · 0W 1L 0D" in rows[-1]
    stats = await run(world, CAROL, "stats", user=BOB)
    assert "1 game · 1W 0L 0D" in stats.embeds[0]["description"]


async def test_playing_the_computer_and_a_restart(world):
    """How fast it answers is measured by bench/computer.py, not asserted here."""
    me = User(BOT_ID, "Boardgames", bot=True)
    start = await run(world, ALICE, "challenge", "attaxx", side="first", opponent=me, level="hard")
    assert "vs **Computer (hard) · Black**" in start.content and start.png and await start.pinged() == [ALICE.id]
    def posted() -> list:
        return world.standin.channel(GAMES_CHANNEL)

    async def answer(after: int):
        return await world.standin.wait_for(lambda: next(
            (m for m in posted()[after:] if "**Computer (hard) · Black** played" in m.content), None), timeout=30)

    for move in ("b6", "f2"):
        seen = len(posted())
        moved = await run(world, ALICE, "move", notation=move)
        assert "**Computer (hard) · Black** is thinking…" in moved.content and moved.mentions == []
        reply = await answer(seen)
        assert reply.png and await reply.pinged() == [ALICE.id] and ALICE.mention in reply.content
    assert any(cid == GAMES_CHANNEL for cid, _ in world.standin.typings), "the bot showed it was thinking"

    seen = len(posted())
    await run(world, ALICE, "move", notation="a5")
    await world.bot.kill()  # stopped while the computer thinks
    await world.bot.start()
    await answer(seen)  # owed before the restart, played after it
    board = await run(world, ALICE, "board")
    assert "after 6 moves" in board.content and f"{ALICE.mention} (White), your move" in board.content
    stats = await run(world, ALICE, "resign")
    assert "Computer (hard)" in stats.content and "Ratings:" in stats.content
    record = await run(world, ALICE, "stats")
    assert "Attaxx** vs Computer (hard): 0W 1L 0D" in record.embeds[0]["fields"][0]["value"]
    leaderboard = await run(world, CAROL, "leaderboard", game="attaxx")
    assert "**Computer (hard)**" in leaderboard.embeds[0]["description"]


async def test_stale_commands_and_help(world):
    stale = await run(world, ALICE, "dance")
    assert stale.ephemeral and "not part of this bot any more" in stale.content
    help_ = await run(world, ALICE, "help")
    assert help_.ephemeral and [f["name"] for f in help_.embeds[0]["fields"]] == [
        "Play someone here", "Tournaments", "Commands", "More commands", "Games"]
    assert "stale application_command" in world.bot.log()


SHORT = {"ikabegama": {"size": 4}, "elevation": {"height": 2}}


async def tap_move(world: World, mover: User, board):
    """What a player on a phone does: press Move under the board and tap the first choice until a
    whole move (▶) is played. Returns the board the bot posts after it."""
    panel = await (await world.users.press(mover, board, "Move")).reply()
    assert panel.ephemeral
    for _ in range(10):
        options = panel.options()
        assert 0 < len(options) <= 100 and len(panel.menus) <= 4
        action = await world.users.choose(mover, panel, options[0])
        if options[0].startswith("▶ "):
            after = await action.board()
            assert "You played" in (await action.updated()).content
            return after
        panel = await action.updated()
    raise AssertionError("no whole move after ten taps")


@pytest.mark.parametrize("game", sorted(GAMES))
async def test_every_game_played_to_the_end_by_tapping_only(world, game):
    challenge = await run(world, ALICE, "challenge", game, opponent=BOB, **SHORT.get(game, {}))
    board = await (await world.users.press(BOB, challenge, "Accept")).board()
    players = {ALICE.id: ALICE, BOB.id: BOB}
    for _ in range(600):
        if "🏁" in board.content:
            break
        [mentioned] = board.mentions
        board = await tap_move(world, players[mentioned], board)
        assert not board.ephemeral and board.png
    else:
        raise AssertionError("the game did not end")
    assert [b["label"] for b in board.buttons] == ["Rematch", "Replay", "Analyse"]
    replay = await (await world.users.press(CAROL, board, "Replay")).reply(timeout=120)  # a whole game's frames
    [gif] = [data for name, data in replay.files.items() if name.endswith(".gif")]
    moves = len(world.bot.sql("SELECT ply FROM moves"))
    with Image.open(io.BytesIO(gif)) as picture:
        assert picture.n_frames == moves + 1
