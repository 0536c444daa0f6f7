"""``sudokit batch``: solve files of puzzles, one a line, on every core (or a Dask cluster)."""

from __future__ import annotations

import signal
import sys
import threading
from contextlib import contextmanager, nullcontext
from typing import Annotated

import typer

from sudokit.adapters.batch import (
    FORMATS, BatchError, BatchOutputError, BatchSummary, BatchWorkerError, solve_file,
)
from sudokit.adapters.batch.records import INVALID, LIMIT, MULTIPLE, NO_SOLUTION, SOLVED
from sudokit.i18n import msgn, tr
from sudokit.adapters.cli.common import (
    EXIT_INTERRUPTED, EXIT_INVALID, EXIT_OK, AlphabetOpt, BoxOpt, err, fail, handle_errors, interrupted,
    message, parse_count,
)

EXIT_OUTPUT = 7        # the output cannot be written (full disk, no permission)
EXIT_WORKER = 8        # a worker process died

BATCH_EXIT_HELP = (
    "Exit codes: 0 every line has its result (whatever its status), 2 usage error, "
    "3 an input cannot be read, 7 the output cannot be written, 8 a worker process died, "
    "130 interrupted (the lines written are whole; --resume goes on)."
)

BATCH_HELP = (
    "Solve files of puzzles, one a line, in input order: one result a line out.\n\n"
    "Any size (from the first line, or --box); text after a puzzle is carried through. "
    "A folder of pictures, or picture files, give one line a picture (the photo extra): "
    "its puzzle and file name, or invalid with the reason it cannot be read. "
    "Output: the solution (or the status when there is none), CSV or JSON lines with the "
    "status (solved, no-solution, multiple, invalid, limit), solution, count and with --rate "
    "the rating. Files ending in .gz are read and written as gzip. Every core by default "
    "(--jobs); a progress bar and a summary on stderr."
)


def _check_to(value: str | None) -> str | None:
    if value is not None and value not in FORMATS:
        raise typer.BadParameter(tr("choose one of {choices}", choices=", ".join(FORMATS)))
    return value


@contextmanager
def _ctrl_c():
    """The first Ctrl-C asks the run to stop after the batches already solved; a second one
    stops at once. Yields the event the run checks."""
    event = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield event
        return

    def handler(signum, frame):
        if event.is_set():
            raise KeyboardInterrupt
        event.set()

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield event
    finally:
        signal.signal(signal.SIGINT, previous)


class _Bar:
    """The progress bar on stderr: lines done, puzzles/s, time left (from the bytes read)."""

    def __init__(self) -> None:
        from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn

        self.progress = Progress(
            BarColumn(), TaskProgressColumn(),
            TextColumn(tr("{n} puzzles", n="{task.fields[done]}")),
            TextColumn("{task.fields[rate]}/s"), TimeRemainingColumn(), TextColumn(tr("left")),
            console=err, transient=True)
        self.task = self.progress.add_task("batch", total=None, done="0", rate="-")

    def __enter__(self) -> _Bar:
        self.progress.start()
        return self

    def __exit__(self, *exc) -> None:
        self.progress.stop()

    def __call__(self, summary: BatchSummary, done: int, total: int | None) -> None:
        self.progress.update(self.task, completed=done, total=total, done=f"{summary.lines:,}",
                             rate=f"{summary.rate:,.0f}")


#: How the summary counts each status (the output files keep the status ids).
_COUNTED = {
    SOLVED: lambda n, c: msgn("{count} solved", "{count} solved", n, count=c),
    MULTIPLE: lambda n, c: msgn("{count} multiple", "{count} multiple", n, count=c),
    NO_SOLUTION: lambda n, c: msgn("{count} no-solution", "{count} no-solution", n, count=c),
    LIMIT: lambda n, c: msgn("{count} limit", "{count} limit", n, count=c),
    INVALID: lambda n, c: msgn("{count} invalid", "{count} invalid", n, count=c),
}


def _counted(status: str, n: int) -> str:
    if status not in _COUNTED:
        return f"{n:,} {status}"
    return str(_COUNTED[status](n, f"{n:,}"))


def _summary_text(summary: BatchSummary) -> str:
    counts = (", ".join(_counted(status, n) for status, n in summary.counts().items())
              or tr("nothing to do"))
    jobs = str(msgn("{count} job", "{count} jobs", summary.jobs, count=summary.jobs))
    text = tr("{lines} lines in {seconds}s ({rate} puzzles/s, {jobs}): {counts}",
              lines=f"{summary.lines:,}", seconds=f"{summary.seconds:.2f}",
              rate=f"{summary.rate:,.0f}", jobs=jobs, counts=counts)
    if summary.resumed:
        text += tr("; resumed after the {n} lines already in {output}",
                   n=f"{summary.resumed:,}", output=summary.output)
    return text


