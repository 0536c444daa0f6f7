#!/usr/bin/env python3
"""Hash what sudokit prints, group by group, to prove that a refactor changes no output.

Run it against two trees (each with its own venv) and compare:

    python tools/output_hashes.py --python /work/baseline/.venv/bin/python \\
        --out /work/hashes-baseline.json --dump /work/hashes-baseline
    python tools/output_hashes.py --python /work/main/.venv/bin/python \\
        --compare /work/hashes-baseline.json --dump /work/hashes-main
    diff -r /work/hashes-baseline /work/hashes-main      # where a group differs

It prints one SHA-256 per group with a count of items (a puzzle's result, a generated puzzle,
a step listing...). Only the command line (``PYTHON -m sudokit ...``) and the top-level names of
the ``sudokit`` package (``sudokit.Grid``, ``sudokit.solve``, ``sudokit.solve_path``, ...) are
used, never an internal module path, so the same script runs against a tree before and after
modules move. The script does not depend on where it lives: every command runs in a fresh
temporary directory, with inputs written there and named by relative paths; the puzzles come
from ``--data`` (default ``/work/shared/data``), from texts written in this file (the repo's
``examples/``) and from the tree's own generator with fixed seeds.

What a group hashes: for each of its commands, the command line, its exit code, its stderr
and its stdout, with what is not deterministic taken out: the keys ``seconds`` (any depth) of
JSON output, and durations in text (``12.3 s``, ``48 ms``). Each subprocess runs with
``SUDOKIT_LANG=en``, ``NO_COLOR=1``, ``COLUMNS=120``, ``PYTHONHASHSEED=0``, no PYTHONPATH.
Every command that has a time limit gets a generous one (so nothing hangs, and none is
reached: a command that stops at a time limit is reported as a WARNING, since its output
would depend on the machine's speed). Node limits are deterministic and used on purpose.
``batch`` runs with ``--jobs 1``; the script runs ``--jobs`` (default 2) commands at a time.

Groups (data files are in --data; "first N" = the first N puzzles of the file, in its order;
"generated" = the puzzles the tree's generator makes by seed in the inputs step, see generate):

solve     batch --unique --to jsonl --jobs 1 on every data file in full: kaggle.txt (100),
          17clue.txt (10,000), top1465.txt (1,465), forum_hardest_1905_11plus.txt (10,000),
          forum_hardest_1106.txt (375), serg.txt (10,000, several solutions each), the puzzle
          column of se_rated.tsv (325); batch --to csv (first 200 of top1465), --to line (first
          200 of 17clue), without --unique (first 200 of serg), two files at once; a file of bad
          and odd lines in jsonl, csv and line; batch and solve --json on the generated grids of
          sizes 4, 6, 8 (2x4), 12, 16, 25 and on every variant set; solve --json by method: fast
          (first 300 of top1465, 50 of forum_hardest_1106), digits (first 100 of top1465, 16 of
          forum_hardest_1106), reference (first 20 of top1465; 3 of each variant kind but the
          9x9 killer), backtrack (first 20 of kaggle; --stats on the SvD puzzle); --limit 1 and
          5 on serg; the options --variant, --regions, --cages; alphabets; the display layouts;
          the repo's examples (6x6, 9x9, 12x12, 16x16).
count     solve --count: first 1,000 of serg.txt (--limit 100000), first 10 with the reference
          and digits methods; the docs' puzzles (872 and 1,243,394 solutions, --jobs 1 and 2);
          empty 4x4 grids, plain, jigsaw and per variant; empty 9x9 variant grids to --limit
          1000; a killer with three cages dropped; an empty 6x6 stopped by --node-limit (a node
          limit is deterministic); every variant set.
steps     explain --json (every step with its placements and eliminations, then the summary),
          one puzzle a run: first 2 of kaggle, 6 of 17clue, 6 of top1465, 8 of se_rated, 2 of
          each forum_hardest file, 2 of serg; the 6x6, 9x9 and 16x16 examples; generated 4x4 (2),
          6x6 (2), 8x8, 12x12, easy 16x16; 4 of each 9x9 variant kind (2 anti-knight), 2 of each
          combination (1 with anti-knight) and 2 of each 6x6 variant. explain as text, in
          Swedish, --rounds, restricted techniques (-t, -x, -O, --no-uniqueness); steps --json
          (every instance) on 12 positions (5 classic, the 6x6, one per variant kind); steps -t;
          steps --list.
hint      hint (nudge), hint --level step and hint --level step --json on 18 puzzles (classic,
          serg, each variant kind, 6x6, 16x16); hint --apply chains of 4 steps on 3 puzzles (a
          classic, a jigsaw, a killer), each step read back from the last position JSON on stdin;
          -t x-wing (stuck); --lang sv.
rate      rate --json: first 20 of kaggle, 30 of 17clue, 20 of top1465, 40 of se_rated, 1 of
          each forum_hardest file, 3 of serg (no rating: several solutions); the 6x6, 9x9 and
          16x16 examples; generated 4x4 (10), 6x6 (10), 8x8 (3), 12x12 (2), easy 16x16 (2); 3
          of each 9x9 variant kind (2 anti-knight), 1 of each combination, 3 of each 6x6 variant;
          rate as text (-p); batch --rate (jsonl: 10 of top1465, 3 windoku; csv: 10 of kaggle).
generate  the inputs step (in/gen: 12 of each 9x9 variant kind, 6 of each combination
          x+anti-knight, jigsaw+x, killer+x, windoku+anti-king, jigsaw+anti-knight, 6 of each 6x6
          jigsaw/killer/x, 2 of each 16x16 x/windoku/jigsaw; classic 4x4 (20), 6x6 (20), 8x8 (10),
          12x12 (6), 16x16 (6), 25x25 (2), easy 16x16 (2); each set by its own seed) and: sizes
          and box shapes, each level, --level any, levels on 6x6 and 12x12, --score, --technique,
          each symmetry, --no-minimal, output formats and alphabets, each variant kind and four
          combinations with --solution --json, variants at a level with --rate, killer --givens,
          6x6 and 16x16 variants, given --regions.
formats   solve --to each format (line, grid, classic, comma, sdk, ss, json, sukaku, pencilmark,
          opensudoku, fpuzzles, sudokupad, jigsaw) for the 9x9 example, six of them for the 6x6,
          12x12 and 16x16 examples, json/fpuzzles/sudokupad(/jigsaw) for variant puzzles;
          generate --to each format (classic and variant puzzles), each read back (solve FILE,
          and links as the argument).
render    render -o FILE.svg (text) of classic and variant puzzles, and one .png (its bytes' hash).
read      read --json of the first 10 photos by number in --data/photos, --no-repair, --to grid
          on the next two, and solve of a photo.
errors    bad input and refused requests (exit code and message): bad symbols, clashes, wrong
          lengths, no solution, unknown variants, methods and techniques, bad regions and cages,
          bad limits, impossible generate requests, batch usage errors, --version.
api       one Python process using only top-level names: sudokit.Grid.parse, solve (fast and
          reference), count_solutions, solve_path (Step.to_dict), hint, next_step, all_steps,
          check, Position, LogicalSolver, Geometry.with_variants, languages, set_language and the
          error classes; on the first 8 of top1465, 8 of 17clue, 4 of kaggle, 4 of serg, 1 of each
          9x9 variant kind, the 6x6, 9x9 and 16x16 examples.

If generate differs, the groups that read generated puzzles (variants, sizes) differ too:
look at generate first. About 9 minutes on the 2-core machine (more when it is shared).

Options: --out FILE (JSON {group: {"sha256": ..., "items": n}}), --compare FILE (exit 1 naming
the groups that differ), --dump DIR (each group's hashed text as DIR/GROUP.txt, plus
DIR/meta.json: interpreter, tree, per-command exit codes and times, warnings), --groups
(a comma list: run only these), --jobs, --data, --keep (keep the temporary directory).
Exit codes: 0 done (and equal with --compare), 1 a group differs, 2 usage or setup error.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

GROUPS = ("solve", "count", "steps", "hint", "rate", "generate", "formats", "render", "read",
          "errors", "api")

#: Per-command hard timeout (seconds) of the subprocess, and the --time-limit given to commands.
HARD_TIMEOUT = 600
TIME_LIMIT = "300"

# The data files (in --data) and how their puzzles are read.
DATA_FILES = {
    "kaggle": "kaggle.txt",
    "17clue": "17clue.txt",
    "top1465": "top1465.txt",
    "fh1905": "forum_hardest_1905_11plus.txt",
    "fh1106": "forum_hardest_1106.txt",
    "serg": "serg.txt",
    "se_rated": "se_rated.tsv",  # header line, puzzle in the first column
}

# The repo's examples/ (copied here so that the script needs no tree).
EXAMPLES = {
    "6x6": "15....4...3......6..13..........6152\n",
    "expressen": "700206000 890300002 000700004 050600920 000040000 086002040 500009000 "
                 "200007058 000503001\n",
    "svd": "000000000 640017000 000020361 506040000 000006420 000280009 000500740 405069200 "
           "800000000\n",
    "16x16": ".1...7.5BG9D...CCF.E..2....A..9D..47..BG.F...1.8..B...6.....4......F31.28.57AB.9"
             "9B.GE.D.C...8...7.8.....D6F..21......5.4...9.....7.......EC..3.4.3..BA5..9D6FEC."
             "..FC4..3...BG.D66.G....E..........E..4...A.G9...5.3.G.7...6FE...FD.....C..45.AB."
             "..7.F..D..2..84.\n",
    "12x12": """+---------+---------+---------+
