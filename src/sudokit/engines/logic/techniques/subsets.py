"""Matching subsets in one house ("matching pairs, triples, quads" in Lösningsmetoder för sudoku).

* Naked subset of size k: k cells of a house whose candidates together are exactly k digits;
  those digits leave the house's other cells.
* Hidden subset of size k: k digits that, within a house, fit only in the same k cells; those
  cells lose every other candidate.

Written for any k (the catalogue names k = 2, 3, 4); each cell of a naked subset has at least
two candidates and each digit of a hidden subset at least two places (fewer is a single).
"""

from __future__ import annotations

from sudokit.i18n import msg
from sudokit.i18n.values import House
from collections.abc import Iterator

from sudokit.model.position import Position, digits_of
from sudokit.engines.logic.step import cell_list, digit_list
from sudokit.engines.logic.techniques.masks import digit_masks
from sudokit.engines.logic.techniques.registry import REGISTRY, finder

NAKED = {2: "naked-pair", 3: "naked-triple", 4: "naked-quad"}
HIDDEN = {2: "hidden-pair", 3: "hidden-triple", 4: "hidden-quad"}


def tight_sets(items: list[tuple[int, int]], k: int) -> Iterator[tuple[list[int], int]]:
    """Every choice of ``k`` items (key, mask) whose masks together have exactly ``k`` bits,
    as (keys, union), in lexicographic order of the items; branches whose union already
    exceeds ``k`` bits are cut (a depth-first walk kept on two small stacks)."""
    count = len(items)
    if count < k or k < 1:
        return
    keys = [key for key, _ in items]
    masks = [mask for _, mask in items]
    picked = [0] * k  # item index chosen at each depth
    unions = [0] * (k + 1)  # union of the items chosen above each depth
    depth = i = 0
    while True:
        if i <= count - k + depth:
            u = unions[depth] | masks[i]
            if u.bit_count() <= k:
                picked[depth] = i
                if depth + 1 == k:
                    if u.bit_count() == k:
                        yield [keys[j] for j in picked], u
                else:
                    depth += 1
                    unions[depth] = u
            i += 1
        elif depth:
            depth -= 1
            i = picked[depth] + 1
        else:
            return


def naked_subsets(pos: Position, k: int) -> Iterator:
    tech = REGISTRY[NAKED[k]]
    g = pos.geometry
    cands = pos.cands
    for h, house in enumerate(g.houses):
        empty = [c for c in house if cands[c]]
        if len(empty) <= k:
            continue  # no other cell could lose anything
        items = [(c, cands[c]) for c in empty if 2 <= cands[c].bit_count() <= k]
        for cells, union in tight_sets(items, k):
            chosen = set(cells)
            elims = [(c, d) for c in empty if c not in chosen for d in digits_of(cands[c] & union)]
            if elims:
                yield tech.step(
                    pos, msg("{name} {digits} in {house} ({cells})", name=tech.title,
                             digits=digit_list(digits_of(union)), house=House(g, h),
                             cells=cell_list(g, cells)),
                    eliminations=elims, cells=cells, houses=[h],
                    candidates=[(c, d) for c in cells for d in digits_of(cands[c])])


def hidden_subsets(pos: Position, k: int) -> Iterator:
    tech = REGISTRY[HIDDEN[k]]
    g = pos.geometry
    cands = pos.cands
    n = g.size
    masks = digit_masks(pos)
    seen = set()  # the same cells and digits can be hidden in a line and a box at once
    for h, house in enumerate(g.houses):
        # bit i of places[d] is set when d is a candidate of the house's i-th cell
        table, i = masks.table(g, h)
        places = [table[d][i] for d in range(n + 1)]
        if sum(1 for m in places if m) <= k:
            continue  # the subset would fill every empty cell: nothing else to remove
        items = [(d, m) for d, m in enumerate(places) if m & (m - 1)]
        for digits, where in tight_sets(items, k):
            cells = [house[i] for i in range(len(house)) if where >> i & 1]
            keep = sum(1 << (d - 1) for d in digits)
            elims = [(c, d) for c in cells for d in digits_of(cands[c] & ~keep)]
            key = (tuple(cells), tuple(digits))
            if not elims or key in seen:
                continue
            seen.add(key)
            yield tech.step(
                pos, msg("{name} {digits} in {house} ({cells})", name=tech.title,
                         digits=digit_list(digits), house=House(g, h), cells=cell_list(g, cells)),
                eliminations=elims, cells=cells, houses=[h],
                candidates=[(c, d) for c in cells for d in digits if cands[c] >> (d - 1) & 1])


def _register(table: dict[int, str], search) -> None:
    for k, technique_id in table.items():
        finder(technique_id)(lambda pos, k=k: search(pos, k))


_register(NAKED, naked_subsets)
_register(HIDDEN, hidden_subsets)
