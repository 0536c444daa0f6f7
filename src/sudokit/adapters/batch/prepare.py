"""What both runners, the local pool (:mod:`.api`) and Dask (:mod:`.dask_backend`), do before
solving: the inputs read as sources and checked, the output refused when it is one of them,
and the options of the run."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

from sudokit.i18n import get_language, tr
from sudokit.adapters.batch.images import expand
from sudokit.adapters.batch.job import Options
from sudokit.adapters.batch.reader import BatchError, Source


def sources(inputs) -> list[Source]:
    """The inputs (paths, ``-`` for stdin, folders or files of pictures) as checked sources."""
    if inputs is None:
        inputs = ["-"]
    elif isinstance(inputs, (str, os.PathLike, Source)):
        inputs = [inputs]
    found = [Source.of(x) for x in expand(list(inputs))]
    if sum(s.path is None and s.lines is None for s in found) > 1:
        raise BatchError(tr("stdin (-) can be read only once"))
    for s in found:
        s.check()
    return found


def check_not_an_input(output, sources: list[Source]) -> None:
    """Refuse to write over one of the inputs while reading it."""
    if output in (None, "-"):
        return
    target = Path(str(output))
    for s in sources:
        try:
            if s.path is not None and target.exists() and target.samefile(s.path):
                raise BatchError(tr("{output}: is also an input; write the results elsewhere",
                                    output=output))
        except OSError:
            continue


def check_rating() -> None:
    """Fail early when ``--rate`` cannot work."""
    try:
        importlib.import_module("sudokit.engines.rating")
    except ImportError as e:
        raise BatchError(tr("--rate is not available: sudokit.engines.rating cannot be imported ({reason})",
                            reason=e)) from None


def run_options(fmt, unique, rate, alphabet, box, node_limit, time_limit, with_file) -> Options:
    """The :class:`~.job.Options` every job of the run is given (in the language in use)."""
    if rate:
        check_rating()
    return Options(fmt=fmt, unique=unique, rate=rate, alphabet=alphabet, box_fixed=box is not None,
                   node_limit=node_limit, time_limit=time_limit, with_file=with_file,
                   lang=get_language())
