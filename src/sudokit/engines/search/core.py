"""The compiled search core (``sudokit.engines.search._core``) behind a small Python API.

- :func:`solve` / :func:`count_solutions` / :func:`is_unique`: one puzzle a call.
- :func:`solve_many`: a whole batch (text, bytes or a list of lines) parsed and solved in C,
  with the GIL released; the results come back as compact arrays (:class:`BatchResult`).
- :func:`random_solution`: a random full grid, reproducible by seed.
- :func:`search` / :func:`carve`: the core's own calls for the engines (the generator, the
  batch runner): raw values in, typed results out (:class:`CoreResult`, :class:`CarveResult`).
  This module is the only caller of ``_core``; in C one table (``csrc/sk_dispatch.c``,
  :data:`SOLVERS`, :func:`solver_for`) chooses the solver for a puzzle's rules.

Methods: ``fast`` (the default: a bitboard solver for 9x9, a generic one with locked
candidates and restarts for every other size), ``digits`` (the digit-at-a-time placement of
the C# article, no propagation) and ``generic`` (the generic solver at every size, 9x9
included; for tests). Every call takes a ``node_limit`` and a ``time_limit``; when one stops
the search the result says so (``limit_reached``), it never hangs the caller.

A candidate grid (``grid.candidates``, as a sukaku gives it) is searched with its missing
candidates ruled out, by the generic solver whatever the method; a variant grid (extra houses,
jigsaw regions, chess-move peers: :mod:`sudokit.model.rules`) by the variant search, from tables
prepared once per geometry (:func:`prepared_variant`): bitboards up to 16x16, the generic
variant search above.

Every call runs under the budget in force (:func:`sudokit.engines.limits.limited`): its deadline caps
``time_limit`` and its cancel token stops the search with :class:`CancelledError`. Ctrl-C
raises :class:`KeyboardInterrupt` within a fraction of a second, in the middle of a search too.

Statistics: ``nodes`` counts the states propagated (root included; for ``digits`` the digits
placed), ``guesses`` the branch points (states where the search had to choose).
"""

from __future__ import annotations

import array
import random
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import accumulate

from sudokit.engines import limits
from sudokit.model.errors import SearchLimitError, SudokitError
from sudokit.model import formats
from sudokit.model.formats.line import parse_line
from sudokit.model.geometry import Geometry, parse_box
from sudokit.model.grid import Grid
from sudokit.model.symbols import get_alphabet
from sudokit.engines.search import _core
from sudokit.engines.search.line_errors import worded
from sudokit.engines.search.result import LIMIT, MULTIPLE, NO_SOLUTION, SOLVED, UNIQUE, SearchResult

NAME = "fast"
DIGITS = "digits"
GENERIC = "generic"
CORE_METHODS = (NAME, DIGITS, GENERIC)

#: The limit used for "every solution" (``limit=None``).
_ALL = 1 << 62

INVALID = "invalid"
#: The core's status codes of a batch's puzzles (:attr:`BatchResult.status_codes`).
STATUS_NONE, STATUS_UNIQUE, STATUS_MULTIPLE = _core.STATUS_NONE, _core.STATUS_UNIQUE, _core.STATUS_MULTIPLE
STATUS_LIMIT, STATUS_SOLVED, STATUS_INVALID = _core.STATUS_LIMIT, _core.STATUS_SOLVED, _core.STATUS_INVALID
#: Status code of the C layer -> status name (as in :attr:`SearchResult.status`).
STATUS_NAMES = {
    _core.STATUS_NONE: NO_SOLUTION,
    _core.STATUS_UNIQUE: UNIQUE,
    _core.STATUS_MULTIPLE: MULTIPLE,
    _core.STATUS_LIMIT: LIMIT,
    _core.STATUS_SOLVED: SOLVED,
    _core.STATUS_INVALID: INVALID,
}


def _as_grid(puzzle: Grid | str, box=None) -> Grid:
    return puzzle if isinstance(puzzle, Grid) else formats.parse_one(puzzle, box=box)


def _limit(limit: int | None) -> int:
    if limit is None:
        return _ALL
    if limit < 1:
        raise ValueError("limit must be at least 1 (or None for every solution)")
    return limit


def _budget(time_limit: float | None) -> dict:
    """The time limit and cancel flag of a core call under the budget in force."""
    return {"time_limit": limits.remaining(time_limit or None) or 0.0, "cancel": limits.core_cancel()}


