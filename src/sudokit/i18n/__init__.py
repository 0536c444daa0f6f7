"""Languages: which one is in use, the gettext catalogues, and messages rendered per language.

Texts are written in English in the code as message templates with named parameters
(``msg("Hidden Single in {house}: {digit} fits only in {cell}", house=..., ...)``); the English
template is the gettext message id, and ``locale/<lang>/LC_MESSAGES/sudokit.po`` (compiled to
``.mo`` with Babel) holds each other language. A :class:`Message` keeps its id and parameters
and is rendered when shown, so one step can be read in every language. Cells, houses and
nested messages among the parameters render in the same language (see :mod:`.values`).
A new language is a new catalogue folder: nothing in the code lists the languages.
"""

from __future__ import annotations

import gettext as _gettext
import os
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path

DOMAIN = "sudokit"
LOCALE_DIR = Path(__file__).with_name("locale")
DEFAULT = "en"

_current: ContextVar[str | None] = ContextVar("sudokit_language", default=None)
_chosen = DEFAULT


@lru_cache(maxsize=1)
def languages() -> tuple[str, ...]:
    """The languages sudokit speaks: English, then every compiled catalogue's language."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return (DEFAULT, *[lang for lang in found if lang != DEFAULT])


def normalize(tag: str | None) -> str | None:
    """The supported language a tag such as ``sv``, ``sv-SE`` or ``sv_SE.UTF-8`` names, or None."""
    if not tag:
        return None
    base = tag.strip().split(".")[0].split("@")[0].replace("_", "-").split("-")[0].lower()
    return base if base in languages() else None


def check_language(lang: str) -> str:
    """``lang`` as a supported language code, or a ValueError naming the choices."""
    found = normalize(lang)
    if found is None:
        raise ValueError(f"unknown language {lang!r}; choose one of {', '.join(languages())}")
    return found


def set_language(lang: str) -> None:
    """Choose the language of every text sudokit renders from now on (``"en"``, ``"sv"``)."""
    global _chosen
    _chosen = check_language(lang)


def get_language() -> str:
    """The language in use: the one of an enclosing :func:`language` block, else the chosen one."""
    return _current.get() or _chosen


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Render in ``lang`` inside the block (None: keep the language in use)."""
    token = _current.set(check_language(lang) if lang else get_language())
    try:
        yield _current.get()
    finally:
        _current.reset(token)


def from_environment(environ=None) -> str:
    """``SUDOKIT_LANG``, else the locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``), else English."""
    env = os.environ if environ is None else environ
    explicit = env.get("SUDOKIT_LANG")
    if explicit:
        return check_language(explicit)
    for name in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name)
        if value:  # the first one set decides, as in POSIX
            return normalize(value) or DEFAULT
    return DEFAULT


def from_accept_language(header: str | None) -> str:
    """The best supported language of an HTTP ``Accept-Language`` header, else English."""
    best, best_q = DEFAULT, 0.0
    for i, part in enumerate((header or "").split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        params = params.strip()
        if params.startswith("q="):
            try:
                q = float(params[2:])
            except ValueError:
                q = 0.0
        lang = normalize(tag)
        if lang and q > best_q:
            best, best_q = lang, q
    return best


@lru_cache(maxsize=16)
def _catalogue(lang: str) -> _gettext.NullTranslations:
    if lang == DEFAULT:
        return _gettext.NullTranslations()
    return _gettext.translation(DOMAIN, LOCALE_DIR, languages=[lang])


def gettext(text: str, lang: str | None = None) -> str:
    """``text`` (an English message id) in ``lang`` (default: the language in use); a text
    that is no message id comes back as it is."""
    if not text:  # gettext("") is the catalogue's header
        return text
    return _catalogue(lang or get_language()).gettext(text)


def ngettext(singular: str, plural: str, n: int, lang: str | None = None) -> str:
    return _catalogue(lang or get_language()).ngettext(singular, plural, n)


class Message:
    """A message id with named parameters, rendered in a language when it is shown."""

    __slots__ = ("msgid", "plural", "n", "params")

    def __init__(self, msgid: str, params: dict, plural: str | None = None, n: int = 1) -> None:
        self.msgid, self.params, self.plural, self.n = msgid, params, plural, n

    def render(self, lang: str | None = None) -> str:
        lang = lang or get_language()
        template = (ngettext(self.msgid, self.plural, self.n, lang) if self.plural
                    else gettext(self.msgid, lang))
        return template.format(**{k: render(v, lang) for k, v in self.params.items()})

    def __str__(self) -> str:
        return self.render()

    def __format__(self, spec: str) -> str:
        return format(self.render(), spec)

    def __repr__(self) -> str:
        return f"Message({self.msgid!r}, {self.params!r})"

    def __eq__(self, other) -> bool:
        if isinstance(other, Message):
            return (self.msgid, self.plural, self.n) == (other.msgid, other.plural, other.n) \
                and self.params == other.params
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]


def msg(msgid: str, **params) -> Message:
    """A message: ``msgid`` is the English template, ``params`` its named values."""
    return Message(msgid, params)


def msgn(singular: str, plural: str, n: int, **params) -> Message:
    """A message with a plural form chosen by ``n`` (``n`` is a parameter too)."""
    return Message(singular, {"n": n, **params}, plural, n)


def tr(msgid: str, **params) -> str:
    """A message rendered at once in the language in use (errors, one-off texts)."""
    return Message(msgid, params).render()


def N_(msgid: str) -> str:
    """Marks a message id written apart from its :func:`msg` call (for the catalogue tools)."""
    return msgid


def render(value, lang: str | None = None):
    """A parameter as shown in ``lang``: messages and names render, other values stay."""
    return value.render(lang or get_language()) if hasattr(value, "render") else value


def text(value, lang: str | None = None) -> str:
    """Any message, name or plain string as a string in ``lang``."""
    return str(render(value, lang))


__all__ = ["DEFAULT", "Message", "N_", "check_language", "from_accept_language", "from_environment",
           "get_language", "gettext", "language", "languages", "msg", "msgn", "ngettext",
           "normalize", "render", "set_language", "text", "tr"]
