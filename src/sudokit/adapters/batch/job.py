"""One batch of input lines solved by one call of the compiled core, and its output.

A :class:`Job` is a run of whole input lines (bytes, each ending in a newline) with where they
come from and the grid shape of their file. :func:`run_job` reads the lines, hands every
puzzle line to :func:`sudokit.engines.search.core.solve_many` in a single call, and returns the batch's output: bytes in
the requested record format, or :class:`~sudokit.adapters.batch.records.LineResult` objects. It runs
in worker processes (or in the caller's process with one job), so everything it takes and
returns pickles.

Every input line gives exactly one result: blank lines, ``#`` comment lines and lines that
cannot be read get the status ``invalid`` with a reason.
"""

from __future__ import annotations

import array
import math
import time
from collections import Counter
from dataclasses import dataclass, field

from sudokit.model import formats
from sudokit.model.errors import SudokitError
from sudokit.model.formats.line import parse_line
from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.i18n import N_, gettext, language, tr
from sudokit.engines import search
from sudokit.engines.search import core
from sudokit.model.symbols import get_alphabet
from sudokit.adapters.batch import records
from sudokit.adapters.batch.records import (
    COMMENT_LINE, EMPTY_LINE, INVALID, LIMIT, MULTIPLE, NO_SOLUTION, SOLVED, LineResult,
)

#: C status code -> batch status (a unique puzzle is simply ``solved``; ``count`` says 1).
_STATUS = {
    core.STATUS_NONE: NO_SOLUTION,
    core.STATUS_UNIQUE: SOLVED,
    core.STATUS_SOLVED: SOLVED,
    core.STATUS_MULTIPLE: MULTIPLE,
    core.STATUS_LIMIT: LIMIT,
    core.STATUS_INVALID: INVALID,
}
_SOLVED_CODES = (core.STATUS_UNIQUE, core.STATUS_SOLVED)

LONG_LINE = N_("line too long to be a puzzle")


@dataclass(frozen=True)
class Options:
    """What to do with each puzzle, the same for every batch of a run."""

    fmt: str = "line"                 # line | csv | jsonl | records (LineResult objects)
    unique: bool = False              # look for a second solution
    rate: bool = False                # rate solved puzzles with sudokit.engines.rating
    alphabet: str | None = None
    box_fixed: bool = False           # the user named the box: no per-line size detection
    node_limit: int | None = None     # per puzzle
    time_limit: float | None = None   # per puzzle (and per rating)
    with_file: bool = False           # records name their input file
    lang: str | None = None           # the language of the reasons (None: the one in use)

    @property
    def limit(self) -> int:
        return 2 if self.unique else 1


@dataclass
class Job:
    """Whole lines of one input, ``data`` ending in a newline."""

    data: bytes
    source: str
    first_line: int                   # line number of the first line of data, from 1
    box: tuple[int, int] | None       # grid shape of the file; None: not known yet
    options: Options
    long_lines: tuple[int, ...] = ()  # lines (index in data) dropped for being too long
    preset: dict = field(default_factory=dict)  # line (index in data) -> why it is invalid

    @property
    def lines(self) -> int:
        return self.data.count(b"\n")


@dataclass
class JobOutput:
    payload: bytes | list[LineResult]
    lines: int
    tally: Counter = field(default_factory=Counter)
    seconds: float = 0.0              # time spent in the worker


# --- reading the lines -------------------------------------------------------------------------

def _separators_in(text: str) -> bool:
    return " " in text or "\t" in text


def split_grid(line: str, nc: int, decoder: dict[str, int]) -> tuple[str, str]:
    """(grid part, text after it) of a stripped puzzle line, as the C reader sees it: the grid
    ends at its ``nc``-th cell (spaces and tabs between groups skipped). When the line holds
    too few cells, or a symbol follows the last cell, the whole line is the grid part (the
    core then says what is wrong)."""
    n = len(line)
    if n == nc:
        return line, ""
    if n > nc and not _separators_in(line[:nc]):
        after = line[nc]
        if after in " \t" or after not in decoder:
            return line[:nc], line[nc:].strip()
        return line, ""
    cells = 0
    for i, ch in enumerate(line):
        if ch in " \t":
            continue
        cells += 1
        if cells == nc:
            rest = line[i + 1:]
            if rest and rest[0] not in " \t" and rest[0] in decoder:
                return line, ""
            return line[:i + 1], rest.strip()
    return line, ""


def _geometry(box: tuple[int, int] | None) -> Geometry | None:
    return None if box is None else Geometry.of(box[0] * box[1], box)


