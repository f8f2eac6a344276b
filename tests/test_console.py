"""The local console adapter, driven through scripted input and captured output on a real SQLite file."""
from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from PIL import Image

from bot import steps
from bot.console.cli import main
from bot.console.matches import LOCAL_CHANNEL
from bot.console.setup import local_player
from bot.db.sqlite import SqliteStore
from bot.models import LOCAL_GUILD, Match
from bot.service import MatchService
from games import GAMES
from rules.parts import move_parts

SETUP = ["attaxx", "alice", "bob", ""]  # the last answer: no clock
CLOCK_PROMPT = "Clock (3+2 / 5+3 / 10+5 / 15+10 / 30+20, other minutes+seconds, or `back`) [none]: "
STOPPED = "Stopped. Matches in progress stay saved: run `python -m bot.console` again to resume them."


class Script:
    """An input function: the given answers in order, then `then(prompt)` if set, then end of input."""

    def __init__(self, answers: list[str], then: Callable[[str], str] | None = None):
        self.answers = list(answers)
        self.then = then
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if self.answers:
            return self.answers.pop(0)
        if self.then is not None:
            return self.then(prompt)
        raise EOFError


class Mover:
    """Answers every move prompt with the first legal move of its own copy of the game."""

    def __init__(self) -> None:
        self.state = GAMES["attaxx"].start(2)
        self.names = ["alice", "bob"]
        self.played: list[str] = []

    def __call__(self, prompt: str) -> str:
        if self.state.to_move is None:  # over: the players stop at the question what next
            raise EOFError
        assert prompt == f"{self.names[self.state.to_move]} ({('White', 'Black')[self.state.to_move]}) to move: "
        move = self.state.legal_moves()[0]
        self.state = self.state.play(move)
        self.played.append(move)
        return move


async def run(db, script: Script) -> list[str]:
    out: list[str] = []
    assert await main(["--db", str(db)], input_fn=script, print_fn=out.append) == 0
    return "\n".join(out).splitlines()


async def latest(db):
    store = await SqliteStore.open(db)
    try:
        return await MatchService(store).latest(LOCAL_CHANNEL)
    finally:
        await store.close()


async def local(db, method: str, *args):
    """What the service's `method` answers on the file (the console closed)."""
    store = await SqliteStore.open(db)
    try:
        return await getattr(MatchService(store), method)(*args)
    finally:
        await store.close()


def picture(db, match: Match, ply: int, end: bool = False):
    return db.parent / "boards" / f"local-{match.id}-{match.seed:08x}-{ply}{'-end' if end else ''}.png"


async def test_a_full_attaxx_game_to_the_end(db_path):
    mover = Mover()
    out = await run(db_path, Script(SETUP, then=mover))
    text = "\n".join(out)
    match = await latest(db_path)
    assert match.status == "finished" and match.guild_id == LOCAL_GUILD and match.outcome.reason_text() == "board full"
    assert match.moves == tuple(mover.played) and match.state == mover.state
    assert match.seats == (local_player("alice"), local_player("bob"))

    winner = match.seats[min(match.outcome.places[0])].name
    white, black = match.outcome.scores
    assert f"Result: {winner} wins (board full)." in out
    scores = [f"alice {white}", f"bob {black}"]
    assert f"Scores: {', '.join(scores if white > black else scores[::-1])}" in out, "the winner's score first"
    assert re.search(r"Ratings: alice 1500 → \d+ \([+-]\d+\), bob 1500 → \d+ \([+-]\d+\)", text)
    assert "Local leaderboard, Attaxx:" in out and any(re.match(rf"\s+1\. {winner}\s+\d+\?? 1 game · 1W 0L 0D", line) for line in out)
    assert "Traceback" not in text

    plies = len(match.moves)
    for ply in range(plies + 1):
        path = picture(db_path, match, ply, end=ply == plies)
        assert f"Picture: {path}" in out
        with Image.open(path) as image:
            image.verify()
            assert image.format == "PNG"
    assert f"alice (White) played {mover.played[0]}: clone." in out


