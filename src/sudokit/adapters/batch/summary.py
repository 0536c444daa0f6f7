"""What a batch run did (:class:`BatchSummary`), filled in by both runners, the local pool
(:mod:`.api`) and Dask (:mod:`.dask_backend`), and what a progress callback is given."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field

from sudokit.adapters.batch import records
from sudokit.adapters.batch.job import JobOutput

#: ``progress(summary, bytes_done, bytes_total_or_None)`` after every batch written (bytes_done:
#: how far into the input the lines written reach).
Progress = Callable[["BatchSummary", int, "int | None"], None]


@dataclass
class BatchSummary:
    """What a run did: lines written, how many of each status, how long it took."""

    output: str = ""
    lines: int = 0
    tally: Counter = field(default_factory=Counter)
    seconds: float = 0.0
    jobs: int = 1
    resumed: int = 0          # lines the output already held (--resume): input lines skipped
    interrupted: bool = False
    started: float = field(default_factory=time.perf_counter, repr=False)

    def add(self, out: JobOutput) -> None:
        self.lines += out.lines
        self.tally.update(out.tally)
        self.seconds = time.perf_counter() - self.started

    @property
    def rate(self) -> float:
        return self.lines / self.seconds if self.seconds > 0 else 0.0

    def counts(self) -> dict[str, int]:
        """Lines per status, in the order of :data:`~sudokit.adapters.batch.records.STATUSES`."""
        return {s: self.tally[s] for s in records.STATUSES if self.tally.get(s)}
