"""The gettext catalogues of sudokit's texts (docs/i18n.md): extract, update, compile, check.

    python tools/catalogues.py update     # sudokit.pot from the code; each .po merged with it
    python tools/catalogues.py compile    # each .po -> .mo (committed beside it)
    python tools/catalogues.py check      # every message translated, placeholders alike, .mo fresh
    python tools/catalogues.py new LANG   # a catalogue for a new language

Needs Babel (the ``test`` extra). Message ids are the English texts marked in the code by
``msg``, ``msgn`` (singular, plural), ``tr``, ``N_``, ``gettext`` and ``Message``, plus the
technique names of the technique table (``difficulty.TECHNIQUES``).
"""

from __future__ import annotations

import contextlib
import io
import string
import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "src" / "sudokit"
LOCALE = PACKAGE / "i18n" / "locale"
TEMPLATE = LOCALE / "sudokit.pot"
KEYWORDS = {"msg": (1,), "msgn": (1, 2), "tr": (1,), "N_": None, "gettext": None,
            "ngettext": (1, 2), "Message": (1,)}


def template() -> Catalog:
    """Every message id of the code, with where it is used."""
    sys.path.insert(0, str(ROOT / "src"))
    from sudokit.engines.difficulty import TECHNIQUES

    cat = Catalog(project="sudokit", fuzzy=False)
    # Babel notes every f-string among a call's arguments; here those are parameter values
    # (digits=f"{x}/{y}"), never message ids (tests/test_i18n.py checks no id is an f-string).
    with contextlib.redirect_stderr(io.StringIO()):
        found = list(extract_from_dir(PACKAGE, method_map=[("**.py", "python")],
                                      keywords=KEYWORDS, comment_tags=("i18n:",),
                                      strip_comment_tags=True))
    for filename, lineno, message, comments, context in found:
        if message:
            cat.add(message, None, [(f"src/sudokit/{filename}", lineno)], auto_comments=comments)
    for tid, entry in TECHNIQUES.items():
        cat.add(entry.name, None, [("src/sudokit/engines/difficulty.py", 0)],
                auto_comments=[f"technique name ({tid})"])
    return cat


def catalogues() -> dict[str, Path]:
    return {p.parent.parent.name: p for p in sorted(LOCALE.glob("*/LC_MESSAGES/sudokit.po"))}


def _read(path: Path) -> Catalog:
    with path.open("rb") as f:
        return read_po(f)


def _write(cat: Catalog, path: Path) -> None:
    cat.fuzzy = False  # the header is maintained by this tool, not a guess
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, cat, width=100, omit_header=False, sort_output=False)


def mo_bytes(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_mo(buf, cat, use_fuzzy=False)
    return buf.getvalue()


def update() -> None:
    tmpl = template()
    _write(tmpl, TEMPLATE)
    for lang, path in catalogues().items():
        cat = _read(path)
        cat.update(tmpl, no_fuzzy_matching=True)
        _write(cat, path)
        print(f"{lang}: {sum(1 for m in cat if m.id and not m.string)} untranslated")


def compile_() -> None:
    for lang, path in catalogues().items():
        path.with_suffix(".mo").write_bytes(mo_bytes(_read(path)))
        print(f"{lang}: compiled")


def new(lang: str) -> None:
    path = LOCALE / lang / "LC_MESSAGES" / "sudokit.po"
    cat = Catalog(locale=lang, project="sudokit")
    cat.update(template())
    _write(cat, path)
    print(f"{path.relative_to(ROOT)}: translate it, then run compile")


def fields(text) -> set[str]:
    """The named parameters of a template (``{cell}``, ``{n:,}`` -> cell, n)."""
    texts = text if isinstance(text, (tuple, list)) else (text,)
    return {name for t in texts for _, name, _, _ in string.Formatter().parse(t) if name}


def problems() -> list[str]:
    """What is wrong with the catalogues: missing or untranslated ids, parameters that differ,
    a .mo older than its .po."""
    out = []
    ids = {m.id if isinstance(m.id, str) else m.id[0]: m.id for m in template() if m.id}
    for lang, path in catalogues().items():
        cat = _read(path)
        have = {m.id if isinstance(m.id, str) else m.id[0]: m for m in cat if m.id}
        for key, mid in ids.items():
            m = have.get(key)
            if m is None or not m.string or (isinstance(m.string, tuple) and not all(m.string)):
                out.append(f"{lang}: untranslated: {key!r}")
                continue
            if m.fuzzy:
                out.append(f"{lang}: fuzzy: {key!r}")
            want = fields(mid)
            for s in (m.string if isinstance(m.string, tuple) else (m.string,)):
                if fields(s) != want:
                    out.append(f"{lang}: {key!r}: parameters {sorted(fields(s))}, "
                               f"expected {sorted(want)}")
        mo = path.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != mo_bytes(cat):
            out.append(f"{lang}: {mo.name} is not compiled from the .po (run compile)")
    return out


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        update()
    elif command == "compile":
        compile_()
    elif command == "new" and len(argv) == 2:
        new(argv[1])
    elif command == "check":
        found = problems()
        print("\n".join(found) or "catalogues complete")
        return 1 if found else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