async def test_illegal_and_malformed_moves_get_one_line_and_change_nothing(db_path):
    script = Script(SETUP + ["a4", "zz9", "", "moves", "quit"])
    out = await run(db_path, script)
    assert ("a4 is not next to any of your pieces: a clone goes next to one of them; a jump names two squares,"
            " like a1a3 (`moves` lists the legal moves).") in out
    malformed = [line for line in out if line.startswith("Can't read 'zz9'")]
    assert len(malformed) == 1 and malformed[0].endswith(".")
    listed = out[out.index(malformed[0]) + 1:]
    count = int(re.fullmatch(r"(\d+) legal moves:", listed[0]).group(1))
    legal = GAMES["attaxx"].start(2).legal_moves()
    assert listed[1:count + 1] == [f"  {move}" for move in legal] and count == len(legal), "one move a line"
    assert script.prompts[-5:] == ["alice (White) to move: "] * 5  # the same player is asked again each time
    assert "Traceback" not in "\n".join(out)
    match = await latest(db_path)
    assert match.status == "active" and match.moves == ()


async def test_quit_then_resume_continues_the_same_match(db_path):
    out = await run(db_path, Script(SETUP + ["a6", "g6", "quit"]))
    assert out[-1] == STOPPED
    first = await latest(db_path)
    assert first.status == "active" and first.moves == ("a6", "g6")

    script = Script(["", "b6"])  # Enter = resume the last played; one move; then end of input (Ctrl-D) quits
    out = await run(db_path, script)
    assert script.prompts[0] == "Match to resume (its number), or `new` [1]: "
    assert out[2:4] == ["Local matches in progress, the last played first:",
                        "  #1  Attaxx · alice vs bob · alice (White) to move · 2 moves played"]
    assert "Match 1, Attaxx: alice vs bob. Type `help` for the commands." in out
    assert "alice (White) played b6: clone." in out
    assert script.prompts[-1] == "bob (Black) to move: " and out[-1] == STOPPED
    again = await latest(db_path)
    assert again.id == first.id and again.moves == ("a6", "g6", "b6") and again.status == "active"


async def test_draw_declined_then_agreed_and_resign(db_path):
    out = await run(db_path, Script(SETUP + ["draw", "n", "a6", "draw", "y"]))
    assert "bob declines the draw; alice is still to move." in out
    assert "Result: Draw between alice and bob (draw agreed)." in out
    assert (await latest(db_path)).outcome.places == (frozenset({0, 1}),)

    end = out.index("Game over: Draw · draw agreed")
    players = out[end - 4:end]  # the final board's player lines, its last move and the legend
    assert players[:2] == ["O White: alice — 3 pieces  <- draw", "X Black: bob — 2 pieces  <- draw"]
    assert out[end + 1] == f"Picture: {picture(db_path, await latest(db_path), 1, end=True)}"

    out = await run(db_path, Script(SETUP + ["resign", "n", "resign", "y"]))
    assert "Result: bob wins (alice resigned)." in out
    end = out.index("Game over: bob wins · alice resigned")
    assert out[end - 2:end] == ["O White: alice — 2 pieces", "X Black: bob — 2 pieces  <- winner"]
    assert any(re.match(r"\s+1\. bob\s+\d+\?? 2 games · 1W 0L 1D", line) for line in out)


async def test_setup_asks_again_after_bad_answers(db_path):
    script = Script(["chess", "9", "1", "", "alice", " ALICE ", "x" * 40, "bob", "", "quit"])
    out = await run(db_path, script)
    assert f"There is no game 'chess': type its name or its number (1–{len(GAMES)})." in out
    assert f"There is no game '9': type its name or its number (1–{len(GAMES)})." in out
    assert "Please type a name." in out and "ALICE is already playing: type a different name." in out
    assert "Please keep the name to 32 characters." in out
    assert script.prompts[:2] == ["Game (name or number) [attaxx]: "] * 2 and script.prompts[3:7] == [
        "Player 1 (White), your name (or `computer`, `computer easy / medium / hard`, `back`): "] * 2 + [
        "Player 2 (Black), your name (or `computer`, `computer easy / medium / hard`, `back`): "] * 2
    assert (await latest(db_path)).names == ["alice", "bob"]


