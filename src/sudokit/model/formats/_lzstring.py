"""lz-string, the LZW-style text compression inside f-puzzles and SudokuPad links.

Written from the algorithm's published description (lz-string 1.x, ``compressToBase64`` /
``decompressFromBase64``): the text is read as UTF-16 code units; each code is written with as
many bits as the dictionary needs (2 at first, one more each time the dictionary doubles), least
significant bit first; a new character is code 0 + 8 bits or code 1 + 16 bits, code 2 ends the
stream; the bits fill 6-bit base64 characters from their high end, ``=`` pads to a multiple of 4.

No maintained Python package does this (``lzstring`` on PyPI: last release 2018, source only,
needs ``future``, and no bound on the output), so it is here, with the bound: a few kilobytes of
crafted data can describe gigabytes of text, and :func:`decompress_base64` stops at
``max_chars``.
"""

from __future__ import annotations

from sudokit.model.errors import ParseError
from sudokit.i18n import tr

BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_BASE64_VALUES = {ch: i for i, ch in enumerate(BASE64)}

#: The longest compressed text read, and the most characters it may decompress to.
MAX_INPUT_CHARS = 4_000_000
MAX_OUTPUT_CHARS = 8_000_000


def _code_units(text: str) -> list[int]:
    data = text.encode("utf-16-le", "surrogatepass")
    return [data[i] | data[i + 1] << 8 for i in range(0, len(data), 2)]


def _from_code_units(text: str) -> str:
    """A string of UTF-16 code units (surrogate pairs as two characters) as real text."""
    return text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")


def compress_base64(text: str) -> str:
    """``text`` compressed as lz-string's ``compressToBase64`` does."""
    out: list[str] = []
    acc = filled = 0

    def write(code: int, width: int) -> None:
        nonlocal acc, filled
        for _ in range(width):
            acc = acc << 1 | code & 1
            code >>= 1
            filled += 1
            if filled == 6:
                out.append(BASE64[acc])
                acc = filled = 0

    dictionary: dict[str, int] = {}
    unseen: set[str] = set()  # characters in the dictionary not yet written out
    size, bits, enlarge_in = 3, 2, 2

    def grow() -> None:
        nonlocal bits, enlarge_in
        enlarge_in -= 1
        if enlarge_in == 0:
            enlarge_in = 1 << bits
            bits += 1

    def emit(phrase: str) -> None:
        if phrase in unseen:
            code = ord(phrase)
            write(0 if code < 256 else 1, bits)
            write(code, 8 if code < 256 else 16)
            unseen.discard(phrase)
            grow()
        else:
            write(dictionary[phrase], bits)
        grow()

    w = ""
    for ch in map(chr, _code_units(text)):
        if ch not in dictionary:
            dictionary[ch] = size
            size += 1
            unseen.add(ch)
        if w + ch in dictionary:
            w += ch
            continue
        emit(w)
        dictionary[w + ch] = size
        size += 1
        w = ch
    if w:
        emit(w)
    write(2, bits)
    out.append(BASE64[acc << (6 - filled)])  # the last character, padded with zero bits
    return "".join(out) + "=" * (-len(out) % 4)


def decompress_base64(data: str, max_chars: int = MAX_OUTPUT_CHARS, what: str = "compressed data"
                      ) -> str:
    """The text lz-string's ``compressToBase64`` made ``data`` from; a :class:`ParseError`
    names a character that is not base64, data that ends early or is corrupt, and output
    beyond ``max_chars`` characters."""
    data = data.rstrip("=")
    if len(data) > MAX_INPUT_CHARS:
        raise ParseError(tr("{what} is {n} characters long; at most {most} are read", what=what,
                            n=f"{len(data):,}", most=f"{MAX_INPUT_CHARS:,}"))
    if not data:
        raise ParseError(tr("{what} is empty", what=what))
    values = []
    for i, ch in enumerate(data):
        v = _BASE64_VALUES.get(ch)
        if v is None:
            shown = ch if ch.isprintable() else repr(ch)[1:-1]
            raise ParseError(tr("{what}: character {char} at position {position} is not base64 "
                                "(A-Z a-z 0-9 + /)", what=what, char=repr(shown),
                                position=i + 1), column=i + 1, char=ch)
        values.append(v)
    total_bits = 6 * len(values)
    pos = 0

    def read(width: int) -> int:
        nonlocal pos
        if pos + width > total_bits:
            raise ParseError(tr("{what} ends before its end mark (cut short?)", what=what))
        code = 0
        for i in range(width):
            v = values[pos // 6]
            code |= (v >> (5 - pos % 6) & 1) << i
            pos += 1
        return code

    def new_char(kind: int) -> str:
        if kind > 1:
            raise ParseError(tr("{what} is corrupt (no first character)", what=what))
        return chr(read(8 if kind == 0 else 16))

    first = read(2)
    if first == 2:
        return ""
    w = new_char(first)
    dictionary = ["", "", "", w]  # codes 0, 1 and 2 are commands, not phrases
    out, count = [w], 1
    bits, enlarge_in = 3, 4
    while True:
        code = read(bits)
        if code == 2:
            return _from_code_units("".join(out))
        if code < 2:
            dictionary.append(new_char(code))
            code = len(dictionary) - 1
            enlarge_in -= 1
        if enlarge_in == 0:
            enlarge_in = 1 << bits
            bits += 1
        if code < len(dictionary):
            entry = dictionary[code]
        elif code == len(dictionary):
            entry = w + w[0]
        else:
            raise ParseError(tr("{what} is corrupt (code {code} before the dictionary has it)",
                                what=what, code=code))
        count += len(entry)
        if count > max_chars:
            raise ParseError(tr("{what} decompresses to more than {most} characters; no puzzle "
                                "is that long", what=what, most=f"{max_chars:,}"))
        out.append(entry)
        dictionary.append(w + entry[0])
        w = entry
        enlarge_in -= 1
        if enlarge_in == 0:
            enlarge_in = 1 << bits
            bits += 1
