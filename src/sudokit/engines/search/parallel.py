"""One big search on every core: split the search tree of a puzzle at its first branchings and
search the parts in parallel with the compiled core.

The split is made in Python with naked singles: the part with the most empty cells is
expanded on its cell with the fewest candidates (one child per candidate, each propagated,
dead ends dropped), in place, until there are :data:`SPLIT_PARTS` parts. The parts cover
disjoint pieces of the tree and together all of it, so their counts add up to the puzzle's.
The split depends on the puzzle only (not on ``jobs``, up to ``8 * jobs`` parts), so the
answer is the same for every number of jobs, and the same as one core: the same count, the
same solutions when all are asked for, the same solution of a unique puzzle. When a ``limit``
stops the search, the solutions kept are the first ones in part order (a deterministic order);
the search stops as soon as the parts before have found ``limit`` of them.

``node_limit`` applies to each part; ``time_limit`` to the whole search (wall clock), capped by
the budget in force (:func:`sudokit.engines.limits.limited`).
"""

from __future__ import annotations

import multiprocessing as mp
import os
import signal
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool

from sudokit.engines import limits
from sudokit.model.errors import SearchLimitError, SudokitError
from sudokit.model.geometry import Geometry
from sudokit.model.grid import Grid
from sudokit.engines.search import core
from sudokit.engines.search.core import CORE_METHODS, NAME, CoreResult, _as_grid, _limit, _method, candidate_masks
from sudokit.engines.search.result import SearchResult

#: Parts the tree is split into (more with many jobs: at least 8 per job).
SPLIT_PARTS = 64
#: Give up splitting after this many expansions (a tree that keeps dying out early).
_MAX_EXPANSIONS = 4096


def default_jobs() -> int:
    """Every core this process may run on."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)


# --- splitting ---------------------------------------------------------------------------------

class _State:
    """A partial grid with the candidates of its empty cells (bit v-1 for value v)."""

    __slots__ = ("values", "cands", "empty")

    def __init__(self, values: list[int], cands: list[int], empty: int) -> None:
        self.values = values
        self.cands = cands
        self.empty = empty

    def copy(self) -> _State:
        return _State(self.values[:], self.cands[:], self.empty)


def _assign(state: _State, cell: int, value: int, peers) -> bool:
    """Place ``value`` in ``cell`` and every naked single that follows; False on a dead end."""
    values, cands = state.values, state.cands
    todo = [(cell, value)]
    while todo:
        c, v = todo.pop()
        if values[c]:
            if values[c] != v:
                return False
            continue
        if not cands[c] >> (v - 1) & 1:
            return False
        values[c] = v
        cands[c] = 0
        state.empty -= 1
        bit = 1 << (v - 1)
        for p in peers[c]:
            m = cands[p]
            if m & bit:
                m &= ~bit
                cands[p] = m
                if not m:
                    return False
                if not m & (m - 1):
                    todo.append((p, m.bit_length()))
    return True


def _root(grid: Grid) -> _State | None:
    """The puzzle's state after naked singles, or None if it has no solution that way."""
    if grid.clashes():
        return None
    geo = grid.geometry
    full = (1 << geo.size) - 1
    values = [0] * geo.ncells
    cands = [0] * geo.ncells
    peers = geo.peers
    for cell, v in enumerate(grid.values):
        if not v:
            used = 0
            for p in peers[cell]:
                if grid.values[p]:
                    used |= 1 << (grid.values[p] - 1)
            cands[cell] = full & ~used
            if grid.candidates is not None:  # a candidate grid: only the cell's candidates
                cands[cell] &= grid.candidates[cell]
    state = _State(values, cands, geo.ncells)
    for cell, v in enumerate(grid.values):  # the givens are placed, unchecked against cands
        if v:
            values[cell] = v
            state.empty -= 1
    for cell in range(geo.ncells):
        if not values[cell]:
            m = cands[cell]
            if not m:
                return None
            if not m & (m - 1) and not _assign(state, cell, m.bit_length(), peers):
                return None
    return state


def _branch_cell(state: _State) -> int:
    """The empty cell with the fewest candidates (the first such)."""
    best, best_n = -1, 1 << 30
    for cell, m in enumerate(state.cands):
        if m and not state.values[cell]:
            n = m.bit_count()
            if n < best_n:
                best, best_n = cell, n
                if n == 2:
                    break
    return best


