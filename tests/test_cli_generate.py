"""``sudokit generate``: puzzles a line (with solution and rating when asked), JSON, other
formats, reproducible seeds, targets, and a clear message with the right exit code for every
impossible or malformed request."""

from __future__ import annotations

import json
import time

from typer.testing import CliRunner

from sudokit import Grid

from sudokit.model import formats
from sudokit.adapters.cli.main import app
from sudokit.engines.generate import find_technique, is_symmetric
from sudokit.engines.rating import LEVELS
from sudokit.engines.search import core


def run(*args: str):
    result = CliRunner().invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def assert_unique(text: str, box: str | None = None) -> Grid:
    grid = formats.parse_one(text, box=box)
    assert core.count_solutions(grid, 2) == 1
    return grid


def assert_one_error(result, code: int, *fragments: str) -> None:
    assert result.exit_code == code, result.output
    errors = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1, result.stderr
    for fragment in fragments:
        assert fragment in errors[0]


def test_count_puzzles_one_a_line_each_unique():
    result = run("generate", "--count", "3", "--seed", "1")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 3 and len(set(lines)) == 3
    for line in lines:
        assert_unique(line)


def test_the_same_seed_gives_the_same_output():
    args = ("generate", "--count", "2", "--seed", "7", "--symmetry", "180")
    assert run(*args).stdout == run(*args).stdout


def test_solution_and_rating_on_the_line_read_back():
    result = run("generate", "--seed", "2", "--solution", "--rate")
    assert result.exit_code == 0
    line = result.stdout.strip()
    puzzle, solution, *rest = line.split()
    grid = assert_unique(puzzle)
    assert core.solve(grid).solution.to_line() == solution
    assert rest[0] == "SE" and rest[2].rstrip(":") in LEVELS
    assert formats.parse(line, None, None, None)[0] == grid  # the line reader keeps the puzzle


def test_json_without_rate_has_no_rating():
    doc = json.loads(run("generate", "--json", "--seed", "3").stdout)
    assert "rating" not in doc and "solution" not in doc
    assert_unique(doc["puzzle"])


def test_json_lines():
    result = run("generate", "--json", "--count", "2", "--seed", "3", "--solution", "--rate")
    docs = [json.loads(line) for line in result.stdout.splitlines()]
    assert len(docs) == 2
    for doc in docs:
        assert_unique(doc["puzzle"])
        assert {"score", "level", "techniques"} <= set(doc["rating"])
        assert doc["givens"] == sum(ch != "." for ch in doc["puzzle"])
        assert core.solve(formats.parse_one(doc["puzzle"])).solution.to_line() == doc["solution"]


def test_a_level_and_symmetry():
    result = run("generate", "--level", "medium", "--symmetry", "180", "--seed", "1", "--json", "--rate")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["rating"]["level"] == "medium"
    assert is_symmetric(formats.parse_one(doc["puzzle"]), "180")


def test_a_score_range_and_a_technique():
    result = run("generate", "--score", "3.0-4.4", "--technique", "Naked Pair", "--seed", "2",
                 "--json", "--rate", "--time-limit", "60")
    assert result.exit_code == 0, result.output
    rating = json.loads(result.stdout)["rating"]
    assert 3.0 <= rating["score"] <= 4.4 and find_technique("naked pair") in rating["techniques"]


def test_other_sizes_and_box_shapes():
    result = run("generate", "--box", "2x3", "--seed", "4")
    assert result.exit_code == 0
    grid = assert_unique(result.stdout.strip(), box="2x3")
    assert grid.size == 6
    result = run("generate", "--size", "12", "--box", "4x3", "--seed", "4")
    assert assert_unique(result.stdout.strip(), box="4x3").size == 12


def test_a_grid_format_with_the_solution():
    result = run("generate", "--to", "grid", "--solution", "--seed", "5", "--rate")
    assert result.exit_code == 0
    note, rest = result.stdout.split("\n", 1)
    assert note.startswith("# ") and note.split()[2].rstrip(":") in LEVELS
    puzzle_text, solution_text = rest.strip().split("\n\n")
    grid = assert_unique(puzzle_text)
    assert core.solve(grid).solution == formats.parse_one(solution_text)


