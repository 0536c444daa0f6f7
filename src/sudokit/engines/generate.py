"""A generator of puzzles with exactly one solution, at every size, optionally at a chosen
difficulty, with a chosen technique, symmetric and minimal.

How a puzzle is made: a random full grid (:func:`sudokit.engines.search.core.random_solution`), then
givens are removed in random order, one symmetry orbit at a time (a cell and its images under
the chosen symmetry), and a removal is kept only when the compiled core proves the puzzle still
has one solution (on classic grids the whole loop runs in the core, :func:`carve`; on variant grids
one core search per removal). A proof that needs more than a
small node budget counts as "not proved" in the first pass; for a minimal puzzle those givens are
tried again with no budget, so that in the end no given (no orbit, with a symmetry) can go.
Every puzzle is checked by the core once more before it is returned.

A difficulty target (``level``, ``score``, ``technique``) is met by rating candidates
(:func:`sudokit.engines.rating.rate`, stopped early once a candidate is known to be too hard) until one
fits. Up to 9x9 (and whenever minimal puzzles are asked for) the candidates are random minimal
puzzles; from 10x10 up, where those are nearly always extreme, a band with a top is reached by
filling in (:func:`sudokit.engines.levels.fill_to_band`): a minimal puzzle is solved by the rating solver
capped at the band's top, and gets one more given each time that solver is stuck. ``level="any"``
picks one of the levels the size can have (:func:`sudokit.engines.levels.any_levels`) at random, per
puzzle and seed, and after :data:`ANY_LEVEL_PATIENCE` candidates without it takes a puzzle at any
of them (a killer reaches some levels rarely). A target no puzzle of the size can meet (4x4 puzzles are all easy) is refused at
once (:func:`sudokit.engines.levels.check_reachable`).

The time limit bounds the search and, when reached, raises :class:`SearchLimitError` saying how
far it got; the work runs under the shared budget (:mod:`sudokit.engines.limits`), so an outer deadline or
a cancel token stops it too. The same seed and options give the same puzzles.
"""

from __future__ import annotations

import array
import math
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from sudokit.engines import limits
from sudokit.model.errors import SearchLimitError, SudokitError
from sudokit.model.geometry import Geometry, parse_box
from sudokit.i18n import tr
from sudokit.model.rules import describe, wants_jigsaw, wants_killer
from sudokit.model.grid import Grid
from sudokit.engines.difficulty import TECHNIQUES
from sudokit.engines.levels import any_levels, check_reachable, fill_to_band
from sudokit.engines.logic.techniques import REGISTRY
from sudokit.engines.logic.techniques.uniqueness import rectangles
from sudokit.engines.rating import level_band, rate as rate_puzzle, technique_weight
from sudokit.engines.search import core, reference
from sudokit.model.formats.jsonfmt import to_object
from sudokit.model.rules.jigsaw import random_regions
from sudokit.model.rules.killer import cage_fields, cut_cages

SYMMETRIES = ("none", "180", "90", "mirror", "diagonal")
SYMMETRY_ALIASES = {"": "none", "0": "none", "rotational": "180", "rot180": "180", "180-degree": "180",
                    "rot90": "90", "90-degree": "90", "horizontal": "mirror",
                    "diag": "diagonal", "main-diagonal": "diagonal"}

#: Seconds a targeted search may take when no time limit is given (an impossible target must
#: end with a message, never hang).
DEFAULT_TIME_LIMIT = 60.0

#: Sides up to which puzzles are made minimal unless ``minimal=False`` (above, proving each
#: last removal can take seconds).
AUTO_MINIMAL_MAX_SIZE = 16

#: From this side up a score band with a top is reached by filling in (see the module doc),
#: unless ``minimal=True`` asks for minimal puzzles.
FILL_MIN_SIZE = 10

#: The level name that picks one of the levels the size can have, at random per puzzle.
ANY_LEVEL = "any"

#: What ``level`` accepts.
GENERATE_LEVELS = ("easy", "medium", "hard", "expert", "extreme", ANY_LEVEL)


def _budget(size: int) -> int:
    """Core nodes a first-pass uniqueness proof may take (0 = no limit): small grids are proved
    at once; on large ones the removals whose proof needs a long search are mostly the ones that
    break uniqueness, so a small budget finds nearly the same puzzle much faster."""
    return 0 if size <= 12 else 200


#: Core nodes a minimality proof (the carving loop's second pass) may take per cell of the grid,
#: for sides :data:`FINAL_BUDGET_SIDES`, and the whole pass; both double every
#: :data:`FINAL_BUDGET_TRIES` grids of a seed.
FINAL_PROOF_NODES_PER_CELL = 1_600
FINAL_PASS_NODES_PER_CELL = 5_000
FINAL_BUDGET_SIDES = range(20, 26)
FINAL_BUDGET_TRIES = 4


