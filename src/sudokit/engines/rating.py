"""Difficulty rating on the Sudoku Explainer (SE) scale, from the logical solve path.

The score is the rating of the hardest step a simplest-first solve needs (1.0 = the last empty
cell of a house ... about 11 = nested trial), as Sudoku Explainer's ER; the level is a band of
the score; the techniques are those the path uses. How the path is chosen and scored:

- The solver is :class:`sudokit.engines.logic.LogicalSolver`; the rating solver (:func:`rating_solver`)
  only changes how the next step is picked: the step with the lowest *rated* score (below), as
  SE does, instead of the first technique in catalogue order.
- What the rating knows of each technique is its entry of the technique table
  (:data:`sudokit.engines.difficulty.TECHNIQUES`). A step is rated at its entry's SE weight
  (``se_weight``; the catalogue weight where SE's scale agrees: techniques SE does not have are
  rated as the chain SE needs instead): a hidden single is 1.2 in a box and 1.5 in a row or
  column (``line_weight``); an intersection or hidden subset whose eliminations open a hidden
  single is a *direct* technique (``direct_weight``: direct pointing 1.7, claiming 1.9, hidden
  pair 2.0, hidden triple 2.5).
- Steps whose entry grows with length (chains, loops, colouring, ALS, Nishio, and what SE
  rates as chains) get SE's length adjustment
  (:func:`sudokit.engines.difficulty.length_bonus`): +0.1 each time their length passes a step
  of 4, 6, 8, 12, 16, 24, 32, 48, ... (each step alternately x1.5 and x4/3 of the one before).
  The length (:func:`step_length`) is the number of cells of the chain, one more when it goes
  through bivalue cells; cells plus links for ALS steps; the cells a Nishio branch fills.
- SE's own chaining levels (entries with ``se_chaining``: multiple 8.0, dynamic 8.5, dynamic+
  9.0, nested 9.5 + 0.5 per level) carry their rating in the step: the level's base plus the
  length adjustment of the chains' complexity (every potential of every chain, inner chains
  included), as SE counts it; the finders compare a level's hints while a rating runs. The
  propagation-based forcing chains and nets (not ``rated_on_classic``) are left out of the
  rating path on classic grids, and trial techniques are used only when no technique has a
  step.
- A puzzle the techniques cannot finish without trial (a ``trial``-family step, or stuck with no
  technique left) is rated honestly: ``trial`` is true, the level is ``extreme`` and the
  :attr:`Rating.label` says "needs trial"; when the solver was stuck the score is at least the
  lowest trial weight of the table.

Calibration against Sudoku Explainer 1.2.1 on ``shared/data/se_rated.tsv`` (325 puzzles):
``benchmarks/bench_rating.py``; the figures are in ``docs/rating.md``.

Levels (:data:`LEVEL_BANDS`): easy < 2.0 <= medium < 3.0 <= hard < 4.5 <= expert < 7.0 <=
extreme. Works for every size the logical solver handles.
"""

from __future__ import annotations

import math
import time
from dataclasses import dataclass, field

from sudokit.engines import limits
from sudokit.engines.difficulty import TECHNIQUES, length_bonus
from sudokit.engines.logic.context import Known
from sudokit.engines.logic.options import Options
from sudokit.engines.logic.solver import LogicalSolver, givens_grid
from sudokit.engines.logic.techniques import REGISTRY, default_order
from sudokit.model.errors import InvalidPuzzleError, SearchLimitError, SudokitError
from sudokit.model.grid import Grid
from sudokit.model.position import Position
from sudokit.i18n import N_, gettext, tr

LEVELS = (N_("easy"), N_("medium"), N_("hard"), N_("expert"), N_("extreme"))

#: Level -> [low, high) score band.
LEVEL_BANDS: dict[str, tuple[float, float]] = {
    "easy": (1.0, 2.0),      # singles, direct intersections
    "medium": (2.0, 3.0),    # naked singles, direct hidden pairs, intersections
    "hard": (3.0, 4.5),      # pairs, triples, X-Wing, Swordfish, XY/XYZ-Wing
    "expert": (4.5, 7.0),    # uniqueness, quads, Jellyfish, BUG, short chains
    "extreme": (7.0, math.inf),  # long chains, ALS, forcing chains and nets, trial
}

