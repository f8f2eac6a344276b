"""The console's commands at each of its prompts (the menu, the set-up questions, the move prompt): each
prompt's `help` lists exactly what it accepts; `replay`, `analyse`, `rules` and `help` work at all of
them; `back` in set-up, `new <game>`, a rematch or a new game after a match, and every resignation said."""
from __future__ import annotations

import io
import re

from PIL import Image

from bot.console.session import Console
from bot.console.setup import Setup
from bot.db.sqlite import SqliteStore
from bot.service import MatchService
from games import GAMES
from tests.test_console import CLOCK_PROMPT, SETUP, STOPPED, Script, latest, local, run

HELP_HEADS = ("Type a move in the game's notation, or one of:", "Type one of:",
              "Answer the question (Enter: the answer in brackets, if any), or type one of:")


def helps(out: list[str]) -> list[set[str]]:
    """The words each `help` printed in `out` lists, in order: "quit, exit" gives both."""
    found = []
    for start, line in enumerate(out):
        if line in HELP_HEADS:
            words = set()
            for entry in out[start + 1:]:
                if not entry.startswith("  "):
                    break
                typed = re.split(r"\s{2,}", entry.strip())[0]
                words |= {alias.split()[0] for alias in typed.split(", ")}
            found.append(words)
    return found


async def console_on(db) -> tuple[Console, SqliteStore]:
    store = await SqliteStore.open(db)
    return Console(MatchService(store, notes=False), db.parent / "boards"), store


async def test_each_prompts_help_lists_exactly_the_commands_it_accepts(db_path):
    """The help printed at the set-up questions, the move prompt and the menu (with and without a match
    just ended) against the tables the console reads commands from."""
    script = Script(["help", *SETUP, "help", "resign", "y", "help", "new", "help", "back", "help", ""])
    out = await run(db_path, script)
    setup, move, ended, setup_again, ended_again = helps(out)
    await run(db_path, Script(["new", "attaxx", "ann", "ben", "", "quit"]))
    [menu] = helps(await run(db_path, Script(["help", "quit"])))  # the menu at the start: no match just ended

    console, store = await console_on(db_path)
    try:
        finished = await local(db_path, "get_match", 1)
        assert set(Setup.OWN) | set(console.everywhere.commands("attaxx")) == setup == setup_again
        assert set(console.moves.commands(finished)) == move
        assert set(console.menu.commands([], finished)) == ended - {"N"} == ended_again - {"N"}
        assert set(console.menu.commands([], None)) == menu - {"N"} and "rematch" not in menu
    finally:
        await store.close()
    assert "analyse" in move and "replay" in move and "takeback" in move, "the commands the help used to leave out"


async def test_every_command_the_move_prompts_help_lists_is_taken_as_a_command(db_path):
    """Typed at the move prompt, each command of its help is answered as that command: none is read as a
    move ("Can't read …"), and none changes the match unless asked to."""
    out = await run(db_path, Script([*SETUP, "help"]))
    words = helps(out)[0]
    answers = {  # what to type after a command that asks something, to come back to the same prompt
        "?": [""], "draw": ["n"], "resign": ["n"], "abandon": ["n"], "new": ["back"], "takeback": ["n"],
    }
    typed = ["a6", "board please"]  # a move first, so that `takeback` has one to ask about
    for word in sorted(words - {"quit", "exit"}):
        typed += [word, *answers.get(word, [])]
    script = Script(["1", *typed, "quit"])
    out = await run(db_path, script)
    text = "\n".join(out)
    assert "Can't read" not in text and "Traceback" not in text and "went wrong" not in text
    said = {  # a line of each command's answer
        "?": "Pick the first part of your move.",
        "abandon": "Abandon match 1 (Attaxx: alice vs bob)? It ends unrated: nobody wins or loses. [y/N] ",
        "analyse": "Type `analyse` and a finished match's number: `analyse 3`, say.",
        "board": "X Black: bob — 2 pieces  <- to move",
        "draw": "alice declines the draw; bob is still to move.",
        "help": "Type a move in the game's notation, or one of:",
        "history": "Moves played in match 1:",
        "matches": "Local matches in progress, the last played first:",
        "moves": "Moves played in match 1:",
        "new": "Back to match 1.",
        "replay": "Drawing the replay of match 1 (1 move)…",
        "resign": "bob, resign this match? It counts as a loss. [y/N] ",
        "rules": "Attaxx",
        "switch": "Type `switch` and a match's number: `matches` lists them.",
        "takeback": "bob declines; bob is still to move.",
    }
    said["moves"] = next(line for line in out if re.fullmatch(r"\d+ legal moves:", line))
    assert set(said) == words - {"quit", "exit"}
    assert "`board` takes nothing after it: type `board` alone." in out
    for word, line in said.items():
        assert line in out or line in script.prompts, f"{word}: {line!r}"
    assert out[-1] == STOPPED and script.prompts[-1] == "bob (Black) to move: "
    assert (await latest(db_path)).moves == ("a6",), "nothing but the first move was played"

    out = await run(db_path, Script(["1", "exit", "never read"]))
    assert out[-1] == STOPPED


