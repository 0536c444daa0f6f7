"""The same batch run on a Dask distributed cluster (``sudokit batch --dask ADDRESS|local``).

The input files are cut into partitions (byte ranges of whole lines; a gzip file is one
partition) that the workers read themselves, so the files must be where the workers can read
them (a shared file system, as for ``dask.bag.read_text``). A first, cheap pass counts the
lines of each partition, which numbers them (and finds where ``--resume`` starts); the second
solves each partition in batches with the compiled core, exactly as the local pool does.

Output:

- a single file or stdout: the partitions' results come back to the client and are written in
  order, through the same writer as the local run (same bytes, gzip, ``--resume``);
- a pattern with ``*`` (``out/part-*.jsonl.gz``) or an existing directory: each worker writes
  its partition's file itself (``*`` becomes the partition number, ``00000``, ...; gzip by
  extension), atomically; their concatenation is the single-file output (a CSV header is in
  the first part only). ``--resume`` skips the parts already there.

Dask is an optional extra: ``pip install sudokit[dask]``.
"""

from __future__ import annotations

import gzip
import os
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from sudokit.i18n import tr
from sudokit.model.symbols import get_alphabet
from sudokit.adapters.batch import records
from sudokit.adapters.batch.job import Job, JobOutput, Options, run_job
from sudokit.adapters.batch.output import BatchOutputError, Output
from sudokit.adapters.batch.pool import BatchWorkerError, default_jobs
from sudokit.adapters.batch.prepare import check_not_an_input, run_options, sources as read_sources
from sudokit.adapters.batch.reader import _BOM, BatchError, BatchInputError, Source, _drop_lines, detect_box, iter_chunks
from sudokit.adapters.batch.summary import BatchSummary

#: Bytes of input per partition (about 400,000 9x9 lines).
PARTITION_BYTES = 32 << 20
#: Lines per batch inside a partition.
BATCH_LINES = 8192
_POLL = 0.1


@dataclass(frozen=True)
class Partition:
    """Lines of one file: those that start in ``[start, end)`` (``end`` None: to the end)."""

    index: int
    path: str            # absolute, for the workers
    start: int
    end: int | None
    gzipped: bool
    name: str = ""       # as the user wrote it, for the records
    source: int = 0      # which input (the same file may be given twice)


# --- on the workers ------------------------------------------------------------------------------

class _Range:
    """Read the lines of a partition: the stream from its first whole line to its end."""

    def __init__(self, part: Partition) -> None:
        self.part = part

    def __enter__(self):
        p = self.part
        try:
            self.raw = open(p.path, "rb")
        except OSError as e:
            raise BatchInputError(tr("{name}: {reason}", name=p.path, reason=e.strerror or e)) from None
        if p.gzipped:
            self.stream = gzip.GzipFile(fileobj=self.raw, mode="rb")
            return self
        self.stream = self.raw
        if p.start > 0:  # begin at the first line that starts at or after `start`
            self.raw.seek(p.start - 1)
            if self.raw.read(1) != b"\n":
                self.raw.readline()
        elif self.raw.read(3) != _BOM:  # a byte-order mark is not part of the first line
            self.raw.seek(0)
        self.pos = self.raw.tell()
        return self

    def __exit__(self, *exc) -> None:
        self.raw.close()

    def chunks(self, lines: int):
        """Chunks of whole lines of the partition."""
        end = self.part.end
        offset = self.pos if not self.part.gzipped else 0
        for chunk, long_lines in iter_chunks(self.stream, self.part.path, lambda: lines):
            if end is not None and not self.part.gzipped:
                if offset >= end:
                    return
                if offset + len(chunk) > end:  # keep the lines that start before `end`
                    cut = chunk.index(b"\n", end - offset - 1) + 1 if end - offset > 0 else 0
                    chunk = chunk[:cut]
                    long_lines = tuple(i for i in long_lines if i < chunk.count(b"\n"))
                    if chunk:
                        yield chunk, long_lines
                    return
            offset += len(chunk)
            yield chunk, long_lines


def count_partition(part: Partition) -> int:
    """How many lines the partition holds."""
    with _Range(part) as r:
        return sum(chunk.count(b"\n") for chunk, _ in r.chunks(BATCH_LINES * 8))


