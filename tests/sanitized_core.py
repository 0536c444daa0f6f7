"""Build the search core (and the chaining engine's C loops, and the sums') with AddressSanitizer +
UndefinedBehaviorSanitizer.

``python tests/sanitized_core.py DEST`` copies the package to ``DEST/sudokit`` with the
sanitized extensions in place of the optimised ones, and prints the two lines a shell needs to run
Python against it (``PYTHONPATH=...`` and ``LD_PRELOAD=...``); ``.ci/sanitizers`` runs the
differential and fuzz tests that way. :func:`build` is shared with test_core_sanitizers.py.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "sudokit"
SEARCH = PACKAGE / "engines" / "search"
LOGIC = PACKAGE / "engines" / "logic"
CORE_SOURCES = [SEARCH / "_core.c", *sorted((SEARCH / "csrc").glob("*.c"))]
CHAINING_SOURCES = [LOGIC / "_chaining.c"]
SUMS_SOURCES = [LOGIC / "_sums.c"]

#: What the sanitizers need in the environment of a Python that loads the build.
ENV = {"ASAN_OPTIONS": "detect_leaks=0:abort_on_error=0",
       "UBSAN_OPTIONS": "print_stacktrace=1:halt_on_error=1", "PYTHONMALLOC": "malloc"}


class Unavailable(Exception):
    """gcc or its sanitizer runtimes are not installed."""


def runtime(gcc: str, name: str) -> str | None:
    path = subprocess.run([gcc, f"-print-file-name={name}"], capture_output=True, text=True).stdout.strip()
    return path if os.path.isabs(path) and os.path.exists(path) else None


def build(out: Path, sources: list[Path] = CORE_SOURCES) -> str:
    """Compile the core (or other ``sources``) with the sanitizers to ``out``; returns the
    libasan to preload."""
    gcc = shutil.which("gcc")
    if gcc is None:
        raise Unavailable("gcc is not installed")
    libasan = runtime(gcc, "libasan.so")
    if libasan is None or runtime(gcc, "libubsan.so") is None:
        raise Unavailable("gcc has no AddressSanitizer/UndefinedBehaviorSanitizer runtime")
    cmd = [gcc, "-O1", "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
           "-fno-omit-frame-pointer", "-shared", "-fPIC", f"-I{sysconfig.get_paths()['include']}",
           *map(str, sources), "-o", str(out)]
    done = subprocess.run(cmd, capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"the sanitizer build failed:\n{done.stderr}")
    return libasan


def sanitized_package(dest: Path) -> str:
    """A copy of the package under ``dest`` whose extensions are sanitizer builds; returns
    the libasan to preload."""
    target = dest / "sudokit"
    suffix = sysconfig.get_config_var("EXT_SUFFIX")
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(PACKAGE, target, ignore=shutil.ignore_patterns(
        "__pycache__", "_core*.so", "_core*.pyd", "_chaining*.so", "_chaining*.pyd", "_sums*.so",
        "_sums*.pyd"))
    build(target / "engines" / "logic" / ("_chaining" + suffix), CHAINING_SOURCES)
    build(target / "engines" / "logic" / ("_sums" + suffix), SUMS_SOURCES)
    return build(target / "engines" / "search" / ("_core" + suffix))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python tests/sanitized_core.py DEST")
    dest = Path(sys.argv[1]).resolve()
    try:
        lib = sanitized_package(dest)
    except Unavailable as e:
        sys.exit(f"no sanitizer build: {e}")
    # libstdc++ beside libasan, so that ASan finds the real __cxa_throw when it starts: without
    # it, the first C++ exception (OpenCV's, on a damaged picture) fails an ASan CHECK and ends
    # the process with no report
    cxx = runtime(shutil.which("gcc") or "gcc", "libstdc++.so.6")
    print(f"PYTHONPATH={dest}")
    print(f"LD_PRELOAD={lib}" + (f":{cxx}" if cxx else ""))
