"""Hypothesis strategies of hostile input: grids of sizes 4..25 with odd box shapes, the text
every writer makes of them, that text mangled, arbitrary and puzzle-like text with Unicode
digits, control characters, BOMs and CRLFs, JSON and XML built from the formats' own keys."""

from __future__ import annotations

import json
import random

from hypothesis import strategies as st

from sudokit import Geometry, Grid
from sudokit.model import formats
from sudokit.model.numbers import is_number

FORMATS = sorted(formats.formats())
#: Formats whose text shows the box shape; the others are read back with the box given.
SHOWS_BOX = {"grid", "classic", "ss", "pencilmark", "json", "opensudoku"}
#: Formats that carry candidates (sukaku and pencilmark always, json when the grid has them).
CANDIDATE_FORMATS = {"sukaku", "pencilmark", "json"}

#: Box shapes of sizes 4..25, rectangular ones both ways round.
SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5), (5, 2), (3, 4), (4, 3), (2, 7),
          (7, 2), (3, 5), (5, 3), (4, 4), (2, 8), (3, 6), (6, 3), (4, 5), (5, 4), (3, 7), (4, 6),
          (6, 4), (5, 5)]
SMALL_SHAPES = [(2, 2), (2, 3), (3, 2), (3, 3), (2, 4), (3, 4)]

#: Characters that are digits to ``str.isdigit`` (or look like them) but not ASCII 0-9.
UNICODE_DIGITS = ("\u00b2\u00b3\u00b9\u2070\u0660\u0661\u0663\u0669\u06f1\u0967\u0d67\uff10\uff11"
                  "\uff19\U0001d7cf\u2460\u2468\u2160\u2163\u00bd\u0f33")
#: Control characters, line and paragraph separators, BOM, zero-width and other spaces.
CONTROLS = ("\x01\x07\x08\x0b\x0c\x1b\x1c\x1d\x1e\x1f\x7f\x85\xa0\u2028\u2029\u200b\ufeff\r\t"
            "\u3000\u00ad")
#: The characters puzzle texts are made of.
PUZZLE_CHARS = ("0123456789.ABCDEFGPQZabcz|-+*=,:'_x #[]{}<>\"/!\u00e9\u2502\u00a6"
                "\n\n\n\n\n\n      ")
HOSTILE_CHARS = PUZZLE_CHARS + UNICODE_DIGITS + CONTROLS

FORMAT_ARGS = st.sampled_from([None, None, None, *FORMATS, "csv", "pm", "xml", "sdm", "LINE",
                               "Json", "bogus", ""])
BOX_ARGS = st.one_of(
    st.none(), st.none(), st.none(),
    st.sampled_from([f"{r}x{c}" for r, c in SHAPES] + [(r, c) for r, c in SMALL_SHAPES]),
    st.sampled_from(["\u00b2x3", "3x\u00b3", "\u0663x\u0663", "\uff13x\uff13", "3x", "x", "0x0",
                     "1x9", "99x99", "2x3x4", " 3 X 3 ", "-3x-3", "3*3", "1e3x2", "",
                     "9" * 40 + "x3", (2,), [2, "3"], (2.5, 3), (True, 3), ("a", "b"), 12,
                     ("\u00b2", 3), {}, (10**100, 1)]),
    st.text(HOSTILE_CHARS, max_size=8),
)
ALPHABET_ARGS = st.sampled_from([None, None, "default", "lower", "zero", "bogus"])


@st.composite
def grids(draw, shapes=SHAPES, candidates: bool | None = None, comments: bool = True) -> Grid:
    """A grid (clashes allowed) of one of ``shapes``; with candidates when ``candidates`` is
    true, maybe when None. An empty cell's mask never has exactly one digit (such a cell reads
    back as filled), and the comment is any text."""
    geo = Geometry(*draw(st.sampled_from(shapes)))
    n = geo.size
    density = draw(st.sampled_from([0.0, 0.2, 0.5, 0.9, 1.0]))
    values = [draw(st.integers(1, n)) if draw(st.floats(0, 1)) < density else 0
              for _ in range(geo.ncells)] if density not in (0.0, 1.0) else \
        [0 if density == 0.0 else draw(st.integers(1, n)) for _ in range(geo.ncells)]
    masks = None
    if candidates or (candidates is None and draw(st.booleans())):
        full = (1 << n) - 1
        several = st.integers(0, full).filter(lambda m: m & (m - 1))
        masks = [draw(st.one_of(st.just(0), st.just(full), several)) for _ in range(geo.ncells)]
    comment = draw(st.one_of(st.just(""), st.text(HOSTILE_CHARS, max_size=40),
                             st.text(max_size=20))) if comments else ""
    return Grid(geo, values, comment=comment, candidates=masks)


