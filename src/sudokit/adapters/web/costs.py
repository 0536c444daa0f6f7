"""Which requests are quick and which are slow, decided before they run.

Measured on one core (a worker process, the solver imported): a 9x9 count, solve, check, step,
hint or round takes 1-2 ms, and the slowest step of the forum's hardest 9x9 puzzles about
0.2 s; a count or solve of an empty 25x25 20 ms, a round 30 ms; but a step on an empty 16x16
takes 2-3 s and on a 25x25 more than 20 s, rating one of the hardest 9x9 puzzles 1-3 s, and a
parse grows with the text (64 KB: 0.2 s, 800 KB: 1.2 s). So the task and the grid's side
decide; rating and generating are always slow. A quick guess that turns out wrong is caught
while it runs (see :data:`sudokit.adapters.web.pool.QUICK_SLICE`).
"""

from __future__ import annotations

import math

from sudokit.model.geometry import parse_box

#: Largest grid side for which each task counts as quick (0: never quick).
QUICK_UP_TO = {
    "count": 16, "solve": 16, "check": 16,  # the compiled search
    "round": 16,  # singles only
    "step": 9, "steps": 9, "hint": 9,  # the whole catalogue of techniques
    "export": 64, "board": 64, "rate": 0, "generate": 0,
}
#: A parse is quick up to this many characters of text.
QUICK_PARSE_TEXT = 64 * 1024
#: Puzzle text longer than this is taken for a big grid without counting its symbols.
LONG_TEXT = 8 * 1024


def grid_side(puzzle, box: str | None = None) -> int:
    """The side of the grid a request's puzzle has, or the best guess from its text: the box
    shape when given, else the square root of the count of symbols and dots (``|``, ``-``,
    ``+`` and spaces of a drawn grid do not count)."""
    if isinstance(puzzle, dict):
        rows, cols = puzzle.get("box") or (0, 0)
        return rows * cols
    if box:
        try:
            rows, cols = parse_box(box)
            return rows * cols
        except ValueError:
            return 0  # refused at once by the task
    if len(puzzle) > LONG_TEXT:
        return 64  # no need to count (nor to spend the event loop's time on it)
    symbols = sum(1 for ch in puzzle if ch.isalnum() or ch == ".")
    return math.isqrt(symbols)


def is_slow(task: str, request: dict) -> bool:
    """True if ``task`` on ``request`` (the request body as a dict) may take long."""
    if task == "parse":
        return len(request.get("text") or "") > QUICK_PARSE_TEXT
    limit = QUICK_UP_TO.get(task, 0)
    if not limit:
        return True
    return grid_side(request.get("puzzle") or "", request.get("box")) > limit
