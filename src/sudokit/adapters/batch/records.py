"""What a batch writes for each input line: the statuses and the three output formats.

- ``line`` (the default): the solution, then the text that followed the puzzle; a line
  without a solution gets its status instead (``no-solution``, ``multiple``, ``limit``,
  ``invalid: line 7: reason``); blank lines stay blank and ``#`` comment lines are copied.
  With ``--rate`` the score and level follow the solution.
- ``csv``: a header, then one row per line: ``line,status,puzzle,solution,count,comment,
  reason`` (``file`` first when there are several inputs; ``score,level,hardest,techniques,
  trial`` last with ``--rate``).
- ``jsonl``: one JSON object per line with the same fields (``solution`` and ``count`` null
  when there are none, ``comment``/``reason``/``file`` only when there is one, ``rating`` an
  object with ``--rate``).

Every input line gives exactly one output line (the CSV header aside), valid UTF-8 however
the input was encoded: text from the input is escaped where it must be (:mod:`.safe_text`):
always in ``line`` and ``csv``, and in a ``jsonl`` record (marked ``"escaped": true``) only
when it holds bytes that are not UTF-8. CSV follows RFC 4180 (CRLF after each record).
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import asdict, dataclass

from sudokit.i18n import N_
from sudokit.adapters.batch.safe_text import escape, has_raw_bytes, json_safe

SOLVED = "solved"
NO_SOLUTION = "no-solution"
MULTIPLE = "multiple"
INVALID = "invalid"
LIMIT = "limit"
#: Every status a line can get, in the order summaries list them.
STATUSES = (SOLVED, MULTIPLE, NO_SOLUTION, LIMIT, INVALID)
#: The reasons of lines that are no puzzle and stay as they are in the line format.
EMPTY_LINE = N_("empty line")
COMMENT_LINE = N_("comment line, not a puzzle")

FORMATS = ("line", "csv", "jsonl")
#: File extensions (after any ``.gz``) that name an output format.
EXTENSIONS = {".csv": "csv", ".jsonl": "jsonl", ".ndjson": "jsonl", ".txt": "line"}

_BASE_COLUMNS = ["line", "status", "puzzle", "solution", "count", "comment", "reason"]
_RATING_COLUMNS = ["score", "level", "hardest", "techniques", "trial"]

_CSV_END = "\r\n"  # RFC 4180; csv.writer then quotes a field holding a bare \r as well as \n


@dataclass
class LineResult:
    """The result of one input line (what :func:`sudokit.adapters.batch.iter_results` yields)."""

    source: str
    line: int
    status: str
    puzzle: str
    solution: str | None = None
    count: int | None = None
    comment: str = ""
    reason: str | None = None
    rating: dict | None = None

    def to_dict(self) -> dict:
        return asdict(self)


def csv_columns(with_file: bool, rate: bool) -> list[str]:
    return (["file"] if with_file else []) + _BASE_COLUMNS + (_RATING_COLUMNS if rate else [])


def header(fmt: str, with_file: bool, rate: bool) -> bytes:
    """What starts an output file: the CSV header row, nothing for the other formats."""
    if fmt != "csv":
        return b""
    buf = io.StringIO()
    csv.writer(buf, lineterminator=_CSV_END).writerow(csv_columns(with_file, rate))
    return buf.getvalue().encode()


def format_batch(opts, source: str, lines: list[int], statuses: list[str], grids: list[str],
                 solutions: list[str], counts: list[int | None], comments: list[str],
                 reasons: list[str | None], ratings: list[dict | None] | None,
                 kept: set[int] = frozenset()):
    """The output of one batch, in ``opts.fmt``: bytes, or a list of :class:`LineResult`.
    ``kept`` are the lines that are no puzzle (blank, comment): the line format copies them."""
    fmt = opts.fmt
    if fmt == "records":
        return [LineResult(source, lines[i], statuses[i], grids[i], solutions[i] or None, counts[i],
                           comments[i], reasons[i], ratings[i] if ratings else None)
                for i in range(len(lines))]
    if fmt == "line":
        where = f"{escape(source)} line " if opts.with_file else "line "
        out = [escape(comments[i]) if i in kept else _line(i, statuses, solutions, comments, reasons, ratings, where, lines)
               for i in range(len(lines))]
        return ("\n".join(out) + "\n").encode() if out else b""
    if fmt == "csv":
        return _csv(opts, source, lines, statuses, grids, solutions, counts, comments, reasons, ratings)
    if fmt == "jsonl":
        return _jsonl(opts, source, lines, statuses, grids, solutions, counts, comments, reasons, ratings)
    raise ValueError(f"unknown output format {fmt!r}")


def _line(i, statuses, solutions, comments, reasons, ratings, where, lines) -> str:
    status, comment = statuses[i], escape(comments[i])
    if status == SOLVED:
        text = solutions[i]
        if ratings is not None and ratings[i] is not None:
            text += f" {ratings[i]['score']:.1f} {ratings[i]['level']}"
    else:
        reason = reasons[i]
        if reason is not None and status == INVALID:
            text = f"{status}: {where}{lines[i]}: {escape(reason)}"
        else:
            text = status
    return f"{text} {comment}" if comment else text


def _rating_cells(rating: dict | None) -> list:
    if rating is None:
        return ["", "", "", "", ""]
    return [rating.get("score"), rating.get("level"), rating.get("hardest") or "",
            " ".join(rating.get("techniques") or ()), rating.get("trial")]


def _csv(opts, source, lines, statuses, grids, solutions, counts, comments, reasons, ratings) -> bytes:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator=_CSV_END)
    head = [escape(source)] if opts.with_file else []
    for i in range(len(lines)):
        row = head + [lines[i], statuses[i], escape(grids[i]), solutions[i], "" if counts[i] is None else counts[i],
                      escape(comments[i]), escape(reasons[i] or "")]
        if opts.rate:
            row += _rating_cells(ratings[i] if ratings else None)
        w.writerow(row)
    return buf.getvalue().encode()


def _jsonl(opts, source, lines, statuses, grids, solutions, counts, comments, reasons, ratings) -> bytes:
    dumps = json.JSONEncoder(ensure_ascii=False, separators=(", ", ": ")).encode
    out = []
    for i in range(len(lines)):
        texts = [source, grids[i], comments[i], reasons[i] or ""]
        raw = any(has_raw_bytes(t) for t in texts)
        if raw:  # JSON cannot hold them: every text of the record escaped, and the record says so
            texts = [escape(t) for t in texts]
        name, puzzle, comment, reason = texts
        doc: dict = {"file": name} if opts.with_file else {}
        doc.update(line=lines[i], status=statuses[i], puzzle=puzzle, solution=solutions[i] or None,
                   count=counts[i])
        if comment:
            doc["comment"] = comment
        if reason:
            doc["reason"] = reason
        if opts.rate:
            doc["rating"] = ratings[i] if ratings else None
        if raw:
            doc["escaped"] = True
        out.append(json_safe(dumps(doc)))
    return ("\n".join(out) + "\n").encode() if out else b""


__all__ = ["LineResult", "STATUSES", "FORMATS", "EXTENSIONS", "SOLVED", "NO_SOLUTION", "MULTIPLE",
           "INVALID", "LIMIT", "header", "csv_columns", "format_batch"]