def alphabet_for(draw, size: int) -> str | None:
    names = [None, "default", "lower", "zero"]
    return draw(st.sampled_from([a for a in names if a is None or size <= {"default": 61,
                                                                           "lower": 35,
                                                                           "zero": 36}[a]]))


@st.composite
def written(draw, shapes=SHAPES):
    """``(grid, format, alphabet, text)``: a grid and what a writer makes of it."""
    grid = draw(grids(shapes))
    fmt = draw(st.sampled_from([f for f in FORMATS  # f-puzzles writes up to 16x16
                                if grid.size <= getattr(formats.get_format(f), "WRITES_UP_TO", 64)]))
    alphabet = alphabet_for(draw, grid.size)
    return grid, fmt, alphabet, formats.dumps(grid, fmt, alphabet=alphabet)


@st.composite
def mangled(draw, shapes=SMALL_SHAPES + [(4, 4), (3, 5), (5, 5)]):
    """A writer's output with a few hostile edits."""
    _, _, _, text = draw(written(shapes))
    for _ in range(draw(st.integers(1, 6))):
        text = draw(st.sampled_from(_EDITS))(draw, text)
    return text


def _at(draw, text: str) -> int:
    return draw(st.integers(0, len(text)))


def _insert(draw, text):
    i = _at(draw, text)
    return text[:i] + draw(st.text(HOSTILE_CHARS, min_size=1, max_size=3)) + text[i:]


def _delete(draw, text):
    i = _at(draw, text)
    return text[:i] + text[i + draw(st.integers(1, 3)):]


def _replace(draw, text):
    i = _at(draw, text)
    return text[:i] + draw(st.sampled_from(HOSTILE_CHARS)) + text[i + 1:]


def _unicode_digit(draw, text):
    spots = [i for i, ch in enumerate(text) if ch.isdigit()]
    if not spots:
        return text
    i = draw(st.sampled_from(spots))
    return text[:i] + draw(st.sampled_from(UNICODE_DIGITS)) + text[i + 1:]


def _lines(draw, text):
    lines = text.split("\n")
    i, j = draw(st.integers(0, len(lines) - 1)), draw(st.integers(0, len(lines) - 1))
    op = draw(st.sampled_from(["swap", "duplicate", "drop", "join"]))
    if op == "swap":
        lines[i], lines[j] = lines[j], lines[i]
    elif op == "duplicate":
        lines.insert(j, lines[i])
    elif op == "drop" and len(lines) > 1:
        del lines[i]
    elif op == "join" and i + 1 < len(lines):
        lines[i:i + 2] = [lines[i] + lines[i + 1]]
    return "\n".join(lines)


def _endings(draw, text):
    return draw(st.sampled_from([
        text.replace("\n", "\r\n"), text.replace("\n", "\r"), "\ufeff" + text, text + "\n\n",
        text.replace("\n", "\u2028"), text.replace("\n", "\x85"), text.replace(" ", "\t"),
        text.replace(".", "0"), text.upper(), text.lower(), text + "\n" + text]))


def _truncate(draw, text):
    return text[:_at(draw, text)]


_EDITS = [_insert, _delete, _replace, _unicode_digit, _lines, _endings, _truncate]

JSON_KEYS = ["box", "puzzle", "givens", "values", "candidates", "size", "comment", "puzzles",
             "version"]
_json_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 70), st.integers(), st.floats(allow_nan=False),
    st.text(HOSTILE_CHARS, max_size=20), st.text(max_size=10),
    st.sampled_from(["2x3", "3x3", "\u00b2x3", "." * 16, "." * 36, "." * 81, "1.3." * 4,
                     "12" * 8, "9", "\u0669", ""]),
)
_json_values = st.recursive(
    _json_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=20),
                            st.dictionaries(st.sampled_from(JSON_KEYS), inner, max_size=6)),
    max_leaves=40)


