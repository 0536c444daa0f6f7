"""``sudokit rate``: the difficulty of one puzzle or of every puzzle of a file, on the Sudoku
Explainer scale, with its level and the techniques it needs."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from ..errors import SearchLimitError, SudokitError
from ..grid import Grid
from .common import (
    EXIT_CODES_HELP, EXIT_INVALID, EXIT_LIMIT, EXIT_MULTIPLE, EXIT_NO_SOLUTION, EXIT_OK,
    AlphabetOpt, BoxOpt, FormatOpt, PuzzleArg, echo, handle_errors, message, read_puzzles, warn,
)


def _result_json(index: int, grid: Grid, alphabet: str | None, rating=None, unique=None,
                 error: str | None = None, status: str = "invalid") -> dict:
    doc: dict = {"index": index, "puzzle": grid.to_line(alphabet), "size": grid.size}
    if error is not None:
        doc.update(status=status, error=error)
        return doc
    doc.update(rating.to_dict())
    doc["unique"] = unique
    doc["label"] = rating.label
    doc["seconds"] = round(rating.seconds, 6)
    return doc


def _solution_count(grid: Grid, time_limit: float | None) -> int:
    from ..search import core

    try:
        return core.count_solutions(grid, 2, time_limit=time_limit)
    except SearchLimitError:
        raise SearchLimitError(
            "the time limit was reached while counting the puzzle's solutions "
            "(raise --time-limit)") from None


def rate(
    puzzle: PuzzleArg,
    box: BoxOpt = None,
    fmt: FormatOpt = None,
    alphabet: AlphabetOpt = None,
    time_limit: Annotated[float | None, typer.Option(
        "--time-limit", min=0.0, show_default=False,
        help="Seconds allowed for each puzzle (checked between steps).")] = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="One JSON object a line: score, level, techniques, hardest, trial, "
                       "solved, steps, unique, label, seconds.")] = False,
    show_puzzle: Annotated[bool, typer.Option(
        "--show-puzzle", "-p", help="Start each result line with the puzzle (one line).")] = False,
) -> None:
    """Rate puzzles (see :data:`RATE_HELP`)."""
    codes: list[int] = []
    with handle_errors():
        grids = read_puzzles(puzzle, fmt, box, alphabet)
        several = len(grids) > 1
        from ..rating import rate as rate_puzzle

        for index, grid in enumerate(grids, 1):
            where = f"puzzle {index}: " if several else ""
            try:
                grid.validate()
                count = _solution_count(grid, time_limit)
                rating = rate_puzzle(grid, time_limit=time_limit, unique=count == 1) if count else None
            except SudokitError as e:
                if not several:
                    raise
                codes.append(EXIT_LIMIT if isinstance(e, SearchLimitError) else EXIT_INVALID)
                message(f"error: {where}{e}", "bold red")
                if as_json:
                    status = "limit" if isinstance(e, SearchLimitError) else "invalid"
                    echo(json.dumps(_result_json(index, grid, alphabet, error=str(e), status=status)))
                continue
            if rating is None:
                codes.append(EXIT_NO_SOLUTION)
                message(f"error: {where}the puzzle has no solution", "bold red")
                if as_json:
                    echo(json.dumps(_result_json(index, grid, alphabet, error="the puzzle has no solution",
                                                 status="no-solution")))
                continue
            if count > 1:
                warn(f"{where}the puzzle has several solutions; rated without uniqueness techniques")
                codes.append(EXIT_MULTIPLE)
            else:
                codes.append(EXIT_OK)
            if as_json:
                echo(json.dumps(_result_json(index, grid, alphabet, rating, count == 1)))
            else:
                head = f"{grid.to_line(alphabet)}  " if show_puzzle else where
                echo(f"{head}{rating.summary()}")
        if several:
            message(f"{len(grids)} puzzles rated")
    raise typer.Exit(max(codes, default=EXIT_OK))


RATE_HELP = (
    "Rate puzzles on the Sudoku Explainer scale (1.0 to about 11).\n\n"
    "One line per puzzle: the score, the level (easy < 2.0 <= medium < 3.0 <= hard < 4.5 <= "
    "expert < 7.0 <= extreme), and the techniques the simplest-first solve needs, simplest "
    "first. A puzzle the techniques cannot finish without trial says \"needs trial\". "
    "A puzzle with several solutions is rated without uniqueness techniques (exit code 4)."
)


def register(app: typer.Typer) -> None:
    app.command(help=RATE_HELP, epilog=EXIT_CODES_HELP)(rate)


__all__ = ["rate", "register"]