| . . . . | 7 . . . | . 8 . . |
| . B . C | . 2 . . | . 4 . . |
| 4 . 7 . | 9 C . . | . . 5 . |
+---------+---------+---------+
| . . 3 . | . 4 . . | 8 . C . |
| . . . . | . . 6 . | . . 1 B |
| 7 1 . 4 | . . . . | . . . 3 |
+---------+---------+---------+
| . 4 . . | . . 5 . | . . . 1 |
| 5 . . . | . 6 3 . | 7 B . . |
| . . 1 . | C . B . | 9 . 8 . |
+---------+---------+---------+
| . . . . | . . . 7 | 5 2 9 . |
| . 9 . . | . 3 1 6 | B . . 8 |
| . . 8 . | A . . . | . . . 4 |
+---------+---------+---------+
""",
}

#: The generated inputs: name -> generate options (each gets --seed, --to json or line).
#: 9x9 variant kinds, then combinations, smaller and larger variant grids, classic sizes.
VARIANT_SETS = {
    "x": ("--variant x --count 12", 101),
    "windoku": ("--variant windoku --count 12", 102),
    "anti-knight": ("--variant anti-knight --count 12", 103),
    "anti-king": ("--variant anti-king --count 12", 104),
    "jigsaw": ("--variant jigsaw --count 12", 105),
    "killer": ("--variant killer --count 12", 106),
    "x+anti-knight": ("--variant x,anti-knight --count 6", 107),
    "jigsaw+x": ("--variant jigsaw,x --count 6", 108),
    "killer+x": ("--variant killer,x --count 6", 109),
    "windoku+anti-king": ("--variant windoku,anti-king --count 6", 110),
    "jigsaw+anti-knight": ("--variant jigsaw,anti-knight --count 6", 111),
    "6x6-jigsaw": ("--size 6 --variant jigsaw --count 6", 112),
    "6x6-killer": ("--size 6 --variant killer --count 6", 113),
    "6x6-x": ("--size 6 --variant x --count 6", 114),
    "16x16-x": ("--size 16 --variant x --count 2", 115),
    "16x16-windoku": ("--size 16 --variant windoku --count 2", 116),
    "16x16-jigsaw": ("--size 16 --variant jigsaw --count 2", 117),
}
VARIANT_KINDS = ("x", "windoku", "anti-knight", "anti-king", "jigsaw", "killer")
COMBINATIONS = ("x+anti-knight", "jigsaw+x", "killer+x", "windoku+anti-king", "jigsaw+anti-knight")
SMALL_VARIANTS = ("6x6-jigsaw", "6x6-killer", "6x6-x")
BIG_VARIANTS = ("16x16-x", "16x16-windoku", "16x16-jigsaw")
SIZE_SETS = {
    "size4": ("--size 4 --count 20", 201),
    "size6": ("--size 6 --count 20", 202),
    "box2x4": ("--box 2x4 --count 10", 203),
    "size12": ("--size 12 --count 6", 204),
    "size16": ("--size 16 --count 6", 205),
    "size25": ("--size 25 --count 2", 206),
    "size16-easy": ("--size 16 --level easy --count 2", 207),
}

# A puzzle with no solution and no clash: r1c9 must be 9, and column 9 holds 9 already.
NO_SOLUTION = "12345678." + "........9" + "." * 63
DOCS_MULTI = "8.........95.......76.........426798...571243...893165......916....3.487....1.532"
DOCS_COUNT = "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9................"


# --------------------------------------------------------------------------------------------
# normalising outputs

_TIME = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*(?:e-?\d+)?\s?(?:ms|µs|us|ns|s|sec|secs|seconds|min|minutes)\b")
_DROP_KEYS = {"seconds"}


def strip_json(value):
    """The JSON value without its timing keys (at any depth)."""
    if isinstance(value, dict):
        return {k: strip_json(v) for k, v in value.items() if k not in _DROP_KEYS}
    if isinstance(value, list):
        return [strip_json(v) for v in value]
    return value


def dump_json(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def norm_text(text: str, work: str) -> str:
    text = text.replace(work, "<work>")
    return _TIME.sub("<time>", text)


def json_line(line: str) -> str:
    try:
        return dump_json(strip_json(json.loads(line)))
    except ValueError:
        return line


def has_time_limit(value) -> bool:
    """True when a JSON result says a time limit stopped it."""
    if isinstance(value, dict):
        if value.get("time_limit_reached") is True:
            return True
        return any(has_time_limit(v) for v in value.values())
    if isinstance(value, list):
        return any(has_time_limit(v) for v in value)
    return False


# --------------------------------------------------------------------------------------------
# tasks


@dataclass
class Task:
    """One command (or a chain of them); its items go to ``group`` under ``name``."""

    group: str
    name: str
    args: list[str]                 # after ``PYTHON -m sudokit`` (or ``PYTHON`` with script)
    split: str = "lines"            # lines | jsonl | json-array | whole | whole-jsonl | file
    stdin: str | None = None
    save: str | None = None         # also write stdout here (an input of later tasks)
    outfile: str | None = None      # split == "file": the file the command writes
    chain: int = 0                  # run again this many times, stdin = last stdout, "{IN}" -> "-"
    first: str = ""                 # what "{IN}" stands for in the first run of a chain
    allow_limit: bool = False       # a node limit is reached on purpose (exit code 5 expected)
    script: bool = False            # args are a Python script and its arguments
    cost: float = 1.0               # for ordering (longest first)
    # filled by run()
    items: list[tuple[str, str]] = field(default_factory=list)
    header: str = ""
    rcs: list[int] = field(default_factory=list)
    seconds: float = 0.0
    warnings: list[str] = field(default_factory=list)


class Runner:
    def __init__(self, python: str, work: Path):
        self.python = python
        self.work = work
        self.env = clean_env()

    def call(self, argv: list[str], stdin: str | None) -> tuple[int, bytes, bytes]:
        try:
            proc = subprocess.run(argv, input=stdin.encode() if stdin is not None else None,
                                  stdin=None if stdin is not None else subprocess.DEVNULL,
                                  capture_output=True, cwd=self.work, env=self.env,
                                  timeout=HARD_TIMEOUT)
        except subprocess.TimeoutExpired as e:
            return -999, e.stdout or b"", (e.stderr or b"") + b"\nTIMEOUT"
        return proc.returncode, proc.stdout, proc.stderr

    def run(self, task: Task) -> Task:
        start = time.perf_counter()
        work = str(self.work)
        base = [self.python] if task.script else [self.python, "-m", "sudokit"]
        stdin = task.stdin
        runs = []
        for k in range(1 + task.chain):
            # a chain: "{IN}" is the first argument, then "-" with the last stdout as stdin
            args = [(task.first if k == 0 else "-") if a == "{IN}" else a for a in task.args]
            rc, out, err = self.call(base + args, stdin)
            runs.append((rc, out, err))
            stdin = out.decode("utf-8", "replace")
            if task.chain and rc != 0:
                break
        task.seconds = time.perf_counter() - start
        shown = " ".join([task.first if a == "{IN}" else a for a in task.args])
        header = [f"=== {task.name}: {'python' if task.script else 'sudokit'} {shown}"]
        for k, (rc, out, err) in enumerate(runs):
            task.rcs.append(rc)
            text = out.decode("utf-8", "replace")
            errtext = norm_text(err.decode("utf-8", "replace"), work).rstrip("\n")
            header.append(f"run {k + 1}: exit {rc}")
            if errtext:
                header.extend("stderr| " + line for line in errtext.split("\n"))
            if rc == -999:
                task.warnings.append(f"{task.group}/{task.name}: TIMEOUT after {HARD_TIMEOUT} s")
            elif rc == 5 and not task.allow_limit:
                task.warnings.append(f"{task.group}/{task.name}: exit 5 (a limit was reached)")
            elif rc == 70:
                task.warnings.append(f"{task.group}/{task.name}: exit 70 (internal error)")
            elif task.group != "errors" and (rc in (2, 3) or (task.save and rc != 0)):
                task.warnings.append(f"{task.group}/{task.name}: exit {rc}")
            if task.save and k == len(runs) - 1:
                path = self.work / task.save
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_bytes(out)
            prefix = f"{k + 1}." if task.chain else ""
            task.items.extend(self.split(task, text, prefix))
        task.header = "\n".join(header)
        for _, body in task.items:
            if '"time_limit_reached": true' in body or '"status": "limit"' in body:
                if not task.allow_limit:
                    task.warnings.append(f"{task.group}/{task.name}: a result says a limit was reached")
                    break
        return task

    def split(self, task: Task, text: str, prefix: str) -> list[tuple[str, str]]:
        work = str(self.work)
        if task.split == "file":
            path = self.work / task.outfile
            if not path.exists():
                return [(prefix + "1", "<no file written>")]
            data = path.read_bytes()
            if path.suffix == ".svg":
                return [(prefix + "1", norm_text(data.decode("utf-8", "replace"), work))]
            return [(prefix + "1", f"{path.suffix} {len(data)} bytes sha256 "
                                   f"{hashlib.sha256(data).hexdigest()}")]
        if task.split == "whole":  # JSON (a document, or one a line) loses its timings too
            try:
                return [(prefix + "1", dump_json(strip_json(json.loads(text))))]
            except ValueError:
                pass
            lines = [json_line(line) if line.startswith(("{", "[")) else line for line in text.split("\n")]
            return [(prefix + "1", norm_text("\n".join(lines), work))]
        if task.split == "whole-jsonl":
            lines = [json_line(line) for line in text.splitlines()]
            return [(prefix + "1", "\n".join(lines))] if text else []
        if task.split == "json-array":
            try:
                values = json.loads(text)
            except ValueError:
                return [(prefix + "1", norm_text(text, work))] if text else []
            if not isinstance(values, list):
                values = [values]
            return [(f"{prefix}{i + 1}", dump_json(strip_json(v))) for i, v in enumerate(values)]
        lines = text.splitlines()
        if task.split == "jsonl":
            return [(f"{prefix}{i + 1}", json_line(line)) for i, line in enumerate(lines)]
        return [(f"{prefix}{i + 1}", norm_text(line, work)) for i, line in enumerate(lines)]


def clean_env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("SUDOKIT_", "PYTHON", "VIRTUAL_ENV", "FORCE_COLOR", "LC_", "CLICOLOR"))}
    env.update({
        "SUDOKIT_LANG": "en", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "NO_COLOR": "1",
        "COLUMNS": "120", "LINES": "50", "TERM": "dumb", "PYTHONHASHSEED": "0",
        "PYTHONIOENCODING": "utf-8", "PYTHONDONTWRITEBYTECODE": "1",
    })
    return env


# --------------------------------------------------------------------------------------------
# inputs


class Inputs:
    """Writes the inputs into the work directory and names them relatively."""

    def __init__(self, work: Path, data: Path):
        self.work = work
        self.data = data
        self._lines: dict[str, list[str]] = {}

    def puzzles(self, name: str) -> list[str]:
        if name not in self._lines:
            path = self.data / DATA_FILES[name]
            lines = path.read_text().splitlines()
            if path.suffix == ".tsv":
                lines = [line.split("\t")[0] for line in lines[1:]]
            self._lines[name] = [line for line in lines if line.strip()]
        return self._lines[name]

    def write(self, rel: str, text: str) -> str:
        path = self.work / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        return rel

    def subset(self, name: str, n: int | None = None, start: int = 0) -> str:
        """A file of puzzles ``start`` .. ``start + n`` (all when n is None) of a data set."""
        lines = self.puzzles(name)[start:None if n is None else start + n]
        tag = "all" if n is None else f"{start + 1}-{start + len(lines)}"
        return self.write(f"in/data/{name}_{tag}.txt", "".join(line + "\n" for line in lines))

    def one(self, name: str, k: int) -> str:
        """Puzzle k (1-based) of a data set, as text."""
        return self.puzzles(name)[k - 1]

    def example(self, name: str) -> str:
        ext = ".grid" if name == "12x12" else ".txt"
        return self.write(f"in/examples/{name}{ext}", EXAMPLES[name])

    def gen_lines(self, name: str) -> list[str]:
        ext = "jsonl" if name in VARIANT_SETS else "txt"
        path = self.work / f"in/gen/{name}.{ext}"
        if not path.exists():
            return []
        return [line for line in path.read_text().splitlines() if line.strip()]

    def gen_file(self, name: str, n: int | None = None) -> str:
        """The generated set (its first n puzzles)."""
        ext = "jsonl" if name in VARIANT_SETS else "txt"
        if n is None:
            return f"in/gen/{name}.{ext}"
        lines = self.gen_lines(name)[:n]
        return self.write(f"in/gen/{name}_1-{n}.{ext}", "".join(line + "\n" for line in lines))

    def gen_one(self, name: str, k: int) -> str:
        """Generated puzzle k (1-based) as a file of its own (explain/hint/steps take one)."""
        lines = self.gen_lines(name)
        line = lines[k - 1] if len(lines) >= k else ""
        ext = "json" if name in VARIANT_SETS else "txt"
        return self.write(f"in/gen/{name}_{k}.{ext}", line + "\n")

    def gen_obj(self, name: str, k: int) -> dict:
        lines = self.gen_lines(name)
        try:
            return json.loads(lines[k - 1])
        except (IndexError, ValueError):
            return {}


def cage_text(cages) -> str:
    """Cages of the json format as the --cages text (SUM r1c1 r1c2 ...)."""
    out = []
    for cage in cages or []:
        if isinstance(cage, dict):
            total, cells = cage.get("sum"), cage.get("cells")
        else:
            total, cells = cage
        out.append(f"{total} " + " ".join(str(c) for c in cells))
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------------------------
# the groups


def input_tasks() -> list[Task]:
    tasks = []
    for name, (opts, seed) in VARIANT_SETS.items():
        tasks.append(Task("generate", f"inputs/{name}",
                          ["generate", *opts.split(), "--seed", str(seed), "--to", "json",
                                          "--time-limit", TIME_LIMIT],
                          split="jsonl", save=f"in/gen/{name}.jsonl", cost=3))
    for name, (opts, seed) in SIZE_SETS.items():
        tasks.append(Task("generate", f"inputs/{name}",
                          ["generate", *opts.split(), "--seed", str(seed), "--time-limit", TIME_LIMIT],
                          split="lines", save=f"in/gen/{name}.txt", cost=2))
    return tasks


def solve_tasks(inp: Inputs) -> list[Task]:
    T = []
    tl = ["--time-limit", TIME_LIMIT]
    for name in DATA_FILES:
        T.append(Task("solve", f"batch-unique/{name}",
                      ["batch", inp.subset(name), "--jobs", "1", "-q", "--unique", "--to", "jsonl"] + tl,
                      split="jsonl", cost=4))
    T.append(Task("solve", "batch-csv/top1465", ["batch", inp.subset("top1465", 200), "--jobs", "1",
                                                 "-q", "--unique", "--to", "csv"] + tl))
    T.append(Task("solve", "batch-line/17clue", ["batch", inp.subset("17clue", 200), "--jobs", "1",
                                                 "-q"] + tl))
    T.append(Task("solve", "batch-first/serg", ["batch", inp.subset("serg", 200), "--jobs", "1",
                                                "-q", "--to", "jsonl"] + tl, split="jsonl"))
    T.append(Task("solve", "batch-two-files", ["batch", inp.example("expressen"), inp.example("svd"),
                                               "--jobs", "1", "--to", "csv", "--unique", "-q"]))
    top = inp.puzzles("top1465")
    mixed = "\n".join([
        top[0] + " from top1465", "", "# a comment line", top[1][:40], "55" + top[2][2:],
        top[3].replace(".", "0", 5), DOCS_MULTI, NO_SOLUTION, top[4][:30] + "x" + top[4][31:],
        " ".join(top[5][i:i + 9] for i in range(0, 81, 9)), EXAMPLES["6x6"].strip(), "\t" + top[6],
    ]) + "\n"
    mixed_file = inp.write("in/mixed.txt", mixed)
    for fmt in ("jsonl", "csv", "line"):
        T.append(Task("solve", f"batch-mixed/{fmt}", ["batch", mixed_file, "--jobs", "1", "-q",
                                                      "--unique", "--to", fmt] + tl,
                      split="jsonl" if fmt == "jsonl" else "lines"))
    for name in SIZE_SETS:
        box = ["--box", "2x4"] if name == "box2x4" else []
        T.append(Task("solve", f"batch-size/{name}", ["batch", inp.gen_file(name), "--jobs", "1", "-q",
                                                      "--unique", "--to", "jsonl"] + box + tl,
                      split="jsonl"))
        T.append(Task("solve", f"solve-size/{name}", ["solve", inp.gen_file(name), "--json"] + box + tl,
                      split="json-array", cost=2))
    for name in VARIANT_SETS:
        T.append(Task("solve", f"batch-variant/{name}", ["batch", inp.gen_file(name), "--jobs", "1",
                                                         "-q", "--unique", "--to", "jsonl"] + tl,
                      split="jsonl"))
        T.append(Task("solve", f"solve-variant/{name}", ["solve", inp.gen_file(name), "--json"] + tl,
                      split="json-array", cost=2))
    for name in [k for k in VARIANT_KINDS if k != "killer"] + list(SMALL_VARIANTS):  # killer 9x9: slow
        T.append(Task("solve", f"solve-variant-reference/{name}",
                      ["solve", inp.gen_file(name, 3), "--json", "--method", "reference"] + tl,
                      split="json-array", cost=3))
    for method, n in (("fast", 300), ("digits", 100)):
        T.append(Task("solve", f"solve-{method}/top1465", ["solve", inp.subset("top1465", n), "--json",
                                                          "--method", method] + tl,
                      split="json-array", cost=2))
        T.append(Task("solve", f"solve-{method}/fh1106", ["solve", inp.subset("fh1106", n // 6), "--json",
                                                         "--method", method] + tl,
                      split="json-array", cost=2))
    T.append(Task("solve", "solve-reference/top1465", ["solve", inp.subset("top1465", 20), "--json",
                                                       "--method", "reference"] + tl,
                  split="json-array", cost=4))
    T.append(Task("solve", "solve-backtrack/kaggle", ["solve", inp.subset("kaggle", 20), "--json",
                                                      "--method", "backtrack"] + tl,
                  split="json-array", cost=3))
    T.append(Task("solve", "solve-backtrack-stats/svd", ["solve", inp.example("svd"), "--method",
                                                         "backtrack", "--stats", "--to", "line"]))
    T.append(Task("solve", "solve-limit1/serg", ["solve", inp.subset("serg", 50), "--json",
                                                 "--limit", "1"] + tl, split="json-array"))
    T.append(Task("solve", "solve-limit5/serg", ["solve", inp.subset("serg", 20), "--json",
                                                 "--limit", "5"] + tl, split="json-array"))
    T.append(Task("solve", "solve-line/17clue", ["solve", inp.subset("17clue", 100), "--to", "line"] + tl))
    for name in ("6x6", "expressen", "svd", "16x16", "12x12"):
        T.append(Task("solve", f"solve-example/{name}", ["solve", inp.example(name), "--json"] + tl,
                      split="json-array"))
    for layout in ("classic", "grid"):
        T.append(Task("solve", f"solve-display/{layout}", ["solve", inp.example("expressen"), "-p",
                                                           "-L", layout] + tl, split="whole"))
    T.append(Task("solve", "solve-display/16x16", ["solve", inp.example("16x16"), "-p"] + tl,
                  split="whole"))
    T.append(Task("solve", "solve-alphabet/16x16-lower", ["solve", inp.example("16x16"), "--to", "line",
                                                          "-a", "lower"] + tl))
    zero = "".join(str(int(c) - 1) if c.isdigit() else c for c in EXAMPLES["6x6"])  # 1-6 as 0-5
    T.append(Task("solve", "solve-alphabet/6x6-zero", ["solve", inp.write("in/examples/6x6-zero.txt", zero),
                                                       "--to", "line", "-a", "zero"] + tl))
    T.append(Task("solve", "solve-blanks-0/kaggle", ["solve", inp.subset("kaggle", 5), "--to", "line"] + tl))
    # the variant options of the command line (instead of the json format)
    for kind in ("x", "windoku", "anti-knight", "anti-king"):
        obj = inp.gen_obj(kind, 1)
        T.append(Task("solve", f"solve-option/--variant {kind}",
                      ["solve", obj.get("puzzle", ""), "--variant", kind, "--json"] + tl,
                      split="json-array"))
    obj = inp.gen_obj("jigsaw", 1)
    T.append(Task("solve", "solve-option/--regions", ["solve", obj.get("puzzle", ""), "--regions",
                                                      str(obj.get("regions", "")), "--json"] + tl,
                  split="json-array"))
    obj = inp.gen_obj("jigsaw+x", 1)
    T.append(Task("solve", "solve-option/--regions --variant x",
                  ["solve", obj.get("puzzle", ""), "--regions", str(obj.get("regions", "")),
                   "--variant", "x", "--json"] + tl, split="json-array"))
    obj = inp.gen_obj("killer", 1)
    cages = inp.write("in/killer1.cages", cage_text(obj.get("cages")))
    T.append(Task("solve", "solve-option/--cages", ["solve", obj.get("puzzle", ""), "--cages", cages,
                                                    "--json"] + tl, split="json-array"))
    T.append(Task("solve", "solve-option/--cages --method digits",
                  ["solve", obj.get("puzzle", ""), "--cages", cages, "--method", "digits",
                   "--to", "line"] + tl))
    return T


def count_tasks(inp: Inputs) -> list[Task]:
    T = []
    tl = ["--time-limit", TIME_LIMIT]
    T.append(Task("count", "serg-1000", ["solve", inp.subset("serg", 1000), "--count", "--limit",
                                         "100000", "--json"] + tl, split="json-array", cost=2))
    T.append(Task("count", "serg-10-reference", ["solve", inp.subset("serg", 10), "--count", "--limit",
                                                 "2000", "--json", "--method", "reference"] + tl,
                  split="json-array", cost=3))
    T.append(Task("count", "serg-10-digits", ["solve", inp.subset("serg", 10), "--count", "--limit",
                                              "2000", "--json", "--method", "digits"] + tl,
                  split="json-array"))
    T.append(Task("count", "docs-multi", ["solve", DOCS_MULTI, "--count"] + tl))
    for jobs in ("1", "2"):
        T.append(Task("count", f"docs-count/jobs{jobs}", ["solve", DOCS_COUNT, "--count", "--limit", "1e8",
                                                          "--jobs", jobs] + tl, cost=2))
    T.append(Task("count", "docs-count/limit-json", ["solve", DOCS_COUNT, "--count", "--limit", "1000",
                                                     "--json"] + tl, split="json-array"))
    empty4, empty6, empty9 = "." * 16, "." * 36, "." * 81
    for v in ("", "x", "anti-knight", "anti-king", "windoku"):
        T.append(Task("count", f"empty4/{v or 'classic'}", ["solve", empty4, "--count"]
                      + (["--variant", v] if v else []) + tl))
    T.append(Task("count", "empty4/jigsaw", ["solve", empty4, "--count", "--regions",
                                             "AABBAABBCCDDCCDD".replace("AABBAABB", "AAABABBB")] + tl))
    T.append(Task("count", "empty6/node-limit", ["solve", empty6, "--count", "--limit", "1e9",
                                                 "--node-limit", "2000000", "--time-limit", "inf"],
                  allow_limit=True, cost=2))
    for v in ("x", "windoku", "anti-knight", "anti-king", "x,anti-king"):
        T.append(Task("count", f"empty9/{v}", ["solve", empty9, "--count", "--limit", "1000",
                                               "--variant", v] + tl))
    obj = inp.gen_obj("jigsaw", 1)
    T.append(Task("count", "empty9/jigsaw", ["solve", empty9, "--count", "--limit", "1000", "--regions",
                                             str(obj.get("regions", ""))] + tl))
    obj = inp.gen_obj("killer", 1)
    cages = inp.write("in/killer1-less3.cages", cage_text((obj.get("cages") or [])[:-3]))
    T.append(Task("count", "killer-less-3-cages", ["solve", obj.get("puzzle", ""), "--cages", cages,
                                                   "--count", "--limit", "100000", "--json"] + tl,
                  split="json-array"))
    for name in VARIANT_SETS:
        T.append(Task("count", f"variant/{name}", ["solve", inp.gen_file(name), "--count", "--json"] + tl,
                      split="json-array"))
    return T


def steps_tasks(inp: Inputs) -> list[Task]:
    T = []
    tl = ["--time-limit", TIME_LIMIT]

    def explain(name: str, arg: str, extra=(), cost=2.0, split="whole-jsonl"):
        T.append(Task("steps", f"explain/{name}", ["explain", arg, "--json", *extra] + tl,
                      split=split, cost=cost))

    for data, n in (("kaggle", 2), ("17clue", 6), ("top1465", 6), ("se_rated", 8), ("fh1106", 2),
                    ("fh1905", 2), ("serg", 2)):
        for k in range(1, n + 1):
            explain(f"{data}#{k}", inp.one(data, k), cost=3 if data.startswith("fh") else 2)
    for name in ("6x6", "16x16", "expressen"):
        explain(f"example-{name}", inp.example(name))
    for name, n in (("size4", 2), ("size6", 2), ("box2x4", 1), ("size12", 1), ("size16-easy", 1)):
        for k in range(1, n + 1):
            explain(f"{name}#{k}", inp.gen_one(name, k),
                    extra=("--box", "2x4") if name == "box2x4" else (), cost=3)
    for name, n in ([(k, 2 if k == "anti-knight" else 4) for k in VARIANT_KINDS]
                    + [(k, 1 if "anti-knight" in k else 2) for k in COMBINATIONS]
                    + [(k, 2) for k in SMALL_VARIANTS]):
        for k in range(1, n + 1):
            explain(f"{name}#{k}", inp.gen_one(name, k), cost=8 if "anti-knight" in name else 3)
    # text, language, rounds, restricted techniques
    T.append(Task("steps", "explain-text/expressen", ["explain", inp.example("expressen")] + tl, split="whole"))
    T.append(Task("steps", "explain-text/top1465#1", ["explain", inp.one("top1465", 1)] + tl, split="whole"))
    T.append(Task("steps", "explain-text/jigsaw#1", ["explain", inp.gen_one("jigsaw", 1)] + tl, split="whole"))
    T.append(Task("steps", "explain-sv/expressen", ["explain", inp.example("expressen"), "--lang", "sv"] + tl,
                  split="whole"))
    T.append(Task("steps", "explain-sv/killer#1", ["--lang", "sv", "explain", inp.gen_one("killer", 1)] + tl,
                  split="whole"))
    T.append(Task("steps", "explain-rounds/6x6", ["explain", inp.example("6x6"), "--rounds"] + tl, split="whole"))
    T.append(Task("steps", "explain-rounds/top1465#2", ["explain", inp.one("top1465", 2), "--rounds", "--json"] + tl,
                  split="whole-jsonl"))
    T.append(Task("steps", "explain-technique/top1465#1", ["explain", inp.one("top1465", 1), "-t", "hidden-single",
                                                           "-t", "naked-single"] + tl, split="whole"))
    T.append(Task("steps", "explain-no-uniqueness/top1465#3",
                  ["explain", inp.one("top1465", 3), "--no-uniqueness", "--json"] + tl, split="whole-jsonl"))
    T.append(Task("steps", "explain-exclude/top1465#4",
                  ["explain", inp.one("top1465", 4), "-x", "x-wing", "-x", "xy-wing", "-O",
                   "als-in-chains=off", "--json"] + tl, split="whole-jsonl"))
    # every instance in the start position
    T.append(Task("steps", "steps-list", ["steps", "--list"], split="lines"))
    for name, arg in (("top1465#1", inp.one("top1465", 1)), ("top1465#2", inp.one("top1465", 2)),
                      ("17clue#1", inp.one("17clue", 1)), ("se_rated#1", inp.one("se_rated", 1)),
                      ("fh1106#1", inp.one("fh1106", 1)), ("example-6x6", inp.example("6x6")),
                      *((f"{k}#1", inp.gen_one(k, 1)) for k in VARIANT_KINDS)):
        T.append(Task("steps", f"steps/{name}", ["steps", arg, "--json"] + tl, split="jsonl", cost=3))
    T.append(Task("steps", "steps-technique/expressen", ["steps", inp.example("expressen"), "--technique",
                                                         "locked-candidates-pointing"] + tl))
    T.append(Task("steps", "steps-option/top1465#1", ["steps", inp.one("top1465", 1), "--json", "-O",
                                                      "ur-missing-candidates=off", "-O", "als-overlap=off",
                                                      "-t", "unique-rectangle-1", "-t", "als-xz"] + tl,
                  split="jsonl"))
    return T


def hint_tasks(inp: Inputs) -> list[Task]:
    T = []
    tl = ["--time-limit", TIME_LIMIT]
    targets = [(f"top1465#{k}", inp.one("top1465", k)) for k in range(1, 5)]
    targets += [(f"17clue#{k}", inp.one("17clue", k)) for k in (1, 2)]
    targets += [("kaggle#1", inp.one("kaggle", 1)), ("se_rated#1", inp.one("se_rated", 1)),
                ("se_rated#2", inp.one("se_rated", 2)), ("serg#1", inp.one("serg", 1)),
                ("example-6x6", inp.example("6x6")), ("example-16x16", inp.example("16x16"))]
    targets += [(f"{k}#1", inp.gen_one(k, 1)) for k in VARIANT_KINDS]
    for name, arg in targets:
        T.append(Task("hint", f"nudge/{name}", ["hint", arg] + tl))
        T.append(Task("hint", f"step/{name}", ["hint", arg, "--level", "step"] + tl))
        T.append(Task("hint", f"json/{name}", ["hint", arg, "--level", "step", "--json"] + tl, split="jsonl"))
    for name, arg in (("top1465#1", inp.one("top1465", 1)), ("jigsaw#2", inp.gen_one("jigsaw", 2)),
                      ("killer#2", inp.gen_one("killer", 2))):
        T.append(Task("hint", f"apply-chain/{name}", ["hint", "{IN}", "--apply", "--level", "step"] + tl,
                      split="whole", chain=3, first=arg, cost=4))
    T.append(Task("hint", "technique/expressen-x-wing", ["hint", inp.example("expressen"), "--technique",
                                                         "x-wing"] + tl))
    T.append(Task("hint", "sv/expressen", ["hint", inp.example("expressen"), "--level", "step", "--lang",
                                           "sv"] + tl))
    return T


def rate_tasks(inp: Inputs) -> list[Task]:
    T = []
    tl = ["--time-limit", TIME_LIMIT]

    def rate(name, path, cost=2.0, extra=()):
        T.append(Task("rate", name, ["rate", path, "--json", *extra] + tl, split="jsonl", cost=cost))

    rate("kaggle-1-20", inp.subset("kaggle", 20))
    rate("17clue-1-30", inp.subset("17clue", 30), cost=5)
    for start in (0, 10):
        rate(f"top1465-{start + 1}-{start + 10}", inp.subset("top1465", 10, start), cost=8)
    for start in (0, 20):
        rate(f"se_rated-{start + 1}-{start + 20}", inp.subset("se_rated", 20, start), cost=8)
    rate("fh1106-1", inp.subset("fh1106", 1), cost=9)
    rate("fh1905-1", inp.subset("fh1905", 1), cost=9)
    rate("serg-1-3", inp.subset("serg", 3))
    for name in ("6x6", "expressen", "16x16"):
        rate(f"example-{name}", inp.example(name))
    for name, n in (("size4", 10), ("size6", 10), ("box2x4", 3), ("size12", 2), ("size16-easy", 2)):
        rate(f"{name}-1-{n}", inp.gen_file(name, n), cost=4,
             extra=("--box", "2x4") if name == "box2x4" else ())
    for name, n in ([(k, 2 if k == "anti-knight" else 3) for k in VARIANT_KINDS]
                    + [(k, 1) for k in COMBINATIONS] + [(k, 3) for k in SMALL_VARIANTS]):
        rate(f"{name}-1-{n}", inp.gen_file(name, n), cost=10 if "anti-knight" in name else 4)
    T.append(Task("rate", "text-p/kaggle-1-10", ["rate", inp.subset("kaggle", 10), "-p"] + tl))
    T.append(Task("rate", "text/x-1-3", ["rate", inp.gen_file("x", 3)] + tl))
    T.append(Task("rate", "batch-rate/top1465-1-10", ["batch", inp.subset("top1465", 10), "--rate", "--jobs", "1",
                                                      "-q", "--to", "jsonl"] + tl, split="jsonl", cost=8))
    T.append(Task("rate", "batch-rate-csv/kaggle-1-10", ["batch", inp.subset("kaggle", 10), "--rate", "--jobs",
                                                         "1", "-q", "--to", "csv"] + tl))
    T.append(Task("rate", "batch-rate/windoku-1-3", ["batch", inp.gen_file("windoku", 3), "--rate", "--jobs", "1", "-q",
                                               "--to", "jsonl"] + tl, split="jsonl", cost=3))
    return T


def generate_tasks(inp: Inputs) -> list[Task]:
    T = []
    tl = ["--time-limit", TIME_LIMIT]

    def gen(name, opts, seed, split="jsonl", cost=1.5):
        T.append(Task("generate", name, ["generate", *opts.split(), "--seed", str(seed)] + tl,
                      split=split, cost=cost))

    gen("doc/seed1", "", 1, split="lines")
    gen("doc/2x3-solution", "--box 2x3 --solution", 1, split="lines")
    for size in (4, 6, 9, 12, 16):
        gen(f"size/{size}", f"--size {size} --count 3 --json --solution", 10 + size)
    gen("size/25", "--size 25 --count 1 --json --solution", 25)
    for box in ("3x2", "2x4", "4x2", "3x4", "4x3"):
        gen(f"box/{box}", f"--box {box} --count 2 --json --solution", 30)
    for level in ("easy", "medium", "hard", "expert", "extreme"):
        gen(f"level/{level}", f"--level {level} --count 3 --rate --json", 40, cost=3)
    gen("level/any", "--level any --count 4 --rate --json", 41, cost=3)
    gen("level/6x6-medium", "--size 6 --level medium --count 2 --rate --json", 42, cost=2)
    gen("level/12x12-medium", "--size 12 --level medium --count 1 --rate --json", 43, cost=4)
    gen("level/hard-180-text", "--level hard --symmetry 180 --rate", 1, split="lines", cost=3)
    gen("score/4-6", "--score 4.0-6.0 --count 2 --rate --json", 44, cost=3)
    gen("score/7-", "--score 7- --count 2 --rate --json", 45, cost=3)
    for tech in ("x-wing", "xy-wing", "naked-pair"):
        gen(f"technique/{tech}", f"--technique {tech} --count 1 --rate --json", 46, cost=4)
    for sym in ("180", "90", "mirror", "diagonal"):
        gen(f"symmetry/{sym}", f"--symmetry {sym} --count 3 --json", 47)
    gen("no-minimal", "--no-minimal --count 3 --json", 48)
    for fmt in ("grid", "classic", "json", "sdk", "comma"):
        gen(f"to/{fmt}", f"--count 2 --to {fmt}", 49, split="whole")
    gen("to/grid-4x4", "--size 4 --to grid", 1, split="whole")
    gen("alphabet/16-zero", "--size 16 --alphabet zero --solution", 50, split="lines")
    gen("alphabet/16-lower", "--size 16 --alphabet lower --solution", 50, split="lines")
    for kind in VARIANT_KINDS + ("x,anti-knight", "jigsaw,x", "killer,x", "windoku,anti-king"):
        gen(f"variant/{kind}", f"--variant {kind} --count 3 --solution --json", 51, cost=2)
    gen("variant/anti-king-rate", "--variant anti-king --count 2 --rate --json", 51, cost=3)
    gen("variant/x-symmetry-180", "--variant x --count 3 --symmetry 180 --json", 52)
    for kind in ("x", "windoku", "anti-king", "jigsaw"):
        gen(f"variant-level/{kind}-medium", f"--variant {kind} --level medium --count 2 --rate --json", 53,
            cost=3)
    gen("variant-level/killer-medium-givens4", "--variant killer --givens 4 --level medium --rate --json",
        54, cost=5)
    gen("variant/killer-givens4", "--variant killer --givens 4 --count 3 --json", 55)
    gen("variant/killer-6x6", "--size 6 --variant killer --count 3 --json --solution", 56)
    gen("variant/jigsaw-6x6-easy", "--size 6 --variant jigsaw --level easy --count 2 --rate --json", 57)
    gen("variant/16x16-jigsaw", "--size 16 --variant jigsaw --count 1 --json", 58, cost=3)
    gen("variant/jigsaw-to-jigsaw", "--variant jigsaw --count 1 --to jigsaw", 59, split="whole")
    obj = inp.gen_obj("jigsaw", 3)
    T.append(Task("generate", "variant/--regions anti-king",
                  ["generate", "--regions", str(obj.get("regions", "")), "--variant", "anti-king", "--count", "2",
                   "--json", "--seed", "60"] + tl, split="jsonl"))
    return T


FORMATS = ("line", "grid", "classic", "comma", "sdk", "ss", "json", "sukaku", "pencilmark", "opensudoku",
           "fpuzzles", "sudokupad", "jigsaw")
EXT = {"line": "txt", "grid": "grid", "classic": "classic", "comma": "csv", "sdk": "sdk", "ss": "ss",
       "json": "json", "sukaku": "sukaku", "pencilmark": "pm", "opensudoku": "opensudoku",
       "fpuzzles": "fpuzzles.txt", "sudokupad": "sudokupad.txt", "jigsaw": "jigsaw"}


def formats_tasks(inp: Inputs) -> list[Task]:
    """Writing each format (solve --to F), and reading each written form back."""
    T = []
    tl = ["--time-limit", TIME_LIMIT]
    sources = {"9x9": inp.example("expressen"), "6x6": inp.example("6x6"), "16x16": inp.example("16x16"),
               "12x12": inp.example("12x12")}
    for src, path in sources.items():
        for fmt in FORMATS:
            if src != "9x9" and fmt not in ("line", "grid", "classic", "json", "pencilmark", "fpuzzles"):
                continue
            T.append(Task("formats", f"to/{src}/{fmt}", ["solve", path, "--to", fmt] + tl, split="whole"))
    for kind in ("x", "windoku", "anti-knight", "jigsaw", "killer", "jigsaw+x"):
        for fmt in ("json", "fpuzzles", "sudokupad") + (("jigsaw",) if kind == "jigsaw" else ()):
            T.append(Task("formats", f"to/{kind}/{fmt}", ["solve", inp.gen_one(kind, 1), "--to", fmt] + tl,
                          split="whole"))
    return T


def formats_readback_inputs() -> list[Task]:
    """Puzzles written in each format by ``generate --to F``: inputs of the read-back tasks."""
    T = []
    for fmt in FORMATS:
        if fmt == "jigsaw":
            continue
        T.append(Task("formats", f"write/{fmt}", ["generate", "--seed", "61", "--to", fmt],
                      split="whole", save=f"in/fmt/p.{EXT[fmt]}"))
    T.append(Task("formats", "write/6x6-grid", ["generate", "--size", "6", "--seed", "62", "--to", "grid"],
                  split="whole", save="in/fmt/p6.grid"))
    for kind, fmt in (("jigsaw", "jigsaw"), ("jigsaw", "fpuzzles"), ("killer", "fpuzzles"),
                      ("killer", "sudokupad"), ("x", "fpuzzles"), ("windoku", "sudokupad"),
                      ("anti-king", "fpuzzles")):
        T.append(Task("formats", f"write/{kind}-{fmt}", ["generate", "--variant", kind, "--seed", "63",
                                                         "--to", fmt],
                      split="whole", save=f"in/fmt/{kind}.{EXT[fmt]}"))
    return T


def formats_readback(inp: Inputs) -> list[Task]:
    T = []
    tl = ["--time-limit", TIME_LIMIT]
    names = sorted(p.name for p in (inp.work / "in/fmt").glob("*")) if (inp.work / "in/fmt").exists() else []
    for name in names:
        path = f"in/fmt/{name}"
        text = (inp.work / path).read_text().strip()
        if name.endswith((".fpuzzles.txt", ".sudokupad.txt")):
            T.append(Task("formats", f"read/{name}-as-argument", ["solve", text, "--to", "json"] + tl,
                          split="whole"))
        T.append(Task("formats", f"read/{name}", ["solve", path, "--to", "line"] + tl, split="whole"))
    return T


def render_tasks(inp: Inputs) -> list[Task]:
    T = []
    (inp.work / "out").mkdir(exist_ok=True)
    jobs = [("expressen-step", inp.example("expressen"), ["--step", "--candidates", "--coordinates"], "svg"),
            ("16x16-solution", inp.example("16x16"), ["--solution"], "svg"),
            ("6x6-print", inp.example("6x6"), ["--style", "print"], "svg"),
            ("top1465-step", inp.one("top1465", 1), ["--step"], "svg"),
            ("jigsaw", inp.gen_one("jigsaw", 1), ["--candidates"], "svg"),
            ("killer", inp.gen_one("killer", 1), ["--step"], "svg"),
            ("x-windoku", inp.gen_one("windoku+anti-king", 1), ["--solution"], "svg"),
            ("expressen-png", inp.example("expressen"), ["--size-px", "200"], "png")]
    for name, arg, opts, ext in jobs:
        out = f"out/render-{name}.{ext}"
        T.append(Task("render", name, ["render", arg, "-o", out, *opts], split="file", outfile=out))
    return T


def read_tasks(inp: Inputs) -> list[Task]:
    T = []
    photos = inp.data / "photos"
    link = inp.work / "in/photos"
    if photos.is_dir() and not link.exists():
        link.parent.mkdir(parents=True, exist_ok=True)
        link.symlink_to(photos)
    numbers = sorted(int(p.stem[5:]) for p in photos.glob("image*.jpg") if p.stem[5:].isdigit())
    first = [f"in/photos/image{k}.jpg" for k in numbers[:12]]
    for path in first[:10]:
        T.append(Task("read", Path(path).stem, ["read", path, "--json"], split="jsonl", cost=2))
    if len(first) == 12:
        T.append(Task("read", f"{Path(first[10]).stem}-no-repair", ["read", first[10], "--no-repair"], cost=2))
        T.append(Task("read", f"{Path(first[11]).stem}-to-grid", ["read", first[11], "--to", "grid"],
                      split="whole", cost=2))
    T.append(Task("read", "solve-photo", ["solve", first[0], "--to", "line", "--time-limit", TIME_LIMIT], cost=2))
    return T


def error_tasks(inp: Inputs) -> list[Task]:
    T = []
    svd = EXAMPLES["svd"].strip()
    cases = {
        "bad-symbol": ["solve", svd.replace("640017000", "64k017000")],
        "clash": ["solve", "5" + svd.replace(" ", "")[1:]],
        "short": ["solve", svd.replace(" ", "")[:80]],
        "no-solution": ["solve", NO_SOLUTION],
        "no-solution-json": ["solve", NO_SOLUTION, "--json"],
        "no-file": ["solve", "in/nonexistent.txt"],
        "empty-file": ["solve", inp.write("in/empty.txt", "")],
        "unknown-variant": ["solve", "." * 81, "--variant", "y"],
        "windoku-6x6": ["solve", "." * 36, "--variant", "windoku"],
        "regions-short": ["solve", "." * 81, "--regions", "A" * 80],
        "regions-unconnected": ["solve", "." * 16, "--regions", "ABBAABBACCDDCCDD"],
        "cage-sum": ["solve", "." * 81, "--cages", "2 r1c1 r1c2"],
        "cage-outside": ["solve", "." * 81, "--cages", "5 r10c1"],
        "cage-twice": ["solve", "." * 81, "--cages", "3 r1c1 r1c2\n4 r1c2 r1c3"],
        "bad-limit": ["solve", svd, "--limit", "0"],
        "json-limit": ["solve", svd, "--json", "--limit", "20000"],
        "jobs-reference": ["solve", inp.example("16x16"), "--jobs", "2", "--method", "reference"],
        "unknown-method": ["solve", svd, "--method", "nope"],
        "hint-no-technique": ["hint", svd, "--technique", "no-such-technique"],
        "steps-bad-option": ["steps", svd, "-O", "bad=on"],
        "explain-no-solution": ["explain", NO_SOLUTION],
        "hint-no-solution": ["hint", NO_SOLUTION, "--json"],
        "rate-multiple": ["rate", DOCS_MULTI],
        "rate-multiple-json": ["rate", DOCS_MULTI, "--json"],
        "generate-bad-level": ["generate", "--level", "impossible", "--seed", "1"],
        "generate-level-4x4": ["generate", "--size", "4", "--level", "hard", "--seed", "1"],
        "generate-sym90-2x3": ["generate", "--box", "2x3", "--symmetry", "90", "--seed", "1"],
        "generate-technique-off": ["generate", "--variant", "anti-king", "--technique", "bug-plus-1", "--seed", "1"],
        "generate-bad-symmetry": ["generate", "--symmetry", "spiral", "--seed", "1"],
        "batch-resume-no-output": ["batch", inp.example("svd"), "--resume"],
        "batch-no-file": ["batch", "in/nonexistent.txt", "--jobs", "1"],
        "unknown-command": ["frobnicate"],
        "lang-unknown": ["--lang", "xx", "solve", svd],
        "version": ["--version"],
    }
    for name, args in cases.items():
        T.append(Task("errors", name, args + (["--time-limit", "60"] if args[0] in ("solve", "explain", "hint")
                                              and name not in ("jobs-reference",) else []), split="whole"))
    return T


API_SCRIPT = r'''
"""Probe of sudokit's top-level API (only names of the sudokit package itself)."""
import json, sys
import sudokit

