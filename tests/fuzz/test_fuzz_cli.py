"""The ``sudokit`` commands on random argument lists and puzzle texts.

Every run ends with one of the exit codes docs/cli.md lists (0-6; batch also 7 and 8), never 70
(an internal error, a bug) and never a traceback; a run is short (4x4, 6x6 and 9x9 puzzles,
small time limits) and one that gets no answer in time is a hang.
"""

from __future__ import annotations

import json

import pytest
import typer.main
from hypothesis import example, given, strategies as st
from typer.testing import CliRunner

from sudokit.model import formats

from .budget import fuzz_settings, watched
from .strategies import (HOSTILE_CHARS, LANGS, SMALL_SHAPES, UNICODE_DIGITS, cage_list, grids,
                         image_bytes, jigsaw_regions, json_texts, killer_cages, mangled,
                         solution_values, variant_options)

pytest.importorskip("sudokit.adapters.cli.main")
from sudokit.adapters.cli.main import app  # noqa: E402

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
GENERATE_SIZES = st.sampled_from(["4", "6", "4", "6", "9", "0", "5", "7", "65", "x", "\u00b2", ""])
_junk = st.one_of(st.sampled_from(["--bogus", "-z", "--", "-", "--json", "--help", "-h", "--box",
                                   "--time-limit", "--version"]),
                  st.text(HOSTILE_CHARS, max_size=12))

_levels = st.sampled_from(["easy", "medium", "hard", "expert", "extreme", "any", "nudge", "step",
                           "bogus", "", "\u00b2"])
_outputs = st.sampled_from(["{tmp}/out.svg", "{tmp}/out.png", "{tmp}/out.pdf", "{tmp}/out.gif",
                            "{tmp}/no/such/dir/out.svg", "{tmp}", "{tmp}/out", "{tmp}/out.PDF",
                            "{tmp}/out.txt", "{tmp}/out.gz", ""])
_switch = None
#: Values of each option, by its long name; ``(command, option)`` where commands differ.
VALUES = {
    "--box": _boxes, "--format": _formats, "--to": _formats, "--alphabet": _alphabets,
    "--method": st.sampled_from(["reference", "backtrack", "fast", "digits", "bogus"]),
    "--layout": st.sampled_from(["classic", "grid", "x"]),
    "--limit": _numbers, "--node-limit": _numbers, "--jobs": st.sampled_from(["0", "-1", "x", "\u00b2"]),
    "--technique": _techniques, "--exclude": _techniques,
    "--option": st.sampled_from(["ur-missing-candidates=off", "als-in-chains=on", "als-overlap=off",
                                 "als-overlap", "bogus=on", "=", "", "ur-missing-candidates=\u00b2"]),
    "--level": _levels, "--size": GENERATE_SIZES, "--time-limit": _seconds,
    "--output": _outputs,
    "--size-px": st.sampled_from(["50", "300", "49", "8001", "0", "-1", "x", "\u00b3\u00b2"]),
    "--dpi": st.sampled_from(["10", "72", "9", "2401", "nan", "inf", "x", "0.5"]),
    "--style": st.sampled_from(["screen", "print", "Print", "bogus", ""]),
    "--per-page": st.sampled_from(["1", "2", "4", "6", "3", "0", "-4", "x", "\u0664"]),
    "--title": st.one_of(st.sampled_from(["Trip", "", "x" * 201, "\u00e5\u00e4\u00f6 \u2028 [b]red[/b]"]),
                         st.text(HOSTILE_CHARS, max_size=30)),
    "--paper": st.sampled_from(["a4", "letter", "A4", " letter ", "a5", ""]),
    "--score": st.sampled_from(["1-2", "4.0-6.0", "7-", "-", "2-1", "\u00b2-3", "nan-inf", "x"]),
    "--symmetry": st.sampled_from(["none", "180", "90", "mirror", "diagonal", "x"]),
    "--seed": st.sampled_from(["0", "1", "42", "-1", "9" * 30, "x", "\u00b9"]),
    "--givens": st.sampled_from(["0", "3", "-1", "80", "81", "x"]),
    ("generate", "--count"): st.sampled_from(["1", "2", "0", "-1", "x", "\u00b2"]),
    ("generate", "--technique"): st.sampled_from([
        "x-wing", "hidden-single", "bug-plus-1", "unique-rectangle-1", "empty-rectangle",
        "cage-combination", "rule-of-45", "dynamic-forcing-chain", "bogus", "X Wing", ""]),
    ("read", "--size"): st.sampled_from(["4", "9", "6", "3", "26", "x"]),
}
#: Options given with the puzzle's own shape (jigsaw regions, killer cages) or handled apart.
SHAPED = {"--variant", "--regions", "--cages"}
#: Options not fuzzed, and why.
NOT_FUZZED_OPTIONS = {"--dask": "starts or reaches a Dask cluster",
                      "--host": "serve", "--port": "serve", "--open": "serve", "--workers": "serve"}