#: The largest killer grid the core searches (cages are searched on bitboards only).
MAX_CAGE_SIZE = 16


#: Geometries whose prepared tables are kept: above the 40 killers of the benchmark (each has its
#: own cages, so a smaller cache re-prepared every one of them on each pass).
PREPARED_CACHE_SIZE = 128


@lru_cache(maxsize=PREPARED_CACHE_SIZE)
def variant_tables(geometry: Geometry) -> tuple[bytes, ...] | None:
    """A variant geometry's houses and peers as the core reads them (None for a classic one),
    and its killer cages when it has some: per cage its sum, its size and its cells (the peers
    are then those of the geometry without cages: the core makes a cage's cells peers)."""
    if geometry.is_classic:
        return None
    if geometry.cages and geometry.size > MAX_CAGE_SIZE:
        raise SudokitError(f"the compiled core takes killer cages on grids up to "
                           f"{MAX_CAGE_SIZE}x{MAX_CAGE_SIZE}, not {geometry.size}x{geometry.size} "
                           f"(the reference solver takes any size)")
    if not geometry.cages:
        return _peer_tables(geometry, geometry.peers)
    # a killer's houses and peers are those of its geometry without cages, kept once (the
    # generator makes a new killer geometry for every merge of two cages); the core makes
    # the cells of a cage peers of each other itself
    uncaged = _uncaged(geometry.box_rows, geometry.box_cols, geometry.variants, geometry.regions)
    cages = array.array("H")
    for cage in geometry.cages:
        cages.extend((cage.total, len(cage.cells), *cage.cells))
    return _uncaged_tables(uncaged) + (cages.tobytes(),)


@lru_cache(maxsize=16)
def _uncaged(box_rows: int, box_cols: int, variants: tuple, regions: tuple | None) -> Geometry:
    return Geometry(box_rows, box_cols).with_variants(variants, regions)


@lru_cache(maxsize=16)
def _uncaged_tables(geometry: Geometry) -> tuple[bytes, bytes, bytes]:
    return _peer_tables(geometry, geometry.peers)


@lru_cache(maxsize=16)
def _house_table(geometry: Geometry) -> bytes:
    return array.array("H", [c for house in geometry.houses for c in house]).tobytes()


def _peer_tables(geometry: Geometry, peers) -> tuple[bytes, bytes, bytes]:
    """The houses of ``geometry`` and ``peers`` (per cell) as the core reads them."""
    start = array.array("I", [0, *accumulate(len(ps) for ps in peers)])
    flat = array.array("H", [p for ps in peers for p in ps])
    return _house_table(geometry), start.tobytes(), flat.tobytes()


@lru_cache(maxsize=PREPARED_CACHE_SIZE)
def prepared_variant(geometry: Geometry, bitboards: bool = True):
    """A variant geometry's tables checked and derived once in C, for many searches; None for a
    classic geometry. Cached per geometry, PREPARED_CACHE_SIZE of them (jigsaw regions included;
    a 64x64 one holds about a megabyte). The core searches grids up to 16x16 on bitboards;
    ``bitboards=False`` keeps its generic variant search (for tests; it does not read cage sums,
    so a killer geometry is refused there)."""
    tables = variant_tables(geometry)
    return None if tables is None else _core.variant(geometry.size, tables, bitboards=bitboards)


def candidate_masks(grid: Grid) -> bytes | None:
    """A candidate grid's masks as the core reads them (native 64-bit words), else None."""
    return None if grid.candidates is None else array.array("Q", grid.candidates).tobytes()


def _method(method: str) -> str:
    if method not in CORE_METHODS:
        raise SudokitError(f"unknown core method {method!r}; choose one of {', '.join(CORE_METHODS)}")
    return method


#: The core's solver table, row by row in order of preference: each a dict of its ``name``,
#: ``form`` (``box``: rows, columns and boxes from the box shape; ``tables``: a variant's
#: houses, peers and cages), the rule ``enforces`` kinds it enforces (``houses``, ``peers``,
#: ``sums``, ``candidates``), the ``methods`` it serves, what a job may ask of it (``takes``:
#: ``seed``, ``masks``, ``prefer``) and whether it is ``bitboards``.
SOLVERS: tuple[dict, ...] = _core.SOLVERS

