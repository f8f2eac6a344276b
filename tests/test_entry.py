"""`python -m bot`, as a newcomer runs it: without a token it explains what to do and exits cleanly."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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
