"""Languages (issue 22): the catalogues, choosing a language, the Python API and the CLI in
Swedish. Every test that makes logical steps checks them in both languages (tests/conftest.py);
the API is in tests/web/test_api_i18n.py."""

from __future__ import annotations

import importlib.util
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sudokit import i18n
from sudokit.adapters.cli.main import app
from sudokit.model.errors import ParseError
from sudokit.model import formats
from sudokit.engines.logic import Position, hint, next_step, solve_path
from sudokit.engines.difficulty import TECHNIQUES
from sudokit.engines.rating import LEVELS, rate
from swedish_checks import check_step_languages

ROOT = Path(__file__).resolve().parents[1]
EASY = "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3.."
HARDER = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........"


def _catalogue_tool():
    spec = importlib.util.spec_from_file_location("catalogues", ROOT / "tools" / "catalogues.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(autouse=True)
def _english_after():
    yield
    i18n.set_language("en")


# --- the catalogues -----------------------------------------------------------------------------

def test_every_message_has_every_language_with_the_same_parameters_and_a_fresh_mo():
    """Every message id the code marks (and every technique name) is translated in each
    catalogue, with the same named parameters, and each .mo is compiled from its .po."""
    pytest.importorskip("babel")
    tool = _catalogue_tool()
    ids = [m.id for m in tool.template() if m.id]
    assert len(ids) > 250  # the explanations, errors and names are all marked
    assert {t.name for t in TECHNIQUES.values()} <= {i if isinstance(i, str) else i[0]
                                                     for i in ids}
    assert tool.problems() == []


def test_no_message_id_is_built_at_run_time():
    """A message id is a literal (an f-string or a concatenation would never be found in the
    catalogue); values go in as named parameters."""
    pattern = re.compile(r"\b(msg|msgn|tr|N_|gettext|Message)\(\s*f[\"']")
    found = [f"{p.relative_to(ROOT)}:{n}" for p in (ROOT / "src" / "sudokit").rglob("*.py")
             for n, line in enumerate(p.read_text(encoding="utf-8").splitlines(), 1)
             if pattern.search(line)]
    assert found == []


def test_the_check_finds_a_missing_translation_and_a_wrong_parameter(tmp_path, monkeypatch):
    pytest.importorskip("babel")
    tool = _catalogue_tool()
    locale = tmp_path / "locale"
    shutil.copytree(tool.LOCALE, locale)
    po = locale / "sv" / "LC_MESSAGES" / "sudokit.po"
    text = po.read_text(encoding="utf-8")
    text = text.replace('msgstr "Enda rutan (hidden single) i {house}: {digit} passar bara i {cell}"',
                        'msgstr "Enda rutan i {hus}: {digit} passar bara i {cell}"')
    text = text.replace('msgstr "2-vinge (X-wing)"', 'msgstr ""')
    po.write_text(text, encoding="utf-8")
    monkeypatch.setattr(tool, "LOCALE", locale)
    found = tool.problems()
    assert any("'Hidden Single in {house}" in p and "parameters" in p for p in found)
    assert any("untranslated: 'X-Wing'" in p for p in found)
    assert any("sudokit.mo is not compiled" in p for p in found)


def test_a_new_language_is_a_catalogue_not_code(tmp_path, monkeypatch):
    """A folder with a compiled catalogue adds a language: listed, chosen, rendered."""
    pytest.importorskip("babel")
    tool = _catalogue_tool()
    from babel.messages.pofile import read_po

    locale = tmp_path / "locale"
    shutil.copytree(tool.LOCALE, locale)
    with (tool.LOCALE / "sv" / "LC_MESSAGES" / "sudokit.po").open("rb") as f:
        cat = read_po(f)
    cat.locale = "da"
    for m in cat:
        if m.id == "r{row}c{col}":
            m.string = "R{row}S{col}"
    (locale / "da" / "LC_MESSAGES").mkdir(parents=True)
    (locale / "da" / "LC_MESSAGES" / "sudokit.mo").write_bytes(tool.mo_bytes(cat))
    monkeypatch.setattr(i18n, "LOCALE_DIR", locale)
    i18n.languages.cache_clear()
    i18n._catalogue.cache_clear()
    try:
        assert i18n.languages() == ("en", "da", "sv")
        step = next_step(EASY)
        (cell, _), = step.placements
        g = Position.coerce(EASY).geometry
        assert f"R{g.row_of(cell) + 1}S{g.col_of(cell) + 1}" in step.explain("da")
    finally:
        monkeypatch.undo()
        i18n.languages.cache_clear()
        i18n._catalogue.cache_clear()
    assert i18n.languages() == ("en", "sv")


# --- choosing the language ----------------------------------------------------------------------

@pytest.mark.parametrize("header, lang", [
    ("sv", "sv"), ("sv-SE,sv;q=0.9,en;q=0.8", "sv"), ("en-GB,en;q=0.9,sv;q=0.8", "en"),
    ("de-DE,sv;q=0.5", "sv"), ("de, fr;q=0.9", "en"), ("", "en"), (None, "en"),
    ("sv;q=0", "en"), ("sv;q=abc, en;q=0.1", "en"), ("*", "en"),
])
def test_accept_language_picks_the_best_supported_language(header, lang):
    assert i18n.from_accept_language(header) == lang


@pytest.mark.parametrize("env, lang", [
    ({}, "en"), ({"LANG": "sv_SE.UTF-8"}, "sv"), ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "sv_SE.UTF-8", "LC_ALL": "en_US.UTF-8"}, "en"),
    ({"LC_MESSAGES": "sv_FI"}, "sv"), ({"SUDOKIT_LANG": "sv", "LC_ALL": "C"}, "sv"),
    ({"SUDOKIT_LANG": "en", "LANG": "sv_SE.UTF-8"}, "en"),
])
def test_the_environment_chooses_sudokit_lang_then_the_locale(env, lang):
    assert i18n.from_environment(env) == lang


