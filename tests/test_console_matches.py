"""Several local matches at the console: one kept while another is set up, switched to and from,
resumed after a restart, abandoned unrated; the ones waiting offered when one ends; and a challenge left
open (by a killed process, or expired) blocking no new match."""
from __future__ import annotations

from bot.console.matches import LOCAL_CHANNEL
from bot.console.setup import local_player
from bot.db.sqlite import SqliteStore
from bot.models import LOCAL_GUILD
from bot.service import MatchService
from games import GAMES
from tests.test_console import SETUP, STOPPED, Script, latest, local, run


async def test_a_new_match_at_the_start_keeps_the_one_in_progress(db_path):
    await run(db_path, Script(SETUP + ["a6", "quit"]))
    out = await run(db_path, Script(["new", "attaxx", "carol", "dave", "", "quit"]))
    assert "Match 2: carol vs dave. Type `help` for the commands." in out and "Result" not in "\n".join(out)
    kept, new = await local(db_path, "get_match", 1), await local(db_path, "get_match", 2)
    assert kept.status == new.status == "active" and kept.moves == ("a6",) and new.names == ["carol", "dave"]
    assert new.channel_id != kept.channel_id
    assert await local(db_path, "leaderboard", LOCAL_GUILD, "attaxx") == ([], 0), "nobody resigned, nobody rated"


async def test_a_challenge_left_open_by_a_killed_process_does_not_block_the_next_run(db_path):
    store = await SqliteStore.open(db_path)
    stale = (await MatchService(store).challenge(LOCAL_GUILD, LOCAL_CHANNEL, local_player("x"), "attaxx",
                                                 [local_player("y")])).challenge
    await store.close()
    await run(db_path, Script(SETUP + ["quit"]))
    match = await latest(db_path)
    assert match.id != stale.id and match.names == ["alice", "bob"] and match.status == "active"


async def test_several_matches_kept_resumed_after_a_restart_and_one_abandoned_unrated(db_path):
    await run(db_path, Script(SETUP + ["resign", "y"]))  # a rated result first: bob 1W, alice 1L
    alice, bob = local_player("alice"), local_player("bob")

    async def records():
        return (await local(db_path, "leaderboard", LOCAL_GUILD, "attaxx"),
                await local(db_path, "stats", LOCAL_GUILD, alice.id), await local(db_path, "stats", LOCAL_GUILD, bob.id))

    before = await records()
    assert [(s.player.name, s.record) for s in before[0][0]] == [("bob", "1 game · 1W 0L 0D"), ("alice", "1 game · 0W 1L 0D")]

    turn = "c1: b2>c2 b2>d2"
    blue = next(m for m in GAMES["elevation"].start(2).play(turn).legal_moves() if " " in m)
    script = Script(["attaxx", "alice", "bob", "", "a6", "new", "elevation", "ann", "ben", "", "", "", turn,
                     "matches", "switch 2", "b2", "quit"])
    out = await run(db_path, script)
    assert "Match 3: ann vs ben. Type `help` for the commands." in out
    listed = out.index("Local matches in progress, the last played first:")
    assert out[listed + 1:listed + 3] == [
        "  #3  Elevation · ann vs ben · ben (Blue) to move · 1 move played  (this one)",
        "  #2  Attaxx · alice vs bob · bob (Black) to move · 1 move played",
    ]
    assert "Match 3 waits. Match 2, Attaxx: alice vs bob." in out and "bob (Black) played b2: clone." in out
    assert script.prompts[-2:] == ["bob (Black) to move: ", "alice (White) to move: "] and out[-1] == STOPPED

    script = Script(["3", blue, "quit"])  # the console started again: resume the Elevation match
    out = await run(db_path, script)
    assert out[2:5] == [
        "Local matches in progress, the last played first:",
        "  #2  Attaxx · alice vs bob · alice (White) to move · 2 moves played",
        "  #3  Elevation · ann vs ben · ben (Blue) to move · 1 move played",
    ]
    assert script.prompts[:3] == ["Match to resume (its number), or `new` [2]: ", "ben (Blue) to move: ",
                                  "ann (Red) to move: "]
    assert "Match 3, Elevation: ann vs ben. Type `help` for the commands." in out
    assert f"ben (Blue) played {blue}." in out
    assert (await local(db_path, "get_match", 3)).moves == (turn, blue)

    script = Script(["abandon 2", "y", ""])  # abandon the Attaxx match, then resume the other (Enter)
    out = await run(db_path, script)
    assert script.prompts[:3] == ["Match to resume (its number), or `new` [3]: ",
                                  "Abandon match 2 (Attaxx: alice vs bob)? It ends unrated: nobody wins or loses. [y/N] ",
                                  "Match to resume (its number), or `new` [3]: "]
    abandoned = out.index("Match 2 abandoned: not rated, and no record counts it.")
    assert out[abandoned + 2:abandoned + 4] == [
        "Local matches in progress, the last played first:",
        "  #3  Elevation · ann vs ben · ann (Red) to move · 2 moves played",
    ]
    assert script.prompts[-1] == "ann (Red) to move: " and "Result" not in "\n".join(out)
    assert [m.id for m in await local(db_path, "active_matches", LOCAL_GUILD)] == [3]
    assert await records() == before, "the abandoned match is nobody's loss, win or draw"


