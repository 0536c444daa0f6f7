"""The page in English and Swedish (issue 22): the catalogues agree, the switch, the browser's
language as the default, the language remembered, ``lang`` and Accept-Language sent to the API,
what the server wrote asked for again after a switch, and Swedish labels that fit on a desktop
and a phone (screenshots in build/screenshots/)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from pages import DESKTOP, EASY, PHONE, open_page

REPO = Path(__file__).resolve().parents[2]
STATIC = REPO / "src" / "sudokit" / "adapters" / "web" / "static"
CATALOGUES = STATIC / "i18n"
EXAMPLES = REPO / "examples"
CHROMIUM = "/usr/bin/chromium"
browser_only = pytest.mark.skipif(not Path(CHROMIUM).exists(),
                                  reason=f"no Chromium at {CHROMIUM} (apt-get install chromium)")


def catalogue(code: str) -> dict[str, str]:
    return json.loads((CATALOGUES / f"{code}.json").read_text(encoding="utf-8"))


def parameters(template: str) -> set[str]:
    return set(re.findall(r"\{(\w+)\}", template))


# --- the catalogues (no browser) -------------------------------------------------------------------

def test_every_catalogue_has_the_english_keys_and_parameters():
    en = catalogue("en")
    for path in sorted(CATALOGUES.glob("*.json")):
        other = json.loads(path.read_text(encoding="utf-8"))
        assert set(other) == set(en), (path.name, set(other) ^ set(en))
        wrong = {k: (en[k], other[k]) for k in en if parameters(en[k]) != parameters(other[k])}
        assert not wrong, (path.name, wrong)
        assert all(isinstance(v, str) and v.strip() for v in other.values()), path.name


def test_swedish_differs_where_a_player_reads_it():
    en, sv = catalogue("en"), catalogue("sv")
    for key in ("step", "hint", "solve", "undo", "techniques", "level.easy", "level.hard", "cell"):
        assert sv[key] != en[key], key
    assert sv["cell"].format(row=3, col=5) == "r3k5"
    assert [sv[f"level.{x}"] for x in ("easy", "medium", "hard", "expert", "extreme")] == \
        ["lätt", "medel", "svår", "expert", "extrem"]


def test_every_key_the_page_names_is_in_the_catalogue():
    """The keys in index.html (data-i18n*) and in the modules' t("...") / tn("...") calls."""
    en = catalogue("en")
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    keys = set(re.findall(r'data-i18n(?:-[a-z-]+)?="([^"]+)"', html))
    assert len(keys) > 100
    plural = set()
    for js in STATIC.glob("*.js"):
        text = js.read_text(encoding="utf-8")
        keys |= set(re.findall(r'\bt\("([^"]+)"', text))
        plural |= set(re.findall(r'\btn\("([^"]+)"', text))
    missing = sorted(k for k in keys if k not in en) + \
        sorted(f"{k}.{form}" for k in plural for form in ("one", "other") if f"{k}.{form}" not in en)
    assert not missing, missing


def test_the_server_serves_the_catalogues():
    from fastapi.testclient import TestClient

    from sudokit.adapters.web.app import create_app
    from sudokit.adapters.web.pool import WorkerPool

    pool = WorkerPool(1)
    try:
        with TestClient(create_app(pool=pool)) as client:
            for path in sorted(CATALOGUES.glob("*.json")):
                r = client.get(f"/static/i18n/{path.name}")
                assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
                assert r.json() == json.loads(path.read_text(encoding="utf-8"))
            assert client.get("/static/i18n/xx.json").status_code == 404
            assert client.get("/static/i18n/../app.py").status_code == 404
    finally:
        pool.close()


# --- the page ---------------------------------------------------------------------------------------

def switch(page, code: str) -> None:
    page.select_option("#lang", code)
    page.wait_for_function("code => document.documentElement.lang === code", arg=code)


@browser_only
def test_english_by_default_and_swedish_after_the_switch_and_a_reload(page, server_url):
    open_page(page, server_url, EASY)
    en, sv = catalogue("en"), catalogue("sv")
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.inner_text("#btn-step") == en["step"]
    switch(page, "sv")
    assert page.inner_text("#btn-step") == sv["step"]
    assert page.inner_text("#btn-undo") == sv["undo"]
    assert page.get_attribute("#btn-hint", "title") == sv["hint-a-nudge-first-then"]
    assert page.get_attribute("#board", "aria-label") == sv["sudoku-grid-arrows-move-digits"]
    assert page.get_attribute('[data-cell="r1c3"]', "aria-label") == \
        sv["cell-given"].format(cell="r1k3", digit="3")
    summaries = page.eval_on_selector_all("summary", "els => els.map(e => e.textContent.trim())")
    assert sv["techniques"] in summaries and sv["keyboard"] in summaries
    assert page.inner_text("#status") == sv["language-now"]
    page.reload()
    page.wait_for_selector("body.ready")
    assert page.evaluate("document.documentElement.lang") == "sv"
    assert page.input_value("#lang") == "sv"
    assert page.inner_text("#btn-step") == sv["step"]
    switch(page, "en")
    assert page.inner_text("#btn-step") == en["step"]


