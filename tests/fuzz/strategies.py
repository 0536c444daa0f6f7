"""Hypothesis strategies of hostile input: grids of sizes 4..25 with odd box shapes, the text
every writer makes of them, that text mangled, arbitrary and puzzle-like text with Unicode
digits, control characters, BOMs and CRLFs, JSON and XML built from the formats' own keys."""

from __future__ import annotations

import json

from hypothesis import strategies as st

from sudokit import Geometry, Grid
from sudokit import formats

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