# one puzzle from text: sudokit.parse_one since the model layer (Grid.parse before it)
parse_one = getattr(sudokit, "parse_one", None) or sudokit.Grid.parse

ALL_STEPS = ("top1465#1", "example-expressen", "jigsaw#1")


def out(kind, label, value):
    print(json.dumps({"kind": kind, "label": label, "value": value}, ensure_ascii=False, default=str))

def steps_of(path, grid):
    return [s.to_dict(grid.geometry) for s in path.steps]

def probe(label, text, full=True, reference=True):
    try:
        grid = parse_one(text)
    except sudokit.SudokitError as e:
        out("parse-error", label, [type(e).__name__, str(e)])
        return
    out("grid", label, {"line": grid.to_line(), "size": grid.size, "geometry": repr(grid.geometry),
                        "filled": grid.filled, "clashes": len(grid.clashes())})
    r = sudokit.solve(grid)
    out("solve", label, {"status": r.status, "count": r.count, "complete": r.complete,
                         "limit_reached": r.limit_reached, "nodes": r.nodes, "guesses": r.guesses,
                         "method": r.method, "solutions": [s.to_line() for s in r.solutions]})
    if reference:
        r2 = sudokit.solve(grid, method="reference")
        out("solve-reference", label, {"status": r2.status, "count": r2.count, "nodes": r2.nodes,
                                       "solutions": [s.to_line() for s in r2.solutions]})
    out("count", label, sudokit.count_solutions(grid, limit=1000))
    if not full:
        return
    path = sudokit.solve_path(grid)
    out("solve_path", label, {"solved": path.solved, "stuck_reason": path.stuck_reason,
                              "steps": steps_of(path, grid),
                              "end": path.position.to_json() if path.position is not None else None})
    pos = sudokit.Position.from_grid(grid)
    out("position", label, pos.to_json())
    step = sudokit.next_step(pos)
    out("next_step", label, step.to_dict(grid.geometry) if step else None)
    h = sudokit.hint(grid, level="nudge")
    out("hint-nudge", label, h.to_dict() if h else None)
    h = sudokit.hint(grid, level="step")
    out("hint-step", label, h.to_dict() if h else None)
    if label in ALL_STEPS:
        all_ = sudokit.all_steps(pos)
        out("all_steps", label, [s.to_dict(grid.geometry) for s in all_])
    solver = sudokit.LogicalSolver(techniques=["full-house", "hidden-single", "naked-single"])
    p2 = solver.solve_path(grid)
    out("singles-only", label, {"solved": p2.solved, "steps": len(p2.steps), "stuck": p2.stuck_reason})
    if r.solutions:
        sol = r.solutions[0]
        out("check-solution", label, sudokit.check(grid, sol).to_dict())
        values = list(grid.values)
        empty = [i for i, v in enumerate(values) if v == 0]
        for i in empty[:3]:
            values[i] = sol.values[i]
        if empty:
            values[empty[0]] = sol.values[empty[0]] % grid.size + 1
        out("check-partly-wrong", label, sudokit.check(grid, grid.with_values(values)).to_dict())

