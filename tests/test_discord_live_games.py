"""Live boards of every kind of game: with computers (their moves edit the board as a person's do), with
more than two players, and within Discord's limits for a V2 message whatever the game, the number of
players and the length of their names."""
from __future__ import annotations

import io
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from bot.discord import replies
from bot.discord.board_layout import all_moves, live_view
from bot.discord.payloads import Attachment
from bot.game_clock import GameClock, TimeControl
from bot.models import Match, MatchStatus, Player
from bot.move_list import PlayedMove, move_lines, recent_lines
from tests.support.discord_rules import check_message
from tests.support.discord_v2_rules import MAX_V2_COMPONENTS, V2_TEXT_TOTAL_MAX
from tests.support.inprocess import CHANNEL, slow_boards
from tests.support.standin import BOT_ID
from tests.support.users import User
from tests.test_discord import ALICE, BOB
from tests.test_discord_live import boards, pings_of, stamp_of

ME = User(BOT_ID, "Boardgames", bot=True)


async def test_a_computer_in_a_live_game_of_three_edits_the_same_board(env):
    challenge = await (await env.command(ALICE, CHANNEL, "challenge", "permutation", side="first", opponent=BOB,
                                         computers=1, level="easy", clock="5+3")).reply()
    start = await (await env.press(BOB, challenge, "Accept")).board()
    assert start.v2 and await start.pinged() == [ALICE.id]
    assert start.text.count(" 5:00") == 3, start.text
    await (await env.command(ALICE, CHANNEL, "move", notation="a1")).reply()
    await env.settled()
    bobs = (await env.autocomplete(BOB, CHANNEL, "move", "notation", ""))[0]
    await (await env.command(BOB, CHANNEL, "move", notation=bobs)).reply()
    # the computer answers on the same board, and alice is pinged once it has
    await env.standin.wait_for(lambda: (found := boards(env)) and stamp_of(found[0]) == 3 and pings_of(env))
    await env.settled()
    [board] = boards(env)
    assert board.id == start.id and "3. Computer (easy)" in board.text
    [ping] = pings_of(env)
    assert await ping.pinged() == [ALICE.id]
    colours = games.REGISTRY["permutation"].renderer.colours((await env.client.service.latest(CHANNEL)).state).seats
    assert board.accent == int("".join(f"{c:02x}" for c in colours[0][0][:3]), 16), "alice's colour: she is to move"


async def test_playing_second_against_the_computer_live_its_move_edits_the_first_board(env):
    start = await (await env.command(ALICE, CHANNEL, "challenge", "xlines", opponent=ME, level="easy", side="second",
                                     clock="3+2")).reply()
    assert start.v2 and start.interaction_id is not None, "the first board is the command's answer"
    await env.standin.wait_for(lambda: stamp_of(env.standin.messages[start.id]) == 1 and pings_of(env))
    await env.settled()
    assert boards(env) == [env.standin.messages[start.id]]
    assert "1. Computer (easy): " in start.text
    [ping] = pings_of(env)
    assert await ping.pinged() == [ALICE.id] and "3:00 left" in ping.content


async def test_elevation_live(env):
    challenge = await (await env.command(ALICE, CHANNEL, "challenge", "elevation", side="first", opponent=BOB,
                                         clock="10+5")).reply()
    start = await (await env.press(BOB, challenge, "Accept")).board()
    typed = ""
    for _ in range(10):  # the first suggestion until a whole turn is typed
        name, typed = (await env.suggestions(ALICE, CHANNEL, "move", "notation", typed))[0]
        if " …" not in name:
            break
    moved = await (await env.command(ALICE, CHANNEL, "move", notation=typed)).reply()
    assert moved.ephemeral and moved.content.startswith("✅ You played")
    await env.settled()
    [board] = boards(env)
    assert board.id == start.id and stamp_of(board) == 1 and "1. alice: " in board.text


# ---------------------------------------------------------------------- Discord's limits

LONG = "W" * 32  # Discord's longest display name, in wide letters


def long_match(game: str, players: int, moves: int, status: MatchStatus = MatchStatus.ACTIVE) -> Match:
    """A match of `game` after up to `moves` moves, its players with the longest names."""
    state = games.GAMES[game].start(players=players, options={}, seed=0)
    played = []
    for _ in range(moves):
        if state.outcome is not None:
            break
        move = sorted(state.legal_moves())[0]
        state = state.play(move)
        played.append(move)
    seats = tuple(Player(100 + seat, f"{LONG}{seat}") for seat in range(players))
    clock = GameClock(TimeControl(600, 5), left=tuple(599.0 - seat for seat in range(players)), running=state.to_move,
                      since=1000.0)
    return Match(id=123456, guild_id=1, channel_id=2, game=game, options={}, seed=0, seats=seats, state=state,
                 status=status, turn_seconds=0, deadline=None, draw_offer=None, moves=tuple(played), clock=clock,
                 stamp=len(played))