async def test_five_players_retry_a_k_too_big_for_them_then_play_to_the_end(db_path) -> None:
    names = ["ann", "ben", "cat", "dan", "eve"]
    state = GAMES["permutation"].start(5, {"k": 4})
    played: list[str] = []

    def mover(prompt: str) -> str:
        nonlocal state
        seat = state.to_move
        if seat is None:  # over: stop at the question what next
            raise EOFError
        assert prompt == f"{names[seat]} ({GAMES['permutation'].seat_name(seat)}) to move: "
        move = state.legal_moves()[-1]
        state = state.play(move)
        played.append(move)
        return move

    script = Script(["permutation", "7", "5", *names, "5", "4", ""], then=mover)
    out = await run(db_path, script)
    text = "\n".join(out)
    assert "Multiplications Within The Permutation is played by 2 to 6 players: type a number from 2 to 6." in out
    refused = out.index("k = 5 with 5 players needs a 26×26 board, but the largest is 25×25: with 5 players k can be at most 4.")
    assert script.prompts[8:10] == ["k (or `back`) [3]: "] * 2, "k is asked again at once"
    assert "Let's try the options again." not in text and out[refused + 1].startswith("Clock: ")
    assert out[refused + 2] == "Match 1: ann vs ben vs cat vs dan vs eve. Type `help` for the commands."
    match = await latest(db_path)
    assert match.names == names and match.state.n == 21 and len(match.moves) == 41 == len(played)
    assert match.outcome == state.outcome and match.outcome.reason_text() == "all 21 numbers written"
    scores = state.scores
    assert scores is not None, "Multiplications keeps scores"
    for seat, name in enumerate(names):
        assert f"{name} {scores[seat]}" in text
    assert "Traceback" not in text


async def test_elevation_lists_its_thousands_of_turns_by_piece_then_by_action(db_path):
    out = await run(db_path, Script(["elevation", "ann", "ben", "", "", "", "moves", "moves c1", "c1: b2>c2 b2>d2", "quit"]))
    text = "\n".join(out)
    assert "1176 legal moves; type `moves` and one of these:" in out
    assert "  c1 …  dragon on c1 · 318 turns" in out and "  a1 …  samurai on a1 · 66 turns" in out
    assert "318 legal moves starting c1; type `moves` and one of these:" in out
    assert "  c1-c2" in out and "  c1-c2 …  47 turns" in out and "  c1: b2 …  28 turns" in out
    assert "Traceback" not in text
    match = await latest(db_path)
    assert match.moves == ("c1: b2>c2 b2>d2",) and match.state.to_move == 1


async def test_question_mark_builds_a_move_step_by_step(db_path):
    state = GAMES["elevation"].start(2)

    def numbers_to(move: str) -> list[str]:
        """The numbers to type to build `move`, picking at each step the choice that leads to it."""
        typed: list[str] = []
        step = steps.START
        wanted = "".join(move_parts(state, move))
        while True:
            for k, choice in enumerate(steps.panel(state, step).choices, 1):
                kind, target = steps.parse(choice.value)
                if kind == steps.MOVE and target == move:
                    return typed + [str(k)]
                if kind == steps.PART:
                    assert isinstance(target, steps.Step), "a part's value reads as a step"
                    if wanted.startswith(target.prefix):
                        typed.append(str(k))
                        step = target
                        break

    picks = numbers_to("c1: b2>c2 b2>d2")
    picks = picks[:1] + ["b"] + picks
    out = await run(db_path, Script(["elevation", "ann", "ben", "", "", "", "?", "x", "99"] + picks + ["quit"]))
    assert "Pick the first part of your move." in out
    assert "    3. c1 …  dragon on c1 · 318 turns" in out
    assert "Type a number from 1 to 6." in out  # "x" and "99" were refused
    assert "Your move so far: `c1 …` — pick what comes next." in out
    assert "Your move so far: `c1: b2 …` — pick what comes next." in out
    assert len(picks) == 7  # the piece, back, the piece again, then four parts: b2, >c2, b2, >d2
    assert "ann (Red) played c1: b2>c2 b2>d2." in out
    assert out.count("Pick the first part of your move.") == 4  # again after "x", "99" and going back
    assert "Traceback" not in "\n".join(out)
    match = await latest(db_path)
    assert match.moves == ("c1: b2>c2 b2>d2",)


