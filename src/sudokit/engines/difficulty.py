"""The technique table: what the solver and the rating know of each technique, in one place.

One :class:`TechniqueEntry` a technique: its id, English name (also the message id of its
translations), family and catalogue weight (the solver's order, simplest first, and a step's
``difficulty``), and how the rating (:mod:`sudokit.engines.rating`) scores it on the Sudoku
Explainer (SE) scale. The logic finds steps (each finder registers under an id of this
table); the rating reads the table and drives the logic. A new technique is its finder's
module plus one entry here.

Catalogue weights follow SE where it has the technique (1.0 full house ... 4.4 XYZ-Wing ...
6.5+ chains). Where SE's scale differs (``se_weight``): SE 1.2 has no single-digit patterns,
finned or Franken fish, colouring, wings beyond XYZ, ALS, grouped chains or the rarer
uniqueness patterns; it finds their eliminations with its chains, so they are rated as the
chain SE needs (its published bases, each plus the length adjustment): one digit without
groups, a forcing X-chain (6.6; X- and Y-cycles 6.5); one digit with groups (a box, or a fin of
several cells), Nishio (7.5); through bivalue cells, a forcing chain or cycle (7.0); groups or
almost locked sets, which SE's plain chains cannot pass through, multiple (cell/region) forcing
chains (8.0). The propagation forcing chain and net (propagation with singles and locked
candidates, with subsets too) are SE's dynamic+ chains and more (8.9, 9.3); SE's own chaining
levels (multiple 8.0, dynamic 8.5, dynamic+ 9.0, nested 9.5) carry their rating in the step.

This module imports nothing of sudokit: the logic and the rating both stand on it.
"""

from __future__ import annotations

from dataclasses import KW_ONLY, dataclass

#: Length rules: the SE rating of a step grows with its length (:func:`length_bonus`), or not.
GROWS = "grows"
FIXED = "fixed"

#: Families whose steps grow with length unless their entry says ``length=FIXED`` (so do the
#: techniques with an ``se_weight``: SE rates them as chains).
LENGTH_FAMILIES = frozenset({"chains", "coloring", "als", "forcing"})
#: Families whose steps are trial (a candidate tried and its consequences searched), not
#: pattern logic: rated and explained as trial, and used last.
TRIAL_FAMILIES = frozenset({"trial"})
#: Families whose techniques hold only for puzzles with one solution.
UNIQUENESS_FAMILIES = frozenset({"uniqueness"})
#: Families whose highlighted cells are a pattern a drawing marks (wings, rectangles), unless
#: the entry says otherwise or the finder gives marks of its own.
PATTERN_FAMILIES = frozenset({"wings", "uniqueness"})


@dataclass(frozen=True)
class TechniqueEntry:
    """One technique of the table. Fields left out take their family's rule (see above)."""

    id: str
    name: str           #: English name; the message id of its translations
    weight: float       #: catalogue weight: the solver's order and a step's difficulty
    family: str
    _: KW_ONLY
    se_weight: float | None = None  #: SE-scale weight (default: ``weight``)
    #: SE's weight when the step opens a hidden single (SE's "direct" techniques)
    direct_weight: float | None = None
    line_weight: float | None = None  #: SE's weight when found in a row or column
    #: SE's lower base when the chain stays on one digit
    single_digit_weight: float | None = None
    length: str | None = None  #: GROWS or FIXED (default: by family, see LENGTH_FAMILIES)
    #: one of SE's chaining levels: classic grids only; the step carries its SE rating
    se_chaining: bool = False
    #: False: the SE-scale rating leaves it out on classic grids (SE reaches its deductions
    #: with its chaining levels)
    rated_on_classic: bool = True
    #: searched only when asked for by id, not in the default order (costly on every step)
    on_request: bool = False
    pattern: bool | None = None  #: its cells are a pattern (default: by family)

    def __post_init__(self) -> None:
        if self.length is None:
            grows = self.family in LENGTH_FAMILIES or self.se_weight is not None
            object.__setattr__(self, "length", GROWS if grows else FIXED)
        if self.se_weight is None:
            object.__setattr__(self, "se_weight", self.weight)
        if self.pattern is None:
            object.__setattr__(self, "pattern", self.family in PATTERN_FAMILIES)

    @property
    def grows_with_length(self) -> bool:
        """Whether SE's length adjustment applies to its steps."""
        return self.length == GROWS

    @property
    def trial(self) -> bool:
        """Whether its steps are trial, not pattern logic."""
        return self.family in TRIAL_FAMILIES

    @property
    def uniqueness(self) -> bool:
        """Whether it holds only for puzzles with one solution."""
        return self.family in UNIQUENESS_FAMILIES


