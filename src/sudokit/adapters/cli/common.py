"""What every command shares: exit codes, reading the PUZZLE argument, turning errors into
one red line on stderr, and the options that name an input format, box shape and alphabet."""

from __future__ import annotations

import os
import re
import sys
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from sudokit.model import formats
from sudokit.model.errors import CancelledError, ParseError, SearchLimitError, SudokitError
from sudokit.model.grid import Grid
from sudokit.services.puzzles import AddedRules
from sudokit.i18n import gettext, tr
from sudokit.model.numbers import read_count
from sudokit.model.symbols import ALPHABETS
from sudokit.adapters.cli.interrupted import EXIT_INTERRUPTED  # Ctrl-C, 130

# --- exit codes -------------------------------------------------------------------------------
EXIT_OK = 0             # solved, one solution
EXIT_NO_SOLUTION = 1    # the puzzle has no solution
EXIT_USAGE = 2          # bad command line (Typer's own code)
EXIT_INVALID = 3        # invalid input: unreadable text, clashing givens, a bad box shape
EXIT_MULTIPLE = 4       # several solutions
EXIT_LIMIT = 5          # a node or time limit stopped the search before it knew
EXIT_STUCK = 6          # hint / explain: no chosen technique applies
EXIT_INTERNAL = 70      # an internal error: a bug in sudokit (EX_SOFTWARE)

#: Set this environment variable (to anything but empty or 0) to see an internal error's traceback.
DEBUG_ENV = "SUDOKIT_DEBUG"

EXIT_CODES_HELP = (
    "Exit codes: 0 solved (one solution), 1 no solution, 2 usage error, "
    "3 invalid input (parse error, clashing givens, bad box shape), 4 several solutions, "
    "5 search or time limit reached, 6 stuck (hint/explain: no chosen technique applies), "
    f"70 internal error (a bug: please report it; {DEBUG_ENV}=1 shows the traceback), "
    "130 interrupted (Ctrl-C). With several puzzles, the highest code of any puzzle."
)

#: Everything for a person goes here: messages, statistics, progress. Results go to stdout.
err = Console(stderr=True, highlight=False, soft_wrap=True)
out = Console(highlight=False, soft_wrap=True)


def echo(text: str = "") -> None:
    """Write result text to stdout as is (no wrapping, no markup)."""
    sys.stdout.write(text + "\n")


def message(text: str, style: str | None = None) -> None:
    """One line for the user on stderr (never read as markup), in the language in use: a
    message id (marked ``N_``) is translated here, other text is shown as it is."""
    err.print(Text(gettext(text), style=style or ""))


def warn(text: str) -> None:
    message(text, "yellow")


def fail(text: str, code: int = EXIT_INVALID) -> NoReturn:
    """Print ``error: text`` in red on stderr and exit with ``code``."""
    message(tr("error: {text}", text=gettext(text)), "bold red")
    raise typer.Exit(code)


def error_code(error: SudokitError) -> int:
    """The exit code of a :class:`SudokitError`: a limit or a cancel, else invalid input."""
    return EXIT_LIMIT if isinstance(error, (SearchLimitError, CancelledError)) else EXIT_INVALID


@contextmanager
def handle_errors() -> Iterator[None]:
    """Turn a :class:`SudokitError` into one red message and its exit code, never a traceback."""
    try:
        yield
    except SudokitError as e:
        fail(str(e), error_code(e))


def _debugging() -> bool:
    return os.environ.get(DEBUG_ENV, "").strip() not in ("", "0")


def internal_error(error: BaseException) -> NoReturn:
    """An exception sudokit did not expect (a bug): one line asking for a report, exit code
    :data:`EXIT_INTERNAL`; the traceback only with :data:`DEBUG_ENV` set."""
    if _debugging():
        sys.stderr.write("".join(traceback.format_exception(error)))
    lines = str(error).strip().splitlines()
    what = type(error).__name__ + (f": {lines[0]}" if lines else "")
    tail = "" if _debugging() else f" ({DEBUG_ENV}=1 shows the traceback)"
    message(f"internal error: {what} — please report it{tail}", "bold red")
    raise typer.Exit(EXIT_INTERNAL)


#: True once :func:`interrupted` said so (the entry point says it otherwise).
said_interrupted = False


def interrupted(text: str = "interrupted") -> NoReturn:
    """Ctrl-C: say so (``text``) and exit with :data:`EXIT_INTERRUPTED`."""
    global said_interrupted
    message(text, "yellow")
    said_interrupted = True
    raise typer.Exit(EXIT_INTERRUPTED)


# --- reading the PUZZLE argument -----------------------------------------------------------------
PUZZLE_HELP = "A puzzle written out (e.g. 81 symbols), a file holding one or more puzzles, or - for stdin."

PuzzleArg = Annotated[str, typer.Argument(metavar="PUZZLE|FILE|-", help=PUZZLE_HELP, show_default=False)]
BoxOpt = Annotated[str | None, typer.Option(
    "--box", "-b", metavar="RxC", show_default=False,
    help="Box shape, box rows x box columns (e.g. 2x3 for 6x6); default: from the text or the size.")]
AlphabetOpt = Annotated[str | None, typer.Option(
    "--alphabet", "-a", metavar="NAME", show_default=False,
    help=f"Symbols for the digits: {', '.join(ALPHABETS)} (default: 1-9 then A-Z).")]


VariantOpt = Annotated[str | None, typer.Option(
    "--variant", metavar="NAME[,NAME]", show_default=False,
    help="Variant rules: x (diagonals), windoku (hyper), anti-knight, anti-king; combine with commas.")]