def split(grid: Grid, parts: int = SPLIT_PARTS) -> list[list[int]]:
    """The puzzle's search tree cut into about ``parts`` disjoint subproblems (cell values), in
    a fixed order; an empty list when naked singles alone show there is no solution."""
    root = _root(grid)
    if root is None:
        return []
    peers = grid.geometry.peers
    states = [root]
    expansions = 0
    while len(states) < parts and expansions < _MAX_EXPANSIONS:
        i = max(range(len(states)), key=lambda k: (states[k].empty, -k))
        state = states[i]
        if state.empty == 0:
            break
        cell = _branch_cell(state)
        children = []
        m = state.cands[cell]
        while m:
            low = m & -m
            m ^= low
            child = state.copy()
            if _assign(child, cell, low.bit_length(), peers):
                children.append(child)
        states[i:i + 1] = children
        expansions += 1
        if not states:
            break
    return [s.values for s in states]


def _ignore_ctrl_c() -> None:
    # Ctrl-C reaches the whole process group: the parent decides, the workers carry on.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def new_pool(workers: int) -> ProcessPoolExecutor:
    """A process pool of ``workers`` (forked where the platform can) that ignore Ctrl-C."""
    methods = mp.get_all_start_methods()
    context = mp.get_context("fork" if "fork" in methods else "spawn")
    return ProcessPoolExecutor(workers, mp_context=context, initializer=_ignore_ctrl_c)


def stop_pool(pool: ProcessPoolExecutor, finished: bool) -> None:
    """Shut ``pool`` down; unless every task is done, end the workers now rather than wait for
    the tasks they are on (not needed any more, or the caller is going)."""
    if not finished:
        processes = list((getattr(pool, "_processes", None) or {}).values())
        manager = getattr(pool, "_executor_manager_thread", None)
        results = getattr(pool, "_result_queue", None)  # shutdown() forgets both
        pool.shutdown(wait=False, cancel_futures=True)
        for p in processes:
            try:
                p.terminate()
            except (OSError, ValueError, AttributeError):
                pass
        deadline = time.monotonic() + 5
        for p in processes:
            try:
                p.join(max(0.0, deadline - time.monotonic()))
            except (OSError, ValueError, AttributeError, AssertionError):
                pass
        # A worker ended while sending its result leaves the pool's thread reading a message
        # that never ends (this process's own copy of the pipe's write end keeps it open), and
        # the interpreter waits for that thread at exit: closing the copy ends the read, the
        # pool is found broken and the thread finishes.
        writer = getattr(results, "_writer", None)
        try:
            if writer is not None:
                writer.close()
        except OSError:
            pass
        if manager is not None:
            manager.join(max(0.0, deadline - time.monotonic()))
    pool.shutdown(wait=True, cancel_futures=True)


# --- searching the parts ---------------------------------------------------------------------------

def _solve_part(values: bytes, geo: Geometry, limit: int, keep: int, node_limit: int,
                deadline: float | None, method: str, candidates: bytes | None) -> CoreResult:
    """One part with the core (a worker prepares a variant's tables once per geometry)."""
    time_limit = 0.0
    if deadline is not None:
        time_limit = deadline - time.time()
        if time_limit <= 0:
            return CoreResult(b"", 0, False, True, 0, 0)
    return core.search(values, geo, limit=limit, keep=keep, node_limit=node_limit,
                       time_limit=time_limit, method=method, restarts=False, candidates=candidates)


class _Combiner:
    """Adds up the parts' results in part order and says when the search can stop."""

    def __init__(self, n: int, limit: int, keep: int, ncells: int) -> None:
        self.results: list[CoreResult | None] = [None] * n
        self.limit, self.keep, self.ncells = limit, keep, ncells
        self.prefix = 0          # parts 0..prefix-1 are done
        self.prefix_count = 0
        self.any_count = 0

    def add(self, i: int, result: CoreResult) -> None:
        self.results[i] = result
        self.any_count += result.count
        while self.prefix < len(self.results) and self.results[self.prefix] is not None:
            self.prefix_count += self.results[self.prefix].count
            self.prefix += 1

    @property
    def enough(self) -> bool:
        """The answer is known: the parts so far in order hold ``limit`` solutions (or, when
        no solution is kept, any parts hold that many)."""
        if self.prefix_count >= self.limit:
            return True
        return self.keep == 0 and self.any_count >= self.limit

    def answer(self) -> tuple[list[bytes], int, bool, bool, int, int]:
        """(solutions kept, count, complete, limit_reached, nodes, guesses)."""
        sols: list[bytes] = []
        count = nodes = guesses = 0
        stopped = False
        ordered = self.prefix_count >= self.limit
        for r in self.results:
            if r is None:
                if ordered or self.any_count >= self.limit:
                    continue  # not needed: the limit is reached without it
                stopped = True
                continue
            nodes += r.nodes
            guesses += r.guesses
            stopped |= r.limit_reached
            nc = self.ncells
            for k in range(0, len(r.solutions), nc):
                if len(sols) < self.keep:
                    sols.append(r.solutions[k:k + nc])
            count += r.count
        count = min(count, self.limit)
        limit_reached = stopped and count < self.limit
        complete = not limit_reached and count < self.limit
        return sols, count, complete, limit_reached, nodes, guesses


