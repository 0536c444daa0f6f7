"""sudokit.adapters.batch.iter_results / solve_file: one result per line in input order, every kind of
bad line kept with its reason, other sizes, uniqueness, limits, text carried through."""

from __future__ import annotations

import json

from batch_helpers import data_lines, mixed_lines, no_solution_line
from hypothesis import given, settings
from hypothesis import strategies as st

from sudokit.model import formats
from sudokit.adapters.batch import LineResult, iter_results, solve_file
from sudokit.model.formats.line import parse_line
from sudokit.engines.search import core


def one_by_one(line: str, unique: bool) -> tuple[str, str | None]:
    """What a single core call says about a puzzle line: (status, first solution)."""
    grid = parse_line(line)
    if grid.clashes():
        return "invalid", None
    result = core.solve(grid, 2 if unique else 1)
    status = {"unique": "solved"}.get(result.status, result.status)
    return status, result.solution.to_line() if result.solution else None


def test_every_kind_of_line_gets_one_result_in_order():
    lines = mixed_lines()
    results = list(iter_results(lines, jobs=1))
    assert [r.line for r in results] == list(range(1, len(lines) + 1))
    assert all(isinstance(r, LineResult) for r in results)
    by = dict(enumerate(results))
    assert by[0].status == "solved" and formats.parse_one(by[0].solution).is_solved
    assert (by[1].status, by[1].reason) == ("invalid", "empty line")
    assert by[2].status == "invalid" and by[2].comment == "# a comment"
    assert by[3].status == "solved" and by[3].comment == "rated 3.4 by someone"
    assert by[4].status == "invalid" and "column 1" in by[4].reason and "'y'" in by[4].reason
    assert by[5].status == "invalid" and "80 cells" in by[5].reason
    assert by[6].status == "invalid" and "r1c1 and r1c2 both hold 5" in by[6].reason
    assert by[7].status == "no-solution"  # no clash: a plain dead end
    assert by[8].status == "solved"  # several solutions, but uniqueness was not asked
    assert by[9].status == "solved" and len(by[9].solution) == 16  # a 4x4 among 9x9s
    assert by[10].solution == by[0].solution  # spaced groups read the same


def test_clashing_givens_are_invalid_with_the_clash_named():
    good = data_lines("top1465.txt", 1)[0]
    grid = formats.parse_one(good)
    cell = grid.values.index(0)
    peer_value = next(grid.values[p] for p in grid.geometry.peers[cell] if grid.values[p])
    clash = grid.with_values([peer_value if i == cell else v for i, v in enumerate(grid.values)])
    [result] = iter_results([clash.to_line()], jobs=1)
    assert result.status == "invalid"
    assert "both hold" in result.reason


def test_unique_tells_multiple_from_solved_like_one_core_call():
    lines = data_lines("serg.txt", 5) + data_lines("top1465.txt", 5) + [no_solution_line()]
    results = list(iter_results(lines, jobs=1, unique=True))
    for line, r in zip(lines, results):
        status, _ = one_by_one(line, unique=True)
        assert r.status == status
        assert r.count == (0 if status == "no-solution" else 1 if status == "solved" else 2)
    assert {r.status for r in results} == {"multiple", "solved", "no-solution"}


def test_solutions_match_one_core_call_per_line_with_two_jobs():
    lines = data_lines("forum_hardest_1905_11plus.txt", 1500) + data_lines("17clue.txt", 1500)
    results = list(iter_results(lines, jobs=2))
    assert len(results) == len(lines)
    assert [r.puzzle for r in results] == lines  # input order kept across batches and workers
    for line, r in list(zip(lines, results))[::97]:
        assert r.solution == one_by_one(line, unique=False)[1]


def test_node_limit_gives_limit_status():
    hard = data_lines("forum_hardest_1106.txt", 3)
    results = list(iter_results(hard, jobs=1, node_limit=1))
    assert [r.status for r in results] == ["limit"] * 3


def test_box_fixes_the_shape_of_a_6x6():
    puzzle = "123456" + "." * 30
    [a] = iter_results([puzzle], jobs=1, box="2x3")
    [b] = iter_results([puzzle], jobs=1, box="3x2")
    assert a.status == b.status == "solved"
    assert formats.parse_one(a.solution, box="2x3").is_solved
    assert formats.parse_one(b.solution, box="3x2").is_solved
    [bad] = iter_results([puzzle + "1"], jobs=1, box="2x3")  # 37 cells: no other size is tried
    assert bad.status == "invalid"


