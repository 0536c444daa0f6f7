"""The output file of a batch run: whole lines only, flushed batch by batch.

A batch's bytes are written and flushed together; when a write fails (a full disk) or is
interrupted, the file is cut back to the end of the last whole batch, so it never ends in a
partial line. ``resume=True`` opens an existing file to go on: its complete lines are counted
(a partial last line is cut off) and the run skips as many input lines. Gzip by the ``.gz``
extension; a gzip file a crash left without its trailer is rewritten from its readable lines.
"""

from __future__ import annotations

import gzip
import os
import sys
import zlib
from pathlib import Path
from typing import BinaryIO

from sudokit.i18n import tr
from sudokit.adapters.batch.reader import BatchError

_BLOCK = 1 << 20


class BatchOutputError(BatchError):
    """The output cannot be written (a full disk, no permission, a missing directory)."""


def _why(e: BaseException) -> str:
    return getattr(e, "strerror", None) or str(e) or type(e).__name__


class Output:
    """Where the results go: a file (``path``) or stdout (``path`` None or ``-``)."""

    def __init__(self, path: str | os.PathLike | None, header: bytes = b"", resume: bool = False) -> None:
        self.name = "<stdout>" if path in (None, "-") else str(path)
        self.path = None if path in (None, "-") else Path(path)
        self.header = header
        self.resumed = 0           # records (lines less the header) already in the file
        self.written = 0           # records written by this run
        self._gz: gzip.GzipFile | None = None
        self.closed = False
        self._raw: BinaryIO
        if self.path is None:
            self._raw = sys.stdout.buffer
            self._write_header()
            return
        if self.path.is_dir():
            raise BatchOutputError(tr("{name}: is a directory", name=self.name))
        gz = self.path.suffix.lower() == ".gz"
        try:
            if resume and self.path.exists():
                self._reopen(gz)
            else:
                self._raw = open(self.path, "wb")
                if gz:
                    self._gz = gzip.GzipFile(fileobj=self._raw, mode="wb", filename="")
                self._write_header()
        except OSError as e:
            raise BatchOutputError(tr("{name}: cannot write: {reason}", name=self.name,
                                      reason=_why(e))) from None

    # --- resume ----------------------------------------------------------------------------
    def _reopen(self, gz: bool) -> None:
        if gz:
            lines, clean = _gzip_lines(self.path)
            if clean:
                self._raw = open(self.path, "ab")
            else:  # rewrite the readable whole lines as a fresh gzip file
                tmp = self.path.with_name(self.path.name + ".resume-tmp")
                with open(tmp, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", filename="") as out:
                    _copy_lines(self.path, out, lines)
                os.replace(tmp, self.path)
                self._raw = open(self.path, "ab")
            self._gz = gzip.GzipFile(fileobj=self._raw, mode="wb", filename="")
        else:
            self._raw = open(self.path, "r+b")
            lines, end = _count_lines(self._raw)
            self._raw.truncate(end)
            self._raw.seek(end)
        if lines == 0:
            self._write_header()
        elif self.header and _first_line(self.path, gz) != self.header:
            self._raw.close()
            self.closed = True
            raise BatchOutputError(tr("{name}: its header is not the one this run writes (other "
                                      "columns: --rate, several inputs); cannot resume it",
                                      name=self.name))
        self.resumed = max(0, lines - (1 if self.header else 0))

    # --- writing ---------------------------------------------------------------------------
    def _write_header(self) -> None:
        if self.header:
            self.write(self.header, records=0)

    def _tell(self) -> int | None:
        try:
            return self._raw.tell()
        except (OSError, ValueError, AttributeError):
            return None

    def write(self, data: bytes, records: int) -> None:
        """Write ``records`` whole lines (``data``) and flush; on failure cut the file back to
        where it was and raise :class:`BatchOutputError` (other exceptions pass through after
        the same cut)."""
        if not data:
            return
        if self.closed:
            raise BatchOutputError(tr("{name}: already closed after an error", name=self.name))
        mark = self._tell()
        try:
            if self._gz is not None:
                self._gz.write(data)
                self._gz.flush()  # a sync point: every whole line so far can be read back
            else:
                self._raw.write(data)
            self._raw.flush()
        except BaseException as e:
            self._cut(mark)
            if isinstance(e, OSError) and not isinstance(e, BrokenPipeError):
                raise BatchOutputError(
                    f"{self.name}: cannot write: {_why(e)} ({self.resumed + self.written:,} whole lines "
                    f"written before; --resume goes on from there)") from None
            raise
        self.written += records

    def _cut(self, mark: int | None) -> None:
        """After a failed write: close the file and cut it back to ``mark`` bytes."""
        self._gz = None  # a broken gzip stream cannot go on; its flushed lines stay readable
        if self.path is None:
            return
        try:
            self._raw.close()  # may fail flushing again: the cut below undoes it anyway
        except (OSError, ValueError):
            pass
        self.closed = True
        if mark is not None:
            try:
                os.truncate(self.path, mark)
            except OSError:
                pass

    def close(self) -> None:
        """Finish the file (the gzip trailer); stdout is flushed, not closed."""
        if self.closed:
            return
        self.closed = True
        try:
            if self._gz is not None:
                self._gz.close()
            if self.path is None:
                self._raw.flush()
            else:
                self._raw.close()
        except OSError as e:
            raise BatchOutputError(tr("{name}: cannot write: {reason}", name=self.name,
                                      reason=_why(e))) from None

    def close_quietly(self) -> None:
        """Close after an error elsewhere; a second error here would only hide the first."""
        try:
            self.close()
        except BatchOutputError:
            pass


def _first_line(path: Path, gz: bool) -> bytes:
    try:
        with (gzip.open(path, "rb") if gz else open(path, "rb")) as f:
            return f.readline(1 << 16)
    except (OSError, EOFError, zlib.error):
        return b""


def _count_lines(f: BinaryIO) -> tuple[int, int]:
    """(complete lines, byte offset just after the last one) of a file open for reading."""
    f.seek(0)
    lines, pos, end = 0, 0, 0
    while True:
        block = f.read(_BLOCK)
        if not block:
            return lines, end
        k = block.count(b"\n")
        if k:
            lines += k
            end = pos + block.rindex(b"\n") + 1
        pos += len(block)


def _gzip_lines(path: Path) -> tuple[int, bool]:
    """(complete lines readable, whether the file is a whole gzip file ending in a newline)."""
    lines, last, clean = 0, b"\n", True
    with open(path, "rb") as raw:
        dec = zlib.decompressobj(zlib.MAX_WBITS | 16)
        while True:
            block = raw.read(_BLOCK)
            if not block:
                clean = dec.eof
                break
            try:
                data = dec.decompress(block)
                while dec.eof and dec.unused_data:  # the next gzip member
                    rest = dec.unused_data
                    lines += data.count(b"\n")
                    last = data[-1:] or last
                    dec = zlib.decompressobj(zlib.MAX_WBITS | 16)
                    data = dec.decompress(rest)
            except zlib.error:
                clean = False
                break
            lines += data.count(b"\n")
            last = data[-1:] or last
    return lines, clean and last == b"\n"


def _copy_lines(path: Path, out, lines: int) -> None:
    """Copy the first ``lines`` lines of a (possibly truncated) gzip file to ``out``."""
    left = lines
    with open(path, "rb") as raw:
        dec = zlib.decompressobj(zlib.MAX_WBITS | 16)
        while left > 0:
            block = raw.read(_BLOCK)
            if not block:
                break
            try:
                data = dec.decompress(block)
                while dec.eof and dec.unused_data:
                    rest = dec.unused_data
                    dec = zlib.decompressobj(zlib.MAX_WBITS | 16)
                    data += dec.decompress(rest)
            except zlib.error:
                break
            k = data.count(b"\n")
            if k >= left:
                at = -1
                for _ in range(left):
                    at = data.index(b"\n", at + 1)
                out.write(data[:at + 1])
                return
            out.write(data)
            left -= k


__all__ = ["Output", "BatchOutputError"]
