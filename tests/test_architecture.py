"""The shape of the `build` package: no import cycle among its modules, no module over 300 lines (but the
listed ones), and a command line that lists every command."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from .conftest import ROOT

PACKAGE = ROOT / "build"
MAX_LINES = 300
#: Modules allowed over MAX_LINES, each with the reason (to be pruned as they are split).
#: modules allowed over MAX_LINES, each with the reason (none today)
LONG_MODULES: dict[str, str] = {}
#: every command of `python -m build`, in the order its help lists them
COMMANDS = ("build", "card", "push", "audit", "bench", "evaluate", "validate")


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def _runtime_imports(tree: ast.AST):
    """Every import statement: at module level, inside functions and classes, and under `if TYPE_CHECKING:`
    (a cycle only a type checker follows is still a cycle of the design)."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            yield node


def imports_of(name: str, path: Path, known: set[str]) -> set[str]:
    """The build modules `name` imports: `import build.x.y` -> build.x.y; `from .x import y` -> build.<pkg>.x.y
    when that is a module, else build.<pkg>.x (a package's `__init__` is the module of its package)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found: set[str] = set()
    for node in _runtime_imports(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names if alias.name in known)
            continue
        if node.level:
            base_parts = package[: len(package) - (node.level - 1)]
            base = ".".join(base_parts + (node.module.split(".") if node.module else []))
        else:
            base = node.module or ""
        if base not in known:
            continue
        for alias in node.names:
            found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base)
    found.discard(name)
    return found


def import_graph() -> dict[str, set[str]]:
    found = modules()
    known = set(found)
    return {name: imports_of(name, path, known) for name, path in found.items()}


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One cycle (as a chain a -> b -> ... -> a) per strongly connected component of more than one module."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[set[str]] = []

    def visit(v: str) -> None:  # Tarjan
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph.get(v, ())):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = set()
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.add(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(component)

    for v in sorted(graph):
        if v not in index:
            visit(v)
    cycles = []
    for component in components:
        start = min(component)
        # shortest path from start back to start inside the component
        previous = {start: None}
        queue = [start]
        while queue:
            v = queue.pop(0)
            for w in sorted(graph[v] & component):
                if w == start:
                    chain = [v]
                    while previous[chain[-1]] is not None:
                        chain.append(previous[chain[-1]])
                    cycles.append([*reversed(chain), start])
                    queue = []
                    break
                if w not in previous:
                    previous[w] = v
                    queue.append(w)
    return cycles


def test_imports_of_resolves_every_form(tmp_path):
    known = {"build", "build.config", "build.pkg", "build.pkg.x", "build.pkg.y", "build.other", "build.typed"}
    init = tmp_path / "__init__.py"
    init.write_text("from . import x\nfrom .y import thing\n")
    assert imports_of("build.pkg", init, known) == {"build.pkg.x", "build.pkg.y"}
    module = tmp_path / "y.py"
    module.write_text(
        "from typing import TYPE_CHECKING\nimport json\nfrom .. import config\nfrom ..pkg import x\n"
        "from build import VERSION\nif TYPE_CHECKING:\n    from .. import typed\n"
        "def f():\n    import build.other\n"
    )
    # a type-only import counts
    assert imports_of("build.pkg.y", module, known) == {
        "build.config",
        "build.pkg.x",
        "build",
        "build.other",
        "build.typed",
    }


def test_the_import_graph_of_build():
    graph = import_graph()
    assert "build.pipeline" in graph["build"]  # a package __init__ re-export
    assert "build.config" in graph["build.cli_build"]  # module level
    assert "build.qa.bench" in graph["build.cli_qa"]  # inside a function
    assert "build.pipeline" in graph["build.cli_build"]


def test_find_cycles_names_the_chain():
    assert find_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert find_cycles({"a": {"b"}, "b": set()}) == []


def test_no_import_cycle_among_build_modules():
    cycles = find_cycles(import_graph())
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(chain) for chain in cycles)


def test_bench_does_not_import_the_command_line():
    graph = import_graph()
    assert "build.cli" not in graph["build.qa.bench"]
    assert not any("build.cli" in imported for name, imported in graph.items() if name != "build.__main__")


def test_no_module_over_300_lines_but_the_listed_ones():
    lengths = {
        path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in modules().values()
    }
    over = {path: n for path, n in lengths.items() if n > MAX_LINES}
    assert set(over) - set(LONG_MODULES) == set(), f"modules over {MAX_LINES} lines: {over}"
    stale = [path for path in LONG_MODULES if lengths.get(path, 0) <= MAX_LINES]
    assert not stale, f"no longer over {MAX_LINES} lines (drop from LONG_MODULES): {stale}"


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_has_help(command, capsys):
    # in process: `python -m build --help` itself is run in a child process by tests/test_cli.py
    from build.cli import main

    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith(f"usage: python -m build {command} ")


def test_the_help_lists_exactly_the_commands(capsys):
    from build.cli import main

    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    out = capsys.readouterr().out
    section = out[out.index("\ncommands:\n") :]
    # a command's line is indented four spaces; its help's continuation lines further
    assert tuple(re.findall(r"^    (\w+)", section, flags=re.M)) == COMMANDS


def test_the_architecture_doc_names_every_module():
    doc = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    section = doc[doc.index("\n## Architecture\n") + 1 :]
    section = section[: section.find("\n## ", 3)] if "\n## " in section[3:] else section
    missing = [
        path.relative_to(ROOT / "build").as_posix()
        for path in sorted((ROOT / "build").rglob("*.py"))
        if path.name not in ("__init__.py", "__main__.py") and not re.search(rf"[`/]{re.escape(path.name)}`", section)
    ]
    assert missing == []