async def test_replay_analyse_rules_and_help_at_every_prompt(db_path, monkeypatch):
    monkeypatch.setenv("COMPUTER_SECONDS", "0.05")
    # A finished match 1, then at the menu, at a set-up question and at the move prompt of match 2.
    script = Script([*SETUP, "a6", "g6", "resign", "y",
                     "replay 1", "analyse 1", "rules",
                     "new", "attaxx", "replay 1", "analyse 1", "rules", "help", "carol", "dave", "",
                     "replay 1", "analyse 1", "replay", "rules ikabegama", "quit"])
    out = await run(db_path, script)
    text = "\n".join(out)
    assert "Traceback" not in text and "Can't read" not in text
    finished = await local(db_path, "get_match", 1)
    assert finished.status == "finished" and finished.moves == ("a6", "g6")

    gif = db_path.parent / "boards" / f"local-1-{finished.seed:08x}-2-end-replay.gif"
    assert out.count(f"Replay: {gif}") == 3 and out.count("Drawing the replay of match 1 (2 moves)…") == 3
    with Image.open(io.BytesIO(gif.read_bytes())) as image:
        assert image.format == "GIF" and image.n_frames == 3, "a frame for each position"
    graph = db_path.parent / "boards" / f"local-1-{finished.seed:08x}-analysis.png"
    assert out.count(f"Graph: {graph}") == 3 and graph.read_bytes().startswith(b"\x89PNG")
    assert sum(line.startswith("Analysis of match 1, Attaxx") for line in out) == 3

    current = await local(db_path, "get_match", 2)
    so_far = db_path.parent / "boards" / f"local-2-{current.seed:08x}-0-replay.gif"
    assert f"Replay: {so_far}" in out, "`replay` alone at the move prompt: this match so far"
    assert text.count("Attaxx\n\nClone or jump") == 2 and "Ikabegamá" in text
    assert script.prompts[-5:] == ["carol (White) to move: "] * 5, "none of them changed the match"


async def test_back_goes_to_the_question_before_and_leaves_set_up_from_the_first(db_path):
    script = Script(["permutation", "3", "back", "back", "elevation", "ann", "back", "ann", "computer hard",
                     "back", "computer easy", "back", "computer easy", "", "back", "", "random", "", "new", "back", "quit"])
    out = await run(db_path, script)
    assert "Setting up a match: `back` at any question goes back to the one before; `help` lists what else you " \
           "can type." in out
    assert "This is the first question: answer it, or `quit` to stop." not in out
    player = "Player {} ({}), your name (or `computer`, `computer easy / medium / hard`, `back`): "
    assert script.prompts == [
        "Game (name or number) [attaxx]: ",
        "Number of players (2–6, or `back`) [2]: ",
        player.format(1, "Red"),
        "Number of players (2–6, or `back`) [2]: ",
        "Game (name or number) [attaxx]: ",
        player.format(1, "Red"),  # Elevation is for two: no question how many
        player.format(2, "Blue"),
        player.format(1, "Red"),
        player.format(2, "Blue"),
        "height (or `back`) [3]: ",
        player.format(2, "Blue"),
        "height (or `back`) [3]: ",
        player.format(2, "Blue"),
        "height (or `back`) [3]: ",
        "terrain (or `back`) [flat]: ",
        "height (or `back`) [3]: ",
        "terrain (or `back`) [flat]: ",
        CLOCK_PROMPT,
        "ann (Red) to move: ",
        "Game (name or number, or `back` to leave set-up) [attaxx]: ",  # `new`, and `back` at once
        "ann (Red) to move: ",
    ]
    assert "Back to match 1." in out
    match = await latest(db_path)
    assert [p.name for p in match.seats] == ["ann", "Computer (easy)"] and match.options == {"height": 3, "terrain": "random"}

    script = Script(["new", "back", "quit"])  # at the menu: `new`, then back to the menu
    out = await run(db_path, script)
    assert script.prompts[1] == "Game (name or number, or `back` to leave set-up) [attaxx]: "
    assert out.count("Local matches in progress, the last played first:") == 2 and out[-1] == STOPPED


async def test_back_at_the_very_first_question_has_nowhere_to_go(db_path):
    script = Script(["back", "attaxx", "alice", "bob", "", "quit"])
    out = await run(db_path, script)
    assert "This is the first question: answer it, or `quit` to stop." in out
    assert script.prompts[:2] == ["Game (name or number) [attaxx]: "] * 2
    assert (await latest(db_path)).names == ["alice", "bob"]