#: Commands not fuzzed, and why.
NOT_FUZZED = {"serve": "runs a web server until it is stopped (the web fuzz posts to its API)"}
#: Commands with a dedicated test (their arguments are files of many lines).
OWN_TEST = {"batch"}

_click = typer.main.get_command(app)
#: The command line's commands and their options, read from the app itself: an option added
#: later is fuzzed too, or fails test_every_option_is_fuzzed.
COMMANDS = {name: [(p.opts[0] if p.opts[0].startswith("--") else max(p.opts, key=len), p.is_flag,
                    p.secondary_opts)
                   for p in cmd.params if p.param_type_name == "option"]
            for name, cmd in sorted(_click.commands.items()) if name not in NOT_FUZZED}
TAKES_PUZZLE = {name for name, cmd in _click.commands.items()
                if any(p.param_type_name == "argument" and p.name == "puzzle" for p in cmd.params)}
#: Commands whose runs take a time limit (the fuzz gives them a short one last).
TIME_LIMITED = {name for name, options in COMMANDS.items() if any(o == "--time-limit" for o, *_ in options)}


def values_of(command: str, option: str):
    return VALUES.get((command, option), VALUES.get(option))


class File:
    """An argument written to a file of the run's folder, the path given: ``data`` (text or
    bytes) in a file named ``name``."""

    def __init__(self, name: str, data: str | bytes) -> None:
        self.name, self.data = name, data

    def __repr__(self) -> str:
        return f"File({self.name!r}, {self.data[:60]!r})"


def shape_of(draw) -> tuple[int, int]:
    return draw(st.sampled_from(SHAPES))


@st.composite
def shaped_puzzles(draw, shape: tuple[int, int]) -> str:
    """A puzzle of ``shape``: givens of the pattern's full grid (which may clash under a variant)."""
    from .strategies import solution_values

    values = solution_values(*shape)
    density = draw(st.sampled_from([0.0, 0.3, 0.5, 0.8, 1.0]))
    return "".join(str(v) if draw(st.floats(0, 1)) < density else "." for v in values)


def _variant_args(draw, command: str, shape: tuple[int, int]) -> list:
    names = {o for o, *_ in COMMANDS[command]}
    chosen = draw(variant_options(shape, cages="--cages" in names))
    args: list = []
    for key, value in chosen.items():
        flag = f"--{key}"
        if flag in names or draw(st.integers(0, 9)) == 0:  # now and then one it does not take
            as_file = key != "variant" and draw(st.integers(0, 3)) == 0
            args += [flag, File(f"{key}.txt", value) if as_file else value]
    return args


