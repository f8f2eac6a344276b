"""The service's words in the language of whoever reads them: a refusal in the asker's language, a
computer's name and a record in the reader's (the stored names staying English), a place in the line of
heavy work as each language writes it; English exactly as before."""
from __future__ import annotations

import pytest

import i18n
from bot.errors import NotAllowed
from bot.models import Match, MatchStatus, Standing, computer
from bot.service.checks import mover_seat
from bot.work import Kind, Limit, Limits, Owner, ordinal
from games import GAMES
from tests.conftest import ALICE, BOB
from tests.support.catalogs import forget, ship

GERMAN = {
    "It's not your turn: {player} is to move.": "Du bist nicht am Zug: {player} ist am Zug.",
    "Computer ({level})": "Computer ({level})",
    ("computer level", "hard"): "schwer",
    "Your analysis of match #{match} is still being made: one at a time. Ask again once it is posted.":
        "Deine Analyse von Partie #{match} wird noch erstellt: eine nach der anderen. Frag wieder, wenn sie da ist.",
    ("place in line", "3rd"): "3.",
    ("place in line", "{place}th"): "{place}.",
}
POLISH_RECORD = (("{n} game · {wins}W {losses}L {draws}D", "{n} games · {wins}W {losses}L {draws}D"),
                 ("{n} gra · {wins}W {losses}P {draws}R", "{n} gry · {wins}W {losses}P {draws}R",
                  "{n} gier · {wins}W {losses}P {draws}R"))


@pytest.fixture
def shipped(tmp_path, monkeypatch):
    """German and Polish catalogs of a few of the service's messages, the only languages besides English."""
    ship(monkeypatch, tmp_path, {"de": GERMAN, "pl": {POLISH_RECORD[0]: POLISH_RECORD[1]}})
    yield
    forget()


def match_of(*seats) -> Match:
    rules = GAMES["attaxx"]
    options = rules.resolve_options({})
    return Match(1, 10, 20, "attaxx", options, 7, tuple(seats), rules.start(len(seats), options, 7), MatchStatus.ACTIVE,
                 3600, None, None, ())


def test_a_refusal_is_in_the_language_of_whoever_asked(shipped):
    match = match_of(ALICE, BOB)
    with i18n.speaking("de"), pytest.raises(NotAllowed, match="^Du bist nicht am Zug: alice ist am Zug.$"):
        mover_seat(match, BOB)
    with pytest.raises(NotAllowed, match="^It's not your turn: alice is to move.$"):
        mover_seat(match, BOB)


def test_a_computer_is_named_in_the_readers_language_and_stored_in_english(shipped):
    hard = computer("hard")
    match = match_of(ALICE, hard)
    with i18n.speaking("de"):
        assert match.names == ["alice", "Computer (schwer)"]
        assert hard.shown == "Computer (schwer)" and hard.name == "Computer (hard)"  # the name kept in the store
    assert match.names == ["alice", "Computer (hard)"]


def test_a_record_takes_each_of_polish_plural_forms(shipped):
    def record(games: int) -> str:
        return Standing(ALICE, "attaxx", 1500.0, 80.0, games, 0, 0).record
    with i18n.speaking("pl"):
        assert [record(n) for n in (1, 3, 5, 22)] == ["1 gra · 1W 0P 0R", "3 gry · 3W 0P 0R", "5 gier · 5W 0P 0R",
                                                      "22 gry · 22W 0P 0R"]
    assert [record(n) for n in (1, 3)] == ["1 game · 1W 0L 0D", "3 games · 3W 0L 0D"]


async def test_the_line_refuses_and_counts_places_in_the_askers_language(shipped):
    limits = Limits({Kind.ANALYSIS: Limit(1, 3, "analysis")})
    async with limits.job(Kind.ANALYSIS, Owner(1, 10), 4):
        with i18n.speaking("de"), pytest.raises(NotAllowed, match="^Deine Analyse von Partie #4 wird noch erstellt"):
            async with limits.job(Kind.ANALYSIS, Owner(1, 10), 5):
                pass
    with i18n.speaking("de"):
        assert [ordinal(n) for n in (3, 12)] == ["3.", "12."]
    assert [ordinal(n) for n in (3, 12, 21)] == ["3rd", "12th", "21st"]
