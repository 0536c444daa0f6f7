"""What a user reads about a line of the wrong size in a batch: how many cells the line holds
and what the file's grid needs, never a bare "more than 81 cells"."""

from __future__ import annotations

import pytest
from batch_helpers import data_lines
from typer.testing import CliRunner

from sudokit.adapters.batch import iter_results
from sudokit.adapters.cli.main import app


def reasons(lines: list[str], **options) -> list[str | None]:
    return [r.reason for r in iter_results(lines, jobs=1, **options)]


def test_a_64x64_line_in_a_9x9_file_says_its_cells_and_the_files_need():
    good = data_lines("top1465.txt", 1)[0]
    ones = "1" * 4096  # no alphabet reads 64 symbols on a line
    _, why = reasons([good, ones])
    assert why.startswith("found 4096 cells, a 9x9 grid needs 81")
    assert "more than" not in why


def test_another_size_the_alphabet_cannot_write_is_a_bad_line_not_a_failed_run():
    good = data_lines("top1465.txt", 2)
    results = list(iter_results(["." * 4096, *good], jobs=1))  # even as the file's first line
    assert [r.status for r in results] == ["invalid", "solved", "solved"]
    assert results[0].reason.startswith("found 4096 cells, a 64x64 grid (this file's grid is 9x9)")
    assert "61 symbols" in results[0].reason


@pytest.mark.parametrize("cells", [82, 90, 100, 256])
def test_with_box_every_line_is_the_boxs_size(cells):
    good = data_lines("top1465.txt", 1)[0]
    _, why = reasons([good, "." * cells + " a name"], box="3x3")
    assert why == f"found {cells} cells, a 9x9 grid needs 81 (--box 3x3)"


def test_a_line_of_no_grid_size_says_so():
    good = data_lines("top1465.txt", 1)[0]
    _, why = reasons([good, good + "5"])
    assert why == ("found 82 cells, a 9x9 grid needs 81 (the grid of this file's first puzzle line); "
                   "no grid has 82 cells")


def test_the_command_line_shows_the_count(tmp_path):
    src = tmp_path / "in.txt"
    src.write_text("\n".join([*data_lines("top1465.txt", 1), "." * 4096, "1" * 4096]) + "\n")
    result = CliRunner().invoke(app, ["batch", str(src), "-j", "1", "-q"])
    assert result.exit_code == 0, result.output
    out = result.stdout.splitlines()
    assert out[1].startswith("invalid: line 2: found 4096 cells, a 64x64 grid (this file's grid is 9x9)")
    assert out[2].startswith("invalid: line 3: found 4096 cells, a 9x9 grid needs 81")
