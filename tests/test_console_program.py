"""The console as a program: where it keeps its matches (the SQLite file the environment names, or
PostgreSQL when DATABASE_URL is set), who its local players are, the language it speaks, and
`python -m bot.console`."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import i18n
from bot.console.cli import environment_language, main
from bot.console.matches import LOCAL_CHANNEL
from bot.console.setup import local_player
from bot.db import open_store
from bot.service import MatchService
from tests.support.catalogs import forget, ship
from tests.support.postgres import empty_database
from tests.test_console import SETUP, STOPPED, Script


async def test_database_path_comes_from_the_environment_unless_given(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "env" / "bot.sqlite3"))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    out: list[str] = []
    await main([], input_fn=Script([]), print_fn=out.append)
    assert (tmp_path / "env" / "bot.sqlite3").exists() and out[-1].startswith("Stopped.")


async def test_with_database_url_the_console_plays_on_postgresql(tmp_path, monkeypatch, postgres_server) -> None:
    monkeypatch.setenv("DATABASE_PATH", str(tmp_path / "bot.sqlite3"))
    async with empty_database(postgres_server) as url:
        monkeypatch.setenv("DATABASE_URL", url)
        out: list[str] = []
        await main([], input_fn=Script(SETUP + ["a6", "quit"]), print_fn=out.append)
        assert out[0].startswith("Local play on PostgreSQL") and not (tmp_path / "bot.sqlite3").exists()
        store = await open_store(url)
        try:
            match = await MatchService(store).latest(LOCAL_CHANNEL)
            assert match.moves == ("a6",) and match.status == "active"
        finally:
            await store.close()


def test_local_players_have_stable_negative_ids():
    alice = local_player("  Alice ")
    assert alice.name == "Alice" and alice.id < 0
    assert local_player("alice").id == alice.id != local_player("bob").id
    assert alice.id >= -(2**63)


def test_python_dash_m_runs_and_ends_quietly_at_end_of_input(tmp_path):
    db = tmp_path / "cli.sqlite3"
    done = subprocess.run([sys.executable, "-m", "bot.console", "--db", str(db)], input="attaxx\nann\nben\n\nd4\na6\n",
                          capture_output=True, text=True, timeout=60, cwd=Path(__file__).parents[1])
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "d4 is not next to any of your pieces" in done.stdout and "ann (White) played a6: clone." in done.stdout
    assert done.stdout.rstrip().endswith(STOPPED)
    assert len(list((tmp_path / "boards").glob("local-1-*-1.png"))) == 1


GERMAN = {
    "Local play on {place}: same games, ratings and history as the bot (server \"local\").":
        "Lokales Spiel auf {place}: dieselben Spiele, Wertungen und Partien wie beim Bot (Server \"local\").",
    STOPPED: "Angehalten. Laufende Partien bleiben gespeichert: `python -m bot.console` erneut starten, um sie "
             "fortzusetzen.",
    "Play the bot's games locally at one terminal, on the bot's database.":
        "Die Spiele des Bots lokal an einem Terminal spielen, auf der Datenbank des Bots.",
}
LANGUAGE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def german(tmp_path, monkeypatch):
    """A German catalog of a few of the console's messages, the only language shipped besides English."""
    ship(monkeypatch, tmp_path / "locales", {"de": GERMAN})
    for name in LANGUAGE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    yield
    forget()


async def said(tmp_path, *argv: str) -> list[str]:
    """What the console says on the command line `argv`, stopping at its first question."""
    out: list[str] = []
    assert await main(["--db", str(tmp_path / "bot.sqlite3"), *argv], input_fn=Script([]), print_fn=out.append) == 0
    assert i18n.current() == "en", "the language stays the console's"
    return out


async def test_lang_on_the_command_line_chooses_the_language(tmp_path, german, monkeypatch) -> None:
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    out = await said(tmp_path, "--lang", "de")
    assert out[0] == f"Lokales Spiel auf {tmp_path / 'bot.sqlite3'}: dieselben Spiele, Wertungen und Partien wie " \
                     "beim Bot (Server \"local\")."
    assert out[-1] == GERMAN[STOPPED]


async def test_the_environment_chooses_the_language_as_gettext_reads_it(tmp_path, german, monkeypatch) -> None:
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert (await said(tmp_path))[-1] == GERMAN[STOPPED]
    assert (await said(tmp_path, "--lang", "en"))[-1] == STOPPED, "--lang before the environment"
    monkeypatch.setenv("LC_ALL", "C.UTF-8")
    assert (await said(tmp_path))[-1] == STOPPED, "LC_ALL before LANG, and C is English"
    monkeypatch.setenv("LANGUAGE", "fr:de")
    assert (await said(tmp_path))[-1] == GERMAN[STOPPED], "LANGUAGE first, its first language spoken here"
    assert environment_language({"LANGUAGE": "", "LC_MESSAGES": "pt_BR.UTF-8", "LANG": "de_DE"}) == "en"


async def test_an_unknown_language_falls_back_to_english(tmp_path, german, monkeypatch) -> None:
    monkeypatch.setenv("LANG", "xx_YY.UTF-8")
    out = await said(tmp_path)
    assert out[0].startswith("Local play on ") and out[-1] == STOPPED
    out = await said(tmp_path, "--lang", "xx")
    assert out[0] == "There is no 'xx' here: the console speaks en, de. It goes on in English."
    assert out[1].startswith("Local play on ") and out[-1] == STOPPED


async def test_help_is_in_the_language_asked_for_and_lists_the_languages(german, capsys) -> None:
    with pytest.raises(SystemExit) as stopped:
        await main(["--lang", "de", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert stopped.value.code == 0 and GERMAN["Play the bot's games locally at one terminal, on the bot's database."] in shown
    assert "--lang CODE" in shown and "en (English), de (Deutsch)" in shown