def main():
    inputs = json.load(open(sys.argv[1]))
    for label, text, full, reference in inputs:
        try:
            probe(label, text, full, reference)
        except Exception as e:  # the probe reports, it does not stop
            out("exception", label, [type(e).__name__, str(e)])
    # geometry with variants, languages, errors
    geo = sudokit.Geometry.of(9).with_variants("x,anti-knight")
    out("geometry", "x,anti-knight", repr(geo))
    out("languages", "", list(sudokit.languages() if callable(sudokit.languages) else sudokit.languages))
    grid = parse_one(inputs[0][1])
    sudokit.set_language("sv")
    try:
        out("sv", inputs[0][0], [s.to_dict(grid.geometry) for s in sudokit.solve_path(grid).steps[:10]])
    finally:
        sudokit.set_language("en")
    for bad in ("12.4", "55" + "." * 79, "x" * 81):
        try:
            parse_one(bad).validate()
            out("error", bad, None)
        except sudokit.SudokitError as e:
            out("error", bad, [type(e).__name__, str(e),
                               isinstance(e, (sudokit.ParseError, sudokit.InvalidPuzzleError))])
    try:
        sudokit.count_solutions("." * 81, limit=10 ** 9, node_limit=1000)
        out("search-limit", "", None)
    except sudokit.SearchLimitError as e:
        out("search-limit", "", [type(e).__name__, str(e)])
    out("version", "", sudokit.__version__)