def test_json_format_of_several_puzzles_reads_back():
    result = run("generate", "--to", "json", "--count", "2", "--seed", "6", "--solution")
    lines = result.stdout.splitlines()
    assert len(lines) == 2 and all(json.loads(line)["puzzle"] for line in lines)  # JSON lines
    grids = formats.parse(result.stdout, "json", None, None)
    assert len(grids) == 2
    for grid in grids:
        puzzle = Grid(grid.geometry, [v if g else 0 for v, g in zip(grid.values, grid.givens)])
        assert core.count_solutions(puzzle, 2) == 1
        assert core.solve(puzzle).solution.values == grid.values  # the solution rides along


# --- bad requests -------------------------------------------------------------------------------

def test_unknown_level_symmetry_technique_score_and_format_are_usage_errors():
    for args, fragment in [(("--level", "insane"), "easy"), (("--symmetry", "spiral"), "mirror"),
                           (("--technique", "x-wingg"), "x-wing"), (("--score", "hard"), "LOW-HIGH"),
                           (("--to", "nope"), "nope")]:
        result = run("generate", *args)
        assert result.exit_code == 2, (args, result.output)
        assert fragment in result.output


def test_90_degree_symmetry_on_rectangular_boxes():
    assert_one_error(run("generate", "--box", "2x3", "--symmetry", "90"), 3, "square boxes")


def test_a_box_that_does_not_fit_the_size():
    assert_one_error(run("generate", "--size", "9", "--box", "2x3"), 3, "2x3")


def test_a_technique_above_the_level():
    assert_one_error(run("generate", "--level", "easy", "--technique", "x-wing"), 3, "x-wing", "easy")


def test_the_time_limit_holds_and_keeps_what_was_found():
    result = run("generate", "--score", "11-11", "--count", "2", "--time-limit", "0.3",
                 "--seed", "1")
    assert_one_error(result, 5, "time limit 0.3 s reached", "0 of 2 puzzles", "score 11-11")
    assert result.stdout == ""


def test_a_level_the_size_cannot_have_is_refused_at_once():
    start = time.perf_counter()
    result = run("generate", "--size", "4", "--level", "hard")
    assert time.perf_counter() - start < 2
    assert_one_error(result, 3, "4x4", "level hard", "at most 1.2")


def test_level_any_on_a_12x12():
    result = run("generate", "--box", "3x4", "--level", "any", "--seed", "3", "--json", "--rate")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["size"] == 12 and doc["rating"]["level"] in LEVELS


# --- techniques a variant turns off -----------------------------------------------------------

def test_a_technique_the_variant_turns_off_is_refused_at_once():
    """The solver never uses these techniques on such puzzles, so no puzzle could need them:
    the search would only run out its time."""
    for options, technique, why in [
        (("--variant", "anti-king"), "bug-plus-1", "rows, columns and boxes"),
        (("--variant", "x"), "bug-plus-1", "rows, columns and boxes"),
        (("--variant", "jigsaw"), "bug-plus-1", "rows, columns and boxes"),
        (("--variant", "anti-knight"), "unique-rectangle-1", "rectangle"),
        (("--variant", "killer"), "hidden-rectangle", "rectangle"),
        (("--variant", "jigsaw"), "empty-rectangle", "box rows and columns"),
        (("--variant", "windoku"), "dynamic-forcing-chain", "classic"),
        ((), "cage-combination", "cages"),
        (("--variant", "x"), "rule-of-45", "cages"),
    ]:
        start = time.perf_counter()
        result = run("generate", "--technique", technique, *options, "--seed", "1")
        assert time.perf_counter() - start < 5, (options, technique)
        assert_one_error(result, 3, technique, why)


def test_a_technique_the_variant_keeps_is_looked_for():
    for options, technique in [(("--variant", "anti-king"), "x-wing"),
                               (("--variant", "x"), "unique-rectangle-1"),
                               (("--variant", "jigsaw"), "unique-rectangle-1"),
                               (("--variant", "killer"), "cage-combination")]:
        result = run("generate", "--technique", technique, *options, "--seed", "1",
                     "--time-limit", "0.5")
        assert result.exit_code in (0, 5), (options, technique, result.output)
