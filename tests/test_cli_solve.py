"""``sudokit solve`` through Typer's test runner: exit codes, output formats, counting, JSON,
stdin, files with several puzzles, and one clear message for every kind of bad input."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest
from pattern_grids import full_grid
from typer.testing import CliRunner

from sudokit import Geometry, Grid, __version__

from sudokit.model import formats

from sudokit.engines import search
from sudokit.adapters.cli import solve as solve_command
from sudokit.adapters.cli.main import app

DATA = Path(__file__).resolve().parents[2] / "shared" / "data"

SVD = "000000000 640017000 000020361 506040000 000006420 000280009 000500740 405069200 800000000"
SVD_SOLUTION = "312695874 648317592 957824361 526943187 189756423 734281659 291538746 475169238 863472915"
SVD_LINE = SVD.replace(" ", "")
EXPRESSEN = "700206000890300002000700004050600920000040000086002040500009000200007058000503001"
EXPRESSEN_SOLUTION = "745286139891354672632791584154678923327945816986132745513829467269417358478563291"
CLASH = "5" + SVD_LINE[1:]  # r1c1 = 5 clashes with the 5 in r4c1


def no_solution_line() -> str:
    """A 9x9 puzzle with no clash but no solution: r1c9 can hold nothing."""
    geometry = Geometry(3, 3)
    values = [0] * 81
    values[:8] = range(1, 9)
    values[geometry.cell(5, 8)] = 9
    return Grid(geometry, values).to_line()


def data_line(name: str, index: int = 0) -> str:
    path = DATA / name
    if not path.exists():
        pytest.skip(f"{path} is not there")
    return path.read_text().split()[index]


def run(*args: str, input: str | bytes | None = None):
    result = CliRunner().invoke(app, list(args), input=input)
    # Never a traceback: the only exception allowed out is the exit itself.
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def assert_one_error(result, code: int, *fragments: str) -> None:
    assert result.exit_code == code, result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, result.stderr
    assert lines[0].startswith("error: ")
    for fragment in fragments:
        assert fragment in lines[0]
    assert result.stdout == ""


# --- exit codes -------------------------------------------------------------------------------
def test_unique_puzzle_exits_0_and_shows_the_solution():
    result = run("solve", SVD)
    assert result.exit_code == 0
    assert result.stdout.split("\n")[:4] == ["312 695 874", "648 317 592", "957 824 361", ""]
    assert formats.parse_one(result.stdout) == formats.parse_one(SVD_SOLUTION)
    assert result.stderr == ""


def test_no_solution_exits_1_and_says_so():
    result = run("solve", no_solution_line())
    assert result.exit_code == 1
    assert "no solution" in result.stderr
    assert result.stdout == ""


def test_usage_errors_exit_2():
    assert run("solve").exit_code == 2
    assert run("solve", SVD, "--method", "nope").exit_code == 2
    assert run("solve", SVD, "--to", "nope").exit_code == 2
    assert run("solve", SVD, "--format", "nope").exit_code == 2
    assert run("solve", SVD, "--limit", "0").exit_code == 2
    assert run("solve", SVD, "--no-such-option").exit_code == 2


def test_several_solutions_exit_4_say_so_and_show_one():
    line = data_line("serg.txt")
    result = run("solve", line, "--to", "line")
    assert result.exit_code == 4
    assert "several solutions" in result.stderr and "found 2" in result.stderr
    shown = formats.parse_one(result.stdout)
    puzzle = formats.parse_one(line)
    assert shown.is_solved
    assert all(a == b for a, b in zip(shown.values, puzzle.values) if b)


def test_search_limit_exits_5():
    result = run("solve", data_line("forum_hardest_1106.txt"), "--method", "reference",
                 "--node-limit", "2")
    assert result.exit_code == 5
    assert "limit" in result.stderr


def test_exit_codes_are_documented_in_help():
    for args in (["--help"], ["solve", "--help"]):
        result = run(*args)
        assert result.exit_code == 0
        text = " ".join(result.stdout.split())
        for fragment in ("0 solved", "1 no solution", "2 usage error", "3 invalid input",
                         "4 several solutions", "5 search or time limit", "70 internal error",
                         "130 interrupted"):
            assert fragment in text


def test_version():
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout.strip() == f"sudokit {__version__}"


# --- output -----------------------------------------------------------------------------------
@pytest.mark.parametrize("fmt", sorted(formats.formats()))
def test_every_output_format_reads_back_as_the_solution(fmt):
    result = run("solve", SVD, "--to", fmt)
    assert result.exit_code == 0, result.output
    back = formats.parse(result.stdout, fmt=fmt)
    assert len(back) == 1
    assert back[0].values == formats.parse_one(SVD_SOLUTION).values


def test_bordered_layout_and_puzzle_with_stat_line():
    result = run("solve", SVD, "--layout", "grid", "--show-puzzle")
    assert result.exit_code == 0
    assert "Stat: 26 (32.1%) done" in result.stdout
    assert result.stdout.count("+-------+-------+-------+") == 8  # two bordered grids


def test_method_backtrack_with_stats_reports_the_articles_counts():
    result = run("solve", SVD, "--method", "backtrack", "--stats")
    assert result.exit_code == 0
    assert formats.parse_one(result.stdout) == formats.parse_one(SVD_SOLUTION)
    assert "10,000 checks at r" in result.stderr  # the progress line
    assert "solved after 116,070 checks" in result.stderr
    assert "done after 156,380 checks" in result.stderr


def test_stats_for_the_reference_solver():
    result = run("solve", SVD, "--method", "reference", "--stats")
    assert result.exit_code == 0
    assert re.search(r"reference: \d+ nodes?, \d+ guess(es)?, \d+\.\d+ ?(s|ms|µs)", result.stderr)


def test_alphabet_applies_to_input_and_output():
    lower = formats.parse_one(SVD).to_line("zero")  # value 1 written 0, blanks '.'
    result = run("solve", lower, "--alphabet", "zero", "--to", "line")
    assert result.exit_code == 0
    assert result.stdout.strip() == formats.parse_one(SVD_SOLUTION).to_line("zero")


def test_box_option_for_a_rectangular_grid():
    # A 6x6 with 3x2 boxes (3 rows x 2 columns): only valid with --box 3x2.
    solution = Grid(Geometry(3, 2), [1, 2, 3, 4, 5, 6,
                                     3, 4, 5, 6, 1, 2,
                                     5, 6, 1, 2, 3, 4,
                                     2, 1, 4, 3, 6, 5,
                                     4, 3, 6, 5, 2, 1,
                                     6, 5, 2, 1, 4, 3])
    assert solution.is_solved
    puzzle = "".join("." if i % 4 == 0 else ch for i, ch in enumerate(solution.to_line()))
    result = run("solve", puzzle, "--box", "3x2", "--to", "line")
    assert result.exit_code == 0
    assert formats.parse_one(result.stdout, box="3x2").is_solved


# --- counting and JSON ------------------------------------------------------------------------
def test_count_reports_the_number_of_solutions():
    line = data_line("serg.txt")
    expected = search.count_solutions(line, limit=None, method="reference")
    result = run("solve", line, "--count")
    assert result.exit_code == 4
    assert result.stdout.strip() == f"{expected} solutions"
    capped = run("solve", line, "--count", "--limit", "10")
    assert capped.stdout.strip() == "at least 10 solutions"
    unique = run("solve", SVD, "--count")
    assert (unique.exit_code, unique.stdout.strip()) == (0, "1 solution")
    none = run("solve", no_solution_line(), "--count")
    assert (none.exit_code, none.stdout.strip()) == (1, "0 solutions")


# --- counting in constant memory, time limits that bound the command ----------------------------

EMPTY9 = "." * 81
EMPTY16 = "." * 256


#: Runs the command line in this process and writes its peak resident memory (VmHWM, which
#: starts again at exec: the rusage of a child also counts the test process it was forked from,
#: hundreds of MB late in a full run) to the file named by its first argument.
PEAK_WRAPPER = """
import atexit, sys
peak_file = sys.argv.pop(1)

