r"""Text taken from input lines, made safe for any strict reader: valid UTF-8, and never a
character that ends a line (one output line per record, whatever the input held).

Input lines are decoded with ``surrogateescape``: a byte that is not UTF-8 is held as a lone
surrogate (U+DC80..U+DCFF), which no UTF-8 writer may write. :func:`escape` writes it as the
text ``\xNN``; a control character or line separator (U+0000..U+001F but tab, U+007F..U+009F,
U+2028, U+2029, and any other lone surrogate) as ``\uXXXX``; and a backslash as ``\\``, so
that :func:`unescape` gives the exact text back.
"""

from __future__ import annotations

import re

_UNSAFE = re.compile("[\\\\\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")
_SURROGATE = re.compile("[\ud800-\udfff]")
_ESCAPE = re.compile(r"\\(?:(\\)|x([0-9a-f]{2})|u([0-9a-f]{4}))")
#: Characters valid in a JSON string that still end a line for ``str.splitlines`` and some
#: JSON readers (JavaScript before ES2019): the encoder must write them as ``\uXXXX``.
JSON_LINE_BREAKS = re.compile("[\x7f-\x9f\u2028\u2029]")


def _escaped(m: re.Match) -> str:
    c = m.group()
    if c == "\\":
        return "\\\\"
    code = ord(c)
    if 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8
        return f"\\x{code - 0xDC00:02x}"
    return f"\\u{code:04x}"


def escape(text: str) -> str:
    """``text`` with every unsafe character escaped (the text itself when there is none)."""
    return _UNSAFE.sub(_escaped, text)


def _unescaped(m: re.Match) -> str:
    if m.group(1):
        return "\\"
    if m.group(2):
        return chr(0xDC00 + int(m.group(2), 16))
    return chr(int(m.group(3), 16))


def unescape(text: str) -> str:
    """The text :func:`escape` was given (raw bytes back as lone surrogates)."""
    return _ESCAPE.sub(_unescaped, text)


def has_raw_bytes(text: str) -> bool:
    """Whether ``text`` holds a byte that was not UTF-8 (or any lone surrogate)."""
    return _SURROGATE.search(text) is not None


def json_safe(encoded: str) -> str:
    """A JSON text (``ensure_ascii=False``) with :data:`JSON_LINE_BREAKS` escaped; they only
    occur inside strings, where ``\\uXXXX`` means the same character."""
    return JSON_LINE_BREAKS.sub(lambda m: f"\\u{ord(m.group()):04x}", encoded)


__all__ = ["escape", "unescape", "has_raw_bytes", "json_safe"]
