"""tdoku (Tom Dillon's C++ solver, ../shared/peers/tdoku) as a benchmark peer, timed in a C loop.

Its source is never copied into the repository: :func:`build` compiles its solver (with the flags
its own release build uses, ``-O3 -march=native``) and a small driver of ours into a temporary
folder. The driver reads puzzle lines, calls ``TdokuSolverDpllTriadSimd`` on each in a loop,
``repeat`` times, and prints the best loop's seconds and how many puzzles had 0, 1 and 2+
solutions -- the same kind of timing as the core's batch call, without Python in the loop.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[3] / "shared" / "peers" / "tdoku"
FLAGS = ["-O3", "-march=native"]  # tdoku's CMake release flags (its README's benchmark builds)

DRIVER = r"""
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "tdoku.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc != 4) { fprintf(stderr, "usage: driver FILE LIMIT REPEAT\n"); return 2; }
    FILE *f = fopen(argv[1], "r");
    if (!f) { perror(argv[1]); return 2; }
    size_t limit = (size_t)atol(argv[2]), n = 0, cap = 1024;
    int repeat = atoi(argv[3]);
    char (*p)[82] = (char (*)[82])malloc(cap * sizeof *p), line[256];
    while (fgets(line, sizeof line, f)) {
        size_t k = 0;
        for (char *c = line; *c && k < 81; c++)
            if ((*c >= '1' && *c <= '9') || *c == '.' || *c == '0') p[n][k++] = *c == '0' ? '.' : *c;
        if (k < 81) continue;
        p[n][81] = 0;
        if (++n == cap) p = (char (*)[82])realloc(p, (cap *= 2) * sizeof *p);
    }
    fclose(f);
    char solution[82];
    size_t guesses, counts[3] = {0, 0, 0};
    double best = 1e30;
    for (int r = 0; r <= repeat; r++) { /* run 0 warms up */
        size_t c[3] = {0, 0, 0};
        double t = now();
        for (size_t i = 0; i < n; i++) {
            size_t s = TdokuSolverDpllTriadSimd(p[i], limit, 0, solution, &guesses);
            c[s > 2 ? 2 : s]++;
        }
        t = now() - t;
        if (r && t < best) best = t;
        memcpy(counts, c, sizeof c);
    }
    printf("%zu %.9f %zu %zu %zu\n", n, best, counts[0], counts[1], counts[2]);
    return 0;
}
"""


@dataclass
class Timing:
    puzzles: int
    seconds: float  # best loop
    none: int
    one: int
    more: int


class Tdoku:
    """A built driver in a temporary folder (removed by :meth:`close`)."""

    def __init__(self, folder: Path, driver: Path, compiler: str) -> None:
        self.folder, self.driver, self.compiler = folder, driver, compiler

    @property
    def label(self) -> str:
        return f"tdoku (C++, {' '.join(FLAGS)}, C loop)"

    def time(self, lines: list[str], limit: int, repeat: int) -> Timing:
        """Best of ``repeat`` loops over ``lines`` (after a warm-up loop)."""
        path = self.folder / "puzzles.txt"
        path.write_text("\n".join(lines) + "\n")
        out = subprocess.run([str(self.driver), str(path), str(limit), str(repeat)], capture_output=True,
                             text=True, check=True).stdout.split()
        return Timing(int(out[0]), float(out[1]), int(out[2]), int(out[3]), int(out[4]))

    def close(self) -> None:
        shutil.rmtree(self.folder, ignore_errors=True)


def build() -> tuple[Tdoku | None, str]:
    """(the built peer, "") or (None, why not: no source, no compiler, a failed build)."""
    if not (SOURCE / "src" / "solver_dpll_triad_simd.cc").exists():
        return None, f"tdoku: no source at {SOURCE}"
    cxx = shutil.which("g++") or shutil.which("clang++") or shutil.which("c++")
    if cxx is None:
        return None, "tdoku: no compiler"
    folder = Path(tempfile.mkdtemp(prefix="sudokit_tdoku_"))
    (folder / "driver.cc").write_text(DRIVER)
    cmd = [cxx, *FLAGS, "-std=c++17", f"-I{SOURCE / 'include'}", "-o", str(folder / "driver"),
           str(folder / "driver.cc"), str(SOURCE / "src" / "solver_dpll_triad_simd.cc"),
           str(SOURCE / "src" / "util.cc")]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode != 0:
        shutil.rmtree(folder, ignore_errors=True)
        return None, f"tdoku: build failed ({done.stderr.strip().splitlines()[-1:]})"
    version = subprocess.run([cxx, "--version"], capture_output=True, text=True).stdout.splitlines()[:1]
    return Tdoku(folder, folder / "driver", " ".join(version)), ""
