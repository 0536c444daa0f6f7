"""``sudokit render`` (one picture: SVG, PNG or PDF by the extension) and ``sudokit print``
(a PDF booklet of puzzles, then answers); :func:`write_booklet` also serves ``generate -o``."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from sudokit.model.errors import SudokitError
from sudokit.engines import search
from sudokit.engines.logic import LogicalSolver
from sudokit.engines.logic.solver import givens_grid
from sudokit.adapters.cli.common import (
    EXIT_CODES_HELP, EXIT_NO_SOLUTION, EXIT_OK, EXIT_STUCK, EXIT_USAGE, AlphabetOpt, BoxOpt,
    CagesOpt, FormatOpt, PuzzleArg, RegionsOpt, VariantOpt, fail, handle_errors, message, read_puzzles, warn,
)
from sudokit.adapters.cli.logic import read_position

STYLE_NAMES = ("screen", "print")


def _check_style(style: str) -> str:
    if style not in STYLE_NAMES:
        raise typer.BadParameter(f"unknown style {style!r}; choose one of {', '.join(STYLE_NAMES)}")
    return style


def _check_per_page(n: int) -> int:
    from sudokit.engines.render.book import PER_PAGE

    if n not in PER_PAGE:
        raise typer.BadParameter(f"{n} is not a layout; choose 1, 2, 4 or 6 puzzles a page")
    return n


def _check_paper(paper: str) -> str:
    from sudokit.engines.render.book import PAPERS

    key = paper.strip().lower()
    if key not in PAPERS:
        raise typer.BadParameter(f"unknown paper {paper!r}; choose one of {', '.join(PAPERS)}")
    return key


def output_format(path: str, allowed: tuple[str, ...] = ("svg", "png", "pdf")) -> str:
    """The format of an output path by its extension, and a check that its folder can be
    written, before any work is done: a usage error (exit 2) for an unknown extension, invalid
    input (exit 3) for a folder that is missing or not writable."""
    from sudokit.engines.render import format_of

    try:
        fmt = format_of(path)
    except SudokitError as e:
        fail(str(e), EXIT_USAGE)
    if fmt not in allowed:
        fail(f"{path}: a {fmt.upper()} file cannot hold this; give a "
             f"{' or '.join('.' + a for a in allowed)} file", EXIT_USAGE)
    folder = Path(path).parent
    folder = folder if str(folder) else Path(".")
    if Path(path).is_dir():
        raise SudokitError(f"{path}: is a directory")
    if not folder.is_dir():
        raise SudokitError(f"{path}: cannot write: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise SudokitError(f"{path}: cannot write: permission denied on {folder}")
    return fmt


OutputOpt = Annotated[str, typer.Option(
    "--output", "-o", metavar="FILE", show_default=False,
    help="Where to write: the extension picks the format (.svg, .png or .pdf).")]
StyleOpt = Annotated[str, typer.Option(
    "--style", callback=_check_style,
    help="screen (colour) or print (black on white).")]


def render(
    puzzle: PuzzleArg,
    output: OutputOpt,
    candidates: Annotated[bool, typer.Option(
        "--candidates", "-c", help="Draw the pencil marks (the position's own, or those the "
                                   "filled cells leave).")] = False,
    solution: Annotated[bool, typer.Option(
        "--solution", help="Write the solution's digits in the empty cells (in grey).")] = False,
    step: Annotated[bool, typer.Option(
        "--step", help="Draw the next logical step (and its explanation under the grid).")] = False,
    coordinates: Annotated[bool, typer.Option(
        "--coordinates", help="Label the rows r1.. and columns c1..")] = False,
    size_px: Annotated[int | None, typer.Option(
        "--size-px", min=50, max=8000, show_default=False,
        help="Width in pixels (PNG, SVG); default 400, more for big grids.")] = None,
    dpi: Annotated[float | None, typer.Option(
        "--dpi", min=10, max=2400, show_default=False,
        help="PNG: pixels per inch of the picture's size in points (and the PNG's DPI).")] = None,
    style: StyleOpt = "screen",
    box: BoxOpt = None,
    fmt: FormatOpt = None,
    alphabet: AlphabetOpt = None,
    variant: VariantOpt = None,
    regions: RegionsOpt = None,
    cages: CagesOpt = None,
) -> None:
    """Draw one puzzle or position (see :data:`RENDER_HELP`)."""
    with handle_errors():
        kind = output_format(output)
        from sudokit.engines.render import render_bytes, write_atomic  # the drawing code: only when drawing

        position = read_position(puzzle, fmt, box, alphabet, variant, regions, cages)
        found = None
        if step:
            if position.is_solved:
                fail("the puzzle is already solved: there is no step to draw", EXIT_STUCK)
            reason = position.contradiction()
            if reason:
                raise SudokitError(f"the position cannot be solved: {reason}")
            found = LogicalSolver().next_step(position)
            if found is None:
                fail("no technique applies to this position: there is no step to draw", EXIT_STUCK)
        sol = None
        if solution:
            result = search.solve(givens_grid(position), limit=1)
            if not result.solutions:
                fail("the puzzle has no solution to draw", EXIT_NO_SOLUTION)
            sol = result.solutions[0]
        data = render_bytes(kind, position, size_px=size_px, dpi=dpi, style=style,
                            coordinates=coordinates, candidates=candidates or step,
                            solution=sol, step=found, caption=bool(found), alphabet=alphabet)
        write_atomic(output, data)
        message(f"wrote {output}" + (f" ({found.name})" if found else ""))
    raise typer.Exit(EXIT_OK)


def write_booklet(output: str, grids, *, per_page: int = 4, solutions: bool = False,
                  title: str = "", labels=None, paper: str = "a4", style: str = "print",
                  answers=None) -> int:
    """Write the booklet of ``grids`` to ``output`` (atomically); ``answers``: the solution of
    each puzzle when known (else each is solved here). Returns the number of pages' puzzles
    without an answer (no unique solution)."""
    from sudokit.engines.render import booklet, write_atomic

    missing = 0
    sols = None
    if solutions:
        sols = list(answers) if answers is not None else []
        if answers is None:
            for index, g in enumerate(grids, 1):
                result = search.solve(g, limit=2)
                if result.status == "no-solution" or not result.solutions:
                    raise SudokitError(f"puzzle {index} has no solution: it cannot be printed "
                                       f"with answers")
                if result.status != "unique":
                    warn(f"puzzle {index} has several solutions: it gets no answer")
                    sols.append(None)
                    missing += 1
                else:
                    sols.append(result.solutions[0])
    data = booklet(grids, per_page=per_page, solutions=sols if solutions else False,
                   title=title, labels=labels, paper=paper, style=style)
    write_atomic(output, data)
    return missing


def print_(
    files: Annotated[list[str], typer.Argument(
        metavar="FILE...", show_default=False,
        help="Files of puzzles (any format; - for stdin), or puzzles written out.")],
    output: Annotated[str, typer.Option(
        "--output", "-o", metavar="FILE.pdf", show_default=False,
        help="The PDF to write.")],
    per_page: Annotated[int, typer.Option(
        "--per-page", "-n", callback=_check_per_page,
        help="Puzzles a page: 1, 2, 4 or 6 (grids of 16x16 and more are one a page).")] = 4,
    solutions: Annotated[bool, typer.Option(
        "--solutions", help="Add answer pages after the puzzles.")] = False,
    title: Annotated[str, typer.Option("--title", help="A title on every page.")] = "",
    rate: Annotated[bool, typer.Option(
        "--rate", help="Label each puzzle with its level and score (rating takes time).")] = False,
    paper: Annotated[str, typer.Option(
        "--paper", callback=_check_paper, help="a4 or letter.")] = "a4",
    style: StyleOpt = "print",
    box: BoxOpt = None,
    fmt: FormatOpt = None,
    alphabet: AlphabetOpt = None,
) -> None:
    """Print puzzles as a PDF booklet (see :data:`PRINT_HELP`)."""
    with handle_errors():
        output_format(output, ("pdf",))
        if len(title) > 200:
            raise SudokitError("the title is longer than 200 characters")
        grids = []
        for arg in files:
            for g in read_puzzles(arg, fmt, box, alphabet):
                grids.append(g)
        if not grids:
            raise SudokitError("no puzzle to print")
        for index, g in enumerate(grids, 1):
            try:
                g.validate()
            except SudokitError as e:
                raise SudokitError(f"puzzle {index}: {e}") from None
        labels = None
        if rate:
            from sudokit.engines.rating import rate as rate_puzzle

            labels = []
            for g in grids:
                r = rate_puzzle(g)
                labels.append(f"{r.level} {r.score:.1f}")
        missing = write_booklet(output, grids, per_page=per_page, solutions=solutions,
                                title=title, labels=labels, paper=paper, style=style)
        note = f", {missing} without an answer" if missing else ""
        message(f"wrote {output}: {len(grids)} puzzle{'s' if len(grids) != 1 else ''}{note}")
    raise typer.Exit(EXIT_OK)


RENDER_HELP = (
    "Draw a puzzle or position as a picture: SVG, PNG or PDF, as the extension of -o says.\n\n"
    "--candidates draws the pencil marks, --solution the answer in the empty cells, --step "
    "the next logical step (chains as arrows, strong solid and weak dashed; fish, ALS and "
    "pattern sets coloured) with its explanation. --variant, --regions and --cages draw a "
    "variant (killer cages as dashed outlines with their sums). PNG and PDF need "
    "pip install 'sudokit\\[render]'."
)
PRINT_HELP = (
    "Print puzzles as a PDF booklet: numbered, 1, 2, 4 or 6 a page (16x16 and bigger one a "
    "page), optionally labelled with level and score (--rate), then answer pages "
    "(--solutions). Fonts are embedded. Needs pip install 'sudokit\\[render]'."
)


def register(app: typer.Typer) -> None:
    app.command(help=RENDER_HELP, epilog=EXIT_CODES_HELP)(render)
    app.command("print", help=PRINT_HELP, epilog=EXIT_CODES_HELP)(print_)


__all__ = ["render", "print_", "register", "write_booklet", "output_format"]