def _run_parts(parts: list[bytes], geo: Geometry, lim: int, keep: int, node_limit: int,
               deadline: float | None, method: str, jobs: int, candidates: bytes | None) -> _Combiner:
    comb = _Combiner(len(parts), lim, keep, geo.ncells)
    args = (geo, lim, keep, node_limit, deadline, method, candidates)
    if jobs <= 1 or len(parts) <= 1:
        for i, values in enumerate(parts):
            comb.add(i, _solve_part(values, *args))
            if comb.enough:
                break
        return comb
    pool = new_pool(min(jobs, len(parts)))
    futures: dict[Future, int] = {}
    try:
        futures = {pool.submit(_solve_part, values, *args): i for i, values in enumerate(parts)}
        pending = set(futures)
        while pending and not comb.enough:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for f in done:
                try:
                    comb.add(futures[f], f.result())
                except BrokenProcessPool:
                    raise SudokitError("a search worker process died (killed, or out of memory)") from None
    finally:
        stop_pool(pool, all(f.done() for f in futures))
    return comb


def solve(grid: Grid | str, limit: int | None = 1, jobs: int | None = None, node_limit: int | None = None,
          time_limit: float | None = None, *, method: str = NAME, keep: int | None = None,
          parts: int | None = None) -> SearchResult:
    """Search ``grid`` for up to ``limit`` solutions (None: all) on ``jobs`` processes
    (default: every core), the tree split at its first branchings. Same answer as
    :func:`sudokit.engines.search.core.solve` (see the module's notes on order). ``keep`` bounds the
    solutions returned (default: all found, up to ``limit``); the result's ``count`` is the
    number found all the same. ``parts`` overrides the split."""
    grid = _as_grid(grid)
    geo = grid.geometry
    lim = _limit(limit)
    method = _method(method)
    if keep is None:
        keep = min(lim, 1 << 20)
    jobs = default_jobs() if jobs is None else max(1, int(jobs))
    want = parts if parts is not None else max(SPLIT_PARTS, 8 * jobs)
    start = time.perf_counter()
    time_limit = limits.remaining(time_limit)
    deadline = time.time() + time_limit if time_limit else None
    pieces = [bytes(v) for v in split(grid, want)]
    comb = _run_parts(pieces, geo, lim, keep, node_limit or 0, deadline, method, jobs,
                      candidate_masks(grid))
    sols, count, complete, limit_reached, nodes, guesses = comb.answer()
    solutions = [grid._with_solved_values(raw) for raw in sols]
    return SearchResult(puzzle=grid, solutions=solutions, complete=complete, limit_reached=limit_reached,
                        nodes=nodes, guesses=guesses, seconds=time.perf_counter() - start, method=method,
                        extra={"count": count, "parts": len(pieces), "jobs": jobs})


def count_solutions(grid: Grid | str, limit: int | None = None, jobs: int | None = None,
                    node_limit: int | None = None, time_limit: float | None = None, *,
                    method: str = NAME) -> int:
    """The number of solutions (up to ``limit``; None: all of them), counted on ``jobs``
    processes. Raises :class:`SearchLimitError` when a node or time limit stops it first."""
    result = solve(grid, limit, jobs, node_limit, time_limit, method=method, keep=0)
    count = result.count
    if result.limit_reached:
        raise SearchLimitError(
            f"the parallel {method} search stopped at its node or time limit after {result.nodes:,} nodes, "
            f"with {count} solution(s) found")
    return count


__all__ = ["solve", "count_solutions", "split", "SPLIT_PARTS", "CORE_METHODS", "default_jobs",
           "new_pool", "stop_pool"]