def test_sixteen_by_sixteen_file_found_from_its_first_line():
    grids = [core.random_solution(16, seed) for seed in range(3)]
    lines = ["." * 20 + g.to_line()[20:] for g in grids]
    results = list(iter_results("\n".join(lines) + "\n", jobs=1))
    assert [r.status for r in results] == ["solved"] * 3
    for g, r in zip(grids, results):
        assert r.solution[20:] == g.to_line()[20:]


_LINE_KINDS = st.sampled_from(["good", "blank", "comment", "junk", "short", "tail", "four"])


@settings(max_examples=30, deadline=None)
@given(st.lists(_LINE_KINDS, max_size=40))
def test_lines_out_always_equal_lines_in(kinds):
    good = data_lines("top1465.txt", 1)[0]
    make = {"good": good, "blank": "   ", "comment": "#", "junk": "\x00\xff?", "short": good[:-3],
            "tail": good + " extra text", "four": "1234341221434321"}
    lines = [make[k] for k in kinds]
    results = list(iter_results(lines, jobs=1))
    assert len(results) == len(lines)
    for k, r in zip(kinds, results):
        assert (r.status == "solved") == (k in ("good", "tail", "four")), (k, r)


def test_solve_file_writes_jsonl_and_csv(tmp_path):
    lines = mixed_lines()
    src = tmp_path / "in.txt"
    src.write_text("\n".join(lines) + "\n")
    summary = solve_file([src], tmp_path / "out.jsonl", jobs=1)
    docs = [json.loads(x) for x in (tmp_path / "out.jsonl").read_text().splitlines()]
    assert len(docs) == len(lines) == summary.lines
    assert [d["line"] for d in docs] == list(range(1, len(lines) + 1))
    assert summary.tally["invalid"] == sum(d["status"] == "invalid" for d in docs)
    assert docs[3]["comment"] == "rated 3.4 by someone"
    solve_file([src], tmp_path / "out.csv", jobs=1)
    import csv

    rows = list(csv.DictReader((tmp_path / "out.csv").open()))
    assert [r["status"] for r in rows] == [d["status"] for d in docs]
    assert [r["solution"] for r in rows] == [d["solution"] or "" for d in docs]


def test_rate_runs_the_rating_in_the_workers(tmp_path, monkeypatch):
    """The rating module is another engineer's: a stand-in checks the plumbing."""
    import sys
    import types

    calls = []

    class Rating:
        def __init__(self, grid):
            self.grid = grid

        def to_dict(self):
            return {"score": 1.5, "level": "easy", "techniques": ["hidden-single"], "hardest": "hidden-single",
                    "trial": False, "solved": True, "steps": self.grid.filled}

    def rate(puzzle, *, time_limit=None, unique=None):
        calls.append(puzzle)
        return Rating(puzzle)

    fake = types.ModuleType("sudokit.engines.rating")
    fake.rate = rate
    monkeypatch.setitem(sys.modules, "sudokit.engines.rating", fake)
    lines = data_lines("top1465.txt", 2) + ["junk"]
    results = list(iter_results(lines, jobs=1, rate=True))
    assert [r.rating is not None for r in results] == [True, True, False]
    assert results[0].rating["steps"] == formats.parse_one(lines[0]).filled  # the puzzle, not the solution
    assert len(calls) == 2
    src = tmp_path / "in.txt"
    src.write_text("\n".join(lines) + "\n")
    solve_file([src], tmp_path / "out.txt", jobs=1, rate=True)
    first = (tmp_path / "out.txt").read_text().splitlines()[0].split()
    assert first[1:] == ["1.5", "easy"]


def test_an_endless_line_is_invalid_and_never_held_whole():
    from sudokit.adapters.batch.reader import MAX_LINE

    good = data_lines("top1465.txt", 1)[0]
    results = list(iter_results([good, "1" * (MAX_LINE + 10), good], jobs=1))
    assert [r.status for r in results] == ["solved", "invalid", "solved"]
    assert "too long" in results[1].reason and results[1].line == 2


def test_writing_over_an_input_is_refused(tmp_path):
    import pytest

    from sudokit.adapters.batch import BatchError

    src = tmp_path / "in.txt"
    src.write_text("\n".join(data_lines("top1465.txt", 2)) + "\n")
    with pytest.raises(BatchError, match="also an input"):
        solve_file([src], src, jobs=1)
    assert len(src.read_text().splitlines()) == 2


def test_rate_with_the_real_rating():
    import pytest

    rating = pytest.importorskip("sudokit.engines.rating")
    lines = data_lines("kaggle.txt", 2)
    results = list(iter_results(lines, jobs=1, rate=True))
    for line, r in zip(lines, results):
        assert r.status == "solved"
        assert r.rating == rating.rate(formats.parse_one(line)).to_dict()
        assert r.rating["level"] in rating.LEVELS