RegionsOpt = Annotated[str | None, typer.Option(
    "--regions", metavar="TEXT|FILE", show_default=False,
    help="Jigsaw regions: N*N symbols row by row (equal symbols form a region), or a file of them.")]


CagesOpt = Annotated[str | None, typer.Option(
    "--cages", metavar="TEXT|FILE", show_default=False,
    help="Killer cages: one a line, SUM r1c1 r1c2 ... (ranges r1c1-r1c3 too), or a file of them.")]


def parse_count(text: str) -> int:
    """Typer parser of a count option (``--limit``, ``--node-limit``): a whole number of at
    least 1, written as :func:`sudokit.model.numbers.read_count` reads it (``1000000``, ``1e6``,
    ``10^6``, ``1_000_000``)."""
    try:
        value = read_count(text, tr("the number"))
    except ParseError as e:
        raise typer.BadParameter(e.reason) from None
    if value < 1:
        raise typer.BadParameter(tr("it must be at least 1, not {value}", value=value))
    return value


def regions_text(regions: str | None) -> str | None:
    """The text of --regions (or --cages): the option's own, or the file it names."""
    if regions is not None and _looks_like_path(regions) and Path(regions).is_file():
        return Path(regions).read_text(encoding="utf-8", errors="replace")
    return regions


def apply_variant(grids: list[Grid], variant: str | None, regions: str | None,
                  cages: str | None = None) -> list[Grid]:
    """The grids under the variant, jigsaw regions and killer cages of the options (none: as
    read)."""
    return AddedRules(variant, regions_text(regions), regions_text(cages)).apply(grids)


def check_format(name: str | None) -> str | None:
    """Typer callback: a format name (or alias such as ``csv``) of :mod:`sudokit.model.formats`,
    returned as the format's own name."""
    if name is None:
        return None
    try:
        return formats.get_format(name).NAME
    except SudokitError as e:
        raise typer.BadParameter(str(e)) from None


FormatOpt = Annotated[str | None, typer.Option(
    "--format", "-f", metavar="FORMAT", show_default=False, callback=check_format,
    help="Input format (default: from the file extension or the text).")]


def _looks_like_path(arg: str) -> bool:
    if "\n" in arg or len(arg) > 1024 or formats.is_link(arg):
        return False
    if "/" in arg or "\\" in arg:
        return True
    suffix = Path(arg).suffix.lower()
    known = {ext for m in formats.formats().values() for ext in getattr(m, "EXTENSIONS", ())}
    return suffix in known | {".txt"} or bool(re.fullmatch(r"[\w-]+\.[A-Za-z]{2,5}", arg))


def read_stdin() -> str:
    """All of stdin as text, refusing binary data and oversized input like a file."""
    limit = formats.MAX_FILE_BYTES
    data = sys.stdin.buffer.read(limit + 1)
    if len(data) > limit:
        raise SudokitError(f"<stdin>: input is larger than {limit // 2**20} MB")
    if b"\0" in data[:8192]:
        raise SudokitError("<stdin>: this is binary data, not a puzzle text")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        raise SudokitError(f"<stdin>: not UTF-8 text (byte {e.start + 1})") from None


def _file_kind(path: Path) -> str | None:
    """``"file"``, ``"dir"``, or None when nothing is there (or the text cannot be a path, as a
    25x25 puzzle written out is too long for a file name)."""
    try:
        if path.is_dir():
            return "dir"
        return "file" if path.exists() else None
    except (OSError, ValueError):
        return None


def input_text(arg: str) -> tuple[str, str | None, str | None]:
    """(text, format named by the file's extension, source name) of a PUZZLE argument: ``-``
    reads stdin, an existing file is read, anything else is the puzzle text itself."""
    if arg == "-":
        return read_stdin(), None, "<stdin>"
    path = Path(arg)
    kind = _file_kind(path)
    if kind == "dir":
        raise SudokitError(f"{arg}: is a directory, not a puzzle file")
    if kind == "file" and path.suffix.lower() in IMAGE_EXTENSIONS:
        return image_text(path), "line", str(path)
    if kind == "file":
        return formats.read_text(path), formats.format_for_path(path), str(path)
    return arg, None, None


#: A PUZZLE file with one of these extensions is a picture, read by :mod:`sudokit.engines.vision`.
IMAGE_EXTENSIONS = (".jpg", ".jpeg", ".png", ".webp", ".bmp", ".tif", ".tiff")


def image_text(path: Path) -> str:
    """The puzzle in a picture (the ``photo`` extra) as one line; what the reader repaired,
    or doubts, goes to stderr."""
    from sudokit.engines.vision import read_image

    reading = read_image(path)
    (message if reading.ok else warn)(f"{path}: {reading.summary()}")
    return reading.grid.to_line()


def missing_file(arg: str, source: str | None) -> SudokitError | None:
    """The "no such file" error for an argument that was neither a file nor a puzzle."""
    if source is None and _looks_like_path(arg):
        return SudokitError(f"{arg}: no such file (and not a puzzle either)")
    return None


def read_puzzles(arg: str, fmt: str | None = None, box: str | None = None,
                 alphabet: str | None = None, one: bool = False) -> list[Grid]:
    """The puzzles of a PUZZLE argument (see :func:`input_text`); with ``one``, refused unless
    it holds exactly one."""
    text, by_ext, source = input_text(arg)
    try:
        grids = formats.parse(text, fmt or by_ext, box, alphabet, source=source)
    except SudokitError:
        error = missing_file(arg, source)
        if error is not None:
            raise error from None
        raise
    if one and len(grids) != 1:
        raise ParseError(tr("{source} holds {n} puzzles; give one", n=len(grids),
                            source=source or tr("the input")))
    return grids
