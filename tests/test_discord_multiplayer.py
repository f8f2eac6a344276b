"""Games of more than two players as people see them in Discord: named and open seats, Join and Start
now, turn order with mentions, a whole game, a time-out, and the leaderboard afterwards."""
from __future__ import annotations

from tests.support.images import decode
from tests.support.inprocess import CHANNEL
from tests.support.users import Discord, User

ALICE, BOB, CAROL = User(11, "alice"), User(12, "bob"), User(13, "carol")
DAVE, ERIN, FRANK, GRACE = User(15, "dave"), User(16, "erin"), User(17, "frank"), User(18, "grace")
EVERYONE = {u.id: u for u in (ALICE, BOB, CAROL, DAVE, ERIN, FRANK, GRACE)}


def labels(message, enabled: bool | None = None) -> list[str]:
    return [b["label"] for b in message.buttons if enabled is None or enabled != bool(b.get("disabled"))]


async def play(env: Discord, start, moves: int | None = None):
    """Whoever the last message pinged picks a legal move from what autocomplete lists, until the game
    ends or `moves` were played; returns the last message and the users in the order they moved."""
    message = start
    movers: list[str] = []
    while "your move" in message.content and (moves is None or len(movers) < moves):
        [pinged] = message.mentions
        mover = EVERYONE[pinged]
        choices = await env.autocomplete(mover, CHANNEL, "move", "notation", "")
        choice = choices[len(movers) * 7 % len(choices)]
        message = await (await env.command(mover, CHANNEL, "move", notation=choice)).reply()
        assert not message.ephemeral and f"**{choice}**" in message.content, message.content
        movers.append(mover.name)
    return message, movers


async def test_the_challenge_command_offers_five_opponents_players_and_k(env):
    challenge = next(c for c in env.standin.commands if c["name"] == "challenge")
    game = next(o for o in challenge["options"] if o["name"] == "permutation")
    names = [o["name"] for o in game["options"]]
    assert names == ["opponent", "opponent2", "opponent3", "opponent4", "opponent5", "players", "k", "computers",
                     "level", "side", "turn_time", "clock"]
    k = next(o for o in game["options"] if o["name"] == "k")
    assert (k["min_value"], k["max_value"]) == (3, 8)
    computers = next(o for o in game["options"] if o["name"] == "computers")
    assert (computers["min_value"], computers["max_value"]) == (1, 5)
    level = next(o for o in game["options"] if o["name"] == "level")
    assert [c["value"] for c in level["choices"]] == ["easy", "medium", "hard"]
    side = next(o for o in game["options"] if o["name"] == "side")
    assert [c["value"] for c in side["choices"]] == ["random", "first", "second"] and not side.get("required")


async def test_three_players_named_and_joined_play_a_whole_game(env):
    challenge = await (await env.command(ALICE, CHANNEL, "challenge", "permutation", side="first", opponent=BOB, players=3)).reply()
    assert await challenge.pinged() == [BOB.id] and "one seat open" in challenge.content and "k **3**" in challenge.content
    assert labels(challenge) == ["Accept", "Decline", "Join", "Start now"]
    assert labels(challenge, enabled=True) == ["Accept", "Decline", "Join"]

    joined = await (await env.press(CAROL, challenge, "Join")).updated()
    assert f"Seated: {CAROL.mention}" in joined.content and labels(joined, enabled=True) == ["Accept", "Decline"]
    full = await (await env.press(DAVE, challenge, "Join", stale=True)).reply()
    assert full.ephemeral and "full" in full.content
    early = await (await env.press(ALICE, challenge, "Start now", stale=True)).reply()
    assert early.ephemeral and "waiting for bob" in early.content

    accepted = await env.press(BOB, challenge, "Accept")
    start = await accepted.board()
    assert "Accepted" in (await accepted.updated()).content and labels(challenge, enabled=True) == []
    assert all(u.mention in start.content for u in (ALICE, BOB, CAROL)) and await start.pinged() == [ALICE.id]
    assert "(Red)" in start.content and "(Blue)" in start.content and "(Green)" in start.content
    first = decode(start.png)

    out_of_turn = await (await env.command(CAROL, CHANNEL, "move", notation="a1")).reply()
    assert out_of_turn.ephemeral and "not your turn" in out_of_turn.content
    last, movers = await play(env, start)
    assert movers == ["alice", "bob", "carol"] * 3 + ["alice"] + ["alice", "bob", "carol"] * 3
    assert decode(last.png).tobytes() != first.tobytes()
    assert "all 10 numbers written" in last.content and "Ratings:" in last.content
    assert sorted(await last.pinged()) == [ALICE.id, BOB.id, CAROL.id] and labels(last) == ["Rematch", "Replay", "Analyse"]
    places = [line for line in last.content.splitlines() if line[:2] in ("1.", "2.", "3.")]
    assert places and places[0].startswith("1. ")

    board = await (await env.command(GRACE, CHANNEL, "leaderboard", game="permutation")).reply()
    lines = board.embeds[0]["description"].splitlines()
    assert len(lines) == 3 and "1W 0L" in lines[0] and "0W 1L" in lines[2]
    first_place = next(u for u in (ALICE, BOB, CAROL) if places[0].startswith(f"1. {u.mention} ("))
    assert f"**{first_place.name}**" in lines[0]


