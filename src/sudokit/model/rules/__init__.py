"""The rules of a puzzle: one module per rule kind, each a :class:`~.base.Rule` subclass.

- :mod:`.diagonal` ``x``, :mod:`.windoku`: extra houses;
- :mod:`.anti_knight`, :mod:`.anti_king`: extra peers (no house);
- :mod:`.jigsaw`: regions in the boxes' place;
- :mod:`.killer`: cages with sums.

A new rule kind is a new module here with its :class:`~.base.Rule` subclass, listed in
:data:`NAMED` when a name in ``variants`` turns it on; the geometry reads houses and peers from
the rules, so it does not change."""

from __future__ import annotations

from collections.abc import Iterable

from sudokit.i18n import tr
from sudokit.model.errors import GeometryError
from sudokit.model.rules.anti_king import AntiKing
from sudokit.model.rules.anti_knight import AntiKnight
from sudokit.model.rules.base import Rule
from sudokit.model.rules.diagonal import Diagonals
from sudokit.model.rules.jigsaw import Jigsaw
from sudokit.model.rules.killer import Killer
from sudokit.model.rules.windoku import Windows

#: The named rule kinds (no data of their own), in the order their names are written.
NAMED: dict[str, type[Rule]] = {cls.kind: cls for cls in (Diagonals, Windows, AntiKnight, AntiKing)}

#: Canonical names of the named rules, in the order they are written.
NAMES = tuple(NAMED)
#: Names that say a rule whose data comes with the puzzle (regions, cages), not a named rule.
_DATA_RULES = ("classic", Jigsaw.kind, *Jigsaw.aliases, Killer.kind)


def _items(text: str | Iterable[str] | None) -> list:
    if text is None:
        return []
    return text.split(",") if isinstance(text, str) else list(text)


def parse_variants(text: str | Iterable[str] | None) -> tuple[str, ...]:
    """``"x,anti-knight"`` (or a list of names) as canonical names in a fixed order;
    ``jigsaw`` and ``killer`` are accepted and left out (regions and cages say them)."""
    names = set()
    for item in _items(text):
        if not isinstance(item, str):
            raise GeometryError(tr("a variant is a name, not {kind}", kind=type(item).__name__))
        name = item.strip().lower().replace("_", "-")
        if not name or name in _DATA_RULES:
            continue
        aliases = {alias: kind for kind, cls in NAMED.items() for alias in cls.aliases}
        name = aliases.get(name, name)
        if name not in NAMED:
            raise GeometryError(tr("unknown variant {name}; choose from {choices} (aliases: "
                                   "{aliases})", name=repr(item.strip()), choices=", ".join(NAMED),
                                   aliases=", ".join(sorted(aliases))))
        names.add(name)
    return tuple(n for n in NAMED if n in names)


def wants_killer(text: str | Iterable[str] | None) -> bool:
    """True if the variant names ask for killer cages (``killer``)."""
    return any(isinstance(i, str) and i.strip().lower() == Killer.kind for i in _items(text))


def wants_jigsaw(text: str | Iterable[str] | None) -> bool:
    """True if the variant names ask for jigsaw regions (``jigsaw`` or ``irregular``)."""
    kinds = (Jigsaw.kind, *Jigsaw.aliases)
    return any(isinstance(i, str) and i.strip().lower() in kinds for i in _items(text))


def rules_of(variants: tuple[str, ...], regions, cages) -> tuple[Rule, ...]:
    """The rule objects of a geometry's ``variants`` (canonical names), ``regions`` and
    ``cages``: the jigsaw first, then the named rules in their order, then the cages."""
    return ((Jigsaw(regions),) if regions is not None else ()) + \
        tuple(NAMED[name]() for name in variants) + ((Killer(cages),) if cages else ())


def describe(variants: tuple[str, ...], jigsaw: bool, killer: bool = False) -> str:
    """``x + anti-knight``, ``jigsaw``, ``killer``, or ``classic``."""
    parts = (["killer"] if killer else []) + (["jigsaw"] if jigsaw else []) + list(variants)
    return " + ".join(parts) if parts else "classic"


def variant_fields(geometry) -> dict:
    """The ``variants`` (names) and ``regions`` of a geometry as the JSON formats write them;
    nothing for a classic one (the cages are written by :func:`.killer.cage_fields`)."""
    out: dict = {}
    if geometry.variants:
        out["variants"] = list(geometry.variants)
    for rule in geometry.rules:
        if isinstance(rule, Jigsaw):
            out.update(rule.fields(geometry))
    return out