@st.composite
def json_texts(draw):
    """JSON built from the json format's keys, with values of every type."""
    obj = draw(st.dictionaries(st.sampled_from(JSON_KEYS), _json_values, max_size=6))
    if draw(st.booleans()):
        geo = Geometry(*draw(st.sampled_from(SMALL_SHAPES)))
        obj.setdefault("puzzle", draw(st.sampled_from(
            ["." * geo.ncells, [[0] * geo.size] * geo.size, [0] * geo.ncells])))
        if draw(st.booleans()):
            obj["candidates"] = draw(st.lists(st.one_of(
                st.text("123456789ABC.\u00b2", max_size=4),
                st.lists(st.integers(-1, 13), max_size=4), _json_scalars),
                min_size=geo.ncells - 1, max_size=geo.ncells + 1))
    wrap = draw(st.sampled_from(["one", "list", "puzzles"]))
    data = obj if wrap == "one" else [obj] if wrap == "list" else {"puzzles": [obj]}
    return json.dumps(data, ensure_ascii=draw(st.booleans()))


@st.composite
def xml_texts(draw):
    """OpenSudoku XML with attributes of any content, classic and cell-collection data."""
    attr = st.text(HOSTILE_CHARS.replace("\"", "").replace("<", "").replace("&", ""), max_size=12)
    size = draw(st.sampled_from([4, 6, 9]))
    n = size * size
    data = draw(st.one_of(
        st.just("0" * n), st.text("0123456789.\u00b2", min_size=n - 1, max_size=n + 1), attr,
        st.builds(lambda v, cells: f"version: {v}\n" + "".join(cells),
                  st.one_of(st.sampled_from(["1", "2", "4", "6", "\u00b2", "", "9" * 30]), attr),
                  st.lists(st.sampled_from(["0|0|1|", "5|0|0|", "\u0663|0|0|", "99|0|0|",
                                            "1|2|3|4|", "|", "0|"]), max_size=n + 2))))
    attrs = f'data="{data}"'
    if draw(st.booleans()):
        box = draw(st.one_of(st.sampled_from(["2x2", "2x3", "3x3", "\u00b2x3"]), attr))
        attrs += f' box="{box}"'
    if draw(st.booleans()):
        attrs += f' note="{draw(attr)}"'
    games = draw(st.integers(0, 3))
    root = draw(st.sampled_from(["opensudoku", "opensudoku", "html"]))
    return f"<{root}>" + f"<game {attrs}/>" * games + f"</{root}>"


#: Any text a reader may be handed.
texts = st.one_of(
    st.text(st.characters(exclude_categories=()), max_size=400),
    st.text(HOSTILE_CHARS, max_size=3000),
    mangled(),
    json_texts(),
    xml_texts(),
)


# --- variant rules: jigsaw regions, killer cages, variant names ------------------------------------

#: Region symbols (a region's cells share one).
REGION_SYMBOLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
VARIANT_NAMES = st.sampled_from([
    "x", "windoku", "anti-knight", "anti-king", "x,anti-king", "windoku,anti-knight", "jigsaw",
    "killer", "classic", "X", " x ", "x,x", "x,", ",", "", "bogus", "\u00b2", "x;windoku",
    "diagonal", "hyper"])


