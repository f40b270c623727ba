"""The shape of the `build` package: no import cycle among its modules, no import up the stage line, no module
past a sanity bound of 600 lines, and a command line that lists every command."""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence
from fnmatch import fnmatchcase
from pathlib import Path

import pytest

from .conftest import ROOT

PACKAGE = ROOT / "fqa_build"
#: a sanity bound, not a target: modules are split by what they are about (one concept a module), and a module
#: this long is a sign of two concepts in one, not a reason to cut one concept in two
MAX_LINES = 600
#: every command of `python -m fqa_build`, in the order its help lists them
COMMANDS = ("build", "policy", "card", "push", "audit", "bench", "evaluate", "validate")
#: The stage line, first to last: each layer's modules (fnmatch patterns) may import their own layer's and the
#: layers before it, never a later one (a stage runs no code of a stage after it). The shared leaves come first;
#: the evaluator (`checks`) reads released folders; the executors run the stages' parallel parts; the pipeline runs
#: the stages on an executor; the commands sit on top.
STAGE_LINE: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "shared",
        (
            "fqa_build.types",
            "fqa_build.labels",
            "fqa_build.text",
            "fqa_build.hashing",
            "fqa_build.timings",
            "fqa_build.reasons",
            "fqa_build.sentences",
            "fqa_build.config",
            "fqa_build.forking",
            "fqa_build.asked",
            "fqa_build.halves",
            "fqa_build.stage",
            "fqa_build.version",
            "fqa_build.lexicons",
            "fqa_build.lexicons.*",
            "fqa_build.gazetteers",
            "fqa_build.gazetteers.*",
            "fqa_build.facts",
            "fqa_build.facts.*",
        ),
    ),
    ("read", ("fqa_build.read", "fqa_build.read.*")),
    ("ner", ("fqa_build.ner", "fqa_build.ner.*")),
    ("bank", ("fqa_build.bank", "fqa_build.bank.*")),
    ("swap", ("fqa_build.swap", "fqa_build.swap.*")),
    ("release", ("fqa_build.release", "fqa_build.release.*")),
    ("checks", ("fqa_build.checks", "fqa_build.checks.*")),
    ("executors", ("fqa_build.engines", "fqa_build.engines.*")),
    ("pipeline", ("fqa_build.pipeline",)),
    (
        "commands",
        (
            "fqa_build",
            "fqa_build.__main__",
            "fqa_build.process",
            "fqa_build.cli*",
            "fqa_build.bench",
            "fqa_build.bench.*",
            "fqa_build.publish",
            "fqa_build.publish.*",
        ),
    ),
)


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
    """The build modules `name` imports: `import fqa_build.x.y` -> fqa_build.x.y; `from .x import y` -> build.<pkg>.x.y
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


def stage_of(module: str, line: Sequence[tuple[str, Sequence[str]]] = STAGE_LINE) -> int | None:
    """The position on `line` of the layer `module` belongs to (its first matching pattern), None if none."""
    for position, (_, patterns) in enumerate(line):
        if any(fnmatchcase(module, pattern) for pattern in patterns):
            return position
    return None


def upward_imports(graph: dict[str, set[str]], line: Sequence[tuple[str, Sequence[str]]] = STAGE_LINE) -> list[str]:
    """Every import of `graph` that goes up `line` (to a later layer than the importer's), as "a (layer) ->
    b (layer)", sorted."""
    found = []
    for name in sorted(graph):
        own = stage_of(name, line)
        for imported in sorted(graph[name]):
            theirs = stage_of(imported, line)
            if own is not None and theirs is not None and theirs > own:
                found.append(f"{name} ({line[own][0]}) -> {imported} ({line[theirs][0]})")
    return found


def test_imports_of_resolves_every_form(tmp_path):
    known = {
        "fqa_build",
        "fqa_build.config",
        "fqa_build.pkg",
        "fqa_build.pkg.x",
        "fqa_build.pkg.y",
        "fqa_build.other",
        "fqa_build.typed",
    }
    init = tmp_path / "__init__.py"
    init.write_text("from . import x\nfrom .y import thing\n")
    assert imports_of("fqa_build.pkg", init, known) == {"fqa_build.pkg.x", "fqa_build.pkg.y"}
    module = tmp_path / "y.py"
    module.write_text(
        "from typing import TYPE_CHECKING\nimport json\nfrom .. import config\nfrom ..pkg import x\n"
        "from fqa_build import VERSION\nif TYPE_CHECKING:\n    from .. import typed\n"
        "def f():\n    import fqa_build.other\n"
    )
    # a type-only import counts
    assert imports_of("fqa_build.pkg.y", module, known) == {
        "fqa_build.config",
        "fqa_build.pkg.x",
        "fqa_build",
        "fqa_build.other",
        "fqa_build.typed",
    }


def test_the_import_graph_of_build():
    graph = import_graph()
    assert "fqa_build.pipeline" in graph["fqa_build"]  # a package __init__ re-export
    assert "fqa_build.config" in graph["fqa_build.cli_build"]  # module level
    assert "fqa_build.bench.bench" in graph["fqa_build.cli_checks"]  # inside a function
    assert "fqa_build.pipeline" in graph["fqa_build.cli_build"]


def test_find_cycles_names_the_chain():
    assert find_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c", "a"]]
    assert find_cycles({"a": {"b"}, "b": set()}) == []


def test_every_module_is_on_the_stage_line():
    assert [name for name in modules() if stage_of(name) is None] == []


def test_upward_imports_finds_an_import_up_the_line():
    line = (("leaf", ("fqa_build.text",)), ("bank", ("fqa_build.bank.*",)), ("swap", ("fqa_build.swap.*",)))
    graph = {
        "fqa_build.bank.lexicon": {"fqa_build.text", "fqa_build.swap.match"},
        "fqa_build.swap.match": {"fqa_build.bank.lexicon"},
    }
    assert upward_imports(graph, line) == ["fqa_build.bank.lexicon (bank) -> fqa_build.swap.match (swap)"]
    assert upward_imports({"fqa_build.swap.match": {"fqa_build.bank.lexicon", "fqa_build.text"}}, line) == []


def test_an_import_inside_a_function_up_the_line_is_found(tmp_path):
    # a deliberate upward import, as a stage module would write it: inside a function, from the next stage
    module = tmp_path / "stage.py"
    module.write_text(
        "def warm_up():\n    from ..swap.components.made_towns import locality\n\n    locality.points_of('Paris')\n"
    )
    known = set(modules())
    graph = {"fqa_build.bank.stage": imports_of("fqa_build.bank.stage", module, known)}
    assert upward_imports(graph) == [
        "fqa_build.bank.stage (bank) -> fqa_build.swap.components.made_towns.locality (swap)"
    ]


def test_no_import_goes_up_the_stage_line():
    upward = upward_imports(import_graph())
    assert not upward, "imports up the stage line:\n" + "\n".join(upward)


def test_no_import_cycle_among_build_modules():
    cycles = find_cycles(import_graph())
    assert not cycles, "import cycles:\n" + "\n".join(" -> ".join(chain) for chain in cycles)


def test_bench_does_not_import_the_command_line():
    graph = import_graph()
    assert "fqa_build.cli" not in graph["fqa_build.bench.bench"]
    assert not any("fqa_build.cli" in imported for name, imported in graph.items() if name != "fqa_build.__main__")


def test_no_module_past_the_sanity_bound():
    lengths = {
        path.relative_to(ROOT).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in modules().values()
    }
    over = {path: n for path, n in lengths.items() if n > MAX_LINES}
    assert not over, f"modules over {MAX_LINES} lines (two concepts in one?): {over}"


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_has_help(command, capsys):
    # in process: `python -m fqa_build --help` itself is run in a child process by tests/test_cli.py
    from fqa_build.cli import main

    with pytest.raises(SystemExit) as done:
        main([command, "--help"])
    assert done.value.code == 0
    assert capsys.readouterr().out.startswith(f"usage: python -m fqa_build {command} ")


def test_the_help_lists_exactly_the_commands(capsys):
    from fqa_build.cli import main

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
        path.relative_to(ROOT / "fqa_build").as_posix()
        for path in sorted((ROOT / "fqa_build").rglob("*.py"))
        if path.name not in ("__init__.py", "__main__.py") and not re.search(rf"[`/]{re.escape(path.name)}`", section)
    ]
    assert missing == []
