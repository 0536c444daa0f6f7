"""The SVG reads back: one text element per given, in its cell; steps as arrows."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from render_data import AIC_POSITION, EASY, EXAMPLES, HARD, SIX

from sudokit.engines import render
from sudokit.model import formats
from sudokit.engines.logic import LogicalSolver, Position
from sudokit.model.symbols import get_alphabet

NS = "{http://www.w3.org/2000/svg}"


def parse(text: str) -> ET.Element:
    return ET.fromstring(text)


def board_frame(root: ET.Element) -> tuple[float, float, float]:
    """x0, y0 and side of the board: the widest unfilled rect (the border)."""
    rects = [r for r in root.iter(f"{NS}rect") if r.get("fill") == "none"]
    border = max(rects, key=lambda r: float(r.get("width")))
    return float(border.get("x")), float(border.get("y")), float(border.get("width"))


def texts(root: ET.Element, cls: str) -> list[ET.Element]:
    return [t for t in root.iter(f"{NS}text") if t.get("class") == cls]


@pytest.mark.parametrize("puzzle", [EASY, HARD, SIX, (EXAMPLES / "16x16.txt").read_text(),
                                    (EXAMPLES / "12x12.txt").read_text()])
def test_one_text_per_given_in_its_cell(puzzle):
    grid = formats.parse_one(puzzle)
    n = grid.size
    root = parse(render.svg(grid))
    x0, y0, side = board_frame(root)
    cs = side / n
    givens = texts(root, "given")
    assert len(givens) == grid.filled
    syms = get_alphabet(None).for_size(n)
    seen = set()
    for t in givens:
        x, y = float(t.get("x")), float(t.get("y"))
        size = float(t.get("font-size"))
        col = int((x - x0) // cs)
        row = int((y - size * 0.36 - y0) // cs)  # the baseline sits below the cell's centre
        value = grid.values[row * n + col]
        assert value, f"a given drawn in the empty cell r{row + 1}c{col + 1}"
        assert t.text == syms[value - 1]
        # centred in the cell
        assert abs(x - (x0 + (col + 0.5) * cs)) < cs * 0.05
        seen.add((row, col))
    assert len(seen) == grid.filled


def test_entries_solution_and_candidates():
    position = Position.parse(HARD)
    position.place(1, 2)  # an entry
    root = parse(render.svg(position, candidates=True))
    assert len(texts(root, "entry")) == 1
    assert len(texts(root, "given")) == sum(position.givens)
    cands = texts(root, "candidate")
    assert len(cands) == sum(m.bit_count() for m in position.cands)
    root = parse(render.svg(HARD, solution=True))
    assert len(texts(root, "solution")) == 81 - formats.parse_one(HARD).filled


def test_chain_step_has_arrows_weak_dashed():
    position = Position.from_json(AIC_POSITION)
    step = LogicalSolver().next_step(position)
    assert step.technique == "aic"
    root = parse(render.svg(position, step=step, coordinates=True, caption=True))
    links = [p for p in root.iter(f"{NS}path") if "link" in (p.get("class") or "")]
    assert len(links) == len(step.links)
    weak = [p for p in links if p.get("stroke-dasharray")]
    strong = [p for p in links if not p.get("stroke-dasharray")]
    assert len(weak) == sum(not l.strong for l in step.links) > 0
    assert len(strong) == sum(l.strong for l in step.links) > 0
    assert len([p for p in root.iter(f"{NS}polygon") if p.get("class") == "arrowhead"]) == len(links)
    assert any(t.get("class") == "caption" for t in root.iter(f"{NS}text"))
    labels = [t.text for t in texts(root, "label")]
    assert "r1" in labels and "c9" in labels


def test_step_from_json_dict_same_picture():
    position = Position.from_json(AIC_POSITION)
    step = LogicalSolver().next_step(position)
    assert render.svg(position, step=step) == render.svg(position, step=step.to_dict(position.geometry))


def test_sets_by_role_and_forcing_branches():
    # a fish: base and cover houses outlined; a step dict with branches gets one colour each
    position = Position.parse(HARD)
    step = {"name": "test", "explanation": "x", "cells": [[1, 1]], "candidates": [],
            "placements": [], "eliminations": [[2, 2, 5]],
            "sets": [{"role": "base", "cells": [[1, c] for c in range(1, 10)], "digits": [5]},
                     {"role": "als", "cells": [[5, 5], [5, 6]], "label": "A"}],
            "branches": [{"label": "r1c2=5", "links": [{"from": [1, 2, 5], "to": [1, 3, 5], "strong": False}]},
                         {"label": "r1c2=6", "links": [{"from": [1, 2, 6], "to": [2, 2, 6], "strong": True}]}]}
    root = parse(render.svg(position, step=step))
    links = [p for p in root.iter(f"{NS}path") if "link" in (p.get("class") or "")]
    assert len({p.get("stroke") for p in links}) == 2
    assert "A" in [t.text for t in texts(root, "label")]
    assert [t.text for t in texts(root, "caption")][-2:] == ["r1c2=5", "r1c2=6"]


def test_bad_step_data_is_a_clear_error():
    from sudokit.model.errors import SudokitError

    with pytest.raises(SudokitError, match="outside the 9x9"):
        render.svg(HARD, step={"cells": [[10, 1]]})


def test_print_style_is_black_and_grey():
    position = Position.from_json(AIC_POSITION)
    step = LogicalSolver().next_step(position)
    text = render.svg(position, step=step, style="print")
    import re

    for colour in set(re.findall(r'(?:fill|stroke)="(#[0-9a-f]{6})"', text)):
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
        assert r == g == b, colour


def test_repr_svg():
    """A Step shows as a picture in Jupyter (the logic may call the drawing); a Grid or a
    Position is the model, which imports no engine: render.svg draws it."""
    position = Position.from_json(AIC_POSITION)
    step = LogicalSolver().next_step(position)
    assert parse(step._repr_svg_()).tag == f"{NS}svg"
    for obj in (formats.parse_one(EASY), position):
        assert not hasattr(obj, "_repr_svg_")
        assert parse(render.svg(obj)).tag == f"{NS}svg"
