"""Every output format, whatever bytes the input lines hold: valid UTF-8 that a strict reader
accepts, exactly one record per input line (one physical line each), and the input's text
recoverable from it (:func:`sudokit.adapters.batch.safe_text.unescape`)."""

from __future__ import annotations

import csv
import io
import json
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sudokit.adapters.batch import solve_file
from sudokit.adapters.batch.safe_text import escape, unescape
from sudokit.engines.search import core

SOLUTION = core.random_solution(9, 1).to_line()
PUZZLE = "".join(c if i % 3 else "." for i, c in enumerate(SOLUTION))
#: Every character str.splitlines() ends a line on, and the C0/C1 controls around them.
BREAKS = "\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
NASTY = BREAKS.replace("\n", "") + "\x00\x1b\x7f\x9f\t\\\"',é\ufeff"

_text = st.text(st.one_of(st.sampled_from(NASTY), st.characters(exclude_categories=("Cs",))), max_size=30)
_bytes = st.binary(max_size=40)
_tail = st.one_of(_bytes, _text.map(lambda t: t.encode()))
LINES = st.lists(st.one_of(
    _tail,                                              # anything at all
    _tail.map(lambda t: PUZZLE.encode() + b" " + t),    # a puzzle and text after it
    _tail.map(lambda t: b"#" + t),                      # a comment line
    st.just(PUZZLE.encode()),
).map(lambda line: line.replace(b"\n", b"\\n")), min_size=1, max_size=12)


def run(lines: list[bytes], fmt: str) -> str:
    with tempfile.TemporaryDirectory() as tmp:
        src, out = Path(tmp) / "in.txt", Path(tmp) / "out"
        src.write_bytes(b"\n".join(lines) + b"\n")
        solve_file([src], out, jobs=1, fmt=fmt)
        return out.read_bytes().decode("utf-8")  # strict: raises on a byte that is not UTF-8


def as_text(line: bytes) -> str:
    return line.decode("utf-8", "surrogateescape")


def comment_line(line: bytes) -> str | None:
    """The text of a ``#`` comment line, as the batch keeps it."""
    s = as_text(line).strip(" \t\r")
    return s if s.startswith("#") else None


def one_line_per_record(text: str, records: int) -> list[str]:
    assert text.endswith("\n")
    physical = text.splitlines()
    assert len(physical) == records
    assert text.count("\n") == records
    return physical


SETTINGS = settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(LINES)
def test_line_output(lines):
    out = one_line_per_record(run(lines, "line"), len(lines))
    for line, got in zip(lines, out):
        assert not any(c in got for c in NASTY if c not in "\t\\\"',é\ufeff")
        if (comment := comment_line(line)) is not None:
            assert unescape(got) == comment
        elif got.startswith(SOLUTION):
            assert unescape(got[len(SOLUTION):].lstrip(" ")) in as_text(line)


@SETTINGS
@given(LINES)
def test_csv_output(lines):
    text = run(lines, "csv")
    physical = one_line_per_record(text, len(lines) + 1)
    assert all(p.endswith("\r") is False for p in physical)  # splitlines took the CRLF whole
    rows = list(csv.reader(io.StringIO(text, newline=""), strict=True))
    header = rows.pop(0)
    assert len(rows) == len(lines)
    for i, (line, row) in enumerate(zip(lines, rows)):
        rec = dict(zip(header, row, strict=True))
        assert rec["line"] == str(i + 1)
        assert unescape(rec["puzzle"]) in as_text(line)
        if (comment := comment_line(line)) is not None:
            assert unescape(rec["comment"]) == comment
        else:
            assert unescape(rec["comment"]) in as_text(line)


def strict_loads(text: str) -> dict:
    """json.loads, less what strict readers refuse: a lone surrogate in a string."""
    doc = json.loads(text)
    for value in doc.values():
        if isinstance(value, str):
            value.encode("utf-8")
    return doc


@SETTINGS
@given(LINES)
def test_jsonl_output(lines):
    out = one_line_per_record(run(lines, "jsonl"), len(lines))
    for i, (line, got) in enumerate(zip(lines, out)):
        doc = strict_loads(got)
        assert doc["line"] == i + 1
        read = unescape if doc.get("escaped") else (lambda t: t)
        assert read(doc["puzzle"]) in as_text(line)
        if (comment := comment_line(line)) is not None:
            assert read(doc["comment"]) == comment
        elif "comment" in doc:
            assert read(doc["comment"]) in as_text(line)
        assert doc.get("escaped", False) == any(0xDC80 <= ord(c) <= 0xDCFF for c in as_text(line))


@pytest.mark.parametrize("fmt", ["line", "csv", "jsonl"])
def test_each_line_breaking_character_stays_in_its_record(fmt):
    lines = [f"# {c!r}: a{c}b".encode() for c in BREAKS if c != "\n"] + [b"# raw \xff\xfe bytes"]
    text = run(lines, fmt)
    records = len(lines) + (fmt == "csv")
    assert len(text.splitlines()) == records
    if fmt == "csv":
        assert len(list(csv.reader(io.StringIO(text, newline="")))) == records


@given(st.text(st.one_of(st.characters(), st.sampled_from(NASTY), st.integers(0xD800, 0xDFFF).map(chr))))
def test_escape_is_undone_by_unescape(text):
    safe = escape(text)
    assert unescape(safe) == text
    safe.encode("utf-8")  # no lone surrogate left
    assert len(safe.splitlines()) <= 1


def test_lines_from_python_may_hold_any_surrogate():
    from sudokit.adapters.batch import iter_results

    results = list(iter_results(["\ud800" + PUZZLE, "\udcff", PUZZLE], jobs=1))
    assert [r.status for r in results] == ["invalid", "invalid", "solved"]
