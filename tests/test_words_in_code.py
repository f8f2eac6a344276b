"""How the code asks for words, checked over every module: nothing binds the name `_` where `_()`
translates (it would shadow it: an UnboundLocalError in one language path only), and no message is an
f-string or built by `+` inside a call (Babel's extractor could not see it, so no catalog would have it)."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("bot", "games", "rules", "renderers", "engines", "i18n")
WORDS = {"_": (0,), "N_": (0,), "ngettext": (0, 1), "pgettext": (1,), "npgettext": (1, 2)}
SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ListComp, ast.SetComp, ast.DictComp,
          ast.GeneratorExp, ast.ClassDef)


def modules() -> list[tuple[str, ast.Module]]:
    return [(path.relative_to(ROOT).as_posix(), ast.parse(path.read_text(encoding="utf-8")))
            for package in PACKAGES for path in sorted((ROOT / package).rglob("*.py"))]


def own_nodes(scope: ast.AST):
    """The nodes of a scope, not of the scopes nested in it (comprehensions have their own)."""
    for child in ast.iter_child_nodes(scope):
        yield child
        if not isinstance(child, SCOPES):
            yield from own_nodes(child)


def test_no_scope_that_translates_binds_the_underscore():
    wrong = []
    for where, module in modules():
        for scope in [module, *(n for n in ast.walk(module) if isinstance(n, SCOPES))]:
            nodes = list(own_nodes(scope))
            calls = any(isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "_"
                        for n in ast.walk(scope))
            binds = [n for n in nodes if isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Store)]
            if isinstance(scope, ast.Module):
                calls = calls and bool(binds)
            if calls and binds:
                wrong.append(f"{where}:{binds[0].lineno}")
    assert not wrong, "`_` bound where it translates (name it `_unused` or similar):\n" + "\n".join(wrong)


def test_every_message_is_a_literal_babel_can_read():
    wrong = []
    for where, module in modules():
        if where.startswith("i18n/"):
            continue
        for call in (n for n in ast.walk(module) if isinstance(n, ast.Call) and isinstance(n.func, ast.Name)):
            for index in WORDS.get(call.func.id, ()):
                if index < len(call.args) and isinstance(call.args[index], (ast.JoinedStr, ast.BinOp)):
                    wrong.append(f"{where}:{call.lineno} {call.func.id}(...)")
    assert not wrong, "messages Babel cannot extract (write one literal with {placeholders}):\n" + "\n".join(wrong)
