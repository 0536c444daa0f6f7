"""The format readers on hostile text, and every writer read back.

(a) Any text (Unicode digits, control characters, NUL, BOMs, very long lines, JSON and XML of
any content) into :func:`formats.parse` and :func:`formats.detect`, with and without a named
format, box and alphabet: a list of grids or a :class:`SudokitError` with a message, nothing
else, and never a hang. (b) Every format writes what it reads: ``parse(dumps(g, fmt), fmt,
box) == g`` for sizes 4 to 16 and rectangular boxes both ways round, candidates included where
the format carries them. (c) A writer's output mutated (a character changed, inserted, deleted,
lines moved, line endings changed) is read or refused, never a crash.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import example, given, strategies as st

from sudokit import Grid, SudokitError
from sudokit.model import formats
from sudokit.model.formats._common import candidate_masks

from .budget import fuzz_settings, watched
from .strategies import (ALPHABET_ARGS, BOX_ARGS, CONTROLS, FORMAT_ARGS, FORMATS, HOSTILE_CHARS,
                         SHOWS_BOX, UNICODE_DIGITS, alphabet_for, grids, mangled, texts)

#: Box shapes of the round trips: every grid of side 4 to 16, rectangular boxes both ways.
ROUND_TRIP_SHAPES = [(2, 2), (2, 3), (3, 2), (2, 4), (4, 2), (3, 3), (2, 5), (5, 2), (3, 4),
                     (4, 3), (2, 7), (7, 2), (3, 5), (5, 3), (4, 4), (2, 8), (8, 2)]
#: Formats whose text holds candidates: always (sukaku, pencilmark) or when the grid has them.
ALWAYS_CANDIDATES = {"sukaku", "pencilmark"}

_EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."


def read_or_refuse(text: str, fmt=None, box=None, alphabet=None) -> list[Grid] | None:
    """The grids ``parse`` finds, or None when it refuses the text with a SudokitError that
    says something; any other exception fails the test."""
    try:
        grids = formats.parse(text, fmt, box=box, alphabet=alphabet)
    except SudokitError as e:
        assert str(e).strip(), f"{type(e).__name__} without a message"
        return None
    assert isinstance(grids, list) and grids, "parse returned no grid and raised no error"
    for g in grids:
        assert isinstance(g, Grid)
        n = g.geometry.size
        assert len(g.values) == g.geometry.ncells and all(0 <= v <= n for v in g.values)
        assert g.candidates is None or len(g.candidates) == g.geometry.ncells
    return grids


def detect_or_refuse(text: str) -> str | None:
    try:
        name = formats.detect(text)
    except SudokitError as e:
        assert str(e).strip()
        return None
    assert name in FORMATS
    return name


def hostile(text: str, fmt, box, alphabet) -> None:
    """One text through ``detect`` and ``parse`` (as given, and as detection named it)."""
    with watched("formats", (text, fmt, box, alphabet)):
        name = detect_or_refuse(text)
        read_or_refuse(text, fmt, box, alphabet)
        if name is not None and fmt is None:
            # the format detection names reads it too, or refuses it (detection looks at the
            # first lines only)
            read_or_refuse(text, name, box, alphabet)


# --- (a) arbitrary text ------------------------------------------------------------------------

@fuzz_settings("formats", 0.04, ci=120)
@given(text=texts, fmt=FORMAT_ARGS, box=BOX_ARGS, alphabet=ALPHABET_ARGS)
@example(text="\u00b2" * 81, fmt=None, box=None, alphabet=None)
@example(text="\u0663" * 16, fmt="line", box="2x2", alphabet=None)
@example(text="\uff11" * 16, fmt=None, box=None, alphabet=None)
@example(text="\ufeff" + _EASY, fmt=None, box="\u00b2x3", alphabet=None)
@example(text=_EASY + "\x00", fmt=None, box=None, alphabet=None)
@example(text="1,2,3,\u00b2\n" * 4, fmt="comma", box=None, alphabet=None)
@example(text='{"puzzle": "' + "." * 16 + '", "size": "\u00b2"}', fmt=None, box=None,
         alphabet=None)
@example(text='{"puzzle": "' + "." * 16 + '", "box": "\u00b2x2"}', fmt="json", box=None,
         alphabet=None)
@example(text='<opensudoku><game data="version: \u00b2\n0|0|1|"/></opensudoku>', fmt=None,
         box=None, alphabet=None)
@example(text="#C\u2028\n" + _EASY, fmt="sdk", box=None, alphabet=None)
@example(text="1" * 4096, fmt=None, box=None, alphabet=None)
@example(text=("." * 9 + "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029") * 9, fmt=None, box=None,
         alphabet=None)
@example(text='{"puzzle": [' * 5000, fmt=None, box=None, alphabet=None)
@example(text='[{"puzzle": [[0, 0, 0, 0]], "box": [' + "9" * 5000 + ', 1]}]', fmt=None,
         box=None, alphabet=None)
def test_any_text_is_read_or_refused(text, fmt, box, alphabet):
    hostile(text, fmt, box, alphabet)


@fuzz_settings("formats", 0.01, ci=40)
@given(lines=st.lists(st.text(HOSTILE_CHARS, min_size=1, max_size=40), min_size=1, max_size=30),
       sep=st.sampled_from(["\n", "\r\n", "\r", "\x0b", "\x0c", "\x1c", "\x85", "\u2028", "\n\n"]),
       fmt=FORMAT_ARGS, box=BOX_ARGS)
def test_lines_split_by_any_line_break(lines, sep, fmt, box):
    """Each of Python's line breaks (``str.splitlines`` takes \\x0b, \\x0c, \\x1c-\\x1e, \\x85,
    \\u2028, \\u2029 too) between lines of puzzle characters."""
    hostile(sep.join(lines), fmt, box, None)


@pytest.mark.parametrize("fmt", [None, *FORMATS])
def test_huge_and_binary_inputs_are_refused_quickly(fmt):
    for text in ("1" * 10 * 2**20, "1 " * 5 * 2**20, "\ufeff" + "." * 400_000,
                 "\x00" * 1000, _EASY + "\x00"):
        with watched("formats", (text, fmt)):
            with pytest.raises(SudokitError):
                formats.parse(text, fmt)


@pytest.mark.parametrize("digit", list(UNICODE_DIGITS))
def test_unicode_digits_are_not_digits(digit):
    """A character ``str.isdigit`` calls a digit is still no symbol of any grid, in any
    field that holds a number: the cell, the box, the size, the cell-collection version."""
    texts_ = [_EASY[:40] + digit + _EASY[41:],
              ",".join("0" * 8 + digit) + "\n" + ("0,0,0,0,0,0,0,0,0\n" * 8),
              '{"box": "3x' + digit + '", "puzzle": "' + _EASY + '"}',
              '{"box": [3, "' + digit + '"], "puzzle": "' + _EASY + '"}',
              '{"size": "' + digit + '", "puzzle": "' + "." * 16 + '"}',
              '{"puzzle": "' + "." * 16 + '", "candidates": [' + ", ".join(
                  ['["' + digit + '"]'] * 16) + "]}",
              '<opensudoku><game data="version: ' + digit + '\n' + "0|0|1|" * 81 + '"/></opensudoku>',
              '<opensudoku><game data="' + "0" * 16 + '" box="2x' + digit + '"/></opensudoku>']
    for text in texts_:
        with watched("formats", text):
            assert read_or_refuse(text) is None, text
        for box in (f"{digit}x3", f"3x{digit}", (digit, 3)):
            with watched("formats", (box,)):
                with pytest.raises(SudokitError):
                    formats.parse(_EASY, box=box)


@pytest.mark.parametrize("ch", list(CONTROLS))
def test_a_control_character_in_a_cell_is_refused_or_ignored(ch):
    """A control character inside a puzzle line is either refused with a message or read
    as white space; the 80 other cells never shift into a different grid."""
    text = _EASY[:40] + ch + _EASY[40:]
    with watched("formats", text):
        grids = read_or_refuse(text)
    if grids is not None:
        assert [g.values for g in grids] == [formats.parse(_EASY)[0].values]


# --- (b) round trips ---------------------------------------------------------------------------

def expected_candidates(grid: Grid, fmt: str) -> list[int] | None:
    """The masks reading ``dumps(grid, fmt)`` gives back: the candidate formats write a
    filled cell as its digit and an empty one as its mask (every digit without masks)."""
    if fmt in ALWAYS_CANDIDATES or (fmt == "json" and grid.candidates is not None):
        return candidate_masks(grid)
    return None


def round_trip(grid: Grid, fmt: str, alphabet) -> None:
    text = formats.dumps(grid, fmt, alphabet=alphabet)
    shape = grid.geometry.box_shape
    boxes = [shape, None] if fmt in SHOWS_BOX else [shape]
    for box in boxes:
        with watched("formats", (fmt, box, alphabet, text)):
            back = formats.parse(text, fmt, box=box, alphabet=alphabet)
        assert len(back) == 1, f"{fmt} wrote one grid and read {len(back)}:\n{text}"
        (b,) = back
        assert b == grid, f"{fmt} (box {box}) read back another grid:\n{text}"
        assert b.geometry.box_shape == shape
        assert b.candidates == expected_candidates(grid, fmt), f"{fmt}: candidates differ"


@pytest.mark.parametrize("fmt", FORMATS)
@fuzz_settings("formats", 0.0015, ci=12)
@given(data=st.data())
def test_every_writer_is_read_back(fmt, data):
    grid = data.draw(grids(ROUND_TRIP_SHAPES), label="grid")
    alphabet = alphabet_for(data.draw, grid.size)
    round_trip(grid, fmt, alphabet)


@pytest.mark.parametrize("fmt", sorted(ALWAYS_CANDIDATES | {"json"}))
@fuzz_settings("formats", 0.001, ci=12)
@given(data=st.data())
def test_candidates_are_read_back(fmt, data):
    grid = data.draw(grids(ROUND_TRIP_SHAPES, candidates=True), label="grid")
    round_trip(grid, fmt, alphabet_for(data.draw, grid.size))


# --- (c) mutations -----------------------------------------------------------------------------

@fuzz_settings("formats", 0.02, ci=40)
@given(text=mangled(), fmt=FORMAT_ARGS, box=st.one_of(st.none(), BOX_ARGS),
       alphabet=ALPHABET_ARGS)
def test_mutated_writer_output_is_read_or_refused(text, fmt, box, alphabet):
    hostile(text, fmt, box, alphabet)


#: Edits derived from each example of the one-edit test (each edit is one input).
EDITS_PER_EXAMPLE = 40
_EDIT_CHARS = HOSTILE_CHARS + "\x00\u00b2\uff11\u0663"


def one_edit(text: str, rng: random.Random) -> str:
    """``text`` with one character changed, inserted or deleted."""
    i = rng.randrange(len(text) + 1)
    ch = rng.choice(_EDIT_CHARS) if rng.random() < 0.7 else rng.choice(text)
    op = rng.randrange(3)
    if op == 0:
        return text[:i] + ch + text[i + 1:]
    if op == 1:
        return text[:i] + ch + text[i:]
    return text[:i] + text[i + 1:]


@fuzz_settings("formats", 0.912, ci=20, per_example=EDITS_PER_EXAMPLE)
@given(grid=grids(ROUND_TRIP_SHAPES[:10] + [(4, 4)], comments=False),
       fmt=st.sampled_from(FORMATS), seed=st.integers(0, 2**32 - 1))
def test_one_edit_gives_a_grid_or_an_error(grid, fmt, seed):
    """A valid text with one character changed, inserted or deleted (40 edits of each text,
    :data:`EDITS_PER_EXAMPLE`), read as its format or detected."""
    text = formats.dumps(grid, fmt)
    rng = random.Random(seed)
    box = None if fmt in SHOWS_BOX else grid.geometry.box_shape
    for _ in range(EDITS_PER_EXAMPLE):
        edited = one_edit(text, rng)
        named = rng.random() < 0.5
        with watched("formats", (fmt if named else None, edited)):
            if named:
                read_or_refuse(edited, fmt, box=box)
            else:
                read_or_refuse(edited)


# --- regressions found by the fuzzer -----------------------------------------------------------

@pytest.mark.parametrize("fmt", [None, *FORMATS])
@pytest.mark.parametrize("box", [("\u00b2", 3), (2.5, 3), (True, 3), ("a", "b"), (3, None), {}, 12])
def test_a_box_pair_that_is_not_two_numbers_is_refused(fmt, box):
    """The line reader took a box pair as it was and compared '²' with 1 (TypeError)."""
    text = formats.dumps(formats.parse(_EASY)[0], fmt or "line")
    with pytest.raises(SudokitError, match="box shape"):
        formats.parse(text, fmt, box=box)


@pytest.mark.parametrize("fmt", FORMATS)
@pytest.mark.parametrize("comment", ["a\x01b", "\x0b", "x\x85y", "p\u2028q", "r\rs", "nul\x00",
                                     "\x1c\x1d\x1e", "\ufffe", "# [Puzzle]\n#C"])
def test_a_comment_of_any_characters_is_written_readably(fmt, comment):
    """Comments with control characters made OpenSudoku XML no parser reads, a sukaku comment
    with \\x85 or \\u2028 spilled onto a line of its own, and a NUL made every text but JSON
    binary data: the grid must read back whatever its comment holds."""
    grid = formats.parse(_EASY)[0]
    grid = Grid(grid.geometry, grid.values, comment=comment,
                candidates=[0 if v else 0b110 for v in grid.values])
    round_trip(grid, fmt, None)
