"""Whole numbers read from text or JSON: one reader for every numeric field of every format,
the box shape and the options that carry a number in text.

Only the ASCII digits 0-9 count: ``str.isdigit`` also accepts ``²`` or ``٣``, which ``int``
then refuses (or reads as another number), so a field that passed such a check crashed.
"""

from __future__ import annotations

from sudokit.model.errors import ParseError
from sudokit.i18n import tr

DIGITS = frozenset("0123456789")
#: More digits than any field needs; ``int`` refuses above 4,300 digits anyway.
MAX_DIGITS = 18
#: The largest power of ten a count may be written with (``1e30``).
MAX_POWER = 30


def read_number(value: str | int, field: str, low: int | None = None,
                high: int | None = None, most_digits: int = MAX_DIGITS) -> int:
    """The whole number ``value`` holds: a string of ASCII digits (spaces around allowed) or,
    from JSON, an ``int`` (not a bool or a float). ``low``/``high`` bound it, inclusive.

    Raises :class:`ParseError` naming ``field`` and, for text, the offending character.
    """
    if isinstance(value, bool) or not isinstance(value, (int, str)):
        raise ParseError(tr("{field} must be a whole number, not {value}", field=field,
                            value=_shown(value)))
    if isinstance(value, str):
        text = value.strip()
        if not text:
            raise ParseError(tr("{field} is empty; expected a whole number", field=field))
        for i, ch in enumerate(text):
            if ch not in DIGITS:
                raise ParseError(tr("{field} {text}: character {char} at position {position} is "
                                    "not a digit 0-9", field=field, text=repr(text[:20]),
                                    char=repr(ch), position=i + 1), column=i + 1, char=ch)
        if len(text) > most_digits:
            raise ParseError(tr("{field} has {n} digits, far too large", field=field, n=len(text)))
        value = int(text)
    if low is not None and value < low or high is not None and value > high:
        bounds = (f"{low}..{high}" if low is not None and high is not None
                  else tr("at least {n}", n=low) if low is not None else tr("at most {n}", n=high))
        raise ParseError(tr("{field} is {value}, outside {bounds}", field=field,
                            value=_shown(value), bounds=bounds))
    return value


def read_count(text: str, field: str) -> int:
    """A count as people write a large one: digits with ``_`` or ``,`` between groups
    (``1_000_000``, ``1,000,000``), or a number times a power of ten (``1e6``, ``2.5E6``,
    ``10^6``, ``10**6``), up to 10 ** :data:`MAX_POWER`; it must come out whole. Raises
    :class:`ParseError` naming ``field``."""
    compact = text.strip().replace("_", "").replace(",", "")
    for mark in ("**", "^"):
        if mark in compact:
            base, _, power = compact.partition(mark)
            if read_number(base, field) != 10:
                raise ParseError(tr("{field} {text}: only a power of ten may be written with "
                                    "{mark}", field=field, text=repr(text), mark=mark))
            return _power_of_ten(1, 0, power, field)
    mantissa, e, power = compact.lower().partition("e")
    if not e:
        return read_number(compact or text, field, most_digits=MAX_POWER + 1)
    whole, _, fraction = mantissa.partition(".")
    return _power_of_ten(read_number(whole + fraction, field), len(fraction), power, field)


def _power_of_ten(digits: int, shift: int, power: str, field: str) -> int:
    """``digits`` * 10 ** (``power`` - ``shift``), refused unless it is whole."""
    exponent = read_number(power, field, high=MAX_POWER) - shift
    if exponent >= 0:
        return digits * 10 ** exponent
    if digits % 10 ** -exponent:
        raise ParseError(tr("{field} must be a whole number, not {value}", field=field,
                            value=_shown(f"{digits}e{exponent}")))
    return digits // 10 ** -exponent


def is_number(text: str) -> bool:
    """True if ``text`` is written with ASCII digits only (and is not empty)."""
    return bool(text) and all(ch in DIGITS for ch in text)


def _shown(value) -> str:
    text = repr(value) if isinstance(value, (str, int, float)) else type(value).__name__
    return text if len(text) <= 20 else text[:17] + "..."
