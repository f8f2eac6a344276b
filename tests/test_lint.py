"""The whole tree passes ruff with the configuration in pyproject.toml, so that CI (which runs only
pytest) fails on a lint finding as it does on a failing test."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_ruff_finds_nothing():
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "--no-cache", str(ROOT)], cwd=ROOT,
                            capture_output=True, text=True)
    assert result.returncode == 0, f"ruff check failed:\n{result.stdout}{result.stderr}"


def test_mypy_finds_nothing():
    """The type checker, over the whole tree with the configuration in pyproject.toml: the annotations
    are checked, not only written."""
    result = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, f"mypy found errors:\n{result.stdout}{result.stderr}"
