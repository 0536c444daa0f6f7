"""The layers stay true (issue 40): the import-linter contracts of ``.importlinter`` hold, and no
module of sudokit reaches itself through its imports. Every import counts, those inside
functions and under TYPE_CHECKING too; docs/architecture.md draws the layers."""

from __future__ import annotations

import configparser
import importlib.machinery
import importlib.util
import re
import subprocess
import sys
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[1]
CONFIG = ROOT / ".importlinter"

#: Imports a cycle may run through for now, each with the reason it is still there.
KNOWN_CYCLE_IMPORTS: set[tuple[str, str]] = set()


def run_contracts(config: Path = CONFIG) -> tuple[int, str]:
    """``lint-imports`` on ``config``: its exit code and report."""
    done = subprocess.run(
        [sys.executable, "-c", "import sys; from importlinter.cli import lint_imports_command; "
                               "sys.exit(lint_imports_command())", str(config), "--no-cache"],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    return done.returncode, done.stdout + done.stderr


def contract_names(config: Path = CONFIG) -> list[str]:
    parser = configparser.ConfigParser()
    parser.read(config)
    return [parser[s]["name"] for s in parser.sections() if s.startswith("importlinter:contract:")]


def broken_contracts(report: str, names: list[str]) -> list[str]:
    """The contracts (of ``names``) the report says are broken; a long name wraps there."""
    flat = " ".join(report.split())
    return [n for n in names if re.search(re.escape(" ".join(n.split())) + r"\s*BROKEN", flat)]


def _extension_names(package_dir: Path) -> set[str]:
    """The compiled modules (C extensions) in a package's folder, which grimp cannot read."""
    suffixes = importlib.machinery.EXTENSION_SUFFIXES
    return {p.name[:-len(s)] for p in package_dir.iterdir() for s in suffixes if p.name.endswith(s)}


def import_edges(package: str = "sudokit") -> dict[str, set[str]]:
    """Module -> the modules of the package it imports. grimp cannot read a compiled
    extension, so a module's import of one beside it (``from sudokit.engines.search import
    _core`` in ``search/core.py``) reaches it as an import of the package: that is left out, as
    the package's ``__init__`` has run before any module inside it anyway."""
    graph = grimp.build_graph(package, cache_dir=None)
    top = Path(importlib.util.find_spec(package).origin).parent
    folders = {m: top.joinpath(*m.split(".")[1:]) for m in graph.modules if graph.find_children(m)}
    edges: dict[str, set[str]] = {}
    for importer in graph.modules:
        out = set()
        for imported in graph.find_modules_directly_imported_by(importer):
            if imported in folders and importer.startswith(imported + "."):
                compiled = _extension_names(folders[imported])
                lines = [d["line_contents"] for d in
                         graph.get_import_details(importer=importer, imported=imported)]
                if compiled and all(_names_only(line, imported, compiled) for line in lines):
                    continue
            out.add(imported)
        edges[importer] = out
    return edges


def _names_only(line: str, package: str, compiled: set[str]) -> bool:
    """True when the import line takes only compiled modules from ``package``."""
    m = re.fullmatch(rf"from {re.escape(package)} import \(?([\w\s,]+?)\)?", line.strip())
    if m:
        return {n.split(" as ")[0].strip() for n in m.group(1).split(",")} <= compiled
    m = re.fullmatch(rf"import {re.escape(package)}\.(\w+)( as \w+)?", line.strip())
    return bool(m) and m.group(1) in compiled


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (each holds a cycle), each
    sorted, by Tarjan's algorithm (iterative: the graph is deep)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    m = stack.pop()
                    on_stack.discard(m)
                    component.append(m)
                    if m == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def a_cycle(component: list[str], edges: dict[str, set[str]]) -> list[str]:
    """One circle of imports inside a component, from its first module back to it."""
    inside = set(component)
    start = component[0]
    paths = {start: [start]}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for child in sorted(edges[node] & inside):
            if child == start:
                return paths[node] + [start]
            if child not in paths:
                paths[child] = paths[node] + [child]
                queue.append(child)
    return component


def test_the_contracts_hold():
    names = contract_names()
    assert len(names) >= 7, names
    code, report = run_contracts()
    broken = broken_contracts(report, names)
    details = report[report.find("Contracts\n---"):]
    assert code == 0 and not broken, (
        f"import contracts broken: {'; '.join(broken) or '(see the report)'}\n{details}")


def test_no_import_cycle():
    edges = import_edges()
    for importer, imported in KNOWN_CYCLE_IMPORTS:
        edges.get(importer, set()).discard(imported)
    found = cycles(edges)
    assert not found, "import cycles:\n" + "\n".join(
        " -> ".join(a_cycle(c, edges)) + f"   ({len(c)} modules: {', '.join(c)})" for c in found)