def _encode_table(size: int, alphabet: str | None) -> bytes:
    symbols = get_alphabet(alphabet).for_size(size).encode("ascii")
    return (b"." + symbols).ljust(256, b"?")


def _solutions(raw: bytes, codes: bytes, counts, nc: int, table: bytes) -> list[str]:
    """The first solution of each puzzle as text ("" when there is none)."""
    text = raw.translate(table).decode("ascii")
    return [text[i * nc:(i + 1) * nc] if counts[i] else "" for i in range(len(codes))]


def _q(raw: bytes):
    a = array.array("q")
    a.frombytes(raw)
    return a


def _solve_batch(data: bytes, geo: Geometry, opts: Options) -> core.BatchResult:
    """One call of the core over every line of ``data`` (its ``errors``: the unreadable lines
    as (index, line number, reason))."""
    return core.solve_many(data, geometry=geo, limit=opts.limit, node_limit=opts.node_limit,
                           time_limit=opts.time_limit, alphabet=opts.alphabet)


def _plain(data: bytes, n: int, nc: int) -> bool:
    """Every line is exactly one unspaced grid and nothing else (the common case)."""
    return (len(data) == n * (nc + 1) and data[nc::nc + 1] == b"\n" * n
            and b"#" not in data and b" " not in data and b"\t" not in data)


# --- the batch --------------------------------------------------------------------------------

def run_job(job: Job) -> JobOutput:
    """Solve every line of ``job`` (one call of the core) and format the results, the reasons
    in the run's language (workers may be spawned or remote)."""
    with language(job.options.lang):
        return _run_job(job)


def _run_job(job: Job) -> JobOutput:
    start = time.perf_counter()
    geo = _geometry(job.box)
    n = job.lines
    if geo is not None and not job.long_lines and not job.preset and _plain(job.data, n, geo.ncells):
        out = _run_plain(job, geo, n)
        if out is not None:
            out.seconds = time.perf_counter() - start
            return out
    out = _run_general(job, geo)
    out.seconds = time.perf_counter() - start
    return out


def _run_plain(job: Job, geo: Geometry, n: int) -> JobOutput | None:
    """Fast path: each line is one grid, so the core's results line up with the lines."""
    opts = job.options
    batch = _solve_batch(job.data, geo, opts)
    status, counts, sols, errors = batch.status_codes, batch.counts, batch.raw_solutions, batch.errors
    if len(status) != n:  # a line the core skipped (blank after stripping): take the long way
        return None
    nc = geo.ncells
    table = _encode_table(geo.size, opts.alphabet)
    solved = status.count(core.STATUS_UNIQUE) + status.count(core.STATUS_SOLVED)
    if opts.fmt == "line" and solved == n and not opts.rate:
        # Every line solved: the output is the solutions, one a line, built without a loop.
        out = bytearray(b"\n" * (n * (nc + 1)))
        text = sols.translate(table)
        for k in range(nc):
            out[k::nc + 1] = text[k::nc]
        return JobOutput(bytes(out), n, Counter({SOLVED: n}))
    puzzles = job.data.decode("utf-8", "surrogateescape").split("\n")
    puzzles.pop()
    return _finish(job, geo, puzzles, [""] * n, list(range(n)), [None] * n, status, counts, sols, errors)


def _run_general(job: Job, geo: Geometry | None) -> JobOutput:
    """Blank and comment lines, text after the grids, spaced groups, other sizes."""
    opts = job.options
    rows = job.data.decode("utf-8", "surrogateescape").split("\n")
    rows.pop()
    n = len(rows)
    grids: list[str] = [""] * n       # the grid part of each line (or the whole line)
    comments: list[str] = [""] * n
    reasons: list[str | None] = [None] * n
    puzzle_rows: list[int] = []       # lines handed to the core, in order
    kept: set[int] = set()            # blank and comment lines: copied as they are
    long = set(job.long_lines)
    decoder = get_alphabet(opts.alphabet).decoder(geo.size) if geo is not None else {}
    nc = geo.ncells if geo is not None else 0
    for i, row in enumerate(rows):
        s = row.strip(" \t\r")
        if i in long:
            reasons[i] = gettext(LONG_LINE)
        elif i in job.preset:
            reasons[i] = job.preset[i]
        elif not s:
            reasons[i] = gettext(EMPTY_LINE)
            kept.add(i)
        elif s[0] == "#":
            reasons[i] = gettext(COMMENT_LINE)
            comments[i] = s
            kept.add(i)
        elif geo is None:
            grids[i] = s
            puzzle_rows.append(i)
        else:
            grids[i], comments[i] = split_grid(s, nc, decoder)
            puzzle_rows.append(i)
    if geo is not None and puzzle_rows:
        data = "\n".join(grids[i] for i in puzzle_rows).encode("utf-8", "surrogateescape") + b"\n"
        batch = _solve_batch(data, geo, opts)
        status, counts, sols, errors = batch.status_codes, batch.counts, batch.raw_solutions, batch.errors
        if len(status) != len(puzzle_rows):
            raise RuntimeError("the core skipped a puzzle line")  # the strip rules disagree
    else:
        status, counts, sols, errors = b"", _q(b""), b"", []
        if geo is None:  # no line of the file read as a puzzle yet: each line on its own
            status = bytes([core.STATUS_INVALID]) * len(puzzle_rows)
            counts = _q(b"\0" * 8 * len(puzzle_rows))
            sols = b""
            errors = [(k, 0, "") for k in range(len(puzzle_rows))]
    return _finish(job, geo, grids, comments, puzzle_rows, reasons, status, counts, sols, errors, kept)


