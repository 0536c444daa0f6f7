"""The compiled search core through its Python API: statuses, counts, limits, seeds, batches."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from pattern_grids import agrees, full_grid, puzzle

from sudokit import Geometry, Grid, SearchLimitError
from sudokit.model import formats

from sudokit.engines import search
from sudokit.engines.search import core, reference

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

SVD = "000000000 640017000 000020361 506040000 000006420 000280009 000500740 405069200 800000000"
SVD_SOLUTION = "312695874 648317592 957824361 526943187 189756423 734281659 291538746 475169238 863472915"
# The first puzzle of top1465 and of Serg's multi-solution benchmark.
HARD = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
SEVERAL = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"

SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5), (3, 4), (4, 3), (4, 4), (3, 5),
          (4, 5), (5, 5), (6, 6)]


def data_lines(name: str, count: int | None = None) -> list[str]:
    path = DATA / name
    if not path.exists():
        pytest.skip(f"{path} is not there (the shared data sets sit beside the repository)")
    lines = path.read_text().split()
    return lines if count is None else lines[:count]


@pytest.mark.parametrize("method", ["fast", "generic", "digits"])
def test_article_puzzle_solves_to_the_published_solution(method):
    result = core.solve(SVD, limit=2, method=method)
    assert result.status == "unique"
    assert result.solution == formats.parse_one(SVD_SOLUTION)
    assert result.solution.givens == formats.parse_one(SVD).givens
    assert result.method == method


def test_a_solution_keeps_the_puzzles_givens_comment_and_candidates_as_its_own():
    puzzle = formats.parse_one(SVD)
    puzzle.comment = "svd"
    grid = Grid(puzzle.geometry, puzzle.values, puzzle.givens, "svd",
                candidates=[(1 << 9) - 1] * 81)
    for p in (puzzle, grid):
        solutions = core.solve(p, limit=None).solutions
        assert len(solutions) == 1
        s = solutions[0]
        assert s == formats.parse_one(SVD_SOLUTION) and s.is_solved
        assert (s.givens, s.comment, s.candidates) == (p.givens, p.comment, p.candidates)
        s.givens[0] = not s.givens[0]
        s.values[0] = 0
        assert p.givens == formats.parse_one(SVD).givens and p.values == formats.parse_one(SVD).values


def test_limit_one_finds_a_solution_without_claiming_uniqueness():
    result = core.solve(HARD, limit=1)
    assert result.status == "solved"
    assert not result.complete and not result.limit_reached
    assert result.solution.is_solved and agrees(result.solution, formats.parse_one(HARD))
    assert result.nodes >= 1


def test_several_solutions_are_counted_exactly():
    grid = formats.parse_one(SEVERAL)
    expected = reference.count_solutions(grid, limit=None)
    assert expected >= 2
    assert core.count_solutions(grid, limit=None) == expected
    assert core.count_solutions(grid, limit=2) == 2
    every = core.solve(grid, limit=None)
    assert every.complete and every.count == expected
    assert len(set(every.solutions)) == expected
    assert all(s.is_solved and agrees(s, grid) for s in every.solutions)
    assert not core.is_unique(grid)
    assert core.is_unique(formats.parse_one(HARD))


def test_keep_bounds_the_solutions_returned_but_not_the_count():
    result = core.solve(SEVERAL, limit=None, keep=1)
    assert len(result.solutions) == 1
    assert result.count == reference.count_solutions(formats.parse_one(SEVERAL), limit=None)


@pytest.mark.parametrize("method", [None, *search.METHODS])
def test_search_solve_passes_keep_to_every_method(method):
    """keep bounds the solutions a search returns, whichever method runs it (the default
    included): the count and the first solutions are those of a search that keeps them all."""
    every = search.solve(SEVERAL, method, limit=None)
    for keep in (0, 1, 5):
        kept = search.solve(SEVERAL, method, limit=None, keep=keep)
        assert kept.count == every.count and kept.complete
        assert kept.solutions == every.solutions[:keep]


@pytest.mark.parametrize("method", ["reference", "backtrack"])
def test_counting_with_a_python_method_keeps_no_solution(method):
    # 3,000 kept solutions of lists and grids take several megabytes; the search itself, a
    # stack of at most 81 levels, a small fraction of one.
    import tracemalloc

    tracemalloc.start()
    try:
        assert search.count_solutions(Grid.empty(Geometry.of(9)), 3_000, method) == 3_000
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 1_000_000


def test_clashing_givens_have_no_solution():
    grid = formats.parse_one("55" + "." * 79)
    result = core.solve(grid, limit=2)
    assert result.status == "no-solution" and result.complete
    assert core.count_solutions(grid) == 0


def test_unsolvable_puzzle_without_a_direct_clash():
    # r1c1 may only be 1 (its row holds 2-8, its column 9), and column 2 already holds a 1.
    text = ".23456789" + "1........" + "........." * 6 + "9........"
    grid = formats.parse_one(text)
    assert not grid.clashes()
    assert reference.count_solutions(grid) == 0
    for method in ("fast", "generic", "digits"):
        assert core.solve(grid, limit=2, method=method).status == "no-solution"


def test_node_limit_stops_the_search_with_a_clear_result():
    empty36 = Grid.empty(Geometry.of(36))
    result = core.solve(empty36, limit=None, node_limit=50)
    assert result.status == "multiple" or result.limit_reached
    stopped = core.solve(HARD, limit=2, node_limit=1)
    assert stopped.limit_reached and stopped.status == "limit" and not stopped.complete
    with pytest.raises(SearchLimitError):
        core.count_solutions(HARD, limit=2, node_limit=1)
    with pytest.raises(SearchLimitError):
        core.is_unique(HARD, node_limit=1)


def test_near_empty_grids_find_two_solutions_in_a_small_search():
    # A few givens of a solution leave a great many solutions; a solver that branches on band
    # patterns alone can wander for hundreds of thousands of nodes before it finds two. The
    # budget is a node count, so the test does not depend on the machine's speed.
    rng = random.Random(5)
    solution = core.solve(Grid.empty(Geometry.of(9)), limit=1).solution
    for givens in (0, 2, 4, 6, 8, 10, 12):
        for _ in range(10):
            cells = set(rng.sample(range(81), givens))
            text = "".join(str(v) if i in cells else "." for i, v in enumerate(solution.values))
            result = core.solve(text, limit=2, node_limit=50_000)
            assert result.count == 2 and result.status == "multiple", (givens, text, result.nodes)


def test_time_limit_stops_an_endless_count():
    # An empty 9x9 has 6.67e21 solutions: counting them all must stop at the time limit.
    result = core.solve(Grid.empty(Geometry.of(9)), limit=None, keep=0, time_limit=0.05)
    assert result.limit_reached and not result.complete
    assert result.extra["count"] > 0
    with pytest.raises(SearchLimitError):
        core.count_solutions(Grid.empty(Geometry.of(9)), limit=None, time_limit=0.02)


def test_the_fast_search_reasons_alike_about_rows_and_columns():
    """Transposing a puzzle swaps rows and columns, minirows and minicolumns: the 9x9 solver's
    propagation (locked candidates, hidden triads both ways) solves it without a guess exactly
    when it solves the original without one."""
    from sudokit.engines.generate import generate_many

    puzzles = [g.puzzle.to_line() for g in generate_many(300, 9, seed=5, rate=False)]
    transposed = ["".join(p[9 * c + r] for r in range(9) for c in range(9)) for p in puzzles]
    direct = core.solve_many(puzzles, limit=1).guesses
    turned = core.solve_many(transposed, limit=1).guesses
    no_guess = [a == 0 for a in direct]
    assert 0 < sum(no_guess) < len(puzzles)  # both kinds are there
    assert no_guess == [b == 0 for b in turned]


@pytest.mark.parametrize("box", SHAPES, ids=lambda b: f"{b[0]}x{b[1]}")
def test_random_solution_is_a_valid_grid_and_reproducible(box):
    geometry = Geometry(*box)
    first = core.random_solution(geometry, 7)
    assert first.geometry == geometry and first.is_solved
    assert core.random_solution(geometry, 7) == first
    others = {core.random_solution(geometry, seed) for seed in range(8)}
    assert len(others) > 1


def test_random_solution_accepts_a_size_or_a_box_text():
    assert core.random_solution(16, 1).geometry == Geometry.of(16)
    assert core.random_solution("2x5", 1).geometry == Geometry(2, 5)


def test_seeded_branching_is_reproducible_and_varies():
    grid = Grid.empty(Geometry.of(9))
    picks = [core.solve(grid, seed=s).solution for s in range(6)]
    assert picks[0] == core.solve(grid, seed=0).solution
    assert len(set(picks)) > 1
    assert core.solve(grid).solution == core.solve(grid).solution  # no seed: fixed order


@pytest.mark.parametrize("box", [(3, 4), (4, 4), (5, 5)], ids=lambda b: f"{b[0]}x{b[1]}")
def test_large_grids_solve_and_agree_with_their_source(box):
    geometry = Geometry(*box)
    rng = random.Random(f"core{box}")
    for _ in range(3):
        solution, p = puzzle(geometry, rng, 0.55 if geometry.size < 25 else 0.45)
        result = core.solve(p, limit=1, time_limit=30)
        assert not result.limit_reached
        assert result.solution.is_solved and agrees(result.solution, p)


def test_every_method_is_registered_and_fast_is_the_default():
    assert search.DEFAULT_METHOD == "fast"
    assert {"fast", "digits"} <= set(search.METHODS)
    result = search.solve(SVD)
    assert result.method == "fast" and result.status == "unique"
    assert search.solve(SVD, method="digits").solution == formats.parse_one(SVD_SOLUTION)
    assert search.count_solutions(SEVERAL, limit=3) == min(3, reference.count_solutions(formats.parse_one(SEVERAL), None))


def test_unknown_method_is_refused():
    with pytest.raises(ValueError, match="unknown core method"):
        core.solve(SVD, method="magic")


# --- batches ------------------------------------------------------------------------------

def test_batch_matches_one_puzzle_a_call():
    lines = data_lines("top1465.txt", 200)
    batch = core.solve_many("\n".join(lines), limit=2)
    assert len(batch) == 200
    assert batch.statuses == [core.solve(line, limit=2).status for line in lines]
    assert batch.solution_lines() == [core.solve(line).solution.to_line() for line in lines]
    assert list(batch.counts) == [1] * 200
    assert batch.total_guesses == sum(batch.guesses) > 0
    assert batch.tally() == {"unique": 200}


def test_batch_skips_blank_and_comment_lines_and_reports_bad_ones():
    text = "\n".join([
        "# a comment line",
        SVD + "   rated 2.3",
        "",
        "123",                       # too short
        HARD.replace(".", "?", 1),   # unknown character
        SEVERAL,
        HARD + "5",                  # one cell too many
        "55" + "." * 79,             # clashing givens
    ])
    batch = core.solve_many(text, limit=2)
    assert batch.statuses == ["unique", "invalid", "invalid", "multiple", "invalid", "no-solution"]
    errors = {index: (line, message) for index, line, message in batch.errors}
    assert errors[1] == (4, "found 3 cells, a 9x9 grid needs 81")
    assert errors[2][0] == 5 and "unexpected character '?'" in errors[2][1] and "column 2" in errors[2][1]
    assert errors[4][0] == 7 and "more than 81 cells" in errors[4][1]
    assert batch.solution(0) == formats.parse_one(SVD_SOLUTION)
    assert batch.solution(1) is None and batch.solution(5) is None
    assert batch.solution_lines(missing="-")[1] == "-"
    assert list(batch.counts) == [1, 0, 0, 2, 0, 0]


def test_batch_accepts_bytes_lists_and_grids():
    lines = data_lines("17clue.txt", 50)
    expected = core.solve_many("\n".join(lines)).solution_lines()
    assert core.solve_many("\n".join(lines).encode()).solution_lines() == expected
    assert core.solve_many(lines).solution_lines() == expected
    assert core.solve_many([line.encode() for line in lines]).solution_lines() == expected
    assert core.solve_many([formats.parse_one(line) for line in lines]).solution_lines() == expected


@pytest.mark.parametrize("box", [(2, 3), (3, 4), (4, 4), (5, 5)], ids=lambda b: f"{b[0]}x{b[1]}")
def test_batch_of_other_sizes(box):
    geometry = Geometry(*box)
    rng = random.Random(f"batch{box}")
    pairs = [puzzle(geometry, rng, 0.4) for _ in range(5)]
    text = "\n".join(p.to_line() for _, p in pairs)
    batch = core.solve_many(text, box=box if box == (2, 3) else None)
    assert batch.geometry == geometry
    for i, (_, p) in enumerate(pairs):
        s = batch.solution(i)
        assert s.is_solved and agrees(s, p)


@pytest.mark.parametrize("box", [(2, 2), (3, 3), (3, 4), (4, 4), (5, 5)], ids=lambda b: f"{b[0]}x{b[1]}")
def test_a_batch_of_grids_reads_the_grids_as_their_lines(box):
    geometry = Geometry(*box)
    rng = random.Random(f"grids{box}")
    grids = [p for _, p in (puzzle(geometry, rng, 0.5) for _ in range(4))] + [Grid.empty(geometry)]
    expected = core.solve_many("\n".join(g.to_line() for g in grids), box=box, limit=2)
    for batch in (core.solve_many(grids, limit=2),
                  core.solve_many([grids[0], grids[1].to_line(), *grids[2:]], limit=2)):
        assert batch.statuses == expected.statuses
        assert batch.solution_lines() == expected.solution_lines()
    assert expected.statuses[-1] == "multiple"


def test_a_batch_of_grids_in_another_alphabet():
    grids = [formats.parse_one(SVD), formats.parse_one(SVD_SOLUTION)]
    batch = core.solve_many(grids, alphabet="zero")
    assert batch.solution_lines() == [formats.parse_one(SVD_SOLUTION).to_line(alphabet="zero")] * 2


def test_batch_with_another_alphabet():
    grid = formats.parse_one(SVD)
    line = grid.to_line(alphabet="zero", blank=".")
    batch = core.solve_many(line, alphabet="zero")
    assert batch.solution_lines()[0] == formats.parse_one(SVD_SOLUTION).to_line(alphabet="zero")


def test_batch_node_limit_applies_to_each_puzzle():
    lines = data_lines("forum_hardest_1106.txt", 20)
    batch = core.solve_many(lines, limit=2, node_limit=2)
    assert set(batch.statuses) <= {"limit", "unique"}
    assert "limit" in batch.statuses
    assert all(n <= 3 for n in batch.nodes)


def test_pattern_grid_puzzles_round_trip_through_the_batch():
    geometry = Geometry(3, 3)
    rng = random.Random(3)
    grids = [full_grid(geometry, rng) for _ in range(10)]
    batch = core.solve_many([g.to_line() for g in grids], limit=2)
    assert batch.statuses == ["unique"] * 10
    assert [batch.solution(i) for i in range(10)] == grids


def test_empty_batch():
    assert len(core.solve_many("", box="3x3")) == 0
    assert len(core.solve_many("# only a comment\n\n", box=(2, 3))) == 0
    with pytest.raises(ValueError, match="no puzzle"):
        core.solve_many("")


def test_count_is_right_when_only_some_solutions_are_kept():
    from sudokit.engines.search import core as _c

    grid = formats.parse_one("1........2........3........4........5........6........7........8........9........")
    kept = _c.solve(grid, limit=300, keep=1)
    assert len(kept.solutions) == 1
    assert kept.count == 300 == len(_c.solve(grid, limit=300).solutions)
    assert kept.status == "multiple"
