"""``sudokit read IMAGE``: read a puzzle from a photo, a scan or a screenshot (the ``photo``
extra), print it, and say what was changed or is doubtful."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from sudokit.model import formats
from sudokit.adapters.cli.common import (
    EXIT_CODES_HELP, EXIT_INVALID, EXIT_LIMIT, EXIT_MULTIPLE, EXIT_NO_SOLUTION, check_format, echo,
    fail, handle_errors, message, warn,
)

READ_HELP = (
    "Read a Sudoku from a picture (JPEG, PNG, WebP, BMP, TIFF) and print it.\n\n"
    "Finds the grid (any turn, perspective), reads each cell, and when the reading clashes or "
    "has no single solution changes the least sure cells to the nearest reading that has one; "
    "it says which cells it changed and which to check. Needs the photo extra: "
    'pip install "sudokit\\[photo]". Exit 3 when the file is not a picture or has no grid, '
    "1 (no solution) or 4 (several) when the reading is not a proper puzzle (the doubtful "
    "cells are named)."
)


def read(
    image: Annotated[str, typer.Argument(metavar="IMAGE", help="A picture of a printed puzzle.",
                                         show_default=False)],
    to: Annotated[str | None, typer.Option(
        "--to", "-t", metavar="FORMAT", callback=check_format, show_default=False,
        help="Write the puzzle in this format (default: line).")] = None,
    size: Annotated[int | None, typer.Option(
        "--size", "-n", min=4, max=25, show_default=False,
        help="The grid's side (4, 6, 9, 16...; default: from the grid's lines).")] = None,
    box: Annotated[str | None, typer.Option(
        "--box", "-b", metavar="RxC", show_default=False,
        help="Box shape, box rows x box columns (e.g. 2x3).")] = None,
    no_repair: Annotated[bool, typer.Option(
        "--no-repair", help="Print the cells as read, without looking for a reading with "
                            "one solution.")] = False,
    as_json: Annotated[bool, typer.Option(
        "--json", help="Print JSON: size, box, puzzle, grid, confidence per cell, corners, "
                       "rotation, repaired, doubtful, status, solutions, seconds.")] = False,
) -> None:
    """Read a puzzle from a picture (see :data:`READ_HELP`)."""
    from sudokit.engines.vision import read_image

    with handle_errors():
        reading = read_image(image, size, box, repair=not no_repair)
        if as_json:
            echo(json.dumps(reading.to_dict()))
        else:
            echo(formats.dumps(reading.grid, to or "line").rstrip("\n"))
            note = reading.summary()
            (message if reading.ok or no_repair else warn)(note)
    if not no_repair and not reading.ok:
        code = {0: EXIT_NO_SOLUTION, 2: EXIT_MULTIPLE}.get(reading.solutions, EXIT_LIMIT)
        if not as_json:
            fail("the picture was read, but not as a puzzle with exactly one solution: "
                 "check the cells named above", code)
        raise typer.Exit(code)


def register(app: typer.Typer) -> None:
    app.command(help=READ_HELP, epilog=EXIT_CODES_HELP)(read)


__all__ = ["read", "register", "EXIT_INVALID"]