def write_peak():
    status = open("/proc/self/status").read()
    kb = next(line.split()[1] for line in status.splitlines() if line.startswith("VmHWM:"))
    open(peak_file, "w").write(kb)

atexit.register(write_peak)
sys.argv[0] = "sudokit"
from sudokit.adapters.cli.start import run
run()
"""


def run_process(tmp_path: Path, *args: str, timeout: float = 120):
    """The command line ``sudokit ARGS`` in a new process: (exit code, stdout, stderr, peak
    resident memory of that process in MB, wall seconds)."""
    out, err, peak = tmp_path / "stdout", tmp_path / "stderr", tmp_path / "peak"
    start = time.perf_counter()
    with out.open("w") as fout, err.open("w") as ferr:
        proc = subprocess.run([sys.executable, "-c", PEAK_WRAPPER, str(peak), *args],
                              stdout=fout, stderr=ferr, timeout=timeout)
    seconds = time.perf_counter() - start
    peak_mb = int(peak.read_text()) / 1024 if peak.exists() else float("nan")
    return proc.returncode, out.read_text(), err.read_text(), peak_mb, seconds


@pytest.mark.parametrize("options", [["--count"], ["--count", "--json"], [], ["--count", "--jobs", "2"]],
                         ids=["count", "count-json", "first-solution", "count-jobs"])
def test_a_search_to_a_large_limit_runs_in_constant_memory(tmp_path, options):
    # Keeping the 500,000 solutions found took about 800 MB; the search itself needs a few.
    limit = 500_000
    code, stdout, stderr, peak_mb, _ = run_process(tmp_path, "solve", EMPTY9, "--limit", str(limit),
                                                   *options)
    assert code == 4, stderr
    if "--json" in options:
        (doc,) = json.loads(stdout)
        assert doc["count"] == limit and "solutions" not in doc
    elif "--count" in options:
        assert stdout.strip() == f"at least {limit:,} solutions"
    else:
        assert formats.parse_one(stdout).is_solved
        assert f"found {limit}, the search stops at --limit {limit}" in stderr
    assert peak_mb < 150


def test_json_lists_every_solution_up_to_its_bound_and_refuses_more():
    bound = solve_command.JSON_SOLUTIONS
    listed = run("solve", EMPTY9, "--json", "--limit", str(bound))
    (doc,) = json.loads(listed.stdout)
    grids = [formats.parse_one(line) for line in doc["solutions"]]
    assert doc["count"] == bound and len({g.to_line() for g in grids}) == bound
    assert all(g.is_solved for g in grids)
    refused = run("solve", EMPTY9, "--json", "--limit", str(bound + 1))
    assert refused.exit_code == 2 and refused.stdout == ""
    said = " ".join(refused.stderr.replace("│", " ").split())  # as read, across the box's lines
    assert f"--json lists at most {bound:,} solutions; count more with --count" in said


@pytest.mark.parametrize("puzzle, limit, jobs", [(EMPTY16, 10**9, 1), (EMPTY16, 10**9, 2), (EMPTY9, 10**20, 1)],
                         ids=["16x16", "16x16-jobs", "9x9-limit-1e20"])
def test_the_time_limit_bounds_a_whole_count(tmp_path, puzzle, limit, jobs):
    """A count the time limit stops ends soon after it, with the count so far and exit code 5
    (the question, how many, has no answer yet)."""
    code, stdout, stderr, _, seconds = run_process(
        tmp_path, "solve", puzzle, "--count", "--limit", str(limit), "--time-limit", "1", "--jobs", str(jobs))
    assert code == 5, stderr
    found = re.fullmatch(r"at least ([\d,]+) solutions", stdout.strip())
    assert found and 0 < int(found[1].replace(",", "")) < limit
    assert "time limit" in stderr and "--time-limit" in stderr
    assert seconds < 6


def test_a_search_without_a_time_limit_stops_at_the_default(monkeypatch):
    # Counting the 6.67e21 solutions of an empty 9x9 would run for ever without it.
    monkeypatch.setattr(solve_command, "DEFAULT_TIME_LIMIT", 0.5)
    result = run("solve", EMPTY9, "--count", "--limit", str(10**20))
    assert result.exit_code == 5, result.output
    assert result.stdout.startswith("at least ")
    assert "--time-limit" in result.stderr


def test_json_output():
    result = run("solve", SVD, "--json", "--method", "backtrack")
    assert result.exit_code == 0
    (doc,) = json.loads(result.stdout)
    assert doc["status"] == "unique" and doc["count"] == 1 and doc["complete"]
    assert doc["size"] == 9 and doc["box"] == "3x3"
    assert formats.parse_one(doc["solutions"][0]) == formats.parse_one(SVD_SOLUTION)
    assert formats.parse_one(doc["puzzle"]) == formats.parse_one(SVD)
    assert doc["stats"]["method"] == "backtrack"
    assert doc["stats"]["checks_total"] == 156_380


def test_json_for_several_puzzles_with_an_invalid_one(tmp_path):
    path = tmp_path / "three.txt"
    path.write_text(f"{SVD_LINE}\n{CLASH}\n{no_solution_line()}\n")
    result = run("solve", str(path), "--json")
    assert result.exit_code == 3  # the highest code of the three (0, 3, 1)
    docs = json.loads(result.stdout)
    assert [d["status"] for d in docs] == ["unique", "invalid", "no-solution"]
    assert "both hold 5" in docs[1]["error"]


# --- sources ----------------------------------------------------------------------------------
def test_large_puzzle_written_out():
    # 625 symbols: longer than a file name may be, so it must not be taken for one.
    geometry = Geometry(5, 5)
    solution = full_grid(geometry, random.Random(25))
    puzzle = Grid(geometry, [0 if i % 3 == 0 else v for i, v in enumerate(solution.values)])
    result = run("solve", puzzle.to_line(), "--to", "line")
    assert result.exit_code == 0, result.output
    assert formats.parse_one(result.stdout) == solution


def test_puzzle_from_stdin():
    result = run("solve", "-", "--to", "line", input=SVD + "\n")
    assert result.exit_code == 0
    assert formats.parse_one(result.stdout) == formats.parse_one(SVD_SOLUTION)


def test_file_with_several_puzzles_solves_each(tmp_path):
    serg = data_line("serg.txt")
    path = tmp_path / "puzzles.txt"
    path.write_text(f"{SVD_LINE}\n{serg}\n{no_solution_line()}\n")
    result = run("solve", str(path), "--to", "line")
    assert result.exit_code == 4  # highest of 0, 4, 1
    lines = result.stdout.split()
    assert len(lines) == 2  # the unsolvable puzzle has no line
    assert formats.parse_one(lines[0]) == formats.parse_one(SVD_SOLUTION)
    assert "puzzle 2: the puzzle has several solutions" in result.stderr
    assert "puzzle 3: the puzzle has no solution" in result.stderr
    assert "3 puzzles" in result.stderr


def test_several_puzzles_to_json_make_one_array(tmp_path):
    path = tmp_path / "two.txt"
    path.write_text(f"{SVD_LINE}\n{EXPRESSEN}\n")
    result = run("solve", str(path), "--to", "json")
    assert result.exit_code == 0
    assert len(json.loads(result.stdout)) == 2
    back = formats.parse(result.stdout, fmt="json")
    assert [g.values for g in back] == [formats.parse_one(SVD_SOLUTION).values,
                                        formats.parse_one(EXPRESSEN_SOLUTION).values]


def test_format_aliases_are_accepted():
    result = run("solve", SVD, "--to", "csv")
    assert result.exit_code == 0
    assert formats.parse(result.stdout, fmt="comma")[0] == formats.parse_one(SVD_SOLUTION)


def test_example_files_solve():
    examples = Path(__file__).resolve().parents[1] / "examples"
    svd = examples / "svd-2016-03-19.txt"
    if not svd.exists():
        pytest.skip("examples/ not there")
    result = run("solve", str(svd), "--to", "line")
    assert result.exit_code == 0
    assert formats.parse_one(result.stdout) == formats.parse_one(SVD_SOLUTION)


def test_python_dash_m_runs_the_cli():
    proc = subprocess.run([sys.executable, "-m", "sudokit", "solve", SVD, "--to", "line"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert formats.parse_one(proc.stdout) == formats.parse_one(SVD_SOLUTION)


# --- bad input: one clear message, exit 3 -------------------------------------------------------
def test_wrong_length():
    assert_one_error(run("solve", SVD_LINE[:-1]), 3, "found 80 cells")


def test_unknown_character():
    bad = SVD_LINE[:12] + "k" + SVD_LINE[13:]
    assert_one_error(run("solve", bad), 3, "'k'", "column 13", "line 1")


def test_box_shape_that_does_not_divide_the_size():
    assert_one_error(run("solve", SVD, "--box", "2x4"), 3, "2x4")
    assert_one_error(run("solve", SVD, "--box", "axb"), 3, "axb")


def test_clashing_givens():
    assert_one_error(run("solve", CLASH), 3, "r1c1", "r4c1", "both hold 5")


def test_empty_file(tmp_path):
    path = tmp_path / "empty.txt"
    path.write_text("")
    assert_one_error(run("solve", str(path)), 3, "empty.txt", "empty")


def test_empty_stdin():
    assert_one_error(run("solve", "-", input=""), 3, "empty")


def test_binary_file(tmp_path):
    path = tmp_path / "puzzle.bin"
    path.write_bytes(bytes(range(256)) * 8)
    assert_one_error(run("solve", str(path)), 3, "puzzle.bin", "binary")


def test_binary_stdin():
    assert_one_error(run("solve", "-", input=b"\x00\x01\x02" * 10), 3, "binary")


def test_ten_megabyte_line(tmp_path):
    path = tmp_path / "huge.txt"
    path.write_text("1" * 10_000_000 + "\n")
    assert_one_error(run("solve", str(path)), 3, "huge.txt", "line 1")


def test_missing_file_and_directory(tmp_path):
    assert_one_error(run("solve", str(tmp_path / "nope.txt")), 3, "nope.txt", "no such file")
    assert_one_error(run("solve", str(tmp_path)), 3, "directory")


def test_a_grid_the_alphabet_cannot_write_is_refused_before_the_search_or_given_as_values():
    empty64 = "." * 4096
    refused = run("solve", empty64, "--format", "line")
    assert refused.exit_code == 3
    assert "61 symbols, too few for size 64" in refused.output
    as_json = run("solve", "." * 36 * 36, "--json", "--alphabet", "lower")  # 35 symbols
    doc = json.loads(as_json.stdout)[0]
    assert doc["size"] == 36 and isinstance(doc["solutions"][0], list)
    solution = Grid(Geometry.of(36), doc["solutions"][0])
    assert solution.is_solved


@pytest.mark.parametrize("written", ["1000", "1_000", "1,000", "1e3", "10^3"])
def test_a_limit_may_be_written_as_people_write_large_numbers(written):
    counted = run("solve", EMPTY9, "--count", "--limit", written)
    assert counted.exit_code == 4 and counted.stdout.strip() == "at least 1,000 solutions"


@pytest.mark.parametrize("written", ["1.5", "0", "ten", "1e-3"])
def test_a_limit_that_is_no_count_is_a_usage_error(written):
    refused = run("solve", EMPTY9, "--count", "--limit", written)
    assert refused.exit_code == 2 and "--limit" in refused.output and refused.stdout == ""
