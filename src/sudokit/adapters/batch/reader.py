"""Streaming the input: files (gzip by their ``.gz`` extension), stdin, or lines from Python,
cut into batches of whole lines without ever holding more than a batch in memory.

:class:`Reader` yields :class:`~sudokit.adapters.batch.job.Job` objects in input order; the batch size
comes from a callable so that the runner can adapt it to how fast batches are solved. Each
input's grid shape is read from its first puzzle line (or given by ``box``).
"""

from __future__ import annotations

import gzip
import io
import os
import sys
import zlib
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from sudokit.model.errors import SudokitError
from sudokit.model.formats.line import parse_line
from sudokit.model.geometry import Geometry, parse_box
from sudokit.i18n import tr
from sudokit.model.symbols import get_alphabet
from sudokit.adapters.batch.job import Job, Options

#: A line longer than this is not a puzzle (a 64x64 grid is 4,096 symbols): it is dropped,
#: reported as invalid, and never held in memory whole.
MAX_LINE = 1 << 20
_BLOCK = 1 << 16
_MAX_CHUNK = 1 << 23  # bytes: bounds a batch whatever its lines
_BOM = b"\xef\xbb\xbf"


class BatchError(SudokitError):
    """A batch run could not go on; the message says why (and what was written)."""


class BatchInputError(BatchError):
    """An input cannot be read: missing, unreadable, a directory, a corrupt gzip file."""


@dataclass
class Source:
    """One input: a file path, ``-`` for stdin, or an iterable of lines (``name`` says which).
    ``reasons`` (line number from 1 -> why): lines already known not to be puzzles, filled by
    the lines' maker as it goes (a picture that could not be read)."""

    name: str
    path: Path | None = None
    lines: Iterable | None = None
    reasons: dict | None = None

    @classmethod
    def of(cls, item) -> Source:
        if isinstance(item, Source):
            return item
        if str(item) == "-":
            return cls("<stdin>")
        return cls(str(item), Path(item))

    @property
    def size(self) -> int | None:
        """Bytes on disk (compressed for gzip), for the progress bar; None for streams."""
        if self.path is None:
            return None
        try:
            return self.path.stat().st_size
        except OSError:
            return None

    @property
    def gzipped(self) -> bool:
        return self.path is not None and self.path.suffix.lower() == ".gz"

    def check(self) -> None:
        """Raise :class:`BatchInputError` now if the file cannot be read."""
        if self.path is None:
            return
        if self.path.is_dir():
            raise BatchInputError(tr("{name}: is a directory, not a puzzle file", name=self.name))
        if not self.path.exists():
            raise BatchInputError(tr("{name}: no such file", name=self.name))
        if not os.access(self.path, os.R_OK):
            raise BatchInputError(tr("{name}: permission denied", name=self.name))

    def open(self) -> tuple[BinaryIO, BinaryIO]:
        """(stream of the text, raw file under it) for reading bytes."""
        if self.lines is not None:
            stream = _LineStream(self.lines)
            return stream, stream
        if self.path is None:
            raw = sys.stdin.buffer
            return raw, raw
        try:
            raw = open(self.path, "rb")
        except OSError as e:
            raise BatchInputError(tr("{name}: {reason}", name=self.name, reason=e.strerror or e)) from None
        if self.gzipped:
            return gzip.GzipFile(fileobj=raw, mode="rb"), raw
        return raw, raw


class _LineStream(io.RawIOBase):
    """An iterable of lines (str or bytes) read as one byte stream, one line after another."""

    def __init__(self, lines: Iterable) -> None:
        self._it = iter(lines)
        self._buf = b""
        self.pos = 0

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        parts, have = [self._buf], len(self._buf)
        while size < 0 or have < size:
            try:
                item = next(self._it)
            except StopIteration:
                break
            if isinstance(item, str):
                try:
                    item = item.encode("utf-8", "surrogateescape")
                except UnicodeEncodeError:  # a lone surrogate that was never a byte
                    item = item.encode("utf-8", "surrogatepass")
            item = item.rstrip(b"\r\n").replace(b"\n", b" ") + b"\n"  # one item, one line
            parts.append(item)
            have += len(item)
        data = b"".join(parts)
        out, self._buf = (data, b"") if size < 0 else (data[:size], data[size:])
        self.pos += len(out)
        return out

    def tell(self) -> int:
        return self.pos


def _read(stream: BinaryIO, size: int, name: str) -> bytes:
    try:
        return stream.read(size)
    except EOFError:
        raise BatchInputError(tr("{name}: cannot read: the gzip file is cut short", name=name)) from None
    except (gzip.BadGzipFile, zlib.error):
        raise BatchInputError(tr("{name}: cannot read: not a valid gzip file", name=name)) from None
    except OSError as e:
        raise BatchInputError(tr("{name}: cannot read: {reason}", name=name,
                                 reason=e.strerror or e)) from None


