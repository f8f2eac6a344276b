"""Every file, module and name the code and the docs point a reader at exists: a reference to a file that
moved, or to notes kept outside the project, fails here."""
from __future__ import annotations

import ast
import importlib
import io
import re
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SKIPPED = {".git", ".venv", "__pycache__", "build", "dist", ".pytest_cache", ".ruff_cache", ".hypothesis"}
PATH = re.compile(r"(?<![\w./-])((?:[\w-]+/)*[\w-]+\.(?:md|py|sql|toml|json|txt|ttf|otf))(?![\w/])")
MODULE = re.compile(r"(?<![\w./])((?:bot|rules|renderers|engines|games|tests|bench)(?:\.[A-Za-z_]\w*)+)")
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")
OUTSIDE = ("http://", "https://", "mailto:")
NOT_FILES = {"discord.py"}  # the library's name
# the files docs/adding-a-game.md has its reader create, for its example game
EXAMPLE_FILES = {"rules/noughts.py", "renderers/noughts.py", "tests/test_noughts.py", "engines/games/noughts.py"}
EXAMPLE_NAMES = ("rules.noughts", "renderers.noughts", "engines.games.noughts")  # ...and its modules, as named there
FILE_ENDINGS = {"py", "md", "sql", "sqlite3", "log", "png", "gif", "json", "toml", "txt", "env"}


def prose(path: Path) -> str:
    """What a reader reads of a file: all of a Markdown file, a Python file's docstrings and comments."""
    text = path.read_text(encoding="utf-8")
    if path.suffix != ".py":
        return text
    tree = ast.parse(text)
    docs = [ast.get_docstring(node, clean=False) or "" for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)]
    comments = [token.string for token in tokenize.generate_tokens(io.StringIO(text).readline)
                if token.type == tokenize.COMMENT]
    return "\n".join(docs + comments)


def sources() -> list[Path]:
    found = []
    for path in ROOT.rglob("*"):
        if path.suffix in {".py", ".md"} and not SKIPPED & set(path.relative_to(ROOT).parts):
            found.append(path)
    return sorted(found)


def file_exists(reference: str, where: Path) -> bool:
    """A path as written: from the project's root, from the referring file's folder, or a file named
    by itself that exists somewhere in the project (a module named in passing, "theme.py")."""
    if reference in NOT_FILES or (ROOT / reference).exists() or (where.parent / reference).exists():
        return True
    if "/" not in reference:
        return any(not SKIPPED & set(p.relative_to(ROOT).parts) for p in ROOT.rglob(reference))
    return False


def name_exists(dotted: str) -> bool:
    """`bot.service.MatchService`, `rules.contract.Hooks`: the longest importable module, then attributes."""
    parts = dotted.split(".")
    if parts[-1] in FILE_ENDINGS:  # a file's name ("bot.log"), not a module
        return True
    for cut in range(len(parts), 0, -1):
        try:
            found = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attribute in parts[cut:]:
            if not hasattr(found, attribute):
                return False
            found = getattr(found, attribute)
        return True
    return False


def test_every_reference_resolves():
    broken = []
    for path in sources():
        text = prose(path)
        where = path.relative_to(ROOT)
        for reference in PATH.findall(text):
            if reference in EXAMPLE_FILES and where.as_posix() == "docs/adding-a-game.md":
                continue
            if not file_exists(reference, path):
                broken.append(f"{where}: file {reference}")
        for link in LINK.findall(text) if path.suffix == ".md" else ():
            if not link.startswith(OUTSIDE) and not (path.parent / link).exists():
                broken.append(f"{where}: link {link}")
        for dotted in MODULE.findall(text):
            if dotted.startswith(EXAMPLE_NAMES) and where.as_posix() == "docs/adding-a-game.md":
                continue
            if not name_exists(dotted.rstrip(".")):
                broken.append(f"{where}: name {dotted}")
    assert not broken, "references to nothing:\n" + "\n".join(sorted(set(broken)))
