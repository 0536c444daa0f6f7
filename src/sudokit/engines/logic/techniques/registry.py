"""The registry of finders: which function finds which technique of the table.

What a technique is (name, family, weights) is its entry of the technique table
(:mod:`sudokit.engines.difficulty`); finder functions live in one module per family and
register under the entry's id with :func:`finder`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field

from sudokit.engines.difficulty import TECHNIQUES, TechniqueEntry
from sudokit.i18n import Message, gettext, msg
from sudokit.model.position import Position
from sudokit.engines.logic.step import Candidate, Link, Mark, Step, describe_result

Finder = Callable[[Position], Iterator[Step]]


@dataclass(frozen=True)
class Technique:
    """A technique of the table (``entry``) with the function that finds its steps."""

    entry: TechniqueEntry
    finder: Finder = field(compare=False)

    @property
    def id(self) -> str:
        return self.entry.id

    @property
    def name(self) -> str:
        """The table's English name."""
        return self.entry.name

    @property
    def difficulty(self) -> float:
        """The catalogue weight (the solver's order)."""
        return self.entry.weight

    @property
    def family(self) -> str:
        return self.entry.family

    @property
    def uniqueness(self) -> bool:
        return self.entry.uniqueness

    def find(self, position: Position) -> Iterator[Step]:
        """Every instance of the technique in the position (each changes something)."""
        return self.finder(position)

    @property
    def local_name(self) -> str:
        """The name in the language in use (``name`` is the table's English name)."""
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
        if self.entry.pattern and highlight.get("cells") and not highlight.get("marks"):
            highlight["marks"] = [Mark("pattern", tuple(highlight["cells"]))]
        return Step(self.id, self.name, self.difficulty, text, placements, eliminations, **highlight)


REGISTRY: dict[str, Technique] = {}


def finder(technique_id: str) -> Callable[[Finder], Technique]:
    """Register ``fn`` as the finder of a technique of the table; returns the Technique."""
    entry = TECHNIQUES[technique_id]

    def register(fn: Finder) -> Technique:
        tech = Technique(entry, fn)
        REGISTRY[technique_id] = tech
        return tech

    return register


__all__ = ["REGISTRY", "Technique", "finder", "Link", "Step"]