@st.composite
def command_lines(draw, command: str):
    """``(args, stdin)``: a command line of ``command``: its arguments (a puzzle or none),
    options in any order with right and wrong values, the puzzle's variant rules, now and then
    ``--lang`` anywhere and junk."""
    args: list = [command]
    stdin = None
    shape = shape_of(draw)
    if command in TAKES_PUZZLE or command == "print":
        how = draw(st.sampled_from(["arg", "arg", "arg", "file", "stdin", "none"]))
        text = draw(st.one_of(puzzle_texts, shaped_puzzles(shape)))
        if how == "arg":
            args.append(text)
        elif how == "file":
            args.append(File(draw(st.sampled_from(["p.txt", "p.sdk", "p.json", "p"])), text))
        elif how == "stdin":
            args.append("-")
            stdin = text
        if command == "print" and draw(st.booleans()):
            args.append(draw(shaped_puzzles(shape)))
        if command in TAKES_PUZZLE and draw(st.integers(0, 15)) == 0:
            args[-1:] = [File(*draw(image_bytes().map(lambda x: (f"p.{x[0]}", x[1]))))]
    elif command == "read":
        ext, data = draw(image_bytes())
        args.append(File(f"picture.{draw(st.sampled_from([ext, ext, ext, 'png', 'txt']))}", data))
    elif command == "generate":
        args += ["--size", draw(GENERATE_SIZES)]
    if any(o in SHAPED for o, *_ in COMMANDS[command]) and draw(st.booleans()):
        args += _variant_args(draw, command, shape)
        if draw(st.booleans()) and "--box" in {o for o, *_ in COMMANDS[command]}:
            args += ["--box", f"{shape[0]}x{shape[1]}"]
    choices = [(o, flag, no) for o, flag, no in COMMANDS[command]
               if o not in SHAPED and o not in NOT_FUZZED_OPTIONS]
    for option, flag, no in draw(st.lists(st.sampled_from(choices), max_size=5)):
        if flag:
            args.append(draw(st.sampled_from([option, *no])))
        else:
            args += [option, draw(values_of(command, option))]
    if command in ("render", "print") and "--output" not in args:
        args += ["-o", draw(st.sampled_from(["{tmp}/out.svg", "{tmp}/out.png", "{tmp}/out.pdf"]
                                            if command == "render" else ["{tmp}/out.pdf"]))]
    if draw(st.integers(0, 3)) == 0:
        args.insert(draw(st.integers(0, len(args))), "--lang")  # before its value, anywhere
        args.insert(args.index("--lang") + 1, draw(LANGS))
    if draw(st.integers(0, 9)) == 0:
        args.insert(draw(st.integers(1, len(args))), draw(_junk))
    if command in TIME_LIMITED:
        # the last --time-limit wins: a short one keeps the run short whatever came before
        args += ["--time-limit", draw(st.sampled_from(["0.2", "0.5", "1"]))]
    if command == "generate" and draw(st.booleans()):
        args += ["--count", "1"]  # keep generation to one puzzle mostly
    return args, stdin


def materialize(args: list, folder) -> list[str]:
    """The command line with its files written to ``folder`` and ``{tmp}`` pointing there."""
    out = []
    for a in args:
        if isinstance(a, File):
            path = folder / a.name
            path.write_bytes(a.data if isinstance(a.data, bytes)
                             else a.data.encode("utf-8", "surrogatepass"))
            a = str(path)
        out.append(a.replace("{tmp}", str(folder)))
    return out


def run(args: list, stdin: str | None = None, documented=DOCUMENTED, folder=None):
    """Run one command line (its files written to ``folder``) and check what any run must:
    a documented exit code, never 70, no exception, no traceback."""
    if folder is not None:
        args = materialize(args, folder)
    with watched("cli", args if stdin is None else [*args, f"<stdin {stdin[:80]!r}>"]):
        result = runner.invoke(app, args, input=stdin, env={"NO_COLOR": "1", "SUDOKIT_DEBUG": ""})
    output = result.output + (result.stderr or "")
    assert result.exit_code != INTERNAL, f"internal error (exit 70) for {args!r}:\n{output}"
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        f"{args!r} raised {result.exception!r}:\n{output}")
    assert result.exit_code in documented, f"exit code {result.exit_code} for {args!r}:\n{output}"
    assert "Traceback" not in output, f"a traceback for {args!r}:\n{output}"
    return result


#: The commands fuzzed by test_commands (generate and batch have tests of their own).
EACH = sorted(set(COMMANDS) - OWN_TEST - {"generate"})