def batch(
    inputs: Annotated[list[str] | None, typer.Argument(
        metavar="[IN ...|-]", show_default=False,
        help="Files with one puzzle a line (.gz read as gzip), folders of pictures or picture "
             "files; - or nothing: stdin.")] = None,
    output: Annotated[str | None, typer.Option(
        "--output", "-o", metavar="OUT", show_default=False,
        help="Write here (.gz: gzip; default stdout). With --dask, a name with * or a directory "
             "writes one file per partition.")] = None,
    to: Annotated[str | None, typer.Option(
        "--to", "-t", metavar="line|csv|jsonl", callback=_check_to, show_default=False,
        help="Output format (default: from OUT's extension, else line).")] = None,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", min=1, show_default=False, help="Worker processes (default: every core).")] = None,
    unique: Annotated[bool, typer.Option(
        "--unique", "-u", help="Check uniqueness: a puzzle with two solutions gets 'multiple'.")] = False,
    rate: Annotated[bool, typer.Option("--rate", help="Rate each solved puzzle (slower).")] = False,
    resume: Annotated[bool, typer.Option(
        "--resume", help="Go on with an existing OUT: skip as many input lines as it holds.")] = False,
    quiet: Annotated[bool, typer.Option(
        "--quiet", "-q", help="No progress bar and no summary (errors still show).")] = False,
    dask: Annotated[str | None, typer.Option(
        "--dask", metavar="ADDRESS|local", show_default=False,
        help="Run on a Dask cluster (scheduler address) or a local one (needs the dask extra).")] = None,
    box: BoxOpt = None,
    alphabet: AlphabetOpt = None,
    node_limit: Annotated[int | None, typer.Option(
        "--node-limit", parser=parse_count, metavar="N", show_default=False, help="Stop each puzzle's search after this many nodes.")] = None,
    time_limit: Annotated[float | None, typer.Option(
        "--time-limit", min=0.0, show_default=False,
        help="Stop each puzzle's search (and rating) after this many seconds.")] = None,
) -> None:
    """Solve files of puzzles, one a line (see :data:`BATCH_HELP`)."""
    inputs = inputs or ["-"]
    if resume and output in (None, "-"):
        raise typer.BadParameter(tr("--resume needs an output file (-o OUT)"), param_hint="--resume")
    if "-" in inputs and sys.stdin.isatty() and dask is None:
        fail(tr("no input: name files, or pipe puzzles in (sudokit batch - < puzzles.txt)"),
             EXIT_INVALID)
    show = not quiet
    bar = _Bar() if show and err.is_terminal else None
    with handle_errors(), _ctrl_c() as stopping:
        try:
            with bar or nullcontext():
                summary = solve_file(
                    inputs, output, jobs=jobs, unique=unique, rate=rate, fmt=to, box=box, alphabet=alphabet,
                    node_limit=node_limit, time_limit=time_limit, resume=resume, dask=dask,
                    progress=bar, stop=stopping.is_set)
        except BatchError as e:
            _fail_batch(e)
        except KeyboardInterrupt:
            interrupted(tr("interrupted at once: the output holds whole lines only; --resume goes on"))
    if summary.interrupted:
        if show:
            message(_summary_text(summary), "dim")
        where = tr(" to {output}", output=summary.output) if summary.output != "<stdout>" else ""
        interrupted(tr("interrupted: {n} whole lines written{where}; run the same command with "
                       "--resume to go on", n=f"{summary.lines:,}", where=where))
    if show:
        message(_summary_text(summary), "dim")
    raise typer.Exit(EXIT_OK)


def _fail_batch(e: BatchError) -> None:
    code = (EXIT_OUTPUT if isinstance(e, BatchOutputError) else EXIT_WORKER if isinstance(e, BatchWorkerError)
            else EXIT_INVALID)
    summary = getattr(e, "summary", None)
    text = str(e)
    if summary is not None and summary.lines and not isinstance(e, BatchOutputError):
        where = tr(" to {output}", output=summary.output) if summary.output != "<stdout>" else ""
        text += tr(" ({n} whole lines written{where}; --resume goes on)",
                   n=f"{summary.lines:,}", where=where)
    fail(text, code)


def register(app: typer.Typer) -> None:
    app.command(help=BATCH_HELP, epilog=BATCH_EXIT_HELP)(batch)


__all__ = ["batch", "register", "EXIT_OUTPUT", "EXIT_WORKER", "EXIT_INTERRUPTED"]
