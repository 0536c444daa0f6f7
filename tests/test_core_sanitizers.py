"""A sanitizer build (AddressSanitizer + UndefinedBehaviorSanitizer) of the search core, run
over malformed input, every method, many sizes and real puzzles against the reference solver.

The extension is compiled here with gcc into a temporary directory and loaded by a separate
Python with libasan preloaded; the test fails on a non-zero exit or any sanitizer report.
Skipped when gcc or its sanitizer runtimes are not installed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEARCH = ROOT / "src" / "sudokit" / "search"
DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


def _runtime(gcc: str, name: str) -> str | None:
    path = subprocess.run([gcc, f"-print-file-name={name}"], capture_output=True, text=True).stdout.strip()
    return path if os.path.isabs(path) and os.path.exists(path) else None


@pytest.fixture(scope="module")
def sanitized_core(tmp_path_factory):
    gcc = shutil.which("gcc")
    if gcc is None:
        pytest.skip("gcc is not installed")
    libasan = _runtime(gcc, "libasan.so")
    if libasan is None or _runtime(gcc, "libubsan.so") is None:
        pytest.skip("gcc has no AddressSanitizer/UndefinedBehaviorSanitizer runtime")
    sources = [SEARCH / "_core.c", *sorted((SEARCH / "csrc").glob("*.c"))]
    out = tmp_path_factory.mktemp("asan") / ("_core" + sysconfig.get_config_var("EXT_SUFFIX"))
    cmd = [gcc, "-O1", "-g", "-fsanitize=address,undefined", "-fno-sanitize-recover=all",
           "-fno-omit-frame-pointer", "-shared", "-fPIC", f"-I{sysconfig.get_paths()['include']}",
           *map(str, sources), "-o", str(out)]
    build = subprocess.run(cmd, capture_output=True, text=True)
    assert build.returncode == 0, build.stderr
    return out, libasan


def test_sanitizer_build_runs_clean(sanitized_core):
    module, libasan = sanitized_core
    env = dict(os.environ, LD_PRELOAD=libasan, ASAN_OPTIONS="detect_leaks=0:abort_on_error=0",
               UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1", PYTHONMALLOC="malloc")
    run = subprocess.run([sys.executable, str(ROOT / "tests" / "core_sanitizer_check.py"), str(module), str(DATA)],
                         capture_output=True, text=True, env=env, timeout=600)
    report = run.stderr[-4000:]
    assert "AddressSanitizer" not in run.stderr, report
    assert "runtime error" not in run.stderr, report
    assert run.returncode == 0, report
    assert run.stdout.strip().endswith("OK")
