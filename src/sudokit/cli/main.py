"""The ``sudokit`` command: a Typer app with one module per command family."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from .. import __version__
from . import batch, generate, logic, rate, serve, solve
from .common import EXIT_CODES_HELP

app = typer.Typer(
    name="sudokit",
    help=f"Solve, explain, rate and generate Sudoku puzzles of every size.\n\n{EXIT_CODES_HELP}",
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

# Each command family registers itself here.
for _module in (solve, logic, serve, batch, rate, generate):
    _module.register(app)


def _show_version(value: bool) -> None:
    if value:
        print(f"sudokit {__version__}")
        raise typer.Exit()


@app.callback()
def main(
    version: Annotated[bool, typer.Option(
        "--version", "-V", callback=_show_version, is_eager=True,
        help="Show the version and exit.")] = False,
) -> None:
    """Solve, explain, rate and generate Sudoku puzzles of every size."""


def run() -> None:
    """Entry point of the ``sudokit`` console script and ``python -m sudokit``."""
    try:
        app(prog_name="sudokit")
    except KeyboardInterrupt:
        sys.stderr.write("\ninterrupted\n")
        sys.exit(130)
    except BrokenPipeError:  # e.g. `sudokit solve big.txt --to line | head`
        sys.stderr.close()
        sys.exit(0)
