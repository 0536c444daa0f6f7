"""Jigsaw (irregular) Sudoku: the boxes are replaced by ``regions``, N regions of N connected
cells, written as N*N symbols row by row, equal symbols forming a region (or, in JSON, N*N
region numbers)."""

from __future__ import annotations

from sudokit.i18n import tr
from sudokit.model.errors import GeometryError
from sudokit.model.numbers import read_number
from sudokit.model.rules.base import Rule


class Jigsaw(Rule):
    """The regions (a region index per cell) that take the boxes' place."""

    kind = "jigsaw"
    aliases = ("irregular",)
    enforced_by = "regions"

    def __init__(self, regions: tuple[int, ...]):
        self.regions = regions

    def check(self, geometry) -> None:
        check_regions(self.regions, geometry.size)

    def fields(self, geometry) -> dict:
        n, regions = geometry.size, self.regions
        return {"regions": ("".join(region_label(r) for r in regions) if n <= 26
                            else [list(regions[r * n:(r + 1) * n]) for r in range(n)])}

    def __repr__(self) -> str:
        return f"Jigsaw({self.regions!r})"


def parse_regions(text: str, size: int) -> tuple[int, ...]:
    """Jigsaw regions from ``size*size`` symbols (spaces, newlines and ``|`` ignored): one
    region index per cell, numbered in order of first appearance. Checks that there are
    ``size`` regions of ``size`` connected cells."""
    symbols = [ch for ch in text if not ch.isspace() and ch not in "|,"]
    if len(symbols) != size * size:
        raise GeometryError(tr("regions need {cells} symbols for a {size}x{size} grid (one per "
                               "cell, row by row), got {n}", cells=size * size, size=size,
                               n=len(symbols)))
    index: dict[str, int] = {}
    regions = tuple(index.setdefault(s, len(index)) for s in symbols)
    names = {i: s for s, i in index.items()}
    check_regions(regions, size, names)
    return regions


def check_regions(regions: tuple[int, ...], size: int, names: dict[int, str] | None = None) -> None:
    """Raise :class:`GeometryError` unless ``regions`` splits the grid into ``size`` connected
    regions of ``size`` cells."""
    if len(regions) != size * size:
        raise GeometryError(tr("regions need one entry per cell ({cells}), got {n}",
                               cells=size * size, n=len(regions)))
    name = (lambda r: repr(names[r])) if names else (lambda r: str(r + 1))
    count = len(set(regions))
    if count != size or set(regions) != set(range(size)):
        raise GeometryError(tr("a {size}x{size} grid needs {size} regions, got {n}", size=size,
                               n=count))
    for r in range(size):
        cells = [c for c, x in enumerate(regions) if x == r]
        if len(cells) != size:
            raise GeometryError(tr("region {region} has {n} cells; each region needs {size}",
                                   region=name(r), n=len(cells), size=size))
        if len(_connected(cells[0], set(cells), size)) != size:
            raise GeometryError(tr("region {region} is not connected (its cells must touch side by "
                                   "side)", region=name(r)))


def _connected(start: int, cells: set[int], n: int) -> set[int]:
    seen, todo = {start}, [start]
    while todo:
        c = todo.pop()
        r, k = divmod(c, n)
        for rr, kk in ((r - 1, k), (r + 1, k), (r, k - 1), (r, k + 1)):
            d = rr * n + kk
            if 0 <= rr < n and 0 <= kk < n and d in cells and d not in seen:
                seen.add(d)
                todo.append(d)
    return seen


def region_label(index: int) -> str:
    """Regions are named by letters: region A, B, ..."""
    return chr(ord("A") + index) if index < 26 else str(index + 1)


def read_regions(value, n: int) -> str | tuple[int, ...] | None:
    """JSON ``regions``: text (N*N symbols) as it is, or N*N region numbers (a flat list or N
    rows of them) numbered in order of first appearance."""
    if value is None or isinstance(value, str):
        return value
    if isinstance(value, list) and len(value) == n and all(isinstance(r, list) for r in value):
        value = [x for row in value for x in row]
    if not isinstance(value, list):
        raise GeometryError(tr('"regions" must be a string of N*N symbols or a list of region '
                               'numbers'))
    numbers = [read_number(x, '"regions"', 0, 4096) for x in value]
    labels = {x: i for i, x in enumerate(dict.fromkeys(numbers))}
    return tuple(labels[x] for x in numbers)


def random_regions(size: int, box_rows: int, box_cols: int, rng, swaps: int | None = None) -> tuple[int, ...]:
    """Random jigsaw regions: the boxes, then many random exchanges of two border cells
    between neighbouring regions that keep every region connected (same sizes).

    Regions are bit masks of the grid's cells (bit = cell index), so the neighbours of a
    region and its connection are a few shifts each, not a walk over cells."""
    n = size
    full = (1 << n * n) - 1
    not_first = full & ~sum(1 << (r * n) for r in range(n))  # cells not in column 1
    not_last = full & ~sum(1 << (r * n + n - 1) for r in range(n))

    def around(m: int) -> int:
        """The cells next to the cells of m (side by side), m's own included."""
        return (m | ((m & not_last) << 1) | ((m & not_first) >> 1) | (m << n) | (m >> n)) & full

    def connected(m: int) -> bool:
        reach = m & -m
        while True:  # grow from one cell inside m (around() inlined: the hot loop)
            grown = (reach | ((reach & not_last) << 1) | ((reach & not_first) >> 1) | (reach << n)
                     | (reach >> n)) & m
            if grown == reach:
                return reach == m
            reach = grown

    near = [_bits(around(1 << c) & ~(1 << c)) for c in range(n * n)]

    regions = [(r // box_rows) * box_rows + c // box_cols for r in range(n) for c in range(n)]
    members = [0] * n
    for c, r in enumerate(regions):
        members[r] |= 1 << c
    for _ in range(swaps if swaps is not None else 6 * n * n):
        x = rng.randrange(n * n)
        a = regions[x]
        others = {regions[d] for d in near[x]} - {a}
        if not others:
            continue
        b = rng.choice(sorted(others))
        candidates = _bits(members[b] & around(members[a]) & ~(1 << x))  # cells of b next to a
        if not candidates:
            continue
        y = rng.choice(candidates)
        new_a = members[a] & ~(1 << x) | (1 << y)
        new_b = members[b] & ~(1 << y) | (1 << x)
        if connected(new_a) and connected(new_b):
            members[a], members[b] = new_a, new_b
            regions[x], regions[y] = b, a
    return tuple(regions)


def _bits(m: int) -> list[int]:
    """The indices of the set bits of m, lowest first."""
    out = []
    while m:
        low = m & -m
        out.append(low.bit_length() - 1)
        m ^= low
    return out
