// The page's own words in the user's language. Each language is a JSON catalogue,
// static/i18n/<code>.json, of templates with named parameters ("{count} givens"); a key ending
// in ".one" / ".other" is the singular / plural of a count. The HTML names its texts with
// data-i18n (the element's text) and data-i18n-title, -aria-label, -placeholder, -alt (an
// attribute), filled by translatePage. What the server writes (explanations, technique and
// level names, error details) comes in the language the page asks for (see api.js).
// A third language is a catalogue and a line in LANGUAGES.

/** The languages of the page: code -> the language's own name. */
export const LANGUAGES = { en: "English", sv: "Svenska" };
export const DEFAULT = "en";

const catalogues = {};
let current = DEFAULT;
const listeners = [];

/** The first supported language of ``wanted`` (e.g. navigator.languages: "sv-SE" -> "sv"). */
export function pickLanguage(wanted) {
  for (const tag of wanted || []) {
    const code = String(tag || "").toLowerCase().split(/[-_]/)[0];
    if (Object.hasOwn(LANGUAGES, code)) return code;
  }
  return DEFAULT;
}

export const language = () => current;

async function load(code) {
  if (!catalogues[code]) {
    const res = await fetch(`/static/i18n/${code}.json`);
    if (!res.ok) throw new Error(`no catalogue for the language ${code} (${res.status})`);
    catalogues[code] = await res.json();
  }
  return catalogues[code];
}

/** Switch to ``code`` (loads its catalogue, and English as the fallback of missing keys),
 * translate the page and tell the listeners. An unknown code means English. */
export async function setLanguage(code) {
  const lang = Object.hasOwn(LANGUAGES, code) ? code : DEFAULT;
  await load(DEFAULT);
  try {
    await load(lang);
    current = lang;
  } catch (e) {
    current = DEFAULT;  // the page stays usable in English
  }
  document.documentElement.lang = current;
  translatePage(document);
  for (const fn of listeners) fn(current);
  return current;
}

/** Call ``fn(code)`` after every language switch. */
export function onLanguageChange(fn) { listeners.push(fn); }

const fill = (template, params) => template.replace(/\{(\w+)\}/g, (m, name) => (
  Object.hasOwn(params, name) ? String(params[name]) : m));

/** The text of ``key`` in the current language with ``params`` filled in. */
export function t(key, params = {}) {
  const own = catalogues[current] || {};
  const template = Object.hasOwn(own, key) ? own[key]
    : Object.hasOwn(catalogues[DEFAULT] || {}, key) ? catalogues[DEFAULT][key] : key;
  return fill(template, params);
}

/** ``key``'s singular (``key.one``) or plural (``key.other``) for ``count``; {count} is filled. */
export const tn = (key, count, params = {}) => t(`${key}.${count === 1 ? "one" : "other"}`, { count, ...params });

const ATTRIBUTES = ["title", "aria-label", "placeholder", "alt"];

/** Fill every element under ``root`` that names a text with data-i18n*. */
export function translatePage(root) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const attr of ATTRIBUTES) {
    for (const el of root.querySelectorAll(`[data-i18n-${attr}]`)) el.setAttribute(attr, t(el.getAttribute(`data-i18n-${attr}`)));
  }
}

/** ``x`` with ``digits`` decimals as the language writes numbers (sv: 3,5). */
export const num = (x, digits = 1) => Number(x).toLocaleString(current, { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** A cell's name in the page's notation (en r3c5, sv r3k5: see docs/web.md). */
export const cellName = (row, col) => t("cell", { row, col });
