"""The console as a program: where it keeps its matches (the SQLite file the environment names, or
PostgreSQL when DATABASE_URL is set), who its local players are, and `python -m bot.console`."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from bot.console.cli import main
from bot.console.matches import LOCAL_CHANNEL
from bot.console.setup import local_player
from bot.db import open_store
from bot.service import MatchService
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
    done = subprocess.run([sys.executable, "-m", "bot.console", "--db", str(db)], input="attaxx\nann\nben\nd4\na6\n",
                          capture_output=True, text=True, timeout=60, cwd=Path(__file__).parents[1])
    assert done.returncode == 0 and "Traceback" not in done.stderr
    assert "d4 is not next to any of your pieces" in done.stdout and "ann (White) played a6: clone." in done.stdout
    assert done.stdout.rstrip().endswith(STOPPED)
    assert len(list((tmp_path / "boards").glob("local-1-*-1.png"))) == 1