@browser_only
def test_a_swedish_browser_opens_the_page_in_swedish(browser, server_url):
    sv = catalogue("sv")
    for locale, lang in (("sv-SE", "sv"), ("en-GB", "en"), ("de-DE", "en")):
        context = browser.new_context(locale=locale, viewport=DESKTOP)
        page = context.new_page()
        open_page(page, server_url, EASY)
        assert page.evaluate("document.documentElement.lang") == lang, locale
        assert page.input_value("#lang") == lang
        assert (page.inner_text("#btn-step") == sv["step"]) == (lang == "sv")
        context.close()


@browser_only
def test_the_page_sends_lang_and_accept_language_in_the_language_chosen(page, server_url):
    """The page's requests carry ``lang`` and Accept-Language, and the server answers them."""
    sent = []

    def api_call(route):
        request = route.request
        body = request.post_data_json if request.method == "POST" else None
        sent.append((request.url.split("/api/")[1], request.headers.get("accept-language"), body))
        route.continue_()

    page.route("**/api/**", api_call)
    open_page(page, server_url, EASY)
    switch(page, "sv")
    sent.clear()
    page.click("#btn-hint")
    page.wait_for_function("() => document.querySelector('#explanation').textContent.length > 0")
    hints = [s for s in sent if s[0] == "hint"]
    assert hints and all(lang == "sv" and body["lang"] == "sv" for _, lang, body in hints), hints
    posts = [s for s in sent if s[2] is not None]
    assert posts and all(body.get("lang") == "sv" for _, _, body in posts), posts
    assert all(lang == "sv" for _, lang, _ in sent), sent


@browser_only
def test_a_switch_asks_again_for_the_hint_and_the_technique_names(page, server_url):
    """The hint on show and /api/info are asked again in the new language, and the server's
    words change: this needs the API side of issue 22 (branch swedish) merged."""
    en, sv = catalogue("en")["hint-text"].split("{")[0], catalogue("sv")["hint-text"].split("{")[0]
    open_page(page, server_url, EASY)
    page.click("#btn-hint")
    page.wait_for_function("() => document.querySelector('#explanation').textContent.length > 0")
    english = page.inner_text("#explanation .fold-text")
    assert english.startswith(en)
    with page.expect_request(lambda r: r.url.endswith("/api/hint")) as asked:
        switch(page, "sv")
    assert asked.value.headers.get("accept-language") == "sv"
    page.wait_for_function("p => document.querySelector('#explanation .fold-text').textContent.startsWith(p)", arg=sv)
    swedish = page.inner_text("#explanation .fold-text")
    assert swedish.removeprefix(sv) != english.removeprefix(en), swedish
    info = page.evaluate("""async () => {
        const ask = (lang) => fetch('/api/info', {headers: {'accept-language': lang}}).then(r => r.json());
        const [en, sv] = await Promise.all([ask('en'), ask('sv')]);
        return [en.techniques.find(t => t.id === 'hidden-single').name,
                sv.techniques.find(t => t.id === 'hidden-single').name, sv.languages || null];
    }""")
    assert info[2] == ["en", "sv"], info
    assert info[0] != info[1] and "hidden single" in info[1].lower(), info
    shown = page.eval_on_selector_all("#techniques label", "els => els.map(e => e.textContent)")
    assert any(info[1] in text for text in shown)


# --- looks: Swedish words are longer ----------------------------------------------------------------

OVERFLOWS = """() => {
    const out = [];
    for (const e of document.querySelectorAll('button, label, summary, select, .seg span, h1, .geometry')) {
        if (!e.offsetParent || e.parentElement.closest('.pad')) continue;  // the pad scrolls sideways
        const r = e.getBoundingClientRect();
        if (e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== 'visible') out.push(['cut', e.id || e.textContent.trim().slice(0, 30)]);
        if (r.right > innerWidth + 1) out.push(['outside', e.id || e.textContent.trim().slice(0, 30), r.right]);
    }
    if (document.documentElement.scrollWidth > innerWidth + 1) out.push(['page', document.documentElement.scrollWidth]);
    return out;
}"""


@browser_only
@pytest.mark.parametrize("view,size", [("desktop", {"width": 1280, "height": 900}), ("phone", PHONE)])
def test_swedish_labels_fit_at_9x9_and_16x16(page, server_url, screenshots, view, size):
    page.set_viewport_size(size)
    open_page(page, server_url, EASY)
    switch(page, "sv")
    for e in page.query_selector_all("details"):
        e.evaluate("e => e.open = true")
    assert page.evaluate(OVERFLOWS) == []
    page.screenshot(path=screenshots / f"sv-{view}-9x9.png", full_page=view == "phone")
    page.click("#btn-step")
    page.wait_for_selector("#explanation .step-text")
    page.screenshot(path=screenshots / f"sv-{view}-9x9-step.png")
    page.fill("#paste", (EXAMPLES / "16x16.txt").read_text())
    page.click("#btn-load")
    page.wait_for_selector('[data-cell="r16c16"]')
    assert page.evaluate(OVERFLOWS) == [], page.evaluate(OVERFLOWS)
    page.screenshot(path=screenshots / f"sv-{view}-16x16.png", full_page=view == "phone")
