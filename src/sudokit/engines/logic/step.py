"""One logical step: what it places or removes, what it looks at, and why, in words.

Internally cells are 0-based indices and digits 1..N; the JSON form uses 1-based
``[row, col, digit]`` triples.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from sudokit.model.geometry import Geometry
from sudokit.i18n import Message, gettext, msg, text
from sudokit.i18n.values import Cell, Cells, House, Join

Candidate = tuple[int, int]  # (cell, digit)


@dataclass(frozen=True)
class Link:
    """A chain link between two candidates: strong (``=``, not both false) or weak (``-``).

    A group end (a digit in 2+ cells of one box-line intersection) is given by its first cell in
    ``start``/``end`` and all its cells in ``start_cells``/``end_cells`` (empty for one cell).
    """

    start: Candidate
    end: Candidate
    strong: bool
    start_cells: tuple[int, ...] = ()
    end_cells: tuple[int, ...] = ()


@dataclass(frozen=True)
class Mark:
    """A set of cells a drawing colours by its ``role``: ``base``/``cover`` (fish), ``fin``,
    ``als`` (an almost locked set), ``pattern`` (the cells of a wing, rectangle or other
    pattern), ``target`` (the cells that lose candidates), ``region`` (the house or run of
    houses a killer step reads) and ``cage`` (a killer cage whose sum it uses). ``digits``
    narrows it to candidates; ``label`` names it (``A``, ``B``, a digit of a petal...)."""

    role: str
    cells: tuple[int, ...]
    digits: tuple[int, ...] = ()
    label: str = ""


@dataclass(frozen=True)
class Branch:
    """One branch of a forcing chain or net: an assumption (``label``, e.g. ``r1c1=3``) and the
    chain of consequences it forces, as links from each candidate to the next."""

    label: str
    links: tuple[Link, ...]


@dataclass
class Step:
    """A deduction found by a technique.

    ``cells``, ``houses`` and ``candidates`` are what it looks at (for highlighting);
    ``base_sets``/``cover_sets`` are house indices of fish, ``fins`` candidates of finned
    patterns, ``links`` the links of a chain, ``branches`` those of each branch of a forcing
    chain or net, ``marks`` the sets a drawing colours (ALS, pattern cells; fish sets and fins
    are added to the JSON from ``base_sets``, ``cover_sets`` and ``fins``).

    ``english_name`` is the catalogue's name and ``message`` the explanation as a message;
    ``name`` and ``explanation`` are both in the language in use (:mod:`sudokit.i18n`), and
    :meth:`explain` gives the explanation in any language.
    """

    technique: str
    english_name: str
    difficulty: float
    message: Message | str
    placements: list[Candidate] = field(default_factory=list)
    eliminations: list[Candidate] = field(default_factory=list)
    cells: list[int] = field(default_factory=list)
    houses: list[int] = field(default_factory=list)
    candidates: list[Candidate] = field(default_factory=list)
    fins: list[Candidate] = field(default_factory=list)
    base_sets: list[int] = field(default_factory=list)
    cover_sets: list[int] = field(default_factory=list)
    links: list[Link] = field(default_factory=list)
    branches: list[Branch] = field(default_factory=list)
    marks: list[Mark] = field(default_factory=list)

    @property
    def name(self) -> str:
        """The technique's name in the language in use."""
        return gettext(self.english_name)

    @property
    def explanation(self) -> str:
        """The explanation in the language in use."""
        return text(self.message)

    def explain(self, lang: str | None = None) -> str:
        """The explanation in ``lang`` (default: the language in use)."""
        return text(self.message, lang)

    @property
    def is_placement(self) -> bool:
        return bool(self.placements)

    def errors(self, solution: list[int]) -> list[Candidate]:
        """What the step gets wrong against ``solution`` (a digit per cell): its placements
        of another digit, then its eliminations of the solution's digit (none: sound)."""
        return ([(c, d) for c, d in self.placements if solution[c] != d]
                + [(c, d) for c, d in self.eliminations if solution[c] == d])

    def key(self) -> tuple:
        """What the step changes, to recognise the same deduction found twice."""
        return (tuple(sorted(self.placements)), tuple(sorted(self.eliminations)))

    def _repr_svg_(self) -> str:
        """The step as a picture in Jupyter (:func:`sudokit.engines.render.step_svg`)."""
        from sudokit.engines.render import step_svg

        return step_svg(self, caption=True)

    def to_dict(self, geometry: Geometry) -> dict:
        n = geometry.size

        def rcd(cands: Iterable[Candidate]) -> list[list[int]]:
            return [[c // n + 1, c % n + 1, d] for c, d in cands]

        def rc(cells: Iterable[int]) -> list[list[int]]:
            return [[c // n + 1, c % n + 1] for c in cells]

        out = {
            "technique": self.technique,
            "name": self.name,
            "difficulty": self.difficulty,
            "placements": rcd(self.placements),
            "eliminations": rcd(self.eliminations),
            "explanation": self.explanation,
            "cells": rc(self.cells),
            "houses": [geometry.house_name(h) for h in self.houses],
            "house_names": [text(House(geometry, h)) for h in self.houses],
            "candidates": rcd(self.candidates),
        }
        if self.fins:
            out["fins"] = rcd(self.fins)
        if self.base_sets or self.cover_sets:
            out["base_sets"] = [geometry.house_name(h) for h in self.base_sets]
            out["cover_sets"] = [geometry.house_name(h) for h in self.cover_sets]
        if self.links:
            out["links"] = [_link_dict(l, rcd, rc) for l in self.links]
        if self.branches:
            out["branches"] = [{"label": b.label, "links": [_link_dict(l, rcd, rc) for l in b.links]}
                               for b in self.branches]
        sets = [_mark_dict(m, rc) for m in self._drawn_marks(geometry)]
        if sets:
            out["sets"] = sets
        return out

    def _drawn_marks(self, geometry: Geometry) -> list[Mark]:
        """The marks, with the fish's base and cover sets and the fins as marks too."""
        marks = list(self.marks)
        digits = tuple(sorted({d for _, d in self.candidates}))
        for role, houses in (("base", self.base_sets), ("cover", self.cover_sets)):
            for h in houses:
                marks.append(Mark(role, tuple(geometry.houses[h]), digits, geometry.house_name(h)))
        if self.fins:
            marks.append(Mark("fin", tuple(sorted({c for c, _ in self.fins})),
                              tuple(sorted({d for _, d in self.fins}))))
        return marks


def _mark_dict(mark: Mark, rc) -> dict:
    out: dict = {"role": mark.role, "cells": rc(mark.cells)}
    if mark.digits:
        out["digits"] = list(mark.digits)
    if mark.label:
        out["label"] = mark.label
    return out


def _link_dict(link: Link, rcd, rc) -> dict:
    out = {"from": rcd([link.start])[0], "to": rcd([link.end])[0], "strong": link.strong}
    if link.start_cells:
        out["from_cells"] = rc(link.start_cells)
    if link.end_cells:
        out["to_cells"] = rc(link.end_cells)
    return out


# --- wording helpers shared by every technique ------------------------------------------------
# They return values that render per language (see sudokit.i18n); str() gives the language in use.

def cell_list(geometry: Geometry, cells: Iterable[int]) -> Cells:
    """``r3c2, r3c8`` in reading order."""
    return Cells(geometry, cells)


def digit_list(digits: Iterable[int]) -> str:
    """``4/7`` for a set of digits."""
    return "/".join(str(d) for d in sorted(set(digits)))


def and_list(parts: list) -> Message | object:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(parts) == 1:
        return parts[0]
    return msg("{items} and {last}", items=Join(parts[:-1]), last=parts[-1])


def describe_eliminations(geometry: Geometry, elims: Iterable[Candidate]) -> Message:
    """``removes 4 from r3c5 and 1/2/7 from r3c6, r3c7``: grouped by digit, digits leaving the
    same cells together."""
    by_digit: dict[int, set[int]] = defaultdict(set)
    for cell, digit in elims:
        by_digit[digit].add(cell)
    by_cells: dict[frozenset[int], list[int]] = {}
    for d, cells in sorted(by_digit.items()):
        by_cells.setdefault(frozenset(cells), []).append(d)
    parts = [msg("{digit} from {cells}", digit=digit_list(ds), cells=cell_list(geometry, cells))
             for cells, ds in by_cells.items()]
    if not parts:
        return msg("removes nothing")
    return msg("removes {what}", what=and_list(parts))


def describe_placements(geometry: Geometry, placements: Iterable[Candidate]) -> Message:
    parts = [msg("{cell}={digit}", cell=Cell(geometry, c), digit=d) for c, d in sorted(placements)]
    return msg("places {what}", what=Join(parts))


def describe_result(geometry: Geometry, placements: Iterable[Candidate],
                    elims: Iterable[Candidate]) -> Message:
    placements, elims = list(placements), list(elims)
    parts = []
    if placements:
        parts.append(describe_placements(geometry, placements))
    if elims:
        parts.append(describe_eliminations(geometry, elims))
    if not parts:
        return msg("changes nothing")
    return parts[0] if len(parts) == 1 else msg("{first} and {second}", first=parts[0],
                                                second=parts[1])
