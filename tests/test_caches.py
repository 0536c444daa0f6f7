"""Every cache of sudokit is bounded (issue 39: a web worker that saw many jigsaw geometries kept
the tables of each one for ever)."""

from __future__ import annotations

import importlib
import pkgutil
import random

import sudokit
from sudokit.model.geometry import CACHED_GEOMETRIES, Geometry
from sudokit.model.grid import Grid
from sudokit.engines.logic import LogicalSolver, Position
from sudokit.engines.search import solve
from sudokit.model.rules.jigsaw import random_regions

#: Modules that need an optional extra or start a server when imported.
SKIP = ("sudokit.engines.vision", "sudokit.adapters.batch.dask_backend", "sudokit.__main__")


def cached_functions():
    """(name, function) of every lru_cache-wrapped function and method in the package."""
    for info in pkgutil.walk_packages(sudokit.__path__, "sudokit."):
        if info.name.startswith(SKIP):
            continue
        module = importlib.import_module(info.name)
        for name, obj in vars(module).items():
            members = [(name, obj)]
            if isinstance(obj, type):
                members += [(f"{name}.{k}", v) for k, v in vars(obj).items()]
            for member, fn in members:
                if hasattr(fn, "cache_info") and getattr(fn, "__module__", "") == info.name:
                    yield f"{info.name}.{member}", fn

def test_no_cache_grows_without_bound():
    found = dict(cached_functions())
    assert "sudokit.engines.logic.links.peer_masks" in found  # the scan sees the geometry tables
    unbounded = [name for name, fn in found.items() if fn.cache_parameters()["maxsize"] is None]
    assert not unbounded


def test_many_jigsaw_geometries_keep_the_tables_of_a_bounded_number():
    rng = random.Random(39)
    solver = LogicalSolver()
    seen = 0
    while seen < 2 * CACHED_GEOMETRIES:
        g = Geometry.of(6, (2, 3)).with_variants((), random_regions(6, 2, 3, rng))
        found = solve(Grid(g, [0] * g.ncells), limit=1).solutions
        if not found:  # regions that no grid fills
            continue
        seen += 1
        puzzle = [v if rng.random() < 0.3 else 0 for v in found[0].values]
        solver.solve_path(Position.from_grid(Grid(g, puzzle)))
    functions = dict(cached_functions())
    per_geometry = ["sudokit.engines.logic.links.peer_masks", "sudokit.engines.logic.techniques.propagation.tables",
                    "sudokit.engines.logic.techniques.fish._bands", "sudokit.engines.logic.inference.box_line_segments"]
    assert all(functions[name].cache_info().currsize == CACHED_GEOMETRIES for name in per_geometry)
