"""``sudokit hint``, ``explain`` and ``steps`` from the command line."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from sudokit.model import formats
from sudokit.adapters.cli.main import app
from sudokit.engines.logic import Position, all_steps, hint, next_step
from sudokit.engines.logic.techniques import default_order
from sudokit.engines.difficulty import TECHNIQUES
from sudokit.engines.search import solve

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
# needs more than singles (a locked candidate and more)
HARDER = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"
SIX = "1.....\n..3.5.\n.4....\n....2.\n.5.1..\n.....6\n"

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


# --- hint ---------------------------------------------------------------------------------------

def test_hint_nudge_and_step():
    r = run("hint", EASY)
    assert r.exit_code == 0
    assert r.stdout.strip() == hint(EASY).text
    r = run("hint", EASY, "--level", "step")
    assert r.exit_code == 0 and r.stdout.strip() == next_step(EASY).explanation


def test_hint_json_hides_the_answer_at_nudge_level():
    doc = json.loads(run("hint", EASY, "--json").stdout)
    assert doc["level"] == "nudge" and "step" not in doc and doc["houses"]
    doc = json.loads(run("hint", EASY, "--json", "--level", "step").stdout)
    assert doc["step"]["placements"] == next_step(EASY).to_dict(formats.parse_one(EASY).geometry)["placements"]


def test_hint_apply_prints_the_next_position():
    r = run("hint", EASY, "--apply")
    assert r.exit_code == 0
    after = Position.from_json(r.stdout)
    before = Position.coerce(EASY)
    (cell, digit), = next_step(EASY).placements
    assert after.values[cell] == digit and before.values[cell] == 0
    assert sum(map(bool, after.values)) == sum(map(bool, before.values)) + 1
    # and the printed position feeds the next hint
    r2 = run("hint", r.stdout.strip(), "--level", "step")
    assert r2.exit_code == 0 and r2.stdout.strip() == next_step(after).explanation


def test_hint_when_solved_or_stuck():
    solution = solve(formats.parse_one(EASY)).solution.to_line()
    r = run("hint", solution)
    assert r.exit_code == 0 and "already solved" in r.stderr
    r = run("hint", HARDER, "--technique", "naked-single")
    assert r.exit_code == 6 and "no chosen technique" in r.stderr


# --- explain ------------------------------------------------------------------------------------

def test_explain_text_lists_steps_summary_and_hardest():
    r = run("explain", HARDER)
    assert r.exit_code in (0, 6)
    path = __import__("sudokit.engines.logic", fromlist=["solve_path"]).solve_path(HARDER)
    lines = r.stdout.splitlines()
    assert lines[0] == f"1. {path.steps[0].explanation}".rjust(len(lines[0]))
    assert sum(1 for line in lines if line.strip()[:1].isdigit() and ". " in line) >= len(path.steps)
    assert f"Hardest: {path.hardest.name}" in r.stdout
    for tid in path.techniques:
        assert tid in r.stdout
    assert r.exit_code == (0 if path.solved else 6)


def test_explain_json_replays_to_the_solution():
    r = run("explain", EASY, "--json")
    assert r.exit_code == 0
    docs = json_lines(r.stdout)
    *steps, last = docs
    summary = last["summary"]
    assert summary["solved"] and summary["steps"] == len(steps)
    assert sum(summary["techniques"].values()) == len(steps)
    assert summary["hardest"]["technique"] in summary["techniques"]
    grid = formats.parse_one(EASY)
    values = list(grid.values)
    for s in steps:
        assert {"technique", "placements", "eliminations", "explanation"} <= set(s)
        for row, col, digit in s["placements"]:
            values[(row - 1) * 9 + col - 1] = digit
    assert values == solve(grid).solution.values


def test_explain_stuck_reports_where_it_stopped():
    r = run("explain", HARDER, "--json", "--technique", "hidden-single", "--technique", "naked-single")
    assert r.exit_code == 6
    summary = json_lines(r.stdout)[-1]["summary"]
    assert not summary["solved"] and summary["stuck_reason"]
    assert set(summary["techniques"]) <= {"hidden-single", "naked-single"}
    pos = Position.from_json(summary["position"])
    assert not pos.is_solved


def test_explain_with_excluded_techniques():
    r = run("explain", EASY, "--json", "--exclude", "hidden-single", "--exclude", "full-house")
    summary = json_lines(r.stdout)[-1]["summary"]
    assert "hidden-single" not in summary["techniques"] and "full-house" not in summary["techniques"]


# --- steps --------------------------------------------------------------------------------------

def test_steps_lists_every_instance_of_the_chosen_technique():
    r = run("steps", EASY, "--technique", "hidden-single", "--json")
    assert r.exit_code == 0
    docs = json_lines(r.stdout)
    g = formats.parse_one(EASY).geometry
    expected = [s.to_dict(g) for s in all_steps(EASY, techniques=["hidden-single"])]
    assert docs == expected and len(docs) > 1
    assert all(d["technique"] == "hidden-single" and d["eliminations"] == [] for d in docs)
    text = run("steps", EASY, "--technique", "hidden-single").stdout.splitlines()
    assert text == [d["explanation"] for d in docs]


def test_steps_reads_a_position_json_with_its_candidates():
    pos = Position.coerce(EASY)
    cell = next(c for c, m in enumerate(pos.cands) if m and bin(m).count("1") == 2)
    keep = min(d for d in range(1, 10) if pos.has(cell, d))
    for d in range(1, 10):
        if d != keep:
            pos.eliminate(cell, d)
    r = run("steps", pos.to_json(), "--technique", "naked-single", "--json")
    placed = [tuple(p) for d in json_lines(r.stdout) for p in d["placements"]]
    assert (cell // 9 + 1, cell % 9 + 1, keep) in placed


def test_steps_reads_sukaku_and_pencil_mark_grids():
    # a position whose unsolved cells keep two candidates or more (a candidate grid shows a cell
    # with one candidate as solved), with some candidates removed by hand
    pos = Position.coerce(HARDER)
    solution = solve(formats.parse_one(HARDER)).solution.values
    removed = 0
    for cell, m in enumerate(pos.cands):
        wrong = [d for d in range(1, 10) if m >> (d - 1) & 1 and d != solution[cell]]
        if len(wrong) > 2 and removed < 12:
            pos.eliminate(cell, wrong[-1])
            removed += 1
    reference = run("steps", pos.to_json(), "--json").stdout
    assert reference
    masks = [m if not v else 1 << (v - 1) for v, m in zip(pos.values, pos.cands)]
    for fmt in ("sukaku", "pencilmark"):
        text = formats.dumps_candidates(pos.to_grid(), masks, fmt)
        r = run("steps", text, "--json")
        assert r.exit_code == 0, r.stderr
        assert r.stdout == reference


def test_steps_on_6x6_from_a_file(tmp_path):
    f = tmp_path / "six.txt"
    f.write_text(SIX)
    r = run("steps", str(f), "--box", "2x3", "--json")
    # the steps are listed, with a warning: this 6x6 has several solutions
    assert r.exit_code == 4 and "several solutions" in r.stderr
    docs = json_lines(r.stdout)
    assert docs
    assert all(1 <= x <= 6 for d in docs for p in d["placements"] + d["eliminations"] for x in p)


def test_steps_list_and_nothing_found():
    r = run("steps", "--list")
    lines = r.stdout.splitlines()
    default = [line.split()[0] for line in lines if "only when asked for" not in line]
    assert default == default_order()
    asked = {line.split()[0] for line in lines if "only when asked for" in line}
    on_request = {t.id for t in TECHNIQUES.values() if t.on_request}
    assert asked == on_request and not asked & set(default)
    r = run("steps", EASY, "--technique", "bug-plus-1")
    assert r.exit_code == 0 and r.stdout == "" and "no step" in r.stderr


# --- errors -------------------------------------------------------------------------------------

@pytest.mark.parametrize("command", ["hint", "explain", "steps"])
def test_unknown_technique_lists_the_valid_ids(command):
    r = run(command, EASY, "--technique", "x-wings")
    assert r.exit_code == 2
    err = " ".join(r.stderr.replace("│", " ").split())
    assert "unknown technique 'x-wings'" in err and "x-wing" in err and "hidden-single" in err


@pytest.mark.parametrize("command", ["hint", "explain", "steps"])
def test_invalid_input_exits_3_with_a_message(command):
    r = run(command, "55" + "." * 79)
    assert r.exit_code == 3 and "r1c1 and r1c2 both hold 5" in r.stderr
    r = run(command, "123")
    assert r.exit_code == 3 and "error:" in r.stderr and "Traceback" not in r.stderr
    r = run(command, '{"box": [3, 3], "values": "' + "." * 80 + '", "candidates": []}')
    assert r.exit_code == 3 and "error:" in r.stderr


def test_explain_rounds_follow_the_manual_mode():
    from sudokit.engines.logic import LogicalSolver

    r = run("explain", EASY, "--rounds", "--json")
    assert r.exit_code == 0
    *steps, last = json_lines(r.stdout)
    rounds = LogicalSolver().solve_rounds(EASY)
    assert [s["round"] for s in steps] == [i for i, rd in enumerate(rounds, 1) for _ in rd]
    assert last["summary"]["solved"] and last["summary"]["steps"] == len(steps)
    text = run("explain", EASY, "--rounds").stdout
    assert text.count("Round ") == len(rounds) and text.startswith(f"Round 1: {len(rounds[0])} placements")
    # singles alone do not solve a harder puzzle: stuck, exit 6
    assert run("explain", HARDER, "--rounds").exit_code == 6


def test_hint_explain_and_rate_follow_the_variant_rules():
    """An X puzzle has several solutions as a classic one; with --variant x the commands solve
    it by its diagonals, and the hint's step agrees with the X solution."""
    from sudokit.engines.generate import generate

    made = generate(9, variant="x", seed=4, rate=False)
    line = made.puzzle.to_line()
    assert run("hint", line, "--level", "step").exit_code == 4  # several classic solutions
    result = run("hint", line, "--variant", "x", "--level", "step", "--json")
    assert result.exit_code == 0, result.output
    step = json.loads(result.stdout)
    solution = made.solution.values
    for r, c, d in step["step"]["placements"]:
        assert solution[(r - 1) * 9 + c - 1] == d
    result = run("explain", line, "--variant", "x", "--json")
    steps, summary = json_lines(result.stdout)[:-1], json_lines(result.stdout)[-1]
    assert result.exit_code == 0 and summary["summary"]["solved"]
    assert any("diagonal" in s["explanation"] for s in steps)
    assert run("rate", line, "--variant", "x").exit_code == 0
    assert run("rate", line, "--variant", "windoku").exit_code != 0  # not a windoku puzzle


def test_a_bad_search_option_names_the_valid_ones():
    r = run("steps", EASY, "--option", "ur-missing=off")
    assert r.exit_code == 2
    assert "unknown search option 'ur-missing'" in r.output and "als-overlap" in r.output
    r = run("hint", EASY, "-O", "als-overlap=sometimes")
    assert r.exit_code == 2 and "als-overlap=on or als-overlap=off" in r.output
