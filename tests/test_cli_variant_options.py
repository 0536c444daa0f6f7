"""Every command reads ``--variant``, ``--regions`` and ``--cages`` as it reads the same puzzle
written as a JSON file (issue 39: a jigsaw given with ``--regions`` was counted as unique by
``solve`` but answered "this position has no solution" by ``hint``, ``explain`` and ``steps``,
whose candidates had been worked out with the classic boxes first)."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from sudokit.model import formats
from sudokit.adapters.cli.main import app
from sudokit.engines.generate import generate
from sudokit.engines.search import solve

runner = CliRunner()
COMMANDS = [["hint"], ["hint", "--level", "step"], ["explain"], ["steps", "--json"],
            ["rate", "--json"]]


def run(*args: str):
    return runner.invoke(app, list(args))


@pytest.fixture(scope="module")
def jigsaw(tmp_path_factory):
    """(puzzle line, regions text, the same puzzle as a JSON file)."""
    made = generate(variant="jigsaw", seed=1, rate=False)
    data = json.loads(formats.dumps(made.puzzle, "json"))
    path = tmp_path_factory.mktemp("jigsaw") / "puzzle.json"
    path.write_text(json.dumps(data))
    assert solve(made.puzzle).status == "unique"
    return data["puzzle"], data["regions"], str(path)


@pytest.mark.parametrize("command", COMMANDS, ids=" ".join)
def test_regions_on_the_command_line_read_as_the_puzzle_s_own(jigsaw, command):
    line, regions, path = jigsaw
    given = run(*command, line, "--regions", regions)
    own = run(*command, path)
    assert not given.output.startswith("error:")
    assert (given.exit_code, answer(given.stdout)) == (own.exit_code, answer(own.stdout))


def answer(stdout: str):
    """What a command answered, less how long it took."""
    if not stdout.startswith("{"):
        return stdout
    records = [json.loads(text) for text in stdout.splitlines()]
    return [{k: v for k, v in r.items() if k != "seconds"} for r in records]


def test_the_steps_of_a_jigsaw_given_with_regions_agree_with_its_solution(jigsaw):
    line, regions, path = jigsaw
    counted = run("solve", line, "--regions", regions, "--count")
    assert counted.exit_code == 0 and counted.stdout.strip() == "1 solution"
    (puzzle,) = formats.parse(open(path).read(), "json")
    solution = solve(puzzle).solution
    listed = run("steps", line, "--regions", regions, "--json")
    assert listed.exit_code == 0
    steps = [json.loads(text) for text in listed.stdout.splitlines()]
    assert steps
    for step in steps:
        assert all(solution[r - 1, c - 1] == d for r, c, d in step["placements"]), step
        assert all(solution[r - 1, c - 1] != d for r, c, d in step["eliminations"]), step
