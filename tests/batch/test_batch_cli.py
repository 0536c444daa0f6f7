"""``sudokit batch`` through Typer's runner: formats, gzip both ways, stdin, resume, the
summary, and a clear message and exit code for unreadable input and a full disk."""

from __future__ import annotations

import gzip
import json
import os
from pathlib import Path

import pytest
from batch_helpers import data_lines, mixed_lines
from typer.testing import CliRunner

from sudokit.model import formats
from sudokit.adapters.cli.batch import EXIT_OUTPUT
from sudokit.adapters.cli.common import EXIT_INVALID
from sudokit.adapters.cli.main import app


def run(*args: str, input: str | bytes | None = None):
    result = CliRunner().invoke(app, ["batch", *args], input=input)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert "Traceback" not in result.output
    return result


@pytest.fixture
def puzzles(tmp_path) -> Path:
    path = tmp_path / "puzzles.txt"
    path.write_text("\n".join(mixed_lines() + data_lines("17clue.txt", 300)) + "\n")
    return path


def test_line_output_is_one_line_per_input_line(puzzles, tmp_path):
    result = run(str(puzzles), "-o", str(tmp_path / "out.txt"), "--jobs", "1")
    assert result.exit_code == 0, result.output
    lines_in = puzzles.read_text().splitlines()
    lines_out = (tmp_path / "out.txt").read_text().splitlines()
    assert len(lines_out) == len(lines_in)
    assert formats.parse_one(lines_out[0]).is_solved
    assert lines_out[1] == "" and lines_out[2] == "# a comment"
    assert lines_out[3].endswith(" rated 3.4 by someone") and formats.parse_one(lines_out[3].split()[0]).is_solved
    assert lines_out[4].startswith("invalid: line 5: column 1: unexpected character 'y'")
    assert lines_out[7] == "no-solution"
    # the summary on stderr: counts per status and the rate
    assert f"{len(lines_in):,} lines" in result.stderr and "puzzles/s" in result.stderr
    assert "invalid" in result.stderr and "solved" in result.stderr


def test_stdout_and_stdin_and_quiet(puzzles):
    result = run("-", "--quiet", "-j", "1", input=puzzles.read_text())
    assert result.exit_code == 0
    assert result.stderr == ""
    assert len(result.stdout.splitlines()) == len(puzzles.read_text().splitlines())


def test_gzip_round_trip_and_format_from_extension(puzzles, tmp_path):
    gz_in = tmp_path / "in.txt.gz"
    gz_in.write_bytes(gzip.compress(puzzles.read_bytes()))
    assert run(str(gz_in), "-o", str(tmp_path / "out.jsonl.gz"), "-j", "2", "-q").exit_code == 0
    assert run(str(puzzles), "-o", str(tmp_path / "plain.jsonl"), "-j", "1", "-q").exit_code == 0
    docs = [json.loads(x) for x in gzip.decompress((tmp_path / "out.jsonl.gz").read_bytes()).splitlines()]
    plain = [json.loads(x) for x in (tmp_path / "plain.jsonl").read_text().splitlines()]
    assert docs == plain
    assert len(docs) == len(puzzles.read_text().splitlines())


def test_unique_and_csv(tmp_path):
    lines = data_lines("serg.txt", 3) + data_lines("top1465.txt", 3)
    src = tmp_path / "in.txt"
    src.write_text("\n".join(lines))  # no newline at the end: the last line still counts
    result = run(str(src), "--to", "csv", "--unique", "-j", "1")
    rows = result.stdout.splitlines()
    assert rows[0].startswith("line,status,puzzle,solution,count")
    statuses = [r.split(",")[1] for r in rows[1:]]
    assert statuses == ["multiple"] * 3 + ["solved"] * 3