def test_every_command_and_option_is_fuzzed():
    """A command or option added to the command line is fuzzed, or this test names it."""
    assert set(COMMANDS) | set(NOT_FUZZED) == set(_click.commands)
    missing = [f"{command} {option}" for command, options in COMMANDS.items()
               for option, flag, _ in options
               if not flag and option not in SHAPED and option not in NOT_FUZZED_OPTIONS
               and values_of(command, option) is None and command not in OWN_TEST]
    assert not missing, f"options with no fuzz values: {missing}"
    batch_options = {o for opt in BATCH_OPTIONS for o in opt if o.startswith("-")}
    missing = [o for o, *_ in COMMANDS["batch"]
               if o not in batch_options and o not in NOT_FUZZED_OPTIONS and o != "--output"]
    assert not missing, f"batch options the batch fuzz does not give: {missing}"


@pytest.mark.parametrize("command", EACH)
@fuzz_settings("cli", 0.075, ci=5)
@given(data=st.data())
def test_commands(tmp_path_factory, command, data):
    args, stdin = data.draw(command_lines(command), label="command line")
    run(args, stdin, folder=tmp_path_factory.mktemp(command))


@fuzz_settings("cli", 0.1, ci=6)
@given(line=command_lines("generate"))
@example(line=(["generate", "--size", "4", "--box", "\u00b2x2", "--time-limit", "0.5"], None))
@example(line=(["generate", "--size", "6", "--symmetry", "90", "--time-limit", "0.5"], None))
@example(line=(["generate", "--size", "4", "--score", "nan-inf", "--time-limit", "0.5"], None))
def test_generate(tmp_path_factory, line):
    args, stdin = line
    run(args, stdin, folder=tmp_path_factory.mktemp("generate"))


# --- what a user would check: the logic agrees with the search --------------------------------------

@st.composite
def variant_puzzles(draw):
    """``(puzzle, options)``: a puzzle under rules built from their definitions (variant names,
    jigsaw regions, killer cages), its givens taken from a solution of those rules when the
    search finds one quickly, so that many have exactly one solution."""
    from sudokit import Geometry, Grid
    from sudokit.engines import search

    shape = shape_of(draw)
    options: dict = {"box": f"{shape[0]}x{shape[1]}"}
    if draw(st.booleans()):
        options["variant"] = draw(st.sampled_from(["x", "windoku", "anti-knight", "anti-king",
                                                   "x,anti-king"]))
    rules = draw(st.sampled_from(["none", "regions", "cages", "both"]))
    if rules in ("regions", "both"):
        options["regions"] = draw(jigsaw_regions(shape))
    if rules in ("cages", "both"):
        options["cages"] = draw(killer_cages(shape))
    values = solution_values(*shape)
    try:
        geometry = Geometry(*shape).with_variants(options.get("variant") or (), options.get("regions"))
        if "cages" in options:
            geometry = geometry.with_cages(options["cages"])
        found = search.solve(Grid.empty(geometry), limit=1, time_limit=0.5).solutions
        values = found[0].values if found else values
    except Exception:  # rules no grid meets (6x6 with x,anti-king): the CLI says so
        pass
    keep = draw(st.sampled_from([0.35, 0.5, 0.7, 0.9]))
    puzzle = "".join(str(v) if v < 10 and draw(st.floats(0, 1)) < keep else "." for v in values)
    return puzzle, options


def _rule_args(options: dict) -> list[str]:
    return [a for key, value in options.items() for a in (f"--{key}", value)]


def _placements(stdout: str) -> list[tuple[int, int, int]]:
    """The placements [row, col, digit] of JSON lines of steps (explain --json)."""
    out = []
    for line in stdout.splitlines():
        if line.startswith("{"):
            out += [tuple(p) for p in json.loads(line).get("placements", [])]
    return out


#: Jigsaw regions whose symbols first appear out of order: hint and explain said "no solution"
#: where solve found one (issue 39; the first found by this test).
JIGSAW9 = ("......8............4...6................75....931.....6......7.....3.96.....4...3",
           {"regions": "AAAABBCCCABBBBECCCAABDBECCCDADDBEEFIDADEEEFFIDDDEHFFFIGGGEHFFFIGGGGHHHIIGGHHHHIII"})
JIGSAW8 = ("61427385387.2546578.46212456.81772.8145343158.621634527885276134",
           {"box": "2x4", "regions": "HHHHFFFFHHAACCFFHHACCCFFAAAAACCCEEEEGGGGEEEEGGGIBBBBIGIIBBBBIIII"})


