"""Batch solving at scale: files of millions of puzzles, one a line, on every core or a Dask
cluster.

- :func:`solve_file`: input files (gzip by extension, ``-`` for stdin) to an output file in
  ``line``, ``csv`` or ``jsonl`` format, in input order; see ``sudokit batch``.
- :func:`iter_results`: puzzle lines in, one :class:`LineResult` per line out, in order.

Each batch of a few thousand lines is solved by one call of the compiled core
(``_core.solve_many``) in a worker process; memory stays flat however large the input.
"""

from sudokit.adapters.batch.api import BatchSummary, iter_results, output_format, solve_file
from sudokit.adapters.batch.output import BatchOutputError
from sudokit.adapters.batch.pool import BatchWorkerError, default_jobs
from sudokit.adapters.batch.reader import BatchError, BatchInputError
from sudokit.adapters.batch.records import FORMATS, STATUSES, LineResult

#: The name the shared API notes use for :class:`LineResult`.
BatchLineResult = LineResult

__all__ = [
    "solve_file", "iter_results", "BatchSummary", "LineResult", "BatchLineResult", "BatchError", "BatchInputError",
    "BatchOutputError", "BatchWorkerError", "STATUSES", "FORMATS", "output_format", "default_jobs",
]
