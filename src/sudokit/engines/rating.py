"""Difficulty rating on the Sudoku Explainer (SE) scale, from the logical solve path.

The score is the rating of the hardest step a simplest-first solve needs (1.0 = the last empty
cell of a house ... about 11 = nested trial), as Sudoku Explainer's ER; the level is a band of
the score; the techniques are those the path uses. How the path is chosen and scored:

- The solver is :class:`sudokit.engines.logic.LogicalSolver`; the rating solver (:func:`rating_solver`)
  only changes how the next step is picked: the step with the lowest *rated* score (below), as
  SE does, instead of the first technique in catalogue order.
- A step is rated at its technique's catalogue weight, except where SE's scale differs
  (:data:`SE_WEIGHTS`: techniques SE does not have are rated as the chain SE needs instead):
  a hidden single is 1.2 in a box and 1.5 in a row or column; an intersection or hidden subset
  whose eliminations open a hidden single is a *direct* technique (:data:`DIRECT_WEIGHTS`:
  direct pointing 1.7, claiming 1.9, hidden pair 2.0, hidden triple 2.5).
- Chains, loops, colouring, ALS and Nishio steps get SE's length adjustment
  (:func:`length_bonus`): +0.1 each time their length passes a step of 4, 6, 8, 12, 16, 24,
  32, 48, ... (each step alternately x1.5 and x4/3 of the one before). The length
  (:func:`step_length`) is the number of cells of the chain, one more when it goes through
  bivalue cells; cells plus links for ALS steps; the cells a Nishio branch fills.
- SE's own chaining levels (:data:`SE_CHAINING`: multiple 8.0, dynamic 8.5, dynamic+ 9.0,
  nested 9.5 + 0.5 per level) carry their rating in the step: the level's base plus the length
  adjustment of the chains' complexity (every potential of every chain, inner chains
  included), as SE counts it; the finders compare a level's hints while a rating runs. The
  propagation-based forcing chains and nets (:data:`NOT_SE`) are left out of the rating path,
  and trial techniques are used only when no technique has a step.
- A puzzle the techniques cannot finish without trial (a ``trial``-family step, or stuck with no
  technique left) is rated honestly: ``trial`` is true, the level is ``extreme`` and the
  :attr:`Rating.label` says "needs trial"; when the solver was stuck the score is at least the
  lowest trial weight of the catalogue.

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

from sudokit.model.errors import InvalidPuzzleError, SearchLimitError, SudokitError
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

#: SE-scale weights where they differ from the catalogue's. Sudoku Explainer 1.2 has no
#: single-digit patterns, finned/Franken fish, colouring, wings beyond XYZ, ALS, grouped chains
#: or the rarer uniqueness patterns; it finds their eliminations with its chains, so they are
#: rated as the chain SE needs (its published bases: X-/Y-cycle 6.5, forcing X-chain 6.6,
#: forcing chain and XY-cycle 7.0, Nishio 7.5, multiple (cell/region) forcing chains 8.0,
#: dynamic 8.5, dynamic+ 9.0, nested 9.5, each plus the length adjustment):
SE_WEIGHTS: dict[str, float] = {
    # one digit, no groups: a forcing X-chain (6.6 + length)
    "x-chain": 6.6, "skyscraper": 6.6, "two-string-kite": 6.6, "turbot-fish": 6.6,
    "finned-x-wing": 6.6, "sashimi-x-wing": 6.6, "finned-swordfish": 6.7,
    "sashimi-swordfish": 6.7, "finned-jellyfish": 6.8, "sashimi-jellyfish": 6.8,
    "simple-colors-trap": 6.6, "simple-colors-wrap": 6.5, "multi-colors": 6.6,
    # one digit with groups (a box or a fin of several cells): Nishio (7.5 + length)
    "empty-rectangle": 7.5, "franken-x-wing": 7.5, "finned-franken-x-wing": 7.5,
    "finned-mutant-x-wing": 7.6, "franken-swordfish": 7.6, "finned-franken-swordfish": 7.6,
    "finned-mutant-swordfish": 7.7, "franken-jellyfish": 7.7, "finned-franken-jellyfish": 7.7,
    "finned-mutant-jellyfish": 7.8, "mutant-x-wing": 7.6, "mutant-swordfish": 7.7,
    "mutant-jellyfish": 7.8,
    # through bivalue cells: a forcing chain or cycle (7.0 + length; single-digit ones lower)
    "xy-chain": 7.0, "remote-pair": 7.0, "w-wing": 7.0, "wxyz-wing": 7.0,
    "aic": 7.0, "discontinuous-nice-loop": 7.0, "continuous-nice-loop": 7.0,
    "hidden-rectangle": 7.0, "avoidable-rectangle-1": 7.0, "avoidable-rectangle-2": 7.0,
    "unique-rectangle-5": 7.0, "unique-rectangle-6": 7.0,
    # groups or almost locked sets (SE's plain chains cannot pass through a set of cells):
    # multiple (cell/region) forcing chains (8.0 + length)
    "grouped-aic": 8.0, "grouped-discontinuous-nice-loop": 8.0,
    "grouped-continuous-nice-loop": 8.0, "als-xz": 8.0, "als-xy-wing": 8.0, "als-xy-chain": 8.0,
    "death-blossom": 8.0, "sue-de-coq": 8.0,
    # propagation with singles and locked candidates: dynamic+ chains; with subsets too: more
    "forcing-chain": 8.9, "forcing-net": 9.3,
    # SE's own chaining levels (each step carries its rating: base + length of its chains)
    "multiple-forcing-chain": 8.0, "dynamic-forcing-chain": 8.5,
    "dynamic-forcing-chain-plus": 9.0, "nested-forcing-chain": 9.5,
}

#: SE's chaining levels (:mod:`sudokit.engines.logic.techniques.dynamic_chains`): a step's difficulty
#: is already SE's (its level's base plus the length adjustment of its complexity), and the
#: finder gives the easiest first.
SE_CHAINING = frozenset({"multiple-forcing-chain", "dynamic-forcing-chain",
                         "dynamic-forcing-chain-plus", "nested-forcing-chain"})

#: Propagation-based forcing steps the SE-scale path leaves out on classic grids: SE reaches
#: their deductions with its own chaining levels (:data:`SE_CHAINING`), rated by length.
NOT_SE = frozenset({"forcing-chain", "forcing-net"})

#: Chains on one digit get SE's lower single-digit bases (cycle 6.5, chain 6.6).
SINGLE_DIGIT_WEIGHTS: dict[str, float] = {
    "aic": 6.6, "discontinuous-nice-loop": 6.6, "continuous-nice-loop": 6.5,
}

#: Fish whose fin has several cells are grouped: SE needs Nishio for them.
GROUPED_FIN_WEIGHT = 7.5

#: Direct techniques: an intersection or hidden subset whose eliminations open a hidden single
#: (for pointing: in another box along the line; claiming: in another parallel line through the
#: box; hidden subsets: in the subset's own house).
DIRECT_WEIGHTS: dict[str, float] = {
    "locked-candidates-pointing": 1.7,
    "locked-candidates-claiming": 1.9,
    "hidden-pair": 2.0,
    "hidden-triple": 2.5,
}

#: A hidden single in a row or column (in a box it keeps the catalogue's 1.2).
LINE_HIDDEN_SINGLE = 1.5

#: Techniques of the families below (or of SE_WEIGHTS) whose weight does not grow with length:
#: patterns of a fixed size, and forcing and trial steps, which do not carry their branches.
FIXED_LENGTH = frozenset({
    "skyscraper", "two-string-kite", "turbot-fish", "empty-rectangle", "forcing-chain",
    "forcing-net", "candidate-test", "candidate-test-recursive", "hidden-rectangle",
    "avoidable-rectangle-1", "avoidable-rectangle-2", "unique-rectangle-5", "unique-rectangle-6",
})
#: Families whose steps get the length adjustment.
LENGTH_FAMILIES = frozenset({"chains", "coloring", "als", "forcing"})

#: At most this many instances of a length-rated technique are compared for the shortest.
MAX_COMPARED = 400


def length_bonus(length: int) -> float:
    """+0.1 for each step of 4, 6, 8, 12, 16, 24, ... that ``length`` exceeds."""
    bonus, ceiling, grow_half = 0.0, 4, True
    while length > ceiling:
        bonus += 0.1
        ceiling = ceiling * 3 // 2 if grow_half else ceiling * 4 // 3
        grow_half = not grow_half
    return round(bonus, 1)


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

def technique_weight(technique: str) -> float:
    """The lowest SE-scale rating a step of ``technique`` can get."""
    from sudokit.engines.logic.techniques import CATALOGUE

    base = SE_WEIGHTS.get(technique, CATALOGUE[technique][1])
    if technique == "hidden-single":
        return min(base, LINE_HIDDEN_SINGLE)
    return min(base, SINGLE_DIGIT_WEIGHTS.get(technique, base))


def _single_digit(step) -> bool:
    digits = {d for link in step.links for d in (link.start[1], link.end[1])}
    digits |= {d for _, d in step.candidates}
    return len(digits) == 1


def _lengthy(technique: str) -> bool:
    from sudokit.engines.logic.techniques import CATALOGUE

    if technique in FIXED_LENGTH:
        return False
    return CATALOGUE[technique][2] in LENGTH_FAMILIES or technique in SE_WEIGHTS


def step_length(step) -> int:
    """The length a step's rating grows with: the cells of its chain (one more when the chain
    goes through bivalue cells), plus the links between almost locked sets for ALS steps."""
    from sudokit.engines.logic.techniques import CATALOGUE

    cells = len(set(step.cells))
    if CATALOGUE[step.technique][2] == "als":
        return cells + len(step.links)
    if step.links and not _single_digit(step):
        return cells + 1
    return cells


def step_score(step, geometry, direct: bool = False) -> float:
    """The SE-scale rating of one step."""
    from sudokit.engines.logic.techniques import CATALOGUE

    tid = step.technique
    if tid in SE_CHAINING:
        return step.difficulty
    if direct and tid in DIRECT_WEIGHTS:
        return DIRECT_WEIGHTS[tid]
    if tid == "hidden-single" and step.houses and step.houses[0] < 2 * geometry.size:
        return LINE_HIDDEN_SINGLE
    score = SE_WEIGHTS.get(tid, CATALOGUE[tid][1])
    if tid in SINGLE_DIGIT_WEIGHTS and _single_digit(step):
        score = SINGLE_DIGIT_WEIGHTS[tid]
    if CATALOGUE[tid][2] == "fish" and score < GROUPED_FIN_WEIGHT and len(step.fins) > 1:
        score = GROUPED_FIN_WEIGHT + max(0.0, score - SE_WEIGHTS["finned-x-wing"])
    if _lengthy(tid):
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


def _make_solver_class():
    from sudokit.engines.logic.context import Known
    from sudokit.engines.logic.solver import LogicalSolver

    from sudokit.engines.logic.techniques import CATALOGUE, REGISTRY, default_order
    from sudokit.engines.logic.techniques.registry import TRIAL_FAMILIES

    class RatingSolver(LogicalSolver):
        """The logical solver picking, at each position, the step with the lowest SE-scale
        score (see the module doc), with the narrow search options (:data:`RATING_OPTIONS`). ``scores`` holds the score of every step it returned, by
        ``id(step)``. ``ceiling``: stop (return None) when no step scores at most this. The
        budget in force (:mod:`sudokit.engines.limits`) is checked between stages and instances."""

        def __init__(self, unique: bool | None = None, ceiling: float | None = None,
                     known=None, exhaustive: bool = False) -> None:
            super().__init__(default_order(), unique, options=rating_options(),
                             known=known or Known(), exhaustive=exhaustive)
            self.ceiling = ceiling
            self.scores: dict[int, float] = {}
            self.stopped_at_ceiling = False
            stages = [_Stage(t.id, DIRECT_WEIGHTS[t.id], "direct") for t in self.order
                      if t.id in DIRECT_WEIGHTS]
            last = []
            for t in self.order:
                varies = (_lengthy(t.id) or t.id in SINGLE_DIGIT_WEIGHTS
                          or CATALOGUE[t.id][2] == "fish") and t.id not in SE_CHAINING
                stage = _Stage(t.id, technique_weight(t.id), "shortest" if varies else "first")
                (last if t.family in TRIAL_FAMILIES else stages).append(stage)
            # stable: catalogue order on ties; trial only when no technique has a step
            self.stages = sorted(stages, key=lambda s: s.base) + sorted(last, key=lambda s: s.base)

        def _next_step(self, position):
            trial_ids = {t.id for t in self.order if t.family in TRIAL_FAMILIES}
            allowed = {t.id for t in self._techniques(position)}
            g = position.geometry
            # SE's chaining on classic grids; on variants (which it does not search) the
            # propagation forcing chains and nets keep their place
            allowed -= NOT_SE if g.is_classic else SE_CHAINING
            best, best_score = None, math.inf
            for stage in self.stages:
                if stage.base >= best_score or best is not None and stage.technique in trial_ids:
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

    return RatingSolver


_SOLVER_CLASS = None


def rating_options():
    """The search options of the rating: no unique rectangle with a missing candidate, no ALS
    inside chains, no overlapping ALS (Sudoku Explainer has none of them, and the SE scale was
    calibrated without them)."""
    from sudokit.engines.logic.options import Options

    return Options(ur_missing_candidates=False, als_in_chains=False, als_overlap=False)


def rating_solver(unique: bool | None = None, ceiling: float | None = None, known=None,
                  exhaustive: bool = False):
    """A :class:`RatingSolver` (built on first use: it imports every technique)."""
    global _SOLVER_CLASS
    if _SOLVER_CLASS is None:
        _SOLVER_CLASS = _make_solver_class()
    return _SOLVER_CLASS(unique, ceiling, known, exhaustive)


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
    """The lowest weight of a trial technique in the catalogue (a stuck solve needs at least it)."""
    from sudokit.engines.logic.techniques import CATALOGUE
    from sudokit.engines.logic.techniques.registry import TRIAL_FAMILIES

    weights = [w for _, w, family, _ in CATALOGUE.values() if family in TRIAL_FAMILIES]
    return min(weights, default=10.0)


def _position_of(puzzle):
    from sudokit.model.grid import Grid
    from sudokit.model.position import Position

    if isinstance(puzzle, Grid):
        puzzle.validate()
        return Position.from_grid(puzzle)
    position = Position.coerce(puzzle)
    if isinstance(puzzle, str):
        position.to_grid().validate()
    return position


def _check_solvable(position, unique: bool | None, known=None):
    """What is known of the puzzle's (its givens') solutions (a :class:`Known`): ``known`` when
    it counted them, else ``unique`` when given, else one count by the search; raises when
    there is none."""
    from sudokit.engines.logic.context import Known
    from sudokit.engines.logic.solver import givens_grid

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
         ceiling: float | None = None, on_step=None, known=None) -> Rating:
    """Rate ``puzzle`` (a Grid, puzzle text or a Position) on the SE scale.

    ``unique``: whether the puzzle has one solution, if known; ``known``: what a check of the
    puzzle found (a :class:`Known`: its count and solution, which the rating then does not
    search again); else the core checks (the
    uniqueness techniques are used only for unique puzzles). ``time_limit`` in seconds bounds
    the rating, within the budget in force (:mod:`sudokit.engines.limits`): :class:`SearchLimitError`
    when reached.
    ``ceiling``: stop as soon as the puzzle is known to score above it (the returned rating
    is then partial: ``solved`` false and a score just above the ceiling) -- for generators
    looking for a band. Raises :class:`InvalidPuzzleError` for clashing givens or no solution.
    ``on_step(step)`` is called with each step of the rating path, in order (to check them).
    """
    from sudokit.engines.logic.techniques import REGISTRY
    from sudokit.engines.logic.techniques.registry import TRIAL_FAMILIES

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
    trial = any(REGISTRY[s.technique].family in TRIAL_FAMILIES for s in path.steps)
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


__all__ = ["rate", "Rating", "LEVELS", "LEVEL_BANDS", "SE_WEIGHTS", "DIRECT_WEIGHTS",
           "level_of", "level_band", "length_bonus", "step_score", "technique_weight",
           "rating_solver", "spearman", "ranks", "opens_hidden_single"]