def _finish(job: Job, geo: Geometry | None, grids: list[str], comments: list[str], puzzle_rows: list[int],
            reasons: list[str | None], status: bytes, counts, sols: bytes, errors,
            kept: set[int] = frozenset()) -> JobOutput:
    """Per-line statuses from the core's arrays, the fix-ups the core leaves to Python (other
    sizes, clashing givens), ratings, then the output; ``kept`` are the blank and comment lines."""
    opts = job.options
    n = len(grids)
    statuses = [INVALID] * n
    nsol: list[int | None] = [None] * n
    solutions = [""] * n
    if geo is not None and puzzle_rows:
        table = _encode_table(geo.size, opts.alphabet)
        text = _solutions(sols, status, counts, geo.ncells, table)
        for k, i in enumerate(puzzle_rows):
            statuses[i] = _STATUS[status[k]]
            nsol[i] = counts[k]
            solutions[i] = text[k]
    bad = {k: msg for k, _, msg in errors}
    for k, i in enumerate(puzzle_rows):
        st = statuses[i]
        if st == INVALID:
            nsol[i] = None
            fixed = _single_line(grids[i], opts, geo, bad.get(k, ""))
            if isinstance(fixed, str):
                reasons[i] = fixed
            else:
                statuses[i], nsol[i], solutions[i], comment = fixed
                if comment and grids[i].endswith(comment):
                    comments[i] = comment
                    grids[i] = grids[i][:-len(comment)].rstrip()
        elif st == NO_SOLUTION:
            clash = _clash(grids[i], geo, opts)
            if clash:
                statuses[i], reasons[i], nsol[i] = INVALID, clash, None
    ratings = _ratings(grids, statuses, solutions, opts, geo, reasons) if opts.rate else None
    lines = [job.first_line + i for i in range(n)]
    payload = records.format_batch(opts, job.source, lines, statuses, grids, solutions, nsol, comments,
                                   reasons, ratings, kept)
    return JobOutput(payload, n, Counter(statuses))


def _single_line(text: str, opts: Options, geo: Geometry | None, core_message: str):
    """A line the batch call could not read: another size (solved on its own) or the reason it
    is not a puzzle. Returns (status, count, solution, comment) or the reason."""
    if text.lstrip().startswith("{"):  # a JSON object: a puzzle that may carry a variant
        return _json_line(text, opts)
    cells = count_cells(text, geo, opts.alphabet) if geo is not None else 0
    too_many = geo is not None and cells > geo.ncells  # the core only says "more than"
    if opts.box_fixed:
        return _size_message(cells, geo, "--box") if too_many else core_message
    try:
        grid = parse_line(text, alphabet=opts.alphabet)
    except SudokitError as e:
        if too_many:
            return _size_message(cells, geo, None if getattr(e, "column", None) is None else str(e))
        return core_message or str(e)
    if geo is not None and grid.geometry == geo:
        return core_message
    unwritable = _unwritable(grid, geo, opts.alphabet)
    if unwritable:
        return unwritable
    return _solve_alone(grid, opts)


def _json_line(text: str, opts: Options):
    """A line holding one JSON puzzle object (the ``json`` format: a variant, regions, a box)."""
    try:
        grids = formats.parse(text, "json", alphabet=opts.alphabet)
    except SudokitError as e:
        return str(e)
    if len(grids) != 1:
        return tr("a JSON line holds one puzzle, not {n}", n=len(grids))
    unwritable = _unwritable(grids[0], None, opts.alphabet)
    return unwritable or _solve_alone(grids[0], opts)