# "alice (White) played a6: clone.", "Computer (easy) · Black played b6." (a name with brackets of its own)
PLAYED = re.compile(r"^(?P<name>.+?) (?:\((?:White|Black)\)|· (?:White|Black)) played (?P<move>\w+)[:.]", re.MULTILINE)


class Follower:
    """Plays the first legal move for the one person at the console, keeping its own copy of the game
    from every move the console announces (the computer's included); stops (end of input) at the
    question after the match."""

    def __init__(self, out: list[str], name: str, side: str = "White"):
        self.out, self.name, self.side = out, name, side
        self.state = GAMES["attaxx"].start(2)
        self.read = 0
        self.sent: str | None = None

    def __call__(self, prompt: str) -> str:
        played = [found["move"] for found in PLAYED.finditer("\n".join(self.out[self.read:]))]
        self.read = len(self.out)
        assert played or self.sent is None, f"{self.sent} was refused: {self.out[-3:]}"
        for move in played:
            self.state = self.state.play(move)
        if self.state.to_move is None:
            raise EOFError
        assert prompt == f"{self.name} ({self.side}) to move: "
        self.sent = self.state.legal_moves()[0]
        return self.sent


async def test_playing_the_computer_at_the_console(db_path, monkeypatch) -> None:
    monkeypatch.setenv("COMPUTER_SECONDS", "0.05")
    out: list[str] = []
    script = Script(["attaxx", "ann", "computer grandmaster", "computer easy", ""], then=Follower(out, "ann"))
    assert await main(["--db", str(db_path)], input_fn=script, print_fn=out.append) == 0
    text = "\n".join(out)
    assert "(or `computer`, `computer easy / medium / hard`, `back`)" in script.prompts[2]
    assert "A computer plays at easy, medium, hard: type `computer hard`, say." in out
    assert "Match 1: ann vs Computer (easy). Type `help` for the commands." in out
    match = await latest(db_path)
    assert match.status == "finished" and match.seats[1].name == "Computer (easy)"
    played = PLAYED.findall(text)
    assert [move for _, move in played] == list(match.moves), "every move announced, in order"
    by_computer = [move for name, move in played if name == "Computer (easy)"]
    assert by_computer and {name for name, _ in played} == {"ann", "Computer (easy)"}
    assert text.count("Computer (easy) is thinking…") == len(by_computer)
    assert re.search(r"Ratings: .*Computer \(easy\) 1500 → \d+", text)
    assert "Computer (easy) · Black played" in text and "(easy) (" not in text, "its side after a dot, not in brackets"
    assert not any(prompt.startswith("Computer") for prompt in script.prompts), "the computer is never asked"


async def test_playing_second_against_the_computer_at_the_console(db_path, monkeypatch) -> None:
    """Any seat may be the computer's, as long as one player is a person: it then moves first."""
    monkeypatch.setenv("COMPUTER_SECONDS", "0.05")
    out: list[str] = []
    script = Script(["attaxx", "computer easy", "computer", "ann", ""], then=Follower(out, "ann", "Black"))
    assert await main(["--db", str(db_path)], input_fn=script, print_fn=out.append) == 0
    assert "One player at least must be a person: please type your name." in out
    assert "Match 1: Computer (easy) vs ann. Type `help` for the commands." in out
    match = await latest(db_path)
    assert match.status == "finished" and [p.name for p in match.seats] == ["Computer (easy)", "ann"]
    played = PLAYED.findall("\n".join(out))
    assert played[0] == ("Computer (easy)", match.moves[0]) and played[1][0] == "ann"


