"""SudokuPad's compact JSON (the text inside ``scl`` links, before lz-string compression).

Its published notation is JSON made shorter: the long property names are abbreviated
(:data:`SHORT`), names are unquoted, strings are in single quotes (``\\'`` for a quote inside),
``true``/``false`` values are ``t``/``f``, an empty object in a list is left out (``[,,]`` is
three empty objects), colours lose their ``#`` (``#0`` and ``#F`` are black and white), empty
lists are dropped, and strings holding an integer are written as the integer. Plain JSON is
read too.
"""

from __future__ import annotations

import json
import re

from sudokit.model.errors import ParseError
from sudokit.i18n import N_, gettext, tr

#: Long name -> short name.
SHORT = {"color": "c", "cages": "ca", "center": "ct", "borderColor": "c1",
         "backgroundColor": "c2", "cells": "ce", "cellSize": "cs", "arrows": "a",
         "overlays": "o", "underlays": "u", "width": "w", "height": "h", "value": "v",
         "videos": "vd", "lines": "l", "rounded": "r", "regions": "re", "fontSize": "fs",
         "thickness": "th", "headLength": "hl", "wayPoints": "wp", "title": "t", "text": "te",
         "duration": "d"}
LONG = {v: k for k, v in SHORT.items()}

MAX_DEPTH = 64
_TOKEN = re.compile(r"""\s*(?:('(?:[^'\\]|\\.)*')|("(?:[^"\\]|\\.)*")|([{}\[\],:])|([^\s{}\[\],:'"]+))""",
                    re.S)
_HEX6 = re.compile(r"[0-9a-fA-F]{6}")
_NUMBER = re.compile(r"-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?")
_BARE_KEY = re.compile(r"[A-Za-z0-9]+")


def loads(text: str, what: str = "the SudokuPad data"):
    """The object of a compact (or plain) JSON text; a :class:`ParseError` names the character
    position of what is wrong."""
    tokens = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise ParseError(tr("{what}: unexpected {token} at character {n}", what=what,
                                token=repr(text[pos]), n=pos + 1))
        tokens.append((m.lastindex, m[m.lastindex], m.start(m.lastindex)))
        pos = m.end()
    parser = _Parser(tokens, what)
    value = parser.value(0, in_object=False)
    if parser.i != len(tokens):
        raise ParseError(tr("{what}: unexpected {token} at character {n} after the end",
                            what=what, token=repr(tokens[parser.i][1][:20]),
                            n=tokens[parser.i][2] + 1))
    return value


class _Parser:
    def __init__(self, tokens, what: str) -> None:
        self.tokens, self.what, self.i = tokens, what, 0

    def _error(self, expected: str) -> ParseError:
        if self.i >= len(self.tokens):
            return ParseError(tr("{what} ends early: expected {expected}", what=self.what,
                                 expected=gettext(expected)))
        _, tok, at = self.tokens[self.i]
        return ParseError(tr("{what}: expected {expected} at character {n}, found {token}",
                             what=self.what, expected=gettext(expected), n=at + 1,
                             token=repr(tok[:20])))

    def _peek(self) -> str | None:
        return self.tokens[self.i][1] if self.i < len(self.tokens) else None

    def value(self, depth: int, in_object: bool):
        if depth > MAX_DEPTH:
            raise ParseError(tr("{what} is nested more than {n} levels deep", what=self.what,
                                n=MAX_DEPTH))
        if self.i >= len(self.tokens):
            raise self._error(N_("a value"))
        kind, tok, _ = self.tokens[self.i]
        if tok == "{":
            return self._object(depth)
        if tok == "[":
            return self._list(depth)
        if kind == 3:
            raise self._error(N_("a value"))
        self.i += 1
        if kind in (1, 2):
            return _string(tok, self.what)
        return self._bare(tok, in_object)

    def _bare(self, tok: str, in_object: bool):
        words = {"t": True, "true": True, "f": False, "false": False, "null": None,
                 "#0": "#000000", "#F": "#FFFFFF"}
        if tok in words:
            return words[tok]
        if in_object and _HEX6.fullmatch(tok):
            return "#" + tok
        if _NUMBER.fullmatch(tok):
            return json.loads(tok)
        self.i -= 1
        raise self._error(N_("a value"))

    def _object(self, depth: int) -> dict:
        self.i += 1
        out: dict = {}
        if self._peek() == "}":
            self.i += 1
            return out
        while True:
            if self.i >= len(self.tokens) or self.tokens[self.i][0] == 3:
                raise self._error(N_("a name"))
            kind, tok, _ = self.tokens[self.i]
            self.i += 1
            key = _string(tok, self.what) if kind in (1, 2) else tok
            key = LONG.get(key, key)
            if self._peek() != ":":
                raise self._error("':'")
            self.i += 1
            out[key] = self.value(depth + 1, in_object=True)
            sep = self._peek()
            self.i += 1
            if sep == "}":
                return out
            if sep != ",":
                self.i -= 1
                raise self._error("',' or '}'")

    def _list(self, depth: int) -> list:
        self.i += 1
        out: list = []
        while True:
            if self._peek() in (",", "]"):
                out.append({})  # an empty slot is an empty object
            else:
                out.append(self.value(depth + 1, in_object=False))
            sep = self._peek()
            self.i += 1
            if sep == "]":
                return out
            if sep != ",":
                self.i -= 1
                raise self._error("',' or ']'")


def _string(tok: str, what: str) -> str:
    if tok[0] == "'":  # single quotes: \' is a quote, a double quote stands as it is
        tok = '"' + re.sub(r"""\\'|\\.|\"""", lambda m: {"\\'": "'", '"': '\\"'}.get(m[0], m[0]),
                           tok[1:-1]) + '"'
    try:
        return json.loads(tok)
    except json.JSONDecodeError as e:
        raise ParseError(tr("{what}: a string has a bad escape ({reason})", what=what,
                            reason=e.msg)) from None


def dumps(value) -> str:
    """``value`` (dicts, lists, strings, numbers, booleans) in the compact notation."""
    if isinstance(value, dict):
        parts = []
        for key, v in value.items():
            if isinstance(v, list) and not v:
                continue
            key = SHORT.get(key, key)
            name = key if _BARE_KEY.fullmatch(key) else _quoted(key)
            parts.append(f"{name}:{_value(v, in_object=True)}")
        return "{" + ",".join(parts) + "}"
    return _value(value, in_object=False)


def _value(v, in_object: bool) -> str:
    if isinstance(v, bool):
        return ("t" if v else "f") if in_object else ("true" if v else "false")
    if isinstance(v, list):
        if not v:
            raise ValueError("the compact notation has no empty list inside a list")
        return "[" + ",".join("" if x == {} else _value(x, False) for x in v) + "]"
    if isinstance(v, dict):
        return dumps(v)
    if isinstance(v, str):
        if re.fullmatch(r"-?[1-9]\d{0,15}|0", v):
            return v
        if in_object and v.upper() in ("#000000", "#FFFFFF"):
            return "#" + v[1].upper()
        if in_object and v.startswith("#") and _HEX6.fullmatch(v[1:]):
            return v[1:]
        return _quoted(v)
    if v is None:
        return "null"
    if in_object and isinstance(v, int) and _HEX6.fullmatch(str(v)):
        return f"{v}.0"  # six digits alone would read as a colour
    return json.dumps(v)


def _quoted(s: str) -> str:
    inner = json.dumps(s, ensure_ascii=False)[1:-1]
    return "'" + inner.replace("'", "\\'").replace('\\"', "\\'") + "'"