#: Every technique by id, in catalogue order (which breaks ties of weight in the solver's
#: order, and orders the names in the message catalogue).
TECHNIQUES: dict[str, TechniqueEntry] = {t.id: t for t in (
    TechniqueEntry("full-house", "Full House", 1.0, "singles"),
    TechniqueEntry("hidden-single", "Hidden Single", 1.2, "singles", line_weight=1.5),
    TechniqueEntry("naked-single", "Naked Single", 2.3, "singles"),
    TechniqueEntry("cage-combination", "Cage Combination", 1.5, "killer"),
    TechniqueEntry("rule-of-45", "Rule of 45", 2.2, "killer"),
    TechniqueEntry("locked-candidates-pointing", "Locked Candidates (Pointing)", 2.6,
                   "intersections", direct_weight=1.7),
    TechniqueEntry("cage-pointing", "Cage Pointing", 2.7, "killer"),
    TechniqueEntry("cage-claiming", "Cage Claiming", 2.8, "killer"),
    TechniqueEntry("innie-outie-difference", "Innie-Outie Difference", 3.0, "killer"),
    TechniqueEntry("house-combination", "House Combination", 3.2, "killer"),
    TechniqueEntry("cage-subset", "Cage Subset", 3.2, "killer"),
    TechniqueEntry("locked-candidates-claiming", "Locked Candidates (Claiming)", 2.8,
                   "intersections", direct_weight=1.9),
    TechniqueEntry("locked-pair", "Locked Pair", 2.9, "intersections"),
    TechniqueEntry("naked-pair", "Naked Pair", 3.0, "subsets"),
    TechniqueEntry("x-wing", "X-Wing", 3.2, "fish"),
    TechniqueEntry("hidden-pair", "Hidden Pair", 3.4, "subsets", direct_weight=2.0),
    TechniqueEntry("locked-triple", "Locked Triple", 3.5, "intersections"),
    TechniqueEntry("naked-triple", "Naked Triple", 3.6, "subsets"),
    TechniqueEntry("swordfish", "Swordfish", 3.8, "fish"),
    TechniqueEntry("hidden-triple", "Hidden Triple", 4.0, "subsets", direct_weight=2.5),
    TechniqueEntry("skyscraper", "Skyscraper", 4.0, "single-digit", se_weight=6.6, length=FIXED),
    TechniqueEntry("two-string-kite", "2-String Kite", 4.1, "single-digit", se_weight=6.6,
                   length=FIXED),
    TechniqueEntry("xy-wing", "XY-Wing", 4.2, "wings"),
    TechniqueEntry("turbot-fish", "Turbot Fish", 4.2, "single-digit", se_weight=6.6, length=FIXED),
    TechniqueEntry("empty-rectangle", "Empty Rectangle", 4.3, "single-digit", se_weight=7.5,
                   length=FIXED),
    TechniqueEntry("xyz-wing", "XYZ-Wing", 4.4, "wings"),
    TechniqueEntry("w-wing", "W-Wing", 4.4, "wings", se_weight=7.0),
    TechniqueEntry("remote-pair", "Remote Pair", 4.5, "wings", se_weight=7.0),
    TechniqueEntry("unique-rectangle-1", "Unique Rectangle Type 1", 4.5, "uniqueness"),
    TechniqueEntry("unique-rectangle-2", "Unique Rectangle Type 2", 4.6, "uniqueness"),
    TechniqueEntry("hidden-rectangle", "Hidden Rectangle", 4.6, "uniqueness", se_weight=7.0,
                   length=FIXED),
    TechniqueEntry("avoidable-rectangle-1", "Avoidable Rectangle Type 1", 4.5, "uniqueness",
                   se_weight=7.0, length=FIXED),
    TechniqueEntry("avoidable-rectangle-2", "Avoidable Rectangle Type 2", 4.6, "uniqueness",
                   se_weight=7.0, length=FIXED),
    TechniqueEntry("unique-rectangle-3", "Unique Rectangle Type 3", 4.7, "uniqueness"),
    TechniqueEntry("unique-rectangle-4", "Unique Rectangle Type 4", 4.6, "uniqueness"),
    TechniqueEntry("unique-rectangle-5", "Unique Rectangle Type 5", 4.7, "uniqueness",
                   se_weight=7.0, length=FIXED),
    TechniqueEntry("unique-rectangle-6", "Unique Rectangle Type 6", 4.7, "uniqueness",
                   se_weight=7.0, length=FIXED),
    TechniqueEntry("finned-x-wing", "Finned X-Wing", 3.4, "fish", se_weight=6.6),
    TechniqueEntry("sashimi-x-wing", "Sashimi X-Wing", 3.5, "fish", se_weight=6.6),
    TechniqueEntry("naked-quad", "Naked Quad", 5.0, "subsets"),
    TechniqueEntry("finned-swordfish", "Finned Swordfish", 4.0, "fish", se_weight=6.7),
    TechniqueEntry("sashimi-swordfish", "Sashimi Swordfish", 4.1, "fish", se_weight=6.7),
    TechniqueEntry("jellyfish", "Jellyfish", 5.2, "fish"),
    TechniqueEntry("hidden-quad", "Hidden Quad", 5.4, "subsets"),
    TechniqueEntry("finned-jellyfish", "Finned Jellyfish", 5.4, "fish", se_weight=6.8),
    TechniqueEntry("sashimi-jellyfish", "Sashimi Jellyfish", 5.5, "fish", se_weight=6.8),
    TechniqueEntry("wxyz-wing", "WXYZ-Wing", 5.5, "wings", se_weight=7.0),
    TechniqueEntry("bug-plus-1", "BUG+1", 5.6, "uniqueness"),
    TechniqueEntry("simple-colors-trap", "Simple Colors Trap", 5.7, "coloring", se_weight=6.6),
    TechniqueEntry("simple-colors-wrap", "Simple Colors Wrap", 5.7, "coloring", se_weight=6.5),
    TechniqueEntry("multi-colors", "Multi Colors", 6.2, "coloring", se_weight=6.6),
    TechniqueEntry("aligned-pair-exclusion", "Aligned Pair Exclusion", 6.2, "aligned-exclusion"),
    TechniqueEntry("x-chain", "X-Chain", 6.5, "chains", se_weight=6.6),
    TechniqueEntry("xy-chain", "XY-Chain", 6.6, "chains", se_weight=7.0),
    TechniqueEntry("squirmbag", "Squirmbag", 5.7, "fish"),
    TechniqueEntry("whale", "Whale", 5.9, "fish"),
    TechniqueEntry("leviathan", "Leviathan", 6.1, "fish"),
    TechniqueEntry("franken-x-wing", "Franken X-Wing", 3.7, "fish", se_weight=7.5),
    TechniqueEntry("finned-franken-x-wing", "Finned Franken X-Wing", 3.9, "fish", se_weight=7.5),
    TechniqueEntry("mutant-x-wing", "Mutant X-Wing", 4.2, "fish", se_weight=7.6),
    TechniqueEntry("finned-mutant-x-wing", "Finned Mutant X-Wing", 4.3, "fish", se_weight=7.6),
    TechniqueEntry("franken-swordfish", "Franken Swordfish", 4.3, "fish", se_weight=7.6),
    TechniqueEntry("finned-franken-swordfish", "Finned Franken Swordfish", 4.5, "fish",
                   se_weight=7.6),
    TechniqueEntry("mutant-swordfish", "Mutant Swordfish", 5.1, "fish", se_weight=7.7),
    TechniqueEntry("finned-mutant-swordfish", "Finned Mutant Swordfish", 5.3, "fish",
                   se_weight=7.7),
    TechniqueEntry("franken-jellyfish", "Franken Jellyfish", 5.6, "fish", se_weight=7.7),
    TechniqueEntry("finned-franken-jellyfish", "Finned Franken Jellyfish", 5.8, "fish",
                   se_weight=7.7),
    TechniqueEntry("mutant-jellyfish", "Mutant Jellyfish", 6.0, "fish", se_weight=7.8),
    TechniqueEntry("finned-mutant-jellyfish", "Finned Mutant Jellyfish", 6.2, "fish",
                   se_weight=7.8),
    TechniqueEntry("franken-squirmbag", "Franken Squirmbag", 6.3, "fish", on_request=True),
    TechniqueEntry("finned-franken-squirmbag", "Finned Franken Squirmbag", 6.4, "fish",
                   on_request=True),
    TechniqueEntry("mutant-squirmbag", "Mutant Squirmbag", 6.5, "fish", on_request=True),
    TechniqueEntry("finned-mutant-squirmbag", "Finned Mutant Squirmbag", 6.6, "fish",
                   on_request=True),
    TechniqueEntry("franken-whale", "Franken Whale", 6.5, "fish", on_request=True),
    TechniqueEntry("finned-franken-whale", "Finned Franken Whale", 6.6, "fish", on_request=True),
    TechniqueEntry("mutant-whale", "Mutant Whale", 6.7, "fish", on_request=True),
    TechniqueEntry("finned-mutant-whale", "Finned Mutant Whale", 6.8, "fish", on_request=True),
    TechniqueEntry("franken-leviathan", "Franken Leviathan", 6.7, "fish", on_request=True),
    TechniqueEntry("finned-franken-leviathan", "Finned Franken Leviathan", 6.8, "fish",
                   on_request=True),
    TechniqueEntry("mutant-leviathan", "Mutant Leviathan", 6.9, "fish", on_request=True),
    TechniqueEntry("finned-mutant-leviathan", "Finned Mutant Leviathan", 7.0, "fish",
                   on_request=True),
    TechniqueEntry("sue-de-coq", "Sue de Coq", 5.0, "als", se_weight=8.0, pattern=True),
    TechniqueEntry("continuous-nice-loop", "Continuous Nice Loop", 6.7, "chains", se_weight=7.0,
                   single_digit_weight=6.5),
    TechniqueEntry("discontinuous-nice-loop", "Discontinuous Nice Loop", 6.8, "chains",
                   se_weight=7.0, single_digit_weight=6.6),
    TechniqueEntry("aic", "AIC", 6.8, "chains", se_weight=7.0, single_digit_weight=6.6),
    TechniqueEntry("grouped-continuous-nice-loop", "Grouped Continuous Nice Loop", 7.0, "chains",
                   se_weight=8.0),
    TechniqueEntry("grouped-discontinuous-nice-loop", "Grouped Discontinuous Nice Loop", 7.1,
                   "chains", se_weight=8.0),
    TechniqueEntry("grouped-aic", "Grouped AIC", 7.1, "chains", se_weight=8.0),
    TechniqueEntry("als-xz", "ALS-XZ", 6.9, "als", se_weight=8.0),
    TechniqueEntry("als-xy-wing", "ALS-XY-Wing", 7.1, "als", se_weight=8.0),
    TechniqueEntry("als-xy-chain", "ALS-XY-Chain", 7.3, "als", se_weight=8.0),
    TechniqueEntry("death-blossom", "Death Blossom", 7.5, "als", se_weight=8.0),
    TechniqueEntry("nishio", "Nishio", 7.5, "forcing"),
    TechniqueEntry("aligned-triple-exclusion", "Aligned Triple Exclusion", 7.5,
                   "aligned-exclusion"),
    TechniqueEntry("template-set", "Template Set", 7.7, "templates"),
    TechniqueEntry("template-delete", "Template Delete", 7.8, "templates"),
    TechniqueEntry("forcing-chain", "Forcing Chain", 8.2, "forcing", se_weight=8.9, length=FIXED,
                   rated_on_classic=False),
    TechniqueEntry("forcing-net", "Forcing Net", 8.8, "forcing", se_weight=9.3, length=FIXED,
                   rated_on_classic=False),
    TechniqueEntry("multiple-forcing-chain", "Multiple Forcing Chains", 8.9, "forcing",
                   se_weight=8.0, se_chaining=True),
    TechniqueEntry("dynamic-forcing-chain", "Dynamic Forcing Chains", 9.0, "forcing",
                   se_weight=8.5, se_chaining=True),
    TechniqueEntry("dynamic-forcing-chain-plus", "Dynamic Forcing Chains (+)", 9.1, "forcing",
                   se_weight=9.0, se_chaining=True),
    TechniqueEntry("nested-forcing-chain", "Nested Forcing Chains", 9.2, "forcing", se_weight=9.5,
                   se_chaining=True),
    TechniqueEntry("candidate-test", "Candidate Test (trial)", 9.5, "trial"),
    TechniqueEntry("candidate-test-recursive", "Recursive Candidate Test (trial)", 11.0, "trial"),
)}


def length_bonus(length: int) -> float:
    """SE's length adjustment: +0.1 for each step of 4, 6, 8, 12, 16, 24, ... (each
    alternately x1.5 and x4/3 of the one before) that ``length`` exceeds."""
    bonus, ceiling, grow_half = 0.0, 4, True
    while length > ceiling:
        bonus += 0.1
        ceiling = ceiling * 3 // 2 if grow_half else ceiling * 4 // 3
        grow_half = not grow_half
    return round(bonus, 1)


__all__ = ["TechniqueEntry", "TECHNIQUES", "GROWS", "FIXED", "length_bonus"]