async def test_rules_at_the_console_are_the_rules_of_slash_rules(db_path):
    """`rules <game>` while choosing, `rules` during a match: the text /rules gives, without Discord's
    Markdown; a game that does not exist is named as such."""
    from bot.rulebook import rules_text

    script = Script(["rules xlines", "rules chess", *SETUP, "rules", "quit"])
    out = await run(db_path, script)
    text = "\n".join(out)
    xlines = rules_text(GAMES["xlines"])
    assert "Notation: Placing: the square, d5." in text and "House rules\n• Red draws the first line" in text
    assert xlines.count("\n") < text.count("\n") and "**" not in text and "`size`" not in text
    assert "There is no game 'chess'. Games: attaxx, " in text
    during = out[out.index("Attaxx"):]
    assert during[2].startswith("Clone or jump on a 7×7 board") and any(line.startswith("Notation:") for line in during)
    assert script.prompts[-2:] == ["alice (White) to move: "] * 2, "the rules change nothing: alice is still to move"


async def test_a_new_database_never_shows_an_old_databases_pictures(db_path):
    """Match numbers start again in a new database: the pictures' names do not, so a new match is never
    shown an old match's picture of the same number and ply."""
    await run(db_path, Script(SETUP + ["a6", "quit"]))
    old = await latest(db_path)
    boards = db_path.parent / "boards"
    kept = {path: path.read_bytes() for path in boards.iterdir()}
    assert set(kept) == {picture(db_path, old, 0), picture(db_path, old, 1)}
    for leftover in db_path.parent.glob(db_path.name + "*"):  # the database, its WAL and shared memory
        leftover.unlink()

    out = await run(db_path, Script(["attaxx", "carol", "dave", "", "g2", "quit"]))
    new = await latest(db_path)
    assert new.id == old.id == 1 and new.names == ["carol", "dave"]
    shown = [Path(line.removeprefix("Picture: ")) for line in out if line.startswith("Picture: ")]
    assert shown == [picture(db_path, new, 0), picture(db_path, new, 1)] and not set(shown) & set(kept)
    for path, data in kept.items():
        assert path.read_bytes() == data, "the old pictures are left as they were"
    for ply in (0, 1):
        assert shown[ply].read_bytes() != kept[picture(db_path, old, ply)], "the new match's own board, drawn anew"


async def test_each_option_is_checked_as_it_is_typed(db_path):
    """A bad option is refused at once, saying what is accepted, and asked again before the next one; a
    value that only a later option's default clashes with (a nest on the other's default cell) is taken."""
    script = Script(["ikabegama", "ann", "ben", "9", "x", "4", "z9", "d7", "", "d1", "", "quit"])
    out = await run(db_path, script)
    assert script.prompts[3:10] == ["size (or `back`) [5]: "] * 3 + ["light_nest (or `back`) [d1]: "] * 2 + [
        "dark_nest (or `back`) [d7]: "] * 2
    expected = [
        "size: Cells on each side of the hexagon (4–7)",
        "size must be between 4 and 7, not 9.",
        "size must be a whole number from 4 to 7.",
        "light_nest: Light's nest cell (default: bottom of the middle file)",
        "light nest z9 is not on a size-4 board (files a–g).",
        "dark_nest: Dark's nest cell (default: top of the middle file)",
        "The Light and Dark nests must be different cells.",
        "Match 1: ann vs ben. Type `help` for the commands.",
    ]
    assert [line for line in out if line in expected] == expected, "each refusal right after its answer"
    match = await latest(db_path)
    assert match.options == {"size": 4, "light_nest": "d7", "dark_nest": "d1"}

    script = Script(["new", "elevation", "cat", "computer easy", "5", "", "hilly", "random", "", "quit"])
    out = await run(db_path, script)
    assert script.prompts[4:10] == ["height (or `back`) [3]: "] * 2 + ["terrain (or `back`) [flat]: "] * 2 + [
        CLOCK_PROMPT, "cat (Red) to move: "]
    assert out.index("height must be between 1 and 4, not 5.") < out.index(
        "terrain: flat: every stack alike; random: hills and hollows, alike for both sides (flat / random)")
    assert "terrain must be one of flat, random." in out
    assert (await local(db_path, "get_match", 2)).options == {"height": 3, "terrain": "random"}