def _solve_alone(grid: Grid, opts: Options):
    """(status, count, solution, comment) of one grid searched on its own, or why not."""
    clashes = grid.clashes()
    if clashes:
        return _clash_message(grid)
    result = search.solve(grid, None, opts.limit, node_limit=opts.node_limit,
                          time_limit=opts.time_limit)
    status = {"unique": SOLVED}.get(result.status, result.status)
    solution = result.solution.to_line(opts.alphabet) if result.solution is not None else ""
    return status, result.count, solution, grid.comment


def count_cells(text: str, geo: Geometry, alphabet: str | None) -> int:
    """Cells at the start of a puzzle line for a grid of ``geo``'s size: symbols and blanks,
    spaces and tabs between groups skipped, up to the first other character."""
    decoder = get_alphabet(alphabet).decoder(geo.size)
    cells = 0
    for ch in text:
        if ch in decoder:
            cells += 1
        elif ch not in " \t":
            break
    return cells


def _grid_name(geo: Geometry) -> str:
    return f"{geo.size}x{geo.size}"


def _size_message(cells: int, geo: Geometry, why: str | None) -> str:
    """Too many cells for the file's grid: how many the line holds, what the grid needs, and
    why the line was not read as a grid of its own (``--box``, or the reader's reason)."""
    text = tr("found {n} cells, a {grid} grid needs {cells}", n=cells, grid=_grid_name(geo),
              cells=geo.ncells)
    if why == "--box":
        return f"{text} (--box {geo.box_rows}x{geo.box_cols})"
    if why:
        return tr("{text}; on its own: {why}", text=text, why=why)
    text += tr(" (the grid of this file's first puzzle line)")
    return (text if math.isqrt(cells) ** 2 == cells
            else tr("{text}; no grid has {n} cells", text=text, n=cells))


def _unwritable(grid: Grid, geo: Geometry | None, alphabet: str | None) -> str | None:
    """Why a line of another size cannot get a solution on one line (too few symbols)."""
    try:
        get_alphabet(alphabet).for_size(grid.size)
    except SudokitError as e:
        where = (tr(" (this file's grid is {grid})", grid=_grid_name(geo)) if geo is not None
                 else "")
        return tr("found {n} cells, a {grid} grid{where}: {reason}", n=grid.geometry.ncells,
                  grid=_grid_name(grid.geometry), where=where, reason=e)
    return None


def _clash_message(grid: Grid) -> str | None:
    try:
        grid.validate()
    except SudokitError as e:
        return str(e)
    return None


def _grid_of(text: str, geo: Geometry, alphabet: str | None) -> Grid:
    decoder = get_alphabet(alphabet).decoder(geo.size)
    return Grid(geo, [decoder[ch] for ch in text if ch not in " \t"])


def _puzzle_grid(text: str, geo: Geometry | None, alphabet: str | None, ncells: int) -> Grid:
    """The puzzle of a solved line: of the batch's shape, or of its own (another size)."""
    if geo is not None and geo.ncells == ncells:
        try:
            return _grid_of(text, geo, alphabet)
        except (KeyError, SudokitError):
            pass
    return parse_line(text, alphabet=alphabet)


def _clash(text: str, geo: Geometry | None, opts: Options) -> str | None:
    """Why a puzzle without solution is invalid (two equal givens in a house), if it is."""
    if geo is None:
        return None
    try:
        return _clash_message(_grid_of(text, geo, opts.alphabet))
    except (KeyError, SudokitError):
        return None


def _ratings(grids, statuses, solutions, opts: Options, geo: Geometry | None, reasons) -> list[dict | None]:
    """The rating of each solved puzzle (None for the others, and when rating fails: the
    reason then says why)."""
    from sudokit.engines.rating import rate  # lazily: rating is a separate, heavier module

    out: list[dict | None] = [None] * len(grids)
    for i, st in enumerate(statuses):
        if st != SOLVED:
            continue
        try:
            grid = _puzzle_grid(grids[i], geo, opts.alphabet, len(solutions[i]))
            rating = rate(grid, time_limit=opts.time_limit, unique=True if opts.unique else None)
            out[i] = rating.to_dict()
        except SudokitError as e:
            reasons[i] = tr("not rated: {reason}", reason=e)
    return out


__all__ = ["Options", "Job", "JobOutput", "run_job", "split_grid"]
