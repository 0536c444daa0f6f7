"""The board of a geometry as ``POST /api/board`` answers it: every house with its kind, name
and label, the peers the rules add without a house as pairs of cells, the killer cages and
the rules, read from the geometry's public properties (so a new rule kind needs nothing
here but its words). Cells are 1-based ``[row, col]``, as in the rest of the API."""

from __future__ import annotations

from sudokit.i18n import N_, language, tr
from sudokit.i18n.values import house_name
from sudokit.model.geometry import Geometry
from sudokit.model.rules.killer import cage_name

#: A rule kind's name and its statement for a person (kinds the list lacks are named by kind).
RULE_WORDS = {
    "jigsaw": (N_("jigsaw"), N_("jigsaw: each region in thick borders holds every digit once")),
    "x": (N_("X"), N_("X: each main diagonal holds every digit once")),
    "windoku": (N_("Windoku"), N_("Windoku: each shaded window holds every digit once")),
    "anti-knight": (N_("anti-knight"), N_("anti-knight: no equal digits a knight's move apart")),
    "anti-king": (N_("anti-king"), N_(
        "anti-king: no equal digits a king's move apart (diagonally touching)")),
    "killer": (N_("killer"), N_(
        "killer: the digits of each dashed cage add up to its sum and do not repeat")),
}


def rule_kinds(g: Geometry) -> list[str]:
    """The kinds of the rules beyond rows, columns and boxes, in the order the model keeps
    them: the jigsaw's regions, the named variants, the killer cages."""
    return (["jigsaw"] if g.regions is not None else []) + list(g.variants) + \
        (["killer"] if g.cages else [])


def board_of(g: Geometry) -> dict:
    """The board of ``g`` (labels in the language in use)."""
    n = g.size
    rc = lambda cell: [cell // n + 1, cell % n + 1]  # noqa: E731
    houses = []
    for h, cells in enumerate(g.houses):
        name = g.house_name(h)
        houses.append({"kind": name.split(" ", 1)[0], "name": name, "label": house_name(g, h),
                       "cells": [rc(c) for c in cells]})
    pairs = []
    for cell, others in enumerate(g.extra_peers or ()):
        pairs.extend([rc(cell), rc(p)] for p in others if p > cell)
    cages = []
    for cage in g.cages or ():
        label = cage_name(cage, n)
        with language("en"):
            name = cage_name(cage, n)
        cages.append({"sum": cage.total, "cells": [rc(c) for c in cage.cells], "name": name,
                      "label": label})
    rules = []
    for kind in rule_kinds(g):
        label, text = RULE_WORDS.get(kind, (kind, kind))
        rules.append({"kind": kind, "label": tr(label), "text": tr(text)})
    return {"size": n, "box": [g.box_rows, g.box_cols], "houses": houses,
            "extra_peers": pairs, "cages": cages, "rules": rules}