async def test_moves_and_history_list_one_move_a_line(db_path):
    turn = "c1: b2>c2 b2>d2"
    after = GAMES["elevation"].start(2).play(turn)
    blue = next(m for m in after.legal_moves() if " " in m)
    out = await run(db_path, Script(["elevation", "ann", "ben", "", "", "", "history", turn, blue, "moves c1-c2", "history"]))
    assert "No moves played yet." in out
    history = len(out) - 1 - out[::-1].index("Moves played in match 1:")  # the last `history`
    assert out[history:history + 3] == ["Moves played in match 1:", f"  1. ann: {turn}", f"  2. ben: {blue}"]
    state = after.play(blue)
    wanted = [m for m in state.legal_moves() if m.startswith("c1-c2")]
    assert 1 < len(wanted) <= 120 and any(" " in m for m in wanted)
    listed = out.index(f"{len(wanted)} legal moves starting c1-c2:")
    assert out[listed + 1:listed + 1 + len(wanted)] == [f"  {move}" for move in wanted]


async def test_a_half_built_move_points_to_question_mark_and_moves(db_path):
    out = await run(db_path, Script(["elevation", "ann", "ben", "", "", "", "c1", "c1-c2 d3", "?", "3", "", "quit"]))
    assert "c1 is only the start of a move: `moves c1` lists how it can go on; `?` builds a move step by step." in out
    assert "c1-c2 d3 is only the start of a move: `moves c1-c2 d3` lists how it can go on; `?` builds a move step by step." in out
    assert "Your move so far: `c1 …` — pick what comes next." in out
    assert "Nothing played. `moves c1` lists how c1 … can go on; `?` builds a move again." in out
    assert "suggestion" not in "\n".join(out).lower()
    assert (await latest(db_path)).moves == ()


async def test_takebacks_at_the_console(db_path):
    """Between people the one who just moved asks and the player to move answers; against the computer
    the player's move and the computer's reply go at once."""
    out = await run(db_path, Script(SETUP + ["b6", "takeback", "n", "a2", "takeback", "y", "quit"]))
    assert "bob declines; bob is still to move." in out
    assert "bob took back a2." in out
    match = await latest(db_path)
    assert match.moves == ("b6",) and match.state.to_move == 1 and match.undone == 1

    out = await run(db_path, Script(["new", "attaxx", "ann", "computer easy", "", "b6", "takeback", "history", "quit"]))
    taken = next(line for line in out if line.startswith("ann took back b6, "))
    assert len(taken.split(", ")) == 2, "the computer's reply went too"
    store = await SqliteStore.open(db_path)
    try:
        match = await MatchService(store).get_match(2)
    finally:
        await store.close()
    assert match.seats[1].name == "Computer (easy)" and match.moves == () and match.state.to_move == 0


async def test_a_finished_match_analysed_at_the_console(db_path, monkeypatch) -> None:
    monkeypatch.setenv("COMPUTER_SECONDS", "0.05")
    out = await run(db_path, Script(SETUP + ["b6", "a2", "analyse 1", "resign", "y"]))
    assert "Match #1 is still being played: it can be analysed once it is over." in out
    assert ("The computer's analysis of this match: `analyse 1` at any prompt, or `python -m bot.console --analyse 1`."
            " Its replay, an animated GIF: `replay 1`.") in out

    printed: list[str] = []
    assert await main(["--db", str(db_path), "--analyse", "1"], input_fn=Script([]), print_fn=printed.append) == 0
    head = next(line for line in printed if line.startswith("Analysis of match 1, Attaxx: alice (White) vs bob (Black)"))
    assert "2 moves" in head
    assert any(line.startswith("alice (White): ") for line in printed)
    assert any(line.startswith("bob (Black): ") for line in printed)
    graph = next(line for line in printed if line.startswith("Graph: ")).removeprefix("Graph: ")
    assert Path(graph).read_bytes().startswith(b"\x89PNG")
    printed.clear()
    await main(["--db", str(db_path), "--analyse", "7"], input_fn=Script([]), print_fn=printed.append)
    assert "There is no local match 7." in printed
