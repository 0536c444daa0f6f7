"""Candidate testing (methods 9 and 10 of "Lösningsmetoder för sudoku"): trial, not pattern
logic, so rated and explained as trial and used last.

- ``candidate-test`` (one step): place a candidate and follow it with every technique of the
  basic set (:data:`.propagation.BASIC_SET`); a contradiction removes it. Candidates of cells
  with three or more candidates (a bivalue cell's or a bilocal digit's contradiction is a
  forcing net already), those of the fullest cells last; each step as soon as found, and the
  candidates of a solution the search core finds are not tried (they cannot contradict).
- ``candidate-test-recursive`` (several steps): a candidate stays only if it leads to at least
  one solution. The article places the candidate, applies every method, then tries each
  candidate of an open cell in turn, recursively, until a contradiction or a solution; here
  the compiled search core answers that question (the same search, in C, on the values). When
  the position's candidates say more than its values (a candidate grid), the recursion runs
  in Python on the candidates, the core pointing at the cell to branch on. One step clears one
  cell of every candidate that leads to no solution, trying the cells with fewest candidates
  first. With it every puzzle can be finished.
"""

from __future__ import annotations

from collections.abc import Iterator

from sudokit.engines import limits

from sudokit.engines import search
from sudokit.model.grid import Grid
from sudokit.i18n import N_, msg, msgn
from sudokit.i18n.values import Cell, Join, Rendered
from sudokit.model.position import Position, digits_of
from sudokit.engines.logic.step import Step
from sudokit.engines.logic.techniques.forcing import Result, branches, chain_text, search as forcing_search
from sudokit.engines.logic.techniques.propagation import (CORE_NODES, NET, Analysis, Base, Outcome, analysis, branch, describe,
                          extend, values_of)
from sudokit.engines.logic.techniques.registry import REGISTRY, finder

#: Branches the recursion may try for one candidate (more: the candidate is kept).
RECURSION_NODES = 500


def _trial_step(a: Analysis, res: Result) -> Step:
    g = a.position.geometry
    out = res.outcomes[0]
    cell, d = res.sources[0]
    text = (N_("Trial: {chain} -> {reason}, a contradiction (followed with singles, locked "
               "candidates, pairs and triples, and the cages' sums)") if g.cages else
            N_("Trial: {chain} -> {reason}, a contradiction (followed with singles, locked "
               "candidates, pairs and triples)"))
    return REGISTRY["candidate-test"].step(
        a.position, Rendered(lambda: msg(text, chain=chain_text(g, out.order),
                                         reason=describe(g, out.contradiction))),
        eliminations=res.eliminations, cells=[cell], candidates=res.sources,
        branches=branches(a, res))


@finder("candidate-test")
def candidate_test(pos: Position) -> Iterator[Step]:
    return forcing_search(pos, "candidate-test", NET, "o", pos.geometry.size, _trial_step,
                          lazy=True)


# --- in several steps -----------------------------------------------------------------------------

def leads_to_solution(pos: Position, cell: int, digit: int) -> tuple[bool | None, int, list | None]:
    """Whether ``digit`` in ``cell`` leads to a solution of the position (None when the search
    gave up), the positions searched, and the solution found."""
    values = pos.values[:]
    values[cell] = digit
    result = search.solve(Grid(pos.geometry, values), limit=1, node_limit=CORE_NODES)
    if result.solution is None:
        return (None if result.limit_reached else False), result.nodes, None
    sol = result.solution.values
    if fits(pos, sol):
        return True, result.nodes, sol
    # the solution found uses a removed candidate: search as the article does, on the candidates
    return recursive_test(Base(pos), [(cell, digit)])


def fits(pos: Position, solution: list[int]) -> bool:
    """True if ``solution`` keeps to the position's values and candidates."""
    return all(v == s if v else m >> (s - 1) & 1 for v, m, s in zip(pos.values, pos.cands, solution))


def recursive_test(base: Base, assumptions: list[tuple[int, int]]) -> tuple[bool | None, int, list | None]:
    """Method 10 itself: place the assumptions and follow them with the basic set; then, as
    long as the search core's solution of the values so far needs a candidate the branch has
    lost, try each candidate of such a cell in turn, recursively, until a contradiction or a
    solution. (Found a solution — None: gave up after :data:`RECURSION_NODES` branches —,
    branches tried, the solution.)"""
    g = base.tables.geometry
    budget = [RECURSION_NODES]

    def walk(out: Outcome):
        limits.check()
        if out.contradiction is not None:
            return False
        budget[0] -= 1
        if budget[0] < 0:
            return None
        result = search.solve(Grid(g, values_of(out)), limit=1, node_limit=CORE_NODES)
        if result.solution is None:
            return None if result.limit_reached else False
        sol = result.solution.values
        misfit = 0
        for d0, (b, p) in enumerate(zip(out.boards, out.placed)):
            for_digit = 0
            for c, v in enumerate(sol):
                if v == d0 + 1:
                    for_digit |= 1 << c
            misfit |= for_digit & ~(b | p)
        if not misfit:
            return sol
        low = misfit & -misfit
        cell = low.bit_length() - 1
        unknown = False
        for d0, b in enumerate(out.boards):
            if b & low:
                found = walk(extend(base, out, [(cell, d0 + 1)]))
                if found:
                    return found
                unknown |= found is None
        return None if unknown else False

    found = walk(branch(base, assumptions, NET))
    tried = RECURSION_NODES - max(budget[0], 0)
    if isinstance(found, list):
        return True, tried, found
    return found, tried, None


def _cell_order(pos: Position) -> list[int]:
    """Open cells as a person picks them for a trial: fewest candidates first (the solution is
    never used to choose)."""
    cells = [c for c, m in enumerate(pos.cands) if m and m & (m - 1)]
    return sorted(cells, key=lambda c: (pos.cands[c].bit_count(), c))


@finder("candidate-test-recursive")
def candidate_test_recursive(pos: Position) -> Iterator[Step]:
    g = pos.geometry
    tech = REGISTRY["candidate-test-recursive"]
    viable: set[tuple[int, int]] = set()  # candidates of a solution found: no need to try them

    def seen(solution: list[int] | None) -> None:
        if solution is not None:
            viable.update(enumerate(solution))

    seen(analysis(pos).solution())
    for cell in _cell_order(pos):
        tried = []
        for d in digits_of(pos.cands[cell]):
            if (cell, d) in viable:
                continue
            limits.check()
            found, nodes, solution = leads_to_solution(pos, cell, d)
            seen(solution)
            if found is False:
                tried.append((d, nodes))
        if not tried:
            continue
        parts = [msgn("{cell}={digit} ({n:,} position searched)",
                      "{cell}={digit} ({n:,} positions searched)", nodes, cell=Cell(g, cell),
                      digit=d) for d, nodes in tried]
        yield tech.step(
            pos, msgn("Trial in several steps: {tried} leads to no solution (the candidate placed, "
                      "then every candidate of the next open cell tried in turn)",
                      "Trial in several steps: {tried} each lead to no solution (the candidate "
                      "placed, then every candidate of the next open cell tried in turn)",
                      len(tried), tried=Join(parts)),
            eliminations=[(cell, d) for d, _ in tried], cells=[cell],
            candidates=[(cell, d) for d, _ in tried])
