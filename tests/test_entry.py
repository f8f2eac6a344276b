"""`python -m bot`, as a newcomer runs it: without a token it explains what to do and exits cleanly."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def run_bot(cwd: Path, **env: str) -> subprocess.CompletedProcess:
    clean = {k: v for k, v in os.environ.items() if k not in {"DISCORD_TOKEN", "DATABASE_PATH"}}
    clean["PYTHONPATH"] = str(ROOT)
    return subprocess.run([sys.executable, "-m", "bot"], cwd=cwd, env=clean | env, stdin=subprocess.DEVNULL,
                          capture_output=True, text=True, timeout=60)


def test_without_a_token_it_explains_how_to_get_one_and_how_to_play_locally(tmp_path):
    result = run_bot(tmp_path)
    assert result.returncode == 0
    assert "DISCORD_TOKEN" in result.stdout and "Reset Token" in result.stdout
    assert "python -m bot.console" in result.stdout
    assert "Traceback" not in result.stderr


def test_a_token_in_dotenv_is_used(tmp_path):
    (tmp_path / ".env").write_text("DISCORD_TOKEN=not-a-real-token\nDISCORD_API_BASE=http://127.0.0.1:9/api/v10\n")
    result = run_bot(tmp_path)
    assert "No Discord token" not in result.stdout
    assert result.returncode == 1 and "Could not reach Discord" in result.stdout and "Traceback" not in result.stderr
    assert "not-a-real-token" not in result.stdout + result.stderr  # the token is never printed


def test_shard_settings_are_read_and_mistakes_explained(monkeypatch):
    from bot.config import Settings

    for name in ("SHARD_COUNT", "SHARD_IDS"):
        monkeypatch.delenv(name, raising=False)
    settings = Settings.from_env()
    assert (settings.shard_count, settings.shard_ids) == (None, None)  # as many as Discord recommends
    monkeypatch.setenv("SHARD_COUNT", "8")
    monkeypatch.setenv("SHARD_IDS", "0-2, 6")
    settings = Settings.from_env()
    assert (settings.shard_count, settings.shard_ids) == (8, (0, 1, 2, 6))
    for ids, why in [("8", "from 0 to 7"), ("1,1", "each shard once"), ("one", "like 0,1 or 0-3")]:
        monkeypatch.setenv("SHARD_IDS", ids)
        with pytest.raises(SystemExit, match=why):
            Settings.from_env()
    monkeypatch.delenv("SHARD_COUNT")
    monkeypatch.setenv("SHARD_IDS", "0")
    with pytest.raises(SystemExit, match="SHARD_IDS needs SHARD_COUNT"):
        Settings.from_env()


def test_a_wrong_shard_setting_stops_the_bot_with_a_sentence(tmp_path):
    result = run_bot(tmp_path, DISCORD_TOKEN="x", SHARD_COUNT="2", SHARD_IDS="2")
    assert result.returncode != 0 and "SHARD_IDS must name each shard once, from 0 to 1" in result.stderr
    assert "Traceback" not in result.stderr


async def test_a_database_that_cannot_be_opened_is_named_not_blamed_on_discord(tmp_path):
    import asyncio

    from tests.support.standin import StandIn

    standin = StandIn()
    await standin.start()
    try:
        result = await asyncio.to_thread(
            run_bot, tmp_path, DISCORD_TOKEN="test-token", DISCORD_API_BASE=standin.url,
            DISCORD_GATEWAY_URL=standin.gateway_url, DATABASE_URL="postgresql://nobody@127.0.0.1:9/boardgames")
    finally:
        await standin.stop()
    assert result.returncode == 1 and "Could not open the database that DATABASE_URL names" in result.stdout
    assert "Could not reach Discord" not in result.stdout and "Traceback" not in result.stderr
