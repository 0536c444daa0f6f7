"""Exercise a sanitizer build of the search core (run by test_core_sanitizers.py, not by pytest).

Usage: python core_sanitizer_check.py PATH/TO/_core.so [DATA_DIR]. The module at PATH replaces
``sudokit.engines.search._core`` before sudokit is imported; then malformed input, every method and
many sizes run against the reference solver. Prints ``OK`` at the end.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

spec = importlib.util.spec_from_file_location("sudokit.engines.search._core", sys.argv[1])
module = importlib.util.module_from_spec(spec)
spec.loader.exec_module(module)
sys.modules["sudokit.engines.search._core"] = module

sys.path.insert(0, str(Path(__file__).resolve().parent))
from pattern_grids import full_grid  # noqa: E402

from sudokit import Geometry, Grid  # noqa: E402
from sudokit.model import formats
from sudokit.engines.search import core, reference  # noqa: E402

_core = core._core
assert _core is module, "the sanitizer build is not the one in use"
DATA = Path(sys.argv[2]) if len(sys.argv) > 2 else None


def expect_error(fn, *args, **kwargs):
    try:
        fn(*args, **kwargs)
    except (ValueError, TypeError):
        return
    raise AssertionError(f"no error for {fn.__name__}{args!r:.80}")


def malformed():
    for values, box in [(bytes(80), (3, 3)), (bytes([10]) + bytes(80), (3, 3)), (b"", (0, 3)),
                        (b"", (8, 9)), (b"", (2**80, 1)), (b"\xff" * 16, (2, 2))]:
        expect_error(_core.solve, values, *box)
    for bad in ("0" * 81, [0] * 81, None):
        expect_error(_core.solve, bad, 3, 3)
    for kwargs in ({"limit": 0}, {"seed": "x"}, {"time_limit": float("nan")}, {"method": "x"}):
        expect_error(_core.solve, bytes(81), 3, 3, **kwargs)
    dec = core.decode_table(9)
    expect_error(_core.solve_many, 12, 3, 3, dec)
    expect_error(_core.solve_many, "", 3, 3, dec[:100])
    garbage = b"\x00\xff\x80" * 50 + b"\n" + b"9" * 5000 + b"\n\r\n#\n" + bytes(range(11, 256)) + b"\n" + b"1" * 81
    status, *_ = _core.solve_many(garbage, 3, 3, dec, limit=2)
    assert len(status) == 4
    rng = random.Random(5)
    for _ in range(300):
        br, bc = rng.randint(-1, 9), rng.randint(-1, 9)
        size = rng.choice([0, 1, 16, 36, 81, 100, rng.randint(0, 300)])
        values = bytes(rng.randint(0, 12) for _ in range(size))
        try:
            _core.solve(values, br, bc, limit=2, node_limit=3000, method=rng.choice(["fast", "generic", "digits"]))
        except ValueError:
            pass
        text = "".join(rng.choice("123456789.\n #x") for _ in range(rng.randint(0, 400)))
        _core.solve_many(text, 3, 3, dec, limit=2, node_limit=3000)


def same(expected, got, limit):
    assert got.count == expected.count and not got.limit_reached, (expected.puzzle.to_line(), got.method)
    if expected.count < limit:
        assert sorted(s.values for s in got.solutions) == sorted(s.values for s in expected.solutions)


def real_data():
    if DATA is None or not DATA.exists():
        return
    for name, step in [("17clue.txt", 500), ("top1465.txt", 50), ("forum_hardest_1106.txt", 15),
                       ("serg.txt", 400), ("kaggle.txt", 10)]:
        lines = (DATA / name).read_text().split()[::step]
        batch = core.solve_many(lines, limit=2)
        for i, line in enumerate(lines):
            grid = formats.parse_one(line)
            expected = reference.solve(grid, limit=2)
            assert batch.status(i) == expected.status
            for method in ("fast", "generic"):
                same(expected, core.solve(grid, limit=2, method=method), 2)
            if name in ("serg.txt", "kaggle.txt"):
                same(expected, core.solve(grid, limit=2, method="digits"), 2)


def random_grids():
    rng = random.Random(7)
    shapes = [(2, 2), (2, 3), (3, 2), (2, 4), (3, 3), (2, 5), (3, 4), (4, 4), (4, 5), (5, 5), (6, 6)]
    for k in range(200):
        geometry = Geometry(*rng.choice(shapes))
        blank = rng.uniform(0.2, 0.8 if geometry.size <= 9 else 0.5)
        values = [0 if rng.random() < blank else v for v in full_grid(geometry, rng).values]
        if k % 3 == 0:
            values[rng.randrange(len(values))] = rng.randint(1, geometry.size)
        grid = Grid(geometry, values)
        expected = reference.solve(grid, limit=3, node_limit=5000)
        if expected.limit_reached:
            continue
        for method in ("fast", "generic"):
            same(expected, core.solve(grid, limit=3, method=method), 3)
        if geometry.size <= 6:
            got = core.solve(grid, limit=3, method="digits", node_limit=10**6)
            if not got.limit_reached:
                same(expected, got, 3)
        core.solve(grid, limit=1, seed=k)


def sizes_and_limits():
    for shape in [(2, 2), (3, 3), (4, 4), (5, 5), (6, 6), (8, 8), (2, 32)]:
        g = core.random_solution(Geometry(*shape), 3)
        assert g.is_solved
    assert core.count_solutions(Grid.empty(Geometry(2, 2)), limit=None) == 288
    r = core.solve(Grid.empty(Geometry(3, 3)), limit=None, keep=5, time_limit=0.05)
    assert r.limit_reached and len(r.solutions) == 5 <= r.count
    r = core.solve(Grid.empty(Geometry(4, 4)), limit=50, node_limit=400)
    assert r.count <= 50


malformed()
real_data()
random_grids()
sizes_and_limits()
print("OK")