def played_moves(match: Match) -> list[PlayedMove]:
    return [PlayedMove(ply + 1, ply % len(match.seats), move, match.names[ply % len(match.seats)])
            for ply, move in enumerate(match.moves)]


def counted(components: list) -> int:
    return sum(1 + counted(c.get("components") or []) for c in components)


def texts(components: list) -> int:
    return sum((len(c.get("content") or "") if c.get("type") == 10 else 0) + texts(c.get("components") or [])
               for c in components)


@pytest.mark.parametrize("game", sorted(games.REGISTRY))
def test_every_live_board_is_within_discords_limits(game):
    most = max(games.GAMES[game].players)
    match = long_match(game, most, 40)
    words = "\n".join(f"<@{100 + seat}> ({LONG}) played **{match.moves[-1] if match.moves else '-'}** — " + "x" * 200
                      for seat in range(most))
    file = Attachment(io.BytesIO(b"png"), filename=f"{game}-123456-40.png", description="a" * 1024)
    view = live_view(match, words, file, recent_lines(played_moves(match)), 1010.0, moved=True)
    payload = {"components": view.to_components(), "flags": 1 << 15, "attachments": [file.to_dict(0)]}
    check_message(payload, {"files[0]": 3})  # the stand-in's reading of Discord's rules: raises if refused
    assert counted(payload["components"]) <= MAX_V2_COMPONENTS
    assert texts(payload["components"]) <= V2_TEXT_TOTAL_MAX


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(names=st.lists(st.text(min_size=1, max_size=32), min_size=6, max_size=6), moves=st.integers(0, 60),
       over=st.booleans())
def test_a_live_board_of_six_keeps_within_the_limits_for_any_names(names, moves, over):
    match = long_match("permutation", 6, moves, MatchStatus.FINISHED if over else MatchStatus.ACTIVE)
    match = replace(match, seats=tuple(Player(100 + i, name) for i, name in enumerate(names)))
    file = Attachment(io.BytesIO(b"png"), filename="permutation-123456-1.png", description="alt")
    view = live_view(match, "🏁 " + " ".join(names) * 20, file, recent_lines(played_moves(match)), 1005.0)
    components = view.to_components()
    assert counted(components) <= MAX_V2_COMPONENTS and texts(components) <= V2_TEXT_TOTAL_MAX
    [container] = components
    assert container["type"] == 17 and 0 <= container["accent_color"] <= 0xFFFFFF


def test_all_the_moves_of_a_long_match_come_in_a_file():
    match = long_match("attaxx", 2, 0)
    many = [PlayedMove(n, n % 2, "a7c5", LONG) for n in range(1, 301)]
    words, file = all_moves(match, many)
    assert file is not None and len(words) <= 2000 and words.startswith("**Attaxx** #123456: 300 moves.")
    assert words.rstrip().endswith("300. " + LONG + ": a7c5")
    assert file.fp.read().decode().splitlines() == move_lines(many)
    short, none = all_moves(match, many[:5])
    assert none is None and short.splitlines()[1:] == move_lines(many[:5])


async def test_a_first_live_board_that_had_to_wait_still_pings_and_is_edited_later(env, monkeypatch):
    """The computer's challenge starts at once, but drawing the first board takes a while: the answer
    is deferred, the board fills the placeholder in (an edit, which notifies nobody: alice is pinged by a
    message of her own), and her move edits that same board."""
    monkeypatch.setattr(replies, "DEFER_AFTER", 0.05)
    slow_boards(env.client, monkeypatch)
    action = await env.command(ALICE, CHANNEL, "challenge", "attaxx", opponent=ME, level="easy", side="first",
                               clock="5+3")
    start, ping = await action.messages(2)
    assert action.interaction.response_type == 5 and start.v2 and start.png and ping.mentions == [ALICE.id]
    await (await env.command(ALICE, CHANNEL, "move", notation="b6")).reply()
    await env.standin.wait_for(lambda: stamp_of(env.standin.messages[start.id]) == 2)
    await env.settled()
    assert boards(env) == [env.standin.messages[start.id]] and "2. Computer (easy): " in start.text
