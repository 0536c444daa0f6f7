"""The exceptions sudokit raises; every message names what is wrong and where."""

from __future__ import annotations

from sudokit.i18n import tr


class SudokitError(ValueError):
    """Base class of every error sudokit raises for bad input or an impossible request."""


class GeometryError(SudokitError):
    """A size or box shape that does not make a grid."""


class ParseError(SudokitError):
    """Text that is not a puzzle in the expected format.

    ``line`` and ``column`` are 1-based positions in the input when known; ``char`` is the
    offending character, if one is to blame.
    """

    def __init__(self, message: str, *, line: int | None = None, column: int | None = None,
                 char: str | None = None, source: str | None = None) -> None:
        self.reason = message
        self.line = line
        self.column = column
        self.char = char
        self.source = source
        super().__init__(self._render())

    def _render(self) -> str:
        where = []
        if self.source:
            where.append(self.source)
        if self.line is not None:
            where.append(tr("line {n}", n=self.line))
        if self.column is not None:
            where.append(tr("column {n}", n=self.column))
        prefix = ", ".join(where)
        return f"{prefix}: {self.reason}" if prefix else self.reason

    def located(self, *, line: int | None = None, source: str | None = None) -> ParseError:
        """The same error with a line number (and source name) filled in when missing."""
        return ParseError(self.reason, line=self.line if self.line is not None else line,
                          column=self.column, char=self.char,
                          source=self.source if self.source is not None else source)


class InvalidPuzzleError(SudokitError):
    """Givens that break the rules: two equal digits in one house."""


class SearchLimitError(SudokitError):
    """A search stopped at its node or time limit before it could answer."""


class CancelledError(SudokitError):
    """The work was cancelled (a cancel token was set) before it finished."""