def test_several_inputs_name_their_file(tmp_path):
    a, b = tmp_path / "a.txt", tmp_path / "b.txt"
    a.write_text("\n".join(data_lines("top1465.txt", 2)) + "\n")
    b.write_text("junk\n")
    result = run(str(a), str(b), "--to", "jsonl", "-j", "1")
    docs = [json.loads(x) for x in result.stdout.splitlines()]
    assert [(Path(d["file"]).name, d["line"]) for d in docs] == [("a.txt", 1), ("a.txt", 2), ("b.txt", 1)]


@pytest.mark.parametrize("name", ["out.txt", "out.csv", "out.txt.gz"])
def test_resume_finishes_a_cut_output(puzzles, tmp_path, name):
    full = tmp_path / ("full-" + name)
    assert run(str(puzzles), "-o", str(full), "-j", "1", "-q").exit_code == 0
    whole = gzip.decompress(full.read_bytes()) if name.endswith(".gz") else full.read_bytes()
    cut = whole[:len(whole) // 2 + 7]  # ends inside a line
    assert not cut.endswith(b"\n")
    part = tmp_path / name
    if name.endswith(".gz"):  # a gzip file cut short, as a killed run leaves it
        data = gzip.compress(cut)
        part.write_bytes(data[:len(data) - 20])
    else:
        part.write_bytes(cut)
    result = run(str(puzzles), "-o", str(part), "-j", "2", "--resume")
    assert result.exit_code == 0, result.output
    assert "resumed after" in result.stderr
    again = gzip.decompress(part.read_bytes()) if name.endswith(".gz") else part.read_bytes()
    assert again == whole


def test_missing_input_is_a_clear_error(tmp_path):
    result = run(str(tmp_path / "nope.txt"), "-o", str(tmp_path / "out.txt"))
    assert result.exit_code == EXIT_INVALID
    assert "nope.txt: no such file" in result.stderr
    bad = tmp_path / "bad.gz"
    bad.write_bytes(b"not gzip at all")
    result = run(str(bad))
    assert result.exit_code == EXIT_INVALID
    assert "not a valid gzip file" in result.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_full_disk_is_a_clear_error(puzzles):
    result = run(str(puzzles), "-o", "/dev/full", "-j", "1")
    assert result.exit_code == EXIT_OUTPUT
    assert "No space left on device" in result.stderr


class _FillingDisk:
    """A file whose second write gets half way, then finds the disk full."""

    def __init__(self, f) -> None:
        self._f = f
        self.writes: list[int] = []

    def write(self, data) -> int:
        self.writes.append(bytes(data).count(b"\n"))
        if len(self.writes) == 2:
            self._f.write(data[:len(data) // 2])
            self._f.flush()
            raise OSError(28, "No space left on device")
        return self._f.write(data)

    def __getattr__(self, name):
        return getattr(self._f, name)


def test_a_write_failing_half_way_leaves_whole_lines(puzzles, tmp_path, monkeypatch):
    from sudokit.adapters.batch import output, pool

    files = []

    def opener(path, mode="r", *args, **kwargs):
        f = _FillingDisk(open(path, mode, *args, **kwargs))
        files.append(f)
        return f

    monkeypatch.setattr(output, "open", opener, raising=False)
    monkeypatch.setattr(pool, "FIRST_LINES", 64)  # several batches
    out = tmp_path / "out.txt"
    result = run(str(puzzles), "-o", str(out), "-j", "1")
    assert result.exit_code == EXIT_OUTPUT
    assert "No space left on device" in result.stderr and "--resume" in result.stderr
    text = out.read_text()
    assert text.endswith("\n") and len(text.splitlines()) == files[0].writes[0] > 0
    monkeypatch.undo()  # room on the disk again
    assert run(str(puzzles), "-o", str(out), "-j", "1", "--resume").exit_code == 0
    assert len(out.read_text().splitlines()) == len(puzzles.read_text().splitlines())


def test_resume_needs_an_output_file(puzzles):
    result = run(str(puzzles), "--resume")
    assert result.exit_code == 2
