"""``sudokit solve``: solve one puzzle or every puzzle of a file, or count their solutions."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Annotated

import typer

from sudokit.adapters.cli import display

from sudokit.model import formats

from sudokit.engines import limits

from sudokit.engines import search
from sudokit.i18n import msgn, tr
from sudokit.i18n.values import Cell
from sudokit.engines.search import backtrack, parallel
from sudokit.model.errors import SudokitError
from sudokit.model.grid import Grid
from sudokit.model.symbols import get_alphabet
from sudokit.engines.search.result import LIMIT, MULTIPLE, NO_SOLUTION, SOLVED, UNIQUE, SearchResult
from sudokit.adapters.cli.common import (
    EXIT_CODES_HELP, EXIT_INVALID, EXIT_LIMIT, EXIT_MULTIPLE, EXIT_NO_SOLUTION, EXIT_OK, AlphabetOpt,
    BoxOpt, FormatOpt, PuzzleArg, CagesOpt, RegionsOpt, VariantOpt, apply_variant, check_format, echo, err,
    handle_errors, message, out, parse_count, read_puzzles, warn,
)

#: Solutions looked for by default: two tell a unique puzzle from one with several.
SOLVE_LIMIT = 2
#: Solutions counted by default with --count.
COUNT_LIMIT = 1000
#: Solutions --json lists at most (a larger --limit is a count: --count).
JSON_SOLUTIONS = 10_000
#: Seconds each puzzle may take when --time-limit is not given: a search to a large --limit, or
#: of a large grid, could otherwise run for ever.
DEFAULT_TIME_LIMIT = 60.0

EXIT_FOR_STATUS = {UNIQUE: EXIT_OK, SOLVED: EXIT_OK, NO_SOLUTION: EXIT_NO_SOLUTION,
                   MULTIPLE: EXIT_MULTIPLE, LIMIT: EXIT_LIMIT}


def _check_method(name: str | None) -> str | None:
    if name is not None and name not in search.METHODS:
        raise typer.BadParameter(f"unknown method {name!r}; choose one of {', '.join(search.METHODS)}")
    return name


def _check_layout(name: str) -> str:
    if name not in display.LAYOUTS:
        raise typer.BadParameter(f"unknown layout {name!r}; choose one of {', '.join(display.LAYOUTS)}")
    return name


def _progress(checks: int, cell: int, geometry) -> None:
    line = tr("{n} checks at {cell}", n=f"{checks:,}", cell=Cell(geometry, cell))
    if err.is_terminal:
        err.file.write("\r" + line)
        err.file.flush()
    else:
        err.file.write(line + "\n")


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}" + ("" if n == 1 else "es" if word.endswith("s") else "s")


def _nodes(result: SearchResult) -> str:
    n = result.nodes
    if result.method == "backtrack":
        return str(msgn("{count} check", "{count} checks", n, count=f"{n:,}"))
    return str(msgn("{count} node", "{count} nodes", n, count=f"{n:,}"))


def _guesses(n: int) -> str:
    return str(msgn("{count} guess", "{count} guesses", n, count=f"{n:,}"))


def _duration(seconds: float) -> str:
    """``0.985s``, or ``42.1 µs`` / ``3.20 ms`` where seconds would print as 0.000s."""
    if seconds >= 0.1:
        return f"{seconds:.3f}s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds * 1e6:.1f} µs"


def _stats_line(result: SearchResult) -> str:
    if result.method == "backtrack":
        first = result.extra.get("checks_first")
        head = (tr("solved after {n} checks", n=f"{first:,}") if first is not None
                else tr("no solution found") if result.limit_reached else tr("no solution"))
        tail = (tr("stopped after {nodes} in {time}", nodes=_nodes(result),
                   time=_duration(result.seconds)) if result.limit_reached
                else tr("done after {nodes} in {time}", nodes=_nodes(result),
                        time=_duration(result.seconds)))
        return f"{head}; {tail}"
    return f"{result.method}: {_nodes(result)}, {_guesses(result.guesses)}, {_duration(result.seconds)}"


def _status_message(result: SearchResult, limit: int | None, count_mode: bool) -> str | None:
    """What the user should know about the outcome, None when it is a plain unique solution."""
    status, n = result.status, result.count
    if count_mode and result.limit_reached:
        return tr("the search stopped at its node or time limit after {nodes}, before it counted "
                  "every solution (raise --node-limit or --time-limit)", nodes=_nodes(result))
    if status == NO_SOLUTION:
        return tr("the puzzle has no solution")
    if status == MULTIPLE:
        if result.complete:
            how = tr("it has {n} solutions", n=n)
        elif limit is not None and n >= limit:
            how = tr("found {n}, the search stops at --limit {limit}", n=n, limit=limit)
        else:
            how = tr("found {n} before the search limit", n=n)
        if count_mode:
            return tr("the puzzle has several solutions ({how})", how=how)
        return tr("the puzzle has several solutions ({how}); the first is shown", how=how)
    if status == LIMIT:
        if n:
            return tr("found a solution but the search stopped at its node or time limit after "
                      "{nodes}, before it could tell whether the puzzle has another solution "
                      "(raise --node-limit or --time-limit)", nodes=_nodes(result))
        return tr("the search stopped at its node or time limit after {nodes}, before it could "
                  "tell whether the puzzle has a solution (raise --node-limit or --time-limit)",
                  nodes=_nodes(result))
    return None


def _json_grid(grid: Grid, alphabet: str | None) -> str | list[int]:
    """A grid in --json output: its line, or its values (0 empty) when the alphabet has too few
    symbols for its size."""
    try:
        return grid.to_line(alphabet)
    except SudokitError:
        return list(grid.values)


def _result_json(index: int, grid: Grid, result: SearchResult | None, alphabet: str | None,
                 count_mode: bool, error: str | None = None) -> dict:
    doc: dict = {"index": index, "puzzle": _json_grid(grid, alphabet), "size": grid.size,
                 "box": grid.geometry.box_shape}
    if error is not None:
        doc.update(status="invalid", error=error)
        return doc
    assert result is not None
    doc.update(status=result.status, count=result.count, complete=result.complete,
               limit_reached=result.limit_reached)
    if not count_mode:
        doc["solutions"] = [_json_grid(s, alphabet) for s in result.solutions]
    extra = {k: v for k, v in result.extra.items() if k != "count"}  # the count is given above
    doc["stats"] = {"method": result.method, "nodes": result.nodes, "guesses": result.guesses,
                    "seconds": round(result.seconds, 6), **extra}
    return doc


def solve(
    puzzle: PuzzleArg,
    method: Annotated[str | None, typer.Option(
        "--method", "-m", callback=_check_method, show_default=False,
        help=f"Search method: {', '.join(search.METHODS)} (default: {search.DEFAULT_METHOD}).")] = None,
    box: BoxOpt = None,
    fmt: FormatOpt = None,
    alphabet: AlphabetOpt = None,
    variant: VariantOpt = None,
    regions: RegionsOpt = None,
    cages: CagesOpt = None,
    to: Annotated[str | None, typer.Option(
        "--to", "-t", metavar="FORMAT", callback=check_format, show_default=False,
        help="Write solutions in this format (line, grid, classic, comma, sdk, json, ...) "
             "instead of the coloured display.")] = None,
    layout: Annotated[str, typer.Option(
        "--layout", "-L", callback=_check_layout,
        help="Display layout: classic (312 695 874) or grid (with borders).")] = "classic",
    count: Annotated[bool, typer.Option(
        "--count", "-c", help="Count the solutions (up to --limit) instead of showing one.")] = False,
    limit: Annotated[int | None, typer.Option(
        "--limit", "-l", parser=parse_count, metavar="N", show_default=False,
        help=f"Solutions to look for: default {SOLVE_LIMIT}, or {COUNT_LIMIT} with --count "
             f"(1e6, 10^6 and 1_000_000 are read too).")] = None,
    node_limit: Annotated[int | None, typer.Option(
        "--node-limit", parser=parse_count, metavar="N", show_default=False,
        help="Stop a search after this many nodes (checks for backtrack).")] = None,
    time_limit: Annotated[float | None, typer.Option(
        "--time-limit", min=0.0, show_default=False,
        help=f"Stop each puzzle's search after this many seconds, its result printed right "
             f"after (default {DEFAULT_TIME_LIMIT:g}; inf: none).")] = None,
    show_puzzle: Annotated[bool, typer.Option(
        "--show-puzzle", "-p", help="Show the puzzle (and how much of it is filled) first.")] = False,
    stats: Annotated[bool, typer.Option(
        "--stats", "-s", help="Print nodes, guesses and time on stderr (backtrack: checks, "
                              "and a progress line every 10,000 checks).")] = False,
    jobs: Annotated[int | None, typer.Option(
        "--jobs", "-j", min=1, show_default=False,
        help="Split each search over N processes (fast and digits methods; same answer as one).")] = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print a JSON array, one object per puzzle (status, solutions, stats).")] = False,
) -> None:
    """Solve puzzles of any size, or count their solutions (see :data:`SOLVE_HELP`)."""
    if as_json and not count and limit is not None and limit > JSON_SOLUTIONS:
        raise typer.BadParameter(tr("--json lists at most {n} solutions; count more with --count",
                                    n=f"{JSON_SOLUTIONS:,}"), param_hint="--limit")
    with handle_errors():
        grids = apply_variant(read_puzzles(puzzle, fmt, box, alphabet), variant, regions, cages)
        if to is not None and not as_json:
            formats.dumps(grids[0], to, alphabet)  # fail early on a format that cannot write it
        if len(grids) == 1 and not (as_json or count or to == "json"):  # before a search whose answer cannot be shown
            get_alphabet(alphabet).for_size(grids[0].size)
        report = _Report(
            several=len(grids) > 1, to=to, layout=layout, alphabet=alphabet, count_mode=count,
            limit=limit if limit is not None else (COUNT_LIMIT if count else SOLVE_LIMIT),
            show_puzzle=show_puzzle, stats=stats, as_json=as_json)
        for index, grid in enumerate(grids, 1):
            try:
                grid.validate()
            except SudokitError as e:
                if not report.several:
                    raise
                report.invalid(index, grid, str(e))
                continue
            # keep only the solutions the output shows: --json lists them, the rest show the first
            options = {"keep": 0 if count else report.limit if as_json else 1}
            if stats and method == "backtrack" and not as_json:
                options["progress"] = lambda checks, cell, g=grid.geometry: _progress(checks, cell, g)
            with limits.limited(DEFAULT_TIME_LIMIT if time_limit is None else time_limit):
                if jobs is not None:
                    result = _parallel(grid, method, report.limit, node_limit, jobs, options["keep"])
                else:
                    result = search.solve(grid, method, report.limit, node_limit, **options)
                if "progress" in options and err.is_terminal and result.nodes >= backtrack.PROGRESS_EVERY:
                    err.file.write("\n")  # end the progress line
                report.solved(index, grid, result)
        code = report.finish()
    raise typer.Exit(code)


def _parallel(grid: Grid, method: str | None, limit: int, node_limit, jobs: int,
              keep: int) -> SearchResult:
    """``--jobs``: one search split over processes (see :mod:`sudokit.engines.search.parallel`)."""
    name = method or search.DEFAULT_METHOD
    if name not in parallel.CORE_METHODS:
        raise SudokitError(f"--jobs splits searches of the compiled core: use --method fast or digits, not {name}")
    return parallel.solve(grid, limit, jobs, node_limit, method=name, keep=keep)


@dataclass
class _Report:
    """Prints each puzzle's outcome (the answer on stdout, the rest on stderr) and keeps the
    exit codes."""

    several: bool
    to: str | None
    layout: str
    alphabet: str | None
    count_mode: bool
    limit: int
    show_puzzle: bool
    stats: bool
    as_json: bool
    codes: list[int] = field(default_factory=list)
    statuses: Counter = field(default_factory=Counter)
    docs: list[dict] = field(default_factory=list)      # --json
    json_items: list[str] = field(default_factory=list)  # --to json with several puzzles

    def _where(self, index: int) -> str:
        return f"puzzle {index}: " if self.several else ""

    def invalid(self, index: int, grid: Grid, error: str) -> None:
        self.codes.append(EXIT_INVALID)
        self.statuses["invalid"] += 1
        message(f"error: {self._where(index)}{error}", "bold red")
        if self.as_json:
            self.docs.append(_result_json(index, grid, None, self.alphabet, self.count_mode, error))

    def solved(self, index: int, grid: Grid, result: SearchResult) -> None:
        # a count that a node or time limit stopped has not answered "how many"
        stopped_count = self.count_mode and result.limit_reached
        self.codes.append(EXIT_LIMIT if stopped_count else EXIT_FOR_STATUS[result.status])
        self.statuses[result.status] += 1
        if self.as_json:
            self.docs.append(_result_json(index, grid, result, self.alphabet, self.count_mode))
            return
        where = self._where(index)
        if self.count_mode:
            n = result.count
            at_least = "at least " if (not result.complete and n) else ""
            echo(f"{where}{at_least}{_plural(n, 'solution')}")
        elif self.to is not None:
            if result.solution is not None:
                self._write(result.solution)
        else:
            self._display(index, grid, result)
        note = _status_message(result, self.limit, self.count_mode)
        if note and not (self.count_mode and result.status in (NO_SOLUTION, MULTIPLE)
                         and not result.limit_reached):
            warn(where + note)  # with a whole --count, the count already says it
        if self.stats:
            message(where + _stats_line(result), "dim")

    def _write(self, solution: Grid) -> None:
        text = formats.dumps(solution, self.to, self.alphabet)
        if self.to == "json" and self.several:
            self.json_items.append(text)
        elif self.to == "line" or not self.several:
            echo(text)
        else:
            echo(text + "\n")  # a blank line between multi-line grids

    def _display(self, index: int, grid: Grid, result: SearchResult) -> None:
        if self.several:
            echo(f"{'' if index == 1 else chr(10)}# puzzle {index}")
        if self.show_puzzle:
            display.show(grid, self.layout, self.alphabet, console=out)
            if result.solution is not None:
                echo()
        if result.solution is not None:
            display.show(result.solution, self.layout, self.alphabet, console=out)

    def finish(self) -> int:
        """Print what waits for the end; the exit code: the highest of any puzzle."""
        if self.as_json:
            echo(json.dumps(self.docs, indent=2))
        elif self.json_items:
            echo("[\n" + ",\n".join(self.json_items) + "\n]")  # the json reader takes it back
        if self.several:
            summary = ", ".join(f"{n} {status}" for status, n in self.statuses.items())
            message(f"{len(self.codes)} puzzles: {summary}")
        return max(self.codes, default=EXIT_OK)


SOLVE_HELP = (
    "Solve puzzles of any size, or count their solutions.\n\n"
    "A file with several puzzles solves each. A puzzle with several solutions says so and how "
    "many were found (up to --limit); an unsolvable one says so. Results go to stdout; "
    "messages, statistics and progress to stderr."
)


def register(app: typer.Typer) -> None:
    app.command(help=SOLVE_HELP, epilog=EXIT_CODES_HELP)(solve)


__all__ = ["solve", "register", "SOLVE_LIMIT", "COUNT_LIMIT", "EXIT_FOR_STATUS"]