def solve_partition(part: Partition, first_line: int, skip: int, box, options: Options,
                    target: str | None, header: bytes = b"") -> tuple[bytes | None, int, Counter, float]:
    """Solve the partition's lines (less the first ``skip``). Returns (output bytes, or None
    when written to ``target``; lines; status counts; seconds of work)."""
    start = time.perf_counter()
    parts: list[bytes] = [header] if header else []
    tally: Counter = Counter()
    lines = 0
    line_no = first_line
    with _Range(part) as r:
        for chunk, long_lines in r.chunks(BATCH_LINES):
            if skip:
                chunk, long_lines, dropped = _drop_lines(chunk, long_lines, skip)
                skip -= dropped
                line_no += dropped
                if not chunk:
                    continue
            out: JobOutput = run_job(Job(chunk, part.name or part.path, line_no, box, options, long_lines))
            parts.append(out.payload)
            tally.update(out.tally)
            lines += out.lines
            line_no += out.lines
    data = b"".join(parts)
    if target is None:
        return data, lines, tally, time.perf_counter() - start
    _write_atomically(Path(target), data)
    return None, lines, tally, time.perf_counter() - start


def _write_atomically(path: Path, data: bytes) -> None:
    tmp = path.with_name(f".{path.name}.tmp-{os.getpid()}")
    try:
        if path.suffix.lower() == ".gz":
            with open(tmp, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", filename="") as gz:
                gz.write(data)
        else:
            with open(tmp, "wb") as f:
                f.write(data)
        os.replace(tmp, path)
    except OSError as e:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise BatchOutputError(tr("{name}: cannot write: {reason}", name=path,
                                  reason=e.strerror or e)) from None


# --- on the client -----------------------------------------------------------------------------

def plan(sources: list[Source], partition_bytes: int) -> list[Partition]:
    """Partitions of every file, in input order."""
    parts: list[Partition] = []
    for k, s in enumerate(sources):
        if s.path is None:
            raise BatchError(tr("--dask reads files that the workers can open, not stdin"))
        path, size = str(s.path.resolve()), s.size or 0
        if s.gzipped or size <= partition_bytes:
            parts.append(Partition(len(parts), path, 0, None, s.gzipped, s.name, k))
            continue
        for start in range(0, size, partition_bytes):
            end = start + partition_bytes
            parts.append(Partition(len(parts), path, start, None if end >= size else end, False, s.name, k))
    return parts


def _box_of(source: Source, box, alphabet) -> tuple[int, int] | None:
    stream, raw = source.open()
    try:
        for chunk, _ in iter_chunks(stream, source.name, lambda: 2000):
            found = detect_box(chunk, box, alphabet)
            if found is not None:
                return found
    finally:
        stream.close()
        raw.close()
    return detect_box(b"", box, alphabet) if box is not None else None


def _checked_box(source: Source, box, alphabet) -> tuple[int, int] | None:
    found = _box_of(source, box, alphabet)
    if found is not None:
        get_alphabet(alphabet).for_size(found[0] * found[1])  # a clear error for too few symbols
    return found


def _client(dask, jobs: int | None):
    """(client, close function) for ``dask``: "local", an address, or a Client."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise BatchError(tr("--dask needs Dask: pip install 'sudokit[dask]'")) from None
    if not isinstance(dask, str):
        return dask, lambda: None
    if dask == "local":
        cluster = LocalCluster(n_workers=jobs or default_jobs(), threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)

        def close():
            client.close()
            cluster.close()
        return client, close
    try:
        client = Client(dask, timeout="20s")
    except (OSError, TimeoutError) as e:
        raise BatchError(tr("--dask {address}: cannot reach the scheduler: {reason}", address=dask,
                            reason=e)) from None
    return client, client.close


def part_pattern(output, fmt: str) -> str | None:
    """The part-file pattern when ``output`` asks for partitioned files (a name with ``*``, or
    an existing directory), else None."""
    if output in (None, "-"):
        return None
    path = Path(str(output))
    if "*" in path.name:
        return str(path)
    if path.is_dir():
        ext = {"line": "txt", "csv": "csv", "jsonl": "jsonl"}[fmt]
        return str(path / f"part-*.{ext}")
    return None


def run_dask(inputs, output, *, fmt: str, unique: bool, rate: bool, box, alphabet, node_limit, time_limit,
             resume: bool, dask, jobs: int | None, progress: Callable | None, stop: Callable[[], bool] | None,
             partition_bytes: int | None) -> BatchSummary:
    """:func:`~sudokit.adapters.batch.solve_file` on a Dask cluster."""
    stop = stop or (lambda: False)
    sources = read_sources(inputs)
    check_not_an_input(output, sources)
    options = run_options(fmt, unique, rate, alphabet, box, node_limit, time_limit, len(sources) > 1)
    pattern = part_pattern(output, fmt)
    parts = plan(sources, partition_bytes or PARTITION_BYTES)
    boxes = {str(s.path.resolve()): _checked_box(s, box, alphabet) for s in sources}
    header = records.header(fmt, options.with_file, rate)
    total = sum(s.size or 0 for s in sources)
    client, close = _client(dask, jobs)  # before the output is opened: a bad address leaves it alone
    out = None
    summary = BatchSummary(output=pattern or "")
    try:
        out = None if pattern else Output(output, header, resume=resume)
        summary = BatchSummary(output=pattern or out.name, resumed=out.resumed if out else 0)
        summary.jobs = len(client.scheduler_info().get("workers", {})) or 1
        counts = client.gather(client.map(count_partition, parts, pure=False))
        firsts, line_no, source = [], 1, None
        for part, n in zip(parts, counts):
            if part.source != source:
                source, line_no = part.source, 1
            firsts.append(line_no)
            line_no += n
        skip_total = summary.resumed
        work = []
        for part, n, first in zip(parts, counts, firsts):
            skip = min(skip_total, n)
            skip_total -= skip
            target = pattern.replace("*", f"{part.index:05d}") if pattern else None
            if target and resume and Path(target).exists():
                continue
            if skip == n and n > 0:
                continue
            work.append((part, first, skip, target, header if (target and part.index == 0) else b""))
        _run(client, work, boxes, options, out, summary, parts, total, progress, stop)
    except BatchError as e:
        e.summary = summary  # type: ignore[attr-defined]
        if out is not None:
            out.close_quietly()
        raise
    except BaseException:
        if out is not None:
            out.close_quietly()
        raise
    finally:
        close()
    if out is not None:
        out.close()
    summary.seconds = time.perf_counter() - summary.started
    return summary


def _run(client, work, boxes, options, out: Output | None, summary: BatchSummary, parts, total,
         progress, stop) -> None:
    """Submit the partitions (a few per worker at a time), take their results in order."""
    from distributed import wait as distributed_wait

    limit = 2 * max(1, summary.jobs) + 1
    pending = deque(work)
    inflight: deque = deque()
    done_bytes = 0
    while pending or inflight:
        while pending and len(inflight) < limit and not stop():
            part, first, skip, target, head = pending.popleft()
            fut = client.submit(solve_partition, part, first, skip, boxes[part.path], options, target, head,
                                pure=False)
            inflight.append((part, fut))
        if stop():
            summary.interrupted = True
            for _, fut in inflight:
                fut.cancel()
            return
        part, fut = inflight[0]
        while not fut.done() and not stop():
            try:
                distributed_wait([fut], timeout=_POLL)
            except TimeoutError:
                pass
        if stop():
            continue
        inflight.popleft()
        try:
            data, lines, tally, seconds = fut.result()
        except BatchError:
            raise
        except OSError as e:
            raise BatchInputError(tr("{name}: cannot read: {reason}", name=part.path,
                                     reason=e.strerror or e)) from None
        except Exception as e:
            if stop():  # Ctrl-C reached the local workers too
                summary.interrupted = True
                return
            if type(e).__name__ == "KilledWorker":
                raise BatchWorkerError(tr("a Dask worker died on partition {index} of {name}",
                                          index=part.index, name=part.name)) from None
            raise BatchWorkerError(tr("a Dask task failed on partition {index} of {name}: {kind}: "
                                      "{reason}", index=part.index, name=part.name,
                                      kind=type(e).__name__, reason=e)) from None
        if out is not None and data:
            out.write(data, lines)
        summary.add(JobOutput(b"", lines, tally, seconds))
        size = (part.end if part.end is not None else (Path(part.path).stat().st_size)) - part.start
        done_bytes += size
        if progress is not None:
            progress(summary, min(done_bytes, total), total or None)


__all__ = ["run_dask", "plan", "Partition", "count_partition", "solve_partition", "PARTITION_BYTES"]
