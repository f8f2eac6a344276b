"""A tournament at the console: set up at a prompt, played game after game with the console's match loop
(people resign or move, computers move by themselves), each round's pairings and standings printed, the
final standings, crosstable, podium and pictures at the end; left with `quit` and gone on with later."""
from __future__ import annotations

import re

from PIL import Image

from bot.console.cli import main
from bot.db.sqlite import SqliteStore
from bot.models import LOCAL_GUILD
from bot.service import MatchService
from tests.test_console import Script, local

ROUND_ROBIN = ["tournament", "attaxx", "round_robin", "alice, bob, carol, hard"]
STRENGTH = ["Computer (hard)", "alice", "bob", "carol"]  # who beats whom in the scripted round robin
# The line before a game: "Spring Swiss, round 2, board 1: alice vs bob.", or "Match 2, Attaxx: alice vs bob. Type…"
BOARD = re.compile(r"(?:, round \d+, board \d+|^Match \d+, [^:]+): (?P<first>.+?) vs (?P<second>.+?)\.(?: Type|$)")


class Resigner:
    """Answers the prompts of a tournament's games from what the console printed: in each game the
    weaker player (by `strength`; anyone not listed is weakest of all) resigns when first to move, and
    the stronger, if to move first, plays a6 (the computer makes its own moves); every question whether
    to resign is answered yes. Stops (end of input) at any other prompt, or after `games` games."""

    def __init__(self, out: list[str], strength: list[str] | None = None, games: int | None = None):
        self.out = out
        self.strength = strength or []
        self.games = games
        self.resigned = 0

    def rank(self, name: str) -> int:
        return self.strength.index(name) if name in self.strength else len(self.strength)

    def __call__(self, prompt: str) -> str:
        if prompt.endswith("? It counts as a loss. [y/N] "):
            self.resigned += 1
            return "y"
        found = re.match(r"(?P<name>.+) \((?:White|Black)\) to move: $", prompt)
        if found is None or self.games is not None and self.resigned >= self.games:
            raise EOFError
        board = next(m for line in reversed(self.out) if (m := BOARD.search(line)))
        mover = found["name"]
        other = board["second"] if mover == board["first"] else board["first"]
        return "resign" if self.rank(mover) >= self.rank(other) else "a6"


async def tournament_run(db_path, answers: list[str], then: Resigner | None = None) -> tuple[list[str], Script]:
    script = Script(answers, then=then)
    out = then.out if then is not None else []
    assert await main(["--db", str(db_path)], input_fn=script, print_fn=out.append) == 0
    return "\n".join(out).splitlines(), script


def block(out: list[str], head: str, lines: int) -> list[str]:
    """The `lines` lines after the last line `head`."""
    at = len(out) - 1 - out[::-1].index(head)
    return out[at + 1:at + 1 + lines]


async def tournament_games(db_path):
    store = await SqliteStore.open(db_path)
    try:
        tournament = await MatchService(store).tournaments.get(1)
        service = MatchService(store)
        return tournament, [await service.get_match(t.match_id) for t in tournament.tables if t.match_id is not None]
    finally:
        await store.close()


