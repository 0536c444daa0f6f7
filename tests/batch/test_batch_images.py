"""``sudokit batch`` over pictures: a folder of images or image files, one result a picture in
name order, a clear invalid line for a picture that cannot be read."""

from __future__ import annotations

import csv
import io

import pytest
from typer.testing import CliRunner

from sudokit.model import formats
from sudokit.adapters.cli.main import app
from sudokit.engines.search import core

cv2 = pytest.importorskip("cv2", reason='the photo extra is not installed: pip install "sudokit[photo]"')
np = pytest.importorskip("numpy")

EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
OTHER = "2...8.3...6..7..84.3.5..2.9...1.54.8.........4.27.6...3.1..7.4.72..4..6...4.1...3"


def draw(puzzle: str, cell: int = 40, margin: int = 50):
    """A clean picture of a 9x9 puzzle: thin cell lines, thick box lines, digits."""
    side = 9 * cell + 2 * margin
    img = np.full((side, side), 255, np.uint8)
    for k in range(10):
        p = margin + k * cell
        t = 3 if k % 3 == 0 else 1
        cv2.line(img, (p, margin), (p, margin + 9 * cell), 0, t)
        cv2.line(img, (margin, p), (margin + 9 * cell, p), 0, t)
    for i, ch in enumerate(puzzle):
        if ch != ".":
            r, c = divmod(i, 9)
            (w, h), _ = cv2.getTextSize(ch, cv2.FONT_HERSHEY_SIMPLEX, 0.9, 2)
            cv2.putText(img, ch, (margin + c * cell + (cell - w) // 2, margin + r * cell + (cell + h) // 2),
                        cv2.FONT_HERSHEY_SIMPLEX, 0.9, 0, 2, cv2.LINE_AA)
    return img


def solution(puzzle: str) -> str:
    return core.solve(formats.parse_one(puzzle)).solution.to_line()


def run(*args: str):
    result = CliRunner().invoke(app, ["batch", *args, "--jobs", "1", "--quiet"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def folder(tmp_path):
    d = tmp_path / "photos"
    d.mkdir()
    cv2.imwrite(str(d / "page2.png"), draw(EASY))
    cv2.imwrite(str(d / "page10.jpg"), draw(OTHER))
    (d / "page3.png").write_text("this is not a picture")
    cv2.imwrite(str(d / "page4.png"), np.full((300, 300), 255, np.uint8))  # blank: no grid
    (d / "notes.txt").write_text("not read: not a picture file\n")
    return d


def test_a_folder_gives_one_result_a_picture_in_name_order(folder):
    result = run(str(folder), "--to", "csv")
    assert result.exit_code == 0, result.output
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [r["line"] for r in rows] == ["1", "2", "3", "4"]
    page2, page3, page4, page10 = rows
    assert page2["status"] == "solved" and page2["puzzle"] == EASY
    assert page2["solution"] == solution(EASY) and page2["comment"] == "page2.png"
    assert page10["status"] == "solved" and page10["solution"] == solution(OTHER)
    assert page10["comment"] == "page10.jpg"
    assert page3["status"] == "invalid" and "page3.png" in page3["reason"]
    assert "not a picture" in page3["reason"]
    assert page4["status"] == "invalid" and "page4.png" in page4["reason"]
    assert "no grid" in page4["reason"]


def test_image_files_and_a_puzzle_file_together(folder, tmp_path):
    text = tmp_path / "more.txt"
    text.write_text(OTHER + "\n")
    result = run(str(folder / "page2.png"), str(text), str(folder / "page3.png"))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    # the pictures named one by one are one input, where the first of them stood
    assert lines[0] == f"{solution(EASY)} page2.png"
    assert lines[1].startswith("invalid: <pictures> line 2: ") and "page3.png" in lines[1]
    assert lines[2] == solution(OTHER)


def test_a_folder_without_pictures_is_refused(tmp_path):
    (tmp_path / "empty").mkdir()
    result = run(str(tmp_path / "empty"))
    assert result.exit_code == 3
    assert "no pictures" in result.stderr