main()
'''


def api_tasks(inp: Inputs) -> list[Task]:
    items = []
    for data, n in (("top1465", 8), ("17clue", 8), ("kaggle", 4), ("serg", 4)):
        items += [(f"{data}#{k}", inp.one(data, k), data != "serg", True) for k in range(1, n + 1)]
    for kind in VARIANT_KINDS:  # the reference search of a 9x9 killer takes half a minute
        items.append((f"{kind}#1", (inp.gen_lines(kind) + [""])[0], kind != "anti-knight", kind != "killer"))
    for name in ("6x6", "expressen", "16x16"):
        items.append((f"example-{name}", EXAMPLES[name], name != "16x16", True))
    manifest = inp.write("in/api_inputs.json", json.dumps(items))
    script = inp.write("api_probe.py", API_SCRIPT)
    return [Task("api", "probe", [script, manifest], split="jsonl", script=True, cost=30)]


BUILDERS = {
    "solve": solve_tasks, "count": count_tasks, "steps": steps_tasks, "hint": hint_tasks,
    "rate": rate_tasks, "generate": generate_tasks, "formats": formats_tasks, "render": render_tasks,
    "read": read_tasks, "errors": error_tasks, "api": api_tasks,
}


# --------------------------------------------------------------------------------------------
# running, hashing, comparing


def run_all(runner: Runner, tasks: list[Task], jobs: int, label: str) -> None:
    order = sorted(range(len(tasks)), key=lambda i: -tasks[i].cost)
    done = 0
    start = time.perf_counter()
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [pool.submit(runner.run, tasks[i]) for i in order]
        for fut in futures:
            fut.result()
            done += 1
            if done % 25 == 0 or done == len(tasks):
                print(f"  {label}: {done}/{len(tasks)} commands, {time.perf_counter() - start:.0f} s",
                      file=sys.stderr, flush=True)


def group_text(tasks: list[Task]) -> tuple[str, int]:
    parts = []
    items = 0
    for task in tasks:
        parts.append(task.header)
        for label, body in task.items:
            parts.append(f"--- {label}")
            parts.append(body)
        items += len(task.items)
    return "\n".join(parts) + "\n", items


def describe_tree(python: str, env: dict) -> dict:
    code = ("import sudokit, sys, os; print(sudokit.__file__); print(sudokit.__version__); "
            "print(sys.version.split()[0])")
    try:
        proc = subprocess.run([python, "-c", code], capture_output=True, text=True, env=env, timeout=60,
                              cwd=tempfile.gettempdir())
    except OSError as e:
        return {"error": str(e)}
    if proc.returncode:
        return {"error": proc.stderr.strip()}
    where, version, pyver = proc.stdout.split("\n")[:3]
    info = {"sudokit": where, "version": version, "python_version": pyver}
    try:
        commit = subprocess.run(["git", "-C", str(Path(where).parent), "rev-parse", "HEAD"],
                                capture_output=True, text=True, timeout=30)
        status = subprocess.run(["git", "-C", str(Path(where).parent), "status", "--porcelain",
                                 "--untracked-files=no"], capture_output=True, text=True, timeout=30)
        info["commit"] = commit.stdout.strip()
        info["tracked_changes"] = len(status.stdout.splitlines())
    except OSError:
        pass
    return info


def data_digest(data: Path) -> dict:
    out = {}
    for name in DATA_FILES.values():
        path = data / name
        out[name] = hashlib.sha256(path.read_bytes()).hexdigest() if path.exists() else None
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="Groups: " + ", ".join(GROUPS))
    ap.add_argument("--python", default=sys.executable,
                    help="interpreter whose sudokit is run (default: this one)")
    ap.add_argument("--out", type=Path, help="write the hashes as JSON {group: {sha256, items}}")
    ap.add_argument("--compare", type=Path, help="compare with a JSON written by --out; exit 1 if a group differs")
    ap.add_argument("--dump", type=Path, help="write each group's hashed text to DIR/GROUP.txt (and meta.json)")
    ap.add_argument("--groups", help="comma list of groups to run (default: all)")
    ap.add_argument("--jobs", type=int, default=2, help="commands run at a time (default 2)")
    ap.add_argument("--data", type=Path, default=Path("/work/shared/data"), help="the data sets' folder")
    ap.add_argument("--keep", action="store_true", help="keep the temporary work directory")
    args = ap.parse_args(argv)

    groups = GROUPS if not args.groups else tuple(g.strip() for g in args.groups.split(",") if g.strip())
    unknown = [g for g in groups if g not in GROUPS]
    if unknown:
        ap.error(f"unknown group(s): {', '.join(unknown)}; choose from {', '.join(GROUPS)}")
    missing = [n for n in DATA_FILES.values() if not (args.data / n).exists()]
    if missing:
        print(f"error: data files missing in {args.data}: {', '.join(missing)}", file=sys.stderr)
        return 2
    python = shutil.which(args.python) or args.python
    if not Path(python).exists():
        print(f"error: no interpreter {args.python}", file=sys.stderr)
        return 2
    python = os.path.abspath(python)  # not resolved: a venv's python is a symlink to the base one

    started = time.perf_counter()
    work = Path(tempfile.mkdtemp(prefix="sudokit-hashes-"))
    runner = Runner(python, work)
    tree = describe_tree(python, runner.env)
    if "error" in tree:
        print(f"error: {python} cannot import sudokit: {tree['error']}", file=sys.stderr)
        return 2
    print(f"sudokit {tree.get('version')} from {tree.get('sudokit')} (commit {tree.get('commit', '?')[:12]}),"
          f" python {tree.get('python_version')}; work dir {work}", file=sys.stderr)
    inp = Inputs(work, args.data)
    try:
        # 1. inputs made by the generator (and the written formats): always made, since the
        #    other groups read them; hashed in "generate" / "formats" when those run.
        first = input_tasks() + formats_readback_inputs()
        run_all(runner, first, args.jobs, "inputs")
        tasks = list(first)
        for group in groups:
            tasks += BUILDERS[group](inp)
        if "formats" in groups:
            tasks += formats_readback(inp)
        made = {id(t) for t in first}
        rest = [t for t in tasks if id(t) not in made and t.group in groups]
        run_all(runner, rest, args.jobs, "groups")
        tasks = [t for t in tasks if t.group in groups]

        result: dict[str, dict] = {}
        texts: dict[str, str] = {}
        for group in groups:
            text, items = group_text([t for t in tasks if t.group == group])
            texts[group] = text
            result[group] = {"sha256": hashlib.sha256(text.encode("utf-8")).hexdigest(), "items": items}
        warnings = [w for t in tasks for w in t.warnings]
        seconds = time.perf_counter() - started

        for group in groups:
            print(f"{group:9} {result[group]['items']:7d} items  {result[group]['sha256']}")
        print(f"{len(tasks)} commands in {seconds:.0f} s", file=sys.stderr)
        for w in warnings:
            print(f"WARNING: {w}", file=sys.stderr)

        if args.out:
            args.out.write_text(json.dumps(result, indent=2) + "\n")
        if args.dump:
            args.dump.mkdir(parents=True, exist_ok=True)
            for group, text in texts.items():
                (args.dump / f"{group}.txt").write_text(text)
            meta = {"python": python, "tree": tree, "data": str(args.data), "data_sha256": data_digest(args.data),
                    "seconds": round(seconds, 1), "jobs": args.jobs, "warnings": warnings,
                    "commands": [{"group": t.group, "name": t.name, "exit": t.rcs, "seconds": round(t.seconds, 2),
                                  "items": len(t.items)} for t in tasks]}
            (args.dump / "meta.json").write_text(json.dumps(meta, indent=1) + "\n")
        if args.compare:
            old = json.loads(args.compare.read_text())
            differ = [g for g in groups if old.get(g) != result[g]]
            if differ:
                for g in differ:
                    was = old.get(g)
                    print(f"DIFFERS: {g}: {was['items'] if was else '-'} items {was['sha256'][:16] if was else '-'}"
                          f" -> {result[g]['items']} items {result[g]['sha256'][:16]}", file=sys.stderr)
                print(f"groups that differ: {', '.join(differ)}", file=sys.stderr)
                return 1
            print(f"all {len(groups)} groups equal to {args.compare}", file=sys.stderr)
        return 0
    finally:
        if args.keep:
            print(f"kept {work}", file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