async def test_a_round_robin_of_three_people_and_a_computer_played_to_the_end(db_path, monkeypatch):
    monkeypatch.setenv("COMPUTER_SECONDS", "0.05")
    out, script = await tournament_run(db_path, ROUND_ROBIN, Resigner([], STRENGTH))
    assert script.prompts[:5] == [
        "Game (name or number) [attaxx]: ",  # `tournament` at the first set-up's first question
        "Game (name or number, or `back` to leave set-up) [attaxx]: ",
        "Format (swiss / round_robin / double, or `back`) [swiss]: ",
        "Players, separated by commas: names, and computers as easy / medium / hard (`alice, bob, carol, hard`), "
        "or `back`: ",
        "alice (White) to move: ",
    ]
    assert "Tournament 1, Attaxx round robin: alice, bob, carol, Computer (hard); 3 rounds. alice organises it." in out
    assert block(out, "Round 1 of 3", 3) == ["Pairings:", "  Board 1: alice – Computer (hard)", "  Board 2: bob – carol"]
    assert "Attaxx round robin, round 1, board 1: alice vs Computer (hard)." in out
    assert "Result: Computer (hard) wins (alice resigned)." in out and "Result: bob wins (carol resigned)." in out
    assert block(out, "Round 2 of 3", 6) == [
        "Standings after round 1:",
        "# Name            Pts SB DE  Rtg G",
        "1 bob               1  0  0 1500 1",  # tied rows by starting number: the computer joined last
        "1 Computer (hard)   1  0  0 1500 1",
        "3 alice             0  0  0 1500 1",
        "3 carol             0  0  0 1500 1",
    ]
    assert out.count("alice (White) played a6: clone.") == 1, "alice, the stronger, moves; bob then resigns"
    assert block(out, "Final standings:", 5) == [
        "# Name            Pts SB DE  Rtg G",
        "1 Computer (hard)   3  3  0 1500 3",
        "2 alice             2  1  0 1500 3",
        "3 bob               1  0  0 1500 3",
        "4 carol             0  0  0 1500 3",
    ]
    assert block(out, "Crosstable:", 5) == [
        "# Name            1 2 3 4 Pts",
        "1 alice           × 1 1 0   2",
        "2 bob             0 × 1 0   1",
        "3 carol           0 0 × 0   0",
        "4 Computer (hard) 1 1 1 ×   3",
    ]
    assert block(out, "Podium:", 3) == ["  1st Computer (hard) 3", "  2nd alice 2", "  3rd bob 1"]
    assert "Attaxx round robin is over." in out and out[-1].startswith("Stopped.")
    assert script.prompts[-1] == "`new` (a match of any game), or Enter to stop: ", "then the menu, as after a match"

    boards = db_path.parent / "boards"
    for name in ("local-tournament-1-standings.png", "local-tournament-1-podium.png"):
        assert f"{'Standings' if 'standings' in name else 'Podium'}: {boards / name}" in out
        with Image.open(boards / name) as image:
            image.verify()

    tournament, games = await tournament_games(db_path)
    assert tournament.status == "finished" and len(games) == 6
    assert all(g.status == "finished" and g.tournament_id == 1 and g.guild_id == LOCAL_GUILD for g in games)
    assert len({g.channel_id for g in games}) == 6 and all(g.channel_id < -1000 for g in games), \
        "each game in a channel of its own, apart from the local matches'"
    board, total = await local(db_path, "leaderboard", LOCAL_GUILD, "attaxx")
    assert total == 4 and board[0].player.name == "Computer (hard)", "the games are rated like local matches"


async def test_a_swiss_of_five_gives_a_bye_each_round_to_a_different_player(db_path):
    """Everyone resigns when first to move: each round two games and a bye of a full point."""
    names = ["ann", "ben", "cat", "dan", "eve"]
    out, script = await tournament_run(db_path, ["tournament attaxx", "", ", ".join(names), ""], Resigner([]))
    assert script.prompts[1:4] == [
        "Format (swiss / round_robin / double, or `back`) [swiss]: ",
        "Players, separated by commas: names, and computers as easy / medium / hard (`alice, bob, carol, hard`), "
        "or `back`: ",
        "Rounds (1–20, or `back`) [3]: ",  # Enter: as many as five need
    ]
    byes = [line for line in out if line.endswith(" has a bye (1 point)")]
    assert len(byes) == 3 and len(set(byes)) == 3, "a bye each round, never twice to the same player"
    for round in (1, 2, 3):
        pairings = block(out, f"Round {round} of 3", 6 if round > 1 else 0)
        assert f"Round {round} of 3" in out and (round == 1 or pairings[0] == f"Standings after round {round - 1}:")

    tournament, games = await tournament_games(db_path)
    assert tournament.status == "finished" and len(games) == 6
    met = [frozenset(g.seats) for g in games]
    assert len(set(met)) == 6, "nobody meets the same opponent twice"
    rows = tournament.standings()
    assert sum(row.points for row in rows) == 9, "6 games and 3 byes of a point each"
    final = block(out, "Final standings:", 6)
    assert final[0].split() == ["#", "Name", "Pts", "BH", "SB", "Rtg", "G"]
    assert [line.split()[1] for line in final[1:]] == [row.entrant.name for row in rows]
    leader = rows[0]
    assert block(out, "Podium:", 1) == [f"  1st {leader.entrant.name} {leader.points}"]
    assert all(row.points <= leader.points for row in rows)