#: A rule kind's ``enforced_by`` (:data:`sudokit.model.rules.base.ENFORCEMENTS`) -> the kind
#: the table's rows enforce it as: jigsaw regions are houses in the boxes' place. The core
#: reads the kinds from a variant's tables (houses, peers outside every house, cages); a rule
#: kind that needs a new one adds it here, in csrc/sk_dispatch.h and in the rows that enforce it.
RULE_ENFORCEMENT = {"houses": "houses", "regions": "houses", "peers": "peers", "sums": "sums"}


def solver_for(grid: Grid, method: str = NAME, seed: int | None = None) -> str:
    """The name of the row of :data:`SOLVERS` that searches ``grid`` with ``method``."""
    geo = grid.geometry
    return _core.solver(geo.box_rows, geo.box_cols, _method(method), seed, grid.candidates is not None,
                        prepared_variant(geo))


@dataclass(frozen=True, slots=True)
class CoreResult:
    """One search of the core: ``solutions`` holds the first ``keep`` solutions found, one byte
    a cell, one after the other; ``count`` every solution found (up to the limit);
    ``complete``: the whole tree was searched; ``limit_reached``: a node or time limit stopped
    it; ``nodes`` and ``guesses`` as in :class:`SearchResult`."""

    solutions: bytes
    count: int
    complete: bool
    limit_reached: bool
    nodes: int
    guesses: int


@dataclass(frozen=True, slots=True)
class CarveResult:
    """The generator's carving loop (:func:`carve`): ``values`` the puzzle left, one byte a cell;
    ``complete`` False when its time limit stopped it; ``undecided`` the orbits kept because
    their proof ran out of nodes; ``nodes`` searched in all."""

    values: bytes
    complete: bool
    undecided: int
    nodes: int


def _search(values: bytes, geo: Geometry, limit: int, keep: int | None, node_limit: int | None,
            time_limit: float | None, seed: int | None, method: str, restarts: bool,
            candidates: bytes | None) -> tuple:
    """The one call of ``_core.solve``: its raw tuple, read at once by the callers below."""
    return _core.solve(values, geo.box_rows, geo.box_cols, limit=limit, keep=keep,
                       node_limit=node_limit or 0, seed=seed, method=_method(method),
                       restarts=restarts, candidates=candidates, variant=prepared_variant(geo),
                       **_budget(time_limit))


def search(values: bytes, geometry: Geometry, *, limit: int | None = 1, keep: int | None = None,
           node_limit: int | None = None, time_limit: float | None = None, seed: int | None = None,
           method: str = NAME, restarts: bool = True, candidates: bytes | None = None) -> CoreResult:
    """Search the grid ``values`` (one byte a cell) of ``geometry`` for up to ``limit``
    solutions (``None``: all), keeping ``keep`` of them (default: all found). ``candidates``:
    per cell the digits allowed, as :func:`candidate_masks` writes them. Runs under the budget
    in force, like :func:`solve`; no Grid or result objects are made."""
    return CoreResult(*_search(values, geometry, _limit(limit), keep, node_limit, time_limit, seed,
                               method, restarts, candidates))


def carve(solution: bytes, geometry: Geometry, cells: bytes, start: bytes, seed: int, *,
          node_limit: int | None = None, minimal: bool = True, time_limit: float | None = None,
          final_node_limit: int | None = None, final_total_nodes: int | None = None) -> CarveResult:
    """The generator's removal loop in C (``csrc/sk_carve.c``): the givens of the full grid
    ``solution`` removed orbit by orbit (``cells``: uint16, the orbits one after another;
    ``start``: uint32, their offsets) in the random order of ``seed``, while the puzzle stays
    unique; each first-pass proof within ``node_limit`` nodes, and with ``minimal`` the
    undecided ones again, each within ``final_node_limit`` and all within
    ``final_total_nodes``. Runs under the budget in force."""
    geo = geometry
    values, complete, undecided, nodes = _core.carve(
        solution, geo.box_rows, geo.box_cols, cells, start, seed, node_limit=node_limit,
        minimal=minimal, variant=prepared_variant(geo),
        final_node_limit=final_node_limit, final_total_nodes=final_total_nodes, **_budget(time_limit))
    return CarveResult(values, complete, undecided, nodes)