def test_swedish_technique_names_are_no_longer_than_the_english_ones_need():
    """The page lists the names in a select and in the toggles: a Swedish name is at most two
    characters longer than the longest English one."""
    names = [t.name for t in TECHNIQUES.values()]
    longest = max(map(len, names))
    assert max(len(i18n.gettext(n, "sv")) for n in names) <= longest + 2


def test_texts_that_are_no_message_ids_pass_unchanged():
    assert i18n.gettext("", "sv") == ""  # not the catalogue's header
    assert i18n.gettext("r1c1 {not an id}", "sv") == "r1c1 {not an id}"
    assert i18n.msg("{cell} has no candidate left", cell="r1c1 {x}").render("sv") == \
        "r1c1 {x} har ingen kandidat kvar"  # values are never read as templates


def test_an_unknown_language_is_refused_with_the_choices():
    with pytest.raises(ValueError, match="unknown language 'xx'; choose one of en, sv"):
        i18n.set_language("xx")
    with pytest.raises(ValueError, match="unknown language"):
        i18n.from_environment({"SUDOKIT_LANG": "klingon"})


# --- the Python API -----------------------------------------------------------------------------

def test_a_step_explains_itself_in_either_language():
    step = next_step(EASY)
    (cell, digit), = step.placements
    g = Position.coerce(EASY).geometry
    r, c = g.row_of(cell), g.col_of(cell)
    assert step.explain("en") == step.explanation
    assert step.explain("sv").startswith("Enda rutan (hidden single) i ")
    assert f"passar bara i r{r + 1}k{c + 1}: sätter r{r + 1}k{c + 1}={digit}" in step.explain("sv")
    i18n.set_language("sv")
    assert step.explanation == step.explain("sv") and step.name == "Enda rutan (hidden single)"
    assert step.technique == "hidden-single"  # ids stay
    assert step.to_dict(Position.coerce(EASY).geometry)["explanation"] == step.explain("sv")
    with i18n.language("en"):
        assert step.explanation == step.explain("en") and step.name == "Hidden Single"


def test_a_whole_solve_path_reads_the_same_in_swedish():
    path = solve_path(HARDER)
    assert len({s.technique for s in path.steps}) > 5
    g = Position.coerce(HARDER).geometry
    for step in path.steps:
        check_step_languages(step, g)


def test_hints_in_swedish_name_the_house_and_nudge_without_the_answer():
    h = hint(EASY, lang="sv")
    assert h.text.startswith(f"{h.step.explain('sv').split(' i ')[0]}: titta på ")
    assert "sätter" not in h.text and "=" not in h.text
    assert hint(EASY).text.startswith("Hidden Single: look at ")
    step = hint(EASY, level="step", lang="sv")
    assert step.text == step.step.explain("sv")
    assert hint(EASY, lang="sv").at("step", lang="en").text == step.step.explain("en")
    d = step.to_dict()  # the hint keeps its language, whatever the language in use
    assert d["name"] == i18n.gettext(step.step.english_name, "sv") != step.step.english_name
    assert d["step"]["explanation"] == step.text