#: Fish whose fin has several cells are grouped: SE needs Nishio for them.
GROUPED_FIN_WEIGHT = 7.5

#: At most this many instances of a length-rated technique are compared for the shortest.
MAX_COMPARED = 400


def level_of(score: float, trial: bool = False) -> str:
    """The level of a score (``extreme`` whenever trial was needed)."""
    if trial:
        return LEVELS[-1]
    for name in LEVELS:
        low, high = LEVEL_BANDS[name]
        if score < high:
            return name
    return LEVELS[-1]


def level_band(level: str) -> tuple[float, float]:
    """The [low, high) score band of a level name (case-insensitive)."""
    key = level.strip().lower()
    if key not in LEVEL_BANDS:
        raise SudokitError(tr("unknown level {level}; choose one of {choices}", level=repr(level),
                              choices=", ".join(LEVELS)))
    return LEVEL_BANDS[key]


# --- scoring steps ------------------------------------------------------------------------------

def technique_weight(technique: str, direct: bool = False) -> float:
    """The lowest SE-scale rating a step of ``technique`` can get (``direct``: counting its
    direct weight, for a step that opens a hidden single)."""
    entry = TECHNIQUES[technique]
    weights = [entry.se_weight, entry.line_weight, entry.single_digit_weight,
               entry.direct_weight if direct else None]
    return min(w for w in weights if w is not None)


def _single_digit(step) -> bool:
    digits = {d for link in step.links for d in (link.start[1], link.end[1])}
    digits |= {d for _, d in step.candidates}
    return len(digits) == 1


def step_length(step) -> int:
    """The length a step's rating grows with: the cells of its chain (one more when the chain
    goes through bivalue cells), plus the links between almost locked sets for ALS steps."""
    cells = len(set(step.cells))
    if TECHNIQUES[step.technique].family == "als":
        return cells + len(step.links)
    if step.links and not _single_digit(step):
        return cells + 1
    return cells


def step_score(step, geometry, direct: bool = False) -> float:
    """The SE-scale rating of one step."""
    entry = TECHNIQUES[step.technique]
    if entry.se_chaining:
        return step.difficulty
    if direct and entry.direct_weight is not None:
        return entry.direct_weight
    if entry.line_weight is not None and step.houses and step.houses[0] < 2 * geometry.size:
        return entry.line_weight
    score = entry.se_weight
    if entry.single_digit_weight is not None and _single_digit(step):
        score = entry.single_digit_weight
    if entry.family == "fish" and score < GROUPED_FIN_WEIGHT and len(step.fins) > 1:
        score = GROUPED_FIN_WEIGHT + max(0.0, score - TECHNIQUES["finned-x-wing"].se_weight)
    if entry.grows_with_length:
        score += length_bonus(step_length(step))
    return round(score, 1)


def _places(cands, house, b) -> int:
    return sum(1 for c in house if cands[c] & b)


