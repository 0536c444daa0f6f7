"""Why a line of a batch could not be read: the search core reports a code and its numbers
(``_core.solve_many``'s ``errors``), worded here in the language in use."""

from __future__ import annotations

from sudokit.i18n import tr

CHARACTER, COUNT, MORE = 1, 2, 3  # the core's BadKind


def line_reason(kind: int, numbers: tuple[int, int, int, int], size: int) -> str:
    """The reason for an unreadable line of a ``size`` x ``size`` batch: ``numbers`` are the
    column, the byte found there, the cells read before it and the cells a grid needs."""
    column, byte, found, cells = numbers
    if kind == CHARACTER:
        what = (tr("character {char}", char=f"'{chr(byte)}'") if 32 <= byte < 127
                else tr("byte 0x{hex}", hex=f"{byte:02x}"))
        return tr("column {n}: unexpected {what} after {k} of {cells} cells", n=column, what=what,
                  k=found, cells=cells)
    if kind == COUNT:
        return tr("found {n} cells, a {grid} grid needs {cells}", n=found, grid=f"{size}x{size}",
                  cells=cells)
    if kind == MORE:
        return tr("more than {n} cells on the line", n=cells)
    raise ValueError(f"unknown line error code {kind}")


def worded(errors: list, size: int) -> list[tuple[int, int, str]]:
    """``_core.solve_many``'s errors as (index, line number, reason)."""
    return [(index, line, line_reason(kind, numbers, size)) for index, line, kind, numbers in errors]
