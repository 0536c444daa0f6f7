// Light and dark: the system's choice (prefers-color-scheme) unless the player picks one with
// the toggle; the choice is kept in the browser.

import { t as tr } from "./i18n.js";
import { prefs, setPref } from "./storage.js";

const ORDER = ["auto", "dark", "light"];

export function currentTheme() {
  return document.documentElement.dataset.theme || "auto";
}

/** Whether the page is dark now (the toggle's choice, else the system's). */
export function isDark() {
  const t = currentTheme();
  return t === "dark" || (t === "auto" && window.matchMedia("(prefers-color-scheme: dark)").matches);
}

export function setTheme(theme, button) {
  const t = ORDER.includes(theme) ? theme : "auto";
  if (t === "auto") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = t;
  if (button) {
    // the keys, so that a language switch (translatePage) words the title again
    button.dataset.i18nTitle = button.dataset.i18nAriaLabel = `theme-${t}`;
    button.title = tr(`theme-${t}`);
    button.setAttribute("aria-label", button.title);
    button.textContent = t === "auto" ? "◐" : t === "dark" ? "☾" : "☀";
  }
  setPref("theme", t);
}

export function initTheme(button) {
  setTheme(prefs().theme || "auto", button);
  button.addEventListener("click", () => {
    setTheme(ORDER[(ORDER.indexOf(currentTheme()) + 1) % ORDER.length], button);
  });
}
