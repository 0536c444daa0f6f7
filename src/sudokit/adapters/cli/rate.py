"""``sudokit rate``: the difficulty of one puzzle or of every puzzle of a file, on the Sudoku
Explainer scale, with its level and the techniques it needs."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from sudokit.model.errors import CancelledError, SearchLimitError, SudokitError
from sudokit.model.grid import Grid
from sudokit.i18n import N_, gettext, msgn, tr
from sudokit.engines.logic.solver import partial_path
from sudokit.adapters.cli.common import (
    EXIT_CODES_HELP, EXIT_INVALID, EXIT_LIMIT, EXIT_MULTIPLE, EXIT_NO_SOLUTION, EXIT_OK,
    AlphabetOpt, BoxOpt, FormatOpt, PuzzleArg, CagesOpt, RegionsOpt, VariantOpt, apply_variant, echo,
    handle_errors, message, read_puzzles,
)

# Message ids, translated where they are shown (common.message) or raised (_Unrated)
NO_SOLUTION = N_("the puzzle has no solution")
SEVERAL_SOLUTIONS = N_("the puzzle has several solutions, so it has no rating: only a puzzle "
                       "with exactly one solution is rated")


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


class _Unrated(SudokitError):
    """A puzzle that gets no rating: no solution, several solutions, or a limit; ``code`` is
    its exit code and ``status`` its JSON status."""

    def __init__(self, text: str, code: int, status: str) -> None:
        super().__init__(gettext(text))
        self.code, self.status = code, status


def _limit_text(error: BaseException, time_limit: float | None, done: str) -> str:
    if isinstance(error, CancelledError):
        return tr("the rating was cancelled {done}", done=done)
    if time_limit is None:
        return tr("the rating stopped at a search limit {done}", done=done)
    return tr("the rating stopped at the time limit of {seconds} s {done}; raise --time-limit",
              seconds=f"{time_limit:g}", done=done)


def _rate_one(grid: Grid, time_limit: float | None):
    """The rating of one puzzle with one solution (:mod:`sudokit.services.rating`). Raises
    :class:`_Unrated` for a puzzle that gets none."""
    # the rating (and the engine under it) loads when a puzzle is rated, not at the CLI's start
    from sudokit.services.rating import NO_SOLUTION as NONE, RatingRequest, rate as rate_request

    try:
        result = rate_request(RatingRequest(grid, time_limit))
    except (SearchLimitError, CancelledError) as e:
        path = partial_path(e)
        done = (str(msgn("after {n} step", "after {n} steps", len(path.steps))) if path is not None
                else tr("while counting the puzzle's solutions"))
        raise _Unrated(_limit_text(e, time_limit, done), EXIT_LIMIT, "limit") from None
    if result.rating is None:
        if result.status == NONE:
            raise _Unrated(NO_SOLUTION, EXIT_NO_SOLUTION, "no-solution")
        raise _Unrated(SEVERAL_SOLUTIONS, EXIT_MULTIPLE, "multiple")
    return result.rating


def rate(
    puzzle: PuzzleArg,
    box: BoxOpt = None,
    variant: VariantOpt = None,
    regions: RegionsOpt = None,
    cages: CagesOpt = None,
    fmt: FormatOpt = None,
    alphabet: AlphabetOpt = None,
    time_limit: Annotated[float | None, typer.Option(
        "--time-limit", min=0.0, metavar="SECONDS", show_default=False,
        help="Seconds allowed for each puzzle, counting its solutions included (exit code 5 "
             "when reached).")] = None,
    as_json: Annotated[bool, typer.Option(
        "--json", help="One JSON object a line: score (ER), ep, ed, level, techniques, "
                       "hardest, trial, solved, steps, unique, label, seconds; for a puzzle that gets no "
                       "rating, status (no-solution, multiple, limit, invalid) and error.")] = False,
    show_puzzle: Annotated[bool, typer.Option(
        "--show-puzzle", "-p", help="Start each result line with the puzzle (one line).")] = False,
) -> None:
    """Rate puzzles (see :data:`RATE_HELP`)."""
    codes: list[int] = []
    with handle_errors():
        grids = apply_variant(read_puzzles(puzzle, fmt, box, alphabet), variant, regions, cages)
        several = len(grids) > 1
        for index, grid in enumerate(grids, 1):
            where = f"puzzle {index}: " if several else ""
            try:
                rating = _rate_one(grid, time_limit)
            except SudokitError as e:
                code, status = ((e.code, e.status) if isinstance(e, _Unrated)
                                else (EXIT_INVALID, "invalid"))
                if not several and not as_json:
                    message(f"error: {e}", "bold red")
                    raise typer.Exit(code) from None
                codes.append(code)
                message(f"error: {where}{e}", "bold red")
                if as_json:
                    echo(json.dumps(_result_json(index, grid, alphabet, error=str(e), status=status)))
                continue
            codes.append(EXIT_OK)
            if as_json:
                echo(json.dumps(_result_json(index, grid, alphabet, rating, True)))
            else:
                head = f"{grid.to_line(alphabet)}  " if show_puzzle else where
                echo(f"{head}{rating.summary()} [{rating.se_triple}]")
        if several:
            message(f"{len(grids)} puzzles rated")
    raise typer.Exit(max(codes, default=EXIT_OK))


RATE_HELP = (
    "Rate puzzles on the Sudoku Explainer scale (1.0 to about 11).\n\n"
    "One line per puzzle: the score, the level (easy < 2.0 <= medium < 3.0 <= hard < 4.5 <= "
    "expert < 7.0 <= extreme), and the techniques the simplest-first solve needs, simplest "
    "first, then Sudoku Explainer's three ratings [ER/EP/ED]: ER the hardest step (the score), "
    "EP the hardest step up to the first placement, ED the first step. A puzzle the "
    "techniques cannot finish without trial says \"needs trial\". "
    "Only a puzzle with exactly one solution is rated: one with no solution (exit code 1) or "
    "several (exit code 4) gets an error line and no score. --time-limit bounds each puzzle, "
    "the count of its solutions included (exit code 5)."
)


def register(app: typer.Typer) -> None:
    app.command(help=RATE_HELP, epilog=EXIT_CODES_HELP)(rate)


__all__ = ["rate", "register"]
