"""The games' own words in the language of whoever reads them: a result's reason kept as its English
template with its arguments (in the position, which players of every language share, and in the
database), told in each reader's language with the sides named as the game calls them there; a move's
effect, a refusal and the rules likewise; English exactly as before."""
from __future__ import annotations

import sqlite3

import pytest

import i18n
from bot.db import SqliteStore
from bot.rulebook import player_count, rules_text
from bot.service import MatchService
from games import GAMES
from rules import Cause, IllegalMove, Outcome, State
from rules.permutation import ALL_WRITTEN
from tests.conftest import ALICE, BOB, CHANNEL, GUILD
from tests.support.catalogs import forget, ship
from tests.support.clock import Clock
from tests.support.old_schema import add_finished_match, migrated_to

GERMAN = {
    ("seat", "Light"): "Hell",
    ("seat", "Dark"): "Dunkel",
    "White": "Weiß",  # a side marked where the game names it, without the context: found all the same
    "{side} reached the {other_side} nest": "{side} hat das Nest von {other_side} erreicht",
    "{player} resigned": "{player} hat aufgegeben",
    "{square} holds an enemy token: a growth or a jump goes to an empty cell":
        "Auf {square} steht ein feindlicher Stein: Wachsen und Springen gehen nur auf ein leeres Feld",
    "• **Clone**: put a new piece on an empty square next to one of yours (diagonals count).":
        "• **Klonen**: setze einen neuen Stein auf ein leeres Feld neben einem deiner Steine (auch diagonal).",
    "**Notation**: {notation}": "**Notation**: {notation}",
    "**House rules**": "**Hausregeln**",
    " (default {value})": " (Standard {value})",
}
GERMAN_PLURALS = {
    ("{n} player", "{n} players"): ("{n} Spieler", "{n} Spieler"),
    ("growth, {n} flipped", "growth, {n} flipped"): ("Wachsen, {n} umgedreht", "Wachsen, {n} umgedreht"),
}
POLISH_PLURALS = {
    ("all {n} number written", "all {n} numbers written"):
        ("zapisano {n} liczbę", "zapisano wszystkie {n} liczby", "zapisano wszystkie {n} liczb"),
}


@pytest.fixture
def shipped(tmp_path, monkeypatch):
    """German and Polish catalogs of a few of the games' messages, the only languages besides English."""
    ship(monkeypatch, tmp_path / "locales", {"de": {**GERMAN, **GERMAN_PLURALS}, "pl": POLISH_PLURALS})
    yield
    forget()


def nest_reached() -> State:
    """Ikabegamá where Light grows onto d2, next to the Dark nest d3, and flips Dark's token there: Light wins."""
    return GAMES["ikabegama"].start(options={"size": 4, "light_nest": "d1", "dark_nest": "d3"}).play("d2")


def test_one_result_is_told_in_each_readers_language(shipped):
    outcome = nest_reached().outcome
    assert outcome.reason == "{side} reached the {other_side} nest", "the position keeps the English template"
    assert outcome.words == (("side", "Light"), ("other_side", "Dark"))
    assert outcome.reason_text() == "Light reached the Dark nest"
    with i18n.speaking("de"):
        assert outcome.reason_text() == "Hell hat das Nest von Dunkel erreicht", "the sides as German names them"
    with i18n.speaking("pl"):
        assert outcome.reason_text() == "Light reached the Dark nest", "a language without the message: English"
    resigned = Outcome.left(Cause.RESIGNATION, "bob", 2, (1,))
    with i18n.speaking("de"):
        assert resigned.reason_text() == "bob hat aufgegeben", "a player's name goes in as it is"
    assert resigned.reason_text() == "bob resigned"


def test_a_side_is_named_as_the_reader_calls_it(shipped):
    with i18n.speaking("de"):
        assert [GAMES["ikabegama"].seat_name(seat) for seat in range(2)] == ["Hell", "Dunkel"]
        assert GAMES["attaxx"].seat_name(0) == "Weiß", "a name translated without the context 'seat'"
        assert GAMES["attaxx"].seat_name(1) == "Black", "a name not translated yet stays English"
    assert GAMES["permutation"].seat_name(6) == "Seat 7"


def test_counts_take_each_languages_plural_forms(shipped):
    assert Outcome.ranked((30, 19), ALL_WRITTEN, n=7).reason_text() == "all 7 numbers written"
    with i18n.speaking("pl"):
        assert Outcome.ranked((30, 19), ALL_WRITTEN, n=7).reason_text() == "zapisano wszystkie 7 liczb"
        assert Outcome.ranked((30, 19), ALL_WRITTEN, n=22).reason_text() == "zapisano wszystkie 22 liczby"
    grown = nest_reached().last
    assert (grown.effect, grown.effect_text()) == ("growth, 1 flipped", "growth, 1 flipped")
    with i18n.speaking("de"):
        assert grown.effect_text() == "Wachsen, 1 umgedreht"
        assert grown.effect == "growth, 1 flipped", "the position keeps the English"