def iter_chunks(stream: BinaryIO, name: str, next_lines: Callable[[], int],
                ) -> Iterator[tuple[bytes, tuple[int, ...]]]:
    """Chunks of whole lines (each ending in a newline, the last one added if missing), about
    ``next_lines()`` lines each, with the indices of over-long lines. A line longer than
    :data:`MAX_LINE` is read past, never held whole, and comes out as an empty line marked
    long."""
    buf = bytearray()
    eof = False
    avg = 100.0  # bytes per line, learnt as chunks go
    started = False
    while True:
        target = min(max(int(avg * max(1, next_lines())), 1), _MAX_CHUNK)
        while not eof and len(buf) < target:
            block = _read(stream, max(target - len(buf), _BLOCK), name)
            if block:
                buf += block
            else:
                eof = True
        if not started:
            started = True
            if buf.startswith(_BOM):
                del buf[:3]
        if not buf:
            return
        cut = buf.rfind(b"\n", 0, target)
        if cut < 0:  # the first line is longer than the target: find where it ends
            cut = buf.find(b"\n")
            while cut < 0 and not eof and len(buf) <= MAX_LINE:
                seen = len(buf)
                block = _read(stream, _BLOCK, name)
                if block:
                    buf += block
                    cut = buf.find(b"\n", seen)
                else:
                    eof = True
            if cut < 0 and len(buf) > MAX_LINE:
                buf.clear()
                eof = _skip_to_newline(stream, name, buf)
                yield b"\n", (0,)
                continue
            if cut < 0:  # the last line, without a newline
                buf += b"\n"
                cut = len(buf) - 1
            if cut >= MAX_LINE:
                del buf[:cut + 1]
                yield b"\n", (0,)
                continue
        chunk = bytes(buf[:cut + 1])
        del buf[:cut + 1]
        avg = max(1.0, 0.5 * avg + 0.5 * len(chunk) / chunk.count(b"\n"))
        yield chunk, ()


def _skip_to_newline(stream: BinaryIO, name: str, buf: bytearray) -> bool:
    """Read past the end of an over-long line; what follows it goes in ``buf``. True at EOF."""
    while True:
        block = _read(stream, _BLOCK, name)
        if not block:
            return True
        at = block.find(b"\n")
        if at >= 0:
            buf += block[at + 1:]
            return False


def detect_box(chunk: bytes, box, alphabet: str | None, tries: int = 200) -> tuple[int, int] | None:
    """The grid shape of the first line of ``chunk`` that reads as a puzzle whose solution the
    alphabet can write (None if none does), or the ``box`` the user named."""
    if box is not None:
        rows, cols = parse_box(box) if isinstance(box, str) else tuple(box)
        geo = Geometry.of(rows * cols, (rows, cols))
        return geo.box_rows, geo.box_cols
    for raw in chunk.split(b"\n"):
        s = raw.strip(b" \t\r")
        if not s or s.startswith(b"#"):
            continue
        try:
            geo = parse_line(s.decode("utf-8", "replace"), alphabet=alphabet).geometry
            get_alphabet(alphabet).for_size(geo.size)  # a grid whose solution has no symbols: a bad line
            return geo.box_rows, geo.box_cols
        except SudokitError:
            tries -= 1
            if tries <= 0:
                return None
    return None


class Reader:
    """The jobs of a run: every input's lines in order, in batches of whole lines.

    ``skip`` lines are passed over first (``--resume``). ``position`` and ``total`` (bytes of
    the files, compressed for gzip; None for streams) feed the progress bar.
    """

    def __init__(self, sources: list[Source], options: Options, box=None,
                 next_lines: Callable[[], int] = lambda: 4096, skip: int = 0) -> None:
        self.sources = sources
        self.options = options
        self.box = box
        self.next_lines = next_lines
        self.skip = skip
        self.skipped = 0
        sizes = [s.size for s in sources]
        self.total = None if any(x is None for x in sizes) else sum(sizes)
        self._done_bytes = 0
        self._raw: BinaryIO | None = None
        self.lines_read = 0       # lines made into jobs (skipped ones aside)
        self.finished = False     # every input read to its end

    @property
    def position(self) -> int:
        here = 0
        if self._raw is not None:
            try:
                here = self._raw.tell()
            except (OSError, ValueError):
                here = 0
        return self._done_bytes + here

    def __iter__(self) -> Iterator[Job]:
        for source in self.sources:
            yield from self._jobs(source)
        self.finished = True

    def _jobs(self, source: Source) -> Iterator[Job]:
        stream, raw = source.open()
        self._raw = raw
        box = None
        line_no = 1
        try:
            for chunk, long_lines in iter_chunks(stream, source.name, self.next_lines):
                n = chunk.count(b"\n")
                if self.skipped < self.skip:
                    chunk, long_lines, dropped = _drop_lines(chunk, long_lines, self.skip - self.skipped)
                    self.skipped += dropped
                    line_no += dropped
                    if not chunk:
                        continue
                    n = chunk.count(b"\n")
                if box is None:
                    box = detect_box(chunk, self.box, self.options.alphabet)
                    if box is not None:
                        get_alphabet(self.options.alphabet).for_size(box[0] * box[1])
                self.lines_read += n
                preset = {i: source.reasons[line_no + i] for i in range(n)
                          if line_no + i in source.reasons} if source.reasons else {}
                yield Job(chunk, source.name, line_no, box, self.options, long_lines, preset)
                line_no += n
        finally:
            self._done_bytes += source.size or 0
            self._raw = None
            if source.path is not None:
                stream.close()
                raw.close()


def _drop_lines(chunk: bytes, long_lines: tuple[int, ...], k: int) -> tuple[bytes, tuple[int, ...], int]:
    """``chunk`` less its first ``k`` lines: (rest, its long-line indices, lines dropped)."""
    n = chunk.count(b"\n")
    if k >= n:
        return b"", (), n
    at = -1
    for _ in range(k):
        at = chunk.index(b"\n", at + 1)
    return chunk[at + 1:], tuple(i - k for i in long_lines if i >= k), k


__all__ = ["Source", "Reader", "BatchError", "BatchInputError", "iter_chunks", "detect_box", "MAX_LINE"]
