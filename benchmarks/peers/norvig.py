"""Norvig's Sudoku algorithm, written for the benchmark from his essay "Solving Every Sudoku
Puzzle" (2006): constraint propagation plus depth-first search, 9x9 only.

State: for each of the 81 squares, a string of the digits it may still hold. Assigning a digit
eliminates every other digit of the square; eliminating a digit propagates two rules:
(1) a square left with one digit removes that digit from its peers; (2) a unit (row, column
or box) left with one place for a digit puts it there. Search: the unfilled square with the
fewest digits, each digit tried in turn on a copy of the state. ``guesses`` counts the digits
tried by the search, as in the essay's statistics.
"""

from __future__ import annotations

DIGITS = "123456789"
_ROWS = [[r * 9 + c for c in range(9)] for r in range(9)]
_COLS = [[r * 9 + c for r in range(9)] for c in range(9)]
_BOXES = [[(br + i) * 9 + bc + j for i in range(3) for j in range(3)] for br in (0, 3, 6) for bc in (0, 3, 6)]
UNITS_OF = [[u for u in _ROWS + _COLS + _BOXES if sq in u] for sq in range(81)]
PEERS_OF = [sorted({p for u in UNITS_OF[sq] for p in u} - {sq}) for sq in range(81)]


class Norvig:
    def __init__(self) -> None:
        self.guesses = 0

    def assign(self, values: list[str], sq: int, d: str) -> list[str] | None:
        for other in values[sq].replace(d, ""):
            if self.eliminate(values, sq, other) is None:
                return None
        return values

    def eliminate(self, values: list[str], sq: int, d: str) -> list[str] | None:
        if d not in values[sq]:
            return values
        left = values[sq] = values[sq].replace(d, "")
        if not left:
            return None
        if len(left) == 1:  # rule 1
            last = left
            for p in PEERS_OF[sq]:
                if self.eliminate(values, p, last) is None:
                    return None
        for unit in UNITS_OF[sq]:  # rule 2
            places = [s for s in unit if d in values[s]]
            if not places:
                return None
            if len(places) == 1 and self.assign(values, places[0], d) is None:
                return None
        return values

    def parse(self, puzzle: str) -> list[str] | None:
        values = [DIGITS] * 81
        for sq, ch in enumerate(puzzle):
            if ch in DIGITS and self.assign(values, sq, ch) is None:
                return None
        return values

    def search(self, values: list[str] | None) -> list[str] | None:
        if values is None:
            return None
        if all(len(v) == 1 for v in values):
            return values
        _, sq = min((len(v), s) for s, v in enumerate(values) if len(v) > 1)
        for d in values[sq]:
            self.guesses += 1
            found = self.search(self.assign(values[:], sq, d))
            if found:
                return found
        return None


def solve(puzzle: str) -> tuple[str | None, int]:
    """(solution as 81 digits or None, guesses) for an 81-character puzzle ('.' or '0' blank)."""
    solver = Norvig()
    found = solver.search(solver.parse(puzzle))
    return ("".join(found) if found else None), solver.guesses
