"""How many inputs each fuzz test tries, the count of inputs fuzzed, and the watchdog that makes
a hang a failure.

The CI pass is short and seeded (``derandomize``: the same inputs every run). A long pass takes
``SUDOKIT_FUZZ_EXAMPLES`` inputs in all, shared among the tests by weight, with fresh random
inputs each run (``--hypothesis-seed=N`` repeats one).
"""

from __future__ import annotations

import os
import signal
import time
from collections import Counter
from contextlib import contextmanager

from hypothesis import HealthCheck, Phase, settings

#: Inputs of a long pass over the whole harness (0: the short CI pass).
TOTAL = int(os.environ.get("SUDOKIT_FUZZ_EXAMPLES") or 0)
#: Shrink a failing input to a small one (slow: minutes for a grid); off by default, the
#: failing input is shown as found and ``@reproduce_failure`` repeats it.
SHRINK = os.environ.get("SUDOKIT_FUZZ_SHRINK", "").strip() not in ("", "0")
#: An input that gets no answer in this many seconds is a hang.
HANG_SECONDS = float(os.environ.get("SUDOKIT_FUZZ_HANG_SECONDS") or 30)

#: Inputs fuzzed, by kind (``formats``, ``cli``, ``web``).
COUNTS: Counter[str] = Counter()
#: The slowest input of each kind: (seconds, what).
SLOWEST: dict[str, tuple[float, str]] = {}
#: Inputs that got no answer in time.
HANGS: list[str] = []

#: Each kind's share of a long pass (the readers take milliseconds an input, a command or a
#: request a tenth of a second or more).
WEIGHTS = {
    "formats": 0.938,
    "cli": 0.012,
    "web": 0.05,
}


def fuzz_settings(kind: str, share: float, ci: int, per_example: int = 1) -> settings:
    """Settings of one fuzz test: ``ci`` examples in the CI pass; in a long pass ``share`` of
    the inputs of its ``kind``, ``per_example`` inputs an example (a test that derives a run of
    inputs from each example it is given)."""
    phases = [p for p in Phase if SHRINK or p not in (Phase.shrink, Phase.explain)]
    common = dict(deadline=None, database=None, suppress_health_check=list(HealthCheck),
                  print_blob=True, phases=phases)
    if TOTAL:
        n = max(ci, round(TOTAL * WEIGHTS[kind] * share / per_example))
        return settings(max_examples=n, derandomize=False, **common)
    return settings(max_examples=ci, derandomize=True, **common)


class Hang(BaseException):
    """An input got no answer within :data:`HANG_SECONDS` (a BaseException, so that no
    ``except Exception`` in the code under test swallows it)."""


@contextmanager
def watched(kind: str, what: object):
    """Count one input of ``kind`` and fail with :class:`Hang` if it takes too long."""
    COUNTS[kind] += 1
    shown = repr(what)
    shown = shown if len(shown) <= 300 else shown[:300] + f"... ({len(shown):,} characters)"

    def alarm(signum, frame):
        HANGS.append(f"{kind}: {shown}")
        raise Hang(f"no answer within {HANG_SECONDS:g} s for {kind} input {shown}")

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    start = time.perf_counter()
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)
        elapsed = time.perf_counter() - start
        if elapsed > SLOWEST.get(kind, (0.0, ""))[0]:
            SLOWEST[kind] = (elapsed, shown)