def solve(grid: Grid | str, limit: int | None = 1, node_limit: int | None = None,
          time_limit: float | None = None, seed: int | None = None, *, method: str = NAME,
          restarts: bool = True, keep: int | None = None) -> SearchResult:
    """Search ``grid`` for up to ``limit`` solutions (``None``: all of them).

    ``seed`` (an int) randomises the branching order reproducibly; ``None`` keeps the fixed
    order. ``restarts`` lets the generic solver restart under a growing node budget when one
    solution is asked for (large grids). ``keep`` bounds how many solutions are returned
    (default: all that were found, up to ``limit``).
    """
    grid = _as_grid(grid)
    geo = grid.geometry
    lim = _limit(limit)
    if keep is None:
        keep = min(lim, 1 << 20)
    start = time.perf_counter()
    raw, count, complete, limit_reached, nodes, guesses = _search(
        bytes(grid.values), geo, lim, keep, node_limit, time_limit, seed, method, restarts,
        candidate_masks(grid))
    seconds = time.perf_counter() - start
    nc = geo.ncells
    solutions = [grid._with_solved_values(raw[i:i + nc]) for i in range(0, len(raw), nc)]
    extra = {"count": count} if count != len(solutions) else {}
    return SearchResult(puzzle=grid, solutions=solutions, complete=complete,
                        limit_reached=limit_reached, nodes=nodes, guesses=guesses,
                        seconds=seconds, method=method, extra=extra)


def solve_digits(grid: Grid | str, limit: int | None = 1, node_limit: int | None = None,
                 time_limit: float | None = None, seed: int | None = None, *,
                 restarts: bool = True, keep: int | None = None) -> SearchResult:
    """:func:`solve` with the ``digits`` method (the C# article's digit-at-a-time search)."""
    return solve(grid, limit, node_limit, time_limit, seed, method=DIGITS, restarts=restarts,
                 keep=keep)


def count_solutions(grid: Grid | str, limit: int | None = 2, node_limit: int | None = None,
                    time_limit: float | None = None, *, method: str = NAME) -> int:
    """The number of solutions, counted up to ``limit`` (so ``limit`` means "at least").

    Raises :class:`SearchLimitError` when a node or time limit stops the search first.
    """
    grid = _as_grid(grid)
    geo = grid.geometry
    lim = _limit(limit)
    _, count, _, limit_reached, nodes, _ = _search(
        bytes(grid.values), geo, lim, 0, node_limit, time_limit, None, method, True,
        candidate_masks(grid))
    if limit_reached and count < lim:
        raise SearchLimitError(
            f"the {method} search stopped at its node or time limit after {nodes:,} nodes, "
            f"with {count} solution(s) found")
    return count


def is_unique(grid: Grid | str, node_limit: int | None = None,
              time_limit: float | None = None) -> bool:
    """True if the puzzle has exactly one solution (raises :class:`SearchLimitError` when a
    limit stops the search before it knows)."""
    return count_solutions(grid, 2, node_limit, time_limit) == 1


def random_solution(geometry: Geometry | int | str, seed: int) -> Grid:
    """A random full grid of ``geometry`` (a Geometry, a size, or a box ``"RxC"``); the same
    seed gives the same grid.

    The grid comes from a search of the empty grid in a random order. Above 36x36 that search
    can run long, so when it exceeds its node budget the grid is built instead from a valid
    pattern shuffled at random (digits relabelled, rows within bands, bands, columns within
    stacks and stacks permuted): valid and reproducible, from a smaller family of grids.
    """
    if isinstance(geometry, int):
        geometry = Geometry.of(geometry)
    elif isinstance(geometry, str):
        r, c = parse_box(geometry)
        geometry = Geometry.of(r * c, (r, c))
    result = solve(Grid.empty(geometry), 1, node_limit=_RANDOM_FILL_NODES, seed=seed)
    if result.solution is not None:
        return result.solution
    if not geometry.is_classic:  # the pattern ignores a variant's rules: search longer instead
        result = solve(Grid.empty(geometry), 1, node_limit=100 * _RANDOM_FILL_NODES, seed=seed)
        if result.solution is not None:
            return result.solution
        why = "has no solution" if result.complete else "found no solution within its node limit"
        raise SudokitError(f"an empty {geometry.size}x{geometry.size} {geometry.variant_name} grid {why}")
    return _shuffled_pattern(geometry, seed)