@fuzz_settings("cli", 0.2, ci=8, per_example=5)
@given(case=variant_puzzles(), lang=st.sampled_from(["en", "sv"]))
@example(case=JIGSAW9, lang="en")
@example(case=JIGSAW8, lang="sv")
def test_the_logic_agrees_with_the_search(case, lang):
    """On the same puzzle and rules: when ``solve --count`` finds exactly one solution, ``hint``
    and ``explain`` never say there is none, every digit explain places is the solution's, and
    the language changes no exit code."""
    puzzle, options = case
    rules = _rule_args(options)
    solved = run(["solve", puzzle, *rules, "--to", "line", "--time-limit", "2"])
    count = run(["solve", puzzle, *rules, "--count", "--time-limit", "2"])
    hint = run(["hint", puzzle, *rules, "--time-limit", "2", "--lang", lang])
    explain = run(["explain", puzzle, *rules, "--json", "--time-limit", "2"])
    shown = f"{puzzle} {rules}"
    if count.exit_code in (0, 1, 3, 4):
        assert solved.exit_code == count.exit_code or solved.exit_code == 4 or count.exit_code == 4, (
            f"solve exits {solved.exit_code}, solve --count {count.exit_code}: {shown}")
    if count.exit_code != 0:
        return
    for name, result in (("hint", hint), ("explain", explain)):
        assert result.exit_code != 1, (
            f"{name} says no solution, solve --count finds one: {shown}\n{result.output}")
    solution = solved.stdout.split()[-1]
    n = int(len(solution) ** 0.5)
    wrong = [(r, c, d) for r, c, d in _placements(explain.stdout)
             if solution[(r - 1) * n + c - 1] != str(d)]
    assert not wrong, f"explain places {wrong} against the solution {solution}: {shown}"
    other = run(["hint", puzzle, *rules, "--time-limit", "2", "--lang", "sv" if lang == "en" else "en"])
    if 5 not in (hint.exit_code, other.exit_code):
        assert hint.exit_code == other.exit_code, f"hint exits differ by language: {shown}"




@st.composite
def variant_lines(draw) -> str:
    """A json line of a puzzle with its variant rules, right or wrong."""
    shape = draw(st.sampled_from([(2, 2), (3, 3)]))
    rules = draw(variant_options(shape))
    doc = {"box": f"{shape[0]}x{shape[1]}", "puzzle": draw(shaped_puzzles(shape))}
    if "variant" in rules:
        doc["variants"] = rules["variant"]
    if "regions" in rules:
        doc["regions"] = rules["regions"]
    if "cages" in rules:
        doc["cages"] = cage_list(rules["cages"])
    return json.dumps(doc, ensure_ascii=draw(st.booleans()))


_batch_lines = st.lists(st.one_of(
    st.sampled_from([EASY9, FOUR, "." * 16, "1" * 16, "5" + EASY9[1:], EASY9 + " a comment",
                     "# comment", "", "\u00b2" * 16, "\ufeff" + FOUR, "\x85", "\u2028" + FOUR]),
    st.text(HOSTILE_CHARS.replace("\n", ""), max_size=90),
    mangled(shapes=[(2, 2), (3, 3)]).map(lambda t: t.replace("\n", " ")),
    variant_lines()), max_size=12)


BATCH_OPTIONS = [
    ["--to", "line"], ["--to", "csv"], ["--to", "jsonl"], ["--to", "bogus"], ["--unique"],
    ["--rate"], ["--node-limit", "10"], ["--node-limit", "0"], ["--time-limit", "0.1"],
    ["--time-limit", "nan"], ["--box", "2x2"], ["--box", "\u00b2x2"],
    ["--alphabet", "zero"], ["--alphabet", "bogus"], ["--quiet"], ["--jobs", "0"],
    ["-o", "OUT"], ["-o", "OUT.gz"], ["-o", "DIR"], ["--resume", "-o", "OUT"], ["--lang", "sv"],
    ["--lang", "xx"]]


@fuzz_settings("cli", 0.1, ci=8)
@given(lines=_batch_lines, newline=st.sampled_from(["\n", "\r\n", "\r"]),
       options=st.lists(st.sampled_from(BATCH_OPTIONS), max_size=4),
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