async def test_abandoning_the_match_at_hand_asks_first_and_rates_nobody(db_path):
    script = Script(SETUP + ["a6", "abandon", "n", "abandon", "y", ""])
    out = await run(db_path, script)
    prompt = "Abandon match 1 (Attaxx: alice vs bob)? It ends unrated: nobody wins or loses. [y/N] "
    assert script.prompts[-5:] == ["bob (Black) to move: ", prompt, "bob (Black) to move: ", prompt,
                                   "`new` (a match of any game), or Enter to stop: "]
    assert out[-4:] == ["Match 1 abandoned: not rated, and no record counts it.", "", "No local match is in progress now.",
                        STOPPED]
    assert await local(db_path, "active_matches", LOCAL_GUILD) == []
    assert await local(db_path, "leaderboard", LOCAL_GUILD, "attaxx") == ([], 0)


async def test_refusals_say_what_to_do_instead(db_path):
    names = ["ann", "ben", "cat"]
    script = Script(["permutation", "3", *names, "", "", "draw", "switch", "switch 1", "switch 5", "undo", "help",
                     "matches zed", "matches BEN", "new", "attaxx", "alice", "bob", "", "quit"])
    out = await run(db_path, script)
    assert "Draws are for two-player games: play on, `resign`, or `abandon` the match." in out
    [unread] = [line for line in out if line.startswith("Can't read 'undo'")]
    assert unread.endswith(". `help` lists the commands.")
    assert "  abandon     end this match unrated: nobody wins or loses (`abandon N`: match N)" in out
    assert "zed plays in no local match in progress: `matches` lists them all." in out
    listed = out.index("Local matches in progress with BEN, the last played first:")
    assert out[listed + 1] == "  #1  Multiplications Within The Permutation · ann vs ben vs cat · ann (Red) to move" \
        " · no moves yet  (this one)"
    assert "Type `switch` and a match's number: `matches` lists them." in out
    assert "Match 1 is the one being played." in out
    assert "There is no other match in progress: `new` starts one." in out

    script = Script(["abandon", "abandon 7", "xyz", "7", "1", "switch 7", "switch 2", "quit"])
    out = await run(db_path, script)
    assert "Type `abandon` and the match's number: `abandon 2`, say." in out
    assert "There is no match 7 in progress: type `abandon` and one of 2 or 1." in out
    assert "'xyz' is no match's number: type 2 or 1, or `new`." in out
    assert "There is no match 7 in progress: type 2 or 1, or `new`." in out
    assert "There is no match 7 in progress: `matches` lists them." in out
    assert "Match 1 waits. Match 2, Attaxx: alice vs bob." in out
    assert script.prompts[:5] == ["Match to resume (its number), or `new` [2]: "] * 5
    assert "Traceback" not in "\n".join(out)


async def test_an_expired_challenge_left_open_does_not_stop_a_new_match(db_path):
    store = await SqliteStore.open(db_path)
    stale = (await MatchService(store, clock=lambda: 1000.0).challenge(
        LOCAL_GUILD, LOCAL_CHANNEL, local_player("x"), "attaxx", [local_player("y")])).challenge
    await store.close()
    out = await run(db_path, Script(SETUP + ["a6", "quit"]))
    assert "Match 2: alice vs bob. Type `help` for the commands." in out and "alice (White) played a6: clone." in out
    [match] = await local(db_path, "active_matches", LOCAL_GUILD)
    assert match.id != stale.id and match.moves == ("a6",)


async def test_when_a_match_ends_the_ones_waiting_are_offered(db_path):
    script = Script(SETUP + ["a6", "new", "attaxx", "carol", "dave", "", "resign", "y", "1", "b2", "quit"])
    out = await run(db_path, script)
    ended = out.index("Result: dave wins (carol resigned).")
    listed = out.index("Local matches in progress, the last played first:", ended)
    assert out[listed + 1:listed + 2] == ["  #1  Attaxx · alice vs bob · bob (Black) to move · 1 move played"]
    assert script.prompts[-3:] == ["Match to resume (its number), `rematch`, `new`, or Enter to stop: ",
                                   "bob (Black) to move: ", "alice (White) to move: "]
    assert "Match 1, Attaxx: alice vs bob. Type `help` for the commands." in out and "bob (Black) played b2: clone." in out
    assert (await local(db_path, "get_match", 1)).moves == ("a6", "b2")

    script = Script(["new", "attaxx", "eve", "fay", "", "resign", "y", ""])  # Enter: stop, the match waiting kept
    out = await run(db_path, script)
    assert "Result: fay wins (eve resigned)." in out and out[-1] == STOPPED
    assert script.prompts[-1] == "Match to resume (its number), `rematch`, `new`, or Enter to stop: "
    assert [m.id for m in await local(db_path, "active_matches", LOCAL_GUILD)] == [1]