#: Node budget of the random search in :func:`random_solution` (a 36x36 needs about 2,000).
_RANDOM_FILL_NODES = 30_000


def _shuffled_pattern(geometry: Geometry, seed: int) -> Grid:
    """The grid ``(bc * (r % br) + r // br + c) % n`` under random validity-keeping shuffles."""
    rng = random.Random(seed)
    br, bc, n = geometry.box_rows, geometry.box_cols, geometry.size

    def shuffled(groups: int, size: int) -> list[int]:
        order = []
        for g in rng.sample(range(groups), groups):
            order += [g * size + i for i in rng.sample(range(size), size)]
        return order

    digits = rng.sample(range(1, n + 1), n)
    rows, cols = shuffled(n // br, br), shuffled(n // bc, bc)
    return Grid(geometry, [digits[(bc * (r % br) + r // br + c) % n] for r in rows for c in cols])


# --- batches ------------------------------------------------------------------------------

@lru_cache(maxsize=64)
def decode_table(size: int, alphabet: str | None = None) -> bytes:
    """The 256-byte table the C parser reads a line with: 0 blank, 1..N a value, 0xFE a
    separator (space, tab), 0xFF anything else."""
    table = bytearray(b"\xff" * 256)
    for ch, value in get_alphabet(alphabet).decoder(size).items():
        if ord(ch) < 128:
            table[ord(ch)] = value
    table[ord(" ")] = table[ord("\t")] = 0xFE
    return bytes(table)


def _first_line(data: str | bytes) -> str:
    text = data[:1_000_000]
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    for line in text.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#"):
            return stripped
    raise SudokitError("no puzzle in the batch")


def _geometry_of(data: str | bytes, box, alphabet) -> Geometry:
    try:
        first = _first_line(data)
    except SudokitError:
        if box is None:
            raise
        rows, cols = parse_box(box) if isinstance(box, str) else box
        return Geometry.of(rows * cols, (rows, cols))  # an empty batch of a known shape
    return parse_line(first, box=box, alphabet=alphabet).geometry


@dataclass
class BatchResult:
    """Results of :func:`solve_many`, kept in compact arrays (one entry per puzzle line).

    ``status_codes`` holds the C status codes (see :data:`STATUS_NAMES`); ``counts``, ``nodes``
    and ``guesses`` are ``array('q')``; ``raw_solutions`` the first solution of each puzzle,
    one byte per cell (all zero when there is none). ``errors`` lists the lines that could not
    be read: ``(index, line number, message)``.
    """

    geometry: Geometry
    status_codes: bytes
    counts: array.array
    raw_solutions: bytes
    nodes: array.array
    guesses: array.array
    errors: list[tuple[int, int, str]]
    seconds: float
    method: str
    alphabet: str | None = None
    _names: list[str] | None = field(default=None, repr=False)

    def __len__(self) -> int:
        return len(self.status_codes)

    @property
    def statuses(self) -> list[str]:
        """Status name per puzzle (``unique``, ``multiple``, ..., ``invalid``)."""
        if self._names is None:
            self._names = [STATUS_NAMES[c] for c in self.status_codes]
        return self._names

    def status(self, i: int) -> str:
        return STATUS_NAMES[self.status_codes[i]]

    def tally(self) -> dict[str, int]:
        """How many puzzles have each status."""
        return {STATUS_NAMES[code]: self.status_codes.count(bytes([code]))
                for code in sorted(STATUS_NAMES) if bytes([code]) in self.status_codes}

    def solution_values(self, i: int) -> list[int] | None:
        nc = self.geometry.ncells
        values = self.raw_solutions[i * nc:(i + 1) * nc]
        return list(values) if self.counts[i] else None

    def solution(self, i: int) -> Grid | None:
        values = self.solution_values(i)
        return None if values is None else Grid(self.geometry, values, givens=[False] * len(values))

    def solution_lines(self, alphabet: str | None = None, missing: str = "") -> list[str]:
        """The first solution of each puzzle as a line (``missing`` when there is none)."""
        a = get_alphabet(alphabet if alphabet is not None else self.alphabet)
        table = bytes([0x2E]) + a.for_size(self.geometry.size).encode("ascii")
        text = self.raw_solutions.translate(table.ljust(256, b"?")).decode("ascii")
        nc = self.geometry.ncells
        return [text[i * nc:(i + 1) * nc] if self.counts[i] else missing for i in range(len(self))]

    @property
    def total_nodes(self) -> int:
        return sum(self.nodes)

    @property
    def total_guesses(self) -> int:
        return sum(self.guesses)


def _grid_lines(items: Sequence, alphabet: str | None) -> list:
    """The lines of a batch's grids (other items kept): one byte translation a grid when
    the alphabet's symbols are single ASCII characters, else each grid's ``to_line``."""
    size = items[0].size
    try:
        symbols = "." + get_alphabet(alphabet).for_size(size)
    except SudokitError:  # the alphabet is too small for the size: to_line writes what it can
        symbols = ""
    if len(symbols) != size + 1 or not symbols.isascii() or \
            not all(isinstance(g, Grid) and g.size == size for g in items):
        return [g.to_line(alphabet) if isinstance(g, Grid) else g for g in items]
    table = bytes.maketrans(bytes(range(size + 1)), symbols.encode())
    return [bytes(g.values).translate(table) for g in items]


def solve_many(puzzles: str | bytes | bytearray | memoryview | Iterable[str | bytes | Grid], box=None,
               limit: int | None = 1, node_limit: int | None = None, time_limit: float | None = None,
               seed: int | None = None, *, method: str = NAME, alphabet: str | None = None,
               restarts: bool = True, geometry: Geometry | None = None) -> BatchResult:
    """Solve every puzzle of a batch in C: text or bytes with one puzzle a line (blank lines
    and ``#`` comments are skipped, text after a grid is ignored), or a sequence of lines or
    grids. All puzzles share one geometry: ``box`` (``"RxC"`` or a tuple), else the one the
    first line implies; ``geometry`` gives it whole (a variant's: extra houses, jigsaw regions),
    and grids bring their own (one for all of them). ``limit=2`` checks uniqueness; the node and
    time limits apply to each puzzle, the budget in force to the whole batch (the puzzles it
    stops, or never starts, get the status ``limit``). Lines that cannot be read get the status
    ``invalid`` and an entry in ``errors``."""
    if isinstance(puzzles, (str, bytes)):
        data = puzzles
    elif isinstance(puzzles, (bytearray, memoryview)):
        data = bytes(puzzles)
    else:
        items: Sequence = puzzles if isinstance(puzzles, Sequence) else list(puzzles)
        if items and isinstance(items[0], Grid):
            if geometry is None and box is None:
                geometry = items[0].geometry
                if any(g.geometry is not geometry and g.geometry != geometry
                       for g in items if isinstance(g, Grid)):
                    raise SudokitError("solve_many takes puzzles of one geometry; these have "
                                       "several (variants or jigsaw regions): solve them apart")
            items = _grid_lines(items, alphabet)
        if items and isinstance(items[0], bytes):
            data = b"\n".join(items)
        else:
            data = "\n".join(items)
    geo = geometry if geometry is not None else _geometry_of(data, box, alphabet)
    start = time.perf_counter()
    status, counts, sols, nodes, guesses, errors = _core.solve_many(
        data, geo.box_rows, geo.box_cols, decode_table(geo.size, alphabet), limit=_limit(limit),
        node_limit=node_limit or 0, seed=seed, method=_method(method), restarts=restarts,
        time_limit=time_limit or 0.0, cancel=limits.core_cancel(), total_time_limit=limits.remaining(),
        variant=prepared_variant(geo))
    seconds = time.perf_counter() - start
    errors = worded(errors, geo.size)

    def q(raw: bytes) -> array.array:
        a = array.array("q")
        a.frombytes(raw)
        return a

    return BatchResult(geo, status, q(counts), sols, q(nodes), q(guesses), errors, seconds, method,
                       alphabet)


__all__ = [
    "NAME", "DIGITS", "GENERIC", "solve", "solve_digits", "count_solutions", "is_unique",
    "random_solution", "solve_many", "BatchResult", "decode_table", "STATUS_NAMES", "INVALID",
    "variant_tables", "prepared_variant", "search", "carve", "CoreResult", "CarveResult", "SOLVERS",
    "RULE_ENFORCEMENT",
    "solver_for", "STATUS_NONE", "STATUS_UNIQUE", "STATUS_MULTIPLE", "STATUS_LIMIT", "STATUS_SOLVED",
    "STATUS_INVALID",
]
