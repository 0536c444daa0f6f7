"""Colouring: conjugate pairs of one digit joined into clusters with two colours.

In a cluster either every cell of one colour holds the digit or every cell of the other does.

- Simple Colors Trap: a cell outside the cluster that sees both colours loses the digit (a
  cluster of 2 or 3 cells repeats locked candidates, and is listed after the others).
- Simple Colors Wrap: two cells of one colour see each other, so that colour is false
  everywhere (and the other colour true).
- Multi Colors: two clusters. Type 1: a colour of A sees a colour of B (they are not both
  true), so one of the two opposite colours is true and a cell seeing both loses the digit;
  one step per pair of clusters, with every such cell of every linked pair of colours (as
  HoDoKu lists it). Type 2: a colour of A sees both colours of B, so it is false everywhere.

A digit whose every candidate lies in some template (see templates.untemplated) is skipped:
colouring is single-digit logic, so it removes nothing there.
"""

from __future__ import annotations

from sudokit.i18n import msg
from sudokit.i18n.values import Cell, Join
from sudokit.engines.logic.links import LinkGraph, cells_of, mask_of
from sudokit.model.position import Position
from sudokit.engines.logic.step import Link, cell_list
from sudokit.engines.logic.techniques.registry import REGISTRY, finder
from sudokit.engines.logic.techniques.templates import untemplated

_SIGNS = ("+", "-")


def _see_mask(graph: LinkGraph, cells) -> int:
    m = 0
    for c in cells:
        m |= graph.peers[c]
    return m


def _cluster_step(tech, pos: Position, graph: LinkGraph, digit: int, what,
                  eliminations, cells: list[int]):
    """A step about the clusters of ``digit`` made of ``cells``: their candidates and their
    strong links are what it shows."""
    cluster_mask = mask_of(cells)
    links = [Link((l.a, digit), (l.b, digit), True) for l in graph.strong_links(digit)
             if cluster_mask >> l.a & 1]
    return tech.step(pos, what, eliminations=eliminations, cells=cells,
                     candidates=[(c, digit) for c in cells], links=links)


def _describe(g, classes, label: str = "") -> Join:
    """``A+ r1c2, r4c7 / A- r1c7, r4c2``."""
    return Join((msg("{colour} {cells}", colour=f"{label}{s}", cells=cell_list(g, cls))
                 for cls, s in zip(classes, _SIGNS)), " / ")


@finder("simple-colors-trap")
def simple_colors_trap(pos: Position):
    graph = LinkGraph(pos)
    g = graph.geometry
    tech = REGISTRY["simple-colors-trap"]
    # clusters of 4 cells or more first; a pair or a 3-cell cluster only repeats locked
    # candidates, but is a trap all the same
    free = untemplated(pos)
    for small in (False, True):
        for digit in range(1, g.size + 1):
            if free[digit] == 0:
                continue
            for classes in graph.clusters(digit):
                cells = classes[0] + classes[1]
                if (len(cells) < 4) != small:
                    continue
                targets = (_see_mask(graph, classes[0]) & _see_mask(graph, classes[1])
                           & graph.digit_cells[digit] & ~mask_of(cells))
                if not targets:
                    continue
                yield _cluster_step(
                    tech, pos, graph, digit,
                    msg("{name} on {digit}: {colours}; a cell seeing both colours cannot hold "
                        "{digit}", name=tech.title, digit=digit, colours=_describe(g, classes)),
                    [(t, digit) for t in cells_of(targets)],
                    cells)


@finder("simple-colors-wrap")
def simple_colors_wrap(pos: Position):
    graph = LinkGraph(pos)
    g = graph.geometry
    tech = REGISTRY["simple-colors-wrap"]
    free = untemplated(pos)
    for digit in range(1, g.size + 1):
        if free[digit] == 0:
            continue
        for classes in graph.clusters(digit):
            for side, cls in enumerate(classes):
                m = mask_of(cls)
                clash = next(((u, v) for u in cls for v in cells_of(graph.peers[u] & m)), None)
                if clash is None:
                    continue
                u, v = clash
                yield _cluster_step(
                    tech, pos, graph, digit,
                    msg("{name} on {digit}: {colours}; {a} and {b} have colour {colour} and see "
                        "each other, so no cell of that colour holds {digit}", name=tech.title,
                        digit=digit, colours=_describe(g, classes), a=Cell(g, u), b=Cell(g, v),
                        colour=_SIGNS[side]),
                    [(c, digit) for c in cls], classes[0] + classes[1])
                break  # both colours cannot clash in a position with a solution


@finder("multi-colors")
def multi_colors(pos: Position):
    graph = LinkGraph(pos)
    g = graph.geometry
    tech = REGISTRY["multi-colors"]
    free = untemplated(pos)
    for digit in range(1, g.size + 1):
        if free[digit] == 0:
            continue
        clusters = graph.clusters(digit)
        if len(clusters) < 2:
            continue
        dmask = graph.digit_cells[digit]
        masks = [(mask_of(a), mask_of(b)) for a, b in clusters]
        sees = [(_see_mask(graph, a), _see_mask(graph, b)) for a, b in clusters]
        false_colours = set()
        for i, ci in enumerate(clusters):
            for j, cj in enumerate(clusters):
                if i == j:
                    continue
                for x in (0, 1):
                    if sees[i][x] & masks[j][0] and sees[i][x] & masks[j][1] \
                            and (i, x) not in false_colours:
                        false_colours.add((i, x))
                        # Type 2: colour x of cluster i sees both colours of cluster j.
                        cells = ci[0] + ci[1] + cj[0] + cj[1]
                        what = msg("{name} type 2 on {digit}: {a}, {b}; {colour} sees both B+ "
                                   "and B-, so it is false", name=tech.title, digit=digit,
                                   a=_describe(g, ci, 'A'), b=_describe(g, cj, 'B'),
                                   colour=f"A{_SIGNS[x]}")
                        yield _cluster_step(tech, pos, graph, digit, what,
                                            [(c, digit) for c in ci[x]], cells)
                if i < j:
                    yield from _multi_colors_1(tech, pos, graph, digit, ci, cj, sees[i], sees[j],
                                               masks[i], masks[j])


def _multi_colors_1(tech, pos, graph, digit, ci, cj, see_i, see_j, mask_i, mask_j):
    """Type 1 on clusters ``ci`` and ``cj``: for each colour x of one that sees a colour y of
    the other (they are not both true), the opposite colours are not both false, so a cell
    seeing both loses the digit; one step with every such cell (cluster cells too)."""
    g = graph.geometry
    targets = 0
    linked = []
    for x in (0, 1):
        for y in (0, 1):
            if see_i[x] & mask_j[y]:
                linked.append(msg("{a} sees {b}, so {not_a} or {not_b} holds {digit}",
                                  a=f"A{_SIGNS[x]}", b=f"B{_SIGNS[y]}", not_a=f"A{_SIGNS[1 - x]}",
                                  not_b=f"B{_SIGNS[1 - y]}", digit=digit))
                targets |= see_i[1 - x] & see_j[1 - y]
    targets &= graph.digit_cells[digit]
    if not targets:
        return
    what = msg("{name} type 1 on {digit}: {a}, {b}; {links}", name=tech.title, digit=digit,
               a=_describe(g, ci, 'A'), b=_describe(g, cj, 'B'), links=Join(linked, "; "))
    yield _cluster_step(tech, pos, graph, digit, what, [(t, digit) for t in cells_of(targets)],
                        ci[0] + ci[1] + cj[0] + cj[1])
