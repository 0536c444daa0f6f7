"""A sanitizer build (AddressSanitizer + UndefinedBehaviorSanitizer) of the search core, run
over malformed input, every method, many sizes and real puzzles against the reference solver.

The extension is compiled here with gcc into a temporary directory and loaded by a separate
Python with libasan preloaded; the test fails on a non-zero exit or any sanitizer report.
Skipped when gcc or its sanitizer runtimes are not installed, and in CI, whose sanitizer step
(.ci/sanitizers) runs the same check.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest
import sanitized_core

ROOT = Path(__file__).resolve().parents[1]
DATA = Path(__file__).resolve().parents[2] / "shared" / "data"


#: Set by .ci/run: its sanitizer step (.ci/sanitizers) runs the same check on the build it makes.
STEP_ENV = "SUDOKIT_SANITIZER_STEP"


@pytest.fixture(scope="module")
def sanitized(tmp_path_factory):
    if os.environ.get(STEP_ENV):
        pytest.skip(f"{STEP_ENV} is set: the CI's sanitizer step runs this check")
    out = tmp_path_factory.mktemp("asan") / ("_core" + sysconfig.get_config_var("EXT_SUFFIX"))
    try:
        return out, sanitized_core.build(out)
    except sanitized_core.Unavailable as e:
        pytest.skip(str(e))


def test_sanitizer_build_runs_clean(sanitized):
    module, libasan = sanitized
    env = dict(os.environ, LD_PRELOAD=libasan, **sanitized_core.ENV)
    run = subprocess.run([sys.executable, str(ROOT / "tests" / "core_sanitizer_check.py"), str(module), str(DATA)],
                         capture_output=True, text=True, env=env, timeout=600)
    report = run.stderr[-4000:]
    assert "AddressSanitizer" not in run.stderr, report
    assert "runtime error" not in run.stderr, report
    assert run.returncode == 0, report
    assert run.stdout.strip().endswith("OK")
