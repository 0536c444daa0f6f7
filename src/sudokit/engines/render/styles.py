"""The two documented styles: ``screen`` (colour, for the page, notebooks and slides) and
``print`` (black on white: greys, rings, crosses and dashes instead of colour)."""

from __future__ import annotations

from dataclasses import dataclass

from sudokit.model.errors import SudokitError
from sudokit.i18n import tr


@dataclass(frozen=True)
class Style:
    name: str
    background: str
    thin: str            # cell lines
    thick: str           # box lines and the border
    given: str           # the puzzle's clues (bold)
    entry: str           # digits a solver placed
    solution: str        # the solution's digits in empty cells
    candidate: str       # pencil marks
    label: str           # coordinates, captions, numbers
    cell_highlight: str  # highlighted cells
    step_cell: str       # the cells a step looks at
    cand_highlight: str  # a highlighted candidate (disc)
    place_fill: str      # a placement (disc) and its ring
    place_ring: str
    elim_fill: str       # an elimination (disc), its cross and digit
    elim_mark: str
    link: str            # chain arrows
    branches: tuple[str, ...]   # one colour per branch of a forcing chain or net
    roles: dict              # set role -> (outline colour, fill or None)
    als: tuple[str, ...]     # one outline colour per ALS
    window: str = "#e6ecf5"  # windoku windows (shaded)
    diagonal: str = "#9aa8bd"  # the diagonals of an X puzzle
    cage: str = "#2a3140"      # killer cages: dashed outlines and sums


SCREEN = Style(
    name="screen", background="#ffffff", thin="#a0a6b0", thick="#1f2430",
    given="#111111", entry="#1d4ed8", solution="#6b7280", candidate="#4b5563", label="#374151",
    cell_highlight="#fff3b0", step_cell="#e3edfb", cand_highlight="#bcd7f5",
    place_fill="#bfe8c4", place_ring="#1b7a2e", elim_fill="#f8c9cd", elim_mark="#c62828",
    link="#c62828",
    branches=("#c62828", "#1565c0", "#2e7d32", "#8e24aa", "#ef6c00", "#00838f", "#6d4c41"),
    roles={"base": ("#1e66d0", "#dce8fb"), "cover": ("#2e8b3a", "#ddf2df"),
           "fin": ("#e07800", "#ffe4c2"), "als": ("#8e24aa", None),
           "pattern": ("#b08900", "#fff1a8"), "target": ("#c62828", "#fde2e4"),
           "region": ("#1e66d0", "#e8f0fc"), "cage": ("#d35400", None)},
    als=("#8e24aa", "#00897b", "#e65100", "#3949ab", "#ad1457", "#558b2f"),
)

PRINT = Style(
    name="print", background="#ffffff", thin="#000000", thick="#000000",
    given="#000000", entry="#333333", solution="#555555", candidate="#333333", label="#000000",
    cell_highlight="#e4e4e4", step_cell="#efefef", cand_highlight="#d0d0d0",
    place_fill="#ffffff", place_ring="#000000", elim_fill="#d6d6d6", elim_mark="#000000",
    link="#000000",
    branches=("#000000", "#444444", "#777777", "#222222", "#555555", "#999999", "#333333"),
    roles={"base": ("#000000", "#e6e6e6"), "cover": ("#555555", "#f2f2f2"),
           "fin": ("#000000", "#cfcfcf"), "als": ("#000000", None),
           "pattern": ("#333333", "#ececec"), "target": ("#000000", "#f4f4f4"),
           "region": ("#000000", "#f0f0f0"), "cage": ("#000000", None)},
    als=("#000000", "#555555", "#333333", "#777777", "#111111", "#666666"),
    window="#e2e2e2", diagonal="#8a8a8a", cage="#000000",
)

STYLES = {"screen": SCREEN, "print": PRINT}


def get_style(style: str | Style | None) -> Style:
    if isinstance(style, Style):
        return style
    try:
        return STYLES[style or "screen"]
    except KeyError:
        raise SudokitError(tr("unknown style {name}; choose one of {choices}", name=repr(style),
                              choices=", ".join(STYLES))) from None
