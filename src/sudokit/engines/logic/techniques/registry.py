"""The catalogue of techniques: id, human name, difficulty weight, family, and its finder.

Weights follow the Sudoku Explainer scale where it has the technique (1.0 full house ...
4.4 XYZ-Wing ... 6.5+ chains), so a solve path's hardest step reads as a familiar rating.
Finder functions live in one module per family and register with :func:`finder`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from sudokit.i18n import Message, gettext, msg
from sudokit.model.position import Position
from sudokit.engines.logic.step import Candidate, Link, Mark, Step, describe_result

Finder = Callable[[Position], Iterator[Step]]

# id: (name, weight, family, uniqueness)
CATALOGUE: dict[str, tuple[str, float, str, bool]] = {
    "full-house": ("Full House", 1.0, "singles", False),
    "hidden-single": ("Hidden Single", 1.2, "singles", False),
    "naked-single": ("Naked Single", 2.3, "singles", False),
    "cage-combination": ("Cage Combination", 1.5, "killer", False),
    "rule-of-45": ("Rule of 45", 2.2, "killer", False),
    "locked-candidates-pointing": ("Locked Candidates (Pointing)", 2.6, "intersections", False),
    "cage-pointing": ("Cage Pointing", 2.7, "killer", False),
    "cage-claiming": ("Cage Claiming", 2.8, "killer", False),
    "innie-outie-difference": ("Innie-Outie Difference", 3.0, "killer", False),
    "house-combination": ("House Combination", 3.2, "killer", False),
    "cage-subset": ("Cage Subset", 3.2, "killer", False),
    "locked-candidates-claiming": ("Locked Candidates (Claiming)", 2.8, "intersections", False),
    "locked-pair": ("Locked Pair", 2.9, "intersections", False),
    "naked-pair": ("Naked Pair", 3.0, "subsets", False),
    "x-wing": ("X-Wing", 3.2, "fish", False),
    "hidden-pair": ("Hidden Pair", 3.4, "subsets", False),
    "locked-triple": ("Locked Triple", 3.5, "intersections", False),
    "naked-triple": ("Naked Triple", 3.6, "subsets", False),
    "swordfish": ("Swordfish", 3.8, "fish", False),
    "hidden-triple": ("Hidden Triple", 4.0, "subsets", False),
    "skyscraper": ("Skyscraper", 4.0, "single-digit", False),
    "two-string-kite": ("2-String Kite", 4.1, "single-digit", False),
    "xy-wing": ("XY-Wing", 4.2, "wings", False),
    "turbot-fish": ("Turbot Fish", 4.2, "single-digit", False),
    "empty-rectangle": ("Empty Rectangle", 4.3, "single-digit", False),
    "xyz-wing": ("XYZ-Wing", 4.4, "wings", False),
    "w-wing": ("W-Wing", 4.4, "wings", False),
    "remote-pair": ("Remote Pair", 4.5, "wings", False),
    "unique-rectangle-1": ("Unique Rectangle Type 1", 4.5, "uniqueness", True),
    "unique-rectangle-2": ("Unique Rectangle Type 2", 4.6, "uniqueness", True),
    "hidden-rectangle": ("Hidden Rectangle", 4.6, "uniqueness", True),
    "avoidable-rectangle-1": ("Avoidable Rectangle Type 1", 4.5, "uniqueness", True),
    "avoidable-rectangle-2": ("Avoidable Rectangle Type 2", 4.6, "uniqueness", True),
    "unique-rectangle-3": ("Unique Rectangle Type 3", 4.7, "uniqueness", True),
    "unique-rectangle-4": ("Unique Rectangle Type 4", 4.6, "uniqueness", True),
    "unique-rectangle-5": ("Unique Rectangle Type 5", 4.7, "uniqueness", True),
    "unique-rectangle-6": ("Unique Rectangle Type 6", 4.7, "uniqueness", True),
    "finned-x-wing": ("Finned X-Wing", 3.4, "fish", False),
    "sashimi-x-wing": ("Sashimi X-Wing", 3.5, "fish", False),
    "naked-quad": ("Naked Quad", 5.0, "subsets", False),
    "finned-swordfish": ("Finned Swordfish", 4.0, "fish", False),
    "sashimi-swordfish": ("Sashimi Swordfish", 4.1, "fish", False),
    "jellyfish": ("Jellyfish", 5.2, "fish", False),
    "hidden-quad": ("Hidden Quad", 5.4, "subsets", False),
    "finned-jellyfish": ("Finned Jellyfish", 5.4, "fish", False),
    "sashimi-jellyfish": ("Sashimi Jellyfish", 5.5, "fish", False),
    "wxyz-wing": ("WXYZ-Wing", 5.5, "wings", False),
    "bug-plus-1": ("BUG+1", 5.6, "uniqueness", True),
    "simple-colors-trap": ("Simple Colors Trap", 5.7, "coloring", False),
    "simple-colors-wrap": ("Simple Colors Wrap", 5.7, "coloring", False),
    "multi-colors": ("Multi Colors", 6.2, "coloring", False),
    "aligned-pair-exclusion": ("Aligned Pair Exclusion", 6.2, "aligned-exclusion", False),
    "x-chain": ("X-Chain", 6.5, "chains", False),
    "xy-chain": ("XY-Chain", 6.6, "chains", False),
    "squirmbag": ("Squirmbag", 5.7, "fish", False),
    "whale": ("Whale", 5.9, "fish", False),
    "leviathan": ("Leviathan", 6.1, "fish", False),
    "franken-x-wing": ("Franken X-Wing", 3.7, "fish", False),
    "finned-franken-x-wing": ("Finned Franken X-Wing", 3.9, "fish", False),
    "mutant-x-wing": ("Mutant X-Wing", 4.2, "fish", False),
    "finned-mutant-x-wing": ("Finned Mutant X-Wing", 4.3, "fish", False),
    "franken-swordfish": ("Franken Swordfish", 4.3, "fish", False),
    "finned-franken-swordfish": ("Finned Franken Swordfish", 4.5, "fish", False),
    "mutant-swordfish": ("Mutant Swordfish", 5.1, "fish", False),
    "finned-mutant-swordfish": ("Finned Mutant Swordfish", 5.3, "fish", False),
    "franken-jellyfish": ("Franken Jellyfish", 5.6, "fish", False),
    "finned-franken-jellyfish": ("Finned Franken Jellyfish", 5.8, "fish", False),
    "mutant-jellyfish": ("Mutant Jellyfish", 6.0, "fish", False),
    "finned-mutant-jellyfish": ("Finned Mutant Jellyfish", 6.2, "fish", False),
    "franken-squirmbag": ("Franken Squirmbag", 6.3, "fish", False),
    "finned-franken-squirmbag": ("Finned Franken Squirmbag", 6.4, "fish", False),
    "mutant-squirmbag": ("Mutant Squirmbag", 6.5, "fish", False),
    "finned-mutant-squirmbag": ("Finned Mutant Squirmbag", 6.6, "fish", False),
    "franken-whale": ("Franken Whale", 6.5, "fish", False),
    "finned-franken-whale": ("Finned Franken Whale", 6.6, "fish", False),
    "mutant-whale": ("Mutant Whale", 6.7, "fish", False),
    "finned-mutant-whale": ("Finned Mutant Whale", 6.8, "fish", False),
    "franken-leviathan": ("Franken Leviathan", 6.7, "fish", False),
    "finned-franken-leviathan": ("Finned Franken Leviathan", 6.8, "fish", False),
    "mutant-leviathan": ("Mutant Leviathan", 6.9, "fish", False),
    "finned-mutant-leviathan": ("Finned Mutant Leviathan", 7.0, "fish", False),
    "sue-de-coq": ("Sue de Coq", 5.0, "als", False),
    "continuous-nice-loop": ("Continuous Nice Loop", 6.7, "chains", False),
    "discontinuous-nice-loop": ("Discontinuous Nice Loop", 6.8, "chains", False),
    "aic": ("AIC", 6.8, "chains", False),
    "grouped-continuous-nice-loop": ("Grouped Continuous Nice Loop", 7.0, "chains", False),
    "grouped-discontinuous-nice-loop": ("Grouped Discontinuous Nice Loop", 7.1, "chains", False),
    "grouped-aic": ("Grouped AIC", 7.1, "chains", False),
    "als-xz": ("ALS-XZ", 6.9, "als", False),
    "als-xy-wing": ("ALS-XY-Wing", 7.1, "als", False),
    "als-xy-chain": ("ALS-XY-Chain", 7.3, "als", False),
    "death-blossom": ("Death Blossom", 7.5, "als", False),
    "nishio": ("Nishio", 7.5, "forcing", False),
    "aligned-triple-exclusion": ("Aligned Triple Exclusion", 7.5, "aligned-exclusion", False),
    "template-set": ("Template Set", 7.7, "templates", False),
    "template-delete": ("Template Delete", 7.8, "templates", False),
    "forcing-chain": ("Forcing Chain", 8.2, "forcing", False),
    "forcing-net": ("Forcing Net", 8.8, "forcing", False),
    "multiple-forcing-chain": ("Multiple Forcing Chains", 8.9, "forcing", False),
    "dynamic-forcing-chain": ("Dynamic Forcing Chains", 9.0, "forcing", False),
    "dynamic-forcing-chain-plus": ("Dynamic Forcing Chains (+)", 9.1, "forcing", False),
    "nested-forcing-chain": ("Nested Forcing Chains", 9.2, "forcing", False),
    "candidate-test": ("Candidate Test (trial)", 9.5, "trial", False),
    "candidate-test-recursive": ("Recursive Candidate Test (trial)", 11.0, "trial", False),
}

#: Techniques searched only when asked for by id (not in the default order): franken and mutant
#: fish of five to seven base sets, costly to search on every step.
ON_REQUEST = frozenset(f"{kind}-{name}" for kind in ("franken", "finned-franken", "mutant",
                                                      "finned-mutant")
                       for name in ("squirmbag", "whale", "leviathan"))
#: Families whose steps are trial (a candidate tried and its consequences searched), not pattern
#: logic: rated and explained as trial, and used last.
TRIAL_FAMILIES = frozenset({"trial"})
#: Families whose highlighted cells are a pattern a drawing marks (wings, rectangles, the
#: cells of a Sue de Coq), unless the finder gives marks of its own.
PATTERN_FAMILIES = frozenset({"wings", "uniqueness"})
PATTERN_TECHNIQUES = frozenset({"sue-de-coq"})


@dataclass(frozen=True)
class Technique:
    id: str
    name: str
    difficulty: float
    family: str
    uniqueness: bool
    finder: Finder = field(compare=False)

    def find(self, position: Position) -> Iterator[Step]:
        """Every instance of the technique in the position (each changes something)."""
        return self.finder(position)

    @property
    def local_name(self) -> str:
        """The name in the language in use (``name`` is the catalogue's English name)."""
        return gettext(self.name)

    @property
    def title(self) -> Message:
        """The name as a message parameter: rendered in the step's language."""
        return msg(self.name)

    def step(self, position: Position, what: Message | str, placements: Iterable[Candidate] = (),
             eliminations: Iterable[Candidate] = (), why: Message | None = None, **highlight) -> Step:
        """A step of this technique: ``"<what>: places ... and removes ..."``, then ``(<why>)``
        when a reason for the result is given."""
        placements = sorted(set(placements))
        eliminations = sorted(set(eliminations))
        text = msg("{what}: {result}", what=what,
                   result=describe_result(position.geometry, placements, eliminations))
        if why is not None:
            text = msg("{text} ({why})", text=text, why=why)
        if (self.family in PATTERN_FAMILIES or self.id in PATTERN_TECHNIQUES) and \
                highlight.get("cells") and not highlight.get("marks"):
            highlight["marks"] = [Mark("pattern", tuple(highlight["cells"]))]
        return Step(self.id, self.name, self.difficulty, text, placements, eliminations, **highlight)


REGISTRY: dict[str, Technique] = {}


def finder(technique_id: str) -> Callable[[Finder], Technique]:
    """Register ``fn`` as the finder of a catalogued technique; returns the Technique."""
    name, weight, family, uniq = CATALOGUE[technique_id]

    def register(fn: Finder) -> Technique:
        tech = Technique(technique_id, name, weight, family, uniq, fn)
        REGISTRY[technique_id] = tech
        return tech

    return register


__all__ = ["CATALOGUE", "ON_REQUEST", "REGISTRY", "Technique", "finder", "Link", "Step"]