async def test_new_with_a_game_sets_up_a_match_of_that_game(db_path):
    """`new noughts`, as docs/adding-a-game.md has a newcomer try their game: at the move prompt and at
    the menu, `new <game>` skips the question which game; a game that does not exist is refused."""
    script = Script([*SETUP, "new chess", "new elevation", "ann", "ben", "", "", "", "quit"])
    out = await run(db_path, script)
    assert f"There is no game 'chess'. Games: {', '.join(GAMES)}." in out
    assert script.prompts[4:7] == ["alice (White) to move: ", "alice (White) to move: ",
                                   "Player 1 (Red), your name (or `computer`, `computer easy / medium / hard`, `back`): "]
    assert out.count("Games:") == 1, "the games are listed for the first match only"
    second = await local(db_path, "get_match", 2)
    assert second.game == "elevation" and second.names == ["ann", "ben"]

    fresh = db_path.with_name("fresh.sqlite3")  # a first start goes straight to the question which game
    script = Script(["new ascent", "eve", "fay", "", "quit"])
    await run(fresh, script)
    assert script.prompts[1] == "Player 1 (Red), your name (or `computer`, `computer easy / medium / hard`, `back`): "
    assert (await latest(fresh)).game == "ascent"

    script = Script(["new permutation", "back", "ascent", "cat", "dan", "", "quit"])  # at the menu; back: which game
    await run(db_path, script)
    assert script.prompts[1:3] == ["Number of players (2–6, or `back`) [2]: ",
                                   "Game (name or number, or `back` to leave set-up) [attaxx]: "]
    assert (await local(db_path, "get_match", 3)).game == "ascent"


async def test_a_finished_match_offers_a_rematch_with_everyone_one_seat_on(db_path, monkeypatch):
    monkeypatch.setenv("COMPUTER_SECONDS", "0.05")
    script = Script([*SETUP, "a6", "resign", "y", "rematch", "a6", "quit"])
    out = await run(db_path, script)
    assert "Result: alice wins (bob resigned)." in out and "No local match is in progress now." in out
    assert script.prompts[7] == "`rematch` (the same players, each one seat on), `new` (a match of any game), or Enter to stop: "
    assert "Match 2, a rematch of match 1: bob vs alice. Type `help` for the commands." in out
    assert script.prompts[8:] == ["bob (White) to move: ", "alice (Black) to move: "]
    rematch = await local(db_path, "get_match", 2)
    assert [p.name for p in rematch.seats] == ["bob", "alice"] and rematch.moves == ("a6",)

    script = Script(["new", "attaxx", "ann", "computer easy", "", "resign", "y", "rematch", "quit"])
    out = await run(db_path, script)
    assert "Match 4, a rematch of match 3: Computer (easy) vs ann. Type `help` for the commands." in out
    rematch = await local(db_path, "get_match", 4)
    assert len(rematch.moves) == 1 and script.prompts[-1] == "ann (Black) to move: ", "the computer moved first"

    script = Script(["new", "attaxx", "eve", "fay", "", "resign", "y", "new", "ascent", "eve", "fay", "", "quit"])
    out = await run(db_path, script)  # or a new game instead
    assert script.prompts[7] == "Match to resume (its number), `rematch`, `new`, or Enter to stop: "
    assert (await local(db_path, "get_match", 6)).game == "ascent"


async def test_every_resignation_in_a_game_of_three_is_said(db_path, monkeypatch):
    """Who resigned, who plays on for them (named as the cards name them) and whose turn it is; the
    last person's resignation ends the match with its result."""
    monkeypatch.setenv("COMPUTER_SECONDS", "0.05")
    script = Script(["permutation", "3", "ann", "ben", "cat", "", "", "resign", "y", "resign", "y", "resign", "y"])
    out = await run(db_path, script)
    text = "\n".join(out)
    assert "ann, resign this match? A computer plays on in your seat, and you will be placed last. [y/N] " in script.prompts
    assert ("ann (Red) resigned: Computer for ann plays on in that seat, and ann will be placed last. "
            "Computer for ann (Red) to move.") in out
    assert "Computer for ann is thinking…" in out and re.search(r"^Computer for ann \(Red\) played \w+", text, re.M)
    assert ("ben (Blue) resigned: Computer for ben plays on in that seat, and ben will be placed last. "
            "Computer for ben (Blue) to move.") in out
    assert "cat, resign this match? It counts as a loss. [y/N] " in script.prompts
    assert "cat (Green) resigned." in out
    assert re.search(r"^Result: .*\(cat resigned\)\.$", text, re.M)
    assert "Computer (medium)" not in text and ") (" not in text
    shown = [line.removeprefix("Picture: ") for line in out if line.startswith("Picture: ")]
    assert len(shown) == len(set(shown)), "a picture after each resignation too, its cards naming who plays on"
    assert any(path.endswith("-0-1left.png") for path in shown)
    assert (await latest(db_path)).status == "finished"


async def test_computers_are_named_once_with_their_side(db_path, monkeypatch):
    """A computer's name has brackets of its own: its side follows after a dot, in what it played and the
    list of matches; the moves played name it alone, as the board's cards do."""
    monkeypatch.setenv("COMPUTER_SECONDS", "0.05")
    script = Script(["attaxx", "computer hard", "ann", "", "history", "matches", "quit"])
    out = await run(db_path, script)
    text = "\n".join(out)
    match = await latest(db_path)
    assert re.search(rf"^Computer \(hard\) · White played {match.moves[0]}: (clone|jump)\.$", text, re.M)
    assert f"  1. Computer (hard): {match.moves[0]}" in out
    assert "  #1  Attaxx · Computer (hard) vs ann · ann (Black) to move · 1 move played  (this one)" in out
    assert "(hard) (" not in text
