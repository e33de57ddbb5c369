"""The package's shape: layers import only downward, no module imports itself back through others, and
the gate is policy arithmetic that imports no language rule.

Layers, lowest first (docs/architecture.md): core < text < signals, ingest < backends < engine < evaluation
< interfaces. A module may import its own layer and the layers below; `signals` and `ingest` stand side by
side and do not import each other.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "answerable"

LAYERS = {
    "core": 0,
    "text": 1,
    "signals": 2,
    "ingest": 2,
    "backends": 3,
    "engine": 4,
    "evaluation": 5,
    "interfaces": 6,
}
TOP = 7  # the package's own __init__ (the public API) and __main__


def _module(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every `answerable...` module a file imports, at any depth (function-level imports count)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            if node.module.split(".")[0] == "answerable":
                found.add(node.module)
                found.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            found.update(a.name for a in node.names if a.name.split(".")[0] == "answerable")
    return found


def _graph() -> dict[str, set[str]]:
    files = {_module(p): p for p in PACKAGE.rglob("*.py")}
    return {mod: {i for i in _imports(path) if i in files and i != mod} for mod, path in files.items()}


def layer(module: str) -> int:
    parts = module.split(".")
    return LAYERS[parts[1]] if len(parts) > 1 and parts[1] in LAYERS else TOP


GRAPH = _graph()


def test_every_module_belongs_to_a_layer() -> None:
    loose = [m for m in GRAPH if layer(m) == TOP and m not in ("answerable", "answerable.__main__")]
    assert loose == []


@pytest.mark.parametrize("module", sorted(GRAPH))
def test_imports_only_its_own_layer_or_lower(module: str) -> None:
    mine = layer(module)
    side = module.split(".")[1] if "." in module else ""
    wrong = []
    for target in GRAPH[module]:
        theirs = layer(target)
        other = target.split(".")[1] if "." in target else ""
        if theirs > mine or (theirs == mine and {side, other} == {"signals", "ingest"}):
            wrong.append(target)
    assert wrong == [], f"{module} imports a higher or side layer: {sorted(wrong)}"


def test_no_import_cycles() -> None:
    done: set[str] = set()
    cycles: list[list[str]] = []

    def visit(node: str, stack: list[str]) -> None:
        if node in stack:
            cycles.append([*stack[stack.index(node) :], node])
            return
        if node in done:
            return
        for nxt in sorted(GRAPH[node]):
            # a package importing its own submodules (an __init__ re-exporting) is no cycle of behaviour
            if nxt.startswith(node + "."):
                continue
            visit(nxt, [*stack, node])
        done.add(node)

    for module in sorted(GRAPH):
        visit(module, [])
    assert cycles == []


def test_the_gate_imports_no_language_rule() -> None:
    for module in ("answerable.core.gate", "answerable.core.assess"):
        assert not {m for m in GRAPH[module] if layer(m) > LAYERS["core"]}
