"""The batch API: :func:`solve_file` (files in, a file out) and :func:`iter_results` (lines in,
results out, in Python)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from sudokit.model.errors import SudokitError
from sudokit.i18n import tr
from sudokit.adapters.batch import records
from sudokit.adapters.batch.dask_backend import run_dask
from sudokit.adapters.batch.output import Output
from sudokit.adapters.batch.pool import Sizer, default_jobs, run_jobs
from sudokit.adapters.batch.prepare import check_not_an_input, run_options, sources as read_sources
from sudokit.adapters.batch.reader import BatchError, Reader, Source
from sudokit.adapters.batch.records import LineResult
from sudokit.adapters.batch.summary import BatchSummary, Progress


def output_format(output, fmt: str | None) -> str:
    """``fmt``, else the one the output's extension names (``.csv``, ``.jsonl``, ``.csv.gz``),
    else ``line``."""
    if fmt is not None:
        if fmt not in records.FORMATS:
            raise BatchError(tr("unknown output format {name}; choose one of {choices}",
                                name=repr(fmt), choices=", ".join(records.FORMATS)))
        return fmt
    if output in (None, "-"):
        return "line"
    suffixes = [s.lower() for s in Path(str(output)).suffixes]
    if suffixes and suffixes[-1] == ".gz":
        suffixes.pop()
    return records.EXTENSIONS.get(suffixes[-1] if suffixes else "", "line")


def solve_file(inputs, output=None, *, jobs: int | None = None, unique: bool = False, rate: bool = False,
               fmt: str | None = None, box=None, alphabet: str | None = None, node_limit: int | None = None,
               time_limit: float | None = None, resume: bool = False, dask=None,
               progress: Progress | None = None, stop: Callable[[], bool] | None = None,
               partition_bytes: int | None = None) -> BatchSummary:
    """Solve every line of ``inputs`` (paths, ``-`` for stdin; ``.gz`` read as gzip) into
    ``output`` (a path, ``.gz`` written as gzip; None or ``-``: stdout), one result a line in
    input order, in ``fmt`` (``line``, ``csv``, ``jsonl``; default from the output's extension).

    ``jobs`` processes (default: every core) solve batches of lines with the compiled core;
    ``unique`` looks for a second solution, ``rate`` rates each solved puzzle. ``box`` fixes
    the grid shape (else each file's first puzzle line gives it); ``node_limit``/``time_limit``
    apply to each puzzle (status ``limit`` when reached). ``resume`` goes on with an existing
    output file. ``dask`` (``"local"``, a scheduler address or a ``distributed.Client``) runs
    the work on a Dask cluster instead. ``stop()`` returning true ends the run early, after the
    batches already solved (``summary.interrupted``). Raises :class:`BatchError` subclasses with a clear message; the
    exception's ``summary`` says what was written.
    """
    fmt = output_format(output, fmt)
    workers = default_jobs() if jobs is None else max(1, int(jobs))
    if dask is not None:
        return run_dask(inputs, output, fmt=fmt, unique=unique, rate=rate, box=box, alphabet=alphabet,
                        node_limit=node_limit, time_limit=time_limit, resume=resume, dask=dask,
                        jobs=jobs, progress=progress, stop=stop, partition_bytes=partition_bytes)
    if output not in (None, "-") and "*" in Path(str(output)).name:
        raise BatchError(tr("{output}: one file per partition (a name with *) needs --dask",
                            output=output))
    sources = read_sources(inputs)
    check_not_an_input(output, sources)
    options = run_options(fmt, unique, rate, alphabet, box, node_limit, time_limit, len(sources) > 1)
    out = Output(output, records.header(fmt, options.with_file, rate), resume=resume)
    summary = BatchSummary(output=out.name, jobs=workers, resumed=out.resumed)
    sizer = Sizer.for_options(options)
    reader = Reader(sources, options, box, sizer, skip=out.resumed)
    try:
        for _, result in run_jobs(reader, workers, sizer, stop):
            out.write(result.payload, result.lines)
            summary.add(result)
            if progress is not None:
                progress(summary, _done_bytes(reader, summary), reader.total)
        summary.seconds = time.perf_counter() - summary.started
        summary.interrupted = not reader.finished or summary.lines < reader.lines_read
    except BaseException as e:
        summary.seconds = time.perf_counter() - summary.started
        if isinstance(e, SudokitError):
            e.summary = summary  # type: ignore[attr-defined]
        out.close_quietly()
        raise
    out.close()
    return summary


def _done_bytes(reader: Reader, summary: BatchSummary) -> int:
    """How far through the input the lines written are, in bytes: the reader runs ahead of
    the writer by the batches in flight."""
    read_lines = reader.lines_read + reader.skipped
    if not read_lines:
        return 0
    return int(reader.position * (summary.lines + reader.skipped) / read_lines)


def _line_source(lines) -> Source:
    if isinstance(lines, os.PathLike):
        return Source.of(lines)
    if isinstance(lines, (str, bytes)):
        lines = lines.splitlines()
    return Source("<lines>", lines=lines)


def iter_results(lines: Iterable[str | bytes] | str | os.PathLike, *, jobs: int | None = None,
                 unique: bool = False, rate: bool = False, box=None, alphabet: str | None = None,
                 node_limit: int | None = None, time_limit: float | None = None,
                 ) -> Iterator[LineResult]:
    """A :class:`LineResult` for every line, in order: ``lines`` is an iterable of puzzle lines,
    a text holding them, or a path (``os.PathLike``) of a file. Lines are read and solved in
    batches as the iterator is consumed (``jobs`` processes; default every core)."""
    source = _line_source(lines)
    source.check()
    options = run_options("records", unique, rate, alphabet, box, node_limit, time_limit, False)
    workers = default_jobs() if jobs is None else max(1, int(jobs))
    sizer = Sizer.for_options(options)
    for _, result in run_jobs(Reader([source], options, box, sizer), workers, sizer):
        yield from result.payload


__all__ = ["solve_file", "iter_results", "BatchSummary", "output_format", "Progress"]
