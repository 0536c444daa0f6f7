"""``sudokit rate``: one line per puzzle, ``--json`` one object a line, files and stdin, and one
clear message with the right exit code for every kind of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudokit import Geometry, Grid
from sudokit.model import formats
from sudokit.adapters.cli.main import app
from sudokit.engines.rating import LEVELS, rate
from sudokit.engines.search import core

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

EASY = "000000000640017000000020361506040000000006420000280009000500740405069200800000000"
EXPRESSEN = "700206000890300002000700004050600920000040000086002040500009000200007058000503001"
CLASH = "5" + EASY[1:]


def run(*args: str, input: str | None = None):
    result = CliRunner().invoke(app, list(args), input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def no_solution_line() -> str:
    values = [0] * 81
    values[:8] = range(1, 9)
    values[5 * 9 + 8] = 9
    return Grid(Geometry.of(9), values).to_line()


def several_solutions_line() -> str:
    solution = core.random_solution(Geometry.of(9), 4)
    values = list(solution.values)
    for cell in range(40):
        values[cell] = 0
    grid = Grid(Geometry.of(9), values)
    assert core.count_solutions(grid, 2) == 2
    return grid.to_line()


def test_one_puzzle_one_line_with_score_level_and_techniques():
    result = run("rate", EASY)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert len(lines) == 1
    expected = rate(EASY)
    assert lines[0].startswith(f"{expected.score:.1f} {expected.level}")
    for technique in expected.techniques:
        assert technique in lines[0]


def test_json_has_one_object_a_line_with_the_shared_keys():
    result = run("rate", "--json", EASY)
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert {"score", "level", "techniques", "hardest", "trial", "solved", "steps"} <= set(doc)
    assert doc["level"] in LEVELS and doc["unique"] is True
    assert doc == {**doc, **rate(EASY).to_dict()}


def test_a_file_gives_one_line_per_puzzle(tmp_path):
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{EASY}\n{EXPRESSEN}\n")
    result = run("rate", str(path))
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == ["puzzle 1", "puzzle 2"]
    assert "2 puzzles rated" in result.stderr
    json_result = run("rate", "--json", str(path))
    docs = [json.loads(line) for line in json_result.stdout.splitlines()]
    assert [d["index"] for d in docs] == [1, 2]
    assert docs[1]["score"] == rate(EXPRESSEN).score


def test_stdin_and_show_puzzle():
    result = run("rate", "-", "--show-puzzle", input=EXPRESSEN + "\n")
    assert result.exit_code == 0
    assert result.stdout.startswith(formats.parse_one(EXPRESSEN).to_line() + "  ")


def test_other_sizes():
    solution = core.random_solution(Geometry.of(6, "2x3"), 2)
    values = list(solution.values)
    for cell in range(0, 36, 3):
        values[cell] = 0
    result = run("rate", "--box", "2x3", Grid(solution.geometry, values).to_line())
    assert result.exit_code == 0
    assert result.stdout.split()[1].rstrip(":") in LEVELS


def test_a_puzzle_needing_trial_says_so():
    path = DATA / "forum_hardest_1106.txt"
    if not path.exists():
        pytest.skip("shared data sets are not there")
    line = path.read_text().split()[0]
    result = run("rate", "--json", line)
    doc = json.loads(result.stdout)
    if doc["trial"]:
        assert doc["level"] == "extreme" and "needs trial" in doc["label"]
        text = run("rate", line).stdout
        assert "needs trial" in text


# --- bad input --------------------------------------------------------------------------------

def assert_one_error(result, code: int, *fragments: str) -> None:
    assert result.exit_code == code, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    for fragment in fragments:
        assert fragment in lines[0]


def test_clashing_givens():
    assert_one_error(run("rate", CLASH), 3, "r1c1", "5")


def test_no_solution():
    assert_one_error(run("rate", no_solution_line()), 1, "no solution")


def test_several_solutions_get_no_score_and_code_4():
    result = run("rate", several_solutions_line())
    assert_one_error(result, 4, "several solutions", "no rating")
    assert result.stdout == ""
    doc = json.loads(run("rate", "--json", several_solutions_line()).stdout)
    assert doc["status"] == "multiple" and "score" not in doc and "several solutions" in doc["error"]


def test_a_file_with_several_and_no_solution_puzzles_rates_only_the_unique_one(tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text(f"{several_solutions_line()}\n{EASY}\n{no_solution_line()}\n")
    result = run("rate", str(path))
    assert result.exit_code == 4
    r = rate(EASY)
    assert result.stdout.splitlines() == [f"puzzle 2: {r.summary()} [{r.se_triple}]"]
    assert "puzzle 1: the puzzle has several solutions" in result.stderr
    assert "puzzle 3: the puzzle has no solution" in result.stderr
    docs = [json.loads(line) for line in run("rate", "--json", str(path)).stdout.splitlines()]
    assert [d.get("status") for d in docs] == ["multiple", None, "no-solution"]
    assert docs[1]["score"] == rate(EASY).score


def test_unreadable_text_and_missing_file():
    assert_one_error(run("rate", "12x4"), 3)
    assert_one_error(run("rate", "no/such/file.txt"), 3, "no such file")


def test_a_file_with_a_bad_puzzle_rates_the_others(tmp_path):
    path = tmp_path / "mixed.txt"
    path.write_text(f"{EASY}\n{CLASH}\n{no_solution_line()}\n")
    result = run("rate", str(path))
    assert result.exit_code == 3  # the highest code of any puzzle
    assert result.stdout.count("puzzle 1:") == 1
    assert "puzzle 2: " in result.stderr and "puzzle 3: the puzzle has no solution" in result.stderr


def test_the_time_limit_ends_with_code_5():
    path = DATA / "forum_hardest_1106.txt"
    if not path.exists():
        pytest.skip("shared data sets are not there")
    line = path.read_text().split()[1]
    assert_one_error(run("rate", "--time-limit", "0.01", line), 5, "time limit")