def test_a_refusal_is_in_the_language_of_whoever_moved(shipped):
    start = GAMES["ikabegama"].start(options={"size": 4, "light_nest": "d1", "dark_nest": "d3"})
    with i18n.speaking("de"), pytest.raises(IllegalMove) as refused:
        start.play("d3")
    assert str(refused.value) == "Auf d3 steht ein feindlicher Stein: Wachsen und Springen gehen nur auf ein leeres Feld"
    with pytest.raises(IllegalMove, match="^d3 holds an enemy token: a growth or a jump goes to an empty cell$"):
        start.play("d3")


def test_the_rules_are_translated_paragraph_by_paragraph(shipped):
    english = rules_text(GAMES["attaxx"])
    with i18n.speaking("de"):
        german = rules_text(GAMES["attaxx"])
        assert player_count(GAMES["attaxx"]) == "2 Spieler"
    assert german != english and german.count("\n") == english.count("\n")
    assert "• **Klonen**: setze einen neuen Stein" in german and "• **Clone**:" not in german
    assert "• **Jump**: move one of your pieces" in german, "a paragraph not translated yet stays English"
    assert "**Hausregeln**\n• A player with no legal move passes automatically." in german
    with i18n.speaking("de"):
        assert "(Standard 5)" in rules_text(GAMES["ikabegama"])


async def stored_reason(store: SqliteStore, match_id: int) -> tuple[str, str | None]:
    async with store.reading() as db:
        row = await db.one("SELECT reason, reason_words FROM matches WHERE id = ?", match_id)
        assert row is not None
        return row["reason"], row["reason_words"]


async def test_an_outcome_stored_in_sqlite_comes_back_with_its_words(shipped, db_path):
    store = await SqliteStore.open(db_path)
    try:
        service = MatchService(store, clock=Clock(), notes=False)
        made = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "ikabegama", [BOB],
                                                  {"size": 4, "light_nest": "d1", "dark_nest": "d3"})
        await service.challenges.accept(made.challenge.id, BOB)
        finished = (await service.play.move(CHANNEL, ALICE, "d2")).match
        assert finished.status == "finished" and finished.outcome == nest_reached().outcome
        assert await stored_reason(store, finished.id) == (
            "{side} reached the {other_side} nest", '[["side","Light"],["other_side","Dark"]]')

        service.context.positions.clear()  # as after a restart: the outcome is read from the database
        again = await service.get_match(finished.id)
        assert again.outcome == finished.outcome and again.state.outcome is not None
        assert again.state.outcome == again.outcome and not hasattr(again.state, "state"), \
            "the rules' own ending, not a position wrapped as ended early"
        assert again.outcome.reason_text() == "Light reached the Dark nest"
        with i18n.speaking("de"):
            assert again.outcome.reason_text() == finished.outcome.reason_text() == \
                "Hell hat das Nest von Dunkel erreicht"

        second = await service.challenges.challenge(GUILD, CHANNEL, ALICE, "attaxx", [BOB])
        await service.challenges.accept(second.challenge.id, BOB)
        resigned = (await service.resign(CHANNEL, BOB)).match
        assert await stored_reason(store, resigned.id) == ("{player} resigned", '[["player","bob"]]')
        service.context.positions.clear()
        read = (await service.get_match(resigned.id)).outcome
        assert read == resigned.outcome and read.reason_text() == "bob resigned"
    finally:
        await store.close()


async def test_a_reason_stored_before_its_words_were_kept_reads_as_written(shipped, db_path):
    """Migration 016: a match finished before keeps its reason, the whole English sentence, and no words
    (the matches are stored as an older bot stored them, then the store brings the file up to date)."""
    with sqlite3.connect(db_path) as db:
        migrated_to(db, 8)
        add_finished_match(db, 1, "attaxx", "bob resigned", [[0], [1]], [(ALICE.id, "alice", None), (BOB.id, "bob", None)],
                           GUILD)
        add_finished_match(db, 2, "attaxx", "Black has no pieces left", [[0], [1]],
                           [(ALICE.id, "alice", 3), (BOB.id, "bob", 0)], GUILD)
    store = await SqliteStore.open(db_path)
    try:
        service = MatchService(store, clock=Clock(), notes=False)
        for match_id, reason in ((1, "bob resigned"), (2, "Black has no pieces left")):
            outcome = (await service.get_match(match_id)).outcome
            assert (outcome.reason, outcome.words, outcome.reason_text()) == (reason, (), reason)
            assert await stored_reason(store, match_id) == (reason, None)
            with i18n.speaking("de"):
                assert outcome.reason_text() == reason, "a sentence no catalog has stays as written"
    finally:
        await store.close()

