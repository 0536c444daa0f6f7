"""What a drawing of a step needs comes with it: every chain-like step has its links, every
forcing chain or net its branches, fish their base and cover sets, ALS steps their sets, wings
and rectangles their pattern cells; explanations never leave the middle of a chain out. Checked
on the steps of real solve paths, through the JSON the API and ``steps --json`` give."""

from __future__ import annotations

import json

import pytest
from helpers import data_sample
from typer.testing import CliRunner

from sudokit.adapters.cli.main import app
from sudokit.model.grid import Grid
from sudokit.model import formats
from sudokit.engines.logic import LogicalSolver
from sudokit.engines.logic.techniques import REGISTRY
from sudokit.engines.difficulty import TECHNIQUES
from sudokit.adapters.web.models import StepModel

LINKED_FAMILIES = {"chains", "coloring", "single-digit"}
PATTERN_FAMILIES = {"wings", "uniqueness"}


@pytest.fixture(scope="module")
def steps():
    """(grid, step dict, family) of every step of some hard puzzles' solve paths."""
    solver = LogicalSolver()
    out = []
    for name, count in (("top1465", 15), ("forum_hardest_1106", 2)):
        for line in data_sample(name, count):
            grid = formats.parse_one(line)
            for step in solver.solve_path(grid).steps:
                out.append((grid, step.to_dict(grid.geometry), REGISTRY[step.technique].family))
    return out


def in_grid(grid: Grid, rc: list[int]) -> bool:
    return all(1 <= v <= grid.size for v in rc[:2])


def test_every_step_validates_against_the_api_model(steps):
    for _, doc, _ in steps:
        StepModel.model_validate(doc)


def test_chain_like_steps_have_links_and_forcing_steps_branches(steps):
    families = set()
    for grid, doc, family in steps:
        families.add(family)
        if family in LINKED_FAMILIES or doc["technique"].startswith(("als-", "death")):
            assert doc.get("links"), doc["explanation"]
            for link in doc["links"]:
                assert in_grid(grid, link["from"]) and in_grid(grid, link["to"])
        if family == "forcing" or doc["technique"] == "candidate-test":
            # (a recursive candidate test searched a tree: it has no branches to draw)
            assert doc.get("branches"), doc["explanation"]
            for branch in doc["branches"]:
                assert branch["label"] and branch["links"] or doc["technique"] == "nishio"
                links = branch["links"]
                if TECHNIQUES[doc["technique"]].se_chaining:
                    # an implication tree: each link leaves the assumption or a candidate an
                    # earlier link reached (a dynamic implication may have several parents)
                    reached = [links[0]["from"]] if links else []
                    for link in links:
                        assert link["from"] in reached, (doc["explanation"], link)
                        reached.append(link["to"])
                    continue
                # each branch starts at its assumption and follows on from link to link
                for a, b in zip(links, links[1:]):
                    assert a["to"] == b["from"]
    assert {"chains", "forcing"} <= families  # the sample reaches both


def test_fish_als_and_patterns_come_with_their_sets(steps):
    roles_seen = set()
    for grid, doc, family in steps:
        roles = [s["role"] for s in doc.get("sets", ())]
        roles_seen.update(roles)
        if family == "fish":
            assert "base" in roles and "cover" in roles, doc["explanation"]
            if doc.get("fins"):
                assert "fin" in roles
        if doc["technique"] in ("als-xz", "als-xy-wing", "als-xy-chain", "death-blossom"):
            assert roles.count("als") >= 2
        if family in PATTERN_FAMILIES:
            assert "pattern" in roles
        for s in doc.get("sets", ()):
            assert s["cells"] and all(in_grid(grid, c) for c in s["cells"])
    assert {"base", "cover", "als", "pattern"} <= roles_seen


def test_explanations_never_leave_out_the_middle_of_a_chain(steps):
    for _, doc, _ in steps:
        assert "..." not in doc["explanation"]


def test_steps_json_on_the_command_line_carries_the_same_drawing(steps):
    grid, doc, _ = next((g, d, f) for g, d, f in steps if f == "forcing")
    del doc  # the first forcing step of its puzzle: run the puzzle's path through the CLI
    result = CliRunner().invoke(app, ["explain", grid.to_line(), "--json"])
    lines = [json.loads(x) for x in result.stdout.splitlines()]
    forcing = [d for d in lines if "technique" in d and REGISTRY[d["technique"]].family == "forcing"]
    assert forcing and all(d.get("branches") for d in forcing)