def _final_budget(size: int, tries: int) -> tuple[int | None, int | None]:
    """Nodes one minimality proof and the whole second pass may take for the ``tries``-th grid of
    a seed (None: no limit). On 25x25 a few grids make a puzzle with a proof of millions of
    nodes, most take seconds in all: a grid past the budget is dropped for a new one. The budget
    grows with the grids tried, so a seed always ends. Smaller grids need no budget; on 36x36
    nearly every proof is long, so a budget there would only drop grids."""
    if size not in FINAL_BUDGET_SIDES:
        return None, None
    scale = 1 << min((tries - 1) // FINAL_BUDGET_TRIES, 30)
    cells = size * size
    return FINAL_PROOF_NODES_PER_CELL * cells * scale, FINAL_PASS_NODES_PER_CELL * cells * scale


@dataclass
class Generated:
    """A generated puzzle, its solution, its rating (None when not asked) and the seed that
    reproduces it with the same options (``generate(..., seed=g.seed)``)."""

    puzzle: Grid
    solution: Grid
    rating: object | None  # sudokit.engines.rating.Rating
    seed: int | None
    candidates: int = 1
    seconds: float = 0.0

    @property
    def givens(self) -> int:
        return sum(1 for v in self.puzzle.values if v)

    def to_dict(self, alphabet: str | None = None) -> dict:
        doc = {"puzzle": self.puzzle.to_line(alphabet), "solution": self.solution.to_line(alphabet),
               "size": self.puzzle.size, "box": self.puzzle.geometry.box_shape,
               "givens": self.givens, "seed": self.seed}
        g = self.puzzle.geometry
        if g.variants:
            doc["variants"] = list(g.variants)
        if g.regions is not None:
            doc["regions"] = to_object(self.puzzle)["regions"]
        if g.cages:
            doc.update(cage_fields(g))
        if self.rating is not None:
            doc["rating"] = self.rating.to_dict()
        return doc


# --- options ------------------------------------------------------------------------------------

def geometry_for(size: int = 9, box=None) -> Geometry:
    """The geometry of a size and optional box (``(r, c)`` or ``"RxC"``), with a clear error."""
    if isinstance(box, str):
        box = parse_box(box)
    return Geometry.of(size, box)


def check_symmetry(symmetry: str | None, geometry: Geometry) -> str:
    """The canonical symmetry name; 90-degree and diagonal symmetry need square boxes (they map
    rows onto columns, so the box pattern must survive the swap)."""
    name = SYMMETRY_ALIASES.get(str(symmetry or "none").strip().lower(), str(symmetry or "none").strip().lower())
    if name not in SYMMETRIES:
        raise SudokitError(f"unknown symmetry {symmetry!r}; choose one of {', '.join(SYMMETRIES)}")
    if name in ("90", "diagonal") and geometry.box_rows != geometry.box_cols:
        n = geometry.size
        raise SudokitError(
            f"{name} symmetry needs square boxes: it maps rows onto columns, which turns the "
            f"{geometry.box_rows}x{geometry.box_cols} boxes of a {n}x{n} grid into "
            f"{geometry.box_cols}x{geometry.box_rows} ones; use none, 180 or mirror")
    return name


def find_technique(name: str) -> str:
    """A technique id from an id or a name, forgiving case, spaces and underscores
    (``X-Wing``, ``x_wing``, ``xwing`` -> ``x-wing``)."""
    def key(s: str) -> str:
        return "".join(ch for ch in s.lower() if ch.isalnum())

    wanted = key(name)
    for tid, entry in TECHNIQUES.items():
        if wanted in (key(tid), key(entry.name)):
            if tid not in REGISTRY:
                raise SudokitError(f"technique {tid!r} is catalogued but not implemented yet")
            return tid
    known = ", ".join(sorted(REGISTRY))
    raise SudokitError(f"unknown technique {name!r}; known: {known}")


def technique_off(tech: str, geometry: Geometry, jigsaw: bool = False,
                  killer: bool = False) -> str | None:
    """Why the solver never uses technique ``tech`` on puzzles of ``geometry`` (with random
    jigsaw regions or killer cages still to come when ``jigsaw`` or ``killer``), so that no
    such puzzle can need it; None when it may. Each reason is the finder's own condition."""
    family = REGISTRY[tech].family
    cages = killer or geometry.cages is not None
    regions = jigsaw or geometry.regions is not None
    kind = describe(geometry.variants, regions, cages)
    if family == "killer" and not cages:
        why = tr("it reads the sums of killer cages, and these puzzles have no cages")
    elif tech == "bug-plus-1" and kind != "classic":
        why = tr("its proof holds for rows, columns and boxes only, so variants leave it out")
    elif TECHNIQUES[tech].se_chaining and kind != "classic":  # SE's levels are for classic grids
        why = tr("the solver runs these chains on classic grids only")
    elif tech == "empty-rectangle" and regions:
        why = tr("a jigsaw region has no box rows and columns to cross")
    elif family == "uniqueness" and (cages or not (rectangles(geometry) or jigsaw)):
        # random regions may hold rectangles; peers a chess move away or a cage never do
        why = tr("no rectangle of cells can swap two digits there and keep every rule")
    else:
        return None
    return tr("no {kind} puzzle needs {technique}: {why}", kind=kind, technique=tech, why=why)


def target_band(level: str | None, score: tuple[float, float] | None) -> tuple[float, float] | None:
    """The score band ``[low, high]`` a puzzle must fall in (None: any)."""
    if level is None and score is None:
        return None
    low, high = 0.0, math.inf
    if level is not None:
        lo, hi = level_band(level)
        low, high = lo, round(hi - 0.05, 2)  # levels are [low, high): scores step by 0.1
    if score is not None:
        try:
            s_lo, s_hi = (float(x) for x in score)
        except (TypeError, ValueError):
            raise SudokitError(f"score must be a (low, high) pair of numbers, not {score!r}") from None
        if s_lo > s_hi:
            raise SudokitError(f"score range {s_lo}-{s_hi} is empty (low above high)")
        low, high = max(low, s_lo), min(high, s_hi)
        if low > high:
            raise SudokitError(f"score range {s_lo}-{s_hi} does not meet level {level!r}")
    return low, high


def parse_score_range(text: str) -> tuple[float, float]:
    """``"4.0-6.0"`` -> (4.0, 6.0); ``"7"`` -> (7.0, 7.0); ``"7-"`` -> (7.0, inf)."""
    t = text.strip()
    try:
        if "-" in t[1:]:
            i = t.index("-", 1)
            lo, hi = t[:i].strip(), t[i + 1:].strip()
            return float(lo), (float(hi) if hi else math.inf)
        return float(t), float(t)
    except ValueError:
        raise SudokitError(f"score range {text!r} is not LOW-HIGH, e.g. 4.0-6.0") from None


# --- symmetry orbits ----------------------------------------------------------------------------

@lru_cache(maxsize=64)
def orbits(geometry: Geometry, symmetry: str) -> tuple[tuple[int, ...], ...]:
    """The cells grouped by the symmetry: each orbit is a cell and its images."""
    n = geometry.size
    maps = {
        "none": [],
        "180": [lambda r, c: (n - 1 - r, n - 1 - c)],
        "90": [lambda r, c: (c, n - 1 - r), lambda r, c: (n - 1 - r, n - 1 - c),
               lambda r, c: (n - 1 - c, r)],
        "mirror": [lambda r, c: (r, n - 1 - c)],
        "diagonal": [lambda r, c: (c, r)],
    }[symmetry]
    seen: set[int] = set()
    out = []
    for cell in range(geometry.ncells):
        if cell in seen:
            continue
        r, c = divmod(cell, n)
        orbit = sorted({cell} | {a * n + b for a, b in (f(r, c) for f in maps)})
        seen.update(orbit)
        out.append(tuple(orbit))
    return tuple(out)


def is_symmetric(grid: Grid, symmetry: str) -> bool:
    """True if the givens of ``grid`` form a pattern with the symmetry."""
    filled = [bool(v) for v in grid.values]
    return all(len({filled[c] for c in orbit}) == 1 for orbit in orbits(grid.geometry, symmetry))


# --- carving ------------------------------------------------------------------------------------

class _Clock:
    """The deadline of one generation run and what it has done so far (for the message)."""

    def __init__(self, time_limit: float | None) -> None:
        self.start = time.perf_counter()
        self.limit = time_limit
        self.deadline = None if time_limit is None or math.isinf(time_limit) else self.start + time_limit
        self.candidates = 0
        self.found = 0
        self.best: float | None = None
        self.target: _Target | None = None

    def remaining(self) -> float:
        """Seconds left (0.0 = no limit for the core; at least 1 ms otherwise), within the
        budget in force."""
        outer = limits.remaining()
        if self.deadline is None:
            return 0.0 if outer is None else outer
        mine = max(1e-3, self.deadline - time.perf_counter())
        return mine if outer is None else min(mine, outer)

    def expired(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline


def _check(values: bytearray, geometry: Geometry, node_limit: int, clock: _Clock) -> int | None:
    """1 if the puzzle has one solution, 2 if more, 0 if none, None if the node budget ran
    out first. Raises :class:`_Expired` at the deadline."""
    found = core.search(bytes(values), geometry, limit=2, keep=0, node_limit=node_limit,
                        time_limit=clock.remaining())
    if found.count >= 2:
        return 2
    if found.limit_reached or not found.complete:
        if clock.expired():
            raise _Expired()
        limits.check()  # an outer deadline or a cancel
        return None
    return found.count


def _check_removal(values: bytearray, geometry: Geometry, orbit, solution, node_limit: int,
                   clock: _Clock) -> int | None:
    """:func:`_check` of a puzzle that had one solution (``solution``) until the givens of
    ``orbit`` went. Another solution would differ from it in one of those cells, so for a
    variant (whose core search takes candidates on bitboards) one search per cell, with the
    cell's answer ruled out and one solution asked for, decides: no smaller tree than that of
    a count to two, which must finish after finding the known solution."""
    if geometry.is_classic:  # the 9x9 classic core takes no candidates: count to two
        return _check(values, geometry, node_limit, clock)
    full = (1 << geometry.size) - 1
    masks = array.array("Q", [full]) * geometry.ncells
    grid = bytes(values)
    for c in orbit:
        masks[c] = full & ~(1 << (solution[c] - 1))
        found = core.search(grid, geometry, limit=1, keep=0, node_limit=node_limit,
                            time_limit=clock.remaining(), restarts=False, candidates=masks.tobytes())
        masks[c] = full
        if found.count:
            return 2
        if found.limit_reached or not found.complete:
            if clock.expired():
                raise _Expired()
            limits.check()
            return None
    return 1


class _Expired(Exception):
    """The deadline passed inside a generation step."""


@lru_cache(maxsize=64)
def _orbit_tables(geometry: Geometry, symmetry: str) -> tuple[bytes, bytes]:
    """The orbits as the core's carving loop reads them: their cells one orbit after another
    (uint16) and the orbits' offsets into them (uint32)."""
    cells = array.array("H", [c for orbit in orbits(geometry, symmetry) for c in orbit])
    start = array.array("I", [0])
    for orbit in orbits(geometry, symmetry):
        start.append(start[-1] + len(orbit))
    return cells.tobytes(), start.tobytes()


def carve(solution: list[int], geometry: Geometry, symmetry: str, minimal: bool,
          rng: random.Random, clock: _Clock, tries: int = 1) -> bytearray | None:
    """Remove givens from a full grid in random orbit order, keeping one solution. With
    ``minimal`` every orbit left is proved necessary, or None when that proof passes its budget
    for the ``tries``-th grid (:func:`_final_budget`). The loop runs in the core (one call,
    :func:`sudokit.engines.search.core.carve`); ``rng`` seeds the orbits' random order, so a seed gives
    the same puzzle."""
    if not geometry.is_classic:
        return _carve_in_python(solution, geometry, symmetry, minimal, rng, clock)
    cells, start = _orbit_tables(geometry, symmetry)
    per_proof, total = _final_budget(geometry.size, tries)
    carved = core.carve(bytes(solution), geometry, cells, start, rng.getrandbits(64),
                        node_limit=_budget(geometry.size), minimal=minimal,
                        time_limit=clock.remaining(), final_node_limit=per_proof,
                        final_total_nodes=total)
    if not carved.complete:
        if not clock.expired():
            limits.check()  # an outer deadline: its own message
        raise _Expired()
    if minimal and carved.undecided:
        return None
    return bytearray(carved.values)


def _carve_in_python(solution: list[int], geometry: Geometry, symmetry: str, minimal: bool,
          rng: random.Random, clock: _Clock) -> bytearray:
    """:func:`carve` for variant grids, one core search per removal: on the variant search
    the core's carving loop (which tries the solution's digits first) took 3 to 30 times
    longer (x + anti-king, anti-knight: up to a minute a puzzle)."""
    values = bytearray(solution)
    order = list(orbits(geometry, symmetry))
    rng.shuffle(order)
    budget = _budget(geometry.size)
    undecided = []
    for k, orbit in enumerate(order):
        if k % 32 == 0:
            limits.check()
        kept = [values[c] for c in orbit]
        for c in orbit:
            values[c] = 0
        verdict = _check_removal(values, geometry, orbit, solution, budget, clock)
        if verdict != 1:
            for c, v in zip(orbit, kept):
                values[c] = v
            if verdict is None:
                undecided.append(orbit)
    if minimal and undecided:
        for orbit in undecided:
            kept = [values[c] for c in orbit]
            for c in orbit:
                values[c] = 0
            if _check_removal(values, geometry, orbit, solution, 0, clock) != 1:
                for c, v in zip(orbit, kept):
                    values[c] = v
    return values


def is_minimal(grid: Grid, symmetry: str = "none") -> bool:
    """True if no given (no orbit of givens, with a symmetry) can be removed with the puzzle
    keeping one solution. Asks the core once per given."""
    values = list(grid.values)
    for orbit in orbits(grid.geometry, symmetry):
        if not values[orbit[0]]:
            continue
        trial = values[:]
        for c in orbit:
            trial[c] = 0
        if core.count_solutions(Grid(grid.geometry, trial), 2) == 1:
            return False
    return True


# --- the generator ------------------------------------------------------------------------------

def _new_seed() -> int:
    return random.SystemRandom().getrandbits(48)


def check_level(level: str | None) -> str | None:
    """The canonical level name (one of :data:`GENERATE_LEVELS`) or None."""
    if level is None:
        return None
    key = str(level).strip().lower()
    if key not in GENERATE_LEVELS:
        raise SudokitError(f"unknown level {level!r}; choose one of {', '.join(GENERATE_LEVELS)}")
    return key


@dataclass(frozen=True)
class _Target:
    """What one puzzle must be: a band and/or technique, and how to look for it."""

    level: str | None
    band: tuple[float, float] | None
    tech: str | None
    fill: bool  # fill in towards the band (else: random minimal puzzles, rated)


def _target(geometry: Geometry, level, score, tech, minimal_asked, classic: bool = True) -> _Target:
    """The target of one puzzle, checked against what the size can have (a technique above
    the band or a level the size cannot reach is refused at once). Variant puzzles (not
    ``classic``) fill givens in towards the band at every size: their minimal puzzles are
    nearly all at the top of the scale."""
    band = target_band(level, score)
    if classic:  # what each small size can reach is known for the classic rules only
        check_reachable(geometry, level, band, tech)
    if tech is not None and band is not None:
        floor = technique_weight(tech, direct=True)
        if floor > band[1]:
            raise SudokitError(
                f"a puzzle that needs {tech} scores at least {floor:.1f}, above the "
                f"requested {_band_text(level, band)}")
    fill = (band is not None and not math.isinf(band[1])
            and (geometry.size >= FILL_MIN_SIZE or not classic) and minimal_asked is not True)
    return _Target(level, band, tech, fill)


def _settings(size, box, symmetry, minimal, level, score, technique, variant=None, regions=None):
    geometry = geometry_for(size, box)
    if variant or regions is not None:
        geometry = geometry.with_variants(variant or (), regions)
    sym = check_symmetry(symmetry, geometry)
    minimal_asked = minimal
    classic = geometry.is_classic and not wants_jigsaw(variant)
    if minimal is None:  # the variant solver has no look-ahead: long proofs above 9x9
        minimal = geometry.size <= (AUTO_MINIMAL_MAX_SIZE if classic else 9)
    level = check_level(level)
    tech = find_technique(technique) if technique is not None else None
    if tech is not None:
        off = technique_off(tech, geometry, wants_jigsaw(variant) and regions is None,
                            wants_killer(variant))
        if off:
            raise SudokitError(off)
    if level == ANY_LEVEL:
        choices = any_levels(geometry.size)
        targets = []
        for name in choices:  # a score range or technique must meet at least one of them
            try:
                targets.append(_target(geometry, name, score, tech, minimal_asked, classic))
            except SudokitError:
                continue
        if not targets:
            _target(geometry, choices[-1], score, tech, minimal_asked, classic)  # raises, with why
    else:
        targets = [_target(geometry, level, score, tech, minimal_asked, classic)]
    return geometry, sym, bool(minimal), tuple(targets)


def _band_text(level: str | None, band: tuple[float, float]) -> str:
    if level is not None:
        return f"level {level}"
    hi = "" if math.isinf(band[1]) else f"{band[1]:g}"
    return f"score {band[0]:g}-{hi}"


def _want_text(target: _Target) -> str:
    level, band, tech = target.level, target.band, target.tech
    parts = []
    if band is not None:
        parts.append(f"at {_band_text(level, band)}")
    if tech is not None:
        parts.append(f"needing {tech}")
    return " and ".join(parts) or "unique"


def _rate(puzzle: Grid, ceiling: float | None, clock: _Clock, required: bool):
    """The rating of a unique puzzle within the time left (None when it runs out and the
    rating is not required; _Expired when it is)."""
    left = None if clock.deadline is None else max(1e-3, clock.deadline - time.perf_counter())
    try:
        return rate_puzzle(puzzle, unique=True, time_limit=left, ceiling=ceiling)
    except SearchLimitError:
        if not clock.expired():
            limits.check()  # an outer deadline: its own message
        if required:
            raise _Expired() from None
        return None  # no target: the puzzle stands, without its rating


def _note_miss(clock: _Clock, score: float, band: tuple[float, float]) -> None:
    if clock.best is None or abs(score - band[0]) < abs(clock.best - band[0]):
        clock.best = score


def _rated(puzzle: Grid, target: _Target, clock: _Clock, rate: bool):
    """(whether the unique ``puzzle`` meets the target's band and technique, its rating or
    None when neither a target nor ``rate`` asks for one)."""
    band, tech = target.band, target.tech
    if band is None and tech is None and not rate:
        return True, None
    ceiling = None if band is None or math.isinf(band[1]) else band[1]
    rating = _rate(puzzle, ceiling, clock, band is not None or tech is not None)
    if rating is not None and band is not None and not band[0] <= rating.score <= band[1]:
        _note_miss(clock, rating.score, band)
        return False, rating
    return rating is None or _meets(rating, target), rating


def _meets(rating, target: _Target) -> bool:
    band, tech = target.band, target.tech
    return ((band is None or band[0] <= rating.score <= band[1])
            and (tech is None or tech in rating.techniques))


#: Candidates ``level="any"`` draws for the level it picked before it takes a puzzle of any level
#: the size can have (a 6x6 killer can go over a hundred candidates without a hard one; a
#: count, unlike seconds, keeps a seed's puzzle the same).
ANY_LEVEL_PATIENCE = 25


def _rated_any(puzzle: Grid, target: _Target, targets: tuple[_Target, ...], clock: _Clock,
               rate: bool, tries: int):
    """:func:`_rated`, and for ``level="any"`` from candidate :data:`ANY_LEVEL_PATIENCE` on: a
    puzzle whose full rating meets another of the targets fits too."""
    fits, rating = _rated(puzzle, target, clock, rate)
    if fits or len(targets) == 1 or rating is None or not rating.solved:
        return fits, rating
    if tries < ANY_LEVEL_PATIENCE:
        return False, rating
    return any(_meets(rating, t) for t in targets), rating


def _one(geometry: Geometry, sym: str, minimal: bool, targets: tuple[_Target, ...], seed: int,
         clock: _Clock, rate: bool, jigsaw: bool = False, killer: int | None = None) -> Generated:
    """Candidates from ``seed`` until one fits (raises _Expired at the deadline). With several
    targets (``level="any"``) the seed picks one. ``killer``: killer puzzles with that many
    givens."""
    if killer is not None:
        return _one_killer(geometry, targets, seed, clock, rate, killer)
    rng = random.Random(seed)
    target = targets[0] if len(targets) == 1 else rng.choice(targets)
    clock.target = target
    band = target.band
    plain = geometry
    start = time.perf_counter()
    tries = 0
    while True:
        if clock.expired():
            raise _Expired()
        limits.check()
        tries += 1
        clock.candidates += 1
        if jigsaw:  # new regions with each candidate, and a grid that fills them
            geometry, solution = _random_jigsaw(plain, rng, clock)
        else:
            solution = core.random_solution(geometry, rng.getrandbits(63)).values
        try:
            values = carve(solution, geometry, sym, minimal, random.Random(rng.getrandbits(64)), clock,
                           tries)
            if values is None:  # its minimality would take long: a new grid
                continue
            if target.fill:
                filled, worst = fill_to_band(values, solution, geometry, orbits(geometry, sym),
                                             band[1], random.Random(rng.getrandbits(64)), band[0])
                if worst < band[0]:  # never needed a step of the band: too easy
                    _note_miss(clock, worst, band)
                    continue
                values = bytearray(filled)
        except SearchLimitError:
            if clock.expired():
                raise _Expired() from None
            raise
        if _check(values, geometry, 0, clock) != 1:  # the final word of the core, always
            raise SudokitError("internal error: a carved puzzle lost its unique solution")
        puzzle = Grid(geometry, list(values))
        fits, rating = _rated_any(puzzle, target, targets, clock, rate, tries)
        if not fits:
            continue
        solved = Grid(geometry, list(solution), givens=[bool(v) for v in values])
        return Generated(puzzle, solved, rating if rate else None, seed, tries,
                         time.perf_counter() - start)


def _killer_givens(variant, givens, geometry: Geometry) -> int | None:
    """The number of givens of the killer puzzles asked for (None: not killer)."""
    if not wants_killer(variant):
        if givens:
            raise SudokitError("givens= is for killer puzzles (variant='killer')")
        return None
    givens = 0 if givens is None else int(givens)
    if not 0 <= givens < geometry.ncells:
        raise SudokitError(f"a killer puzzle has 0 to {geometry.ncells - 1} givens, not {givens}")
    return givens


#: Search nodes a killer's uniqueness proof may take while its cages are cut (core nodes up to
#: 16x16, reference nodes above): a merge whose proof needs more is undone.
KILLER_PROOF_NODES = 2_000


def _one_killer(plain: Geometry, targets: tuple[_Target, ...], seed: int, clock: _Clock,
                rate: bool, givens: int) -> Generated:
    """Killer puzzles from ``seed`` until one fits the target: a random solution, ``givens``
    random givens, and cages cut over it (:func:`sudokit.model.rules.killer.cut_cages`); with a level,
    cages merge only while the logic still solves the puzzle within the band's top, and a
    puzzle below the band is drawn again."""
    rng = random.Random(seed)
    target = targets[0] if len(targets) == 1 else rng.choice(targets)
    clock.target = target
    band = target.band
    start = time.perf_counter()
    tries = 0
    while True:
        if clock.expired():
            raise _Expired()
        limits.check()
        tries += 1
        clock.candidates += 1
        solution = core.random_solution(plain, rng.getrandbits(63)).values
        shown = set(rng.sample(range(plain.ncells), givens))
        values = [v if i in shown else 0 for i, v in enumerate(solution)]
        top = None if band is None or math.isinf(band[1]) else band[1]

        def keeps(cages) -> bool:
            """One solution, and with a band's top: the logic solves it within the top (which
            proves the one solution: no uniqueness technique applies to cages)."""
            if clock.expired():
                raise _Expired()
            grid = Grid(plain.with_cages(cages), values)
            if top is not None:
                found = rate_puzzle(grid, unique=True, ceiling=top)
                return found.solved and found.score <= top
            if plain.size > core.MAX_CAGE_SIZE:
                result = reference.solve(grid, limit=2, node_limit=KILLER_PROOF_NODES)
                return result.count == 1 and not result.limit_reached
            try:
                return core.count_solutions(grid, 2, node_limit=KILLER_PROOF_NODES) == 1
            except SearchLimitError:
                return False

        cages = cut_cages(solution, plain.size, random.Random(rng.getrandbits(64)), keeps)
        puzzle = Grid(plain.with_cages(cages), values)
        fits, rating = _rated_any(puzzle, target, targets, clock, rate, tries)
        if not fits:
            continue
        solved = Grid(puzzle.geometry, list(solution), givens=[bool(v) for v in values])
        return Generated(puzzle, solved, rating if rate else None, seed, tries,
                         time.perf_counter() - start)


def _random_jigsaw(geometry: Geometry, rng: random.Random, clock: _Clock) -> tuple[Geometry, list[int]]:
    """The geometry with random jigsaw regions and a random full grid of them (regions an
    empty grid does not fill quickly are drawn again)."""
    while True:
        if clock.expired():
            raise _Expired()
        limits.check()
        regions = random_regions(geometry.size, geometry.box_rows, geometry.box_cols, rng)
        g = Geometry(geometry.box_rows, geometry.box_cols, geometry.variants, regions)
        full = core.solve(Grid.empty(g), 1, node_limit=_JIGSAW_FILL_NODES, seed=rng.getrandbits(63))
        if full.solution is not None:
            return g, full.solution.values


#: Nodes an empty jigsaw grid may take to show it can be filled before its regions are redrawn
#: (the variant search restarts in new random orders within it; a 16x16 fills in a median of
#: about 8,000 nodes, and new regions cost less than a long search of a layout that fills badly).
_JIGSAW_FILL_NODES = 50_000


def _limit_message(clock: _Clock, targets: tuple[_Target, ...], count: int | None = None) -> str:
    target = clock.target if clock.target is not None else targets[0]
    want = _want_text(target)
    limit = f"{clock.limit:g} s"
    done = ""
    if count is not None and count > 1:
        done = f"{clock.found} of {count} puzzles, "
    tail = f"none {want}" if want != "unique" else "no unique puzzle finished"
    if clock.best is not None and want != "unique":
        tail += f" (nearest score {clock.best:.1f})"
    n = clock.candidates
    return f"time limit {limit} reached after {done}{n} candidate{'s' if n != 1 else ''}, {tail}"


def generate(size: int = 9, *, box=None, symmetry: str = "none", minimal: bool | None = None,
             level: str | None = None, score: tuple[float, float] | None = None,
             technique: str | None = None, seed: int | None = None,
             time_limit: float | None = None, rate: bool = True, variant=None,
             regions=None, givens: int | None = None) -> Generated:
    """One puzzle with exactly one solution.

    ``size`` and ``box`` (``(r, c)`` or ``"RxC"``) give the grid; ``symmetry`` one of
    :data:`SYMMETRIES` (90 and diagonal need square boxes); ``minimal`` (default: true up to
    16x16; with a level from 10x10 up: a minimal puzzle plus the givens the level needs, see
    the module doc; ``minimal=True`` insists on minimal puzzles) makes every given necessary;
    ``level`` (see :data:`sudokit.engines.rating.LEVELS`, or ``"any"``: one the size can have, at
    random per seed) or ``score`` = (low, high) on the SE scale and ``technique`` (an id or
    name: the solve path must use it) set a target (one no puzzle of the size can meet raises
    :class:`SudokitError` at once); ``seed`` makes the output reproducible (the seed used is in the
    result); ``rate`` adds the rating. ``time_limit`` in seconds (default
    :data:`DEFAULT_TIME_LIMIT` when there is a target, none otherwise): reaching it raises
    :class:`SearchLimitError` naming what was reached -- except when only the rating of an
    untargeted puzzle runs out of time: the puzzle is returned with ``rating`` None. The limit
    is checked between core calls and between solving steps (a single step of a forcing
    technique on a 25x25 grid can take seconds). The work runs under the budget in force
    (:mod:`sudokit.engines.limits`): an outer deadline or cancel token stops it too.

    ``variant`` (names, e.g. ``"x,anti-knight"``; ``jigsaw`` makes random connected regions
    per puzzle) and ``regions`` (fixed jigsaw regions) generate variant puzzles (see
    :mod:`sudokit.model.rules`), rated and aimed at a level like classic ones. ``killer`` makes
    killer puzzles: random cages of 1-5 cells cut over a random solution until their sums alone
    (with ``givens`` random givens, default none) have one solution (see
    :func:`sudokit.model.rules.killer.cut_cages`).
    """
    geometry, sym, minimal, targets = _settings(size, box, symmetry, minimal, level, score, technique,
                                                variant, regions)
    jigsaw = wants_jigsaw(variant) and regions is None  # random regions for each puzzle
    killer = _killer_givens(variant, givens, geometry)
    if time_limit is None and _has_target(targets):
        time_limit = DEFAULT_TIME_LIMIT
    clock = _Clock(time_limit)
    seed = _new_seed() if seed is None else int(seed)
    try:
        result = _run(geometry, sym, minimal, targets, seed, clock, rate, jigsaw, killer)
    except _Expired:
        raise SearchLimitError(_limit_message(clock, targets)) from None
    result.seconds = time.perf_counter() - clock.start
    return result


def _has_target(targets: tuple[_Target, ...]) -> bool:
    return any(t.band is not None or t.tech is not None for t in targets)


def _run(geometry, sym, minimal, targets, seed, clock: _Clock, rate: bool,
         jigsaw: bool = False, killer: int | None = None) -> Generated:
    """:func:`_one` under the shared budget: the clock's time left and the outer budget's."""
    left = None if clock.deadline is None else max(0.0, clock.deadline - time.perf_counter())
    # a little after the clock, so that the clock's own message (what was reached) wins
    with limits.limited(None if left is None else left + 0.05, what="the generator"):
        return _one(geometry, sym, minimal, targets, seed, clock, rate, jigsaw, killer)


def generate_many(count: int, size: int = 9, **options) -> Iterator[Generated]:
    """``count`` puzzles (see :func:`generate` for the options). With a ``seed`` the whole
    sequence is reproducible (each result's own seed reproduces it alone with
    :func:`generate`). ``time_limit`` bounds the whole run: when it is reached the puzzles
    found so far have been yielded and :class:`SearchLimitError` says how many."""
    if count < 1:
        raise SudokitError(f"count must be at least 1, not {count}")
    unknown = set(options) - {"box", "symmetry", "minimal", "level", "score", "technique", "seed",
                              "time_limit", "rate", "variant", "regions", "givens"}
    if unknown:
        raise TypeError(f"generate_many() got unexpected option(s): {', '.join(sorted(unknown))}")
    geometry, sym, minimal, targets = _settings(
        size, options.get("box"), options.get("symmetry", "none"), options.get("minimal"),
        options.get("level"), options.get("score"), options.get("technique"),
        options.get("variant"), options.get("regions"))
    jigsaw = wants_jigsaw(options.get("variant")) and options.get("regions") is None
    killer = _killer_givens(options.get("variant"), options.get("givens"), geometry)
    rate = options.get("rate", True)
    time_limit = options.get("time_limit")
    if time_limit is None and _has_target(targets):
        time_limit = DEFAULT_TIME_LIMIT * count
    seed = options.get("seed")
    master = random.Random(_new_seed() if seed is None else int(seed))
    clock = _Clock(time_limit)
    for _ in range(count):
        own = master.getrandbits(48)
        try:
            item = _run(geometry, sym, minimal, targets, own, clock, rate, jigsaw, killer)
        except _Expired:
            raise SearchLimitError(_limit_message(clock, targets, count)) from None
        clock.found += 1
        yield item


__all__ = ["generate", "generate_many", "Generated", "SYMMETRIES", "DEFAULT_TIME_LIMIT",
           "orbits", "is_symmetric", "is_minimal", "find_technique", "technique_off", "target_band",
           "parse_score_range", "check_symmetry", "check_level", "geometry_for", "carve",
           "GENERATE_LEVELS", "ANY_LEVEL"]
