"""An independent oracle: a puzzle's rules written from their definitions as a CP-SAT model
(Google OR-Tools, the ``test`` extra), solved by a solver no one here wrote.

It reads only the puzzle's data (size, box shape, jigsaw regions, the names of its rules, its
killer cages, givens and given candidates), never sudokit's houses, peers or search, so a
mistake in those shows up as a disagreement."""

from __future__ import annotations

from ortools.sat.python import cp_model

KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
KING = [(dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1) if (dr, dc) != (0, 0)]


def groups(grid) -> list[list[int]]:
    """Every group of cells that holds each digit once, by definition: rows, columns, boxes or
    jigsaw regions, both diagonals (``x``), the windows (``windoku``)."""
    g = grid.geometry
    n, br, bc = g.size, g.box_rows, g.box_cols
    out = [[r * n + c for c in range(n)] for r in range(n)]
    out += [[r * n + c for r in range(n)] for c in range(n)]
    if g.regions is not None:
        by_region: dict[int, list[int]] = {}
        for cell, region in enumerate(g.regions):
            by_region.setdefault(region, []).append(cell)
        out += list(by_region.values())
    else:
        out += [[(r0 + i) * n + c0 + j for i in range(br) for j in range(bc)]
                for r0 in range(0, n, br) for c0 in range(0, n, bc)]
    if "x" in g.variants:
        out += [[i * n + i for i in range(n)], [i * n + n - 1 - i for i in range(n)]]
    if "windoku" in g.variants:  # a box-sized window one cell in from each edge, one apart
        starts = range(1, n - br + 1, br + 1)
        out += [[(r0 + i) * n + c0 + j for i in range(br) for j in range(br)]
                for r0 in starts for c0 in starts]
    return out


def apart(grid) -> list[tuple[int, int]]:
    """Pairs of cells that may not hold the same digit without sharing a group: a knight's or
    a king's move apart."""
    g = grid.geometry
    n = g.size
    moves = (KNIGHT if "anti-knight" in g.variants else []) + \
        (KING if "anti-king" in g.variants else [])
    pairs = set()
    for r in range(n):
        for c in range(n):
            for dr, dc in moves:
                if 0 <= r + dr < n and 0 <= c + dc < n:
                    a, b = r * n + c, (r + dr) * n + c + dc
                    pairs.add((min(a, b), max(a, b)))
    return sorted(pairs)


def model(grid) -> tuple[cp_model.CpModel, list]:
    """The CP-SAT model of ``grid`` and its cell variables (row-major)."""
    g = grid.geometry
    n = g.size
    m = cp_model.CpModel()
    cells = []
    for i in range(g.ncells):
        if grid.values[i]:
            allowed = [grid.values[i]]
        elif grid.candidates is not None:
            allowed = [d for d in range(1, n + 1) if grid.candidates[i] >> (d - 1) & 1]
        else:
            allowed = list(range(1, n + 1))
        cells.append(m.NewIntVarFromDomain(cp_model.Domain.FromValues(allowed), f"c{i}"))
    for group in groups(grid):
        m.AddAllDifferent([cells[i] for i in group])
    for a, b in apart(grid):
        m.Add(cells[a] != cells[b])
    for cage in g.cages or ():  # killer: the cage's digits add up to its sum, none repeated
        m.AddAllDifferent([cells[i] for i in cage.cells])
        m.Add(sum(cells[i] for i in cage.cells) == cage.total)
    return m, cells


class _Collector(cp_model.CpSolverSolutionCallback):
    def __init__(self, cells, limit):
        super().__init__()
        self.cells, self.limit, self.found = cells, limit, []

    def on_solution_callback(self):
        self.found.append(tuple(self.Value(v) for v in self.cells))
        if len(self.found) >= self.limit:
            self.StopSearch()


def solutions(grid, limit: int = 2, time_limit: float = 30.0) -> list[tuple[int, ...]]:
    """Up to ``limit`` solutions of ``grid`` (fewer: there are no more)."""
    m, cells = model(grid)
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1  # enumeration is single-threaded in CP-SAT
    solver.parameters.max_time_in_seconds = time_limit
    collector = _Collector(cells, limit)
    status = solver.Solve(m, collector)
    if len(collector.found) < limit and status not in (cp_model.OPTIMAL, cp_model.INFEASIBLE):
        raise TimeoutError(f"CP-SAT did not finish in {time_limit} s (status "
                           f"{solver.StatusName(status)})")
    return collector.found
