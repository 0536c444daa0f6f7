"""Limits of the logic commands and of ``rate``: ``--time-limit`` stops them with exit code 5 and
a message (keeping what was found), Ctrl-C is exit 130, and a puzzle with no solution or several
solutions is said to be one (exit 1 or 4) instead of leaving the techniques silently stuck."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

import pytest
from typer.testing import CliRunner

from sudokit import Geometry, Grid
from sudokit.model import formats
from sudokit.adapters.cli.main import app
from sudokit.engines.logic import Position
from sudokit.engines.search import core

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
#: Needs more than singles (see test_cli_logic).
HARDER = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
#: A 25x25 puzzle with one solution (`sudokit generate --size 25 --seed 7 --no-minimal`): its
#: logical solve takes about a minute.
BIG = (
    "M9..A..IC..51...N..BD4.J...3.....15.9.2EG...C.O.6B..N...6..74..KP..8M.E..H.2.JI.BEP.N..F.."
    "...A.....CD..C..F2A..N6..JI.O..G..3I..FKC2....7EAM..G.J....P....8.G5.B.J.F.A.1I..M9D....JE"
    "L9....1..6.DB827.O....M....KJP...DC..69...A..4..3.........5.E..P...H..95G1....7.A....4KE.."
    ".......4...O.M.JG8...9F...H..6K.2..9B...6.54..LO..MP..D.H7........DI93.....G....6BD.L.I3.."
    "E..P.2G5.AKJ..4.P...3.OBAL.M...7.....FIG.M5..1..6EH..I...4F..N8.O.E.B.PKG84...7.DO3N..L.M."
    "...64..J........AL....5E..I.....92D.KO.BH8J6....P7..9K..3.E.7H....F.J..5.CL...AF.L.I......"
    "7..2..K1..P.H.1.4A.....GD...536.I.N...5C2....1....K6P.M.BGF.3J.L.FP...C..8.14....A.29"
)

runner = CliRunner()


def run(*args: str):
    result = runner.invoke(app, list(args))
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


def timed(*args: str):
    start = time.perf_counter()
    result = run(*args)
    return result, time.perf_counter() - start


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@pytest.fixture(scope="module")
def several() -> str:
    """A 9x9 puzzle with exactly two solutions."""
    values = list(core.random_solution(Geometry.of(9), 4).values)
    values[:40] = [0] * 40
    grid = Grid(Geometry.of(9), values)
    assert core.count_solutions(grid, 2) == 2
    return grid.to_line()


@pytest.fixture(scope="module")
def no_solution() -> str:
    """EASY with one more given that clashes with nothing but leaves no solution."""
    grid = formats.parse_one(EASY)
    solution = core.solve(grid).solutions[0].values
    candidates = Position.from_grid(grid).cands
    for cell, value in enumerate(grid.values):
        if value:
            continue
        for digit in range(1, 10):
            if digit == solution[cell] or not candidates[cell] >> (digit - 1) & 1:
                continue
            values = list(grid.values)
            values[cell] = digit
            wrong = Grid(grid.geometry, values)
            if (core.count_solutions(wrong, 2) == 0
                    and Position.from_grid(wrong).contradiction() is None):
                return wrong.to_line()
    raise AssertionError("no such puzzle")


# --- --time-limit -----------------------------------------------------------------------------

LIMIT = 1.0


def assert_limit_message(stderr: str, command: str) -> None:
    assert f"{command} stopped at the time limit of 1 s" in stderr
    assert "raise --time-limit" in stderr


def test_explain_stops_at_the_time_limit_and_keeps_the_steps_found():
    r, seconds = timed("explain", BIG, "--time-limit", str(LIMIT))
    assert r.exit_code == 5, r.output
    assert seconds < LIMIT + 3
    assert_limit_message(r.stderr, "explain")
    steps = [line for line in r.stdout.splitlines() if line.strip()[:1].isdigit() and ". " in line]
    assert f"after {len(steps)} step" in r.stderr
    assert "Stopped after" in r.stdout and "time limit" in r.stdout


def test_explain_json_at_the_time_limit_ends_with_its_summary():
    r = run("explain", BIG, "--time-limit", str(LIMIT), "--json")
    assert r.exit_code == 5
    *steps, last = json_lines(r.stdout)
    summary = last["summary"]
    assert summary["time_limit_reached"] and not summary["solved"]
    assert summary["steps"] == len(steps) and summary["unique"] is True
    assert f"after {len(steps)} step" in r.stderr


def test_explain_rounds_stop_at_the_time_limit():
    r = run("explain", BIG, "--rounds", "--time-limit", "0.05")
    assert r.exit_code in (5, 6)  # a fast machine may finish the rounds first
    if r.exit_code == 5:
        assert "explain stopped at the time limit of 0.05 s" in r.stderr


def test_hint_stops_at_the_time_limit():
    # forcing nets take seconds to find the first one in this 25x25 (less once an earlier test
    # left its search in the forcing memo: hence a limit the count alone outlasts)
    r, seconds = timed("hint", BIG, "--time-limit", "0.01", "--technique", "forcing-net")
    assert r.exit_code == 5, r.output
    assert seconds < 0.01 + 3
    assert "hint stopped at the time limit of 0.01 s" in r.stderr and r.stdout == ""


def test_steps_prints_the_steps_found_before_the_time_limit():
    r = run("steps", BIG, "--time-limit", str(LIMIT))
    assert r.exit_code == 5
    assert_limit_message(r.stderr, "steps")
    found = len(r.stdout.splitlines())
    assert f"after {found} step" in r.stderr


def test_rate_stops_at_the_time_limit():
    r, seconds = timed("rate", BIG, "--time-limit", str(LIMIT))
    assert r.exit_code == 5
    assert seconds < LIMIT + 3
    lines = [line for line in r.stderr.splitlines() if line.strip()]
    assert len(lines) == 1
    assert lines[0].startswith("error: the rating stopped at the time limit of 1 s after ")
    assert r.stdout == ""


def test_without_a_time_limit_nothing_changes():
    r = run("explain", EASY, "--time-limit", "60")
    assert r.exit_code == 0 and "Solved by logic" in r.stdout


# --- why the techniques stop ------------------------------------------------------------------

def test_explain_says_when_the_puzzle_has_several_solutions(several):
    r = run("explain", several)
    assert r.exit_code == 4
    assert "several solutions" in r.stdout  # the "Stopped after" line
    r = run("explain", several, "--json")
    assert r.exit_code == 4 and "several solutions" in r.stderr
    summary = json_lines(r.stdout)[-1]["summary"]
    assert summary["unique"] is False and "several solutions" in summary["stuck_reason"]


def test_hint_and_steps_say_when_the_puzzle_has_several_solutions(several):
    r = run("hint", several)
    assert r.exit_code == 4 and r.stdout.strip()  # the hint, with a warning
    assert "several solutions" in r.stderr
    r = run("hint", several, "--technique", "x-wing")
    assert r.exit_code == 4 and r.stdout == "" and "several solutions" in r.stderr
    r = run("steps", several, "--technique", "hidden-single")
    assert r.exit_code == 4 and "several solutions" in r.stderr


@pytest.mark.parametrize("command", ["explain", "hint", "steps"])
def test_a_puzzle_with_no_solution_is_exit_1(command, no_solution):
    r = run(command, no_solution)
    assert r.exit_code == 1
    assert r.stderr.strip() == "error: the puzzle has no solution" and r.stdout == ""


def test_a_wrong_entry_in_a_position_is_exit_1():
    position = Position.coerce(EASY)
    solution = core.solve(formats.parse_one(EASY)).solutions[0].values
    cell = next(c for c, m in enumerate(position.cands) if m.bit_count() >= 3)
    wrong = next(d for d in range(1, 10) if position.has(cell, d) and d != solution[cell])
    position.place(cell, wrong)
    assert position.contradiction() is None
    r = run("explain", position.to_json())
    assert r.exit_code == 1 and "this position has no solution" in r.stderr


def test_stuck_on_a_unique_puzzle_names_the_techniques_and_trial():
    r = run("hint", HARDER, "--technique", "naked-single")
    assert r.exit_code == 6
    err = r.stderr
    assert "no chosen technique applies" in err and "the puzzle has one solution" in err
    assert "techniques enabled: naked-single;" in err
    assert "trial (candidate-test, candidate-test-recursive) is off" in err
    r = run("explain", HARDER, "--technique", "hidden-single", "--technique", "naked-single")
    assert r.exit_code == 6 and "techniques enabled: hidden-single, naked-single" in r.stdout
    r = run("steps", HARDER, "--technique", "bug-plus-1")
    assert r.exit_code == 0 and "techniques enabled: bug-plus-1" in r.stderr


# --- Ctrl-C -----------------------------------------------------------------------------------

#: ``python -m sudokit`` (the same entry point, :func:`sudokit.adapters.cli.main.run`), saying "started" on
#: stderr when the command starts reading its puzzle: on a loaded machine the imports (Typer's
#: own included) can take more than a second, and the test is about stopping the work.
CHILD = ("import os, sys\n"
         "from sudokit.adapters.cli import logic\n"
         "from sudokit.adapters.cli.main import run\n"
         "read = logic.read_position\n"
         "def reading(*args, **kwargs):\n"
         "    os.write(2, b'started\\n')\n"
         "    return read(*args, **kwargs)\n"
         "logic.read_position = reading\n"
         "sys.argv = ['sudokit', 'explain', %r]\n"
         "run()\n")


@pytest.mark.skipif(sys.platform == "win32", reason="SIGINT to a child process")
def test_ctrl_c_stops_explain_of_a_25x25_within_a_second_and_a_half():
    env = {k: v for k, v in os.environ.items() if k != "SUDOKIT_DEBUG"}
    proc = subprocess.Popen([sys.executable, "-c", CHILD % BIG], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stderr.readline() == "started\n"
        time.sleep(1.0)
        assert proc.poll() is None, proc.communicate()
        proc.send_signal(signal.SIGINT)
        sent = time.perf_counter()
        _, err = proc.communicate(timeout=30)
        elapsed = time.perf_counter() - sent
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130, err
    assert err.strip() == "interrupted"
    assert elapsed < 1.5


# --- solve --count with the digits method -----------------------------------------------------

def test_solve_count_with_the_digits_method():
    r = run("solve", EASY, "--count", "--method", "digits")
    assert r.exit_code == 0, r.output
    assert r.stdout.strip() == "1 solution"
