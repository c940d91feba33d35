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


HOUSE = ("grammar", "tally", "scraper", "bansha")


def _house() -> dict[str, set[str]]:
    """Every module of the house by its dotted name → the modules of the house it imports (lazy imports inside
    functions and TYPE_CHECKING ones too). A package's own __init__ is a module like any other."""
    modules = {}
    for package in HOUSE:
        for path in (ROOT / package).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph = {}
    for name, path in modules.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        deps = set()
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = ".".join(here[:len(here) - node.level + 1] + ([node.module] if node.module else [])) if node.level \
                    else node.module or ""
                targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in modules else base for a in node.names]
            else:
                continue
            for target in targets:
                while target and target not in modules:
                    target = target.rpartition(".")[0]
                if target and target != name:
                    deps.add(target)
        graph[name] = deps
    return graph


def test_the_house_finder_sees_every_package_and_a_known_edge():
    graph = _house()
    assert {"grammar.ballot", "tally.day", "scraper.client", "bansha.poll", "bansha.demo.forum.shared"} <= set(graph)
    assert "bansha.pipeline" in graph["bansha.poll"] and "tally.day" in graph["bansha.pipeline"]


def test_no_module_anywhere_in_the_house_imports_one_that_imports_it_back():
    """Issue 43, 4: the demo forum's rooms took _frame, _Session and _ajax from each other, and the client and the
    media module each took from the other; the shared pieces now live in one module both sides import."""
    assert _circle(_house()) is None


def test_the_tally_and_the_grammar_do_no_io():
    for package in ("tally", "grammar"):
        for path in (ROOT / package).glob("*.py"):
            names = {n.names[0].name.split(".")[0] if isinstance(n, ast.Import) else (n.module or "").split(".")[0]
                     for n in ast.walk(ast.parse(path.read_text("utf-8"))) if isinstance(n, (ast.Import, ast.ImportFrom))}
            assert not names & {"httpx", "selectolax", "sqlite_utils", "sqlite3", "scraper", "bansha"}, path
