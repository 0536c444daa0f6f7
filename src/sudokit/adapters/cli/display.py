"""Showing a grid to a person: the classic layout or a bordered grid, givens in red.

The text itself comes from the format writers (``classic``: ``312 695 874`` with a blank line
between bands; ``grid``: ``|`` between boxes and ``+---+`` rules between bands), so sizes above
9 use the alphabet's letters. Display adds the colour (on a terminal the givens are red and the
solved digits plain, as in the C# article's dialog) and, for a partly filled grid, the
``Stat: 26 (32.1%) done`` line of the PHP article.
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from sudokit.model import formats
from sudokit.model.grid import Grid

#: Display layouts: the format whose writer draws each.
LAYOUTS = {"classic": "classic", "grid": "grid"}

GIVEN_STYLE = "bold red"


def stat_line(grid: Grid) -> str | None:
    """``Stat: 26 (32.1%) done`` for a partly filled grid; None when it is complete."""
    filled, total = grid.filled, grid.geometry.ncells
    if filled == total:
        return None
    return f"Stat: {filled} ({100.0 * filled / total:.1f}%) done"


def _layout_text(grid: Grid, layout: str, alphabet: str | None) -> str:
    if layout not in LAYOUTS:
        raise ValueError(f"unknown layout {layout!r}; choose one of {', '.join(LAYOUTS)}")
    bare = Grid(grid.geometry, grid.values, grid.givens)  # no comment lines in a display
    return formats.dumps(bare, LAYOUTS[layout], alphabet)


def _is_rule(line: str) -> bool:
    """A border line such as ``+-------+-------+``."""
    return set(line) <= set("+-=*| ") and bool(set(line) & set("+-="))


def _cell_spans(text: str, n: int) -> list[tuple[int, int]] | None:
    """Where each cell's symbol sits in the drawn text, row-major: ``(start, end)`` offsets.

    A row line holds either N words (one a cell) or N non-space characters (the classic
    layout groups a box's cells into one word). None if the text does not show N rows of N.
    """
    spans: list[tuple[int, int]] = []
    offset = 0
    for line in text.split("\n"):
        s = line.strip()
        if s and not s.startswith("#") and not _is_rule(s):
            words, chars = [], []
            start = None
            for i, ch in enumerate(line + " "):
                inside = not ch.isspace() and ch != "|"
                if inside:
                    chars.append((offset + i, offset + i + 1))
                    if start is None:
                        start = i
                elif start is not None:
                    words.append((offset + start, offset + i))
                    start = None
            if len(words) == n:
                spans.extend(words)
            elif len(chars) == n:
                spans.extend(chars)
            else:
                return None
        offset += len(line) + 1
    return spans if len(spans) == n * n else None


def render(grid: Grid, layout: str = "classic", alphabet: str | None = None,
           stat: bool = True) -> Text:
    """The grid drawn in ``layout`` with the givens styled red, and the Stat line if partial."""
    plain = _layout_text(grid, layout, alphabet)
    text = Text(plain)
    spans = _cell_spans(plain, grid.size)
    if spans is not None:
        for (start, end), given, value in zip(spans, grid.givens, grid.values):
            if given and value:
                text.stylize(GIVEN_STYLE, start, end)
    line = stat_line(grid) if stat else None
    if line:
        text.append("\n\n" if layout == "classic" else "\n")
        text.append(line)
    return text


def to_text(grid: Grid, layout: str = "classic", alphabet: str | None = None,
            stat: bool = True) -> str:
    """The same as :func:`render`, without colour."""
    return render(grid, layout, alphabet, stat).plain


def show(grid: Grid, layout: str = "classic", alphabet: str | None = None, stat: bool = True,
         console: Console | None = None) -> None:
    """Print the grid: coloured on a terminal, plain text otherwise."""
    console = console or Console()
    console.print(render(grid, layout, alphabet, stat), soft_wrap=True, highlight=False)
