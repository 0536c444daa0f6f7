"""A generator of puzzles with exactly one solution, at every size, optionally at a chosen
difficulty, with a chosen technique, symmetric and minimal.

How a puzzle is made: a random full grid (:func:`sudokit.search.core.random_solution`), then
givens are removed in random order, one symmetry orbit at a time (a cell and its images under
the chosen symmetry), and a removal is kept only when the compiled core proves the puzzle still
has one solution (the core is called directly on byte buffers). A proof that needs more than a
small node budget counts as "not proved" in the first pass; for a minimal puzzle those givens are
tried again with no budget, so that in the end no given (no orbit, with a symmetry) can go.
Every puzzle is checked by the core once more before it is returned.

A difficulty target (``level``, ``score``, ``technique``) is met by rating candidates
(:func:`sudokit.rating.rate`, stopped early once a candidate is known to be too hard) until one
fits; the time limit bounds that search and, when reached, raises :class:`SearchLimitError`
saying how far it got. The same seed and options give the same puzzles.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache

from .errors import SearchLimitError, SudokitError
from .geometry import Geometry, parse_box
from .grid import Grid

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


def _budget(size: int) -> int:
    """Core nodes a first-pass uniqueness proof may take (0 = no limit): small grids are proved
    at once; on large ones the removals whose proof needs a long search are mostly the ones that
    break uniqueness, so a small budget finds nearly the same puzzle much faster."""
    return 0 if size <= 12 else 200


@dataclass
class Generated:
    """A generated puzzle, its solution, its rating (None when not asked) and the seed that
    reproduces it with the same options (``generate(..., seed=g.seed)``)."""

    puzzle: Grid
    solution: Grid
    rating: object | None  # sudokit.rating.Rating
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
    from .logic.techniques import CATALOGUE, REGISTRY

    def key(s: str) -> str:
        return "".join(ch for ch in s.lower() if ch.isalnum())

    wanted = key(name)
    for tid, (human, *_rest) in CATALOGUE.items():
        if wanted in (key(tid), key(human)):
            if tid not in REGISTRY:
                raise SudokitError(f"technique {tid!r} is catalogued but not implemented yet")
            return tid
    known = ", ".join(sorted(REGISTRY))
    raise SudokitError(f"unknown technique {name!r}; known: {known}")


def target_band(level: str | None, score: tuple[float, float] | None) -> tuple[float, float] | None:
    """The score band ``[low, high]`` a puzzle must fall in (None: any)."""
    from .rating import level_band

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

    def remaining(self) -> float:
        """Seconds left (0.0 = no limit for the core; at least 1 ms otherwise)."""
        if self.deadline is None:
            return 0.0
        return max(1e-3, self.deadline - time.perf_counter())

    def expired(self) -> bool:
        return self.deadline is not None and time.perf_counter() >= self.deadline


def _check(values: bytearray, geometry: Geometry, node_limit: int, clock: _Clock) -> int | None:
    """1 if the puzzle has one solution, 2 if more, 0 if none, None if the node budget ran
    out first. Raises :class:`_Expired` at the deadline."""
    from .search import _core

    _, count, complete, limit_reached, _, _ = _core.solve(
        bytes(values), geometry.box_rows, geometry.box_cols, limit=2, keep=0,
        node_limit=node_limit, time_limit=clock.remaining())
    if count >= 2:
        return 2
    if limit_reached or not complete:
        if clock.expired():
            raise _Expired()
        return None
    return count


class _Expired(Exception):
    """The deadline passed inside a generation step."""


def carve(solution: list[int], geometry: Geometry, symmetry: str, minimal: bool,
          rng: random.Random, clock: _Clock) -> bytearray:
    """Remove givens from a full grid in random orbit order, keeping one solution. With
    ``minimal`` every orbit left is proved necessary."""
    values = bytearray(solution)
    order = list(orbits(geometry, symmetry))
    rng.shuffle(order)
    budget = _budget(geometry.size)
    undecided = []
    for orbit in order:
        kept = [values[c] for c in orbit]
        for c in orbit:
            values[c] = 0
        verdict = _check(values, geometry, budget, clock)
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
            if _check(values, geometry, 0, clock) != 1:
                for c, v in zip(orbit, kept):
                    values[c] = v
    return values


def is_minimal(grid: Grid, symmetry: str = "none") -> bool:
    """True if no given (no orbit of givens, with a symmetry) can be removed with the puzzle
    keeping one solution. Asks the core once per given."""
    from .search import core

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


def _settings(size, box, symmetry, minimal, level, score, technique):
    geometry = geometry_for(size, box)
    sym = check_symmetry(symmetry, geometry)
    if minimal is None:
        minimal = geometry.size <= AUTO_MINIMAL_MAX_SIZE
    band = target_band(level, score)
    tech = find_technique(technique) if technique is not None else None
    if tech is not None and band is not None:
        from .rating import DIRECT_WEIGHTS, technique_weight

        floor = min(technique_weight(tech), DIRECT_WEIGHTS.get(tech, math.inf))
        if floor > band[1]:
            raise SudokitError(
                f"a puzzle that needs {tech} scores at least {floor:.1f}, above the "
                f"requested {_band_text(level, band)}")
    return geometry, sym, bool(minimal), band, tech


def _band_text(level: str | None, band: tuple[float, float]) -> str:
    if level is not None:
        return f"level {level}"
    hi = "" if math.isinf(band[1]) else f"{band[1]:g}"
    return f"score {band[0]:g}-{hi}"


def _want_text(level, band, tech) -> str:
    parts = []
    if band is not None:
        parts.append(f"at {_band_text(level, band)}")
    if tech is not None:
        parts.append(f"needing {tech}")
    return " and ".join(parts) or "unique"


def _one(geometry: Geometry, sym: str, minimal: bool, level, band, tech, seed: int,
         clock: _Clock, rate: bool) -> Generated:
    """Candidates from ``seed`` until one fits (raises _Expired at the deadline)."""
    from .rating import rate as rate_puzzle
    from .search import core

    rng = random.Random(seed)
    start = time.perf_counter()
    tries = 0
    while True:
        if clock.expired():
            raise _Expired()
        tries += 1
        clock.candidates += 1
        solution = core.random_solution(geometry, rng.getrandbits(63)).values
        values = carve(solution, geometry, sym, minimal, random.Random(rng.getrandbits(64)), clock)
        if _check(values, geometry, 0, clock) != 1:  # the final word of the core, always
            raise SudokitError("internal error: a carved puzzle lost its unique solution")
        puzzle = Grid(geometry, list(values))
        rating = None
        if band is not None or tech is not None or rate:
            ceiling = None if band is None or math.isinf(band[1]) else band[1]
            left = None if clock.deadline is None else max(1e-3, clock.deadline - time.perf_counter())
            try:
                rating = rate_puzzle(puzzle, unique=True, time_limit=left, ceiling=ceiling)
            except SearchLimitError:
                if band is not None or tech is not None:
                    raise _Expired() from None
                rating = None  # no target: the puzzle stands, without its rating
            if rating is not None and band is not None and not band[0] <= rating.score <= band[1]:
                if clock.best is None or abs(rating.score - band[0]) < abs(clock.best - band[0]):
                    clock.best = rating.score
                continue
            if rating is not None and tech is not None and tech not in rating.techniques:
                continue
        solved = Grid(geometry, list(solution), givens=[bool(v) for v in values])
        return Generated(puzzle, solved, rating if rate else None, seed, tries,
                         time.perf_counter() - start)


def _limit_message(clock: _Clock, want: str, count: int | None = None) -> str:
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
             time_limit: float | None = None, rate: bool = True) -> Generated:
    """One puzzle with exactly one solution.

    ``size`` and ``box`` (``(r, c)`` or ``"RxC"``) give the grid; ``symmetry`` one of
    :data:`SYMMETRIES` (90 and diagonal need square boxes); ``minimal`` (default: true up to
    16x16) makes every given necessary; ``level`` (see :data:`sudokit.rating.LEVELS`) or
    ``score`` = (low, high) on the SE scale and ``technique`` (an id or name: the solve path
    must use it) set a target; ``seed`` makes the output reproducible (the seed used is in the
    result); ``rate`` adds the rating. ``time_limit`` in seconds (default
    :data:`DEFAULT_TIME_LIMIT` when there is a target, none otherwise): reaching it raises
    :class:`SearchLimitError` naming what was reached -- except when only the rating of an
    untargeted puzzle runs out of time: the puzzle is returned with ``rating`` None. The limit
    is checked between core calls and between solving steps (a single step of a forcing
    technique on a 25x25 grid can take seconds).
    """
    geometry, sym, minimal, band, tech = _settings(size, box, symmetry, minimal, level, score, technique)
    if time_limit is None and (band is not None or tech is not None):
        time_limit = DEFAULT_TIME_LIMIT
    clock = _Clock(time_limit)
    seed = _new_seed() if seed is None else int(seed)
    try:
        result = _one(geometry, sym, minimal, level, band, tech, seed, clock, rate)
    except _Expired:
        raise SearchLimitError(_limit_message(clock, _want_text(level, band, tech))) from None
    result.seconds = time.perf_counter() - clock.start
    return result


def generate_many(count: int, size: int = 9, **options) -> Iterator[Generated]:
    """``count`` puzzles (see :func:`generate` for the options). With a ``seed`` the whole
    sequence is reproducible (each result's own seed reproduces it alone with
    :func:`generate`). ``time_limit`` bounds the whole run: when it is reached the puzzles
    found so far have been yielded and :class:`SearchLimitError` says how many."""
    if count < 1:
        raise SudokitError(f"count must be at least 1, not {count}")
    unknown = set(options) - {"box", "symmetry", "minimal", "level", "score", "technique", "seed",
                              "time_limit", "rate"}
    if unknown:
        raise TypeError(f"generate_many() got unexpected option(s): {', '.join(sorted(unknown))}")
    geometry, sym, minimal, band, tech = _settings(
        size, options.get("box"), options.get("symmetry", "none"), options.get("minimal"),
        options.get("level"), options.get("score"), options.get("technique"))
    level, rate = options.get("level"), options.get("rate", True)
    time_limit = options.get("time_limit")
    if time_limit is None and (band is not None or tech is not None):
        time_limit = DEFAULT_TIME_LIMIT * count
    seed = options.get("seed")
    master = random.Random(_new_seed() if seed is None else int(seed))
    clock = _Clock(time_limit)
    for _ in range(count):
        own = master.getrandbits(48)
        try:
            item = _one(geometry, sym, minimal, level, band, tech, own, clock, rate)
        except _Expired:
            raise SearchLimitError(_limit_message(clock, _want_text(level, band, tech), count)) from None
        clock.found += 1
        yield item


__all__ = ["generate", "generate_many", "Generated", "SYMMETRIES", "DEFAULT_TIME_LIMIT",
           "orbits", "is_symmetric", "is_minimal", "find_technique", "target_band",
           "parse_score_range", "check_symmetry", "geometry_for", "carve"]