async def test_quit_during_a_game_and_go_on_with_the_tournament_next_time(db_path, monkeypatch):
    monkeypatch.setenv("COMPUTER_SECONDS", "0.05")
    out, script = await tournament_run(db_path, ROUND_ROBIN, Resigner([], STRENGTH, games=1))
    assert script.prompts[-1] == "bob (White) to move: " and out[-1].startswith("Stopped."), "quit at round 1's board 2"

    # Next time: the game in progress is listed with the tournament (it cannot be abandoned); resumed
    # by its number, the tournament goes on after it, to round 2, where the players stop again.
    out, script = await tournament_run(db_path, ["abandon 2", "2"], Resigner([], STRENGTH, games=1))
    assert "Match 2 is a tournament's game: it cannot be abandoned. Play it, or resign it." in out
    assert out[1:5] == [
        "",
        "Local matches in progress, the last played first:",
        "  #2  Attaxx · bob vs carol · bob (White) to move · no moves yet",
        "Tournament 1, Attaxx round robin: round 1 of 3, 1 game to play. `tournament` goes on with it.",
    ]
    assert "Result: bob wins (carol resigned)." in out and "Round 2 of 3" in out
    assert "Attaxx round robin, round 2, board 1: alice vs bob." in out
    assert script.prompts[-1] == "alice (White) to move: " and "Rematch" not in "\n".join(script.prompts)

    # `tournament` offers the one running; Enter goes on with it, its game in progress first.
    out, script = await tournament_run(db_path, ["tournament", ""], Resigner([], STRENGTH))
    assert script.prompts[1:3] == ["Go on with it? [Y/n] ", "alice (White) to move: "]
    assert "Tournament 1, Attaxx round robin: round 2 of 3, 2 games to play." in out
    assert "Attaxx round robin is over." in out
    assert block(out, "Podium:", 3) == ["  1st Computer (hard) 3", "  2nd alice 2", "  3rd bob 1"]
    tournament, games = await tournament_games(db_path)
    assert tournament.status == "finished" and len(games) == 6 and all(g.status == "finished" for g in games)
    assert await local(db_path, "active_matches", LOCAL_GUILD) == []


async def test_the_set_up_refuses_what_cannot_be_played_and_goes_back(db_path):
    answers = ["tournament", "chess", "attaxx", "knockout", "back", "", "double", "alice", "hard, easy",
               "alice, hard, hard", "alice, computer expert", "alice, Alice", "back", "", "alice, bob", "7", "quit"]
    out, script = await tournament_run(db_path, answers)
    assert "There is no game 'chess': type its name or its number (1–6)." in out
    assert "There is no format 'knockout': choose swiss, round_robin or double." in out
    assert "A tournament needs at least 2 players." in out
    assert "One player at least must be a person: the first person named organises the tournament." in out
    assert "Each computer level plays once in a tournament: hard is named twice." in out
    assert "A computer plays at easy, medium, hard: type `hard`, say." in out
    assert "Alice is named twice: type each player once." in out
    assert script.prompts[-2:] == ["Rounds (1–20, or `back`) [1]: ", "alice (White) to move: "]
    assert "Tournament 1, Attaxx Swiss: alice, bob; 7 rounds. alice organises it." in out


async def test_the_menu_lists_tournament_in_its_help(db_path):
    out, _script = await tournament_run(db_path, ["attaxx", "ann", "bob", "", "quit"])
    out, _script = await tournament_run(db_path, ["help", "quit"])
    assert ("  tournament  set up a tournament of local players and computers, Swiss or round robin, and play it game "
            "after game (or go on with the one running)") in out