async def test_six_players_join_an_open_challenge_and_one_runs_out_of_time(env):
    challenge = await (await env.command(ALICE, CHANNEL, "challenge", "permutation", side="first")).reply()
    assert "anyone (5 seats open)" in challenge.content and challenge.mentions == []
    assert labels(challenge) == ["Join", "Start now", "Withdraw"] and labels(challenge, enabled=True) == ["Join", "Withdraw"]
    own = await (await env.press(ALICE, challenge, "Join")).reply()
    assert own.ephemeral and "your own challenge" in own.content

    for joiner in (BOB, CAROL, DAVE, ERIN):
        updated = await (await env.press(joiner, challenge, "Join")).updated()
        assert joiner.mention in updated.content and "Start now" in labels(updated, enabled=True)
    assert "press **Start now** to begin with 5 players" in challenge.content
    stranger = await (await env.press(GRACE, challenge, "Start now")).reply()
    assert stranger.ephemeral and "Only alice" in stranger.content

    start = await (await env.press(FRANK, challenge, "Join")).board()
    assert await start.pinged() == [ALICE.id] and all(u.mention in start.content for u in (BOB, CAROL, DAVE, ERIN, FRANK))
    assert "Accepted" in challenge.content
    image = decode(start.png)
    assert max(image.size) <= 950

    last, movers = await play(env, start, moves=22)  # all 19 x's, then three numbers
    assert movers[:7] == ["alice", "bob", "carol", "dave", "erin", "frank", "alice"] and len(movers) == 22
    late = EVERYONE[last.mentions[0]]
    await env.settled()  # the last move shown and its note gone: a turn nobody was told of never times out
    env.clock.advance(24 * 3600 + 5)
    await env.client.scheduler.sweep()
    # the computer's turn for the late player runs in the background and may already have been posted
    timeout = next(m for m in reversed(env.standin.channel(CHANNEL)) if m.content.startswith("⏰"))
    assert timeout.content.startswith(f"⏰ {late.name} ran out of time. **Computer for {late.name} (")
    assert f"plays on in that seat; {late.name} will be placed last." in timeout.content, "named as its card names it"
    assert timeout.files and labels(timeout) == ["Move"] and timeout.mentions == []
    played = await env.standin.wait_for(lambda: next(
        (m for m in env.standin.channel(CHANNEL) if f"**Computer for {late.name} (" in m.content and "played" in m.content),
        None))
    after = EVERYONE[played.mentions[0]]
    assert after != late and played.png, "the computer moved for the player who left; the next person is pinged"
    gone = await (await env.command(late, CHANNEL, "move", notation="a1")).reply()
    assert gone.ephemeral and "You left this match" in gone.content


async def test_the_challenger_starts_early_with_three_of_six_seats(env):
    challenge = await (await env.command(ALICE, CHANNEL, "challenge", "permutation", side="first", k=4)).reply()
    await (await env.press(BOB, challenge, "Join")).updated()
    await (await env.press(DAVE, challenge, "Join")).updated()
    left = await (await env.command(DAVE, CHANNEL, "decline")).reply()
    assert DAVE.mention not in left.content.split("Seated:")[-1]
    await (await env.press(CAROL, challenge, "Join")).updated()
    started = await env.press(ALICE, challenge, "Start now")
    start = await started.board()
    assert "Started with 3 players" in (await started.updated()).content
    assert all(u.mention in start.content for u in (ALICE, BOB, CAROL)) and DAVE.mention not in start.content
    late = await (await env.press(ERIN, challenge, "Join", stale=True)).reply()
    assert late.ephemeral and "closed" in late.content
    board = await (await env.command(ALICE, CHANNEL, "board")).reply()
    assert board.ephemeral and "(Green)" in board.content and DAVE.mention not in board.content
    assert len(await env.autocomplete(ALICE, CHANNEL, "move", "notation", "")) == 25, "13×13 squares, at most 25 listed"
    assert "m13" in await env.autocomplete(ALICE, CHANNEL, "move", "notation", "m1"), "n = 4·3 + 1 = 13"


async def test_rules_explain_both_phases_and_the_leaver_rule(env):
    rules = await (await env.command(GRACE, CHANNEL, "rules", game="permutation")).reply()
    text = rules.embeds[0]["description"]
    assert "**Placing**" in text and "**Numbering**" in text and "2–6 players" in text
    assert "places last" in text and "`k`" in text
    assert decode(rules.files["permutation-start.png"]).width >= 600