def opens_hidden_single(position, step) -> bool:
    """True if ``step`` (pointing, claiming or a hidden subset) is direct in SE's sense: its
    eliminations leave a digit with one place in a house where it had more, that house being
    another box along the line (pointing), another line through the box parallel to the
    first (claiming), or the subset's own house (hidden pair, triple)."""
    if not step.eliminations:
        return False
    g = position.geometry
    n = g.size
    cands = position.cands[:]
    for cell, d in step.eliminations:
        cands[cell] &= ~(1 << (d - 1))
    if step.technique in ("hidden-pair", "hidden-triple"):
        cells = set(step.cells)
        keep = 0
        for _, d in step.candidates:
            keep |= 1 << (d - 1)
        # every house where the subset is hidden: its digits fit nowhere else there
        houses = [h for h, house in enumerate(g.houses) if cells <= set(house)
                  and not any(position.cands[c] & keep for c in house if c not in cells)]
        checks = [(h, d) for h in houses for d in range(1, n + 1) if not keep >> (d - 1) & 1]
    else:
        kind = min(step.houses[0] // n, 3)  # 0 row, 1 column, 2 box, 3 a variant's house
        checks = [(h, d) for cell, d in step.eliminations
                  for h in g.houses_of[cell] if min(h // n, 3) == kind]
    for h, d in checks:
        b = 1 << (d - 1)
        house = g.houses[h]
        if _places(cands, house, b) == 1 and _places(position.cands, house, b) > 1:
            return True
    return False


# --- the rating solver --------------------------------------------------------------------------

@dataclass(frozen=True)
class _Stage:
    technique: str
    base: float     # the lowest score a step of this stage can have
    kind: str       # "first", "direct" or "shortest"


def rating_options() -> Options:
    """The search options of the rating: no unique rectangle with a missing candidate, no ALS
    inside chains, no overlapping ALS (Sudoku Explainer has none of them, and the SE scale was
    calibrated without them)."""
    return Options(ur_missing_candidates=False, als_in_chains=False, als_overlap=False)


class RatingSolver(LogicalSolver):
    """The logical solver picking, at each position, the step with the lowest SE-scale score
    (see the module doc), with the narrow search options (:func:`rating_options`). ``scores``
    holds the score of every step it returned, by ``id(step)``. ``ceiling``: stop (return
    None) when no step scores at most this. The budget in force (:mod:`sudokit.engines.limits`)
    is checked between stages and instances."""

    def __init__(self, unique: bool | None = None, ceiling: float | None = None,
                 known: Known = Known(), exhaustive: bool = False) -> None:
        super().__init__(default_order(), unique, options=rating_options(), known=known,
                         exhaustive=exhaustive)
        self.ceiling = ceiling
        self.scores: dict[int, float] = {}
        self.stopped_at_ceiling = False
        entries = [t.entry for t in self.order]
        stages = [_Stage(e.id, e.direct_weight, "direct") for e in entries
                  if e.direct_weight is not None]
        last = []
        for e in entries:
            varies = (e.grows_with_length or e.single_digit_weight is not None
                      or e.family == "fish") and not e.se_chaining
            stage = _Stage(e.id, technique_weight(e.id), "shortest" if varies else "first")
            (last if e.trial else stages).append(stage)
        # stable: catalogue order on ties; trial only when no technique has a step
        self.stages = sorted(stages, key=lambda s: s.base) + sorted(last, key=lambda s: s.base)
        self._trial_ids = frozenset(e.id for e in entries if e.trial)
        # SE's chaining on classic grids; on variants (which it does not search) the
        # propagation forcing chains and nets keep their place
        self._left_out = {True: frozenset(e.id for e in entries if not e.rated_on_classic),
                          False: frozenset(e.id for e in entries if e.se_chaining)}

    def _next_step(self, position):
        g = position.geometry
        allowed = {t.id for t in self._techniques(position)} - self._left_out[g.is_classic]
        best, best_score = None, math.inf
        for stage in self.stages:
            if stage.base >= best_score or best is not None and stage.technique in self._trial_ids:
                break
            if self.ceiling is not None and stage.base > self.ceiling:
                self.stopped_at_ceiling = best is None
                break
            if stage.technique not in allowed:
                continue
            limits.check()
            finds = REGISTRY[stage.technique].find(position)
            if stage.kind == "direct":
                step = next((s for s in finds if opens_hidden_single(position, s)), None)
                if step is not None:
                    best, best_score = step, stage.base
            elif stage.kind == "first":
                step = next(iter(finds), None)
                if step is not None:
                    score = step_score(step, g)
                    if score < best_score:
                        best, best_score = step, score
            else:
                for i, step in enumerate(finds):
                    limits.check()
                    score = step_score(step, g)
                    if score < best_score:
                        best, best_score = step, score
                        if score <= stage.base:
                            break
                    if i >= MAX_COMPARED:
                        break
        if best is not None:
            if self.ceiling is not None and best_score > self.ceiling:
                self.stopped_at_ceiling = True
                return None
            self.scores[id(best)] = best_score
        return best


def rating_solver(unique: bool | None = None, ceiling: float | None = None,
                  known: Known = Known(), exhaustive: bool = False) -> RatingSolver:
    """A :class:`RatingSolver` (``known``, ``exhaustive``: see :class:`LogicalSolver`)."""
    return RatingSolver(unique, ceiling, known, exhaustive)


# --- the rating ---------------------------------------------------------------------------------

@dataclass
class Rating:
    """How hard a puzzle is: SE-scale ``score``, ``level`` (one of :data:`LEVELS`), the
    technique ids the solve path needs (simplest first), the ``hardest`` one, whether trial
    was needed, whether the techniques solved it, the number of steps and the seconds taken.

    ``score`` is Sudoku Explainer's ER (the hardest step of the path); ``pearl`` its EP (the
    hardest step up to and including the first that places a digit) and ``diamond`` its ED
    (the first step's rating: how hard it is to make any progress at all)."""

    score: float
    level: str
    techniques: list[str] = field(default_factory=list)
    hardest: str | None = None
    trial: bool = False
    solved: bool = True
    steps: int = 0
    seconds: float = 0.0
    counts: dict[str, int] = field(default_factory=dict, repr=False)
    pearl: float = 0.0
    diamond: float = 0.0

    @property
    def se_triple(self) -> str:
        """``ER/EP/ED 7.1/2.3/1.2``, as Sudoku Explainer's command-line rater gives them."""
        return f"ER/EP/ED {self.score:.1f}/{self.pearl:.1f}/{self.diamond:.1f}"

    @property
    def label(self) -> str:
        """``hard (3.4)``; ``extreme (9.6, needs trial)`` when trial was needed."""
        if self.trial:
            return tr("{level} ({score}, needs trial)", level=self.level_name,
                      score=f"{self.score:.1f}")
        return tr("{level} ({score})", level=self.level_name, score=f"{self.score:.1f}")

    @property
    def level_name(self) -> str:
        """The level in the language in use (``level`` is the id: easy ... extreme)."""
        return gettext(self.level)

    def summary(self) -> str:
        """One line: ``3.4 hard: hidden-single, naked-single, hidden-pair``."""
        note = " " + tr("(needs trial)") if self.trial else ""
        stuck = tr("; not solved by the techniques") if not self.solved else ""
        techniques = ", ".join(self.techniques) or tr("nothing to do")
        return f"{self.score:.1f} {self.level_name}{note}: {techniques}{stuck}"

    def to_dict(self) -> dict:
        return {"score": self.score, "level": self.level, "techniques": list(self.techniques),
                "hardest": self.hardest, "trial": self.trial, "solved": self.solved,
                "steps": self.steps, "ep": self.pearl, "ed": self.diamond}


def _trial_floor() -> float:
    """The lowest weight of a trial technique in the table (a stuck solve needs at least it)."""
    return min((t.weight for t in TECHNIQUES.values() if t.trial), default=10.0)


def _position_of(puzzle):
    if isinstance(puzzle, Grid):
        puzzle.validate()
        return Position.from_grid(puzzle)
    position = Position.coerce(puzzle)
    if isinstance(puzzle, str):
        position.to_grid().validate()
    return position


def _check_solvable(position, unique: bool | None, known: Known | None = None) -> Known:
    """What is known of the puzzle's (its givens') solutions: ``known`` when it counted them,
    else ``unique`` when given, else one count by the search; raises when there is none."""
    if known is not None and known.count is not None:
        if known.count == 0:
            raise InvalidPuzzleError("the puzzle has no solution")
        return known
    if unique is not None and position.contradiction() is None:
        return Known(1 if unique else 2)
    grid = givens_grid(position)
    grid.validate()
    try:
        known = Known.check(grid)
    except SearchLimitError:
        limits.check()  # the budget's own message when it is the budget that ran out
        raise
    if known.count == 0:
        raise InvalidPuzzleError("the puzzle has no solution")
    return known


def rate(puzzle, *, time_limit: float | None = None, unique: bool | None = None,
         ceiling: float | None = None, on_step=None, known: Known | None = None) -> Rating:
    """Rate ``puzzle`` (a Grid, puzzle text or a Position) on the SE scale.

    ``unique``: whether the puzzle has one solution, if known; ``known``: what a check of the
    puzzle found (:class:`Known`: its count and solution, which the rating then does not
    search again); else the core checks (the
    uniqueness techniques are used only for unique puzzles). ``time_limit`` in seconds bounds
    the rating, within the budget in force (:mod:`sudokit.engines.limits`): :class:`SearchLimitError`
    when reached.
    ``ceiling``: stop as soon as the puzzle is known to score above it (the returned rating
    is then partial: ``solved`` false and a score just above the ceiling) -- for generators
    looking for a band. Raises :class:`InvalidPuzzleError` for clashing givens or no solution.
    ``on_step(step)`` is called with each step of the rating path, in order (to check them).
    """
    start = time.perf_counter()
    with limits.limited(time_limit, what="the rating"):
        position = _position_of(puzzle)
        known = _check_solvable(position, unique, known)
        solver = rating_solver(known.unique, ceiling, known, exhaustive=True)
        path = solver.solve_path(position)

    geometry = position.geometry
    if on_step is not None:
        for step in path.steps:
            on_step(step)
    scores = [solver.scores.get(id(s), step_score(s, geometry)) for s in path.steps]
    score = max(scores, default=0.0)
    trial = any(TECHNIQUES[s.technique].trial for s in path.steps)
    hardest = None
    if path.steps:
        hardest = path.steps[max(range(len(scores)), key=scores.__getitem__)].technique
    if solver.stopped_at_ceiling:
        score = max(score, round(ceiling + 0.1, 1))
    elif not path.solved:
        trial = True
        score = max(score, _trial_floor())
    first_use: dict[str, float] = {}
    counts: dict[str, int] = {}
    for s, sc in zip(path.steps, scores):
        first_use[s.technique] = max(first_use.get(s.technique, 0.0), sc)
        counts[s.technique] = counts.get(s.technique, 0) + 1
    techniques = sorted(first_use, key=lambda t: first_use[t])
    score = round(score, 1)
    pearl, diamond = _pearl_and_diamond(path.steps, scores, score)
    return Rating(score=score, level=level_of(score, trial), techniques=techniques,
                  hardest=hardest, trial=trial, solved=path.solved, steps=len(path.steps),
                  seconds=time.perf_counter() - start, counts=counts, pearl=pearl,
                  diamond=diamond)


def _pearl_and_diamond(steps, scores: list[float], score: float) -> tuple[float, float]:
    """SE's EP (the hardest step up to the first placement; the whole path's when no step
    places) and ED (the first step's score), neither above ER."""
    if not steps:
        return 0.0, 0.0
    diamond = min(scores[0], score)
    pearl, hardest = score, 0.0
    for step, sc in zip(steps, scores):
        hardest = max(hardest, sc)
        if step.placements:
            pearl = min(hardest, score)
            break
    return round(pearl, 1), round(diamond, 1)


# --- calibration --------------------------------------------------------------------------------

def ranks(values: list[float]) -> list[float]:
    """1-based ranks of ``values``; tied values share the mean of their positions."""
    order = sorted(range(len(values)), key=values.__getitem__)
    out = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            out[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return out


def spearman(xs: list[float], ys: list[float]) -> float:
    """Spearman's rank correlation: Pearson's correlation of the ranks (ties averaged); NaN
    when either side is constant."""
    if len(xs) != len(ys) or len(xs) < 2:
        raise ValueError("spearman needs two sequences of the same length, at least 2")
    rx, ry = ranks(xs), ranks(ys)
    n = len(rx)
    mx, my = sum(rx) / n, sum(ry) / n
    cov = sum((a - mx) * (b - my) for a, b in zip(rx, ry))
    vx = sum((a - mx) ** 2 for a in rx)
    vy = sum((b - my) ** 2 for b in ry)
    return cov / math.sqrt(vx * vy) if vx and vy else math.nan


__all__ = ["rate", "Rating", "LEVELS", "LEVEL_BANDS", "level_of", "level_band", "step_score",
           "technique_weight", "RatingSolver", "rating_solver", "spearman", "ranks",
           "opens_hidden_single"]
