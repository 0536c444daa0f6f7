"""``sudokit generate``: puzzles with exactly one solution, of any size, optionally at a level or
score, needing a technique, symmetric, minimal; in any output format."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from sudokit.model import formats
from sudokit.model.errors import SudokitError
from sudokit.model.geometry import parse_box
from sudokit.model.grid import Grid
from sudokit.i18n import tr
from sudokit.adapters.cli.common import (
    EXIT_CODES_HELP, EXIT_OK, AlphabetOpt, BoxOpt, RegionsOpt, check_format, echo, handle_errors,
    message, regions_text,
)
from sudokit.adapters.cli.render import output_format, write_booklet


def _check_level(level: str | None) -> str | None:
    from sudokit.engines.generate import check_level

    try:
        return check_level(level)
    except SudokitError as e:
        raise typer.BadParameter(str(e)) from None


def _check_symmetry(symmetry: str) -> str:
    from sudokit.engines.generate import SYMMETRIES, SYMMETRY_ALIASES

    name = SYMMETRY_ALIASES.get(symmetry.strip().lower(), symmetry.strip().lower())
    if name not in SYMMETRIES:
        raise typer.BadParameter(tr("unknown symmetry {name}; choose one of {choices}",
                                    name=repr(symmetry), choices=", ".join(SYMMETRIES)))
    return name


def _check_score(text: str | None) -> str | None:
    from sudokit.engines.generate import parse_score_range

    if text is not None:
        try:
            parse_score_range(text)
        except SudokitError as e:
            raise typer.BadParameter(str(e)) from None
    return text


def _check_technique(name: str | None) -> str | None:
    from sudokit.engines.generate import find_technique

    if name is None:
        return None
    try:
        return find_technique(name)
    except SudokitError as e:
        raise typer.BadParameter(str(e)) from None


def _size_and_box(size: int | None, box: str | None) -> tuple[int, str | None]:
    """The side: ``--size``, else the one ``--box`` implies, else 9."""
    if size is not None:
        return size, box
    if box is not None:
        rows, cols = parse_box(box)
        return rows * cols, box
    return 9, None


class _Writer:
    """Writes each generated puzzle as it comes: a line (the solution and rating after it on
    the same line), a JSON object a line (``--json``), the json format (JSON lines: one object
    a line, the solution as its ``values``) or a grid format (blocks separated by blank
    lines)."""

    def __init__(self, to: str | None, alphabet: str | None, solution: bool, rate: bool,
                 as_json: bool) -> None:
        self.to = to or "line"
        self.chosen = to is not None
        self.alphabet = alphabet
        self.solution = solution
        self.rate = rate
        self.as_json = as_json
        self.count = 0

    def write(self, g) -> None:
        self.count += 1
        if self.as_json:
            doc = g.to_dict(self.alphabet)
            if not self.solution:
                doc.pop("solution")
            echo(json.dumps(doc))
            return
        note = g.rating.summary() if self.rate and g.rating is not None else ""
        if self.to == "line" and not self.chosen and (g.puzzle.geometry.regions is not None
                                                       or g.puzzle.geometry.cages):
            # a line cannot hold regions or cages: by default such puzzles are json lines
            source = g.solution if self.solution else g.puzzle
            grid = Grid(source.geometry, source.values, g.puzzle.givens, comment=note)
            echo(formats.dumps(grid, "json", self.alphabet))
            return
        if self.to == "line":
            parts = [self.solution and g.solution.to_line(self.alphabet) or "", note and f"SE {note}"]
            puzzle = Grid(g.puzzle.geometry, g.puzzle.values, comment=" ".join(p for p in parts if p))
            echo(formats.dumps(puzzle, "line", self.alphabet))
            return
        if self.to == "json":  # one object a puzzle; the solution as its "values"
            source = g.solution if self.solution else g.puzzle
            grid = Grid(source.geometry, source.values, g.puzzle.givens, comment=note)
            echo(formats.dumps(grid, "json", self.alphabet))  # JSON lines, as they come
            return
        blocks = []
        if note:
            blocks.append(f"# {note}")
        blocks.append(formats.dumps(g.puzzle, self.to, self.alphabet))
        if self.solution:
            blocks.append("")
            blocks.append(formats.dumps(g.solution, self.to, self.alphabet))
        echo(("\n" if self.count > 1 else "") + "\n".join(blocks))



def generate(
    size: Annotated[int | None, typer.Option(
        "--size", "-n", min=4, max=64, show_default=False,
        help="Side of the grid: 4, 6, 9, 12, 16, 25, ... (default 9, or what --box implies).")] = None,
    box: BoxOpt = None,
    level: Annotated[str | None, typer.Option(
        "--level", "-l", callback=_check_level, show_default=False,
        help="Difficulty: easy, medium, hard, expert or extreme (rated on the Sudoku Explainer "
             "scale, see `sudokit rate`), or any (one the size can have, at random per puzzle). "
             "A level the size cannot have (4x4: only easy) is refused at once.")] = None,
    score: Annotated[str | None, typer.Option(
        "--score", metavar="LOW-HIGH", callback=_check_score, show_default=False,
        help="Score range on the Sudoku Explainer scale, e.g. 4.0-6.0 (or 7- for 7 and up).")] = None,
    technique: Annotated[str | None, typer.Option(
        "--technique", "-T", metavar="ID", callback=_check_technique, show_default=False,
        help="A technique the solve must use, e.g. x-wing (ids: `sudokit steps --list`).")] = None,
    symmetry: Annotated[str, typer.Option(
        "--symmetry", "-y", callback=_check_symmetry,
        help="Pattern of the givens: none, 180, 90, mirror or diagonal (90 and diagonal need "
             "square boxes).")] = "none",
    minimal: Annotated[bool | None, typer.Option(
        "--minimal/--no-minimal", show_default=False,
        help="Make every given necessary (default: yes up to 16x16; above, givens whose "
             "removal takes a long proof are kept; with a level from 10x10 up, a minimal "
             "puzzle plus the givens the level needs).")] = None,
    count: Annotated[int, typer.Option("--count", "-c", min=1, help="How many puzzles.")] = 1,
    seed: Annotated[int | None, typer.Option(
        "--seed", "-s", show_default=False,
        help="Seed for reproducible output (the same seed and options give the same puzzles).")] = None,
    time_limit: Annotated[float | None, typer.Option(
        "--time-limit", min=0.0, show_default=False,
        help="Seconds for the whole run (default: none, or 60 per puzzle with a level, score "
             "or technique). Reaching it ends with exit code 5 and says what was found.")] = None,
    to: Annotated[str | None, typer.Option(
        "--to", "-t", metavar="FORMAT", callback=check_format, show_default=False,
        help="Output format (line, grid, classic, comma, sdk, json, ...; default line: one "
             "puzzle a line, json lines for jigsaw and killer puzzles).")] = None,
    alphabet: AlphabetOpt = None,
    variant: Annotated[str | None, typer.Option(
        "--variant", metavar="NAME[,NAME]", show_default=False,
        help="Variant puzzles: x, windoku, anti-knight, anti-king, jigsaw (random regions for "
             "each puzzle), killer (random cages); combine with commas.")] = None,
    regions: RegionsOpt = None,
    givens: Annotated[int | None, typer.Option(
        "--givens", min=0, show_default=False,
        help="Killer puzzles: how many givens beside the cages (default 0).")] = None,
    solution: Annotated[bool, typer.Option(
        "--solution", help="Print the solution too (on the same line in the line format).")] = False,
    rate: Annotated[bool, typer.Option(
        "--rate", help="Print the rating too (score, level, techniques).")] = False,
    as_json: Annotated[bool, typer.Option(
        "--json", help="One JSON object a line: puzzle, size, box, givens, seed (and solution, "
                       "rating when asked).")] = False,
    output: Annotated[str | None, typer.Option(
        "--output", "-o", metavar="FILE.pdf", show_default=False,
        help="Also write a PDF booklet of the puzzles, 4 a page, then the answers (level and "
             "score with --rate); needs pip install 'sudokit\\[render]'.")] = None,
) -> None:
    """Generate puzzles (see :data:`GENERATE_HELP`)."""
    from sudokit.engines.generate import generate_many, parse_score_range

    with handle_errors():
        n, box = _size_and_box(size, box)
        band = parse_score_range(score) if score is not None else None
        if to is not None:
            formats.dumps(Grid.empty(_geometry(n, box)), to, alphabet)  # fail early on a bad format
        writer = _Writer(to, alphabet, solution, rate, as_json)
        made = []
        if output is not None:
            output_format(output, ("pdf",))
        for g in generate_many(count, n, box=box, symmetry=symmetry, minimal=minimal,
                               level=level, score=band, technique=technique, seed=seed,
                               time_limit=time_limit, rate=rate, variant=variant,
                               regions=regions_text(regions), givens=givens):
            writer.write(g)
            made.append(g)
        if output is not None:
            write_booklet(output, [g.puzzle for g in made], solutions=True,
                          answers=[g.solution for g in made],
                          labels=[f"{g.rating.level_name} {g.rating.score:.1f}" if rate and g.rating else ""
                                  for g in made])
            message(tr("wrote {output}", output=output))
        if count > 1:
            message(tr("{n} puzzles generated", n=writer.count))
    raise typer.Exit(EXIT_OK)


def _geometry(n: int, box: str | None):
    from sudokit.engines.generate import geometry_for

    return geometry_for(n, box)


GENERATE_HELP = (
    "Generate puzzles with exactly one solution (every one is checked by the search core).\n\n"
    "Any size and box shape (--size 16, --box 2x3), a level or score range on the Sudoku "
    "Explainer scale, a technique the solve must need, a symmetry of the givens, minimal "
    "puzzles (no given can go), a seed for reproducible output. Puzzles go to stdout as they "
    "are found; with --time-limit the run ends there, with the puzzles found so far."
)


def register(app: typer.Typer) -> None:
    app.command(help=GENERATE_HELP, epilog=EXIT_CODES_HELP)(generate)


__all__ = ["generate", "register"]
