"""The layout tells the architecture: the tally's modules read bottom-up, no file imports one that imports it back."""

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _imports(package: str) -> dict[str, set[str]]:
    graph = {}
    for path in (ROOT / package).glob("*.py"):
        deps = set()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 1:
                deps |= {node.module.split(".")[0]} if node.module else {a.name for a in node.names}
        graph[path.stem] = deps
    return graph


def _circle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}

    def visit(name, trail):
        state[name] = 1
        for dep in sorted(graph.get(name, ())):
            if state.get(dep) == 1:
                return [*trail[trail.index(dep):], dep] if dep in trail else [*trail, dep]
            if dep not in state and (found := visit(dep, [*trail, dep])):
                return found
        state[name] = 2
        return None

    for name in sorted(graph):
        if name not in state and (found := visit(name, [name])):
            return found
    return None


def test_the_circle_finder_finds_a_circle():
    assert _circle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _circle({"a": {"b"}, "b": set()}) is None


def test_no_module_of_the_tally_imports_one_that_imports_it_back():
    # Lazy imports inside functions count too: a circle hidden in a function is still a circle.
    assert _circle(_imports("tally")) is None


def test_the_tally_and_the_grammar_do_no_io():
    for package in ("tally", "grammar"):
        for path in (ROOT / package).glob("*.py"):
            names = {n.names[0].name.split(".")[0] if isinstance(n, ast.Import) else (n.module or "").split(".")[0]
                     for n in ast.walk(ast.parse(path.read_text("utf-8"))) if isinstance(n, (ast.Import, ast.ImportFrom))}
            assert not names & {"httpx", "selectolax", "sqlite_utils", "sqlite3", "scraper", "bansha"}, path
