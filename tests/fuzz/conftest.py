"""The fuzz tests' summary: inputs fuzzed by kind, the slowest input and any hang (printed at
the end of the run, and written as JSON to ``$SUDOKIT_FUZZ_REPORT`` when it is set)."""

from __future__ import annotations

import json
import os

from .budget import COUNTS, HANGS, HANG_SECONDS, SLOWEST, TOTAL

_FAILED: list[str] = []


def pytest_runtest_logreport(report):
    if report.failed and "tests/fuzz/" in report.nodeid.replace("\\", "/"):
        _FAILED.append(report.nodeid)


def pytest_terminal_summary(terminalreporter):
    if not COUNTS:
        return
    total = sum(COUNTS.values())
    w = terminalreporter
    w.section("fuzzing")
    w.write_line(f"inputs fuzzed: {total:,} ({', '.join(f'{k} {n:,}' for k, n in sorted(COUNTS.items()))}); "
                 f"{'long pass' if TOTAL else 'CI pass'}")
    w.write_line(f"failing fuzz tests (crashes or wrong answers): {len(_FAILED)}; "
                 f"hangs (no answer in {HANG_SECONDS:g} s): {len(HANGS)}")
    for kind, (seconds, what) in sorted(SLOWEST.items()):
        w.write_line(f"slowest {kind} input: {seconds:.2f} s: {what[:160]}")
    path = os.environ.get("SUDOKIT_FUZZ_REPORT")
    if path:
        with open(path, "w", encoding="utf-8") as f:
            json.dump({"inputs": dict(COUNTS), "total": total, "failed": _FAILED, "hangs": HANGS,
                       "slowest": {k: list(v) for k, v in SLOWEST.items()}}, f, indent=1)
