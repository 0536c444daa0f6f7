"""The ``sudokit`` command: a Typer app with one module per command family."""

from __future__ import annotations

import errno
import sys
from typing import Annotated

import typer
from typer.core import TyperGroup

from sudokit import __version__
from sudokit.model.errors import SudokitError
from sudokit.i18n import from_environment, set_language
from sudokit.adapters.cli import batch, common, generate, logic, rate, read, render, serve, solve
from sudokit.adapters.cli.common import EXIT_CODES_HELP, EXIT_INTERRUPTED, error_code, fail, internal_error, interrupted
from sudokit.adapters.cli.interrupted import say_interrupted


def take_language(args: list[str]) -> list[str]:
    """Set the language of the output from ``--lang CODE`` (anywhere before ``--``), else
    ``SUDOKIT_LANG``, else the locale; the arguments without ``--lang``."""
    rest, chosen, i = [], None, 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest += args[i:]
            break
        if arg == "--lang" or arg.startswith("--lang="):
            if arg == "--lang":
                if i + 1 >= len(args):
                    raise typer.BadParameter("--lang needs a language code", param_hint="--lang")
                chosen, i = args[i + 1], i + 2
            else:
                chosen, i = arg.split("=", 1)[1], i + 1
            continue
        rest.append(arg)
        i += 1
    try:
        set_language(chosen if chosen is not None else from_environment())
    except ValueError as e:
        raise typer.BadParameter(str(e), param_hint="--lang" if chosen is not None
                                 else "SUDOKIT_LANG") from None
    return rest


class Commands(TyperGroup):
    """The command group: whatever a command lets through becomes one line and an exit code
    (Ctrl-C 130, a sudokit error its own code, anything else an internal error, 70). ``--lang``
    is read here, wherever it stands (see :func:`take_language`)."""

    def parse_args(self, ctx, args):
        return super().parse_args(ctx, take_language(list(args)))

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except (typer.Exit, typer.Abort, typer.TyperException):
            raise
        except KeyboardInterrupt:
            interrupted()
        except SudokitError as e:
            fail(str(e), error_code(e))
        except OSError as e:
            if e.errno == errno.EPIPE:
                raise  # the reader of our output went away (`| head`): not an error of ours
            internal_error(e)
        except Exception as e:
            internal_error(e)


app = typer.Typer(
    name="sudokit",
    cls=Commands,
    help=f"Solve, explain, rate and generate Sudoku puzzles of every size.\n\n{EXIT_CODES_HELP}",
    no_args_is_help=True,
    add_completion=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

# Each command family registers itself here.
for _module in (solve, logic, serve, batch, rate, generate, read, render):
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
    lang: Annotated[str | None, typer.Option(
        "--lang", metavar="CODE", show_default=False,
        help="Language of the output: en or sv (may stand anywhere on the line; default: "
             "SUDOKIT_LANG, else the locale, LC_ALL / LC_MESSAGES / LANG).")] = None,
) -> None:
    """Solve, explain, rate and generate Sudoku puzzles of every size."""


def run() -> None:
    """Run the command named on the command line (:func:`sudokit.adapters.cli.start.run` calls this)."""
    try:
        app(prog_name="sudokit")
    except KeyboardInterrupt:  # outside a command (while starting up)
        say_interrupted()
        sys.exit(EXIT_INTERRUPTED)
    except SystemExit as e:
        # Typer turns a Ctrl-C while it parses the arguments into exit 130 without a word
        if e.code == EXIT_INTERRUPTED and not common.said_interrupted:
            say_interrupted()
        raise
    except BrokenPipeError:  # e.g. `sudokit solve big.txt --to line | head`
        sys.stderr.close()
        sys.exit(0)
