"""The shape of the code, as docs/architecture.md describes it: small modules, and no two modules that
import each other (directly or round a longer circle), so each can be read, and changed, on its own."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "games", "rules", "renderers", "engines", "i18n", "tests", "bench")
MOST_LINES = 500


def modules() -> dict[str, Path]:
    """Every module of ours by its dotted name (a package by its own name)."""
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imports(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The modules of ours that module `name` imports when it runs, anywhere in it (a function's too)."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    wanted: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):  # imports only type checkers read are no circle when the code runs
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            node.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            wanted.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:  # `from package import module` imports the module
                wanted.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    return {module for module in wanted if module in known and module != name}


def test_no_module_is_longer_than_most_lines():
    long = {name: n for name, path in modules().items() if (n := len(path.read_text(encoding="utf-8").splitlines())) > MOST_LINES}
    assert not long, f"modules over {MOST_LINES} lines (split them by what they hold): {long}"


def test_no_modules_import_each_other() -> None:
    known = modules()
    graph = {name: imports(name, path, known) for name, path in known.items()}
    circles = []
    done: set[str] = set()

    def walk(name: str, trail: list[str]) -> None:
        if name in trail:
            circles.append(" -> ".join([*trail[trail.index(name):], name]))
            return
        if name in done:
            return
        for other in sorted(graph[name]):
            walk(other, [*trail, name])
        done.add(name)

    for name in sorted(graph):
        walk(name, [])
    assert not circles, "modules that import each other:\n" + "\n".join(sorted(set(circles)))