def solution_values(rows: int, cols: int) -> list[int]:
    """A full grid of ``rows`` x ``cols`` boxes by the pattern (every row, column and box holds
    each digit once): row r starts ``cols * (r % rows) + r // rows`` further on."""
    n = rows * cols
    return [(cols * (r % rows) + r // rows + c) % n + 1 for r in range(n) for c in range(n)]


def _neighbours(cell: int, n: int) -> list[int]:
    r, c = divmod(cell, n)
    return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < n and 0 <= cc < n]


def _connected(cells: set[int], n: int) -> bool:
    """True when ``cells`` is one piece (side by side)."""
    start = next(iter(cells))
    seen, todo = {start}, [start]
    while todo:
        for m in _neighbours(todo.pop(), n):
            if m in cells and m not in seen:
                seen.add(m)
                todo.append(m)
    return len(seen) == len(cells)


@st.composite
def jigsaw_regions(draw, shape: tuple[int, int]) -> str:
    """Jigsaw regions of a grid of ``shape`` boxes by their definition: N regions of N connected
    cells. Made from the boxes by swapping two cells of neighbouring regions while both regions
    stay connected."""
    rows, cols = shape
    n = rows * cols
    label = [(r // rows) * rows + c // cols for r in range(n) for c in range(n)]
    rng = random.Random(draw(st.integers(0, 2**32)))
    for _ in range(draw(st.sampled_from([0, n, 4 * n, 12 * n]))):
        a = rng.randrange(n * n)
        others = {label[m] for m in _neighbours(a, n)} - {label[a]}
        if not others:
            continue
        la, lb = label[a], rng.choice(sorted(others))
        edge = [b for b in range(n * n) if label[b] == lb
                and any(label[m] == la for m in _neighbours(b, n))]
        b = rng.choice(edge)
        label[a], label[b] = lb, la
        if not (_connected({i for i, x in enumerate(label) if x == la}, n)
                and _connected({i for i, x in enumerate(label) if x == lb}, n)):
            label[a], label[b] = la, lb
    # equal symbols form a region, whichever symbols and in whatever order they first appear
    symbols = draw(st.sampled_from([REGION_SYMBOLS, REGION_SYMBOLS.lower(), "123456789" + REGION_SYMBOLS]))
    symbols = rng.sample(symbols[:max(n, 9)], n) if draw(st.booleans()) else symbols
    return "".join(symbols[x] for x in label)


@st.composite
def broken_regions(draw, shape: tuple[int, int]) -> str:
    """Region text that is wrong: a cell short or over, a region cut in two, too many or too
    few regions, junk symbols."""
    rows, cols = shape
    n = rows * cols
    text = draw(jigsaw_regions(shape))
    how = draw(st.sampled_from(["short", "long", "split", "merge", "junk", "unicode"]))
    if how == "short":
        return text[:-1]
    if how == "long":
        return text + text[-1]
    if how == "split":  # the corners swap: regions of the right size, not connected
        return text[-1] + text[1:-1] + text[0]
    if how == "merge":
        return text.replace(text[0], text[1]) if text[0] != text[1] else text[1:] + "Z"
    if how == "unicode":
        return text.replace("A", "\u00b2")
    return draw(st.text(REGION_SYMBOLS[:n] + HOSTILE_CHARS, max_size=n * n + 2))


def _cell(cell: int, n: int) -> str:
    return f"r{cell // n + 1}c{cell % n + 1}"


@st.composite
def killer_cages(draw, shape: tuple[int, int]) -> str:
    """Killer cages by their definition, over the pattern's full grid: connected groups of cells
    with no digit twice, each with its digits' sum; every cell in a cage or a few left out."""
    rows, cols = shape
    n = rows * cols
    solution = solution_values(rows, cols)
    free = set(range(n * n))
    lines = []
    while free:
        cell = min(free) if draw(st.booleans()) else draw(st.sampled_from(sorted(free)))
        cage, digits = [cell], {solution[cell]}
        free.discard(cell)
        for _ in range(draw(st.integers(0, 4))):
            nexts = [m for c in cage for m in _neighbours(c, n)
                     if m in free and solution[m] not in digits]
            if not nexts:
                break
            m = draw(st.sampled_from(nexts))
            cage.append(m)
            digits.add(solution[m])
            free.discard(m)
        if len(cage) > 1 or draw(st.integers(0, 3)) == 0:
            lines.append(f"{sum(digits)} " + " ".join(_cell(c, n) for c in sorted(cage)))
    return "\n".join(lines)


@st.composite
def broken_cages(draw, shape: tuple[int, int]) -> str:
    """Cage text that is wrong: a sum no digits make, a cell outside the grid or in two cages,
    a cage without cells, junk."""
    rows, cols = shape
    n = rows * cols
    text = draw(killer_cages(shape))
    first = text.split("\n")[0]
    return draw(st.sampled_from([
        "999 r1c1 r1c2", "0 r1c1", f"3 r{n + 1}c1", "3 r0c0", "5", "", "# only a comment",
        f"{first}\n{first}", text.replace(" r", " R", 1), "3 r1c1-r9c9" if n < 9 else "1 r1c1-r9c9",
        text.replace("1", "\u00b9", 1), "3, r1c1 : r1c2", "x r1c1", "10**9 r1c1 r1c2",
        "1e400 r1c1", "\u0663 r1c1", text + "\n7 r1c1"])) if draw(st.booleans()) else \
        draw(st.text(HOSTILE_CHARS, max_size=60))


@st.composite
def variant_options(draw, shape: tuple[int, int], cages: bool = True) -> dict:
    """The variant rules of one input: ``{"variant": ..., "regions": ..., "cages": ...}`` with
    each maybe absent, right (built from the definitions) or wrong."""
    out: dict = {}
    if draw(st.integers(0, 2)) == 0:
        out["variant"] = draw(VARIANT_NAMES)
    pick = draw(st.sampled_from(["none", "none", "regions", "bad-regions"]
                                + (["cages", "bad-cages", "both"] if cages else [])))
    if pick in ("regions", "both"):
        out["regions"] = draw(jigsaw_regions(shape))
    if pick == "bad-regions":
        out["regions"] = draw(broken_regions(shape))
    if pick in ("cages", "both"):
        out["cages"] = draw(killer_cages(shape))
    if pick == "bad-cages":
        out["cages"] = draw(broken_cages(shape))
    return out


#: Languages: the two there are, and ones there are not.
LANGS = st.sampled_from(["en", "sv", "sv", "SV", "sv_SE", "en-GB", "de", "", "\u00b2", "x" * 40])


# --- pictures -------------------------------------------------------------------------------------

IMAGE_KINDS = {"PNG": "png", "JPEG": "jpg", "BMP": "bmp", "TIFF": "tiff", "WEBP": "webp"}


def _drawn_grid(size: int, values: list[int], side: int):
    """A picture of a grid (Pillow), as a screenshot shows it: lines, thick box borders, digits."""
    from PIL import Image, ImageDraw

    img = Image.new("L", (side, side), 255)
    pen = ImageDraw.Draw(img)
    margin, cell = side // 12, (side - 2 * (side // 12)) / size
    box = int(size ** 0.5) if int(size ** 0.5) ** 2 == size else 0
    for i in range(size + 1):
        at = round(margin + i * cell)
        width = 3 if i in (0, size) or (box and i % box == 0) else 1
        pen.line([(margin, at), (side - margin, at)], fill=0, width=width)
        pen.line([(at, margin), (at, side - margin)], fill=0, width=width)
    for index, v in enumerate(values):
        if v:
            r, c = divmod(index, size)
            pen.text((margin + (c + 0.35) * cell, margin + (r + 0.25) * cell), str(v), fill=0)
    return img


@st.composite
def image_bytes(draw) -> tuple[str, bytes]:
    """``(extension, bytes)`` of a picture made here with Pillow: a drawn grid in any kind the
    reader takes, whole, cut short, with bytes changed, with another kind's extension, or junk
    that only starts like a picture."""
    import io

    size = draw(st.sampled_from([4, 9]))
    values = [v if draw(st.integers(0, 2)) == 0 else 0
              for v in solution_values(*((2, 2) if size == 4 else (3, 3)))]
    kind = draw(st.sampled_from(sorted(IMAGE_KINDS)))
    buf = io.BytesIO()
    _drawn_grid(size, values, draw(st.sampled_from([40, 120, 300]))).save(buf, kind)
    data = buf.getvalue()
    how = draw(st.sampled_from(["whole", "whole", "cut", "cut-keep-end", "flip", "kind", "junk",
                                "empty"]))
    if how == "cut":
        data = data[:draw(st.integers(0, len(data) - 1))]
    elif how == "cut-keep-end":
        data = data[:draw(st.integers(0, len(data) - 1))] + data[-12:]
    elif how == "flip":
        at = draw(st.integers(0, len(data) - 1))
        data = data[:at] + bytes(b ^ 0x5A for b in data[at:at + 32]) + data[at + 32:]
    elif how == "kind":
        kind = draw(st.sampled_from(sorted(set(IMAGE_KINDS) - {kind})))
    elif how == "junk":
        data = draw(st.sampled_from([b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"RIFF\0\0\0\0WEBP",
                                     b"BM", b"II*\0", b"MM\0*", b""])) + draw(st.binary(max_size=200))
    elif how == "empty":
        data = b""
    return IMAGE_KINDS[kind], data


def cage_list(text: str):
    """Cage text as the JSON list of [sum, [cells]] (text that is no cage stays text; a sum of
    digits ``str.isdigit`` takes but ``int`` does not, such as ``¹0``, stays text too)."""
    parts = [line.split() for line in text.splitlines()]
    if all(p and is_number(p[0]) for p in parts):
        return [[int(p[0]), p[1:]] for p in parts]
    return text
