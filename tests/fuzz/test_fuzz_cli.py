"""The ``sudokit`` commands on random argument lists and puzzle texts.

Every run ends with one of the exit codes docs/cli.md lists (0-6; batch also 7 and 8), never 70
(an internal error, a bug) and never a traceback; a run is short (4x4, 6x6 and 9x9 puzzles,
small time limits) and one that gets no answer in time is a hang.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, strategies as st
from typer.testing import CliRunner

from sudokit import formats

from .budget import fuzz_settings, watched
from .strategies import (HOSTILE_CHARS, SMALL_SHAPES, UNICODE_DIGITS, grids, json_texts, mangled)

pytest.importorskip("sudokit.cli.main")
from sudokit.cli.main import app  # noqa: E402

#: Exit codes of docs/cli.md: 0 solved .. 6 stuck; batch adds 7 (output) and 8 (a worker died).
DOCUMENTED = {0, 1, 2, 3, 4, 5, 6}
BATCH_DOCUMENTED = DOCUMENTED | {7, 8}
INTERNAL = 70

EASY9 = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
SIX = "1.....\n..3.5.\n.4....\n....2.\n.5.1..\n.....6"
FOUR = "1.3.....2..4.1.."
POSITION = ('{"box": [2, 2], "givens": "1..4..1..3..2..1", "values": "1..4..1..3..2..1", '
            '"candidates": ["", "23", "23", "", "234", "", "", "23", "", "4", "", "24", "", "34", '
            '"34", ""]}')

SHAPES = [s for s in SMALL_SHAPES if s[0] * s[1] <= 9]  # 4x4, 6x6, 9x9 only: runs stay short

runner = CliRunner()

# --- puzzle arguments ------------------------------------------------------------------------------

_written = st.builds(lambda g, fmt: formats.dumps(g, fmt), grids(SHAPES, comments=True),
                     st.sampled_from(sorted(formats.formats())))
puzzle_texts = st.one_of(
    st.sampled_from([EASY9, SIX, FOUR, POSITION, "." * 81, "." * 16, "." * 36, EASY9[:-1],
                     EASY9 + "1", "\u00b2" * 81, "\uff11" + FOUR[1:], "\ufeff" + EASY9, "", " ",
                     "-", "--", "nosuchfile.txt", "/nonexistent/dir/p.sdk", "/", ".",
                     "5" + EASY9[1:], "1" * 16, "1234" * 4, "\x00" + FOUR, FOUR + "\x85" + FOUR,
                     "{}", "[]", "<opensudoku/>", "#C\n" + FOUR]),
    _written,
    mangled(shapes=SHAPES),
    json_texts(),
    st.text(HOSTILE_CHARS, max_size=120),
)

# --- option values -------------------------------------------------------------------------------

_numbers = st.sampled_from(["0", "1", "2", "3", "-1", "1000", "9" * 30, "1e3", "0.5", "nan", "inf",
                            "-inf", "", " ", "x", *UNICODE_DIGITS[:6], "\uff13", "0x10"])
_seconds = st.sampled_from(["0", "0.01", "0.2", "1", "nan", "-1", "", "x", "\u00b2", "1e-9",
                            "1e400"])
_boxes = st.sampled_from(["2x2", "2x3", "3x2", "3x3", "3x4", "1x9", "9x1", "0x0", "\u00b2x2",
                          "2x\u0663", "\uff12x\uff12", "x", "3", "", "2x2x2", "-2x-2", "99999x1",
                          "9" * 30 + "x1"])
_formats = st.sampled_from([*formats.formats(), "csv", "pm", "xml", "bogus", "", "\u00b2"])
_alphabets = st.sampled_from(["default", "lower", "zero", "bogus", ""])
_techniques = st.sampled_from(["hidden-single", "naked-single", "x-wing", "full-house",
                               "candidate-test-recursive", "bug-plus-one", "bogus", "",
                               "Hidden-Single", "hidden_single"])
_junk = st.one_of(st.sampled_from(["--bogus", "-z", "--", "-", "--json", "--help", "-h", "--box",
                                   "--time-limit", "--version"]),
                  st.text(HOSTILE_CHARS, max_size=12))

#: Options of each command: (flag, values or None for a switch).
_COMMON = [("--box", _boxes), ("--format", _formats), ("--alphabet", _alphabets)]
_LOGIC = _COMMON + [("--technique", _techniques), ("--exclude", _techniques),
                    ("--uniqueness", None), ("--no-uniqueness", None), ("--json", None)]
OPTIONS = {
    "solve": _COMMON + [("--method", st.sampled_from(["reference", "backtrack", "fast", "digits",
                                                      "bogus"])),
                        ("--to", _formats), ("--layout", st.sampled_from(["classic", "grid", "x"])),
                        ("--show-puzzle", None), ("--count", None), ("--limit", _numbers),
                        ("--node-limit", _numbers), ("--stats", None), ("--json", None),
                        ("--jobs", st.sampled_from(["0", "-1", "x", "\u00b2"]))],
    "hint": _LOGIC + [("--level", st.sampled_from(["nudge", "step", "bogus", ""])),
                      ("--apply", None)],
    "explain": _LOGIC + [("--rounds", None)],
    "steps": _LOGIC + [("--list", None)],
    "rate": _COMMON + [("--json", None), ("--show-puzzle", None)],
    "generate": [("--box", st.sampled_from(["2x2", "2x3", "3x2", "1x4", "\u00b2x2", "x"])),
                 ("--level", st.sampled_from(["easy", "medium", "extreme", "bogus", ""])),
                 ("--score", st.sampled_from(["1-2", "4.0-6.0", "7-", "-", "2-1", "\u00b2-3",
                                              "nan-inf", "x"])),
                 ("--technique", _techniques),
                 ("--symmetry", st.sampled_from(["none", "180", "90", "mirror", "diagonal", "x"])),
                 ("--minimal", None), ("--no-minimal", None),
                 ("--count", st.sampled_from(["1", "2", "0", "-1", "x", "\u00b2"])),
                 ("--seed", st.sampled_from(["0", "1", "42", "-1", "9" * 30, "x", "\u00b9"])),
                 ("--to", _formats), ("--alphabet", _alphabets), ("--solution", None),
                 ("--rate", None), ("--json", None)],
}
#: Commands with a time limit option get a short one, unless the fuzzed arguments give theirs.
TIME_LIMITED = {"solve", "rate", "generate"}
GENERATE_SIZES = st.sampled_from(["4", "6", "4", "6", "9", "0", "5", "7", "65", "x", "\u00b2", ""])


@st.composite
def command_lines(draw, command: str):
    """A command line of ``command``: a puzzle argument (or none), options in any order with
    right and wrong values, now and then junk."""
    args: list[str] = [command]
    stdin = None
    if command != "generate":
        how = draw(st.sampled_from(["arg", "arg", "arg", "stdin", "none"]))
        text = draw(puzzle_texts)
        if how == "arg":
            args.append(text)
        elif how == "stdin":
            args.append("-")
            stdin = text
    else:
        args += ["--size", draw(GENERATE_SIZES)]
    for flag, values in draw(st.lists(st.sampled_from(OPTIONS[command]), max_size=5)):
        args.append(flag)
        if values is not None:
            args.append(draw(values))
    if draw(st.integers(0, 9)) == 0:
        args.insert(draw(st.integers(1, len(args))), draw(_junk))
    if command in TIME_LIMITED:
        if draw(st.integers(0, 4)) == 0:
            args += ["--time-limit", draw(_seconds)]
        # the last --time-limit wins: a short one keeps the run short whatever came before
        args += ["--time-limit", draw(st.sampled_from(["0.2", "0.5", "1"]))]
    if command == "generate" and draw(st.booleans()):
        args += ["--count", "1"]  # keep generation to one puzzle mostly
    return args, stdin


def run(args: list[str], stdin: str | None = None, documented=DOCUMENTED):
    with watched("cli", args if stdin is None else [*args, f"<stdin {stdin[:80]!r}>"]):
        result = runner.invoke(app, args, input=stdin, env={"NO_COLOR": "1", "SUDOKIT_DEBUG": ""})
    output = result.output + (result.stderr or "")
    assert result.exit_code != INTERNAL, f"internal error (exit 70) for {args!r}:\n{output}"
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{args!r} raised {result.exception!r}:\n{output}")
    assert result.exit_code in documented, f"exit code {result.exit_code} for {args!r}:\n{output}"
    assert "Traceback" not in output, f"a traceback for {args!r}:\n{output}"
    return result


@pytest.mark.parametrize("command", ["solve", "hint", "explain", "steps", "rate"])
@fuzz_settings("cli", 0.16, ci=6)
@given(data=st.data())
def test_puzzle_commands(command, data):
    args, stdin = data.draw(command_lines(command), label="command line")
    run(args, stdin)


@fuzz_settings("cli", 0.12, ci=6)
@given(line=command_lines("generate"))
@example(line=(["generate", "--size", "4", "--box", "\u00b2x2", "--time-limit", "0.5"], None))
@example(line=(["generate", "--size", "6", "--symmetry", "90", "--time-limit", "0.5"], None))
@example(line=(["generate", "--size", "4", "--score", "nan-inf", "--time-limit", "0.5"], None))
def test_generate(line):
    args, stdin = line
    run(args, stdin)


_batch_lines = st.lists(st.one_of(
    st.sampled_from([EASY9, FOUR, "." * 16, "1" * 16, "5" + EASY9[1:], EASY9 + " a comment",
                     "# comment", "", "\u00b2" * 16, "\ufeff" + FOUR, "\x85", "\u2028" + FOUR]),
    st.text(HOSTILE_CHARS.replace("\n", ""), max_size=90),
    mangled(shapes=[(2, 2), (3, 3)]).map(lambda t: t.replace("\n", " "))), max_size=12)


@fuzz_settings("cli", 0.12, ci=8)
@given(lines=_batch_lines, newline=st.sampled_from(["\n", "\r\n", "\r"]),
       options=st.lists(st.sampled_from([
           ["--to", "line"], ["--to", "csv"], ["--to", "jsonl"], ["--to", "bogus"], ["--unique"],
           ["--rate"], ["--node-limit", "10"], ["--node-limit", "0"], ["--time-limit", "0.1"],
           ["--time-limit", "nan"], ["--box", "2x2"], ["--box", "\u00b2x2"],
           ["--alphabet", "zero"], ["--alphabet", "bogus"], ["--quiet"], ["--jobs", "0"],
           ["-o", "OUT"], ["-o", "OUT.gz"], ["-o", "DIR"], ["--resume", "-o", "OUT"]]),
           max_size=4),
       binary=st.sampled_from([None, None, None, b"\x00\x01", b"\xff\xfe", b"\x1f\x8b junk"]),
       stdin=st.booleans())
def test_batch(tmp_path_factory, lines, newline, options, binary, stdin):
    folder = tmp_path_factory.mktemp("batch")
    text = newline.join(lines)
    src = folder / ("in.gz" if binary == b"\x1f\x8b junk" else "in.txt")
    src.write_bytes(binary + text.encode() if binary else text.encode("utf-8", "surrogatepass"))
    args = ["batch", "-", "--jobs", "1"] if stdin else ["batch", str(src), "--jobs", "1"]
    for opt in options:
        args += [str(folder / "out.txt") if a == "OUT" else str(folder / "out.gz") if a == "OUT.gz"
                 else str(folder) if a == "DIR" else a for a in opt]
    args += ["--jobs", "1"]  # one process: the fuzzer runs in this one
    run(args, text if stdin else None, documented=BATCH_DOCUMENTED)


@pytest.mark.parametrize("args", [
    ["solve", EASY9, "--time-limit", "nan"], ["solve", EASY9, "--limit", "\u00b2"],
    ["solve", "--box", "\u00b2x3", SIX], ["solve", "--box", "\uff12x\uff13", SIX],
    ["solve", FOUR, "--alphabet", "zero", "--to", "sukaku"],
    ["hint", POSITION, "--level", "step", "--apply"], ["steps", "--list"],
    ["explain", SIX, "--rounds", "--json"], ["rate", "-", "--time-limit", "0.5"],
    ["generate", "--size", "\u00b2"], ["generate", "--size", "5", "--time-limit", "0.5"],
    ["solve", "\u0663" * 81], ["hint", "\ufeff" + EASY9], ["solve", FOUR + "\x0b" + FOUR],
])
def test_chosen_command_lines(args):
    run(args, EASY9 if "-" in args else None)