def test_levels_and_ratings_in_swedish():
    assert [i18n.gettext(level, "sv") for level in LEVELS] == [
        "lätt", "medel", "svår", "expert", "extrem"]
    r = rate(EASY)
    assert r.level == "easy"
    with i18n.language("sv"):
        assert r.label.startswith("lätt (") and r.level_name == "lätt"
        assert r.summary().split(": ")[0].endswith(" lätt")


def test_errors_in_swedish_name_line_column_and_character():
    n = Position.coerce(EASY).geometry.size
    grid = "\n".join([EASY[:n]] * (n - 1) + [EASY[:n - 1] + "A"])  # "A" ends the last row
    with i18n.language("sv"):
        with pytest.raises(ParseError) as e:
            formats.parse_one(grid)
        assert "rad 9, kolumn 9: tecknet 'A' är ingen symbol i ett 9x9-rutnät" in str(e.value)
        with pytest.raises(ParseError, match="rad 1, kolumn 41: oväntat tecken '%' efter 40 rutor"):
            formats.parse_one(EASY[:40] + "%" + EASY[41:])
        with pytest.raises(ParseError, match="indata är tomt"):
            formats.parse_one("   ")
    with pytest.raises(ParseError, match="line 9, column 9: character 'A' is not a symbol"):
        formats.parse_one(grid)


# --- the command line ---------------------------------------------------------------------------

runner = CliRunner()


def run(*args: str, env: dict | None = None):
    base = {"SUDOKIT_LANG": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C.UTF-8"}
    return runner.invoke(app, list(args), env={**base, **(env or {})})


def test_cli_lang_option_anywhere_on_the_line():
    english = run("explain", HARDER)
    assert english.exit_code == 0 and "Solved by logic in" in english.stdout
    for args in (("explain", HARDER, "--lang", "sv"), ("--lang", "sv", "explain", HARDER),
                 ("explain", "--lang=sv", HARDER)):
        r = run(*args)
        assert r.exit_code == 0, r.output
        assert "Löst med logik i" in r.stdout and "Enda rutan (hidden single) i box" in r.stdout
        (cell, _), = next_step(HARDER).placements
        g = Position.coerce(HARDER).geometry
        first = f"r{g.row_of(cell) + 1}k{g.col_of(cell) + 1}"
        assert "Svårast: " in r.stdout and first in r.stdout and "c" not in first
        assert not re.search(r"\br\dc\d", r.stdout)
        en_lines = [l for l in english.stdout.splitlines() if l[:4].strip().rstrip(".").isdigit()]
        sv_lines = [l for l in r.stdout.splitlines() if l[:4].strip().rstrip(".").isdigit()]
        assert len(sv_lines) == len(en_lines)  # the same steps


def test_cli_sudokit_lang_and_the_locale_choose_swedish():
    r = run("hint", EASY, env={"SUDOKIT_LANG": "sv"})
    assert r.exit_code == 0 and r.stdout.startswith("Enda rutan (hidden single): titta på ")
    r = run("hint", EASY, "--level", "step", env={"LANG": "sv_SE.UTF-8"})
    assert "passar bara i" in r.stdout
    r = run("hint", EASY, "--lang", "en", env={"SUDOKIT_LANG": "sv"})
    assert r.stdout.startswith("Hidden Single: look at ")


def test_cli_json_steps_keep_ids_and_translate_texts():
    import json

    r = run("steps", HARDER, "--json", "--lang", "sv")
    assert r.exit_code == 0
    doc = json.loads(r.stdout.splitlines()[0])
    assert doc["technique"] in TECHNIQUES and " (" in doc["name"]
    assert "stryker" in doc["explanation"] or "sätter" in doc["explanation"]
    assert all(h.split()[0] in ("row", "column", "box") for h in doc["houses"])  # names the page reads
    assert all(h.split()[0] in ("rad", "kolumn", "box") for h in doc["house_names"])


def test_cli_errors_in_swedish():
    r = run("solve", "12345", "--lang", "sv")
    assert r.exit_code == 3
    assert "fel: " in r.stderr and "hittade 5 rutor" in r.stderr
    r = run("hint", EASY, "--lang", "xx")
    assert r.exit_code == 2 and "unknown language 'xx'; choose one of en, sv" in r.output
    r = run("hint", EASY, env={"SUDOKIT_LANG": "xx"})
    assert r.exit_code == 2 and "SUDOKIT_LANG" in r.output
