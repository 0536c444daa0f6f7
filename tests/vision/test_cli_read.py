"""``sudokit read IMAGE`` and pictures as PUZZLE for solve, rate and hint."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import NINE, cv2, draw_grid, np, png_bytes, values_of
from typer.testing import CliRunner

from sudokit.adapters.cli.main import app

runner = CliRunner()


def _picture(tmp_path, values=None, name="puzzle.png"):
    path = tmp_path / name
    path.write_bytes(png_bytes(draw_grid(values or values_of(NINE))))
    return str(path)


def test_read_prints_the_puzzle(tmp_path):
    result = runner.invoke(app, ["read", _picture(tmp_path)])
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == NINE


def test_read_to_a_format_and_json(tmp_path):
    path = _picture(tmp_path)
    result = runner.invoke(app, ["read", path, "--to", "sdk"])
    assert result.exit_code == 0 and "..3.2.6.." in result.stdout
    result = runner.invoke(app, ["read", path, "--json"])
    assert result.exit_code == 0
    doc = json.loads(result.stdout)
    assert doc["puzzle"] == NINE and len(doc["confidence"]) == 81 and len(doc["corners"]) == 4
    assert doc["repaired"] == [] and doc["status"] == "unique"


def test_read_exit_3_when_not_an_image_or_no_grid(tmp_path):
    fake = tmp_path / "fake.jpg"
    fake.write_text("not a picture")
    result = runner.invoke(app, ["read", str(fake)])
    assert result.exit_code == 3 and "not a picture" in result.output
    blank = tmp_path / "blank.png"
    blank.write_bytes(png_bytes(np.full((300, 300), 255, np.uint8)))
    result = runner.invoke(app, ["read", str(blank)])
    assert result.exit_code == 3 and "no grid" in result.output
    result = runner.invoke(app, ["read", str(tmp_path / "missing.jpg")])
    assert result.exit_code == 3 and "no such file" in result.output


def test_read_a_reading_without_one_solution_exits_4_naming_cells(tmp_path):
    few = [0] * 81
    few[0], few[10] = 1, 2
    result = runner.invoke(app, ["read", _picture(tmp_path, few)])
    assert result.exit_code == 4
    assert "several solutions" in result.output and "check" in result.output


def test_solve_rate_and_hint_take_a_picture(tmp_path):
    path = _picture(tmp_path)
    result = runner.invoke(app, ["solve", path, "--to", "line"])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip().splitlines()[-1].count(".") == 0
    result = runner.invoke(app, ["rate", path])
    assert result.exit_code == 0, result.output
    result = runner.invoke(app, ["hint", path])
    assert result.exit_code == 0, result.output


def test_solve_a_broken_picture_exits_3(tmp_path):
    fake = tmp_path / "cut.jpg"
    fake.write_bytes(b"\xff\xd8\xff\xe0" + b"\0" * 64)
    result = runner.invoke(app, ["solve", str(fake)])
    assert result.exit_code == 3 and "truncated" in result.output


def _damaged(ext: str) -> bytes:
    """The grid picture encoded as ``ext``, then damaged the way a bad copy is: a PNG with
    bytes of its image data flipped, a JPEG cut short (its end marker kept), the others cut in
    half."""
    data = bytearray(cv2.imencode(f".{ext}", draw_grid(values_of(NINE)))[1].tobytes())
    if ext == "png":
        for i in range(len(data) // 2, len(data) // 2 + 32):
            data[i] ^= 0x5A
        return bytes(data)
    if ext == "jpg":
        return bytes(data[:len(data) // 8]) + b"\xff\xd9"
    return bytes(data[:len(data) // 2])


@pytest.mark.parametrize("ext", ["png", "jpg", "bmp", "tiff", "webp"])
@pytest.mark.parametrize("command", ["read", "solve"])
def test_a_damaged_picture_gives_one_error_line_and_no_decoder_noise(tmp_path, ext, command):
    """libpng, libjpeg, libtiff and OpenCV's log write to the process's stderr themselves; only
    sudokit's one line may reach it."""
    path = tmp_path / f"damaged.{ext}"
    path.write_bytes(_damaged(ext))
    run = subprocess.run([sys.executable, "-m", "sudokit", command, str(path)],
                         capture_output=True, text=True, timeout=60,
                         env={"PATH": "", "NO_COLOR": "1", "SUDOKIT_LANG": "en"})
    assert run.returncode == 3, run.stderr
    lines = run.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), run.stderr
