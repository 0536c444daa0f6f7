"""Checks that a step reads the same in Swedish as in English: the shared helper of the
technique tests (tests/logic/conftest.py) and of tests/test_i18n.py."""

from __future__ import annotations

import re
from collections import Counter

from sudokit.i18n import gettext

#: English words of the shared wording that must not survive in a Swedish text.
ENGLISH_WORDS = re.compile(r"\b(removes|places|from|fits only|only candidate|in row|in column|"
                           r"in box|lies only|leads to|contradiction|cells?|pivot|pincers)\b")


def english_cells(text: str) -> list[str]:
    """``r3c5`` names (groups ``r45c2`` too), as ``3,5`` pairs, in order."""
    return [f"{r},{c}" for r, c in re.findall(r"\br(\d[\d,]*)c(\d[\d,]*)", text)]


def swedish_cells(text: str) -> list[str]:
    return [f"{r},{c}" for r, c in re.findall(r"\br(\d[\d,]*)k(\d[\d,]*)", text)]


def numbers(text: str) -> Counter:
    """The numbers a text names (``1,234`` is one number: English groups thousands)."""
    return Counter(re.findall(r"\d+", re.sub(r"(?<=\d),(?=\d{3}\b)", "", text)))


def check_step_languages(step, geometry) -> None:
    """The step's Swedish explanation names the same cells and numbers as its English one,
    in the Swedish notation (``r3k5``), with its Swedish technique name."""
    en, sv = step.explain("en"), step.explain("sv")
    name_en, name_sv = step.english_name, gettext(step.english_name, "sv")
    assert sv != en, en
    assert name_sv in sv or name_sv.split(" (")[0] in sv or step.technique in (
        "full-house", "hidden-single", "naked-single", "candidate-test",
        "candidate-test-recursive"), (name_sv, sv)
    assert swedish_cells(sv) == english_cells(en), (en, sv)
    assert not re.search(r"\br\d+c\d+", sv), sv
    assert numbers(sv.replace(name_sv, "")) == numbers(en.replace(name_en, "")), (en, sv)
    assert not ENGLISH_WORDS.search(sv.replace(name_sv, "")), sv
