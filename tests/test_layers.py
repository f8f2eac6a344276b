"""The layers of docs/architecture.md, as imports: each package imports only the layers above it, so the
rules stay pure, the service knows nothing of Discord and a second adapter (the console) needs nothing
of the first."""
from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
STDLIB = set(sys.stdlib_module_names) | {"__future__"}

# which top-level modules code under each folder may import, besides the standard library
ALLOWED = {
    "i18n": {"i18n", "babel"},
    "rules": {"rules", "i18n"},
    "engines": {"rules", "engines", "numpy", "i18n"},
    "renderers": {"rules", "renderers", "PIL", "i18n"},
    "games": {"rules", "engines", "renderers", "games", "PIL", "i18n"},
    "bot": {"rules", "engines", "renderers", "games", "bot", "aiosqlite", "asyncpg", "PIL", "i18n"},
}
TOURNAMENTS = "bot/tournaments"  # pure: pairing by caissify_pairings, no store, no Discord
PURE_TOURNAMENTS = {"rules", "games", "i18n", "caissify_pairings"}
PLAIN_VALUES = ("bot.models", "bot.tournaments")  # what bot/tournaments may use of the bot
ADAPTER = "bot/discord"  # the only place that may import discord.py...
ENTRY = "bot/__main__.py"  # ...besides `python -m bot`, which starts it (or explains how to get a token)


def imported(path: Path) -> set[str]:
    """The modules a file imports, by their full dotted name (relative imports resolved)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def files(folder: str) -> list[Path]:
    return sorted((ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("folder", sorted(ALLOWED))
def test_each_layer_imports_only_the_layers_above_it(folder):
    wrong = []
    for path in files(folder):
        where = path.relative_to(ROOT).as_posix()
        adapter = where.startswith(ADAPTER) or where == ENTRY
        allowed = ALLOWED[folder] | ({"discord", "yarl", "aiohttp", "uvloop"} if adapter else set())
        allowed |= {"caissify_pairings"} if where.startswith(TOURNAMENTS) else set()
        for name in imported(path):
            top = name.partition(".")[0]
            if top not in STDLIB and top not in allowed:
                wrong.append(f"{where} imports {name}")
    assert not wrong, "imports across the layers:\n" + "\n".join(wrong)


def test_the_console_and_the_service_do_not_import_the_discord_adapter():
    wrong = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in files("bot") if not path.relative_to(ROOT).as_posix().startswith((ADAPTER, ENTRY))
        for name in imported(path) if name == "bot.discord" or name.startswith("bot.discord.")
    ]
    assert not wrong, "\n".join(wrong)


def test_the_tournament_core_stays_pure():
    """Pairing, scores and standings are values and functions: the store, the service and the
    adapters use them, never the other way round."""
    wrong = [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in files(TOURNAMENTS) for name in imported(path)
        if name.partition(".")[0] not in STDLIB | PURE_TOURNAMENTS and not name.startswith(PLAIN_VALUES)
    ]
    assert not wrong, "\n".join(wrong)
